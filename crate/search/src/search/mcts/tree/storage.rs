//! The arenas holding one tree's nodes, edges and child records: access, growth, and
//! compaction when a subtree becomes the new root.

use super::super::arena::ChunkedVec;
use super::super::moves::PackedMove;
use super::records::{
    EDGE_BUDGET_PER_NODE, Edge, KID_BUDGET_PER_NODE, Kid, MAX_MOVES, NONE, Node, edge_header,
};

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
}

mod compaction;
