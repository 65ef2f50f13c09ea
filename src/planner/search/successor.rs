//! Recording a successor: its landmark set and estimates, duplicate detection and
//! re-opening.

use super::super::lmcut::{sub_down, unused_cost};
use super::super::SearchStats;
use super::table::hash_words;
use super::Search;
use crate::domain::compiled::CompiledDomain;

impl Search {
    /// Records the successor of node `n` by active action `ai`, whose state is in
    /// `self.child`. `h_parent` is `n`'s LM-cut value when its cost partition is loaded in
    /// the partitions' dense array (else NaN). Returns false when the node limit stops
    /// the search, or memory does (the error is in `self.oom`).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn successor(
        &mut self,
        c: &CompiledDomain,
        n: u32,
        ai: usize,
        g: f64,
        h_parent: f64,
        max_nodes: u32,
        stats: &mut SearchStats,
    ) -> bool {
        stats.generated += 1;
        let ni = n as usize;
        let lw = self.lm_words;
        let g2 = g + self.acost[ai];
        let h_inh = if h_parent.is_nan() {
            0.0
        } else {
            sub_down(h_parent, self.partitions.get(ai))
        };
        // The child's hit set, and its estimate: the parent's minus the landmarks the action
        // newly uses (rounded down, so rounding never makes it inadmissible).
        let mut h_la = self.nodes[ni].h_la;
        for i in 0..lw {
            let parent = self.hits[ni * lw + i];
            let by_action = self.action_lm[ai * lw + i];
            self.child_hit[i] = parent | by_action;
            let mut new = by_action & !parent;
            while new != 0 {
                let b = new.trailing_zeros() as usize;
                new &= new - 1;
                h_la = sub_down(h_la, self.landmarks.costs[i * 64 + b]);
            }
        }
        let (mut h_nl, mut h_nf) = (0.0, 0.0);
        if self.numeric_estimate {
            let w = self.goal_pos.len();
            (h_nl, h_nf) = self.numeric.estimate(c, &self.child, w, &self.child_hit);
            if h_nf == f64::INFINITY {
                return true; // a subgoal on a variable is out of reach: a dead end
            }
        }
        let hash = hash_words(&self.child);
        let slot = self.find_slot(hash);
        if (self.table[slot] >> 32) as u32 != self.stamp {
            if self.nodes.len() >= max_nodes as usize {
                return false;
            }
            let Some(m) = self.new_node(slot, hash) else {
                return false; // out of memory
            };
            let mi = m as usize;
            self.nodes[mi].g = g2;
            self.nodes[mi].parent = n;
            self.nodes[mi].action = self.active[ai];
            self.nodes[mi].h_la = h_la;
            self.nodes[mi].h_inh = h_inh;
            if self.numeric_estimate {
                self.node_num.push((h_nl, h_nf));
            }
            self.push(m);
            if self.nodes.len() * 2 > self.table.len() && !self.grow_table() {
                return false; // out of memory
            }
            return true;
        }
        let m = (self.table[slot] & 0xffff_ffff) as u32;
        let mi = m as usize;
        if self.nodes[mi].h_full == f64::INFINITY {
            return true;
        }
        if g2 >= self.nodes[mi].g {
            // Any one path's unused landmarks bound the cost to go; intersecting the sets of
            // every duplicate path would tighten the estimate a little but costs more than
            // it saves (gripper-like domains meet each state many times).
            return true;
        }
        // A cheaper path: the node keeps the landmarks used by both paths.
        let mut changed = false;
        for i in 0..lw {
            let old = self.hits[mi * lw + i];
            let new = old & self.child_hit[i];
            changed |= new != old;
            self.hits[mi * lw + i] = new;
        }
        let node = &mut self.nodes[mi];
        node.h_inh = node.h_inh.max(h_inh);
        if node.closed {
            stats.reopened += 1;
            node.closed = false;
        }
        node.g = g2;
        node.parent = n;
        node.action = self.active[ai];
        if changed {
            self.nodes[mi].h_la =
                unused_cost(&self.hits[mi * lw..(mi + 1) * lw], &self.landmarks.costs);
            if self.numeric_estimate {
                // Fewer landmarks used: more landmark subgoals are open again.
                let w = self.goal_pos.len();
                let hits = &self.hits[mi * lw..(mi + 1) * lw];
                self.node_num[mi] = self.numeric.estimate(c, &self.child, w, hits);
            }
        }
        self.push(m);
        true
    }
}
