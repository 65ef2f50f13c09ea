//! `goap demo`: the village simulation (agents, goal arbitration, failures, batch planning)
//! and, with `--kitchen`, the single-plan walkthrough of the kitchen scenario.

mod kitchen;
mod village;

pub use kitchen::kitchen;
pub use village::village;
