//! `goap explain`: why a goal has no plan, as text, JSON or a search graph.

use std::path::Path;

use serde_json::{json, Value};

use goap::explain::{explain as explain_goal, trace_dot, ExplainOptions};
use goap::format::{load_domain_file, DomainFile};
use goap::{ActionContext, Goal, Outcome, PlanOptions};

use crate::{max_nodes_value, parse_command_line, usage_error, Failure};

/// Exit codes shared with `goap plan` (the README's "The `goap` command"); 2 is [`crate::EXIT_INVALID`].
const EXIT_FOUND: u8 = 0;
const EXIT_NO_PLAN: u8 = 1;
const EXIT_LIMIT: u8 = 3;

/// Expansions of the `--dot` trace when `--max-nodes` is not given: a graph a person can
/// still read.
pub const DOT_DEFAULT_NODES: u32 = 200;

/// What `goap explain` was asked to do.
pub struct ExplainArgs {
    file: String,
    goal: Option<String>,
    max_nodes: Option<u32>,
    max_depth: usize,
    dot: bool,
    json: bool,
}

/// Parses `FILE [--goal NAME] [--max-nodes N] [--max-depth N] [--dot] [--json]`
/// (`--flag VALUE` or `--flag=VALUE`).
pub fn parse_args(rest: &[String]) -> Result<ExplainArgs, Failure> {
    let mut parsed = ExplainArgs {
        file: String::new(),
        goal: None,
        max_nodes: None,
        max_depth: ExplainOptions::default().max_depth,
        dot: false,
        json: false,
    };
    let file = parse_command_line("explain", rest, |flag| {
        match flag.name {
            "--goal" => parsed.goal = Some(flag.value()?),
            "--max-nodes" => parsed.max_nodes = Some(max_nodes_value(&flag.value()?)?),
            "--max-depth" => {
                let v = flag.value()?;
                parsed.max_depth = v.parse().map_err(|_| {
                    usage_error(format!(
                        "--max-depth expects a whole number (levels of the report), not \"{v}\""
                    ))
                })?;
            }
            "--dot" => {
                flag.no_value()?;
                parsed.dot = true;
            }
            "--json" => {
                flag.no_value()?;
                parsed.json = true;
            }
            _ => return Ok(false),
        }
        Ok(true)
    })?;
    if parsed.dot && parsed.json {
        return Err(usage_error("--dot and --json exclude each other".into()));
    }
    parsed.file = file.ok_or_else(|| usage_error("`explain` needs a FILE".into()))?;
    Ok(parsed)
}

/// One goal to explain: how the output names it, and its conditions.
struct Target<'a> {
    /// `None` for the file's `goal`, else the `goals` entry's name.
    name: Option<&'a str>,
    priority: Option<f64>,
    conditions: &'a Goal,
}

impl Target<'_> {
    fn title(&self) -> String {
        match (self.name, self.priority) {
            (Some(name), Some(p)) => format!("goals entry \"{name}\" (priority {p})"),
            _ => "goal".to_owned(),
        }
    }
}

/// `goap explain`.
pub fn explain(args: ExplainArgs) -> Result<u8, Failure> {
    let file =
        load_domain_file(Path::new(&args.file)).map_err(|e| Failure::invalid(e.to_string()))?;
    let targets = select(&file, &args)?;
    let context = ActionContext::new();
    if args.dot {
        let [target] = targets.as_slice() else {
            return Err(Failure::invalid(format!(
                "{}: --dot draws one goal and the file has {}; pick one with --goal NAME \
                 ({})",
                args.file,
                targets.len(),
                goal_names(&file)
            )));
        };
        let max_nodes = args.max_nodes.unwrap_or(DOT_DEFAULT_NODES);
        let dot = trace_dot(
            &file.domain,
            &file.start,
            target.conditions,
            &context,
            max_nodes,
        );
        out!("{dot}");
        return Ok(EXIT_FOUND);
    }
    let options = ExplainOptions {
        max_depth: args.max_depth,
        plan: PlanOptions {
            max_nodes: args.max_nodes.unwrap_or(PlanOptions::DEFAULT_MAX_NODES),
            ..PlanOptions::default()
        },
        ..ExplainOptions::default()
    };
    let mut code = EXIT_FOUND;
    let mut reports = Vec::new();
    let mut text = String::new();
    for (i, target) in targets.iter().enumerate() {
        let why = explain_goal(
            &file.domain,
            &file.start,
            target.conditions,
            &context,
            &options,
        );
        code = match (&why.outcome, code) {
            (Outcome::NoPlan, _) | (_, EXIT_NO_PLAN) => EXIT_NO_PLAN,
            (Outcome::LimitReached | Outcome::OutOfMemory(_), _) | (_, EXIT_LIMIT) => EXIT_LIMIT,
            _ => EXIT_FOUND,
        };
        if args.json {
            let mut v = why.to_json(&file.domain);
            v["name"] = target.name.map_or(Value::Null, Value::from);
            v["priority"] = target.priority.map_or(Value::Null, Value::from);
            v["source"] = json!(if target.name.is_some() {
                "goals"
            } else {
                "goal"
            });
            reports.push(v);
        } else {
            if i > 0 {
                text.push('\n');
            }
            text += &format!("=== {} ===\n", target.title());
            text += &why.render(&file.domain);
        }
    }
    if args.json {
        let v = json!({"file": args.file, "goals": reports});
        outln!("{v}");
    } else {
        out!("{text}");
    }
    Ok(code)
}

/// The goals to explain: the `--goal` entry, or the file's `goal` and every `goals` entry
/// (for `--dot`: the file's `goal` alone when it has one).
fn select<'a>(file: &'a DomainFile, args: &ExplainArgs) -> Result<Vec<Target<'a>>, Failure> {
    let entry = |g: &'a goap::format::NamedGoal| Target {
        name: Some(&g.name),
        priority: Some(g.priority),
        conditions: &g.conditions,
    };
    if let Some(name) = &args.goal {
        return match file.goals.iter().find(|g| &g.name == name) {
            Some(g) => Ok(vec![entry(g)]),
            None if file.goals.is_empty() => Err(Failure::invalid(format!(
                "{}: no goal named \"{name}\": the file has no \"goals\" list (--goal picks \
                 an entry of \"goals\"; without --goal the file's \"goal\" is explained)",
                args.file
            ))),
            None => Err(Failure::invalid(format!(
                "{}: no goal named \"{name}\" in \"goals\"; its goals are: {}",
                args.file,
                goal_names(file)
            ))),
        };
    }
    let mut targets: Vec<Target> = file
        .goal
        .iter()
        .map(|g| Target {
            name: None,
            priority: None,
            conditions: g,
        })
        .collect();
    if !(args.dot && file.goal.is_some()) {
        targets.extend(file.goals.iter().map(entry));
    }
    if targets.is_empty() {
        return Err(Failure::invalid(format!(
            "{}: nothing to explain: the file has no \"goal\" and no \"goals\"",
            args.file
        )));
    }
    Ok(targets)
}

/// The `goals` entries' names, quoted and comma-separated, for messages.
fn goal_names(file: &DomainFile) -> String {
    if file.goals.is_empty() {
        return "the file has no \"goals\" list".to_owned();
    }
    let names: Vec<String> = file
        .goals
        .iter()
        .map(|g| format!("\"{}\"", g.name))
        .collect();
    names.join(", ")
}
