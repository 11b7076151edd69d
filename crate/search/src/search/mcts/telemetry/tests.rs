use super::*;

#[test]
fn info_line_in_uci_syntax() {
    let line = InfoLine {
        depth: 3,
        seldepth: 9,
        time_ms: 12,
        nodes: 4096,
        nps: Some(250_000),
        score: Score::Cp(-17),
        hashfull: 2,
        pv: vec!["e2e4".into(), "c7c5".into()],
    };
    assert_eq!(
        line.to_uci(),
        "info depth 3 seldepth 9 time 12 nodes 4096 nps 250000 score cp -17 hashfull 2 pv e2e4 c7c5"
    );
    let line = InfoLine { nps: None, pv: vec![], score: Score::MateIn(3), ..line };
    assert_eq!(line.to_uci(), "info depth 3 seldepth 9 time 12 nodes 4096 score mate 2 hashfull 2");
}

#[test]
fn race_is_throttled_and_bounded() {
    let mut race = VisitRace::new(10.0);
    let snap = |t: f64| VisitSnapshot { elapsed_ms: t, playouts: 0, visits: vec![], pondering: false };
    assert!(race.due(0.0));
    race.push(snap(0.0));
    assert!(!race.due(9.9));
    assert!(race.due(10.0));
    for k in 1..=MAX_SNAPSHOTS {
        race.push(snap(10.0 * k as f64));
    }
    assert!(race.snapshots.len() <= MAX_SNAPSHOTS);
    assert_eq!(race.interval_ms, 20.0);
    assert_eq!(race.snapshots[0].elapsed_ms, 0.0);
    assert!(race.snapshots.windows(2).all(|w| w[0].elapsed_ms < w[1].elapsed_ms));
}
