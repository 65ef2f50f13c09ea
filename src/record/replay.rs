//! Replaying a recording: a new world is fed the recorded inputs, in order, and every
//! decision it makes (step results, replans, batch counts, agent states at later
//! checkpoints) is checked against the recorded one.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::Arc;

use parking_lot::Mutex;

use super::format::{self as rf, Answer, Record, ReplanRec, StepRec};
use super::timeline::{
    AgentTimeline, SearchProblem, Timeline, TimelineDomain, TimelineEntry, TimelineReplan,
    TimelineWhat,
};
use super::{Divergence, ReplayError, ReplaySummary};
use crate::agent::{Agent, AgentId, ContextCallbacks, GoalId, StepKind};
use crate::domain::{ActionId, Domain, DomainId, FactId, FactValue, VarId};
use crate::planner::{Planner, SearchBudget};
use crate::world::{BatchOptions, World, WorldDef};

/// Context callbacks that answer what the recording says they answered.
struct Recorded(Arc<Mutex<VecDeque<Answer>>>);

impl ContextCallbacks for Recorded {
    fn available(&mut self, _: AgentId, _: ActionId) -> Result<bool, String> {
        match self.0.lock().pop_front() {
            Some(Answer::Available(b)) => Ok(b),
            Some(Answer::Error(m)) => Err(m),
            other => Err(format!(
                "replay: the recording has no availability answer here ({other:?})"
            )),
        }
    }

    fn cost(&mut self, _: AgentId, _: ActionId, _: f64) -> Result<f64, String> {
        match self.0.lock().pop_front() {
            Some(Answer::Cost(c)) => Ok(c),
            Some(Answer::Error(m)) => Err(m),
            other => Err(format!(
                "replay: the recording has no cost answer here ({other:?})"
            )),
        }
    }
}

/// A recorded domain version.
struct Version {
    domain: Arc<Domain>,
    /// Index in the timeline's domains.
    index: usize,
}

/// What the replay knows of an agent.
struct Known {
    /// Replans recorded and not yet made by the replay.
    expected: VecDeque<(u64, ReplanRec)>,
    answers: Arc<Mutex<VecDeque<Answer>>>,
    steps: u64,
    /// Index in the timeline's agents.
    timeline: usize,
}

struct Replay {
    world: World,
    /// Recorded world domain id → the replay's.
    worlds: HashMap<u32, DomainId>,
    versions: HashMap<u32, Version>,
    agents: HashMap<AgentId, Known>,
    summary: ReplaySummary,
    /// Inside the first checkpoint (agents are restored from their states).
    first: bool,
    /// Record positions already handled (a batch's answers and replans).
    consumed: HashSet<usize>,
    timeline: Option<Timeline>,
    /// Position of the record being replayed.
    at: u64,
}

fn invalid(at: usize, m: impl std::fmt::Display) -> ReplayError {
    ReplayError::Invalid(format!("record {at}: {m}"))
}

pub(super) fn run(
    bytes: &[u8],
    want_timeline: bool,
) -> Result<(ReplaySummary, Option<Timeline>), ReplayError> {
    let records = rf::read_records(bytes).map_err(ReplayError::Invalid)?;
    if !matches!(records.first(), Some(Record::Checkpoint { .. })) {
        return Err(ReplayError::Invalid(
            "the recording does not start with a checkpoint".into(),
        ));
    }
    let world = World::new(WorldDef {
        worker_threads: 1,
        ..WorldDef::default()
    });
    world.replay_capture();
    let mut r = Replay {
        world,
        worlds: HashMap::new(),
        versions: HashMap::new(),
        agents: HashMap::new(),
        summary: ReplaySummary {
            records: records.len() as u64,
            ..ReplaySummary::default()
        },
        first: false,
        consumed: HashSet::new(),
        timeline: want_timeline.then(Timeline::default),
        at: 0,
    };
    let mut checkpoints = 0;
    for i in 0..records.len() {
        if r.consumed.contains(&i) {
            continue;
        }
        r.at = i as u64;
        match &records[i] {
            Record::Checkpoint { .. } => {
                checkpoints += 1;
                r.first = checkpoints == 1;
            }
            Record::CheckpointEnd => r.first = false,
            Record::End { window, .. } => {
                if i + 1 != records.len() {
                    return Err(invalid(i, "an end record before the end"));
                }
                r.summary.window = (*window > 0.0).then_some(*window);
            }
            Record::BatchBegin {
                max_agents,
                max_nodes,
                cursor,
            } => {
                r.batch(&records, i, *max_agents, *max_nodes, *cursor)?;
            }
            Record::BatchEnd { .. } => return Err(invalid(i, "a batch end without its begin")),
            rec => r.apply(i, rec)?,
        }
    }
    for (id, k) in &r.agents {
        if let Some((at, e)) = k.expected.front() {
            return Err(r.diverged(
                *at,
                Some(*id),
                "replan",
                describe_replan(&r.domain_of(*id), e),
                "no such replan".into(),
            ));
        }
    }
    r.summary.agents += r.agents.len() as u64;
    if let Some(t) = r.timeline.as_mut() {
        t.events = records.len() as u64;
        t.window = r.summary.window;
    }
    Ok((r.summary, r.timeline))
}

impl Replay {
    fn domain_of(&self, id: AgentId) -> Arc<Domain> {
        self.world
            .replay_peek(id, |a| Arc::clone(a.domain()))
            .unwrap_or_default()
    }

    fn diverged(
        &self,
        at: u64,
        agent: Option<AgentId>,
        what: &str,
        expected: String,
        got: String,
    ) -> ReplayError {
        let (step, time) = agent
            .and_then(|id| {
                let steps = self.agents.get(&id).map_or(0, |k| k.steps);
                self.world.replay_peek(id, |a| (steps, a.clock()))
            })
            .unwrap_or((0, 0.0));
        ReplayError::Diverged(Box::new(Divergence {
            record: at,
            agent,
            step,
            time,
            what: what.into(),
            expected,
            got,
        }))
    }

    fn world_id(&self, at: usize, world: u32) -> Result<DomainId, ReplayError> {
        self.worlds
            .get(&world)
            .copied()
            .ok_or_else(|| invalid(at, format!("domain {world} was never defined")))
    }

    fn version(&self, at: usize, key: u32) -> Result<&Version, ReplayError> {
        self.versions
            .get(&key)
            .ok_or_else(|| invalid(at, format!("domain version {key} was never defined")))
    }

    fn apply(&mut self, i: usize, rec: &Record) -> Result<(), ReplayError> {
        let at = i as u64;
        match rec {
            Record::Layout {
                first,
                generations,
                free,
                cursor,
            } => {
                if self.first && self.agents.is_empty() {
                    self.world
                        .replay_layout(*first, generations, free, *cursor)
                        .map_err(|m| invalid(i, m))?;
                }
            }
            Record::Domain {
                key,
                world,
                name,
                current,
                def,
            } => {
                let (domain, start, goals) = rf::domain_of(def).map_err(|m| invalid(i, m))?;
                let domain = Arc::new(domain);
                let index = match self.timeline.as_mut() {
                    Some(t) => {
                        t.domains.push(TimelineDomain {
                            name: name.clone(),
                            domain: Arc::clone(&domain),
                        });
                        t.domains.len() - 1
                    }
                    None => 0,
                };
                match self.worlds.get(world) {
                    None => {
                        let id = self
                            .world
                            .replay_domain(name, Arc::clone(&domain), start, goals)
                            .map_err(|e| invalid(i, e))?;
                        self.worlds.insert(*world, id);
                    }
                    Some(&id) if *current => self
                        .world
                        .replay_set_domain(id, Arc::clone(&domain), start, goals)
                        .map_err(|e| invalid(i, e))?,
                    Some(_) => {}
                }
                self.versions.insert(*key, Version { domain, index });
            }
            Record::SharedState { world, values } => {
                let id = self.world_id(i, *world)?;
                if self.first {
                    self.world
                        .replay_shared(id, values)
                        .map_err(|m| invalid(i, m))?;
                }
            }
            Record::AgentState {
                agent,
                world,
                key,
                snap,
            } => {
                let id = AgentId::from_parts(agent.0, agent.1);
                let wid = self.world_id(i, *world)?;
                let domain = Arc::clone(&self.version(i, *key)?.domain);
                if self.agents.contains_key(&id) {
                    // A later checkpoint: the replayed agent must hold exactly this.
                    let got = self
                        .world
                        .replay_peek(id, |a| a.snapshot())
                        .ok_or_else(|| invalid(i, "the agent is gone"))?;
                    if got != **snap {
                        let (e, g) = first_difference(snap, &got);
                        return Err(self.diverged(
                            at,
                            Some(id),
                            "agent state at a checkpoint",
                            e,
                            g,
                        ));
                    }
                    return Ok(());
                }
                let mut agent = Agent::restore(id, Arc::clone(&domain), snap, &mut Planner::new())
                    .map_err(|m| invalid(i, m))?;
                let answers = Arc::new(Mutex::new(VecDeque::new()));
                if snap.callbacks {
                    agent.install_callbacks_quietly(Box::new(Recorded(Arc::clone(&answers))));
                }
                self.world
                    .replay_insert_agent(wid, agent, snap.subscribed.as_ref())
                    .map_err(|m| invalid(i, m))?;
                self.know(id, *key, answers);
                self.entry(id, TimelineWhat::Created);
            }
            Record::CreateAgent {
                agent,
                world,
                key,
                def,
                state,
                goals,
            } => {
                let want = AgentId::from_parts(agent.0, agent.1);
                let wid = self.world_id(i, *world)?;
                let domain = Arc::clone(&self.version(i, *key)?.domain);
                let def = rf::agent_def_of(def).map_err(|m| invalid(i, m))?;
                let state = rf::state_of(state, &domain).map_err(|m| invalid(i, m))?;
                let goals = goals
                    .iter()
                    .map(|g| rf::goal_def_of(g, &domain))
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|m| invalid(i, m))?;
                let got = self
                    .world
                    .replay_create_agent(wid, domain, state, &goals, def)
                    .map_err(|e| invalid(i, e))?;
                if got != want {
                    return Err(self.diverged(
                        at,
                        None,
                        "the id of a new agent",
                        format!("{}.{}", want.index(), want.generation()),
                        format!("{}.{}", got.index(), got.generation()),
                    ));
                }
                self.know(want, *key, Arc::default());
                self.entry(want, TimelineWhat::Created);
            }
            Record::DestroyAgent { agent } => {
                let id = AgentId::from_parts(agent.0, agent.1);
                if self.agents.contains_key(&id) {
                    self.entry(id, TimelineWhat::Destroyed);
                    self.world.destroy_agent(id).map_err(|e| invalid(i, e))?;
                    self.drain(at)?;
                    self.agents.remove(&id);
                    self.summary.agents += 1;
                } else {
                    self.world.replay_release(id);
                }
            }
            Record::SetShared { world, facts, vars } => {
                let id = self.world_id(i, *world)?;
                let facts: Vec<FactValue> = facts
                    .iter()
                    .map(|&(f, v)| FactValue::new(FactId(f), v))
                    .collect();
                let vars: Vec<(VarId, i32)> = vars.iter().map(|&(v, x)| (VarId(v), x)).collect();
                if let Err(e) = self.world.set_shared(id, &facts, &vars) {
                    return Err(self.diverged(
                        at,
                        None,
                        "a shared write",
                        "accepted".into(),
                        format!("refused: {e}"),
                    ));
                }
                self.drain(at)?;
            }
            Record::Replan { agent, replan } => {
                let id = AgentId::from_parts(agent.0, agent.1);
                if let Some(k) = self.agents.get_mut(&id) {
                    k.expected.push_back((at, replan.clone()));
                }
            }
            Record::Answers { agent, answers } => {
                let id = AgentId::from_parts(agent.0, agent.1);
                if let Some(k) = self.agents.get(&id) {
                    k.answers.lock().extend(answers.iter().cloned());
                }
            }
            rec => {
                let Some(id) = rec.agent() else {
                    return Err(invalid(i, "a record out of place"));
                };
                if !self.agents.contains_key(&id) {
                    // Before its state in a checkpoint, or of an agent the recording never
                    // showed: nothing to replay.
                    return Ok(());
                }
                self.agent_input(i, id, rec)?;
            }
        }
        Ok(())
    }

    fn know(&mut self, id: AgentId, key: u32, answers: Arc<Mutex<VecDeque<Answer>>>) {
        let index = self.versions.get(&key).map_or(0, |v| v.index);
        let timeline = match self.timeline.as_mut() {
            Some(t) => {
                t.agents.push(AgentTimeline {
                    id,
                    domain: index,
                    entries: Vec::new(),
                });
                t.agents.len() - 1
            }
            None => 0,
        };
        self.agents.insert(
            id,
            Known {
                expected: VecDeque::new(),
                answers,
                steps: 0,
                timeline,
            },
        );
    }

    fn agent_input(&mut self, i: usize, id: AgentId, rec: &Record) -> Result<(), ReplayError> {
        let at = i as u64;
        let w = &self.world;
        let refused = |this: &Self, e: crate::world::WorldError| {
            this.diverged(
                at,
                Some(id),
                "an input",
                "accepted".into(),
                format!("refused: {e}"),
            )
        };
        let what = match rec {
            Record::SetFact { fact, value, .. } => {
                w.with_agent(id, |a| a.set_fact(FactId(*fact), *value))
                    .map_err(|e| refused(self, e))?;
                Some(TimelineWhat::Fact(FactId(*fact), *value))
            }
            Record::SetVar { var, value, .. } => {
                w.with_agent(id, |a| a.set_var(VarId(*var), *value))
                    .map_err(|e| refused(self, e))?;
                Some(TimelineWhat::Var(VarId(*var), *value))
            }
            Record::AddGoal { goal, id: gid, .. } => {
                let domain = self.domain_of(id);
                let def = rf::goal_def_of(goal, &domain).map_err(|m| invalid(i, m))?;
                let (name, priority) = (def.name.clone(), def.priority);
                let got = w
                    .with_agent(id, |a| a.add_goal(def))
                    .map_err(|e| refused(self, e))?;
                if rf::goal_rec(got) != *gid {
                    return Err(self.diverged(
                        at,
                        Some(id),
                        "the id of a new goal",
                        format!("{}.{}", gid.0, gid.1),
                        format!("{}.{}", got.index(), got.generation()),
                    ));
                }
                Some(TimelineWhat::GoalAdded(name, priority))
            }
            Record::RemoveGoal { goal, .. } => {
                let g = GoalId::from_parts(goal.0, goal.1);
                let def = w
                    .with_agent(id, |a| a.remove_goal(g))
                    .map_err(|e| refused(self, e))?;
                Some(TimelineWhat::GoalRemoved(def.name))
            }
            Record::Priority { goal, priority, .. } => {
                let g = GoalId::from_parts(goal.0, goal.1);
                let name = w
                    .with_agent(id, |a| {
                        a.set_priority(g, *priority)?;
                        Ok(a.goal(g)?.name.clone())
                    })
                    .map_err(|e| refused(self, e))?;
                Some(TimelineWhat::Priority(name, *priority))
            }
            Record::Enabled {
                action, enabled, ..
            } => {
                w.with_agent(id, |a| a.set_action_enabled(ActionId(*action), *enabled))
                    .map_err(|e| refused(self, e))?;
                Some(TimelineWhat::ActionEnabled(ActionId(*action), *enabled))
            }
            Record::Cost { action, cost, .. } => {
                w.with_agent(id, |a| a.set_action_cost(ActionId(*action), *cost))
                    .map_err(|e| refused(self, e))?;
                Some(TimelineWhat::ActionCost(ActionId(*action), *cost))
            }
            Record::StepBudget { budget, .. } => {
                let b = rf::budget_of(budget);
                w.with_agent(id, |a| {
                    a.set_step_budget(b);
                    Ok(())
                })
                .map_err(|e| refused(self, e))?;
                None
            }
            Record::Callbacks { present, .. } => {
                let answers = Arc::clone(&self.agents[&id].answers);
                w.with_agent(id, |a| {
                    a.set_callbacks(
                        present.then(|| Box::new(Recorded(answers)) as Box<dyn ContextCallbacks>),
                    );
                    Ok(())
                })
                .map_err(|e| refused(self, e))?;
                None
            }
            Record::Synced { .. } => {
                let before = w.replay_peek(id, |a| a.state().clone());
                w.replay_peek(id, |a| a.sync_shared());
                let after = w.replay_peek(id, |a| a.state().clone());
                (before != after).then_some(TimelineWhat::Shared)
            }
            Record::Report { outcome, .. } => {
                let report = rf::report_of(*outcome)
                    .ok_or_else(|| invalid(i, format!("unknown report code {outcome}")))?;
                let action = w
                    .replay_peek(id, |a| a.plan().first().copied())
                    .flatten()
                    .unwrap_or(ActionId(u32::MAX));
                if let Err(e) = w.with_agent(id, |a| a.report(report)) {
                    return Err(self.diverged(
                        at,
                        Some(id),
                        "a report",
                        "accepted (an action in progress)".into(),
                        format!("refused: {e}"),
                    ));
                }
                Some(TimelineWhat::Report(action, report))
            }
            Record::Step {
                dt,
                spent,
                result,
                state,
                ..
            } => {
                // A time budget's slices end where the recorded ones did: a step that
                // returned "planning" stopped its search after `spent` expansions (a slice
                // stops before taking up a node once its expansions are spent); any other
                // ran its search, if any, to the end.
                let timed = w
                    .replay_peek(id, |a| a.def().step_budget.max_time.is_some())
                    .unwrap_or(false);
                let suspended = matches!(result, Ok(s) if s.kind == 5);
                let budget = if suspended {
                    SearchBudget::expansions((*spent).max(1))
                } else {
                    SearchBudget::UNLIMITED
                };
                let saved = timed.then(|| w.replay_peek(id, |a| a.swap_step_budget(budget)));
                let got = w.step_agent(id, *dt);
                if let Some(Some(b)) = saved {
                    w.replay_peek(id, |a| a.swap_step_budget(b));
                }
                self.summary.steps += 1;
                self.drain(at)?;
                let got = got.map(|s| StepRec::of(&s)).map_err(|e| e.to_string());
                let domain = self.domain_of(id);
                if got != *result {
                    return Err(self.diverged(
                        at,
                        Some(id),
                        "step result",
                        describe_step(&domain, result),
                        describe_step(&domain, &got),
                    ));
                }
                if let Some((rat, e)) = self.agents[&id].expected.front() {
                    return Err(self.diverged(
                        *rat,
                        Some(id),
                        "replan",
                        describe_replan(&domain, e),
                        "no replan".into(),
                    ));
                }
                self.check_state(at, id, &domain, *state)?;
                if let Some(k) = self.agents.get_mut(&id) {
                    k.steps += 1;
                }
                match got {
                    Ok(s) => match s.step_kind() {
                        Some(StepKind::Continue(_)) => None,
                        Some(kind) => Some(TimelineWhat::Step(kind)),
                        None => None,
                    },
                    Err(_) => None,
                }
            }
            Record::Steps {
                dt,
                count,
                result,
                state,
                ..
            } => {
                if *count > rf::MAX_RUN {
                    return Err(invalid(
                        i,
                        format!(
                            "a run of {count} steps (at most {} are recorded as one)",
                            rf::MAX_RUN
                        ),
                    ));
                }
                let domain = self.domain_of(id);
                let want = Ok(*result);
                for _ in 0..*count {
                    let got = self
                        .world
                        .step_agent(id, *dt)
                        .map(|s| StepRec::of(&s))
                        .map_err(|e| e.to_string());
                    self.summary.steps += 1;
                    self.drain(at)?;
                    if got != want {
                        return Err(self.diverged(
                            at,
                            Some(id),
                            "step result",
                            describe_step(&domain, &want),
                            describe_step(&domain, &got),
                        ));
                    }
                    if let Some(k) = self.agents.get_mut(&id) {
                        k.steps += 1;
                    }
                }
                self.check_state(at, id, &domain, *state)?;
                None
            }
            _ => return Err(invalid(i, "a record out of place")),
        };
        self.drain(at)?;
        if let Some(what) = what {
            self.entry(id, what);
        }
        Ok(())
    }

    /// Checks the agent's believed state against the digest recorded after a step (the
    /// state is described only when they differ).
    fn check_state(
        &self,
        at: u64,
        id: AgentId,
        domain: &Domain,
        state: u32,
    ) -> Result<(), ReplayError> {
        let got = self
            .world
            .replay_peek(id, |a| {
                let s = a.state();
                let hash = rf::state_hash(s, domain.var_count());
                (hash != state).then(|| (hash, describe_state(domain, s)))
            })
            .flatten();
        match got {
            None => Ok(()),
            Some((hash, believed)) => Err(self.diverged(
                at,
                Some(id),
                "believed state after the step",
                format!("a state with digest {state:08x}"),
                format!("{believed} (digest {hash:08x})"),
            )),
        }
    }

    /// Checks the replans the replay made since the last call against those recorded.
    fn drain(&mut self, at: u64) -> Result<(), ReplayError> {
        for (rec, problem) in self.world.replay_captured() {
            let Record::Replan { agent, replan } = rec else {
                continue;
            };
            let id = AgentId::from_parts(agent.0, agent.1);
            let domain = self.domain_of(id);
            let Some(k) = self.agents.get_mut(&id) else {
                continue;
            };
            match k.expected.pop_front() {
                Some((_, e)) if e == replan => {}
                Some((rat, e)) => {
                    return Err(self.diverged(
                        rat,
                        Some(id),
                        "replan",
                        describe_replan(&domain, &e),
                        describe_replan(&domain, &replan),
                    ))
                }
                None => {
                    return Err(self.diverged(
                        at,
                        Some(id),
                        "replan",
                        "no replan".into(),
                        describe_replan(&domain, &replan),
                    ))
                }
            }
            self.summary.replans += 1;
            let name = |g: Option<rf::IdRec>| {
                g.and_then(|g| {
                    self.world.replay_peek(id, |a| {
                        a.goal(GoalId::from_parts(g.0, g.1))
                            .map(|d| d.name.clone())
                            .ok()
                    })
                })
                .flatten()
            };
            let what = TimelineWhat::Replan(Box::new(TimelineReplan {
                cause: replan.replan_cause().unwrap_or(crate::ReplanCause::NoPlan),
                result: replan
                    .replan_result()
                    .unwrap_or(crate::agent::ReplanResult::NoPlan),
                goal: name(replan.goal),
                plan: replan.plan.iter().map(|&a| ActionId(a)).collect(),
                cost: replan.cost,
                expanded: replan.expanded,
                search: problem.map(|p: SearchProblem| p),
            }));
            self.entry(id, what);
        }
        Ok(())
    }

    fn batch(
        &mut self,
        records: &[Record],
        i: usize,
        max_agents: u32,
        max_nodes: u64,
        cursor: u32,
    ) -> Result<(), ReplayError> {
        let end = (i + 1..records.len())
            .find(|&j| matches!(records[j], Record::BatchEnd { .. }))
            .ok_or_else(|| invalid(i, "a batch without its end"))?;
        // The answers and replans recorded during the batch are what it will ask for and
        // should make.
        for (j, rec) in records.iter().enumerate().take(end).skip(i + 1) {
            match rec {
                Record::Answers { .. } | Record::Replan { .. } => {
                    self.apply(j, rec)?;
                    self.consumed.insert(j);
                }
                _ => {}
            }
        }
        self.world.replay_cursor(cursor);
        let stats = self.world.plan_agents(&BatchOptions {
            max_agents,
            max_nodes,
            threads: 1,
        });
        self.summary.batches += 1;
        self.at = i as u64;
        self.drain(i as u64)?;
        if let Record::BatchEnd {
            planned,
            waiting,
            callback_errors,
        } = records[end]
        {
            let want = (planned, waiting, callback_errors);
            let got = (stats.planned, stats.waiting, stats.callback_errors);
            if want != got {
                let f = |(p, w, c): (u32, u32, u32)| {
                    format!("{p} planned, {w} waiting, {c} callback errors")
                };
                return Err(self.diverged(end as u64, None, "batch", f(want), f(got)));
            }
        }
        self.consumed.insert(end);
        for (id, k) in &self.agents {
            if let Some((at, e)) = k.expected.front() {
                if (*at as usize) < end {
                    return Err(self.diverged(
                        *at,
                        Some(*id),
                        "replan in a batch",
                        describe_replan(&self.domain_of(*id), e),
                        "no replan".into(),
                    ));
                }
            }
        }
        Ok(())
    }

    /// Adds a timeline entry for the agent as it is now.
    fn entry(&mut self, id: AgentId, what: TimelineWhat) {
        let Some(t) = self.timeline.as_mut() else {
            return;
        };
        let Some(k) = self.agents.get(&id) else {
            return;
        };
        let record = self.at;
        let Some(entry) = self.world.replay_peek(id, |a| {
            let goals: Vec<(String, f64)> = a
                .goals()
                .map(|(_, g)| (g.name.clone(), g.priority))
                .collect();
            let goal = a
                .current_goal()
                .and_then(|g| a.goals().position(|(gid, _)| gid == g));
            let (plan, _, next) = a.full_plan();
            TimelineEntry {
                time: a.clock(),
                record,
                what,
                state: a.state().clone(),
                goals,
                goal,
                plan: plan.to_vec(),
                plan_index: next,
            }
        }) else {
            return;
        };
        t.agents[k.timeline].entries.push(entry);
    }
}

fn action_name(d: &Domain, a: u32) -> String {
    d.action(ActionId(a))
        .map_or_else(|| format!("action {a}"), |x| x.name().to_owned())
}

fn describe_state(d: &Domain, s: &crate::state::WorldState) -> String {
    let mut parts: Vec<String> = s.true_facts().map(|f| d.fact_name(f).to_owned()).collect();
    for (i, v) in d.vars().iter().enumerate() {
        parts.push(format!("{} = {}", v.name(), d.value(s, VarId(i as u32))));
    }
    format!("{{{}}}", parts.join(", "))
}

fn describe_step(d: &Domain, r: &Result<StepRec, String>) -> String {
    match r {
        Err(m) => format!("error: {m}"),
        Ok(s) => {
            let kind = match s.kind {
                0 => "start",
                1 => "continue",
                2 => "idle",
                3 => "no plan",
                4 => "waiting",
                5 => "planning",
                _ => "?",
            };
            let mut t = kind.to_string();
            if let Some(a) = s.action {
                t += &format!(" {}", action_name(d, a));
            }
            if let Some(g) = s.goal {
                t += &format!(", goal {}.{}", g.0, g.1);
            }
            t += &format!(", plan index {}", s.plan_index);
            if s.replanned {
                t += ", replanned";
            }
            t
        }
    }
}

fn describe_replan(d: &Domain, r: &ReplanRec) -> String {
    let cause = r.replan_cause().map_or("?", |c| c.name());
    let result = match r.result {
        0 => "found",
        1 => "no plan",
        2 => "limit reached",
        3 => "skipped",
        4 => "kept",
        _ => "?",
    };
    let plan: Vec<String> = r.plan.iter().map(|&a| action_name(d, a)).collect();
    format!(
        "{cause} → {result}, plan [{}] cost {}, {} goals tried, {} expanded",
        plan.join(", "),
        r.cost,
        r.goals_tried,
        r.expanded
    )
}

/// The first field where two agent states differ, as (expected, got).
fn first_difference(want: &rf::AgentSnap, got: &rf::AgentSnap) -> (String, String) {
    let a = serde_json::to_value(want).unwrap_or_default();
    let b = serde_json::to_value(got).unwrap_or_default();
    if let (Some(a), Some(b)) = (a.as_object(), b.as_object()) {
        for (k, v) in a {
            if b.get(k) != Some(v) {
                let g = b.get(k).cloned().unwrap_or_default();
                return (format!("{k} = {v}"), format!("{k} = {g}"));
            }
        }
    }
    (a.to_string(), b.to_string())
}
