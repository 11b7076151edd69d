//! A manager's per-game state with the spec it belongs to: taken before every move (so a
//! dropped search can put it back), printed as `info string tm-state <payload>` and read back by
//! `tmlab restore <payload>`.
//!
//! The payload is one line of JSON, `{"tm":"<spec>","state":"<words>"}`, where `<words>` are the
//! manager's [`StateWriter`](crate::tm::state::StateWriter) words as 16 hex digits each, joined
//! by `.`: floats travel as bit patterns, so infinities and NaN round-trip exactly.

use serde::{Deserialize, Serialize};

use crate::excerpt::{excerpt, excerpt_line};
use crate::tm::state::{StateReader, StateWriter};
use crate::tm::{TimeManager, TmSpec};

/// Why a snapshot could not be restored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StateError {
    /// The payload is not `{"tm": …, "state": …}` JSON.
    Malformed(String),
    /// The payload belongs to another manager spec.
    OtherSpec {
        /// The payload's spec.
        payload: String,
        /// The engine's current spec.
        current: String,
    },
    /// The words do not hold this manager's state.
    Words(crate::tm::state::StateError),
    /// The words have the manager's shape, but a manager holding them gives impossible limits
    /// (an infinite value where a time belongs).
    Unusable(String),
}

impl std::fmt::Display for StateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StateError::Malformed(m) => write!(f, "tm-state payload is malformed: {}", excerpt_line(m)),
            StateError::OtherSpec { payload, current } => {
                write!(
                    f,
                    "tm-state payload is for {:?}, but the engine's manager is {current:?}",
                    excerpt(payload)
                )
            }
            StateError::Words(e) => write!(f, "tm-state payload: {e}"),
            StateError::Unusable(m) => write!(f, "tm-state payload holds an impossible state: {m}"),
        }
    }
}

impl std::error::Error for StateError {}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Payload {
    tm: String,
    state: String,
}

/// A manager's per-game state, with the spec string it was taken from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TmSnapshot {
    pub(super) spec: String,
    pub(super) words: Vec<u64>,
}

impl TmSnapshot {
    /// Takes the state of `tm`, built from `spec`.
    pub fn take(spec: &TmSpec, tm: &dyn TimeManager) -> Self {
        let mut w = StateWriter::new();
        tm.save_state(&mut w);
        TmSnapshot { spec: spec.to_string(), words: w.into_words() }
    }

    /// Puts the state back into `tm` (built from `spec`).
    ///
    /// # Errors
    /// The snapshot belongs to another spec, or does not hold this manager's state; `tm` is
    /// unchanged then.
    pub fn restore(&self, spec: &TmSpec, tm: &mut dyn TimeManager) -> Result<(), StateError> {
        let current = spec.to_string();
        if current != self.spec {
            return Err(StateError::OtherSpec { payload: self.spec.clone(), current });
        }
        let mut fresh = spec.build();
        let mut r = StateReader::new(&self.words);
        fresh.load_state(&mut r).map_err(StateError::Words)?;
        r.finish().map_err(StateError::Words)?;
        Self::probe(fresh.as_mut())?;
        // The words are valid: read them into the real manager (cannot fail the same way twice).
        let mut r = StateReader::new(&self.words);
        tm.load_state(&mut r).map_err(StateError::Words)
    }

    /// The spec string the state belongs to.
    pub fn spec(&self) -> &str {
        &self.spec
    }

    /// The manager's words (see [`crate::tm::state`]).
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    /// The one-line payload.
    pub fn to_payload(&self) -> String {
        let state: Vec<String> = self.words.iter().map(|w| format!("{w:016x}")).collect();
        let p = Payload { tm: self.spec.clone(), state: state.join(".") };
        serde_json::to_string(&p).expect("strings serialise")
    }

    /// Reads a payload written by [`TmSnapshot::to_payload`].
    ///
    /// # Errors
    /// Not the payload's JSON shape, or a word is not 16 hex digits.
    pub fn from_payload(payload: &str) -> Result<Self, StateError> {
        let p: Payload =
            serde_json::from_str(payload.trim()).map_err(|e| StateError::Malformed(e.to_string()))?;
        let mut words = Vec::new();
        if !p.state.is_empty() {
            for (i, w) in p.state.split('.').enumerate() {
                let ok = w.len() == 16 && w.bytes().all(|b| b.is_ascii_hexdigit());
                let word = u64::from_str_radix(w, 16).ok().filter(|_| ok).ok_or_else(|| {
                    StateError::Malformed(format!(
                        "state word {} ({:?}) is not 16 hex digits",
                        i + 1,
                        excerpt(w)
                    ))
                })?;
                words.push(word);
            }
        }
        Ok(TmSnapshot { spec: p.tm, words })
    }

    /// Checks a manager that was just loaded (a throwaway copy): its named state holds no NaN,
    /// and its next move gets finite, non-negative limits at a few clocks. The words are
    /// untrusted (a payload from a page or a pipe): an infinite Stockfish `adj` would make
    /// `go wtime 1000` search forever.
    fn probe(tm: &mut dyn TimeManager) -> Result<(), StateError> {
        if let Some(t) = tm.state().iter().find(|t| t.value.is_nan()) {
            return Err(StateError::Unusable(format!("{} is NaN", t.name)));
        }
        for (clock, inc, ply) in [(1_000.0, 0.0, 40), (60_000.0, 1_000.0, 1)] {
            let b = tm.begin_move(&crate::tm::MoveContext::new(clock, inc, ply));
            if let Some(t) = b.terms.iter().find(|t| t.value.is_nan()) {
                return Err(StateError::Unusable(format!(
                    "the restored manager's {} is NaN with {clock} ms on the clock",
                    t.name
                )));
            }
            let eff = tm.effective_limit(&b);
            for (what, v) in [("soft", b.soft_ms), ("hard", b.hard_ms), ("effective soft", eff.soft_ms)] {
                if !(v.is_finite() && v >= 0.0) {
                    return Err(StateError::Unusable(format!(
                        "the restored manager gives a {what} limit of {v} ms with {clock} ms on the clock"
                    )));
                }
            }
        }
        Ok(())
    }
}
