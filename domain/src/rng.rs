//! The only source of chance in a game.
//!
//! Each game has a secret 32-byte seed. The generator handed to `decide` for
//! the command at sequence number `n` is a ChaCha20 stream keyed by
//! `sha256(seed || n)`, so re-running the same commands reproduces every roll
//! and shuffle. `StdRng` is avoided on purpose: its algorithm may change
//! between `rand` releases, which would break old game records.

use rand::{Rng, RngExt, SeedableRng, seq::SliceRandom};
use rand_chacha::ChaCha20Rng;
use sha2::{Digest, Sha256};

/// A game's secret seed.
pub type Seed = [u8; 32];

/// The hex SHA-256 of a seed: published in a game's first event, so that the
/// seed revealed at the end can be checked against it.
pub fn seed_commitment(seed: &Seed) -> String {
    hex::encode(Sha256::digest(seed))
}

/// A deterministic random stream for one command of one game.
#[derive(Debug, Clone)]
pub struct GameRng(ChaCha20Rng);

impl GameRng {
    /// The stream for the command that will append events from `sequence` on.
    pub fn for_command(seed: &Seed, sequence: u64) -> Self {
        let mut hasher = Sha256::new();
        hasher.update(seed);
        hasher.update(sequence.to_be_bytes());
        let key: [u8; 32] = hasher.finalize().into();
        GameRng(ChaCha20Rng::from_seed(key))
    }

    /// Lends the underlying stream, so that a frozen copy of older rules
    /// (a revision of its own crate, with a `GameRng` of its own) draws from
    /// exactly the stream this generator would, and leaves it where it stopped.
    pub fn lend_stream<T>(&mut self, use_it: impl FnOnce(&mut ChaCha20Rng) -> T) -> T {
        use_it(&mut self.0)
    }

    /// A stream from a bare number, for tests and simulations.
    pub fn from_u64(value: u64) -> Self {
        GameRng(ChaCha20Rng::seed_from_u64(value))
    }

    /// A uniformly random number in `0..upper`. `upper` must be positive.
    pub fn below(&mut self, upper: u32) -> u32 {
        assert!(upper > 0, "GameRng::below needs a positive bound");
        self.0.random_range(0..upper)
    }

    /// Rolls a die with `sides` faces: 1..=sides.
    pub fn roll(&mut self, sides: u8) -> u8 {
        (self.below(u32::from(sides)) + 1) as u8
    }

    /// Shuffles `items` in place.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        items.shuffle(&mut self.0);
    }

    /// 32 fresh bytes, e.g. for a new game's seed.
    pub fn bytes32(&mut self) -> [u8; 32] {
        let mut out = [0u8; 32];
        self.0.fill_bytes(&mut out);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_and_sequence_give_the_same_rolls() {
        let seed = [7u8; 32];
        let a: Vec<u8> = (0..20)
            .map({
                let mut r = GameRng::for_command(&seed, 3);
                move |_| r.roll(6)
            })
            .collect();
        let b: Vec<u8> = (0..20)
            .map({
                let mut r = GameRng::for_command(&seed, 3);
                move |_| r.roll(6)
            })
            .collect();
        assert_eq!(a, b);
        let c: Vec<u8> = (0..20)
            .map({
                let mut r = GameRng::for_command(&seed, 4);
                move |_| r.roll(6)
            })
            .collect();
        assert_ne!(a, c, "another sequence number gives another stream");
        assert!(a.iter().all(|v| (1..=6).contains(v)));
    }

    #[test]
    fn the_commitment_is_the_hex_sha256_of_the_seed() {
        let c = seed_commitment(&[0u8; 32]);
        assert_eq!(c.len(), 64);
        assert_eq!(
            c,
            "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
        );
    }
}
