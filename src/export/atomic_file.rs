//! Files that appear under their names only when complete: written to a temporary file beside
//! the target and renamed into place at commit, so a failed or interrupted run leaves the
//! previous file or none, never a truncated one.

use crate::error::{Error, Result};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

/// A file that appears under its name only when complete.
pub struct AtomicFile {
    path: PathBuf,
    tmp: PathBuf,
    writer: Option<BufWriter<File>>,
}

impl AtomicFile {
    /// Starts writing `path`: creates a temporary file beside it, removed by an interrupt
    /// ([`remove_temporary_files`]) or when this is dropped without [`AtomicFile::commit`].
    pub fn create(path: &Path) -> Result<AtomicFile> {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("output");
        let tmp = path.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
        let file = File::create(&tmp).map_err(|source| Error::Io {
            path: tmp.clone(),
            source,
        })?;
        pending().push(tmp.clone());
        Ok(AtomicFile {
            path: path.to_path_buf(),
            tmp,
            writer: Some(BufWriter::with_capacity(1 << 20, file)),
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

    /// Flushes, syncs and renames the file into place.
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
        })
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if self.writer.is_some() {
            let _ = std::fs::remove_file(&self.tmp);
        }
        pending().retain(|tmp| *tmp != self.tmp);
    }
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
