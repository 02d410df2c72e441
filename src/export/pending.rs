//! What an interrupt must remove: the outputs being written and not yet in place (temporary
//! files of [`super::AtomicFile`], unpublished sets of [`super::OutputSet`]), all under names no
//! one can guess.

use std::hash::{BuildHasher, Hasher};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};

/// The outputs under way, and whether a set of outputs was published.
pub(super) struct Pending {
    /// Temporary files not yet renamed into place.
    pub files: Vec<PathBuf>,
    /// Version folders of sets not yet published; one removed by an interrupt takes no more
    /// files and cannot be published.
    pub sets: Vec<PathBuf>,
    pub published: bool,
}

/// The registry, held while an output is put in place so that an interrupt waits for it.
pub(super) fn pending() -> MutexGuard<'static, Pending> {
    static PENDING: Mutex<Pending> = Mutex::new(Pending {
        files: Vec::new(),
        sets: Vec::new(),
        published: false,
    });
    PENDING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// For an interrupt handler: waits for an output being put in place, removes every temporary
/// file and unpublished set, and says whether a set of outputs was published (else the previous
/// outputs are as they were). Nothing half-written is left behind.
pub fn interrupt() -> bool {
    let mut pending = pending();
    for tmp in pending.files.drain(..) {
        let _ = std::fs::remove_file(tmp);
    }
    for set in pending.sets.drain(..) {
        let _ = std::fs::remove_dir_all(set);
    }
    pending.published
}

/// A part of a name that another user cannot predict: the process id, a counter and 64 random
/// bits (the standard library's per-process random hash keys).
pub(super) fn unguessable() -> String {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let random = std::collections::hash_map::RandomState::new()
        .build_hasher()
        .finish();
    format!(
        "{}-{}-{random:016x}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    )
}
