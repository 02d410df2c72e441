//! The fingerprint of the shipped data files, which tells whether a compiled snapshot
//! (`data/*.snapshot`) was made from them. `build.rs` computes it from the files as it builds the
//! crate; `kampfakta compile` writes it into the snapshot. One function for both, included by
//! `build.rs` with `#[path]`.

/// FNV-1a (64 bits) of each file's length and bytes, in order: a changed, added or moved byte
/// changes it. Not for hostile input: it only tells stale from current.
pub fn fingerprint<'a>(files: impl IntoIterator<Item = &'a [u8]>) -> u64 {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let mut hash = OFFSET;
    for file in files {
        let length = (file.len() as u64).to_le_bytes();
        for &byte in length.iter().chain(file) {
            hash = (hash ^ u64::from(byte)).wrapping_mul(PRIME);
        }
    }
    hash
}
