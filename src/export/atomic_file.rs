//! A single file that appears under its name only when complete (a trained model): written to
//! a temporary file beside the target and renamed into place at commit, so a failed or
//! interrupted run leaves the previous file or none, never a truncated one. A folder of outputs
//! is published as one set instead ([`super::OutputSet`]).
//!
//! The temporary file gets a name no one can guess and is created only if nothing is there yet
//! (`O_EXCL`): a symlink planted at that name, or anything else, makes the run fail instead of
//! writing through it. The rename replaces the final name itself, so a symlink there is
//! replaced by the file and its target is left alone.

use super::pending::{pending, unguessable};
use crate::error::{Error, Result};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

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
    /// ([`super::interrupt`]) or when this is dropped without [`AtomicFile::commit`].
    pub fn create(path: &Path) -> Result<AtomicFile> {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("output");
        let tmp = path.with_file_name(format!(".{name}.{}.tmp", unguessable()));
        // Known to an interrupt before it exists, so that none is left behind.
        pending().files.push(tmp.clone());
        let file = File::options()
            .write(true)
            .create_new(true)
            .open(&tmp)
            .map_err(|source| {
                pending().files.retain(|t| *t != tmp);
                Error::Io {
                    path: tmp.clone(),
                    source,
                }
            })?;
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

    /// Flushes and syncs the temporary file (where a full disk shows), then renames it into
    /// place, while an interrupt waits; when any of it fails, the temporary file is removed (by
    /// `Drop`) and the previous file stays.
    pub fn commit(mut self) -> Result<()> {
        let io_error = |source| Error::Io {
            path: self.tmp.clone(),
            source,
        };
        let writer = self.writer.take().expect("writer is present until commit");
        let file = writer.into_inner().map_err(|e| io_error(e.into_error()))?;
        file.sync_all().map_err(io_error)?;
        let mut pending = pending();
        // An interrupt removed the temporary file: there is nothing to rename.
        if !pending.files.contains(&self.tmp) {
            return Err(io_error(std::io::ErrorKind::NotFound.into()));
        }
        std::fs::rename(&self.tmp, &self.path).map_err(|source| Error::Io {
            path: self.path.clone(),
            source,
        })?;
        self.committed = true;
        pending.published = true;
        pending.files.retain(|tmp| *tmp != self.tmp);
        Ok(())
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if !self.committed {
            let _ = std::fs::remove_file(&self.tmp);
        }
        pending().files.retain(|tmp| *tmp != self.tmp);
    }
}
