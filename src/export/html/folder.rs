//! A folder of pages: each document's page written under a name derived from its id, in input
//! order, and `index.html` last.
//!
//! Each page is written to a temporary file and renamed into place when complete
//! ([`AtomicFile`]), so a page is whole or absent; an interrupted run leaves the previous
//! `index.html` (or none). Pages are not synced to the disk one by one (a page per document of a
//! large corpus would make that the run's cost); the index is, last. Names are safe whatever the id: the id's last path part reduced to
//! lower-case ASCII letters, digits, `_` and `-`, then a hash of the whole id, so that ids that
//! reduce alike (`a/x.txt`, `b/x.txt`) get different files, and a number for an id seen twice.

use super::index::{index, IndexRow};
use super::page::Page;
use crate::error::{Error, Result};
use crate::export::{lock_folder, AtomicFile};
use crate::ingest::Failure;
use rustc_hash::FxHashSet;
use std::path::{Path, PathBuf};

/// The longest part of a page's name taken from its id, in bytes.
const MOST_NAME_BYTES: usize = 48;

/// Pages and their index in one folder.
pub struct HtmlFolder {
    dir: PathBuf,
    rows: Vec<IndexRow>,
    failures: Vec<Failure>,
    names: FxHashSet<String>,
    /// The folder's lock, held until the index is written.
    _lock: std::fs::File,
}

impl HtmlFolder {
    /// Creates the folder if need be and takes its lock (a second run into it stops), removing
    /// the temporary files a killed run left.
    pub fn create(dir: &Path) -> Result<HtmlFolder> {
        if dir.exists() && !dir.is_dir() {
            return Err(Error::Invalid(vec![crate::error::Problem {
                file: dir.display().to_string(),
                line: 0,
                column: None,
                message: "is a file, not a folder: the pages want a folder".into(),
            }]));
        }
        std::fs::create_dir_all(dir).map_err(|source| Error::Io {
            path: dir.to_path_buf(),
            source,
        })?;
        let lock = lock_folder(dir, &["index.html"])?;
        let leftovers = std::fs::read_dir(dir).into_iter().flatten().flatten();
        for entry in leftovers {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') && name.contains(".html.") && name.ends_with(".tmp") {
                let _ = std::fs::remove_file(entry.path());
            }
        }
        Ok(HtmlFolder {
            dir: dir.to_path_buf(),
            rows: Vec::new(),
            failures: Vec::new(),
            names: FxHashSet::default(),
            _lock: lock,
        })
    }

    /// Writes one document's page; call in input order.
    pub fn page(&mut self, page: Page) -> Result<()> {
        let file = self.unique_name(&page.summary.doc_id);
        let mut out = AtomicFile::create(&self.dir.join(&file))?;
        out.write_all(page.html.as_bytes())?;
        out.commit_unsynced()?;
        self.rows.push(IndexRow {
            file,
            summary: page.summary,
        });
        Ok(())
    }

    /// Notes an input that could not be read, for the index.
    pub fn failure(&mut self, failure: &Failure) {
        self.failures.push(failure.clone());
    }

    /// How many pages are written.
    pub fn pages(&self) -> usize {
        self.rows.len()
    }

    /// Writes `index.html`; its path.
    pub fn commit(self) -> Result<PathBuf> {
        let path = self.dir.join("index.html");
        let mut out = AtomicFile::create(&path)?;
        out.write_all(index(&self.rows, &self.failures).as_bytes())?;
        out.commit()?;
        Ok(path)
    }

    /// The page name of an id, numbered when an earlier document had the same id.
    fn unique_name(&mut self, doc_id: &str) -> String {
        let stem = page_stem(doc_id);
        let mut name = format!("{stem}.html");
        let mut n = 1;
        while self.names.contains(&name) {
            n += 1;
            name = format!("{stem}-{n}.html");
        }
        self.names.insert(name.clone());
        name
    }
}

/// The file name of a document's page: `rosenborg-molde-1f3a09c2.html` for
/// `data/samples/rosenborg-molde.txt`. Only lower-case ASCII letters, digits, `_`, `-` and the
/// `.html` ending, never a path, never hidden, never `index.html`.
pub fn page_file_name(doc_id: &str) -> String {
    format!("{}.html", page_stem(doc_id))
}

fn page_stem(doc_id: &str) -> String {
    let last = doc_id.rsplit(['/', '\\']).next().unwrap_or(doc_id);
    let stem = [".txt", ".md", ".jsonl"]
        .iter()
        .find_map(|ending| last.strip_suffix(ending))
        .unwrap_or(last);
    let mut slug = String::new();
    for c in stem.chars() {
        if slug.len() >= MOST_NAME_BYTES {
            break;
        }
        if c.is_ascii_alphanumeric() || c == '_' {
            slug.push(c.to_ascii_lowercase());
        } else if !slug.is_empty() && !slug.ends_with('-') {
            slug.push('-');
        }
    }
    let slug = slug.trim_end_matches('-');
    let slug = if slug.is_empty() { "doc" } else { slug };
    format!("{slug}-{:08x}", fnv1a(doc_id))
}

/// The 32-bit FNV-1a hash: small, and the same on every platform and in every version, so that
/// a page keeps its name from run to run.
fn fnv1a(text: &str) -> u32 {
    text.bytes().fold(0x811c_9dc5, |hash, byte| {
        (hash ^ u32::from(byte)).wrapping_mul(0x0100_0193)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_names_are_safe_and_distinct() {
        let table: &[(&str, &str)] = &[
            ("a file in a folder", "data/samples/rosenborg-molde.txt"),
            (
                "the same name in another folder",
                "other/rosenborg-molde.txt",
            ),
            ("a traversal", "../../etc/passwd"),
            ("a Windows path", "C:\\rapporter\\Brann–Viking.txt"),
            ("markup", "<script>alert(1)</script>"),
            ("dots only", ".."),
            ("empty", ""),
            ("standard input", "-"),
            ("index", "index"),
            ("non-ASCII letters", "Bodø/Glimt – Brann"),
            ("very long", &"x".repeat(500)),
        ];
        let mut seen = FxHashSet::default();
        for (name, id) in table {
            let file = page_file_name(id);
            let stem = file.strip_suffix(".html").expect("ends in .html");
            assert!(
                stem.bytes().all(|b| b.is_ascii_lowercase()
                    || b.is_ascii_digit()
                    || b == b'-'
                    || b == b'_'),
                "{name}: {file}"
            );
            assert!(
                !stem.starts_with('-') && file != "index.html",
                "{name}: {file}"
            );
            assert!(file.len() <= MOST_NAME_BYTES + 14, "{name}: {file}");
            assert!(seen.insert(file.clone()), "{name}: {file} taken");
            assert_eq!(page_file_name(id), file, "{name}: the same every time");
        }
        assert!(page_file_name("data/samples/rosenborg-molde.txt").starts_with("rosenborg-molde-"));
        assert!(page_file_name("").starts_with("doc-"));
    }

    #[test]
    fn an_id_seen_twice_gets_a_numbered_page() {
        let dir = tempfile::tempdir().unwrap();
        let mut folder = HtmlFolder::create(dir.path()).unwrap();
        let first = folder.unique_name("x");
        assert_eq!(folder.unique_name("x"), first.replace(".html", "-2.html"));
        assert_eq!(folder.unique_name("x"), first.replace(".html", "-3.html"));
    }
}
