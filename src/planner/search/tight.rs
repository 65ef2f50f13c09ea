//! The tight search loop over packed boolean states: uniform-cost search (the probe that
//! [`Heuristic::Auto`](super::Heuristic::Auto) and [`Heuristic::Blind`](super::Heuristic::Blind)
//! run before any setup, and the rest of blind search) and A* with the root-landmark
//! estimate (the default search once set up, until LM-cut evaluations pay).
//!
//! Everything per node is small: its state in a flat arena (`words` words), its landmark
//! set in another (`lw` words, none for uniform-cost search), a 32-byte node, a slot in an
//! open-addressing table of node ids stamped per search (never cleared between searches)
//! and 16-byte open-list entries. An entry's key orders by lowest `f`, then lowest `h`
//! (its upper 32 bits), then the node created first; a node remembers the `f` of its live
//! entry, so older entries are skipped when popped. With uniform-cost search (costs ≥ 0) a
//! popped node's `g` is final; with the path-dependent landmark estimate a cheaper path
//! may re-open a closed node. A uniform-cost search whose costs are small integers moves
//! its open list to a ring of buckets, one per `g` (Dial), after [`DIAL_AFTER`] expansions;
//! a bucket pops its newest entry first. A* with the landmark estimate, when the action and
//! landmark costs are whole numbers (as in most game domains), uses a ring from its start
//! instead: one queue per (`f`, `h`) pair, in order of node creation (new nodes join at the
//! back; a node pushed again after a cheaper path takes its place by creation), popped
//! lowest `f`, then lowest `h`, then the node created first: the heap's order, cheaper (its
//! `f` never falls along a path, since an action's landmarks cost no more than it, and `h`
//! is a whole number up to the root's); after [`DIAL_AFTER`] expansions a queue pops its
//! newest node first, as the other rings do (a dive along a plateau: the forward search of
//! the 101,760-action logistics task in `benches/direction.rs` finds its plan within
//! 200,000 nodes so, and not in the heap's order). When
//! those pairs are too many ([`MAX_QUEUE_KEYS`]), it keeps the heap, then moves to a ring of
//! one bucket per `f` after [`DIAL_AFTER`] expansions, ties then newest first instead of
//! lowest `h` first. An occupancy bit per bucket finds the next entry without visiting
//! empty buckets. The loop is compiled for 1 to 8 words per state (up to 512 facts) and
//! for any other width.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::time::Duration;

use crate::planner::SliceEnd;

use super::super::lmcut::{sub_down, unused_cost};
use super::super::SearchStats;
use super::table::{grow_stamped, hash_words};
use crate::domain::ActionId;
use crate::memory::{max_table_bytes, reserve, OutOfMemory};

/// A node: its best `g` so far, its estimate and how it was reached.
#[derive(Clone, Copy, Debug)]
struct Node {
    g: f64,
    h: f64,
    parent: u32,
    /// The action id (not its position in the action set).
    action: u32,
    /// The `f` bits of the node's live open-list entry, or [`CLOSED`].
    live: u64,
}

const NONE: u32 = u32::MAX;
/// `Node::live` of a node with no live entry (no finite `f` has these bits).
const CLOSED: u64 = u64::MAX;
/// Smallest state table (slots, a power of two).
const MIN_TABLE: usize = 64;

/// The actions a search may apply: per position four masks of `words` words (pre-true,
/// pre-false, add, delete) and a cost, and the action id of each position (`None`: the
/// position is the id).
#[derive(Clone, Copy)]
pub(super) struct ActionSet<'a> {
    pub masks: &'a [u64],
    pub costs: &'a [f64],
    pub ids: Option<&'a [u32]>,
}

impl ActionSet<'_> {
    fn len(&self) -> usize {
        self.costs.len()
    }
}

/// The root's landmarks, for A* with their estimate: a node's estimate is the summed cost
/// of the landmarks no action on its path belongs to.
#[derive(Clone, Copy)]
pub(super) struct LandmarkSet<'a> {
    /// Words per landmark set.
    pub words: usize,
    /// Per action position, the landmarks the action belongs to (`words` words).
    pub of_action: &'a [u64],
    /// Per landmark, its cost.
    pub costs: &'a [f64],
    /// The root's estimate (the sum of `costs`, as LM-cut computed it).
    pub root: f64,
    /// Stop with [`Stop::Escalate`] at a popped node whose `f` exceeds `root` once this
    /// many nodes have been expanded (`u64::MAX`: never).
    pub escalate_from: u64,
}

/// Where [`Tight::run`] stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Stop {
    /// The node whose state satisfies the goal (its path is optimal).
    Found(u32),
    /// No state left to expand: no plan.
    Exhausted,
    /// A new state would exceed the node limit.
    NodeLimit,
    /// An arena could not grow (the error is in [`Tight::oom`]).
    OutOfMemory,
    /// The expansion or time budget ran out; [`Tight::run`] continues from here.
    Paused,
    /// The root estimate has been shown too low ([`LandmarkSet::escalate_from`]). The
    /// search can go on from here.
    Escalate,
}

/// A budget for one call of [`Tight::run`].
#[derive(Clone, Copy, Debug)]
pub(super) struct Until {
    /// Stop before `stats.expanded` reaches this.
    pub expanded: u64,
    /// Stop once this much time has passed since the call began (checked every 16
    /// expansions).
    pub time: Option<Duration>,
}

/// The search's arenas, kept between searches (see the module documentation).
#[derive(Debug, Default)]
pub(super) struct Tight {
    words: usize,
    /// Words per landmark set (0: uniform-cost search).
    lw: usize,
    states: Vec<u64>,
    hits: Vec<u64>,
    nodes: Vec<Node>,
    /// Slots: `stamp << 32 | node`; a slot whose stamp is not `stamp` is empty.
    table: Vec<u64>,
    stamp: u32,
    open: BinaryHeap<Reverse<u128>>,
    /// Instead of `open`, for searches whose costs are small integers: a ring of buckets,
    /// one per `g` (Dial's algorithm), one per `f`, or one queue per (`f`, `h`) (see the
    /// module documentation); every open key lies within the ring's size of the lowest, so
    /// the ring never wraps onto a live entry.
    buckets: Buckets,
    /// The search uses `buckets`.
    dial: bool,
    /// A search whose open entries all lie within this of the lowest, as whole numbers
    /// (see [`Tight::begin`]): it moves from the heap to `buckets` after [`DIAL_AFTER`]
    /// expansions (`None`: it never does).
    dial_max: Option<u32>,
    /// Expansions since [`Tight::begin`].
    expanded: u64,
    /// The successor being built, and its landmark set.
    next: Vec<u64>,
    next_hits: Vec<u64>,
    /// The state being expanded when it is wider than 8 words, and its landmark set
    /// (buffers kept between searches).
    current_wide: Vec<u64>,
    current_hits: Vec<u64>,
    /// Why the last allocation failed.
    pub oom: Option<OutOfMemory>,
}

/// The ring of buckets of [`Tight::buckets`].
#[derive(Debug, Default)]
struct Buckets {
    /// Node ids per key modulo `size`: the key is `g` (uniform-cost search) or `f` (A*),
    /// and the last pushed pops first; or, with `fifo`, `f × levels + h`, each queue in
    /// order of node id from its head, the lowest id popped first (the highest once
    /// `newest_first`). Buckets beyond `size` are kept (empty) for searches that need a
    /// larger ring: searches of different goals would otherwise free and allocate them
    /// over and over.
    ring: Vec<Vec<u32>>,
    /// With `fifo`, per bucket: the entries already popped (at its front).
    heads: Vec<u32>,
    /// The buckets in use (a power of two, at most `ring.len()`).
    size: usize,
    /// One bit per bucket in use: it holds entries.
    occupied: Vec<u64>,
    /// Buckets are queues keyed by `f` and `h` (see `ring`).
    fifo: bool,
    /// With `fifo`, after [`DIAL_AFTER`] expansions: a queue pops its newest entry.
    newest_first: bool,
    /// With `fifo`, the `h` values a key tells apart (the root's estimate plus one).
    levels: u64,
    /// The key being popped.
    current: u64,
    /// Entries in the ring.
    len: usize,
    /// The most entries the ring held at once in this search.
    peak: usize,
    /// Entries the ring's buckets have room for in all (kept between searches).
    held: usize,
}

impl Buckets {
    /// The first occupied bucket at or after `i`, going round the ring (one is).
    #[inline]
    fn next_occupied(&self, i: usize) -> usize {
        let words = self.occupied.len();
        let (mut w, bit) = (i / 64, i % 64);
        let first = self.occupied[w] & (u64::MAX << bit);
        if first != 0 {
            return w * 64 + first.trailing_zeros() as usize;
        }
        for _ in 0..words {
            w = (w + 1) % words;
            let word = self.occupied[w];
            if word != 0 {
                return w * 64 + word.trailing_zeros() as usize;
            }
        }
        unreachable!("the ring holds an entry")
    }

    /// Empties every bucket in use.
    fn clear(&mut self) {
        for w in 0..self.occupied.len() {
            let mut word = std::mem::take(&mut self.occupied[w]);
            while word != 0 {
                let j = w * 64 + word.trailing_zeros() as usize;
                word &= word - 1;
                self.ring[j].clear();
                if let Some(head) = self.heads.get_mut(j) {
                    *head = 0;
                }
            }
        }
        self.len = 0;
    }
}

/// A search's ring keeps its buckets' memory for the next search unless they have room for
/// more than twice the entries it held at once, and more than this.
const RING_KEEP: usize = 1 << 16;

/// Makes room for one more entry in a bucket, fallibly. The ring holds `total` entries: the
/// limit on one table applies to the open list as a whole, as it does to the heap.
#[cold]
#[inline(never)]
fn grow_bucket(b: &mut Vec<u32>, total: usize) -> Result<(), OutOfMemory> {
    let entries = total + 1;
    let bytes = entries as u64 * std::mem::size_of::<u32>() as u64;
    if bytes > max_table_bytes() {
        return Err(OutOfMemory {
            what: format!("the search's open list ({entries} entries)"),
            bytes,
            refused: false,
        });
    }
    let want = b.len() + 1;
    reserve(b, want, || {
        format!("the search's open list ({want} entries in one bucket)")
    })
}

/// A uniform-cost search moves its open list from the binary heap to the ring of buckets
/// after this many expansions. The ring pops in O(1), which pays on searches of thousands
/// of nodes (gripper-10 blind 25% faster), but measured slower than the heap on searches of
/// a few dozen (kitchen 9%, chain-8 20%). The move happens at a node count, so it is
/// deterministic and the same in slices.
pub(super) const DIAL_AFTER: u64 = 256;

/// A* over landmarks whose (`f`, `h`) keys span at most this many values uses the ring of
/// queues from its start (see [`Tight::begin`]); a wider one keeps the heap, then moves to
/// the ring keyed by `f` alone after [`DIAL_AFTER`] expansions.
const MAX_QUEUE_KEYS: u64 = 4096;

#[inline(always)]
fn key(f: f64, h: f64, node: u32) -> u128 {
    (u128::from(f.to_bits()) << 64) | (u128::from(h.to_bits() >> 32) << 32) | u128::from(node)
}

impl Tight {
    /// Starts a search from `start` (`words` words, at least one): uniform-cost search, or
    /// A* over `lw` words of landmarks with the root estimate `root_h`. `dial_span`: every
    /// `f` pushed is a whole number within this of the lowest open one: for uniform-cost
    /// search, the largest cost when every cost is a whole number (see
    /// [`CompiledDomain::small_costs`]); for A* with landmarks, that plus the landmarks'
    /// summed cost when theirs are whole numbers too (a node's `h` never exceeds the sum,
    /// `root_h`, and `f` never falls along a path): such an A* pops from the ring of queues
    /// from the start. Fails only when the first node cannot be stored.
    ///
    /// [`CompiledDomain::small_costs`]: crate::domain::compiled::CompiledDomain::small_costs
    pub fn begin(
        &mut self,
        start: &[u64],
        lw: usize,
        root_h: f64,
        dial_span: Option<u32>,
    ) -> Result<(), OutOfMemory> {
        self.words = start.len();
        self.lw = lw;
        self.states.clear();
        self.hits.clear();
        self.nodes.clear();
        self.open.clear();
        self.dial = false;
        self.dial_max = dial_span;
        self.expanded = 0;
        if self.buckets.len > 0 {
            self.buckets.clear();
        }
        // Buckets keep their memory between searches; searches whose entries fall into
        // different buckets would pile it up, so a ring much larger than the last search
        // needed is given back.
        if self.buckets.held > RING_KEEP.max(2 * self.buckets.peak) {
            self.buckets.ring = Vec::new();
            self.buckets.heads = Vec::new();
            self.buckets.occupied = Vec::new();
            self.buckets.size = 0;
            self.buckets.held = 0;
        }
        self.buckets.len = 0;
        self.buckets.peak = 0;
        self.buckets.current = 0;
        self.buckets.fifo = false;
        self.buckets.newest_first = false;
        self.buckets.levels = 1;
        self.oom = None;
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.table.fill(0);
            self.stamp = 1;
        }
        if self.table.len() < MIN_TABLE {
            self.table = vec![0; MIN_TABLE];
        }
        self.next.clear();
        self.next.extend_from_slice(start);
        self.next_hits.clear();
        self.next_hits.resize(lw, 0);
        let mask = self.table.len() - 1;
        let slot = hash_words(start) as usize & mask;
        let root = if lw > 0 {
            self.add_node::<true>(slot, 0.0, root_h, NONE, NONE)?
        } else {
            self.add_node::<false>(slot, 0.0, root_h, NONE, NONE)?
        };
        if let (true, Some(span)) = (lw > 0, dial_span) {
            // A* with whole-number landmark costs: `h` is a whole number up to the root's,
            // so a ring keyed by `f` and `h`, queues popped first in first out, pops in
            // the heap's order (lowest `f`, then `h`, then the earliest pushed), faster.
            let levels = root_h as u64 + 1;
            let keys = (u64::from(span) + 1) * levels;
            if keys <= MAX_QUEUE_KEYS {
                self.dial_max = None;
                self.start_ring(keys as usize, true, levels, root_h as u64 * levels);
            }
        }
        if !self.open_has_room(1) {
            self.grow_open(1)?;
        }
        self.push(root)
    }

    /// Nodes stored.
    pub fn stored(&self) -> u64 {
        self.nodes.len() as u64
    }

    /// The actions from the start to `node`.
    pub fn path(&self, node: u32) -> Vec<ActionId> {
        let mut len = 0;
        let mut n = node;
        while self.nodes[n as usize].parent != NONE {
            len += 1;
            n = self.nodes[n as usize].parent;
        }
        let mut path = vec![ActionId(0); len];
        let mut n = node;
        for slot in path.iter_mut().rev() {
            let node = self.nodes[n as usize];
            *slot = ActionId(node.action);
            n = node.parent;
        }
        path
    }

    /// Pushes node `n` with its current `g` and `h` (its earlier entries become stale).
    /// The heap has room for it ([`Tight::open_has_room`]); a bucket grows, fallibly.
    #[inline(always)]
    fn push(&mut self, n: u32) -> Result<(), OutOfMemory> {
        let node = &mut self.nodes[n as usize];
        let f = node.g + node.h;
        node.live = f.to_bits();
        if self.dial {
            let mask = self.buckets.size - 1;
            let key = if self.buckets.fifo {
                // A child may have a lower `h` at the same `f`: the key goes back within
                // that `f` (never below it: `f` never falls along a path).
                let key = f as u64 * self.buckets.levels + node.h as u64;
                debug_assert!(node.h.fract() == 0.0 && (node.h as u64) < self.buckets.levels);
                debug_assert!(
                    key + self.buckets.levels > self.buckets.current,
                    "f {f} below the ring's (key {key}, lowest {})",
                    self.buckets.current
                );
                self.buckets.current = self.buckets.current.min(key);
                key
            } else {
                f as u64
            };
            debug_assert!(
                f.fract() == 0.0
                    && key >= self.buckets.current
                    && key - self.buckets.current <= mask as u64,
                "f {f} outside the ring (key {key}, lowest {}, {} buckets)",
                self.buckets.current,
                mask + 1
            );
            let i = key as usize & mask;
            let b = &mut self.buckets.ring[i];
            if b.len() == b.capacity() {
                let before = b.capacity();
                grow_bucket(b, self.buckets.len)?;
                self.buckets.held += b.capacity() - before;
            }
            match b.last() {
                // A node pushed again (a cheaper path, or put back by `Stop::Escalate`)
                // takes its place by creation among the queue's entries not yet popped,
                // as the heap orders it; new nodes are the newest, so they go last.
                Some(&last) if self.buckets.fifo && last > n => {
                    let head = self.buckets.heads[i] as usize;
                    let at = head + b[head..].partition_point(|&m| m <= n);
                    b.insert(at, n);
                }
                _ => b.push(n),
            }
            self.buckets.occupied[i / 64] |= 1u64 << (i % 64);
            self.buckets.len += 1;
            self.buckets.peak = self.buckets.peak.max(self.buckets.len);
        } else {
            self.open.push(Reverse(key(f, node.h, n)));
        }
        Ok(())
    }

    /// Pops the open entry with the lowest key: its node and the `f` bits it was pushed
    /// with.
    #[inline(always)]
    fn pop(&mut self) -> Option<(u32, u64)> {
        if !self.dial {
            let Reverse(k) = self.open.pop()?;
            return Some((k as u32, (k >> 64) as u64));
        }
        let b = &mut self.buckets;
        if b.len == 0 {
            return None;
        }
        // The first bucket holding entries at or after the current key (every live key
        // lies within the ring's size of it).
        let mask = b.size - 1;
        let i = b.current as usize & mask;
        let j = b.next_occupied(i);
        b.current += ((j + b.size - i) & mask) as u64;
        let bucket = &mut b.ring[j];
        let n = if !b.fifo || b.newest_first {
            let n = bucket.pop().expect("an occupied bucket has an entry");
            // A queue's popped front goes once nothing is left behind it.
            if b.fifo && bucket.len() == b.heads[j] as usize {
                bucket.clear();
                b.heads[j] = 0;
            }
            n
        } else {
            let head = &mut b.heads[j];
            let n = bucket[*head as usize];
            *head += 1;
            if *head as usize == bucket.len() {
                bucket.clear();
                *head = 0;
            } else if *head >= 64 && *head as usize * 2 >= bucket.len() {
                // A queue that never empties (zero-cost actions keep refilling the key
                // being popped) drops its popped front now and then, so it holds at most
                // about twice its entries.
                bucket.drain(..*head as usize);
                *head = 0;
            }
            n
        };
        if bucket.is_empty() {
            b.occupied[j / 64] &= !(1u64 << (j % 64));
        }
        b.len -= 1;
        let f = if b.fifo {
            b.current / b.levels
        } else {
            b.current
        };
        Some((n, (f as f64).to_bits()))
    }

    /// Moves the open list from the heap to the ring of buckets (see [`DIAL_AFTER`]), in
    /// the heap's order, so the ring pops equal-`f` entries in a fixed order. `lowest` is
    /// the `f` (`g` for uniform-cost search) of the node being expanded: no open entry, and
    /// none of its children, is lower, and every one lies within `span` of it (see
    /// [`Tight::begin`]).
    #[cold]
    #[inline(never)]
    fn start_dial(&mut self, span: u32, lowest: f64) -> Result<(), OutOfMemory> {
        self.start_ring(span as usize + 1, false, 1, lowest as u64);
        while let Some(Reverse(k)) = self.open.pop() {
            let n = k as u32;
            if self.nodes[n as usize].live != (k >> 64) as u64 {
                continue; // stale
            }
            self.push(n)?;
        }
        Ok(())
    }

    /// Moves to a ring of at least `keys` buckets (queues with `fifo`, keys
    /// `f × levels + h`), popping from key `current`.
    fn start_ring(&mut self, keys: usize, fifo: bool, levels: u64, current: u64) {
        let b = &mut self.buckets;
        let size = keys.next_power_of_two();
        if b.ring.len() < size {
            b.ring.resize_with(size, Vec::new);
        }
        if fifo && b.heads.len() < size {
            b.heads.resize(size, 0);
        }
        b.occupied.clear();
        b.occupied.resize(size.div_ceil(64), 0);
        b.size = size;
        b.fifo = fifo;
        b.levels = levels;
        b.current = current;
        self.dial = true;
    }

    /// Room for `more` open entries without allocating (buckets grow as they are pushed).
    #[inline(always)]
    fn open_has_room(&self, more: usize) -> bool {
        self.dial || self.open.capacity() - self.open.len() >= more
    }

    /// Appends a node for the state in `self.next` (and, with `LM`, the landmark set in
    /// `self.next_hits`) in table slot `slot`.
    #[inline(always)]
    fn add_node<const LM: bool>(
        &mut self,
        slot: usize,
        g: f64,
        h: f64,
        parent: u32,
        action: u32,
    ) -> Result<u32, OutOfMemory> {
        let n = self.nodes.len();
        // (A landmark search may have no landmarks: `lw` 0 with `LM`.)
        debug_assert!(LM || self.lw == 0);
        if n == self.nodes.capacity()
            || self.states.len() + self.words > self.states.capacity()
            || (LM && self.hits.len() + self.lw > self.hits.capacity())
        {
            self.grow_arenas()?;
        }
        match self.next[..] {
            [word] => self.states.push(word),
            _ => self.states.extend_from_slice(&self.next),
        }
        if LM {
            match self.next_hits[..] {
                [word] => self.hits.push(word),
                _ => self.hits.extend_from_slice(&self.next_hits),
            }
        }
        self.nodes.push(Node {
            g,
            h,
            parent,
            action,
            live: CLOSED,
        });
        self.table[slot] = (u64::from(self.stamp) << 32) | n as u64;
        if (n + 1) * 2 > self.table.len() {
            self.grow_table()?;
        }
        Ok(n as u32)
    }

    /// Makes room for one more node in the arenas, fallibly.
    #[cold]
    #[inline(never)]
    fn grow_arenas(&mut self) -> Result<(), OutOfMemory> {
        let n = self.nodes.len() + 1;
        let (w, lw) = (self.words, self.lw);
        let what = |table: &'static str, per: usize| {
            move || format!("the search's {table} ({n} nodes × {per} bytes)")
        };
        reserve(
            &mut self.nodes,
            n,
            what("nodes", std::mem::size_of::<Node>()),
        )?;
        reserve(&mut self.states, n * w, what("states", w * 8))?;
        reserve(&mut self.hits, n * lw, what("landmark sets", lw * 8))
    }

    /// Makes room for `more` heap entries, fallibly.
    #[cold]
    #[inline(never)]
    fn grow_open(&mut self, more: usize) -> Result<(), OutOfMemory> {
        let want = self.open.len() + more;
        reserve(&mut self.open, want, || {
            format!("the search's open list ({want} entries)")
        })
    }

    /// Doubles the state table and re-inserts every node.
    #[cold]
    #[inline(never)]
    fn grow_table(&mut self) -> Result<(), OutOfMemory> {
        let hashes = self.states.chunks_exact(self.words).map(hash_words);
        grow_stamped(&mut self.table, self.stamp, hashes)
    }

    /// Searches on from where the last call stopped, with `actions` (and, for A*, the
    /// landmarks `lm`, as given to [`Tight::begin`]), until a state has every bit of
    /// `goal_pos` and none of `goal_neg`, or `until` or `max_nodes` stops it. Counts into
    /// `stats` (expanded, generated, reopened).
    #[allow(clippy::too_many_arguments)]
    pub fn run(
        &mut self,
        actions: &ActionSet<'_>,
        lm: Option<&LandmarkSet<'_>>,
        goal_pos: &[u64],
        goal_neg: &[u64],
        max_nodes: u32,
        until: Until,
        stats: &mut SearchStats,
    ) -> Stop {
        debug_assert_eq!(lm.map_or(0, |l| l.words), self.lw);
        let mut wide = std::mem::take(&mut self.current_wide);
        let mut hits = std::mem::take(&mut self.current_hits);
        macro_rules! run {
            ($w:literal) => {
                match lm {
                    None => self.run_w::<$w, false>(
                        actions,
                        None,
                        goal_pos,
                        goal_neg,
                        max_nodes,
                        until,
                        stats,
                        (&mut wide, &mut hits),
                    ),
                    Some(_) => self.run_w::<$w, true>(
                        actions,
                        lm,
                        goal_pos,
                        goal_neg,
                        max_nodes,
                        until,
                        stats,
                        (&mut wide, &mut hits),
                    ),
                }
            };
        }
        let stop = match self.words {
            1 => run!(1),
            2 => run!(2),
            3 => run!(3),
            4 => run!(4),
            5 => run!(5),
            6 => run!(6),
            7 => run!(7),
            8 => run!(8),
            _ => run!(0),
        };
        self.current_wide = wide;
        self.current_hits = hits;
        stop
    }

    /// [`Tight::run`] for `W` words per state (`W == 0`: `self.words`, known at run time),
    /// with the landmark estimate when `LM`.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn run_w<const W: usize, const LM: bool>(
        &mut self,
        actions: &ActionSet<'_>,
        lm: Option<&LandmarkSet<'_>>,
        goal_pos: &[u64],
        goal_neg: &[u64],
        max_nodes: u32,
        until: Until,
        stats: &mut SearchStats,
        (wide, current_hits): (&mut Vec<u64>, &mut Vec<u64>),
    ) -> Stop {
        let w = if W == 0 { self.words } else { W };
        debug_assert_eq!(w, self.words);
        debug_assert_eq!(actions.masks.len(), actions.len() * 4 * w);
        let lw = self.lw;
        let (goal_pos, goal_neg) = (&goal_pos[..w], &goal_neg[..w]);
        let end = SliceEnd::new(stats.expanded, until.expanded, until.time);
        let mut current = [0u64; 8];
        loop {
            if end.reached(stats.expanded) {
                return Stop::Paused;
            }
            let Some((node, f_bits)) = self.pop() else {
                return Stop::Exhausted;
            };
            let n = node as usize;
            if self.nodes[n].live != f_bits {
                continue; // a stale entry
            }
            self.nodes[n].live = CLOSED;
            let Node { g, h, .. } = self.nodes[n];
            // The state, copied out of the arena (which grows below).
            let s: &[u64] = if W > 0 && W <= 8 {
                current[..W].copy_from_slice(&self.states[n * W..n * W + W]);
                &current[..W]
            } else {
                wide.clear();
                wide.extend_from_slice(&self.states[n * w..n * w + w]);
                wide
            };
            if (0..w).all(|k| s[k] & goal_pos[k] == goal_pos[k] && s[k] & goal_neg[k] == 0) {
                return Stop::Found(node);
            }
            if LM {
                let lm = lm.expect("LM searches have landmarks");
                if stats.expanded >= lm.escalate_from && f64::from_bits(f_bits) > lm.root {
                    // Back in the open list, so the search can go on from here later.
                    // (The heap has room: this node's entry just left it; a bucket may
                    // have to grow.)
                    if let Err(e) = self.push(node) {
                        self.oom = Some(e);
                        return Stop::OutOfMemory;
                    }
                    return Stop::Escalate;
                }
                current_hits.clear();
                current_hits.extend_from_slice(&self.hits[n * lw..n * lw + lw]);
            }
            stats.expanded += 1;
            self.expanded += 1;
            if self.expanded == DIAL_AFTER {
                if self.buckets.fifo {
                    // From here on ties go to the newest node, as in the other rings.
                    self.buckets.newest_first = true;
                } else if let Some(max) = self.dial_max {
                    // The node being expanded has left the heap; the others move.
                    if let Err(e) = self.start_dial(max, f64::from_bits(f_bits)) {
                        self.oom = Some(e);
                        return Stop::OutOfMemory;
                    }
                }
            }
            if !self.open_has_room(actions.len()) {
                if let Err(e) = self.grow_open(actions.len()) {
                    self.oom = Some(e);
                    return Stop::OutOfMemory;
                }
            }
            for (ai, m) in actions.masks.chunks_exact(4 * w).enumerate() {
                let (pre_t, rest) = m.split_at(w);
                let (pre_f, rest) = rest.split_at(w);
                let (add, del) = rest.split_at(w);
                if !(0..w).all(|k| s[k] & pre_t[k] == pre_t[k] && s[k] & pre_f[k] == 0) {
                    continue;
                }
                let mut same = true;
                for k in 0..w {
                    let y = (s[k] & !del[k]) | add[k];
                    same &= y == s[k];
                    self.next[k] = y;
                }
                if same {
                    continue;
                }
                stats.generated += 1;
                let g2 = g + actions.costs[ai];
                let action = actions.ids.map_or(ai as u32, |ids| ids[ai]);
                // The successor's landmark set and estimate: the parent's minus the
                // landmarks the action newly uses (rounded down, so never inadmissible).
                let mut h2 = 0.0;
                if LM {
                    let lm = lm.expect("LM searches have landmarks");
                    h2 = h;
                    for (i, &parent) in current_hits.iter().enumerate() {
                        let by_action = lm.of_action[ai * lw + i];
                        self.next_hits[i] = parent | by_action;
                        let mut new = by_action & !parent;
                        while new != 0 {
                            let b = new.trailing_zeros() as usize;
                            new &= new - 1;
                            h2 = sub_down(h2, lm.costs[i * 64 + b]);
                        }
                    }
                }
                let mask = self.table.len() - 1;
                let mut slot = hash_words(&self.next[..w]) as usize & mask;
                let found = loop {
                    let entry = self.table[slot];
                    if (entry >> 32) as u32 != self.stamp {
                        break None;
                    }
                    let id = entry as u32;
                    let b = id as usize * w;
                    if self.states[b..b + w] == self.next[..w] {
                        break Some(id);
                    }
                    slot = (slot + 1) & mask;
                };
                let target = match found {
                    Some(id) => {
                        let mi = id as usize;
                        if g2 >= self.nodes[mi].g {
                            continue;
                        }
                        if LM {
                            // A cheaper path: the node keeps the landmarks both paths use.
                            let mut changed = false;
                            for i in 0..lw {
                                let old = self.hits[mi * lw + i];
                                let new = old & self.next_hits[i];
                                changed |= new != old;
                                self.hits[mi * lw + i] = new;
                            }
                            if changed {
                                let lm = lm.expect("LM searches have landmarks");
                                self.nodes[mi].h =
                                    unused_cost(&self.hits[mi * lw..(mi + 1) * lw], lm.costs);
                            }
                            if self.nodes[mi].live == CLOSED {
                                stats.reopened += 1;
                            }
                        }
                        let t = &mut self.nodes[mi];
                        t.g = g2;
                        t.parent = node;
                        t.action = action;
                        id
                    }
                    None => {
                        if self.nodes.len() >= max_nodes as usize {
                            return Stop::NodeLimit;
                        }
                        match self.add_node::<LM>(slot, g2, h2, node, action) {
                            Ok(id) => id,
                            Err(e) => {
                                self.oom = Some(e);
                                return Stop::OutOfMemory;
                            }
                        }
                    }
                };
                if let Err(e) = self.push(target) {
                    self.oom = Some(e);
                    return Stop::OutOfMemory;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Uniform-cost search over 12 bits, one action per bit that sets it (cost 1 or 2), to
    /// the state with every bit set: 4,096 states, so the ring takes over.
    fn bits(t: &mut Tight) -> Stop {
        let n = 12;
        let mut masks = Vec::new();
        let mut costs = Vec::new();
        for i in 0..n {
            masks.extend_from_slice(&[0, 1u64 << i, 1u64 << i, 0]);
            costs.push(1.0 + (i % 2) as f64);
        }
        let actions = ActionSet {
            masks: &masks,
            costs: &costs,
            ids: None,
        };
        t.begin(&[0], 0, 0.0, Some(2)).unwrap();
        let until = Until {
            expanded: u64::MAX,
            time: None,
        };
        let goal = [(1u64 << n) - 1];
        let mut stats = SearchStats::default();
        t.run(&actions, None, &goal, &[0], u32::MAX, until, &mut stats)
    }

    /// A* over 8 bits, one action per bit (costs 1–3), each action a landmark of its own
    /// cost plus one landmark of two actions (many ties on `f` and `h`): searched with the
    /// heap and with the ring of queues, which must expand the same nodes in the same order
    /// (fewer than [`DIAL_AFTER`], after which the ring's ties go to the newest node).
    /// `tests/tight_ring.rs` compares the two on random domains with re-opened nodes.
    #[test]
    fn the_ring_of_queues_pops_in_the_heaps_order() {
        let n = 8;
        let mut masks = Vec::new();
        let mut costs = Vec::new();
        for i in 0..n {
            masks.extend_from_slice(&[0, 1u64 << i, 1u64 << i, 0]);
            costs.push(1.0 + (i * 7 % 3) as f64);
        }
        // Landmark i: action i at its cost, except actions 0 and 1, which share one
        // landmark (at the cheaper one's cost) and keep the rest in landmarks 0 and 1.
        let mut lm_costs: Vec<f64> = costs.clone();
        let shared = costs[0].min(costs[1]);
        lm_costs[0] -= shared;
        lm_costs[1] -= shared;
        lm_costs.push(shared);
        let mut of_action = vec![0u64; n];
        for (i, word) in of_action.iter_mut().enumerate() {
            *word = 1 << i;
        }
        of_action[0] |= 1 << n;
        of_action[1] |= 1 << n;
        let root: f64 = lm_costs.iter().sum();
        let actions = ActionSet {
            masks: &masks,
            costs: &costs,
            ids: None,
        };
        let lm = LandmarkSet {
            words: 1,
            of_action: &of_action,
            costs: &lm_costs,
            root,
            escalate_from: u64::MAX,
        };
        let until = Until {
            expanded: u64::MAX,
            time: None,
        };
        let goal = [(1u64 << n) - 1];
        let mut runs = Vec::new();
        for span in [None, Some(3 + root as u32)] {
            let mut t = Tight::default();
            t.begin(&[0], 1, root, span).unwrap();
            assert_eq!(t.dial, span.is_some(), "the ring from the start");
            let mut stats = SearchStats::default();
            let stop = t.run(
                &actions,
                Some(&lm),
                &goal,
                &[0],
                u32::MAX,
                until,
                &mut stats,
            );
            let Stop::Found(node) = stop else {
                panic!("{stop:?}")
            };
            assert_eq!(t.nodes[node as usize].g, costs.iter().sum::<f64>());
            runs.push((stats.expanded, stats.generated, stats.stored, t.path(node)));
        }
        assert_eq!(runs[0], runs[1]);
        assert!(
            runs[0].0 >= 2 * n as u64 && runs[0].0 < DIAL_AFTER,
            "{:?}",
            runs[0]
        );
    }

    #[test]
    fn the_ring_gives_back_memory_a_search_no_longer_needs() {
        let mut t = Tight::default();
        assert!(matches!(bits(&mut t), Stop::Found(_)));
        assert!(t.dial, "the search moved to the ring");
        let held: usize = t.buckets.ring.iter().map(Vec::capacity).sum();
        assert_eq!(t.buckets.held, held, "room counted as it grows");
        assert!(t.buckets.peak > 0 && held >= t.buckets.peak);
        // Much more room than any search used (as searches whose entries fell into other
        // buckets would leave): the next search starts without it.
        t.buckets.ring[0].reserve(4 * RING_KEEP);
        t.buckets.held = t.buckets.ring.iter().map(Vec::capacity).sum();
        assert!(matches!(bits(&mut t), Stop::Found(_)));
        let held: usize = t.buckets.ring.iter().map(Vec::capacity).sum();
        assert!(held < RING_KEEP, "{held} entries of room kept");
        assert_eq!(t.buckets.held, held);
        // Room within what a search needs is kept.
        let before = t.buckets.held;
        assert!(matches!(bits(&mut t), Stop::Found(_)));
        assert_eq!(t.buckets.held, before);
    }
}
