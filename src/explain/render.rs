//! [`Explanation::render`] (the English text `goap explain` prints and the C ABI returns)
//! and [`Explanation::to_json`].

use serde_json::{json, Value};

use super::{Condition, Explanation, Missing, Progress, ProgressEnd, Provider, RootCause, Why};
use crate::domain::{format_cost, ActionId, Domain, VarOp};
use crate::planner::Outcome;

/// Indentation of one level of the "needs" tree.
const INDENT: &str = "    ";

impl Explanation {
    /// The report as readable multi-line English, with the domain's fact, variable and
    /// action names (quoted). Ends with a newline. `domain` must be the one explained.
    pub fn render(&self, domain: &Domain) -> String {
        let mut out = String::new();
        let goal = if self.goal.is_empty() {
            "(no conditions)".to_owned()
        } else {
            list(domain, &self.goal)
        };
        line(&mut out, 0, &format!("Goal: {goal}"));
        self.render_outcome(&mut out, domain);
        if matches!(self.outcome, Outcome::Found(_)) {
            return out;
        }
        out.push('\n');
        self.render_missing(&mut out, domain);
        if !self.missing.is_empty() {
            out.push('\n');
            self.render_root_causes(&mut out, domain);
        }
        out.push('\n');
        render_progress(&mut out, domain, &self.progress, self.goal.len());
        out
    }

    fn render_outcome(&self, out: &mut String, domain: &Domain) {
        let expanded = plural(self.expanded, "state");
        match &self.outcome {
            Outcome::Found(plan) if plan.actions.is_empty() => {
                line(
                    out,
                    0,
                    "Plan found: the start state already meets the goal.",
                );
            }
            Outcome::Found(plan) => {
                line(
                    out,
                    0,
                    &format!(
                        "Plan found: {}, cost {} (the planner expanded {expanded}):",
                        plural(plan.actions.len() as u64, "action"),
                        format_cost(plan.cost)
                    ),
                );
                numbered(out, domain, &plan.actions);
            }
            Outcome::NoPlan if self.expanded == 0 => line(
                out,
                0,
                "No plan: no sequence of actions reaches the goal (proved before any search).",
            ),
            Outcome::NoPlan => line(
                out,
                0,
                &format!(
                    "No plan: no sequence of actions reaches the goal (the planner expanded \
                     {expanded})."
                ),
            ),
            Outcome::LimitReached => line(
                out,
                0,
                &format!(
                    "Undecided: the planner's node limit ({}) stopped the search after it \
                     expanded {expanded}.",
                    self.max_nodes
                ),
            ),
            Outcome::OutOfMemory(e) => line(
                out,
                0,
                &format!("Undecided: the search stopped after it expanded {expanded}: {e}."),
            ),
        }
    }

    fn render_missing(&self, out: &mut String, domain: &Domain) {
        let limit = matches!(
            self.outcome,
            Outcome::LimitReached | Outcome::OutOfMemory(_)
        );
        if self.missing.is_empty() {
            let text = if limit {
                "Each goal condition passes the reachability check on its own, so a plan may \
                 exist: raise the node limit to let the search decide."
            } else {
                "Each goal condition can be made true on its own (by the reachability check, \
                 which ignores that effects undo each other), but not all of them together: \
                 the search proved that no reachable state meets them all."
            };
            line(out, 0, text);
            return;
        }
        let so = if limit { ", so no plan exists" } else { "" };
        line(
            out,
            0,
            &format!(
                "{} of {} goal conditions can never be made true from the start state{so}:",
                self.missing.len(),
                self.goal.len()
            ),
        );
        for m in &self.missing {
            render_node(out, domain, m, 1);
        }
    }

    fn render_root_causes(&self, out: &mut String, domain: &Domain) {
        if self.root_causes.is_empty() {
            line(
                out,
                0,
                "Every condition above has an enabled action that could provide it, but each \
                 such action needs one of the others first (a cycle) or would leave a \
                 variable's range: nothing gets the chain started from the start state.",
            );
            return;
        }
        // Names are worth checking only where no action at all provides a condition; a
        // condition whose providers are all disabled has a known cause.
        let header = if self.root_causes.iter().any(|c| c.disabled.is_empty()) {
            "Start here: nothing enabled can make these true (check their names for typos):"
        } else {
            "Start here: nothing enabled can make these true:"
        };
        line(out, 0, header);
        for cause in &self.root_causes {
            render_cause(out, domain, cause);
        }
        if self.missing.iter().any(has_cycle) {
            line(
                out,
                0,
                "Fixing these may not be enough: some conditions above are needed to make \
                 themselves true (marked \"a cycle\"), and nothing from the start state gets \
                 that chain going.",
            );
        }
    }

    /// The report as a JSON object (for `goap explain --json`): `status` (`"found"`,
    /// `"no_plan"`, `"limit"`), `plan` and `cost` when found, `expanded`, `max_nodes`,
    /// `goal`, `missing` (the tree: `condition`, `range`, `why` among `"no_action"`,
    /// `"providers"`, `"see_above"`, `"cycle"`, `"depth_limit"`, and `providers` with
    /// `action`, `disabled`, `blocked_by_range`, `lacks`), `root_causes` and `progress`.
    /// A condition is `{"fact": name, "value": bool}` or
    /// `{"var": name, "op": ">=", "value": n}`.
    pub fn to_json(&self, domain: &Domain) -> Value {
        let mut v = json!({
            "status": match self.outcome {
                Outcome::Found(_) => "found",
                Outcome::NoPlan => "no_plan",
                Outcome::LimitReached => "limit",
                Outcome::OutOfMemory(_) => "out_of_memory",
            },
        });
        if let Outcome::Found(plan) = &self.outcome {
            v["plan"] = names(domain, &plan.actions);
            v["cost"] = cost_json(plan.cost);
        }
        v["expanded"] = json!(self.expanded);
        v["max_nodes"] = json!(self.max_nodes);
        v["goal"] = self
            .goal
            .iter()
            .map(|c| condition_json(domain, c))
            .collect();
        v["missing"] = self
            .missing
            .iter()
            .map(|m| missing_json(domain, m))
            .collect();
        v["root_causes"] = self
            .root_causes
            .iter()
            .map(|c| {
                json!({
                    "condition": condition_json(domain, &c.condition),
                    "range": range_json(c.range),
                    "disabled": names(domain, &c.disabled),
                    "similar": c.similar.iter().map(|&f| domain.fact_name(f)).collect::<Vec<_>>(),
                })
            })
            .collect();
        let p = &self.progress;
        v["progress"] = json!({
            "actions": names(domain, &p.actions),
            "cost": cost_json(p.cost),
            "satisfied": p.satisfied.iter().map(|c| condition_json(domain, c)).collect::<Value>(),
            "unsatisfied": p.unsatisfied.iter().map(|c| condition_json(domain, c)).collect::<Value>(),
            "explored": p.explored,
            "end": match p.end {
                ProgressEnd::Goal => "goal",
                ProgressEnd::Exhausted => "exhausted",
                ProgressEnd::Capped => "capped",
            },
        });
        v
    }
}

/// Appends `text` at `depth` levels of indentation, with a newline.
fn line(out: &mut String, depth: usize, text: &str) {
    for _ in 0..depth {
        out.push_str(INDENT);
    }
    out.push_str(text);
    out.push('\n');
}

fn plural(n: u64, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

fn action_name(domain: &Domain, action: ActionId) -> String {
    format!("\"{}\"", domain.actions()[action.index()].name())
}

fn numbered(out: &mut String, domain: &Domain, actions: &[ActionId]) {
    for (i, &a) in actions.iter().enumerate() {
        line(out, 1, &format!("{}. {}", i + 1, action_name(domain, a)));
    }
}

/// `"has_wood" is true`, `"ammo" >= 5`.
pub(super) fn condition_text(domain: &Domain, condition: &Condition) -> String {
    match condition {
        Condition::Fact(c) => format!("\"{}\" is {}", domain.fact_name(c.fact), c.value),
        Condition::Var(c) => format!(
            "\"{}\" {} {}",
            domain.vars()[c.var.index()].name(),
            c.op.symbol(),
            c.value
        ),
    }
}

fn list(domain: &Domain, conditions: &[Condition]) -> String {
    let texts: Vec<String> = conditions
        .iter()
        .map(|c| condition_text(domain, c))
        .collect();
    texts.join(", ")
}

/// ` ("ammo" can only be within [0, 5])` for a variable condition, else empty.
fn range_note(domain: &Domain, condition: &Condition, range: Option<(i32, i32)>) -> String {
    match (condition, range) {
        (Condition::Var(c), Some((lo, hi))) => {
            let name = domain.vars()[c.var.index()].name();
            if lo == hi {
                format!(" (\"{name}\" is always {lo})")
            } else {
                format!(" (\"{name}\" can only be within [{lo}, {hi}])")
            }
        }
        _ => String::new(),
    }
}

/// Why nothing provides `condition`, said for its kind.
fn no_provider(condition: &Condition) -> &'static str {
    match condition {
        Condition::Fact(c) if c.value => "no action makes it true",
        Condition::Fact(_) => "no action makes it false",
        Condition::Var(_) => "no action makes it true",
    }
}

/// What the start state says about a condition nothing provides.
fn start_note(condition: &Condition) -> &'static str {
    match condition {
        Condition::Fact(c) if c.value => " and \"start\" does not set it",
        Condition::Fact(_) => " and it is true in \"start\"",
        Condition::Var(_) => "",
    }
}

fn render_node(out: &mut String, domain: &Domain, m: &Missing, depth: usize) {
    let head = format!(
        "- {}{}",
        condition_text(domain, &m.condition),
        range_note(domain, &m.condition, m.range)
    );
    match &m.why {
        Why::NoProvider => line(
            out,
            depth,
            &format!("{head}: {}", no_provider(&m.condition)),
        ),
        Why::SeeAbove => line(out, depth, &format!("{head}: see above")),
        Why::Cycle => line(
            out,
            depth,
            &format!("{head}: needed (through the chain above) to make itself true, a cycle"),
        ),
        Why::DepthLimit => line(
            out,
            depth,
            &format!("{head}: not expanded (deeper than the report's depth limit)"),
        ),
        Why::Providers(providers) => {
            line(out, depth, &format!("{head}:"));
            for p in providers {
                render_provider(out, domain, p, depth + 1);
            }
        }
    }
}

/// True when the tree below `m` shows a [`Why::Cycle`].
fn has_cycle(m: &Missing) -> bool {
    match &m.why {
        Why::Cycle => true,
        Why::Providers(providers) => providers.iter().flat_map(|p| &p.lacks).any(has_cycle),
        _ => false,
    }
}

/// Why an action can be disabled for an agent: its context, or a failure cooldown (which
/// the agent's explanation folds into the context).
const DISABLED_WHY: &str = " (by its context, or cooling down after a failure)";

fn render_provider(out: &mut String, domain: &Domain, p: &Provider, depth: usize) {
    let name = action_name(domain, p.action);
    if p.disabled {
        line(
            out,
            depth,
            &format!("{name} would make it true, but is disabled for this agent{DISABLED_WHY}"),
        );
    } else if !p.lacks.is_empty() {
        let s = if p.lacks.len() == 1 { "" } else { "s" };
        line(
            out,
            depth,
            &format!("{name} would make it true, but lacks the precondition{s}:"),
        );
        for m in &p.lacks {
            render_node(out, domain, m, depth + 1);
        }
    } else if p.blocked_by_range {
        line(
            out,
            depth,
            &format!(
                "{name} would make it true, but can never run: {}",
                range_block(domain, p.action)
            ),
        );
    } else {
        // Not produced by `explain`: an enabled provider of an unreachable condition
        // either lacks something or is blocked by a range.
        line(out, depth, &format!("{name} would make it true"));
    }
}

/// The `+=`/`-=` effects of `action` that a range can refuse, as a sentence.
fn range_block(domain: &Domain, action: ActionId) -> String {
    let a = &domain.actions()[action.index()];
    let steps: Vec<String> = a
        .var_effects()
        .iter()
        .filter(|e| domain.vars()[e.var.index()].rejects_steps(e.op))
        .map(|e| {
            let var = &domain.vars()[e.var.index()];
            let op = if e.op == VarOp::Add { "+=" } else { "-=" };
            format!(
                "\"{}\" {op} {} (range [{}, {}])",
                var.name(),
                e.value,
                var.min(),
                var.max()
            )
        })
        .collect();
    format!(
        "from every value its preconditions allow, {} would leave the range",
        steps.join(" or ")
    )
}

fn render_cause(out: &mut String, domain: &Domain, cause: &RootCause) {
    let head = format!(
        "- {}{}",
        condition_text(domain, &cause.condition),
        range_note(domain, &cause.condition, cause.range)
    );
    let mut text = if cause.disabled.is_empty() {
        format!(
            "{head}: {}{}",
            no_provider(&cause.condition),
            start_note(&cause.condition)
        )
    } else {
        let names: Vec<String> = cause
            .disabled
            .iter()
            .map(|&a| action_name(domain, a))
            .collect();
        let they = if names.len() == 1 {
            "it is"
        } else {
            "they are"
        };
        format!(
            "{head}: only {} would make it true, and {they} disabled for this agent{DISABLED_WHY}",
            names.join(" and ")
        )
    };
    if !cause.similar.is_empty() {
        let names: Vec<String> = cause
            .similar
            .iter()
            .map(|&f| format!("\"{}\"", domain.fact_name(f)))
            .collect();
        text += &format!("; did you mean {}?", names.join(" or "));
    } else if cause.disabled.is_empty() && matches!(cause.condition, Condition::Fact(c) if c.value)
    {
        text += " (a typo?)";
    }
    line(out, 1, &text);
}

fn render_progress(out: &mut String, domain: &Domain, p: &Progress, goal_len: usize) {
    let met = format!("{} of {goal_len} goal conditions", p.satisfied.len());
    if p.actions.is_empty() {
        line(
            out,
            0,
            &format!("Closest reachable state: the start state itself, meeting {met}."),
        );
    } else {
        line(
            out,
            0,
            &format!(
                "Closest reachable state: meets {met} after {}, cost {}:",
                plural(p.actions.len() as u64, "action"),
                format_cost(p.cost)
            ),
        );
        numbered(out, domain, &p.actions);
    }
    if !p.satisfied.is_empty() {
        line(out, 1, &format!("meets: {}", list(domain, &p.satisfied)));
    }
    if !p.unsatisfied.is_empty() {
        line(out, 1, &format!("lacks: {}", list(domain, &p.unsatisfied)));
    }
    let explored = plural(u64::from(p.explored), "state");
    let note = match p.end {
        ProgressEnd::Goal => format!(
            "(this meets the whole goal: a plan, found by a plain uniform-cost search after \
             expanding {explored})"
        ),
        ProgressEnd::Exhausted if p.explored <= 1 => {
            "(the start state is the only reachable state: no action that can run changes it)"
                .to_owned()
        }
        ProgressEnd::Exhausted => format!(
            "(the search expanded all {explored} reachable from the start, so no state meets \
             more)"
        ),
        ProgressEnd::Capped => format!(
            "(the search stopped at its cap after expanding {explored}; a closer state may \
             exist)"
        ),
    };
    line(out, 1, &note);
}

fn names(domain: &Domain, actions: &[ActionId]) -> Value {
    actions
        .iter()
        .map(|&a| Value::from(domain.actions()[a.index()].name()))
        .collect()
}

/// A cost as an integer when it is one (`17`, not `17.0`), as `goap plan` writes it.
fn cost_json(cost: f64) -> Value {
    // Below 2^53 every integral f64 converts to u64 exactly. Costs are never negative.
    if cost.fract() == 0.0 && (0.0..9_007_199_254_740_992.0).contains(&cost) {
        Value::from(cost as u64)
    } else {
        Value::from(cost)
    }
}

fn range_json(range: Option<(i32, i32)>) -> Value {
    range.map_or(Value::Null, |(lo, hi)| json!([lo, hi]))
}

fn condition_json(domain: &Domain, condition: &Condition) -> Value {
    match condition {
        Condition::Fact(c) => json!({"fact": domain.fact_name(c.fact), "value": c.value}),
        Condition::Var(c) => json!({
            "var": domain.vars()[c.var.index()].name(),
            "op": c.op.symbol(),
            "value": c.value,
        }),
    }
}

fn missing_json(domain: &Domain, m: &Missing) -> Value {
    let mut v = json!({
        "condition": condition_json(domain, &m.condition),
        "range": range_json(m.range),
    });
    let why = match &m.why {
        Why::NoProvider => "no_action",
        Why::SeeAbove => "see_above",
        Why::Cycle => "cycle",
        Why::DepthLimit => "depth_limit",
        Why::Providers(providers) => {
            v["providers"] = providers
                .iter()
                .map(|p| {
                    json!({
                        "action": domain.actions()[p.action.index()].name(),
                        "disabled": p.disabled,
                        "blocked_by_range": p.blocked_by_range,
                        "lacks": p.lacks.iter().map(|m| missing_json(domain, m)).collect::<Value>(),
                    })
                })
                .collect();
            "providers"
        }
    };
    v["why"] = json!(why);
    v
}
