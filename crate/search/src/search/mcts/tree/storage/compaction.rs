//! Compaction of a tree's arenas when a subtree becomes the new root ([`Arena::reroot`]), and
//! the test-only walk that checks the arenas' headers stay aligned (`Arena::check_walks`).

use super::super::records::{Kid, NONE, edge_header, header_owner};
use super::{Arena, EdgeVec, KidVec};

impl Arena {
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
