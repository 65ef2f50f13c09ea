//! The naive baseline: the seed's planner, rewritten here so the benchmark can measure it
//! in the same run as `goap`.
//!
//! Uniform-cost search (Dijkstra) with no heuristic and no pruning. A state is the sorted
//! `Vec<String>` of the names of its true facts; actions hold their preconditions and
//! effects by fact name; the open list is a `BinaryHeap` of `(g, node)` entries and the
//! closed set a `HashMap` from state to search node. Each successor is built as a copy of
//! its parent's state (the seed's algorithm); that copy is the only one: the map and the
//! node share it (`Rc`), so the baseline is naive in its algorithm and representation, not
//! in needless copying. It is correct (all costs are ≥ 0, so the first time a state is
//! popped its `g` is optimal); it is just slow.
#![allow(dead_code)]

use std::cmp::Ordering;
use std::collections::{BinaryHeap, HashMap};
use std::rc::Rc;

use goap::{Domain, Goal, WorldState};

/// A state: names of the true facts, sorted.
pub type NaiveState = Vec<String>;

/// An action with name-based preconditions and effects.
#[derive(Clone, Debug)]
pub struct NaiveAction {
    pub name: String,
    pub pre: Vec<(String, bool)>,
    pub effects: Vec<(String, bool)>,
    pub cost: f64,
}

/// A problem in the baseline's representation.
#[derive(Clone, Debug)]
pub struct NaiveProblem {
    pub actions: Vec<NaiveAction>,
    pub start: NaiveState,
    pub goal: Vec<(String, bool)>,
}

impl NaiveProblem {
    /// Converts a `goap` problem, fact ids back to names.
    pub fn from_goap(domain: &Domain, start: &WorldState, goal: &Goal) -> Self {
        let name = |f: goap::FactId| domain.fact_name(f).to_owned();
        let list = |c: &goap::Conditions| -> Vec<(String, bool)> {
            c.entries()
                .iter()
                .map(|e| (name(e.fact), e.value))
                .collect()
        };
        let actions = domain
            .actions()
            .iter()
            .map(|a| NaiveAction {
                name: a.name().to_owned(),
                pre: list(a.pre()),
                effects: list(a.effects()),
                cost: a.cost(),
            })
            .collect();
        let mut start: NaiveState = start
            .true_facts()
            .filter(|f| f.index() < domain.fact_count())
            .map(name)
            .collect();
        start.sort();
        NaiveProblem {
            actions,
            start,
            goal: list(goal),
        }
    }
}

/// How a baseline search ended.
#[derive(Clone, Debug, PartialEq)]
pub enum NaiveOutcome {
    /// A minimum-cost plan (action indices) and its cost.
    Found {
        plan: Vec<usize>,
        cost: f64,
    },
    NoPlan,
    /// More than the allowed number of distinct states.
    LimitReached,
}

/// Result and counters of one baseline search.
#[derive(Clone, Debug)]
pub struct NaiveResult {
    pub outcome: NaiveOutcome,
    pub expanded: u64,
    pub generated: u64,
    pub stored: u64,
}

struct Node {
    g: f64,
    parent: usize,
    action: usize,
    closed: bool,
    /// The state, shared with the closed set's key.
    state: Rc<NaiveState>,
}

struct OpenEntry {
    g: f64,
    seq: u64,
    node: usize,
}

impl PartialEq for OpenEntry {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for OpenEntry {}
impl PartialOrd for OpenEntry {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for OpenEntry {
    /// Max-heap order: the lowest `g`, then the earliest push, is the greatest.
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .g
            .total_cmp(&self.g)
            .then_with(|| other.seq.cmp(&self.seq))
    }
}

fn holds(state: &NaiveState, (fact, value): &(String, bool)) -> bool {
    state.binary_search(fact).is_ok() == *value
}

/// Uniform-cost search from `p.start` to a state satisfying `p.goal`, storing at most
/// `max_states` distinct states.
pub fn plan(p: &NaiveProblem, max_states: usize) -> NaiveResult {
    let mut nodes: Vec<Node> = Vec::new();
    let mut index: HashMap<Rc<NaiveState>, usize> = HashMap::new();
    let mut open: BinaryHeap<OpenEntry> = BinaryHeap::new();
    let mut seq = 0u64;
    let (mut expanded, mut generated) = (0u64, 0u64);
    let start = Rc::new(p.start.clone());
    nodes.push(Node {
        g: 0.0,
        parent: usize::MAX,
        action: usize::MAX,
        closed: false,
        state: Rc::clone(&start),
    });
    index.insert(start, 0);
    open.push(OpenEntry {
        g: 0.0,
        seq,
        node: 0,
    });
    let result = |outcome, expanded, generated, stored: usize| NaiveResult {
        outcome,
        expanded,
        generated,
        stored: stored as u64,
    };
    while let Some(OpenEntry { g, node, .. }) = open.pop() {
        if nodes[node].closed || g > nodes[node].g {
            continue; // a stale entry
        }
        let state = Rc::clone(&nodes[node].state);
        if p.goal.iter().all(|c| holds(&state, c)) {
            let mut plan = Vec::new();
            let mut n = node;
            while nodes[n].parent != usize::MAX {
                plan.push(nodes[n].action);
                n = nodes[n].parent;
            }
            plan.reverse();
            let cost = plan.iter().map(|&a| p.actions[a].cost).sum();
            return result(
                NaiveOutcome::Found { plan, cost },
                expanded,
                generated,
                nodes.len(),
            );
        }
        nodes[node].closed = true;
        expanded += 1;
        for (ai, a) in p.actions.iter().enumerate() {
            if !a.pre.iter().all(|c| holds(&state, c)) {
                continue;
            }
            generated += 1;
            let mut next = NaiveState::clone(&state); // the one copy per successor
            for (fact, value) in &a.effects {
                match (next.binary_search(fact), *value) {
                    (Ok(i), false) => {
                        next.remove(i);
                    }
                    (Err(i), true) => next.insert(i, fact.clone()),
                    _ => {}
                }
            }
            let g2 = g + a.cost;
            let target = match index.get(&next) {
                Some(&n) => {
                    if nodes[n].closed || g2 >= nodes[n].g {
                        continue;
                    }
                    nodes[n].g = g2;
                    nodes[n].parent = node;
                    nodes[n].action = ai;
                    n
                }
                None => {
                    if nodes.len() >= max_states {
                        return result(
                            NaiveOutcome::LimitReached,
                            expanded,
                            generated,
                            nodes.len(),
                        );
                    }
                    let next = Rc::new(next);
                    nodes.push(Node {
                        g: g2,
                        parent: node,
                        action: ai,
                        closed: false,
                        state: Rc::clone(&next),
                    });
                    index.insert(next, nodes.len() - 1);
                    nodes.len() - 1
                }
            };
            seq += 1;
            open.push(OpenEntry {
                g: g2,
                seq,
                node: target,
            });
        }
    }
    result(NaiveOutcome::NoPlan, expanded, generated, nodes.len())
}
