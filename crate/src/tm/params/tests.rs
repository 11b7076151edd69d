//! Tests of the schema and of spec strings.

use super::*;
use crate::tm::guide::{GuideConfig, GuideMode};
use crate::tm::lc0_smooth::SmoothConfig;

fn spec(s: &str) -> TmSpec {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn err(s: &str) -> String {
    s.parse::<TmSpec>().expect_err(s).to_string()
}

/// The rows of the managers table in `docs/managers.md`: `| \`name\` | …`.
#[cfg(not(target_arch = "wasm32"))]
fn documented_managers() -> Vec<String> {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/managers.md")).unwrap();
    let table = doc.split("| name | spec | reference | idea |").nth(1).expect("the managers table");
    table
        .lines()
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|l| l.trim_start_matches("| `").split('`').next().unwrap_or_default().to_string())
        .collect()
}

/// The docs' table lists exactly the registered managers, in the registry's order (the
/// registry test's throwaway manager is registered in test builds only).
#[cfg(not(target_arch = "wasm32"))]
#[test]
fn the_docs_table_lists_the_registry() {
    let registered: Vec<&str> =
        crate::tm::registry::names().into_iter().filter(|n| *n != "throwaway").collect();
    assert_eq!(documented_managers(), registered);
}

#[test]
fn every_manager_is_in_the_schema_and_states_its_name_and_searcher_once() {
    let names: Vec<&str> = schema().iter().map(|m| m.name).collect();
    assert_eq!(names, crate::tm::registry::names());
    for m in schema() {
        let tm = from_spec(m.name).unwrap();
        assert_eq!((tm.name(), tm.search_kind()), (m.name, m.search));
        assert!(!m.params.is_empty() && !m.presets.is_empty());
        for p in &m.params {
            assert!(
                !p.label.is_empty() && !p.description.is_empty() && !p.source.is_empty(),
                "{} {}",
                m.name,
                p.path
            );
        }
    }
}

#[test]
fn aliases_select_the_lc0_managers() {
    for (alias, name) in [
        ("legacy", "lc0-legacy"),
        ("smooth", "lc0-smooth"),
        ("alphazero", "lc0-alphazero"),
        ("simple", "lc0-simple"),
    ] {
        assert_eq!(spec(alias).manager(), name);
        assert_eq!(spec(alias).to_string(), name);
    }
    assert!(err("smoothie").contains("unknown time manager `smoothie`"));
    assert!(err("smoothie").contains("lc0-smooth"));
}

#[test]
fn presets_set_defaults_and_keys_override_them() {
    let s = spec("lc0-smooth");
    assert_eq!(s.preset(), "seed");
    assert_eq!(*s.config(), TmConfig::Lc0Smooth(SmoothConfig::SEED));
    let s = spec("lc0-smooth(init-tree-reuse=0.2,preset=lc0)");
    let TmConfig::Lc0Smooth(c) = *s.config() else { panic!("smooth expected") };
    assert_eq!(c.init_tree_reuse, 0.2, "explicit keys win whatever their order");
    assert_eq!(c.max_tree_reuse, 0.73);
    assert_eq!(s.to_string(), "lc0-smooth(preset=lc0,init-tree-reuse=0.2)");
    assert_eq!(spec("guide(preset=chunks)").get("mode"), Some(Value::Enum("chunks")));
    assert_eq!(spec("guide(preset=default)").preset(), "recap");
    assert!(
        err("guide(preset=fast)")
            .contains("unknown preset `fast`; allowed: recap, chunks, fraction, tricks, default")
    );
}

#[test]
fn issue_example_and_sub_dictionaries() {
    let s = spec("lc0-smooth(init-tree-reuse=0.2,mle-legacy(steepness=12.0))");
    assert_eq!(s.get("init-tree-reuse"), Some(Value::Float(0.2)));
    assert_eq!(s.get("mle-legacy.steepness"), Some(Value::Float(12.0)));
    assert_eq!(s.get("mle-legacy.midpoint"), Some(Value::Float(51.5)));
    let s = spec("lc0-legacy(slowmover=1.2,smart-pruning(factor=1.5))");
    assert_eq!(s.get("smart-pruning.factor"), Some(Value::Float(1.5)));
    assert_eq!(s.to_string(), "lc0-legacy(slowmover=1.2,smart-pruning(factor=1.5))");
    let built = s.build();
    assert_eq!(built.smart_pruning().unwrap().factor, 1.5);
}

#[test]
fn missing_sub_dictionary_keys_are_looked_up_in_the_parent() {
    let s = spec("lc0-smooth(midpoint=50,steepness=6)");
    assert_eq!(s.get("mle-legacy.midpoint"), Some(Value::Float(50.0)));
    assert_eq!(s.get("mle-legacy.steepness"), Some(Value::Float(6.0)));
    assert_eq!(s.to_string(), "lc0-smooth(mle-legacy(midpoint=50.0,steepness=6.0))");
    // With the key in the sub-dictionary too, the parent's key is never read: as in lc0, an
    // unread key is an unknown key.
    assert!(err("lc0-smooth(midpoint=50,mle-legacy(midpoint=60))").contains("unknown parameter `midpoint`"));
    let s = spec("lc0-alphazero(grace-ms=300)");
    assert_eq!(s.get("smart-pruning.grace-ms"), Some(Value::Int(300)));
}

#[test]
fn values_are_typed_and_range_checked() {
    // Floats accept integers (lc0 itself requires the `.0`).
    assert_eq!(spec("lc0-legacy(slowmover=2)").get("slowmover"), Some(Value::Float(2.0)));
    // Integers reject fractions.
    let e = err("mediocre(divisor=40.5)");
    assert!(e.contains("`divisor` = `40.5` is not a whole number; allowed: an integer in 10 … 100"), "{e}");
    assert_eq!(spec("mediocre(divisor=40.0)").get("divisor"), Some(Value::Int(40)));
    let e = err("lc0-smooth(init-tree-reuse=2)");
    assert!(e.contains("`init-tree-reuse` = `2` is out of range; allowed: a float in 0 … 0.9"), "{e}");
    let e = err("guide(soft-hard=yes)");
    assert!(e.contains("not a boolean; allowed: true or false"), "{e}");
    let e = err("guide(mode=halves)");
    assert!(e.contains("allowed: one of chunks, fraction, recap"), "{e}");
    assert_eq!(spec("guide(mode=fraction)").get("mode"), Some(Value::Enum("fraction")));
    let e = err("lc0-simple(base-pct=0)");
    assert!(e.contains("allowed: a float in above 0 up to 100"), "{e}");
    // Valid ranges wider than the slider.
    assert_eq!(
        spec("lc0-alphazero(alphazero-time-pct=80)").get("alphazero-time-pct"),
        Some(Value::Float(80.0))
    );
    assert!(err("lc0-alphazero(alphazero-time-pct=101)").contains("0 … 100"));
    assert!(err("lc0-legacy(slowmover=abc)").contains("not a number"));
    assert!(err("lc0-legacy(slowmover=inf)").contains("not a number"));
    assert!(err("lc0-legacy(smart-pruning(resign-q=-1.5))").contains("`smart-pruning.resign-q`"));
    assert_eq!(
        spec("lc0-legacy(smart-pruning(resign-q=-0.5))").get("smart-pruning.resign-q"),
        Some(Value::Float(-0.5))
    );
}

#[test]
fn unknown_keys_and_bad_structure_are_errors() {
    let e = err("lc0-legacy(slowmoover=1.2)");
    assert!(e.contains("unknown parameter `slowmoover`; allowed here: preset, slowmover"), "{e}");
    assert!(e.contains("smart-pruning(…)"), "{e}");
    let e = err("lc0-smooth(mle-legacy(midpoint=50,width=3))");
    assert!(e.contains("unknown parameter `mle-legacy.width`; allowed here: midpoint, steepness"), "{e}");
    let e = err("lc0-legacy(mle-legacy(midpoint=50))");
    assert!(e.contains("unknown parameter `mle-legacy(…)`"), "{e}");
    let e = err("lc0-curve(smart-pruning(factor=2))");
    assert!(e.contains("`smart-pruning.factor`"), "{e}");
    assert!(err("mediocre(divisor=30,divisor=40)").contains("`divisor` is given twice"));
    assert!(err("lc0-smooth(mle-legacy(midpoint=50,x(y=1)))").contains("mle-legacy.x(…)"));
    assert!(err("mediocre(preset(x=1))").contains("preset"));
    assert!(err("lc0-smooth(").contains("bad spec string"));
    assert!(err("").contains("expected a manager name"));
}

#[test]
fn set_and_get_by_path_as_a_uci_option_would() {
    let mut s = spec("lc0-smooth(preset=lc0)");
    s.set("smart-pruning.factor", "2.5").unwrap();
    s.set("mle-legacy.midpoint", "50").unwrap();
    assert_eq!(s.to_string(), "lc0-smooth(preset=lc0,mle-legacy(midpoint=50.0),smart-pruning(factor=2.5))");
    let e = s.set("smart-pruning.factor", "11").unwrap_err().to_string();
    assert!(e.contains("0 … 10"), "{e}");
    assert!(s.set("midpoint", "50").unwrap_err().to_string().contains("mle-legacy.midpoint"));
    s.set_preset("seed").unwrap();
    assert_eq!(s.to_string(), "lc0-smooth");
    let mut g = spec("guide");
    g.set("mode", "chunks").unwrap();
    let TmConfig::Guide(c) = *g.config() else { panic!("guide") };
    assert_eq!(c, GuideConfig { mode: GuideMode::Chunks, ..GuideConfig::RECAP });
}

#[test]
fn every_preset_prints_and_reparses_to_itself_and_its_values_are_valid() {
    for m in schema() {
        for p in &m.presets {
            let s = spec(&p.spec);
            assert_eq!(s.preset(), p.name, "{}", p.spec);
            assert_eq!(spec(&s.to_string()), s, "{}", p.spec);
            for param in &m.params {
                let v = p.values[&param.path];
                let mut t = spec(&p.spec);
                t.set(&param.path, &v.to_string())
                    .unwrap_or_else(|e| panic!("{}: preset {} {}: {e}", m.name, p.name, param.path));
                assert_eq!(t, s, "{} {}", m.name, param.path);
            }
        }
    }
}

#[test]
fn schema_serialises_with_sliders_defaults_and_presets() {
    let json = serde_json::to_value(schema()).unwrap();
    let smooth = json.as_array().unwrap().iter().find(|m| m["name"] == "lc0-smooth").unwrap();
    assert_eq!(smooth["default_preset"], "seed");
    assert_eq!(smooth["aliases"][0], "smooth");
    let p = smooth["params"].as_array().unwrap().iter().find(|p| p["path"] == "init-tree-reuse").unwrap();
    assert_eq!(p["default"], 0.5);
    assert_eq!(p["kind"], "float");
    assert_eq!(p["slider"]["max"], 0.9);
    assert_eq!(p["slider"]["scale"], "lin");
    let nps = smooth["params"].as_array().unwrap().iter().find(|p| p["path"] == "nps-decay").unwrap();
    assert_eq!(nps["values"][1], "exponential");
    assert_eq!(smooth["presets"][1]["values"]["init-tree-reuse"], 0.52);
    let az = json.as_array().unwrap().iter().find(|m| m["name"] == "lc0-alphazero").unwrap();
    let pct = &az["params"][0];
    assert_eq!((pct["slider"]["max"].as_f64(), pct["valid"]["max"].as_f64()), (Some(50.0), Some(100.0)));
    let mediocre = &json[0]["params"];
    let ci = mediocre.as_array().unwrap().iter().find(|p| p["path"] == "check-interval").unwrap();
    assert_eq!(ci["slider"]["factor"], 2.0);
    assert_eq!(ci["slider"]["scale"], "log");
}

#[cfg(not(target_arch = "wasm32"))]
pub(crate) mod props {
    use super::*;
    use proptest::prelude::*;

    /// A random in-range value token for a parameter, from a uniform `x` in [0, 1).
    pub fn token(p: &ParamSchema, x: f64) -> String {
        match p.kind {
            Kind::Bool => (x < 0.5).to_string(),
            Kind::Enum => {
                let names = p.values.unwrap();
                names[((x * names.len() as f64) as usize).min(names.len() - 1)].to_string()
            }
            Kind::Float | Kind::Int => {
                let r = p.valid.unwrap();
                let s = p.slider.unwrap_or(Slider {
                    min: r.min,
                    max: r.max,
                    step: None,
                    factor: None,
                    scale: Scale::Lin,
                });
                // Slider range mostly, the whole valid range sometimes.
                let (lo, hi) = if x < 0.9 { (s.min, s.max) } else { (r.min, r.max) };
                let y = if x < 0.9 { x / 0.9 } else { (x - 0.9) / 0.1 };
                let mut v = lo + (hi - lo) * y;
                if r.min_exclusive && v <= r.min {
                    v = r.min + (hi - r.min) * 0.5;
                }
                if p.kind == Kind::Int { format!("{}", v.round() as i64) } else { format!("{v:?}") }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn random_configs_round_trip(which in 0usize..8, xs in proptest::collection::vec(0.0f64..1.0, 64), skip in proptest::collection::vec(any::<bool>(), 64)) {
            let m = &schema()[which];
            let mut s = spec(m.name);
            for (i, p) in m.params.iter().enumerate() {
                if skip[i % skip.len()] {
                    continue;
                }
                let t = token(p, xs[i % xs.len()]);
                s.set(&p.path, &t).map_err(|e| TestCaseError::fail(format!("{}: {e}", p.path)))?;
            }
            let printed = s.to_string();
            let back: TmSpec = printed.parse().map_err(|e: SpecError| TestCaseError::fail(format!("{printed}: {e}")))?;
            prop_assert_eq!(back, s, "{}", printed);
        }
    }
}
