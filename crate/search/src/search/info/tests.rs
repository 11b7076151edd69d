use super::*;

#[test]
fn info_line_has_all_fields() {
    let r = IterationReport {
        depth: 7,
        search_depth: 7,
        seldepth: 12,
        score: Score::MateIn(3),
        nodes: 12345,
        elapsed_ms: 10.7,
        nps: nps(12345, 10.7),
        hashfull: 17,
        pv: vec!["e2e4".into(), "e7e5".into()],
        best_move_changes: 1,
        best_move_nodes: 1000,
        budget: Budget::unlimited(),
        decision: IterationDecision { stop: None, increase_depth: true },
        limit: None,
    };
    assert_eq!(
        r.to_uci(),
        "info depth 7 seldepth 12 multipv 1 score mate 2 nodes 12345 nps 1153738 hashfull 17 time 10 pv e2e4 e7e5"
    );
    assert_eq!(nps(5, 0.0), 0);
}
