//! [`DomainEntry`]: one domain's contents in a world (facts, variables, actions, the stored
//! start state and goal, the goals new agents start with), and the checked construction of
//! start states.

use std::sync::Arc;

use super::{DomainId, WorldError};
use crate::agent::{AgentError, GoalDef};
use crate::domain::{Domain, DomainError, FactValue, Goal, VarCondition, VarId};
use crate::state::WorldState;

/// One domain of a world with its stored start state and goal.
///
/// Cloning an entry is cheap: the facts and actions are shared (`Arc`) until one of the
/// clones changes them through [`DomainEntry::domain_mut`].
#[derive(Debug, Clone)]
pub struct DomainEntry {
    pub(super) id: DomainId,
    pub(super) name: String,
    pub(super) domain: Arc<Domain>,
    pub(super) start: WorldState,
    pub(super) goal: Option<Goal>,
    /// Goals new agents of this domain start with (a domain file's `goals`).
    pub(super) goals: Vec<GoalDef>,
}

impl DomainEntry {
    /// The domain's id.
    pub fn id(&self) -> DomainId {
        self.id
    }

    /// The name given at creation (may be empty); used in messages.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Facts and actions.
    pub fn domain(&self) -> &Domain {
        &self.domain
    }

    /// Facts and actions, shared: agents keep the domain as it was when they were created.
    pub fn domain_arc(&self) -> &Arc<Domain> {
        &self.domain
    }

    /// The goals new agents of this domain start with (a domain file's `goals`, in order).
    pub fn goals(&self) -> &[GoalDef] {
        &self.goals
    }

    /// Adds a goal that new agents of this domain start with (existing agents are not
    /// changed). Its conditions must belong to this domain.
    pub fn add_goal(&mut self, goal: GoalDef) -> Result<(), WorldError> {
        self.domain
            .conditions_with(
                goal.conditions.entries().iter().copied(),
                goal.conditions.var_conditions().iter().copied(),
            )
            .map_err(WorldError::from)?;
        if !goal.priority.is_finite() {
            return Err(AgentError::InvalidArgument(format!(
                "a goal priority must be a finite number, not {}",
                goal.priority
            ))
            .into());
        }
        self.goals.push(goal);
        Ok(())
    }

    /// Facts and actions, for adding to them. Copies them first when another entry (a
    /// snapshot in use by a plan) shares them.
    pub fn domain_mut(&mut self) -> &mut Domain {
        Arc::make_mut(&mut self.domain)
    }

    /// The stored start state (all facts false until set).
    pub fn start(&self) -> &WorldState {
        &self.start
    }

    /// The stored goal, if one was set.
    pub fn goal(&self) -> Option<&Goal> {
        self.goal.as_ref()
    }

    /// Replaces the facts of the start state: exactly the listed `true` entries hold. The
    /// variables keep their start values. Fails on an unknown fact or a fact listed with
    /// both values; the state is unchanged then.
    pub fn set_start(&mut self, values: &[FactValue]) -> Result<(), DomainError> {
        let mut start = start_state(&self.domain, values)?;
        for i in 0..self.domain.var_count() {
            let var = VarId(i as u32);
            if let Some(x) = self.start.var(var) {
                start.set_var(var, x);
            }
        }
        self.start = start;
        Ok(())
    }

    /// Replaces the variables of the start state: the listed ones take their values, every
    /// other one (variables declared later too) its default. The facts are untouched.
    /// Fails, leaving the state unchanged, on an unknown variable
    /// ([`DomainError::UnknownVar`]), a value outside its range
    /// ([`DomainError::ConstantOutOfRange`]) or a variable listed with two different values
    /// ([`DomainError::VarConflict`]).
    pub fn set_start_vars(&mut self, values: &[(VarId, i32)]) -> Result<(), DomainError> {
        check_start_vars(&self.domain, values)?;
        for i in 0..self.domain.var_count() {
            self.start.clear_var(VarId(i as u32));
        }
        for &(var, x) in values {
            self.start.set_var(var, x);
        }
        Ok(())
    }

    /// Replaces the fact conditions of the goal, keeping its variable conditions (none if
    /// there was no goal). An empty goal is one that every state satisfies.
    pub fn set_goal(&mut self, conditions: &[FactValue]) -> Result<(), DomainError> {
        let vars = self.goal_var_conditions();
        self.goal = Some(
            self.domain
                .conditions_with(conditions.iter().copied(), vars)?,
        );
        Ok(())
    }

    /// Replaces the variable conditions of the goal, keeping its fact conditions; without a
    /// goal, creates one with no fact conditions. Fails on an unknown variable, a constant
    /// outside its variable's range and conditions on one variable that can never hold
    /// together; the goal is unchanged then.
    pub fn set_goal_vars(&mut self, conditions: &[VarCondition]) -> Result<(), DomainError> {
        let facts = self.goal.as_ref().map(|g| g.entries().to_vec());
        let goal = self
            .domain
            .conditions_with(facts.unwrap_or_default(), conditions.iter().copied())?;
        self.goal = Some(goal);
        Ok(())
    }

    fn goal_var_conditions(&self) -> Vec<VarCondition> {
        self.goal
            .as_ref()
            .map(|g| g.var_conditions().to_vec())
            .unwrap_or_default()
    }

    /// `domain 3` or `domain 3 ("kitchen")`, for messages.
    pub fn describe(&self) -> String {
        if self.name.is_empty() {
            format!("domain {}", self.id)
        } else {
            format!("domain {} (\"{}\")", self.id, self.name)
        }
    }
}

/// A validated start state over `domain`'s facts: exactly the listed `true` facts hold;
/// every variable has its default.
pub fn start_state(domain: &Domain, values: &[FactValue]) -> Result<WorldState, DomainError> {
    let checked = domain.conditions(values.iter().copied())?;
    Ok(WorldState::from_values(checked.entries().iter().copied()))
}

/// A validated start state over `domain`'s facts and variables: exactly the listed `true`
/// facts hold, the listed variables take their values and the others their defaults.
/// Fails as [`start_state`] and [`DomainEntry::set_start_vars`] do.
pub fn start_state_with(
    domain: &Domain,
    facts: &[FactValue],
    vars: &[(VarId, i32)],
) -> Result<WorldState, DomainError> {
    let mut state = start_state(domain, facts)?;
    check_start_vars(domain, vars)?;
    for &(var, x) in vars {
        state.set_var(var, x);
    }
    Ok(state)
}

/// Checks start values: known variables, values within range, no variable with two
/// different values (the same value twice is fine).
fn check_start_vars(domain: &Domain, values: &[(VarId, i32)]) -> Result<(), DomainError> {
    for &(id, x) in values {
        domain.check_var_value(id, x, "start")?;
    }
    let mut sorted = values.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    if let Some(w) = sorted.windows(2).find(|w| w[0].0 == w[1].0) {
        return Err(DomainError::VarConflict {
            context: "start".into(),
            var: domain.vars()[w[0].0.index()].name().to_owned(),
            detail: format!("is listed with two values, {} and {}", w[0].1, w[1].1),
        });
    }
    Ok(())
}
