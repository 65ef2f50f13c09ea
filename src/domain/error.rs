//! Why a definition was rejected.

use std::fmt;

use super::{format_cost, ActionId, FactId, VarId, MAX_ACTION_COST};

/// Why a definition was rejected.
#[derive(Clone, Debug, PartialEq)]
pub enum DomainError {
    /// A fact or action name was empty.
    EmptyName,
    /// A fact or action name contains a NUL character (it would read differently in C).
    NulInName(String),
    /// An action with this name exists already.
    DuplicateAction(String),
    /// The cost is NaN, infinite, negative or above [`MAX_ACTION_COST`].
    InvalidCost {
        /// The action.
        action: String,
        /// The rejected value.
        cost: f64,
    },
    /// A fact id does not belong to this domain.
    UnknownFact(FactId),
    /// An action id does not belong to this domain.
    UnknownAction(ActionId),
    /// The same fact is listed with both values in one condition set.
    Contradiction {
        /// The fact.
        fact: FactId,
    },
    /// A precondition or effect list of the named action contradicts itself.
    ActionContradiction {
        /// The action.
        action: String,
        /// Which list: `"pre"` or `"effects"`.
        list: &'static str,
        /// The fact's name.
        fact: String,
    },
    /// The domain cannot grow any further (over `u32::MAX - 1` facts, variables or
    /// actions).
    TooMany,
    /// A variable id does not belong to this domain.
    UnknownVar(VarId),
    /// The name is taken by the other kind: a fact name declared as a variable or the
    /// reverse.
    NameInUse {
        /// The name.
        name: String,
        /// What already has it: `"fact"` or `"variable"`.
        taken_by: &'static str,
    },
    /// A variable of this name exists with a different range, default or overflow rule.
    VarRedefined(String),
    /// `min > max`, or a default outside `[min, max]`.
    InvalidRange {
        /// The variable.
        var: String,
        /// What is wrong.
        detail: String,
    },
    /// A constant lies outside what the variable allows.
    ConstantOutOfRange {
        /// The variable.
        var: String,
        /// Where: `"pre"`, `"effects"`, `"goal"` or `"start"`, with the action if any.
        context: String,
        /// What is wrong.
        detail: String,
    },
    /// Conditions on one variable that no value satisfies together (in a list built without
    /// a domain: no `i32` at all).
    VarContradiction {
        /// The variable.
        var: VarId,
    },
    /// A list's conditions on a variable can never hold within its range, or an action has
    /// two effects on one variable.
    VarConflict {
        /// Where, as for [`DomainError::ConstantOutOfRange`].
        context: String,
        /// The variable's name.
        var: String,
        /// What is wrong.
        detail: String,
    },
    /// An object type declaration was rejected (what is wrong, naming the type).
    InvalidObjects(String),
    /// A template was rejected.
    Template {
        /// The template's name.
        template: String,
        /// What is wrong.
        detail: String,
    },
}

impl fmt::Display for DomainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DomainError::EmptyName => write!(f, "names must not be empty"),
            DomainError::NulInName(n) => write!(
                f,
                "name {:?} contains a NUL character (names are UTF-8 text without NUL)",
                n
            ),
            DomainError::DuplicateAction(n) => write!(f, "duplicate action name \"{n}\""),
            DomainError::InvalidCost { action, cost } => write!(
                f,
                "action \"{action}\": cost {} is invalid (expected a number from 0 to {MAX_ACTION_COST:e})",
                format_cost(*cost)
            ),
            DomainError::UnknownFact(id) => write!(f, "unknown fact id {}", id.0),
            DomainError::UnknownAction(id) => write!(f, "unknown action id {}", id.0),
            DomainError::Contradiction { fact } => {
                write!(
                    f,
                    "fact id {} is required to be both true and false",
                    fact.0
                )
            }
            DomainError::ActionContradiction { action, list, fact } => write!(
                f,
                "action \"{action}\": {list} lists fact \"{fact}\" as both true and false"
            ),
            DomainError::TooMany => write!(f, "too many facts, variables or actions"),
            DomainError::UnknownVar(id) => write!(f, "unknown variable id {}", id.0),
            DomainError::NameInUse { name, taken_by } => write!(
                f,
                "\"{name}\" is already a {taken_by} (facts and variables share one namespace)"
            ),
            DomainError::VarRedefined(n) => write!(
                f,
                "variable \"{n}\" is already declared with another range, default or overflow rule"
            ),
            DomainError::InvalidRange { var, detail } => {
                write!(f, "variable \"{var}\": {detail}")
            }
            DomainError::ConstantOutOfRange {
                var,
                context,
                detail,
            } => write!(f, "{context}: variable \"{var}\": {detail}"),
            DomainError::VarContradiction { var } => write!(
                f,
                "the conditions on variable id {} can never hold together",
                var.0
            ),
            DomainError::VarConflict {
                context,
                var,
                detail,
            } => write!(f, "{context}: variable \"{var}\": {detail}"),
            DomainError::InvalidObjects(detail) => f.write_str(detail),
            DomainError::Template { template, detail } => {
                write!(f, "template \"{template}\": {detail}")
            }
        }
    }
}

impl std::error::Error for DomainError {}
