//! The smooth manager's per-game state in a `tm-state` payload (written and read in one order).

use super::super::state::{StateError, StateReader, StateWriter};
use super::{Smooth, Trend};

impl Smooth {
    /// Writes the per-game state for a `tm-state` payload (order: the six `f32`s, the flags and
    /// integers, then the trend watcher).
    pub(super) fn write_state(&self, w: &mut StateWriter) {
        for x in [self.r, self.nps, self.u, self.avg_ms, self.alloc, self.last_time] {
            w.f32(x);
        }
        w.bool(self.reliable);
        w.i64(self.deadline);
        w.i64(self.hard);
        w.u64(self.last_final_nodes);
        w.i64(self.bank);
        w.bool(self.first);
        w.bool(self.used_bank);
        w.bool(self.pondering);
        self.trend.save(w);
    }

    /// Reads what [`Smooth::write_state`] wrote.
    pub(super) fn read_state(&mut self, r: &mut StateReader) -> Result<(), StateError> {
        for (x, name) in [
            (&mut self.r, "r"),
            (&mut self.nps, "nps"),
            (&mut self.u, "u"),
            (&mut self.avg_ms, "avg_ms"),
            (&mut self.alloc, "alloc"),
            (&mut self.last_time, "last_time"),
        ] {
            *x = r.f32(name)?;
        }
        self.reliable = r.bool("reliable")?;
        self.deadline = r.i64()?;
        self.hard = r.i64()?;
        self.last_final_nodes = r.u64()?;
        self.bank = r.i64()?;
        self.first = r.bool("first")?;
        self.used_bank = r.bool("used_bank")?;
        self.pondering = r.bool("pondering")?;
        self.trend = Trend::load(r)?;
        Ok(())
    }
}
