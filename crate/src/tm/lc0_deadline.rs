//! lc0's one-deadline managers (curve, legacy, AlphaZero, simple) split as lc0 splits them: a
//! per-game manager ([`Lc0Game`]: the state a game carries from move to move)
//! hands each move a per-move stopper ([`DeadlineStopper`]: the deadline and whether the move is
//! pondered). [`Lc0Manager`] is the one [`TimeManager`] they share: name and searcher from the
//! declaration, `new_game`, pondering, the checks, overhead and SmartPruning, the `deadline` term,
//! lc0's spared pool for the managers that keep one, and saved state that holds the per-game
//! state only (a snapshot is taken before a move, when no stopper lives).

use crate::stop::{Budget, Decision, Hints, SearchStats, Term};

use super::common::{deadline_iteration_done, deadline_poll, finish, ms_i64, ponder_start, t64};
use super::params::ManagerConfig;
use super::params::tables::Lc0Fields;
use super::smart_pruning::SmartPruningConfig;
use super::state::{StateError, StateReader, StateWriter};
use super::{MoveContext, MoveEnd, SearchKind, TimeManager};

/// The per-move stopper of an lc0 one-deadline manager: soft = hard = the deadline (ms, may be
/// ≤ 0: one batch, then stop), and no limit while pondering (§0.7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DeadlineStopper {
    /// This move's deadline, integer ms.
    pub deadline: i64,
    /// The move is searched on the opponent's time.
    pub pondering: bool,
}

impl DeadlineStopper {
    /// The hard check (MCTS after every batch, alpha-beta every check interval).
    pub fn poll(&self, stats: &SearchStats, hints: &mut Hints) -> Decision {
        deadline_poll(self.pondering, self.deadline as f64, stats, hints)
    }

    /// The soft check after an alpha-beta iteration: the same rule.
    pub fn iteration_done(&self, stats: &SearchStats) -> Decision {
        deadline_iteration_done(self.pondering, self.deadline as f64, stats)
    }
}

/// A move's deadline as a per-game manager computes it.
pub struct Deadline {
    /// The deadline, integer ms (may be ≤ 0).
    pub ms: i64,
    /// The budget's terms, in order, but for `deadline` and `spared`.
    pub terms: Vec<Term>,
    /// Why the hard stop may pass clock − overhead (empty: it never does).
    pub why: &'static str,
}

/// The per-game half of an lc0 one-deadline manager: the state a game carries from move to
/// move besides the spared pool (none by default). The config and the pool stay with the
/// [`Lc0Manager`].
pub trait Lc0Game: Clone + Send + 'static {
    /// Its declared config.
    type Config: ManagerConfig + Lc0Fields;

    /// The state at a new game.
    const FRESH: Self;

    /// Whether the manager keeps lc0's spared pool (curve, legacy): integer ms saved on earlier
    /// moves, negative after overshoots. Each move's end (not pondering) adds what the move left
    /// of its deadline; the pool is the last budget term, state term and saved word.
    const SPARED: bool = false;

    /// This move's deadline under config `cfg` with the spared pool `spared` (0 and unused
    /// without [`Lc0Game::SPARED`]), not pondering; updates the per-game state and the pool. The
    /// budget's terms end with `deadline` (and `spared`), which the manager adds.
    fn deadline(&mut self, cfg: &Self::Config, spared: &mut i64, ctx: &MoveContext) -> Deadline;

    /// The named per-game state, for the UI and tests.
    fn state(&self) -> Vec<Term> {
        Vec::new()
    }

    /// Writes the per-game state.
    fn save(&self, _w: &mut StateWriter) {}

    /// Reads back what [`Lc0Game::save`] wrote.
    ///
    /// # Errors
    /// The words do not hold this state.
    fn load(&mut self, _r: &mut StateReader) -> Result<(), StateError> {
        Ok(())
    }
}

/// An lc0 one-deadline manager: its config, the per-game manager `G` and the stopper of the
/// current move.
#[derive(Clone, Debug)]
pub struct Lc0Manager<G: Lc0Game> {
    cfg: G::Config,
    game: G,
    /// lc0's spared pool, integer ms (with [`Lc0Game::SPARED`]).
    spared: i64,
    stopper: DeadlineStopper,
}

impl<G: Lc0Game> Lc0Manager<G> {
    /// A manager with this config.
    pub fn new(cfg: G::Config) -> Self {
        Lc0Manager { cfg, game: G::FRESH, spared: 0, stopper: DeadlineStopper::default() }
    }

    /// The per-game manager.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The per-game manager, to write (tests).
    #[cfg(test)]
    pub(crate) fn game_mut(&mut self) -> &mut G {
        &mut self.game
    }

    /// The spared pool, ms (0 without [`Lc0Game::SPARED`]).
    pub fn spared(&self) -> i64 {
        self.spared
    }

    /// The spared pool, to write (tests).
    #[cfg(test)]
    pub(crate) fn spared_mut(&mut self) -> &mut i64 {
        &mut self.spared
    }

    /// The current (or last) move's stopper.
    pub fn stopper(&self) -> DeadlineStopper {
        self.stopper
    }
}

impl<G: Lc0Game> TimeManager for Lc0Manager<G> {
    fn name(&self) -> &'static str {
        G::Config::NAME
    }

    fn search_kind(&self) -> SearchKind {
        G::Config::SEARCH
    }

    fn new_game(&mut self) {
        *self = Lc0Manager::new(self.cfg);
    }

    fn begin_move(&mut self, ctx: &MoveContext) -> Budget {
        if let Some(b) = ponder_start(&mut self.stopper.pondering, ctx) {
            return b;
        }
        let mut d = self.game.deadline(&self.cfg, &mut self.spared, ctx);
        self.stopper.deadline = d.ms;
        let ms = d.ms as f64;
        d.terms.push(t64("deadline", ms));
        if G::SPARED {
            d.terms.push(t64("spared", self.spared as f64));
        }
        finish(ms, ms, d.terms, ctx.clock(), self.overhead_ms(), ms, d.why)
    }

    fn poll(&mut self, stats: &SearchStats, hints: &mut Hints) -> Decision {
        self.stopper.poll(stats, hints)
    }

    fn iteration_done(&mut self, stats: &SearchStats) -> Decision {
        self.stopper.iteration_done(stats)
    }

    fn end_move(&mut self, end: &MoveEnd) {
        if G::SPARED && !self.stopper.pondering {
            self.spared += self.stopper.deadline - ms_i64(end.elapsed_ms);
        }
    }

    fn overhead_ms(&self) -> f64 {
        f64::from(self.cfg.overhead())
    }

    fn smart_pruning(&self) -> Option<SmartPruningConfig> {
        Some(*self.cfg.sp())
    }

    fn state(&self) -> Vec<Term> {
        let mut state = self.game.state();
        if G::SPARED {
            state.push(t64("spared", self.spared as f64));
        }
        state
    }

    fn save_state(&self, w: &mut StateWriter) {
        self.game.save(w);
        if G::SPARED {
            w.i64(self.spared);
        }
    }

    fn load_state(&mut self, r: &mut StateReader) -> Result<(), StateError> {
        self.game.load(r)?;
        if G::SPARED {
            self.spared = r.i64()?;
        }
        Ok(())
    }
}
