//! [`lint`]: conditions that can never be met, almost always a typo in a fact name.

use std::fmt;

use super::DomainFile;
use crate::domain::{FactId, Goal};

/// A finding of [`lint`]: legal, but almost always a typo in a fact name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LintWarning {
    /// The fact.
    pub fact: String,
    /// The value that is required but can never hold.
    pub value: bool,
    /// Who requires it, in file order: `action "…"`, `goal`, `goals entry "…"`.
    pub required_by: Vec<String>,
}

impl fmt::Display for LintWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let by = self.required_by.join(", ");
        if self.value {
            write!(
                f,
                "fact \"{}\" must be true for {by}, but no action makes it true and \
                 \"start\" does not set it (a typo?)",
                self.fact
            )
        } else {
            write!(
                f,
                "fact \"{}\" must be false for {by}, but it is true in \"start\" and no \
                 action makes it false (a typo?)",
                self.fact
            )
        }
    }
}

/// Conditions that can never be met, whatever the plan: a fact required true that neither
/// `start` nor any effect makes true, or required false that is true in `start` and that no
/// effect makes false. Ordered by fact id, then value. Cost O(size of the file).
pub fn lint(file: &DomainFile) -> Vec<LintWarning> {
    let d = &file.domain;
    let n = d.fact_count();
    // Per fact and value (index 2f + !value): can it ever hold, and who needs it.
    let mut possible = vec![false; 2 * n];
    let mut needed_by: Vec<Vec<String>> = vec![Vec::new(); 2 * n];
    let slot = |fact: usize, value: bool| 2 * fact + usize::from(!value);
    for f in 0..n {
        let id = FactId(f as u32);
        possible[slot(f, file.start.get(id))] = true;
    }
    for a in d.actions() {
        for e in a.effects().entries() {
            possible[slot(e.fact.index(), e.value)] = true;
        }
    }
    let mut require = |who: &str, conditions: &Goal| {
        for c in conditions.entries() {
            let users = &mut needed_by[slot(c.fact.index(), c.value)];
            if users.last().map(String::as_str) != Some(who) {
                users.push(who.to_owned());
            }
        }
    };
    for a in d.actions() {
        require(&format!("action \"{}\"", a.name()), a.pre());
    }
    if let Some(g) = &file.goal {
        require("goal", g);
    }
    for g in &file.goals {
        require(&format!("goals entry \"{}\"", g.name), &g.conditions);
    }
    let mut warnings = Vec::new();
    for (i, users) in needed_by.into_iter().enumerate() {
        if !possible[i] && !users.is_empty() {
            warnings.push(LintWarning {
                fact: d.fact_name(FactId((i / 2) as u32)).to_owned(),
                value: i % 2 == 0,
                required_by: users,
            });
        }
    }
    warnings
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::parse_domain;

    const KITCHEN: &str = include_str!("../../examples/domains/kitchen.json");

    #[test]
    fn lint_finds_unreachable_requirements() {
        let f = parse_domain(
            r#"{"actions": [
                {"name": "a", "pre": {"has_ax": true}, "effects": {"wood": true}},
                {"name": "b", "pre": {"alarm": false, "has_axe": true}, "effects": {"has_axe": true}},
                {"name": "c", "pre": {"door": false}, "effects": {"door": true}}],
              "start": {"alarm": true, "door": true},
              "goal": {"wood": true, "has_ax": true},
              "goals": [{"name": "calm", "priority": 1, "conditions": {"alarm": false}}]}"#,
        )
        .unwrap();
        let w = lint(&f);
        assert_eq!(w.len(), 3, "{w:?}");
        assert_eq!(w[0].fact, "has_ax");
        assert!(w[0].value);
        assert_eq!(w[0].required_by, ["action \"a\"", "goal"]);
        assert_eq!(w[1].fact, "alarm");
        assert!(!w[1].value);
        assert_eq!(w[1].required_by, ["action \"b\"", "goals entry \"calm\""]);
        assert_eq!(w[2].fact, "door");
        assert!(w[0].to_string().contains("no action makes it true"));
        assert!(w[1].to_string().contains("it is true in \"start\""));
        // "has_axe" is made true by b itself: legal, no warning.
        assert!(lint(&parse_domain(KITCHEN).unwrap()).is_empty());
    }
}
