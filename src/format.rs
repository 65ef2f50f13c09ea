//! Domain files (JSON, DESIGN.md §5) → [`Domain`], start state and goals.
//!
//! PLACEHOLDER: being written; the signatures below are the contract.

use std::fmt;

use crate::domain::{Domain, Goal};
use crate::state::WorldState;

/// A parsed domain file.
#[derive(Debug, Clone)]
pub struct DomainFile {
    /// Facts (in order of first appearance in the file) and actions (in file order).
    pub domain: Domain,
    /// `start`: listed true facts; everything else false.
    pub start: WorldState,
    /// `goal`, when present.
    pub goal: Option<Goal>,
    /// `goals` (for agents), in file order.
    pub goals: Vec<NamedGoal>,
}

/// One entry of `goals`.
#[derive(Debug, Clone)]
pub struct NamedGoal {
    /// Name.
    pub name: String,
    /// Priority.
    pub priority: f64,
    /// Conditions.
    pub conditions: Goal,
}

/// A domain file error: where and what.
#[derive(Debug, Clone, PartialEq)]
pub struct FormatError {
    /// File name, when known.
    pub file: Option<String>,
    /// 1-based line (0 when unknown).
    pub line: usize,
    /// 1-based column (0 when unknown).
    pub column: usize,
    /// What is wrong and what is expected.
    pub message: String,
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.file.as_deref().unwrap_or("<input>"),
            self.line,
            self.column,
            self.message
        )
    }
}

impl std::error::Error for FormatError {}

/// Parses a domain file's text.
pub fn parse_domain(_text: &str) -> Result<DomainFile, FormatError> {
    Err(FormatError {
        file: None,
        line: 0,
        column: 0,
        message: "not yet implemented".into(),
    })
}
