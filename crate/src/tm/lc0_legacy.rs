//! lc0's legacy time manager of the moves-left era (the lc0 default): divide the pool by the
//! estimated moves left, with a first-move bonus, slowmover, and spared time carried over.
//!
//! Reference: lc0 `src/search/classic/stoppers/legacy.cc` @909a4082 (MLE since @23c1a661, #634;
//! book-ply bonus @971786b9, #1493, 0.25 since #1622; first-move bonus @59c4697f, #1891; the
//! spared pool leaves the plan since @cf337bb2, #1584). Spec §5. `f32` arithmetic with lc0's
//! truncations; `spared` is integer milliseconds.
//!
//! ```text
//! mtg   = MLE(ply; midpoint-move, steepness);  if 0 < movestogo < mtg: mtg = movestogo
//! total = max(0, clock + inc·(mtg − 1) − O)
//! if spared > 0: total = max(0, total − spared); squander = trunc(spared·immediate-use); spared −= squander
//! base  = total/mtg;  first move: base *= 1 + first-move-bonus + book-ply-bonus·min(12, ply)
//! if slowmover < 1 or base·slowmover > 200: spared = trunc(spared − base·(slowmover − 1)); base *= slowmover
//! deadline = min(trunc(base + squander), clock − O);  soft = hard = deadline
//! end_move: spared += deadline − elapsed
//! ```

use crate::stop::Term;

use super::MoveContext;
use super::common::{t32, t64};
use super::lc0_deadline::{Deadline, Lc0Game, Lc0Manager};
use super::moves_left::{LEGACY_MIDPOINT, LEGACY_STEEPNESS, moves_left};
use super::smart_pruning::SmartPruningConfig;
use super::state::{StateError, StateReader, StateWriter};

mod table;

/// lc0's `Slowmover` default.
pub const SLOWMOVER: f32 = 1.0;
/// lc0's `immediate-use`: all spared time is spent on the next move.
pub const IMMEDIATE_USE: f32 = 1.0;
/// lc0's first-move bonus (#1891): the first move gets 1 + 1.8 times the base.
pub const FIRST_MOVE_BONUS: f32 = 1.8;
/// lc0's bonus per book ply on the first move (#1493; 0.25 since #1622).
pub const BOOK_PLY_BONUS: f32 = 0.25;
/// The book-ply bonus counts at most this many plies.
pub const MAX_BOOK_PLIES: u32 = 12;
/// lc0's `MoveOverheadMs` default.
pub const MOVE_OVERHEAD_MS: u32 = 200;
/// Slowmover applies only above lc0's `kSmartPruningToleranceMs` (or when it shortens moves).
pub const SLOWMOVER_THRESHOLD_MS: f32 = 200.0;

/// The legacy manager's parameters (§5).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LegacyConfig {
    /// Budget multiplier.
    pub slowmover: f32,
    /// MLE midpoint m, moves.
    pub midpoint_move: f32,
    /// MLE steepness s.
    pub steepness: f32,
    /// Share of spared time spent on the next move.
    pub immediate_use: f32,
    /// Extra budget on the first move of a manager object.
    pub first_move_bonus: f32,
    /// Extra budget per book ply on that first move, up to 12 plies.
    pub book_ply_bonus: f32,
    /// Move overhead, ms.
    pub move_overhead: u32,
    /// The SmartPruning stopper that follows.
    pub smart_pruning: SmartPruningConfig,
}

impl LegacyConfig {
    /// lc0 @909a4082 defaults.
    pub const LC0: LegacyConfig = LegacyConfig {
        slowmover: SLOWMOVER,
        midpoint_move: LEGACY_MIDPOINT,
        steepness: LEGACY_STEEPNESS,
        immediate_use: IMMEDIATE_USE,
        first_move_bonus: FIRST_MOVE_BONUS,
        book_ply_bonus: BOOK_PLY_BONUS,
        move_overhead: MOVE_OVERHEAD_MS,
        smart_pruning: SmartPruningConfig::LC0,
    };
    /// The same without the first-move and book-ply bonuses (lc0 before #1493 and #1891).
    pub const NO_BONUS: LegacyConfig =
        LegacyConfig { first_move_bonus: 0.0, book_ply_bonus: 0.0, ..Self::LC0 };
}

/// The manager: lc0's per-game manager with its per-move
/// [`DeadlineStopper`](super::lc0_deadline::DeadlineStopper).
pub type Legacy = Lc0Manager<LegacyGame>;

/// The per-game half: the first-move flag (the manager keeps lc0's spared pool).
#[derive(Clone, Debug)]
pub struct LegacyGame {
    /// The next move is the first of this manager object.
    first: bool,
}

impl Lc0Game for LegacyGame {
    type Config = LegacyConfig;

    const FRESH: Self = LegacyGame { first: true };
    const SPARED: bool = true;

    fn deadline(&mut self, c: &LegacyConfig, spared: &mut i64, ctx: &MoveContext) -> Deadline {
        let clock = ctx.clock().floor() as i64;
        let clock_f = clock as f32;
        let inc = ctx.inc().floor() as f32;
        let overhead = c.move_overhead as i64;
        let mut mtg = moves_left(ctx.ply, c.midpoint_move, c.steepness);
        if let Some(m) = ctx.movestogo()
            && (m as f32) < mtg
        {
            mtg = m as f32;
        }
        let mut total = (clock_f + inc * (mtg - 1.0) - overhead as f32).max(0.0);
        let mut squander: i64 = 0;
        if *spared > 0 {
            total = (total - *spared as f32).max(0.0);
            squander = (*spared as f32 * c.immediate_use) as i64;
            *spared -= squander;
        }
        let mut base = total / mtg;
        let mut bonus_mult = 1.0f32;
        if self.first {
            bonus_mult = 1.0 + c.first_move_bonus + c.book_ply_bonus * ctx.ply.min(MAX_BOOK_PLIES) as f32;
            base *= bonus_mult;
            self.first = false;
        }
        let applied = c.slowmover < 1.0 || base * c.slowmover > SLOWMOVER_THRESHOLD_MS;
        if applied {
            *spared = (*spared as f32 - base * (c.slowmover - 1.0)) as i64;
            base *= c.slowmover;
        }
        let ms = ((base + squander as f32) as i64).min(clock - overhead);
        let terms = vec![
            t32("mtg", mtg),
            t32("total", total),
            t64("squander", squander as f64),
            t32("base", base),
            t32("bonus_mult", bonus_mult),
            t64("slowmover_applied", f64::from(u8::from(applied))),
        ];
        Deadline { ms, terms, why: "" }
    }

    fn state(&self) -> Vec<Term> {
        vec![Term::new("first", f64::from(u8::from(self.first)))]
    }

    fn save(&self, w: &mut StateWriter) {
        w.bool(self.first);
    }

    fn load(&mut self, r: &mut StateReader) -> Result<(), StateError> {
        self.first = r.bool("first")?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stop::Budget;
    use crate::tm::MoveEnd;
    use crate::tm::TimeManager;

    fn term(b: &Budget, name: &str) -> f64 {
        b.terms.iter().find(|t| t.name == name).unwrap_or_else(|| panic!("no term {name}")).value
    }

    #[test]
    fn reference_vector_c() {
        // §11(c): clock 60000 at every listed move, inc 600; move 1 fresh, later moves first = false.
        let rows = [
            (0, 51.5000, 90_100.0, 4898.0),
            (38, 32.5137, 78_708.2, 2420.0),
            (78, 14.3822, 67_829.3, 4716.0),
            (118, 7.8047, 63_882.8, 8185.0),
        ];
        for (i, &(ply, mtg, total, deadline)) in rows.iter().enumerate() {
            let mut m = Legacy::new(LegacyConfig::LC0);
            m.game_mut().first = i == 0;
            let b = m.begin_move(&MoveContext::new(60_000.0, 600.0, ply));
            assert!((term(&b, "mtg") - mtg).abs() < 6e-4, "ply {ply}: mtg {}", term(&b, "mtg"));
            assert!((term(&b, "total") - total).abs() < 0.06, "ply {ply}: total {}", term(&b, "total"));
            assert_eq!(b.soft_ms, deadline, "ply {ply}");
            assert_eq!(b.hard_ms, deadline, "ply {ply}");
        }
    }

    #[test]
    fn spared_time_returns_on_the_next_move() {
        let mut m = Legacy::new(LegacyConfig::LC0);
        let b1 = m.begin_move(&MoveContext::new(60_000.0, 0.0, 0));
        m.end_move(&MoveEnd::new(b1.hard_ms - 1000.0, 1000));
        assert_eq!(m.spared(), 1000);
        let b2 = m.begin_move(&MoveContext::new(59_000.0, 0.0, 2));
        // total loses the spared 1000, squander gives all of it back to this move.
        assert_eq!(term(&b2, "squander"), 1000.0);
        let base = ((59_000.0f32 - 200.0 - 1000.0) / moves_left(2, 51.5, 7.0)) as i64;
        assert_eq!(b2.hard_ms, (base + 1000) as f64);
        assert_eq!(m.spared(), 0);
        m.end_move(&MoveEnd::new(b2.hard_ms + 50.0, 1000));
        assert_eq!(m.spared(), -50, "an overshoot is negative spared time");
    }

    #[test]
    fn movestogo_caps_the_estimate_and_slowmover_prepays() {
        let mut m = Legacy::new(LegacyConfig { slowmover: 1.5, ..LegacyConfig::NO_BONUS });
        let b = m.begin_move(&MoveContext::new(10_000.0, 0.0, 0).with_movestogo(Some(10)));
        assert_eq!(term(&b, "mtg"), 10.0);
        // base = 9800/10 = 980; ×1.5 = 1470; spared pre-pays 490.
        assert_eq!(b.hard_ms, 1470.0);
        assert_eq!(m.spared(), -490);
        let mut m = Legacy::new(LegacyConfig::LC0);
        let b = m.begin_move(&MoveContext::new(100.0, 0.0, 0));
        assert_eq!(b.hard_ms, 0.0, "clock below the overhead: one batch, then stop");
        assert_eq!(term(&b, "deadline"), -100.0);
    }
}
