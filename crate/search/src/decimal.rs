//! Decimal text to `f64`, correctly rounded (half to even): the same number `str::parse::<f64>`
//! gives for the same text, for the crate's number readers (time-control seconds, spec values,
//! a canvas's pixel ratio, the time managers' `f32` cleaning), and back: `f64` to the text
//! `format!` writes ([`fixed`], [`shortest`], [`debug`]). In this crate (the bottom layer) so the
//! budgets' sentences print with it too; `tmlab::decimal` is this module.
//!
//! Why not `str::parse`: core's reader (Eisel–Lemire) carries a 10 kB table of 128-bit powers
//! of five, the largest incompressible block of the charts wasm module (issue 24: about 13 kB of
//! its gzipped size with the reader's code). This one needs no table: up to 15 significant digits
//! and a power of ten within ±22 take one IEEE operation (Clinger's fast path: both operands are
//! exact, so the one rounding is the right one); anything else is decided in integer arithmetic,
//! by a binary search over the `f64`s for the first whose upper halfway point the text's exact
//! value does not pass. The tests compare it with `str::parse` on edge cases and random input.

use std::cmp::Ordering;

/// The `f64` nearest to `text` (ties to the even mantissa), for the decimal syntax
/// `[+-] digits [. digits] [(e|E) [+-] digits]` (either side of the point may be empty, not
/// both); `None` for anything else (no `inf`, `nan`, spaces or underscores). Out-of-range values
/// give ±infinity or ±0, as `str::parse` does.
///
/// The engine build (this crate's `search` feature, which only the engine module has) links
/// core's reader anyway (serde_json reads the journals' numbers with
/// it), so there the syntax is checked here and the conversion is `str::parse`'s, the same
/// `f64` as [`exact`]'s: the engine module carries one reader, not two.
pub fn parse_f64(text: &str) -> Option<f64> {
    if cfg!(feature = "search") {
        scan(text)?;
        text.parse().ok()
    } else {
        exact(text)
    }
}

/// [`parse_f64`] by the reader of this module (no table): what builds without `engine` use.
pub fn exact(text: &str) -> Option<f64> {
    let (neg, digits, exp) = scan(text)?;
    let x = magnitude(&digits, exp);
    Some(if neg { -x } else { x })
}

/// The sign, the significant digits (no leading or trailing zeros) and the power of ten of a
/// decimal in [`parse_f64`]'s syntax.
fn scan(text: &str) -> Option<(bool, Vec<u8>, i64)> {
    let b = text.as_bytes();
    let neg = b.first() == Some(&b'-');
    let mut i = usize::from(matches!(b.first(), Some(b'-' | b'+')));
    // value = digits × 10^exp; leading zeros dropped.
    let mut digits: Vec<u8> = Vec::new();
    let mut exp: i64 = 0;
    let (mut seen, mut point) = (false, false);
    while let Some(&c) = b.get(i) {
        match c {
            b'0'..=b'9' => {
                seen = true;
                exp -= i64::from(point);
                if !(digits.is_empty() && c == b'0') {
                    digits.push(c - b'0');
                }
            }
            b'.' if !point => point = true,
            _ => break,
        }
        i += 1;
    }
    if !seen {
        return None;
    }
    if i < b.len() {
        if b[i] | 0x20 != b'e' {
            return None;
        }
        i += 1;
        let negative_exp = b.get(i) == Some(&b'-');
        i += usize::from(matches!(b.get(i), Some(b'-' | b'+')));
        if i == b.len() {
            return None;
        }
        let mut e: i64 = 0;
        for &c in &b[i..] {
            if !c.is_ascii_digit() {
                return None;
            }
            e = (e * 10 + i64::from(c - b'0')).min(1 << 40);
        }
        exp += if negative_exp { -e } else { e };
    }
    while digits.last() == Some(&0) {
        digits.pop();
        exp += 1;
    }
    Some((neg, digits, exp))
}

/// Exact powers of ten as `f64` (10^22 is the largest below 2^53 · 2^22, so exact).
const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
    1e19, 1e20, 1e21, 1e22,
];

/// `digits × 10^exp` rounded to the nearest `f64` (`digits` without leading or trailing zeros).
fn magnitude(digits: &[u8], exp: i64) -> f64 {
    let n = digits.len() as i64;
    if n == 0 || n + exp <= -324 {
        // Below 10^-324, under half the least subnormal (2.47e-324).
        return 0.0;
    }
    if n + exp >= 310 {
        // At least 10^309, past the largest finite value and half its ulp.
        return f64::INFINITY;
    }
    if n <= 15 && exp.abs() <= 22 {
        let m = digits.iter().fold(0u64, |m, &d| m * 10 + u64::from(d)) as f64;
        let p = POW10[exp.unsigned_abs() as usize];
        return if exp < 0 { m / p } else { m * p };
    }
    slow(digits, exp)
}

/// An unsigned integer, little-endian 32-bit limbs.
type Big = Vec<u32>;

/// `a = a·m + add`.
fn mul_small(a: &mut Big, m: u32, add: u32) {
    let mut carry = u64::from(add);
    for limb in a.iter_mut() {
        let v = u64::from(*limb) * u64::from(m) + carry;
        *limb = v as u32;
        carry = v >> 32;
    }
    if carry > 0 {
        a.push(carry as u32);
    }
}

/// `a = a·5^n`.
fn mul_pow5(a: &mut Big, mut n: u64) {
    while n > 0 {
        let s = n.min(13); // 5^13 < 2^32
        mul_small(a, 5u32.pow(s as u32), 0);
        n -= s;
    }
}

/// `a·2^n`.
fn shl(a: &Big, n: u64) -> Big {
    let (words, bits) = ((n / 32) as usize, (n % 32) as u32);
    let mut r = vec![0; words];
    let mut carry = 0;
    for &limb in a {
        if bits == 0 {
            r.push(limb);
        } else {
            r.push(limb << bits | carry);
            carry = limb >> (32 - bits);
        }
    }
    r.push(carry);
    r
}

/// Compare two integers (their limb vectors may carry high zero limbs).
fn cmp(a: &Big, b: &Big) -> Ordering {
    let len = |x: &Big| x.len() - x.iter().rev().take_while(|&&l| l == 0).count();
    let (la, lb) = (len(a), len(b));
    la.cmp(&lb).then_with(|| a[..la].iter().rev().cmp(b[..lb].iter().rev()))
}

/// The integer mantissa and the power of two of a non-negative `f64`'s bit pattern `k` (the
/// value is m·2^e; infinity's pattern gives 2^1024, the next power of two past the largest).
fn parts(k: u64) -> (u64, i64) {
    let (field, frac) = ((k >> 52) & 0x7ff, k & ((1 << 52) - 1));
    if field == 0 { (frac, -1074) } else { (frac | 1 << 52, field as i64 - 1075) }
}

/// The exact path: the least `f64` bit pattern `k` (positive, infinity included) such that
/// `digits × 10^exp` rounds to at most `f64::from_bits(k)`.
fn slow(digits: &[u8], exp: i64) -> f64 {
    let mut value: Big = Vec::new();
    for &d in digits {
        mul_small(&mut value, 10, u32::from(d));
    }
    if exp > 0 {
        mul_pow5(&mut value, exp.unsigned_abs());
    }
    // Whether the value rounds to `k` or below: it is below the halfway point between `k` and
    // the next `f64`, (2m + 1)·2^(e − 1) with `k` = m·2^e (continuous across binades, and past
    // the largest finite value, where the next is 2^1024), or on it with `k` even.
    let at_most = |k: u64| {
        let (m, e) = parts(k);
        let half = 2 * m + 1;
        let mut h: Big = vec![half as u32, (half >> 32) as u32];
        if exp < 0 {
            mul_pow5(&mut h, exp.unsigned_abs());
        }
        // value·2^exp against h·2^(e − 1): move the powers of two to one side.
        let p2 = exp - (e - 1);
        let (lhs, rhs) = (shl(&value, p2.max(0) as u64), shl(&h, (-p2).max(0) as u64));
        match cmp(&lhs, &rhs) {
            Ordering::Less => true,
            Ordering::Equal => k.is_multiple_of(2),
            Ordering::Greater => false,
        }
    };
    let (mut lo, mut hi) = (0u64, f64::INFINITY.to_bits());
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if at_most(mid) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    f64::from_bits(lo)
}

// `f64` to decimal text, the same text as `format!` gives: `{:.N}` ([`fixed`]), `{}`
// ([`shortest`]) and `{:?}` ([`debug`]). Core's printers (Grisu with its Dragon fallback, for
// `f32` and `f64`, their tables and big integers) are 8.3 kB of the charts module gzipped, and
// `Display` links both of them whichever way it is used: the crate's modules print every `f64`
// through these instead (issue 24, docs/fuzzing-and-benches.md). With the feature `core-fmt` (the
// builds that link core's printers anyway: the engine and engine charts modules, native) they are
// `format!`; without it (the charts module) this module's own printer, which the tests compare
// with `format!`. It works on the exact decimal
// expansion of the value (a binary fraction ends), with the big integers of the reader above:
// `{:.N}` rounds it half to even; `{}` takes, from one significant digit up, the first rounding
// that reads back as the same value (the nearest such, as core's shortest printer does).

/// The exact decimal expansion of `|x|` (finite): its digits, no leading zeros (none for zero),
/// and how many of them follow the point.
fn expansion(x: f64) -> (Vec<u8>, usize) {
    let (m, e) = parts(x.to_bits());
    let mut big: Big = vec![m as u32, (m >> 32) as u32];
    let after = if e >= 0 {
        big = shl(&big, e as u64);
        0
    } else {
        mul_pow5(&mut big, e.unsigned_abs());
        e.unsigned_abs() as usize
    };
    // Nine digits at a time, least significant first.
    let mut digits = Vec::new();
    while big.iter().any(|&l| l != 0) {
        let mut rem = 0u64;
        for limb in big.iter_mut().rev() {
            let v = rem << 32 | u64::from(*limb);
            *limb = (v / 1_000_000_000) as u32;
            rem = v % 1_000_000_000;
        }
        for _ in 0..9 {
            digits.push((rem % 10) as u8);
            rem /= 10;
        }
    }
    while digits.last() == Some(&0) {
        digits.pop();
    }
    digits.reverse();
    (digits, after)
}

/// `digits` cut to its first `keep` (less than its length) and rounded on the rest, a tie half
/// to even (`{:.N}`) or up (`{}`: core's shortest printer rounds a tie up), and whether the
/// rounding went up. A carry out of the first digit adds a digit in front.
fn round_at(digits: &[u8], keep: usize, tie_to_even: bool) -> (Vec<u8>, bool) {
    let (kept, rest) = digits.split_at(keep);
    let odd = kept.last().is_some_and(|d| d % 2 == 1);
    let up = rest[0] > 5 || (rest[0] == 5 && (rest[1..].iter().any(|&d| d != 0) || odd || !tie_to_even));
    let mut out = kept.to_vec();
    if up {
        increment(&mut out);
    }
    (out, up)
}

/// Add one to the last digit, carrying (a carry out of the first digit adds a `1` in front).
fn increment(digits: &mut Vec<u8>) {
    for d in digits.iter_mut().rev() {
        if *d == 9 {
            *d = 0;
        } else {
            *d += 1;
            return;
        }
    }
    digits.insert(0, 1);
}

fn text(digits: &[u8]) -> String {
    digits.iter().map(|&d| char::from(b'0' + d)).collect()
}

/// The text of NaN and the infinities, as `format!` writes them.
fn special(x: f64) -> Option<String> {
    if x.is_nan() {
        Some("NaN".into())
    } else if x.is_infinite() {
        Some(if x < 0.0 { "-inf" } else { "inf" }.into())
    } else {
        None
    }
}

fn sign(x: f64) -> &'static str {
    if x.is_sign_negative() { "-" } else { "" }
}

/// `format!("{x:.dp$}")`: `dp` digits after the point, rounded half to even.
pub fn fixed(x: f64, dp: usize) -> String {
    if cfg!(feature = "core-fmt") { format!("{x:.dp$}") } else { own_fixed(x, dp) }
}

/// `format!("{x}")`: the shortest decimal that reads back as `x`, never with an exponent.
pub fn shortest(x: f64) -> String {
    if cfg!(feature = "core-fmt") { format!("{x}") } else { own_shortest(x) }
}

/// `format!("{x:?}")`: as [`shortest`] with at least one digit after the point, and with an
/// exponent below 1e-4 and from 1e16 on (`1e16`, `1.5e-5`).
pub fn debug(x: f64) -> String {
    if cfg!(feature = "core-fmt") { format!("{x:?}") } else { own_debug(x) }
}

/// The `f64` of an `f32`'s shortest decimal form (`format!("{x}")` of the `f32`, read back as an
/// `f64`): 0.52f32 → 0.52, not 0.519999980926…; a non-finite `x` as it is.
pub fn f32_decimal(x: f32) -> f64 {
    if cfg!(feature = "core-fmt") {
        if x.is_finite() { parse_f64(&format!("{x}")).unwrap_or(f64::from(x)) } else { f64::from(x) }
    } else {
        own_f32_decimal(x)
    }
}

/// [`fixed`] by this module's printer.
fn own_fixed(x: f64, dp: usize) -> String {
    if let Some(s) = special(x) {
        return s;
    }
    let (mut digits, after) = expansion(x);
    if after > dp {
        // Keep one digit before the point at least, so the rounding has a place to carry to.
        let lead = (after + 1).saturating_sub(digits.len());
        digits.splice(0..0, std::iter::repeat_n(0, lead));
        let keep = digits.len() - (after - dp);
        digits = round_at(&digits, keep, true).0;
    } else {
        digits.extend(std::iter::repeat_n(0, dp - after));
    }
    let int = digits.len().saturating_sub(dp);
    let mut out = String::from(sign(x));
    out += &if int == 0 { "0".into() } else { text(&digits[..int]) };
    if dp > 0 {
        out.push('.');
        out.extend(std::iter::repeat_n('0', dp - (digits.len() - int)));
        out += &text(&digits[int..]);
    }
    out
}

/// The shortest digits that `reads_back` (given the digits, no trailing zeros, and the power of
/// ten they are multiplied by) accepts, the nearest to the value when two of a length do, and
/// their power of ten; `|x|` finite and not zero.
fn shortest_digits(x: f64, reads_back: impl Fn(&[u8], i64) -> bool) -> (Vec<u8>, i64) {
    let (digits, after) = expansion(x);
    // digits × 10^-after; rounded to `p` significant digits it is r × 10^(len - p - after).
    let strip = |mut d: Vec<u8>, mut e: i64| {
        while d.len() > 1 && d.last() == Some(&0) {
            d.pop();
            e += 1;
        }
        (d, e)
    };
    for p in 1..digits.len() {
        let e = (digits.len() - p) as i64 - after as i64;
        let (near, up) = round_at(&digits, p, false);
        let (d, de) = strip(near, e);
        if reads_back(&d, de) {
            return (d, de);
        }
        // Next to a power of two the interval that reads back is narrower below the value
        // than above: the other rounding may read back when the nearest does not.
        let mut other = digits[..p].to_vec();
        if !up {
            increment(&mut other);
        }
        let (d, de) = strip(other, e);
        if reads_back(&d, de) {
            return (d, de);
        }
    }
    strip(digits, -(after as i64))
}

/// Digits × 10^exp written without an exponent (`123.45`, `0.0012`, `1200`).
fn plain(digits: &[u8], exp: i64) -> String {
    let n = digits.len() as i64;
    let point = n + exp;
    if point <= 0 {
        format!("0.{}{}", "0".repeat(point.unsigned_abs() as usize), text(digits))
    } else if point >= n {
        format!("{}{}", text(digits), "0".repeat((point - n) as usize))
    } else {
        let (a, b) = digits.split_at(point as usize);
        format!("{}.{}", text(a), text(b))
    }
}

/// The shortest digits of a finite non-zero `f64` that read back as it.
fn f64_digits(x: f64) -> (Vec<u8>, i64) {
    let target = x.abs();
    shortest_digits(x, |d, e| magnitude(d, e) == target)
}

/// [`shortest`] by this module's printer.
fn own_shortest(x: f64) -> String {
    if let Some(s) = special(x) {
        return s;
    }
    if x == 0.0 {
        return format!("{}0", sign(x));
    }
    let (d, e) = f64_digits(x);
    format!("{}{}", sign(x), plain(&d, e))
}

/// [`debug`] by this module's printer.
fn own_debug(x: f64) -> String {
    if let Some(s) = special(x) {
        return s;
    }
    if x == 0.0 {
        return format!("{}0.0", sign(x));
    }
    let (d, e) = f64_digits(x);
    let a = x.abs();
    if (1e-4..1e16).contains(&a) {
        let s = plain(&d, e);
        let dot = if s.contains('.') { "" } else { ".0" };
        format!("{}{s}{dot}", sign(x))
    } else {
        let (first, rest) = d.split_at(1);
        let rest = if rest.is_empty() { String::new() } else { format!(".{}", text(rest)) };
        format!("{}{}{rest}e{}", sign(x), text(first), e + d.len() as i64 - 1)
    }
}

/// [`f32_decimal`] by this module's printer.
fn own_f32_decimal(x: f32) -> f64 {
    let wide = f64::from(x);
    if !x.is_finite() || x == 0.0 {
        return wide;
    }
    let (d, e) = shortest_digits(wide, |d, e| magnitude(d, e) as f32 == x.abs());
    let v = magnitude(&d, e);
    if x < 0.0 { -v } else { v }
}

#[cfg(test)]
mod tests {
    use super::{exact, parse_f64};

    fn same(text: &str) {
        let want = text.parse::<f64>().ok();
        for got in [exact(text), parse_f64(text)] {
            assert_eq!(got.map(f64::to_bits), want.map(f64::to_bits), "{text}: {got:?} vs {want:?}");
        }
    }

    #[test]
    fn edge_cases_match_str_parse() {
        for t in [
            "0",
            "-0",
            "+0",
            "0.0",
            ".5",
            "5.",
            "1e0",
            "1E+2",
            "1e-2",
            "-2.5E-3",
            "00012.3400",
            "0.1",
            "0.3",
            "123456789012345",
            "1234567890123456",
            "9007199254740993",
            "9007199254740992.5",
            "9007199254740993.0000000000000000001",
            "1e22",
            "1e23",
            "9.999999999999999e22",
            "1.7976931348623157e308",
            "1.7976931348623158e308",
            "1.7976931348623159e308",
            "1e309",
            "1e-400",
            "2.2250738585072011e-308",
            "2.2250738585072014e-308",
            "4.9406564584124654e-324",
            "2.4703282292062327e-324",
            "2.4703282292062328e-324",
            "2.47032822920623272e-324",
            "1e-324",
            "7.4109846876186981626485318930233205854758970392148714663837852375101326090531312779794975454245398856969484704316857659638998506553390969459816219401617281718945106978546710679176872575177347315553307795408549809608457500958111373034747658096871009590975442271004757307809711118935784838675653998783503015228055934046593739791790738723868299395818481660169122019456499931289798411362062484498678713572180352209017023903285791732520220528974020802906854021606612375549983402671300035812486479041385743401875520901590172592547146296175134159774938718574737870961645638908718119841271673056017045493004705269590165763776884908267986972573366521765567941072508764337560846003984904972149117463085539556354188641513168478436313080237596295773983001708984375e-324",
            "",
            "-",
            "+",
            ".",
            "e5",
            "1e",
            "1e+",
            "1.2.3",
            "1_000",
            " 1",
            "1 ",
            "0x10",
            "1e99999999999999999999",
            "1e-99999999999999999999",
            "0.000000000000000000000000000001",
            "340282350000000000000000000000000000000",
            "123456789012345678901234567890",
        ] {
            same(t);
        }
        // Words `str::parse` reads and this reader does not (its callers refuse them anyway).
        for t in ["inf", "-infinity", "NaN", "nan"] {
            assert_eq!((parse_f64(t), exact(t)), (None, None), "{t}");
        }
    }

    /// A xorshift generator from `seed`: the random tests' values, the same in every run.
    fn xorshift(mut s: u64) -> impl FnMut() -> u64 {
        move || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        }
    }

    #[test]
    fn random_values_round_trip_like_str_parse() {
        // Every bit pattern's shortest and long forms, and digit strings near halfway.
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        for _ in 0..2_000 {
            let x = f64::from_bits(next());
            if !x.is_finite() {
                continue;
            }
            for t in [format!("{x}"), format!("{x:e}"), format!("{x:.20e}"), format!("{x:.3e}")] {
                same(&t);
            }
            let digits: String =
                (0..(next() % 30 + 1)).map(|_| char::from(b'0' + (next() % 10) as u8)).collect();
            let e = (next() % 700) as i64 - 350;
            same(&format!("{digits}e{e}"));
            same(&format!("0.{digits}"));
        }
    }

    // Any text of the decimal alphabet, not only well-formed numbers: the syntax checks
    // (a lone point, a bare exponent, signs in the wrong place) must refuse what `str::parse`
    // refuses, and everything accepted must be the same `f64`.
    #[cfg(not(target_arch = "wasm32"))]
    proptest::proptest! {
        #[test]
        fn any_decimal_text_reads_like_str_parse(text in "[-+]?[0-9]{0,24}[.]?[0-9]{0,24}([eE][-+]?[0-9]{0,4})?") {
            same(&text);
        }

        #[test]
        fn any_text_of_the_alphabet_reads_like_str_parse(text in "[-+0-9.eE]{0,12}") {
            same(&text);
        }
    }

    // The printers write what `format!` writes.
    fn prints_like_format(x: f64) {
        use super::{debug, fixed, own_debug, own_fixed, own_shortest, shortest};
        assert_eq!(own_shortest(x), format!("{x}"), "{{}} of {x:e}");
        assert_eq!(own_debug(x), format!("{x:?}"), "{{:?}} of {x:e}");
        assert_eq!((shortest(x), debug(x)), (format!("{x}"), format!("{x:?}")));
        for dp in [0, 1, 2, 3, 4, 6, 17] {
            assert_eq!(own_fixed(x, dp), format!("{x:.dp$}"), "{{:.{dp}}} of {x:e}");
            assert_eq!(fixed(x, dp), format!("{x:.dp$}"));
        }
    }

    fn f32_like_format(x: f32) {
        let want = if x.is_finite() { format!("{x}").parse::<f64>().unwrap() } else { f64::from(x) };
        assert_eq!(super::own_f32_decimal(x).to_bits(), want.to_bits(), "{x}");
        assert_eq!(super::f32_decimal(x).to_bits(), want.to_bits(), "{x}");
    }

    #[test]
    fn printers_edge_cases_match_format() {
        for x in [
            0.0,
            -0.0,
            0.5,
            1.5,
            2.5,
            -2.5,
            0.25,
            0.125,
            0.35,
            1.0,
            10.0,
            100.0,
            0.1,
            0.3,
            1e-4,
            9.9999e-5,
            1e16,
            9.999999999999998e15,
            1e21,
            1e22,
            1e23,
            123456789.125,
            0.000123,
            5e-324,
            2.2250738585072014e-308,
            f64::MAX,
            f64::MIN_POSITIVE,
            f64::EPSILON,
            2f64.powi(60),
            2f64.powi(-60),
            9.5,
            99.95,
            0.045,
            1e300,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            1234.5678,
            -0.04,
            0.999999,
            999.9996,
        ] {
            prints_like_format(x);
        }
        for x in [0.52f32, 2181.416, 45.2, 1e-45, f32::MAX, f32::MIN_POSITIVE, 16777216.0, 0.1, -3.75, 0.0] {
            f32_like_format(x);
        }
    }

    #[test]
    fn printers_match_format_on_random_values() {
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        for _ in 0..3_000 {
            let bits = next();
            prints_like_format(f64::from_bits(bits));
            f32_like_format(f32::from_bits(bits as u32));
            // Values of the charts' sizes: a few digits, from 1e-6 to 1e9.
            let x = (next() % 1_000_000_000) as f64 / 10f64.powi((next() % 16) as i32);
            prints_like_format(x);
            f32_like_format(x as f32);
        }
    }

    #[cfg(not(target_arch = "wasm32"))]
    proptest::proptest! {
        #[test]
        fn any_f64_prints_like_format(bits: u64) {
            prints_like_format(f64::from_bits(bits));
        }

        #[test]
        fn any_f32_reads_as_its_shortest_form(bits: u32) {
            f32_like_format(f32::from_bits(bits));
        }

        #[test]
        fn any_short_decimal_prints_like_format(m in 0u64..100_000_000, e in 0i32..12, neg: bool) {
            let x = m as f64 / 10f64.powi(e);
            prints_like_format(if neg { -x } else { x });
        }
    }
}
