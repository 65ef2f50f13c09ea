//! What the benchmarks do with their figures: the median of criterion's samples, the
//! number formats of the summaries, and a plain criterion-or-pilot measurement.
#![allow(dead_code)] // each bench uses its own subset

use std::time::Duration;

/// Median of the per-iteration times of criterion's samples (the last `samples` batches
/// the routine was called with; the ones before them were warm-up); `None` without any.
pub fn median_per_iter(record: &[(u64, Duration)], samples: usize) -> Option<Duration> {
    let tail = &record[record.len().saturating_sub(samples)..];
    let mut per: Vec<f64> = tail
        .iter()
        .map(|&(iters, d)| d.as_secs_f64() / iters.max(1) as f64)
        .collect();
    if per.is_empty() {
        return None;
    }
    per.sort_by(f64::total_cmp);
    let m = if per.len() % 2 == 1 {
        per[per.len() / 2]
    } else {
        (per[per.len() / 2 - 1] + per[per.len() / 2]) / 2.0
    };
    Some(Duration::from_secs_f64(m))
}

/// `d` in ns, µs, ms or s, whichever keeps the number small.
pub fn fmt_time(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s < 1e-6 {
        format!("{:.0} ns", s * 1e9)
    } else if s < 1e-3 {
        format!("{:.2} µs", s * 1e6)
    } else if s < 1.0 {
        format!("{:.2} ms", s * 1e3)
    } else {
        format!("{s:.2} s")
    }
}

/// `n` with thousands separated by commas (`1,024`).
pub fn fmt_count(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Times `routine` (which runs `iters` units and returns their measured time) as
/// `group/id` with criterion, 10 samples after 0.3 s of warm-up over 1.5 s; or, without
/// criterion (`GOAP_BENCH_PILOT`), with three plain runs of `pilot_iters` units. Returns the
/// median time of one unit.
pub fn measure_units(
    criterion: &mut Option<criterion::Criterion>,
    group: &str,
    id: &str,
    pilot_iters: u32,
    mut routine: impl FnMut(u64) -> Duration,
) -> Duration {
    let Some(c) = criterion.as_mut() else {
        let mut times: Vec<Duration> = (0..3)
            .map(|_| routine(u64::from(pilot_iters)) / pilot_iters)
            .collect();
        times.sort();
        return times[1];
    };
    let samples = 10;
    let mut record = Vec::new();
    let mut g = c.benchmark_group(group);
    g.sample_size(samples);
    g.warm_up_time(Duration::from_millis(300));
    g.measurement_time(Duration::from_millis(1500));
    g.bench_function(id, |b| {
        b.iter_custom(|iters| {
            let t = routine(iters);
            record.push((iters, t));
            t
        })
    });
    g.finish();
    median_per_iter(&record, samples).unwrap_or(Duration::ZERO)
}
