//! Files that appear under their names only when complete: written to a temporary file beside
//! the target and renamed into place at commit, so a failed or interrupted run leaves the
//! previous file or none, never a truncated one.
//!
//! The temporary file gets a name no one can guess (process id, a counter and a random number)
//! and is created only if nothing is there yet (`O_EXCL`): a symlink planted at that name, or
//! anything else, makes the run fail instead of writing through it. The rename replaces the
//! final name itself, so a symlink there is replaced by the file and its target is left alone.

use crate::error::{Error, Result};
use std::fs::File;
use std::hash::{BuildHasher, Hasher};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// A file that appears under its name only when complete.
pub struct AtomicFile {
    path: PathBuf,
    tmp: PathBuf,
    writer: Option<BufWriter<File>>,
    /// Renamed into place: nothing to remove.
    committed: bool,
}

impl AtomicFile {
    /// Starts writing `path`: creates a temporary file beside it, removed by an interrupt
    /// ([`remove_temporary_files`]) or when this is dropped without [`AtomicFile::commit`].
    pub fn create(path: &Path) -> Result<AtomicFile> {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("output");
        let tmp = path.with_file_name(format!(".{name}.{}.tmp", unguessable()));
        let file = File::options()
            .write(true)
            .create_new(true)
            .open(&tmp)
            .map_err(|source| Error::Io {
                path: tmp.clone(),
                source,
            })?;
        pending().push(tmp.clone());
        Ok(AtomicFile {
            path: path.to_path_buf(),
            tmp,
            writer: Some(BufWriter::with_capacity(1 << 20, file)),
            committed: false,
        })
    }

    /// Appends bytes to the temporary file.
    pub fn write_all(&mut self, bytes: &[u8]) -> Result<()> {
        let writer = self
            .writer
            .as_mut()
            .expect("writer is present until commit");
        writer.write_all(bytes).map_err(|source| Error::Io {
            path: self.tmp.clone(),
            source,
        })
    }

    /// Flushes, syncs and renames the file into place; when any of it fails, the temporary file
    /// is removed (by `Drop`) and the previous file stays.
    pub fn commit(mut self) -> Result<()> {
        let writer = self.writer.take().expect("writer is present until commit");
        let file = writer.into_inner().map_err(|e| Error::Io {
            path: self.tmp.clone(),
            source: e.into_error(),
        })?;
        file.sync_all().map_err(|source| Error::Io {
            path: self.tmp.clone(),
            source,
        })?;
        std::fs::rename(&self.tmp, &self.path).map_err(|source| Error::Io {
            path: self.path.clone(),
            source,
        })?;
        self.committed = true;
        Ok(())
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if !self.committed {
            let _ = std::fs::remove_file(&self.tmp);
        }
        pending().retain(|tmp| *tmp != self.tmp);
    }
}

/// A part of a temporary file's name that another user cannot predict: the process id, a
/// counter and 64 random bits (the standard library's per-process random hash keys).
fn unguessable() -> String {
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

/// Temporary files not yet renamed into place, so that an interrupt can remove them.
fn pending() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    static PENDING: std::sync::Mutex<Vec<PathBuf>> = std::sync::Mutex::new(Vec::new());
    PENDING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Removes every temporary output file not yet renamed into place. For an interrupt handler: the
/// previous complete outputs stay, and nothing half-written is left behind.
pub fn remove_temporary_files() {
    for tmp in pending().drain(..) {
        let _ = std::fs::remove_file(tmp);
    }
}
