//! The input walk (`ingest::sources`, then `Documents`) on a fuzzed tree of folders, files,
//! symlinks (to folders above and below, to files, dangling, to a device), FIFOs and sockets
//! built in a fresh folder: every regular file with our extensions in every folder reachable is
//! listed exactly once per folder (a folder reached again through a symlink is not walked
//! again, so no loop is followed), everything else with our extensions and every dangling
//! symlink is reported, not read, and reading what is listed ends without a panic.
use kampfakta::ingest::{sources, Documents, Source};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The input, a byte at a time; zeros once it is used up.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn byte(&mut self) -> u8 {
        let (first, rest) = self.0.split_first().unwrap_or((&0, &[]));
        self.0 = rest;
        *first
    }

    fn pick<'p, T>(&mut self, from: &'p [T]) -> &'p T {
        &from[usize::from(self.byte()) % from.len()]
    }
}

const FOLDERS: &[&str] = &["a", "b", "c.txt"];
const FILES: &[&str] = &["x.txt", "y.md", "z.jsonl", "W.TXT", "v.csv", "u"];
const LINKS: &[&str] = &["l", "m.txt", "n.md"];
const CONTENTS: &[&[u8]] = &[
    b"Brann vant 3-1 over Molde.",
    "{\"id\": \"d\", \"text\": \"Mål: 1-0 Johnsen (41)\"}\n[1]\n".as_bytes(),
    b"",
    b"\xFF\xFEM\x00",
    b"ab\0cd",
];

/// Builds a tree under `root` from the input.
fn builds(root: &Path, bytes: &mut Bytes) {
    let mut folders = vec![root.to_path_buf()];
    let mut files: Vec<PathBuf> = Vec::new();
    for _ in 0..24 {
        if bytes.0.is_empty() {
            break;
        }
        let op = bytes.byte() % 8;
        let parent = bytes.pick(&folders).clone();
        match op {
            0 | 1 => {
                let path = parent.join(bytes.pick(FOLDERS));
                if std::fs::create_dir(&path).is_ok() {
                    folders.push(path);
                }
            }
            2 | 3 => {
                let path = parent.join(bytes.pick(FILES));
                if std::fs::write(&path, bytes.pick(CONTENTS)).is_ok() {
                    files.push(path);
                }
            }
            4 => {
                // To a folder (itself, one above, one below), absolute or relative.
                let target = bytes.pick(&folders).clone();
                let target = match bytes.byte() % 4 {
                    0 => PathBuf::from("."),
                    1 => PathBuf::from(".."),
                    _ => target,
                };
                let _ = std::os::unix::fs::symlink(target, parent.join(bytes.pick(LINKS)));
            }
            5 => {
                let target = match (bytes.byte() % 3, files.is_empty()) {
                    (0, false) => bytes.pick(&files).clone(),
                    (1, _) => PathBuf::from("/dev/null"),
                    _ => PathBuf::from("nowhere.txt"),
                };
                let _ = std::os::unix::fs::symlink(target, parent.join(bytes.pick(LINKS)));
            }
            6 => {
                let path = parent.join(["f.txt", "g"][usize::from(bytes.byte() % 2)]);
                let c_path = std::ffi::CString::new(path.as_os_str().as_encoded_bytes())
                    .expect("no NUL in a path");
                // SAFETY: a valid C string; mkfifo touches nothing else.
                unsafe { libc::mkfifo(c_path.as_ptr(), 0o600) };
            }
            _ => {
                let _ = std::os::unix::net::UnixListener::bind(parent.join("s.md"));
            }
        }
    }
}

fn ours(name: &std::ffi::OsStr) -> bool {
    let ext = Path::new(name)
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("");
    ["txt", "md", "jsonl"].contains(&ext.to_ascii_lowercase().as_str())
}

/// What the walk should find, worked out another way: the real folders reachable from the root
/// (by canonical path, each once), and in each the entries with our extensions that are regular
/// files (listed) or anything else but a folder (reported), and the entries that cannot be
/// followed (reported).
fn expected(root: &Path) -> (BTreeSet<(PathBuf, PathBuf)>, BTreeSet<(PathBuf, PathBuf)>) {
    let mut seen = BTreeSet::new();
    let mut queue = vec![root.canonicalize().expect("the root resolves")];
    let (mut listed, mut reported) = (BTreeSet::new(), BTreeSet::new());
    while let Some(folder) = queue.pop() {
        if !seen.insert(folder.clone()) {
            continue;
        }
        for entry in std::fs::read_dir(&folder).expect("a folder reads") {
            let path = entry.expect("an entry").path();
            let name = PathBuf::from(path.file_name().expect("a name"));
            match std::fs::metadata(&path) {
                Ok(meta) if meta.is_dir() => queue.push(path.canonicalize().expect("resolves")),
                Ok(meta) if meta.is_file() && ours(name.as_os_str()) => {
                    listed.insert((folder.clone(), name));
                }
                // A folder's entry that cannot be followed (a dangling symlink) may have been a
                // folder: reported whatever its name.
                Err(_) => {
                    reported.insert((folder.clone(), name));
                }
                Ok(meta) if !meta.is_file() && ours(name.as_os_str()) => {
                    reported.insert((folder.clone(), name));
                }
                _ => {}
            }
        }
    }
    (listed, reported)
}

/// A listed or reported path as (the real folder it is in, its name).
fn place(path: &Path) -> (PathBuf, PathBuf) {
    let folder = path
        .parent()
        .expect("a parent")
        .canonicalize()
        .expect("resolves");
    (folder, PathBuf::from(path.file_name().expect("a name")))
}

fn main() {
    let base = Path::new("/dev/shm")
        .is_dir()
        .then(|| PathBuf::from("/dev/shm"))
        .unwrap_or_else(std::env::temp_dir);
    let dir = base.join(format!("kampfakta-fuzz-walk-{}", std::process::id()));
    afl::fuzz!(|data: &[u8]| {
        let _ = std::fs::remove_dir_all(&dir);
        let root = dir.join("corpus");
        std::fs::create_dir_all(&root).expect("a fresh folder");
        let mut bytes = Bytes(data);
        builds(&root, &mut bytes);
        let (found, failures) = sources(&[root.display().to_string()]);
        let (listed, reported) = expected(&root);

        let mut places: BTreeMap<(PathBuf, PathBuf), usize> = BTreeMap::new();
        for source in &found {
            let Source::File(path) = source else {
                panic!("a folder gives files only: {source:?}");
            };
            let meta = std::fs::metadata(path).expect("a listed file exists");
            assert!(meta.is_file(), "{path:?} is not a regular file");
            *places.entry(place(path)).or_default() += 1;
        }
        assert!(
            places.values().all(|&n| n == 1),
            "read more than once: {places:?}"
        );
        assert_eq!(places.keys().cloned().collect::<BTreeSet<_>>(), listed);
        let reported_by_walk: BTreeSet<_> = failures
            .iter()
            .map(|f| place(Path::new(&f.source)))
            .collect();
        assert_eq!(reported_by_walk, reported, "{failures:?}");
        assert_eq!(failures.len(), reported.len(), "reported once each");

        // Reading ends: no FIFO blocks, nothing endless is read.
        let read = Documents::new(found).count();
        assert!(
            read <= 2 * listed.len(),
            "{read} documents from {} files",
            listed.len()
        );
        let _ = std::fs::remove_dir_all(&dir);
    });
}
