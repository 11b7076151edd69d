//! The butterfly history table that orders quiet moves: a score per (side, from, to), raised by
//! beta cutoffs and lowered by the quiet moves tried before them.

use shakmaty::Color;

/// History scores stay within ±this (gravity formula in [`History::update`]).
pub const HISTORY_MAX: i32 = 16_384;

/// Butterfly history: how often a quiet move (by side, from, to) caused a beta cutoff.
///
/// One row of 4096 scores per side, indexed by the packed move's from and to bits
/// ([`index`]).
#[derive(Clone)]
pub struct History {
    table: Box<[[i32; 4096]; 2]>,
}

impl std::fmt::Debug for History {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("History")
    }
}

impl Default for History {
    fn default() -> Self {
        History { table: Box::new([[0; 4096]; 2]) }
    }
}

/// The place of a packed quiet move (from and to, see [`crate::search::position::pack`]) in a
/// side's row.
#[inline(always)]
pub fn index(key: u16) -> usize {
    usize::from(key) & 4095
}

impl History {
    /// Forgets everything.
    pub fn clear(&mut self) {
        *self.table = [[0; 4096]; 2];
    }

    /// The score of a quiet move.
    #[inline]
    pub fn get(&self, turn: Color, key: u16) -> i32 {
        self.table[turn as usize][index(key)]
    }

    /// The scores of `turn`'s quiet moves, indexed by [`index`].
    #[inline]
    pub fn side(&self, turn: Color) -> &[i32; 4096] {
        &self.table[turn as usize]
    }

    /// Adds `bonus` (negative: a malus) with gravity, so values saturate at ±[`HISTORY_MAX`].
    #[inline]
    pub fn update(&mut self, turn: Color, key: u16, bonus: i32) {
        let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        let e = &mut self.table[turn as usize][index(key)];
        *e += bonus - *e * bonus.abs() / HISTORY_MAX;
    }
}
