//! The benchmarks' deterministic generator: the generated domain families and the agent
//! benchmark's soldiers draw from the same stream for the same seed.
#![allow(dead_code)] // each includer uses its own subset

/// Deterministic xorshift64 (the seed must not be 0).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// In `0..n` (the modulo bias is irrelevant here).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn coin(&mut self) -> bool {
        self.next() & 1 == 1
    }
}
