//! Tuning constants of the alpha-beta search: aspiration windows, pruning margins and depths,
//! the late-move-reduction table.

/// First depth searched with an aspiration window.
pub(super) const ASPIRATION_MIN_DEPTH: i32 = 4;
/// Initial half-width of the aspiration window, cp.
pub(super) const ASPIRATION_DELTA: i32 = 20;
/// Beyond this half-width the window opens fully.
pub(super) const ASPIRATION_MAX_DELTA: i32 = 600;
/// Null-move pruning from this remaining depth on.
pub(super) const NULL_MIN_DEPTH: i32 = 3;
/// Null-move reduction: `NULL_BASE_R + depth / NULL_DEPTH_DIV`.
pub(super) const NULL_BASE_R: i32 = 3;
/// See [`NULL_BASE_R`].
pub(super) const NULL_DEPTH_DIV: i32 = 4;
/// Reverse futility pruning up to this remaining depth.
pub(super) const RFP_MAX_DEPTH: i32 = 6;
/// Reverse futility margin per ply of remaining depth, cp.
pub(super) const RFP_MARGIN: i32 = 80;
/// Late move reductions from this remaining depth on.
pub(super) const LMR_MIN_DEPTH: i32 = 3;
/// Late move reductions from this move number on (0-based).
pub(super) const LMR_MIN_MOVE: usize = 3;
/// Quiescence delta pruning margin, cp: a capture that cannot lift the score to alpha even
/// with this much to spare is skipped.
pub(super) const DELTA_MARGIN: i32 = 200;
/// Quiet moves remembered per node for the history malus.
pub(super) const MAX_QUIETS: usize = 64;
/// Pawn-to-king values used by quiescence pruning, cp (index `Role as usize`; 0 unused).
pub(super) const PIECE_VALUE: [i32; 7] = [0, 100, 320, 330, 500, 900, 20_000];

/// `ln(x)` with basic IEEE operations only (same bits natively and in wasm, unlike `f64::ln`).
pub(super) const fn ln(x: f64) -> f64 {
    // Halve into [1, 2), then ln(m) = 2·atanh((m − 1)/(m + 1)).
    let mut m = x;
    let mut k = 0.0;
    while m >= 2.0 {
        m /= 2.0;
        k += 1.0;
    }
    let y = (m - 1.0) / (m + 1.0);
    let y2 = y * y;
    let mut term = y;
    let mut sum = 0.0;
    let mut n = 1.0;
    while n < 60.0 {
        sum += term / n;
        term *= y2;
        n += 2.0;
    }
    2.0 * sum + k * std::f64::consts::LN_2
}

/// Late-move reduction by remaining depth and move number: `0.75 + ln(d)·ln(m)/2.25` plies.
pub(super) const LMR: [[u8; 64]; 64] = {
    let mut t = [[0u8; 64]; 64];
    let mut d = 1;
    while d < 64 {
        let mut m = 1;
        while m < 64 {
            t[d][m] = (0.75 + ln(d as f64) * ln(m as f64) / 2.25) as u8;
            m += 1;
        }
        d += 1;
    }
    t
};
