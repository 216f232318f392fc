//! The bridge over the lava river: 19 flagstones (README: "The bridge has 19
//! flagstones"), numbered 0..=18 from seat 0's end, the fire wall and the two
//! wizards. Broken flagstones are counted from each end.

use crate::ruleset::Seat;

/// Flagstones on the bridge.
pub const FLAGSTONES: i8 = 19;
/// The middle flagstone, where the fire wall starts the match.
pub const MIDDLE: i8 = 9;
/// Wizards stand three steps from the fire wall ("two empty flagstones between").
pub const WIZARD_DISTANCE: i8 = 3;
/// 16 broken-flagstone tiles, one laid at each end per round.
pub const TILES_PER_END: u8 = 8;

/// Positions of everything on the bridge. Wizard positions may fall outside
/// 0..=18: that is the lava.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Bridge {
    /// Broken flagstones at seat 0's end (flagstones `0..broken_low`).
    pub broken_low: u8,
    /// Broken flagstones at seat 1's end.
    pub broken_high: u8,
    pub wall: i8,
    /// Where the wall stood when the round began (the spell Middle sends it back there).
    pub round_start_wall: i8,
    pub wizards: [i8; 2],
}

impl Bridge {
    pub fn new() -> Self {
        Bridge {
            broken_low: 0,
            broken_high: 0,
            wall: MIDDLE,
            round_start_wall: MIDDLE,
            wizards: Self::wizards_around(MIDDLE),
        }
    }

    /// Where the wizards stand, three steps on each side of the wall; seat 0 on the low side.
    pub fn wizards_around(wall: i8) -> [i8; 2] {
        [wall - WIZARD_DISTANCE, wall + WIZARD_DISTANCE]
    }

    /// Whether a wizard standing here is on solid stone.
    pub fn is_solid(&self, position: i8) -> bool {
        let low = i8::try_from(self.broken_low).unwrap_or(i8::MAX);
        let high = FLAGSTONES - 1 - i8::try_from(self.broken_high).unwrap_or(i8::MAX);
        (low..=high).contains(&position)
    }

    /// Flagstones between the wall and this seat's wizard.
    pub fn distance_to(&self, seat: Seat) -> i8 {
        (self.wizards[seat.index() % 2] - self.wall).abs()
    }

    /// Where the wall ends when pushed `steps` toward `seat`: it stops on the
    /// wizard's flagstone (Inferno: "if one step is enough ... it just does this one step").
    pub fn pushed_toward(&self, seat: Seat, steps: i8) -> i8 {
        let direction = if seat.index() == 0 { -1 } else { 1 };
        self.wall + direction * steps.min(self.distance_to(seat))
    }

    /// The seat whose wizard stands on the wall's flagstone, if any.
    pub fn wizard_hit(&self) -> Option<Seat> {
        (0..2u8)
            .map(Seat)
            .find(|s| self.wizards[s.index()] == self.wall)
    }

    /// The next flagstones to collapse at each end ("the first outer unbroken
    /// bridge flagstone"), while tiles last.
    pub fn next_collapses(&self) -> (Option<i8>, Option<i8>) {
        let low = (self.broken_low < TILES_PER_END).then_some(self.broken_low as i8);
        let high =
            (self.broken_high < TILES_PER_END).then_some(FLAGSTONES - 1 - self.broken_high as i8);
        (low, high)
    }
}
