//! Shared world facts and variables: values a domain's agents all read, set once by the
//! engine ([`World::set_shared`]).
//!
//! # Precedence: the latest write wins
//! An agent's belief in a fact is the value last written to it, by whichever came last: the
//! world (a shared write) or the agent itself (the engine's `set_fact` / `set_var` on it,
//! the multi-agent setters, the effects of its finished actions, a recurring goal's
//! resets). So an agent may override a shared value with its own belief (it saw the bridge
//! repaired before the world was told), and the next shared write of that fact replaces
//! the override, also when it writes the value the world already had. Facts never written
//! as shared are the agent's own, as before.
//!
//! # Only dependent agents review
//! Each agent knows the facts and variables its goal choice and plans can depend on (see
//! `agent::deps`). A shared write bumps the domain's version, then locks, one at a time,
//! only the agents that depend on a changed value: they take the new values into their
//! beliefs and review their goal choice and plan at their next step (and count in
//! [`SharedChange::reviewed`] when their belief changed). Every other agent takes the
//! new values when it next reads or writes its beliefs or plans; its goal choice and plan
//! cannot depend on them, so it does not review. The first shared write of a domain visits
//! each of its agents once to learn what it depends on; later writes cost in proportion
//! to the dependent agents, not to all.
//!
//! # Locks
//! Values sit behind a reader–writer lock (agents read them while taking new values);
//! the dependency index behind a mutex. An agent holding its own lock may take either; a
//! shared write never holds either while it locks an agent. The first write holds the
//! activation mutex while it visits the agents (writes racing with it wait for it).

use std::collections::{BTreeSet, HashMap};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use parking_lot::{Mutex, RwLock};

use super::{World, WorldError};
use crate::agent::{AgentId, Deps};
use crate::domain::{Domain, DomainId, FactId, FactValue, VarId};
use crate::state::WorldState;

/// What a [`World::set_shared`] call did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SharedChange {
    /// Shared values that changed (written for the first time, or to another value). A
    /// write of the value a shared fact already has is still a write: it replaces the
    /// agents' own beliefs written since (see the module docs).
    pub changed: u32,
    /// Agents whose belief changed in a value their goals or plan depend on: they review
    /// their goal choice and plan at their next step. Agents that do not depend on the
    /// changed values are neither counted nor disturbed.
    pub reviewed: u32,
}

/// The shared values of one domain of a world, and who depends on them.
#[derive(Debug, Default)]
pub(crate) struct SharedCell {
    /// Bumped by every write that changes a value (under the values' write lock).
    version: AtomicU64,
    /// Set by the first write: from then on agents keep their dependencies in `subs`.
    active: AtomicBool,
    /// Held by the first write while it visits every agent, so that a second write waits
    /// until every agent's dependencies are known.
    activation: Mutex<()>,
    values: RwLock<Values>,
    subs: Mutex<Subs>,
}

#[derive(Debug, Default)]
struct Values {
    state: WorldState,
    /// Per fact: the version of its last shared write (0: never shared).
    fact_at: Vec<u64>,
    /// Per variable: the same.
    var_at: Vec<u64>,
    /// Shared facts and variables, in the order first written.
    facts: Vec<u32>,
    vars: Vec<u32>,
}

#[derive(Debug, Default)]
struct Subs {
    /// Each subscribed agent's dependencies.
    deps: HashMap<AgentId, Arc<Deps>>,
    /// For facts written as shared since their index was built: the agents that depend on
    /// them (built from `deps` on a fact's first change).
    by_fact: HashMap<u32, BTreeSet<AgentId>>,
    by_var: HashMap<u32, BTreeSet<AgentId>>,
}

impl SharedCell {
    /// The values exactly (for a recording's checkpoint).
    pub(crate) fn snapshot(&self) -> crate::record::format::SharedRec {
        let values = self.values.read();
        crate::record::format::SharedRec {
            version: self.version(),
            active: self.is_active(),
            facts: values
                .facts
                .iter()
                .map(|&f| (f, values.state.get(FactId(f)), values.fact_at[f as usize]))
                .collect(),
            vars: values
                .vars
                .iter()
                .map(|&v| {
                    let x = values.state.var(VarId(v)).unwrap_or(0);
                    (v, x, values.var_at[v as usize])
                })
                .collect(),
        }
    }

    /// Replaces the values with a snapshot's (replays); fails on a malformed one.
    pub(crate) fn restore(&self, r: &crate::record::format::SharedRec) -> Result<(), String> {
        const MAX: u32 = 1 << 24;
        let mut values = self.values.write();
        *values = Values::default();
        for &(f, x, at) in &r.facts {
            if f >= MAX || at == 0 || at > r.version || values.fact_at.get(f as usize) > Some(&0) {
                return Err(format!("shared fact {f} is malformed"));
            }
            if values.fact_at.len() <= f as usize {
                values.fact_at.resize(f as usize + 1, 0);
            }
            values.fact_at[f as usize] = at;
            values.facts.push(f);
            values.state.set(FactId(f), x);
        }
        for &(v, x, at) in &r.vars {
            if v >= MAX || at == 0 || at > r.version || values.var_at.get(v as usize) > Some(&0) {
                return Err(format!("shared variable {v} is malformed"));
            }
            if values.var_at.len() <= v as usize {
                values.var_at.resize(v as usize + 1, 0);
            }
            values.var_at[v as usize] = at;
            values.vars.push(v);
            values.state.set_var(VarId(v), x);
        }
        self.version.store(r.version, Ordering::Release);
        self.active.store(r.active, Ordering::Release);
        Ok(())
    }

    /// The dependencies subscribed for `agent`, if any.
    pub(crate) fn subscription(&self, agent: AgentId) -> Option<Arc<Deps>> {
        self.subs.lock().deps.get(&agent).cloned()
    }

    /// The version of the values (0 before the first write).
    pub(crate) fn version(&self) -> u64 {
        self.version.load(Ordering::Acquire)
    }

    /// True once a value was written: agents then subscribe their dependencies.
    pub(crate) fn is_active(&self) -> bool {
        self.active.load(Ordering::Acquire)
    }

    /// Writes into `state` (of `domain`) every shared value written after version `seen`.
    /// Returns the version read and whether a value that `deps` holds changed in `state`
    /// (every value counts when `deps` is `None`).
    pub(crate) fn read_into(
        &self,
        state: &mut WorldState,
        seen: u64,
        domain: &Domain,
        deps: Option<&Deps>,
    ) -> (u64, bool) {
        let values = self.values.read();
        let mut dep = false;
        for &f in &values.facts {
            if values.fact_at[f as usize] <= seen || f as usize >= domain.fact_count() {
                continue;
            }
            let v = values.state.get(FactId(f));
            if state.get(FactId(f)) != v {
                state.set(FactId(f), v);
                dep |= deps.is_none_or(|d| d.has_fact(f));
            }
        }
        for &v in &values.vars {
            let var = VarId(v);
            let x = values.state.var(var).unwrap_or_default();
            // Skip a variable the agent's version of the domain lacks, or whose range there
            // does not hold the value.
            let fits = domain
                .var(var)
                .is_some_and(|d| (d.min()..=d.max()).contains(&x));
            if values.var_at[v as usize] <= seen || !fits {
                continue;
            }
            if domain.value(state, var) != x {
                dep |= deps.is_none_or(|d| d.has_var(v));
            }
            state.set_var(var, x);
        }
        (self.version(), dep)
    }

    /// Records an agent's dependencies (replacing earlier ones).
    pub(crate) fn subscribe(&self, agent: AgentId, deps: Arc<Deps>) {
        let mut subs = self.subs.lock();
        let Subs {
            deps: all,
            by_fact,
            by_var,
        } = &mut *subs;
        for (&f, set) in by_fact.iter_mut() {
            if deps.has_fact(f) {
                set.insert(agent);
            } else {
                set.remove(&agent);
            }
        }
        for (&v, set) in by_var.iter_mut() {
            if deps.has_var(v) {
                set.insert(agent);
            } else {
                set.remove(&agent);
            }
        }
        all.insert(agent, deps);
    }

    /// Forgets an agent (destroyed).
    pub(crate) fn unsubscribe(&self, agent: AgentId) {
        let mut subs = self.subs.lock();
        if subs.deps.remove(&agent).is_some() {
            for set in subs.by_fact.values_mut() {
                set.remove(&agent);
            }
            for set in subs.by_var.values_mut() {
                set.remove(&agent);
            }
        }
    }

    /// The agents that depend on any of `facts` or `vars`, in id order.
    fn dependents(&self, facts: &[u32], vars: &[u32]) -> Vec<AgentId> {
        let mut subs = self.subs.lock();
        let Subs {
            deps,
            by_fact,
            by_var,
        } = &mut *subs;
        let mut out = BTreeSet::new();
        for &f in facts {
            let set = by_fact.entry(f).or_insert_with(|| {
                deps.iter()
                    .filter(|(_, d)| d.has_fact(f))
                    .map(|(&id, _)| id)
                    .collect()
            });
            out.extend(set.iter().copied());
        }
        for &v in vars {
            let set = by_var.entry(v).or_insert_with(|| {
                deps.iter()
                    .filter(|(_, d)| d.has_var(v))
                    .map(|(&id, _)| id)
                    .collect()
            });
            out.extend(set.iter().copied());
        }
        out.into_iter().collect()
    }

    /// Writes checked values; returns the facts and variables written (each once) and how
    /// many of them now hold another value than before (or were never shared).
    fn write(&self, facts: &[FactValue], vars: &[(VarId, i32)]) -> (Vec<u32>, Vec<u32>, u32) {
        if facts.is_empty() && vars.is_empty() {
            return (Vec::new(), Vec::new(), 0);
        }
        let mut values = self.values.write();
        let version = self.version.load(Ordering::Relaxed) + 1;
        let mut written_facts: Vec<(u32, Option<bool>)> = Vec::new();
        for k in facts {
            let (f, i) = (k.fact.0, k.fact.index());
            if values.fact_at.len() <= i {
                values.fact_at.resize(i + 1, 0);
            }
            let at = values.fact_at[i];
            if at == 0 {
                values.facts.push(f);
            }
            if at != version {
                // First in this call: remember the value before it.
                written_facts.push((f, (at != 0).then(|| values.state.get(k.fact))));
            }
            values.state.set(k.fact, k.value);
            values.fact_at[i] = version;
        }
        let mut written_vars: Vec<(u32, Option<i32>)> = Vec::new();
        for &(var, x) in vars {
            let i = var.index();
            if values.var_at.len() <= i {
                values.var_at.resize(i + 1, 0);
            }
            let at = values.var_at[i];
            if at == 0 {
                values.vars.push(var.0);
            }
            if at != version {
                written_vars.push((var.0, (at != 0).then(|| values.state.var(var).unwrap_or(0))));
            }
            values.state.set_var(var, x);
            values.var_at[i] = version;
        }
        self.version.store(version, Ordering::Release);
        let changed = written_facts
            .iter()
            .filter(|&&(f, before)| before != Some(values.state.get(FactId(f))))
            .count()
            + written_vars
                .iter()
                .filter(|&&(v, before)| before != values.state.var(VarId(v)))
                .count();
        (
            written_facts.into_iter().map(|(f, _)| f).collect(),
            written_vars.into_iter().map(|(v, _)| v).collect(),
            changed as u32,
        )
    }

    fn fact(&self, f: FactId) -> Option<bool> {
        let values = self.values.read();
        (values.fact_at.get(f.index()).copied().unwrap_or(0) != 0).then(|| values.state.get(f))
    }

    fn var(&self, v: VarId) -> Option<i32> {
        let values = self.values.read();
        (values.var_at.get(v.index()).copied().unwrap_or(0) != 0)
            .then(|| values.state.var(v).unwrap_or_default())
    }
}

impl World {
    /// Writes shared facts and variables of a domain: every agent of the domain reads them
    /// when it plans and monitors its plan (see the module docs for the precedence: the
    /// latest write, shared or the agent's own, wins). Every value is checked first (the
    /// fact or variable exists in the domain, the value lies in the variable's range) and
    /// on any error nothing is written. A fact listed twice takes its last value. Writing
    /// the value a shared fact already has is a write too: agents that overrode it with
    /// their own belief take it again (and review if they depend on it); agents that
    /// already believe it are not disturbed, but the dependents of the fact are visited,
    /// so write shared values when they change, not every frame.
    ///
    /// Only the agents whose goals or plan depend on a changed value are locked and told
    /// to review (counted in [`SharedChange::reviewed`]); see the module docs. Not to be
    /// called from a [`crate::agent::ContextCallbacks`] of an agent of this world, nor inside
    /// [`World::with_agent`]: that agent is locked then, and a write it depends on would
    /// wait for it forever (the C ABI refuses the callback case with `GOAP_STATUS_BUSY`).
    pub fn set_shared(
        &self,
        domain: DomainId,
        facts: &[FactValue],
        vars: &[(VarId, i32)],
    ) -> Result<SharedChange, WorldError> {
        let slot = self.slot(domain)?;
        let entry = Arc::clone(&slot.current.lock());
        let d = entry.domain();
        for k in facts {
            d.check_fact(k.fact)?;
        }
        for &(var, x) in vars {
            d.check_var_value(var, x, "shared state")?;
        }
        drop(entry);
        let cell = &slot.shared;
        let (cf, cv, changed) = cell.write(facts, vars);
        if self.recorder.is_on() {
            // The agents this write visits hold no steps back past it (a replay's write
            // visits them at its place in the recording).
            if cell.is_active() {
                for id in cell.dependents(&cf, &cv) {
                    if let Ok(a) = self.agent_slot(id) {
                        a.lock().flush_held_steps();
                    }
                }
            } else {
                self.flush_held_steps();
            }
            let current = Arc::clone(&slot.current.lock());
            self.domain_key(domain, current.domain_arc());
            self.recorder
                .push(crate::record::format::Record::SetShared {
                    world: domain.get(),
                    facts: facts.iter().map(|k| (k.fact.0, k.value)).collect(),
                    vars: vars.iter().map(|&(v, x)| (v.0, x)).collect(),
                });
        }
        let mut change = SharedChange {
            changed,
            reviewed: 0,
        };
        if cf.is_empty() && cv.is_empty() {
            return Ok(change);
        }
        if !cell.is_active() {
            let _first = cell.activation.lock();
            if !cell.active.swap(true, Ordering::AcqRel) {
                // First write: every agent of the domain learns what it depends on (agents
                // made from now on learn it at their first review: they start dirty).
                for a in self.all_agents() {
                    let mut a = a.lock();
                    if a.shares(cell) && a.refresh_deps() {
                        change.reviewed += 1;
                    }
                }
            }
        }
        for id in cell.dependents(&cf, &cv) {
            let Ok(agent) = self.agent_slot(id) else {
                continue; // destroyed meanwhile
            };
            if agent.lock().sync_shared() {
                change.reviewed += 1;
            }
        }
        Ok(change)
    }

    /// [`World::set_shared`] for one fact.
    pub fn set_shared_fact(
        &self,
        domain: DomainId,
        fact: FactId,
        value: bool,
    ) -> Result<SharedChange, WorldError> {
        self.set_shared(domain, &[FactValue::new(fact, value)], &[])
    }

    /// [`World::set_shared`] for one variable.
    pub fn set_shared_var(
        &self,
        domain: DomainId,
        var: VarId,
        value: i32,
    ) -> Result<SharedChange, WorldError> {
        self.set_shared(domain, &[], &[(var, value)])
    }

    /// A fact's shared value; `None` when it was never written as shared.
    pub fn shared_fact(&self, domain: DomainId, fact: FactId) -> Result<Option<bool>, WorldError> {
        let slot = self.slot(domain)?;
        slot.current.lock().domain().check_fact(fact)?;
        Ok(slot.shared.fact(fact))
    }

    /// A variable's shared value; `None` when it was never written as shared.
    pub fn shared_var(&self, domain: DomainId, var: VarId) -> Result<Option<i32>, WorldError> {
        let slot = self.slot(domain)?;
        slot.current.lock().domain().check_var(var)?;
        Ok(slot.shared.var(var))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::{AgentDef, GoalDef};
    use crate::world::WorldDef;

    /// An agent subscribed, given a goal (its dependencies then unknown) and destroyed is
    /// forgotten by the index (found by a review: it used to stay for the world's life).
    #[test]
    fn destroyed_agents_leave_the_index_whatever_their_state() {
        let world = World::new(WorldDef {
            worker_threads: 1,
            ..WorldDef::default()
        });
        let d = world
            .load_domain(
                r#"{"actions": [{"name": "a", "pre": {"x": true}, "effects": {"y": true}}]}"#,
            )
            .unwrap();
        let s = world.snapshot(d).unwrap();
        let (x, y) = (
            s.domain().fact_id("x").unwrap(),
            s.domain().fact_id("y").unwrap(),
        );
        let goal = GoalDef {
            name: "y".into(),
            conditions: s.domain().conditions([FactValue::new(y, true)]).unwrap(),
            priority: 1.0,
            ..GoalDef::default()
        };
        drop(s);
        world.set_shared_fact(d, x, true).unwrap();
        let cell = Arc::clone(&world.slot(d).unwrap().shared);
        let mut kept = Vec::new();
        for i in 0..100 {
            let id = world.create_agent(d, AgentDef::default()).unwrap();
            world.add_goal(id, goal.clone()).unwrap();
            world.step_agent(id, 0.1).unwrap(); // reviews: subscribes
            world.add_goal(id, goal.clone()).unwrap(); // dependencies unknown again
            if i % 10 == 0 {
                kept.push(id);
            } else {
                world.destroy_agent(id).unwrap();
            }
        }
        world.set_shared_fact(d, x, false).unwrap(); // builds the index of x
        assert_eq!(cell.subs.lock().deps.len(), kept.len());
        assert_eq!(cell.subs.lock().by_fact[&x.0].len(), kept.len());
        for id in kept {
            world.destroy_agent(id).unwrap();
        }
        let subs = cell.subs.lock();
        assert!(subs.deps.is_empty() && subs.by_fact[&x.0].is_empty());
    }
}
