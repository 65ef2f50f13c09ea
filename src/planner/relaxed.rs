//! Delete-relaxation analyses: reachability and relevance pruning and h_max, over the
//! relaxed task of [`CompiledDomain`] restricted to the actions marked active for the
//! current search. LM-cut, which builds on the h_max exploration here, is in
//! [`super::lmcut`].

use super::queue::CostQueue;
use crate::domain::compiled::CompiledDomain;

pub(super) const NONE: u32 = u32::MAX;
pub(super) const STATUS_NONE: u8 = 0;
pub(super) const STATUS_ZONE: u8 = 1;
pub(super) const STATUS_BEFORE: u8 = 2;

/// [`Relaxed::prune_unreachable`] works over packed masks on dense domains without
/// variables of at most this many actions ...
const PACKED_MAX_ACTIONS: usize = 256;
/// ... and at most this many words of facts ...
const PACKED_MAX_WORDS: usize = 8;
/// ... as long as the actions fire within this many passes.
const PACKED_MAX_PASSES: u32 = 8;

/// Scratch memory for the relaxed analyses, reused across calls.
#[derive(Debug, Default)]
pub(crate) struct Relaxed {
    /// Which actions take part (pruned ones do not).
    pub(super) active: Vec<bool>,
    /// Goal atoms of the current search.
    pub(super) goal_atoms: Vec<u32>,
    pub(super) is_goal: Vec<bool>,
    pub(super) atom_cost: Vec<f64>,
    pub(super) status: Vec<u8>,
    pub(super) reduced: Vec<f64>,
    pub(super) unsat: Vec<u32>,
    pub(super) supporter: Vec<u32>,
    pub(super) supp_cost: Vec<f64>,
    /// Per atom, the action that set its h_max cost in the full exploration (`NONE` for
    /// atoms of the state and unreached ones).
    pub(super) achiever: Vec<u32>,
    pub(super) zone: Vec<u32>,
    /// Per action: equal to `mark_stamp` when marked in the current pass (see `next_mark`).
    pub(super) mark: Vec<u32>,
    pub(super) mark_stamp: u32,
    pub(super) goal_cost: f64,
    pub(super) goal_sup: u32,
    pub(super) heap: CostQueue,
    pub(super) zero_queue: Vec<u32>,
    pub(super) stack: Vec<u32>,
    pub(super) cut: Vec<u32>,
    pub(super) state_atoms: Vec<u32>,
    /// Relevance scratch for variables.
    var_relevant: Vec<bool>,
    var_stack: Vec<usize>,
    /// Number of LM-cut and h_max evaluations since `prepare`.
    pub(super) evaluations: u64,
    /// Work of the current LM-cut after its first exploration: attempts of its incremental
    /// h_max passes to lower an atom's cost, and goal-zone atoms visited (see
    /// `Relaxed::lmcut_within`).
    pub(super) work: u64,
}

impl Relaxed {
    /// Sizes the scratch for `c`, activates every action and sets the goal atoms.
    pub fn prepare(&mut self, c: &CompiledDomain, goal_atoms: &[u32]) {
        self.active.clear();
        self.active.resize(c.actions, true);
        // Buffers keep their contents between calls where every use overwrites them (costs,
        // counters, supporters) or restores them (status, goal flags, marks by stamp).
        for &g in &self.goal_atoms {
            if let Some(flag) = self.is_goal.get_mut(g as usize) {
                *flag = false;
            }
        }
        self.goal_atoms.clear();
        if self.is_goal.len() != c.atoms {
            self.is_goal.clear();
            self.is_goal.resize(c.atoms, false);
            self.status.clear();
            self.status.resize(c.atoms, STATUS_NONE);
            self.atom_cost.resize(c.atoms, f64::INFINITY);
        }
        for &g in goal_atoms {
            if !self.is_goal[g as usize] {
                self.is_goal[g as usize] = true;
                self.goal_atoms.push(g);
            }
        }
        if self.reduced.len() != c.actions {
            self.reduced.resize(c.actions, 0.0);
            self.unsat.resize(c.actions, 0);
            self.supporter.resize(c.actions, NONE);
            self.supp_cost.resize(c.actions, 0.0);
            self.mark.clear();
            self.mark.resize(c.actions, 0);
            self.mark_stamp = 1;
        }
        self.heap.set_integer(c.integer_costs);
        self.evaluations = 0;
    }

    pub(super) fn load_state(&mut self, c: &CompiledDomain, state: &[u64]) {
        self.state_atoms.clear();
        let facts = (c.atoms - 1) / 2;
        for f in 0..facts {
            let set = (state[f / 64] >> (f % 64)) & 1 == 1;
            self.state_atoms.push((f as u32) * 2 + u32::from(!set));
        }
        self.state_atoms.push(c.init_atom);
    }

    /// Forward relaxed reachability from `state`; deactivates actions that can never apply.
    /// Returns false when some goal atom is unreachable (no plan exists).
    pub fn prune_unreachable(&mut self, c: &CompiledDomain, state: &[u64]) -> bool {
        if c.dense && c.vars.is_empty() && c.actions <= PACKED_MAX_ACTIONS {
            if let Some(reachable) = self.prune_unreachable_packed(c, state) {
                return reachable;
            }
        }
        self.prune_unreachable_atoms(c, state)
    }

    /// [`Relaxed::prune_unreachable`] atom by atom: each action fires once its count of
    /// unreached precondition atoms drops to zero.
    fn prune_unreachable_atoms(&mut self, c: &CompiledDomain, state: &[u64]) -> bool {
        self.load_state(c, state);
        let reached = &mut self.status;
        reached.iter_mut().for_each(|s| *s = STATUS_NONE);
        for a in 0..c.actions {
            // Inactive actions (numerically impossible ones) never fire.
            self.unsat[a] = if self.active[a] {
                c.pre(a).len() as u32
            } else {
                u32::MAX
            };
        }
        self.stack.clear();
        for &p in &self.state_atoms {
            reached[p as usize] = 1;
            self.stack.push(p);
        }
        while let Some(p) = self.stack.pop() {
            for &a in c.pre_of(p) {
                let a = a as usize;
                if self.unsat[a] == u32::MAX {
                    continue;
                }
                self.unsat[a] -= 1;
                if self.unsat[a] == 0 {
                    for &e in c.eff(a) {
                        if reached[e as usize] == 0 {
                            reached[e as usize] = 1;
                            self.stack.push(e);
                        }
                    }
                }
            }
        }
        for a in 0..c.actions {
            if self.unsat[a] != 0 {
                self.active[a] = false;
            }
        }
        let reachable = self.goal_atoms.iter().all(|&g| reached[g as usize] == 1);
        // Every analysis leaves `status` all STATUS_NONE for the next one.
        reached.iter_mut().for_each(|s| *s = STATUS_NONE);
        reachable
    }

    /// [`Relaxed::prune_unreachable`] over the dense masks of a small domain without
    /// variables, a word of facts at a time: the facts that can be true and those that can
    /// be false grow from `state` as active actions whose preconditions they meet fire,
    /// pass after pass over the actions not yet fired, until a pass fires none. On the
    /// small domains it serves this costs a few passes of a few instructions per action,
    /// where the atom-by-atom exploration pays for every atom and list entry; a domain
    /// that needs more than [`PACKED_MAX_PASSES`] passes (a long chain of actions listed
    /// against its order) is left to that exploration (`None`). Leaves `unsat` 0 exactly
    /// for the fired actions, as the exploration does.
    fn prune_unreachable_packed(&mut self, c: &CompiledDomain, state: &[u64]) -> Option<bool> {
        let w = c.words;
        let mut t = [0u64; PACKED_MAX_WORDS];
        let mut f = [0u64; PACKED_MAX_WORDS];
        if w > PACKED_MAX_WORDS {
            return None;
        }
        for k in 0..w {
            t[k] = state[k];
            f[k] = !state[k];
        }
        for (a, unsat) in self.unsat[..c.actions].iter_mut().enumerate() {
            // 1: not fired yet; inactive actions never fire.
            *unsat = if self.active[a] { 1 } else { u32::MAX };
        }
        let mut passes = 0;
        loop {
            passes += 1;
            if passes > PACKED_MAX_PASSES {
                return None;
            }
            let mut fired = false;
            for (m, unsat) in c.masks.chunks_exact(4 * w).zip(&mut self.unsat) {
                if *unsat != 1 {
                    continue;
                }
                let (pre_t, rest) = m.split_at(w);
                let (pre_f, rest) = rest.split_at(w);
                let (add, del) = rest.split_at(w);
                if (0..w).all(|k| t[k] & pre_t[k] == pre_t[k] && f[k] & pre_f[k] == pre_f[k]) {
                    *unsat = 0;
                    fired = true;
                    for k in 0..w {
                        t[k] |= add[k];
                        f[k] |= del[k];
                    }
                }
            }
            if !fired {
                break;
            }
        }
        let mut reachable = true;
        for &g in &self.goal_atoms {
            // See `atom`: the true atom of a fact is even.
            let (fact, value) = ((g / 2) as usize, g % 2 == 0);
            let reached = if value { &t } else { &f };
            reachable &= (reached[fact / 64] >> (fact % 64)) & 1 == 1;
        }
        // Actions never fired (and inactive ones) can never apply.
        for (active, &unsat) in self.active.iter_mut().zip(&self.unsat) {
            *active &= unsat == 0;
        }
        Some(reachable)
    }

    /// After an exploration (h_max or LM-cut), deactivates the actions it never triggered:
    /// relaxed reachability says they can never apply.
    pub fn keep_triggered(&mut self) {
        for (active, &unsat) in self.active.iter_mut().zip(&self.unsat) {
            *active &= unsat == 0;
        }
    }

    /// Backward relevance from the goal (its atoms and the variables in `goal_vars`) over
    /// active actions; deactivates actions none of whose effects can matter. An action
    /// matters when it makes a relevant atom true or changes a relevant variable; its
    /// preconditions' atoms and variables become relevant, and so do the variables it adds
    /// to or subtracts from under `Overflow::Reject` (their range limits when it applies).
    /// Removing irrelevant actions from any plan leaves a valid plan that costs no more, so
    /// optimal cost is preserved.
    pub fn prune_irrelevant(&mut self, c: &CompiledDomain, goal_vars: &[usize]) {
        let relevant = &mut self.status;
        relevant.iter_mut().for_each(|s| *s = STATUS_NONE);
        self.stack.clear();
        for &g in &self.goal_atoms {
            relevant[g as usize] = 1;
            self.stack.push(g);
        }
        let has_vars = !c.vars.is_empty();
        let mut var_relevant = std::mem::take(&mut self.var_relevant);
        let mut var_stack = std::mem::take(&mut self.var_stack);
        if has_vars {
            var_relevant.clear();
            var_relevant.resize(c.vars.len(), false);
            var_stack.clear();
        }
        for &v in goal_vars {
            if !var_relevant[v] {
                var_relevant[v] = true;
                var_stack.push(v);
            }
        }
        let mut relevant_action = std::mem::take(&mut self.unsat);
        relevant_action.iter_mut().for_each(|x| *x = 0);
        let has_vars = !c.vars.is_empty();
        loop {
            let achievers = if let Some(p) = self.stack.pop() {
                c.eff_of(p)
            } else if let Some(v) = var_stack.pop() {
                c.var_eff_of(v)
            } else {
                break;
            };
            for &a in achievers {
                let a = a as usize;
                if !self.active[a] || relevant_action[a] == 1 {
                    continue;
                }
                relevant_action[a] = 1;
                for &q in c.pre(a) {
                    if relevant[q as usize] == 0 {
                        relevant[q as usize] = 1;
                        self.stack.push(q);
                    }
                }
                if !has_vars {
                    continue;
                }
                let implicit = c
                    .var_eff(a)
                    .iter()
                    .filter(|e| c.vars[e.var.index()].rejects_steps(e.op));
                for v in c
                    .var_pre(a)
                    .iter()
                    .map(|k| k.var.index())
                    .chain(implicit.map(|e| e.var.index()))
                {
                    if !var_relevant[v] {
                        var_relevant[v] = true;
                        var_stack.push(v);
                    }
                }
            }
        }
        for (active, &relevant) in self.active.iter_mut().zip(&relevant_action) {
            *active &= relevant == 1;
        }
        self.unsat = relevant_action;
        self.var_relevant = var_relevant;
        self.var_stack = var_stack;
        self.status.iter_mut().for_each(|s| *s = STATUS_NONE);
    }

    /// Full h_max exploration from `state_atoms` with the current reduced costs: atom
    /// costs, each action's supporter (its most expensive precondition) and the goal's.
    pub(super) fn hmax(&mut self, c: &CompiledDomain) {
        self.atom_cost.iter_mut().for_each(|x| *x = f64::INFINITY);
        self.achiever.clear();
        self.achiever.resize(c.atoms, NONE);
        for a in 0..c.actions {
            self.unsat[a] = if self.active[a] {
                c.pre(a).len() as u32
            } else {
                u32::MAX
            };
        }
        let mut goal_left = self.goal_atoms.len();
        self.goal_cost = if goal_left == 0 { 0.0 } else { f64::INFINITY };
        self.goal_sup = NONE;
        self.heap.clear();
        self.zero_queue.clear();
        for &p in &self.state_atoms {
            self.atom_cost[p as usize] = 0.0;
            self.zero_queue.push(p);
        }
        // Atoms of cost 0 first (in a fixed order), then a Dijkstra over the heap.
        let mut zi = 0;
        loop {
            let (p, cost) = if zi < self.zero_queue.len() {
                zi += 1;
                (self.zero_queue[zi - 1], 0.0)
            } else if let Some((cost, p)) = self.heap.pop() {
                if cost > self.atom_cost[p as usize] {
                    continue;
                }
                (p, cost)
            } else {
                break;
            };
            if self.status[p as usize] == STATUS_BEFORE {
                continue; // processed already
            }
            self.status[p as usize] = STATUS_BEFORE;
            if self.is_goal[p as usize] {
                goal_left -= 1;
                if goal_left == 0 {
                    self.goal_cost = cost;
                    self.goal_sup = p;
                }
            }
            for &a in c.pre_of(p) {
                let a = a as usize;
                if self.unsat[a] == u32::MAX {
                    continue; // inactive
                }
                self.unsat[a] -= 1;
                if self.unsat[a] == 0 {
                    self.supporter[a] = p;
                    self.supp_cost[a] = cost;
                    let nc = cost + self.reduced[a];
                    for &e in c.eff(a) {
                        if nc < self.atom_cost[e as usize] {
                            self.atom_cost[e as usize] = nc;
                            self.achiever[e as usize] = a as u32;
                            if nc == 0.0 {
                                self.zero_queue.push(e);
                            } else {
                                self.heap.push(nc, e);
                            }
                        }
                    }
                }
            }
        }
        self.status.iter_mut().for_each(|s| *s = STATUS_NONE);
    }

    /// A fresh stamp for `mark`.
    pub(super) fn next_mark(&mut self) -> u32 {
        self.mark_stamp = self.mark_stamp.wrapping_add(1);
        if self.mark_stamp == 0 {
            self.mark.iter_mut().for_each(|m| *m = 0);
            self.mark_stamp = 1;
        }
        self.mark_stamp
    }

    /// h_max of `state` (admissible, weaker than LM-cut); `INFINITY` for a dead end.
    pub fn hmax_value(&mut self, c: &CompiledDomain, state: &[u64]) -> f64 {
        self.evaluations += 1;
        self.load_state(c, state);
        self.reduced.copy_from_slice(&c.costs);
        self.hmax(c);
        self.goal_cost
    }
}

#[cfg(test)]
mod tests {
    use super::{Relaxed, PACKED_MAX_PASSES};
    use crate::domain::compiled::atom;
    use crate::domain::compiled::tests::{random_domain, rng};
    use crate::domain::{ActionDef, Domain, FactValue};

    /// A small random domain (facts with true and false preconditions and effects), a
    /// random start and a random goal of one or two atoms.
    fn random_task(seed: u64) -> (Domain, Vec<u64>, Vec<u32>) {
        let mut next = rng(seed);
        let facts = 2 + next(90);
        let actions = 1 + next(60);
        let d = random_domain(&mut next, facts, actions);
        let c = d.compiled().unwrap();
        let mut state = vec![0u64; c.words];
        for f in 0..facts {
            if next(2) == 1 {
                state[f / 64] |= 1 << (f % 64);
            }
        }
        let goal = (0..1 + next(2))
            .map(|_| atom(next(facts) as u32, next(2) == 1))
            .collect();
        (d, state, goal)
    }

    /// The packed reachability (where it answers) keeps exactly the actions the atom
    /// exploration keeps, and says the same about the goal, with some actions inactive
    /// beforehand.
    #[test]
    fn packed_reachability_matches_the_atom_exploration() {
        let mut answered = 0;
        for seed in 0..3000 {
            let (d, state, goal) = random_task(seed);
            let c = d.compiled().unwrap();
            let run = |packed: bool| {
                let mut r = Relaxed::default();
                r.prepare(c, &goal);
                for a in (0..c.actions).filter(|a| (a + seed as usize) % 7 == 0) {
                    r.active[a] = false;
                }
                let reachable = if packed {
                    r.prune_unreachable_packed(c, &state)
                } else {
                    Some(r.prune_unreachable_atoms(c, &state))
                };
                reachable.map(|reachable| {
                    let fired: Vec<bool> = r.unsat.iter().map(|&u| u == 0).collect();
                    (reachable, r.active.clone(), fired)
                })
            };
            let atoms = run(false).unwrap();
            if let Some(packed) = run(true) {
                answered += 1;
                assert_eq!(packed, atoms, "seed {seed}");
            }
        }
        assert!(
            answered > 2500,
            "the packed pass answered {answered} of 3000"
        );
    }

    /// A chain of actions listed against its order needs a pass per link: past
    /// `PACKED_MAX_PASSES` the packed pass gives up and the exploration answers.
    #[test]
    fn long_chains_listed_backwards_fall_back_to_the_exploration() {
        let links = PACKED_MAX_PASSES as usize + 4;
        let mut d = Domain::new();
        let facts: Vec<_> = (0..=links)
            .map(|i| d.add_fact(&format!("p{i}")).unwrap())
            .collect();
        for i in (0..links).rev() {
            d.add_action(ActionDef {
                name: format!("step{i}"),
                pre: vec![FactValue::new(facts[i], true)],
                effects: vec![FactValue::new(facts[i + 1], true)],
                cost: 1.0,
                ..Default::default()
            })
            .unwrap();
        }
        let c = d.compiled().unwrap();
        let goal = [atom(facts[links].0, true)];
        let mut r = Relaxed::default();
        r.prepare(c, &goal);
        assert_eq!(r.prune_unreachable_packed(c, &[1]), None);
        r.prepare(c, &goal);
        assert!(r.prune_unreachable(c, &[1]));
        assert!(r.active.iter().all(|&on| on));
        // Without the first fact nothing fires.
        r.prepare(c, &goal);
        assert!(!r.prune_unreachable(c, &[0]));
        assert!(r.active.iter().all(|&on| !on));
    }
}
