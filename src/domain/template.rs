//! Parametric actions (templates): one implementation of checking and grounding, used by
//! domain files ([`crate::format`]) and by [`super::Domain::add_template`].
//!
//! A template's name, fact names and variable names may contain its parameters as
//! `{param}`. Grounding makes one ordinary action per choice of objects, in a fixed order
//! (the first parameter varies slowest, objects in their listed order), keeping the choices
//! that pass `distinct` (those parameters name pairwise different objects) and `where`
//! (static facts with their required values, looked up in the facts that hold).

use std::collections::{HashMap, HashSet};

use super::var::{condition_error, effect_error};
use super::{Compare, VarOp, MAX_ACTION_COST};

/// The most actions one template may ground to (choices before `distinct` and `where`
/// count).
pub const MAX_GROUNDINGS: usize = 100_000;

/// The most names (the action's, and its facts' and variables' in `where`, `pre` and
/// `effects`) all groundings of one template may write out together.
pub const MAX_GROUND_NAMES: usize = 4_000_000;

/// A template for [`super::Domain::add_template`] (domain files write the same in JSON).
///
/// `name`, the fact names of `where_facts`, `pre` and `effects` and the variable names of
/// `var_pre` and `var_effects` may contain the parameters as `{param}`; in a template `{`
/// and `}` only enclose parameter names. Each grounding's name must differ, so put every
/// parameter in `name`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TemplateDef {
    /// The name with its parameters, such as `go({from},{to})`.
    pub name: String,
    /// Each parameter with its object type (declared by [`super::Domain::add_objects`]),
    /// in order: at least one.
    pub params: Vec<(String, String)>,
    /// Parameters that must name pairwise different objects.
    pub distinct: Vec<String>,
    /// Static facts a choice must satisfy to be grounded, such as `road({from},{to})` →
    /// true: a fact holds when it is one of `holding`. No action's effects may change them.
    pub where_facts: Vec<(String, bool)>,
    /// The facts that hold, for `where_facts` (a domain file uses its `start`).
    pub holding: Vec<String>,
    /// Fact preconditions.
    pub pre: Vec<(String, bool)>,
    /// Fact effects.
    pub effects: Vec<(String, bool)>,
    /// Variable preconditions (the variables must be declared).
    pub var_pre: Vec<(String, Compare, i32)>,
    /// Variable effects, at most one per variable in each grounding.
    pub var_effects: Vec<(String, VarOp, i32)>,
    /// The cost of each grounding, unless `cost_by` gives one.
    pub cost: f64,
    /// A cost per object of one parameter: the parameter and its table (objects not in the
    /// table take `cost`).
    pub cost_by: Option<(String, Vec<(String, f64)>)>,
}

/// One ground action, by names.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct GroundAction {
    pub name: String,
    pub cost: f64,
    pub pre: Vec<(String, bool)>,
    pub effects: Vec<(String, bool)>,
    pub var_pre: Vec<(String, Compare, i32)>,
    pub var_effects: Vec<(String, VarOp, i32)>,
    /// Per parameter, the index of its object.
    pub args: Vec<u32>,
}

/// What grounding needs to know about the domain.
pub(crate) struct Context<'a> {
    /// The object types with their objects.
    pub objects: &'a [(String, Vec<String>)],
    /// A declared variable's range (`None`: the name is not a variable).
    pub var_range: &'a dyn Fn(&str) -> Option<(i32, i32)>,
}

/// A grounded template: its ground actions in order, and every ground `where` fact it
/// looked up (to check that nothing changes them).
pub(crate) struct Grounding {
    pub actions: Vec<GroundAction>,
    pub where_facts: Vec<String>,
    /// Each parameter with its objects.
    pub params: Vec<(String, Vec<String>)>,
}

/// The `{…}` parts of `text`; an error for unbalanced or nested braces.
pub(crate) fn placeholders(text: &str) -> Result<Vec<&str>, String> {
    let mut parts = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find(['{', '}']) {
        if rest[open..].starts_with('}') {
            return Err(format!(
                "\"{text}\" has a \"}}\" without a \"{{\" before it"
            ));
        }
        let Some(len) = rest[open + 1..].find(['{', '}']) else {
            return Err(format!("\"{text}\" has a \"{{\" without a \"}}\" after it"));
        };
        if rest[open + 1 + len..].starts_with('{') {
            return Err(format!("\"{text}\" has a \"{{\" inside braces"));
        }
        parts.push(&rest[open + 1..open + 1 + len]);
        rest = &rest[open + len + 2..];
    }
    Ok(parts)
}

/// `text` with each `{param}` replaced by the object chosen for it (`params` names them;
/// `text` was checked by [`placeholders`] and names only parameters).
pub(crate) fn substitute(text: &str, params: &[&str], choice: &[&str]) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let close = open + rest[open..].find('}').expect("checked by placeholders");
        out.push_str(&rest[..open]);
        let name = &rest[open + 1..close];
        let i = params
            .iter()
            .position(|p| *p == name)
            .expect("checked by placeholders");
        out.push_str(choice[i]);
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

/// Checks that every `{…}` of `texts` is one of `params`.
pub(crate) fn check_placeholders<'t>(
    texts: impl IntoIterator<Item = &'t str>,
    params: &[&str],
) -> Result<(), String> {
    for text in texts {
        for part in placeholders(text)? {
            if !params.contains(&part) {
                return Err(format!(
                    "\"{text}\" names \"{{{part}}}\", which is not a parameter (parameters: {})",
                    params.join(", ")
                ));
            }
        }
    }
    Ok(())
}

/// Every choice of objects for parameters whose types have `sizes` objects, in order (the
/// first varies slowest); an error when there are more than [`MAX_GROUNDINGS`].
pub(crate) fn choices(sizes: &[usize]) -> Result<Vec<Vec<usize>>, String> {
    let count = sizes
        .iter()
        .try_fold(1usize, |n, &s| n.checked_mul(s))
        .filter(|&n| n <= MAX_GROUNDINGS);
    let Some(count) = count else {
        let total: f64 = sizes.iter().map(|&s| s as f64).product();
        return Err(format!(
            "it would ground to {total} actions (its parameters' object counts multiplied), \
             more than the limit of {MAX_GROUNDINGS}"
        ));
    };
    let mut out = Vec::with_capacity(count);
    let mut digits = vec![0usize; sizes.len()];
    for _ in 0..count {
        out.push(digits.clone());
        for k in (0..digits.len()).rev() {
            digits[k] += 1;
            if digits[k] < sizes[k] {
                break;
            }
            digits[k] = 0;
        }
    }
    Ok(out)
}

/// Checks template `def` and grounds it. The message of an error says what is wrong with
/// the template (without naming it).
pub(crate) fn ground(def: &TemplateDef, cx: &Context<'_>) -> Result<Grounding, String> {
    if def.params.is_empty() {
        return Err("a template needs at least one parameter".to_owned());
    }
    let names: Vec<&str> = def.params.iter().map(|(p, _)| p.as_str()).collect();
    for (k, p) in names.iter().enumerate() {
        if p.is_empty() || p.contains(['{', '}', '\0']) {
            return Err(format!(
                "parameter name {p:?} must be non-empty, without braces or NUL"
            ));
        }
        if names[..k].contains(p) {
            return Err(format!("parameter \"{p}\" is listed twice"));
        }
    }
    let mut types = Vec::with_capacity(def.params.len());
    for (p, ty) in &def.params {
        let Some(t) = cx.objects.iter().position(|(name, _)| name == ty) else {
            let known: Vec<&str> = cx.objects.iter().map(|(t, _)| t.as_str()).collect();
            return Err(format!(
                "parameter \"{p}\" has type \"{ty}\", which \"objects\" does not declare \
                 (it declares: {})",
                if known.is_empty() {
                    "nothing".to_owned()
                } else {
                    known.join(", ")
                }
            ));
        };
        types.push(t);
    }
    let index = |p: &str, what: &str| {
        names.iter().position(|n| *n == p).ok_or_else(|| {
            format!(
                "{what} names \"{p}\", which is not a parameter (parameters: {})",
                names.join(", ")
            )
        })
    };
    let mut distinct = Vec::new();
    for p in &def.distinct {
        let i = index(p, "\"distinct\"")?;
        if !distinct.contains(&i) {
            distinct.push(i);
        }
    }
    if !(0.0..=MAX_ACTION_COST).contains(&def.cost) {
        return Err(format!(
            "cost {} is invalid; expected a number from 0 to {MAX_ACTION_COST:e}",
            super::format_cost(def.cost)
        ));
    }
    let cost_by = match &def.cost_by {
        None => None,
        Some((p, table)) => {
            let i = index(p, "\"cost_by\"")?;
            let (ty_name, of_type) = &cx.objects[types[i]];
            let mut costs = HashMap::new();
            for &(ref object, cost) in table {
                if !of_type.contains(object) {
                    return Err(format!(
                        "\"cost_by\" gives a cost for \"{object}\", which is not an object of \
                         parameter \"{p}\"'s type \"{ty_name}\""
                    ));
                }
                if !(0.0..=MAX_ACTION_COST).contains(&cost) {
                    return Err(format!(
                        "\"cost_by\" cost {} for \"{object}\" is invalid; expected a number \
                         from 0 to {MAX_ACTION_COST:e}",
                        super::format_cost(cost)
                    ));
                }
                if costs.insert(object.as_str(), cost).is_some() {
                    return Err(format!("\"cost_by\" lists \"{object}\" twice"));
                }
            }
            Some((i, costs))
        }
    };
    let texts = std::iter::once(def.name.as_str())
        .chain(def.where_facts.iter().map(|(f, _)| f.as_str()))
        .chain(def.pre.iter().map(|(f, _)| f.as_str()))
        .chain(def.effects.iter().map(|(f, _)| f.as_str()))
        .chain(def.var_pre.iter().map(|(v, _, _)| v.as_str()))
        .chain(def.var_effects.iter().map(|(v, _, _)| v.as_str()));
    check_placeholders(texts, &names)?;
    let holding: HashSet<&str> = def.holding.iter().map(String::as_str).collect();
    let sizes: Vec<usize> = types.iter().map(|&t| cx.objects[t].1.len()).collect();
    // The names a grounding writes out: checked before any is made, so a large template
    // with long lists fails with an error instead of exhausting memory.
    let per = 1
        + def.where_facts.len()
        + def.pre.len()
        + def.effects.len()
        + def.var_pre.len()
        + def.var_effects.len();
    let count = sizes
        .iter()
        .try_fold(1usize, |a, &n| a.checked_mul(n))
        .unwrap_or(usize::MAX);
    if count <= MAX_GROUNDINGS && count.saturating_mul(per) > MAX_GROUND_NAMES {
        return Err(format!(
            "it would ground to {count} actions of {per} names each ({} names), more than \
             the limit of {MAX_GROUND_NAMES}",
            count.saturating_mul(per)
        ));
    }
    let mut actions = Vec::new();
    let mut where_facts = Vec::new();
    let mut seen_where = HashSet::new();
    let mut seen_names = HashSet::new();
    for digits in choices(&sizes)? {
        let choice: Vec<&str> = types
            .iter()
            .zip(&digits)
            .map(|(&t, &d)| cx.objects[t].1[d].as_str())
            .collect();
        let distinct_ok = distinct
            .iter()
            .enumerate()
            .all(|(k, &a)| distinct[k + 1..].iter().all(|&b| choice[a] != choice[b]));
        if !distinct_ok {
            continue;
        }
        let fill = |s: &str| substitute(s, &names, &choice);
        let mut where_ok = true;
        for (f, value) in &def.where_facts {
            let f = fill(f);
            where_ok &= holding.contains(f.as_str()) == *value;
            if seen_where.insert(f.clone()) {
                where_facts.push(f);
            }
        }
        if !where_ok {
            continue;
        }
        let name = fill(&def.name);
        if !seen_names.insert(name.clone()) {
            return Err(format!(
                "two of its groundings are named \"{name}\"; put every parameter in the name"
            ));
        }
        let cost = match &cost_by {
            Some((p, table)) => table.get(choice[*p]).copied().unwrap_or(def.cost),
            None => def.cost,
        };
        let at = |what: &str| format!("its grounding \"{name}\" has {what}");
        let facts = |list: &[(String, bool)], what: &str| -> Result<_, String> {
            let mut out: Vec<(String, bool)> = Vec::with_capacity(list.len());
            for (fact, value) in list {
                let fact = fill(fact);
                if (cx.var_range)(&fact).is_some() {
                    return Err(at(&format!(
                        "\"{fact}\" in \"{what}\" as a fact, but it is a declared variable \
                         (facts and variables share one namespace)"
                    )));
                }
                match out.iter().find(|(f, _)| *f == fact) {
                    Some((_, v)) if v != value => {
                        return Err(at(&format!(
                            "fact \"{fact}\" in \"{what}\" as both true and false"
                        )))
                    }
                    Some(_) => {}
                    None => out.push((fact, *value)),
                }
            }
            Ok(out)
        };
        let pre = facts(&def.pre, "pre")?;
        let effects = facts(&def.effects, "effects")?;
        let range = |var: &str, what: &str| {
            (cx.var_range)(var).ok_or_else(|| {
                at(&format!(
                    "variable \"{var}\" in \"{what}\", which is not declared (declare each \
                     ground variable, or a family such as \"stock({{item}})\" with \"params\")"
                ))
            })
        };
        let mut var_pre = Vec::with_capacity(def.var_pre.len());
        for (v, op, k) in &def.var_pre {
            let v = fill(v);
            let (min, max) = range(&v, "pre")?;
            if let Some(detail) = condition_error(min, max, *op, *k) {
                return Err(at(&format!("variable \"{v}\" in \"pre\": {detail}")));
            }
            var_pre.push((v, *op, *k));
        }
        let mut var_effects: Vec<(String, VarOp, i32)> = Vec::with_capacity(def.var_effects.len());
        for (v, op, k) in &def.var_effects {
            let v = fill(v);
            let (min, max) = range(&v, "effects")?;
            if let Some(detail) = effect_error(min, max, *op, *k) {
                return Err(at(&format!("variable \"{v}\" in \"effects\": {detail}")));
            }
            if var_effects.iter().any(|(w, _, _)| *w == v) {
                return Err(at(&format!(
                    "two effects on variable \"{v}\" (at most one per action)"
                )));
            }
            var_effects.push((v, *op, *k));
        }
        actions.push(GroundAction {
            name,
            cost,
            pre,
            effects,
            var_pre,
            var_effects,
            args: digits.iter().map(|&d| d as u32).collect(),
        });
    }
    let params = def
        .params
        .iter()
        .zip(&types)
        .map(|((p, _), &t)| (p.clone(), cx.objects[t].1.clone()))
        .collect();
    Ok(Grounding {
        actions,
        where_facts,
        params,
    })
}

/// Checks an object type's name and objects: non-empty names without NUL, at least one
/// object, each once.
pub(crate) fn check_objects(ty: &str, objects: &[String]) -> Result<(), String> {
    if ty.is_empty() || ty.contains('\0') {
        return Err(format!(
            "object type name {ty:?} must be non-empty, without NUL"
        ));
    }
    if objects.is_empty() {
        return Err(format!("object type \"{ty}\" needs at least one object"));
    }
    let mut seen = std::collections::HashSet::with_capacity(objects.len());
    for o in objects {
        if o.is_empty() || o.contains('\0') {
            return Err(format!("object name {o:?} must be non-empty, without NUL"));
        }
        if !seen.insert(o.as_str()) {
            return Err(format!("object \"{o}\" is listed twice in type \"{ty}\""));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_found_and_bad_braces_refused() {
        assert_eq!(placeholders("go({from},{to})").unwrap(), ["from", "to"]);
        assert!(placeholders("plain").unwrap().is_empty());
        assert!(placeholders("a{b").unwrap_err().contains("without a \"}\""));
        assert!(placeholders("a}b").unwrap_err().contains("without a \"{\""));
        assert!(placeholders("a{b{c}}")
            .unwrap_err()
            .contains("inside braces"));
        assert_eq!(
            substitute("go({from},{to})", &["from", "to"], &["mill", "well"]),
            "go(mill,well)"
        );
    }

    #[test]
    fn choices_count_and_order() {
        assert_eq!(
            choices(&[2, 2]).unwrap(),
            [vec![0, 0], vec![0, 1], vec![1, 0], vec![1, 1]]
        );
        assert!(choices(&[1000, 1000]).unwrap_err().contains("1000000"));
        assert!(choices(&[0, 3]).unwrap().is_empty());
    }
}
