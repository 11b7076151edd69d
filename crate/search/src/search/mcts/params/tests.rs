use super::*;

#[test]
fn schema_defaults_match_the_struct() {
    let p = MctsParams::default();
    for spec in MctsParams::SCHEMA {
        let v = p.get(spec.key).unwrap();
        assert!(
            spec.min <= v && v <= spec.max,
            "{}: default {v} outside {} … {}",
            spec.key,
            spec.min,
            spec.max
        );
        // Each row reads and writes its own field.
        let mut q = MctsParams::default();
        let other = if v == spec.max { spec.min } else { spec.max };
        q.set(spec.key, other).unwrap();
        assert_eq!(q.get(spec.key), Some(other), "{}", spec.key);
        let changed = MctsParams::SCHEMA.iter().filter(|s| q.get(s.key) != p.get(s.key)).count();
        assert_eq!(changed, 1, "{} wrote another field", spec.key);
    }
    p.validate().unwrap();
}

#[test]
fn set_checks_ranges_and_keys() {
    let mut p = MctsParams::default();
    p.set("c-puct", 2.5).unwrap();
    assert_eq!(p.c_puct, 2.5);
    assert!(p.set("c-puct", 0.0).unwrap_err().to_string().contains("out of range"));
    assert!(p.set("batch-size", 1.5).unwrap_err().to_string().contains("whole number"));
    assert!(p.set("cpuct", 1.0).unwrap_err().message.contains("unknown MCTS parameter"));
    assert!(p.set("resign-q", f64::NAN).is_err());
}

#[test]
fn serde_round_trip_uses_schema_keys() {
    let p = MctsParams::default();
    let json = serde_json::to_value(&p).unwrap();
    for spec in MctsParams::SCHEMA {
        assert!(json.get(spec.key).is_some(), "{} missing in {json}", spec.key);
    }
    let back: MctsParams = serde_json::from_str(r#"{"c-puct": 3.0}"#).unwrap();
    assert_eq!(back.c_puct, 3.0);
    assert_eq!(back.batch_size, p.batch_size);
    assert!(serde_json::from_str::<MctsParams>(r#"{"cpuct": 3.0}"#).is_err());
}
