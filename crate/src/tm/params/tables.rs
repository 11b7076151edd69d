//! What the managers' declarations share: the accessor macros (`f32_!`, `f64_!`, `int_!`,
//! `bool_!`), the move-overhead row, lc0's rows (its move-overhead slider and SmartPruning's
//! sub-dictionary, `tables/smart_pruning.rs`). Each manager's own table is in its declaration
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

/// The `move-overhead` row (ms) with its accessor; each manager adds its slider, description
/// and source.
pub(crate) const fn move_overhead<C>(access: super::Access<C>) -> super::Param<C> {
    super::Param::new("move-overhead", "Move overhead", access).unit("ms")
}

mod smart_pruning;

pub use smart_pruning::Lc0Fields;
pub(crate) use smart_pruning::{lc0_fields, smart_pruning_params};

/// The rows of an lc0 stopper that reads `MoveOverheadMs` under that name (`lc0-legacy`,
/// `lc0-simple`, `lc0-alphazero`): its own rows, then lc0's move-overhead slider, then
/// SmartPruning's five, as an array of `N = own.len() + 6` in a `const`.
pub(crate) const fn lc0_rows<C: Lc0Fields, const N: usize>(own: &[super::Param<C>]) -> [super::Param<C>; N] {
    let overhead = move_overhead(super::Access::Int(
        |c: &C| c.overhead() as i64,
        |c: &mut C, x| *c.overhead_mut() = x as u32,
    ))
    .lin(0.0, 2000.0, 10.0)
    .desc("lc0 MoveOverheadMs")
    .src("lc0");
    let sp = smart_pruning_params::<C>();
    assert!(own.len() + 1 + sp.len() == N, "lc0_rows: N must be own.len() + 6");
    let mut out = [overhead; N];
    let mut i = 0;
    while i < N {
        if i < own.len() {
            out[i] = own[i];
        } else if i > own.len() {
            out[i] = sp[i - own.len() - 1];
        }
        i += 1;
    }
    out
}

/// `head` then `tail`, as an array of `N` rows, in a `const`: how a manager's table appends
/// rows it shares with other managers (SmartPruning's), or joins two lists of flags. `N` must be
/// the sum of the lengths.
pub(crate) const fn concat<T: Copy, const N: usize>(head: &[T], tail: &[T]) -> [T; N] {
    assert!(head.len() + tail.len() == N, "concat: N must be head.len() + tail.len()");
    let mut out = [head[0]; N];
    let mut i = 0;
    while i < N {
        out[i] = if i < head.len() { head[i] } else { tail[i - head.len()] };
        i += 1;
    }
    out
}
