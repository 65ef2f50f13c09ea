//! The Agents view's data: per agent of a [`Timeline`], one row per entry with what
//! happened, where it sits on the common time axis, and how the agent was just after (its
//! believed state and what changed in it, its goals, the goal pursued, the plan and the
//! current step), and for replans the index of their embedded search.

use serde_json::{json, Value};

use super::search::{search, SearchLabel, MAX_SHOWN_STATES};
use super::text;
use super::MAX_EMBEDDED_SEARCHES;
use crate::agent::{ReplanResult, Report, StepKind};
use crate::domain::{ActionId, Domain};
use crate::record::{Timeline, TimelineWhat};
use crate::state::WorldState;

/// An agent's name on the page: `agent 3` (its slot), with the generation when not 0.
fn agent_name(id: crate::agent::AgentId) -> String {
    match id.generation() {
        0 | 1 => format!("agent {}", id.index()),
        g => format!("agent {} (gen {g})", id.index()),
    }
}

/// What happened, as (kind, text): the kind picks the row's colour and icon.
fn describe(domain: &Domain, what: &TimelineWhat) -> (&'static str, String) {
    let action = |a: ActionId| domain.action(a).map_or("?", |a| a.name()).to_owned();
    match what {
        TimelineWhat::Created => ("life", "created".into()),
        TimelineWhat::Destroyed => ("life", "destroyed".into()),
        TimelineWhat::Fact(f, v) => ("sense", format!("sensed {} = {v}", domain.fact_name(*f))),
        TimelineWhat::Var(v, x) => (
            "sense",
            format!("sensed {} = {x}", domain.var(*v).map_or("?", |v| v.name())),
        ),
        TimelineWhat::Shared => ("sense", "shared facts changed its beliefs".into()),
        TimelineWhat::GoalAdded(n, p) => (
            "goal",
            format!("goal \"{n}\" added, priority {}", text::num(*p)),
        ),
        TimelineWhat::GoalRemoved(n) => ("goal", format!("goal \"{n}\" removed")),
        TimelineWhat::Priority(n, p) => ("goal", format!("\"{n}\" priority {}", text::num(*p))),
        TimelineWhat::ActionEnabled(a, on) => (
            "context",
            format!(
                "{} {}",
                action(*a),
                if *on { "enabled" } else { "disabled" }
            ),
        ),
        TimelineWhat::ActionCost(a, Some(c)) => {
            ("context", format!("{} costs {}", action(*a), text::num(*c)))
        }
        TimelineWhat::ActionCost(a, None) => {
            ("context", format!("{} back to its domain cost", action(*a)))
        }
        TimelineWhat::Step(kind) => match kind {
            StepKind::Start(a) => ("start", format!("start {}", action(*a))),
            StepKind::Continue(a) => ("step", format!("continue {}", action(*a))),
            StepKind::Idle => ("step", "idle: every goal is satisfied".into()),
            StepKind::NoPlan => ("noplan", "no plan for any goal".into()),
            StepKind::Waiting => ("step", "waiting for a batch plan".into()),
            StepKind::Planning(_) => ("step", "planning (the search goes on)".into()),
        },
        TimelineWhat::Report(a, r) => match r {
            Report::Running => ("report", format!("{} running", action(*a))),
            Report::Succeeded => ("report", format!("{} succeeded", action(*a))),
            Report::Failed => ("failed", format!("{} failed", action(*a))),
        },
        TimelineWhat::Replan(r) => {
            let outcome = match r.result {
                ReplanResult::Found => format!(
                    "plan of {} for \"{}\", cost {}",
                    r.plan.len(),
                    r.goal.as_deref().unwrap_or("?"),
                    text::num(r.cost)
                ),
                ReplanResult::NoPlan => "no plan".into(),
                ReplanResult::LimitReached => "node limit reached, no plan".into(),
                ReplanResult::Skipped => "steps skipped".into(),
                ReplanResult::Kept => "the plan in hand was kept".into(),
            };
            ("replan", format!("replan ({}): {outcome}", r.cause.name()))
        }
    }
}

/// The agents of `timeline`, appending the searches of their replans to `searches` (at
/// most [`MAX_EMBEDDED_SEARCHES`] in all; a note in `notes` says how many were left out).
pub fn agents(
    timeline: &Timeline,
    searches: &mut Vec<Value>,
    notes: &mut Vec<String>,
) -> Vec<Value> {
    let end = timeline
        .agents
        .iter()
        .flat_map(|a| a.entries.iter().map(|e| e.time))
        .fold(0.0f64, f64::max);
    let mut left_out = 0usize;
    let mut out = Vec::new();
    for agent in &timeline.agents {
        let Some(td) = timeline.domains.get(agent.domain) else {
            notes.push(format!(
                "{}: its domain {} is not in the recording; left out.",
                agent_name(agent.id),
                agent.domain
            ));
            continue;
        };
        let domain: &Domain = &td.domain;
        let name = agent_name(agent.id);
        let mut previous = WorldState::new();
        let mut rows = Vec::new();
        let mut replans = 0;
        for (i, e) in agent.entries.iter().enumerate() {
            let (kind, what) = describe(domain, &e.what);
            let x = if end > 0.0 {
                e.time / end
            } else if agent.entries.len() > 1 {
                i as f64 / (agent.entries.len() - 1) as f64
            } else {
                0.0
            };
            let mut row = json!({
                "t": e.time,
                "rec": e.record,
                "k": kind,
                "text": what,
                "x": (x * 10_000.0).round() / 10_000.0,
                "s": text::state(domain, &e.state),
                "changed": if i == 0 { Vec::new() } else { text::diff(domain, &previous, &e.state) },
                "goals": e.goals.iter().map(|(n, p)| json!([n, p])).collect::<Vec<_>>(),
                "goal": e.goal,
                "plan": e.plan.iter().map(|&a| domain.action(a).map_or("?", |a| a.name())).collect::<Vec<_>>(),
                "pi": e.plan_index,
                "search": Value::Null,
            });
            if let TimelineWhat::Replan(r) = &e.what {
                replans += 1;
                row["cause"] = json!(r.cause.name());
                if let Some(problem) = &r.search {
                    if searches.len() < MAX_EMBEDDED_SEARCHES {
                        row["search"] = json!(searches.len());
                        searches.push(search(
                            SearchLabel {
                                title: format!(
                                    "{name}, t = {} s: replan ({}) for \"{}\"",
                                    text::num(e.time),
                                    r.cause.name(),
                                    problem.goal_name
                                ),
                                goal: &problem.goal_name,
                                domain: agent.domain,
                            },
                            domain,
                            &problem.start,
                            &problem.goal,
                            &problem.context,
                            MAX_SHOWN_STATES,
                        ));
                    } else {
                        left_out += 1;
                    }
                }
            }
            previous = e.state.clone();
            rows.push(row);
        }
        out.push(json!({
            "name": name,
            "domain": agent.domain,
            "replans": replans,
            "entries": rows,
        }));
    }
    if left_out > 0 {
        notes.push(format!(
            "The searches of the first {MAX_EMBEDDED_SEARCHES} replans are on this page; {left_out} \
             later ones are not (to keep the page small)."
        ));
    }
    out
}

#[cfg(test)]
pub(crate) mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::agent::{AgentId, ReplanCause};
    use crate::format::parse_domain;
    use crate::planner::ActionContext;
    use crate::record::{
        AgentTimeline, SearchProblem, TimelineDomain, TimelineEntry, TimelineReplan,
    };

    /// A cook who washes and cuts, whose first cut fails and who replans.
    pub(crate) fn cook_timeline() -> Timeline {
        let file = parse_domain(
            r#"{"actions": [
                {"name": "洗菜", "pre": {"菜已买": true}, "effects": {"菜已洗": true}},
                {"name": "切菜", "cost": 2, "pre": {"菜已洗": true}, "effects": {"菜已切": true}}],
                "start": {"菜已买": true}, "goal": {"菜已切": true}}"#,
        )
        .unwrap();
        let d = &file.domain;
        let wash = d.action_id("洗菜").unwrap();
        let cut = d.action_id("切菜").unwrap();
        let goal = file.goal.clone().unwrap();
        let start = file.start.clone();
        let mut washed = start.clone();
        assert!(d.apply(&mut washed, wash));
        let goals = vec![("做饭".to_owned(), 2.0)];
        let entry = |time: f64,
                     record: u64,
                     what: TimelineWhat,
                     state: &WorldState,
                     plan: Vec<ActionId>,
                     pi: usize| {
            TimelineEntry {
                time,
                record,
                what,
                state: state.clone(),
                goals: goals.clone(),
                goal: Some(0),
                plan,
                plan_index: pi,
            }
        };
        let replan = |cause, start: &WorldState, plan: Vec<ActionId>, cost| {
            TimelineWhat::Replan(Box::new(TimelineReplan {
                cause,
                result: ReplanResult::Found,
                goal: Some("做饭".into()),
                plan,
                cost,
                expanded: 3,
                search: Some(SearchProblem {
                    start: start.clone(),
                    goal: goal.clone(),
                    goal_name: "做饭".into(),
                    context: ActionContext::new(),
                }),
            }))
        };
        let entries = vec![
            entry(0.0, 0, TimelineWhat::Created, &start, vec![], 0),
            entry(
                0.0,
                1,
                TimelineWhat::GoalAdded("做饭".into(), 2.0),
                &start,
                vec![],
                0,
            ),
            entry(
                0.0,
                2,
                replan(ReplanCause::NoPlan, &start, vec![wash, cut], 3.0),
                &start,
                vec![wash, cut],
                0,
            ),
            entry(
                0.0,
                3,
                TimelineWhat::Step(StepKind::Start(wash)),
                &start,
                vec![wash, cut],
                0,
            ),
            entry(
                1.0,
                4,
                TimelineWhat::Report(wash, Report::Succeeded),
                &washed,
                vec![wash, cut],
                1,
            ),
            entry(
                1.0,
                5,
                TimelineWhat::Step(StepKind::Start(cut)),
                &washed,
                vec![wash, cut],
                1,
            ),
            entry(
                2.5,
                6,
                TimelineWhat::Report(cut, Report::Failed),
                &washed,
                vec![wash, cut],
                1,
            ),
            entry(
                2.5,
                7,
                replan(ReplanCause::ActionFailed, &washed, vec![cut], 2.0),
                &washed,
                vec![cut],
                0,
            ),
        ];
        Timeline {
            domains: vec![TimelineDomain {
                name: "厨房".into(),
                domain: Arc::new(file.domain.clone()),
            }],
            agents: vec![AgentTimeline {
                id: AgentId::from_parts(0, 1),
                domain: 0,
                entries,
            }],
            events: 8,
            window: None,
        }
    }

    #[test]
    fn rows_say_what_happened_and_how_the_agent_was() {
        let t = cook_timeline();
        let mut searches = Vec::new();
        let mut notes = Vec::new();
        let agents = agents(&t, &mut searches, &mut notes);
        assert!(notes.is_empty());
        assert_eq!(agents.len(), 1);
        let a = &agents[0];
        assert_eq!(a["name"], "agent 0");
        assert_eq!(a["replans"], 2);
        let rows = a["entries"].as_array().unwrap();
        let texts: Vec<&str> = rows.iter().map(|r| r["text"].as_str().unwrap()).collect();
        assert_eq!(
            texts,
            [
                "created",
                "goal \"做饭\" added, priority 2",
                "replan (no_plan): plan of 2 for \"做饭\", cost 3",
                "start 洗菜",
                "洗菜 succeeded",
                "start 切菜",
                "切菜 failed",
                "replan (action_failed): plan of 1 for \"做饭\", cost 2",
            ]
        );
        assert_eq!(rows[6]["k"], "failed");
        assert_eq!(rows[7]["cause"], "action_failed");
        // Time on a common axis: 2.5 s is the end.
        assert_eq!(rows[4]["x"], 0.4);
        assert_eq!(rows[7]["x"], 1.0);
        // The state after the wash, and what changed.
        assert_eq!(rows[4]["changed"], json!(["+菜已洗"]));
        assert_eq!(rows[4]["s"]["f"], json!([0, 1]));
        assert_eq!(rows[4]["plan"], json!(["洗菜", "切菜"]));
        assert_eq!(rows[4]["pi"], 1);
        assert_eq!(rows[4]["goals"], json!([["做饭", 2.0]]));
        // Each replan links to its search, which finds the plan the agent got.
        assert_eq!(rows[2]["search"], 0);
        assert_eq!(rows[7]["search"], 1);
        assert!(rows[3]["search"].is_null());
        assert_eq!(searches[1]["plan"], json!(["切菜"]));
        assert_eq!(searches[0]["plan"], json!(["洗菜", "切菜"]));
        assert!(searches[1]["title"]
            .as_str()
            .unwrap()
            .contains("t = 2.5 s: replan (action_failed)"));
    }

    #[test]
    fn embedded_searches_are_capped_with_a_note() {
        let mut t = cook_timeline();
        let replan = t.agents[0].entries[7].clone();
        for _ in 0..MAX_EMBEDDED_SEARCHES {
            t.agents[0].entries.push(replan.clone());
        }
        let mut searches = Vec::new();
        let mut notes = Vec::new();
        let agents = agents(&t, &mut searches, &mut notes);
        assert_eq!(searches.len(), MAX_EMBEDDED_SEARCHES);
        assert_eq!(agents[0]["replans"], MAX_EMBEDDED_SEARCHES + 2);
        assert_eq!(notes.len(), 1);
        assert!(notes[0].contains("first 300 replans"), "{}", notes[0]);
        assert!(notes[0].contains("2 later ones"), "{}", notes[0]);
        let last = agents[0]["entries"]
            .as_array()
            .unwrap()
            .last()
            .unwrap()
            .clone();
        assert!(last["search"].is_null());
    }
}
