//! The part of a search's setup that depends only on the compiled domain, the goal and
//! the disabled actions (not on the start state or the costs), kept per planner for the
//! last [`ENTRIES`] keys:
//! - which actions can matter for the goal (backward relevance over every enabled action),
//!   so the root LM-cut and reachability run over those only;
//! - for the tight loop, the projection onto the facts the goal or those actions'
//!   preconditions name (see `Search::proj`): which facts, their new indices and the goal
//!   over them, made the first time a tight loop needs it (on small domains, every relevant
//!   action's projected masks too); a search copies or builds the projected masks of the
//!   actions it keeps and packs its start state.
//!
//! Neither changes a search's result: h_max and LM-cut values of relevant atoms, the cuts
//! found, and the actions kept after reachability and the final relevance pass are the same
//! as over every action (see [`super::Search::prepare`]); the projection keeps every fact
//! a kept action or the goal reads. Nothing here is allocated fallibly or can fail: an
//! entry holds a few values per fact and per action of the domain, plus on small domains
//! up to [`ROWS_BYTES`] of projected masks (at most [`ENTRIES`] entries per planner); the
//! per-search tables are reserved by the search.

use crate::domain::compiled::CompiledDomain;
use crate::domain::ActionId;
use crate::state::words_for;

/// Not projected.
const NONE: u32 = u32::MAX;

/// Answers one planner keeps.
pub(super) const ENTRIES: usize = 8;

/// One answer: the key, the relevant actions and the projection.
#[derive(Debug, Default)]
pub(super) struct Entry {
    /// [`Tables::id`](crate::domain::compiled::Tables::id) of the compiled domain.
    tables: u64,
    goal_atoms: Vec<u32>,
    goal_vars: Vec<usize>,
    disabled: Vec<ActionId>,
    /// Per action: relevant (and enabled).
    pub relevant: Vec<bool>,
    /// The number of relevant actions.
    pub count: usize,
    /// The relevant actions and the goal over the facts they read.
    pub proj: Projected,
}

/// The projection onto the facts the goal or a relevant action's precondition names.
/// `on` is false when that is every fact (no projection); `ready` once made.
#[derive(Debug, Default)]
pub(super) struct Projected {
    pub ready: bool,
    pub on: bool,
    /// 64-bit words per projected state.
    pub words: usize,
    /// `(fact, index in the projection)` of every projected fact, in fact order.
    pub facts: Vec<(u32, u32)>,
    /// Per fact of the domain, its index in the projection ([`NONE`]: left out).
    pub index: Vec<u32>,
    /// The goal over the projected facts.
    pub goal_pos: Vec<u64>,
    pub goal_neg: Vec<u64>,
    /// On small domains (at most [`ROWS_BYTES`] of them), every relevant action's projected
    /// masks, four of `words` words each, in action order: the tight loop's masks when a
    /// search keeps every relevant action, else a search copies its kept actions' rows.
    /// Empty on larger domains, where a search builds its kept actions' masks.
    pub rows: Vec<u64>,
}

/// See [`Projected::rows`].
pub(super) const ROWS_BYTES: usize = 64 << 10;

impl Entry {
    fn is(
        &self,
        tables: u64,
        goal_atoms: &[u32],
        goal_vars: &[usize],
        disabled: &[ActionId],
    ) -> bool {
        self.tables == tables
            && self.goal_atoms == goal_atoms
            && self.goal_vars == goal_vars
            && self.disabled == disabled
    }
}

/// See the module docs. Buffers are reused when an answer is replaced: a warm cache
/// allocates nothing.
#[derive(Debug, Default)]
pub(super) struct SetupCache {
    entries: Vec<Entry>,
    /// The entry the next new answer replaces (round robin).
    next: usize,
    /// Answers found and computed since the planner was made (for tests).
    pub hits: u64,
    pub misses: u64,
}

impl SetupCache {
    /// The entry for this key, if known.
    pub fn find(
        &mut self,
        tables: u64,
        goal_atoms: &[u32],
        goal_vars: &[usize],
        disabled: &[ActionId],
    ) -> Option<usize> {
        match self
            .entries
            .iter()
            .position(|e| e.is(tables, goal_atoms, goal_vars, disabled))
        {
            Some(i) => {
                self.hits += 1;
                Some(i)
            }
            None => {
                self.misses += 1;
                None
            }
        }
    }

    /// Entry `i` (from [`SetupCache::find`] or [`SetupCache::insert`]).
    pub fn entry(&self, i: usize) -> &Entry {
        &self.entries[i]
    }

    /// An entry for this key with `relevant` and the projection still to fill (its
    /// buffers are an older entry's, reused); returns its index.
    pub fn insert(
        &mut self,
        tables: u64,
        goal_atoms: &[u32],
        goal_vars: &[usize],
        disabled: &[ActionId],
        relevant: &[bool],
    ) -> usize {
        if self.entries.len() < ENTRIES {
            self.entries.push(Entry::default());
            self.next = self.entries.len() - 1;
        }
        let i = self.next;
        self.next = (self.next + 1) % ENTRIES;
        let e = &mut self.entries[i];
        e.tables = tables;
        e.goal_atoms.clear();
        e.goal_atoms.extend_from_slice(goal_atoms);
        e.goal_vars.clear();
        e.goal_vars.extend_from_slice(goal_vars);
        e.disabled.clear();
        e.disabled.extend_from_slice(disabled);
        e.relevant.clear();
        e.relevant.extend_from_slice(relevant);
        e.count = relevant.iter().filter(|&&r| r).count();
        e.proj.ready = false;
        i
    }

    /// The projection of entry `i`, made now if it is not yet.
    pub fn projection(&mut self, i: usize, c: &CompiledDomain) -> &Projected {
        let e = &mut self.entries[i];
        if !e.proj.ready {
            project(c, &e.goal_atoms, &e.relevant, &mut e.proj);
        }
        &e.proj
    }

    /// The projection of entry `i` (made by [`SetupCache::projection`]).
    pub fn projected(&self, i: usize) -> &Projected {
        debug_assert!(self.entries[i].proj.ready);
        &self.entries[i].proj
    }
}

/// Fills `proj` with the projection of the goal (`goal_atoms`) onto the facts it or a
/// `relevant` action's precondition names.
fn project(c: &CompiledDomain, goal_atoms: &[u32], relevant: &[bool], proj: &mut Projected) {
    let facts = (c.atoms - 1) / 2;
    proj.ready = true;
    let index = &mut proj.index;
    index.clear();
    index.resize(facts, NONE);
    for &g in goal_atoms {
        index[(g / 2) as usize] = 0;
    }
    for a in (0..c.actions).filter(|&a| relevant[a]) {
        for &q in c.pre(a) {
            if q != c.init_atom {
                index[(q / 2) as usize] = 0;
            }
        }
    }
    proj.facts.clear();
    for (f, slot) in index.iter_mut().enumerate() {
        if *slot == 0 {
            *slot = proj.facts.len() as u32;
            proj.facts.push((f as u32, *slot));
        }
    }
    let kept = proj.facts.len();
    proj.on = kept < facts;
    let pw = words_for(kept).max(1);
    proj.words = pw;
    proj.goal_pos.clear();
    proj.goal_pos.resize(pw, 0);
    proj.goal_neg.clear();
    proj.goal_neg.resize(pw, 0);
    for &g in goal_atoms {
        let to = index[(g / 2) as usize];
        let words = if g % 2 == 0 {
            &mut proj.goal_pos
        } else {
            &mut proj.goal_neg
        };
        words[to as usize / 64] |= 1u64 << (to % 64);
    }
    let mut rows = std::mem::take(&mut proj.rows);
    rows.clear();
    let count = relevant.iter().filter(|&&r| r).count();
    if proj.on && count * 4 * pw * 8 <= ROWS_BYTES {
        rows.resize(count * 4 * pw, 0);
        let row = 4 * pw;
        for (i, a) in (0..c.actions).filter(|&a| relevant[a]).enumerate() {
            proj.write_masks(c, a, &mut rows[i * row..(i + 1) * row]);
        }
    }
    proj.rows = rows;
}

impl Projected {
    /// Sets action `a`'s projected masks in `m` (four of `words` words, zeroed).
    pub fn write_masks(&self, c: &CompiledDomain, a: usize, m: &mut [u64]) {
        c.set_action_bits(a, self.words, m, |f| {
            Some(self.index[f]).filter(|&to| to != NONE)
        });
    }
}

#[cfg(test)]
mod tests {
    use crate::domain::{ActionDef, ActionId, FactId, FactValue};
    use crate::format::parse_domain;
    use crate::planner::{ActionContext, PlanOptions, PlanResult, Planner};

    /// A result without its timing.
    fn key(mut r: PlanResult) -> PlanResult {
        r.stats.elapsed = Default::default();
        r
    }

    /// One planner running many problems, with answers taken from its setup cache, gives
    /// exactly the results of a fresh planner per problem; the key tells apart domains,
    /// goals and disabled actions.
    #[test]
    fn cached_setups_give_the_results_of_fresh_ones() {
        let file =
            parse_domain(include_str!("../../../examples/domains/soldier-kill.json")).unwrap();
        let d = file.domain;
        let mut goals = vec![file.goal.clone().unwrap()];
        for text in [
            include_str!("../../../examples/domains/soldier-escape.json"),
            include_str!("../../../examples/domains/soldier-defend.json"),
            include_str!("../../../examples/domains/soldier-kill-healthy.json"),
        ] {
            let other = parse_domain(text).unwrap();
            let goal = other.goal.unwrap();
            // The same facts by name in `d`.
            let entries = goal.entries().iter().map(|e| {
                let name = other.domain.fact_name(e.fact);
                FactValue::new(d.fact_id(name).unwrap(), e.value)
            });
            goals.push(d.conditions(entries).unwrap());
        }
        assert!(d.action_count() > super::super::RELEVANCE_MIN_ACTIONS);
        // A second domain (another compilation) with the same facts and one more action
        // that makes every goal fact true at once: its relevant actions differ.
        let mut d2 = d.clone();
        let all: Vec<FactValue> = goals
            .iter()
            .flat_map(|g| g.entries().iter().copied())
            .filter(|e| e.value)
            .collect();
        d2.add_action(ActionDef {
            name: "shortcut".into(),
            effects: all.iter().copied().fold(Vec::new(), |mut v, e| {
                if !v.iter().any(|x: &FactValue| x.fact == e.fact) {
                    v.push(e);
                }
                v
            }),
            cost: 40.0,
            ..Default::default()
        })
        .unwrap();
        let mut starts = vec![file.start.clone()];
        for k in 0..4u32 {
            let mut s = file.start.clone();
            for f in 0..d.fact_count() as u32 {
                if (f * 5 + k * 3) % 4 == 0 {
                    s.set(FactId(f), !s.get(FactId(f)));
                }
            }
            starts.push(s);
        }
        let mut contexts = vec![ActionContext::new()];
        for a in [0u32, 3, 7] {
            let mut c = ActionContext::new();
            c.set_enabled(ActionId(a), false);
            contexts.push(c);
        }
        let mut shared = Planner::new();
        // The default would walk exact tables for most of these goals, which need no setup.
        let options = PlanOptions {
            heuristic: crate::planner::Heuristic::Landmarks,
            ..PlanOptions::default()
        };
        let (mut runs, mut differ) = (0, 0);
        for round in 0..2 {
            for goal in &goals {
                for context in &contexts {
                    // The two domains alternate: same goal and context, another key.
                    for domain in [&d, &d2] {
                        for start in &starts {
                            let got = shared.plan_in(domain, start, goal, &options, context);
                            let fresh =
                                Planner::new().plan_in(domain, start, goal, &options, context);
                            if round == 0 && domain.action_count() != d.action_count() {
                                let base =
                                    Planner::new().plan_in(&d, start, goal, &options, context);
                                differ += usize::from(
                                    key(base.clone()).stats != key(fresh.clone()).stats,
                                );
                            }
                            assert_eq!(key(got), key(fresh));
                            runs += 1;
                        }
                    }
                }
            }
        }
        assert!(differ > 0, "the shortcut must change some searches");
        let cache = &shared.search.as_ref().unwrap().setup_cache;
        let keys = 2 * goals.len() * contexts.len();
        // More keys than entries: round robin replaces them, so every key misses in both
        // rounds, and the starts after the first of each key hit.
        assert!(keys > super::ENTRIES);
        assert_eq!(cache.misses, 2 * keys as u64);
        // Searches that the start state decides (it meets the goal) look nothing up.
        assert!(cache.hits + cache.misses <= runs as u64);
        assert!(
            cache.hits > runs as u64 / 2,
            "{} hits in {runs}",
            cache.hits
        );
    }
}
