//! What both benchmarks do with their figures: the median of criterion's samples and the
//! number formats of the summaries.
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
