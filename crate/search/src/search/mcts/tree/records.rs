//! The records of the tree: nodes, edges (a move and its prior), child records (visits, Q,
//! proof) and proven bounds, with their sizes.

use serde::Serialize;

use super::super::moves::PackedMove;

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
    pub(in crate::search::mcts) proof: u8,
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
pub(super) fn edge_header(owner: u32) -> Edge {
    let v = owner + 1;
    Edge { mv: PackedMove::from_raw(v as u16), prior: (v >> 16) as u16 }
}

/// The owner named by a header edge, `None` for padding.
pub(super) fn header_owner(e: &Edge) -> Option<u32> {
    let v = e.mv.raw() as u32 | (e.prior as u32) << 16;
    v.checked_sub(1)
}
