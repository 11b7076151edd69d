//! Reading PGN text into [`PgnGame`]s through `pgn-reader`, checking every move.

use std::ops::ControlFlow;

use pgn_reader::{KnownOutcome, Outcome, RawComment, RawTag, Reader, SanPlus, Visitor};
use shakmaty::Chess;

use super::{PgnGame, PgnMove, PgnResult};

/// Read every game of a PGN text. Moves are checked against the rules (from the `FEN` tag's
/// position if there is one); an illegal or unparsable move is an error naming the game and ply.
pub fn parse_pgn(text: &str) -> Result<Vec<PgnGame>, String> {
    let mut reader = Reader::new(text.as_bytes());
    let mut visitor = Collect;
    let mut games = Vec::new();
    while let Some(game) = reader.read_game(&mut visitor).map_err(|e| format!("reading PGN: {e}"))? {
        let game = game.map_err(|e| format!("game {}: {e}", games.len() + 1))?;
        games.push(game);
    }
    Ok(games)
}

/// The `pgn-reader` visitor that collects a [`PgnGame`] and checks its moves.
struct Collect;

struct Movetext {
    game: PgnGame,
    pos: Chess,
    error: Option<String>,
}

impl Visitor for Collect {
    type Tags = Vec<(String, String)>;
    type Movetext = Movetext;
    type Output = Result<PgnGame, String>;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(Vec::new())
    }

    fn tag(&mut self, tags: &mut Self::Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<Self::Output> {
        tags.push((String::from_utf8_lossy(name).into_owned(), value.decode_utf8_lossy().into_owned()));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        let game = PgnGame { tags, moves: Vec::new(), result: PgnResult::Unfinished };
        match game.start_position() {
            Ok(pos) => ControlFlow::Continue(Movetext { game, pos, error: None }),
            Err(e) => ControlFlow::Break(Err(e)),
        }
    }

    fn san(&mut self, mt: &mut Self::Movetext, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        match san_plus.san.to_move(&mt.pos) {
            Ok(m) => {
                let san = SanPlus::from_move_and_play_unchecked(&mut mt.pos, m);
                mt.game.moves.push(PgnMove { san: san.to_string(), comment: None });
                ControlFlow::Continue(())
            }
            Err(e) => {
                mt.error = Some(format!("ply {}: illegal move '{san_plus}': {e}", mt.game.moves.len() + 1));
                ControlFlow::Continue(())
            }
        }
    }

    fn comment(&mut self, mt: &mut Self::Movetext, comment: RawComment<'_>) -> ControlFlow<Self::Output> {
        if let Some(last) = mt.game.moves.last_mut() {
            let text = String::from_utf8_lossy(comment.as_bytes()).trim().to_string();
            last.comment = Some(match last.comment.take() {
                Some(prev) => format!("{prev} {text}"),
                None => text,
            });
        }
        ControlFlow::Continue(())
    }

    fn outcome(&mut self, mt: &mut Self::Movetext, outcome: Outcome) -> ControlFlow<Self::Output> {
        mt.game.result = match outcome {
            Outcome::Known(KnownOutcome::Decisive { winner }) if winner.is_white() => PgnResult::WhiteWins,
            Outcome::Known(KnownOutcome::Decisive { .. }) => PgnResult::BlackWins,
            Outcome::Known(KnownOutcome::Draw) => PgnResult::Draw,
            Outcome::Unknown => PgnResult::Unfinished,
        };
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, mt: Self::Movetext) -> Self::Output {
        match mt.error {
            Some(e) => Err(e),
            None => Ok(mt.game),
        }
    }
}
