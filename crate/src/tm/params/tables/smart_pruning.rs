//! SmartPruning's parameters (spec §8, lc0 stoppers.cc @909a4082): the `smart-pruning(...)`
//! sub-dictionary every lc0 manager shares.

use crate::tm::params::{Access, Param};
use crate::tm::smart_pruning::SmartPruningConfig;

const SRC_SP: &str = "lc0 stoppers.cc @909a4082";

/// The fields every lc0 config has: the SmartPruning sub-dictionary and lc0's move overhead.
pub trait Lc0Fields {
    /// The SmartPruning sub-config.
    fn sp(&self) -> &SmartPruningConfig;
    /// The SmartPruning sub-config, to write.
    fn sp_mut(&mut self) -> &mut SmartPruningConfig;
    /// `MoveOverheadMs`, ms.
    fn overhead(&self) -> u32;
    /// `MoveOverheadMs`, to write.
    fn overhead_mut(&mut self) -> &mut u32;
}

/// `lc0_fields!(Config)`: a config whose `smart_pruning` field is the sub-dictionary and whose
/// `move_overhead` field is lc0's move overhead.
macro_rules! lc0_fields {
    ($c:ty) => {
        impl $crate::tm::params::tables::Lc0Fields for $c {
            fn sp(&self) -> &$crate::tm::smart_pruning::SmartPruningConfig {
                &self.smart_pruning
            }
            fn sp_mut(&mut self) -> &mut $crate::tm::smart_pruning::SmartPruningConfig {
                &mut self.smart_pruning
            }
            fn overhead(&self) -> u32 {
                self.move_overhead
            }
            fn overhead_mut(&mut self) -> &mut u32 {
                &mut self.move_overhead
            }
        }
    };
}
pub(crate) use lc0_fields;

/// The accessor of a SmartPruning field: `sp!(F64, factor)` or `sp!(Int, grace_ms as u32)`.
macro_rules! sp {
    (F64, $f:ident) => {
        Access::F64(|c: &C| c.sp().$f, |c: &mut C, x| c.sp_mut().$f = x)
    };
    (Int, $f:ident as $t:ty) => {
        Access::Int(|c: &C| c.sp().$f as i64, |c: &mut C, x| c.sp_mut().$f = x as $t)
    };
}

/// The `smart-pruning(...)` parameters (§8), `factor` first. `lc0-curve` names the factor
/// `futile-search-aversion` at the top level instead, so it leaves `factor` out (`SP[1..]`).
pub(crate) const fn smart_pruning_params<C: Lc0Fields>() -> [Param<C>; 5] {
    const G: &str = "smart-pruning";
    [
        Param::new("factor", "Smart pruning factor", sp!(F64, factor))
            .group(G)
            .lin(0.0, 10.0, 0.01)
            .desc("F: >1 prunes and stops earlier, <1 later, 0 disables (UCI SmartPruningFactor)")
            .src(SRC_SP),
        Param::new("grace-ms", "Smart pruning grace", sp!(Int, grace_ms as u32))
            .group(G)
            .lin(0.0, 2000.0, 10.0)
            .unit("ms")
            .desc("no decision until this long after the first evaluation (kSmartPruningToleranceMs)")
            .src(SRC_SP),
        Param::new("tolerance-nodes", "Smart pruning node tolerance", sp!(Int, tolerance_nodes as u32))
            .group(G)
            .lin(0.0, 5000.0, 10.0)
            .unit("nodes")
            .desc("added to the playouts in the NPS estimate (kSmartPruningToleranceNodes)")
            .src(SRC_SP),
        Param::new("minimum-batches", "Minimum batches", sp!(Int, minimum_batches as u32))
            .group(G)
            .lin(0.0, 1000.0, 1.0)
            .unit("batches")
            .desc("no stop before this many batches (SmartPruningMinimumBatches)")
            .src(SRC_SP),
        Param::new("resign-q", "Resign Q", sp!(F64, resign_q))
            .group(G)
            .lin(-1.0, 0.0, 0.01)
            .unit("Q")
            .desc("may_resign is cleared if a visited root child has Q above this (hard-coded in lc0)")
            .src("lc0 search.cc @909a4082"),
    ]
}
