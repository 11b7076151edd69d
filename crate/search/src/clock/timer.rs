//! Where a search's elapsed time comes from: the wall clock, or a virtual clock driven by nodes.
//!
//! A virtual clock makes a search fully deterministic: the same position and limits give the
//! same move, nodes and info lines, natively and in wasm, whatever else the machine is doing.

use web_time::Instant;

/// The source of a search's elapsed time, started at the beginning of a move.
#[derive(Clone, Copy, Debug)]
pub enum Timer {
    /// Wall time since `start` (`performance.now()` in the browser, via `web-time`).
    Real {
        /// When the move started.
        start: Instant,
    },
    /// Virtual time: `nodes ÷ nodes_per_ms` milliseconds for the nodes searched this move.
    Virtual {
        /// How many nodes make one virtual millisecond (1 M virtual nps = 1000).
        nodes_per_ms: f64,
    },
}

impl Timer {
    /// A wall-clock timer started now.
    pub fn real() -> Self {
        Timer::Real { start: Instant::now() }
    }

    /// A virtual timer at `nps` virtual nodes per second.
    ///
    /// # Panics
    /// If `nps` is not a finite positive number.
    pub fn virtual_nps(nps: f64) -> Self {
        assert!(nps.is_finite() && nps > 0.0, "virtual nps must be positive, got {nps}");
        Timer::Virtual { nodes_per_ms: nps / 1000.0 }
    }

    /// Milliseconds elapsed this move, given the nodes searched this move.
    pub fn elapsed_ms(&self, nodes_this_move: u64) -> f64 {
        match *self {
            Timer::Real { start } => start.elapsed().as_secs_f64() * 1000.0,
            Timer::Virtual { nodes_per_ms } => nodes_this_move as f64 / nodes_per_ms,
        }
    }

    /// Whether this timer ignores the wall clock.
    pub fn is_virtual(&self) -> bool {
        matches!(self, Timer::Virtual { .. })
    }
}

/// Milliseconds on a monotonic wall clock since an arbitrary origin (for measuring, not limits).
pub fn now_ms() -> f64 {
    use std::sync::OnceLock;
    static ORIGIN: OnceLock<Instant> = OnceLock::new();
    ORIGIN.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn virtual_time_is_nodes_over_rate() {
        let t = Timer::virtual_nps(1_000_000.0);
        assert_eq!(t.elapsed_ms(0), 0.0);
        assert_eq!(t.elapsed_ms(2500), 2.5);
        assert!(t.is_virtual());
    }

    #[test]
    fn real_time_moves_forward() {
        let t = Timer::real();
        let a = t.elapsed_ms(0);
        std::thread::sleep(std::time::Duration::from_millis(2));
        assert!(t.elapsed_ms(0) >= a + 1.0);
    }
}
