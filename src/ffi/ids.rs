//! Id types passed by value and their encoding: the one place it is defined.
//!
//! Every kind of id is its own struct holding one `uint64_t bits`, so C and C++ compilers
//! reject an id of one kind passed where another is expected. All-zero bits are every
//! kind's null value (`GOAP_NULL_FACT_ID`, ...); no valid id is null. C callers treat the
//! bits as opaque (compare with `goap_fact_id_equals` and the like); the layout below is
//! the library's own and may change between versions.
//!
//! - A domain id is the domain's process-unique number (1 ..= 2^32 - 2).
//! - An item id (fact, action or variable) is `(domain number << 32) | tag | (index + 1)`,
//!   with a two-bit kind tag in bits 31..30 of the low word: `00` fact, `10` action, `01`
//!   variable (`11` is never issued). The high word recognises an id from another domain
//!   or world, the tag tells the kinds apart (so even bits copied between kinds are
//!   detected), and zero is never valid. Indices are limited to 2^30 - 2, so a domain has
//!   at most 2^30 - 1 facts, 2^30 - 1 actions and 2^30 - 1 variables through the C ABI
//!   (`ensure_fits`).
//! - An agent id is `(world tag << 56) | (slot index << 32) | slot generation`: the agent's
//!   [`AgentId`] (its slot index is below 2^24, see `MAX_AGENTS`; generations are never 0,
//!   and each world's start elsewhere in the 32 bits, see `world::slots`) and the tag of
//!   its world, 1 ..= 255 (`WorldTag`). Tag 0 is never issued, so no domain or item id
//!   (whose top byte is 0 while fewer than 2^24 domains were created) is taken for an agent
//!   id, and zero is never valid. The tag tells an id of another live world apart unless
//!   the two worlds share a tag (only when more than 255 worlds are alive at once); an id
//!   kept from a destroyed world whose tag a later world got is told apart by the
//!   generation, unless it happens to match (the worlds' generations start about 2^24 or
//!   more apart, so only after that many agents in one slot).
//! - A goal id is `(slot generation << 32) | 0b11 << 30 | (slot index + 1)`: the goal's
//!   [`GoalId`] within its agent (generations start at 1, so zero is never valid), with the
//!   kind tag that item ids never carry, so no fact, action or variable id is taken for a
//!   goal id, nor the reverse. Slot indices are below 2^30 - 1 (`MAX_ITEMS`; the C ABI
//!   gives an agent at most `MAX_ITEMS - 1` goals).

use std::sync::Arc;

use parking_lot::{const_mutex, Mutex};

use super::args::counted;
use super::error::FfiError;
use super::status::GoapStatus;
use crate::agent::{AgentId, GoalId};
use crate::domain::{ActionId, Domain, FactId, VarId};
use crate::world::{DomainEntry, DomainId, World};

/// Id of a domain within a world, passed by value. Opaque: compare ids with
/// goap_domain_id_equals, never compute with `bits`. GOAP_NULL_DOMAIN_ID (all zero) is
/// never valid. Domain ids come from one counter for the whole process (all worlds), so
/// the id of a destroyed domain is never handed out again and a stale or foreign id is
/// always an error (GOAP_STATUS_UNKNOWN_DOMAIN); after 2^32 - 2 domains have been created in
/// one process, creating another fails with GOAP_STATUS_TOO_MANY.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct GoapDomainId {
    /// The encoded id (opaque; see OBJECTS AND IDS at the top of the header).
    pub bits: u64,
}

/// Id of a fact of one domain, passed by value. Opaque: compare ids with
/// goap_fact_id_equals, never compute with `bits`. GOAP_NULL_FACT_ID (all zero) is never
/// valid; an id used with another domain is always an error (GOAP_STATUS_UNKNOWN_FACT).
/// Ids stay valid while their domain lives.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct GoapFactId {
    /// The encoded id (opaque; see OBJECTS AND IDS at the top of the header).
    pub bits: u64,
}

/// Id of an integer variable of one domain, passed by value. Opaque: compare ids with
/// goap_var_id_equals, never compute with `bits`. GOAP_NULL_VAR_ID (all zero) is never
/// valid; an id used with another domain is always an error (GOAP_STATUS_UNKNOWN_VAR). Ids
/// stay valid while their domain lives.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct GoapVarId {
    /// The encoded id (opaque; see OBJECTS AND IDS at the top of the header).
    pub bits: u64,
}

/// Id of an action of one domain, passed by value. Opaque: compare ids with
/// goap_action_id_equals, never compute with `bits`. GOAP_NULL_ACTION_ID (all zero) is never
/// valid; an id used with another domain is always an error (GOAP_STATUS_UNKNOWN_ACTION).
/// Ids stay valid while their domain lives.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct GoapActionId {
    /// The encoded id (opaque; see OBJECTS AND IDS at the top of the header).
    pub bits: u64,
}

/// Id of an agent of a world, passed by value. Opaque: compare ids with
/// goap_agent_id_equals, never compute with `bits`. GOAP_NULL_AGENT_ID (all zero) is never
/// valid. Ids are generational: the id of a destroyed agent (stale) never names another
/// agent, and is GOAP_STATUS_UNKNOWN_AGENT. An id carries a tag of its world, so an id of
/// another world (foreign) is GOAP_STATUS_UNKNOWN_AGENT too, with one exception: the tag
/// has 255 values, each given to one live world at a time, so only when more than 255
/// worlds are alive at once do two of them share a tag, and then an agent id of one may
/// name an agent of the other. (An id kept from a destroyed world is told apart from a
/// later world's agents by its generation, whose start differs per world.) Ids stay valid
/// until goap_agent_destroy or goap_world_destroy.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct GoapAgentId {
    /// The encoded id (opaque; see OBJECTS AND IDS at the top of the header).
    pub bits: u64,
}

/// Id of a goal of one agent, passed by value. Opaque: compare ids with
/// goap_goal_id_equals, never compute with `bits`. GOAP_NULL_GOAL_ID (all zero) is never
/// valid, and is what the library writes where there is no goal (GoapStep.goal when none
/// is pursued). Ids are generational: the id of a removed goal (goap_agent_remove_goal) is
/// stale and never names a later goal of the agent (GOAP_STATUS_UNKNOWN_GOAL). A goal id
/// is per agent: agents number their goals alike, so an id of one agent's goal usually
/// names a goal of another agent too (keep a goal id with its agent id).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct GoapGoalId {
    /// The encoded id (opaque; see OBJECTS AND IDS at the top of the header).
    pub bits: u64,
}

/// Ids print as their bits in messages (`{:#x}`).
macro_rules! hex_bits {
    ($($t:ty),*) => {$(
        impl std::fmt::LowerHex for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                std::fmt::LowerHex::fmt(&self.bits, f)
            }
        }
    )*};
}

hex_bits!(
    GoapDomainId,
    GoapFactId,
    GoapVarId,
    GoapActionId,
    GoapAgentId,
    GoapGoalId
);

/// The ABI value of a domain id.
pub(crate) fn encode_domain(id: DomainId) -> GoapDomainId {
    GoapDomainId {
        bits: u64::from(id.get()),
    }
}

/// Decodes a domain id without looking it up.
pub(crate) fn decode_domain(raw: GoapDomainId) -> Result<DomainId, FfiError> {
    let raw = raw.bits;
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
    let low = raw as u32;
    if raw >> 32 != 0 && low & KIND_MASK == GOAL_TAG && low & !KIND_MASK != 0 {
        return "a goal id".to_owned();
    }
    if raw >> 56 != 0 && low != 0 {
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
    let index = u64::from(id.index());
    // goap_world_create limits its world to MAX_AGENTS agents: every index is below 2^24.
    assert!(
        index < MAX_AGENTS as u64,
        "agent slot {index} is beyond the C ABI's id range"
    );
    GoapAgentId {
        bits: (u64::from(tag) << 56) | (index << 32) | u64::from(id.generation()),
    }
}

/// Decodes an agent id for the world tagged `tag` without looking it up; `what` names the
/// argument in messages.
pub(crate) fn decode_agent(tag: u8, raw: GoapAgentId, what: &str) -> Result<AgentId, FfiError> {
    let raw = raw.bits;
    let fail = |m: String| {
        Err(FfiError::new(
            GoapStatus::UnknownAgent,
            format!("{what}: {m}"),
        ))
    };
    if raw == 0 {
        return fail("the null agent id is never valid".into());
    }
    let (owner, index, generation) = ((raw >> 56) as u8, (raw >> 32) & 0xff_ffff, raw as u32);
    if owner == 0 || generation == 0 {
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
    Ok(AgentId::from_parts(index as u32, generation))
}

/// The kind tag of a goal id's low word (never on an item id).
const GOAL_TAG: u32 = 0b11 << 30;

/// The ABI value of a goal id.
pub(crate) fn encode_goal(id: GoalId) -> GoapGoalId {
    // goap_agent_add_goal limits an agent to MAX_ITEMS - 1 goals; the slots of removed
    // goals are reused, and at most one more (the pursued goal's) is kept aside.
    assert!(
        (id.index() as usize) < MAX_ITEMS,
        "goal slot {} is beyond the C ABI's id range",
        id.index()
    );
    GoapGoalId {
        bits: (u64::from(id.generation()) << 32) | u64::from(GOAL_TAG | (id.index() + 1)),
    }
}

/// The ABI value of an optional goal: the null id for none.
pub(crate) fn encode_goal_or_null(id: Option<GoalId>) -> GoapGoalId {
    id.map_or(GoapGoalId::default(), encode_goal)
}

/// Decodes a goal id without looking it up; `what` names the argument in messages.
pub(crate) fn decode_goal(raw: GoapGoalId, what: &str) -> Result<GoalId, FfiError> {
    let raw = raw.bits;
    let (generation, low) = ((raw >> 32) as u32, raw as u32);
    let number = low & !KIND_MASK;
    if raw == 0 {
        return Err(FfiError::new(
            GoapStatus::UnknownGoal,
            format!("{what}: the null goal id is never valid"),
        ));
    }
    if generation == 0 || number == 0 || low & KIND_MASK != GOAL_TAG {
        return Err(FfiError::new(
            GoapStatus::UnknownGoal,
            format!(
                "{what}: {raw:#x} is not a goal id (it looks like {})",
                looks_like(raw)
            ),
        ));
    }
    Ok(GoalId::from_parts(number - 1, generation))
}

/// The message for an agent id that decoded but names no live agent of the world.
pub(crate) fn stale_agent(raw: GoapAgentId, what: &str) -> FfiError {
    let raw = raw.bits;
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
    // A domain id (high word 0) or an agent id (top byte set: no domain number is that
    // large while fewer than 2^24 domains were created) copied into an item id.
    if owner == 0 || raw >> 56 != 0 {
        return fail(format!(
            "{raw:#x} is not {} id (it looks like {})",
            with_article(name),
            looks_like(raw)
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
                "{raw:#x} is not {} id (it looks like {})",
                with_article(name),
                looks_like(raw)
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
    GoapFactId {
        bits: encode_item(domain, Kind::Fact, fact.0),
    }
}

/// Decodes a fact id of `entry`; `what` names the argument in messages.
pub(crate) fn decode_fact(
    entry: &(impl IdScope + ?Sized),
    raw: GoapFactId,
    what: &str,
) -> Result<FactId, FfiError> {
    let count = entry.items().fact_count();
    decode_item(entry, raw.bits, what, Kind::Fact, count).map(FactId)
}

/// The ABI value of an action id.
pub(crate) fn encode_action(domain: DomainId, action: ActionId) -> GoapActionId {
    GoapActionId {
        bits: encode_item(domain, Kind::Action, action.0),
    }
}

/// Decodes an action id of `entry`; `what` names the argument in messages.
pub(crate) fn decode_action(
    entry: &(impl IdScope + ?Sized),
    raw: GoapActionId,
    what: &str,
) -> Result<ActionId, FfiError> {
    let count = entry.items().action_count();
    decode_item(entry, raw.bits, what, Kind::Action, count).map(ActionId)
}

/// The ABI value of a variable id.
pub(crate) fn encode_var(domain: DomainId, var: VarId) -> GoapVarId {
    GoapVarId {
        bits: encode_item(domain, Kind::Var, var.0),
    }
}

/// Decodes a variable id of `entry`; `what` names the argument in messages.
pub(crate) fn decode_var(
    entry: &(impl IdScope + ?Sized),
    raw: GoapVarId,
    what: &str,
) -> Result<VarId, FfiError> {
    let count = entry.items().var_count();
    decode_item(entry, raw.bits, what, Kind::Var, count).map(VarId)
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
        let first = AgentId::from_parts(3, 1);
        let second = AgentId::from_parts(3, 2);
        let raw = encode_agent(7, second);
        assert_eq!(raw.bits, 0x0700_0003_0000_0002);
        assert_eq!(decode_agent(7, raw, "agent"), Ok(second));
        assert_ne!(
            encode_agent(7, first),
            raw,
            "a reused slot has a new generation"
        );
        let foreign = decode_agent(8, raw, "agent").unwrap_err();
        assert_eq!(foreign.status, GoapStatus::UnknownAgent);
        assert!(
            foreign.message.contains("is foreign"),
            "{}",
            foreign.message
        );
        for bad in [0, raw.bits & !(0xff << 56), raw.bits & !0xffff_ffff] {
            let e = decode_agent(7, GoapAgentId { bits: bad }, "agent").unwrap_err();
            assert_eq!(e.status, GoapStatus::UnknownAgent, "{bad:#x}");
        }
    }

    #[test]
    fn goal_ids_round_trip_and_null_is_never_valid() {
        let id = GoalId::from_parts(0, 1);
        assert_eq!(encode_goal(id).bits, 0x1_c000_0001);
        assert_eq!(decode_goal(encode_goal(id), "goal"), Ok(id));
        let late = GoalId::from_parts(MAX_ITEMS as u32 - 1, u32::MAX);
        assert_eq!(decode_goal(encode_goal(late), "goal"), Ok(late));
        assert_eq!(encode_goal_or_null(None), GoapGoalId::default());
        // No item id is a goal id: a fact, an action and a variable of domain 1 share the
        // high word with goals of generation 1.
        let items = [Kind::Fact, Kind::Action, Kind::Var].map(|k| encode_item(domain(), k, 0));
        for bad in [0, 0x1_0000_0000, 0x0000_0001, 0x1_c000_0000]
            .into_iter()
            .chain(items)
        {
            let e = decode_goal(GoapGoalId { bits: bad }, "goal").unwrap_err();
            assert_eq!(e.status, GoapStatus::UnknownGoal, "{bad:#x}");
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
