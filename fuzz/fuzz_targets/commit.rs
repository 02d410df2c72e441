//! The all-or-nothing publication of a run's outputs (`OutputSet`) on fuzzed sequences of sets
//! written into one folder and published, abandoned or interrupted, with fuzzed names, contents
//! and a subfolder, and with folders, symlinks and a killed run's leftovers planted at the names
//! a run can predict (the outputs, `.kampfakta`, `.kampfakta/current`); and the single-file
//! commit (`AtomicFile`). After every step a reader of the folder sees what it saw before or the
//! whole new set, never a mix; no symlink's target is written through; nothing is left but the
//! published set and the one before it; a second run is refused while one holds the lock.
use kampfakta::export::{interrupt, AtomicFile, OutputSet};
use std::collections::BTreeMap;
use std::io::ErrorKind;
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

/// The subfolder a set may have (as `extract --html` has), with one file in it.
const FOLDER: &str = "html";
const IN_FOLDER: &str = "html/index.html";

/// The names a run writes at the top of a folder (the outputs), and a few fuzzed ones.
fn pool(bytes: &mut Bytes) -> Vec<String> {
    let mut names: Vec<String> = kampfakta::export::OUTPUTS
        .iter()
        .map(|name| name.to_string())
        .collect();
    for _ in 0..bytes.byte() % 3 {
        let len = usize::from(bytes.byte() % 16) + 1;
        let repeat = usize::from(bytes.byte() % 20) + 1;
        let raw: Vec<u8> = bytes
            .slice(len)
            .iter()
            .map(|&b| if b == b'/' || b == 0 { b'_' } else { b })
            .collect();
        let mut name = String::from_utf8_lossy(&raw).repeat(repeat);
        // A hidden name could pass for kampfakta's store; `.` and `..` are no file names.
        if name.starts_with('.') {
            name.replace_range(..1, "h");
        }
        while name.len() > 255 {
            name.pop();
        }
        if !name.is_empty() && name != FOLDER && !names.contains(&name) {
            names.push(name);
        }
    }
    names
}

/// What a reader opening `DIR/<name>` gets, for each name a set can have.
fn view(dir: &Path, names: &[String]) -> BTreeMap<String, Result<Vec<u8>, ErrorKind>> {
    names
        .iter()
        .map(String::as_str)
        .chain([IN_FOLDER])
        .map(|name| {
            let read = std::fs::read(dir.join(name)).map_err(|e| e.kind());
            (name.to_string(), read)
        })
        .collect()
}

/// The name at the top of the folder a name of the view is under.
fn top(name: &str) -> &str {
    name.split('/').next().unwrap_or(name)
}

/// The version `current` names, if any.
fn current(dir: &Path) -> Option<PathBuf> {
    std::fs::read_link(dir.join(".kampfakta/current")).ok()
}

fn main() {
    let base = Path::new("/dev/shm")
        .is_dir()
        .then(|| PathBuf::from("/dev/shm"))
        .unwrap_or_else(std::env::temp_dir);
    let root = base.join(format!("kampfakta-fuzz-commit-{}", std::process::id()));
    afl::fuzz!(|data: &[u8]| {
        let _ = std::fs::remove_dir_all(&root);
        let dir = root.join("out");
        let victim = root.join("victim");
        let victims = root.join("victims");
        std::fs::create_dir_all(&dir).expect("a fresh folder");
        std::fs::write(&victim, b"not to be written").expect("the victim file");
        std::fs::create_dir(&victims).expect("the victim folder");
        std::fs::write(victims.join("events.csv"), b"not to be written").expect("a victim");
        let mut bytes = Bytes(data);
        let names = pool(&mut bytes);
        for _ in 0..12 {
            if bytes.0.is_empty() {
                break;
            }
            if bytes.byte() % 8 == 7 {
                single_file(&root, &mut bytes);
            } else {
                step(&root, &names, &mut bytes);
            }
            assert_eq!(
                std::fs::read(&victim).expect("the victim reads"),
                b"not to be written",
                "a symlink's target was written through"
            );
            let planted: Vec<_> = std::fs::read_dir(&victims)
                .expect("the victim folder reads")
                .collect();
            assert_eq!(planted.len(), 1, "written into a planted folder");
            assert_eq!(
                std::fs::read(victims.join("events.csv")).expect("a victim reads"),
                b"not to be written"
            );
        }
        let _ = std::fs::remove_dir_all(&root);
    });
}

/// Plants something at a predictable name, then writes a set and publishes, abandons or
/// interrupts it, and checks what a reader sees and what is left.
fn step(root: &Path, names: &[String], bytes: &mut Bytes) {
    let dir = root.join("out");
    let store = dir.join(".kampfakta");
    let count = usize::from(bytes.byte()) % names.len() + 1;
    let first = usize::from(bytes.byte());
    let with_folder = bytes.byte() % 2 == 0;
    let mut set: Vec<(String, Vec<u8>)> = (0..count)
        .map(|i| {
            let len = usize::from(bytes.byte() % 64);
            (names[(first + i) % names.len()].clone(), bytes.slice(len).to_vec())
        })
        .collect();
    if with_folder {
        set.push((IN_FOLDER.to_string(), bytes.slice(16).to_vec()));
    }
    let planted_at = dir.join(&names[usize::from(bytes.byte()) % names.len()]);
    let mut planted_store = false;
    match bytes.byte() % 8 {
        0 => {
            let _ = std::fs::remove_file(&planted_at);
            let _ = std::fs::create_dir(&planted_at);
        }
        1 => {
            let _ = std::fs::remove_file(&planted_at);
            let _ = std::os::unix::fs::symlink(root.join("victim"), &planted_at);
        }
        2 => {
            let _ = std::fs::remove_file(&planted_at);
            let _ = std::fs::remove_dir(&planted_at);
            let _ = std::fs::write(&planted_at, b"an earlier kampfakta's plain file");
        }
        3 => {
            let _ = std::fs::remove_file(dir.join(FOLDER));
            let _ = std::os::unix::fs::symlink(root.join("victims"), dir.join(FOLDER));
        }
        4 if store.is_dir() => {
            let _ = std::fs::remove_file(store.join("current"));
            let _ = std::os::unix::fs::symlink(root.join("victims"), store.join("current"));
        }
        5 if store.is_dir() => {
            let killed = store.join(format!("v-killed-{}", bytes.byte()));
            let _ = std::fs::create_dir(&killed);
            let _ = std::fs::write(killed.join("events.csv"), b"half a run");
            let _ = std::os::unix::fs::symlink("v-killed", store.join("link.killed.tmp"));
        }
        6 if std::fs::symlink_metadata(&store).is_err() => {
            std::os::unix::fs::symlink(root.join("victims"), &store).expect("a planted store");
            planted_store = true;
        }
        _ => {}
    }
    let before = view(&dir, names);
    let current_before = current(&dir);
    // The names whose symlinks into `current` the run made: a set without them removes them.
    let ours: Vec<&String> = before
        .keys()
        .filter(|key| {
            let top = top(key);
            std::fs::read_link(dir.join(top))
                .is_ok_and(|link| link == Path::new(".kampfakta/current").join(top))
        })
        .collect();
    let published = write_set(&dir, &set, bytes);
    let after = view(&dir, names);
    if published {
        let expected: BTreeMap<_, _> = before
            .iter()
            .map(|(key, read)| {
                let new = set.iter().find(|(name, _)| name == key);
                let expected = match new {
                    Some((_, content)) => Ok(content.clone()),
                    None if ours.contains(&key) => Err(ErrorKind::NotFound),
                    // Planted at a name the set does not have: left as it was.
                    None => read.clone(),
                };
                (key.clone(), expected)
            })
            .collect();
        assert_eq!(after, expected, "published");
    } else {
        assert_eq!(after, before, "not published");
    }
    if planted_store {
        std::fs::remove_file(&store).expect("the planted store goes");
        return;
    }
    // Nothing left but the lock, `current`, its version and (once published) the one before.
    let mut kept = vec![PathBuf::from("lock"), PathBuf::from("current")];
    kept.extend(current(&dir));
    if published {
        kept.extend(current_before);
    }
    for entry in std::fs::read_dir(&store).into_iter().flatten() {
        let name = PathBuf::from(entry.expect("an entry reads").file_name());
        assert!(kept.contains(&name), "left in the store: {name:?}");
    }
    for entry in std::fs::read_dir(&dir).expect("the folder reads") {
        let name = entry.expect("an entry reads").file_name();
        assert!(!name.to_string_lossy().ends_with(".tmp"), "left: {name:?}");
    }
}

/// Writes a set into `dir` and publishes it (or abandons it, or is interrupted first); whether
/// it was published.
fn write_set(dir: &Path, set: &[(String, Vec<u8>)], bytes: &mut Bytes) -> bool {
    let Ok(output) = OutputSet::create(dir, "the fuzzed outputs") else {
        return false;
    };
    assert!(
        OutputSet::create(dir, "a second run").is_err(),
        "a second run is refused while one holds the lock"
    );
    let pieces = usize::from(bytes.byte() % 16) + 1;
    for (name, content) in set {
        if name == IN_FOLDER && output.create_folder(FOLDER).is_err() {
            return false;
        }
        let Ok(mut file) = output.create_file(name) else {
            // A name too long, or the same name twice in a fuzzed pool.
            return false;
        };
        // In pieces, as a run writes a document at a time.
        for piece in content.chunks(pieces) {
            file.write_all(piece).expect("writing an output");
        }
        if bytes.byte() % 2 == 0 {
            file.finish().expect("finishing an output");
        } else {
            file.finish_unsynced().expect("finishing an output");
        }
    }
    match bytes.byte() % 4 {
        0 => false,
        1 => {
            // An interrupt: the set is removed and can no longer be published.
            interrupt();
            assert!(output.publish().is_err(), "an interrupted set is not published");
            false
        }
        _ => output.publish().is_ok(),
    }
}

/// A single file (a trained model) at `root/model.txt`, a symlink planted there or not:
/// committed, dropped or interrupted, it holds the old contents or the new ones, never writes
/// through the symlink, and leaves no temporary file.
fn single_file(root: &Path, bytes: &mut Bytes) {
    let path = root.join("model.txt");
    if bytes.byte() % 2 == 0 {
        let _ = std::fs::remove_file(&path);
        let _ = std::os::unix::fs::symlink(root.join("victim"), &path);
    }
    let before = std::fs::read(&path).ok();
    let len = usize::from(bytes.byte() % 64);
    let content = bytes.slice(len).to_vec();
    let mut file = AtomicFile::create(&path).expect("a temporary file");
    file.write_all(&content).expect("writing a temporary file");
    let committed = match bytes.byte() % 3 {
        0 => {
            drop(file);
            false
        }
        1 => {
            interrupt();
            assert!(file.commit().is_err(), "an interrupted file is not committed");
            false
        }
        _ => file.commit().is_ok(),
    };
    let after = std::fs::read(&path).ok();
    assert_eq!(after, if committed { Some(content) } else { before });
    for entry in std::fs::read_dir(root).expect("the root reads") {
        let name = entry.expect("an entry reads").file_name();
        assert!(!name.to_string_lossy().ends_with(".tmp"), "left: {name:?}");
    }
}
