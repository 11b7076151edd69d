//! The trend watcher of lc0's smooth manager (§6.5, lc0 @d1237b82 #1762): root-visit
//! snapshots, rotated as lc0 does (`trend-rotation=upstream`) or a period apart as the design
//! intends (`intended`), and whether another move is projected to overtake the best.

use super::super::state::{StateError, StateReader, StateWriter};
use super::TrendRotation;

/// `2^64` as `f32`: a negative time lc0 passes as `uint64_t`, less a small one, as a float.
const U64_WRAP: f32 = 18_446_744_073_709_551_616.0;

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
    /// Records the root visits `n` at time `t` (whole ms since the move started) and rotates the
    /// snapshots by `rotation`'s rule. A sample no newer than the last one is ignored; the last
    /// time starts at 0, so a sample at t = 0 (a reused tree polled before the first batch) is
    /// ignored too, as lc0 does.
    pub(super) fn update(&mut self, t: f32, n: &[u64], period: f32, rotation: TrendRotation) {
        if t <= self.last.t {
            return;
        }
        if self.prev.is_none() {
            let mut s = Snapshot::default();
            s.set(t, n);
            self.cur = s.clone();
            self.prev = Some(s);
        }
        self.last.set(t, n);
        let rotate = match rotation {
            // lc0 @909a4082 rotates while the sample is within a period of `cur`: at every check
            // but the first after a gap longer than the period.
            TrendRotation::Upstream => self.cur.t + period >= t,
            TrendRotation::Intended => self.last.t >= self.cur.t + period,
        };
        if rotate {
            let prev = self.prev.as_mut().expect("set above");
            std::mem::swap(prev, &mut self.cur);
            self.cur.set(self.last.t, &self.last.n);
        }
    }

    /// Whether another root move is projected to overtake the best before `by` (ms). lc0 takes
    /// `by` as an unsigned 64-bit time: a negative one (an overdrawn bank, §6.3) wraps to about
    /// 1.8e19 ms, so the projection then compares the rates alone.
    pub(super) fn overtaken(&self, by: f32, bestmove_optimism: f32, overtaker_optimism: f32) -> bool {
        let Some(prev) = &self.prev else { return false };
        let last = &self.last;
        let wrapped = by < 0.0;
        if prev.t >= last.t || (!wrapped && by <= last.t) || last.n.is_empty() {
            return false;
        }
        let dt = last.t - prev.t;
        let ahead = if wrapped { U64_WRAP } else { by - last.t };
        let rate = |i: usize| last.n[i].saturating_sub(prev.n.get(i).copied().unwrap_or(0)) as f32 / dt;
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
