//! The trend watcher of lc0's smooth manager (§6.5, lc0 @d1237b82 #1762): root-visit
//! snapshots a period apart, and whether another move is projected to overtake the best.

use super::super::state::{StateError, StateReader, StateWriter};

/// One root-visit snapshot of the trend watcher.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Snapshot {
    /// Time of the snapshot, ms.
    pub(super) t: f32,
    /// Visits of each root move.
    pub(super) n: Vec<u64>,
}

impl Snapshot {
    fn set(&mut self, t: f32, n: &[u64]) {
        self.t = t;
        self.n.clear();
        self.n.extend_from_slice(n);
    }
}

/// The trend watcher (§6.5): will another root move overtake the best before `by`?
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Trend {
    /// The snapshot rates are measured from (none before the first update).
    pub(super) prev: Option<Snapshot>,
    /// The snapshot that becomes `prev` at the next rotation.
    pub(super) cur: Snapshot,
    /// The newest sample.
    pub(super) last: Snapshot,
}

impl Trend {
    /// Records the root visits `n` at time `t` (ms) and rotates the snapshots once the newest is
    /// `period` newer than the current one.
    pub(super) fn update(&mut self, t: f32, n: &[u64], period: f32) {
        let started = self.prev.is_some();
        if started && t <= self.last.t {
            return;
        }
        if !started {
            let mut s = Snapshot::default();
            s.set(t, n);
            self.cur = s.clone();
            self.prev = Some(s);
        }
        self.last.set(t, n);
        if self.last.t >= self.cur.t + period {
            let prev = self.prev.as_mut().expect("set above");
            std::mem::swap(prev, &mut self.cur);
            self.cur.set(self.last.t, &self.last.n);
        }
    }

    /// Whether another root move is projected to overtake the best before `by` (ms).
    pub(super) fn overtaken(&self, by: f32, bestmove_optimism: f32, overtaker_optimism: f32) -> bool {
        let Some(prev) = &self.prev else { return false };
        let last = &self.last;
        if prev.t >= last.t || by <= last.t || last.n.is_empty() {
            return false;
        }
        let dt = last.t - prev.t;
        let ahead = by - last.t;
        let rate = |i: usize| (last.n[i] as f32 - prev.n.get(i).copied().unwrap_or(0) as f32) / dt;
        let mut b = 0;
        for (i, &v) in last.n.iter().enumerate() {
            if v > last.n[b] {
                b = i;
            }
        }
        let goal = last.n[b] as f32 + bestmove_optimism * rate(b) * ahead;
        (0..last.n.len()).any(|i| i != b && last.n[i] as f32 + overtaker_optimism * rate(i) * ahead > goal)
    }

    /// Writes the snapshots (whether `prev` exists, then prev, cur and last) for a `tm-state`.
    pub(super) fn save(&self, w: &mut StateWriter) {
        w.bool(self.prev.is_some());
        let empty = Snapshot::default();
        for s in [self.prev.as_ref().unwrap_or(&empty), &self.cur, &self.last] {
            w.f32(s.t);
            w.list(&s.n);
        }
    }

    /// Reads what [`Trend::save`] wrote.
    pub(super) fn load(r: &mut StateReader) -> Result<Trend, StateError> {
        let has_prev = r.bool("trend")?;
        let mut snap =
            || -> Result<Snapshot, StateError> { Ok(Snapshot { t: r.f32("trend")?, n: r.list("trend")? }) };
        let prev = snap()?;
        Ok(Trend { prev: has_prev.then_some(prev), cur: snap()?, last: snap()? })
    }
}
