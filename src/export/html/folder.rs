//! A folder of pages: each document's page written under a name derived from its id, in input
//! order, and `index.html` last, into a set of outputs ([`OutputSet`]) published by its owner.
//!
//! Nothing is visible before the set is published, so a page needs no temporary file of its
//! own; pages are not synced to the disk one by one (a page per document of a large corpus would
//! make that the run's cost), the index is. Names are safe whatever the id: the id's last path
//! part reduced to lower-case ASCII letters, digits, `_` and `-`, then a hash of the whole id, so
//! that ids that reduce alike (`a/x.txt`, `b/x.txt`) get different files, and a number for an id
//! seen twice.

use super::index::{index, IndexRow};
use super::page::Page;
use crate::error::Result;
use crate::export::OutputSet;
use crate::ingest::Failure;
use rustc_hash::FxHashSet;
use std::path::PathBuf;

/// The longest part of a page's name taken from its id, in bytes.
const MOST_NAME_BYTES: usize = 48;

/// Pages and their index in one folder of a set of outputs.
pub struct HtmlFolder<'s> {
    set: &'s OutputSet,
    /// The folder in the set (`html/`), or none for the set's top.
    folder: Option<&'static str>,
    rows: Vec<IndexRow>,
    failures: Vec<Failure>,
    names: FxHashSet<String>,
}

impl<'s> HtmlFolder<'s> {
    /// Starts the pages at the top of the set, or in a folder of it (`html`).
    pub fn create(set: &'s OutputSet, folder: Option<&'static str>) -> Result<HtmlFolder<'s>> {
        if let Some(folder) = folder {
            set.create_folder(folder)?;
        }
        Ok(HtmlFolder {
            set,
            folder,
            rows: Vec::new(),
            failures: Vec::new(),
            names: FxHashSet::default(),
        })
    }

    /// Writes one document's page; call in input order.
    pub fn page(&mut self, page: Page) -> Result<()> {
        let file = self.unique_name(&page.summary.doc_id);
        let mut out = self.set.create_file(&self.in_folder(&file))?;
        out.write_all(page.html.as_bytes())?;
        out.finish_unsynced()?;
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

    /// Writes `index.html`, synced; its path in the output folder once the set is published.
    pub fn finish(self) -> Result<PathBuf> {
        let name = self.in_folder("index.html");
        self.set
            .write(&name, index(&self.rows, &self.failures).as_bytes())?;
        Ok(self.set.dir().join(name))
    }

    /// A file's name in the set.
    fn in_folder(&self, file: &str) -> String {
        match self.folder {
            Some(folder) => format!("{folder}/{file}"),
            None => file.to_string(),
        }
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
        let set = OutputSet::create(dir.path(), "pages").unwrap();
        let mut folder = HtmlFolder::create(&set, None).unwrap();
        let first = folder.unique_name("x");
        assert_eq!(folder.unique_name("x"), first.replace(".html", "-2.html"));
        assert_eq!(folder.unique_name("x"), first.replace(".html", "-3.html"));
    }
}
