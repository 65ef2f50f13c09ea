//! Exact goal distances for tiny tasks ([`Heuristic::Auto`](crate::planner::Heuristic)).
//!
//! When the states of the facts that decide a search (those the goal or any action's
//! precondition names) number at most [`EXACT_MAX_STATES`], times the enabled actions at
//! most [`EXACT_MAX_WORK`], and every action cost is a whole number no larger than 255 (as
//! in most game domains), every state of that projection fits in a small table. Facts of
//! an *at-most-one group* (a position on a path: every action that makes one true requires
//! another one true and makes it false, as `move(a, b)` does with `at_a` and `at_b`; facts
//! the projection leaves out do not count) count as one value out of the group's size plus
//! one, not as that many bits, so a path of 16 cells is 18 states, not 2^17; a start with
//! two facts of a group true takes no table. A backward
//! Dijkstra from the goal states fills it with each state's exact cost to the goal (and the
//! number of actions of the cheapest path chosen), once per (compiled domain, goal,
//! disabled actions); the table is kept for the next searches, like the setup cache. A
//! search then only walks down it from its start: at every state, the first enabled action
//! in registration order whose successor is exactly its cost nearer the goal and one action
//! nearer. That is A\* with the perfect heuristic (h\*): it expands exactly the plan's
//! states, and the plan has minimum cost.
//!
//! A fact no precondition and not the goal reads never decides what applies or whether the
//! goal holds, so states that differ only in such facts have the same futures: the
//! projection loses nothing. Costs are whole numbers, so distances are exact integers
//! (at most 255 × 4,095) whatever the order of the sums: the plan's cost summed in plan
//! order, as every search's, equals the table's distance, which is the optimum. Ties on
//! cost go to fewer actions, and zero-cost actions cannot make the walk loop (it moves one
//! action nearer at every step).
//!
//! Everything here depends on the domain, the goal and the disabled actions only, so the
//! same inputs give the same plan whether the table is built or found. Tables are built
//! with the domain's own costs: a search with cost overrides does not use them. Their
//! memory (at most about 112 KiB while one is built) is reserved fallibly.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::domain::compiled::CompiledDomain;
use crate::domain::{ActionId, Goal};
use crate::memory::{reserve, OutOfMemory};
use crate::planner::backward::{group_count, groups_among};

/// At most this many states in a table.
pub const EXACT_MAX_STATES: usize = 4096;

/// At most this many facts in the projection (each table index bit or group member is one
/// of 64 bits of a packed state).
pub const EXACT_MAX_FACTS: usize = 64;

/// At most this many (projected state, enabled action) pairs: the table's build visits each
/// once, so this bounds the first search of a goal.
pub const EXACT_MAX_WORK: usize = 8192;

/// Tables one planner keeps (round robin). More than the setup cache's: a table costs some
/// dozens of walks to build, so agents with different disabled actions, or many goals,
/// should not keep replacing each other's. Each holds at most 4,096 states (16 KiB).
pub const ENTRIES: usize = 32;

/// A state's key: its distance to the goal times `STEPS`, plus the actions of the path the
/// walk follows (fewer than `STEPS`: a path visits each of at most 4,096 states once).
const STEPS: u32 = EXACT_MAX_STATES as u32;

/// `STEPS` as a shift.
const STEP_BITS: u32 = STEPS.trailing_zeros();

/// No path to the goal.
const FAR: u32 = u32::MAX;

/// Not in a group.
const NONE: u32 = u32::MAX;

/// One enabled action over the projection (bit `i`: projected fact `i`), and what it adds
/// to a key (`cost × STEPS + 1`).
#[derive(Clone, Copy, Debug, Default)]
struct Act {
    pre_t: u64,
    pre_f: u64,
    add: u64,
    del: u64,
    step: u32,
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

/// How a projected state (bits) maps to a table index: mixed radix, one digit per group
/// (0: none of its members true, `v`: member `v`), one binary digit per other fact.
#[derive(Debug, Default)]
struct Layout {
    /// No groups: the index is the bits.
    plain: bool,
    /// Per group: its members' mask, its stride, its members' bits in value order.
    groups: Vec<(u64, u32, Vec<u8>)>,
    /// Per bit of a group member: its value (1-based).
    value: Vec<u8>,
    /// Facts in no group: bit and stride.
    free: Vec<(u8, u32)>,
    states: usize,
}

impl Layout {
    /// The index of `s`, `None` when two facts of a group are true.
    #[inline]
    fn rank(&self, s: u64) -> Option<u32> {
        if self.plain {
            return Some(s as u32);
        }
        let mut r = 0;
        for (mask, stride, _) in &self.groups {
            let m = s & mask;
            if m != 0 {
                if m & (m - 1) != 0 {
                    return None;
                }
                r += u32::from(self.value[m.trailing_zeros() as usize]) * stride;
            }
        }
        for &(bit, stride) in &self.free {
            if (s >> bit) & 1 == 1 {
                r += stride;
            }
        }
        Some(r)
    }

    /// The state of index `r`.
    fn unrank(&self, r: u32) -> u64 {
        if self.plain {
            return u64::from(r);
        }
        let mut s = 0u64;
        for (_, stride, members) in &self.groups {
            let v = (r / stride) as usize % (members.len() + 1);
            if v > 0 {
                s |= 1 << members[v - 1];
            }
        }
        for &(bit, stride) in &self.free {
            if (r / stride) & 1 == 1 {
                s |= 1 << bit;
            }
        }
        s
    }
}

/// One table and its key.
#[derive(Debug, Default)]
struct Table {
    /// Complete (a build that ran out of memory leaves it false).
    valid: bool,
    tables: u64,
    goal_atoms: Vec<u32>,
    disabled: Vec<ActionId>,
    /// Bit `i` of a projected state is fact `facts[i]` of the domain.
    facts: Vec<u32>,
    layout: Layout,
    acts: Vec<Act>,
    /// Per table index: its key (distance × `STEPS` + actions), `FAR` without a path.
    key: Vec<u32>,
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

/// The facts every action's precondition names in one domain, and their groups.
#[derive(Debug, Default)]
struct DomainFacts {
    /// [`CompiledDomain::id`] this describes.
    of: u64,
    /// Per fact: a precondition names it.
    read: Vec<bool>,
    read_count: usize,
    /// Per fact: its at-most-one group (`NONE`: none).
    group: Vec<u32>,
    /// Per group: its read members.
    read_members: Vec<u32>,
    /// The table states of the read facts alone (saturating).
    read_states: usize,
}

/// Domains whose read facts and groups one planner keeps (round robin): a planner shared
/// by agents of several domains finds them instead of working them out again each search.
const DOMAINS: usize = 8;

/// The tables, the read facts and groups of the last [`DOMAINS`] domains asked about, and
/// the builder's scratch buffers. A warm cache allocates nothing but the plans.
#[derive(Debug, Default)]
pub(crate) struct ExactCache {
    entries: Vec<Table>,
    next: usize,
    domains: Vec<DomainFacts>,
    next_domain: usize,
    /// Reverse edges of the projection (by target index), for the build.
    edge_start: Vec<u32>,
    edges: Vec<(u32, u32)>,
    fill: Vec<u32>,
    /// Open list: `key << 12 | index`.
    heap: BinaryHeap<Reverse<u64>>,
    /// Tables built and found since the planner was made, and starts no table covered
    /// (two facts of a group true) (for tests).
    pub built: u64,
    pub found: u64,
    pub uncovered: u64,
    /// Domains whose read facts and groups were worked out (for tests).
    pub domain_loads: u64,
}

/// The disabled actions the domain has (`disabled` is sorted).
fn own(c: &CompiledDomain, disabled: &[ActionId]) -> usize {
    disabled.partition_point(|a| a.index() < c.actions)
}

impl DomainFacts {
    /// Works out `c`'s read facts and groups.
    fn load(&mut self, c: &CompiledDomain) {
        let facts = (c.atoms - 1) / 2;
        self.read.clear();
        self.read.resize(facts, false);
        for a in 0..c.actions {
            for &q in c.pre(a) {
                if q != c.init_atom {
                    self.read[(q / 2) as usize] = true;
                }
            }
        }
        self.read_count = self.read.iter().filter(|&&r| r).count();
        // Groups over the read facts: the others are not in the projection, so what an
        // action does to them does not matter.
        let read = &self.read;
        self.group = groups_among(c, |f| read[f]);
        let groups = group_count(&self.group);
        self.read_members.clear();
        self.read_members.resize(groups, 0);
        let mut free = 0u32;
        for f in (0..facts).filter(|&f| self.read[f]) {
            match self.group[f] {
                NONE => free += 1,
                g => self.read_members[g as usize] += 1,
            }
        }
        // `checked_shl` fails from 64 free facts on: saturated, as the product below.
        self.read_states = self
            .read_members
            .iter()
            .fold(1usize.checked_shl(free).unwrap_or(usize::MAX), |n, &m| {
                n.saturating_mul(m as usize + 1)
            });
        self.of = c.id;
    }
}

impl ExactCache {
    /// The index in `domains` of `c`'s read facts and groups, worked out now if they are not
    /// kept.
    fn domain_of(&mut self, c: &CompiledDomain) -> usize {
        if let Some(i) = self.domains.iter().position(|d| d.of == c.id) {
            return i;
        }
        if self.domains.len() < DOMAINS {
            self.domains.push(DomainFacts::default());
            self.next_domain = self.domains.len() - 1;
        }
        let i = self.next_domain;
        self.next_domain = (self.next_domain + 1) % DOMAINS;
        self.domains[i].load(c);
        self.domain_loads += 1;
        i
    }

    /// The table's state count when a search of `goal` on `c` with `disabled` actions may
    /// take the table path, else `None`. Cheap: the read facts and groups are found once
    /// per domain.
    pub fn size(
        &mut self,
        c: &CompiledDomain,
        goal: &Goal,
        disabled: &[ActionId],
    ) -> Option<usize> {
        // Even one fact's two states must fit the work limit.
        if !c.vars.is_empty() || c.small_costs.is_none() || c.actions > EXACT_MAX_WORK / 2 {
            return None;
        }
        let di = self.domain_of(c);
        let d = &self.domains[di];
        if d.read_states > EXACT_MAX_STATES {
            return None;
        }
        let facts = d.read.len();
        // Goal facts no precondition reads: one bit each (a fact nothing reads is in no
        // group). Goal entries are sorted by fact and name each once.
        let extra = goal
            .entries()
            .iter()
            .filter(|e| e.fact.index() < facts && !d.read[e.fact.index()])
            .count();
        if d.read_count + extra > EXACT_MAX_FACTS {
            return None;
        }
        let states = 1usize
            .checked_shl(extra as u32)
            .and_then(|m| d.read_states.checked_mul(m))
            .filter(|&n| n <= EXACT_MAX_STATES)?;
        let enabled = c.actions - own(c, disabled);
        (states.saturating_mul(enabled.max(1)) <= EXACT_MAX_WORK).then_some(states)
    }

    /// Starts a walk from `start` (packed domain words) to the goal (`goal_atoms`, as the
    /// search loads them), building the table first if this key has none. Returns the walk,
    /// the start's exact distance (`None`: no plan) and the enabled actions' count;
    /// `Ok(None)` when the start has two facts of a group true (no table covers it).
    #[allow(clippy::type_complexity)]
    pub fn begin(
        &mut self,
        c: &CompiledDomain,
        start: &[u64],
        goal_atoms: &[u32],
        disabled: &[ActionId],
    ) -> Result<Option<(Walk, Option<f64>, u32)>, OutOfMemory> {
        let disabled = &disabled[..own(c, disabled)];
        let slot = match self.entries.iter().position(|t| {
            t.valid && t.tables == c.id && t.goal_atoms == goal_atoms && t.disabled == disabled
        }) {
            Some(i) => {
                self.found += 1;
                i
            }
            None => {
                self.built += 1;
                self.build(c, goal_atoms, disabled)?
            }
        };
        let t = &self.entries[slot];
        let mut state = 0u64;
        for (bit, &f) in t.facts.iter().enumerate() {
            let f = f as usize;
            if (start[f / 64] >> (f % 64)) & 1 == 1 {
                state |= 1 << bit;
            }
        }
        let Some(index) = t.layout.rank(state) else {
            self.uncovered += 1;
            return Ok(None);
        };
        let h = match t.key[index as usize] {
            FAR => None,
            k => Some(f64::from(k >> STEP_BITS)),
        };
        let walk = Walk { slot, state, index };
        Ok(Some((walk, h, t.acts.len() as u32)))
    }

    /// The actions left from the walk's state (`None`: the goal is out of reach).
    pub fn left(&self, w: &Walk) -> Option<u32> {
        match self.entries[w.slot].key[w.index as usize] {
            FAR => None,
            k => Some(k % STEPS),
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

    /// Builds the table of this key in the next entry (round robin) and returns its index.
    fn build(
        &mut self,
        c: &CompiledDomain,
        goal_atoms: &[u32],
        disabled: &[ActionId],
    ) -> Result<usize, OutOfMemory> {
        if self.entries.len() < ENTRIES {
            self.entries.push(Table::default());
            self.next = self.entries.len() - 1;
        }
        let i = self.next;
        self.next = (self.next + 1) % ENTRIES;
        let di = self.domain_of(c);
        let d = &self.domains[di];
        let t = &mut self.entries[i];
        t.valid = false;
        t.tables = c.id;
        t.goal_atoms.clear();
        t.goal_atoms.extend_from_slice(goal_atoms);
        t.disabled.clear();
        t.disabled.extend_from_slice(disabled);

        // The projection: the read facts, then goal facts no precondition reads.
        let facts = d.read.len();
        t.facts.clear();
        t.facts
            .extend((0..facts as u32).filter(|&f| d.read[f as usize]));
        for &g in goal_atoms {
            let f = g / 2;
            if !d.read[f as usize] && !t.facts.contains(&f) {
                t.facts.push(f);
            }
        }
        let bit_of = |f: u32| t.facts.iter().position(|&x| x == f);

        // The layout: groups in order of their first member, then the other facts.
        let l = &mut t.layout;
        l.groups.clear();
        l.free.clear();
        l.value.clear();
        l.value.resize(t.facts.len(), 0);
        let mut stride = 1u32;
        for (bit, &f) in t.facts.iter().enumerate() {
            let g = d.group[f as usize];
            if g == NONE || t.facts[..bit].iter().any(|&x| d.group[x as usize] == g) {
                continue;
            }
            let members: Vec<u8> = (bit..t.facts.len())
                .filter(|&b| d.group[t.facts[b] as usize] == g)
                .map(|b| b as u8)
                .collect();
            let mask = members.iter().fold(0u64, |m, &b| m | 1 << b);
            for (v, &b) in members.iter().enumerate() {
                l.value[b as usize] = v as u8 + 1;
            }
            let radix = members.len() as u32 + 1;
            l.groups.push((mask, stride, members));
            stride = stride.saturating_mul(radix);
        }
        for (bit, &f) in t.facts.iter().enumerate() {
            if d.group[f as usize] == NONE {
                l.free.push((bit as u8, stride));
                stride = stride.saturating_mul(2);
            }
        }
        l.states = stride as usize;
        l.plain = l.groups.is_empty();
        let n = l.states;
        if n > EXACT_MAX_STATES {
            // `size` said otherwise: never, but no table is better than a wrong one.
            return Err(OutOfMemory {
                what: format!("an exact table ({n} states)"),
                bytes: n as u64 * 4,
                refused: false,
            });
        }

        // The enabled actions' masks over the projection.
        t.acts.clear();
        for a in 0..c.actions {
            if disabled.binary_search(&ActionId(a as u32)).is_ok() {
                continue;
            }
            let mut act = Act {
                // Whole numbers up to 255 (`small_costs`).
                step: c.costs[a] as u32 * STEPS + 1,
                id: a as u32,
                ..Act::default()
            };
            for &q in c.pre(a) {
                if q == c.init_atom {
                    continue;
                }
                let b = 1u64 << bit_of(q / 2).expect("preconditions are projected");
                if q % 2 == 0 {
                    act.pre_t |= b;
                } else {
                    act.pre_f |= b;
                }
            }
            for &q in c.eff(a) {
                if q == c.init_atom {
                    continue;
                }
                if let Some(bit) = bit_of(q / 2) {
                    if q % 2 == 0 {
                        act.add |= 1 << bit;
                    } else {
                        act.del |= 1 << bit;
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
        // groups are checked against every action); it is skipped all the same.
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
        for &g in goal_atoms {
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
            let (key, r) = ((entry >> STEP_BITS) as u32, (entry as u32) & (STEPS - 1));
            if key != t.key[r as usize] {
                continue;
            }
            let range =
                self.edge_start[r as usize] as usize..self.edge_start[r as usize + 1] as usize;
            for &(from, p) in &self.edges[range] {
                // At most 255 × 4,096 × 4,096 + 4,096 < 2^32.
                let to_key = key.saturating_add(t.acts[p as usize].step);
                if to_key < t.key[from as usize] {
                    t.key[from as usize] = to_key;
                    if self.heap.len() == self.heap.capacity() {
                        let more = self.heap.len() + 1;
                        reserve(&mut self.heap, more, what("open list"))?;
                    }
                    self.heap
                        .push(Reverse(u64::from(to_key) << STEP_BITS | u64::from(from)));
                }
            }
        }
        t.valid = true;
        Ok(i)
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
        assert_eq!(exact_counts(&p), (1, 3));
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
        assert_eq!(e.domain_loads, 2);
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
        // 12 independent flags, 12 actions: 4,096 states × 12 actions is over the work
        // limit.
        let (d, f) = flags(12);
        let start = WorldState::new();
        let goal = d.conditions([fv(f[2], true)]).unwrap();
        let mut p = Planner::new();
        assert_eq!(p.plan(&d, &start, &goal, &small).plan().unwrap().cost, 1.0);
        assert_eq!(exact_counts(&p).0, 0);
        // 9 flags (512 states × 9 actions): a table.
        let (d, f) = flags(9);
        let goal = d.conditions([fv(f[2], true)]).unwrap();
        assert_eq!(p.plan(&d, &start, &goal, &small).plan().unwrap().cost, 1.0);
        assert_eq!(exact_counts(&p).0, 1);
        // A node limit below the table's 512 states: the ordinary search.
        let limited = PlanOptions {
            max_nodes: 511,
            ..small
        };
        assert_eq!(
            p.plan(&d, &start, &goal, &limited).plan().unwrap().cost,
            1.0
        );
        assert_eq!(exact_counts(&p), (1, 0));
        // A cost override: the ordinary search, with the override.
        let mut costly = ActionContext::new();
        costly.set_cost(ActionId(2), 10.0).unwrap();
        let r = p.plan_in(&d, &start, &goal, &small, &costly);
        assert_eq!(r.plan().unwrap().cost, 10.0);
        assert_eq!(exact_counts(&p), (1, 0));
        // A disabled action: another table, and no plan.
        let mut off = ActionContext::new();
        off.set_enabled(ActionId(2), false);
        let r = p.plan_in(&d, &start, &goal, &small, &off);
        assert_eq!(r.outcome, Outcome::NoPlan);
        assert_eq!(exact_counts(&p), (2, 0));
        assert_eq!(r.stats.actions_kept, 8);
        // 12 facts read (one precondition names 11 of them, the goal the 12th) by two
        // actions: 4,096 states × 2 actions is the work limit, so a table; with a 13th fact
        // in that precondition, none.
        for (n, tables) in [(12u32, 3), (13, 3)] {
            let mut d = Domain::new();
            let f: Vec<FactId> = (0..n)
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
            d.add_action(ActionDef {
                name: "b".into(),
                pre: vec![fv(f[0], true)],
                effects: vec![fv(f[0], false)],
                cost: 1.0,
                ..Default::default()
            })
            .unwrap();
            let goal = d.conditions([fv(f[1], true)]).unwrap();
            let r = p.plan(&d, &WorldState::new(), &goal, &small);
            assert_eq!(r.plan().unwrap().cost, 3.0);
            assert_eq!(exact_counts(&p).0, tables, "{n} facts");
        }
    }
}
