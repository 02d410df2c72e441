//! Compiled data: what the binary ships (the gazetteers, the cue lexicon) built once from its
//! CSV files by `kampfakta compile`, the same code that builds a user's files, and embedded as
//! bytes that a run reads with no parsing.
//!
//! A snapshot is framed as: 8 bytes of magic, its format (u32), the fingerprint of the files it
//! was compiled from (u64), then sections, each its length (u64) and bytes, and the last section
//! to the end. All little-endian. The files stay the source of truth: `build.rs` fingerprints
//! them as it builds the crate, and a snapshot of other files (one edited without compiling
//! again) is not used: the data is then built from the files, as slowly as before, and the build
//! warns.

pub(crate) mod fingerprint;

use std::borrow::Cow;

const HEADER: usize = 8 + 4 + 8;
const LENGTH: usize = 8;

/// What a kind of snapshot is: its magic and the format its sections are written in.
pub(crate) struct Kind {
    pub magic: &'static [u8; 8],
    /// Changed whenever what the sections hold changes shape, so that an older snapshot is not
    /// read as this one.
    pub format: u32,
}

/// The snapshot of `sections` compiled from files of `fingerprint`.
pub(crate) fn frame(kind: &Kind, fingerprint: u64, sections: &[&[u8]]) -> Vec<u8> {
    let mut bytes = Vec::new();
    bytes.extend_from_slice(kind.magic);
    bytes.extend_from_slice(&kind.format.to_le_bytes());
    bytes.extend_from_slice(&fingerprint.to_le_bytes());
    if let Some((last, sized)) = sections.split_last() {
        for section in sized {
            bytes.extend_from_slice(&(section.len() as u64).to_le_bytes());
            bytes.extend_from_slice(section);
        }
        bytes.extend_from_slice(last);
    }
    bytes
}

/// The `N` sections of a snapshot of `kind` compiled from files of `fingerprint`, borrowed when
/// the bytes are; `None` for other bytes (another kind, format or fingerprint, or cut short).
pub(crate) fn sections<const N: usize>(
    bytes: Cow<'static, [u8]>,
    kind: &Kind,
    fingerprint: u64,
) -> Option<[Cow<'static, [u8]>; N]> {
    let header = bytes.get(..HEADER)?;
    let format = u32::from_le_bytes(header[8..12].try_into().ok()?);
    let compiled_from = u64::from_le_bytes(header[12..20].try_into().ok()?);
    if &header[..8] != kind.magic || format != kind.format || compiled_from != fingerprint {
        return None;
    }
    let mut ranges = [(0, 0); N];
    let mut at = HEADER;
    for (i, range) in ranges.iter_mut().enumerate() {
        let end = if i + 1 == N {
            bytes.len()
        } else {
            let length = u64::from_le_bytes(bytes.get(at..at + LENGTH)?.try_into().ok()?);
            at += LENGTH;
            at.checked_add(usize::try_from(length).ok()?)?
        };
        bytes.get(at..end)?;
        *range = (at, end);
        at = end;
    }
    Some(ranges.map(|(start, end)| match &bytes {
        Cow::Borrowed(bytes) => Cow::Borrowed(&bytes[start..end]),
        Cow::Owned(bytes) => Cow::Owned(bytes[start..end].to_vec()),
    }))
}

/// A checksum of every byte, eight at a time (FxHash's step): it tells a snapshot written whole
/// from one cut short or damaged on disk, at a millisecond for the shipped gazetteers' 11 MB.
/// Not for hostile files: whoever can write a user's cache can also write their gazetteers.
pub(crate) fn checksum(bytes: &[u8]) -> u64 {
    const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;
    let mut hash = bytes.len() as u64;
    let mut words = bytes.chunks_exact(8);
    for word in &mut words {
        let word = u64::from_le_bytes(word.try_into().expect("chunks of eight"));
        hash = (hash.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
    for &byte in words.remainder() {
        hash = (hash.rotate_left(5) ^ u64::from(byte)).wrapping_mul(SEED);
    }
    hash
}

/// `bytes` followed by their [`checksum`], for a file that another process may find damaged.
pub(crate) fn seal(mut bytes: Vec<u8>) -> Vec<u8> {
    let sum = checksum(&bytes);
    bytes.extend_from_slice(&sum.to_le_bytes());
    bytes
}

/// The bytes [`seal`] wrote; `None` when they do not match their checksum.
pub(crate) fn unseal(mut bytes: Vec<u8>) -> Option<Vec<u8>> {
    let at = bytes.len().checked_sub(8)?;
    let sum = u64::from_le_bytes(bytes[at..].try_into().ok()?);
    bytes.truncate(at);
    (checksum(&bytes) == sum).then_some(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    const KIND: Kind = Kind {
        magic: b"TESTSNAP",
        format: 3,
    };

    #[test]
    fn a_sealed_file_is_opened_only_whole() {
        let sealed = seal(b"gazetteer bytes".to_vec());
        assert_eq!(unseal(sealed.clone()).unwrap(), b"gazetteer bytes");
        let mut damaged = sealed.clone();
        damaged[3] ^= 1;
        let table: [(&str, Vec<u8>); 4] = [
            ("a byte changed", damaged),
            ("cut short", sealed[..sealed.len() - 1].to_vec()),
            ("empty", Vec::new()),
            ("only a checksum", sealed[sealed.len() - 8..].to_vec()),
        ];
        for (name, bytes) in table {
            assert!(unseal(bytes).is_none(), "{name}");
        }
    }

    #[test]
    fn sections_read_back_as_framed() {
        let framed = frame(&KIND, 7, &[b"ab", b"", b"cde"]);
        let read = sections::<3>(Cow::Owned(framed.clone()), &KIND, 7).unwrap();
        assert_eq!(
            read.map(|s| s.into_owned()),
            [b"ab".to_vec(), vec![], b"cde".to_vec()]
        );
        let other_kind = Kind {
            magic: b"OTHERSNP",
            format: 3,
        };
        let newer = Kind {
            magic: KIND.magic,
            format: 4,
        };
        let table: [(&str, Vec<u8>, &Kind, u64); 4] = [
            ("another fingerprint", framed.clone(), &KIND, 8),
            ("another kind", framed.clone(), &other_kind, 7),
            ("another format", framed.clone(), &newer, 7),
            ("cut short", framed[..framed.len() - 4].to_vec(), &KIND, 7),
        ];
        for (name, bytes, kind, fingerprint) in table {
            assert!(
                sections::<3>(Cow::Owned(bytes), kind, fingerprint).is_none(),
                "{name}"
            );
        }
    }
}
