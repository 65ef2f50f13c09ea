//! [`trace_dot`]: a search drawn as a Graphviz graph.

use std::fmt::Write;

use super::search::{self, End, Limits, ROOT};
use crate::domain::{format_cost, Domain, FactId, Goal, VarId};
use crate::planner::ActionContext;
use crate::state::WorldState;

/// At most this many changed facts and variables are shown in a node's label.
const LABEL_ITEMS: usize = 4;

/// Colour of the plan's path.
const PLAN_COLOR: &str = "#c0392b";

/// A Graphviz DOT graph of a bounded uniform-cost search from `start` towards `goal`.
///
/// The search expands at most `max_nodes` states (in cost order, ties by insertion order;
/// successors in action id order; disabled actions skipped, cost overrides used) and stops
/// at the first goal state it expands, whose path is then a minimum-cost plan. Every
/// state it generated is a node, labelled with its cost `g` from the start and the facts
/// and variables that differ from the start (`+fact` now true, `-fact` now false,
/// `var=value`; at most four, then a count); every transition is an edge labelled with its
/// action (an action that changes nothing is left out). Goal states are double circles, states never expanded are dashed, the plan's
/// path is bold and red, and a note node says how the search ended (plan found, no plan,
/// or cut off by `max_nodes`). Labels escape quotes, backslashes and line breaks, so any
/// UTF-8 name is safe.
///
/// The graph has up to `1 + max_nodes × actions` nodes: keep `max_nodes` small (tens to a
/// few hundred) for a drawing a person can read. Panics on ids from another domain.
pub fn trace_dot(
    domain: &Domain,
    start: &WorldState,
    goal: &Goal,
    context: &ActionContext,
    max_nodes: u32,
) -> String {
    let limits = Limits {
        expanded: max_nodes,
        stored: usize::MAX,
        edges: true,
    };
    let trace = search::run(domain, start, context, limits, |_, node| {
        domain.satisfies(&node.state, goal)
    });
    let origin = &trace.nodes[0].state;

    // Nodes and edges of the plan's path, if one was found.
    let mut on_path = vec![false; trace.nodes.len()];
    if let End::Stopped(mut n) = trace.end {
        on_path[n as usize] = true;
        while trace.nodes[n as usize].parent != ROOT {
            n = trace.nodes[n as usize].parent;
            on_path[n as usize] = true;
        }
    }

    let mut out = String::new();
    out.push_str("digraph search {\n");
    out.push_str("  rankdir=LR;\n");
    out.push_str("  node [shape=ellipse, fontsize=10];\n");
    out.push_str("  edge [fontsize=9];\n");
    for (i, node) in trace.nodes.iter().enumerate() {
        let mut label = if i == 0 {
            "start".to_owned()
        } else {
            format!("g={}", format_cost(node.g))
        };
        let mut items = changes(domain, origin, &node.state);
        let more = items.len().saturating_sub(LABEL_ITEMS);
        items.truncate(LABEL_ITEMS);
        if more > 0 {
            items.push(format!("… (+{more})"));
        }
        for item in items {
            label.push('\n');
            label.push_str(&item);
        }
        let mut attrs = vec![format!("label=\"{}\"", escape(&label))];
        if domain.satisfies(&node.state, goal) {
            attrs.push("shape=doublecircle".into());
        }
        if !node.expanded && !on_path[i] {
            attrs.push("style=dashed".into());
        }
        if on_path[i] {
            attrs.push(format!("color=\"{PLAN_COLOR}\", penwidth=2"));
        }
        let _ = writeln!(out, "  n{i} [{}];", attrs.join(", "));
    }
    // An action that changes nothing would only draw a loop.
    for e in trace.edges.iter().filter(|e| e.from != e.to) {
        let to = &trace.nodes[e.to as usize];
        let name = domain.actions()[e.action.index()].name();
        let mut attrs = vec![format!("label=\"{}\"", escape(name))];
        if on_path[e.to as usize] && to.parent == e.from && to.action == e.action {
            attrs.push(format!(
                "color=\"{PLAN_COLOR}\", fontcolor=\"{PLAN_COLOR}\", penwidth=2.5"
            ));
        }
        let _ = writeln!(out, "  n{} -> n{} [{}];", e.from, e.to, attrs.join(", "));
    }
    let expanded = trace.expanded;
    let note = match trace.end {
        End::Stopped(n) => {
            let actions = trace.path(n).len();
            format!(
                "plan found: {actions} action{}, cost {}\n{expanded} state{} expanded",
                if actions == 1 { "" } else { "s" },
                format_cost(trace.nodes[n as usize].g),
                if expanded == 1 { "" } else { "s" },
            )
        }
        End::Exhausted => format!(
            "no plan: all {expanded} reachable state{} expanded",
            if expanded == 1 { "" } else { "s" }
        ),
        End::Cut => {
            let waiting = trace.nodes.iter().filter(|n| !n.expanded).count();
            format!(
                "cut off: the cap of {max_nodes} expanded state{} was reached\n{waiting} \
                 generated state{} not expanded",
                if max_nodes == 1 { "" } else { "s" },
                if waiting == 1 { "" } else { "s" },
            )
        }
    };
    let _ = writeln!(out, "  note [shape=note, label=\"{}\"];", escape(&note));
    out.push_str("}\n");
    out
}

/// How `state` differs from `start`, in id order: `+fact` (now true), `-fact` (now false),
/// then `var=value`.
fn changes(domain: &Domain, start: &WorldState, state: &WorldState) -> Vec<String> {
    let facts = (0..domain.fact_count() as u32)
        .map(FactId)
        .filter(|&f| start.get(f) != state.get(f))
        .map(|f| {
            let sign = if state.get(f) { '+' } else { '-' };
            format!("{sign}{}", domain.fact_name(f))
        });
    let vars = (0..domain.var_count() as u32)
        .map(VarId)
        .filter(|&v| domain.value(start, v) != domain.value(state, v))
        .map(|v| {
            let name = domain.vars()[v.index()].name();
            format!("{name}={}", domain.value(state, v))
        });
    facts.chain(vars).collect()
}

/// `text` for a double-quoted DOT string: `"` and `\` escaped, line breaks as `\n`
/// (carriage returns dropped).
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn escape_quotes_backslashes_and_newlines() {
        assert_eq!(escape(r#"a"b\c"#), r#"a\"b\\c"#);
        assert_eq!(escape("x\r\ny"), "x\\ny");
        assert_eq!(escape("洗菜"), "洗菜");
    }
}
