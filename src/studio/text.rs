//! Short texts of the page: numbers, conditions, effects and states.

use crate::domain::{Compare, Conditions, Domain, VarEffect, VarOp};
use crate::state::WorldState;

/// A number as a person writes it: `17`, `1.5`, `∞`.
pub fn num(x: f64) -> String {
    if x.is_infinite() {
        return "∞".into();
    }
    if x.is_nan() {
        return "?".into();
    }
    if x == x.trunc() && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}

/// A comparison as a symbol: `≥`, `≠`, …
pub fn compare(op: Compare) -> &'static str {
    match op {
        Compare::Eq => "=",
        Compare::Ne => "≠",
        Compare::Lt => "<",
        Compare::Le => "≤",
        Compare::Gt => ">",
        Compare::Ge => "≥",
    }
}

/// A variable effect: `ammo −= 1`, `ammo = 6`.
pub fn var_effect(domain: &Domain, e: &VarEffect) -> String {
    let name = domain.var(e.var).map_or("?", |v| v.name());
    let op = match e.op {
        VarOp::Set => "=",
        VarOp::Add => "+=",
        VarOp::Sub => "−=",
    };
    format!("{name} {op} {}", e.value)
}

/// Each condition as text: `菜已买`, `not 菜已买`, `ammo ≥ 1`.
pub fn conditions(domain: &Domain, c: &Conditions) -> Vec<String> {
    let facts = c.entries().iter().map(|f| {
        let name = domain.fact_name(f.fact);
        if f.value {
            name.to_owned()
        } else {
            format!("not {name}")
        }
    });
    let vars = c.var_conditions().iter().map(|v| {
        let name = domain.var(v.var).map_or("?", |v| v.name());
        format!("{name} {} {}", compare(v.op), v.value)
    });
    facts.chain(vars).collect()
}

/// What changed from `before` to `after`: `+fact` (became true), `−fact` (became false),
/// `var a → b`; facts in id order, then variables.
pub fn diff(domain: &Domain, before: &WorldState, after: &WorldState) -> Vec<String> {
    let mut out = Vec::new();
    for f in 0..domain.fact_count() as u32 {
        let f = crate::domain::FactId(f);
        match (before.get(f), after.get(f)) {
            (false, true) => out.push(format!("+{}", domain.fact_name(f))),
            (true, false) => out.push(format!("−{}", domain.fact_name(f))),
            _ => {}
        }
    }
    for (i, var) in domain.vars().iter().enumerate() {
        let v = crate::domain::VarId(i as u32);
        let (a, b) = (domain.value(before, v), domain.value(after, v));
        if a != b {
            out.push(format!("{} {a} → {b}", var.name()));
        }
    }
    out
}

/// A state compactly: the ids of its true facts (ascending) and every variable's value.
pub fn state(domain: &Domain, s: &WorldState) -> serde_json::Value {
    let facts: Vec<u32> = (0..domain.fact_count() as u32)
        .filter(|&f| s.get(crate::domain::FactId(f)))
        .collect();
    let vars: Vec<i32> = (0..domain.var_count() as u32)
        .map(|v| domain.value(s, crate::domain::VarId(v)))
        .collect();
    serde_json::json!({"f": facts, "v": vars})
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::parse_domain;

    #[test]
    fn numbers_conditions_and_diffs_read_as_written() {
        assert_eq!(num(17.0), "17");
        assert_eq!(num(1.5), "1.5");
        assert_eq!(num(f64::INFINITY), "∞");
        let file = parse_domain(
            r#"{"vars": {"ammo": {"min": 0, "max": 9, "default": 3}},
                "actions": [{"name": "shoot", "pre": {"ammo": {">=": 1}, "jammed": false},
                             "effects": {"ammo": {"-=": 1}, "hit": true}}],
                "start": {"jammed": false}}"#,
        )
        .unwrap();
        let d = &file.domain;
        let shoot = &d.actions()[0];
        assert_eq!(conditions(d, shoot.pre()), ["not jammed", "ammo ≥ 1"]);
        assert_eq!(var_effect(d, &shoot.var_effects()[0]), "ammo −= 1");
        let mut after = file.start.clone();
        assert!(d.apply(&mut after, crate::ActionId(0)));
        assert_eq!(diff(d, &file.start, &after), ["+hit", "ammo 3 → 2"]);
        assert_eq!(state(d, &after), serde_json::json!({"f": [1], "v": [2]}));
    }
}
