//! The C ABI (`include/goap.h`). The only module with `unsafe` code.
//!
//! Every exported function runs its body under `guard!` (null checks,
//! `catch_unwind`, status + thread-local last error). Files, in header order: version,
//! status, error (last error), alloc (the allocator hook and byte count: the crate's
//! global allocator), log, ids, world, domain, fact, var, action, plan, then the
//! agents: agent (lifecycle and believed state), goal, context (action settings and
//! callbacks), protocol (step, report and what an agent tells), batch (batch planning and
//! the plan cache); inspect (introspection and the search trace), domain_goals (a
//! domain's agent goals), templates (a domain's action templates), template_def, shared,
//! record, validate (a domain file's diagnostics, without a world); guard (debug hook)
//! last. `args` holds the argument conversions
//! shared by all of them.
//!
//! The rules every function follows (stated once at the top of the header, see
//! `cbindgen.toml`): outputs are written only on success (the one exception is
//! `GOAP_STATUS_BUFFER_TOO_SMALL`, which writes the needed size), every error sets the
//! thread's last error, strings cross as UTF-8 pointer + `uint32_t` length.

#[macro_use]
mod guard;
mod args;

pub mod action;
pub mod agent;
pub mod alloc;
pub mod batch;
pub mod context;
pub mod domain;
pub mod domain_goals;
pub mod error;
pub mod fact;
pub mod goal;
pub mod ids;
pub mod inspect;
pub mod log;
pub mod plan;
pub mod protocol;
pub mod record;
pub mod shared;
pub mod status;
pub mod template_def;
pub mod templates;
pub mod validate;
pub mod var;
pub mod version;
pub mod world;

pub use action::*;
pub use agent::*;
pub use alloc::*;
pub use batch::*;
pub use context::*;
pub use domain::*;
pub use domain_goals::*;
pub use error::{
    goap_clear_last_error, goap_last_error_length, goap_last_error_message, last_error, FfiError,
};
pub use fact::*;
pub use goal::*;
pub use guard::{goap_debug_force_panic, goap_debug_poison_world};
pub use ids::{GoapActionId, GoapAgentId, GoapDomainId, GoapFactId, GoapGoalId, GoapVarId};
pub use inspect::*;
pub use log::*;
pub use plan::*;
pub use protocol::*;
pub use record::*;
pub use shared::*;
pub use status::*;
pub use template_def::*;
pub use templates::*;
pub use validate::*;
pub use var::*;
pub use version::*;
pub use world::*;
