//! [`Interrupt`]: the handle another thread (natively, the stdin reader) uses to reach a
//! running search at once.

use std::sync::{Arc, Mutex};

use crate::search::SearchControl;

/// A handle another thread uses to stop a running search or deliver `ponderhit` at once.
#[derive(Clone, Debug, Default)]
pub struct Interrupt(pub(super) Arc<Mutex<SearchControl>>);

impl Interrupt {
    /// UCI `stop` (and `quit`).
    pub fn stop(&self) {
        if let Ok(c) = self.0.lock() {
            c.stop();
        }
    }

    /// UCI `ponderhit`.
    pub fn ponderhit(&self) {
        if let Ok(c) = self.0.lock() {
            c.ponderhit();
        }
    }

    /// `tmlab cancel`: stops the search as dropped.
    pub fn cancel(&self) {
        if let Ok(c) = self.0.lock() {
            c.cancel();
        }
    }
}
