//! The search tree: compact nodes, edges and child statistics in chunked arenas, the game
//! position it belongs to, and tree reuse across moves.
//!
//! # Layout and memory
//! - An [`Edge`] is a legal move and its prior: 4 bytes (`u16` packed move + `u16` prior). A node
//!   gets the edges of all its legal moves, sorted by prior (highest first), when it is visited
//!   the second time (a leaf visited once — about half the tree — never pays for its moves and
//!   priors). The slice is preceded by a header edge naming its owner.
//! - A visited move's statistics live in a `Kid` record (16 bytes: node, visits, Q, edge index,
//!   proven bound, plies to the end) inside its parent's *child array*, which is contiguous and
//!   ordered by edge index, so selection reads one short run of memory per level instead of
//!   chasing a pointer per child. A child array starts with a header record (owner, capacity)
//!   and doubles when full (2, 4, 8, … up to the number of edges); the old copy stays behind as
//!   garbage until the next re-root compacts it away.
//! - A `Node` (12 bytes: first edge, child array, number of edges, children and capacity) exists
//!   for every visited non-terminal position; a terminal child (mate, draw by rule) has only its
//!   record.
//! - Every index is a `u32`, so the layout is the same on 64-bit hosts and on wasm32.
//!
//! The node cap budgets [`EDGE_BUDGET_PER_NODE`] edges and [`KID_BUDGET_PER_NODE`] child records
//! (live, slack, headers and garbage together) per node: the worst case is
//! [`MAX_BYTES_PER_NODE`] bytes per node, including the 4-byte forwarding entry that re-rooting
//! needs for a moment.
//!
//! # The node cap
//! The tree is *full* when it holds `node_cap` nodes, or when the edge or child-record arena
//! cannot take another position within its budget. A full tree stops growing: the search keeps
//! running, but selection only follows existing children, and a playout that ends at a leaf (a
//! node without children) backs up that leaf's own value again as one more visit. So memory
//! stays bounded, N still counts every playout, and `N = 1 + Σ N(children)` keeps holding for
//! every unproven node with children; only leaves collect the extra visits. (Independently of
//! the cap, a proven node — mate, draw by rule, or decided by its children — ends the playouts
//! that reach it and takes those visits itself, at its exact value.)
//!
//! # Reuse
//! [`MctsTree::set_position`] compares the new game (start position + moves) with the old one.
//! When the old moves are a prefix of the new ones and the tree has a node for the extra moves
//! (our move and the opponent's reply, or just the reply after pondering), that node becomes
//! the root: the three arenas are compacted in place (live data slides down, links are
//! remapped), everything else is freed, and the new root's visits are the `head_n` a manager
//! receives as `reused_nodes`.

use serde::Serialize;
use shakmaty::{
    CastlingMode, Chess, EnPassantMode, Move, Position, fen::Fen, uci::UciMove, zobrist::Zobrist64,
};

use super::arena::ChunkedVec;
use super::moves::PackedMove;

/// "No node" / "no child array" / "the root's own record" in a path.
pub(crate) const NONE: u32 = u32::MAX;

/// The most legal moves a chess position can have.
pub(crate) const MAX_MOVES: u32 = 218;

/// Edges the tree budgets per node; the edge arena holds at most `node_cap` times this.
pub const EDGE_BUDGET_PER_NODE: usize = 28;

/// Child records the tree budgets per node (each node's own record, array slack, headers and
/// arrays left behind by growth); the record arena holds at most `node_cap` times this.
pub const KID_BUDGET_PER_NODE: usize = 3;

/// Bytes of one node.
pub const NODE_BYTES: usize = std::mem::size_of::<Node>();

/// Bytes of one edge.
pub const EDGE_BYTES: usize = std::mem::size_of::<Edge>();

/// Bytes of one child record.
pub const KID_BYTES: usize = std::mem::size_of::<Kid>();

/// Worst-case bytes per node: the node, its edge and record budgets, and the forwarding entry
/// of a re-root.
pub const MAX_BYTES_PER_NODE: usize =
    NODE_BYTES + EDGE_BUDGET_PER_NODE * EDGE_BYTES + KID_BUDGET_PER_NODE * KID_BYTES + 4;

const _: () = assert!(NODE_BYTES == 12 && EDGE_BYTES == 4 && KID_BYTES == 16);

/// A proven result, from the point of view of the side that moved into the node.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[repr(u8)]
pub enum Bound {
    /// Not proven.
    #[default]
    Unknown,
    /// The move into this node wins (mate, or every reply loses).
    Win,
    /// The move into this node draws by rule, or every reply is at best a draw.
    Draw,
    /// The move into this node loses (the opponent has a winning reply).
    Loss,
}

impl Bound {
    /// The exact value of a proven bound (+1, 0, −1); `None` when not proven.
    pub fn value(self) -> Option<f32> {
        match self {
            Bound::Unknown => None,
            Bound::Win => Some(1.0),
            Bound::Draw => Some(0.0),
            Bound::Loss => Some(-1.0),
        }
    }
}

/// A visited non-terminal position: its moves and its child array.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Node {
    /// Index of the first edge in the edge arena (after the slice's header).
    pub edges: u32,
    /// Index of the child array's header in the record arena, or [`NONE`].
    pub kids: u32,
    /// Number of legal moves (0 until the node is expanded).
    pub num_edges: u8,
    /// Number of visited children.
    pub num_kids: u8,
    /// Capacity of the child array.
    pub kid_cap: u8,
    /// Whether the edges have been written.
    pub expanded: bool,
}

/// The statistics of one visited move, in the parent's child array (or the root's record).
/// As an array header: `node` is the owner, `n` the capacity.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Kid {
    /// The child's node, or [`NONE`] for a terminal position.
    pub node: u32,
    /// Visits.
    pub n: u32,
    /// Mean value of the visits, from the point of view of the side that made the move.
    pub q: f32,
    /// The move's prior (a copy of the edge's, so selection reads one array).
    pub prior: u16,
    /// Index of the move among the parent's edges.
    pub edge: u8,
    /// Proven bound (2 low bits) and plies to the end when proven (6 high bits, saturating).
    pub(super) proof: u8,
}

/// Largest plies-to-the-end a record stores (longer proven results saturate here).
pub const MAX_END_PLIES: u8 = 63;

impl Kid {
    /// A fresh record for edge `edge` (prior `prior`) leading to `node`.
    pub fn new(node: u32, edge: u8, prior: u16) -> Self {
        Kid { node, edge, prior, ..Kid::default() }
    }

    /// The proven result, from the point of view of the side that made the move.
    #[inline]
    pub fn bound(&self) -> Bound {
        match self.proof & 3 {
            0 => Bound::Unknown,
            1 => Bound::Win,
            2 => Bound::Draw,
            _ => Bound::Loss,
        }
    }

    /// Plies from the parent to the end of the game when proven (saturating at
    /// [`MAX_END_PLIES`]).
    #[inline]
    pub fn end_plies(&self) -> u8 {
        self.proof >> 2
    }

    /// Record a proven result.
    pub fn set_proof(&mut self, bound: Bound, end_plies: u8) {
        self.proof = bound as u8 | end_plies.min(MAX_END_PLIES) << 2;
    }
}

/// A legal move of a node and its prior.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Edge {
    /// The move.
    pub mv: PackedMove,
    /// The prior, quantised: `p · 65535`.
    pub prior: u16,
}

/// The header edge before the edges of node `owner`: `owner + 1` in its 32 bits (0 = padding).
fn edge_header(owner: u32) -> Edge {
    let v = owner + 1;
    Edge { mv: PackedMove::from_raw(v as u16), prior: (v >> 16) as u16 }
}

/// The owner named by a header edge, `None` for padding.
fn header_owner(e: &Edge) -> Option<u32> {
    let v = e.mv.raw() as u32 | (e.prior as u32) << 16;
    v.checked_sub(1)
}

/// Node arena: 2^15 nodes (384 KiB) per chunk.
pub(crate) type NodeVec = ChunkedVec<Node, 15>;
/// Edge arena: 2^16 edges (256 KiB) per chunk.
pub(crate) type EdgeVec = ChunkedVec<Edge, 16>;
/// Record arena: 2^15 records (512 KiB) per chunk.
pub(crate) type KidVec = ChunkedVec<Kid, 15>;

/// The nodes, edges and child records of one tree.
#[derive(Clone, Debug)]
pub(crate) struct Arena {
    pub nodes: NodeVec,
    pub edges: EdgeVec,
    pub kids: KidVec,
    /// The root node, or [`NONE`] for an empty tree.
    pub root: u32,
    /// The root's own statistics (its visits are the tree's visits).
    pub root_kid: Kid,
}

impl Default for Arena {
    fn default() -> Self {
        Arena {
            nodes: NodeVec::default(),
            edges: EdgeVec::default(),
            kids: KidVec::default(),
            root: NONE,
            root_kid: Kid::new(NONE, 0, 0),
        }
    }
}

impl Arena {
    /// Node `i`.
    #[inline]
    pub fn node(&self, i: u32) -> &Node {
        self.nodes.get(i)
    }

    /// Node `i`, mutably.
    #[inline]
    pub fn node_mut(&mut self, i: u32) -> &mut Node {
        self.nodes.get_mut(i)
    }

    /// Record `k` of the record arena, or the root's record for [`NONE`].
    #[inline]
    pub fn kid(&self, k: u32) -> &Kid {
        if k == NONE { &self.root_kid } else { self.kids.get(k) }
    }

    /// Record `k`, mutably (the root's record for [`NONE`]).
    #[inline]
    pub fn kid_mut(&mut self, k: u32) -> &mut Kid {
        if k == NONE { &mut self.root_kid } else { self.kids.get_mut(k) }
    }

    /// The edges of node `i`.
    #[inline]
    pub fn edges_of(&self, i: u32) -> &[Edge] {
        let n = self.node(i);
        if n.num_edges == 0 { &[] } else { self.edges.slice(n.edges, n.num_edges as u32) }
    }

    /// Index of the first child record of node `i` (meaningful when it has children).
    #[inline]
    pub fn kids_start(&self, i: u32) -> u32 {
        self.node(i).kids.wrapping_add(1)
    }

    /// The child records of node `i`, in edge order.
    #[inline]
    pub fn kids_of(&self, i: u32) -> &[Kid] {
        let n = self.node(i);
        if n.num_kids == 0 { &[] } else { self.kids.slice(n.kids + 1, n.num_kids as u32) }
    }

    /// Capacities of the three arenas under `node_cap`: (nodes, edges, records).
    fn capacities(node_cap: u32) -> (u64, u64, u64) {
        let cap = node_cap.max(1) as u64;
        let edge_cap = (cap * EDGE_BUDGET_PER_NODE as u64).max(2 * (MAX_MOVES as u64 + 1));
        let kid_cap = (cap * KID_BUDGET_PER_NODE as u64).max(4 * (MAX_MOVES as u64 + 1));
        (cap, edge_cap, kid_cap)
    }

    /// Whether another node (with a full move list and a grown child array) fits under
    /// `node_cap`.
    pub fn can_grow(&self, node_cap: u32) -> bool {
        let (cap, edge_cap, kid_cap) = Self::capacities(node_cap);
        (self.nodes.len() as u64) < cap
            && (self.edges.len() as u64 + MAX_MOVES as u64) < edge_cap
            && (self.kids.len() as u64 + MAX_MOVES as u64) < kid_cap
    }

    /// How full the tree is, in per mille of the fullest of its three budgets.
    pub fn fill_per_mille(&self, node_cap: u32) -> u32 {
        let (cap, edge_cap, kid_cap) = Self::capacities(node_cap);
        let fill = |used: u32, cap: u64| used as u64 * 1000 / cap;
        fill(self.nodes.len(), cap)
            .max(fill(self.edges.len(), edge_cap))
            .max(fill(self.kids.len(), kid_cap))
            .min(1000) as u32
    }

    /// Create an unexpanded node.
    pub fn new_node(&mut self) -> u32 {
        self.nodes.push(Node { edges: NONE, kids: NONE, ..Node::default() })
    }

    /// Give node `i` its `count` edges; returns the slice to fill (after a header naming `i`).
    pub fn expand(&mut self, i: u32, count: u32) -> &mut [Edge] {
        let start = self.edges.alloc_slice(count + 1);
        *self.edges.get_mut(start) = edge_header(i);
        let node = self.node_mut(i);
        node.edges = start + 1;
        node.num_edges = count as u8;
        node.expanded = true;
        self.edges.slice_mut(start + 1, count)
    }

    /// Insert `kid` into the child array of node `parent` at position `pos` (which keeps the
    /// array in edge order), growing the array if full. Returns the record's index.
    pub fn insert_kid(&mut self, parent: u32, pos: usize, kid: Kid) -> u32 {
        let p = *self.node(parent);
        let count = p.num_kids as u32;
        let mut base = p.kids;
        if count == p.kid_cap as u32 {
            let cap = (2 * count).max(2).min(p.num_edges as u32);
            let new = self.kids.alloc_slice(cap + 1);
            *self.kids.get_mut(new) = Kid { node: parent, n: cap, ..Kid::default() };
            for j in 0..count {
                let r = *self.kids.get(base + 1 + j);
                *self.kids.get_mut(new + 1 + j) = r;
            }
            base = new;
            let node = self.node_mut(parent);
            node.kids = new;
            node.kid_cap = cap as u8;
        }
        let slots = self.kids.slice_mut(base + 1, count + 1);
        slots.copy_within(pos..count as usize, pos + 1);
        slots[pos] = kid;
        self.node_mut(parent).num_kids += 1;
        base + 1 + pos as u32
    }

    /// The record of the child of `parent` reached by `mv`, as (record index, record).
    pub fn kid_by_move(&self, parent: u32, mv: PackedMove) -> Option<(u32, Kid)> {
        let e = self.edges_of(parent).iter().position(|e| e.mv == mv)?;
        let start = self.kids_start(parent);
        self.kids_of(parent)
            .iter()
            .enumerate()
            .find(|(_, k)| k.edge as usize == e)
            .map(|(j, k)| (start + j as u32, *k))
    }

    /// Remove everything.
    pub fn clear(&mut self) {
        self.nodes.clear();
        self.edges.clear();
        self.kids.clear();
        self.root = NONE;
        self.root_kid = Kid::new(NONE, 0, 0);
    }

    /// Keep only the subtree of the child record `kid` (which has a node), compacted to the front
    /// of the arenas, and make it the root. Returns the number of nodes kept.
    ///
    /// Children are always created after their parent, so every node of the subtree has an index
    /// ≥ the new root's and one forward pass finds them all. Edge slices and child arrays are
    /// walked in arena order through their headers, and nodes in index order, so sliding each
    /// arena down in order never overwrites anything still unread.
    pub fn reroot(&mut self, kid: Kid) -> u32 {
        const LIVE: u32 = NONE - 1;
        let base = kid.node;
        let len = self.nodes.len();
        let mut fwd = vec![NONE; (len - base) as usize];
        fwd[0] = LIVE;
        let mut kept = 0u32;
        for i in base..len {
            if fwd[(i - base) as usize] == NONE {
                continue;
            }
            fwd[(i - base) as usize] = kept;
            kept += 1;
            let n = *self.node(i);
            for j in 0..n.num_kids as u32 {
                let c = self.kids.get(n.kids + 1 + j).node;
                if c != NONE {
                    fwd[(c - base) as usize] = LIVE;
                }
            }
        }
        let live = |fwd: &[u32], i: u32| i >= base && i < len && fwd[(i - base) as usize] < LIVE;
        // Child arrays, in arena order: keep the current array of every live node.
        let (mut pos, end, mut cursor) = (0u32, self.kids.len(), 0u32);
        while pos < end {
            let header = *self.kids.get(pos);
            if header.n == 0 {
                pos = (pos | (KidVec::CHUNK - 1)) + 1; // padding to the end of a chunk
                continue;
            }
            let slots = header.n + 1;
            let owner = header.node;
            if live(&fwd, owner) && self.node(owner).kids == pos {
                let used = self.node(owner).num_kids as u32 + 1;
                let dst = KidVec::fit(cursor, slots);
                self.kids.pad(cursor, dst); // a skipped chunk end must read as padding
                self.kids.move_down(pos, dst, used);
                self.kids.get_mut(dst).node = fwd[(owner - base) as usize];
                for j in 1..used {
                    let r = self.kids.get_mut(dst + j);
                    if r.node != NONE {
                        r.node = fwd[(r.node - base) as usize];
                    }
                }
                self.node_mut(owner).kids = dst;
                cursor = dst + slots;
            }
            pos += slots;
        }
        self.kids.truncate(cursor);
        // Edge slices, in arena order: keep those of live nodes.
        let (mut pos, end, mut cursor) = (0u32, self.edges.len(), 0u32);
        while pos < end {
            let Some(owner) = header_owner(self.edges.get(pos)) else {
                pos = (pos | (EdgeVec::CHUNK - 1)) + 1; // padding to the end of a chunk
                continue;
            };
            let slots = self.node(owner).num_edges as u32 + 1;
            if live(&fwd, owner) {
                let dst = EdgeVec::fit(cursor, slots);
                self.edges.pad(cursor, dst); // a skipped chunk end must read as padding
                self.edges.move_down(pos, dst, slots);
                *self.edges.get_mut(dst) = edge_header(fwd[(owner - base) as usize]);
                self.node_mut(owner).edges = dst + 1;
                cursor = dst + slots;
            }
            pos += slots;
        }
        self.edges.truncate(cursor);
        // Nodes, in index order.
        for i in base..len {
            let j = fwd[(i - base) as usize];
            if j < LIVE {
                let node = *self.node(i);
                *self.node_mut(j) = node;
            }
        }
        self.nodes.truncate(kept);
        self.root = 0;
        self.root_kid = Kid { node: 0, ..kid };
        kept
    }
}

/// What [`MctsTree::set_position`] kept of the previous tree.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Reuse {
    /// Visits of the new root: lc0's `head_N`, a manager's `reused_nodes` (0 for a new tree).
    pub head_n: u64,
    /// Nodes kept.
    pub kept_nodes: u32,
    /// Nodes freed.
    pub freed_nodes: u32,
}

/// A game position and the search tree below it, kept across moves.
#[derive(Clone, Debug)]
pub struct MctsTree {
    start_fen: String,
    moves: Vec<Move>,
    root_pos: Chess,
    /// Zobrist hashes of every game position from the start up to and including the root.
    history: Vec<u64>,
    pub(crate) arena: Arena,
}

impl Default for MctsTree {
    fn default() -> Self {
        Self::new()
    }
}

/// The Zobrist hash used for repetitions.
pub(crate) fn hash(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

fn fen_of(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

impl MctsTree {
    /// An empty tree at the standard starting position.
    pub fn new() -> Self {
        let pos = Chess::default();
        MctsTree {
            start_fen: fen_of(&pos),
            moves: Vec::new(),
            history: vec![hash(&pos)],
            root_pos: pos,
            arena: Arena::default(),
        }
    }

    /// An empty tree at `pos` (a game that starts there).
    pub fn from_position(pos: Chess) -> Self {
        MctsTree {
            start_fen: fen_of(&pos),
            moves: Vec::new(),
            history: vec![hash(&pos)],
            root_pos: pos,
            arena: Arena::default(),
        }
    }

    /// Set the game to `start` followed by `moves`, keeping the matching subtree if the previous
    /// game is a prefix of this one (see the module documentation).
    ///
    /// # Errors
    /// A move that is not legal where it is played; the tree is unchanged then.
    pub fn set_position(&mut self, start: Chess, moves: &[Move]) -> Result<Reuse, String> {
        let start_fen = fen_of(&start);
        let mut pos = start;
        let mut history = Vec::with_capacity(moves.len() + 1);
        history.push(hash(&pos));
        for (i, &m) in moves.iter().enumerate() {
            if !pos.is_legal(m) {
                return Err(format!(
                    "move {} ({}) is not legal in {}",
                    i + 1,
                    UciMove::from_standard(m),
                    fen_of(&pos)
                ));
            }
            pos.play_unchecked(m);
            history.push(hash(&pos));
        }
        let before = self.arena.nodes.len();
        let mut target: Option<Kid> = None;
        if self.arena.root != NONE && start_fen == self.start_fen && moves.starts_with(&self.moves) {
            let mut kid = self.arena.root_kid;
            let mut found = true;
            for &m in &moves[self.moves.len()..] {
                match (kid.node != NONE)
                    .then(|| self.arena.kid_by_move(kid.node, PackedMove::pack(m)))
                    .flatten()
                {
                    Some((_, k)) => kid = k,
                    None => {
                        found = false;
                        break;
                    }
                }
            }
            if found {
                target = Some(kid);
            }
        }
        // A kept root must be a position, not a terminal record.
        let reuse = match target {
            Some(kid) if kid.node != NONE => {
                let kept = if kid.node == self.arena.root && kid.node == 0 {
                    before
                } else {
                    self.arena.reroot(kid)
                };
                Reuse { head_n: self.arena.root_kid.n as u64, kept_nodes: kept, freed_nodes: before - kept }
            }
            _ => {
                self.arena.clear();
                Reuse { head_n: 0, kept_nodes: 0, freed_nodes: before }
            }
        };
        self.start_fen = start_fen;
        self.moves = moves.to_vec();
        self.root_pos = pos;
        self.history = history;
        Ok(reuse)
    }

    /// [`MctsTree::set_position`] from a FEN (`None` = the starting position) and UCI moves.
    ///
    /// # Errors
    /// A malformed FEN, an illegal position, or a malformed or illegal move, named.
    pub fn set_position_uci(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<Reuse, String> {
        let start = match fen {
            None => Chess::default(),
            Some(f) => parse_fen(f)?,
        };
        let mut pos = start.clone();
        let mut parsed = Vec::with_capacity(moves.len());
        for (i, text) in moves.iter().enumerate() {
            let m = text
                .parse::<UciMove>()
                .map_err(|_| format!("move {} `{text}` is not UCI notation (like e2e4, e7e8q)", i + 1))?
                .to_move(&pos)
                .map_err(|_| format!("move {} `{text}` is not legal in {}", i + 1, fen_of(&pos)))?;
            pos.play_unchecked(m);
            parsed.push(m);
        }
        self.set_position(start, &parsed)
    }

    /// The position at the root.
    pub fn root_position(&self) -> &Chess {
        &self.root_pos
    }

    /// The moves from the game's start to the root.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Visits of the root (0 for an empty tree): what a search starting now would reuse.
    pub fn head_n(&self) -> u64 {
        if self.arena.root == NONE { 0 } else { self.arena.root_kid.n as u64 }
    }

    /// Nodes in the tree.
    pub fn node_count(&self) -> u32 {
        self.arena.nodes.len()
    }

    /// Edges in the tree (including the few slots skipped at chunk ends).
    pub fn edge_count(&self) -> u32 {
        self.arena.edges.len()
    }

    /// Child records in the tree (live ones, array slack, headers and garbage).
    pub fn kid_count(&self) -> u32 {
        self.arena.kids.len()
    }

    /// Bytes allocated by the arenas.
    pub fn allocated_bytes(&self) -> usize {
        self.arena.nodes.allocated_bytes()
            + self.arena.edges.allocated_bytes()
            + self.arena.kids.allocated_bytes()
    }

    /// Drop the tree (keep the position).
    pub fn clear(&mut self) {
        self.arena.clear();
    }

    pub(crate) fn history(&self) -> &[u64] {
        &self.history
    }
}

/// Parse a FEN into a standard-chess position.
///
/// # Errors
/// A malformed FEN or an illegal position, with the reason.
pub fn parse_fen(fen: &str) -> Result<Chess, String> {
    let shown = crate::search::position::excerpt(fen);
    let parsed: Fen = fen.trim().parse().map_err(|e| format!("malformed FEN `{shown}`: {e}"))?;
    parsed.into_position(CastlingMode::Standard).map_err(|e| format!("illegal position `{shown}`: {e}"))
}

#[cfg(test)]
impl Arena {
    /// Walk the edge and record arenas through their headers; panics on a misaligned walk.
    pub fn check_walks(&self) {
        let (mut pos, end) = (0u32, self.kids.len());
        while pos < end {
            let h = *self.kids.get(pos);
            if h.n == 0 {
                pos = (pos | (KidVec::CHUNK - 1)) + 1;
                continue;
            }
            assert!(
                h.node < self.nodes.len(),
                "record header at {pos} names node {} of {}",
                h.node,
                self.nodes.len()
            );
            pos += h.n + 1;
        }
        let (mut pos, end) = (0u32, self.edges.len());
        while pos < end {
            let Some(owner) = header_owner(self.edges.get(pos)) else {
                pos = (pos | (EdgeVec::CHUNK - 1)) + 1;
                continue;
            };
            assert!(
                owner < self.nodes.len(),
                "edge header at {pos} names node {owner} of {}",
                self.nodes.len()
            );
            let node = self.node(owner);
            assert!(node.expanded && node.edges == pos + 1, "edge header at {pos}: node {owner} {node:?}");
            pos += node.num_edges as u32 + 1;
        }
    }
}
