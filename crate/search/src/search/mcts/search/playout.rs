//! One playout: select down the tree, add and value a new position, back the value up
//! (proving wins, losses and draws on the way).

use shakmaty::{Chess, EnPassantMode, Position, zobrist::Zobrist64};

use super::super::tree::{Arena, Bound, Kid, NONE, hash};
use super::MctsSearch;
use super::expand::{add_position, expand_edges, expand_edges_of};
use super::select::select;
use crate::stop::Hints;

impl MctsSearch {
    pub(super) fn run_batch(&mut self) {
        let mut n = self.params.batch_size as u64;
        if let Some(max) = self.go.max_playouts {
            n = n.min(max.saturating_sub(self.playouts));
        }
        n = n.min(self.visits_limit().saturating_sub(self.tree.head_n()));
        if self.tree.head_n() == 0 {
            n = n.max(1); // MCTS always evaluates something before the first stop check
        }
        for _ in 0..n {
            self.playout();
        }
        self.batches += 1;
    }

    /// The visits limit: `max_visits`, and never more than lc0's always-present 4·10⁹ (which
    /// also keeps every 32-bit visit counter from overflowing).
    pub(super) fn visits_limit(&self) -> u64 {
        let always = Hints::VISITS_LIMIT as u64;
        self.go.max_visits.map_or(always, |m| m.min(always))
    }

    fn playout(&mut self) {
        let mut pos: Chess = self.tree.root_position().clone();
        let params = &self.params;
        let arena = &mut self.tree.arena;
        self.hashes.truncate(self.history_len);
        self.path.clear();
        if arena.root == NONE {
            let x = add_position(arena, &pos, &self.hashes, &mut self.qsearch, params, true);
            expand_edges_of(arena, x.node, &pos, params, &self.go.searchmoves);
            arena.root = x.node;
            arena.root_kid = Kid { n: 1, q: x.value, ..Kid::new(x.node, 0, 0) };
            self.note_root_value(-x.value);
            self.playouts += 1;
            return;
        }
        let mut rec = NONE; // the root's record
        self.path.push(rec);
        let mut depth = 0u32;
        let value = loop {
            let k = *arena.kid(rec);
            if depth > 0
                && let Some(v) = k.bound().value()
            {
                break v;
            }
            if k.node == NONE {
                break k.q;
            }
            let grow = arena.can_grow(params.node_cap);
            if !arena.node(k.node).expanded {
                if !grow {
                    break k.q; // full tree: revisit this leaf
                }
                expand_edges(arena, k.node, &pos, params);
            }
            let remaining = if depth == 0 { self.remaining_playouts } else { f64::INFINITY };
            let Some(pick) = select(arena, k.node, &k, params, grow, remaining) else {
                break k.q; // full tree: revisit this leaf
            };
            let mv = arena.edges_of(k.node)[pick.edge].mv.unpack(pos.board());
            let h = *self.hashes.last().unwrap_or(&0);
            let inc = pos.update_zobrist_hash(Zobrist64(h), mv, EnPassantMode::Legal);
            pos.play_unchecked(mv);
            self.hashes.push(inc.map_or_else(|| hash(&pos), |z| z.0));
            depth += 1;
            if let Some(next) = pick.kid {
                rec = next;
                self.path.push(rec);
                continue;
            }
            let x = add_position(arena, &pos, &self.hashes, &mut self.qsearch, params, false);
            let mut kid = Kid::new(x.node, pick.edge as u8, pick.prior);
            kid.set_proof(x.bound, x.end_plies);
            let idx = arena.insert_kid(k.node, pick.pos, kid);
            self.path.push(idx);
            break x.value;
        };
        backup(arena, &self.path, value);
        // The root's record (path[0]) received value·(−1)^(len−1), from the point of view of the
        // side that moved into the root; the side to move sees its negation.
        let at_root = if self.path.len() % 2 == 1 { value } else { -value };
        self.note_root_value(-at_root);
        self.cum_depth += depth as u64;
        self.max_depth = self.max_depth.max(depth);
        self.playouts += 1;
    }
}

impl MctsSearch {
    /// Counts a value backed up through the root (side to move's view) for `root_value_sd`.
    fn note_root_value(&mut self, v: f32) {
        let v = f64::from(v);
        let (n, sum, sq) = &mut self.root_values;
        *n += 1;
        *sum += v;
        *sq += v * v;
    }
}

/// Add one visit with `value` (for the side that made the last move of the path) to every
/// record of `path` (record indices, [`NONE`] = the root), then propagate proven results up.
fn backup(arena: &mut Arena, path: &[u32], value: f32) {
    let mut v = value;
    for &k in path.iter().rev() {
        let r = arena.kid_mut(k);
        r.n += 1;
        r.q += (v - r.q) / r.n as f32;
        v = -v;
    }
    // Certainty propagation: a proven child may prove its parent, and so on up the path.
    for i in (0..path.len().saturating_sub(1)).rev() {
        let (child, parent) = (*arena.kid(path[i + 1]), *arena.kid(path[i]));
        if child.bound() == Bound::Unknown || parent.bound() != Bound::Unknown {
            break;
        }
        let Some((bound, plies)) = prove(arena, parent.node) else { break };
        let p = arena.kid_mut(path[i]);
        p.set_proof(bound, plies);
        let exact = bound.value().unwrap_or(0.0);
        let (delta, n) = (exact - p.q, p.n as f32);
        p.q = exact;
        // Keep every ancestor the mean of its playouts, now counting these at the exact value.
        let mut sign = -1.0;
        for &j in path[..i].iter().rev() {
            let anc = arena.kid_mut(j);
            anc.q += sign * delta * n / anc.n as f32;
            sign = -sign;
        }
    }
}

/// The bound `node` gets from its children, if they decide it: a winning reply makes it a
/// loss; when every reply is proven, the best of them decides.
fn prove(arena: &Arena, node: u32) -> Option<(Bound, u8)> {
    let num_edges = arena.node(node).num_edges as usize;
    let (mut proven, mut best) = (0usize, -2.0f32);
    let (mut win_plies, mut loss_plies, mut draw_plies) = (u8::MAX, 0u8, 0u8);
    for c in arena.kids_of(node) {
        let Some(v) = c.bound().value() else { continue };
        proven += 1;
        best = best.max(v);
        match c.bound() {
            Bound::Win => win_plies = win_plies.min(c.end_plies()),
            Bound::Loss => loss_plies = loss_plies.max(c.end_plies()),
            _ => draw_plies = draw_plies.max(c.end_plies()),
        }
    }
    if best == 1.0 {
        return Some((Bound::Loss, win_plies.saturating_add(1)));
    }
    if proven < num_edges || num_edges == 0 {
        return None;
    }
    Some(if best == 0.0 {
        (Bound::Draw, draw_plies.saturating_add(1))
    } else {
        (Bound::Win, loss_plies.saturating_add(1))
    })
}
