//! Moves-left estimators: lc0's `mle-legacy`, and Expositor's rational fit used by princhess.
//!
//! Reference: lc0 `src/search/classic/stoppers/legacy.cc` @909a4082 (since @23c1a661, #634).
//! The estimate is the median residual life of a log-logistic game-length distribution
//! (Clark & El-Taha 2015): `MLE(ply; m, s) = m·(1 + 2·(x/m)^s)^(1/s) − x` with `x = ply/2`,
//! computed in `f32` as lc0 does.

/// lc0's default midpoint for the legacy manager: the median game length in moves.
pub const LEGACY_MIDPOINT: f32 = 51.5;
/// lc0's default steepness for the legacy manager.
pub const LEGACY_STEEPNESS: f32 = 7.0;

/// The estimated number of moves (for the side to move) left in the game at `ply` half-moves.
///
/// `midpoint` (m) is the median game length in moves; `steepness` (s) sets how sharply the
/// game-length distribution falls off around it. MLE(0) = m; for x ≪ m it falls by one per move;
/// it has a minimum near the midpoint and then grows again with slope 2^(1/s) − 1 per move.
pub fn moves_left(ply: u32, midpoint: f32, steepness: f32) -> f32 {
    let x = ply as f32 / 2.0;
    midpoint * libm::powf(1.0 + 2.0 * libm::powf(x / midpoint, steepness), 1.0 / steepness) - x
}

/// Expositor's moves-left estimate at `ply` half-moves, as princhess computes it
/// (princesslana/princhess @d45769d9 `src/state.rs` `moves_left`, from princhess #349 after
/// Expositor's movetime note): `⌊59.3 + (72830 − 2330·p)/(p² + 10·p + 2644)⌋ / 2` in integer
/// moves, the fit in `f32` and the halving an integer division. 43 at ply 0, falling to its
/// minimum 23 (plies 75 … 121: the fit bottoms out at 47.53 near ply 94), then back towards
/// ⌊59.3⌋/2 = 29.
pub fn expositor(ply: u32) -> u32 {
    let p = ply as f32;
    let fit = 59.3f32 + (72_830.0f32 - p * 2330.0) / (p * p + p * 10.0 + 2644.0);
    // princhess casts to u16 (saturating in Rust) before halving.
    (fit.clamp(0.0, f32::from(u16::MAX)) as u32) / 2
}

#[cfg(test)]
mod tests {
    use super::*;

    /// By hand (python3, f64; the f32 fit truncates the same way at these plies):
    /// ply 0: 59.3 + 72830/2644 = 86.845 → 86/2 = 43 (princhess's own test: 43·20/27 = 31);
    /// ply 1: 85.854 → 42; ply 40: 54.914 → 27; ply 80: 47.763 → 23; ply 94 (the fit's
    /// minimum): 47.529 → 23; ply 200: 50.49 → 25; ply 1000: 57.07 → 28.
    #[test]
    fn expositor_reference_vectors() {
        for (ply, left) in [(0, 43), (1, 42), (40, 27), (80, 23), (94, 23), (200, 25), (1000, 28)] {
            assert_eq!(expositor(ply), left, "ply {ply}");
        }
        let min = (0..2000).map(expositor).min().unwrap();
        assert_eq!(min, 23, "never below 23 moves");
        let at_min: Vec<u32> = (0..400).filter(|&p| expositor(p) == 23).collect();
        assert_eq!((at_min[0], *at_min.last().unwrap(), at_min.len()), (75, 121, 47), "one run of 23s");
        assert_eq!(expositor(u32::MAX), 29, "tends to ⌊59.3⌋/2");
    }

    #[test]
    fn reference_vectors() {
        // shared/spec/time-managers.md §11(b)
        let plies = [0, 10, 20, 40, 60, 80, 120];
        let legacy = [51.5000, 46.5000, 41.5002, 31.5196, 21.8286, 13.7048, 7.7614];
        let smooth = [45.2000, 40.2000, 35.2020, 25.3203, 16.4524, 10.6704, 8.4609];
        for (i, &ply) in plies.iter().enumerate() {
            let a = moves_left(ply, 51.5, 7.0);
            let b = moves_left(ply, 45.2, 5.93);
            assert!((a - legacy[i]).abs() < 6e-4, "legacy ply {ply}: {a}");
            assert!((b - smooth[i]).abs() < 6e-4, "smooth ply {ply}: {b}");
        }
    }

    #[test]
    fn minimum_near_ply_126_then_grows() {
        let (ply, min) =
            (0..400).map(|p| (p, moves_left(p, 51.5, 7.0))).min_by(|a, b| a.1.total_cmp(&b.1)).unwrap();
        assert!((120..=132).contains(&ply), "minimum at ply {ply}");
        assert!((min - 7.71).abs() < 0.02, "minimum {min}");
        let slope = moves_left(302, 51.5, 7.0) - moves_left(300, 51.5, 7.0);
        assert!((slope - (2f32.powf(1.0 / 7.0) - 1.0)).abs() < 1e-3);
    }
}
