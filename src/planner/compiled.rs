//! The planner's compiled form of a domain: bit masks for the search and a flat
//! delete-relaxed task for the heuristics.
//!
//! Relaxed atoms: fact `f` has two atoms, `2f` ("f is true") and `2f + 1` ("f is false"),
//! so negative preconditions and goals need no special case. Atom `2 * facts` is an
//! artificial atom that holds in every state; actions without preconditions require it.

use std::sync::Arc;

use super::memory::{reserve, OutOfMemory};
use crate::domain::{ActionId, Domain, Var, VarCondition, VarEffect};
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
    /// 64-bit words per state.
    pub words: usize,
    /// Number of actions.
    pub actions: usize,
    /// Per action, four masks of `words` words: pre-true, pre-false, add, delete.
    pub masks: Vec<u64>,
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

    /// Compiles `domain`. Fails, without allocating it, when the action masks (actions ×
    /// facts bits, four times) would exceed [`max_table_bytes`](super::max_table_bytes);
    /// the other tables are proportional to the domain's own lists.
    pub fn build(domain: &Domain) -> Result<Self, OutOfMemory> {
        let facts = domain.fact_count();
        let words = words_for(facts).max(1);
        let n = domain.action_count();
        let atoms = 2 * facts + 1;
        let init_atom = (2 * facts) as u32;
        let mut masks = Vec::new();
        reserve(&mut masks, n.saturating_mul(4 * words), || {
            format!("the domain's action masks ({n} actions × {facts} facts)")
        })?;
        masks.resize(n * 4 * words, 0u64);
        let mut costs = Vec::with_capacity(n);
        let mut pre_lists = Vec::with_capacity(n);
        let mut eff_lists = Vec::with_capacity(n);
        let mut pre_of = vec![Vec::new(); atoms];
        let mut eff_of = vec![Vec::new(); atoms];
        for (ai, action) in domain.actions().iter().enumerate() {
            let m = &mut masks[ai * 4 * words..(ai + 1) * 4 * words];
            for c in action.pre().entries() {
                let (w, b) = (c.fact.index() / 64, 1u64 << (c.fact.index() % 64));
                if c.value {
                    m[w] |= b;
                } else {
                    m[words + w] |= b;
                }
            }
            for e in action.effects().entries() {
                let (w, b) = (e.fact.index() / 64, 1u64 << (e.fact.index() % 64));
                if e.value {
                    m[2 * words + w] |= b;
                } else {
                    m[3 * words + w] |= b;
                }
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
        let tables = Tables {
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

    /// The four masks of action `a`: (pre-true, pre-false, add, delete).
    #[inline]
    pub fn action_masks(&self, a: usize) -> (&[u64], &[u64], &[u64], &[u64]) {
        let w = self.words;
        let m = &self.masks[a * 4 * w..(a + 1) * 4 * w];
        (&m[..w], &m[w..2 * w], &m[2 * w..3 * w], &m[3 * w..])
    }
}
