//! What the managers' declarations share: the accessor macros (`f32_!`, `f64_!`, `int_!`,
//! `bool_!`), lc0's move-overhead row, and SmartPruning's sub-dictionary
//! (`tables/smart_pruning.rs`). Each manager's own table is in its declaration
//! (`tm/<manager>/table.rs`, its `ManagerConfig` impl).

/// `Access::F32` for a field path of config type `$c`.
macro_rules! f32_ {
    ($c:ty, $($f:ident).+) => {
        $crate::tm::params::Access::F32(|c: &$c| c.$($f).+, |c: &mut $c, v| c.$($f).+ = v)
    };
}
/// `Access::F64` for a field path.
macro_rules! f64_ {
    ($c:ty, $($f:ident).+) => {
        $crate::tm::params::Access::F64(|c: &$c| c.$($f).+, |c: &mut $c, v| c.$($f).+ = v)
    };
}
/// `Access::Int` for an integer field path of type `$t` (values are range-checked first).
macro_rules! int_ {
    ($c:ty, $t:ty, $($f:ident).+) => {
        $crate::tm::params::Access::Int(|c: &$c| c.$($f).+ as i64, |c: &mut $c, v| c.$($f).+ = v as $t)
    };
}
/// `Access::Bool` for a field path.
macro_rules! bool_ {
    ($c:ty, $($f:ident).+) => {
        $crate::tm::params::Access::Bool(|c: &$c| c.$($f).+, |c: &mut $c, v| c.$($f).+ = v)
    };
}

pub(crate) use {bool_, f32_, f64_, int_};

/// lc0's stoppers at the pinned commit.
pub(crate) const SRC_LC0: &str = "lc0 src/search/classic/stoppers @909a4082";

/// lc0's `MoveOverheadMs` (ms), the one slider of the stoppers that read it under that name
/// (`lc0-legacy`, `lc0-simple`, `lc0-alphazero`).
pub(crate) const fn lc0_move_overhead<C>(access: super::Access<C>) -> super::Param<C> {
    super::Param::new("move-overhead", "Move overhead", access)
        .lin(0.0, 2000.0, 10.0)
        .unit("ms")
        .desc("lc0 MoveOverheadMs")
        .src("lc0")
}

mod smart_pruning;

pub use smart_pruning::HasSmartPruning;
pub(crate) use smart_pruning::{has_smart_pruning, smart_pruning_params};

/// `head` then `tail`, as an array of `N` parameters, in a `const`: how a manager's table
/// appends rows it shares with other managers (SmartPruning's). `N` must be the sum of the lengths.
pub(crate) const fn concat<C, const N: usize>(
    head: &[super::Param<C>],
    tail: &[super::Param<C>],
) -> [super::Param<C>; N] {
    assert!(head.len() + tail.len() == N, "concat: N must be head.len() + tail.len()");
    let mut out = [head[0]; N];
    let mut i = 0;
    while i < N {
        out[i] = if i < head.len() { head[i] } else { tail[i - head.len()] };
        i += 1;
    }
    out
}
