//! The transposition table: a fixed-size hash table of search results, indexed by Zobrist key.
//!
//! Buckets of [`BUCKET_SIZE`] 16-byte entries (one 64-byte cache line). A probe looks at one
//! bucket. A store replaces, in order of preference: the entry with the same key; an empty
//! entry; otherwise the entry with the lowest `depth − AGE_WEIGHT·age`, where `age` counts the
//! searches since the entry was written. Memory is fixed at construction (`mb` mebibytes,
//! rounded down to a power-of-two number of buckets) and never grows.

use super::mate::MATE_BOUND;

/// Entries per bucket.
pub const BUCKET_SIZE: usize = 4;
/// How much one search of age counts against depth when choosing a victim.
const AGE_WEIGHT: i32 = 8;
/// Generations wrap at this value (6 bits).
const GENERATIONS: u8 = 64;
/// Default table size in MiB.
pub const DEFAULT_MB: usize = 16;
/// Largest accepted table size in MiB (the wasm heap is small).
pub const MAX_MB: usize = 4096;

/// The kind of bound a stored score is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The exact score (a PV node).
    Exact,
    /// A lower bound (the search failed high: score ≥ beta).
    Lower,
    /// An upper bound (the search failed low: score ≤ alpha).
    Upper,
}

impl Bound {
    fn to_bits(self) -> u8 {
        match self {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        }
    }
    fn from_bits(bits: u8) -> Option<Bound> {
        match bits {
            1 => Some(Bound::Exact),
            2 => Some(Bound::Lower),
            3 => Some(Bound::Upper),
            _ => None,
        }
    }
}

/// One slot. `flags` holds the bound in its low 2 bits (0 = empty) and the generation above.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C)]
struct Entry {
    key: u64,
    mv: u16,
    score: i16,
    eval: i16,
    depth: u8,
    flags: u8,
}

/// One cache line of entries.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, align(64))]
struct Bucket([Entry; BUCKET_SIZE]);

/// What a probe found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    /// The best or refutation move, packed (see [`super::position::pack`]); 0 for none.
    pub mv: u16,
    /// The score, already adjusted to the probing node's ply (see [`crate::search`] mate
    /// scores).
    pub score: i32,
    /// The static evaluation stored with it.
    pub eval: i32,
    /// The remaining depth the score was searched to.
    pub depth: i32,
    /// The kind of bound.
    pub bound: Bound,
}

/// The transposition table.
#[derive(Debug)]
pub struct Tt {
    buckets: Vec<Bucket>,
    /// First bucket in use (see [`huge_page_offset`]); `len` buckets from there.
    offset: usize,
    len: usize,
    generation: u8,
}

/// Bytes in a transparent huge page (x86-64 Linux).
#[cfg(all(target_os = "linux", target_arch = "x86_64"))]
const HUGE_PAGE: usize = 2 * 1024 * 1024;

/// Allocates `n` buckets. On x86-64 Linux the table starts on a 2 MiB boundary inside a slightly
/// larger allocation and the kernel is asked to back it with transparent huge pages: a probe
/// then rarely misses the TLB. Elsewhere (wasm) it is a plain vector.
fn allocate(n: usize) -> (Vec<Bucket>, usize) {
    #[cfg(all(target_os = "linux", target_arch = "x86_64"))]
    {
        let bucket = std::mem::size_of::<Bucket>();
        if n * bucket >= HUGE_PAGE {
            let extra = HUGE_PAGE / bucket;
            // Reserve without touching, advise, then fill: pages faulted in after the advice can
            // be huge pages.
            let mut v: Vec<Bucket> = Vec::with_capacity(n + extra);
            let addr = v.as_ptr() as usize;
            let offset = (addr.next_multiple_of(HUGE_PAGE) - addr) / bucket;
            unsafe extern "C" {
                fn madvise(addr: *mut std::ffi::c_void, len: usize, advice: i32) -> i32;
            }
            /// `MADV_HUGEPAGE` from <sys/mman.h> (Linux).
            const MADV_HUGEPAGE: i32 = 14;
            let start = v.as_ptr().wrapping_add(offset) as *mut std::ffi::c_void;
            // SAFETY: the range lies inside `v`'s allocation and madvise only sets a paging
            // hint; its failure is harmless and ignored.
            unsafe { madvise(start, n * bucket, MADV_HUGEPAGE) };
            v.resize(n + extra, Bucket::default());
            return (v, offset);
        }
    }
    (vec![Bucket::default(); n], 0)
}

impl Tt {
    /// A table of at most `mb` MiB (at least one bucket); `mb` is clamped to [`MAX_MB`].
    pub fn new(mb: usize) -> Self {
        let bytes = mb.min(MAX_MB) * 1024 * 1024;
        let max_buckets = (bytes / std::mem::size_of::<Bucket>()).max(1);
        // Round down to a power of two.
        let n = 1usize << (usize::BITS - 1 - max_buckets.leading_zeros());
        let (buckets, offset) = allocate(n);
        Tt { buckets, offset, len: n, generation: 0 }
    }

    /// Number of entries.
    pub fn capacity(&self) -> usize {
        self.len * BUCKET_SIZE
    }

    /// Size in bytes.
    pub fn bytes(&self) -> usize {
        self.len * std::mem::size_of::<Bucket>()
    }

    /// Empties the table (a new game).
    pub fn clear(&mut self) {
        self.table_mut().fill(Bucket::default());
        self.generation = 0;
    }

    /// Starts a new search: entries written before age from now on.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) % GENERATIONS;
    }

    #[inline]
    fn table(&self) -> &[Bucket] {
        &self.buckets[self.offset..self.offset + self.len]
    }

    #[inline]
    fn table_mut(&mut self) -> &mut [Bucket] {
        &mut self.buckets[self.offset..self.offset + self.len]
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        // Lemire's fast range on the key's high 32 bits: (hi × len) >> 32 spreads the key over
        // the buckets with one 64-bit multiply. A 64×64 → 128 multiply would be a library call
        // in wasm. The table holds at most MAX_MB / 64 B = 2^26 buckets, so len fits in 32 bits;
        // entries store the whole key, so which bits pick the bucket does not matter for hits.
        (((key >> 32) * self.len as u64) >> 32) as usize
    }

    /// Prefetch hint; a no-op where unsupported.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let ptr = self.table().as_ptr().wrapping_add(self.index(key)) as *const i8;
            // SAFETY: prefetching is a hint and never dereferences; the pointer is in bounds.
            unsafe { std::arch::x86_64::_mm_prefetch(ptr, std::arch::x86_64::_MM_HINT_T0) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Looks up `key`, adjusting mate scores to `ply`.
    #[inline]
    pub fn probe(&self, key: u64, ply: usize) -> Option<Hit> {
        let bucket = &self.table()[self.index(key)].0;
        let e = bucket.iter().find(|e| e.key == key && e.flags & 3 != 0)?;
        Some(Hit {
            mv: e.mv,
            score: score_from_tt(e.score as i32, ply),
            eval: e.eval as i32,
            depth: e.depth as i32,
            bound: Bound::from_bits(e.flags & 3)?,
        })
    }

    /// Stores a result for `key` found at `ply` with remaining `depth`.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub fn store(&mut self, key: u64, ply: usize, mv: u16, score: i32, eval: i32, depth: i32, bound: Bound) {
        let generation = self.generation;
        let idx = self.index(key);
        let bucket = &mut self.table_mut()[idx].0;
        let age = |e: &Entry| ((GENERATIONS + generation - (e.flags >> 2)) % GENERATIONS) as i32;
        let slot = match bucket.iter().position(|e| e.key == key && e.flags & 3 != 0) {
            Some(i) => i,
            None => match bucket.iter().position(|e| e.flags & 3 == 0) {
                Some(i) => i,
                None => {
                    let mut victim = 0;
                    let mut worst = i32::MAX;
                    for (i, e) in bucket.iter().enumerate() {
                        let value = e.depth as i32 - AGE_WEIGHT * age(e);
                        if value < worst {
                            worst = value;
                            victim = i;
                        }
                    }
                    victim
                }
            },
        };
        let e = &mut bucket[slot];
        let same = e.key == key && e.flags & 3 != 0;
        // Keep a deeper exact-ish result of the same position from this search, unless the new
        // one is exact; always keep a known move if the new result has none.
        if same && age(e) == 0 && bound != Bound::Exact && e.depth as i32 > depth + 2 {
            if e.mv == 0 {
                e.mv = mv;
            }
            return;
        }
        let keep_move = if mv == 0 && same { e.mv } else { mv };
        *e = Entry {
            key,
            mv: keep_move,
            score: score_to_tt(score, ply) as i16,
            eval: eval.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            depth: depth.clamp(0, u8::MAX as i32) as u8,
            flags: bound.to_bits() | generation << 2,
        };
    }

    /// Occupancy in per mille: the share of the first 1000 entries written in this search
    /// (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let sample = 1000.min(self.capacity());
        let used = self
            .table()
            .iter()
            .flat_map(|b| b.0.iter())
            .take(sample)
            .filter(|e| e.flags & 3 != 0 && e.flags >> 2 == self.generation)
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

/// Converts a root-relative mate score into a node-relative one for storing.
#[inline]
fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// Converts a stored node-relative mate score back to the probing node's root-relative one.
#[inline]
fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests;
