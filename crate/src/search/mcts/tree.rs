//! The search tree: compact nodes and edges in chunked arenas, the game position it belongs to,
//! and tree reuse across moves.
//!
//! # Layout and memory
//! - An [`Edge`] is a legal move and its prior: 4 bytes (`u16` packed move + `u16` prior). A node
//!   stores the edges of all its legal moves, written once when the node is created.
//! - A `Node` exists only for visited moves: 24 bytes — first child, next sibling, first edge,
//!   visits (`u32` each), Q (`f32`), the index of its edge in the parent, the number of edges,
//!   its proven bound and the plies to the end when proven (`u8` each). A node's children form a
//!   list ordered by edge index, so selection walks edges and children together.
//! - Every index is a `u32`, so the layout is the same on 64-bit hosts and on wasm32.
//!
//! With [`EDGE_BUDGET_PER_NODE`] edges per node the worst case is [`MAX_BYTES_PER_NODE`] bytes per
//! node, including the 4-byte forwarding entry that re-rooting needs for a moment.
//!
//! # The node cap
//! The tree is *full* when it holds `node_cap` nodes, or when the edge arena cannot take another
//! position's moves within `node_cap · EDGE_BUDGET_PER_NODE` edges. A full tree stops growing:
//! the search keeps running, but selection only follows existing children, and a playout that
//! ends at a leaf (a node without children) backs up that leaf's own value again as one more
//! visit. So memory stays bounded, N still counts every playout, and `N = 1 + Σ N(children)`
//! keeps holding for every unproven node with children; only leaves collect the extra visits.
//! (Independently of the cap, a proven node — mate, draw by rule, or decided by its children —
//! ends the playouts that reach it and takes those visits itself, at its exact value.)
//!
//! # Reuse
//! [`MctsTree::set_position`] compares the new game (start position + moves) with the old one.
//! When the old moves are a prefix of the new ones and the tree has a node for the extra moves
//! (our move and the opponent's reply, or just the reply after pondering), that node becomes
//! the root: the arenas are compacted in place (nodes and edges slide down, links are remapped),
//! everything else is freed, and the new root's visits are the `head_n` a manager receives as
//! `reused_nodes`.

use serde::Serialize;
use shakmaty::{
    CastlingMode, Chess, EnPassantMode, Move, Position, fen::Fen, uci::UciMove, zobrist::Zobrist64,
};

use super::arena::ChunkedVec;
use super::moves::PackedMove;

/// "No node": the end of a child list, or an empty tree.
pub(crate) const NONE: u32 = u32::MAX;

/// The most legal moves a chess position can have.
pub(crate) const MAX_MOVES: u32 = 218;

/// Edges the tree budgets per node; the edge arena holds at most `node_cap` times this.
pub const EDGE_BUDGET_PER_NODE: usize = 40;

/// Bytes of one node.
pub const NODE_BYTES: usize = std::mem::size_of::<Node>();

/// Bytes of one edge.
pub const EDGE_BYTES: usize = std::mem::size_of::<Edge>();

/// Worst-case bytes per node: the node, its edge budget, and the forwarding entry of a re-root.
pub const MAX_BYTES_PER_NODE: usize = NODE_BYTES + EDGE_BUDGET_PER_NODE * EDGE_BYTES + 4;

const _: () = assert!(NODE_BYTES == 24 && EDGE_BYTES == 4);

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

/// One visited position. See the module documentation for the layout.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Node {
    /// First child (lowest edge index), or [`NONE`].
    pub first_child: u32,
    /// Next child of the same parent (higher edge index), or [`NONE`].
    pub next_sibling: u32,
    /// Index of the first edge in the edge arena.
    pub edges: u32,
    /// Visits.
    pub n: u32,
    /// Mean value of the visits, from the point of view of the side that moved into the node.
    pub q: f32,
    /// Index of this node's edge among the parent's edges.
    pub edge_index: u8,
    /// Number of legal moves (0 for terminal positions).
    pub num_edges: u8,
    /// Proven result.
    pub bound: Bound,
    /// Plies from the parent to the end of the game when proven (saturating).
    pub end_plies: u8,
}

/// A legal move of a node and its prior.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Edge {
    /// The move.
    pub mv: PackedMove,
    /// The prior, quantised: `p · 65535`.
    pub prior: u16,
}

/// Node arena: 2^15 nodes (768 KiB) per chunk.
pub(crate) type NodeVec = ChunkedVec<Node, 15>;
/// Edge arena: 2^16 edges (256 KiB) per chunk.
pub(crate) type EdgeVec = ChunkedVec<Edge, 16>;

/// The nodes and edges of one tree.
#[derive(Clone, Debug)]
pub(crate) struct Arena {
    pub nodes: NodeVec,
    pub edges: EdgeVec,
    /// The root, or [`NONE`] for an empty tree.
    pub root: u32,
}

impl Default for Arena {
    fn default() -> Self {
        Arena { nodes: NodeVec::default(), edges: EdgeVec::default(), root: NONE }
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

    /// The edges of node `i`.
    #[inline]
    pub fn edges_of(&self, i: u32) -> &[Edge] {
        let n = self.node(i);
        self.edges.slice(n.edges, n.num_edges as u32)
    }

    /// Whether another node (with a full move list) may be created under `node_cap`.
    pub fn can_grow(&self, node_cap: u32) -> bool {
        let edge_cap = (node_cap as u64 * EDGE_BUDGET_PER_NODE as u64).max(2 * MAX_MOVES as u64);
        self.nodes.len() < node_cap.max(1) && self.edges.len() as u64 + MAX_MOVES as u64 <= edge_cap
    }

    /// Create a node for edge `edge_index` of `parent`, linked after `prev` in the parent's child
    /// list (`prev` = [`NONE`]: at the head). With `parent` = [`NONE`] it becomes the root.
    pub fn add_node(&mut self, parent: u32, prev: u32, edge_index: u8) -> u32 {
        let next = if parent == NONE {
            NONE
        } else if prev == NONE {
            self.node(parent).first_child
        } else {
            self.node(prev).next_sibling
        };
        let i = self.nodes.push(Node {
            first_child: NONE,
            next_sibling: next,
            edges: self.edges.len(),
            edge_index,
            ..Node::default()
        });
        if parent == NONE {
            self.root = i;
        } else if prev == NONE {
            self.node_mut(parent).first_child = i;
        } else {
            self.node_mut(prev).next_sibling = i;
        }
        i
    }

    /// Give node `i` (the newest node) `moves` edges; returns the edge slice to fill.
    pub fn alloc_edges(&mut self, i: u32, count: u32) -> &mut [Edge] {
        let start = self.edges.alloc_slice(count);
        let node = self.node_mut(i);
        node.edges = start;
        node.num_edges = count as u8;
        self.edges.slice_mut(start, count)
    }

    /// The child of `parent` reached by `mv`, or [`NONE`].
    pub fn child_by_move(&self, parent: u32, mv: PackedMove) -> u32 {
        let Some(e) = self.edges_of(parent).iter().position(|e| e.mv == mv) else { return NONE };
        let mut c = self.node(parent).first_child;
        while c != NONE {
            let child = self.node(c);
            if child.edge_index as usize == e {
                return c;
            }
            c = child.next_sibling;
        }
        NONE
    }

    /// Iterate the children of `parent` as (index, node).
    pub fn children(&self, parent: u32) -> Children<'_> {
        Children { arena: self, next: self.node(parent).first_child }
    }

    /// Remove everything.
    pub fn clear(&mut self) {
        self.nodes.clear();
        self.edges.clear();
        self.root = NONE;
    }

    /// Keep only the subtree under `new_root`, compacted to the front of both arenas, and make it
    /// the root. Returns the number of nodes kept.
    ///
    /// Children are always created after their parent, so every node of the subtree has an index
    /// ≥ `new_root` and one forward pass finds them all; nodes and their edges are created in the
    /// same order, so sliding both down in index order never overwrites anything still unread.
    pub fn reroot(&mut self, new_root: u32) -> u32 {
        const LIVE: u32 = NONE - 1;
        let len = self.nodes.len();
        let base = new_root;
        let mut fwd = vec![NONE; (len - base) as usize];
        fwd[0] = LIVE;
        let mut kept = 0u32;
        for i in base..len {
            if fwd[(i - base) as usize] == NONE {
                continue;
            }
            fwd[(i - base) as usize] = kept;
            kept += 1;
            let mut c = self.node(i).first_child;
            while c != NONE {
                fwd[(c - base) as usize] = LIVE;
                c = self.node(c).next_sibling;
            }
        }
        let remap = |fwd: &[u32], i: u32| if i == NONE { NONE } else { fwd[(i - base) as usize] };
        let mut edge_cursor = 0u32;
        for i in base..len {
            let j = fwd[(i - base) as usize];
            if j == NONE {
                continue;
            }
            let mut node = *self.node(i);
            node.first_child = remap(&fwd, node.first_child);
            node.next_sibling = if i == base { NONE } else { remap(&fwd, node.next_sibling) };
            let count = node.num_edges as u32;
            let dst = EdgeVec::fit(edge_cursor, count);
            if count > 0 {
                self.edges.move_down(node.edges, dst, count);
            }
            node.edges = dst;
            edge_cursor = dst + count;
            *self.node_mut(j) = node;
        }
        self.nodes.truncate(kept);
        self.edges.truncate(edge_cursor);
        self.root = 0;
        kept
    }
}

/// Iterator over a node's children, in edge order.
pub(crate) struct Children<'a> {
    arena: &'a Arena,
    next: u32,
}

impl<'a> Iterator for Children<'a> {
    type Item = (u32, &'a Node);
    fn next(&mut self) -> Option<Self::Item> {
        if self.next == NONE {
            return None;
        }
        let i = self.next;
        let node = self.arena.node(i);
        self.next = node.next_sibling;
        Some((i, node))
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
        let mut target = NONE;
        if self.arena.root != NONE && start_fen == self.start_fen && moves.starts_with(&self.moves) {
            target = self.arena.root;
            for &m in &moves[self.moves.len()..] {
                target = self.arena.child_by_move(target, PackedMove::pack(m));
                if target == NONE {
                    break;
                }
            }
        }
        // A kept root must have its moves (a leaf drawn by repetition has none stored).
        let reuse = if target != NONE && self.arena.node(target).num_edges > 0 {
            let kept =
                if target == self.arena.root && target == 0 { before } else { self.arena.reroot(target) };
            Reuse { head_n: self.arena.node(0).n as u64, kept_nodes: kept, freed_nodes: before - kept }
        } else {
            self.arena.clear();
            Reuse { head_n: 0, kept_nodes: 0, freed_nodes: before }
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
        if self.arena.root == NONE { 0 } else { self.arena.node(self.arena.root).n as u64 }
    }

    /// Nodes in the tree.
    pub fn node_count(&self) -> u32 {
        self.arena.nodes.len()
    }

    /// Edges in the tree (including the few slots skipped at chunk ends).
    pub fn edge_count(&self) -> u32 {
        self.arena.edges.len()
    }

    /// Bytes allocated by the arenas.
    pub fn allocated_bytes(&self) -> usize {
        self.arena.nodes.allocated_bytes() + self.arena.edges.allocated_bytes()
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
    let parsed: Fen = fen.trim().parse().map_err(|e| format!("malformed FEN `{fen}`: {e}"))?;
    parsed.into_position(CastlingMode::Standard).map_err(|e| format!("illegal position `{fen}`: {e}"))
}
