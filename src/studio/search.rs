//! The Search view's data: a search ([`crate::explain::trace`]) as a tree of states in
//! display order, each with g, h, f, the action that reached it, its state and its
//! difference from its parent, the plan's path marked; large searches sampled.

use serde_json::{json, Value};

use super::text;
use crate::domain::{Domain, Goal};
use crate::explain::{trace, TraceEnd};
use crate::planner::ActionContext;
use crate::state::WorldState;

/// A search drawn on the page expands at most this many states.
pub const MAX_SEARCH_EXPANSIONS: u32 = 50_000;

/// A search on the page shows at most this many states: the first ones in the order the
/// search took them up, and always every state on the plan's path.
pub const MAX_SHOWN_STATES: usize = 1_500;

/// What a search is about, for its heading.
pub struct SearchLabel<'a> {
    /// The heading, e.g. `goal "eat"`.
    pub title: String,
    /// The goal's name.
    pub goal: &'a str,
    /// Index of the domain in the page's `domains`.
    pub domain: usize,
}

/// The search from `start` towards `goal` as the Search view draws it, at most
/// `max_shown` states (see [`MAX_SHOWN_STATES`]).
pub fn search(
    label: SearchLabel<'_>,
    domain: &Domain,
    start: &WorldState,
    goal: &Goal,
    context: &ActionContext,
    max_shown: usize,
) -> Value {
    let mut out = json!({
        "title": label.title,
        "goal": label.goal,
        "domain": label.domain,
        "conditions": text::conditions(domain, goal),
        "nodes": [],
        "plan": [],
        "cost": Value::Null,
        "total": 0,
        "shown": 0,
        "note": Value::Null,
    });
    let t = match trace(domain, start, goal, context, MAX_SEARCH_EXPANSIONS) {
        Ok(t) => t,
        Err(e) => {
            out["end"] = json!("error");
            out["note"] = json!(format!("The search could not run: {e}"));
            return out;
        }
    };
    let total = t.nodes.len();
    let goal_node = (t.end == TraceEnd::Found).then(|| total - 1);
    // The plan's path: the goal node and its ancestors.
    let mut on_path = vec![false; total];
    let mut n = goal_node;
    while let Some(i) = n {
        on_path[i] = true;
        n = t.nodes[i].parent.map(|(p, _)| p);
    }
    let path_len = on_path.iter().filter(|&&p| p).count();
    // Kept: the first states taken up, and the path. A parent is always taken up before its
    // children, so the kept set contains every kept state's ancestors.
    let beyond = |k: usize| on_path[k.min(total)..].iter().filter(|&&p| p).count();
    let mut first = total;
    if total > max_shown {
        // The largest `first` with `first` + (path states from `first` on) ≤ `max_shown`.
        first = max_shown.saturating_sub(path_len);
        while first < max_shown && first + 1 + beyond(first + 1) <= max_shown {
            first += 1;
        }
    }
    let extra = beyond(first);
    let keep: Vec<bool> = (0..total).map(|i| i < first || on_path[i]).collect();
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); total];
    let mut roots = Vec::new();
    for (i, node) in t.nodes.iter().enumerate() {
        match node.parent {
            Some((p, _)) => children[p].push(i),
            None => roots.push(i),
        }
    }
    // Display order: depth-first, children in the order taken up.
    let mut order: Vec<(usize, usize)> = Vec::new(); // (trace index, depth)
    let mut stack: Vec<(usize, usize)> = roots.iter().rev().map(|&r| (r, 0)).collect();
    while let Some((i, depth)) = stack.pop() {
        if !keep[i] {
            continue;
        }
        order.push((i, depth));
        for &c in children[i].iter().rev() {
            stack.push((c, depth + 1));
        }
    }
    let mut shown_at = vec![usize::MAX; total];
    for (k, &(i, _)) in order.iter().enumerate() {
        shown_at[i] = k;
    }
    let action_name = |a: crate::domain::ActionId| domain.action(a).map_or("?", |a| a.name());
    let nodes: Vec<Value> = order
        .iter()
        .map(|&(i, depth)| {
            let node = &t.nodes[i];
            let (parent, action, diff) = match node.parent {
                Some((p, a)) => (
                    json!(shown_at[p]),
                    json!(action_name(a)),
                    text::diff(domain, &t.nodes[p].state, &node.state),
                ),
                None => (Value::Null, Value::Null, Vec::new()),
            };
            let kids = children[i].iter().filter(|&&c| keep[c]).count();
            let finite = node.h.is_finite();
            json!({
                "n": i + 1,
                "p": parent,
                "depth": depth,
                "a": action,
                "g": node.g,
                "h": if finite { json!(node.h) } else { Value::Null },
                "f": if finite { json!(node.g + node.h) } else { Value::Null },
                "d": diff,
                "s": text::state(domain, &node.state),
                "path": on_path[i],
                "goal": node.goal,
                "kids": kids,
                "hidden": children[i].len() - kids,
            })
        })
        .collect();
    let end = match t.end {
        TraceEnd::Found => "found",
        TraceEnd::NoPlan => "no_plan",
        TraceEnd::Limit => "limit",
    };
    let mut notes = Vec::new();
    if t.end == TraceEnd::Limit {
        notes.push(format!(
            "The search stopped after {total} states (the page's limit): no plan was found \
             within it."
        ));
    }
    if order.len() < total {
        let path = if goal_node.is_some() {
            format!(", and {extra} more on the plan's path (the plan's path is always shown)")
        } else {
            String::new()
        };
        notes.push(format!(
            "Showing {} of {total} states: the first {first} the search took up{path}.",
            order.len()
        ));
    }
    out["end"] = json!(end);
    out["total"] = json!(total);
    out["shown"] = json!(order.len());
    out["nodes"] = Value::Array(nodes);
    if !notes.is_empty() {
        out["note"] = json!(notes.join(" "));
    }
    if let Some(g) = goal_node {
        let names: Vec<&str> = t.path(g).into_iter().map(action_name).collect();
        out["plan"] = json!(names);
        out["cost"] = json!(t.nodes[g].g);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::parse_domain;

    fn label() -> SearchLabel<'static> {
        SearchLabel {
            title: "goal".into(),
            goal: "goal",
            domain: 0,
        }
    }

    /// `n` independent switches, each set by its own action: the uniform-cost search takes
    /// up every state with fewer than `n` switches on before the goal (2^n states).
    fn switches(n: usize) -> crate::format::DomainFile {
        let actions: Vec<String> = (0..n)
            .map(|i| {
                format!(
                    r#"{{"name": "on{i}", "pre": {{"s{i}": false}}, "effects": {{"s{i}": true}}}}"#
                )
            })
            .collect();
        let goal: Vec<String> = (0..n).map(|i| format!(r#""s{i}": true"#)).collect();
        parse_domain(&format!(
            r#"{{"actions": [{}], "goal": {{{}}}}}"#,
            actions.join(","),
            goal.join(",")
        ))
        .unwrap()
    }

    #[test]
    fn small_searches_are_shown_whole_with_diffs_and_the_path() {
        let file = parse_domain(
            r#"{"actions": [
                {"name": "洗菜", "pre": {"菜已买": true}, "effects": {"菜已洗": true}},
                {"name": "切菜", "cost": 2, "pre": {"菜已洗": true}, "effects": {"菜已切": true}},
                {"name": "跳舞", "effects": {"跳过舞": true}}],
                "start": {"菜已买": true}, "goal": {"菜已切": true}}"#,
        )
        .unwrap();
        let s = search(
            label(),
            &file.domain,
            &file.start,
            file.goal.as_ref().unwrap(),
            &ActionContext::new(),
            MAX_SHOWN_STATES,
        );
        assert_eq!(s["end"], "found");
        assert_eq!(s["plan"], json!(["洗菜", "切菜"]));
        assert_eq!(s["cost"], 3.0);
        assert_eq!(s["total"], s["shown"]);
        assert!(s["note"].is_null());
        let nodes = s["nodes"].as_array().unwrap();
        // The root first, with no parent and no diff; every other node after its parent.
        assert!(nodes[0]["p"].is_null() && nodes[0]["a"].is_null());
        assert_eq!(nodes[0]["path"], true);
        for (k, n) in nodes.iter().enumerate().skip(1) {
            let p = n["p"].as_u64().unwrap() as usize;
            assert!(p < k);
            assert_eq!(n["depth"], nodes[p]["depth"].as_u64().unwrap() + 1);
        }
        let goal = nodes.iter().find(|n| n["goal"] == true).unwrap();
        assert_eq!(goal["a"], "切菜");
        assert_eq!(goal["d"], json!(["+菜已切"]));
        assert_eq!(goal["g"], 3.0);
        assert_eq!(goal["h"], 0.0);
        assert_eq!(goal["path"], true);
        let dance = nodes.iter().find(|n| n["a"] == "跳舞").unwrap();
        assert_eq!(dance["path"], false);
        assert_eq!(dance["d"], json!(["+跳过舞"]));
        // f = g + h for the root: h is the LM-cut bound 3.
        assert_eq!(nodes[0]["f"], 3.0);
    }

    #[test]
    fn large_searches_are_sampled_and_keep_the_plan_path() {
        let file = switches(10);
        let s = search(
            label(),
            &file.domain,
            &file.start,
            file.goal.as_ref().unwrap(),
            &ActionContext::new(),
            100,
        );
        assert_eq!(s["end"], "found");
        assert_eq!(s["total"], 1024);
        assert_eq!(s["shown"], 100);
        let nodes = s["nodes"].as_array().unwrap();
        assert_eq!(nodes.len(), 100);
        let path: Vec<&Value> = nodes.iter().filter(|n| n["path"] == true).collect();
        assert_eq!(path.len(), 11, "the start and ten steps");
        assert!(path.iter().any(|n| n["goal"] == true));
        assert_eq!(s["plan"].as_array().unwrap().len(), 10);
        let note = s["note"].as_str().unwrap();
        assert!(
            note.starts_with("Showing 100 of 1024 states: the first "),
            "{note}"
        );
        assert!(
            note.ends_with("(the plan's path is always shown)."),
            "{note}"
        );
        // Every shown node's parent is shown; hidden children are counted.
        let hidden: u64 = nodes.iter().map(|n| n["hidden"].as_u64().unwrap()).sum();
        assert!(hidden > 0);
        for n in nodes.iter().skip(1) {
            assert!(n["p"].as_u64().unwrap() < 100);
        }
    }

    #[test]
    fn no_plan_searches_say_so() {
        let file = parse_domain(
            r#"{"actions": [{"name": "a", "effects": {"x": true}}], "goal": {"y": true}}"#,
        )
        .unwrap();
        let s = search(
            label(),
            &file.domain,
            &file.start,
            file.goal.as_ref().unwrap(),
            &ActionContext::new(),
            MAX_SHOWN_STATES,
        );
        assert_eq!(s["end"], "no_plan");
        assert_eq!(s["total"], 2);
        assert!(s["cost"].is_null());
        assert_eq!(
            s["nodes"][0]["h"],
            Value::Null,
            "the goal is out of reach: h = ∞"
        );
        assert_eq!(s["nodes"][1]["d"], json!(["+x"]));
    }
}
