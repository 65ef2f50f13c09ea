//! [`trace`]: a search as data, node by node, for debuggers (the C ABI's
//! `goap_domain_trace`, the engine packages' views).

use super::search::{self, End, Limits, ROOT};
use crate::domain::{ActionId, Domain, Goal};
use crate::planner::{lmcut_estimate, ActionContext, OutOfMemory};
use crate::state::WorldState;

/// One state of a [`SearchTrace`], in the order the search took them up.
#[derive(Clone, Debug, PartialEq)]
pub struct TraceNode {
    /// The state: exactly the domain's facts, and every variable set.
    pub state: WorldState,
    /// Its cost from the start (final: the search is uniform-cost).
    pub g: f64,
    /// The LM-cut estimate of its cost to the goal's facts ([`lmcut_estimate`], uncapped):
    /// a lower bound; `f64::INFINITY` when the goal is out of reach from it even ignoring
    /// deletes.
    pub h: f64,
    /// The node it was reached from (an index into [`SearchTrace::nodes`]), and by which
    /// action; `None` for the start.
    pub parent: Option<(usize, ActionId)>,
    /// It satisfies the goal (only the last node can: the search stops there).
    pub goal: bool,
}

/// How a [`trace`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TraceEnd {
    /// The last node satisfies the goal; its path is a minimum-cost plan.
    Found,
    /// Every state reachable from the start was expanded: no plan.
    NoPlan,
    /// The expansion limit stopped it.
    Limit,
}

/// A search, node by node: see [`trace`].
#[derive(Clone, Debug, PartialEq)]
pub struct SearchTrace {
    /// The states taken up, in order: each was expanded, except a goal state, which ends
    /// the search.
    pub nodes: Vec<TraceNode>,
    /// How it ended.
    pub end: TraceEnd,
}

impl SearchTrace {
    /// The actions from the start to node `n`, in order.
    pub fn path(&self, mut n: usize) -> Vec<ActionId> {
        let mut actions = Vec::new();
        while let Some((parent, action)) = self.nodes[n].parent {
            actions.push(action);
            n = parent;
        }
        actions.reverse();
        actions
    }
}

/// A uniform-cost search from `start` towards `goal`, recorded: every state it takes up, in
/// order (lowest cost first, ties by the order found; successors in action id order;
/// disabled actions skipped, cost overrides used), with its cost, its LM-cut estimate and
/// how it was reached, until a goal state (then [`TraceEnd::Found`], and its path is a
/// minimum-cost plan), no state is left ([`TraceEnd::NoPlan`]) or `max_expanded` states
/// were expanded ([`TraceEnd::Limit`]). The same search as [`super::trace_dot`]'s, as data.
/// Fails only when the domain is too large to compile (see [`crate::max_table_bytes`]).
pub fn trace(
    domain: &Domain,
    start: &WorldState,
    goal: &Goal,
    context: &ActionContext,
    max_expanded: u32,
) -> Result<SearchTrace, OutOfMemory> {
    let limits = Limits {
        expanded: max_expanded,
        stored: usize::MAX,
        edges: false,
    };
    // Search node → trace node, in the order they are taken up.
    let mut taken: Vec<u32> = Vec::new();
    let result = search::run(domain, start, context, limits, |id, node| {
        let stop = domain.satisfies(&node.state, goal);
        taken.push(id);
        stop
    });
    let end = match result.end {
        End::Stopped(_) => TraceEnd::Found,
        End::Exhausted => TraceEnd::NoPlan,
        End::Cut => {
            // The node taken up last was not expanded: the limit stopped the search first.
            taken.pop();
            TraceEnd::Limit
        }
    };
    let mut position = vec![usize::MAX; result.nodes.len()];
    let mut nodes = Vec::with_capacity(taken.len());
    for (i, &id) in taken.iter().enumerate() {
        position[id as usize] = i;
        let n = &result.nodes[id as usize];
        let parent = (n.parent != ROOT).then(|| (position[n.parent as usize], n.action));
        nodes.push(TraceNode {
            state: n.state.clone(),
            g: n.g,
            h: lmcut_estimate(domain, &n.state, goal)?,
            parent,
            goal: end == TraceEnd::Found && i + 1 == taken.len(),
        });
    }
    Ok(SearchTrace { nodes, end })
}
