//! The logistic map between centipawns and Q, and the `exp`/`ln` it needs, written from IEEE
//! basic operations so native and wasm builds give the same bits.

/// `e^x`, from IEEE basic operations only (so native and wasm builds give the same bits, unlike
/// the platform `expf`), relative error below 1e-6 on [−87, 88].
pub(crate) fn exp(x: f32) -> f32 {
    const LN2_HI: f32 = 0.693_145_75;
    const LN2_LO: f32 = 1.428_606_8e-6;
    if x < -87.0 {
        return 0.0;
    }
    let x = x.min(88.0);
    // x = k·ln2 + r with |r| ≤ ln2/2; e^r by a degree-6 Taylor polynomial.
    let k = (x * std::f32::consts::LOG2_E + if x < 0.0 { -0.5 } else { 0.5 }) as i32;
    let r = (x - k as f32 * LN2_HI) - k as f32 * LN2_LO;
    let p = 1.0
        + r * (1.0 + r * (0.5 + r * (1.0 / 6.0 + r * (1.0 / 24.0 + r * (1.0 / 120.0 + r * (1.0 / 720.0))))));
    // Scale by 2^k in two steps so that k down to −126 − 1 stays representable.
    let half = k / 2;
    let two_pow = |e: i32| f32::from_bits(((e + 127) as u32) << 23);
    p * two_pow(half) * two_pow(k - half)
}

/// `ln x` for `x > 0`, from IEEE basic operations only, absolute error below 1e-6.
pub(crate) fn ln(x: f32) -> f32 {
    // x = m·2^e with m in [√½, √2); ln m = 2·atanh(s), s = (m − 1)/(m + 1), |s| ≤ 0.172.
    let bits = x.to_bits();
    let mut e = ((bits >> 23) & 0xff) as i32 - 127;
    let mut m = f32::from_bits((bits & 0x007f_ffff) | 0x3f80_0000);
    if m > std::f32::consts::SQRT_2 {
        m *= 0.5;
        e += 1;
    }
    let s = (m - 1.0) / (m + 1.0);
    let s2 = s * s;
    let atanh = s * (1.0 + s2 * (1.0 / 3.0 + s2 * (1.0 / 5.0 + s2 * (1.0 / 7.0 + s2 * (1.0 / 9.0)))));
    2.0 * atanh + e as f32 * std::f32::consts::LN_2
}

/// Win probability → Q and back: `Q = 2/(1 + e^(−cp/scale)) − 1 = tanh(cp / (2·scale))`.
pub(crate) fn cp_to_q(cp: i32, scale: f32) -> f32 {
    let t = exp(-(cp as f32 / scale).abs());
    let q = (1.0 - t) / (1.0 + t);
    if cp < 0 { -q } else { q }
}

/// The inverse of [`cp_to_q`]: `cp = scale · ln((1 + Q)/(1 − Q))`, with |Q| capped just below 1.
pub(crate) fn q_to_cp(q: f32, scale: f32) -> i32 {
    /// |Q| beyond this prints as the same large score instead of ±∞.
    const Q_CAP: f32 = 0.9999;
    let q = q.clamp(-Q_CAP, Q_CAP);
    (scale * ln((1.0 + q) / (1.0 - q))).round() as i32
}
