//! A small bounded uniform-cost search over [`Domain::apply`], shared by the partial
//! progress report and the search trace. It is independent of the planner on purpose: it
//! shows states as the domain's semantics produce them, not as the planner prunes them.
//!
//! Deterministic: the open list orders by cost, then insertion order; successors are
//! generated in action id order; disabled actions are skipped.

use std::cmp::Ordering;
use std::collections::{BinaryHeap, HashMap};

use crate::domain::{ActionId, Domain, VarId};
use crate::planner::ActionContext;
use crate::state::WorldState;

/// No parent (the start node).
pub(super) const ROOT: u32 = u32::MAX;

/// One stored state.
#[derive(Debug)]
pub(super) struct Node {
    pub state: WorldState,
    /// Cheapest known cost from the start.
    pub g: f64,
    /// Parent node and the action leading here (`ROOT` for the start).
    pub parent: u32,
    pub action: ActionId,
    /// Successors generated (popped with its final cost).
    pub expanded: bool,
}

/// A generated transition `from --action--> to`.
#[derive(Debug, Clone, Copy)]
pub(super) struct Edge {
    pub from: u32,
    pub to: u32,
    pub action: ActionId,
}

/// Limits of one search.
#[derive(Debug, Clone, Copy)]
pub(super) struct Limits {
    /// Nodes expanded at most.
    pub expanded: u32,
    /// Distinct states stored at most (new states beyond it are dropped).
    pub stored: usize,
    /// Record every generated edge (for the trace).
    pub edges: bool,
}

/// How a search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum End {
    /// The visitor asked to stop at this node.
    Stopped(u32),
    /// Every reachable state was expanded.
    Exhausted,
    /// A limit cut the search short (states were left unexpanded or dropped).
    Cut,
}

/// The result of [`run`].
#[derive(Debug)]
pub(super) struct Trace {
    pub nodes: Vec<Node>,
    pub edges: Vec<Edge>,
    pub expanded: u32,
    pub end: End,
}

impl Trace {
    /// The actions from the start to `node`, in order.
    pub fn path(&self, mut node: u32) -> Vec<ActionId> {
        let mut actions = Vec::new();
        while self.nodes[node as usize].parent != ROOT {
            actions.push(self.nodes[node as usize].action);
            node = self.nodes[node as usize].parent;
        }
        actions.reverse();
        actions
    }
}

#[derive(Debug, PartialEq)]
struct Open {
    g: f64,
    seq: u64,
    node: u32,
}

impl Eq for Open {}

impl Ord for Open {
    // BinaryHeap is a max-heap: reverse so the lowest cost, then earliest, pops first.
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .g
            .total_cmp(&self.g)
            .then_with(|| other.seq.cmp(&self.seq))
    }
}

impl PartialOrd for Open {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// `start` with exactly the domain's facts and every variable set to its value, so that
/// equal states compare equal (a state that leaves a variable unset differs from one that
/// sets it to its default).
pub(super) fn canonical(domain: &Domain, start: &WorldState) -> WorldState {
    let mut s = WorldState::with_facts(domain.fact_count());
    for f in start.true_facts() {
        if f.index() < domain.fact_count() {
            s.set(f, true);
        }
    }
    for v in 0..domain.var_count() as u32 {
        s.set_var(VarId(v), domain.value(start, VarId(v)));
    }
    s
}

/// Uniform-cost search from `start` (canonicalised) within `limits`. `visit` sees each
/// node (id and node) when it is popped with its final cost and returns true to stop
/// there.
pub(super) fn run(
    domain: &Domain,
    start: &WorldState,
    context: &ActionContext,
    limits: Limits,
    mut visit: impl FnMut(u32, &Node) -> bool,
) -> Trace {
    let start = canonical(domain, start);
    let mut index: HashMap<WorldState, u32> = HashMap::new();
    index.insert(start.clone(), 0);
    let mut trace = Trace {
        nodes: vec![Node {
            state: start,
            g: 0.0,
            parent: ROOT,
            action: ActionId(0),
            expanded: false,
        }],
        edges: Vec::new(),
        expanded: 0,
        end: End::Exhausted,
    };
    let mut seq = 0u64;
    let mut open = BinaryHeap::from([Open {
        g: 0.0,
        seq,
        node: 0,
    }]);
    let mut dropped = false;
    while let Some(Open { g, node, .. }) = open.pop() {
        let n = &trace.nodes[node as usize];
        if n.expanded || g > n.g {
            continue; // a stale entry
        }
        if visit(node, n) {
            trace.end = End::Stopped(node);
            return trace;
        }
        if trace.expanded >= limits.expanded {
            trace.end = End::Cut;
            return trace;
        }
        trace.nodes[node as usize].expanded = true;
        trace.expanded += 1;
        let state = trace.nodes[node as usize].state.clone();
        for a in 0..domain.action_count() as u32 {
            let action = ActionId(a);
            if context.is_disabled(action) {
                continue;
            }
            let mut next = state.clone();
            if !domain.apply(&mut next, action) {
                continue;
            }
            let cost = g + context.cost(domain, action);
            let to = match index.get(&next) {
                Some(&to) => {
                    let t = &mut trace.nodes[to as usize];
                    if !t.expanded && cost < t.g {
                        t.g = cost;
                        t.parent = node;
                        t.action = action;
                        seq += 1;
                        open.push(Open {
                            g: cost,
                            seq,
                            node: to,
                        });
                    }
                    to
                }
                None if trace.nodes.len() >= limits.stored => {
                    dropped = true;
                    continue;
                }
                None => {
                    let to = trace.nodes.len() as u32;
                    index.insert(next.clone(), to);
                    trace.nodes.push(Node {
                        state: next,
                        g: cost,
                        parent: node,
                        action,
                        expanded: false,
                    });
                    seq += 1;
                    open.push(Open {
                        g: cost,
                        seq,
                        node: to,
                    });
                    to
                }
            };
            if limits.edges {
                trace.edges.push(Edge {
                    from: node,
                    to,
                    action,
                });
            }
        }
    }
    if dropped {
        trace.end = End::Cut;
    }
    trace
}
