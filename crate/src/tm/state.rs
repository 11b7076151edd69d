//! A manager's per-game state as exact words, for snapshot and restore (a dropped search puts
//! the manager back as it was before the move began; the page keeps a copy across worker
//! restarts).
//!
//! Every value is stored as a `u64`: floats as their bit patterns, so infinities, NaN and `-0.0`
//! survive unchanged (serde_json would write them as `null`). A manager writes its fields in a
//! fixed order with [`StateWriter`] and reads them back in the same order with [`StateReader`].

/// Why a state could not be read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StateError {
    /// The words ran out before the manager read all its fields.
    TooShort {
        /// Words the manager had read when they ran out.
        read: usize,
    },
    /// Words were left over after the manager read all its fields.
    TooLong {
        /// Words expected.
        expected: usize,
        /// Words given.
        got: usize,
    },
    /// A word does not hold a valid value for its field.
    BadValue {
        /// The field.
        field: &'static str,
        /// The word.
        word: u64,
    },
}

impl std::fmt::Display for StateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StateError::TooShort { read } => write!(f, "state too short: it ends after {read} values"),
            StateError::TooLong { expected, got } => {
                write!(f, "state too long: {got} values where the manager has {expected}")
            }
            StateError::BadValue { field, word } => {
                write!(f, "state value {word:#x} is not valid for {field}")
            }
        }
    }
}

impl std::error::Error for StateError {}

/// Collects a manager's fields as words.
#[derive(Clone, Debug, Default)]
pub struct StateWriter {
    words: Vec<u64>,
}

impl StateWriter {
    /// An empty writer.
    pub fn new() -> Self {
        Self::default()
    }

    /// The words written.
    pub fn into_words(self) -> Vec<u64> {
        self.words
    }

    /// A float (its bit pattern).
    pub fn f64(&mut self, x: f64) {
        self.words.push(x.to_bits());
    }

    /// A single-precision float (its bit pattern).
    pub fn f32(&mut self, x: f32) {
        self.words.push(u64::from(x.to_bits()));
    }

    /// A signed integer.
    pub fn i64(&mut self, x: i64) {
        self.words.push(x as u64);
    }

    /// An unsigned integer.
    pub fn u64(&mut self, x: u64) {
        self.words.push(x);
    }

    /// A boolean (0 or 1).
    pub fn bool(&mut self, x: bool) {
        self.words.push(u64::from(x));
    }

    /// An optional float: a presence flag, then the value (0 when absent).
    pub fn opt_f64(&mut self, x: Option<f64>) {
        self.bool(x.is_some());
        self.f64(x.unwrap_or(0.0));
    }

    /// A list of unsigned integers: its length, then the values.
    pub fn list(&mut self, xs: &[u64]) {
        self.u64(xs.len() as u64);
        self.words.extend_from_slice(xs);
    }
}

/// Reads a manager's fields back from words, in the order they were written.
#[derive(Clone, Debug)]
pub struct StateReader<'a> {
    words: &'a [u64],
    at: usize,
}

impl<'a> StateReader<'a> {
    /// A reader over `words`.
    pub fn new(words: &'a [u64]) -> Self {
        StateReader { words, at: 0 }
    }

    fn next(&mut self) -> Result<u64, StateError> {
        let w = *self.words.get(self.at).ok_or(StateError::TooShort { read: self.at })?;
        self.at += 1;
        Ok(w)
    }

    /// Checks that every word was read.
    ///
    /// # Errors
    /// Words are left over.
    pub fn finish(self) -> Result<(), StateError> {
        if self.at == self.words.len() {
            Ok(())
        } else {
            Err(StateError::TooLong { expected: self.at, got: self.words.len() })
        }
    }

    /// A float.
    ///
    /// # Errors
    /// The words ran out.
    pub fn f64(&mut self) -> Result<f64, StateError> {
        Ok(f64::from_bits(self.next()?))
    }

    /// A single-precision float.
    ///
    /// # Errors
    /// The words ran out, or the word is wider than 32 bits.
    pub fn f32(&mut self, field: &'static str) -> Result<f32, StateError> {
        let w = self.next()?;
        u32::try_from(w).map(f32::from_bits).map_err(|_| StateError::BadValue { field, word: w })
    }

    /// A signed integer.
    ///
    /// # Errors
    /// The words ran out.
    pub fn i64(&mut self) -> Result<i64, StateError> {
        Ok(self.next()? as i64)
    }

    /// An unsigned integer.
    ///
    /// # Errors
    /// The words ran out.
    pub fn u64(&mut self) -> Result<u64, StateError> {
        self.next()
    }

    /// A boolean.
    ///
    /// # Errors
    /// The words ran out, or the word is neither 0 nor 1.
    pub fn bool(&mut self, field: &'static str) -> Result<bool, StateError> {
        match self.next()? {
            0 => Ok(false),
            1 => Ok(true),
            word => Err(StateError::BadValue { field, word }),
        }
    }

    /// An optional float.
    ///
    /// # Errors
    /// As [`StateReader::bool`] and [`StateReader::f64`].
    pub fn opt_f64(&mut self, field: &'static str) -> Result<Option<f64>, StateError> {
        let some = self.bool(field)?;
        let x = self.f64()?;
        Ok(some.then_some(x))
    }

    /// A list of unsigned integers (at most the words left).
    ///
    /// # Errors
    /// The words ran out.
    pub fn list(&mut self, field: &'static str) -> Result<Vec<u64>, StateError> {
        let n = self.next()?;
        let left = (self.words.len() - self.at) as u64;
        if n > left {
            return Err(StateError::BadValue { field, word: n });
        }
        let out = self.words[self.at..self.at + n as usize].to_vec();
        self.at += n as usize;
        Ok(out)
    }
}
