//! [`MoveDriver`]: one engine's per-game state and the move it is searching.

use crate::error::FieldError;
use shakmaty::Move;

use crate::clock::timer::Timer;
use crate::search::mcts::{MctsParams, MctsSearch, MctsTree};
use crate::search::{Limits, RootPosition, SearchControl, Searcher};
use crate::stop::{Budget, EffectiveLimit};
use crate::tm::stopper::Suspended;
use crate::tm::{TimeManager, TmSpec};

use super::TmSnapshot;
use super::request::{Event, MoveOutcome, MoveRequest};
use super::strength::Level;

mod ponder;
mod start;
mod step;

enum Search {
    Ab { root: Box<RootPosition>, limits: Limits },
    Mcts { search: Box<MctsSearch> },
}

/// The move being searched.
struct Running {
    search: Search,
    /// The manager's parked stopper (a clock move), else none.
    managed: Option<Suspended>,
    /// The budget reported for the move.
    budget: Budget,
    movetime_ms: Option<f64>,
    /// The search's timer (a virtual one already at the level's rate).
    timer: Timer,
    /// A capped level: nodes per ms the search is held to (see [`super::strength`]).
    throttle: Option<f64>,
    control: SearchControl,
    /// The manager before `begin_move`, for a dropped search.
    before: TmSnapshot,
    /// The position (start FEN and moves) and the visits the manager was told were reused.
    reuse: Reuse,
    /// The last effective limit reported.
    limit: Option<EffectiveLimit>,
    /// MCTS batches run.
    polls: u64,
    /// A virtual-clock ponder search: the ponderhit is due at this many ms, delivered with the
    /// request's own timer (the level applied again, as for a GUI's ponderhit).
    ponder_at: Option<(f64, Timer)>,
    /// The ms searched before the ponderhit (the opponent's time), once delivered.
    pondered_ms: Option<f64>,
    /// MCTS: the ms the batch that crossed the ponderhit ran past it (the mover's time).
    late_ms: f64,
}

/// MCTS: batches between two looks at the manager's effective limit (a batch takes ~0.1 ms).
const LIMIT_POLL_STRIDE: u64 = 16;

/// The reused visits an MCTS move was begun with, at a position.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Reuse {
    start: String,
    moves: Vec<Move>,
    visits: u64,
}

/// One engine across a game: its manager, its search state and the move it is searching.
pub struct MoveDriver {
    spec: TmSpec,
    tm: Box<dyn TimeManager>,
    hash_mb: usize,
    mcts: MctsParams,
    /// The strength level: a cap on the search's node rate (see [`super::strength`]).
    level: Level,
    ab: Option<Searcher>,
    tree: Option<MctsTree>,
    running: Option<Running>,
    generation: u64,
    /// The MCTS tree's root holds only a `searchmoves` subset: the next search starts afresh.
    tree_restricted: bool,
    /// A dropped MCTS move: its tree keeps the visits it added, but the manager is told the
    /// reuse the undisturbed move had when the same position is searched next.
    dropped: Option<Reuse>,
}

impl std::fmt::Debug for MoveDriver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MoveDriver").field("spec", &self.spec).finish_non_exhaustive()
    }
}

impl MoveDriver {
    /// A driver for a new game with this manager.
    pub fn new(spec: TmSpec, hash_mb: usize, mcts: MctsParams) -> Self {
        let mut tm = spec.build();
        tm.new_game();
        MoveDriver {
            spec,
            tm,
            hash_mb: hash_mb.max(1),
            mcts,
            level: Level::full(),
            ab: None,
            tree: None,
            running: None,
            generation: 0,
            tree_restricted: false,
            dropped: None,
        }
    }

    /// The manager's spec.
    pub fn spec(&self) -> &TmSpec {
        &self.spec
    }

    /// The manager (read-only).
    pub fn manager(&self) -> &dyn TimeManager {
        self.tm.as_ref()
    }

    /// Replaces the manager with a fresh one for `spec` (per-game state reset).
    pub fn set_spec(&mut self, spec: TmSpec) {
        self.generation += 1;
        self.spec = spec;
        self.tm = self.spec.build();
        self.tm.new_game();
    }

    /// Sets the strength level for the next moves (the manager is untouched).
    pub fn set_level(&mut self, level: Level) {
        self.level = level;
    }

    /// The strength level.
    pub fn level(&self) -> Level {
        self.level
    }

    /// Resizes the transposition table (MB).
    pub fn set_hash_mb(&mut self, mb: usize) {
        self.hash_mb = mb.max(1);
        if let Some(ab) = &mut self.ab {
            ab.resize(self.hash_mb);
        }
    }

    /// Allocates the transposition table now (UCI `setoption Hash`, `isready`), so that the
    /// first move's clock does not pay for it.
    pub fn allocate_hash(&mut self) {
        if self.ab.is_none() {
            self.ab = Some(Searcher::new(self.hash_mb));
        }
    }

    /// A new game: fresh manager state, cleared transposition table and tree.
    pub fn new_game(&mut self) {
        self.generation += 1;
        self.dropped = None;
        self.tm = self.spec.build();
        self.tm.new_game();
        if let Some(ab) = &mut self.ab {
            ab.clear();
        }
        if let Some(t) = &mut self.tree {
            t.clear();
        }
    }

    /// Counts manager rebuilds ([`MoveDriver::set_spec`], [`MoveDriver::new_game`]).
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// The manager's per-game state now.
    pub fn snapshot(&self) -> TmSnapshot {
        TmSnapshot::take(&self.spec, self.tm.as_ref())
    }

    /// Puts a snapshot's state into the manager.
    ///
    /// # Errors
    /// Another spec's snapshot, or malformed state; the manager is unchanged then.
    pub fn restore(&mut self, snap: &TmSnapshot) -> Result<(), super::StateError> {
        snap.restore(&self.spec, self.tm.as_mut())
    }

    /// Whether a move is being searched.
    pub fn running(&self) -> bool {
        self.running.is_some()
    }

    /// Whether the running search is MCTS and still pondering.
    pub fn mcts_pondering(&self) -> bool {
        matches!(&self.running, Some(Running { search: Search::Mcts { search }, .. }) if search.is_pondering())
    }

    /// Runs a move to its end (the game runner).
    ///
    /// # Errors
    /// As [`MoveDriver::start`] and [`MoveDriver::step`].
    pub fn run(&mut self, req: MoveRequest, out: &mut dyn FnMut(Event)) -> Result<MoveOutcome, FieldError> {
        self.start(req, out)?;
        loop {
            if let Some(r) = self.step(u32::MAX, out) {
                return r;
            }
        }
    }
}
