//! The part of a search's setup that depends only on the compiled domain, the goal and
//! the disabled actions (not on the start state or the costs): which actions can matter
//! for the goal (backward relevance over every enabled action). A planner keeps the last
//! [`ENTRIES`] answers, so the searches of many agents that pursue the same goals run their
//! root LM-cut and reachability over the relevant actions only.
//!
//! Restricting the analyses to these actions changes no search: h_max and LM-cut values of
//! relevant atoms, the cuts found, and the actions kept after reachability and the final
//! relevance pass are the same as over every action (see [`super::Search::prepare`]).

use crate::domain::ActionId;

/// Answers one planner keeps.
pub(super) const ENTRIES: usize = 8;

/// One answer: the key and the relevant actions.
#[derive(Debug, Default)]
struct Entry {
    /// [`Tables::id`](crate::domain::compiled::Tables::id) of the compiled domain.
    tables: u64,
    goal_atoms: Vec<u32>,
    goal_vars: Vec<usize>,
    disabled: Vec<ActionId>,
    /// Per action: relevant (and enabled).
    relevant: Vec<bool>,
}

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
    /// The relevant actions for this key, if known.
    pub fn find(
        &mut self,
        tables: u64,
        goal_atoms: &[u32],
        goal_vars: &[usize],
        disabled: &[ActionId],
    ) -> Option<&[bool]> {
        match self
            .entries
            .iter()
            .find(|e| e.is(tables, goal_atoms, goal_vars, disabled))
        {
            Some(e) => {
                self.hits += 1;
                Some(&e.relevant)
            }
            None => {
                self.misses += 1;
                None
            }
        }
    }

    /// Keeps `relevant` as the answer for this key.
    pub fn insert(
        &mut self,
        tables: u64,
        goal_atoms: &[u32],
        goal_vars: &[usize],
        disabled: &[ActionId],
        relevant: &[bool],
    ) {
        if self.entries.len() < ENTRIES {
            self.entries.push(Entry::default());
            self.next = self.entries.len() - 1;
        }
        let e = &mut self.entries[self.next];
        self.next = (self.next + 1) % ENTRIES;
        e.tables = tables;
        e.goal_atoms.clear();
        e.goal_atoms.extend_from_slice(goal_atoms);
        e.goal_vars.clear();
        e.goal_vars.extend_from_slice(goal_vars);
        e.disabled.clear();
        e.disabled.extend_from_slice(disabled);
        e.relevant.clear();
        e.relevant.extend_from_slice(relevant);
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
        for name in ["soldier-escape", "soldier-defend", "soldier-kill-healthy"] {
            let text = match name {
                "soldier-escape" => include_str!("../../../examples/domains/soldier-escape.json"),
                "soldier-defend" => include_str!("../../../examples/domains/soldier-defend.json"),
                _ => include_str!("../../../examples/domains/soldier-kill-healthy.json"),
            };
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
        let options = PlanOptions::default();
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
        let cache = &shared.search.setup_cache;
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
