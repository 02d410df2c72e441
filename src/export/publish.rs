//! An output folder's files, published all at once: a run writes its whole set into a fresh
//! version folder and publishes it in one step, so that a reader sees the previous set or the
//! new one, never a mix, whatever stops the run (a full disk, Ctrl-C, SIGTERM, a failing merge,
//! `kill -9`).
//!
//! ```text
//! DIR/events.csv -> .kampfakta/current/events.csv   a symlink per name at the top of the set
//! DIR/.kampfakta/lock                                the advisory lock of the run writing
//! DIR/.kampfakta/current -> v-<unguessable>          the set published last
//! DIR/.kampfakta/v-<unguessable>/                    that set, and the one published before
//! ```
//!
//! Publishing is one rename: a new symlink to the version folder replaces `current`. The
//! previous version stays until the next run starts, so a reader who resolved `current` just
//! before the swap can finish reading its set; that run removes it, with whatever a killed run
//! left (an unpublished version, a temporary symlink), once it holds the lock.
//!
//! Nothing is written through a name someone else could have planted: version and temporary
//! names are unguessable and made only where nothing is (`create_dir`, `create_new`,
//! `symlink`), and the predictable names (`current`, the names in `DIR`) are only ever replaced
//! by a rename, which replaces a symlink itself, never its target.

use super::pending::{pending, unguessable};
use crate::error::{Error, Problem, Result};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

/// The hidden folder in `DIR` that holds the versions.
const STORE: &str = ".kampfakta";
/// The advisory lock in the store.
const LOCK: &str = "lock";
/// The symlink in the store to the version published last.
const CURRENT: &str = "current";
/// The lock file in `DIR` of kampfakta before versioned sets.
const OLD_LOCK: &str = ".kampfakta.lock";

/// The folder to read an output folder's set from, all of it: the version `current` names when
/// the set was published by [`OutputSet`], else the folder itself (a set written by hand, or by
/// a version of kampfakta before versioned sets). Reading the names in `dir` one by one instead
/// could mix two sets if a run publishes in between; reading the version resolved once cannot
/// (the next run into `dir` may remove it, which fails a read rather than mixing).
pub fn published_set(dir: &Path) -> PathBuf {
    std::fs::canonicalize(dir.join(STORE).join(CURRENT)).unwrap_or_else(|_| dir.to_path_buf())
}

/// A run's set of outputs for one folder, written into a version folder of its own and
/// published together by [`OutputSet::publish`]; removed if dropped unpublished. Holds the
/// folder's lock while it lives.
pub struct OutputSet {
    /// The output folder (`--out`).
    dir: PathBuf,
    /// `DIR/.kampfakta`.
    store: PathBuf,
    /// The version folder's name in the store.
    version: String,
    /// The version folder.
    path: PathBuf,
    published: bool,
    _lock: File,
}

impl OutputSet {
    /// Creates `dir` if need be, takes its lock (a second run into it stops with a message),
    /// removes what earlier runs left, and starts an empty version. `holds` says what the
    /// folder is for, in the message given when `dir` is a file.
    pub fn create(dir: &Path, holds: &str) -> Result<OutputSet> {
        if dir.exists() && !dir.is_dir() {
            return Err(invalid(
                dir,
                &format!("is a file, not a folder: --out wants a folder for {holds}"),
            ));
        }
        let io_error = |path: &Path| {
            let path = path.to_path_buf();
            move |source| Error::Io { path, source }
        };
        std::fs::create_dir_all(dir).map_err(io_error(dir))?;
        let store = dir.join(STORE);
        match std::fs::create_dir(&store) {
            Err(e) if e.kind() != std::io::ErrorKind::AlreadyExists => {
                return Err(io_error(&store)(e))
            }
            _ => {}
        }
        // A symlink planted at the store's name would lead every version elsewhere.
        if !std::fs::symlink_metadata(&store).is_ok_and(|meta| meta.is_dir()) {
            return Err(invalid(
                &store,
                "is not a folder (a symlink or a file): remove it, it is where kampfakta \
                 keeps the published outputs",
            ));
        }
        let lock = lock(dir, &store)?;
        let current = store.join(CURRENT);
        if std::fs::symlink_metadata(&current).is_ok_and(|meta| !meta.is_symlink()) {
            return Err(invalid(
                &current,
                "is not a symlink: remove it, it is kampfakta's pointer to the published \
                 outputs",
            ));
        }
        remove_leftovers(&store)?;
        // The lock of the layout before versioned sets, now unused (a link is removed itself).
        match std::fs::remove_file(dir.join(OLD_LOCK)) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                return Err(io_error(&dir.join(OLD_LOCK))(e))
            }
            _ => {}
        }
        let version = format!("v-{}", unguessable());
        let path = store.join(&version);
        // Known to an interrupt before it exists, so that none is left behind.
        pending().sets.push(path.clone());
        if let Err(source) = std::fs::create_dir(&path) {
            pending().sets.retain(|set| *set != path);
            return Err(Error::Io { path, source });
        }
        Ok(OutputSet {
            dir: dir.to_path_buf(),
            store,
            version,
            path,
            published: false,
            _lock: lock,
        })
    }

    /// The output folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Makes a folder in the set (`html`), to hold files named `html/...`.
    pub fn create_folder(&self, name: &str) -> Result<()> {
        let path = self.path.join(name);
        let _pending = self.still_pending(&path)?;
        std::fs::create_dir(&path).map_err(|source| Error::Io { path, source })
    }

    /// Starts a file of the set (`events.csv`, `html/index.html`): created only where nothing
    /// is, in the unpublished version, which no reader sees.
    pub fn create_file(&self, name: &str) -> Result<OutputFile> {
        let path = self.path.join(name);
        let _pending = self.still_pending(&path)?;
        let file = File::options()
            .write(true)
            .create_new(true)
            .open(&path)
            .map_err(|source| Error::Io {
                path: path.clone(),
                source,
            })?;
        Ok(OutputFile {
            path,
            writer: BufWriter::with_capacity(1 << 20, file),
        })
    }

    /// Writes a whole file of the set and syncs it.
    pub fn write(&self, name: &str, bytes: &[u8]) -> Result<()> {
        let mut file = self.create_file(name)?;
        file.write_all(bytes)?;
        file.finish()
    }

    /// Publishes the set, its files finished: the version's folders are synced, each name at
    /// its top gets its symlink in `DIR` (replacing, never writing through, what was there),
    /// then `current` is pointed at the version by one rename, while an interrupt waits. A
    /// folder at one of the names stops it before anything changes, and a failure before the
    /// rename leaves the previous set published. Symlinks of `DIR` to names the set does not
    /// have (pages of documents no longer read) are removed after.
    pub fn publish(mut self) -> Result<()> {
        let mut pending = self.still_pending(&self.path)?;
        sync_folders(&self.path)?;
        let mut names: Vec<_> = std::fs::read_dir(&self.path)
            .and_then(|entries| entries.map(|e| e.map(|e| e.file_name())).collect())
            .map_err(|source| Error::Io {
                path: self.path.clone(),
                source,
            })?;
        names.sort();
        for name in &names {
            let at = self.dir.join(name);
            if std::fs::symlink_metadata(&at).is_ok_and(|meta| meta.is_dir()) {
                return Err(invalid(
                    &at,
                    "is a folder: the output cannot replace it; move it away or give another \
                     --out",
                ));
            }
        }
        for name in &names {
            let target = Path::new(STORE).join(CURRENT).join(name);
            if std::fs::read_link(self.dir.join(name)).is_ok_and(|link| link == target) {
                continue;
            }
            self.replace_with_symlink(&target, &self.dir.join(name))?;
        }
        self.replace_with_symlink(Path::new(&self.version), &self.store.join(CURRENT))?;
        self.published = true;
        pending.published = true;
        pending.sets.retain(|set| *set != self.path);
        drop(pending);
        for folder in [&self.store, &self.dir] {
            sync_folder(folder)?;
        }
        remove_stale_symlinks(&self.dir, &names);
        Ok(())
    }

    /// Puts a symlink to `target` at `at` by renaming a new one over it: a rename replaces
    /// what is at `at` (a file, a planted symlink) in one step and never writes through it.
    fn replace_with_symlink(&self, target: &Path, at: &Path) -> Result<()> {
        // Made in the store, so that a run killed here leaves it where the next run cleans.
        let tmp = self.store.join(format!("link.{}.tmp", unguessable()));
        std::os::unix::fs::symlink(target, &tmp).map_err(|source| Error::Io {
            path: tmp.clone(),
            source,
        })?;
        std::fs::rename(&tmp, at).map_err(|source| {
            let _ = std::fs::remove_file(&tmp);
            Error::Io {
                path: at.to_path_buf(),
                source,
            }
        })
    }

    /// The registry, held, if an interrupt has not removed the set; else an error for `path`.
    fn still_pending(
        &self,
        path: &Path,
    ) -> Result<std::sync::MutexGuard<'static, super::pending::Pending>> {
        let pending = pending();
        if pending.sets.contains(&self.path) {
            return Ok(pending);
        }
        Err(Error::Io {
            path: path.to_path_buf(),
            source: std::io::Error::new(
                std::io::ErrorKind::Interrupted,
                "interrupted: the unpublished outputs are removed",
            ),
        })
    }
}

impl Drop for OutputSet {
    fn drop(&mut self) {
        if !self.published {
            let _ = std::fs::remove_dir_all(&self.path);
        }
        pending().sets.retain(|set| *set != self.path);
    }
}

/// A file of an [`OutputSet`] being written.
pub struct OutputFile {
    path: PathBuf,
    writer: BufWriter<File>,
}

impl OutputFile {
    /// Appends bytes.
    pub fn write_all(&mut self, bytes: &[u8]) -> Result<()> {
        self.writer.write_all(bytes).map_err(|source| Error::Io {
            path: self.path.clone(),
            source,
        })
    }

    /// Flushes and syncs the file: where a full disk shows, before anything is published.
    pub fn finish(self) -> Result<()> {
        let path = self.path.clone();
        let file = self.finish_unsynced()?;
        file.sync_all().map_err(|source| Error::Io { path, source })
    }

    /// Flushes the file without waiting for the disk: for the many small files of a folder of
    /// pages, where a sync each would cost more than making them (a page per NoReC document is
    /// 43,000 syncs). A failed or interrupted run still publishes nothing; only a crash of the
    /// machine before the system has written the pages out may leave one short.
    pub fn finish_unsynced(self) -> Result<File> {
        self.writer.into_inner().map_err(|e| Error::Io {
            path: self.path,
            source: e.into_error(),
        })
    }
}

/// Takes the advisory lock (`.kampfakta/lock`) for as long as the returned file lives, so that
/// a second run into the same folder stops with a message instead of mixing its set with this
/// one's.
fn lock(dir: &Path, store: &Path) -> Result<File> {
    let path = store.join(LOCK);
    // A FIFO there would block the open, a symlink lead it elsewhere: only a regular file is
    // taken for the lock.
    if std::fs::symlink_metadata(&path).is_ok_and(|meta| !meta.file_type().is_file()) {
        return Err(invalid(
            &path,
            "is not a regular file (a symlink, FIFO or folder): remove it, it is only \
             kampfakta's lock",
        ));
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
        Ok(()) => Ok(lock),
        Err(std::fs::TryLockError::WouldBlock) => Err(invalid(
            dir,
            "another kampfakta run is writing into this folder (it holds .kampfakta/lock); \
             wait for it to end or give another --out",
        )),
        Err(std::fs::TryLockError::Error(source)) => Err(Error::Io { path, source }),
    }
}

/// Removes from the store everything but the lock, `current` and the version it names: the
/// version published before it, and what a killed run left. Only a run holding the lock
/// calls this, so no other run is writing there.
fn remove_leftovers(store: &Path) -> Result<()> {
    let current = std::fs::read_link(store.join(CURRENT)).ok();
    let entries = std::fs::read_dir(store).map_err(|source| Error::Io {
        path: store.to_path_buf(),
        source,
    })?;
    for entry in entries.flatten() {
        let name = entry.file_name();
        if name == LOCK || name == CURRENT || current.as_deref() == Some(Path::new(&name)) {
            continue;
        }
        // Never followed: a symlink is removed itself.
        let _ = match entry.file_type() {
            Ok(kind) if kind.is_dir() => std::fs::remove_dir_all(entry.path()),
            _ => std::fs::remove_file(entry.path()),
        };
    }
    Ok(())
}

/// Removes the symlinks of `dir` into `current` whose names the published set does not have.
fn remove_stale_symlinks(dir: &Path, names: &[std::ffi::OsString]) {
    let entries = std::fs::read_dir(dir).into_iter().flatten().flatten();
    for entry in entries {
        let name = entry.file_name();
        let ours = Path::new(STORE).join(CURRENT).join(&name);
        if !names.contains(&name) && std::fs::read_link(entry.path()).is_ok_and(|l| l == ours) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Syncs a folder and every folder in it, so that the names of their files are on the disk.
fn sync_folders(folder: &Path) -> Result<()> {
    let entries = std::fs::read_dir(folder).map_err(|source| Error::Io {
        path: folder.to_path_buf(),
        source,
    })?;
    for entry in entries.flatten() {
        if entry.file_type().is_ok_and(|kind| kind.is_dir()) {
            sync_folders(&entry.path())?;
        }
    }
    sync_folder(folder)
}

fn sync_folder(folder: &Path) -> Result<()> {
    File::open(folder)
        .and_then(|f| f.sync_all())
        .map_err(|source| Error::Io {
            path: folder.to_path_buf(),
            source,
        })
}

fn invalid(path: &Path, message: &str) -> Error {
    Error::Invalid(vec![Problem {
        file: path.display().to_string(),
        line: 0,
        column: None,
        message: message.into(),
    }])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes a set of one `events.csv` into `dir` and publishes it.
    fn publish(dir: &Path, events: &str) {
        let set = OutputSet::create(dir, "a test").unwrap();
        set.write("events.csv", events.as_bytes()).unwrap();
        set.publish().unwrap();
    }

    #[test]
    fn a_set_resolved_before_a_swap_stays_until_the_next_but_one_run() {
        let dir = tempfile::tempdir().unwrap();
        publish(dir.path(), "first");
        let resolved = std::fs::canonicalize(dir.path().join(".kampfakta/current")).unwrap();
        publish(dir.path(), "second");
        let read = |path: &Path| std::fs::read_to_string(path).unwrap();
        assert_eq!(read(&dir.path().join("events.csv")), "second");
        assert_eq!(read(&resolved.join("events.csv")), "first", "kept");
        publish(dir.path(), "third");
        assert!(!resolved.exists(), "removed by the next-but-one run");
        assert_eq!(read(&dir.path().join("events.csv")), "third");
    }

    #[test]
    fn an_abandoned_set_is_removed_and_publishes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        publish(dir.path(), "first");
        let set = OutputSet::create(dir.path(), "a test").unwrap();
        set.write("events.csv", b"half").unwrap();
        set.write("mentions.csv", b"half").unwrap();
        let version = set.path.clone();
        drop(set);
        assert!(!version.exists());
        let events = std::fs::read_to_string(dir.path().join("events.csv")).unwrap();
        assert_eq!(events, "first");
        assert!(std::fs::symlink_metadata(dir.path().join("mentions.csv")).is_err());
    }
}
