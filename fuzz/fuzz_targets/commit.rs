//! The all-or-nothing commit of a run's outputs (`AtomicFile`, `commit_all`, `lock_folder`) on
//! fuzzed sequences of sets written, committed, aborted or interrupted in a fresh folder, with
//! fuzzed names and contents and with directories and symlinks planted at the final names.
//! After every step each output of a set holds what it held before or what the set wrote (all
//! of them one or all of them the other, never a mix), a symlink's target is never written
//! through, and no temporary file is left behind.
use kampfakta::export::{commit_all, interrupt, lock_folder, AtomicFile};
use std::collections::BTreeMap;
use std::ffi::OsString;
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::{Path, PathBuf};

/// The input, read a byte or a slice at a time; zeros once it is used up.
struct Bytes<'a>(&'a [u8]);

impl<'a> Bytes<'a> {
    fn byte(&mut self) -> u8 {
        let (first, rest) = self.0.split_first().unwrap_or((&0, &[]));
        self.0 = rest;
        *first
    }

    fn slice(&mut self, len: usize) -> &'a [u8] {
        let (taken, rest) = self.0.split_at(len.min(self.0.len()));
        self.0 = rest;
        taken
    }
}

/// What a name in the folder is.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Entry {
    File(Vec<u8>),
    Dir,
    Link(PathBuf),
}

/// The names a run writes (the outputs of a folder), and a few fuzzed ones.
fn pool(bytes: &mut Bytes) -> Vec<OsString> {
    let mut names: Vec<OsString> = kampfakta::export::OUTPUTS
        .iter()
        .map(OsString::from)
        .collect();
    for _ in 0..bytes.byte() % 3 {
        let len = usize::from(bytes.byte() % 16) + 1;
        let repeat = usize::from(bytes.byte() % 20) + 1;
        let mut name: Vec<u8> = bytes
            .slice(len)
            .iter()
            .map(|&b| if b == b'/' || b == 0 { b'_' } else { b })
            .collect::<Vec<u8>>()
            .repeat(repeat);
        // A hidden name could pass for a temporary file; `.` and `..` are no file names.
        if name.first() == Some(&b'.') {
            name[0] = b'h';
        }
        name.truncate(255);
        let name = OsString::from_vec(name);
        if !name.is_empty() && !names.contains(&name) {
            names.push(name);
        }
    }
    names
}

fn state(dir: &Path, names: &[OsString]) -> BTreeMap<OsString, Entry> {
    let mut state = BTreeMap::new();
    for name in names {
        let path = dir.join(name);
        let Ok(meta) = std::fs::symlink_metadata(&path) else {
            continue;
        };
        let entry = if meta.file_type().is_symlink() {
            Entry::Link(std::fs::read_link(&path).expect("a link reads"))
        } else if meta.is_dir() {
            Entry::Dir
        } else {
            Entry::File(std::fs::read(&path).expect("an output reads"))
        };
        state.insert(name.clone(), entry);
    }
    state
}

/// Temporary files of outputs left in the folder.
fn leftovers(dir: &Path) -> Vec<OsString> {
    std::fs::read_dir(dir)
        .expect("the folder reads")
        .map(|e| e.expect("an entry reads").file_name())
        .filter(|name| {
            let name = name.as_bytes();
            name.starts_with(b".") && name.ends_with(b".tmp")
        })
        .collect()
}

fn main() {
    let base = Path::new("/dev/shm")
        .is_dir()
        .then(|| PathBuf::from("/dev/shm"))
        .unwrap_or_else(std::env::temp_dir);
    let dir = base.join(format!("kampfakta-fuzz-commit-{}", std::process::id()));
    afl::fuzz!(|data: &[u8]| {
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a fresh folder");
        let victim = dir.join("victim");
        std::fs::write(&victim, b"not to be written").expect("the victim file");
        let mut bytes = Bytes(data);
        let names = pool(&mut bytes);
        for _ in 0..16 {
            if bytes.0.is_empty() {
                break;
            }
            step(&dir, &names, &mut bytes);
            assert_eq!(
                leftovers(&dir),
                Vec::<OsString>::new(),
                "temporary files left"
            );
            assert_eq!(
                std::fs::read(&victim).expect("the victim reads"),
                b"not to be written",
                "a symlink's target was written through"
            );
        }
        let _ = std::fs::remove_dir_all(&dir);
    });
}

/// One set of outputs, or a leftover cleanup, and its checks.
fn step(dir: &Path, names: &[OsString], bytes: &mut Bytes) {
    let op = bytes.byte();
    if op % 8 == 7 {
        return leftovers_removed(dir, names, bytes);
    }
    let count = usize::from(bytes.byte()) % names.len() + 1;
    let first = usize::from(bytes.byte());
    let set: Vec<&OsString> = (0..count)
        .map(|i| &names[(first + i) % names.len()])
        .collect();
    let contents: Vec<&[u8]> = set
        .iter()
        .map(|_| {
            let len = usize::from(bytes.byte() % 64);
            bytes.slice(len)
        })
        .collect();
    // What is in the way at a final name before the set is written.
    let planted = &set[usize::from(bytes.byte()) % set.len()];
    match bytes.byte() % 5 {
        0 => {
            let _ = std::fs::remove_file(dir.join(planted));
            let _ = std::fs::create_dir(dir.join(planted));
        }
        1 => {
            let _ = std::fs::remove_file(dir.join(planted));
            let _ = std::os::unix::fs::symlink("victim", dir.join(planted));
        }
        2 => {
            let _ = std::fs::remove_file(dir.join(planted));
            let _ = std::fs::remove_dir(dir.join(planted));
        }
        _ => {}
    }
    let before = state(dir, names);
    let mut files = Vec::new();
    let mut created = true;
    for (name, content) in set.iter().zip(&contents) {
        match AtomicFile::create(&dir.join(name)) {
            Ok(mut file) => {
                // In pieces, as a run writes a document at a time.
                for piece in content.chunks(usize::from(op >> 4) + 1) {
                    file.write_all(piece).expect("writing a temporary file");
                }
                files.push(file);
            }
            // A name too long for a temporary one beside it.
            Err(_) => created = false,
        }
    }
    let committed = match (created, (op >> 1) % 4) {
        (false, _) | (true, 0) => {
            drop(files);
            false
        }
        (true, 1) => {
            // An interrupt before the commit: the temporary files are removed, and the commit
            // that follows must fail as a whole.
            interrupt();
            commit_all(files).is_ok()
        }
        (true, 2) if files.len() == 1 => files.pop().expect("one file").commit().is_ok(),
        _ => commit_all(files).is_ok(),
    };
    let after = state(dir, names);
    let mut expected = before.clone();
    if committed {
        for (name, content) in set.iter().zip(&contents) {
            expected.insert((*name).clone(), Entry::File(content.to_vec()));
        }
    }
    assert_eq!(after, expected, "committed: {committed}");
}

/// What a killed run leaves (temporary files of the outputs) is removed by the next lock of the
/// folder, and nothing else is; a second lock of the same folder fails while the first is held.
fn leftovers_removed(dir: &Path, names: &[OsString], bytes: &mut Bytes) {
    let mut planted = Vec::new();
    for name in names.iter().take(usize::from(bytes.byte() % 4) + 1) {
        let mut tmp = OsString::from(".");
        tmp.push(name);
        tmp.push(format!(".{}.tmp", bytes.byte()));
        if std::fs::write(dir.join(&tmp), b"left by a killed run").is_ok() {
            planted.push(tmp);
        }
    }
    let before = state(dir, names);
    let outputs: Vec<&str> = names.iter().filter_map(|n| n.to_str()).collect();
    let lock = lock_folder(dir, &outputs).expect("the folder locks");
    assert!(
        lock_folder(dir, &outputs).is_err(),
        "a second lock is refused"
    );
    drop(lock);
    for tmp in planted {
        let is_output = outputs
            .iter()
            .any(|o| tmp.as_bytes().starts_with(format!(".{o}.").as_bytes()));
        let exists = dir.join(&tmp).exists();
        assert_eq!(exists, !is_output, "{tmp:?}");
        // A leftover of a name not UTF-8 is not ours to know: remove it for the next checks.
        let _ = std::fs::remove_file(dir.join(&tmp));
    }
    assert_eq!(
        state(dir, names),
        before,
        "outputs untouched by the cleanup"
    );
    let _ = std::fs::remove_file(dir.join(".kampfakta.lock"));
}
