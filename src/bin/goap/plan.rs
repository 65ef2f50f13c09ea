//! `goap plan` and `goap validate`.

use std::path::Path;

use serde::{Serialize, Serializer};

use goap::format::{
    lint_diagnostics, load_domain_file, parse_domain, read_domain_text, DomainFile, FormatError,
};
use goap::{ActionContext, Outcome, PlanOptions, Planner, SearchBudget};

use crate::{heuristic_name, Failure, PlanArgs};

/// Exit codes of `goap plan` (the README's "The `goap` command"); 2 is [`crate::EXIT_INVALID`].
const EXIT_FOUND: u8 = 0;
const EXIT_NO_PLAN: u8 = 1;
const EXIT_LIMIT: u8 = 3;

/// The one JSON object `goap plan` prints. Field order is the output order.
#[derive(Serialize)]
struct PlanReport<'a> {
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    plan: Option<Vec<&'a str>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cost: Option<Cost>,
    expanded: u64,
    generated: u64,
    micros: u64,
    heuristic: &'static str,
    /// The direction that ran: `"forward"` or `"backward"`.
    direction: &'static str,
    /// `--slice`: how many calls the search took.
    #[serde(skip_serializing_if = "Option::is_none")]
    slices: Option<u64>,
}

/// A plan cost, written as an integer when it is one (`17`, not `17.0`).
struct Cost(f64);

impl Serialize for Cost {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // Below 2^53 every integral f64 converts to u64 exactly. Costs are never negative.
        if self.0.fract() == 0.0 && (0.0..9_007_199_254_740_992.0).contains(&self.0) {
            s.serialize_u64(self.0 as u64)
        } else {
            s.serialize_f64(self.0)
        }
    }
}

fn load(file: &str) -> Result<DomainFile, Failure> {
    load_domain_file(Path::new(file)).map_err(|e| Failure::invalid(e.to_string()))
}

/// `goap plan FILE [--max-nodes N] [--heuristic H] [--direction D] [--slice N]`.
pub fn plan(args: PlanArgs) -> Result<u8, Failure> {
    let file = load(&args.file)?;
    let Some(goal) = &file.goal else {
        let hint = if file.goals.is_empty() {
            String::new()
        } else {
            let names: Vec<&str> = file.goals.iter().map(|g| g.name.as_str()).collect();
            format!(" (its \"goals\" list, {}, is for agents)", names.join(", "))
        };
        return Err(Failure::invalid(format!(
            "{}: no \"goal\" to plan for{hint}; add \"goal\": {{\"fact\": true, …}}",
            args.file
        )));
    };
    let options = PlanOptions {
        max_nodes: args.max_nodes,
        heuristic: args.heuristic,
        direction: args.direction,
    };
    let mut planner = Planner::new();
    let (result, slices) = match args.slice {
        None => (
            planner.plan(&file.domain, &file.start, goal, &options),
            None,
        ),
        Some(n) => {
            let context = ActionContext::default();
            planner.begin(&file.domain, &file.start, goal, &options, &context);
            let budget = SearchBudget::expansions(n);
            let mut slices = 1;
            loop {
                match planner.resume(&budget) {
                    Some(r) => break (r, Some(slices)),
                    None => slices += 1,
                }
            }
        }
    };
    let (status, plan, cost, code) = match &result.outcome {
        Outcome::Found(p) => {
            let names = p
                .actions
                .iter()
                .map(|&a| file.domain.action(a).map_or("?", |a| a.name()))
                .collect();
            ("found", Some(names), Some(Cost(p.cost)), EXIT_FOUND)
        }
        Outcome::NoPlan => ("no_plan", None, None, EXIT_NO_PLAN),
        Outcome::LimitReached => ("limit", None, None, EXIT_LIMIT),
        Outcome::OutOfMemory(e) => {
            return Err(Failure::invalid(format!("{}: {e}", args.file)));
        }
    };
    let report = PlanReport {
        status,
        plan,
        cost,
        expanded: result.stats.expanded,
        generated: result.stats.generated,
        micros: u64::try_from(result.stats.elapsed.as_micros()).unwrap_or(u64::MAX),
        heuristic: heuristic_name(args.heuristic),
        direction: if result.stats.backward {
            "backward"
        } else {
            "forward"
        },
        slices,
    };
    let json = serde_json::to_string(&report).expect("a plan report always serializes");
    outln!("{json}");
    Ok(code)
}

/// `goap validate FILE`: errors as `FILE:line:col: message`, warnings (on stderr, in file
/// order) as `FILE:line:col: warning: message`.
pub fn validate(path: &str) -> Result<u8, Failure> {
    let invalid = |e: FormatError| Failure::invalid(e.to_string());
    let text = read_domain_text(Path::new(path)).map_err(invalid)?;
    let file = parse_domain(&text).map_err(|e| {
        invalid(FormatError {
            file: Some(Path::new(path).display().to_string()),
            ..e
        })
    })?;
    for w in lint_diagnostics(&text, &file) {
        eprintln!("{path}:{}:{}: warning: {}", w.line, w.column, w.message);
    }
    let d = &file.domain;
    let mut summary = format!(
        "{path}: valid: {} facts, {} actions",
        d.fact_count(),
        d.action_count()
    );
    if d.var_count() > 0 {
        let s = if d.var_count() == 1 { "" } else { "s" };
        summary += &format!(", {} variable{s}", d.var_count());
    }
    if let Some(g) = &file.goal {
        let s = if g.len() == 1 { "" } else { "s" };
        summary += &format!(", goal of {} condition{s}", g.len());
    }
    if !file.goals.is_empty() {
        let s = if file.goals.len() == 1 { "" } else { "s" };
        summary += &format!(", {} named goal{s}", file.goals.len());
    }
    outln!("{summary}");
    Ok(0)
}
