//! A stand-in for "why is there no plan": what the demo can say from the domain alone,
//! until `goap::explain` lands on main.
//!
//! TODO(explain): replace [`why_no_plan`] with
//! `goap::explain::explain(domain, state, goal, context, &ExplainOptions::default())
//! .render(domain)` and delete this module.

use goap::{ActionContext, ActionId, Domain, FactId, FactValue, Goal, WorldState};

/// Lines explaining why `goal` has no plan from `state`: for each goal condition that no
/// sequence of usable actions can reach even ignoring what actions undo (a relaxed
/// reachability, so a condition listed here is certainly out of reach), the actions that
/// would make it true and their own unreachable preconditions, followed back breadth-first;
/// each condition once, at most `max_lines` lines. Variable conditions are not examined.
pub fn why_no_plan(
    domain: &Domain,
    state: &WorldState,
    goal: &Goal,
    context: &ActionContext,
    max_lines: usize,
) -> Vec<String> {
    let reached = relaxed_reach(domain, state, context);
    let reachable = |c: FactValue| reached[c.fact.index()][usize::from(c.value)];
    let mut todo: Vec<FactValue> = goal
        .entries()
        .iter()
        .copied()
        .filter(|&c| !reachable(c))
        .collect();
    if todo.is_empty() {
        return vec![
            "every goal condition is reachable on its own; they conflict with each other".into(),
        ];
    }
    // (condition, what could make it), in breadth-first order.
    let mut rows: Vec<(String, String)> = Vec::new();
    let mut i = 0;
    while i < todo.len() && rows.len() < max_lines {
        let c = todo[i];
        i += 1;
        let makers: Vec<String> = achievers(domain, c)
            .map(|a| {
                let action = &domain.actions()[a.index()];
                let missing: Vec<FactValue> = action
                    .pre()
                    .entries()
                    .iter()
                    .copied()
                    .filter(|&p| !reachable(p))
                    .collect();
                for &m in &missing {
                    if !todo.contains(&m) {
                        todo.push(m);
                    }
                }
                let disabled = if context.is_disabled(a) {
                    " (disabled)"
                } else {
                    ""
                };
                if missing.is_empty() {
                    format!("{}{disabled}", action.name())
                } else {
                    let needs: Vec<String> = missing.iter().map(|&m| text(domain, m)).collect();
                    format!("{}{disabled} needs {}", action.name(), needs.join(", "))
                }
            })
            .collect();
        rows.push((
            text(domain, c),
            if makers.is_empty() {
                "no action makes it".into()
            } else {
                format!("made by {}", makers.join("; "))
            },
        ));
    }
    let width = rows.iter().map(|r| r.0.chars().count()).max().unwrap_or(0);
    let mut lines: Vec<String> = rows
        .into_iter()
        .map(|(fact, how)| {
            let pad = " ".repeat(width - fact.chars().count());
            format!("{fact}{pad}  {how}")
        })
        .collect();
    if i < todo.len() {
        lines.push(format!(
            "… and {} more conditions out of reach",
            todo.len() - i
        ));
    }
    lines
}

/// The actions whose effects include `c`, in domain order.
fn achievers(domain: &Domain, c: FactValue) -> impl Iterator<Item = ActionId> + '_ {
    domain
        .actions()
        .iter()
        .enumerate()
        .filter(move |(_, a)| a.effects().entries().contains(&c))
        .map(|(i, _)| ActionId(i as u32))
}

/// For each fact and value, whether some sequence of usable actions could reach it when
/// effects only add (delete relaxation): a least fixpoint, O(actions² · conditions).
fn relaxed_reach(domain: &Domain, state: &WorldState, context: &ActionContext) -> Vec<[bool; 2]> {
    let mut reached: Vec<[bool; 2]> = (0..domain.fact_count())
        .map(|f| {
            let mut r = [false; 2];
            r[usize::from(state.get(FactId(f as u32)))] = true;
            r
        })
        .collect();
    let mut used = vec![false; domain.action_count()];
    loop {
        let mut grew = false;
        for (i, action) in domain.actions().iter().enumerate() {
            if used[i] || context.is_disabled(ActionId(i as u32)) {
                continue;
            }
            let ready = action
                .pre()
                .entries()
                .iter()
                .all(|p| reached[p.fact.index()][usize::from(p.value)]);
            if ready {
                used[i] = true;
                grew = true;
                for e in action.effects().entries() {
                    reached[e.fact.index()][usize::from(e.value)] = true;
                }
            }
        }
        if !grew {
            return reached;
        }
    }
}

/// `fact`, or `not fact`.
fn text(domain: &Domain, c: FactValue) -> String {
    if c.value {
        domain.fact_name(c.fact).to_owned()
    } else {
        format!("not {}", domain.fact_name(c.fact))
    }
}
