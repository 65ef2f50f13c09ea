//! `goap demo`: a small deterministic village simulation driven through the agent API,
//! printed as a timeline (seconds, NPC, event).
//!
//! Four NPCs share `examples/domains/village.json`. Each enables its own work goal (the
//! others of the file get priority 0) and has an `eat` goal whose priority is its hunger,
//! rising every second and back to 0 after a meal; from [`HUNGRY`] on, the engine senses
//! `fed` as false, so eating becomes something to do. The simulation is the "engine": it
//! writes facts and priorities, steps the agents, performs the actions for the number of
//! seconds [`duration`] says and reports the outcome. The agents are created with
//! `plan_in_step: false`, so every search runs in a [`World::plan_agents`] batch (the first
//! one at t = 0 plans all four). Two scripted events: a thief steals the cook's flour while
//! she bakes (her action fails), and a passer-by gives the traveller, stuck without a plan,
//! a coin. Nothing depends on the clock or the thread timing: two runs print the same text.

use goap::agent::{GoalId, ReplanEvent, ReplanResult};
use goap::world::{DomainId, WorldError};
use goap::{
    ActionId, AgentDef, AgentId, BatchOptions, Domain, FactId, FactValue, ReplanCause, Report,
    StepKind, World, WorldDef,
};

use goap::explain::ExplainOptions;
use goap::record::{MemorySink, RecordOptions};

const VILLAGE: &str = include_str!("../../../../examples/domains/village.json");

/// Seconds simulated (one step per second).
const END: u32 = 18;

/// Threads of every batch (fixed, so the printed statistics are the same everywhere).
const THREADS: u32 = 2;

/// Another goal must beat the current one's priority by more than this to take over.
const MARGIN: f64 = 1.0;

/// Priority of a work goal.
const WORK: f64 = 5.0;

/// Hunger (tenths) from which an NPC is hungry: the engine senses `fed` as false.
const HUNGRY: u32 = 30;

/// How long an action takes, in seconds: the simulation's clock, not the planner's cost
/// (costs say what an NPC prefers; durations how long the world takes to do it).
fn duration(action: &str) -> u32 {
    const TABLE: [(&str, u32); 3] = [("bake_bread", 3), ("repair_bridge", 3), ("harvest", 2)];
    if action.starts_with("go_") {
        return 2;
    }
    TABLE
        .iter()
        .find(|(name, _)| *name == action)
        .map_or(1, |&(_, s)| s)
}

/// Who is in the village.
struct Role {
    name: &'static str,
    job: &'static str,
    /// Facts true at the start (every other one false).
    facts: &'static [&'static str],
    /// The work goal (a `goals` entry of the file) and its priority.
    work: (&'static str, f64),
    /// Hunger at t = 0 and its rise per second, in tenths (hunger is eat's priority).
    hunger: (u32, u32),
}

const CAST: [Role; 4] = [
    Role {
        name: "Mara",
        job: "cook",
        facts: &["at_bakery", "has_flour", "has_coin"],
        work: ("bake", WORK),
        hunger: (0, 3),
    },
    Role {
        name: "Tom",
        job: "farmer",
        facts: &["at_field", "has_sickle"],
        work: ("farm", WORK),
        hunger: (10, 4),
    },
    Role {
        name: "Brom",
        job: "guard",
        facts: &["at_gate", "has_coin"],
        work: ("patrol", WORK),
        hunger: (46, 3),
    },
    Role {
        name: "Wren",
        job: "traveller",
        facts: &["at_river"],
        work: ("cross", 4.0),
        hunger: (5, 1),
    },
];

/// Scripted events: (second, NPC, what happens).
const SCRIPT: [(u32, usize, Happening); 2] = [
    (
        2,
        0,
        Happening::Theft {
            fact: "has_flour",
            text: "a thief takes her flour",
        },
    ),
    (
        9,
        3,
        Happening::Gift {
            fact: "has_coin",
            text: "a passer-by gives her a coin",
        },
    ),
];

#[derive(Clone, Copy)]
enum Happening {
    /// The fact is cleared in the NPC's believed state and its current action fails.
    Theft {
        fact: &'static str,
        text: &'static str,
    },
    /// The fact becomes true.
    Gift {
        fact: &'static str,
        text: &'static str,
    },
}

/// An NPC as the simulation sees it.
struct Npc {
    role: &'static Role,
    id: AgentId,
    eat: GoalId,
    /// Hunger in tenths.
    hunger: u32,
    /// The action being performed and the second it ends.
    action: Option<(ActionId, u32)>,
    /// Replans already printed.
    seen: u64,
    /// The goal of the last replan printed.
    goal: Option<GoalId>,
    /// Idle or stuck already printed.
    quiet: Option<StepKind>,
}

/// Runs the simulation and prints its timeline.
pub fn village(out: super::Outputs) -> Result<(), WorldError> {
    let world = World::new(WorldDef {
        worker_threads: THREADS as usize,
        ..WorldDef::default()
    });
    // The flight recorder keeps the run in memory: it is replayed (checked) at the end and
    // shown as a studio page.
    let recording = MemorySink::new();
    world.start_recording(Box::new(recording.clone()), RecordOptions::default())?;
    let domain_id = world.load_domain(VILLAGE)?;
    let entry = world.snapshot(domain_id)?;
    let d: &Domain = entry.domain();

    outln!("goap demo: four NPCs of examples/domains/village.json, one step a second.");
    outln!(
        "Work has priority {WORK} (crossing the river 4); eating has the hunger's, and is wanted \
         from {:.1}.",
        tenths(HUNGRY)
    );
    outln!(
        "A goal takes over when it beats the current one by more than {MARGIN}. Every search \
         runs in a batch."
    );
    outln!();
    let mut npcs = Vec::new();
    for role in &CAST {
        npcs.push(create(&world, domain_id, d, role)?);
        outln!(
            "  {:<5} {:<9} goal {:<6}  hunger {:.1}, +{:.1}/s   starts with {}",
            role.name,
            role.job,
            role.work.0,
            tenths(role.hunger.0),
            tenths(role.hunger.1),
            role.facts.join(", ")
        );
    }
    outln!();
    outln!("   t  who   event");

    let batch = BatchOptions {
        threads: THREADS,
        ..BatchOptions::default()
    };
    let fed = d.fact_id("fed").expect("village.json has fed");
    let mut batches = 0u32;
    for t in 0..=END {
        // The engine's part: outcomes of the actions, scripted events, sensed hunger.
        for (i, npc) in npcs.iter_mut().enumerate() {
            if t > 0 {
                npc.hunger += npc.role.hunger.1;
            }
            if let Some((a, end)) = npc.action {
                if end == t {
                    npc.action = None;
                    finish(&world, d, npc, a, t)?;
                }
            }
            for &(when, who, happening) in &SCRIPT {
                if when == t && who == i {
                    happen(&world, d, npc, happening, t)?;
                }
            }
            let (id, eat, hunger) = (npc.id, npc.eat, npc.hunger);
            world.with_agent(id, |a| {
                a.set_fact(fed, hunger < HUNGRY)?;
                a.set_priority(eat, tenths(hunger))
            })?;
        }
        // Step everyone; those who need a plan wait for the batch.
        let dt = if t == 0 { 0.0 } else { 1.0 };
        let mut kinds = Vec::with_capacity(npcs.len());
        for npc in &npcs {
            kinds.push(world.step_agent(npc.id, dt)?.kind);
        }
        if kinds.contains(&StepKind::Waiting) {
            let stats = world.plan_agents(&batch);
            batches += 1;
            if t == 0 {
                let cache = world.cache_stats();
                say(
                    t,
                    "batch",
                    &format!(
                        "plan_agents: {} planned, {} waiting, {} nodes expanded, {} threads; \
                         cache {} hits, {} misses",
                        stats.planned,
                        stats.waiting,
                        stats.expanded,
                        stats.threads,
                        cache.hits,
                        cache.misses
                    ),
                );
            }
            for (npc, kind) in npcs.iter().zip(kinds.iter_mut()) {
                if *kind == StepKind::Waiting {
                    *kind = world.step_agent(npc.id, 0.0)?.kind;
                }
            }
        }
        for (npc, kind) in npcs.iter_mut().zip(kinds) {
            report(&world, d, npc, kind, t)?;
        }
    }

    let mut counts = [0u64; 5];
    for npc in &npcs {
        world.with_agent(npc.id, |a| {
            for (n, cause) in counts.iter_mut().zip(ReplanCause::ALL) {
                *n += a.replan_count(cause);
            }
            Ok(())
        })?;
    }
    let by_cause: Vec<String> = ReplanCause::ALL
        .iter()
        .zip(counts)
        .map(|(c, n)| format!("{} {n}", c.name()))
        .collect();
    let cache = world.cache_stats();
    outln!();
    outln!(
        "{batches} plan_agents calls; plan cache: {} hits, {} misses",
        cache.hits,
        cache.misses
    );
    outln!(
        "{} replans in {END} s: {}",
        counts.iter().sum::<u64>(),
        by_cause.join(", ")
    );
    let stats = world.stop_recording()?;
    let bytes = recording.take();
    let timeline =
        goap::record::timeline(&bytes).map_err(|e| WorldError::Recording(e.to_string()))?;
    outln!(
        "flight recording: {} records, {} bytes; replayed in a new world: every decision matched",
        stats.records,
        bytes.len()
    );
    if let Some(path) = &out.record {
        std::fs::write(path, &bytes)
            .map_err(|e| WorldError::Recording(format!("cannot write {}: {e}", path.display())))?;
        outln!("recording written to {}", path.display());
    }
    let page = goap::studio::recording_page("goap demo: the village", &timeline);
    if let Some(dir) = out.studio.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| WorldError::Recording(format!("cannot create {}: {e}", dir.display())))?;
    }
    std::fs::write(&out.studio, page).map_err(|e| {
        WorldError::Recording(format!("cannot write {}: {e}", out.studio.display()))
    })?;
    outln!(
        "studio page of this run (open it in a browser): {}",
        out.studio.display()
    );
    Ok(())
}

/// Creates the agent of `role`: its start facts, its work goal on, the other work goals off.
fn create(
    world: &World,
    domain: DomainId,
    d: &Domain,
    role: &'static Role,
) -> Result<Npc, WorldError> {
    let def = AgentDef {
        switch_margin: MARGIN,
        plan_in_step: false,
        ..AgentDef::default()
    };
    let id = world.create_agent(domain, def)?;
    let eat = world.with_agent(id, |a| {
        for f in 0..d.fact_count() {
            let fact = FactId(f as u32);
            a.set_fact(fact, role.facts.contains(&d.fact_name(fact)))?;
        }
        let names: Vec<(GoalId, String)> = a.goals().map(|(id, g)| (id, g.name.clone())).collect();
        for (g, name) in &names {
            let priority = match name.as_str() {
                n if n == role.work.0 => role.work.1,
                "eat" => tenths(role.hunger.0),
                _ => 0.0,
            };
            a.set_priority(*g, priority)?;
        }
        Ok(a.find_goal("eat").expect("village.json has an eat goal"))
    })?;
    Ok(Npc {
        role,
        id,
        eat,
        hunger: role.hunger.0,
        action: None,
        seen: 0,
        goal: None,
        quiet: None,
    })
}

/// The engine finished `action` for `npc` at second `t`: reports success; a meal (an
/// action that makes `fed` true) resets the hunger.
fn finish(
    world: &World,
    d: &Domain,
    npc: &mut Npc,
    action: ActionId,
    t: u32,
) -> Result<(), WorldError> {
    world.with_agent(npc.id, |a| a.report(Report::Succeeded))?;
    let fed = d.fact_id("fed").expect("village.json has fed");
    let ate = d.actions()[action.index()]
        .effects()
        .entries()
        .contains(&FactValue::new(fed, true));
    if ate {
        say(
            t,
            npc.role.name,
            &format!(
                "ate ({}): hunger {:.1} → 0",
                d.actions()[action.index()].name(),
                tenths(npc.hunger)
            ),
        );
        npc.hunger = 0;
    }
    Ok(())
}

/// A scripted event.
fn happen(
    world: &World,
    d: &Domain,
    npc: &mut Npc,
    happening: Happening,
    t: u32,
) -> Result<(), WorldError> {
    match happening {
        Happening::Theft { fact, text } => {
            let f = d.fact_id(fact).expect("the script names village facts");
            let running = npc.action.take();
            world.with_agent(npc.id, |a| {
                a.set_fact(f, false)?;
                if running.is_some() {
                    a.report(Report::Failed)?;
                }
                Ok(())
            })?;
            let what = running.map_or("nothing".into(), |(a, _)| {
                d.actions()[a.index()].name().to_owned()
            });
            say(
                t,
                npc.role.name,
                &format!("{text} ({fact} := false): {what} reported failed"),
            );
        }
        Happening::Gift { fact, text } => {
            let f = d.fact_id(fact).expect("the script names village facts");
            world.with_agent(npc.id, |a| a.set_fact(f, true))?;
            say(t, npc.role.name, &format!("{text} ({fact} := true)"));
        }
    }
    Ok(())
}

/// Prints what happened to `npc` this second: its new replans and what it does now.
fn report(
    world: &World,
    d: &Domain,
    npc: &mut Npc,
    kind: StepKind,
    t: u32,
) -> Result<(), WorldError> {
    let (events, plan, goals, stuck_why) = world.with_agent(npc.id, |a| {
        let new = (a.replans() - npc.seen) as usize;
        let history: Vec<ReplanEvent> = a.history().cloned().collect();
        let events = history[history.len().saturating_sub(new)..].to_vec();
        let plan: Vec<ActionId> = a.plan().to_vec();
        let goals: Vec<GoalStatus> = a
            .goals()
            .map(|(id, g)| GoalStatus {
                id,
                name: g.name.clone(),
                priority: g.priority,
                met: d.satisfies(a.state(), &g.conditions),
            })
            .collect();
        let why = if kind == StepKind::NoPlan && npc.quiet != Some(kind) {
            // The goals the arbiter would pursue, highest priority first.
            let mut wanted: Vec<(GoalId, f64)> = a
                .goals()
                .filter(|(_, g)| g.priority > 0.0 && !d.satisfies(a.state(), &g.conditions))
                .map(|(i, g)| (i, g.priority))
                .collect();
            wanted.sort_by(|x, y| y.1.total_cmp(&x.1));
            let mut lines = Vec::new();
            for (g, _) in wanted {
                lines.push(format!("goal {}:", a.goal(g)?.name));
                let why = a.explain(g, &ExplainOptions::default())?;
                lines.extend(why.render(d).lines().map(|l| match l {
                    "" => String::new(),
                    l => format!("  {l}"),
                }));
            }
            Some(lines)
        } else {
            None
        };
        Ok((events, plan, goals, why))
    })?;
    let before = npc.seen;
    npc.seen += events.len() as u64;
    for (k, e) in events.iter().enumerate() {
        let last = k + 1 == events.len();
        let first = before == 0 && k == 0;
        say(
            t,
            npc.role.name,
            &replan_text(d, npc, e, first, last.then_some(&plan[..]), &goals),
        );
        npc.goal = e.goal.or(npc.goal);
    }
    match kind {
        StepKind::Start(a) => {
            let name = d.actions()[a.index()].name();
            let secs = duration(name);
            let dropped = npc.action.map(|(old, _)| d.actions()[old.index()].name());
            let text = match dropped {
                Some(old) => format!("drops {old}, starts {name} ({secs} s)"),
                None => format!("starts {name} ({secs} s)"),
            };
            say(t, npc.role.name, &text);
            npc.action = Some((a, t + secs));
            npc.quiet = None;
        }
        StepKind::Continue(_) | StepKind::Waiting | StepKind::Planning(_) => {}
        StepKind::Idle if npc.quiet != Some(kind) => {
            say(t, npc.role.name, "idle: its goals are met or switched off");
            npc.quiet = Some(kind);
            npc.action = None;
        }
        StepKind::NoPlan if npc.quiet != Some(kind) => {
            say(
                t,
                npc.role.name,
                "stuck (StepKind::NoPlan): none of its goals has a plan; why:",
            );
            for line in stuck_why.unwrap_or_default() {
                // The report's own indentation, kept on wrapped continuation lines.
                let text = line.trim_start();
                let lead = 12 + line.len() - text.len();
                print_wrapped(&" ".repeat(lead), text, lead + 4);
            }
            npc.quiet = Some(kind);
            npc.action = None;
        }
        StepKind::Idle | StepKind::NoPlan => {}
    }
    Ok(())
}

/// One replan as a line: cause, outcome, goal and (for the latest one) the new plan.
/// `first`: the agent's first. The cause `no_plan` ("the agent had no plan") is shown as
/// what it means here: a first plan, a retry, or the plan before it done.
fn replan_text(
    d: &Domain,
    npc: &Npc,
    e: &ReplanEvent,
    first: bool,
    plan: Option<&[ActionId]>,
    goals: &[GoalStatus],
) -> String {
    let status = |g: GoalId| {
        goals
            .iter()
            .find(|s| s.id == g)
            .expect("a goal of the agent")
    };
    let goal_name = |g: GoalId| status(g).name.as_str();
    let mut text = match e.cause {
        ReplanCause::NoPlan if first && e.result == ReplanResult::Found => "first plan".to_owned(),
        ReplanCause::NoPlan if first => "first search".to_owned(),
        ReplanCause::NoPlan if npc.quiet == Some(StepKind::NoPlan) => {
            "replan, a retry: its state changed".to_owned()
        }
        ReplanCause::NoPlan => "replan (plan done)".to_owned(),
        cause => format!("replan ({})", cause.name()),
    };
    if e.cause == ReplanCause::GoalChanged {
        if let (Some(old), Some(new)) = (npc.goal, e.goal) {
            let (p_old, p_new) = (status(old).priority, status(new).priority);
            let why = if status(old).met {
                format!("{} done", goal_name(old))
            } else if p_old <= 0.0 {
                format!("{} off", goal_name(old))
            } else {
                format!(
                    "{} {p_new:.1} > {} {p_old:.1} + margin {MARGIN:.1}",
                    goal_name(new),
                    goal_name(old)
                )
            };
            text.push_str(&format!(", {why}"));
        }
    }
    match e.result {
        ReplanResult::Found => {
            let g = e.goal.expect("a found plan has a goal");
            text.push_str(&format!(" → {}", goal_name(g)));
            if e.goals_tried > 1 {
                text.push_str(&format!(" (after {} without a plan)", e.goals_tried - 1));
            }
            if let Some(plan) = plan {
                let names: Vec<&str> = plan.iter().map(|a| d.actions()[a.index()].name()).collect();
                text.push_str(&format!(": {} (cost {})", names.join(" "), e.plan_cost));
            }
        }
        ReplanResult::Skipped => {
            text.push_str(&format!(": skips ahead, {} steps left", e.plan_len));
        }
        ReplanResult::Kept => {
            text.push_str(&format!(
                ": {} without a plan, keeps its plan ({} steps left)",
                e.goals_tried - 1,
                e.plan_len
            ));
        }
        ReplanResult::NoPlan | ReplanResult::LimitReached => {
            text.push_str(&match e.goals_tried {
                1 => ": no plan for its goal".to_owned(),
                n => format!(": no plan for any of its {n} goals"),
            });
        }
    }
    text
}

/// A goal as the timeline describes it.
struct GoalStatus {
    id: GoalId,
    name: String,
    priority: f64,
    /// The believed state satisfies it.
    met: bool,
}

/// Timeline lines longer than this wrap at a space.
const WIDTH: usize = 100;

/// Where an event's text starts (continuation lines are indented to it).
const INDENT: usize = 12;

/// Prints one timeline line.
fn say(t: u32, who: &str, text: &str) {
    print_wrapped(&format!("{t:>4}  {who:<5} "), text, INDENT + 2);
}

/// Prints `prefix` and `text`, wrapped at spaces before [`WIDTH`] columns, continuation
/// lines indented by `indent`.
fn print_wrapped(prefix: &str, text: &str, indent: usize) {
    let mut line = prefix.to_owned();
    let mut empty = true;
    for word in text.split(' ') {
        if !empty && line.chars().count() + word.chars().count() >= WIDTH {
            outln!("{}", line.trim_end());
            line = " ".repeat(indent);
        }
        line.push_str(word);
        line.push(' ');
        empty = false;
    }
    outln!("{}", line.trim_end());
}

fn tenths(x: u32) -> f64 {
    f64::from(x) / 10.0
}
