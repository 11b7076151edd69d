//! The registry: the one list of time managers.
//!
//! A manager is one declaration: its module (a file, or a folder for the larger ones) holds its
//! typed config, presets, parameter rows, in-search and searcher flags, sources and glossary
//! terms, all in its [`ManagerConfig`] impl. One line of the [`managers!`] invocation in
//! `tm/mod.rs` declares that module and makes the manager known to [`TmConfig`], the schema
//! (and through it the CLI's `params`, UCI's options and the wasm's `tm_schema`), spec strings,
//! the glossary, the leaderboard, the property tests and the fuzzer's dictionary. Nothing else
//! lists manager names.

use super::SearchKind;
use super::glossary::Entry;
use super::params::{
    Dict, ManagerConfig, ParamPath, Row, SpecError, Value, preset_index, resolve_rows, rows,
};
use super::{TimeManager, TmConfig};

/// One registered manager: what the rest of the crate needs without knowing its config type.
pub struct Manager {
    /// The canonical name (`lc0-smooth`).
    pub name: &'static str,
    /// Other accepted names.
    pub aliases: &'static [&'static str],
    /// The searcher it was designed for.
    pub search: SearchKind,
    /// Its glossary terms.
    pub terms: &'static [Entry],
    /// Its schema (not in the charts module, which asks only [`Manager::params`]: issue 24).
    #[cfg(feature = "engine")]
    pub schema: fn() -> super::params::ManagerSchema,
    /// Its parameters' paths and searcher flags (the schema's, without building it).
    pub params: fn() -> Vec<ParamPath>,
    /// Its parameters' rows.
    rows: fn() -> Vec<Row>,
    /// Its `i`-th preset (the default first): name and config, `None` after the last.
    preset: fn(usize) -> Option<(&'static str, TmConfig)>,
}

impl Manager {
    /// The entry of config type `C`.
    pub const fn of<C: ManagerConfig>() -> Manager {
        Manager {
            name: C::NAME,
            aliases: C::ALIASES,
            search: C::SEARCH,
            terms: C::TERMS,
            #[cfg(feature = "engine")]
            schema: super::params::manager_schema::<C>,
            params: super::params::param_paths::<C>,
            rows: rows_of::<C>,
            preset: preset_of::<C>,
        }
    }

    /// Whether `name` is this manager's name or one of its aliases.
    pub fn answers_to(&self, name: &str) -> bool {
        self.name == name || self.aliases.contains(&name)
    }

    /// Its presets' names, the default first.
    fn preset_names(&self) -> Vec<&'static str> {
        (0..).map_while(|i| (self.preset)(i).map(|(name, _)| name)).collect()
    }

    /// Its `i`-th preset, `i` an index [`preset_index`] gave.
    fn preset_at(&self, i: usize) -> (&'static str, TmConfig) {
        (self.preset)(i).expect("a preset index of this manager")
    }

    /// The preset named `name` (`default` = the first).
    fn find_preset(&self, name: &str) -> Result<(&'static str, TmConfig), SpecError> {
        Ok(self.preset_at(preset_index(self.name, &self.preset_names(), name)?))
    }

    /// Resolves a parsed dictionary against its parameters ([`resolve_rows`]): the preset and
    /// its config with the dictionary's values written over it. Not generic: the code that
    /// knows a config's type is `rows` and `preset`, a few instructions
    /// per manager, and [`AnyConfig::set_row`].
    fn resolve(&self, dict: &Dict) -> Result<(&'static str, TmConfig), SpecError> {
        let (i, sets) = resolve_rows(self.name, &(self.rows)(), &self.preset_names(), dict)?;
        let (preset, mut config) = self.preset_at(i);
        for (row, v) in sets {
            config.any_mut().set_row(row, v);
        }
        Ok((preset, config))
    }
}

fn rows_of<C: ManagerConfig>() -> Vec<Row> {
    rows(C::PARAMS)
}

fn preset_of<C: ManagerConfig>(i: usize) -> Option<(&'static str, TmConfig)> {
    C::PRESETS.get(i).map(|p| (p.name, p.config.wrap()))
}

/// Every registered manager, in the registry's order (the spec's).
pub fn all() -> &'static [Manager] {
    super::MANAGERS
}

/// The canonical names, in the registry's order.
pub fn names() -> Vec<&'static str> {
    all().iter().map(|m| m.name).collect()
}

/// The manager called `name` (or an alias of it).
pub fn find(name: &str) -> Option<&'static Manager> {
    all().iter().find(|m| m.answers_to(name))
}

/// What [`TmConfig`] does with the config of any variant, without naming its type.
pub(super) trait AnyConfig {
    fn name(&self) -> &'static str;
    fn build(&self) -> Box<dyn TimeManager>;
    fn get(&self, path: &str) -> Option<Value>;
    fn set(&mut self, path: &str, token: &str) -> Result<(), SpecError>;
    fn print(&self, preset: &'static str) -> String;
    /// Writes a value [`Row::check`](super::params::Row::check) gave for row `row`.
    fn set_row(&mut self, row: usize, v: Value);
}

impl<C: ManagerConfig> AnyConfig for C {
    fn name(&self) -> &'static str {
        C::NAME
    }
    fn build(&self) -> Box<dyn TimeManager> {
        ManagerConfig::build(self)
    }
    fn get(&self, path: &str) -> Option<Value> {
        super::params::get_path(self, path)
    }
    fn set(&mut self, path: &str, token: &str) -> Result<(), SpecError> {
        super::params::set_path(self, path, token)
    }
    fn print(&self, preset: &'static str) -> String {
        super::params::print(preset, self)
    }
    fn set_row(&mut self, row: usize, v: Value) {
        C::PARAMS[row].set(self, v);
    }
}

impl TmConfig {
    /// The manager's canonical name.
    pub fn name(&self) -> &'static str {
        self.any().name()
    }

    /// A fresh manager with this config.
    pub fn build(&self) -> Box<dyn TimeManager> {
        self.any().build()
    }

    pub(super) fn get(&self, path: &str) -> Option<Value> {
        self.any().get(path)
    }

    pub(super) fn set(&mut self, path: &str, token: &str) -> Result<(), SpecError> {
        self.any_mut().set(path, token)
    }

    pub(super) fn print(&self, preset: &'static str) -> String {
        self.any().print(preset)
    }

    pub(super) fn preset(&self, name: &str) -> Result<(&'static str, TmConfig), SpecError> {
        known(self.name())?.find_preset(name)
    }

    /// Resolves a manager name (or alias) and its dictionary to a preset and a typed config.
    pub(super) fn resolve(name: &str, dict: &Dict) -> Result<(&'static str, TmConfig), SpecError> {
        known(name)?.resolve(dict)
    }
}

/// The manager called `name`, or the typed error naming it.
fn known(name: &str) -> Result<&'static Manager, SpecError> {
    find(name).ok_or_else(|| SpecError::UnknownManager { name: name.to_string() })
}

/// Internal: wrapping a typed config into its [`TmConfig`] variant (implemented by
/// [`managers!`] for every registered config).
pub trait Wrap {
    /// The config as a [`TmConfig`] variant.
    fn wrap(self) -> TmConfig;
}

/// The registry. Each line `module::Config => Variant`, after its doc comment and an optional
/// `#[cfg(...)]`, declares the manager's module, the [`TmConfig`] variant holding its config,
/// the config's [`Default`] (its default preset) and its entry in [`all`]; the `cfg` applies to
/// all four.
macro_rules! managers {
    ($( $(#[doc = $doc:expr])* $(#[cfg($cfg:meta)])? $module:ident :: $config:ident => $variant:ident ),* $(,)?) => {
        $( $(#[cfg($cfg)])? pub mod $module; )*

        /// A manager's typed config, one variant per registered manager.
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub enum TmConfig {
            $( $(#[doc = $doc])* $(#[cfg($cfg)])? $variant($module::$config), )*
        }

        impl TmConfig {
            fn any(&self) -> &dyn registry::AnyConfig {
                match self { $( $(#[cfg($cfg)])? TmConfig::$variant(c) => c, )* }
            }
            fn any_mut(&mut self) -> &mut dyn registry::AnyConfig {
                match self { $( $(#[cfg($cfg)])? TmConfig::$variant(c) => c, )* }
            }
        }

        $(
            $(#[cfg($cfg)])?
            impl registry::Wrap for $module::$config {
                fn wrap(self) -> TmConfig { TmConfig::$variant(self) }
            }

            /// The default preset's config.
            $(#[cfg($cfg)])?
            impl Default for $module::$config {
                fn default() -> Self { <Self as params::ManagerConfig>::DEFAULT }
            }
        )*

        /// Every registered manager, in the registry's order.
        static MANAGERS: &[registry::Manager] = &[
            $( $(#[cfg($cfg)])? registry::Manager::of::<$module::$config>(), )*
        ];
    };
}
pub(super) use managers;

#[cfg(all(test, feature = "engine"))]
mod tests {
    use super::all;

    #[test]
    fn each_managers_param_paths_are_its_schemas() {
        // `params` is made without the schema (the charts module does not link it): it must
        // say what the schema says, parameter by parameter, in the same order.
        for m in all() {
            let schema = (m.schema)();
            let paths = (m.params)();
            assert_eq!(paths.len(), schema.params.len(), "{}", m.name);
            for (p, s) in paths.iter().zip(&schema.params) {
                assert_eq!(p.path, s.path, "{}", m.name);
                assert_eq!(p.slider, s.slider, "{} {}", m.name, p.path);
                assert_eq!(p.only.map(|(k, _)| k), s.searcher, "{} {}", m.name, p.path);
                assert_eq!(p.only.map(|(_, why)| why), s.searcher_note, "{} {}", m.name, p.path);
            }
        }
    }
}
