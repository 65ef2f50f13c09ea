//! [`validate`]: a domain file's parse error or lint warnings as [`Diagnostic`]s, each
//! with a line and column, for editors and asset importers.
//!
//! The lint functions ([`super::lint`], [`super::lint_vars`], [`super::lint_templates`])
//! name who requires what (`action "…"`, `goal`, `goals entry "…"`, `template "…"`);
//! [`lint_diagnostics`] places each warning at the first of them in the text, found by a
//! small scan of the (already parsed, hence valid) JSON that records where each `actions`
//! and `goals` entry, its `"name"` value, the `goal` key, each `vars` key and each object
//! of `objects` begin.

use std::collections::HashMap;
use std::fmt;

use super::errors::char_column;
use super::{
    lint, lint_templates, lint_vars, parse_domain, utf8_error, DomainFile, TemplateLintWarning,
    VarLintWarning,
};

/// How serious a [`Diagnostic`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Severity {
    /// The file cannot be loaded.
    Error,
    /// The file loads, but something in it is almost certainly a mistake (see
    /// [`super::lint`]).
    Warning,
}

/// One finding of [`validate`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// 1-based line; 0 when the position is unknown.
    pub line: usize,
    /// 1-based column, in characters (not bytes; a byte order mark is not counted); 0 when
    /// the position is unknown.
    pub column: usize,
    /// What is wrong (the text of [`super::FormatError::message`] or of a lint warning).
    pub message: String,
}

impl fmt::Display for Diagnostic {
    /// `line:column: error: message` (or `warning:`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let severity = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        write!(
            f,
            "{}:{}: {severity}: {}",
            self.line, self.column, self.message
        )
    }
}

/// Checks a domain file's text as [`super::parse_domain`] reads it, then lints it.
///
/// A file that does not parse gives exactly one [`Severity::Error`] diagnostic (the parse
/// stops at the first error), placed as [`super::FormatError`] places it. A file that
/// parses gives one [`Severity::Warning`] per finding of [`super::lint`],
/// [`super::lint_vars`] and [`super::lint_templates`] (see [`lint_diagnostics`] for where
/// they are placed), in file order; none for a clean file. Never panics on any input.
pub fn validate(text: &str) -> Vec<Diagnostic> {
    match parse_domain(text) {
        Ok(file) => lint_diagnostics(text, &file),
        Err(e) => vec![Diagnostic {
            severity: Severity::Error,
            line: e.line,
            column: e.column,
            message: e.message,
        }],
    }
}

/// [`validate`] for bytes that may not be UTF-8: invalid UTF-8 is one error diagnostic at
/// the first invalid byte (as [`super::load_domain_file`] reports it).
pub fn validate_bytes(bytes: &[u8]) -> Vec<Diagnostic> {
    match std::str::from_utf8(bytes) {
        Ok(text) => validate(text),
        Err(e) => {
            let e = utf8_error(bytes, &e, None);
            vec![Diagnostic {
                severity: Severity::Error,
                line: e.line,
                column: e.column,
                message: e.message,
            }]
        }
    }
}

/// The lint warnings of `file`, parsed from `text`, as diagnostics in file order (stable:
/// warnings at one position keep the lint functions' order; unplaced ones come last).
///
/// A warning is placed at the first thing (in file order) that requires what it is about:
/// an action or template (the `"name"` value of its entry in `actions`; a ground action of
/// a template at its template's entry), the `goal` key, a `goals` entry (its `"name"`
/// value). An unused variable is placed at its key in `vars` (a family's variable at the
/// family's key), an unused object at its name in `objects`, a template that grounds to
/// nothing (or nothing usable) at its entry. What cannot be found (`text` is not the text
/// `file` was parsed from) has line and column 0.
pub fn lint_diagnostics(text: &str, file: &DomainFile) -> Vec<Diagnostic> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let places = Places::scan(text).unwrap_or_default();
    // Ground action name → its template's name.
    let d = &file.domain;
    let mut template_of: HashMap<&str, &str> = HashMap::new();
    for t in d.templates() {
        for (id, _) in &t.groundings {
            if let Some(a) = d.action(*id) {
                template_of.insert(a.name(), t.name.as_str());
            }
        }
    }
    let first = |required_by: &[String]| {
        required_by
            .iter()
            .find_map(|who| places.requirer(who, &template_of))
    };
    let mut found: Vec<(Option<usize>, String)> = Vec::new();
    for w in lint(file) {
        found.push((first(&w.required_by), w.to_string()));
    }
    for w in lint_vars(file) {
        let at = match &w {
            VarLintWarning::Unreachable { required_by, .. } => first(required_by),
            VarLintWarning::Unused { var } => places.var(var),
        };
        found.push((at, w.to_string()));
    }
    for w in lint_templates(file) {
        let at = match &w {
            TemplateLintWarning::NoGroundings { template }
            | TemplateLintWarning::Unusable { template, .. } => places.action(template),
            TemplateLintWarning::UnusedObject {
                object_type,
                object,
            } => places.object(object_type, object),
        };
        found.push((at, w.to_string()));
    }
    // Stable: ties keep the order above; unknown positions last.
    found.sort_by_key(|(at, _)| at.unwrap_or(usize::MAX));
    found
        .into_iter()
        .map(|(at, message)| {
            let (line, column) = at.map_or((0, 0), |at| line_column(text, at));
            Diagnostic {
                severity: Severity::Warning,
                line,
                column,
                message,
            }
        })
        .collect()
}

/// The 1-based line and character column of byte `at` of `text` ((0, 0) if out of range).
fn line_column(text: &str, at: usize) -> (usize, usize) {
    let Some(before) = text.get(..at) else {
        return (0, 0);
    };
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    // `char_column` counts the characters up to and including the byte column's.
    (line, char_column(text, line, at - line_start + 1))
}

/// An entry of `actions` or `goals`: where it begins, and its `"name"` value and where
/// that begins.
#[derive(Debug, Default)]
struct Entry {
    start: usize,
    name: Option<(String, usize)>,
}

impl Entry {
    fn place(&self) -> usize {
        self.name.as_ref().map_or(self.start, |(_, at)| *at)
    }
}

/// Byte offsets (into the text without its byte order mark) of what warnings point at.
#[derive(Debug, Default)]
struct Places {
    actions: Vec<Entry>,
    goals: Vec<Entry>,
    /// The `"goal"` key.
    goal: Option<usize>,
    /// Each `vars` key.
    vars: Vec<(String, usize)>,
    /// Each `objects` type with each of its objects.
    objects: Vec<(String, Vec<(String, usize)>)>,
}

impl Places {
    /// Scans a document; `None` if it is not the JSON object the parser accepted.
    fn scan(text: &str) -> Option<Places> {
        let mut places = Places::default();
        let mut s = Scan { text, pos: 0 };
        s.object(&mut |s, key, key_at| {
            match key.as_str() {
                "actions" => places.actions = s.entries()?,
                "goals" => places.goals = s.entries()?,
                "goal" => {
                    places.goal = Some(key_at);
                    s.skip_value()?;
                }
                "vars" => s.object(&mut |s, var, at| {
                    places.vars.push((var, at));
                    s.skip_value()
                })?,
                "objects" => s.object(&mut |s, ty, _| {
                    let mut list = Vec::new();
                    s.array(&mut |s| {
                        let at = s.pos;
                        match s.string() {
                            Some(o) => list.push((o, at)),
                            None => s.skip_value()?,
                        }
                        Some(())
                    })?;
                    places.objects.push((ty, list));
                    Some(())
                })?,
                _ => s.skip_value()?,
            }
            Some(())
        })?;
        Some(places)
    }

    /// Where `who` (as the lint functions name it) is.
    fn requirer(&self, who: &str, template_of: &HashMap<&str, &str>) -> Option<usize> {
        if who == "goal" {
            return self.goal;
        }
        if let Some(name) = quoted(who, "goals entry \"") {
            return find(&self.goals, name);
        }
        if let Some(name) = quoted(who, "action \"") {
            return self
                .action(name)
                .or_else(|| self.action(template_of.get(name)?));
        }
        // `template "NAME" (k of its n groundings)` or `(all n groundings)`.
        let rest = who.strip_prefix("template \"")?;
        let (name, _) = rest.rsplit_once("\" (")?;
        self.action(name)
    }

    fn action(&self, name: &str) -> Option<usize> {
        find(&self.actions, name)
    }

    /// A variable's key in `vars`; a family's ground variable (`stock(flour)`) at the
    /// family's key (`stock({item})`).
    fn var(&self, name: &str) -> Option<usize> {
        if let Some((_, at)) = self.vars.iter().find(|(v, _)| v == name) {
            return Some(*at);
        }
        let head = name.split_once('(')?.0;
        self.vars
            .iter()
            .find(|(v, _)| v.contains('{') && v.split_once('(').is_some_and(|(h, _)| h == head))
            .map(|(_, at)| *at)
    }

    fn object(&self, ty: &str, object: &str) -> Option<usize> {
        let (_, list) = self.objects.iter().find(|(t, _)| t == ty)?;
        list.iter().find(|(o, _)| o == object).map(|(_, at)| *at)
    }
}

/// `NAME` of `PREFIX NAME"`.
fn quoted<'a>(who: &'a str, prefix: &str) -> Option<&'a str> {
    who.strip_prefix(prefix)?.strip_suffix('"')
}

fn find(entries: &[Entry], name: &str) -> Option<usize> {
    entries
        .iter()
        .find(|e| e.name.as_ref().is_some_and(|(n, _)| n == name))
        .map(Entry::place)
}

/// A cursor over JSON text. Every method returns `None` on anything unexpected, and
/// never panics.
struct Scan<'t> {
    text: &'t str,
    pos: usize,
}

impl Scan<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.pos).copied()
    }

    fn space(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.pos += 1;
        }
    }

    fn eat(&mut self, byte: u8) -> Option<()> {
        self.space();
        (self.peek()? == byte).then(|| self.pos += 1)
    }

    /// Skips a string at the cursor (no space before it); returns its raw text with quotes.
    fn raw_string(&mut self) -> Option<&str> {
        let start = self.pos;
        if self.peek()? != b'"' {
            return None;
        }
        self.pos += 1;
        loop {
            match self.peek()? {
                b'"' => break,
                b'\\' => self.pos += 2,
                _ => self.pos += 1,
            }
        }
        self.pos += 1;
        self.text.get(start..self.pos)
    }

    /// A string at the cursor (after space), decoded.
    fn string(&mut self) -> Option<String> {
        self.space();
        serde_json::from_str(self.raw_string()?).ok()
    }

    /// Skips one value of any kind (iteratively: any depth).
    fn skip_value(&mut self) -> Option<()> {
        self.space();
        let mut depth = 0usize;
        loop {
            match self.peek()? {
                b'"' => {
                    self.raw_string()?;
                }
                b'{' | b'[' => {
                    depth += 1;
                    self.pos += 1;
                }
                b'}' | b']' => {
                    depth = depth.checked_sub(1)?;
                    self.pos += 1;
                }
                b',' | b':' | b' ' | b'\t' | b'\n' | b'\r' if depth > 0 => self.pos += 1,
                _ => {
                    // A number, true, false or null.
                    while !matches!(
                        self.peek(),
                        None | Some(b',' | b']' | b'}' | b':' | b' ' | b'\t' | b'\n' | b'\r')
                    ) {
                        self.pos += 1;
                    }
                }
            }
            if depth == 0 {
                return Some(());
            }
        }
    }

    /// An object at the cursor: `entry(scan, key, where the key's quote is)` reads each
    /// value.
    fn object(
        &mut self,
        entry: &mut dyn FnMut(&mut Self, String, usize) -> Option<()>,
    ) -> Option<()> {
        self.eat(b'{')?;
        if self.eat(b'}').is_some() {
            return Some(());
        }
        loop {
            self.space();
            let key_at = self.pos;
            let key = self.string()?;
            self.eat(b':')?;
            self.space();
            entry(self, key, key_at)?;
            if self.eat(b'}').is_some() {
                return Some(());
            }
            self.eat(b',')?;
        }
    }

    /// A list at the cursor: `element(scan)` reads each element (at the cursor, after
    /// space).
    fn array(&mut self, element: &mut dyn FnMut(&mut Self) -> Option<()>) -> Option<()> {
        self.eat(b'[')?;
        if self.eat(b']').is_some() {
            return Some(());
        }
        loop {
            self.space();
            element(self)?;
            if self.eat(b']').is_some() {
                return Some(());
            }
            self.eat(b',')?;
        }
    }

    /// A list of entries (`actions`, `goals`): where each begins and its `"name"`.
    fn entries(&mut self) -> Option<Vec<Entry>> {
        let mut entries = Vec::new();
        self.array(&mut |s| {
            let mut entry = Entry {
                start: s.pos,
                name: None,
            };
            if s.peek()? == b'{' {
                s.object(&mut |s, key, _| {
                    if key == "name" && s.peek()? == b'"' {
                        let at = s.pos;
                        entry.name = Some((s.string()?, at));
                        Some(())
                    } else {
                        s.skip_value()
                    }
                })?;
            } else {
                s.skip_value()?;
            }
            entries.push(entry);
            Some(())
        })?;
        Some(entries)
    }
}

#[cfg(test)]
#[path = "validate_tests.rs"]
mod tests;
