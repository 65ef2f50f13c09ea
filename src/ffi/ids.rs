//! Id types passed by value and their encoding.
//!
//! Ids are opaque to C callers (the header promises only that they are non-zero and that
//! misuse is detected); the encoding below may change between versions.
//!
//! - A domain id is the domain's process-unique number (1 ..= 2^32 - 2).
//! - An item id (fact, action or variable) is `(domain number << 32) | tag | (index + 1)`,
//!   with a two-bit kind tag in bits 31..30 of the low word: `00` fact, `10` action, `01`
//!   variable (`11` is never issued). The high word recognises an id from another domain
//!   or world, the tag tells the kinds apart (a fact id, an action id and a variable id
//!   never coincide, so passing one for another is detected), and zero is never valid.
//!   Indices are limited to 2^30 - 2, so a domain has at most 2^30 - 1 facts, 2^30 - 1
//!   actions and 2^30 - 1 variables through the C ABI (`ensure_fits`).
//! - An agent id is `(world tag << 56) | (slot index << 32) | slot version`: the slotmap
//!   key of the agent (its index is below 2^24, see `MAX_AGENTS`; live versions are odd)
//!   and the tag of its world, 1 ..= 255 (`WorldTag`). Tag 0 is never issued, so no
//!   domain or item id (whose top byte is 0 while fewer than 2^24 domains were created) is
//!   taken for an agent id, and zero is never valid. The tag tells an id of another live
//!   world apart unless the two worlds share a tag (only when more than 255 worlds are
//!   alive at once).

use std::sync::Arc;

use parking_lot::{const_mutex, Mutex};
use slotmap::{Key, KeyData};

use super::args::counted;
use super::error::FfiError;
use super::status::GoapStatus;
use crate::agent::AgentId;
use crate::domain::{ActionId, Domain, FactId, VarId};
use crate::world::{DomainEntry, DomainId, World};

/// Id of a domain within a world. Opaque, like every id. Zero is never valid. Domain ids
/// come from one counter for the whole process (all worlds), so the id of a destroyed
/// domain is never handed out again and a stale or foreign id is always an error
/// (GOAP_STATUS_UNKNOWN_DOMAIN); after 2^32 - 2 domains have been created in one process,
/// creating another fails with GOAP_STATUS_TOO_MANY.
pub type GoapDomainId = u64;

/// Id of a fact of one domain. Opaque: compare ids for equality, never compute with them.
/// Zero is never valid; an id used with another domain, and an action id passed as a fact
/// id, is always an error (GOAP_STATUS_UNKNOWN_FACT). Ids stay valid while their domain
/// lives.
pub type GoapFactId = u64;

/// Id of an integer variable of one domain. Opaque: compare ids for equality, never
/// compute with them. Zero is never valid; an id used with another domain, and a fact or
/// action id passed as a variable id, is always an error (GOAP_STATUS_UNKNOWN_VAR); a
/// variable id passed as a fact id is GOAP_STATUS_UNKNOWN_FACT. No variable id equals any
/// fact or action id. Ids stay valid while their domain lives.
pub type GoapVarId = u64;

/// Id of an action of one domain. Opaque: compare ids for equality, never compute with
/// them. Zero is never valid; an id used with another domain, and a fact id passed as an
/// action id, is always an error (GOAP_STATUS_UNKNOWN_ACTION). No action id equals any fact
/// or variable id. Ids stay valid while their domain lives.
pub type GoapActionId = u64;

/// Id of an agent of a world. Opaque: compare ids for equality, never compute with them.
/// Zero is never valid. Ids are generational: the id of a destroyed agent (stale) never
/// names another agent, and is GOAP_STATUS_UNKNOWN_AGENT. An id carries a tag of its world,
/// so an id of another world (foreign) is GOAP_STATUS_UNKNOWN_AGENT too, with one
/// exception: the tag has 255 values, each given to one live world at a time, so only when
/// more than 255 worlds are alive at once do two of them share a tag, and then an agent id
/// of one may name an agent of the other. A domain, fact, variable or action id is never
/// taken for an agent id (while the process has created fewer than 2^24 domains). Ids stay
/// valid until goap_agent_destroy or goap_world_destroy.
pub type GoapAgentId = u64;

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
                "{raw:#x} is not a domain id (it looks like {})",
                looks_like(raw)
            ))
        })
}

/// What an id that is not a domain id looks like, for messages: `a fact id`, `a domain id`,
/// `no id goap hands out`.
fn looks_like(raw: u64) -> String {
    if raw >> 56 != 0 && (raw >> 32) & 0xff_ffff != 0 && raw & 1 == 1 {
        return "an agent id".to_owned();
    }
    if raw >> 32 == 0 {
        return if raw == 0 { "zero" } else { "a domain id" }.to_owned();
    }
    match Kind::of_low_word(raw as u32) {
        Some(kind) => with_article(&format!("{} id", kind.name())),
        None => "no id goap hands out".to_owned(),
    }
}

/// The tag of a world in its agent ids: 1 ..= 255, held by one live world at a time while
/// fewer than 256 are alive. Released when dropped (with the world).
#[derive(Debug)]
pub(crate) struct WorldTag(u8);

/// How many live worlds hold each tag (index 0 unused), and the tag handed out last.
struct TagTable {
    holders: [u32; 256],
    last: u8,
}

static TAGS: Mutex<TagTable> = const_mutex(TagTable {
    holders: [0; 256],
    last: 0,
});

impl WorldTag {
    /// The next tag after the last one handed out that no live world holds; when all 255
    /// are held, the next one anyway (then two worlds share it).
    pub(crate) fn acquire() -> WorldTag {
        let mut t = TAGS.lock();
        let after = |tag: u8| if tag == 255 { 1 } else { tag + 1 };
        let first = after(t.last);
        let mut tag = first;
        while t.holders[usize::from(tag)] != 0 {
            tag = after(tag);
            if tag == first {
                break;
            }
        }
        t.holders[usize::from(tag)] += 1;
        t.last = tag;
        WorldTag(tag)
    }

    pub(crate) fn get(&self) -> u8 {
        self.0
    }
}

impl Drop for WorldTag {
    fn drop(&mut self) {
        TAGS.lock().holders[usize::from(self.0)] -= 1;
    }
}

/// The most agents a world created through the C ABI holds: an agent id packs its slot
/// into 24 bits (see the module documentation). goap_world_create sets it as the world's
/// [`crate::world::WorldDef::max_agents`].
pub(crate) const MAX_AGENTS: usize = (1 << 24) - 1;

/// The ABI value of an agent id of the world tagged `tag`.
pub(crate) fn encode_agent(tag: u8, id: AgentId) -> GoapAgentId {
    let key = id.data().as_ffi();
    let (version, index) = (key >> 32, key & 0xffff_ffff);
    // goap_world_create limits its world to MAX_AGENTS agents: every index is below 2^24.
    assert!(
        index <= MAX_AGENTS as u64,
        "agent slot {index} is beyond the C ABI's id range"
    );
    (u64::from(tag) << 56) | (index << 32) | version
}

/// Decodes an agent id for the world tagged `tag` without looking it up; `what` names the
/// argument in messages.
pub(crate) fn decode_agent(tag: u8, raw: GoapAgentId, what: &str) -> Result<AgentId, FfiError> {
    let fail = |m: String| {
        Err(FfiError::new(
            GoapStatus::UnknownAgent,
            format!("{what}: {m}"),
        ))
    };
    if raw == 0 {
        return fail("0 is never a valid agent id".into());
    }
    let (owner, index, version) = ((raw >> 56) as u8, (raw >> 32) & 0xff_ffff, raw as u32);
    if owner == 0 || index == 0 || version & 1 == 0 {
        return fail(format!(
            "{raw:#x} is not an agent id (it looks like {})",
            looks_like(raw)
        ));
    }
    if owner != tag {
        return fail(format!(
            "agent id {raw:#x} is foreign: it belongs to another world"
        ));
    }
    Ok(AgentId::from(KeyData::from_ffi(
        (u64::from(version) << 32) | index,
    )))
}

/// The message for an agent id that decoded but names no live agent of the world.
pub(crate) fn stale_agent(raw: GoapAgentId, what: &str) -> FfiError {
    FfiError::new(
        GoapStatus::UnknownAgent,
        format!(
            "{what}: agent id {raw:#x} is stale: its agent was destroyed (or it is foreign, \
             from another world that holds the same tag)"
        ),
    )
}

/// A snapshot of the domain `raw` of `world` (see [`World::snapshot`]); holds no lock.
pub(crate) fn read_domain(world: &World, raw: GoapDomainId) -> Result<Arc<DomainEntry>, FfiError> {
    Ok(world.snapshot(decode_domain(raw)?)?)
}

/// Runs `edit` on the domain `raw` of `world` (see [`World::edit`]): its changes are kept
/// when it returns `Ok`; it must change nothing when it fails.
pub(crate) fn edit_domain<T>(
    world: &World,
    raw: GoapDomainId,
    edit: impl FnOnce(&mut DomainEntry) -> Result<T, FfiError>,
) -> Result<T, FfiError> {
    world.edit(decode_domain(raw)?, edit)
}

/// What item ids are decoded against: a domain of a world ([`DomainEntry`]) or an agent's
/// domain (as it was when the agent was created; see `ffi::agent`).
pub(crate) trait IdScope {
    /// The domain's id: the high word of its item ids.
    fn owner(&self) -> DomainId;
    /// Its facts, variables and actions.
    fn items(&self) -> &Domain;
    /// The domain, for messages: `domain 3 ("kitchen")`.
    fn describe(&self) -> String;
}

impl IdScope for DomainEntry {
    fn owner(&self) -> DomainId {
        self.id()
    }

    fn items(&self) -> &Domain {
        self.domain()
    }

    fn describe(&self) -> String {
        DomainEntry::describe(self)
    }
}

impl<T: IdScope + ?Sized> IdScope for Arc<T> {
    fn owner(&self) -> DomainId {
        (**self).owner()
    }

    fn items(&self) -> &Domain {
        (**self).items()
    }

    fn describe(&self) -> String {
        (**self).describe()
    }
}

/// Bits 31..30 of an item id's low word: its kind tag.
const KIND_MASK: u32 = 0b11 << 30;

/// How many facts (and, separately, actions and variables) one domain may have through the
/// C ABI: indices 0 ..= 2^30 - 2, so that `index + 1` fits below the kind tag.
pub(crate) const MAX_ITEMS: usize = (!KIND_MASK) as usize;

/// The kinds of item ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Fact,
    Action,
    Var,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Fact => "fact",
            Kind::Action => "action",
            Kind::Var => "variable",
        }
    }

    fn tag(self) -> u32 {
        match self {
            Kind::Fact => 0,
            Kind::Action => 0b10 << 30,
            Kind::Var => 0b01 << 30,
        }
    }

    /// The kind a low word is tagged with; `None` for the tag that is never issued.
    fn of_low_word(low: u32) -> Option<Kind> {
        [Kind::Fact, Kind::Action, Kind::Var]
            .into_iter()
            .find(|k| k.tag() == low & KIND_MASK)
    }

    fn status(self) -> GoapStatus {
        match self {
            Kind::Fact => GoapStatus::UnknownFact,
            Kind::Action => GoapStatus::UnknownAction,
            Kind::Var => GoapStatus::UnknownVar,
        }
    }
}

/// Fails with GOAP_STATUS_TOO_MANY when a domain with `count` items of `kind` would have
/// more than the ids can name ([`MAX_ITEMS`]).
pub(crate) fn ensure_fits(count: usize, kind: Kind) -> Result<(), FfiError> {
    if count <= MAX_ITEMS {
        return Ok(());
    }
    Err(FfiError::new(
        GoapStatus::TooMany,
        format!(
            "a domain can have at most {MAX_ITEMS} {}s through the C ABI (this one would have \
             {count})",
            kind.name()
        ),
    ))
}

fn encode_item(domain: DomainId, kind: Kind, index: u32) -> u64 {
    // ensure_fits keeps every index below the limit; anything else would alias the kinds.
    assert!(
        (index as usize) < MAX_ITEMS,
        "{} index {index} is beyond the C ABI's id range",
        kind.name()
    );
    (u64::from(domain.get()) << 32) | u64::from(kind.tag() | (index + 1))
}

/// Decodes an item id of `entry` with `count` items of `kind`; `what` names the argument.
fn decode_item(
    entry: &(impl IdScope + ?Sized),
    raw: u64,
    what: &str,
    kind: Kind,
    count: usize,
) -> Result<u32, FfiError> {
    let name = kind.name();
    let fail = |m: String| Err(FfiError::new(kind.status(), format!("{what}: {m}")));
    if raw == 0 {
        return fail(format!("0 is never a valid {name} id"));
    }
    let (owner, low) = ((raw >> 32) as u32, raw as u32);
    if owner == 0 {
        return fail(format!(
            "{raw:#x} is not {} id (it looks like a domain id)",
            with_article(name)
        ));
    }
    match Kind::of_low_word(low) {
        Some(actual) if actual != kind => {
            return fail(format!(
                "{raw:#x} is {} id, not {} id (wrong kind of id)",
                with_article(actual.name()),
                with_article(name)
            ))
        }
        None => {
            return fail(format!(
                "{raw:#x} is not {} id (nor any other id goap hands out)",
                with_article(name)
            ))
        }
        Some(_) => {}
    }
    if owner != entry.owner().get() {
        return fail(format!(
            "{name} id {raw:#x} does not belong to {} (it is from another domain or world, \
             or not {} id)",
            entry.describe(),
            with_article(name)
        ));
    }
    let number = low & !KIND_MASK;
    let index = number.wrapping_sub(1);
    if number == 0 || index as usize >= count {
        return fail(format!(
            "{name} id {raw:#x} is not {} of {} (it has {})",
            with_article(name),
            entry.describe(),
            counted(count, name)
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
    encode_item(domain, Kind::Fact, fact.0)
}

/// Decodes a fact id of `entry`; `what` names the argument in messages.
pub(crate) fn decode_fact(
    entry: &(impl IdScope + ?Sized),
    raw: GoapFactId,
    what: &str,
) -> Result<FactId, FfiError> {
    let count = entry.items().fact_count();
    decode_item(entry, raw, what, Kind::Fact, count).map(FactId)
}

/// The ABI value of an action id.
pub(crate) fn encode_action(domain: DomainId, action: ActionId) -> GoapActionId {
    encode_item(domain, Kind::Action, action.0)
}

/// Decodes an action id of `entry`; `what` names the argument in messages.
pub(crate) fn decode_action(
    entry: &(impl IdScope + ?Sized),
    raw: GoapActionId,
    what: &str,
) -> Result<ActionId, FfiError> {
    let count = entry.items().action_count();
    decode_item(entry, raw, what, Kind::Action, count).map(ActionId)
}

/// The ABI value of a variable id.
pub(crate) fn encode_var(domain: DomainId, var: VarId) -> GoapVarId {
    encode_item(domain, Kind::Var, var.0)
}

/// Decodes a variable id of `entry`; `what` names the argument in messages.
pub(crate) fn decode_var(
    entry: &(impl IdScope + ?Sized),
    raw: GoapVarId,
    what: &str,
) -> Result<VarId, FfiError> {
    let count = entry.items().var_count();
    decode_item(entry, raw, what, Kind::Var, count).map(VarId)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn domain() -> DomainId {
        DomainId::from_raw(7).unwrap()
    }

    #[test]
    fn kinds_differ_in_bits_31_and_30_up_to_the_last_index() {
        let last = (MAX_ITEMS - 1) as u32;
        let fact = encode_item(domain(), Kind::Fact, last);
        let action = encode_item(domain(), Kind::Action, last);
        let var = encode_item(domain(), Kind::Var, last);
        assert_eq!(fact, 0x7_3fff_ffff);
        assert_eq!(action, 0x7_bfff_ffff);
        assert_eq!(var, 0x7_7fff_ffff);
        assert_eq!(encode_item(domain(), Kind::Fact, 0), 0x7_0000_0001);
        assert_eq!(encode_item(domain(), Kind::Action, 0), 0x7_8000_0001);
        assert_eq!(encode_item(domain(), Kind::Var, 0), 0x7_4000_0001);
        assert_eq!(Kind::of_low_word(fact as u32), Some(Kind::Fact));
        assert_eq!(Kind::of_low_word(action as u32), Some(Kind::Action));
        assert_eq!(Kind::of_low_word(var as u32), Some(Kind::Var));
        assert_eq!(Kind::of_low_word(0xc000_0001), None);
    }

    #[test]
    #[should_panic(expected = "beyond the C ABI's id range")]
    fn an_index_beyond_the_range_is_never_encoded() {
        encode_item(domain(), Kind::Action, MAX_ITEMS as u32);
    }

    #[test]
    fn agent_ids_round_trip_and_reject_other_worlds() {
        let mut map = slotmap::SlotMap::<AgentId, ()>::with_key();
        let first = map.insert(());
        map.remove(first);
        let second = map.insert(());
        let raw = encode_agent(7, second);
        assert_eq!(raw >> 56, 7);
        assert_eq!(decode_agent(7, raw, "agent"), Ok(second));
        assert_ne!(
            encode_agent(7, first),
            raw,
            "a reused slot has a new version"
        );
        let foreign = decode_agent(8, raw, "agent").unwrap_err();
        assert_eq!(foreign.status, GoapStatus::UnknownAgent);
        assert!(
            foreign.message.contains("is foreign"),
            "{}",
            foreign.message
        );
        for bad in [0, raw & !(0xff << 56), raw + 1, raw & !(0xff_ffff << 32)] {
            let e = decode_agent(7, bad, "agent").unwrap_err();
            assert_eq!(e.status, GoapStatus::UnknownAgent, "{bad:#x}");
        }
    }

    #[test]
    fn world_tags_are_not_shared_while_fewer_than_256_worlds_live() {
        let held: Vec<WorldTag> = (0..10).map(|_| WorldTag::acquire()).collect();
        let mut tags: Vec<u8> = held.iter().map(WorldTag::get).collect();
        assert!(tags.iter().all(|&t| t != 0));
        tags.sort_unstable();
        tags.dedup();
        assert_eq!(tags.len(), 10);
    }

    #[test]
    fn counts_beyond_the_range_are_too_many() {
        assert_eq!(MAX_ITEMS, (1 << 30) - 1);
        assert!(ensure_fits(MAX_ITEMS, Kind::Fact).is_ok());
        let e = ensure_fits(MAX_ITEMS + 1, Kind::Action).unwrap_err();
        assert_eq!(e.status, GoapStatus::TooMany);
        assert!(
            e.message.contains("at most 1073741823 actions"),
            "{}",
            e.message
        );
    }
}
