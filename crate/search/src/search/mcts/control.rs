//! Driving a search from another thread: `stop` and `ponderhit` as atomics.
//!
//! A native UCI driver runs the search on a worker thread and keeps an `Arc<SearchControl>` on
//! the input thread. [`MctsSearch::run_controlled`] looks at the flags between batches (every
//! `batch-size` playouts, well under a millisecond), so commands take effect promptly. The wasm
//! worker cannot receive messages while wasm runs; it uses [`MctsSearch::step`] with a few batches
//! per slice instead and calls [`MctsSearch::request_stop`] / [`MctsSearch::ponderhit`] between
//! slices.

use std::sync::atomic::{AtomicBool, Ordering};

use super::search::{MctsSearch, Progress, SearchResult};
use super::telemetry::InfoLine;
use crate::stop::Stopper;

/// Commands for a running search, safe to set from any thread.
#[derive(Debug, Default)]
pub struct SearchControl {
    stop: AtomicBool,
    ponderhit: AtomicBool,
}

impl SearchControl {
    /// No command pending.
    pub fn new() -> Self {
        Self::default()
    }

    /// UCI `stop`: end the search as soon as the current batch is done.
    pub fn request_stop(&self) {
        self.stop.store(true, Ordering::Release);
    }

    /// UCI `ponderhit`: [`MctsSearch::run_controlled`] returns [`Controlled::PonderHit`] so the
    /// driver can start the manager's move with the ponder tree as `reused_nodes`.
    pub fn request_ponderhit(&self) {
        self.ponderhit.store(true, Ordering::Release);
    }

    /// Whether `stop` was requested.
    pub fn stop_requested(&self) -> bool {
        self.stop.load(Ordering::Acquire)
    }

    /// Clear both commands (before the next search).
    pub fn reset(&self) {
        self.stop.store(false, Ordering::Release);
        self.ponderhit.store(false, Ordering::Release);
    }

    fn take_ponderhit(&self) -> bool {
        self.ponderhit.swap(false, Ordering::AcqRel)
    }
}

/// Why [`MctsSearch::run_controlled`] returned.
#[derive(Clone, Debug, PartialEq)]
#[allow(clippy::large_enum_variant)]
pub enum Controlled {
    /// The search ended.
    Done(SearchResult),
    /// `ponderhit` arrived while pondering. Call [`MctsSearch::ponderhit`] with the move's timer,
    /// give its `head_n` to the manager as `reused_nodes`, and call `run_controlled` again with
    /// the manager's stopper.
    PonderHit,
}

impl MctsSearch {
    /// Run until the search ends or `ponderhit` arrives, checking `control` between batches.
    pub fn run_controlled(
        &mut self,
        stopper: &mut dyn Stopper,
        control: &SearchControl,
        on_info: &mut dyn FnMut(&InfoLine),
    ) -> Controlled {
        loop {
            if control.stop_requested() {
                self.request_stop();
            }
            if control.take_ponderhit() && self.is_pondering() {
                return Controlled::PonderHit;
            }
            if let Progress::Done(result) = self.step(stopper, 1, on_info) {
                return Controlled::Done(result);
            }
        }
    }
}
