//! Defining templates (parametric actions) through the ABI: object types, then templates
//! grounded into ordinary actions by the code that grounds a domain file's templates.

use super::args::{read_def, read_slice, read_str, write_out};
use super::error::FfiError;
use super::guard::run_value;
use super::ids::{edit_domain, ensure_fits, GoapDomainId, Kind};
use super::status::GoapStatus;
use super::templates::GoapString;
use super::var::{compare_of, var_op_of};
use super::world::{world_ref, GoapWorld};
use crate::domain::{FactId, TemplateDef, MAX_GROUNDINGS};

const TEMPLATE_DEF_COOKIE: u32 = 0x6F61_5401;

/// One parameter of a template: its name (as written in braces, `from`) and its object
/// type (declared by goap_domain_add_objects).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct GoapTemplateParam {
    /// The parameter's name: non-empty, without braces or NUL.
    pub name: GoapString,
    /// Its object type.
    pub object_type: GoapString,
}

/// A fact of a template, its name possibly with parameters (`at({to})`), and a value.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct GoapTemplateFact {
    /// The fact's name, with parameters in braces.
    pub name: GoapString,
    /// 1 for true, 0 for false; any other value is GOAP_STATUS_INVALID_ARGUMENT.
    pub value: i32,
}

/// A variable condition or effect of a template, the variable named with parameters
/// (`stock({item})`); each grounding's variable must be declared.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct GoapTemplateVar {
    /// The variable's name, with parameters in braces.
    pub name: GoapString,
    /// In var_pre a GoapCompare value; in var_effects a GoapVarOp value.
    pub op: i32,
    /// The constant (checked against each ground variable's range).
    pub value: i32,
}

/// The cost of a template's groundings whose cost_by parameter names `object`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct GoapObjectCost {
    /// An object of the cost_by parameter's type.
    pub object: GoapString,
    /// A number from 0 to GOAP_MAX_ACTION_COST (1e12).
    pub cost: f64,
}

/// Definition of a template (a parametric action) for goap_domain_add_template, as a
/// domain file writes one (see the README's "Parametric actions"). Obtain from
/// goap_template_def_default(), then set the fields. Every pointer is read during the call
/// only. The name, fact names and variable names may contain the parameters in braces
/// (`go({from},{to})`, `at({to})`); in a template `{` and `}` only enclose parameter names.
/// Groundings must have distinct names: put every parameter in the name.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct GoapTemplateDef {
    /// Internal: set by goap_template_def_default() to detect uninitialised definitions.
    /// Do not change.
    pub cookie: u32,
    /// The name with its parameters, such as `go({from},{to})`.
    pub name: GoapString,
    /// The parameters, in order (the first varies slowest in the grounding order): at
    /// least one.
    pub params: *const GoapTemplateParam,
    /// Number of parameters.
    pub param_count: u32,
    /// Parameter names that must name pairwise different objects. May be NULL when
    /// `distinct_count` is 0 (the default).
    pub distinct: *const GoapString,
    /// Number of names in `distinct`.
    pub distinct_count: u32,
    /// Static facts a choice of objects must satisfy to be grounded (`road({from},{to})`
    /// = 1): looked up in the domain's start state (goap_domain_set_start; a fact not
    /// registered yet is false). No action of the domain may change them. May be NULL when
    /// `where_count` is 0 (the default).
    pub where_facts: *const GoapTemplateFact,
    /// Number of `where_facts`.
    pub where_count: u32,
    /// Preconditions. May be NULL when `pre_count` is 0.
    pub pre: *const GoapTemplateFact,
    /// Number of preconditions.
    pub pre_count: u32,
    /// Effects. May be NULL when `effect_count` is 0.
    pub effects: *const GoapTemplateFact,
    /// Number of effects.
    pub effect_count: u32,
    /// Variable preconditions (op: a GoapCompare value). May be NULL when `var_pre_count`
    /// is 0.
    pub var_pre: *const GoapTemplateVar,
    /// Number of variable preconditions.
    pub var_pre_count: u32,
    /// Variable effects (op: a GoapVarOp value), at most one per ground variable. May be
    /// NULL when `var_effect_count` is 0.
    pub var_effects: *const GoapTemplateVar,
    /// Number of variable effects.
    pub var_effect_count: u32,
    /// The cost of each grounding unless cost_by gives one: from 0 to
    /// GOAP_MAX_ACTION_COST. Default 1.
    pub cost: f64,
    /// The parameter `cost_by` gives costs for; empty (the default) for none.
    pub cost_by_param: GoapString,
    /// A cost per object of `cost_by_param` (objects not listed take `cost`). May be NULL
    /// when `cost_by_count` is 0.
    pub cost_by: *const GoapObjectCost,
    /// Number of entries in `cost_by`.
    pub cost_by_count: u32,
}

const EMPTY: GoapString = GoapString {
    text: std::ptr::null(),
    len: 0,
};

const TEMPLATE_DEF_DEFAULT: GoapTemplateDef = GoapTemplateDef {
    cookie: TEMPLATE_DEF_COOKIE,
    name: EMPTY,
    params: std::ptr::null(),
    param_count: 0,
    distinct: std::ptr::null(),
    distinct_count: 0,
    where_facts: std::ptr::null(),
    where_count: 0,
    pre: std::ptr::null(),
    pre_count: 0,
    effects: std::ptr::null(),
    effect_count: 0,
    var_pre: std::ptr::null(),
    var_pre_count: 0,
    var_effects: std::ptr::null(),
    var_effect_count: 0,
    cost: 1.0,
    cost_by_param: EMPTY,
    cost_by: std::ptr::null(),
    cost_by_count: 0,
};

/// The default template definition: no name, no parameters, no conditions or effects, cost
/// 1, no cost table. Always use it to initialise a GoapTemplateDef.
///
/// Thread safety: any thread, any time.
#[no_mangle]
pub extern "C" fn goap_template_def_default() -> GoapTemplateDef {
    run_value("goap_template_def_default", TEMPLATE_DEF_DEFAULT, || {
        TEMPLATE_DEF_DEFAULT
    })
}

/// Reads a GoapString (`what` names it in messages), refusing a NUL byte.
///
/// # Safety
/// A non-NULL `s.text` must be valid for `s.len` bytes.
unsafe fn read_name(what: &str, s: GoapString) -> Result<String, FfiError> {
    // SAFETY: forwarded from the caller.
    let text = unsafe { read_str(what, s.text, s.len) }?;
    if text.contains('\0') {
        return Err(FfiError::invalid(format!(
            "{what} {text:?} contains a NUL byte"
        )));
    }
    Ok(text.to_owned())
}

/// Reads an array of GoapString.
///
/// # Safety
/// `ptr` valid for `count` reads, each text for its length.
unsafe fn read_names(
    what: &str,
    ptr: *const GoapString,
    count: u32,
) -> Result<Vec<String>, FfiError> {
    // SAFETY: forwarded from the caller.
    let raw = unsafe { read_slice(what, ptr, count) }?;
    raw.iter()
        .enumerate()
        // SAFETY: each text is valid for its length.
        .map(|(i, s)| unsafe { read_name(&format!("{what}[{i}]"), *s) })
        .collect()
}

/// Reads an array of GoapTemplateFact.
///
/// # Safety
/// `ptr` valid for `count` reads, each name for its length.
unsafe fn read_facts(
    what: &str,
    ptr: *const GoapTemplateFact,
    count: u32,
) -> Result<Vec<(String, bool)>, FfiError> {
    // SAFETY: forwarded from the caller.
    let raw = unsafe { read_slice(what, ptr, count) }?;
    raw.iter()
        .enumerate()
        .map(|(i, f)| {
            // SAFETY: each name is valid for its length.
            let name = unsafe { read_name(&format!("{what}[{i}].name"), f.name) }?;
            let value = match f.value {
                0 => false,
                1 => true,
                v => {
                    return Err(FfiError::invalid(format!(
                        "{what}[{i}].value is {v} (expected 0 or 1)"
                    )))
                }
            };
            Ok((name, value))
        })
        .collect()
}

/// Reads an array of GoapTemplateVar, decoding each op with `op_of` (`ops` names the
/// expected values in messages).
///
/// # Safety
/// `ptr` valid for `count` reads, each name for its length.
unsafe fn read_vars<Op>(
    what: &str,
    ptr: *const GoapTemplateVar,
    count: u32,
    op_of: fn(i32) -> Option<Op>,
    ops: &str,
) -> Result<Vec<(String, Op, i32)>, FfiError> {
    // SAFETY: forwarded from the caller.
    let raw = unsafe { read_slice(what, ptr, count) }?;
    raw.iter()
        .enumerate()
        .map(|(i, v)| {
            // SAFETY: each name is valid for its length.
            let name = unsafe { read_name(&format!("{what}[{i}].name"), v.name) }?;
            let op = op_of(v.op).ok_or_else(|| {
                FfiError::invalid(format!(
                    "{what}[{i}].op is {} on variable \"{name}\" (expected {ops})",
                    v.op
                ))
            })?;
            Ok((name, op, v.value))
        })
        .collect()
}

/// Reads a whole definition (without `holding`).
///
/// # Safety
/// `def`'s pointers valid for their counts.
unsafe fn read_template_def(def: &GoapTemplateDef) -> Result<TemplateDef, FfiError> {
    // SAFETY: every pointer of def is valid for its count (the caller's contract).
    unsafe {
        let name = read_name("def->name", def.name)?;
        if name.is_empty() {
            return Err(FfiError::invalid(
                "def->name is empty (template names must not be empty)",
            ));
        }
        let params = read_slice("def->params", def.params, def.param_count)?
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let n = read_name(&format!("def->params[{i}].name"), p.name)?;
                let t = read_name(&format!("def->params[{i}].object_type"), p.object_type)?;
                Ok((n, t))
            })
            .collect::<Result<Vec<_>, FfiError>>()?;
        let cost_by_param = read_name("def->cost_by_param", def.cost_by_param)?;
        let table = read_slice("def->cost_by", def.cost_by, def.cost_by_count)?
            .iter()
            .enumerate()
            .map(|(i, c)| {
                if !(0.0..=crate::MAX_ACTION_COST).contains(&c.cost) {
                    return Err(FfiError::new(
                        GoapStatus::InvalidCost,
                        format!(
                            "def->cost_by[{i}].cost {} is invalid (expected a number from 0 \
                             to 1e12)",
                            c.cost
                        ),
                    ));
                }
                Ok((
                    read_name(&format!("def->cost_by[{i}].object"), c.object)?,
                    c.cost,
                ))
            })
            .collect::<Result<Vec<_>, FfiError>>()?;
        if cost_by_param.is_empty() && !table.is_empty() {
            return Err(FfiError::invalid(
                "def->cost_by lists costs but def->cost_by_param is empty (name the parameter \
                 the costs are for)",
            ));
        }
        if !(0.0..=crate::MAX_ACTION_COST).contains(&def.cost) {
            return Err(FfiError::new(
                GoapStatus::InvalidCost,
                format!(
                    "template \"{name}\": def->cost {} is invalid (expected a number from 0 to \
                     1e12)",
                    def.cost
                ),
            ));
        }
        let compare = "a GOAP_COMPARE_* value, 1 to 6";
        let var_op = "a GOAP_VAR_OP_* value, 1 to 3";
        Ok(TemplateDef {
            name,
            params,
            distinct: read_names("def->distinct", def.distinct, def.distinct_count)?,
            where_facts: read_facts("def->where_facts", def.where_facts, def.where_count)?,
            holding: Vec::new(),
            pre: read_facts("def->pre", def.pre, def.pre_count)?,
            effects: read_facts("def->effects", def.effects, def.effect_count)?,
            var_pre: read_vars(
                "def->var_pre",
                def.var_pre,
                def.var_pre_count,
                compare_of,
                compare,
            )?,
            var_effects: read_vars(
                "def->var_effects",
                def.var_effects,
                def.var_effect_count,
                var_op_of,
                var_op,
            )?,
            cost: def.cost,
            cost_by: (!cost_by_param.is_empty()).then_some((cost_by_param, table)),
        })
    }
}

/// Declares object type `object_type` with its `objects` for templates (as a domain file's
/// `"objects"`): non-empty names without NUL, at least one, each once. Declaring a type
/// again with the same objects does nothing.
///
/// Errors: GOAP_STATUS_NULL_POINTER (world, or objects NULL with count > 0, or a text NULL
/// with a length > 0), GOAP_STATUS_INVALID_UTF8, GOAP_STATUS_UNKNOWN_DOMAIN,
/// GOAP_STATUS_INVALID_ARGUMENT (an empty or NUL-containing name, no objects, an object
/// listed twice, or the type declared before with other objects). On error the domain is
/// unchanged.
/// Thread safety: an edit (see THREADING).
///
/// # Safety
/// `world` must be a live world; `object_type.text` valid for its length; `objects` valid
/// for `count` reads, each text for its length.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_add_objects(
    world: *mut GoapWorld,
    domain: GoapDomainId,
    object_type: GoapString,
    objects: *const GoapString,
    count: u32,
) -> GoapStatus {
    guard!("goap_domain_add_objects", [world], {
        // SAFETY: the texts are valid for their lengths.
        let ty = unsafe { read_name("object_type", object_type) }?;
        // SAFETY: objects is valid for count reads.
        let names = unsafe { read_names("objects", objects, count) }?;
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        // SAFETY: world is non-NULL and live.
        edit_domain(unsafe { world_ref(world) }, domain, |entry| {
            Ok(entry.domain_mut().add_objects(&ty, &names)?)
        })
    })
}

/// Checks and grounds a template (see GoapTemplateDef) into ordinary actions of the domain,
/// added in grounding order (the first parameter varies slowest, objects in their declared
/// order) with their facts registered as they come, exactly as a domain file's template
/// grounds; on success `*out_index` receives the template's index for
/// goap_domain_template_* (its ground actions: goap_domain_template_groundings).
///
/// Errors: GOAP_STATUS_NULL_POINTER (world, def, out_index, or an array or text in def NULL
/// with a non-zero count or length), GOAP_STATUS_INVALID_ARGUMENT (def not from
/// goap_template_def_default(); an empty name; a NUL byte in a name; a fact value not 0 or
/// 1; an op not a GoapCompare (var_pre) or GoapVarOp (var_effects) value; cost_by without
/// cost_by_param; and every template error: no parameters, an undeclared object type, a
/// `{…}` that is not a parameter, distinct or cost_by naming something else, more than
/// 100000 choices of objects, two groundings with one name, a ground variable not declared,
/// a ground fact that is a variable, a where fact that an action changes, more than
/// 4000000 ground names in all, and in a grounding a constant outside a variable's range, a
/// fact both true and false or two effects on one variable), GOAP_STATUS_INVALID_UTF8,
/// GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_INVALID_COST (def->cost or a cost_by cost not
/// a number from 0 to GOAP_MAX_ACTION_COST), GOAP_STATUS_DUPLICATE_NAME (a grounding's
/// name taken by an action), GOAP_STATUS_TOO_MANY (the domain's ids could not hold the
/// groundings' actions or facts). The message names the template and, for a grounding, the
/// grounding. `*out_index` is written only on success; on error the domain is unchanged.
/// Thread safety: an edit (see THREADING).
///
/// # Safety
/// `world` must be a live world; `def` readable, with its pointers valid for their counts
/// and lengths; `out_index` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_add_template(
    world: *mut GoapWorld,
    domain: GoapDomainId,
    def: *const GoapTemplateDef,
    out_index: *mut u32,
) -> GoapStatus {
    guard!("goap_domain_add_template", [world, def, out_index], {
        // SAFETY: def is non-NULL and readable; its arrays are valid for their counts.
        let mut t = unsafe {
            let def = read_def(
                "def",
                def,
                |d| d.cookie,
                TEMPLATE_DEF_COOKIE,
                "goap_template_def_default",
            )?;
            read_template_def(&def)?
        };
        // SAFETY: world is non-NULL and live.
        let index = edit_domain(unsafe { world_ref(world) }, domain, |entry| {
            let d = entry.domain();
            // At most this many groundings (fewer with `distinct` or `where`); more than the
            // limit is the template's own error.
            let count = t
                .params
                .iter()
                .map(|(_, ty)| {
                    d.objects()
                        .iter()
                        .find(|(name, _)| name == ty)
                        .map_or(0, |(_, o)| o.len())
                })
                .try_fold(1usize, |a, n| a.checked_mul(n))
                .map_or(MAX_GROUNDINGS, |n| n.min(MAX_GROUNDINGS));
            ensure_fits(d.action_count() + count, Kind::Action)?;
            let per_action = t.where_facts.len() + t.pre.len() + t.effects.len();
            ensure_fits(d.fact_count() + count * per_action, Kind::Fact)?;
            t.holding = (0..d.fact_count() as u32)
                .map(FactId)
                .filter(|&f| entry.start().get(f))
                .map(|f| d.fact_name(f).to_owned())
                .collect();
            let index = entry.domain_mut().add_template(t)?;
            Ok(u32::try_from(index).unwrap_or(u32::MAX))
        })?;
        // SAFETY: out_index is non-NULL and writable.
        unsafe { write_out(out_index, index) };
        Ok(())
    })
}
