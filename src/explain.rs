//! "Why no plan": reports that tell a designer why a goal has no plan, and search traces.
//!
//! [`explain`] runs the real planner and then answers, for the goal:
//! 1. what the planner concluded ([`Explanation::outcome`]);
//! 2. which goal conditions can never be made true from the start state, and why: the
//!    actions that could provide each one and the preconditions they lack, recursively
//!    ([`Explanation::missing`]), down to the conditions nothing can make true
//!    ([`Explanation::root_causes`]) — usually the typo;
//! 3. how close a bounded search gets: the reachable state meeting the most goal
//!    conditions and the actions to it ([`Explanation::progress`]).
//!
//! [`Explanation::render`] turns that into the text `goap explain` prints, and
//! [`Explanation::to_json`] into its `--json` form. [`trace_dot`] draws a search as a
//! Graphviz graph, and [`trace`] records it as data (each state taken up, with its cost,
//! its LM-cut estimate and how it was reached) for debugger views.
//!
//! # Reachability
//! "Can never be made true" comes from delete-relaxed reachability: from the start state,
//! actions add values and never remove them, so a condition that is not reachable there is
//! unreachable in the real task too. For integer variables an interval of possible values
//! is kept (see the docs of `reach.rs`): it over-approximates, so a variable condition it
//! calls unreachable really is. The converse does not hold: every goal condition may be
//! reachable on its own while the goal is not (two conditions exclude each other, or a
//! condition is only reachable in the relaxation). Then [`Explanation::missing`] is empty
//! and the report says so, relying on the planner's and the progress search's verdicts.
//!
//! # Context
//! Actions that the [`ActionContext`] disables are absent from every part of the report,
//! except that a disabled action that could provide a missing condition is listed as
//! "disabled for this agent". Cost overrides apply to the planner and to the progress
//! search.
//!
//! # Determinism
//! Every list is in a fixed order (goal order, action id order, search order), and the
//! searches break ties by insertion order, so the same inputs give the same report.
//!
//! ```
//! use goap::explain::{explain, ExplainOptions};
//! use goap::format::parse_domain;
//! use goap::ActionContext;
//!
//! let file = parse_domain(r#"{
//!     "actions": [{"name": "chop", "pre": {"has_ax": true}, "effects": {"has_wood": true}},
//!                 {"name": "get_axe", "effects": {"has_axe": true}}],
//!     "goal": {"has_wood": true}}"#).unwrap();
//! let goal = file.goal.as_ref().unwrap();
//! let why = explain(&file.domain, &file.start, goal, &ActionContext::new(),
//!                   &ExplainOptions::default());
//! let text = why.render(&file.domain);
//! assert!(text.contains("\"has_ax\""));
//! assert!(text.contains("no action makes it true"));
//! ```

mod dot;
mod reach;
mod render;
mod search;
mod trace;

use std::collections::HashSet;

use crate::domain::{ActionId, Domain, FactId, FactValue, Goal, VarCondition};
use crate::planner::{ActionContext, Outcome, PlanOptions, Planner};
use crate::state::WorldState;

pub use dot::trace_dot;
pub use trace::{trace, SearchTrace, TraceEnd, TraceNode};

use reach::Reach;

/// One condition of a goal or a precondition list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Condition {
    /// A fact must have a value.
    Fact(FactValue),
    /// A variable must compare with a constant.
    Var(VarCondition),
}

impl Condition {
    /// The conditions of `conditions`: fact entries, then variable conditions, each in
    /// their sorted order.
    pub fn list(conditions: &crate::domain::Conditions) -> Vec<Condition> {
        let facts = conditions.entries().iter().map(|&c| Condition::Fact(c));
        let vars = conditions
            .var_conditions()
            .iter()
            .map(|&c| Condition::Var(c));
        facts.chain(vars).collect()
    }

    /// True when the condition holds in `state`. Panics on ids from another domain.
    pub fn holds(&self, domain: &Domain, state: &WorldState) -> bool {
        match self {
            Condition::Fact(c) => state.get(c.fact) == c.value,
            Condition::Var(c) => c.op.holds(domain.value(state, c.var), c.value),
        }
    }
}

/// Options of [`explain`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExplainOptions {
    /// How many levels of "needs … which needs …" the report expands below each missing
    /// goal condition. Level 1 is the goal's conditions; a condition deeper than
    /// `max_depth` is named but not expanded. Default 3.
    pub max_depth: usize,
    /// Options of the real planner run. Default [`PlanOptions::default`].
    pub plan: PlanOptions,
    /// Distinct states the partial-progress search stores at most. Default 10,000.
    pub progress_nodes: u32,
}

impl Default for ExplainOptions {
    fn default() -> Self {
        ExplainOptions {
            max_depth: 3,
            plan: PlanOptions::default(),
            progress_nodes: 10_000,
        }
    }
}

/// A condition that cannot be made true from the start state, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Missing {
    /// The condition.
    pub condition: Condition,
    /// For a variable condition: the interval of values the variable can take from the
    /// start state (an over-approximation). `None` for a fact.
    pub range: Option<(i32, i32)>,
    /// Why it cannot be made true.
    pub why: Why,
}

/// Why a [`Missing`] condition cannot be made true.
#[derive(Clone, Debug, PartialEq)]
pub enum Why {
    /// No action has an effect that makes it true (for a fact required true that `start`
    /// does not set: almost always a typo).
    NoProvider,
    /// These actions could make it true (in action id order); none of them can run.
    Providers(Vec<Provider>),
    /// The same condition is explained earlier in the report; not repeated.
    SeeAbove,
    /// The condition is needed, through the chain above it, to make itself true.
    Cycle,
    /// Deeper than [`ExplainOptions::max_depth`]; not expanded.
    DepthLimit,
}

/// An action that could make a missing condition true, and what stops it.
#[derive(Clone, Debug, PartialEq)]
pub struct Provider {
    /// The action.
    pub action: ActionId,
    /// Disabled by the [`ActionContext`] ("disabled for this agent"); `lacks` is empty
    /// then.
    pub disabled: bool,
    /// Its preconditions that cannot be made true, each explained in turn.
    pub lacks: Vec<Missing>,
    /// Its preconditions can all be met, but from every value that meets them one of its
    /// `+=` / `-=` effects would leave its variable's range (which rejects overflow).
    pub blocked_by_range: bool,
}

/// A condition at the bottom of the "needs" chains: nothing that is enabled can make it
/// true, so fixing it (or the name that refers to it) is where to start.
#[derive(Clone, Debug, PartialEq)]
pub struct RootCause {
    /// The condition.
    pub condition: Condition,
    /// For a variable condition: the values the variable can take (see [`Missing::range`]).
    pub range: Option<(i32, i32)>,
    /// Disabled actions that would make it true (empty: no action at all does).
    pub disabled: Vec<ActionId>,
    /// For a fact: facts with a similar name (an edit or two apart, or equal ignoring
    /// case) that start with or can be given the required value — what the name was
    /// probably meant to be. Closest first, at most three.
    pub similar: Vec<FactId>,
}

/// The best state a bounded search reached: the one meeting the most goal conditions
/// (ties: lower cost, then found first).
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    /// The actions from the start state to it, in order (they replay with
    /// [`Domain::apply`]).
    pub actions: Vec<ActionId>,
    /// Their summed cost (with the context's cost overrides); the lowest cost of any path
    /// the search found to that state.
    pub cost: f64,
    /// The goal conditions it meets, in goal order.
    pub satisfied: Vec<Condition>,
    /// The goal conditions it does not meet, in goal order.
    pub unsatisfied: Vec<Condition>,
    /// States the search expanded.
    pub explored: u32,
    /// How the search ended.
    pub end: ProgressEnd,
}

/// How the partial-progress search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProgressEnd {
    /// It reached a state meeting every goal condition: [`Progress::actions`] is a
    /// minimum-cost plan (the search is exhaustive in cost order).
    Goal,
    /// It expanded every reachable state: no reachable state meets more goal conditions.
    Exhausted,
    /// Its cap ([`ExplainOptions::progress_nodes`]) cut it off: a state meeting more
    /// conditions may exist.
    Capped,
}

/// Why a goal has (or has no) plan. Built by [`explain`]; every list is in a fixed order.
#[derive(Clone, Debug, PartialEq)]
pub struct Explanation {
    /// The goal's conditions, in goal order (facts, then variables).
    pub goal: Vec<Condition>,
    /// What the planner concluded with [`ExplainOptions::plan`] and the context.
    pub outcome: Outcome,
    /// Nodes the planner expanded.
    pub expanded: u64,
    /// The planner's node limit ([`PlanOptions::max_nodes`]).
    pub max_nodes: u32,
    /// The goal conditions that cannot be made true from the start state, in goal order,
    /// each with the actions that could provide it, recursively. Empty when each
    /// condition is reachable on its own (the goal may still be unreachable).
    pub missing: Vec<Missing>,
    /// The conditions, anywhere below `missing` (whatever the depth), that no enabled
    /// action provides, in the order the report first meets them. Empty when `missing` is.
    pub root_causes: Vec<RootCause>,
    /// How close a bounded uniform-cost search gets.
    pub progress: Progress,
}

/// Explains whether and why `goal` can be reached from `start` in `domain`, with the
/// actions of `context` disabled or re-costed.
///
/// Runs the planner once (bounded by `options.plan`), a reachability analysis (linear in
/// the domain's size per pass, at most one pass per action) and a uniform-cost search of at
/// most `options.progress_nodes` stored states. `goal` must belong to `domain` (see
/// [`Domain::conditions_with`]). Panics on ids from another domain.
pub fn explain(
    domain: &Domain,
    start: &WorldState,
    goal: &Goal,
    context: &ActionContext,
    options: &ExplainOptions,
) -> Explanation {
    let result = Planner::new().plan_in(domain, start, goal, &options.plan, context);
    let reach = Reach::compute(domain, start, context);
    let mut tree = Tree {
        domain,
        context,
        reach: &reach,
        max_depth: options.max_depth,
        path: Vec::new(),
        expanded: HashSet::new(),
    };
    let missing = reach
        .lacking(goal)
        .into_iter()
        .map(|c| tree.missing(c, 1))
        .collect::<Vec<_>>();
    let root_causes = if missing.is_empty() {
        Vec::new()
    } else {
        root_causes(domain, start, context, &reach, &reach.lacking(goal))
    };
    let goal_list = Condition::list(goal);
    let progress = progress(domain, start, context, &goal_list, options.progress_nodes);
    Explanation {
        goal: goal_list,
        outcome: result.outcome,
        expanded: result.stats.expanded,
        max_nodes: options.plan.max_nodes,
        missing,
        root_causes,
        progress,
    }
}

/// Builds the "needs" tree: depth-first, a condition expanded once (later mentions are
/// [`Why::SeeAbove`]), cycles cut.
struct Tree<'a> {
    domain: &'a Domain,
    context: &'a ActionContext,
    reach: &'a Reach,
    max_depth: usize,
    /// Conditions on the way from the goal to the current one.
    path: Vec<Condition>,
    /// Conditions already expanded in the report.
    expanded: HashSet<Condition>,
}

impl Tree<'_> {
    fn missing(&mut self, condition: Condition, depth: usize) -> Missing {
        let range = match condition {
            Condition::Var(c) => Some(self.reach.range(c.var)),
            Condition::Fact(_) => None,
        };
        let why = self.why(condition, depth);
        Missing {
            condition,
            range,
            why,
        }
    }

    fn why(&mut self, condition: Condition, depth: usize) -> Why {
        if self.path.contains(&condition) {
            return Why::Cycle;
        }
        if self.expanded.contains(&condition) {
            return Why::SeeAbove;
        }
        if depth > self.max_depth {
            return Why::DepthLimit;
        }
        let providers = self.reach.providers(self.domain, &condition);
        if providers.is_empty() {
            return Why::NoProvider;
        }
        self.expanded.insert(condition);
        self.path.push(condition);
        let providers = providers
            .into_iter()
            .map(|action| {
                if self.context.is_disabled(action) {
                    return Provider {
                        action,
                        disabled: true,
                        lacks: Vec::new(),
                        blocked_by_range: false,
                    };
                }
                let pre = self.domain.actions()[action.index()].pre();
                let lacks = self
                    .reach
                    .lacking(pre)
                    .into_iter()
                    .map(|c| self.missing(c, depth + 1))
                    .collect();
                Provider {
                    action,
                    disabled: false,
                    lacks,
                    blocked_by_range: self.reach.blocked_by_range(self.domain, action),
                }
            })
            .collect();
        self.path.pop();
        Why::Providers(providers)
    }
}

/// The unreachable conditions below `roots` (through every enabled provider's lacking
/// preconditions, without a depth limit) that no enabled action provides, in depth-first
/// order of first meeting.
fn root_causes(
    domain: &Domain,
    start: &WorldState,
    context: &ActionContext,
    reach: &Reach,
    roots: &[Condition],
) -> Vec<RootCause> {
    let mut seen: HashSet<Condition> = HashSet::new();
    let mut causes = Vec::new();
    let mut stack: Vec<Condition> = roots.iter().rev().copied().collect();
    while let Some(c) = stack.pop() {
        if !seen.insert(c) {
            continue;
        }
        let providers = reach.providers(domain, &c);
        let (disabled, enabled): (Vec<ActionId>, Vec<ActionId>) =
            providers.into_iter().partition(|&a| context.is_disabled(a));
        if enabled.is_empty() {
            causes.push(RootCause {
                condition: c,
                range: match c {
                    Condition::Var(v) => Some(reach.range(v.var)),
                    Condition::Fact(_) => None,
                },
                disabled,
                similar: match c {
                    Condition::Fact(f) => similar_facts(domain, start, reach, f),
                    Condition::Var(_) => Vec::new(),
                },
            });
            continue;
        }
        let mut below = Vec::new();
        for a in enabled {
            below.extend(reach.lacking(domain.actions()[a.index()].pre()));
        }
        stack.extend(below.into_iter().rev());
    }
    causes
}

/// Facts other than `wanted.fact` whose name is close to its name and that can have
/// `wanted.value` (in `start` or by some action's effect, enabled or not): those reachable
/// with it first, then closest first, then by id; at most three.
fn similar_facts(
    domain: &Domain,
    start: &WorldState,
    reach: &Reach,
    wanted: FactValue,
) -> Vec<FactId> {
    let name: Vec<char> = domain
        .fact_name(wanted.fact)
        .to_lowercase()
        .chars()
        .collect();
    let limit = if name.len() <= 4 { 1 } else { 2 };
    let mut possible = vec![false; domain.fact_count()];
    for f in 0..domain.fact_count() as u32 {
        possible[f as usize] = start.get(FactId(f)) == wanted.value;
    }
    for a in domain.actions() {
        for e in a
            .effects()
            .entries()
            .iter()
            .filter(|e| e.value == wanted.value)
        {
            possible[e.fact.index()] = true;
        }
    }
    let mut close: Vec<(bool, usize, FactId)> = (0..domain.fact_count() as u32)
        .map(FactId)
        .filter(|&f| f != wanted.fact && possible[f.index()])
        .filter_map(|f| {
            let other: Vec<char> = domain.fact_name(f).to_lowercase().chars().collect();
            let d = edit_distance(&name, &other);
            let unreachable = !reach.holds(&Condition::Fact(FactValue::new(f, wanted.value)));
            (d <= limit).then_some((unreachable, d, f))
        })
        .collect();
    close.sort();
    close.into_iter().take(3).map(|(_, _, f)| f).collect()
}

/// Levenshtein distance between two character sequences.
fn edit_distance(a: &[char], b: &[char]) -> usize {
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let next = (diagonal + usize::from(ca != cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

/// The bounded uniform-cost search for [`Explanation::progress`].
fn progress(
    domain: &Domain,
    start: &WorldState,
    context: &ActionContext,
    goal: &[Condition],
    max_nodes: u32,
) -> Progress {
    let mut best: Option<(usize, u32)> = None; // (conditions met, node)
    let limits = search::Limits {
        expanded: u32::MAX,
        stored: (max_nodes as usize).max(1),
        edges: false,
    };
    let trace = search::run(domain, start, context, limits, |id, node| {
        let met = goal.iter().filter(|c| c.holds(domain, &node.state)).count();
        // Nodes pop in cost order, so the first to reach a count is the cheapest.
        if best.is_none_or(|(m, _)| met > m) {
            best = Some((met, id));
        }
        met == goal.len()
    });
    // The start node is always popped first, so `best` is set.
    let node = best.map_or(0, |(_, id)| id);
    let state = &trace.nodes[node as usize].state;
    let (satisfied, unsatisfied) = goal.iter().partition(|c| c.holds(domain, state));
    Progress {
        actions: trace.path(node),
        cost: trace.nodes[node as usize].g,
        satisfied,
        unsatisfied,
        explored: trace.expanded,
        end: match trace.end {
            search::End::Stopped(_) => ProgressEnd::Goal,
            search::End::Exhausted => ProgressEnd::Exhausted,
            search::End::Cut => ProgressEnd::Capped,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::edit_distance;

    #[test]
    fn edit_distance_counts_characters() {
        let d = |a: &str, b: &str| {
            let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
            edit_distance(&a, &b)
        };
        assert_eq!(d("has_ax", "has_axe"), 1);
        assert_eq!(d("kitten", "sitting"), 3);
        assert_eq!(d("菜已洗", "菜已切"), 1);
        assert_eq!(d("", "abc"), 3);
        assert_eq!(d("same", "same"), 0);
    }
}
