//! A growable array stored in fixed-size chunks, indexed by `u32`.
//!
//! Growing never copies: a new chunk is allocated when the last one is full, so memory rises in
//! small steps (no `Vec` doubling, no transient 2× peak) and an index is the same on 64-bit hosts
//! and on wasm32. Slices handed out by [`ChunkedVec::alloc_slice`] never straddle two chunks, so a
//! node's edges can be read as one `&[T]`.

/// A chunked array of `T` with `2^SHIFT` elements per chunk.
#[derive(Clone, Debug)]
pub(crate) struct ChunkedVec<T: Copy + Default, const SHIFT: u32> {
    chunks: Vec<Box<[T]>>,
    /// The next free index (slots skipped by [`ChunkedVec::alloc_slice`] count as used).
    len: u32,
}

impl<T: Copy + Default, const SHIFT: u32> Default for ChunkedVec<T, SHIFT> {
    fn default() -> Self {
        ChunkedVec { chunks: Vec::new(), len: 0 }
    }
}

impl<T: Copy + Default, const SHIFT: u32> ChunkedVec<T, SHIFT> {
    /// Elements per chunk.
    pub const CHUNK: u32 = 1 << SHIFT;
    const MASK: u32 = Self::CHUNK - 1;

    /// The next free index.
    #[inline]
    pub fn len(&self) -> u32 {
        self.len
    }

    /// Bytes allocated for elements (whole chunks).
    pub fn allocated_bytes(&self) -> usize {
        self.chunks.len() * Self::CHUNK as usize * std::mem::size_of::<T>()
    }

    fn ensure_chunks(&mut self, end: u32) {
        let needed = (end as usize).div_ceil(Self::CHUNK as usize);
        while self.chunks.len() < needed {
            self.chunks.push(vec![T::default(); Self::CHUNK as usize].into_boxed_slice());
        }
    }

    /// Append one element and return its index.
    #[inline]
    pub fn push(&mut self, value: T) -> u32 {
        let i = self.len;
        self.ensure_chunks(i + 1);
        self.len = i + 1;
        *self.get_mut(i) = value;
        i
    }

    /// Reserve `n` (≤ chunk size) consecutive slots within one chunk and return the first index.
    /// Slots skipped at the end of a chunk are reset to `T::default()`, so a reader that walks
    /// the array can recognise them.
    pub fn alloc_slice(&mut self, n: u32) -> u32 {
        debug_assert!(n <= Self::CHUNK);
        let start = Self::fit(self.len, n);
        self.ensure_chunks(start + n);
        self.pad(self.len, start);
        self.len = start + n;
        start
    }

    /// The first index at or after `at` where `n` slots fit in one chunk (what
    /// [`ChunkedVec::alloc_slice`] would return if `len` were `at`).
    #[inline]
    pub fn fit(at: u32, n: u32) -> u32 {
        if (at & Self::MASK) + n > Self::CHUNK { (at | Self::MASK) + 1 } else { at }
    }

    /// Element `i`.
    #[inline]
    pub fn get(&self, i: u32) -> &T {
        &self.chunks[(i >> SHIFT) as usize][(i & Self::MASK) as usize]
    }

    /// Element `i`, mutably.
    #[inline]
    pub fn get_mut(&mut self, i: u32) -> &mut T {
        &mut self.chunks[(i >> SHIFT) as usize][(i & Self::MASK) as usize]
    }

    /// `n` elements from `start`, which must lie in one chunk.
    #[inline]
    pub fn slice(&self, start: u32, n: u32) -> &[T] {
        let off = (start & Self::MASK) as usize;
        &self.chunks[(start >> SHIFT) as usize][off..off + n as usize]
    }

    /// `n` elements from `start`, mutably; they must lie in one chunk.
    #[inline]
    pub fn slice_mut(&mut self, start: u32, n: u32) -> &mut [T] {
        let off = (start & Self::MASK) as usize;
        &mut self.chunks[(start >> SHIFT) as usize][off..off + n as usize]
    }

    /// Copy `n` elements from `src` to `dst ≤ src`; both ranges lie within one chunk each.
    pub fn move_down(&mut self, src: u32, dst: u32, n: u32) {
        debug_assert!(dst <= src);
        if n == 0 || src == dst {
            return;
        }
        let (sc, dc) = ((src >> SHIFT) as usize, (dst >> SHIFT) as usize);
        let (so, d_o) = ((src & Self::MASK) as usize, (dst & Self::MASK) as usize);
        let n = n as usize;
        if sc == dc {
            self.chunks[sc].copy_within(so..so + n, d_o);
        } else {
            let (low, high) = self.chunks.split_at_mut(sc);
            low[dc][d_o..d_o + n].copy_from_slice(&high[0][so..so + n]);
        }
    }

    /// Reset the slots `from..to` (within one chunk) to `T::default()`: padding that walkers skip.
    pub fn pad(&mut self, from: u32, to: u32) {
        for i in from..to {
            *self.get_mut(i) = T::default();
        }
    }

    /// Forget everything from index `len` on and free the chunks no longer needed.
    pub fn truncate(&mut self, len: u32) {
        self.len = len.min(self.len);
        let needed = (self.len as usize).div_ceil(Self::CHUNK as usize);
        self.chunks.truncate(needed);
    }

    /// Remove everything and free all chunks.
    pub fn clear(&mut self) {
        self.chunks.clear();
        self.len = 0;
    }
}

#[cfg(test)]
mod tests;
