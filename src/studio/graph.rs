//! The action graph's layered layout: facts and variables in even columns, actions in odd
//! ones, left to right in the order they become reachable from the start (delete-relaxed:
//! a fact's column is the first layer where some action can make it true), each column
//! ordered to keep edges short (barycentre sweeps) and centred.

use serde_json::{json, Value};

use super::text;
use crate::domain::{Domain, FactId, VarId};
use crate::state::WorldState;

/// Graphs with more nodes than this are not drawn (the page says so and lists the actions).
pub const MAX_GRAPH_NODES: usize = 600;

/// Height of a node, in pixels.
const NODE_H: f64 = 26.0;
/// Vertical gap between the nodes of a column.
const GAP_Y: f64 = 12.0;
/// Horizontal gap between columns.
const GAP_X: f64 = 44.0;
/// Margin around the drawing.
const MARGIN: f64 = 16.0;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Fact,
    Var,
    Action,
}

struct Node {
    kind: Kind,
    /// Fact, variable or action id.
    id: u32,
    label: String,
    rank: usize,
    width: f64,
    y: f64,
}

/// Estimated width of `s` drawn at the page's 12 px node font: wide (CJK) characters count
/// about twice.
pub fn text_width(s: &str) -> f64 {
    s.chars()
        .map(|c| {
            if (c as u32) >= 0x2E80 {
                12.5
            } else if c.is_ascii_uppercase() || c == 'm' || c == 'w' {
                8.5
            } else {
                6.8
            }
        })
        .sum()
}

/// The layout of `domain`'s action graph as seen from `start`, with the facts and
/// variables that goals name flagged (`goal_facts`, `goal_vars`). `null` fields and a
/// `reason` when the graph has more than [`MAX_GRAPH_NODES`] nodes.
pub fn layout(
    domain: &Domain,
    start: &WorldState,
    goal_facts: &[FactId],
    goal_vars: &[VarId],
) -> Value {
    let total = domain.fact_count() + domain.var_count() + domain.action_count();
    if total > MAX_GRAPH_NODES {
        return json!({
            "nodes": [], "edges": [], "width": 0, "height": 0,
            "reason": format!(
                "The graph has {total} nodes ({} facts, {} variables, {} actions), more than \
                 the {MAX_GRAPH_NODES} the page draws; the actions are listed below.",
                domain.fact_count(), domain.var_count(), domain.action_count()),
        });
    }
    let ranks = ranks(domain, start);
    let mut nodes: Vec<Node> = Vec::with_capacity(total);
    for f in 0..domain.fact_count() {
        let label = domain.fact_name(FactId(f as u32)).to_owned();
        nodes.push(Node {
            kind: Kind::Fact,
            id: f as u32,
            width: text_width(&label) + 24.0,
            label,
            rank: ranks.fact[f],
            y: 0.0,
        });
    }
    for (v, var) in domain.vars().iter().enumerate() {
        let label = format!("{} = {}", var.name(), domain.value(start, VarId(v as u32)));
        nodes.push(Node {
            kind: Kind::Var,
            id: v as u32,
            width: text_width(&label) + 24.0,
            label,
            rank: 0,
            y: 0.0,
        });
    }
    let first_action = nodes.len();
    for (a, action) in domain.actions().iter().enumerate() {
        let label = format!("{}  {}", action.name(), text::num(action.cost()));
        nodes.push(Node {
            kind: Kind::Action,
            id: a as u32,
            width: text_width(&label) + 24.0,
            label,
            rank: ranks.action[a],
            y: 0.0,
        });
    }
    let fact_node = |f: FactId| f.index();
    let var_node = |v: VarId| domain.fact_count() + v.index();
    // Edges: (source node, target node, kind, value, label).
    let mut edges: Vec<(usize, usize, &str, Value, String)> = Vec::new();
    for (a, action) in domain.actions().iter().enumerate() {
        let an = first_action + a;
        for c in action.pre().entries() {
            edges.push((fact_node(c.fact), an, "pre", json!(c.value), String::new()));
        }
        for c in action.pre().var_conditions() {
            let label = format!("{} {}", text::compare(c.op), c.value);
            edges.push((var_node(c.var), an, "pre", Value::Null, label));
        }
        for e in action.effects().entries() {
            edges.push((an, fact_node(e.fact), "eff", json!(e.value), String::new()));
        }
        for e in action.var_effects() {
            let full = text::var_effect(domain, e);
            let label = full
                .split_once(' ')
                .map_or(full.clone(), |(_, l)| l.to_owned());
            edges.push((an, var_node(e.var), "eff", Value::Null, label));
        }
    }
    // Columns, in node order, then barycentre sweeps.
    let columns = nodes.iter().map(|n| n.rank).max().map_or(0, |m| m + 1);
    let mut cols: Vec<Vec<usize>> = vec![Vec::new(); columns];
    for (i, n) in nodes.iter().enumerate() {
        cols[n.rank].push(i);
    }
    let mut neighbours: Vec<Vec<usize>> = vec![Vec::new(); nodes.len()];
    for &(s, t, ..) in &edges {
        neighbours[s].push(t);
        neighbours[t].push(s);
    }
    let mut pos = vec![0.0f64; nodes.len()];
    let place = |cols: &Vec<Vec<usize>>, pos: &mut Vec<f64>| {
        for col in cols {
            for (i, &n) in col.iter().enumerate() {
                pos[n] = i as f64 - col.len() as f64 / 2.0;
            }
        }
    };
    place(&cols, &mut pos);
    for sweep in 0..4 {
        let order: Vec<usize> = if sweep % 2 == 0 {
            (1..columns).collect()
        } else {
            (0..columns.saturating_sub(1)).rev().collect()
        };
        for c in order {
            let side = |n: usize| {
                let r = nodes[n].rank;
                if sweep % 2 == 0 {
                    r < c
                } else {
                    r > c
                }
            };
            let mut keyed: Vec<(f64, usize, usize)> = cols[c]
                .iter()
                .enumerate()
                .map(|(i, &n)| {
                    let ys: Vec<f64> = neighbours[n]
                        .iter()
                        .filter(|&&m| side(m))
                        .map(|&m| pos[m])
                        .collect();
                    let key = if ys.is_empty() {
                        pos[n]
                    } else {
                        ys.iter().sum::<f64>() / ys.len() as f64
                    };
                    (key, i, n)
                })
                .collect();
            keyed.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
            cols[c] = keyed.into_iter().map(|k| k.2).collect();
            for (i, &n) in cols[c].iter().enumerate() {
                pos[n] = i as f64 - cols[c].len() as f64 / 2.0;
            }
        }
    }
    // Coordinates: columns left to right, each centred vertically.
    let tallest = cols.iter().map(Vec::len).max().unwrap_or(0) as f64;
    let height = MARGIN * 2.0 + tallest * NODE_H + (tallest - 1.0).max(0.0) * GAP_Y;
    let mut xs = vec![0.0f64; nodes.len()];
    let mut x = MARGIN;
    for col in &cols {
        let h = col.len() as f64 * (NODE_H + GAP_Y) - GAP_Y;
        let mut y = (height - h) / 2.0;
        let w = col.iter().map(|&n| nodes[n].width).fold(0.0, f64::max);
        for &n in col {
            // Facts sit right-aligned against their actions' column, actions left-aligned.
            xs[n] = x + (w - nodes[n].width) / 2.0;
            nodes[n].y = y.round();
            y += NODE_H + GAP_Y;
        }
        if !col.is_empty() {
            x += w + GAP_X;
        }
    }
    let width = (x - GAP_X + MARGIN).max(MARGIN * 2.0);
    let node_json: Vec<Value> = nodes
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let mut v = json!({
                "k": match n.kind { Kind::Fact => "fact", Kind::Var => "var", Kind::Action => "action" },
                "id": n.id,
                "label": n.label,
                "x": xs[i].round(),
                "y": n.y,
                "w": n.width.round(),
                "h": NODE_H,
                "col": n.rank,
            });
            match n.kind {
                Kind::Fact => {
                    v["start"] = json!(start.get(FactId(n.id)));
                    v["goal"] = json!(goal_facts.contains(&FactId(n.id)));
                    v["reach"] = json!(n.rank != ranks.unreachable);
                }
                Kind::Var => v["goal"] = json!(goal_vars.contains(&VarId(n.id))),
                Kind::Action => v["reach"] = json!(n.rank < ranks.unreachable),
            }
            v
        })
        .collect();
    let edge_json: Vec<Value> = edges
        .iter()
        .map(|(s, t, k, value, label)| {
            json!({
                "s": s, "t": t, "k": k, "v": value, "l": label,
                "x1": (xs[*s] + nodes[*s].width).round(), "y1": nodes[*s].y + NODE_H / 2.0,
                "x2": xs[*t].round(), "y2": nodes[*t].y + NODE_H / 2.0,
            })
        })
        .collect();
    json!({
        "nodes": node_json,
        "edges": edge_json,
        "width": width.round(),
        "height": height.round(),
        "reason": Value::Null,
    })
}

/// Columns of facts and actions.
struct Ranks {
    fact: Vec<usize>,
    action: Vec<usize>,
    /// The column of facts that can never become true (after every reachable one); actions
    /// that need one are further right.
    unreachable: usize,
}

/// Delete-relaxed layers from `start`: a fact true at the start is in column 0, an action
/// one column right of the rightmost fact it needs true (variables count as column 0), a
/// fact it makes true one column right of the first action that makes it true.
fn ranks(domain: &Domain, start: &WorldState) -> Ranks {
    const NONE: usize = usize::MAX;
    let mut fact = vec![NONE; domain.fact_count()];
    for (f, r) in fact.iter_mut().enumerate() {
        if start.get(FactId(f as u32)) {
            *r = 0;
        }
    }
    let mut action = vec![NONE; domain.action_count()];
    let need = |fact: &[usize], a: &crate::domain::Action| -> usize {
        a.pre()
            .entries()
            .iter()
            .filter(|c| c.value)
            .map(|c| fact[c.fact.index()])
            .max()
            .unwrap_or(0)
    };
    let mut layer = 0;
    loop {
        let mut changed = false;
        for (a, act) in domain.actions().iter().enumerate() {
            if action[a] != NONE || need(&fact, act) != layer {
                continue;
            }
            action[a] = layer + 1;
            for e in act.effects().entries().iter().filter(|e| e.value) {
                let r = &mut fact[e.fact.index()];
                if *r == NONE {
                    *r = layer + 2;
                }
            }
            changed = true;
        }
        if !changed && !fact.contains(&(layer + 2)) {
            break;
        }
        layer += 2;
    }
    let reached = fact
        .iter()
        .filter(|&&r| r != NONE)
        .max()
        .copied()
        .unwrap_or(0);
    let reached = reached.max(
        action
            .iter()
            .filter(|&&r| r != NONE)
            .max()
            .map_or(0, |r| r + 1),
    );
    let unreachable = reached + 2 - reached % 2;
    for r in fact.iter_mut().filter(|r| **r == NONE) {
        *r = unreachable;
    }
    for (a, act) in domain.actions().iter().enumerate() {
        if action[a] == NONE {
            action[a] = need(&fact, act).max(unreachable) + 1;
        }
    }
    Ranks {
        fact,
        action,
        unreachable,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::parse_domain;

    fn node<'a>(g: &'a Value, label: &str) -> &'a Value {
        g["nodes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|n| {
                let l = n["label"].as_str().unwrap();
                l == label || l.starts_with(&format!("{label}  "))
            })
            .unwrap_or_else(|| panic!("no node {label}"))
    }

    #[test]
    fn columns_follow_reachability_from_the_start() {
        let file = parse_domain(
            r#"{"actions": [
                {"name": "cook", "cost": 2, "pre": {"cut": true}, "effects": {"cooked": true}},
                {"name": "cut", "pre": {"washed": true}, "effects": {"cut": true}},
                {"name": "wash", "pre": {"bought": true}, "effects": {"washed": true, "bought": false}},
                {"name": "fly", "pre": {"wings": true}, "effects": {"cooked": true}}],
                "start": {"bought": true}, "goal": {"cooked": true}}"#,
        )
        .unwrap();
        let goal: Vec<FactId> = file
            .goal
            .as_ref()
            .unwrap()
            .entries()
            .iter()
            .map(|c| c.fact)
            .collect();
        let g = layout(&file.domain, &file.start, &goal, &[]);
        let col = |l: &str| node(&g, l)["col"].as_u64().unwrap();
        assert_eq!(col("bought"), 0);
        assert_eq!(col("wash"), 1);
        assert_eq!(col("washed"), 2);
        assert_eq!(col("cut  1"), 3);
        assert_eq!(col("cook"), 5);
        assert_eq!(col("cooked"), 6);
        // "wings" can never be true: a column of its own to the right, and "fly" beyond it.
        assert_eq!(col("wings"), 8);
        assert_eq!(col("fly"), 9);
        assert_eq!(node(&g, "wings")["reach"], false);
        assert_eq!(node(&g, "fly")["reach"], false);
        assert_eq!(node(&g, "cooked")["goal"], true);
        assert_eq!(node(&g, "cook")["label"], "cook  2");
        // Columns go left to right and nothing overlaps within a column.
        let nodes = g["nodes"].as_array().unwrap();
        for a in nodes {
            for b in nodes {
                if a != b && a["col"] == b["col"] {
                    let (ya, yb) = (a["y"].as_f64().unwrap(), b["y"].as_f64().unwrap());
                    assert!((ya - yb).abs() >= NODE_H, "{a} overlaps {b}");
                }
            }
        }
        assert!(node(&g, "wash")["x"].as_f64() < node(&g, "cook")["x"].as_f64());
        // The edges: wash needs bought (true), deletes it (false), makes washed true.
        let edges = g["edges"].as_array().unwrap();
        let wash = nodes.iter().position(|n| n["label"] == "wash  1").unwrap();
        let bought = nodes.iter().position(|n| n["label"] == "bought").unwrap();
        let kinds: Vec<(&str, bool)> = edges
            .iter()
            .filter(|e| e["s"] == wash || e["t"] == wash)
            .filter(|e| e["s"] == bought || e["t"] == bought)
            .map(|e| (e["k"].as_str().unwrap(), e["v"].as_bool().unwrap()))
            .collect();
        assert_eq!(kinds, [("pre", true), ("eff", false)]);
    }

    #[test]
    fn variables_are_nodes_with_labelled_edges() {
        let file = parse_domain(
            r#"{"vars": {"ammo": {"min": 0, "max": 9, "default": 3}},
                "actions": [{"name": "shoot", "pre": {"ammo": {">=": 1}},
                             "effects": {"ammo": {"-=": 1}, "hit": true}}]}"#,
        )
        .unwrap();
        let g = layout(&file.domain, &file.start, &[], &[VarId(0)]);
        assert_eq!(node(&g, "ammo = 3")["k"], "var");
        assert_eq!(node(&g, "ammo = 3")["goal"], true);
        let labels: Vec<&str> = g["edges"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["l"].as_str().unwrap())
            .collect();
        assert_eq!(labels, ["≥ 1", "", "−= 1"]);
    }

    #[test]
    fn too_large_graphs_are_not_drawn() {
        let mut actions = Vec::new();
        for i in 0..MAX_GRAPH_NODES {
            actions.push(format!(
                r#"{{"name": "a{i}", "effects": {{"f{i}": true}}}}"#
            ));
        }
        let file = parse_domain(&format!(r#"{{"actions": [{}]}}"#, actions.join(","))).unwrap();
        let g = layout(&file.domain, &file.start, &[], &[]);
        assert_eq!(g["nodes"].as_array().unwrap().len(), 0);
        assert!(g["reason"].as_str().unwrap().contains("1200 nodes"));
    }

    #[test]
    fn wide_characters_are_measured_wider() {
        assert!(text_width("洗菜") > text_width("ab"));
        assert_eq!(text_width(""), 0.0);
    }
}
