//! The mutation engine: a small deterministic RNG and byte-level mutations (bit flips, inserts,
//! deletes, chunk repeats, splices, and dictionary tokens / awkward numbers per target).

/// xorshift64*: fast, deterministic from its seed, good enough to pick mutations.
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed` (0 is replaced by a fixed odd constant).
    pub fn new(seed: u64) -> Rng {
        Rng(if seed == 0 { 0x9E37_79B9_7F4A_7C15 } else { seed })
    }

    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// True with probability 1/`n`.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }
}

/// Numbers that break parsers: signs, overflow, NaN/inf spellings, exponents, huge and tiny.
pub const NUMBERS: &[&str] = &[
    "0",
    "-0",
    "1",
    "-1",
    "2",
    "7",
    "40",
    "100",
    "1000",
    "999999",
    "2147483647",
    "2147483648",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "1e3",
    "1e308",
    "1e309",
    "-1e309",
    "1e-320",
    "0.5",
    "1000.5",
    "NaN",
    "nan",
    "inf",
    "-inf",
    "infinity",
    "+5",
    "0x10",
    "1_000",
    "٣",
    "１",
    "",
    " ",
    ".",
    "-",
    "+",
    "e",
    "1e",
    "00000000001",
];

/// At most this many bytes per input: long enough for deep nesting and many keys, short
/// enough to keep executions fast.
pub const MAX_LEN: usize = 4096;

/// Applies 1–4 random mutations to `data`; `pool` supplies splice material, `dict` tokens.
pub fn mutate(rng: &mut Rng, data: &mut Vec<u8>, pool: &[Vec<u8>], dict: &[&str]) {
    let rounds = 1 + rng.below(4);
    for _ in 0..rounds {
        mutate_once(rng, data, pool, dict);
    }
    data.truncate(MAX_LEN);
}

fn token<'a>(rng: &mut Rng, dict: &[&'a str]) -> &'a str {
    if dict.is_empty() || rng.one_in(3) {
        NUMBERS[rng.below(NUMBERS.len())]
    } else {
        dict[rng.below(dict.len())]
    }
}

fn mutate_once(rng: &mut Rng, data: &mut Vec<u8>, pool: &[Vec<u8>], dict: &[&str]) {
    let len = data.len();
    let at = |rng: &mut Rng| if len == 0 { 0 } else { rng.below(len + 1) };
    match rng.below(12) {
        // Flip a bit.
        0 if len > 0 => {
            let i = rng.below(len);
            data[i] ^= 1 << rng.below(8);
        }
        // Replace a byte with an interesting one.
        1 if len > 0 => {
            const BYTES: &[u8] = b"\0\n\r\t (),=+-/:.;*\"'{}[]%#\\0189eE\x7f\xc3\xff";
            let i = rng.below(len);
            data[i] = BYTES[rng.below(BYTES.len())];
        }
        // Delete a range.
        2 if len > 0 => {
            let i = rng.below(len);
            let n = 1 + rng.below((len - i).min(16));
            data.drain(i..i + n);
        }
        // Insert a dictionary token or awkward number.
        3..=5 => {
            let i = at(rng);
            let t = token(rng, dict).as_bytes().to_vec();
            data.splice(i..i, t);
        }
        // Replace a run of digits (or any short range) with an awkward number.
        6 if len > 0 => {
            let i = rng.below(len);
            let mut j = i;
            while j < len && (data[j].is_ascii_alphanumeric() || data[j] == b'.') {
                j += 1;
            }
            let j = j.max(i + 1).min(len);
            let t = NUMBERS[rng.below(NUMBERS.len())].as_bytes().to_vec();
            data.splice(i..j, t);
        }
        // Repeat a chunk many times (deep nesting, many keys, long lines).
        7 if len > 0 => {
            let i = rng.below(len);
            let n = 1 + rng.below((len - i).min(32));
            let chunk = data[i..i + n].to_vec();
            let most = if rng.one_in(8) { 500 } else { 8 };
            let times = 1 + rng.below(most);
            let mut rep = Vec::with_capacity(chunk.len() * times);
            for _ in 0..times {
                rep.extend_from_slice(&chunk);
            }
            data.splice(i..i, rep);
        }
        // Splice in part of another input.
        8 if !pool.is_empty() => {
            let other = &pool[rng.below(pool.len())];
            if !other.is_empty() {
                let s = rng.below(other.len());
                let n = 1 + rng.below(other.len() - s);
                let i = at(rng);
                data.splice(i..i, other[s..s + n].iter().copied());
            }
        }
        // Swap two ranges' order: cut a chunk and put it elsewhere.
        9 if len > 1 => {
            let i = rng.below(len);
            let n = 1 + rng.below((len - i).min(24));
            let chunk: Vec<u8> = data.drain(i..i + n).collect();
            let j = rng.below(data.len() + 1);
            data.splice(j..j, chunk);
        }
        // Change letter case or insert a unicode look-alike.
        10 if len > 0 => {
            let i = rng.below(len);
            if data[i].is_ascii_alphabetic() {
                data[i] ^= 0x20;
            } else {
                const ODD: &[&str] =
                    &["\u{a0}", "\u{2009}", "\u{ff0c}", "\u{2212}", "é", "\u{200b}", "\u{feff}"];
                let t = ODD[rng.below(ODD.len())].as_bytes().to_vec();
                data.splice(i..i, t);
            }
        }
        // Truncate.
        _ if len > 0 => {
            let n = rng.below(len);
            data.truncate(n);
        }
        _ => {
            let t = token(rng, dict).as_bytes().to_vec();
            data.extend_from_slice(&t);
        }
    }
}
