//! The compiled cue lexicon (see [`crate::snapshot`]): the shipped rows parsed, their lemmas
//! expanded to word forms and indexed, so that a run starts without reading the lemma table or
//! the CSV files. One section: the [`Lexicon`] (postcard), whose wildcard automaton is built
//! from its few literals when read.

use super::lexicon::{Lexicon, EMBEDDED_FILES};
use crate::snapshot::fingerprint::fingerprint;
use crate::snapshot::{frame, sections, Kind};
use std::borrow::Cow;

const KIND: Kind = Kind {
    magic: b"KFCUESNP",
    format: 1,
};

/// The snapshot of the shipped lexicon, as committed (`kampfakta compile` writes it).
static SHIPPED: &[u8] = include_bytes!("../../data/lexicon.snapshot");

/// The fingerprint `build.rs` computed of the cue files and the lemma table this binary embeds.
fn shipped_fingerprint() -> u64 {
    env!("KAMPFAKTA_LEXICON_FINGERPRINT")
        .parse()
        .expect("build.rs writes the fingerprint as a number")
}

/// The fingerprint of the embedded files the lexicon is built from: the cue files in their
/// order, then the lemma table.
fn embedded_fingerprint() -> u64 {
    let cues = EMBEDDED_FILES.iter().map(|(_, text)| text.as_bytes());
    fingerprint(cues.chain([crate::lemma::EMBEDDED_TABLE.as_bytes()]))
}

/// The shipped lexicon from its snapshot; `None` when it was not compiled from the files this
/// binary embeds, or cannot be read.
pub(super) fn shipped() -> Option<Lexicon> {
    read(Cow::Borrowed(SHIPPED), shipped_fingerprint())
}

/// The compiled snapshot of the shipped lexicon, built from its files: what
/// `data/lexicon.snapshot` must hold.
pub(super) fn compile_shipped() -> crate::Result<Vec<u8>> {
    Ok(write(
        &Lexicon::from_embedded_files()?,
        embedded_fingerprint(),
    ))
}

fn write(lexicon: &Lexicon, fingerprint: u64) -> Vec<u8> {
    let lexicon = postcard::to_stdvec(lexicon).expect("a lexicon has no unserializable field");
    frame(&KIND, fingerprint, &[&lexicon])
}

fn read(bytes: Cow<'static, [u8]>, fingerprint: u64) -> Option<Lexicon> {
    let [lexicon] = sections::<1>(bytes, &KIND, fingerprint)?;
    postcard::from_bytes(&lexicon).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_snapshot_is_compiled_from_the_shipped_files() {
        assert_eq!(
            embedded_fingerprint(),
            shipped_fingerprint(),
            "build.rs fingerprints the files lexicon.rs and lemma embed, in their order"
        );
        assert!(
            compile_shipped().unwrap() == SHIPPED,
            "data/lexicon.snapshot is not what the shipped cue files compile to: run \
             `cargo run --release -- compile` and commit it"
        );
    }

    #[test]
    fn a_snapshot_reads_back_as_the_lexicon_written() {
        let built = Lexicon::from_embedded_files().unwrap();
        let bytes = write(&built, 7);
        let read_back = read(Cow::Owned(bytes.clone()), 7).expect("the same fingerprint");
        // Its word index is a hash map, written back in another order: compare what it does.
        assert_eq!(read_back.rows(), built.rows());
        let gazetteer = &crate::classify::testing::GAZETTEER;
        assert!(crate::classify::check_examples(&read_back, gazetteer).is_empty());
        assert!(read(Cow::Owned(bytes), 8).is_none(), "another fingerprint");
    }
}
