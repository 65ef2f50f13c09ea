//! # goap — Goal-Oriented Action Planning for game AI
//!
//! An optimal A* planner over world states of boolean facts and bounded integer variables,
//! usable as a plain Rust crate and, with the cargo feature `capi` (the `ffi` module), as a
//! C-ABI native library (`include/goap.h`).
//!
//! ```
//! use goap::{ActionDef, Domain, FactValue, Planner, PlanOptions, WorldState};
//!
//! let mut d = Domain::new();
//! let has_axe = d.add_fact("has_axe").unwrap();
//! let has_wood = d.add_fact("has_wood").unwrap();
//! d.add_action(ActionDef { name: "get_axe".into(), pre: vec![],
//!     effects: vec![FactValue::new(has_axe, true)], cost: 2.0, ..Default::default() }).unwrap();
//! d.add_action(ActionDef { name: "chop".into(), pre: vec![FactValue::new(has_axe, true)],
//!     effects: vec![FactValue::new(has_wood, true)], cost: 1.0, ..Default::default() }).unwrap();
//! let goal = d.conditions([FactValue::new(has_wood, true)]).unwrap();
//! let result = Planner::new().plan(&d, &WorldState::new(), &goal, &PlanOptions::default());
//! let plan = result.plan().unwrap();
//! assert_eq!(plan.cost, 3.0);
//! assert_eq!(d.action(plan.actions[0]).unwrap().name(), "get_axe");
//! ```
//!
//! Integer variables have a range and are changed by effects; the planner repeats actions
//! as often as needed:
//!
//! ```
//! use goap::{ActionDef, Compare, Domain, VarCondition, VarDef, VarEffect, VarOp, WorldState};
//!
//! let mut d = Domain::new();
//! let wood = d.add_var(VarDef::new("wood", 0, 50)).unwrap();
//! d.add_action(ActionDef { name: "chop".into(), cost: 1.0,
//!     var_effects: vec![VarEffect::new(wood, VarOp::Add, 2)], ..Default::default() }).unwrap();
//! let goal = d.conditions_with([], [VarCondition::new(wood, Compare::Ge, 5)]).unwrap();
//! let result = goap::plan(&d, &WorldState::new(), &goal);
//! assert_eq!(result.plan().unwrap().actions.len(), 3); // 0 → 2 → 4 → 6
//! ```
#![deny(missing_docs)]
#![deny(unsafe_code)]
#![deny(unsafe_op_in_unsafe_fn)]

pub mod agent;
pub mod domain;
pub mod explain;
pub mod format;
mod memory;
pub mod planner;
pub mod record;
pub mod state;
pub mod studio;
pub mod world;

// The C ABI (feature `capi`) is the one module with unsafe code (raw pointers from the host).
#[cfg(feature = "capi")]
#[allow(unsafe_code)]
pub mod ffi;

pub use agent::{Agent, AgentDef, AgentId, GoalDef, ReplanCause, Report, Step, StepKind};
pub use domain::{
    Action, ActionDef, ActionId, ActionTemplate, Compare, Conditions, Domain, DomainError, FactId,
    FactValue, Goal, Overflow, TemplateDef, Var, VarCondition, VarDef, VarEffect, VarId, VarOp,
    MAX_ACTION_COST, MAX_GROUNDINGS, MAX_GROUND_NAMES,
};
pub use planner::{lmcut_estimate, max_table_bytes, set_max_table_bytes};
pub use planner::{
    plan, ActionContext, Direction, Heuristic, OutOfMemory, Outcome, Plan, PlanOptions, PlanResult,
    Planner, SearchBudget, SearchStats, AUTO_BACKWARD_AFTER, BOUNDED_MAX_STATES, EXACT_MAX_FACTS,
    EXACT_MAX_STATES, EXACT_MAX_WORK, EXACT_TABLES, MAX_TABLE_BYTES, PROBE_EXPANSIONS,
    PROBE_MAX_ACTIONS, SHARED_EXACT_TABLES,
};
pub use state::WorldState;
pub use world::{BatchOptions, BatchStats, CacheStats, World, WorldDef};

/// The README's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
