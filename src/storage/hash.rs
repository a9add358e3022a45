//! The hash a save compares a file with (`Seen`): fast over large files,
//! fed as the file is read.

/// A hash of a file's bytes, eight at a time (FNV-1a's steps over words):
/// a 100 MB collection in a few milliseconds' worth of multiplies rather
/// than FNV-1a's hundred million. It may differ from `fnv1a` (whose names
/// on disk must not change): kept in memory, and with an autosave, where
/// a change of it only makes a recovery ask once more.
#[cfg(test)]
pub(super) fn content_hash(bytes: &[u8]) -> u64 {
    let mut h = Hasher::default();
    h.feed(bytes);
    h.finish()
}

/// The hash fed in pieces (`content_hash` at once, for the tests): a file is hashed as it is read, never
/// held whole a second time (a 100 MB collection open in the TUI).
pub(super) struct Hasher {
    h: u64,
    /// The bytes of a word not yet complete (fewer than eight).
    carry: Vec<u8>,
}

impl Default for Hasher {
    fn default() -> Hasher {
        Hasher {
            h: 0xcbf2_9ce4_8422_2325,
            carry: Vec::with_capacity(8),
        }
    }
}

impl Hasher {
    fn word(&mut self, w: &[u8]) {
        let mut word = [0u8; 8];
        word.copy_from_slice(w);
        self.h = (self.h ^ u64::from_le_bytes(word)).wrapping_mul(0x0000_0100_0000_01b3);
        self.h ^= self.h >> 29;
    }

    pub(super) fn feed(&mut self, mut data: &[u8]) {
        if !self.carry.is_empty() {
            let take = (8 - self.carry.len()).min(data.len());
            self.carry.extend_from_slice(&data[..take]);
            data = &data[take..];
            if self.carry.len() < 8 {
                return;
            }
            let w = std::mem::take(&mut self.carry);
            self.word(&w);
        }
        let mut words = data.chunks_exact(8);
        for w in &mut words {
            self.word(w);
        }
        self.carry.extend_from_slice(words.remainder());
    }

    pub(super) fn finish(mut self) -> u64 {
        for &b in &std::mem::take(&mut self.carry) {
            self.h = (self.h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
        self.h
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hash fed in pieces of any size is the hash of the whole.
    #[test]
    fn the_hash_in_pieces_is_the_hash_of_the_whole() {
        let bytes: Vec<u8> = (0..1000u32).map(|i| (i * 7 % 251) as u8).collect();
        let whole = content_hash(&bytes);
        for piece in [1, 3, 7, 8, 9, 64, 999, 1000] {
            let mut h = Hasher::default();
            for c in bytes.chunks(piece) {
                h.feed(c);
            }
            assert_eq!(h.finish(), whole, "pieces of {piece}");
        }
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("f");
        std::fs::write(&f, &bytes).unwrap();
        let seen = crate::storage::Seen::of(&f).unwrap();
        assert_eq!(
            (seen.bytes(), seen.token()),
            (1000, format!("1000-{whole:x}"))
        );
    }
}
