//! Compiled user gazetteers kept between runs: a run with `--gazetteer DIR` builds the layers
//! from CSV once (0.7 s with the shipped ones underneath), and the next run with the same
//! folders reads the compiled gazetteer back (see [`super::snapshot`]).
//!
//! An entry is named by the fingerprint of everything the build reads: this build of kampfakta,
//! the layers in order, each file's name and bytes (the shipped layer by its fingerprint). A
//! changed byte, file or order is another entry, so an entry is never stale; one whose bytes do
//! not match their checksum (cut short, damaged on disk) is built again and replaced. The
//! folder keeps the [`KEPT_ENTRIES`] newest entries. Writing is best effort: a cache that
//! cannot be written costs the next run time, never its result.

use super::snapshot;
use super::Gazetteer;
use crate::snapshot::fingerprint::fingerprint;
use crate::snapshot::{seal, unseal};
use std::borrow::Cow;
use std::path::{Path, PathBuf};

/// How many compiled gazetteers a cache folder keeps (11 MB or more each).
const KEPT_ENTRIES: usize = 8;
const PREFIX: &str = "gazetteer-";
const SUFFIX: &str = ".snapshot";

/// This build of kampfakta: its version and the fingerprint of its sources (`build.rs`), so
/// that an entry written by another build, whose loading code may differ, is not read.
fn build_identity() -> String {
    format!(
        "{} {}",
        env!("CARGO_PKG_VERSION"),
        env!("KAMPFAKTA_SOURCES_FINGERPRINT")
    )
}

/// One input of a build, in order: the shipped layer (by its fingerprint) or a file.
pub(super) enum Input<'a> {
    Shipped,
    /// A file of one kind of entity, by its kind and the name messages give it.
    File {
        name: &'a str,
        bytes: &'a [u8],
    },
}

/// The fingerprint naming the entry of a build that reads `inputs`.
pub(super) fn key<'a>(inputs: impl IntoIterator<Item = Input<'a>>) -> u64 {
    let identity = build_identity();
    let shipped = snapshot::shipped_fingerprint().to_le_bytes();
    let mut parts: Vec<&[u8]> = vec![identity.as_bytes()];
    for input in inputs {
        match input {
            Input::Shipped => parts.extend([b"shipped".as_slice(), &shipped]),
            Input::File { name, bytes } => {
                parts.extend([b"file".as_slice(), name.as_bytes(), bytes]);
            }
        }
    }
    fingerprint(parts)
}

fn entry(dir: &Path, key: u64) -> PathBuf {
    dir.join(format!("{PREFIX}{key:016x}{SUFFIX}"))
}

/// The gazetteer of the entry `key`, if the folder holds it whole.
pub(super) fn read(dir: &Path, key: u64) -> Option<Gazetteer> {
    let bytes = unseal(std::fs::read(entry(dir, key)).ok()?)?;
    snapshot::read(Cow::Owned(bytes), key)
}

/// Writes the entry `key` (beside, then renamed: a reader never sees half of it), and leaves
/// the folder its newest entries.
pub(super) fn write(dir: &Path, key: u64, gazetteer: &Gazetteer) {
    let path = entry(dir, key);
    let partial = path.with_extension(format!("{}.partial", std::process::id()));
    let written = std::fs::create_dir_all(dir)
        .and_then(|()| std::fs::write(&partial, seal(snapshot::write(gazetteer, key))))
        .and_then(|()| std::fs::rename(&partial, &path));
    if written.is_err() {
        let _ = std::fs::remove_file(&partial);
        return;
    }
    let Ok(listing) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<(std::time::SystemTime, PathBuf)> = listing
        .flatten()
        .filter(|e| {
            let name = e.file_name();
            let name = name.to_string_lossy();
            name.starts_with(PREFIX) && name.ends_with(SUFFIX)
        })
        .filter_map(|e| Some((e.metadata().ok()?.modified().ok()?, e.path())))
        .collect();
    entries.sort_by_key(|(modified, _)| std::cmp::Reverse(*modified));
    for (_, old) in entries.into_iter().skip(KEPT_ENTRIES) {
        let _ = std::fs::remove_file(old);
    }
}
