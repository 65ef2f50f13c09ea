//! Allocation limits: no table whose size a domain or a call determines may abort the
//! host. Every such table is reserved through [`reserve`], which refuses a table larger
//! than [`max_table_bytes`] and turns an allocation failure into an [`OutOfMemory`] error
//! that names the table.

use std::collections::{BinaryHeap, TryReserveError};
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};

/// The default limit on one planner table (a search's action masks, its state arena,
/// its landmark sets, …): 1 GiB. A domain or search that needs more fails
/// with [`OutOfMemory`] (`GOAP_STATUS_OUT_OF_MEMORY` through the C ABI) instead of
/// allocating it. See [`set_max_table_bytes`].
pub const MAX_TABLE_BYTES: u64 = 1 << 30;

static LIMIT: AtomicU64 = AtomicU64::new(MAX_TABLE_BYTES);

/// Sets the most bytes one planner table may take, for the whole process (default
/// [`MAX_TABLE_BYTES`]; at least 64 KiB is kept). Lower it on platforms with little
/// memory; tables already allocated are kept. Any thread, any time: searches running
/// meanwhile see the old or the new limit.
pub fn set_max_table_bytes(bytes: u64) {
    LIMIT.store(bytes.max(1 << 16), Ordering::Relaxed);
}

/// The limit [`set_max_table_bytes`] set.
pub fn max_table_bytes() -> u64 {
    LIMIT.load(Ordering::Relaxed)
}

/// A planner table could not be allocated: it would exceed [`max_table_bytes`], or the
/// allocator refused it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutOfMemory {
    /// What the table holds and why it is that large, e.g. "the search's action masks
    /// (300000 actions × 300000 facts)".
    pub what: String,
    /// The bytes it needed.
    pub bytes: u64,
    /// The allocator refused it (else it is over the limit).
    pub refused: bool,
}

impl fmt::Display for OutOfMemory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.refused {
            write!(
                f,
                "out of memory: {} needed {} and the allocator refused it",
                self.what,
                bytes_text(self.bytes)
            )
        } else {
            write!(
                f,
                "out of memory: {} would need {}, more than the limit of {} per planner table",
                self.what,
                bytes_text(self.bytes),
                bytes_text(max_table_bytes())
            )
        }
    }
}

impl std::error::Error for OutOfMemory {}

/// `n` bytes in words: "1.5 GiB", "320 MiB", "12 KiB", "96 bytes".
fn bytes_text(n: u64) -> String {
    const UNITS: [(&str, u64); 3] = [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)];
    for (unit, size) in UNITS {
        if n >= size {
            let x = n as f64 / size as f64;
            return if x < 10.0 {
                format!("{x:.1} {unit}")
            } else {
                format!("{x:.0} {unit}")
            };
        }
    }
    format!("{n} bytes")
}

/// A buffer whose growth may fail instead of aborting: `Vec` and the open list's
/// `BinaryHeap`.
pub(crate) trait Growable {
    /// Bytes per element.
    const ELEMENT: usize;
    fn len(&self) -> usize;
    fn capacity(&self) -> usize;
    /// Room for `additional` more than `len()`, or an error.
    fn try_reserve_exact(&mut self, additional: usize) -> Result<(), TryReserveError>;
}

impl<T> Growable for Vec<T> {
    const ELEMENT: usize = std::mem::size_of::<T>();
    fn len(&self) -> usize {
        Vec::len(self)
    }
    fn capacity(&self) -> usize {
        Vec::capacity(self)
    }
    fn try_reserve_exact(&mut self, additional: usize) -> Result<(), TryReserveError> {
        Vec::try_reserve_exact(self, additional)
    }
}

impl<T: Ord> Growable for BinaryHeap<T> {
    const ELEMENT: usize = std::mem::size_of::<T>();
    fn len(&self) -> usize {
        BinaryHeap::len(self)
    }
    fn capacity(&self) -> usize {
        BinaryHeap::capacity(self)
    }
    fn try_reserve_exact(&mut self, additional: usize) -> Result<(), TryReserveError> {
        BinaryHeap::try_reserve_exact(self, additional)
    }
}

/// Makes room in `v` for `len` elements in all (not additional ones), failing instead of
/// aborting. `what` is evaluated only on failure.
pub(crate) fn reserve<B: Growable>(
    v: &mut B,
    len: usize,
    what: impl FnOnce() -> String,
) -> Result<(), OutOfMemory> {
    if len <= v.capacity() {
        return Ok(());
    }
    let bytes = (len as u64).saturating_mul(B::ELEMENT as u64);
    let limit = max_table_bytes();
    if bytes > limit {
        return Err(OutOfMemory {
            what: what(),
            bytes,
            refused: false,
        });
    }
    // Grow geometrically (as `push` would), but never past the limit.
    let target = len
        .max(v.capacity().saturating_mul(2))
        .min((limit / B::ELEMENT.max(1) as u64) as usize);
    v.try_reserve_exact(target - v.len())
        .map_err(|_| OutOfMemory {
            what: what(),
            bytes,
            refused: true,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn over_the_limit_is_refused_before_allocating() {
        let mut v: Vec<u64> = Vec::new();
        let e = reserve(&mut v, (MAX_TABLE_BYTES / 8 + 1) as usize, || {
            "a test table".into()
        })
        .unwrap_err();
        assert!(!e.refused);
        assert_eq!(e.bytes, MAX_TABLE_BYTES + 8);
        assert_eq!(v.capacity(), 0);
        assert_eq!(
            e.to_string(),
            "out of memory: a test table would need 1.0 GiB, more than the limit of 1.0 GiB per planner table"
        );
        reserve(&mut v, 1000, || unreachable!()).unwrap();
        assert!(v.capacity() >= 1000);
    }

    #[test]
    fn sizes_read_well() {
        assert_eq!(bytes_text(96), "96 bytes");
        assert_eq!(bytes_text(12 << 10), "12 KiB");
        assert_eq!(bytes_text(45 << 30), "45 GiB");
        assert_eq!(bytes_text(3 << 29), "1.5 GiB");
    }
}
