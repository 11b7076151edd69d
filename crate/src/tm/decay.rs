//! Exponential and linear decay: how lc0's smooth manager moves an estimate toward a measurement.
//!
//! Reference: seed 000/003 (the PR1195 design document) and lc0 `src/search/classic/stoppers/
//! smooth.cc` @909a4082 (LinearDecay since @4e974a2e, #1596). Both compute in `f32`, as lc0 does.

/// ExponentialDecay `ED(from, to, step, value) = to − (to − from)·0.5^(value/step)`.
///
/// `value = 0` gives `from`; `value = step` the point halfway to `to`; `2·step` the ¾ point;
/// `3·step` the ⅞ point. In smooth, `value` is the length of a move in "average move times", so
/// `step` is how many average moves make a half update.
pub fn exponential_decay(from: f32, to: f32, step: f32, value: f32) -> f32 {
    to - (to - from) * libm::powf(0.5, value / step)
}

/// LinearDecay `LD(cur, target, t_rel, dt, W)`: glide from the previous estimate down to a new
/// measurement over a window of `W` ms, adopting increases at once.
///
/// `t_rel` is the time since the measurement became reliable, `dt` the time since the previous
/// call. On the first call of a move (`dt = t_rel`) this is `cur + (target − cur)·t_rel/W`.
pub fn linear_decay(cur: f32, target: f32, t_rel: f32, dt: f32, window: f32) -> f32 {
    if cur <= target {
        return target;
    }
    if dt <= 0.0 {
        return cur;
    }
    if t_rel >= window {
        return target;
    }
    let dt = dt.min(t_rel);
    // Fraction of the window at the previous call, and the value reconstructed there.
    let p = (t_rel - dt) / window;
    let v0 = (p * target - cur) / (p - 1.0);
    v0 + (target - v0) * (t_rel / window).clamp(0.0, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f32, b: f32, tol: f32) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn exponential_decay_reference_vectors() {
        // shared/spec/time-managers.md §11(a)
        assert_eq!(exponential_decay(0.0, 1.0, 1.0, 0.0), 0.0);
        assert_eq!(exponential_decay(0.0, 1.0, 1.0, 1.0), 0.5);
        assert_eq!(exponential_decay(0.0, 1.0, 1.0, 2.0), 0.75);
        assert!(close(exponential_decay(10.0, 20.0, 2.0, 3.0), 16.464466, 1e-5));
        assert!(close(exponential_decay(0.7, 1.0, 5.51, 1.0), 0.735462, 1e-6));
    }

    #[test]
    fn exponential_decay_marks_halfway_three_quarters_seven_eighths() {
        for (k, frac) in [(1.0, 0.5), (2.0, 0.75), (3.0, 0.875)] {
            assert!(close(exponential_decay(2.0, 10.0, 4.0, 4.0 * k), 2.0 + 8.0 * frac, 1e-5));
        }
    }

    #[test]
    fn linear_decay_reference_vectors() {
        assert!(close(linear_decay(30000.0, 20000.0, 5000.0, 1000.0, 20000.0), 29375.0, 0.01));
        assert_eq!(linear_decay(10000.0, 20000.0, 5000.0, 1000.0, 20000.0), 20000.0);
    }

    #[test]
    fn linear_decay_first_call_is_a_straight_line() {
        let v = linear_decay(30000.0, 20000.0, 5000.0, 5000.0, 20000.0);
        assert!(close(v, 30000.0 - 10000.0 * 0.25, 0.01));
        assert_eq!(linear_decay(30000.0, 20000.0, 25000.0, 100.0, 20000.0), 20000.0);
        assert_eq!(linear_decay(30000.0, 20000.0, 5000.0, 0.0, 20000.0), 30000.0);
    }
}
