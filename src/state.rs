//! Packed world state: one bit per boolean fact, closed world (an unset fact is false),
//! and a small array of integer variable values.
//!
//! Facts are a plain vector of 64-bit words so that they hash and compare fast and copy
//! without allocation into the planner's arena. Facts registered after a state was made
//! read as false; the state grows when such a fact is set. A variable the state does not
//! set takes its domain's default ([`crate::Domain::value`]).

use crate::domain::{Conditions, FactId, FactValue, VarId};

/// Number of 64-bit words needed for `facts` bits.
pub fn words_for(facts: usize) -> usize {
    facts.div_ceil(64)
}

/// A world state: the set of facts that are true.
///
/// Equality and hashing compare the sets of true facts (trailing all-false words do not
/// count) and the variables each state sets (a variable set to its default differs from
/// one left unset).
#[derive(Clone, Debug, Default)]
pub struct WorldState {
    words: Vec<u64>,
    vars: Vec<Option<i32>>,
}

impl WorldState {
    /// The fact words and variables without their trailing all-false words and unset
    /// variables (what equality and hashing compare).
    pub(crate) fn significant(&self) -> (&[u64], &[Option<i32>]) {
        let end = self
            .words
            .iter()
            .rposition(|&w| w != 0)
            .map_or(0, |i| i + 1);
        let vend = self
            .vars
            .iter()
            .rposition(|v| v.is_some())
            .map_or(0, |i| i + 1);
        (&self.words[..end], &self.vars[..vend])
    }
}

impl PartialEq for WorldState {
    fn eq(&self, other: &Self) -> bool {
        self.significant() == other.significant()
    }
}

impl Eq for WorldState {}

impl std::hash::Hash for WorldState {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.significant().hash(state);
    }
}

impl WorldState {
    /// The state in which every fact is false.
    pub fn new() -> Self {
        Self::default()
    }

    /// A state with room for `facts` facts, all false.
    pub fn with_facts(facts: usize) -> Self {
        WorldState {
            words: vec![0; words_for(facts)],
            vars: Vec::new(),
        }
    }

    /// The value the state sets for `var`, or `None` (the domain's default applies).
    pub fn var(&self, var: VarId) -> Option<i32> {
        self.vars.get(var.index()).copied().flatten()
    }

    /// Sets `var` to `value`. The state does not know the variable's range: the planner
    /// clamps a value outside it into it, and the checked entry points (domain files, the C
    /// ABI, [`crate::world`]) reject one.
    pub fn set_var(&mut self, var: VarId, value: i32) {
        let i = var.index();
        if i >= self.vars.len() {
            self.vars.resize(i + 1, None);
        }
        self.vars[i] = Some(value);
    }

    /// Unsets `var`: the domain's default applies again.
    pub fn clear_var(&mut self, var: VarId) {
        if let Some(v) = self.vars.get_mut(var.index()) {
            *v = None;
        }
    }

    /// A state in which exactly the listed `true` entries hold.
    pub fn from_values(values: impl IntoIterator<Item = FactValue>) -> Self {
        let mut s = Self::new();
        for v in values {
            s.set(v.fact, v.value);
        }
        s
    }

    /// The value of `fact` (false when never set).
    pub fn get(&self, fact: FactId) -> bool {
        let i = fact.index();
        self.words
            .get(i / 64)
            .is_some_and(|w| (w >> (i % 64)) & 1 == 1)
    }

    /// Sets `fact` to `value`.
    pub fn set(&mut self, fact: FactId, value: bool) {
        let i = fact.index();
        if i / 64 >= self.words.len() {
            if !value {
                return;
            }
            self.words.resize(i / 64 + 1, 0);
        }
        let bit = 1u64 << (i % 64);
        if value {
            self.words[i / 64] |= bit;
        } else {
            self.words[i / 64] &= !bit;
        }
    }

    /// Applies every fact entry of `effects`. (Variable effects need the variables'
    /// ranges: see [`crate::Domain::apply`].)
    pub fn apply(&mut self, effects: &Conditions) {
        for e in effects.entries() {
            self.set(e.fact, e.value);
        }
    }

    /// True when every fact condition holds. Variable conditions are not checked here
    /// (unset variables take their domain's defaults): use [`crate::Domain::satisfies`]
    /// for conditions that may have them.
    pub fn satisfies(&self, conditions: &Conditions) -> bool {
        conditions
            .entries()
            .iter()
            .all(|c| self.get(c.fact) == c.value)
    }

    /// The facts that are true, in id order.
    pub fn true_facts(&self) -> impl Iterator<Item = FactId> + '_ {
        self.words.iter().enumerate().flat_map(|(wi, &w)| {
            let mut bits = w;
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let b = bits.trailing_zeros();
                bits &= bits - 1;
                Some(FactId(wi as u32 * 64 + b))
            })
        })
    }

    /// The packed words (bit `i % 64` of word `i / 64` is fact `i`).
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    /// Builds a state from packed words (no variables set).
    pub fn from_words(words: Vec<u64>) -> Self {
        WorldState {
            words,
            vars: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_get_beyond_64_facts() {
        let mut s = WorldState::new();
        assert!(!s.get(FactId(200)));
        s.set(FactId(200), true);
        s.set(FactId(3), true);
        assert!(s.get(FactId(200)) && s.get(FactId(3)) && !s.get(FactId(4)));
        assert_eq!(
            s.true_facts().collect::<Vec<_>>(),
            vec![FactId(3), FactId(200)]
        );
        s.set(FactId(200), false);
        assert!(!s.get(FactId(200)));
        // Clearing a fact beyond the stored words does not grow the state.
        let mut t = WorldState::new();
        t.set(FactId(1000), false);
        assert!(t.words().is_empty());
        // Equality ignores trailing all-false words.
        let mut u = WorldState::with_facts(300);
        assert_eq!(u, t);
        u.set(FactId(299), true);
        assert_ne!(u, t);
    }

    #[test]
    fn satisfies_checks_both_values() {
        let s = WorldState::from_values([FactValue::new(FactId(1), true)]);
        let c = Conditions::new([
            FactValue::new(FactId(1), true),
            FactValue::new(FactId(2), false),
        ])
        .unwrap();
        assert!(s.satisfies(&c));
        let c2 = Conditions::new([FactValue::new(FactId(2), true)]).unwrap();
        assert!(!s.satisfies(&c2));
    }
}
