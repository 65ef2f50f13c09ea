//! The studio page: one self-contained HTML file (inline script and style, no network) that
//! shows a domain file or a flight-recorder recording to people who would rather look than
//! read (the README's "Studio page" section; `goap studio FILE -o PAGE.html`).
//!
//! Everything non-trivial is computed here, in Rust, into one JSON object embedded in the
//! page (`<script type="application/json" id="goap-data">`): the action graph's layered
//! layout, each goal's plan or "why no plan" report, the searched states with their
//! differences from their parents and the plan's path, the sampling of large searches and
//! the agents' timeline rows. The page's script only draws that object. The same input
//! always gives the same page, byte for byte.
//!
//! Views: **Domain** (the action graph, lint warnings, each goal's plan or report),
//! **Search** (a search as an explorable tree of states) and, for recordings, **Agents** (a
//! timeline per agent with a scrubber, and a jump from each replan into its search).
#![forbid(unsafe_code)]

mod agents;
mod domain_view;
mod graph;
mod search;
mod text;

use serde_json::{json, Value};

use crate::format::DomainFile;
use crate::record::Timeline;

pub use search::{MAX_SEARCH_EXPANSIONS, MAX_SHOWN_STATES};

/// At most this many searches of a recording's replans are embedded in its page (the
/// first ones, in agent order then time order); the page says when more were left out.
pub const MAX_EMBEDDED_SEARCHES: usize = 300;

const PAGE_CSS: &str = include_str!("studio/page.css");
const PAGE_JS: &str = include_str!("studio/page.js");

/// The page for a domain file: its action graph, lint warnings, and for the file's `goal`
/// and each `goals` entry the optimal plan from `start` or the "why no plan" report, each
/// with its search.
pub fn domain_page(title: &str, file: &DomainFile) -> String {
    page(title, &domain_data(title, file))
}

/// The page for a recording replayed into `timeline`: its domains' action graphs, a
/// timeline per agent and the searches of the agents' replans (at most
/// [`MAX_EMBEDDED_SEARCHES`]).
pub fn recording_page(title: &str, timeline: &Timeline) -> String {
    page(title, &recording_data(title, timeline))
}

/// The data object of [`domain_page`].
fn domain_data(title: &str, file: &DomainFile) -> Value {
    let mut searches = Vec::new();
    let domain = domain_view::domain_file(file, 0, &mut searches);
    json!({
        "title": title,
        "kind": "domain",
        "domains": [domain],
        "searches": searches,
        "agents": [],
        "notes": [],
    })
}

/// The data object of [`recording_page`].
fn recording_data(title: &str, timeline: &Timeline) -> Value {
    let domains: Vec<Value> = timeline
        .domains
        .iter()
        .enumerate()
        .map(|(i, d)| domain_view::recorded_domain(&d.name, &d.domain, i))
        .collect();
    let mut searches = Vec::new();
    let mut notes = Vec::new();
    let agents = agents::agents(timeline, &mut searches, &mut notes);
    let mut summary = format!(
        "{} records, {} agent{}",
        timeline.events,
        timeline.agents.len(),
        if timeline.agents.len() == 1 { "" } else { "s" }
    );
    if let Some(w) = timeline.window {
        summary += &format!("; ring recording: the last {} s", text::num(w));
    }
    json!({
        "title": title,
        "kind": "recording",
        "summary": summary,
        "domains": domains,
        "searches": searches,
        "agents": agents,
        "notes": notes,
    })
}

/// The whole page around a data object.
fn page(title: &str, data: &Value) -> String {
    let mut out = String::with_capacity(PAGE_CSS.len() + PAGE_JS.len() + 4096);
    out += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
    out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
    out += "<meta name=\"generator\" content=\"goap studio\">\n";
    out += &format!("<title>{} — goap studio</title>\n", escape_html(title));
    out += "<style>\n";
    out += PAGE_CSS;
    out += "</style>\n</head>\n<body>\n";
    out += "<noscript><p>This page needs JavaScript to draw its views.</p></noscript>\n";
    out += "<div id=\"app\"></div>\n";
    out += "<script type=\"application/json\" id=\"goap-data\">";
    out += &script_json(data);
    out += "</script>\n<script>\n";
    out += PAGE_JS;
    out += "</script>\n</body>\n</html>\n";
    out
}

/// `data` as JSON that is safe inside a `<script>` element: every `<`, `>` and `&` (they
/// can only occur inside strings) is written as a `\u` escape, so no `</script>` or `<!--`
/// can end or confuse the element; U+2028 and U+2029 likewise.
fn script_json(data: &Value) -> String {
    let text = serde_json::to_string(data).expect("a JSON value always serializes");
    let mut out = String::with_capacity(text.len() + 64);
    for c in text.chars() {
        match c {
            '<' => out += "\\u003c",
            '>' => out += "\\u003e",
            '&' => out += "\\u0026",
            '\u{2028}' => out += "\\u2028",
            '\u{2029}' => out += "\\u2029",
            c => out.push(c),
        }
    }
    out
}

/// Text for HTML element content or a quoted attribute.
fn escape_html(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out += "&amp;",
            '<' => out += "&lt;",
            '>' => out += "&gt;",
            '"' => out += "&quot;",
            '\'' => out += "&#39;",
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::parse_domain;

    /// The JSON embedded in a page, parsed back.
    pub(crate) fn embedded(page: &str) -> Value {
        let open = "<script type=\"application/json\" id=\"goap-data\">";
        let start = page.find(open).expect("the data element") + open.len();
        let end = start + page[start..].find("</script>").expect("its end");
        serde_json::from_str(&page[start..end]).expect("the data is JSON")
    }

    #[test]
    fn script_breaking_names_are_escaped_and_round_trip() {
        let file = parse_domain(
            r#"{"actions": [{"name": "</script><!--x&y", "effects": {"<b>\u2028": true}}],
                "goal": {"<b>\u2028": true}}"#,
        )
        .unwrap();
        let page = domain_page("a </script> & <title>", &file);
        // Exactly the page's own two script elements end.
        assert_eq!(page.matches("</script>").count(), 2, "{page}");
        assert!(!page.contains("<!--x"));
        assert!(page.contains("<title>a &lt;/script&gt; &amp; &lt;title&gt; — goap studio</title>"));
        let data = embedded(&page);
        assert_eq!(data["title"], "a </script> & <title>");
        assert_eq!(data["domains"][0]["actions"][0]["name"], "</script><!--x&y");
        assert_eq!(data["domains"][0]["facts"][0], "<b>\u{2028}");
        assert_eq!(
            data["domains"][0]["goals"][0]["plan"],
            json!(["</script><!--x&y"])
        );
    }

    #[test]
    fn pages_are_deterministic_and_self_contained() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/domains/kitchen.json");
        let file = crate::format::load_domain_file(std::path::Path::new(path)).unwrap();
        let a = domain_page("kitchen", &file);
        let b = domain_page("kitchen", &file);
        assert_eq!(a, b);
        assert!(a.starts_with("<!DOCTYPE html>"));
        for remote in [
            "src=\"",
            "href=\"http",
            "<link",
            "fetch(",
            "url(http",
            "url(//",
            "import(",
        ] {
            assert!(!a.contains(remote), "the page refers to {remote}");
        }
        assert!(a.contains("炒菜"));
        assert_eq!(embedded(&a)["kind"], "domain");
    }

    #[test]
    fn recording_pages_have_agents_domains_and_replan_searches() {
        let timeline = agents::tests::cook_timeline();
        let page = recording_page("cook.goaprec", &timeline);
        assert_eq!(page, recording_page("cook.goaprec", &timeline));
        let data = embedded(&page);
        assert_eq!(data["kind"], "recording");
        assert_eq!(data["summary"], "8 records, 1 agent");
        assert_eq!(data["domains"][0]["name"], "厨房");
        assert_eq!(data["domains"][0]["actions"][1]["name"], "切菜");
        assert_eq!(data["agents"][0]["entries"].as_array().unwrap().len(), 8);
        assert_eq!(data["searches"].as_array().unwrap().len(), 2);
        assert_eq!(data["searches"][1]["plan"], json!(["切菜"]));
    }

    #[test]
    fn domain_pages_have_no_agents() {
        let file = parse_domain(r#"{"actions": [{"name": "a", "effects": {"x": true}}]}"#).unwrap();
        let data = embedded(&domain_page("tiny", &file));
        assert_eq!(data["agents"], json!([]));
        assert_eq!(data["searches"], json!([]), "no goal, no search");
        assert_eq!(data["domains"][0]["goals"], json!([]));
    }
}
