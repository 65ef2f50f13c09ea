//! [`lint`] and [`lint_vars`]: conditions that can never be met, almost always a typo;
//! [`lint_templates`]: templates that ground to nothing usable, and objects nothing uses.
//!
//! The ground actions of a template are named together: where several groundings of one
//! template need the same thing, the warning names the template once (`template
//! "go({from},{to})" (3 of its 6 groundings)`) instead of each ground action, so a large
//! template does not flood the output.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt;

use super::DomainFile;
use crate::domain::{satisfiable, Compare, FactId, Goal, VarCondition, VarId, VarOp};

/// A finding of [`lint`]: legal, but almost always a typo in a fact name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LintWarning {
    /// The fact.
    pub fact: String,
    /// The value that is required but can never hold.
    pub value: bool,
    /// Who requires it, in file order: `action "…"`, `goal`, `goals entry "…"`, or
    /// `template "…" (k of its n groundings)` for several ground actions of one template.
    pub required_by: Vec<String>,
    /// Further facts with the same finding, all required only by groundings of the one
    /// template `required_by` names (a pattern such as `hass({item})` that never holds
    /// gives one warning, not one per object); empty otherwise.
    pub more_facts: Vec<String>,
}

impl fmt::Display for LintWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let by = self.required_by.join(", ");
        if self.more_facts.is_empty() {
            write!(f, "fact \"{}\"", self.fact)?;
        } else {
            const SHOWN: usize = 3;
            let names: Vec<String> = std::iter::once(&self.fact)
                .chain(&self.more_facts)
                .take(SHOWN)
                .map(|n| format!("\"{n}\""))
                .collect();
            write!(f, "facts {}", names.join(", "))?;
            let total = 1 + self.more_facts.len();
            if total > SHOWN {
                write!(f, " and {} more", total - SHOWN)?;
            }
        }
        let (one, it) = if self.more_facts.is_empty() {
            ("it is", "it")
        } else {
            ("they are", "them")
        };
        if self.value {
            write!(
                f,
                " must be true for {by}, but no action makes {it} true and \"start\" does \
                 not set {it} (a typo?)"
            )
        } else {
            write!(
                f,
                " must be false for {by}, but {one} true in \"start\" and no action makes \
                 {it} false (a typo?)"
            )
        }
    }
}

/// Conditions that can never be met, whatever the plan: a fact required true that neither
/// `start` nor any effect makes true, or required false that is true in `start` and that no
/// effect makes false. Ordered by fact id, then value; facts with the same value needed
/// only by groundings of one template are gathered into one warning (see
/// [`LintWarning::more_facts`]), where the first of them is. Cost O(size of the file).
/// Variables are checked by [`lint_vars`].
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
    for (who, conditions) in condition_lists(file) {
        require(&who, conditions);
    }
    let mut warnings: Vec<LintWarning> = Vec::new();
    let by_template = Templates::of(file);
    // (template, value) → index in `warnings` of the warning that gathers its facts, and
    // the ground actions that need them.
    type Users = (Vec<String>, HashSet<String>);
    let mut gathered: HashMap<(&str, bool), (usize, Users)> = HashMap::new();
    for (i, users) in needed_by.into_iter().enumerate() {
        if possible[i] || users.is_empty() {
            continue;
        }
        let fact = d.fact_name(FactId((i / 2) as u32)).to_owned();
        let value = i % 2 == 0;
        // Needed only by groundings of one template: gathered with the template's others.
        if let Some(t) = by_template.only_template(&users) {
            if let Some((at, (all_users, seen))) = gathered.get_mut(&(t, value)) {
                warnings[*at].more_facts.push(fact);
                for u in users {
                    if seen.insert(u.clone()) {
                        all_users.push(u);
                    }
                }
                continue;
            }
            let seen = users.iter().cloned().collect();
            gathered.insert((t, value), (warnings.len(), (users.clone(), seen)));
        }
        warnings.push(LintWarning {
            fact,
            value,
            required_by: by_template.summarise(users),
            more_facts: Vec::new(),
        });
    }
    for (at, (users, _)) in gathered.into_values() {
        if !warnings[at].more_facts.is_empty() {
            warnings[at].required_by = by_template.summarise(users);
        }
    }
    warnings
}

/// A finding of [`lint_vars`] about an integer variable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VarLintWarning {
    /// A condition no reachable value satisfies: from its start value, the actions'
    /// effects keep the variable within `[low, high]` (an over-approximation: values in it
    /// may still be unreachable, so a missing warning proves nothing).
    Unreachable {
        /// The variable.
        var: String,
        /// The condition as written in files, e.g. `>= 50`.
        condition: String,
        /// Who requires it, in file order: `action "…"`, `goal`, `goals entry "…"`.
        required_by: Vec<String>,
        /// Smallest value the variable can take.
        low: i32,
        /// Largest value the variable can take.
        high: i32,
    },
    /// Declared, but no condition or effect mentions it.
    Unused {
        /// The variable.
        var: String,
    },
}

impl fmt::Display for VarLintWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VarLintWarning::Unreachable {
                var,
                condition,
                required_by,
                low,
                high,
            } => {
                let by = required_by.join(", ");
                write!(f, "variable \"{var}\" must be {condition} for {by}, but ")?;
                if low == high {
                    write!(f, "it is always {low}: no action changes it")?;
                } else {
                    write!(
                        f,
                        "from \"start\" the actions' effects keep it within [{low}, {high}]"
                    )?;
                }
                write!(f, " (a typo?)")
            }
            VarLintWarning::Unused { var } => write!(
                f,
                "variable \"{var}\" is declared in \"vars\" but no condition or effect uses it"
            ),
        }
    }
}

/// Variable conditions that can never be met and variables nothing uses. A variable can
/// only take values between the smallest and the largest of its start value and the
/// constants its effects set, widened to its `max` by any `+=` and to its `min` by any
/// `-=`; a condition no value there satisfies is reported. Unused variables come first
/// (in declaration order), then conditions by variable, operator (`==`, `!=`, `<`, `<=`,
/// `>`, `>=`) and constant. Cost O(size of the file).
pub fn lint_vars(file: &DomainFile) -> Vec<VarLintWarning> {
    let d = &file.domain;
    let mut used = vec![false; d.var_count()];
    let mut bounds: Vec<(i32, i32)> = (0..d.var_count() as u32)
        .map(|v| {
            let x = d.value(&file.start, VarId(v));
            (x, x)
        })
        .collect();
    for a in d.actions() {
        for e in a.var_effects() {
            let var = &d.vars()[e.var.index()];
            let (lo, hi) = &mut bounds[e.var.index()];
            match e.op {
                VarOp::Set => {
                    *lo = (*lo).min(e.value);
                    *hi = (*hi).max(e.value);
                }
                VarOp::Add => *hi = var.max(),
                VarOp::Sub => *lo = var.min(),
            }
            used[e.var.index()] = true;
        }
    }
    let mut needed_by: BTreeMap<(VarId, Compare, i32), Vec<String>> = BTreeMap::new();
    let mut require = |who: &str, conditions: &Goal| {
        for c in conditions.var_conditions() {
            used[c.var.index()] = true;
            let users = needed_by.entry((c.var, c.op, c.value)).or_default();
            if users.last().map(String::as_str) != Some(who) {
                users.push(who.to_owned());
            }
        }
    };
    for (who, conditions) in condition_lists(file) {
        require(&who, conditions);
    }
    let mut warnings: Vec<VarLintWarning> = d
        .vars()
        .iter()
        .zip(&used)
        .filter(|(_, &u)| !u)
        .map(|(v, _)| VarLintWarning::Unused {
            var: v.name().to_owned(),
        })
        .collect();
    let by_template = Templates::of(file);
    for ((var, op, value), required_by) in needed_by {
        let required_by = by_template.summarise(required_by);
        let (low, high) = bounds[var.index()];
        if !satisfiable(&[VarCondition::new(var, op, value)], low, high) {
            warnings.push(VarLintWarning::Unreachable {
                var: d.vars()[var.index()].name().to_owned(),
                condition: format!("{} {value}", op.symbol()),
                required_by,
                low,
                high,
            });
        }
    }
    warnings
}

/// Which template each ground action came from, to name groundings together.
struct Templates<'f> {
    /// `action "name"` → (template name, its grounding count).
    of_action: HashMap<String, (&'f str, usize)>,
}

impl<'f> Templates<'f> {
    fn of(file: &'f DomainFile) -> Self {
        let d = &file.domain;
        let mut of_action = HashMap::new();
        for t in d.templates() {
            for (id, _) in &t.groundings {
                let name = d.action(*id).map_or("", |a| a.name());
                of_action.insert(
                    format!("action \"{name}\""),
                    (t.name.as_str(), t.groundings.len()),
                );
            }
        }
        Templates { of_action }
    }

    /// The template all of `users` are groundings of, if there is one.
    fn only_template(&self, users: &[String]) -> Option<&'f str> {
        let mut t = None;
        for u in users {
            let (name, _) = self.of_action.get(u)?;
            if t.is_some_and(|t| t != *name) {
                return None;
            }
            t = Some(*name);
        }
        t
    }

    /// `users` with the ground actions of each template that has more than one among them
    /// replaced, where the first was, by `template "…" (k of its n groundings)` (or `(all
    /// n groundings)`).
    fn summarise(&self, users: Vec<String>) -> Vec<String> {
        let mut counts: HashMap<&str, usize> = HashMap::new();
        for u in &users {
            if let Some((t, _)) = self.of_action.get(u) {
                *counts.entry(t).or_default() += 1;
            }
        }
        let mut out = Vec::with_capacity(users.len());
        let mut named: Vec<&str> = Vec::new();
        for u in users {
            match self.of_action.get(&u) {
                Some(&(t, n)) if counts[t] > 1 => {
                    if !named.contains(&t) {
                        named.push(t);
                        let k = counts[t];
                        out.push(if k == n {
                            format!("template \"{t}\" (all {n} groundings)")
                        } else {
                            format!("template \"{t}\" ({k} of its {n} groundings)")
                        });
                    }
                }
                _ => out.push(u),
            }
        }
        out
    }
}

/// A finding of [`lint_templates`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TemplateLintWarning {
    /// `distinct` and `where` leave no choice of objects: the template grounds to nothing.
    NoGroundings {
        /// The template's name.
        template: String,
    },
    /// Every grounding has a fact precondition that can never hold (see [`lint`]): none
    /// can ever be used.
    Unusable {
        /// The template's name.
        template: String,
        /// How many groundings it has.
        groundings: usize,
    },
    /// An object no grounding of any template uses (its type is no parameter's, or
    /// `distinct` and `where` leave it out everywhere).
    UnusedObject {
        /// The object type.
        object_type: String,
        /// The object.
        object: String,
    },
}

impl fmt::Display for TemplateLintWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TemplateLintWarning::NoGroundings { template } => write!(
                f,
                "template \"{template}\" grounds to no action: \"distinct\" and \"where\" \
                 leave no choice of objects"
            ),
            TemplateLintWarning::Unusable {
                template,
                groundings,
            } => write!(
                f,
                "template \"{template}\": none of its {groundings} groundings can ever be used \
                 (each needs a fact that can never hold; see the warnings about its facts)"
            ),
            TemplateLintWarning::UnusedObject {
                object_type,
                object,
            } => write!(
                f,
                "object \"{object}\" of type \"{object_type}\" is in no template's groundings"
            ),
        }
    }
}

/// Templates of a file that ground to nothing or to nothing usable, then objects that no
/// grounding uses and no variable's name contains (by type, in declaration order). Cost
/// O(groundings × parameters × object types that share a parameter's objects), plus
/// unused objects × variables.
pub fn lint_templates(file: &DomainFile) -> Vec<TemplateLintWarning> {
    let d = &file.domain;
    let n = d.fact_count();
    let mut possible = vec![false; 2 * n];
    let slot = |fact: usize, value: bool| 2 * fact + usize::from(!value);
    for f in 0..n {
        possible[slot(f, file.start.get(FactId(f as u32)))] = true;
    }
    for a in d.actions() {
        for e in a.effects().entries() {
            possible[slot(e.fact.index(), e.value)] = true;
        }
    }
    let mut warnings = Vec::new();
    // Per object type and object: used by some grounding.
    let mut used: HashMap<(&str, &str), bool> = HashMap::new();
    for t in d.templates() {
        if t.groundings.is_empty() {
            warnings.push(TemplateLintWarning::NoGroundings {
                template: t.name.clone(),
            });
            continue;
        }
        let usable = |id: &crate::ActionId| {
            d.action(*id).is_some_and(|a| {
                a.pre()
                    .entries()
                    .iter()
                    .all(|c| possible[slot(c.fact.index(), c.value)])
            })
        };
        if !t.groundings.iter().any(|(id, _)| usable(id)) {
            warnings.push(TemplateLintWarning::Unusable {
                template: t.name.clone(),
                groundings: t.groundings.len(),
            });
        }
        // A template records its parameters' objects, not their types: every type with
        // these objects counts as used (found once per parameter, not per grounding).
        let types: Vec<Vec<&str>> = t
            .params
            .iter()
            .map(|(_, objects)| {
                d.objects()
                    .iter()
                    .filter(|(_, o)| o == objects)
                    .map(|(ty, _)| ty.as_str())
                    .collect()
            })
            .collect();
        for (_, args) in &t.groundings {
            for (((_, objects), types), &i) in t.params.iter().zip(&types).zip(args) {
                for ty in types {
                    used.insert((ty, objects[i as usize].as_str()), true);
                }
            }
        }
    }
    // An object that a variable's name contains (a family's ground variable, `stock(flour)`)
    // counts as used too (a plain substring test: it may miss an unused object, never
    // report a used one).
    let in_var_names = |o: &str| d.vars().iter().any(|v| v.name().contains(o));
    for (ty, objects) in d.objects() {
        for o in objects {
            if !used.contains_key(&(ty.as_str(), o.as_str())) && !in_var_names(o) {
                warnings.push(TemplateLintWarning::UnusedObject {
                    object_type: ty.clone(),
                    object: o.clone(),
                });
            }
        }
    }
    warnings
}

/// Every condition list of a file with its name for messages: each action's `pre`, the
/// `goal` and each `goals` entry, in that order.
fn condition_lists(file: &DomainFile) -> impl Iterator<Item = (String, &Goal)> {
    let actions = file
        .domain
        .actions()
        .iter()
        .map(|a| (format!("action \"{}\"", a.name()), a.pre()));
    let goal = file.goal.iter().map(|g| ("goal".to_owned(), g));
    let goals = file
        .goals
        .iter()
        .map(|g| (format!("goals entry \"{}\"", g.name), &g.conditions));
    actions.chain(goal).chain(goals)
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
        assert!(lint_vars(&parse_domain(KITCHEN).unwrap()).is_empty());
    }

    #[test]
    fn lint_vars_finds_unreachable_conditions_and_unused_variables() {
        let f = parse_domain(
            r#"{"vars": {"gold": {"min": 0, "max": 100}, "wood": {"min": 0, "max": 50},
                       "spare": {"min": 0, "max": 1}, "level": {"min": 0, "max": 9, "default": 3},
                       "keys": {"min": 0, "max": 5, "default": 5}},
              "actions": [
                {"name": "sell", "pre": {"wood": {">=": 1}}, "effects": {"wood": {"-=": 1}, "gold": 2}},
                {"name": "buy", "pre": {"gold": {">=": 50}}, "effects": {"level": 4}},
                {"name": "open", "pre": {"keys": {">": 0}, "level": {"<": 3}}, "effects": {"keys": {"-=": 1}}}],
              "start": {"wood": 10},
              "goal": {"gold": {">=": 50}, "level": 9},
              "goals": [{"name": "g", "priority": 1, "conditions": {"keys": {"<": 5}, "wood": 50}}]}"#,
        )
        .unwrap();
        let w: Vec<String> = lint_vars(&f).iter().map(|w| w.to_string()).collect();
        assert_eq!(
            w,
            [
                "variable \"spare\" is declared in \"vars\" but no condition or effect uses it",
                "variable \"gold\" must be >= 50 for action \"buy\", goal, but from \"start\" \
                 the actions' effects keep it within [0, 2] (a typo?)",
                "variable \"wood\" must be == 50 for goals entry \"g\", but from \"start\" the \
                 actions' effects keep it within [0, 10] (a typo?)",
                "variable \"level\" must be == 9 for goal, but from \"start\" the actions' \
                 effects keep it within [3, 4] (a typo?)",
                "variable \"level\" must be < 3 for action \"open\", but from \"start\" the \
                 actions' effects keep it within [3, 4] (a typo?)",
            ]
        );
        // `keys` can drop below 5 (-=), so its conditions are fine; a constant variable:
        let f = parse_domain(
            r#"{"vars": {"k": {"min": 0, "max": 5}}, "actions": [{"name": "a", "pre": {"k": 2}}]}"#,
        )
        .unwrap();
        let w = lint_vars(&f);
        assert_eq!(w.len(), 1);
        assert!(w[0]
            .to_string()
            .ends_with("but it is always 0: no action changes it (a typo?)"));
    }

    #[test]
    fn templates_are_linted_and_their_groundings_named_together() {
        let f = parse_domain(
            r#"{"objects": {"place": ["mill", "well", "moon"], "tool": ["axe", "saw"],
                           "spare": ["x"]},
              "vars": {"n({p})": {"params": {"p": "place"}, "min": 0, "max": 3}},
              "actions": [
                {"name": "go({a},{b})", "params": {"a": "place", "b": "place"},
                 "where": {"road({a},{b})": true},
                 "pre": {"at({a})": true, "has_key": true}, "effects": {"at({b})": true}},
                {"name": "use({t},{p})", "params": {"t": "tool", "p": "place"},
                 "distinct": ["t"], "pre": {"at({p})": true, "n({p})": {">": 5}}},
                {"name": "none({t},{u})", "params": {"t": "tool", "u": "tool"},
                 "where": {"never({t})": true}}],
              "start": {"road(mill,well)": true, "road(well,mill)": true, "at(mill)": true}}"#,
        );
        // A ground variable's constant is checked against its range when the file is read.
        let e = f.unwrap_err();
        assert!(
            e.message
                .contains("\"n(mill)\" in \"pre\": > 5 compares with a constant outside"),
            "{e}"
        );
        let f = parse_domain(
            r#"{"objects": {"place": ["mill", "well", "moon"], "tool": ["axe", "saw"],
                           "spare": ["x"]},
              "actions": [
                {"name": "go({a},{b})", "params": {"a": "place", "b": "place"},
                 "where": {"road({a},{b})": true},
                 "pre": {"at({a})": true, "has_key": true}, "effects": {"at({b})": true}},
                {"name": "use({t},{p})", "params": {"t": "tool", "p": "place"},
                 "pre": {"at({p})": true, "hass({t})": true}},
                {"name": "none({t})", "params": {"t": "tool"},
                 "where": {"never({t})": true}}],
              "start": {"road(mill,well)": true, "road(well,mill)": true, "at(mill)": true}}"#,
        )
        .unwrap();
        let w: Vec<String> = lint(&f).iter().map(|w| w.to_string()).collect();
        assert_eq!(
            w,
            [
                "fact \"has_key\" must be true for template \"go({a},{b})\" (all 2 groundings), \
              but no action makes it true and \"start\" does not set it (a typo?)",
                "facts \"hass(axe)\", \"at(moon)\", \"hass(saw)\" must be true for template \
                 \"use({t},{p})\" (all 6 groundings), but no action makes them true and \
                 \"start\" does not set them (a typo?)"
            ]
        );
        // One warning per template and value, however many objects: the facts are listed.
        let gathered = &lint(&f)[1];
        assert_eq!(gathered.fact, "hass(axe)");
        assert_eq!(gathered.more_facts, ["at(moon)", "hass(saw)"]);
        let t: Vec<String> = lint_templates(&f).iter().map(|w| w.to_string()).collect();
        assert_eq!(
            t,
            [
                "template \"go({a},{b})\": none of its 2 groundings can ever be used (each \
                 needs a fact that can never hold; see the warnings about its facts)",
                "template \"use({t},{p})\": none of its 6 groundings can ever be used (each \
                 needs a fact that can never hold; see the warnings about its facts)",
                "template \"none({t})\" grounds to no action: \"distinct\" and \"where\" \
                 leave no choice of objects",
                "object \"x\" of type \"spare\" is in no template's groundings",
            ]
        );
        assert!(lint_templates(&parse_domain(KITCHEN).unwrap()).is_empty());
    }

    /// Objects used only by a variable family are used (a review found them reported).
    #[test]
    fn objects_of_a_variable_family_are_used() {
        let f = parse_domain(
            r#"{"objects": {"item": ["flour", "bread"], "spare": ["x"]},
                "vars": {"stock({item})": {"params": {"item": "item"}, "min": 0, "max": 3}},
                "actions": [{"name": "buy", "effects": {"stock(flour)": {"+=": 1}}}]}"#,
        )
        .unwrap();
        let t: Vec<String> = lint_templates(&f).iter().map(|w| w.to_string()).collect();
        assert_eq!(
            t,
            ["object \"x\" of type \"spare\" is in no template's groundings"]
        );
    }
}
