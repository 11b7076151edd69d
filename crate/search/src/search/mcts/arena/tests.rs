use super::*;

type Small = ChunkedVec<u32, 3>; // 8 per chunk

#[test]
fn push_get_and_chunk_growth() {
    let mut v = Small::default();
    for i in 0..20 {
        assert_eq!(v.push(i * 10), i);
    }
    assert_eq!(v.len(), 20);
    assert_eq!(*v.get(13), 130);
    assert_eq!(v.allocated_bytes(), 3 * 8 * 4);
    v.truncate(9);
    assert_eq!(v.allocated_bytes(), 2 * 8 * 4);
    v.clear();
    assert_eq!(v.len(), 0);
    assert_eq!(v.allocated_bytes(), 0);
}

#[test]
fn slices_never_straddle_chunks() {
    let mut v = Small::default();
    assert_eq!(v.alloc_slice(5), 0);
    assert_eq!(v.alloc_slice(5), 8); // 5..8 would straddle
    assert_eq!(v.alloc_slice(3), 13);
    assert_eq!(v.len(), 16);
    v.slice_mut(8, 5).copy_from_slice(&[1, 2, 3, 4, 5]);
    assert_eq!(v.slice(9, 3), &[2, 3, 4]);
    assert_eq!(Small::fit(6, 3), 8);
    assert_eq!(Small::fit(5, 3), 5);
}

#[test]
fn move_down_within_and_across_chunks() {
    let mut v = Small::default();
    for i in 0..24 {
        v.push(i);
    }
    v.move_down(17, 2, 4);
    assert_eq!(v.slice(2, 4), &[17, 18, 19, 20]);
    v.move_down(5, 4, 3);
    assert_eq!(v.slice(4, 3), &[20, 6, 7]); // overlapping copy inside one chunk
}
