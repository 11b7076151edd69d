//! [`Axis`]: plotters' `f64` coordinate with the crate's number printing.

use std::ops::Range;

use plotters::coord::ranged1d::{KeyPointHint, NoDefaultFormatting, Ranged, ValueFormatter};
use plotters::coord::types::RangedCoordf64;

use crate::decimal::fixed;

/// An `f64` axis: plotters' own (the same ticks and the same mapping to pixels), whose default
/// tick labels are printed by [`crate::decimal`] with plotters' rule ([`label`]), so the charts
/// module links none of core's float printing (issue 24).
#[derive(Clone)]
pub(crate) struct Axis(RangedCoordf64);

impl From<Range<f64>> for Axis {
    fn from(r: Range<f64>) -> Self {
        Axis(r.into())
    }
}

impl Ranged for Axis {
    type FormatOption = NoDefaultFormatting;
    type ValueType = f64;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        self.0.map(value, limit)
    }
    fn key_points<Hint: KeyPointHint>(&self, hint: Hint) -> Vec<f64> {
        self.0.key_points(hint)
    }
    fn range(&self) -> Range<f64> {
        self.0.range()
    }
    fn axis_pixel_range(&self, limit: (i32, i32)) -> Range<i32> {
        self.0.axis_pixel_range(limit)
    }
}

impl ValueFormatter<f64> for Axis {
    fn format(value: &f64) -> String {
        label(*value)
    }
}

/// Plotters' default label of an `f64` tick (0.3.7, `FloatPrettyPrinter` with no scientific
/// notation, 1 to 5 decimals): the value is rounded to the fewest decimals (at most 5) that keep
/// it within 10^-5, then written with at least one decimal (`10.0`, `2.5`, `0.125`).
pub(crate) fn label(n: f64) -> String {
    let (value, places) = fewest_places(n, 10f64.powi(-5));
    // (-0.0 keeps its sign in the whole part: `-0.0`, as plotters writes it.)
    let (sign, v) = if value < 0.0 { ("-", -value) } else { ("", value) };
    let whole = v.floor();
    let scaled = ((v.abs() - whole.abs()) * 10f64.powi(places as i32)).round() as u64;
    let mut out = format!("{sign}{}", fixed(whole, 0));
    if scaled == 0 || places == 0 {
        out.push_str(".0");
        return out;
    }
    // The decimals: `places` of them with their leading zeros, without the trailing ones.
    let digits = scaled.to_string();
    out.push('.');
    out.extend(std::iter::repeat_n('0', places.saturating_sub(digits.len())));
    out.push_str(digits.trim_end_matches('0'));
    out
}

/// `n` rounded to the fewest decimal places that keep it within `eps` (down or up at each place,
/// one place further while neither does), and that number of places.
fn fewest_places(n: f64, eps: f64) -> (f64, usize) {
    if eps >= 1.0 {
        return (n, 0);
    }
    if n - n.floor() < eps {
        (n.floor(), 0)
    } else if n.ceil() - n < eps {
        (n.ceil(), 0)
    } else {
        let (rest, places) = fewest_places((n - n.floor()) * 10.0, eps * 10.0);
        (n.floor() + rest / 10.0, places + 1)
    }
}

#[cfg(test)]
mod tests {
    use plotters::coord::ranged1d::ValueFormatter;
    use plotters::coord::types::RangedCoordf64;

    /// The labels are plotters' own, printed without core's float printing.
    fn same(x: f64) {
        assert_eq!(super::label(x), RangedCoordf64::format(&x), "{x:e}");
    }

    #[test]
    fn labels_are_plotters_labels() {
        for x in
            [0.0, -0.0, 1.0, 10.0, 2.5, -2.5, 0.125, 1e-6, 123456.789, 0.1 + 0.2, 99.99999, 1e15, -1e-3, 0.3]
        {
            same(x);
        }
        for i in -2000..2000 {
            same(f64::from(i) * 0.05);
            same(f64::from(i) * 0.001);
            same(f64::from(i) * 12.5);
        }
    }

    #[cfg(not(target_arch = "wasm32"))]
    proptest::proptest! {
        #[test]
        fn any_tick_value_is_labelled_as_plotters_does(m in -100_000_000i64..100_000_000, e in 0i32..9) {
            same(m as f64 / 10f64.powi(e));
        }
    }
}
