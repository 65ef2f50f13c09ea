//! The planner's compiled form of a domain: bit masks for the search and a flat
//! delete-relaxed task for the heuristics.
//!
//! Relaxed atoms: fact `f` has two atoms, `2f` ("f is true") and `2f + 1` ("f is false"),
//! so negative preconditions and goals need no special case. Atom `2 * facts` is an
//! artificial atom that holds in every state; actions without preconditions require it.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use crate::domain::{ActionId, Domain, FactValue, Var, VarCondition, VarEffect};
use crate::memory::{max_table_bytes, reserve, OutOfMemory};
use crate::state::words_for;

/// Atom index of `fact = value`.
pub(crate) fn atom(fact: u32, value: bool) -> u32 {
    fact * 2 + u32::from(!value)
}

/// One domain's compiled form with a set of action costs: the cost-independent tables,
/// shared by `Arc` (an agent's cost overrides copy only the costs), and the costs.
/// Immutable; rebuilt when the domain changes. Derefs to the tables.
#[derive(Debug, Default)]
pub(crate) struct CompiledDomain {
    tables: Arc<Tables>,
    /// Per action cost.
    pub costs: Vec<f64>,
    /// Every cost is an integer and their sum is small, so relaxed explorations can use
    /// bucket queues (h_max values are then integers no larger than that sum).
    pub integer_costs: bool,
    /// Every cost is an integer no larger than [`SMALL_COST`]: the largest, so that
    /// uniform-cost searches can use a ring of buckets (one per `g`) as their open list.
    pub small_costs: Option<u32>,
}

/// The most bytes of action masks a compiled domain holds for all its actions (or
/// [`max_table_bytes`] if lower); a larger domain is kept sparse (see [`Tables::dense`]).
pub(crate) const DENSE_MASK_BYTES: u64 = 16 << 20;

/// The largest cost for [`CompiledDomain::small_costs`].
pub(crate) const SMALL_COST: f64 = 255.0;

/// See [`CompiledDomain::small_costs`].
fn small_costs(costs: &[f64]) -> Option<u32> {
    let mut max = 0.0f64;
    for &c in costs {
        if c.fract() != 0.0 || c > SMALL_COST {
            return None;
        }
        max = max.max(c);
    }
    Some(max as u32)
}

impl std::ops::Deref for CompiledDomain {
    type Target = Tables;

    fn deref(&self) -> &Tables {
        &self.tables
    }
}

/// Bit masks and the relaxed task of one domain: everything but the costs.
#[derive(Debug, Default)]
pub(crate) struct Tables {
    /// Unique among the compilations of this process: caches keyed by a compiled domain
    /// use it (a dropped domain's id is never reused).
    pub id: u64,
    /// 64-bit words per state.
    pub words: usize,
    /// Number of actions.
    pub actions: usize,
    /// Per action, four masks of `words` words: pre-true, pre-false, add, delete. Empty
    /// when they would take more than [`DENSE_MASK_BYTES`] (see [`Tables::dense`]).
    pub masks: Vec<u64>,
    /// `masks` holds every action's masks. Else the domain is kept sparse (the atom lists
    /// alone) and a search builds masks only for the actions it keeps
    /// ([`CompiledDomain::write_masks`]): 300,000 actions over 300,000 facts would need
    /// 45 GB of dense masks.
    pub dense: bool,
    /// Number of relaxed atoms (`2 * facts + 1`).
    pub atoms: usize,
    /// The always-true atom.
    pub init_atom: u32,
    /// CSR: preconditions per action (atoms).
    pub pre_start: Vec<u32>,
    pub pre_atoms: Vec<u32>,
    /// CSR: effects per action (atoms).
    pub eff_start: Vec<u32>,
    pub eff_atoms: Vec<u32>,
    /// CSR: actions having each atom as precondition.
    pub pre_of_start: Vec<u32>,
    pub pre_of: Vec<u32>,
    /// CSR: actions having each atom as effect.
    pub eff_of_start: Vec<u32>,
    pub eff_of: Vec<u32>,
    /// Integer variables, in declaration order.
    pub vars: Vec<Var>,
    /// 64-bit words holding the variables after the fact words (two 32-bit values each).
    pub var_words: usize,
    /// CSR: variable preconditions per action (sorted by variable).
    pub var_pre_start: Vec<u32>,
    pub var_pre: Vec<VarCondition>,
    /// CSR: variable effects per action (sorted by variable).
    pub var_eff_start: Vec<u32>,
    pub var_eff: Vec<VarEffect>,
    /// CSR: actions with an effect on each variable.
    pub var_eff_of_start: Vec<u32>,
    pub var_eff_of: Vec<u32>,
}

fn csr(lists: &[Vec<u32>]) -> (Vec<u32>, Vec<u32>) {
    let mut start = Vec::with_capacity(lists.len() + 1);
    let mut flat = Vec::new();
    start.push(0);
    for l in lists {
        flat.extend_from_slice(l);
        start.push(flat.len() as u32);
    }
    (start, flat)
}

/// Row `i` of a CSR table (`start` has one entry per row plus one).
#[inline]
fn row<'a, T>(start: &[u32], flat: &'a [T], i: usize) -> &'a [T] {
    &flat[start[i] as usize..start[i + 1] as usize]
}

/// Every cost is an integer and their sum is small (see [`CompiledDomain::integer_costs`]).
fn integer_costs(costs: &[f64]) -> bool {
    costs.iter().all(|c| c.fract() == 0.0) && costs.iter().sum::<f64>() <= 65_536.0
}

impl CompiledDomain {
    /// Makes `self` `base` with the `overrides`' costs (sorted by action; ids beyond
    /// `base`'s actions are ignored): it shares `base`'s tables and copies only the costs.
    pub fn copy_with_costs(&mut self, base: &CompiledDomain, overrides: &[(ActionId, f64)]) {
        self.tables = Arc::clone(&base.tables);
        self.costs.clone_from(&base.costs);
        for &(a, cost) in overrides {
            if let Some(c) = self.costs.get_mut(a.index()) {
                *c = cost;
            }
        }
        self.integer_costs = integer_costs(&self.costs);
        self.small_costs = small_costs(&self.costs);
    }

    /// Compiles `domain`. Every table is proportional to the domain's own lists except the
    /// dense action masks (actions × facts bits, four times), which are kept only when
    /// they fit in [`DENSE_MASK_BYTES`] and [`max_table_bytes`]. Fails only when the
    /// allocator refuses a table.
    pub fn build(domain: &Domain) -> Result<Self, OutOfMemory> {
        Self::build_with(domain, DENSE_MASK_BYTES.min(max_table_bytes()))
    }

    /// [`CompiledDomain::build`], keeping dense masks when they take at most `dense_limit`
    /// bytes.
    fn build_with(domain: &Domain, dense_limit: u64) -> Result<Self, OutOfMemory> {
        let facts = domain.fact_count();
        let words = words_for(facts).max(1);
        let n = domain.action_count();
        let atoms = 2 * facts + 1;
        let init_atom = (2 * facts) as u32;
        let mask_words = n.saturating_mul(4 * words);
        let dense = (mask_words as u64).saturating_mul(8) <= dense_limit;
        let mut masks = Vec::new();
        if dense {
            reserve(&mut masks, mask_words, || {
                format!("the domain's action masks ({n} actions × {facts} facts)")
            })?;
            masks.resize(mask_words, 0u64);
        }
        let mut costs = Vec::with_capacity(n);
        let mut pre_lists = Vec::with_capacity(n);
        let mut eff_lists = Vec::with_capacity(n);
        let mut pre_of = vec![Vec::new(); atoms];
        let mut eff_of = vec![Vec::new(); atoms];
        for (ai, action) in domain.actions().iter().enumerate() {
            if dense {
                let m = &mut masks[ai * 4 * words..(ai + 1) * 4 * words];
                set_mask_bits(m, words, action.pre().entries(), action.effects().entries());
            }
            costs.push(action.cost());
            let mut pre: Vec<u32> = action
                .pre()
                .entries()
                .iter()
                .map(|c| atom(c.fact.0, c.value))
                .collect();
            if pre.is_empty() {
                pre.push(init_atom);
            }
            let eff: Vec<u32> = action
                .effects()
                .entries()
                .iter()
                .map(|e| atom(e.fact.0, e.value))
                .collect();
            for &p in &pre {
                pre_of[p as usize].push(ai as u32);
            }
            for &e in &eff {
                eff_of[e as usize].push(ai as u32);
            }
            pre_lists.push(pre);
            eff_lists.push(eff);
        }
        let (pre_start, pre_atoms) = csr(&pre_lists);
        let (eff_start, eff_atoms) = csr(&eff_lists);
        let (pre_of_start, pre_of) = csr(&pre_of);
        let (eff_of_start, eff_of) = csr(&eff_of);
        let integer_costs = integer_costs(&costs);
        let vars = domain.vars().to_vec();
        let mut var_pre_start = vec![0u32];
        let mut var_pre = Vec::new();
        let mut var_eff_start = vec![0u32];
        let mut var_eff = Vec::new();
        let mut var_eff_lists = vec![Vec::new(); vars.len()];
        for (ai, action) in domain.actions().iter().enumerate() {
            var_pre.extend_from_slice(action.pre().var_conditions());
            var_pre_start.push(var_pre.len() as u32);
            for e in action.var_effects() {
                var_eff_lists[e.var.index()].push(ai as u32);
            }
            var_eff.extend_from_slice(action.var_effects());
            var_eff_start.push(var_eff.len() as u32);
        }
        let (var_eff_of_start, var_eff_of) = csr(&var_eff_lists);
        static NEXT_ID: AtomicU64 = AtomicU64::new(1);
        let tables = Tables {
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            var_words: vars.len().div_ceil(2),
            vars,
            var_pre_start,
            var_pre,
            var_eff_start,
            var_eff,
            var_eff_of_start,
            var_eff_of,
            words,
            actions: n,
            masks,
            dense,
            atoms,
            init_atom,
            pre_start,
            pre_atoms,
            eff_start,
            eff_atoms,
            pre_of_start,
            pre_of,
            eff_of_start,
            eff_of,
        };
        Ok(CompiledDomain {
            tables: Arc::new(tables),
            small_costs: small_costs(&costs),
            costs,
            integer_costs,
        })
    }

    #[inline]
    pub fn pre(&self, a: usize) -> &[u32] {
        row(&self.pre_start, &self.pre_atoms, a)
    }

    #[inline]
    pub fn eff(&self, a: usize) -> &[u32] {
        row(&self.eff_start, &self.eff_atoms, a)
    }

    #[inline]
    pub fn pre_of(&self, atom: u32) -> &[u32] {
        row(&self.pre_of_start, &self.pre_of, atom as usize)
    }

    #[inline]
    pub fn eff_of(&self, atom: u32) -> &[u32] {
        row(&self.eff_of_start, &self.eff_of, atom as usize)
    }

    /// Variable preconditions of action `a`.
    #[inline]
    pub fn var_pre(&self, a: usize) -> &[VarCondition] {
        row(&self.var_pre_start, &self.var_pre, a)
    }

    /// Variable effects of action `a`.
    #[inline]
    pub fn var_eff(&self, a: usize) -> &[VarEffect] {
        row(&self.var_eff_start, &self.var_eff, a)
    }

    /// Actions with an effect on variable `v`.
    #[inline]
    pub fn var_eff_of(&self, v: usize) -> &[u32] {
        row(&self.var_eff_of_start, &self.var_eff_of, v)
    }

    /// Appends the four masks of action `a` (pre-true, pre-false, add, delete; `words`
    /// words each) to `out`: a copy of the dense masks, or built from the atom lists when
    /// the domain is kept sparse.
    pub fn write_masks(&self, a: usize, out: &mut Vec<u64>) {
        let w = self.words;
        if self.dense {
            out.extend_from_slice(&self.masks[a * 4 * w..(a + 1) * 4 * w]);
            return;
        }
        let at = out.len();
        out.resize(at + 4 * w, 0);
        self.set_action_bits(a, w, &mut out[at..], |f| Some(f as u32));
    }

    /// Sets the bits of action `a`'s four masks (pre-true, pre-false, add, delete; `words`
    /// words each) in `m` from its atom lists, fact `f` at bit `index(f)` (`None`: the fact
    /// is left out, as a projection leaves out facts nothing reads).
    pub fn set_action_bits(
        &self,
        a: usize,
        words: usize,
        m: &mut [u64],
        index: impl Fn(usize) -> Option<u32>,
    ) {
        let pre = self.pre(a).iter().map(|&q| (q, 0));
        for (q, base) in pre.chain(self.eff(a).iter().map(|&e| (e, 2 * words))) {
            if q == self.init_atom {
                continue;
            }
            if let Some(to) = index((q / 2) as usize) {
                let slot = base + usize::from(q % 2 == 1) * words + to as usize / 64;
                m[slot] |= 1u64 << (to % 64);
            }
        }
    }
}

/// Sets the bits of one action's four masks (`m`: pre-true, pre-false, add, delete, of
/// `words` words each).
fn set_mask_bits(m: &mut [u64], words: usize, pre: &[FactValue], effects: &[FactValue]) {
    for (list, base) in [(pre, 0), (effects, 2 * words)] {
        for c in list {
            let (w, b) = (c.fact.index() / 64, 1u64 << (c.fact.index() % 64));
            m[base + usize::from(!c.value) * words + w] |= b;
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::domain::{ActionDef, FactId};

    /// A small xorshift generator for tests: `next(n)` is below `n`.
    pub(crate) fn rng(seed: u64) -> impl FnMut(usize) -> usize {
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        move |n: usize| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % n as u64) as usize
        }
    }

    /// A random domain of `facts` facts and `actions` actions (names `f0…`, `a0…`), each
    /// with up to 3 preconditions and 1 to 3 effects on random facts, either value, cost 1.
    pub(crate) fn random_domain(
        next: &mut impl FnMut(usize) -> usize,
        facts: usize,
        actions: usize,
    ) -> Domain {
        let mut d = Domain::new();
        let ids: Vec<FactId> = (0..facts)
            .map(|f| d.add_fact(&format!("f{f}")).unwrap())
            .collect();
        for a in 0..actions {
            let mut pre = Vec::new();
            let mut effects = Vec::new();
            for _ in 0..next(4) {
                pre.push(FactValue::new(ids[next(facts)], next(2) == 0));
            }
            for _ in 0..1 + next(3) {
                effects.push(FactValue::new(ids[next(facts)], next(2) == 0));
            }
            pre.sort_by_key(|c| c.fact);
            pre.dedup_by_key(|c| c.fact);
            effects.sort_by_key(|c| c.fact);
            effects.dedup_by_key(|c| c.fact);
            d.add_action(ActionDef {
                name: format!("a{a}"),
                pre,
                effects,
                cost: 1.0,
                ..Default::default()
            })
            .unwrap();
        }
        d
    }

    /// A sparse domain's masks, built from the atom lists, equal the dense ones: negative
    /// preconditions, deletes, several words, actions without preconditions.
    #[test]
    fn sparse_masks_equal_dense_masks() {
        let d = random_domain(&mut rng(12345), 200, 60);
        let dense = CompiledDomain::build_with(&d, u64::MAX).unwrap();
        let sparse = CompiledDomain::build_with(&d, 0).unwrap();
        assert!(dense.dense && !sparse.dense && sparse.masks.is_empty());
        assert_eq!(dense.words, 4);
        let mut nonzero = 0;
        for a in 0..d.action_count() {
            let (mut from_dense, mut from_sparse) = (vec![7], vec![7]);
            dense.write_masks(a, &mut from_dense);
            sparse.write_masks(a, &mut from_sparse);
            assert_eq!(from_dense, from_sparse, "action {a}");
            assert_eq!(from_dense.len(), 1 + 4 * dense.words);
            nonzero += from_dense[1..].iter().filter(|&&w| w != 0).count();
        }
        assert!(nonzero > 60, "{nonzero}");
    }
}
