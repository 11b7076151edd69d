//! lc0's one-deadline managers (curve, legacy, AlphaZero, simple) split as lc0 splits them: a
//! per-game manager ([`Lc0Game`]: its config and the state a game carries from move to move)
//! hands each move a per-move stopper ([`DeadlineStopper`]: the deadline and whether the move is
//! pondered). [`Lc0Manager`] is the one [`TimeManager`] they share: name and searcher from the
//! declaration, `new_game`, pondering, the checks, overhead and SmartPruning, and saved state
//! that holds the per-game state only (a snapshot is taken before a move, when no stopper lives).

use crate::stop::{Budget, Decision, Hints, SearchStats, Term};

use super::common::{deadline_iteration_done, deadline_poll, finish, ponder_budget};
use super::params::ManagerConfig;
use super::params::tables::HasSmartPruning;
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
    /// The budget's terms, in order.
    pub terms: Vec<Term>,
    /// Why the hard stop may pass clock − overhead (empty: it never does).
    pub why: &'static str,
}

/// The per-game half of an lc0 one-deadline manager.
pub trait Lc0Game: Clone + Send + 'static {
    /// Its declared config.
    type Config: ManagerConfig + HasSmartPruning;

    /// A fresh game with this config.
    fn new(cfg: Self::Config) -> Self;

    /// The config.
    fn cfg(&self) -> &Self::Config;

    /// lc0's `MoveOverheadMs`.
    fn move_overhead(&self) -> u32;

    /// This move's deadline (not pondering); updates the per-game state.
    fn deadline(&mut self, ctx: &MoveContext) -> Deadline;

    /// The move that `stopper` ran ended (not pondering); updates the per-game state.
    fn end_move(&mut self, _stopper: &DeadlineStopper, _end: &MoveEnd) {}

    /// The named per-game state, for the UI and tests.
    fn state(&self) -> Vec<Term>;

    /// Writes the per-game state.
    fn save(&self, w: &mut StateWriter);

    /// Reads back what [`Lc0Game::save`] wrote.
    ///
    /// # Errors
    /// The words do not hold this state.
    fn load(&mut self, r: &mut StateReader) -> Result<(), StateError>;
}

/// An lc0 one-deadline manager: the per-game manager `G` and the stopper of the current move.
#[derive(Clone, Debug)]
pub struct Lc0Manager<G> {
    game: G,
    stopper: DeadlineStopper,
}

impl<G: Lc0Game> Lc0Manager<G> {
    /// A manager with this config.
    pub fn new(cfg: G::Config) -> Self {
        Lc0Manager { game: G::new(cfg), stopper: DeadlineStopper::default() }
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
        *self = Lc0Manager::new(*self.game.cfg());
    }

    fn begin_move(&mut self, ctx: &MoveContext) -> Budget {
        self.stopper.pondering = ctx.ponder;
        if ctx.ponder {
            return ponder_budget();
        }
        let d = self.game.deadline(ctx);
        self.stopper.deadline = d.ms;
        let ms = d.ms as f64;
        finish(ms, ms, d.terms, ctx.clock(), f64::from(self.game.move_overhead()), ms, d.why)
    }

    fn poll(&mut self, stats: &SearchStats, hints: &mut Hints) -> Decision {
        self.stopper.poll(stats, hints)
    }

    fn iteration_done(&mut self, stats: &SearchStats) -> Decision {
        self.stopper.iteration_done(stats)
    }

    fn end_move(&mut self, end: &MoveEnd) {
        if !self.stopper.pondering {
            self.game.end_move(&self.stopper, end);
        }
    }

    fn overhead_ms(&self) -> f64 {
        f64::from(self.game.move_overhead())
    }

    fn smart_pruning(&self) -> Option<SmartPruningConfig> {
        Some(*self.game.cfg().sp())
    }

    fn state(&self) -> Vec<Term> {
        self.game.state()
    }

    fn save_state(&self, w: &mut StateWriter) {
        self.game.save(w);
    }

    fn load_state(&mut self, r: &mut StateReader) -> Result<(), StateError> {
        self.game.load(r)
    }
}
