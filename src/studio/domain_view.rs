//! The Domain view's data: facts, variables, actions, the graph, lint warnings and each
//! goal's plan or "why no plan" report.

use serde_json::{json, Value};

use super::graph;
use super::search::{search, SearchLabel, MAX_SHOWN_STATES};
use super::text;
use crate::domain::{Domain, FactId, Goal, VarId};
use crate::explain::{explain, ExplainOptions};
use crate::format::{lint, lint_templates, lint_vars, DomainFile};
use crate::planner::{ActionContext, Outcome, PlanOptions, Planner};
use crate::state::WorldState;

/// Goals of one file whose searches are embedded (the first ones in file order).
pub const MAX_GOAL_SEARCHES: usize = 20;

/// The facts, variables and actions of `domain` (no goals, no lint), for a page's
/// `domains` list.
fn base(name: &str, domain: &Domain, start: &WorldState, goals: &[&Goal]) -> Value {
    let facts: Vec<&str> = (0..domain.fact_count() as u32)
        .map(|f| domain.fact_name(FactId(f)))
        .collect();
    let vars: Vec<Value> = domain
        .vars()
        .iter()
        .map(|v| json!({"name": v.name(), "min": v.min(), "max": v.max(), "default": v.default_value()}))
        .collect();
    let actions: Vec<Value> = domain
        .actions()
        .iter()
        .map(|a| {
            let mut eff: Vec<String> = a
                .effects()
                .entries()
                .iter()
                .map(|e| {
                    let sign = if e.value { "+" } else { "−" };
                    format!("{sign}{}", domain.fact_name(e.fact))
                })
                .collect();
            eff.extend(a.var_effects().iter().map(|e| text::var_effect(domain, e)));
            json!({
                "name": a.name(),
                "cost": a.cost(),
                "pre": text::conditions(domain, a.pre()),
                "eff": eff,
            })
        })
        .collect();
    let mut goal_facts: Vec<FactId> = goals
        .iter()
        .flat_map(|g| g.entries().iter().map(|c| c.fact))
        .collect();
    goal_facts.sort();
    goal_facts.dedup();
    let mut goal_vars: Vec<VarId> = goals
        .iter()
        .flat_map(|g| g.var_conditions().iter().map(|c| c.var))
        .collect();
    goal_vars.sort();
    goal_vars.dedup();
    json!({
        "name": name,
        "facts": facts,
        "vars": vars,
        "actions": actions,
        "start": text::state(domain, start),
        "graph": graph::layout(domain, start, &goal_facts, &goal_vars),
        "lint": [],
        "goals": [],
    })
}

/// A domain of a recording: its graph drawn from the all-false, all-default state.
pub fn recorded_domain(name: &str, domain: &Domain, _index: usize) -> Value {
    let mut v = base(name, domain, &WorldState::new(), &[]);
    v["note"] = json!(
        "A recorded domain has no start state of its own: the graph's columns are laid out \
         from the state with every fact false and every variable at its default."
    );
    v
}

/// A domain file: [`base`], its lint warnings, and each goal's plan or report with its
/// search (appended to `searches`).
pub fn domain_file(file: &DomainFile, index: usize, searches: &mut Vec<Value>) -> Value {
    let d = &file.domain;
    let mut targets: Vec<(String, &str, Option<f64>, &Goal)> = Vec::new();
    if let Some(g) = &file.goal {
        targets.push(("goal".into(), "goal", None, g));
    }
    for g in &file.goals {
        targets.push((g.name.clone(), "goals", Some(g.priority), &g.conditions));
    }
    let goal_refs: Vec<&Goal> = targets.iter().map(|t| t.3).collect();
    let mut v = base("", d, &file.start, &goal_refs);
    let mut warnings: Vec<String> = lint(file).iter().map(ToString::to_string).collect();
    warnings.extend(lint_vars(file).iter().map(ToString::to_string));
    warnings.extend(lint_templates(file).iter().map(ToString::to_string));
    v["lint"] = json!(warnings);
    let context = ActionContext::new();
    let mut goals = Vec::new();
    for (k, (name, source, priority, conditions)) in targets.iter().enumerate() {
        let result = Planner::new().plan(d, &file.start, conditions, &PlanOptions::default());
        let mut g = json!({
            "name": name,
            "source": source,
            "priority": priority,
            "conditions": text::conditions(d, conditions),
            "expanded": result.stats.expanded,
            "plan": [],
            "cost": Value::Null,
            "report": Value::Null,
            "search": Value::Null,
        });
        match &result.outcome {
            Outcome::Found(p) => {
                let names: Vec<&str> = p
                    .actions
                    .iter()
                    .map(|&a| d.action(a).map_or("?", |a| a.name()))
                    .collect();
                g["status"] = json!("found");
                g["plan"] = json!(names);
                g["cost"] = json!(p.cost);
            }
            Outcome::NoPlan | Outcome::LimitReached => {
                g["status"] = json!(if result.outcome == Outcome::NoPlan {
                    "no_plan"
                } else {
                    "limit"
                });
                let why = explain(
                    d,
                    &file.start,
                    conditions,
                    &context,
                    &ExplainOptions::default(),
                );
                g["report"] = json!(why.render(d));
            }
            Outcome::OutOfMemory(e) => {
                g["status"] = json!("error");
                g["report"] = json!(format!("The planner ran out of memory: {e}"));
            }
        }
        if k < MAX_GOAL_SEARCHES {
            let title = if *source == "goal" {
                "the file's goal".to_owned()
            } else {
                format!("goals entry \"{name}\"")
            };
            g["search"] = json!(searches.len());
            searches.push(search(
                SearchLabel {
                    title,
                    goal: name,
                    domain: index,
                },
                d,
                &file.start,
                conditions,
                &context,
                MAX_SHOWN_STATES,
            ));
        }
        goals.push(g);
    }
    v["goals"] = json!(goals);
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{load_domain_file, parse_domain};

    fn sample(name: &str) -> DomainFile {
        let path = format!("{}/examples/domains/{name}", env!("CARGO_MANIFEST_DIR"));
        load_domain_file(std::path::Path::new(&path)).unwrap()
    }

    #[test]
    fn kitchen_goal_has_its_optimal_plan_in_chinese() {
        let mut searches = Vec::new();
        let v = domain_file(&sample("kitchen.json"), 0, &mut searches);
        let goal = &v["goals"][0];
        assert_eq!(goal["name"], "goal");
        assert_eq!(goal["status"], "found");
        assert_eq!(goal["cost"], 17.0);
        let plan: Vec<&str> = goal["plan"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_str().unwrap())
            .collect();
        assert!(plan.contains(&"洗菜") && plan.contains(&"炒菜"), "{plan:?}");
        assert_eq!(goal["search"], 0);
        assert_eq!(searches.len(), 1);
        assert_eq!(
            searches[0]["plan"], goal["plan"],
            "the search finds the same plan"
        );
        assert_eq!(searches[0]["cost"], 17.0);
        assert_eq!(v["actions"][0]["name"], "洗菜");
        assert_eq!(v["actions"][0]["pre"], json!(["菜已买"]));
        assert_eq!(v["actions"][0]["eff"], json!(["+菜已洗"]));
        assert!(v["lint"].as_array().unwrap().is_empty());
    }

    #[test]
    fn night_watch_beacon_has_the_why_no_plan_report() {
        let mut searches = Vec::new();
        let v = domain_file(&sample("night-watch.json"), 0, &mut searches);
        let goals = v["goals"].as_array().unwrap();
        assert_eq!(goals.len(), 3, "the file's goal and two goals entries");
        assert_eq!(goals[0]["status"], "found");
        assert_eq!(goals[0]["cost"], 5.0);
        let beacon = &goals[2];
        assert_eq!(beacon["name"], "beacon");
        assert_eq!(beacon["priority"], 1.0);
        assert_eq!(beacon["status"], "no_plan");
        let report = beacon["report"].as_str().unwrap();
        assert!(report.contains("did you mean \"has_flnt\"?"), "{report}");
        assert_eq!(searches[2]["end"], "no_plan");
        // The typo is also a lint warning.
        let lint = v["lint"].as_array().unwrap();
        assert!(lint
            .iter()
            .any(|w| w.as_str().unwrap().contains("\"has_flint\"")));
    }

    #[test]
    fn variables_are_listed_with_their_ranges() {
        let file = parse_domain(
            r#"{"vars": {"gold": {"min": 0, "max": 50, "default": 5}, "unused": {"min": 0, "max": 1}},
                "actions": [{"name": "work", "effects": {"gold": {"+=": 5}}}],
                "goal": {"gold": {">=": 10}}}"#,
        )
        .unwrap();
        let mut searches = Vec::new();
        let v = domain_file(&file, 0, &mut searches);
        assert_eq!(
            v["vars"][0],
            json!({"name": "gold", "min": 0, "max": 50, "default": 5})
        );
        assert_eq!(v["actions"][0]["eff"], json!(["gold += 5"]));
        assert_eq!(v["goals"][0]["conditions"], json!(["gold ≥ 10"]));
        assert_eq!(v["goals"][0]["plan"], json!(["work"]));
        assert_eq!(v["start"], json!({"f": [], "v": [5, 0]}));
        assert!(v["lint"][0].as_str().unwrap().contains("\"unused\""));
    }
}
