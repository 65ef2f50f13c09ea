//! What an agent's goal choice and plans can depend on: the facts and variables that a
//! change of a shared value must make it review (see [`crate::World::set_shared`]).
//!
//! An agent depends on every fact and variable *relevant* to one of its goals: those its
//! conditions name and, repeatedly, those in the preconditions of an action with an effect
//! on a relevant fact or variable (backward relevance, as the planner's pruning uses it),
//! plus the preconditions of the actions of the plan in hand. A value outside that set
//! cannot change whether a goal is satisfied, whether it has a plan, what an optimal plan
//! costs, or whether the plan in hand still runs.

use std::sync::Arc;

use super::Agent;
use crate::domain::compiled::atom;
use crate::domain::{ActionId, Domain, Goal};
use crate::world::SharedCell;

/// A set of facts and variables (bit per id); `all` stands for every one (a domain too
/// large to compile).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Deps {
    facts: Vec<u64>,
    vars: Vec<u64>,
    all: bool,
}

fn bit(words: &[u64], i: u32) -> bool {
    words
        .get(i as usize / 64)
        .is_some_and(|w| w >> (i % 64) & 1 == 1)
}

/// Sets bit `i`; true when it was clear.
fn set(words: &mut [u64], i: u32) -> bool {
    let w = &mut words[i as usize / 64];
    let m = 1u64 << (i % 64);
    let new = *w & m == 0;
    *w |= m;
    new
}

impl Deps {
    /// The set as recorded.
    pub(crate) fn to_rec(&self) -> crate::record::format::DepsRec {
        crate::record::format::DepsRec {
            facts: self.facts.clone(),
            vars: self.vars.clone(),
            all: self.all,
        }
    }

    /// A recorded set, checked against `domain`'s sizes.
    pub(crate) fn of_rec(
        r: &crate::record::format::DepsRec,
        domain: &Domain,
    ) -> Result<Deps, String> {
        if r.facts.len() > domain.fact_count().div_ceil(64)
            || r.vars.len() > domain.var_count().div_ceil(64)
        {
            return Err("a dependency set larger than its domain".into());
        }
        let (mut facts, mut vars) = (r.facts.clone(), r.vars.clone());
        if !r.all {
            facts.resize(domain.fact_count().div_ceil(64), 0);
            vars.resize(domain.var_count().div_ceil(64), 0);
        }
        Ok(Deps {
            facts,
            vars,
            all: r.all,
        })
    }

    /// True when the set holds fact `f`.
    pub(crate) fn has_fact(&self, f: u32) -> bool {
        self.all || bit(&self.facts, f)
    }

    /// True when the set holds variable `v`.
    pub(crate) fn has_var(&self, v: u32) -> bool {
        self.all || bit(&self.vars, v)
    }

    /// Facts and variables relevant to `goals` and to the preconditions of `plan`.
    pub(crate) fn relevant<'a>(
        domain: &Domain,
        goals: impl Iterator<Item = &'a Goal>,
        plan: &[ActionId],
    ) -> Deps {
        let Ok(c) = domain.compiled() else {
            return Deps {
                all: true,
                ..Deps::default()
            };
        };
        let facts = domain.fact_count();
        let mut d = Deps {
            facts: vec![0; facts.div_ceil(64)],
            vars: vec![0; domain.var_count().div_ceil(64)],
            all: false,
        };
        let mut fact_queue: Vec<u32> = Vec::new();
        let mut var_queue: Vec<u32> = Vec::new();
        let mut seen = vec![0u64; domain.action_count().div_ceil(64)];
        let add_action =
            |a: u32, d: &mut Deps, fq: &mut Vec<u32>, vq: &mut Vec<u32>, seen: &mut Vec<u64>| {
                if !set(seen, a) {
                    return;
                }
                for &p in c.pre(a as usize) {
                    let f = p / 2;
                    if (f as usize) < facts && set(&mut d.facts, f) {
                        fq.push(f);
                    }
                }
                for k in c.var_pre(a as usize) {
                    if set(&mut d.vars, k.var.0) {
                        vq.push(k.var.0);
                    }
                }
                // An effect on a variable can refuse the action at the range's end
                // (overflow "reject"): the variable's value matters as a precondition's.
                for e in c.var_eff(a as usize) {
                    if set(&mut d.vars, e.var.0) {
                        vq.push(e.var.0);
                    }
                }
            };
        for g in goals {
            for k in g.entries() {
                if k.fact.index() < facts && set(&mut d.facts, k.fact.0) {
                    fact_queue.push(k.fact.0);
                }
            }
            for k in g.var_conditions() {
                if k.var.index() < domain.var_count() && set(&mut d.vars, k.var.0) {
                    var_queue.push(k.var.0);
                }
            }
        }
        for a in plan {
            if a.index() < domain.action_count() {
                add_action(a.0, &mut d, &mut fact_queue, &mut var_queue, &mut seen);
            }
        }
        loop {
            if let Some(f) = fact_queue.pop() {
                for value in [true, false] {
                    for &a in c.eff_of(atom(f, value)) {
                        add_action(a, &mut d, &mut fact_queue, &mut var_queue, &mut seen);
                    }
                }
            } else if let Some(v) = var_queue.pop() {
                for &a in c.var_eff_of(v as usize) {
                    add_action(a, &mut d, &mut fact_queue, &mut var_queue, &mut seen);
                }
            } else {
                break;
            }
        }
        d
    }

    /// True when every precondition of `plan`'s actions, and every variable they change,
    /// is in the set.
    pub(crate) fn covers_plan(&self, domain: &Domain, plan: &[ActionId]) -> bool {
        self.all
            || plan.iter().all(|a| {
                domain.action(*a).is_none_or(|a| {
                    a.pre().entries().iter().all(|k| self.has_fact(k.fact.0))
                        && a.pre()
                            .var_conditions()
                            .iter()
                            .all(|k| self.has_var(k.var.0))
                        && a.var_effects().iter().all(|e| self.has_var(e.var.0))
                })
            })
    }
}

impl Agent {
    /// Joins the shared values of its world domain and takes those already written.
    pub(crate) fn attach_shared(&mut self, cell: Arc<SharedCell>) {
        self.shared = Some(cell);
        self.sync_shared();
    }

    /// Joins the shared values of its world domain without taking any (a restored agent:
    /// it has taken those up to its recorded version).
    pub(crate) fn join_shared(&mut self, cell: Arc<SharedCell>) {
        self.shared = Some(cell);
    }

    /// True when the agent reads the shared values of `cell`.
    pub(crate) fn shares(&self, cell: &SharedCell) -> bool {
        self.shared
            .as_deref()
            .is_some_and(|c| std::ptr::eq(c, cell))
    }

    /// Takes the shared values written since it last did into its beliefs. A changed
    /// value the goal choice or plan depends on makes the agent review at its next step
    /// (returns true); other changes are taken silently.
    pub(crate) fn sync_shared(&mut self) -> bool {
        let Some(cell) = &self.shared else {
            return false;
        };
        if cell.version() == self.shared_seen {
            return false;
        }
        let (seen, dep) = cell.read_into(
            &mut self.state,
            self.shared_seen,
            &self.domain,
            self.deps.as_deref(),
        );
        self.shared_seen = seen;
        if let Some(r) = self.rec() {
            r.push(crate::record::format::Record::Synced {
                agent: crate::record::format::agent_rec(self.id),
            });
        }
        // A value outside the dependencies cannot change a search's result or the plan's
        // validity: a search begun before it goes on (no stamp change).
        if dep {
            self.changed(true);
        }
        dep
    }

    /// Learns what the goals and the plan depend on and tells the shared values (once they
    /// are in use; before, nothing needs to know); then takes the values written meanwhile.
    /// Subscribing first and syncing after means a write racing with it is seen either by
    /// the writer (which then visits this agent) or by the sync. Returns the sync's answer.
    pub(crate) fn refresh_deps(&mut self) -> bool {
        self.subscribe_deps() && self.sync_shared()
    }

    /// Learns what the goals and the plan depend on and tells the shared values (once they
    /// are in use): [`Agent::refresh_deps`] without taking the values written meanwhile
    /// (a restored agent has taken exactly those it had). False when nothing is shared yet.
    pub(crate) fn subscribe_deps(&mut self) -> bool {
        let Some(cell) = &self.shared else {
            return false;
        };
        if !cell.is_active() {
            return false;
        }
        let goals = self
            .goals
            .iter()
            .filter(|g| g.live)
            .map(|g| &g.def.conditions);
        let deps = Arc::new(Deps::relevant(&self.domain, goals, &self.plan));
        cell.subscribe(self.id, Arc::clone(&deps));
        self.deps = Some(deps);
        true
    }

    /// After a new plan: make sure its preconditions are among the dependencies.
    pub(super) fn plan_deps(&mut self) {
        if self
            .deps
            .as_ref()
            .is_some_and(|d| !d.covers_plan(&self.domain, &self.plan))
        {
            self.refresh_deps();
        }
    }
}

impl Drop for Agent {
    fn drop(&mut self) {
        // Also when `deps` is unknown now: an earlier subscription may still stand.
        if let Some(cell) = &self.shared {
            if cell.is_active() {
                cell.unsubscribe(self.id);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{ActionDef, FactValue};

    #[test]
    fn relevance_follows_achievers_backwards_and_skips_the_rest() {
        let mut d = Domain::new();
        let [a, b, c, x, y] = ["a", "b", "c", "x", "y"].map(|n| d.add_fact(n).unwrap());
        // make_b needs a; make_c needs b; make_y needs x (irrelevant to c).
        for (name, pre, eff) in [("make_b", a, b), ("make_c", b, c), ("make_y", x, y)] {
            d.add_action(ActionDef {
                name: name.into(),
                pre: vec![FactValue::new(pre, true)],
                effects: vec![FactValue::new(eff, true)],
                cost: 1.0,
                ..ActionDef::default()
            })
            .unwrap();
        }
        let goal = d.conditions([FactValue::new(c, true)]).unwrap();
        let deps = Deps::relevant(&d, [&goal].into_iter(), &[]);
        assert!(deps.has_fact(a.0) && deps.has_fact(b.0) && deps.has_fact(c.0));
        assert!(!deps.has_fact(x.0) && !deps.has_fact(y.0));
        // A plan using make_y adds its precondition.
        let with_plan = Deps::relevant(&d, [&goal].into_iter(), &[ActionId(2)]);
        assert!(with_plan.has_fact(x.0) && !with_plan.has_fact(y.0));
        assert!(!deps.covers_plan(&d, &[ActionId(2)]));
        assert!(deps.covers_plan(&d, &[ActionId(0), ActionId(1)]));
    }
}
