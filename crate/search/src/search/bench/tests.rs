use super::*;
use shakmaty::Position;

#[test]
fn positions_are_valid_varied_and_not_terminal() {
    assert!(POSITIONS.len() >= 30);
    let mut seen = std::collections::HashSet::new();
    for p in POSITIONS {
        let root = RootPosition::from_fen(p.fen).unwrap_or_else(|e| panic!("{e}"));
        assert!(!root.position().legal_moves().is_empty(), "{}", p.fen);
        assert!(!p.note.is_empty());
        assert!(seen.insert(p.fen), "duplicate {}", p.fen);
    }
}

#[test]
fn percentile_is_nearest_rank() {
    let v: Vec<f64> = (1..=100).map(f64::from).collect();
    assert_eq!(percentile(&v, 50.0), 50.0);
    assert_eq!(percentile(&v, 99.0), 99.0);
    assert_eq!(percentile(&v[..10], 99.0), 10.0);
    assert_eq!(percentile(&[], 50.0), 0.0);
}

#[test]
fn shallow_bench_is_deterministic_and_prints_the_signature() {
    let options = BenchOptions {
        depth: 3,
        hash_mb: 1,
        overshoot_limits_ms: vec![],
        overshoot_repeats: 1,
        perft: false,
    };
    let a = run(&options, &mut |_| {}).unwrap();
    let b = run(&options, &mut |_| {}).unwrap();
    assert_eq!(a.total_nodes, b.total_nodes);
    assert!(a.total_nodes > 0);
    let text = a.to_text();
    assert!(text.contains(&format!("Nodes searched  : {}\n", a.total_nodes)));
    assert!(text.contains("Nodes/second    : "));
    let json = serde_json::to_string(&a).unwrap();
    assert!(json.contains("\"total_nodes\""));
}
