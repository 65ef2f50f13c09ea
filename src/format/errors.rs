//! Placing parse errors: serde_json's error and the parser's trail → [`FormatError`].

use super::visit::{EntryName, Segment};
use super::FormatError;

/// Turns a serde_json error into a [`FormatError`] naming the item it happened in.
pub(super) fn describe(text: &str, e: &serde_json::Error, path: &[Segment]) -> FormatError {
    let (line, byte_column) = (e.line(), e.column());
    // serde_json appends " at line L column C"; the position goes in its own fields.
    let full = e.to_string();
    let suffix = format!(" at line {line} column {byte_column}");
    let detail = full.strip_suffix(&suffix).unwrap_or(&full);
    let mut context: Vec<String> = Vec::new();
    for (i, seg) in path.iter().enumerate() {
        match seg {
            // "actions: action …" says the same thing twice.
            Segment::Key(_)
                if matches!(
                    path.get(i + 1),
                    Some(Segment::Action(..) | Segment::GoalEntry(..))
                ) => {}
            Segment::Key(k) => context.push((*k).to_owned()),
            Segment::Action(i, name) => context.push(entry(text, "actions", "action", *i, name)),
            Segment::GoalEntry(i, name) => {
                context.push(entry(text, "goals", "goals entry", *i, name));
            }
            Segment::Fact(f) => context.push(format!("fact \"{f}\"")),
            Segment::Var(v) => context.push(format!("variable \"{v}\"")),
            Segment::ObjectType(t) => context.push(format!("type \"{t}\"")),
            Segment::Pattern(p) => context.push(format!("\"{p}\"")),
        }
    }
    let mut detail = detail.to_owned();
    if let Some(Segment::Fact(f)) = path.last() {
        // A number or an object for a name that `vars` does not declare.
        let numeric = ["integer", "floating point", "map"]
            .iter()
            .any(|t| detail.starts_with(&format!("invalid type: {t}")));
        if numeric {
            detail += &format!(
                "; \"{f}\" is not a declared variable: declare it in \"vars\" to give it \
                 integers or {{\"op\": n}} conditions"
            );
        }
    }
    context.push(detail);
    FormatError {
        file: None,
        line,
        column: error_column(text, e, line, byte_column),
        message: context.join(": "),
    }
}

/// The 1-based character column of a serde_json error.
///
/// serde_json reports the column of the last character it consumed. That is the offending
/// character for most errors, but not for two kinds: an end of input (after a newline, or
/// in an empty document, there is no such character: column 0) and a list or object where
/// something else was expected (the `[` or `{` is only peeked at, so the column is the
/// character before it, or 0 at the start of a line). Those point at the end of the input
/// and at the bracket instead. Every reader uses a typed `deserialize_*` call (never
/// `deserialize_any`), so a list or object of the wrong type is always only peeked at.
fn error_column(text: &str, e: &serde_json::Error, line: usize, byte_column: usize) -> usize {
    let mut column = char_column(text, line, byte_column);
    if e.classify() == serde_json::error::Category::Data {
        let message = e.to_string();
        let bracket = if message.starts_with("invalid type: sequence") {
            Some(b'[')
        } else if message.starts_with("invalid type: map") {
            Some(b'{')
        } else {
            None
        };
        let line_text = line.checked_sub(1).and_then(|i| text.split('\n').nth(i));
        let next = line_text.and_then(|l| l.as_bytes().get(byte_column).copied());
        if bracket.is_some() && next == bracket {
            column += 1;
        }
    }
    column.max(1)
}

/// `action "name"` or `action #3` (1-based).
fn entry(text: &str, list: &str, what: &str, index: usize, name: &EntryName) -> String {
    let name = match name {
        EntryName::Named(n) => Some(n.clone()),
        EntryName::Unread => name_in(text, list, index),
        EntryName::ByIndex => None,
    };
    match name {
        Some(n) => format!("{what} \"{n}\""),
        None => format!("{what} #{}", index + 1),
    }
}

/// The `name` of entry `index` of the top-level list `list`, when the document is valid
/// JSON (the error may have been raised before the entry's name was read).
fn name_in(text: &str, list: &str, index: usize) -> Option<String> {
    let doc: serde_json::Value = serde_json::from_str(text).ok()?;
    let name = doc.get(list)?.get(index)?.get("name")?.as_str()?;
    // A name that is itself the error (empty, NUL inside) does not name the entry.
    (!name.is_empty() && !name.contains('\0')).then(|| name.to_owned())
}

/// serde_json counts columns in bytes; editors count characters.
pub(super) fn char_column(text: &str, line: usize, byte_column: usize) -> usize {
    let Some(l) = line.checked_sub(1).and_then(|i| text.split('\n').nth(i)) else {
        return byte_column;
    };
    let mut end = byte_column.min(l.len());
    while !l.is_char_boundary(end) {
        end += 1; // the column points into a character: count that character
    }
    l[..end].chars().count()
}
