//! Id types passed by value and their encoding.
//!
//! - A domain id is the domain's process-unique number (1 ..= 2^32 - 2).
//! - A fact or action id is `(domain number << 32) | (index + 1)`, so an id from another
//!   domain or world is always recognised, and zero is never valid.

use parking_lot::{MappedRwLockReadGuard, MappedRwLockWriteGuard};

use super::args::counted;
use super::error::FfiError;
use super::status::GoapStatus;
use crate::domain::{ActionId, FactId};
use crate::world::{DomainEntry, DomainId, World};

/// Id of a domain within a world. Zero is never valid; the id of a destroyed domain is never
/// handed out again in the process, so a stale or foreign id is always an error
/// (GOAP_STATUS_UNKNOWN_DOMAIN).
pub type GoapDomainId = u64;

/// Id of a fact of one domain. Zero is never valid; an id used with another domain is
/// always an error (GOAP_STATUS_UNKNOWN_FACT). Ids stay valid while their domain lives.
pub type GoapFactId = u64;

/// Id of an action of one domain. Zero is never valid; an id used with another domain is
/// always an error (GOAP_STATUS_UNKNOWN_ACTION). Ids stay valid while their domain lives.
pub type GoapActionId = u64;

/// The ABI value of a domain id.
pub(crate) fn encode_domain(id: DomainId) -> GoapDomainId {
    u64::from(id.get())
}

/// Decodes a domain id without looking it up.
pub(crate) fn decode_domain(raw: GoapDomainId) -> Result<DomainId, FfiError> {
    let unknown = |m: String| FfiError::new(GoapStatus::UnknownDomain, m);
    if raw == 0 {
        return Err(unknown("domain id 0 is never valid".into()));
    }
    u32::try_from(raw)
        .ok()
        .and_then(DomainId::from_raw)
        .ok_or_else(|| {
            unknown(format!(
                "{raw:#x} is not a domain id (it looks like a fact or action id)"
            ))
        })
}

/// Shared access to the domain `raw` of `world`.
pub(crate) fn read_domain(
    world: &World,
    raw: GoapDomainId,
) -> Result<MappedRwLockReadGuard<'_, DomainEntry>, FfiError> {
    Ok(world.domain(decode_domain(raw)?)?)
}

/// Exclusive access to the domain `raw` of `world`.
pub(crate) fn write_domain(
    world: &World,
    raw: GoapDomainId,
) -> Result<MappedRwLockWriteGuard<'_, DomainEntry>, FfiError> {
    Ok(world.domain_mut(decode_domain(raw)?)?)
}

fn encode_item(domain: DomainId, index: u32) -> u64 {
    (u64::from(domain.get()) << 32) | (u64::from(index) + 1)
}

/// Decodes an item id of `entry` with `count` items of `kind`; `what` names the argument.
fn decode_item(
    entry: &DomainEntry,
    raw: u64,
    what: &str,
    kind: &str,
    count: usize,
    status: GoapStatus,
) -> Result<u32, FfiError> {
    let fail = |m: String| Err(FfiError::new(status, format!("{what}: {m}")));
    if raw == 0 {
        return fail(format!("0 is never a valid {kind} id"));
    }
    let (owner, low) = ((raw >> 32) as u32, raw as u32);
    if owner != entry.id().get() {
        return fail(format!(
            "{kind} id {raw:#x} does not belong to {} (it is from another domain or world, \
             or not {} id)",
            entry.describe(),
            with_article(kind)
        ));
    }
    let index = low.wrapping_sub(1);
    if low == 0 || index as usize >= count {
        return fail(format!(
            "{kind} id {raw:#x} is not {} of {} (it has {})",
            with_article(kind),
            entry.describe(),
            counted(count, kind)
        ));
    }
    Ok(index)
}

/// `a fact`, `an action`.
fn with_article(noun: &str) -> String {
    let article = if noun.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {noun}")
}

/// The ABI value of a fact id.
pub(crate) fn encode_fact(domain: DomainId, fact: FactId) -> GoapFactId {
    encode_item(domain, fact.0)
}

/// Decodes a fact id of `entry`; `what` names the argument in messages.
pub(crate) fn decode_fact(
    entry: &DomainEntry,
    raw: GoapFactId,
    what: &str,
) -> Result<FactId, FfiError> {
    let count = entry.domain().fact_count();
    decode_item(entry, raw, what, "fact", count, GoapStatus::UnknownFact).map(FactId)
}

/// The ABI value of an action id.
pub(crate) fn encode_action(domain: DomainId, action: ActionId) -> GoapActionId {
    encode_item(domain, action.0)
}

/// Decodes an action id of `entry`; `what` names the argument in messages.
pub(crate) fn decode_action(
    entry: &DomainEntry,
    raw: GoapActionId,
    what: &str,
) -> Result<ActionId, FfiError> {
    let count = entry.domain().action_count();
    decode_item(entry, raw, what, "action", count, GoapStatus::UnknownAction).map(ActionId)
}
