//! PUCT selection and the choice of the best edge.

use super::super::params::MctsParams;
use super::super::policy::PRIOR_ONE;
use super::super::tree::{Arena, Bound, Kid};

/// The child selected by PUCT.
pub(super) struct Pick {
    /// Edge index.
    pub(super) edge: usize,
    /// The child's record, or `None` if the edge is unvisited.
    pub(super) kid: Option<u32>,
    /// Where a record for this edge goes in the child array (for an unvisited edge).
    pub(super) pos: usize,
    /// The edge's prior.
    pub(super) prior: u16,
}

/// PUCT selection at `node` (whose own record is `me`):
/// `Q + c_puct · P · √max(1, N − 1) / (1 + n)`, unvisited children at the FPU value
/// `Q_parent − fpu_reduction · √(visited policy)`. Without `grow` only existing children are
/// candidates. With a finite `remaining` (the root), children that can no longer catch up with
/// the most-visited one (`max(1, remaining) < N_best − n`) are skipped (spec §8, root pruning).
///
/// Edges are sorted by prior (highest first) when a node is created, and every unvisited edge
/// has the same Q (the FPU) and the same denominator, so the best unvisited edge is the first
/// one missing from the child array: one pass over the visited children decides.
pub(super) fn select(
    arena: &Arena,
    node: u32,
    me: &Kid,
    params: &MctsParams,
    grow: bool,
    remaining: f64,
) -> Option<Pick> {
    let edges = arena.edges_of(node);
    let kids = arena.kids_of(node);
    let u_mult = params.c_puct * (me.n.saturating_sub(1).max(1) as f32).sqrt() / PRIOR_ONE;
    // Root pruning as a visit floor: `max(1, remaining) < N_best − n` ⟺ `n < ⌈N_best − max(1, remaining)⌉`.
    let floor = if remaining.is_finite() {
        let best_n = kids.iter().map(|k| k.n).max().unwrap_or(0);
        (best_n as f64 - remaining.max(1.0)).ceil().max(0.0) as u32
    } else {
        0
    };
    let mut visited_prior = 0u32;
    let (mut best_score, mut best_j) = (f32::NEG_INFINITY, usize::MAX);
    for (j, k) in kids.iter().enumerate() {
        let prior = k.prior as u32;
        visited_prior += prior;
        // score = q + u/d > best  ⟺  q·d + u > best·d  (d > 0): divide only on improvement.
        let (d, u) = ((1 + k.n) as f32, u_mult * prior as f32);
        if k.n >= floor && k.q * d + u > best_score * d {
            best_score = k.q + u / d;
            best_j = j;
        }
    }
    // Child arrays are sorted by edge with distinct edges, so `edge − position` never decreases
    // and the first unvisited edge is at the first position where it is not 0.
    let gap = if kids.last().is_none_or(|k| k.edge as usize == kids.len() - 1) {
        if kids.len() < edges.len() { kids.len() } else { usize::MAX }
    } else {
        let (mut lo, mut hi) = (0, kids.len());
        while lo < hi {
            let mid = (lo + hi) / 2;
            if kids[mid].edge as usize == mid { lo = mid + 1 } else { hi = mid }
        }
        lo
    };
    if gap != usize::MAX && grow && floor == 0 {
        let fpu = -me.q - params.fpu_reduction * (visited_prior as f32 / PRIOR_ONE).sqrt();
        let score = fpu + u_mult * edges[gap].prior as f32;
        if score > best_score
            || (score == best_score && best_j != usize::MAX && gap < kids[best_j].edge as usize)
        {
            return Some(Pick { edge: gap, kid: None, pos: gap, prior: edges[gap].prior });
        }
    }
    (best_j != usize::MAX).then(|| Pick {
        edge: kids[best_j].edge as usize,
        kid: Some(arena.kids_start(node) + best_j as u32),
        pos: best_j,
        prior: kids[best_j].prior,
    })
}

/// The record of the child of `node` at edge `e`, if visited.
pub(super) fn kid_at(arena: &Arena, node: u32, e: usize) -> Option<Kid> {
    arena.kids_of(node).iter().find(|k| k.edge as usize == e).copied()
}

/// The edge a player would choose at `node`: a proven win first (the shortest), then by visits,
/// Q and prior, a proven loss last (the longest). `None` without edges.
pub(super) fn best_edge(arena: &Arena, node: u32) -> Option<usize> {
    let edges = arena.edges_of(node);
    if edges.is_empty() {
        return None;
    }
    // Rank: (class, tiebreak on plies, visits, q, prior); compared lexicographically.
    type Key = (u8, i32, u32, f32, u16);
    let key_of = |i: usize, c: Option<&Kid>| -> Key {
        let prior = edges[i].prior;
        match c {
            None => (1, 0, 0, f32::NEG_INFINITY, prior),
            Some(c) => match c.bound() {
                Bound::Win => (2, -(c.end_plies() as i32), c.n, c.q, prior),
                Bound::Loss => (0, c.end_plies() as i32, c.n, c.q, prior),
                _ => (1, 0, c.n, c.q, prior),
            },
        }
    };
    let greater = |a: &Key, b: &Key| {
        (a.0, a.1, a.2).cmp(&(b.0, b.1, b.2)).then(a.3.total_cmp(&b.3)).then(a.4.cmp(&b.4))
            == std::cmp::Ordering::Greater
    };
    let mut best: Option<(usize, Key)> = None;
    let mut kids = arena.kids_of(node).iter().peekable();
    for i in 0..edges.len() {
        let c = match kids.peek() {
            Some(k) if k.edge as usize == i => kids.next(),
            _ => None,
        };
        let key = key_of(i, c);
        if best.as_ref().is_none_or(|(_, b)| greater(&key, b)) {
            best = Some((i, key));
        }
    }
    best.map(|(i, _)| i)
}
