//! `goap demo --kitchen`: plans the kitchen scenario and explains, for a newcomer, what
//! happened (with wall-clock planning times, so its output varies from run to run).

use goap::format::parse_domain;
use goap::{Domain, FactId, Outcome, PlanOptions, Planner};

const KITCHEN: &str = include_str!("../../../../examples/domains/kitchen.json");

/// Prints the scenario, the plan step by step and what the search did.
pub fn kitchen() {
    let file = parse_domain(KITCHEN).expect("the embedded kitchen domain is valid");
    let d = &file.domain;
    let goal = file.goal.as_ref().expect("the kitchen domain has a goal");

    let mut planner = Planner::new();
    let options = PlanOptions::default();
    let first = planner.plan(d, &file.start, goal, &options);
    // Planned again with the same Planner: the domain is compiled and the buffers have grown,
    // which is the steady state of a game asking for plans every frame.
    let again = planner.plan(d, &file.start, goal, &options);
    let Outcome::Found(plan) = &first.outcome else {
        unreachable!("the kitchen goal is reachable");
    };

    let start: Vec<&str> = file.start.true_facts().map(|f| d.fact_name(f)).collect();
    let goal_text: Vec<String> = goal
        .entries()
        .iter()
        .map(|c| fact_text(d, c.fact, c.value))
        .collect();
    outln!("goap demo: the kitchen scenario (examples/domains/kitchen.json)");
    outln!();
    outln!(
        "A cook has to get dinner on the table. The planner knows {} actions, each with",
        d.action_count()
    );
    outln!("preconditions, effects and a cost, and looks for the cheapest way to the goal.");
    outln!();
    outln!(
        "  start: {}   (every other fact is false)",
        start.join(", ")
    );
    outln!("  goal:  {}", goal_text.join(", "));
    outln!();
    outln!("Plan, {} steps:", plan.actions.len());
    let rows: Vec<[String; 5]> = plan
        .actions
        .iter()
        .enumerate()
        .scan(0.0, |total, (i, &id)| {
            let a = d.action(id).expect("plan actions belong to the domain");
            *total += a.cost();
            let effects: Vec<String> = a
                .effects()
                .entries()
                .iter()
                .map(|e| fact_text(d, e.fact, e.value))
                .collect();
            Some([
                format!("{}.", i + 1),
                a.name().to_owned(),
                a.cost().to_string(),
                total.to_string(),
                effects.join(", "),
            ])
        })
        .collect();
    let header = ["step", "action", "cost", "total", "makes"].map(String::from);
    print_table(&header, &rows, &[true, false, true, true, false]);
    outln!();
    outln!("Total cost: {} (no cheaper plan exists)", plan.cost);
    outln!();
    let s = &first.stats;
    outln!("What the search did:");
    outln!(
        "  expanded {} states and generated {} successors (A* search);",
        s.expanded,
        s.generated
    );
    outln!(
        "  pruned {} of {} actions beforehand as unusable or irrelevant for this goal;",
        s.actions_pruned,
        d.action_count()
    );
    outln!(
        "  its first estimate of the cost was {}, the optimal cost is {}: the estimate",
        s.initial_h,
        plan.cost
    );
    outln!("  (LM-cut) never overestimates, which is why the plan it returns is the cheapest;");
    outln!(
        "  time: {} µs the first time (including compiling the domain), {} µs planned again.",
        s.elapsed.as_micros(),
        again.stats.elapsed.as_micros()
    );
    outln!();
    outln!("Try it on a file: goap plan examples/domains/kitchen.json");
}

/// `fact`, or `not fact` when the value is false.
fn fact_text(d: &Domain, fact: FactId, value: bool) -> String {
    if value {
        d.fact_name(fact).to_owned()
    } else {
        format!("not {}", d.fact_name(fact))
    }
}

/// Prints rows under a header, columns padded to their widest cell (right-aligned where
/// `right`), as a terminal shows them: CJK characters take two columns.
fn print_table(header: &[String; 5], rows: &[[String; 5]], right: &[bool; 5]) {
    let mut widths = [0usize; 5];
    for row in std::iter::once(header).chain(rows) {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(display_width(cell));
        }
    }
    for row in std::iter::once(header).chain(rows) {
        let mut line = String::from(" ");
        for ((cell, &w), &r) in row.iter().zip(&widths).zip(right) {
            let pad = " ".repeat(w - display_width(cell));
            line.push_str("  ");
            if r {
                line.push_str(&pad);
                line.push_str(cell);
            } else {
                line.push_str(cell);
                line.push_str(&pad);
            }
        }
        outln!("{}", line.trim_end());
    }
}

/// Terminal columns of `s`: two for East Asian wide characters, one otherwise.
fn display_width(s: &str) -> usize {
    s.chars()
        .map(|c| match u32::from(c) {
            0x1100..=0x115F
            | 0x2E80..=0x303E
            | 0x3041..=0x33FF
            | 0x3400..=0x4DBF
            | 0x4E00..=0x9FFF
            | 0xA000..=0xA4CF
            | 0xAC00..=0xD7A3
            | 0xF900..=0xFAFF
            | 0xFE30..=0xFE4F
            | 0xFF00..=0xFF60
            | 0xFFE0..=0xFFE6
            | 0x20000..=0x3FFFD => 2,
            _ => 1,
        })
        .sum()
}
