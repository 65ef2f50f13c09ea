//! Exact goal distances for small tasks ([`Heuristic::Auto`](crate::planner::Heuristic)).
//!
//! A search of a goal only ever needs the goal's *relevant* actions (those that make a
//! goal atom true, or a precondition atom of another relevant action: the same backward
//! relevance the ordinary search prunes with) and the facts their preconditions and the
//! goal name. Of those facts, the ones no relevant action changes (*static* facts: a
//! soldier's `has_knife`) keep their start values through every plan, so they are not part
//! of a state: a projection and its table are made per combination of their start values.
//! A relevant action whose precondition a static fact's start value denies never applies
//! (every action that could make that precondition true is relevant too, and none changes
//! a static fact): it leaves before anything else is worked out, with the actions that
//! were relevant only through it, so it neither adds facts nor breaks a group (the
//! distractors of the `wide` samples, guarded by facts nothing makes true). When the states of
//! the other facts number at most [`EXACT_MAX_STATES`], times the relevant actions at most
//! [`EXACT_MAX_WORK`], and every action cost is a whole number no larger than 255 (as in
//! most game domains), every state of that projection fits in a table. Facts of an
//! *at-most-one group* count as one value out of the group's size plus one, not as that
//! many bits. A group is a set of facts where every action that makes one of them true
//! either requires another one true and makes it false (`move(a, b)` with `at_a` and
//! `at_b`) or makes every other one false (`goto_armory`, which clears every other
//! location); then no action makes two true from a state with at most one. Both are
//! checked against the relevant actions (see `consumer_groups` for how candidates that
//! fail lose members: gripper's `pick` consumes a ball's place and the free hand, yet each
//! ball's places and hands are a group). A path of 16 cells is 18 states, not 2^17;
//! gripper-4's 4 balls × 5 values, the robot's 2 rooms and 2 free hands are 7,500 states;
//! a start with two facts of a group true takes no table.
//!
//! A backward Dijkstra from the goal states fills the table with each state's exact cost
//! to the goal (and the number of actions of the cheapest path chosen), once per (compiled
//! domain, goal, disabled actions, static values); the table is kept for the next searches,
//! like the setup cache. A search then only walks down it from its start: at every state,
//! the first relevant action in registration order whose successor is exactly its cost
//! nearer the goal and one action nearer. That is A\* with the perfect heuristic (h\*): it
//! expands exactly the plan's states, and the plan has minimum cost.
//!
//! Leaving out what does not matter loses nothing. A fact no relevant precondition and not
//! the goal reads never decides what applies or whether the goal holds, and an irrelevant
//! action only ever makes relevant atoms false, so it never shortens a path: states that
//! differ only in such facts have the same futures, and no walk would take such an action
//! (a walk step must bring the key strictly down). Costs are whole numbers, so distances
//! are exact integers (at most 255 × 16,383) whatever the order of the sums: the plan's
//! cost summed in plan order, as every search's, equals the table's distance, which is the
//! optimum. Ties on cost go to fewer actions, and zero-cost actions cannot make the walk
//! loop (it moves one action nearer at every step).
//!
//! Everything here depends on the domain, the goal, the disabled actions and the static
//! facts' start values only, so the same inputs give the same plan whether the table is
//! built or found. Tables are built with the domain's own costs: a search with cost
//! overrides does not use them. Their memory (a table of at most 16,384 states holds 128
//! KiB of distances; its build needs at most about 2.3 MiB of scratch, kept for the next
//! build up to 512 KiB of edges) is reserved fallibly.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::Arc;

use parking_lot::Mutex;

use crate::domain::compiled::{atom, CompiledDomain};
use crate::domain::{ActionId, Goal};
use crate::memory::{reserve, OutOfMemory};

/// At most this many states in a table.
pub const EXACT_MAX_STATES: usize = 16384;

/// At most this many facts in the projection (each table index bit or group member is one
/// of 64 bits of a packed state), and at most this many static facts.
pub const EXACT_MAX_FACTS: usize = 64;

/// At most this many (projected state, relevant action) pairs: the table's build visits
/// each twice, so this bounds the first search of a key.
pub const EXACT_MAX_WORK: usize = 262_144;

/// Tables one planner keeps (round robin). More than the setup cache's: a table costs some
/// dozens of walks to build, so agents with different disabled actions, or many goals,
/// should not keep replacing each other's. Each holds at most 16,384 states (128 KiB).
pub const ENTRIES: usize = 32;

/// A build keeps its edge buffer for the next when it holds at most this many edges (512
/// KiB); larger ones are freed.
const SCRATCH_KEPT: usize = 1 << 16;

/// Groups are looked for only among at most this many relevant actions (their search
/// checks every action against each candidate). More relevant actions leave at most 256
/// states under the work limit, where groups rarely decide whether a table fits.
const GROUPS_MAX_ACTIONS: usize = 1024;

/// Exact tables a world's planners share (round robin; at most 8 MiB of distances), in
/// addition to the [`ENTRIES`] each planner keeps: a key's table is built once per world.
pub const SHARED_ENTRIES: usize = 64;

/// With [`Heuristic::Auto`](crate::Heuristic), a task whose projection has more facts than
/// a table holds (more than [`EXACT_MAX_FACTS`]) but whose groups leave at most this many
/// states is searched uniform-cost, without the root LM-cut, for up to its states plus one
/// expansions before anything else (past them, it is set up as usual and starts again): a
/// path of 129 cells (chain-128) is 130 states, a search that costs half what the root
/// LM-cut does there. Working out a key's groups costs its first search on a planner about
/// as much as one such search (paths of 65 to 255 cells: 0.1 to 0.4 ms).
pub const BOUNDED_MAX_STATES: usize = 256;

/// Shapes (a key's projection, or the verdict that it takes no table) one planner keeps.
const SHAPES: usize = 32;

/// A state's key: its distance to the goal times `STEPS`, plus the actions of the path the
/// walk follows (fewer than `STEPS`: a path visits each of at most 16,384 states once).
const STEPS: u64 = EXACT_MAX_STATES as u64;

/// `STEPS` as a shift.
const STEP_BITS: u32 = STEPS.trailing_zeros();

/// No path to the goal.
const FAR: u64 = u64::MAX;

/// Not in a group.
const NONE: u32 = u32::MAX;

/// One relevant action over the projection (bit `i`: projected fact `i`), and what it adds
/// to a key (`cost × STEPS + 1`).
#[derive(Clone, Copy, Debug, Default)]
struct Act {
    pre_t: u64,
    pre_f: u64,
    add: u64,
    del: u64,
    step: u64,
    id: u32,
}

impl Act {
    #[inline]
    fn applies(&self, s: u64) -> bool {
        s & self.pre_t == self.pre_t && s & self.pre_f == 0
    }

    #[inline]
    fn apply(&self, s: u64) -> u64 {
        (s & !self.del) | self.add
    }
}

/// How a projected state (bits) maps to a table index: the facts in no group are its low
/// bits and the index's low bits as they are; above them one digit per group (0: none of
/// its members true, `v`: member `v`).
#[derive(Clone, Debug, Default)]
struct Layout {
    /// The bits of the facts in no group (the low ones).
    free_mask: u64,
    /// Per group: its members' mask, its stride, its members' bits in value order.
    groups: Vec<(u64, u32, Vec<u8>)>,
    /// Per bit of a group member: its value (1-based).
    value: Vec<u8>,
    states: usize,
}

impl Layout {
    /// The index of `s`, `None` when two facts of a group are true.
    #[inline]
    fn rank(&self, s: u64) -> Option<u32> {
        let mut r = (s & self.free_mask) as u32;
        for (mask, stride, _) in &self.groups {
            let m = s & mask;
            if m != 0 {
                if m & (m - 1) != 0 {
                    return None;
                }
                r += u32::from(self.value[m.trailing_zeros() as usize]) * stride;
            }
        }
        Some(r)
    }

    /// The state of index `r`.
    fn unrank(&self, r: u32) -> u64 {
        let mut s = u64::from(r) & self.free_mask;
        for (_, stride, members) in &self.groups {
            let v = (r / stride) as usize % (members.len() + 1);
            if v > 0 {
                s |= 1 << members[v - 1];
            }
        }
        s
    }
}

/// What one key (compiled domain, goal, disabled actions, the static facts' start values)
/// projects to, worked out once.
#[derive(Debug, Default)]
struct Shape {
    tables: u64,
    goal_atoms: Vec<u32>,
    disabled: Vec<ActionId>,
    /// The table's states, `None` when this key takes no table.
    states: Option<usize>,
    /// Bit `i` of a projected state is fact `facts[i]` of the domain: the facts in no
    /// group first, then each group's members.
    facts: Vec<u32>,
    layout: Layout,
    /// Facts a precondition of the key's relevant actions reads that none of them
    /// changes (the relevance of every enabled action, before any is found dead).
    statics: Vec<u32>,
    /// The start values of `statics` this shape is for (bit `i`: `statics[i]`), when
    /// `per_statics`; else the shape holds for every start (it takes no table).
    static_values: u64,
    per_statics: bool,
    /// The relevant enabled actions the static values leave alive, in registration order.
    relevant: Vec<u32>,
    /// When the projection has too many facts for a table: its states (at most
    /// [`BOUNDED_MAX_STATES`]) and its groups' members as (group, fact), by group.
    bound: Option<usize>,
    bound_groups: Vec<(u32, u32)>,
}

/// One table and its key.
#[derive(Debug, Default)]
struct Table {
    /// Complete (a build that ran out of memory leaves it false).
    valid: bool,
    tables: u64,
    goal_atoms: Vec<u32>,
    disabled: Vec<ActionId>,
    /// The start values of the shape's static facts (bit `i`: `statics[i]`).
    static_values: u64,
    /// Bit `i` of a projected state is fact `facts[i]` of the domain.
    facts: Vec<u32>,
    layout: Layout,
    acts: Vec<Act>,
    /// Per table index: its key (distance × `STEPS` + actions), `FAR` without a path.
    key: Vec<u64>,
}

/// Where a walk down a table stands.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Walk {
    /// The table's entry.
    slot: usize,
    /// The current state (projected bits) and its index.
    state: u64,
    index: u32,
}

/// The tables and shapes of the last keys asked about, and the builder's scratch buffers.
/// A warm cache allocates nothing but the plans.
#[derive(Debug, Default)]
pub(crate) struct ExactCache {
    entries: Vec<Arc<Table>>,
    next: usize,
    /// The tables shared with other planners (a world's), if any.
    pub store: Option<Arc<TableStore>>,
    shapes: Vec<Shape>,
    next_shape: usize,
    /// The shape `size` last answered for, and whether the last `size` call did answer
    /// for one (else `current` is another key's).
    current: usize,
    answered: bool,
    /// Scratch: the goal's atoms, and per atom, action and fact flags of a shape's analysis.
    goal: Vec<u32>,
    atom_seen: Vec<bool>,
    action_seen: Vec<bool>,
    fact_mark: Vec<u8>,
    dead: Vec<bool>,
    stack: Vec<u32>,
    /// Reverse edges of the projection (by target index), for the build.
    edge_start: Vec<u32>,
    edges: Vec<(u32, u32)>,
    fill: Vec<u32>,
    /// Open list: `key << STEP_BITS | index`.
    heap: BinaryHeap<Reverse<u64>>,
    /// Tables built, found, and taken from the store since the planner was made, and starts
    /// no table covered (two facts of a group true) (for tests).
    pub built: u64,
    pub found: u64,
    pub shared: u64,
    pub uncovered: u64,
    /// Keys whose projection was worked out (for tests).
    pub shape_loads: u64,
}

/// The disabled actions the domain has (`disabled` is sorted).
fn own(c: &CompiledDomain, disabled: &[ActionId]) -> usize {
    disabled.partition_point(|a| a.index() < c.actions)
}

/// `fact_mark` flags.
const READ: u8 = 1;
const CHANGED: u8 = 2;
const GOAL: u8 = 4;
const PROJECTED: u8 = 8;
const STATIC: u8 = 16;

/// Fact `f` of `start` (packed words; facts past its end read false).
fn bit(start: &[u64], f: u32) -> u64 {
    start
        .get(f as usize / 64)
        .map_or(0, |w| (w >> (f % 64)) & 1)
}

/// The values of `facts` in `start` (bit `i`: `facts[i]`): a shape's static values, or a
/// start over its projection.
fn pack(facts: &[u32], start: &[u64]) -> u64 {
    facts
        .iter()
        .enumerate()
        .fold(0, |v, (i, &f)| v | bit(start, f) << i)
}

/// Marks in `mark` the facts the preconditions of `relevant` read.
fn mark_read(c: &CompiledDomain, relevant: &[u32], mark: &mut [u8]) {
    for &a in relevant {
        for &q in c.pre(a as usize) {
            if q != c.init_atom {
                mark[(q / 2) as usize] |= READ;
            }
        }
    }
}

/// Per fact, its group (ids from 0, [`NONE`]: none) among the facts `available` keeps
/// whose every maker among the `relevant` actions makes only it true of them and clears
/// the others, or consumes one of them. Candidates are the facts one action makes true
/// (just one of them) and false; a member some action makes true without clearing the
/// others or consuming one leaves, until none does.
fn clearing_groups(
    c: &CompiledDomain,
    relevant: &[u32],
    available: impl Fn(usize) -> bool,
) -> Vec<u32> {
    let facts = (c.atoms - 1) / 2;
    let mut group = vec![NONE; facts];
    let mut next = 0u32;
    let free_fact = |f: u32, group: &[u32]| available(f as usize) && group[f as usize] == NONE;
    let mut set: Vec<u32> = Vec::new();
    let mut tried = vec![false; facts];
    for &a in relevant {
        let a = a as usize;
        let mut adds = c
            .eff(a)
            .iter()
            .filter(|&&q| q != c.init_atom && q % 2 == 0 && free_fact(q / 2, &group));
        let (Some(&made), None) = (adds.next(), adds.next()) else {
            continue;
        };
        // One candidate per fact: from the first relevant action that makes it (and no
        // other available fact) true, whether or not that action clears others.
        if tried[(made / 2) as usize] {
            continue;
        }
        tried[(made / 2) as usize] = true;
        set.clear();
        set.push(made / 2);
        set.extend(
            c.eff(a)
                .iter()
                .filter(|&&q| q != c.init_atom && q % 2 == 1 && free_fact(q / 2, &group))
                .map(|&q| q / 2),
        );
        if set.len() < 2 {
            continue;
        }
        set.sort_unstable();
        // Drop a member some action makes true without clearing the others or
        // consuming one, until none does.
        'check: loop {
            for &b in relevant {
                let (pre, eff) = (c.pre(b as usize), c.eff(b as usize));
                let made = |f: u32| eff.contains(&(f * 2));
                let cleared = |f: u32| eff.contains(&(f * 2 + 1));
                let makes = set.iter().filter(|&&f| made(f)).count();
                if makes == 0 {
                    continue;
                }
                let consumes = set.iter().any(|&f| pre.contains(&(f * 2)) && cleared(f));
                for (k, &m) in set.iter().enumerate() {
                    if !made(m) {
                        continue;
                    }
                    let clears_rest = set.iter().all(|&f| f == m || cleared(f));
                    if makes > 1 || !(consumes || clears_rest) {
                        set.remove(k);
                        if set.len() < 2 {
                            break 'check;
                        }
                        continue 'check;
                    }
                }
            }
            break;
        }
        if set.len() >= 2 {
            for &f in &set {
                group[f as usize] = next;
            }
            next += 1;
        }
    }
    group
}

/// The groups of both kinds ([`clearing_groups`], [`consumer_groups`]) among the
/// `projected` facts, one kind found among the facts the other left (`clearing_first`:
/// which first), numbered from 0.
fn two_kinds(
    c: &CompiledDomain,
    relevant: &[u32],
    projected: &impl Fn(usize) -> bool,
    clearing_first: bool,
) -> Vec<u32> {
    let first = if clearing_first {
        clearing_groups(c, relevant, projected)
    } else {
        consumer_groups(c, relevant, projected)
    };
    let left = |f: usize| projected(f) && first[f] == NONE;
    let second = if clearing_first {
        consumer_groups(c, relevant, left)
    } else {
        clearing_groups(c, relevant, left)
    };
    let next = first
        .iter()
        .filter(|&&g| g != NONE)
        .map(|&g| g + 1)
        .max()
        .unwrap_or(0);
    first
        .iter()
        .zip(&second)
        .map(|(&a, &b)| match (a, b) {
            (NONE, NONE) => NONE,
            (NONE, b) => next + b,
            (a, _) => a,
        })
        .collect()
}

/// The table states of a projection whose facts (`projected`) fall into the groups of
/// `group` (saturating).
fn states_of(group: &[u32], projected: &impl Fn(usize) -> bool) -> usize {
    let mut members: Vec<(u32, usize)> = Vec::new();
    let mut free = 0u32;
    for (f, &g) in group.iter().enumerate() {
        if !projected(f) {
            continue;
        }
        if g == NONE {
            free += 1;
        } else if let Some(m) = members.iter_mut().find(|(x, _)| *x == g) {
            m.1 += 1;
        } else {
            members.push((g, 1));
        }
    }
    members.iter().fold(
        1usize.checked_shl(free).unwrap_or(usize::MAX),
        |n, &(_, k)| n.saturating_mul(k + 1),
    )
}

/// Per fact, its at-most-one group (ids from 0, [`NONE`]: none) among the facts
/// `projected` keeps, checked against the `relevant` actions: every action that makes a
/// member true makes only that one true and consumes another (requires it true and makes
/// it false), so from a state with at most one member true it leaves at most one.
///
/// Candidates are the components of "made true while consuming" links. A component that
/// fails the check loses a member and the components are formed again: a member an action
/// makes true without consuming one of its component, or, of two members one action makes
/// true, the one more actions make true. Gripper's `pick(ball, room, hand)` consumes the
/// ball's place and the free hand, which joins every ball and both hands into one
/// component; `drop` makes a place and the hand true at once, so the hands leave, and each
/// ball's places and hands are a group. Whatever leaves, what remains is checked.
fn consumer_groups(
    c: &CompiledDomain,
    relevant: &[u32],
    projected: impl Fn(usize) -> bool,
) -> Vec<u32> {
    let facts = (c.atoms - 1) / 2;
    let mut excluded = vec![false; facts];
    let mut makers = vec![0u32; facts];
    for &a in relevant {
        for &e in c.eff(a as usize) {
            if e != c.init_atom && e % 2 == 0 {
                makers[(e / 2) as usize] += 1;
            }
        }
    }
    let member = |f: u32, excluded: &[bool]| projected(f as usize) && !excluded[f as usize];
    // Facts an action makes true, and those it consumes, among the members.
    let made = |a: u32, excluded: &[bool], out: &mut Vec<u32>| {
        out.clear();
        out.extend(
            c.eff(a as usize)
                .iter()
                .filter(|&&e| e != c.init_atom && e % 2 == 0 && member(e / 2, excluded))
                .map(|&e| e / 2),
        );
    };
    let consumed = |a: u32, excluded: &[bool], out: &mut Vec<u32>| {
        let eff = c.eff(a as usize);
        out.clear();
        out.extend(
            c.pre(a as usize)
                .iter()
                .filter(|&&p| {
                    p != c.init_atom
                        && p % 2 == 0
                        && eff.contains(&(p + 1))
                        && member(p / 2, excluded)
                })
                .map(|&p| p / 2),
        );
    };
    // Scratch, reused for every action.
    let (mut outs, mut ins, mut pairs) = (Vec::new(), Vec::new(), Vec::<(u32, u32)>::new());
    fn find(parent: &mut [u32], mut x: u32) -> u32 {
        while parent[x as usize] != x {
            parent[x as usize] = parent[parent[x as usize] as usize];
            x = parent[x as usize];
        }
        x
    }
    let mut parent: Vec<u32> = Vec::new();
    let mut size = vec![0u32; facts];
    loop {
        parent.clear();
        parent.extend(0..facts as u32);
        for &a in relevant {
            consumed(a, &excluded, &mut ins);
            made(a, &excluded, &mut outs);
            for &e in &outs {
                for &q in &ins {
                    let (x, y) = (find(&mut parent, e), find(&mut parent, q));
                    if x != y {
                        parent[x.max(y) as usize] = x.min(y);
                    }
                }
            }
        }
        size.iter_mut().for_each(|n| *n = 0);
        for f in 0..facts as u32 {
            if member(f, &excluded) {
                let r = find(&mut parent, f);
                size[r as usize] += 1;
            }
        }
        let mut changed = false;
        for &a in relevant {
            made(a, &excluded, &mut outs);
            pairs.clear();
            for &e in &outs {
                let r = find(&mut parent, e);
                if size[r as usize] > 1 {
                    pairs.push((r, e));
                }
            }
            pairs.sort_unstable();
            consumed(a, &excluded, &mut ins);
            let mut k = 0;
            while k < pairs.len() {
                let r = pairs[k].0;
                let end = k + pairs[k..].iter().take_while(|&&(x, _)| x == r).count();
                let drop = if end - k > 1 {
                    // Two members made true at once: the one more actions make true goes.
                    pairs[k..end]
                        .iter()
                        .map(|&(_, e)| e)
                        .max_by_key(|&e| (makers[e as usize], e))
                } else if !ins
                    .iter()
                    .any(|&q| find(&mut parent, q) == r && !excluded[q as usize])
                {
                    Some(pairs[k].1)
                } else {
                    None
                };
                if let Some(f) = drop {
                    if !excluded[f as usize] {
                        excluded[f as usize] = true;
                        changed = true;
                    }
                }
                k = end;
            }
        }
        if !changed {
            break;
        }
    }
    let mut id = vec![NONE; facts];
    let mut group = vec![NONE; facts];
    let mut next = 0u32;
    for f in 0..facts as u32 {
        if !member(f, &excluded) {
            continue;
        }
        let r = find(&mut parent, f);
        if size[r as usize] < 2 {
            continue;
        }
        if id[r as usize] == NONE {
            id[r as usize] = next;
            next += 1;
        }
        group[f as usize] = id[r as usize];
    }
    group
}

impl ExactCache {
    /// The table's state count when a search of `goal` from `start` (packed words, as
    /// [`WorldState::words`](crate::state::WorldState::words)) on `c` with `disabled`
    /// actions may take the table path, else `None`. Cheap once per key: the projection is
    /// worked out on the key's first search and kept.
    pub fn size(
        &mut self,
        c: &CompiledDomain,
        goal: &Goal,
        disabled: &[ActionId],
        start: &[u64],
    ) -> Option<usize> {
        self.answered = false;
        // Even one fact's two states must fit the work limit.
        if !c.vars.is_empty() || c.small_costs.is_none() || c.actions > EXACT_MAX_WORK / 2 {
            return None;
        }
        let facts = (c.atoms - 1) / 2;
        self.goal.clear();
        for g in goal.entries() {
            let f = g.fact.index();
            if f >= facts {
                if g.value {
                    // No plan, as the search finds out at once.
                    return None;
                }
                continue;
            }
            self.goal.push(atom(f as u32, g.value));
        }
        let disabled = &disabled[..own(c, disabled)];
        let fits = |s: &Shape| {
            s.tables == c.id
                && s.goal_atoms == self.goal
                && s.disabled == disabled
                && (!s.per_statics || s.static_values == pack(&s.statics, start))
        };
        // The last shape first: a search asks again for the key it was just asked about
        // (the world's plan cache asks whether a search walks a table before it runs).
        let found = match self.shapes.get(self.current) {
            Some(s) if fits(s) => Some(self.current),
            _ => self.shapes.iter().position(fits),
        };
        let i = match found {
            Some(i) => i,
            None => {
                if self.shapes.len() < SHAPES {
                    self.shapes.push(Shape::default());
                    self.next_shape = self.shapes.len() - 1;
                }
                let i = self.next_shape;
                self.next_shape = (self.next_shape + 1) % SHAPES;
                self.load_shape(c, i, disabled, start);
                self.shape_loads += 1;
                i
            }
        };
        self.current = i;
        self.answered = true;
        self.shapes[i].states
    }

    /// The goal's (`self.goal`) relevant actions among those not `disabled` and not `dead`
    /// (per action; empty: none is), into `relevant` in registration order.
    fn mark_relevant(
        &mut self,
        c: &CompiledDomain,
        disabled: &[ActionId],
        dead: &[bool],
        relevant: &mut Vec<u32>,
    ) {
        self.atom_seen.clear();
        self.atom_seen.resize(c.atoms, false);
        self.action_seen.clear();
        self.action_seen.resize(c.actions, false);
        self.stack.clear();
        for &g in &self.goal {
            if !self.atom_seen[g as usize] {
                self.atom_seen[g as usize] = true;
                self.stack.push(g);
            }
        }
        while let Some(p) = self.stack.pop() {
            for &a in c.eff_of(p) {
                if self.action_seen[a as usize]
                    || dead.get(a as usize).copied().unwrap_or(false)
                    || disabled.binary_search(&ActionId(a)).is_ok()
                {
                    continue;
                }
                self.action_seen[a as usize] = true;
                for &q in c.pre(a as usize) {
                    if q != c.init_atom && !self.atom_seen[q as usize] {
                        self.atom_seen[q as usize] = true;
                        self.stack.push(q);
                    }
                }
            }
        }
        relevant.clear();
        relevant.extend((0..c.actions as u32).filter(|&a| self.action_seen[a as usize]));
    }

    /// Works out the shape of (`c`, `self.goal`, `disabled`) for the static facts' values
    /// in `start` (packed words) into `shapes[i]`.
    fn load_shape(&mut self, c: &CompiledDomain, i: usize, disabled: &[ActionId], start: &[u64]) {
        let facts = (c.atoms - 1) / 2;
        let mut shape = std::mem::take(&mut self.shapes[i]);
        shape.tables = c.id;
        shape.goal_atoms.clear();
        shape.goal_atoms.extend_from_slice(&self.goal);
        shape.disabled.clear();
        shape.disabled.extend_from_slice(disabled);
        shape.states = None;
        shape.facts.clear();
        shape.statics.clear();
        shape.static_values = 0;
        shape.per_statics = false;
        shape.relevant.clear();
        shape.layout = Layout::default();
        shape.bound = None;
        shape.bound_groups.clear();

        // Backward relevance from the goal over the enabled actions.
        self.mark_relevant(c, disabled, &[], &mut shape.relevant);

        // Read, changed and goal facts. The static ones are read but never changed.
        let mark = &mut self.fact_mark;
        mark.clear();
        mark.resize(facts, 0);
        mark_read(c, &shape.relevant, mark);
        for &a in &shape.relevant {
            for &q in c.eff(a as usize) {
                if q != c.init_atom {
                    mark[(q / 2) as usize] |= CHANGED;
                }
            }
        }
        for &g in &self.goal {
            mark[(g / 2) as usize] |= GOAL;
        }
        for (f, m) in mark.iter_mut().enumerate() {
            if *m & (READ | CHANGED | GOAL) == READ {
                *m |= STATIC;
                shape.statics.push(f as u32);
            }
        }
        if shape.statics.len() > EXACT_MAX_FACTS {
            self.shapes[i] = shape;
            return;
        }
        shape.per_statics = true;
        shape.static_values = pack(&shape.statics, start);

        // Actions a static fact's start value denies never apply (every action that makes
        // their precondition true is relevant, and none changes a static fact): they
        // leave, and so do the actions that were relevant only through them (the
        // `x019`-guarded distractors of the wide samples). Facts only they changed stay
        // projected: their start values are not part of the key.
        self.dead.clear();
        self.dead.resize(c.actions, false);
        let mut any_dead = false;
        for &a in &shape.relevant {
            let denied = c.pre(a as usize).iter().any(|&q| {
                q != c.init_atom
                    && self.fact_mark[(q / 2) as usize] & STATIC != 0
                    && (bit(start, q / 2) == 1) != (q % 2 == 0)
            });
            self.dead[a as usize] = denied;
            any_dead |= denied;
        }
        if any_dead {
            let dead = std::mem::take(&mut self.dead);
            self.mark_relevant(c, disabled, &dead, &mut shape.relevant);
            self.dead = dead;
            for m in self.fact_mark.iter_mut() {
                *m &= !READ;
            }
            mark_read(c, &shape.relevant, &mut self.fact_mark);
        }

        // The projection: the goal facts and the read ones but the static ones.
        let mut projected = 0usize;
        for m in self.fact_mark.iter_mut() {
            if *m & GOAL != 0 || *m & (READ | STATIC) == READ {
                *m |= PROJECTED;
                projected += 1;
            }
        }
        // A table has at least one state more than it has facts (all of them in one
        // group): where even that is over the limits, the groups are not worth finding
        // (on large domains they would cost more than the search).
        let fewest = projected + 1;
        if fewest > EXACT_MAX_STATES
            || fewest.saturating_mul(shape.relevant.len().max(1)) > EXACT_MAX_WORK
        {
            self.shapes[i] = shape;
            return;
        }
        let too_wide = projected > EXACT_MAX_FACTS;
        if too_wide && fewest > BOUNDED_MAX_STATES {
            // Neither a table nor a bound can come of the groups.
            self.shapes[i] = shape;
            return;
        }

        // Groups: those whose every maker clears the others (the soldier's places: a
        // `goto` clears every other place, `flee` consumes `at_cover`) and those whose
        // every maker consumes another member (a move consumes its start; see
        // `consumer_groups`), both checked against the relevant actions. Each kind is
        // found among the facts the other left, in the order that gives fewer states:
        // with `goto_cover` and `goto_exit` disabled, consuming first makes `at_cover` and
        // `at_exit` a group of their own (`flee` is the one maker of `at_exit`) beside
        // the other three places, twice the states of the one group of five; clearing
        // first can split a path's cells where a move between two of them also clears
        // them.
        let mark = &self.fact_mark;
        let projected = |f: usize| mark[f] & PROJECTED != 0;
        let group = if shape.relevant.len() > GROUPS_MAX_ACTIONS {
            vec![NONE; facts]
        } else {
            let clearing_first = two_kinds(c, &shape.relevant, &projected, true);
            let consuming_first = two_kinds(c, &shape.relevant, &projected, false);
            if states_of(&clearing_first, &projected) < states_of(&consuming_first, &projected) {
                clearing_first
            } else {
                consuming_first
            }
        };

        if too_wide {
            // No table (a state is a word of bits), but the groups may bound the states a
            // search meets: see `bounded`.
            let states = states_of(&group, &projected);
            if states <= BOUNDED_MAX_STATES {
                shape.bound = Some(states);
                shape.bound_groups.extend(
                    (0..facts as u32)
                        .filter(|&f| projected(f as usize) && group[f as usize] != NONE)
                        .map(|f| (group[f as usize], f)),
                );
                shape.bound_groups.sort_unstable();
            }
            self.shapes[i] = shape;
            return;
        }

        // The layout: facts in no group (low bits), then each group's members in the
        // order of their groups' first members.
        shape.facts.extend(
            (0..facts as u32).filter(|&f| projected(f as usize) && group[f as usize] == NONE),
        );
        let free = shape.facts.len();
        let l = &mut shape.layout;
        l.free_mask = if free == 64 {
            u64::MAX
        } else {
            (1u64 << free) - 1
        };
        let mut states = 1usize.checked_shl(free as u32).unwrap_or(usize::MAX);
        if free > 32 {
            states = usize::MAX;
        }
        let mut seen_groups: Vec<u32> = Vec::new();
        for f in 0..facts as u32 {
            let g = group[f as usize];
            if !projected(f as usize) || g == NONE || seen_groups.contains(&g) {
                continue;
            }
            seen_groups.push(g);
            let first = shape.facts.len();
            shape.facts.extend(
                (f..facts as u32).filter(|&x| projected(x as usize) && group[x as usize] == g),
            );
            let members: Vec<u8> = (first..shape.facts.len()).map(|b| b as u8).collect();
            let mask = members.iter().fold(0u64, |m, &b| m | 1 << b);
            let stride = u32::try_from(states).unwrap_or(u32::MAX);
            states = states.saturating_mul(members.len() + 1);
            l.groups.push((mask, stride, members));
        }
        l.value.clear();
        l.value.resize(shape.facts.len(), 0);
        for (_, _, members) in &l.groups {
            for (v, &b) in members.iter().enumerate() {
                l.value[b as usize] = v as u8 + 1;
            }
        }
        l.states = states;
        let work = states.saturating_mul(shape.relevant.len().max(1));
        if states <= EXACT_MAX_STATES && work <= EXACT_MAX_WORK {
            shape.states = Some(states);
        }
        self.shapes[i] = shape;
    }

    /// The states of the shape [`ExactCache::size`] last answered for (and answered
    /// `None`), when its projection has more facts than a table holds but its groups leave
    /// at most [`BOUNDED_MAX_STATES`] states and `start` (packed words) has at most one
    /// fact of each group true: a search from `start` over the key's relevant actions
    /// meets at most that many states of the projection.
    pub fn bounded(&self, start: &[u64]) -> Option<usize> {
        if !self.answered {
            return None;
        }
        let shape = self.shapes.get(self.current)?;
        let states = shape.bound?;
        let mut k = 0;
        while k < shape.bound_groups.len() {
            let g = shape.bound_groups[k].0;
            let mut on = 0;
            while k < shape.bound_groups.len() && shape.bound_groups[k].0 == g {
                on += bit(start, shape.bound_groups[k].1);
                k += 1;
            }
            if on > 1 {
                return None;
            }
        }
        Some(states)
    }

    /// True when the shape [`ExactCache::size`] last answered for covers `start` (packed
    /// words): no two facts of a group are true in it.
    pub fn covers(&self, start: &[u64]) -> bool {
        let shape = &self.shapes[self.current];
        shape.layout.rank(pack(&shape.facts, start)).is_some()
    }

    /// Starts a walk from `start` (packed domain words) to the goal (`goal_atoms`, as the
    /// search loads them), building the table first if this key has none. Returns the walk,
    /// the start's exact distance (`None`: no plan) and the table's actions' count;
    /// `Ok(None)` when the start has two facts of a group true (no table covers it: decided
    /// before any table is looked up or built). Call after [`ExactCache::size`] said the
    /// key takes a table.
    #[allow(clippy::type_complexity)]
    pub fn begin(
        &mut self,
        c: &CompiledDomain,
        start: &[u64],
        goal_atoms: &[u32],
        disabled: &[ActionId],
    ) -> Result<Option<(Walk, Option<f64>, u32)>, OutOfMemory> {
        let disabled = &disabled[..own(c, disabled)];
        let shape = &self.shapes[self.current];
        debug_assert!(
            shape.tables == c.id && shape.goal_atoms == goal_atoms && shape.disabled == disabled
        );
        // `size` found the shape for the start's static values.
        let static_values = shape.static_values;
        debug_assert!(shape.per_statics && static_values == pack(&shape.statics, start));
        let state = pack(&shape.facts, start);
        let Some(index) = shape.layout.rank(state) else {
            self.uncovered += 1;
            return Ok(None);
        };
        let found = self.entries.iter().position(|t| {
            t.valid
                && t.tables == c.id
                && t.static_values == static_values
                && t.goal_atoms == goal_atoms
                && t.disabled == disabled
        });
        let stored = match (found, &self.store) {
            (None, Some(store)) => store.find(c.id, goal_atoms, disabled, static_values),
            _ => None,
        };
        let slot = match (found, stored) {
            (Some(slot), _) => {
                self.found += 1;
                slot
            }
            (None, Some(table)) => {
                self.shared += 1;
                let slot = self.next_slot();
                self.entries[slot] = table;
                slot
            }
            (None, None) => {
                self.built += 1;
                self.build(c, static_values)?
            }
        };
        Ok(Some(self.walk(Walk { slot, state, index })))
    }

    /// The next entry to fill (round robin).
    fn next_slot(&mut self) -> usize {
        if self.entries.len() < ENTRIES {
            self.entries.push(Arc::default());
            self.next = self.entries.len() - 1;
        }
        let i = self.next;
        self.next = (self.next + 1) % ENTRIES;
        i
    }

    /// A walk from `w` with the start's exact distance (`None`: no plan) and the table's
    /// actions' count.
    fn walk(&self, w: Walk) -> (Walk, Option<f64>, u32) {
        let t = &self.entries[w.slot];
        let h = match t.key[w.index as usize] {
            FAR => None,
            k => Some((k >> STEP_BITS) as f64),
        };
        (w, h, t.acts.len() as u32)
    }

    /// The actions left from the walk's state (`None`: the goal is out of reach).
    pub fn left(&self, w: &Walk) -> Option<u32> {
        match self.entries[w.slot].key[w.index as usize] {
            FAR => None,
            k => Some((k % STEPS) as u32),
        }
    }

    /// One step down the table from a state with actions left: the action taken, and the
    /// successors looked at to find it.
    pub fn step(&self, w: &mut Walk) -> (ActionId, u64) {
        let t = &self.entries[w.slot];
        let s = w.state;
        let k = t.key[w.index as usize];
        debug_assert!(k != FAR && k % STEPS > 0);
        let mut generated = 0;
        for a in t.acts.iter().filter(|a| a.applies(s)) {
            generated += 1;
            let to = a.apply(s);
            let Some(index) = t.layout.rank(to) else {
                continue;
            };
            // `key[to] + step == k`, without overflow on `FAR`.
            if k.checked_sub(a.step) == Some(t.key[index as usize]) {
                w.state = to;
                w.index = index;
                return (ActionId(a.id), generated);
            }
        }
        unreachable!("the action that set a key leads down the table")
    }

    /// Builds the current shape's table for static facts of `static_values` in the next
    /// entry (round robin) and returns its index.
    fn build(&mut self, c: &CompiledDomain, static_values: u64) -> Result<usize, OutOfMemory> {
        let i = self.next_slot();
        // The entry's memory is reused unless the store or another planner holds it too.
        if Arc::get_mut(&mut self.entries[i]).is_none() {
            self.entries[i] = Arc::default();
        }
        let shape = &self.shapes[self.current];
        let t = Arc::get_mut(&mut self.entries[i]).expect("the entry was made unique");
        t.valid = false;
        t.tables = c.id;
        t.goal_atoms.clear();
        t.goal_atoms.extend_from_slice(&shape.goal_atoms);
        t.disabled.clear();
        t.disabled.extend_from_slice(&shape.disabled);
        t.static_values = static_values;
        t.facts.clear();
        t.facts.extend_from_slice(&shape.facts);
        t.layout.clone_from(&shape.layout);
        let n = t.layout.states;
        if shape.states != Some(n) {
            // `size` said otherwise: never, but no table is better than a wrong one.
            return Err(OutOfMemory {
                what: format!("an exact table ({n} states)"),
                bytes: n as u64 * 8,
                refused: false,
            });
        }
        let bit_of = |f: u32| t.facts.iter().position(|&x| x == f);
        let static_of = |f: u32| shape.statics.iter().position(|&x| x == f);

        // The relevant actions' masks over the projection, but those whose preconditions
        // the static facts deny.
        t.acts.clear();
        'actions: for &a in &shape.relevant {
            let a = a as usize;
            let mut act = Act {
                // Whole numbers up to 255 (`small_costs`).
                step: c.costs[a] as u64 * STEPS + 1,
                id: a as u32,
                ..Act::default()
            };
            for &q in c.pre(a) {
                if q == c.init_atom {
                    continue;
                }
                let value = q % 2 == 0;
                if let Some(b) = bit_of(q / 2) {
                    if value {
                        act.pre_t |= 1 << b;
                    } else {
                        act.pre_f |= 1 << b;
                    }
                } else {
                    let s = static_of(q / 2).expect("read facts are projected or static");
                    if ((static_values >> s) & 1 == 1) != value {
                        continue 'actions;
                    }
                }
            }
            for &q in c.eff(a) {
                if q == c.init_atom {
                    continue;
                }
                if let Some(b) = bit_of(q / 2) {
                    if q % 2 == 0 {
                        act.add |= 1 << b;
                    } else {
                        act.del |= 1 << b;
                    }
                }
            }
            // An action that sets a fact both ways ends with it true, as `apply` does.
            act.del &= !act.add;
            if act.pre_t & act.pre_f == 0 {
                t.acts.push(act);
            }
        }

        // Reverse edges, by target index: (source index, action position). A successor
        // with two facts of a group true cannot follow from a state with at most one (the
        // groups are checked against every relevant action); it is skipped all the same.
        let what = |table: &'static str| move || format!("an exact table's {table} ({n} states)");
        reserve(&mut self.edge_start, n + 1, what("edge index"))?;
        reserve(&mut self.fill, n + 1, what("edge index"))?;
        self.edge_start.clear();
        self.edge_start.resize(n + 1, 0);
        let layout = &t.layout;
        for r in 0..n as u32 {
            let s = layout.unrank(r);
            for a in t.acts.iter().filter(|a| a.applies(s)) {
                if let Some(to) = layout.rank(a.apply(s)) {
                    self.edge_start[to as usize + 1] += 1;
                }
            }
        }
        for s in 0..n {
            self.edge_start[s + 1] += self.edge_start[s];
        }
        let edges = self.edge_start[n] as usize;
        reserve(&mut self.edges, edges, what("edges"))?;
        self.edges.clear();
        self.edges.resize(edges, (0, 0));
        self.fill.clear();
        self.fill.extend_from_slice(&self.edge_start);
        for r in 0..n as u32 {
            let s = layout.unrank(r);
            for (p, a) in t.acts.iter().enumerate().filter(|(_, a)| a.applies(s)) {
                if let Some(to) = layout.rank(a.apply(s)) {
                    let to = to as usize;
                    self.edges[self.fill[to] as usize] = (r, p as u32);
                    self.fill[to] += 1;
                }
            }
        }

        // Dijkstra from every goal state, ordered by key (distance, then actions), then
        // index.
        let (mut gp, mut gn) = (0u64, 0u64);
        for &g in &t.goal_atoms {
            let b = 1u64 << bit_of(g / 2).expect("goal facts are projected");
            if g % 2 == 0 {
                gp |= b;
            } else {
                gn |= b;
            }
        }
        reserve(&mut t.key, n, what("distances"))?;
        reserve(&mut self.heap, n, what("open list"))?;
        t.key.clear();
        t.key.resize(n, FAR);
        self.heap.clear();
        for r in 0..n as u32 {
            let s = layout.unrank(r);
            if s & gp == gp && s & gn == 0 {
                t.key[r as usize] = 0;
                self.heap.push(Reverse(u64::from(r)));
            }
        }
        while let Some(Reverse(entry)) = self.heap.pop() {
            let (key, r) = (entry >> STEP_BITS, (entry as u32) & (STEPS as u32 - 1));
            if key != t.key[r as usize] {
                continue;
            }
            let range =
                self.edge_start[r as usize] as usize..self.edge_start[r as usize + 1] as usize;
            for &(from, p) in &self.edges[range] {
                // At most 255 × 16,384 × 16,384 + 16,384 < 2^37.
                let to_key = key + t.acts[p as usize].step;
                if to_key < t.key[from as usize] {
                    t.key[from as usize] = to_key;
                    if self.heap.len() == self.heap.capacity() {
                        let more = self.heap.len() + 1;
                        reserve(&mut self.heap, more, what("open list"))?;
                    }
                    self.heap
                        .push(Reverse(to_key << STEP_BITS | u64::from(from)));
                }
            }
        }
        t.valid = true;
        // A large build's edges (up to 2 MiB) are not kept for the next.
        if self.edges.capacity() > SCRATCH_KEPT {
            self.edges = Vec::new();
        }
        if let Some(store) = &self.store {
            store.publish(&self.entries[i]);
        }
        Ok(i)
    }
}

/// Exact tables shared by several planners (a world's pooled planners): a planner that
/// has no table for a key takes the store's before building one, and offers every table it
/// builds. A table depends on its key only, so a search's result is the same whichever
/// planner built it. Holds at most [`SHARED_ENTRIES`] tables (round robin); a table is
/// freed once neither the store nor a planner holds it.
#[derive(Debug, Default)]
pub struct TableStore {
    inner: Mutex<(Vec<Arc<Table>>, usize)>,
}

impl TableStore {
    /// The stored table of a key, if any.
    fn find(
        &self,
        tables: u64,
        goal_atoms: &[u32],
        disabled: &[ActionId],
        static_values: u64,
    ) -> Option<Arc<Table>> {
        let inner = self.inner.lock();
        inner
            .0
            .iter()
            .find(|t| {
                t.tables == tables
                    && t.static_values == static_values
                    && t.goal_atoms == goal_atoms
                    && t.disabled == disabled
            })
            .cloned()
    }

    /// Keeps `table` (complete), unless the store has its key already (another planner
    /// built it at the same time: the same table).
    fn publish(&self, table: &Arc<Table>) {
        let mut inner = self.inner.lock();
        let (tables, next) = &mut *inner;
        let same = |t: &Arc<Table>| {
            t.tables == table.tables
                && t.static_values == table.static_values
                && t.goal_atoms == table.goal_atoms
                && t.disabled == table.disabled
        };
        if tables.iter().any(same) {
            return;
        }
        let old = if tables.len() < SHARED_ENTRIES {
            tables.push(Arc::clone(table));
            None
        } else {
            let old = std::mem::replace(&mut tables[*next], Arc::clone(table));
            *next = (*next + 1) % SHARED_ENTRIES;
            Some(old)
        };
        drop(inner);
        drop(old); // outside the lock
    }

    /// Tables held (for tests).
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.inner.lock().0.len()
    }
}

#[cfg(test)]
mod tests {
    use crate::domain::{ActionDef, ActionId, Domain, FactId, FactValue};
    use crate::planner::{
        ActionContext, Heuristic, Outcome, PlanOptions, PlanResult, Planner, SearchBudget,
    };
    use crate::state::WorldState;

    fn fv(f: FactId, value: bool) -> FactValue {
        FactValue::new(f, value)
    }

    /// A ring of `n` facts where exactly one is true and `step_i` moves it on (cost 1, the
    /// last step back to the start costs 0), plus `extra` facts read by one precondition
    /// each and never changed.
    fn ring(n: u32, extra: u32) -> (Domain, Vec<FactId>) {
        let mut d = Domain::new();
        let f: Vec<FactId> = (0..n + extra)
            .map(|i| d.add_fact(&format!("f{i}")).unwrap())
            .collect();
        for i in 0..n as usize {
            let j = (i + 1) % n as usize;
            d.add_action(ActionDef {
                name: format!("step_{i}"),
                pre: vec![fv(f[i], true)],
                effects: vec![fv(f[i], false), fv(f[j], true)],
                cost: if j == 0 { 0.0 } else { 1.0 },
                ..Default::default()
            })
            .unwrap();
        }
        for e in 0..extra as usize {
            d.add_action(ActionDef {
                name: format!("read_{e}"),
                pre: vec![fv(f[n as usize + e], true)],
                effects: vec![fv(f[0], true)],
                cost: 5.0,
                ..Default::default()
            })
            .unwrap();
        }
        (d, f)
    }

    /// `n` independent facts, each set by its own action (cost 1) that requires it false:
    /// no at-most-one group, `2^n` states.
    fn flags(n: u32) -> (Domain, Vec<FactId>) {
        let mut d = Domain::new();
        let f: Vec<FactId> = (0..n)
            .map(|i| d.add_fact(&format!("flag{i}")).unwrap())
            .collect();
        for (i, &x) in f.iter().enumerate() {
            d.add_action(ActionDef {
                name: format!("set_{i}"),
                pre: vec![fv(x, false)],
                effects: vec![fv(x, true)],
                cost: 1.0,
                ..Default::default()
            })
            .unwrap();
        }
        (d, f)
    }

    /// A ring's facts are an at-most-one group (each step requires one true, makes it
    /// false and the next true): 64 cells are 65 table states, not 2^64. A start with two
    /// cells true is outside the table: the ordinary search plans it, as blind search does.
    #[test]
    fn groups_count_as_one_value() {
        let (d, f) = ring(64, 0);
        let goal = d.conditions([fv(f[40], true)]).unwrap();
        let mut start = WorldState::new();
        start.set(f[3], true);
        let mut p = Planner::new();
        let r = p.plan(&d, &start, &goal, &PlanOptions::default());
        assert_eq!(r.plan().unwrap().cost, 37.0);
        assert_eq!((r.stats.expanded, r.stats.initial_h), (37, 37.0));
        assert_eq!(exact_counts(&p), (1, 0));
        // Around the ring through the zero-cost step: 63 → 0 → … → 40.
        let mut late = WorldState::new();
        late.set(f[63], true);
        let r = p.plan(&d, &late, &goal, &PlanOptions::default());
        assert_eq!(r.plan().unwrap().cost, 40.0);
        assert_eq!(exact_counts(&p), (1, 1));
        // No cell true: no step applies.
        let r = p.plan(&d, &WorldState::new(), &goal, &PlanOptions::default());
        assert_eq!(r.outcome, Outcome::NoPlan);
        // Two cells true: found, not walked; blind search agrees.
        let mut two = start.clone();
        two.set(f[30], true);
        let r = p.plan(&d, &two, &goal, &PlanOptions::default());
        let blind = PlanOptions {
            heuristic: Heuristic::Blind,
            ..PlanOptions::default()
        };
        let b = Planner::new().plan(&d, &two, &goal, &blind);
        assert_eq!(r.plan().unwrap().cost, b.plan().unwrap().cost);
        assert_eq!(r.plan().unwrap().cost, 10.0);
        // Coverage is decided before any table is looked up.
        assert_eq!(exact_counts(&p), (1, 2));
        assert_eq!(p.search.as_ref().unwrap().exact.uncovered, 1);
    }

    fn exact_counts(p: &Planner) -> (u64, u64) {
        let e = &p.search.as_ref().unwrap().exact;
        (e.built, e.found)
    }

    fn key(mut r: PlanResult) -> PlanResult {
        r.stats.elapsed = Default::default();
        r
    }

    /// The default search of a tiny task walks the table: the plan's states only, the
    /// exact start estimate; a second search finds the table; a fresh planner gives the
    /// same result; zero-cost actions in a cycle do not make the walk loop.
    #[test]
    fn tiny_tasks_walk_an_exact_table_built_once() {
        let (d, f) = ring(6, 0);
        let mut start = WorldState::new();
        start.set(f[1], true);
        let goal = d.conditions([fv(f[5], true)]).unwrap();
        let mut p = Planner::new();
        let r = p.plan(&d, &start, &goal, &PlanOptions::default());
        let plan = r.plan().expect("a plan").clone();
        assert_eq!(plan.cost, 4.0);
        assert_eq!(plan.actions.len(), 4);
        assert_eq!(r.stats.expanded, 4);
        assert_eq!(r.stats.stored, 5);
        assert_eq!(r.stats.initial_h, 4.0);
        assert_eq!(exact_counts(&p), (1, 0));
        let again = p.plan(&d, &start, &goal, &PlanOptions::default());
        assert_eq!(exact_counts(&p), (1, 1));
        assert_eq!(key(again.clone()), key(r.clone()));
        let fresh = Planner::new().plan(&d, &start, &goal, &PlanOptions::default());
        assert_eq!(key(fresh), key(r));
        // Through the zero-cost step: from f5 to f1 costs 0 + 1.
        let mut from5 = WorldState::new();
        from5.set(f[5], true);
        let to1 = d.conditions([fv(f[1], true), fv(f[5], false)]).unwrap();
        let r = p.plan(&d, &from5, &to1, &PlanOptions::default());
        assert_eq!(r.plan().unwrap().cost, 1.0);
        assert_eq!(r.plan().unwrap().actions, vec![ActionId(5), ActionId(0)]);
        // Blind search agrees and builds no table.
        let mut b = Planner::new();
        let blind = PlanOptions {
            heuristic: Heuristic::Blind,
            ..PlanOptions::default()
        };
        assert_eq!(b.plan(&d, &from5, &to1, &blind).plan().unwrap().cost, 1.0);
        assert_eq!(exact_counts(&b), (0, 0));
    }

    /// Planners sharing a store build a key's table once: the others take it, with the
    /// same results as a planner of its own; a planner without the store builds its own.
    /// A store holds at most its capacity, and every planner's walk stays the same.
    #[test]
    fn planners_sharing_a_store_build_a_table_once() {
        use super::{TableStore, SHARED_ENTRIES};
        use std::sync::Arc;
        // Seven more actions (ids 6 to 12) to disable: 128 keys.
        let (d, f) = ring(6, 7);
        let goal = d.conditions([fv(f[5], true)]).unwrap();
        let store = Arc::new(TableStore::default());
        let mut a = Planner::sharing(&store);
        let mut b = Planner::sharing(&store);
        let shared = |p: &Planner| p.search.as_ref().unwrap().exact.shared;
        let mut start = WorldState::new();
        start.set(f[1], true);
        let ra = a.plan(&d, &start, &goal, &PlanOptions::default());
        assert_eq!((exact_counts(&a), shared(&a)), ((1, 0), 0));
        assert_eq!(store.len(), 1);
        let rb = b.plan(&d, &start, &goal, &PlanOptions::default());
        assert_eq!((exact_counts(&b), shared(&b)), ((0, 0), 1));
        assert_eq!(key(ra.clone()), key(rb));
        // Now b's own: found, not taken again.
        b.plan(&d, &start, &goal, &PlanOptions::default());
        assert_eq!((exact_counts(&b), shared(&b)), ((0, 1), 1));
        let own = Planner::new().plan(&d, &start, &goal, &PlanOptions::default());
        assert_eq!(key(own), key(ra));
        // More keys (sets of disabled actions) than the store keeps: it stays at its
        // capacity, and each walk equals an unshared planner's.
        for i in 0..SHARED_ENTRIES + 8 {
            let mut ctx = ActionContext::new();
            for bit in 0..7 {
                if (i >> bit) & 1 == 1 {
                    ctx.set_enabled(ActionId(6 + bit as u32), false);
                }
            }
            let o = PlanOptions::default();
            let r = a.plan_in(&d, &start, &goal, &o, &ctx);
            assert_eq!(
                key(r),
                key(Planner::new().plan_in(&d, &start, &goal, &o, &ctx))
            );
            assert!(store.len() <= SHARED_ENTRIES);
        }
        assert_eq!(store.len(), SHARED_ENTRIES);
    }

    /// A start that cannot reach the goal is no plan without a walk; a sliced walk gives
    /// the unsliced result, one expansion per call.
    #[test]
    fn unreachable_goals_and_sliced_walks() {
        let (d, f) = ring(5, 0);
        let goal = d.conditions([fv(f[3], true)]).unwrap();
        // Nothing true: no step applies.
        let r = Planner::new().plan(&d, &WorldState::new(), &goal, &PlanOptions::default());
        assert_eq!(r.outcome, Outcome::NoPlan);
        assert_eq!((r.stats.expanded, r.stats.initial_h), (0, 0.0));
        let mut start = WorldState::new();
        start.set(f[4], true);
        let whole = Planner::new().plan(&d, &start, &goal, &PlanOptions::default());
        assert_eq!(whole.stats.expanded, 4);
        let mut p = Planner::new();
        p.begin(
            &d,
            &start,
            &goal,
            &PlanOptions::default(),
            &ActionContext::new(),
        );
        let mut calls = 0;
        let sliced = loop {
            calls += 1;
            if let Some(r) = p.resume(&SearchBudget::expansions(1)) {
                break r;
            }
            assert_eq!(p.progress().unwrap().expanded, calls);
        };
        assert_eq!(calls, 4);
        assert_eq!(key(sliced), key(whole));
    }

    /// A planner shared by agents of two domains works out each domain's read facts and
    /// groups once, not on every search.
    #[test]
    fn domains_in_turn_are_worked_out_once() {
        let (a, fa) = ring(6, 0);
        let (b, fb) = flags(5);
        let goal_a = a.conditions([fv(fa[4], true)]).unwrap();
        let goal_b = b.conditions([fv(fb[1], true)]).unwrap();
        let mut start_a = WorldState::new();
        start_a.set(fa[0], true);
        let mut p = Planner::new();
        for _ in 0..3 {
            let r = p.plan(&a, &start_a, &goal_a, &PlanOptions::default());
            assert_eq!(r.plan().unwrap().cost, 4.0);
            let r = p.plan(&b, &WorldState::new(), &goal_b, &PlanOptions::default());
            assert_eq!(r.plan().unwrap().cost, 1.0);
        }
        let e = &p.search.as_ref().unwrap().exact;
        assert_eq!(e.shape_loads, 2);
        assert_eq!((e.built, e.found), (2, 4));
    }

    /// Disabled ids the domain does not have are not part of a table's key (found in
    /// review); costs that are not whole numbers up to 255 take no table.
    #[test]
    fn keys_ignore_foreign_ids_and_tables_need_small_whole_costs() {
        let (d, f) = ring(5, 0);
        let mut start = WorldState::new();
        start.set(f[0], true);
        let goal = d.conditions([fv(f[3], true)]).unwrap();
        let mut p = Planner::new();
        let o = PlanOptions::default();
        let a = p.plan_in(&d, &start, &goal, &o, &ActionContext::new());
        let mut ghost = ActionContext::new();
        ghost.set_enabled(ActionId(1000), false);
        let b = p.plan_in(&d, &start, &goal, &o, &ghost);
        assert_eq!(key(a), key(b));
        assert_eq!(exact_counts(&p), (1, 1));
        for cost in [0.5, 256.0] {
            let mut d2 = d.clone();
            d2.add_action(ActionDef {
                name: "odd".into(),
                pre: vec![fv(f[4], true)],
                effects: vec![fv(f[0], true)],
                cost,
                ..Default::default()
            })
            .unwrap();
            let r = p.plan(&d2, &start, &goal, &o);
            assert_eq!(r.plan().unwrap().cost, 3.0);
            assert_eq!(exact_counts(&p), (1, 1), "cost {cost}");
        }
    }

    /// The table is used only where it is small, with the domain's own costs, and when the
    /// node limit covers it; disabled actions are part of its key.
    #[test]
    fn tables_only_where_small_and_with_the_domains_costs() {
        let small = PlanOptions::default();
        let all = |d: &Domain, f: &[FactId]| d.conditions(f.iter().map(|&x| fv(x, true))).unwrap();
        // 15 independent flags, all in the goal: 32,768 states, over the state limit.
        let (d, f) = flags(15);
        let start = WorldState::new();
        let mut p = Planner::new();
        let r = p.plan(&d, &start, &all(&d, &f), &small);
        assert_eq!(r.plan().unwrap().cost, 15.0);
        assert_eq!(exact_counts(&p).0, 0);
        // One flag of the 15 in the goal: its one relevant action, a table of 2 states.
        let goal = d.conditions([fv(f[2], true)]).unwrap();
        let r = p.plan(&d, &start, &goal, &small);
        assert_eq!((r.plan().unwrap().cost, r.stats.actions_kept), (1.0, 1));
        assert_eq!(exact_counts(&p).0, 1);
        // 9 flags (512 states × 9 actions): a table.
        let (d, f) = flags(9);
        let goal = all(&d, &f);
        assert_eq!(p.plan(&d, &start, &goal, &small).plan().unwrap().cost, 9.0);
        assert_eq!(exact_counts(&p).0, 2);
        // A node limit below the table's 512 states: the ordinary search.
        let limited = PlanOptions {
            max_nodes: 511,
            ..small
        };
        assert_eq!(
            p.plan(&d, &start, &goal, &limited).plan().unwrap().cost,
            9.0
        );
        assert_eq!(exact_counts(&p), (2, 0));
        // A cost override: the ordinary search, with the override.
        let mut costly = ActionContext::new();
        costly.set_cost(ActionId(2), 10.0).unwrap();
        let r = p.plan_in(&d, &start, &goal, &small, &costly);
        assert_eq!(r.plan().unwrap().cost, 18.0);
        assert_eq!(exact_counts(&p), (2, 0));
        // A disabled action: another table, and no plan.
        let mut off = ActionContext::new();
        off.set_enabled(ActionId(2), false);
        let r = p.plan_in(&d, &start, &goal, &small, &off);
        assert_eq!(r.outcome, Outcome::NoPlan);
        assert_eq!(exact_counts(&p), (3, 0));
        assert_eq!(r.stats.actions_kept, 8);
        // 14 flags, all in the goal, and `extra` more actions that set flag 0: 16,384
        // states times 14 + `extra` relevant actions, within the work limit up to 16.
        for (extra, tables) in [(2u32, 4), (3, 4)] {
            let (mut d, f) = flags(14);
            for e in 0..extra {
                d.add_action(ActionDef {
                    name: format!("also_{e}"),
                    pre: vec![],
                    effects: vec![fv(f[0], true)],
                    cost: 2.0,
                    ..Default::default()
                })
                .unwrap();
            }
            let r = p.plan(&d, &start, &all(&d, &f), &small);
            assert_eq!(r.plan().unwrap().cost, 14.0);
            assert_eq!(exact_counts(&p).0, tables, "{extra} more actions");
        }
        // A precondition on 11 facts no relevant action changes: they are static, so the
        // table is per their start values and has 2 states.
        let mut d = Domain::new();
        let f: Vec<FactId> = (0..13)
            .map(|i| d.add_fact(&format!("g{i}")).unwrap())
            .collect();
        d.add_action(ActionDef {
            name: "a".into(),
            pre: f[2..].iter().map(|&x| fv(x, false)).collect(),
            effects: vec![fv(f[1], true)],
            cost: 3.0,
            ..Default::default()
        })
        .unwrap();
        let goal = d.conditions([fv(f[1], true)]).unwrap();
        let r = p.plan(&d, &WorldState::new(), &goal, &small);
        assert_eq!((r.plan().unwrap().cost, r.stats.expanded), (3.0, 1));
        assert_eq!(exact_counts(&p).0, 5);
        let mut one = WorldState::new();
        one.set(f[7], true);
        let r = p.plan(&d, &one, &goal, &small);
        assert_eq!((&r.outcome, r.stats.expanded), (&Outcome::NoPlan, 0));
        assert_eq!(
            exact_counts(&p).0,
            6,
            "another table for other static values"
        );
    }
}
