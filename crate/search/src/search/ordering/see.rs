//! Static exchange evaluation: what a capture wins once every recapture on its square is played
//! out (quiescence search prunes the captures that lose material).

use arrayvec::ArrayVec;
use shakmaty::{
    Board, Color, Move, Role,
    attacks::{bishop_attacks, rook_attacks},
};

use super::victim;

/// Piece values for static exchange evaluation, cp (index `Role as usize`; 0 unused).
const SEE_VALUE: [i32; 7] = [0, 100, 320, 330, 500, 900, 20_000];

/// Static exchange evaluation of a capture or promotion: the material balance, for the side
/// making it, of the best sequence of recaptures on the target square (each side may stop
/// recapturing when that is better). Quiet moves score 0. Pins are ignored, x-rays through
/// sliders are not.
pub fn see(board: &Board, m: Move) -> i32 {
    let (from, to, role) = match m {
        Move::Normal { from, to, role, .. } => (from, to, role),
        // En passant wins a pawn for a pawn; the recapture sequence rarely differs.
        Move::EnPassant { .. } => return 0,
        _ => return 0,
    };
    let promo_gain = m.promotion().map_or(0, |p| SEE_VALUE[p as usize] - SEE_VALUE[Role::Pawn as usize]);
    // The gains of the capture sequence (gain[d]: what the side making capture d has won if
    // the sequence stops there). An ArrayVec rather than a zeroed array: every slot is written
    // before it is read, and zeroing costs a `memory.fill` call per SEE in wasm.
    let mut gain = ArrayVec::<i32, 33>::new();
    gain.push(victim(m).map_or(0, |v| SEE_VALUE[v as usize]) + promo_gain);
    let mut on_square = m.promotion().unwrap_or(role);
    let mut occupied = board.occupied().without(from);
    let Some(mover) = board.color_at(from) else { return 0 };
    let mut side = !mover;
    let diagonal = board.bishops_and_queens();
    let straight = board.rooks_and_queens();
    let mut attackers = (board.attacks_to(to, Color::White, occupied)
        | board.attacks_to(to, Color::Black, occupied))
        & occupied;
    loop {
        let ours = attackers & board.by_color(side);
        if ours.is_empty() || gain.is_full() {
            break;
        }
        let Some((sq, r)) = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King]
            .into_iter()
            .find_map(|r| (ours & board.by_role(r)).first().map(|sq| (sq, r)))
        else {
            break;
        };
        if r == Role::King && (attackers & board.by_color(!side)).without(sq).any() {
            // The king cannot capture into a defended square.
            break;
        }
        // Capturing the piece on the square gains its value, minus what we had gained so far.
        let previous = gain[gain.len() - 1];
        gain.push(SEE_VALUE[on_square as usize] - previous);
        on_square = r;
        occupied = occupied.without(sq);
        attackers =
            (attackers | (bishop_attacks(to, occupied) & diagonal) | (rook_attacks(to, occupied) & straight))
                & occupied;
        side = !side;
    }
    // Each side chooses between capturing and standing pat, from the end of the sequence back.
    let mut value = gain.pop().unwrap_or(0);
    while let Some(before) = gain.pop() {
        value = -(-before).max(value);
    }
    value
}
