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
    /// ([`interrupt`]) or when this is dropped without [`AtomicFile::commit`].
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

    /// Flushes, syncs and renames the file into place; when any of it fails, the temporary file
    /// is removed (by `Drop`) and the previous file stays.
    pub fn commit(self) -> Result<()> {
        commit_all(vec![self])
    }

    /// Flushes and renames the file into place without waiting for the disk: for the many
    /// small files of a folder of pages, where a sync each would cost more than making them (a
    /// page per NoReC document is 43,000 syncs). A failed or interrupted run still leaves no
    /// half-written file under the name; only a crash of the machine before the system has
    /// written the file out may.
    pub fn commit_unsynced(mut self) -> Result<()> {
        let writer = self.writer.take().expect("writer is present until commit");
        writer.into_inner().map_err(|e| Error::Io {
            path: self.tmp.clone(),
            source: e.into_error(),
        })?;
        // An interrupt waits for the rename, then finds the file renamed (`Drop` forgets it).
        let pending = pending();
        self.rename()?;
        drop(pending);
        Ok(())
    }

    /// Flushes and syncs the temporary file: where a full disk shows.
    fn prepare(&mut self) -> Result<()> {
        let writer = self.writer.take().expect("writer is present until commit");
        let file = writer.into_inner().map_err(|e| Error::Io {
            path: self.tmp.clone(),
            source: e.into_error(),
        })?;
        file.sync_all().map_err(|source| Error::Io {
            path: self.tmp.clone(),
            source,
        })
    }

    /// Whether a rename can put the file in place: not over a folder (a rename replaces a file
    /// or a symlink, never a folder), so that a set stops before its first rename, not halfway.
    fn replaceable(&self) -> Result<()> {
        match std::fs::symlink_metadata(&self.path) {
            Ok(meta) if meta.is_dir() => Err(Error::Invalid(vec![crate::error::Problem {
                file: self.path.display().to_string(),
                line: 0,
                column: None,
                message: "is a folder: the output cannot replace it; move it away or give \
                          another --out"
                    .into(),
            }])),
            _ => Ok(()),
        }
    }

    fn rename(&mut self) -> Result<()> {
        std::fs::rename(&self.tmp, &self.path).map_err(|source| Error::Io {
            path: self.path.clone(),
            source,
        })?;
        self.committed = true;
        Ok(())
    }
}

/// Commits files as one set: every one is flushed and synced first, so that a full disk or a
/// failing device stops the commit before any file is renamed (the previous set stays whole),
/// and a folder at a final name, which no rename can replace, stops it too; then all are
/// renamed in a row, while an interrupt ([`interrupt`]) waits for the last rename. A reader
/// sees the previous set or the new one, but for the microseconds between two renames of one
/// commit (renames within a folder do not fail for want of space).
pub fn commit_all(mut files: Vec<AtomicFile>) -> Result<()> {
    for file in &mut files {
        file.prepare()?;
    }
    for file in &files {
        file.replaceable()?;
    }
    let mut pending = pending();
    for file in &mut files {
        file.rename()?;
    }
    pending.published = true;
    pending
        .files
        .retain(|tmp| !files.iter().any(|f| f.tmp == *tmp));
    // The guard goes before the files, whose `Drop` takes it again.
    drop(pending);
    Ok(())
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if !self.committed {
            let _ = std::fs::remove_file(&self.tmp);
        }
        pending().files.retain(|tmp| *tmp != self.tmp);
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

/// What an interrupt must know: the temporary files not yet renamed into place, and whether a
/// set of outputs was published.
struct Pending {
    files: Vec<PathBuf>,
    published: bool,
}

fn pending() -> std::sync::MutexGuard<'static, Pending> {
    static PENDING: std::sync::Mutex<Pending> = std::sync::Mutex::new(Pending {
        files: Vec::new(),
        published: false,
    });
    PENDING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// For an interrupt handler: waits for a commit under way to finish, removes every temporary
/// output file not renamed into place, and says whether a set of outputs was published (else
/// the previous outputs are as they were). Nothing half-written is left behind.
pub fn interrupt() -> bool {
    let mut pending = pending();
    for tmp in pending.files.drain(..) {
        let _ = std::fs::remove_file(tmp);
    }
    pending.published
}

/// Takes the advisory lock of an output folder (`.kampfakta.lock` in it) for as long as the
/// returned file lives, so that a second run into the same folder stops with a message instead
/// of mixing its files with this one's; then removes what a killed run left (temporary files of
/// the outputs named in `outputs`), which no other run can be writing now.
pub fn lock_folder(dir: &Path, outputs: &[&str]) -> Result<File> {
    let path = dir.join(".kampfakta.lock");
    // A FIFO there would block the open, a symlink lead it elsewhere: only a regular file is
    // taken for the lock.
    if let Ok(meta) = std::fs::symlink_metadata(&path) {
        if !meta.file_type().is_file() {
            return Err(Error::Invalid(vec![crate::error::Problem {
                file: path.display().to_string(),
                line: 0,
                column: None,
                message: "is not a regular file (a symlink, FIFO or folder): remove it, it is \
                          only kampfakta's lock"
                    .into(),
            }]));
        }
    }
    let lock = File::options()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(|source| Error::Io {
            path: path.clone(),
            source,
        })?;
    match lock.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => {
            return Err(Error::Invalid(vec![crate::error::Problem {
                file: dir.display().to_string(),
                line: 0,
                column: None,
                message: "another kampfakta run is writing into this folder (it holds \
                          .kampfakta.lock); wait for it to end or give another --out"
                    .into(),
            }]))
        }
        Err(std::fs::TryLockError::Error(source)) => return Err(Error::Io { path, source }),
    }
    let leftovers = std::fs::read_dir(dir).into_iter().flatten().flatten();
    for entry in leftovers {
        let name = entry.file_name().to_string_lossy().into_owned();
        let ours = outputs
            .iter()
            .any(|output| name.starts_with(&format!(".{output}.")) && name.ends_with(".tmp"));
        if ours {
            let _ = std::fs::remove_file(entry.path());
        }
    }
    Ok(lock)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes a set of files with the given contents into `dir` and commits it.
    fn commit_set(dir: &Path, files: &[(&str, &str)]) -> Result<()> {
        let mut set = Vec::new();
        for (name, content) in files {
            let mut file = AtomicFile::create(&dir.join(name))?;
            file.write_all(content.as_bytes())?;
            set.push(file);
        }
        commit_all(set)
    }

    #[test]
    fn a_folder_at_a_later_name_stops_the_set_before_any_rename() {
        // Found by the commit fuzz target: `events.csv` was renamed into place, then the rename
        // onto the folder `mentions.csv` failed, leaving a new events.csv beside old files.
        let dir = tempfile::tempdir().unwrap();
        commit_set(dir.path(), &[("events.csv", "old")]).unwrap();
        std::fs::create_dir(dir.path().join("mentions.csv")).unwrap();
        let err = commit_set(
            dir.path(),
            &[("events.csv", "new"), ("mentions.csv", "new")],
        )
        .unwrap_err();
        assert!(err.to_string().contains("is a folder"), "{err}");
        let events = std::fs::read_to_string(dir.path().join("events.csv")).unwrap();
        assert_eq!(events, "old", "the previous set stays whole");
        assert!(dir.path().join("mentions.csv").is_dir());
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        assert!(
            names.iter().all(|n| !n.ends_with(".tmp")),
            "no temporary file left: {names:?}"
        );
    }
}
