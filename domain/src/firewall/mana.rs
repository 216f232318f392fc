//! Mana: 50 points per round, bets of at least 1, and the two spells that
//! refill a reserve up to the same ceiling of 50.

/// Each round starts with 50 mana ("Both Mana tokens are back to the 50 Mana points division").
pub const MANA_PER_ROUND: u8 = 50;
/// No reserve ever exceeds 50 (Reserve Boost, Suction: "it can never be more than 50").
pub const MANA_CAP: u8 = 50;
/// "He must bet at least 1."
pub const MIN_BET: u8 = 1;
/// Reserve Boost adds 13.
pub const RESERVE_BOOST: u8 = 13;
/// Attack Boost adds 7 to the power.
pub const ATTACK_BOOST: u32 = 7;
/// Recycle changes a bet by up to 5 either way.
pub const RECYCLE_RANGE: u8 = 5;

/// How much of `gain` fits under the cap.
pub fn capped_gain(mana: u8, gain: u8) -> u8 {
    gain.min(MANA_CAP.saturating_sub(mana))
}

/// The bets a Recycle may turn `bet` into with `mana` in reserve.
pub fn recycle_range(bet: u8, mana: u8) -> (u8, u8) {
    let min = bet.saturating_sub(RECYCLE_RANGE).max(MIN_BET);
    let max = bet.saturating_add(RECYCLE_RANGE).min(mana).max(min);
    (min, max)
}
