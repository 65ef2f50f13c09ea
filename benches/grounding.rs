//! `cargo bench --bench grounding`: what parametric actions (templates) cost when a domain
//! file is read (issue 15, part 1, "Performance").
//!
//! A logistics family: `P` places and `I` items, one truck. Three templates,
//! `drive({from},{to})` (distinct places), `load({item},{at})` and `unload({item},{at})`,
//! ground to `P·(P−1) + 2·I·P` actions; sizes from about 1,000 to 50,000 ground actions.
//! Each size is read two ways in the same run: the template file, and the same domain
//! written out by hand (every ground action listed, as a generator would), which is the
//! baseline: grounding should cost about what reading the actions written out costs. The
//! summary gives the time per ground action of both and their ratio. Before timing, both
//! forms are checked to give the same actions (names, in order).
//!
//! `GOAP_BENCH_PILOT=1` replaces criterion by three plain runs of each measurement.

#[path = "common/report.rs"]
mod report;

use std::fmt::Write as _;
use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::Criterion;
use goap::format::parse_domain;
use report::{fmt_time, measure_units};

/// The template form.
fn templates(places: usize, items: usize) -> String {
    let p: Vec<String> = (0..places).map(|i| format!("\"p{i}\"")).collect();
    let it: Vec<String> = (0..items).map(|i| format!("\"i{i}\"")).collect();
    format!(
        r#"{{
 "objects": {{"place": [{}], "item": [{}]}},
 "actions": [
  {{"name": "drive({{from}},{{to}})", "params": {{"from": "place", "to": "place"}},
   "distinct": ["from", "to"], "cost": 2,
   "pre": {{"truck_at({{from}})": true}},
   "effects": {{"truck_at({{from}})": false, "truck_at({{to}})": true}}}},
  {{"name": "load({{item}},{{at}})", "params": {{"item": "item", "at": "place"}}, "cost": 1,
   "pre": {{"truck_at({{at}})": true, "at({{item}},{{at}})": true}},
   "effects": {{"at({{item}},{{at}})": false, "in_truck({{item}})": true}}}},
  {{"name": "unload({{item}},{{at}})", "params": {{"item": "item", "at": "place"}}, "cost": 1,
   "pre": {{"truck_at({{at}})": true, "in_truck({{item}})": true}},
   "effects": {{"at({{item}},{{at}})": true, "in_truck({{item}})": false}}}}
 ],
 "start": {{"truck_at(p0)": true, "at(i0,p0)": true}},
 "goal": {{"at(i0,p1)": true}}
}}"#,
        p.join(", "),
        it.join(", ")
    )
}

/// The same domain with every ground action written out, in grounding order.
fn written_out(places: usize, items: usize) -> String {
    let mut a = Vec::new();
    for f in 0..places {
        for t in 0..places {
            if f != t {
                a.push(format!(
                    r#"{{"name": "drive(p{f},p{t})", "cost": 2, "pre": {{"truck_at(p{f})": true}}, "effects": {{"truck_at(p{f})": false, "truck_at(p{t})": true}}}}"#
                ));
            }
        }
    }
    for (verb, load) in [("load", true), ("unload", false)] {
        for i in 0..items {
            for p in 0..places {
                let (pre, eff) = if load {
                    (
                        format!(r#""truck_at(p{p})": true, "at(i{i},p{p})": true"#),
                        format!(r#""at(i{i},p{p})": false, "in_truck(i{i})": true"#),
                    )
                } else {
                    (
                        format!(r#""truck_at(p{p})": true, "in_truck(i{i})": true"#),
                        format!(r#""at(i{i},p{p})": true, "in_truck(i{i})": false"#),
                    )
                };
                a.push(format!(
                    r#"{{"name": "{verb}(i{i},p{p})", "cost": 1, "pre": {{{pre}}}, "effects": {{{eff}}}}}"#
                ));
            }
        }
    }
    let mut s = String::from("{\n \"actions\": [\n  ");
    s.push_str(&a.join(",\n  "));
    let _ = write!(
        s,
        "\n ],\n \"start\": {{\"truck_at(p0)\": true, \"at(i0,p0)\": true}},\n \"goal\": {{\"at(i0,p1)\": true}}\n}}"
    );
    s
}

fn action_names(text: &str) -> Vec<String> {
    let file = parse_domain(text).expect("the generated domain reads");
    file.domain
        .actions()
        .iter()
        .map(|a| a.name().to_owned())
        .collect()
}

fn measure(criterion: &mut Option<Criterion>, id: &str, text: &str) -> Duration {
    measure_units(criterion, "grounding", id, 3, |iters| {
        let start = Instant::now();
        for _ in 0..iters {
            black_box(parse_domain(black_box(text)).unwrap());
        }
        start.elapsed()
    })
}

fn main() {
    let mut criterion = if std::env::var_os("GOAP_BENCH_PILOT").is_some() {
        None
    } else {
        Some(Criterion::default().configure_from_args())
    };
    // (places, items): 1,080 / 5,100 / 20,400 / 50,400 ground actions.
    let sizes = [(12, 40), (30, 70), (60, 140), (120, 150)];
    let mut rows = Vec::new();
    for (places, items) in sizes {
        let (t, w) = (templates(places, items), written_out(places, items));
        let names = action_names(&t);
        assert_eq!(names, action_names(&w), "both forms give the same actions");
        let n = names.len();
        assert_eq!(n, places * (places - 1) + 2 * items * places);
        let tt = measure(&mut criterion, &format!("templates/{n}"), &t);
        let tw = measure(&mut criterion, &format!("written-out/{n}"), &w);
        rows.push((n, t.len(), w.len(), tt, tw));
    }
    println!();
    println!("reading a logistics domain: templates against the same actions written out");
    println!("(median per file read; per ground action; ratio from this run)");
    for (n, tl, wl, tt, tw) in rows {
        let per = |d: Duration| Duration::from_secs_f64(d.as_secs_f64() / n as f64);
        println!(
            "  {n:>6} actions: templates {} ({} bytes) {} per action; written out {} ({} bytes) {} per action; templates {:.2}x",
            fmt_time(tt),
            tl,
            fmt_time(per(tt)),
            fmt_time(tw),
            wl,
            fmt_time(per(tw)),
            tt.as_secs_f64() / tw.as_secs_f64().max(1e-12)
        );
    }
}
