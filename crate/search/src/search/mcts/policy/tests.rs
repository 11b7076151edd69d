use super::*;
use shakmaty::{CastlingMode, Chess, Position, fen::Fen, uci::UciMove};

fn priors_of(fen: &str, temperature: f32) -> Vec<(String, f32)> {
    let pos: Chess = fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap();
    let moves: Vec<Move> = pos.legal_moves().into_iter().collect();
    let mut out = vec![0u16; moves.len()];
    priors(pos.board(), pos.turn(), &moves, temperature, &mut out);
    moves
        .iter()
        .zip(out)
        .map(|(&m, p)| (UciMove::from_standard(m).to_string(), p as f32 / PRIOR_ONE))
        .collect()
}

fn prior(list: &[(String, f32)], uci: &str) -> f32 {
    list.iter().find(|(u, _)| u == uci).unwrap().1
}

#[test]
fn priors_sum_to_one_and_favour_winning_captures() {
    // White can take a hanging queen with the e4 pawn.
    let list = priors_of("4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1", 1.0);
    let sum: f32 = list.iter().map(|(_, p)| p).sum();
    assert!((sum - 1.0).abs() < 0.01, "{sum}");
    let best = list.iter().max_by(|a, b| a.1.total_cmp(&b.1)).unwrap();
    assert_eq!(best.0, "e4d5");
    assert!(best.1 > 0.9);
}

#[test]
fn temperature_flattens() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let cold = priors_of(fen, 0.5);
    let hot = priors_of(fen, 5.0);
    let spread = |l: &[(String, f32)]| {
        let max = l.iter().map(|x| x.1).fold(0.0, f32::max);
        let min = l.iter().map(|x| x.1).fold(1.0, f32::min);
        max / min
    };
    assert!(spread(&cold) > spread(&hot));
    // Central pawn and knight development beat rim moves in the start position.
    assert!(prior(&cold, "e2e4") > prior(&cold, "a2a3"));
    assert!(prior(&cold, "g1f3") > prior(&cold, "g1h3"));
}

#[test]
fn promotions_checks_and_hanging_pieces() {
    let list = priors_of("8/4P3/8/8/8/2k5/8/4K3 w - - 0 1", 1.0);
    assert!(prior(&list, "e7e8q") > prior(&list, "e7e8n"));
    assert!(prior(&list, "e7e8q") > prior(&list, "e1d1"));
    let list = priors_of("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", 1.0);
    assert!(prior(&list, "d1a4") > prior(&list, "d1c2"), "a safe check beats a quiet move");
    // Qd8+ puts the queen next to the king on an undefended square.
    assert!(prior(&list, "d1d8") < prior(&list, "d1a4") / 100.0, "queen hung on d8");
}

#[test]
fn round_prior_is_round_then_saturate() {
    let mut xs =
        vec![0.0f32, 0.49999997, 0.5, 0.50000006, 1.5, 2.5, 65534.5, 65535.0, 65535.49, 65535.5, 70000.0];
    // Every quarter step up to 2^16 + 4, and the floats either side of each half.
    for k in 0..(4 * 65540) {
        let x = k as f32 / 4.0;
        xs.extend([
            x,
            f32::from_bits(x.to_bits() + 1),
            if x > 0.0 { f32::from_bits(x.to_bits() - 1) } else { 0.0 },
        ]);
    }
    for x in xs {
        assert_eq!(super::round_prior(x), x.round() as u16, "{x}");
    }
}
