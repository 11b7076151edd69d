//! The parameter tables of every manager (spec §2–§9): keys, labels, sliders, valid ranges,
//! units, descriptions and sources. Values come from each manager's preset constants.
//!
//! Each manager's table (its `ManagerConfig` impl) is in `tables/<manager>.rs`; this file holds
//! what they share: the accessor macros and [`TmConfig`], the typed config of any manager;
//! SmartPruning's parameters are in `tables/smart_pruning.rs`.

use super::super::TimeManager;
use super::super::guide::GuideConfig;
use super::super::lc0_alphazero::AlphaZeroConfig;
use super::super::lc0_curve::CurveConfig;
use super::super::lc0_legacy::LegacyConfig;
use super::super::lc0_simple::SimpleConfig;
use super::super::lc0_smooth::SmoothConfig;
use super::super::mediocre::MediocreConfig;
use super::super::stockfish::StockfishConfig;
use super::syntax::Dict;
use super::{
    ManagerConfig, ManagerSchema, SpecError, Value, find_preset, get_path, manager_schema, print, resolve,
    set_path,
};

/// `Access::F32` for a field path of config type `$c`.
macro_rules! f32_ {
    ($c:ty, $($f:ident).+) => {
        Access::F32(|c: &$c| c.$($f).+, |c: &mut $c, v| c.$($f).+ = v)
    };
}
/// `Access::F64` for a field path.
macro_rules! f64_ {
    ($c:ty, $($f:ident).+) => {
        Access::F64(|c: &$c| c.$($f).+, |c: &mut $c, v| c.$($f).+ = v)
    };
}
/// `Access::Int` for an integer field path of type `$t` (values are range-checked first).
macro_rules! int_ {
    ($c:ty, $t:ty, $($f:ident).+) => {
        Access::Int(|c: &$c| c.$($f).+ as i64, |c: &mut $c, v| c.$($f).+ = v as $t)
    };
}
/// `Access::Bool` for a field path.
macro_rules! bool_ {
    ($c:ty, $($f:ident).+) => {
        Access::Bool(|c: &$c| c.$($f).+, |c: &mut $c, v| c.$($f).+ = v)
    };
}

const SRC_LC0: &str = "lc0 src/search/classic/stoppers @909a4082";

/// lc0's `MoveOverheadMs` (ms), the one slider of the stoppers that read it under that name
/// (`lc0-legacy`, `lc0-simple`, `lc0-alphazero`).
fn lc0_move_overhead<C>(access: super::Access<C>) -> super::Param<C> {
    super::Param::new("move-overhead", "Move overhead", access)
        .lin(0.0, 2000.0, 10.0)
        .unit("ms")
        .desc("lc0 MoveOverheadMs")
        .src("lc0")
}

/// A manager's typed config, one variant per manager.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TmConfig {
    /// `mediocre` (§2).
    Mediocre(MediocreConfig),
    /// `guide` (§3).
    Guide(GuideConfig),
    /// `lc0-curve` (§4).
    Lc0Curve(CurveConfig),
    /// `lc0-legacy` (§5).
    Lc0Legacy(LegacyConfig),
    /// `lc0-smooth` (§6).
    Lc0Smooth(SmoothConfig),
    /// `lc0-alphazero` (§7).
    Lc0AlphaZero(AlphaZeroConfig),
    /// `lc0-simple` (§7).
    Lc0Simple(SimpleConfig),
    /// `stockfish` (§9).
    Stockfish(StockfishConfig),
}

/// Runs `$e` with `$c` bound to the typed config of any variant.
macro_rules! dispatch {
    ($v:expr, $c:ident => $e:expr) => {
        match $v {
            TmConfig::Mediocre($c) => $e,
            TmConfig::Guide($c) => $e,
            TmConfig::Lc0Curve($c) => $e,
            TmConfig::Lc0Legacy($c) => $e,
            TmConfig::Lc0Smooth($c) => $e,
            TmConfig::Lc0AlphaZero($c) => $e,
            TmConfig::Lc0Simple($c) => $e,
            TmConfig::Stockfish($c) => $e,
        }
    };
}

/// Runs `$body` with `$t` bound to each config type, in the spec's order.
macro_rules! for_each_type {
    ($t:ident => $body:block) => {{
        {
            type $t = MediocreConfig;
            $body
        }
        {
            type $t = GuideConfig;
            $body
        }
        {
            type $t = CurveConfig;
            $body
        }
        {
            type $t = LegacyConfig;
            $body
        }
        {
            type $t = SmoothConfig;
            $body
        }
        {
            type $t = AlphaZeroConfig;
            $body
        }
        {
            type $t = SimpleConfig;
            $body
        }
        {
            type $t = StockfishConfig;
            $body
        }
    }};
}

fn name_of<C: ManagerConfig>(_: &C) -> &'static str {
    C::NAME
}

fn preset_of<C: ManagerConfig>(_: &C, name: &str) -> Result<(&'static str, TmConfig), SpecError> {
    let p = find_preset::<C>(name)?;
    Ok((p.name, wrap(p.config)))
}

/// Wraps a typed config in its variant.
fn wrap<C: ManagerConfig>(c: C) -> TmConfig {
    c.wrap()
}

impl TmConfig {
    /// The manager's canonical name.
    pub fn name(&self) -> &'static str {
        dispatch!(self, c => name_of(c))
    }

    /// A fresh manager with this config.
    pub fn build(&self) -> Box<dyn TimeManager> {
        dispatch!(self, c => c.build())
    }

    pub(super) fn get(&self, path: &str) -> Option<Value> {
        dispatch!(self, c => get_path(c, path))
    }

    pub(super) fn set(&mut self, path: &str, token: &str) -> Result<(), SpecError> {
        dispatch!(self, c => set_path(c, path, token))
    }

    pub(super) fn print(&self, preset: &'static str) -> String {
        dispatch!(self, c => print(preset, c))
    }

    pub(super) fn preset(&self, name: &str) -> Result<(&'static str, TmConfig), SpecError> {
        dispatch!(self, c => preset_of(c, name))
    }

    /// Resolves a manager name (or alias) and its dictionary to a preset and a typed config.
    pub(super) fn resolve(name: &str, dict: &Dict) -> Result<(&'static str, TmConfig), SpecError> {
        for_each_type!(C => {
            if C::NAME == name || C::ALIASES.contains(&name) {
                let (preset, config) = resolve::<C>(dict)?;
                return Ok((preset, config.wrap()));
            }
        });
        Err(SpecError::UnknownManager { name: name.to_string() })
    }
}

/// The schema of every manager, in the spec's order.
pub(super) fn all_schemas() -> Vec<ManagerSchema> {
    let mut out = Vec::new();
    for_each_type!(C => { out.push(manager_schema::<C>()); });
    out
}

/// Internal: wrapping into [`TmConfig`], implemented beside [`ManagerConfig`].
pub trait Wrap {
    /// The config as a [`TmConfig`] variant.
    fn wrap(self) -> TmConfig;
}

macro_rules! wrap_impl {
    ($($c:ty => $v:ident),*) => {$(
        impl Wrap for $c {
            fn wrap(self) -> TmConfig { TmConfig::$v(self) }
        }
    )*};
}
wrap_impl!(
    MediocreConfig => Mediocre,
    GuideConfig => Guide,
    CurveConfig => Lc0Curve,
    LegacyConfig => Lc0Legacy,
    SmoothConfig => Lc0Smooth,
    AlphaZeroConfig => Lc0AlphaZero,
    SimpleConfig => Lc0Simple,
    StockfishConfig => Stockfish
);

mod guide;
mod lc0_alphazero;
mod lc0_curve;
mod lc0_legacy;
mod lc0_simple;
mod lc0_smooth;
mod mediocre;
mod smart_pruning;
mod stockfish;

use smart_pruning::smart_pruning_params;
