//! Tests of `stats`.

use super::*;

/// Result blocks fastchess printed (published in the eschec engine's dev log), 15+0.1,
/// SPRT [0, 10], α = β = 0.05: (W, L, D), [LL, LD, WL+DD, WD, WW], WL/DD ratio, Elo ± err,
/// nElo ± err, LOS %, LLR.
struct Published {
    wld: (u32, u32, u32),
    penta: [u32; 5],
    wl: u32,
    elo: (f64, f64),
    nelo: (f64, f64),
    los: f64,
    llr: f64,
}

const PUBLISHED: [Published; 3] = [
    Published {
        wld: (67, 23, 110),
        penta: [1, 11, 47, 25, 16],
        wl: 10,
        elo: (77.71, 33.03),
        nelo: (117.50, 48.15),
        los: 100.00,
        llr: 1.71,
    },
    Published {
        wld: (45, 30, 125),
        penta: [1, 24, 42, 25, 8],
        wl: 4,
        elo: (26.11, 31.23),
        nelo: (40.51, 48.15),
        los: 95.04,
        llr: 0.60,
    },
    Published {
        wld: (63, 39, 98),
        penta: [2, 23, 32, 35, 8],
        wl: 12,
        elo: (41.89, 33.28),
        nelo: (61.39, 48.15),
        los: 99.38,
        llr: 0.92,
    },
];

fn penta(p: &Published) -> Pentanomial {
    let [ll, ld, wl_dd, wd, ww] = p.penta;
    Pentanomial { ll, ld, wl: p.wl, dd: wl_dd - p.wl, wd, ww }
}

#[test]
fn elo_nelo_los_match_fastchess_output() {
    for p in &PUBLISHED {
        let e = estimate_pentanomial(&penta(p)).unwrap();
        assert!((e.elo - p.elo.0).abs() < 0.006, "elo {} vs {}", e.elo, p.elo.0);
        assert!((e.elo_error - p.elo.1).abs() < 0.006, "err {} vs {}", e.elo_error, p.elo.1);
        assert!((e.nelo - p.nelo.0).abs() < 0.006, "nelo {} vs {}", e.nelo, p.nelo.0);
        assert!((e.nelo_error - p.nelo.1).abs() < 0.006, "nelo err {} vs {}", e.nelo_error, p.nelo.1);
        assert!((100.0 * e.los - p.los).abs() < 0.006, "los {} vs {}", 100.0 * e.los, p.los);
        let w = Wdl { wins: p.wld.0, losses: p.wld.1, draws: p.wld.2 };
        assert!((e.score - w.points() / f64::from(w.games())).abs() < 1e-12);
    }
}

#[test]
fn llr_matches_fastchess_output() {
    let sprt = Sprt::new(0.0, 10.0).unwrap();
    for p in &PUBLISHED {
        let llr = sprt.llr(&penta(p));
        assert!((llr - p.llr).abs() < 0.006, "llr {llr} vs {}", p.llr);
        assert_eq!(sprt.verdict(llr), SprtVerdict::Running);
    }
    let (lo, hi) = sprt.bounds();
    assert!((lo + 2.944).abs() < 1e-3 && (hi - 2.944).abs() < 1e-3);
}

#[test]
fn block_prints_like_fastchess() {
    let p = &PUBLISHED[0];
    let block = ResultBlock::new(
        Wdl { wins: p.wld.0, losses: p.wld.1, draws: p.wld.2 },
        penta(p),
        Some(Sprt::new(0.0, 10.0).unwrap()),
    );
    let text = block.to_fastchess();
    assert!(text.contains("Elo: 77.71 +/- 33.03, nElo: 117.50 +/- 48.15"), "{text}");
    assert!(text.contains("LOS: 100.00 %, DrawRatio: 47.00 %, PairsRatio: 3.42"), "{text}");
    assert!(text.contains("Games: 200, Wins: 67, Losses: 23, Draws: 110, Points: 122.0 (61.00 %)"), "{text}");
    assert!(text.contains("Ptnml(0-2): [1, 11, 47, 25, 16], WL/DD Ratio: 0.27"), "{text}");
    assert!(text.contains("LLR: 1.71 (5"), "{text}");
    assert!(text.contains("(-2.94, 2.94) [0.00, 10.00]"), "{text}");
}

#[test]
fn a_perfect_score_has_infinite_elo_like_fastchess() {
    let all = Pentanomial { ww: 3, ..Pentanomial::default() };
    let e = estimate_pentanomial(&all).unwrap();
    assert_eq!(e.elo, f64::INFINITY);
    assert!(e.elo_error.is_nan());
    assert_eq!(e.los, 1.0);
    let block = ResultBlock::new(Wdl { wins: 6, losses: 0, draws: 0 }, all, None);
    assert!(
        block.to_fastchess().starts_with("Elo: inf +/- nan, nElo: 0.00 +/- 0.00\n"),
        "{}",
        block.to_fastchess()
    );
    let none = Pentanomial { ll: 3, ..Pentanomial::default() };
    let e = estimate_pentanomial(&none).unwrap();
    assert_eq!(e.elo, f64::NEG_INFINITY);
    let block = ResultBlock::new(Wdl { wins: 0, losses: 6, draws: 0 }, none, None);
    assert!(block.to_fastchess().starts_with("Elo: -inf +/- nan"));
    // Nearly perfect: finite, with a finite (clamped) error.
    let e = estimate_pentanomial(&Pentanomial { ww: 3, wd: 1, ..Pentanomial::default() }).unwrap();
    assert!(e.elo.is_finite() && e.elo > 0.0 && e.elo_error.is_finite());
}

#[test]
fn sprt_decides_on_overwhelming_evidence() {
    let sprt = Sprt::new(0.0, 5.0).unwrap();
    // nElo ≈ +109 over 900 pairs: far past elo1 (225 pairs give only LLR ≈ 1.76).
    let strong = Pentanomial { ll: 20, ld: 80, wl: 40, dd: 400, wd: 240, ww: 120 };
    assert_eq!(sprt.verdict(sprt.llr(&strong)), SprtVerdict::H1Accepted);
    let weak = Pentanomial { ll: 120, ld: 240, wl: 40, dd: 400, wd: 80, ww: 20 };
    assert_eq!(sprt.verdict(sprt.llr(&weak)), SprtVerdict::H0Accepted);
    assert_eq!(sprt.llr(&Pentanomial::default()), 0.0);
}

#[test]
fn bad_sprt_parameters_are_refused() {
    assert!(Sprt::new(5.0, 0.0).unwrap_err().message.contains("elo0 must be less than elo1"));
    assert_eq!(Sprt::new(5.0, 0.0).unwrap_err().path, "sprt");
    assert!(Sprt::with_errors(0.0, 5.0, 0.6, 0.5).is_err());
}

#[test]
fn los_symmetry_and_erf() {
    assert!((erf(0.5) - 0.520_499_877_813_046_5).abs() < 1e-15);
    assert!((erf(3.5) - 0.999_999_256_901_627_7).abs() < 1e-15);
    assert!((phi(1.6449) - 0.95).abs() < 1e-4);
    let even = Pentanomial { ll: 3, ld: 10, wl: 5, dd: 20, wd: 10, ww: 3 };
    assert!((estimate_pentanomial(&even).unwrap().los - 0.5).abs() < 1e-12);
}

#[test]
fn pairs_are_counted_in_their_cells() {
    use Outcome::*;
    let mut p = Pentanomial::default();
    p.add_pair(Win, Loss);
    p.add_pair(Draw, Draw);
    p.add_pair(Draw, Win);
    p.add_pair(Loss, Loss);
    assert_eq!(p, Pentanomial { ll: 1, ld: 0, wl: 1, dd: 1, wd: 1, ww: 0 });
    assert_eq!(p.pairs(), 4);
}

#[test]
fn estimates_need_two_pairs() {
    // Three games, one pair: no estimate (it would read "± 0.00", LOS 100 %).
    let w = Wdl { wins: 3, losses: 0, draws: 0 };
    let one = Pentanomial { ww: 1, ..Pentanomial::default() };
    assert!(ResultBlock::new(w, one, None).estimate.is_none());
    assert!(ResultBlock::new(Wdl::default(), Pentanomial::default(), None).estimate.is_none());
    let two = Pentanomial { ww: 1, ld: 1, ..Pentanomial::default() };
    let e = ResultBlock::new(Wdl { wins: 3, losses: 1, draws: 0 }, two, None).estimate.unwrap();
    assert_eq!(e, estimate_pentanomial(&two).unwrap());
    assert!((e.score - 0.625).abs() < 1e-12 && e.elo_error > 0.0);
    assert!((score_from_elo(elo_from_score(0.3)) - 0.3).abs() < 1e-12);
}

#[test]
fn the_expected_error_is_the_interval_of_an_even_score_with_that_draw_ratio() {
    // 30 wins, 30 losses, 40 draws: the interval estimate_wdl computes is the one expected of
    // 100 games at a draw ratio of 0.4 (the same variance, (1 − 0.4)/4, and the same score ½).
    let w = Wdl { wins: 30, losses: 30, draws: 40 };
    let e = estimate_wdl(&w).unwrap();
    assert!(
        (expected_elo_error(100, 0.4) - e.elo_error).abs() < 1e-9,
        "{} vs {}",
        e.elo_error,
        expected_elo_error(100, 0.4)
    );
    // Four times the games halve the interval (nearly: the logistic is not quite linear).
    let (n, n4) = (expected_elo_error(100, 0.3), expected_elo_error(400, 0.3));
    assert!((n / n4 - 2.0).abs() < 0.02, "{n} / {n4}");
    assert!(expected_elo_error(100, 0.6) < n, "more draws, less variance");
    assert!(expected_elo_error(0, 0.3).is_nan());
}
