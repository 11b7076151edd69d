//! The bench's fixed positions, with where each comes from and what it exercises.

use serde::Serialize;

/// A bench position and what it exercises.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct BenchPosition {
    /// The position.
    pub fen: &'static str,
    /// Where it comes from and what it exercises.
    pub note: &'static str,
}

const fn p(fen: &'static str, note: &'static str) -> BenchPosition {
    BenchPosition { fen, note }
}

/// The bench positions: openings, middlegames, endgames, mates, promotions, checks, zugzwang.
///
/// Sources: "CPW" = the Chessprogramming Wiki "Perft Results" page; "SF" = taken from the
/// position list of Stockfish's `bench` (src/benchmark.cpp); "constructed" = set up for this
/// bench. Every position is checked to be legal and to have a legal move, and the three mate
/// problems are verified by brute force in the search tests.
pub const POSITIONS: &[BenchPosition] = &[
    p("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "start position (opening)"),
    p(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10",
        "CPW 2 'Kiwipete' / SF: castling both sides, pins, many captures",
    ),
    p("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11", "CPW 3 / SF: rook endgame, en passant, checks"),
    p(
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "CPW 4: promotions with capture, white in check",
    ),
    p("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", "CPW 5: promotion d7xc8, forks"),
    p(
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "CPW 6: symmetric quiet middlegame",
    ),
    p("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "1.e4: black to move, ep square"),
    p(
        "rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6",
        "constructed: Sicilian Najdorf after 5...a6 (open opening)",
    ),
    p(
        "rnbqk2r/ppp1bppp/4pn2/3p2B1/2PP4/2N5/PP2PPPP/R2QKBNR w KQkq - 4 5",
        "constructed: Queen's Gambit Declined (closed opening)",
    ),
    p(
        "r1bqk2r/1pppbppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 4 6",
        "constructed: Ruy Lopez after 5...Be7 (one side castled)",
    ),
    p("4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 7 19", "SF: attack on the king"),
    p("r3r1k1/2p2ppp/p1p1bn2/8/1q2P3/2NPQN2/PPP3PP/R4RK1 b - - 2 15", "SF: middlegame, loose pieces"),
    p("r1bbk1nr/pp3p1p/2n5/1N4p1/2Np1B2/8/PPP2PPP/2KR1B1R w kq - 0 13", "SF: opposite castling, tactics"),
    p("r1bq1rk1/ppp1nppp/4n3/3p3Q/3P4/1BP1B3/PP1N2PP/R4RK1 w - - 1 16", "SF: kingside pressure"),
    p("4r1k1/r1q2ppp/ppp2n2/4P3/5Rb1/1N1BQ3/PPP3PP/R5K1 w - - 1 17", "SF: pinned pieces"),
    p("2rqkb1r/ppp2p2/2npb1p1/1N1Nn2p/2P1PP2/8/PP2B1PP/R1BQK2R b KQ - 0 11", "SF: central knights, forks"),
    p("r1bq1r1k/b1p1npp1/p2p3p/1p6/3PP3/1B2NN2/PP3PPP/R2Q1RK1 w - - 1 16", "SF: closed centre"),
    p("3r1rk1/p5pp/bpp1pp2/8/q1PP1P2/b3P3/P2NQRPP/1R2B1K1 b - - 6 22", "SF: queen raid"),
    p("r1q2rk1/2p1bppp/2Pp4/p6b/Q1PNp3/4B3/PP1R1PPP/2K4R w - - 2 18", "SF: passed pawn in the middlegame"),
    p("4k2r/1pb2ppp/1p2p3/1R1p4/3P4/2r1PN2/P4PPP/1R4K1 b - - 3 22", "SF: rooks on open files"),
    p("3q2k1/pb3p1p/4pbp1/2r5/PpN2N2/1P2P2P/5PP1/Q2R2K1 b - - 4 26", "SF: queen and minor pieces"),
    p("6k1/6p1/6Pp/ppp5/3pn2P/1P3K2/1PP2P2/8 b - - 0 1", "SF: knight endgame with pawns"),
    p("3b4/5kp1/1p1p1p1p/pP1PpP1P/P1P1P3/3KN3/8/8 w - - 0 1", "SF: blocked pawns, zugzwang-prone"),
    p("8/6pk/1p6/8/PP3p1p/5P2/4KP1q/3Q4 w - - 0 1", "SF: queen endgame, checks"),
    p("7k/3p2pp/4q3/8/4Q3/5Kp1/P6b/8 w - - 0 1", "SF: queens, exposed kings"),
    p("8/2p5/8/2kPKp1p/2p4P/2P5/3P4/8 w - - 0 1", "SF: king-and-pawn endgame, zugzwang"),
    p("8/1p3pp1/7p/5P1P/2k3P1/8/2K2P2/8 w - - 0 1", "SF: pawn race"),
    p("8/pp2r1k1/2p1p3/3pP2p/1P1P1P1P/P5KR/8/8 w - - 0 1", "SF: rook endgame"),
    p("5k2/7R/4P2p/5K2/p1r2P1p/8/8/8 b - - 0 1", "SF: rook endgame, passed pawns both sides"),
    p("6k1/6p1/P6p/r1N5/5p2/7P/1b3PP1/4R1K1 w - - 0 1", "SF: passed a-pawn, minor pieces"),
    p("8/8/8/8/5kp1/P7/8/1K1N4 w - - 0 1", "SF: knight vs pawn, drawish"),
    p("8/8/8/5N2/8/p7/8/2NK3k w - - 0 1", "SF: two knights vs pawn (a long win)"),
    p("8/3k4/8/8/8/4B3/4KB2/2B5 w - - 0 1", "SF: three bishops vs king (mating net)"),
    p("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "constructed: back-rank mate in 1 (Rd8#)"),
    p(
        "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 10",
        "Legal's-mate pattern: mate in 2 (Nf6+ gxf6 Bxf7#)",
    ),
    p("8/8/6k1/8/8/8/R7/1R5K w - - 0 1", "constructed: two-rook ladder mate in 3"),
    p("8/P7/8/8/8/8/6pk/4K3 w - - 0 1", "constructed: promotion race, both sides queen"),
    p("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1", "constructed: K+P vs K opposition (zugzwang)"),
    p("8/8/8/8/8/5k2/4p3/2K5 b - - 0 1", "constructed: black pawn queens, the king cannot catch it"),
    p(
        "r1b1k2r/ppppnppp/2n2q2/2b5/3NP3/2P1B3/PP3PPP/RN1QKB1R w KQkq - 1 7",
        "Scotch: pieces attacked, checks",
    ),
];
