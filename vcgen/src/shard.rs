//! Splitting the entries of one project over several machines: `--shard I/N` keeps the
//! entries whose stable hash falls in shard I of N.
//!
//! The hash is 64-bit FNV-1a of `class.method(descriptor)` (binary class name, JVM
//! descriptor): it depends on nothing but those bytes, so every run on every machine puts an
//! entry in the same shard, and the N shards together hold every entry exactly once.

use std::fmt;
use std::str::FromStr;

/// Shard `index` (from 1) of `count`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    index: u32,
    count: u32,
}

impl Shard {
    /// Shard `index` (from 1) of `count`; `None` unless `1 <= index <= count`.
    pub fn new(index: u32, count: u32) -> Option<Shard> {
        (index >= 1 && index <= count).then_some(Shard { index, count })
    }

    /// The shard's number, from 1.
    pub fn index(self) -> u32 {
        self.index
    }

    /// How many shards there are.
    pub fn count(self) -> u32 {
        self.count
    }

    /// Whether the entry `class.method(descriptor)` belongs to this shard.
    pub fn contains(self, class: &str, method: &str, descriptor: &str) -> bool {
        let hash = stable_hash(&[class, ".", method, descriptor]);
        hash % u64::from(self.count) == u64::from(self.index - 1)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = String;

    /// Parses `I/N`, e.g. `2/3`.
    fn from_str(text: &str) -> Result<Shard, String> {
        let bad = || format!("`{text}` is not a shard: write I/N with 1 <= I <= N, e.g. 2/3");
        let (index, count) = text.trim().split_once('/').ok_or_else(bad)?;
        let index = index.trim().parse().map_err(|_| bad())?;
        let count = count.trim().parse().map_err(|_| bad())?;
        Shard::new(index, count).ok_or_else(bad)
    }
}

/// 64-bit FNV-1a of the bytes of `parts` in order: the same on every machine and run, for
/// ids that must not change between runs (shards, finding fingerprints). The parts are
/// joined as they are; a caller that needs them kept apart puts a separator between them.
pub fn stable_hash(parts: &[&str]) -> u64 {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let mut hash = OFFSET;
    for byte in parts.iter().flat_map(|p| p.bytes()) {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(PRIME);
    }
    hash
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_i_of_n() {
        let shard: Shard = "2/3".parse().unwrap();
        assert_eq!((shard.index(), shard.count()), (2, 3));
        assert_eq!(shard.to_string(), "2/3");
        for bad in ["0/3", "4/3", "3", "a/b", "1/0", "-1/2"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }

    #[test]
    fn the_hash_is_fnv1a_and_fixed() {
        assert_eq!(stable_hash(&[""]), 0xcbf2_9ce4_8422_2325);
        assert_eq!(stable_hash(&["a"]), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(stable_hash(&["fo", "obar"]), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn every_entry_is_in_exactly_one_shard() {
        for i in 0..200 {
            let method = format!("m{i}");
            let owners = (1..=3)
                .filter(|&k| Shard::new(k, 3).unwrap().contains("p.A", &method, "(I)V"))
                .count();
            assert_eq!(owners, 1, "{method}");
        }
        let shard = Shard::new(1, 1).unwrap();
        assert!(shard.contains("p.A", "m", "()V"));
    }
}
