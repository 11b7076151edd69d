//! A manager's per-game state with the spec it belongs to: taken before every move (so a
//! dropped search can put it back), printed as `info string tm-state <payload>` and read back by
//! `tmlab restore <payload>`.
//!
//! The payload is one line of JSON, `{"tm":"<spec>","state":"<words>"}`, where `<words>` are the
//! manager's [`StateWriter`](crate::tm::state::StateWriter) words as 16 hex digits each, joined
//! by `.`: floats travel as bit patterns, so infinities and NaN round-trip exactly.

use serde::{Deserialize, Serialize};

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
}

impl std::fmt::Display for StateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StateError::Malformed(m) => write!(f, "tm-state payload is malformed: {m}"),
            StateError::OtherSpec { payload, current } => {
                write!(f, "tm-state payload is for {payload:?}, but the engine's manager is {current:?}")
            }
            StateError::Words(e) => write!(f, "tm-state payload: {e}"),
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
                    StateError::Malformed(format!("state word {} ({w:?}) is not 16 hex digits", i + 1))
                })?;
                words.push(word);
            }
        }
        Ok(TmSnapshot { spec: p.tm, words })
    }
}
