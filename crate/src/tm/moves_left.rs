//! lc0's `mle-legacy` moves-left estimator.
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

#[cfg(test)]
mod tests {
    use super::*;

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
