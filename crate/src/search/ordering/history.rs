//! The butterfly history table that orders quiet moves: a score per (side, from, to), raised by
//! beta cutoffs and lowered by the quiet moves tried before them.

use shakmaty::Color;

/// History scores stay within ±this (gravity formula in [`History::update`]).
pub const HISTORY_MAX: i32 = 16_384;

/// Butterfly history: how often a quiet move (by side, from, to) caused a beta cutoff.
#[derive(Clone)]
pub struct History {
    table: Box<[[[i32; 64]; 64]; 2]>,
}

impl std::fmt::Debug for History {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("History")
    }
}

impl Default for History {
    fn default() -> Self {
        History { table: Box::new([[[0; 64]; 64]; 2]) }
    }
}

#[inline]
fn squares(key: u16) -> (usize, usize) {
    ((key & 63) as usize, ((key >> 6) & 63) as usize)
}

impl History {
    /// Forgets everything.
    pub fn clear(&mut self) {
        *self.table = [[[0; 64]; 64]; 2];
    }

    /// The score of a quiet move.
    #[inline]
    pub fn get(&self, turn: Color, key: u16) -> i32 {
        let (from, to) = squares(key);
        self.table[turn as usize][from][to]
    }

    /// The scores of `turn`'s quiet moves, indexed by from and to square.
    #[inline]
    pub fn side(&self, turn: Color) -> &[[i32; 64]; 64] {
        &self.table[turn as usize]
    }

    /// Adds `bonus` (negative: a malus) with gravity, so values saturate at ±[`HISTORY_MAX`].
    #[inline]
    pub fn update(&mut self, turn: Color, key: u16, bonus: i32) {
        let (from, to) = squares(key);
        let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        let e = &mut self.table[turn as usize][from][to];
        *e += bonus - *e * bonus.abs() / HISTORY_MAX;
    }
}
