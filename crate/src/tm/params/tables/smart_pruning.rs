//! SmartPruning's parameters (spec §8, lc0 stoppers.cc @909a4082): the `smart-pruning(...)`
//! sub-dictionary every lc0 manager shares.

use crate::tm::params::{Access, Param};
use crate::tm::smart_pruning::SmartPruningConfig;

const SRC_SP: &str = "lc0 stoppers.cc @909a4082";

/// A config with a SmartPruning sub-dictionary.
pub trait HasSmartPruning {
    /// The SmartPruning sub-config.
    fn sp(&self) -> &SmartPruningConfig;
    /// The SmartPruning sub-config, to write.
    fn sp_mut(&mut self) -> &mut SmartPruningConfig;
}

/// `has_smart_pruning!(Config)`: a config whose `smart_pruning` field is the sub-dictionary.
macro_rules! has_smart_pruning {
    ($c:ty) => {
        impl $crate::tm::params::tables::HasSmartPruning for $c {
            fn sp(&self) -> &$crate::tm::smart_pruning::SmartPruningConfig {
                &self.smart_pruning
            }
            fn sp_mut(&mut self) -> &mut $crate::tm::smart_pruning::SmartPruningConfig {
                &mut self.smart_pruning
            }
        }
    };
}
pub(crate) use has_smart_pruning;

/// The `smart-pruning(...)` parameters (§8), `factor` first. `lc0-curve` names the factor
/// `futile-search-aversion` at the top level instead, so it leaves `factor` out (`SP[1..]`).
pub(crate) const fn smart_pruning_params<C: HasSmartPruning>() -> [Param<C>; 5] {
    const G: &str = "smart-pruning";
    [
        Param::new(
            "factor",
            "Smart pruning factor",
            Access::F64(|c: &C| c.sp().factor, |c: &mut C, x| c.sp_mut().factor = x),
        )
        .group(G)
        .lin(0.0, 10.0, 0.01)
        .desc("F: >1 prunes and stops earlier, <1 later, 0 disables (UCI SmartPruningFactor)")
        .src(SRC_SP),
        Param::new(
            "grace-ms",
            "Smart pruning grace",
            Access::Int(|c: &C| c.sp().grace_ms as i64, |c: &mut C, x| c.sp_mut().grace_ms = x as u32),
        )
        .group(G)
        .lin(0.0, 2000.0, 10.0)
        .unit("ms")
        .desc("no decision until this long after the first evaluation (kSmartPruningToleranceMs)")
        .src(SRC_SP),
        Param::new(
            "tolerance-nodes",
            "Smart pruning node tolerance",
            Access::Int(
                |c: &C| c.sp().tolerance_nodes as i64,
                |c: &mut C, x| c.sp_mut().tolerance_nodes = x as u32,
            ),
        )
        .group(G)
        .lin(0.0, 5000.0, 10.0)
        .unit("nodes")
        .desc("added to the playouts in the NPS estimate (kSmartPruningToleranceNodes)")
        .src(SRC_SP),
        Param::new(
            "minimum-batches",
            "Minimum batches",
            Access::Int(
                |c: &C| c.sp().minimum_batches as i64,
                |c: &mut C, x| c.sp_mut().minimum_batches = x as u32,
            ),
        )
        .group(G)
        .lin(0.0, 1000.0, 1.0)
        .unit("batches")
        .desc("no stop before this many batches (SmartPruningMinimumBatches)")
        .src(SRC_SP),
        Param::new(
            "resign-q",
            "Resign Q",
            Access::F64(|c: &C| c.sp().resign_q, |c: &mut C, x| c.sp_mut().resign_q = x),
        )
        .group(G)
        .lin(-1.0, 0.0, 0.01)
        .unit("Q")
        .desc("may_resign is cleared if a visited root child has Q above this (hard-coded in lc0)")
        .src("lc0 search.cc @909a4082"),
    ]
}
