//! Stage 1: a corpus in, documents out.
//!
//! Inputs are files, folders (recursed in sorted order; `.txt`, `.md` and `.jsonl` files), and `-`
//! for standard input. A `.jsonl` file (or standard input starting with `{`) holds one JSON object
//! per line with `id` and `text`. Documents are read lazily, one at a time, so a corpus of any size
//! streams through. A document that cannot be read becomes a [`Failure`] naming the file (and
//! line) and the run goes on.

use crate::gazetteer::Date;
use serde::Deserialize;
use std::collections::{HashMap, HashSet, VecDeque};
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

/// One article: its id (the path as given, or the JSON Lines `id`) and its decoded text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Document {
    /// The path as given (folders joined to the path inside), or the JSON Lines `id`.
    pub id: String,
    /// The text as decoded, byte-order mark removed; every offset in the pipeline points into it.
    pub text: String,
    /// Notes on decoding that a user should see (for example a Windows-1252 fallback).
    pub warnings: Vec<String>,
    /// The date of the document (a JSON Lines record's `date`), which chooses a player's club
    /// where the gazetteer gives the years he was there; without it, recognition reads a
    /// dateline in the text's first sentences, if any (`MatchContext::date`).
    pub date: Option<Date>,
}

impl Document {
    /// A document from text already decoded, with no warnings and no date.
    pub fn new(id: impl Into<String>, text: impl Into<String>) -> Self {
        Document {
            id: id.into(),
            text: text.into(),
            warnings: Vec::new(),
            date: None,
        }
    }
}

/// A JSON Lines `date`: `YYYY-MM-DD`, `YYYY-MM` or `YYYY`, or a date and time
/// (`2012-05-13T16:00:00Z`); `None` for anything else.
fn date_of(date: &str) -> Option<Date> {
    let date = date.trim();
    let day = date.split(['T', ' ']).next().unwrap_or("");
    let parts: Vec<&str> = day.split('-').collect();
    let digits =
        |part: &str, len: usize| part.len() == len && part.bytes().all(|b| b.is_ascii_digit());
    let shaped = match parts[..] {
        [year] => digits(year, 4),
        [year, month] => digits(year, 4) && digits(month, 2),
        [year, month, day] => digits(year, 4) && digits(month, 2) && digits(day, 2),
        _ => false,
    };
    let month = parts.get(1).and_then(|m| m.parse().ok());
    match (shaped, month) {
        (false, _) => None,
        (true, Some(0) | Some(13..)) => None,
        (true, month) => Some(Date {
            year: parts[0].parse().ok()?,
            month,
        }),
    }
}

/// A document or input that could not be read, and why.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Failure {
    /// The file, `file:line` for a JSON Lines record, or `-` for standard input.
    pub source: String,
    /// Why it could not be read, in words a user can act on.
    pub reason: String,
}

/// Where documents come from.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Source {
    /// A file: its id is the path as given.
    File(PathBuf),
    /// Standard input.
    Stdin,
}

impl Source {
    /// Its size in bytes as the file system gives it (0 for standard input or an unreadable file).
    pub fn size(&self) -> u64 {
        match self {
            Source::File(path) => std::fs::metadata(path).map_or(0, |m| m.len()),
            Source::Stdin => 0,
        }
    }
}

const EXTENSIONS: &[&str] = &["txt", "md", "jsonl"];
/// Deeper than this, a folder tree is taken to be a symlink loop.
const MAX_DEPTH: usize = 64;

/// Expands the inputs as given into sources, in a deterministic order. Inputs that cannot be read
/// are returned as failures; the rest are still listed.
pub fn sources(inputs: &[String]) -> (Vec<Source>, Vec<Failure>) {
    let mut sources = Vec::new();
    let mut failures = Vec::new();
    for input in inputs {
        if input == "-" {
            sources.push(Source::Stdin);
            continue;
        }
        let path = PathBuf::from(input);
        let mut walk = Walk {
            sources: &mut sources,
            failures: &mut failures,
            seen: HashSet::new(),
        };
        match std::fs::metadata(&path) {
            Ok(meta) if meta.is_dir() => walk.folder(&path, &meta, 0),
            Ok(meta) if meta.is_file() => walk.sources.push(Source::File(path)),
            Ok(_) => walk.fail(&path, NOT_A_FILE.into()),
            Err(err) => walk.fail(&path, err.to_string()),
        }
    }
    (sources, failures)
}

/// A file's id: its path as given, with every byte that is not UTF-8 written `\xNN`, so that two
/// Latin-1 names (`M\xe5l.txt`, `M\xf8l.txt`) stay two ids instead of both becoming `M�l.txt`.
pub fn path_id(path: &Path) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let mut id = String::new();
        for chunk in path.as_os_str().as_bytes().utf8_chunks() {
            id.push_str(chunk.valid());
            for byte in chunk.invalid() {
                id.push_str(&format!("\\x{byte:02x}"));
            }
        }
        id
    }
    #[cfg(not(unix))]
    {
        path.display().to_string()
    }
}

/// Why a FIFO, device or socket is not read: it may never end (`/dev/zero`) or block forever.
const NOT_A_FILE: &str = "not a regular file (a FIFO, device or socket)";

/// A walk over the folders of one input.
struct Walk<'a> {
    sources: &'a mut Vec<Source>,
    failures: &'a mut Vec<Failure>,
    /// The real folders read so far, so that a symlink back to one (`ln -s . x`) is not
    /// followed again.
    seen: HashSet<FolderId>,
}

impl Walk<'_> {
    fn fail(&mut self, path: &Path, reason: String) {
        self.failures.push(Failure {
            source: path_id(path),
            reason,
        });
    }

    /// Reads a folder's files with our extensions and its subfolders, in name order; a folder
    /// already read (through a symlink) is skipped.
    fn folder(&mut self, dir: &Path, meta: &std::fs::Metadata, depth: usize) {
        if !self.seen.insert(folder_id(dir, meta)) {
            return;
        }
        if depth > MAX_DEPTH {
            return self.fail(dir, format!("folder nesting deeper than {MAX_DEPTH}"));
        }
        let entries = match std::fs::read_dir(dir) {
            Ok(entries) => entries,
            Err(err) => return self.fail(dir, err.to_string()),
        };
        let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        for path in paths {
            let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
            let ours = EXTENSIONS.contains(&ext.to_ascii_lowercase().as_str());
            match std::fs::metadata(&path) {
                Ok(meta) if meta.is_dir() => self.folder(&path, &meta, depth + 1),
                Ok(meta) if meta.is_file() && ours => self.sources.push(Source::File(path)),
                Ok(meta) if !meta.is_file() && ours => self.fail(&path, NOT_A_FILE.into()),
                Ok(_) => {}
                Err(err) => self.fail(&path, format!("unreadable ({err})")),
            }
        }
    }
}

/// What makes a folder the same folder whatever path leads to it.
#[cfg(unix)]
type FolderId = (u64, u64);
#[cfg(not(unix))]
type FolderId = PathBuf;

/// The device and inode of a folder.
#[cfg(unix)]
fn folder_id(_: &Path, meta: &std::fs::Metadata) -> FolderId {
    use std::os::unix::fs::MetadataExt;
    (meta.dev(), meta.ino())
}

/// The folder's canonical path where there are no inodes.
#[cfg(not(unix))]
fn folder_id(dir: &Path, _: &std::fs::Metadata) -> FolderId {
    dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf())
}

/// Shard `index` (0-based) of `count`: a contiguous run of the sources holding about 1/`count` of
/// their bytes, so that the shards' outputs concatenated in order are a whole run's. Standard
/// input belongs to the first shard.
pub fn shard(sources: Vec<Source>, index: usize, count: usize) -> Vec<Source> {
    let sizes: Vec<u64> = sources.iter().map(Source::size).collect();
    let total: u64 = sizes.iter().sum();
    let count = count.max(1) as u64;
    let mut before = 0u64;
    let mut mine = Vec::new();
    for (source, size) in sources.into_iter().zip(sizes) {
        // A source belongs to the shard its first byte falls in (with empty corpora, the first).
        let owner = (before * count)
            .checked_div(total)
            .map_or(0, |owner| owner.min(count - 1));
        if owner == index as u64 {
            mine.push(source);
        }
        before += size;
    }
    mine
}

/// Documents from a list of sources, read lazily in order.
pub struct Documents {
    queue: VecDeque<Source>,
    lines: Option<JsonLines>,
    /// A document (a file, or a JSON Lines record) larger than this is reported, not read.
    max_bytes: usize,
}

/// The default of [`Documents::with_max_bytes`]: 64 MiB, far above any article and far below
/// what a run can hold (a document takes about 3.5 times its size while it is analysed).
pub const DEFAULT_MAX_DOCUMENT_BYTES: usize = 64 << 20;

struct JsonLines {
    name: String,
    reader: Box<dyn BufRead + Send>,
    line: usize,
    /// The ids seen so far, with their line: a repeated one gets a warning (outputs join on it).
    ids: HashMap<String, usize>,
    max_bytes: usize,
}

impl Documents {
    /// Reads the sources in order, lazily: one file is in memory at a time.
    pub fn new(sources: Vec<Source>) -> Self {
        Documents {
            queue: sources.into(),
            lines: None,
            max_bytes: DEFAULT_MAX_DOCUMENT_BYTES,
        }
    }

    /// Reports documents larger than `max_bytes` instead of reading them (`/dev/zero` behind a
    /// name, a 1 GB dump) so that memory stays bounded. Whatever `max_bytes` is, a document whose
    /// text decodes to more than [`MAX_TEXT_BYTES`](crate::span::MAX_TEXT_BYTES) is reported
    /// too (Windows-1252 and UTF-16 take more bytes decoded than read): the stages could not
    /// hold its offsets.
    pub fn with_max_bytes(mut self, max_bytes: usize) -> Self {
        self.max_bytes = max_bytes;
        self
    }

    fn open(&mut self, source: Source) -> Option<Result<Document, Failure>> {
        let (name, mut reader): (String, Box<dyn BufRead + Send>) = match &source {
            Source::Stdin => ("-".to_string(), Box::new(BufReader::new(io::stdin()))),
            Source::File(path) => {
                let name = path_id(path);
                match File::open(path) {
                    Ok(file) => (name, Box::new(BufReader::new(file))),
                    Err(err) => {
                        return Some(Err(Failure {
                            source: name,
                            reason: err.to_string(),
                        }))
                    }
                }
            }
        };
        let is_jsonl = match &source {
            Source::File(path) => path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("jsonl")),
            Source::Stdin => match reader.fill_buf() {
                Ok(buf) => buf.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{'),
                Err(err) => {
                    return Some(Err(Failure {
                        source: name,
                        reason: err.to_string(),
                    }))
                }
            },
        };
        if is_jsonl {
            self.lines = Some(JsonLines {
                name,
                reader,
                line: 0,
                ids: HashMap::new(),
                max_bytes: self.max_bytes,
            });
            return None;
        }
        let mut bytes = Vec::new();
        if let Err(err) = reader
            .take(self.max_bytes as u64 + 1)
            .read_to_end(&mut bytes)
        {
            return Some(Err(Failure {
                source: name,
                reason: err.to_string(),
            }));
        }
        if bytes.len() > self.max_bytes {
            return Some(Err(Failure {
                source: name,
                reason: too_large(self.max_bytes),
            }));
        }
        let decoded = decode_owned(bytes).and_then(|(text, warning)| {
            fits(&text)?;
            Ok((text, warning))
        });
        Some(match decoded {
            Ok((text, warning)) => Ok(Document {
                id: name,
                text,
                warnings: warning.into_iter().collect(),
                date: None,
            }),
            Err(reason) => Err(Failure {
                source: name,
                reason,
            }),
        })
    }
}

#[derive(Deserialize)]
struct Record {
    id: Option<serde_json::Value>,
    text: Option<String>,
    date: Option<serde_json::Value>,
}

impl JsonLines {
    /// The next record, or `None` at the end of the file.
    fn next_record(&mut self) -> Option<Result<Document, Failure>> {
        let mut buf = Vec::new();
        loop {
            buf.clear();
            self.line += 1;
            let at = format!("{}:{}", self.name, self.line);
            let limit = self.max_bytes as u64 + 1;
            match (&mut self.reader).take(limit).read_until(b'\n', &mut buf) {
                Ok(0) => return None,
                Ok(_) => {}
                Err(err) => {
                    return Some(Err(Failure {
                        source: at,
                        reason: err.to_string(),
                    }))
                }
            }
            let complete = buf.ends_with(b"\n");
            if buf.len() - usize::from(complete) > self.max_bytes {
                // Cut at the limit: the rest of the record, up to its line end, is read past and
                // not kept.
                if !complete {
                    if let Err(err) = skip_line(&mut self.reader) {
                        return Some(Err(Failure {
                            source: at,
                            reason: err.to_string(),
                        }));
                    }
                }
                let reason = too_large(self.max_bytes);
                return Some(Err(Failure { source: at, reason }));
            }
            if buf.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            // An object: a struct would also take an array (`["id", "text"]`).
            let record: Record = match serde_json::from_slice::<serde_json::Value>(&buf) {
                Ok(value @ serde_json::Value::Object(_)) => match serde_json::from_value(value) {
                    Ok(record) => record,
                    Err(err) => {
                        return Some(Err(Failure {
                            source: at,
                            reason: format!("invalid record: {err}"),
                        }))
                    }
                },
                Ok(_) => {
                    let reason = "not a JSON object (want {\"id\": ..., \"text\": ...})";
                    return Some(Err(Failure {
                        source: at,
                        reason: reason.into(),
                    }));
                }
                Err(err) => {
                    let reason = format!("invalid JSON: {err}");
                    return Some(Err(Failure { source: at, reason }));
                }
            };
            let Some(text) = record.text else {
                return Some(Err(Failure {
                    source: at,
                    reason: "no \"text\" field".to_string(),
                }));
            };
            let id = match record.id {
                Some(serde_json::Value::String(id)) => id,
                Some(serde_json::Value::Null) | None => at.clone(),
                Some(other) => other.to_string(),
            };
            let text = text
                .strip_prefix('\u{feff}')
                .map(str::to_string)
                .unwrap_or(text);
            if let Err(reason) = fits(&text) {
                return Some(Err(Failure { source: at, reason }));
            }
            let mut document = Document::new(id, text);
            let date = record.date.as_ref().and_then(|d| date_of(d.as_str()?));
            match record.date {
                None | Some(serde_json::Value::Null) => {}
                Some(_) if date.is_some() => document.date = date,
                Some(other) => document.warnings.push(format!(
                    "{at}: \"date\" {other} is no date: write it as \"YYYY-MM-DD\" (or \"YYYY-MM\", \"YYYY\"); \
                     read without one, so a player's clubs of all years count"
                )),
            }
            let controls = replace_controls(&mut document.text);
            if controls > 0 {
                document.warnings.push(format!(
                    "{at}: {controls} control characters (NUL and the like) replaced by spaces"
                ));
            }
            if let Some(first) = self.ids.insert(document.id.clone(), self.line) {
                document.warnings.push(format!(
                    "{at}: id {:?} also on line {first}: its rows share a doc_id",
                    document.id
                ));
            }
            return Some(Ok(document));
        }
    }
}

/// Refuses a decoded text longer than [`MAX_TEXT_BYTES`](crate::span::MAX_TEXT_BYTES), whose
/// offsets no stage could hold, with the reason the pipeline would give.
fn fits(text: &str) -> Result<(), String> {
    crate::segment::check_length(text).map_err(|err| format!("{err}: not read"))
}

/// Why a document too large is not read.
fn too_large(max_bytes: usize) -> String {
    format!("larger than {max_bytes} bytes: not read (--max-document-bytes sets the limit)")
}

/// Reads past the rest of a line without keeping it.
fn skip_line(reader: &mut dyn BufRead) -> io::Result<()> {
    loop {
        let buf = reader.fill_buf()?;
        if buf.is_empty() {
            return Ok(());
        }
        match buf.iter().position(|&b| b == b'\n') {
            Some(end) => {
                reader.consume(end + 1);
                return Ok(());
            }
            None => {
                let all = buf.len();
                reader.consume(all);
            }
        }
    }
}

/// Replaces the control characters a JSON string can carry (`\u0000` and the like; not tab and
/// line ends) by spaces, so that no CSV cell holds them and offsets stay as they are; gives how
/// many there were.
fn replace_controls(text: &mut String) -> usize {
    let is_bad = |c: char| c.is_control() && !matches!(c, '\t' | '\n' | '\r');
    let count = text.chars().filter(|&c| is_bad(c)).count();
    if count > 0 {
        *text = text
            .chars()
            .map(|c| if is_bad(c) { ' ' } else { c })
            .collect();
    }
    count
}

impl Iterator for Documents {
    type Item = Result<Document, Failure>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(lines) = &mut self.lines {
                match lines.next_record() {
                    Some(item) => return Some(item),
                    None => self.lines = None,
                }
            }
            let source = self.queue.pop_front()?;
            if let Some(item) = self.open(source) {
                return Some(item);
            }
        }
    }
}

/// Decodes a file's bytes: UTF-8 (byte-order mark removed), UTF-16 with a byte-order mark, or else
/// Windows-1252 (older Norwegian archives) with a warning. UTF-8 with a few invalid bytes (a stray
/// `0xFF` in "Solskjær") stays UTF-8, the bad bytes replaced by `�` with a warning that counts
/// them: Windows-1252 is taken only when the text has fewer well-formed UTF-8 letters beyond
/// ASCII than invalid bytes. Binary data is refused.
pub fn decode(bytes: &[u8]) -> Result<(String, Option<String>), String> {
    if let Some(rest) = bytes.strip_prefix(b"\xEF\xBB\xBF") {
        return std::str::from_utf8(rest)
            .map(|s| (s.to_string(), None))
            .map_err(|e| {
                format!(
                    "invalid UTF-8 after a UTF-8 byte-order mark at byte {}",
                    e.valid_up_to() + 3
                )
            });
    }
    if let Some(rest) = bytes.strip_prefix(b"\xFF\xFE") {
        return utf16(rest, u16::from_le_bytes);
    }
    if let Some(rest) = bytes.strip_prefix(b"\xFE\xFF") {
        return utf16(rest, u16::from_be_bytes);
    }
    if bytes.contains(&0) {
        return Err("binary file (contains NUL bytes)".to_string());
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok((text.to_string(), None)),
        Err(_) if mostly_utf8(bytes) => {
            let invalid: usize = bytes.utf8_chunks().map(|c| c.invalid().len()).sum();
            let text = String::from_utf8_lossy(bytes).into_owned();
            let warning = format!("{invalid} invalid UTF-8 bytes replaced by U+FFFD");
            Ok((text, Some(warning)))
        }
        Err(_) => {
            let text: String = bytes.iter().map(|&b| windows_1252(b)).collect();
            if text.chars().any(|c| c.is_control() && !c.is_whitespace()) {
                return Err("binary file (control characters, not text)".to_string());
            }
            Ok((text, Some("not UTF-8: decoded as Windows-1252".to_string())))
        }
    }
}

/// [`decode`] of bytes read for it: plain UTF-8, most files, becomes the text without a copy (a
/// document is not held twice while it is read), trimmed to its length (the reading buffer grew
/// by doubling).
fn decode_owned(mut bytes: Vec<u8>) -> Result<(String, Option<String>), String> {
    let marked = [&b"\xEF\xBB\xBF"[..], b"\xFF\xFE", b"\xFE\xFF"]
        .iter()
        .any(|mark| bytes.starts_with(mark));
    if marked || bytes.contains(&0) {
        return decode(&bytes);
    }
    bytes.shrink_to_fit();
    match String::from_utf8(bytes) {
        Ok(text) => Ok((text, None)),
        Err(err) => decode(err.as_bytes()),
    }
}

/// Whether text that is not valid UTF-8 is still UTF-8 with some bad bytes: at least as many
/// well-formed characters beyond ASCII as invalid bytes.
fn mostly_utf8(bytes: &[u8]) -> bool {
    let (mut letters, mut invalid) = (0usize, 0usize);
    for chunk in bytes.utf8_chunks() {
        letters += chunk.valid().chars().filter(|c| !c.is_ascii()).count();
        invalid += chunk.invalid().len();
    }
    letters >= invalid
}

fn utf16(bytes: &[u8], unit: fn([u8; 2]) -> u16) -> Result<(String, Option<String>), String> {
    if !bytes.len().is_multiple_of(2) {
        return Err("UTF-16 text with an odd number of bytes".to_string());
    }
    let units = bytes.chunks_exact(2).map(|pair| unit([pair[0], pair[1]]));
    char::decode_utf16(units)
        .collect::<Result<String, _>>()
        .map(|text| (text, Some("decoded as UTF-16".to_string())))
        .map_err(|e| format!("invalid UTF-16: {e}"))
}

/// Windows-1252: Latin-1 with printable characters in 0x80..0xA0.
fn windows_1252(byte: u8) -> char {
    const HIGH: [char; 32] = [
        '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8d}', 'Ž',
        '\u{8f}', '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9d}',
        'ž', 'Ÿ',
    ];
    match byte {
        0x80..=0x9F => HIGH[usize::from(byte - 0x80)],
        _ => char::from(byte),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(target_pointer_width = "64")]
    #[test]
    fn a_text_that_decodes_past_the_offsets_is_not_read() {
        let reason = fits(&crate::span::text_past_the_most()).unwrap_err();
        assert!(
            reason.starts_with("a text of 4294967296 bytes: at most 4294967295")
                && reason.ends_with(": not read"),
            "{reason}"
        );
        assert_eq!(fits("Brann - Molde 2-1"), Ok(()));
    }

    #[test]
    fn a_json_lines_date_gives_the_year_and_month() {
        let at = |year, month| Some(Date { year, month });
        for (written, date) in [
            ("2012-05-13", at(2012, Some(5))),
            ("2012-11", at(2012, Some(11))),
            ("2012", at(2012, None)),
            ("2012-05-13T16:00:00Z", at(2012, Some(5))),
            (" 1998-07-03 ", at(1998, Some(7))),
            ("2012-13-01", None),
            ("13.05.2012", None),
            ("2012-5-13", None),
            ("", None),
            ("mai 2012", None),
        ] {
            assert_eq!(date_of(written), date, "{written:?}");
        }
        let lines = concat!(
            "{\"id\": \"a\", \"text\": \"x\", \"date\": \"2012-05-13\"}\n",
            "{\"id\": \"b\", \"text\": \"x\", \"date\": 2012}\n",
            "{\"id\": \"c\", \"text\": \"x\"}\n",
        );
        let mut records = JsonLines {
            name: "c.jsonl".into(),
            reader: Box::new(lines.as_bytes()),
            line: 0,
            ids: HashMap::new(),
            max_bytes: DEFAULT_MAX_DOCUMENT_BYTES,
        };
        let mut next = || records.next_record().unwrap().unwrap();
        let (a, b, c) = (next(), next(), next());
        assert_eq!((a.date, a.warnings.len()), (at(2012, Some(5)), 0));
        assert_eq!(b.date, None);
        assert!(
            b.warnings[0].starts_with("c.jsonl:2: \"date\" 2012 is no date"),
            "{:?}",
            b.warnings
        );
        assert_eq!((c.date, c.warnings.len()), (None, 0));
    }

    #[test]
    fn decodes_real_world_encodings() {
        let table: &[(&[u8], &str, bool)] = &[
            (b"M\xC3\xA5l", "Mål", false),
            (b"\xEF\xBB\xBFM\xC3\xA5l", "Mål", false),
            (b"M\xE5l \x96 Bj\xF8rn", "Mål – Bjørn", true),
            (b"\xFF\xFEM\x00\xE5\x00l\x00", "Mål", true),
            // A stray byte in UTF-8 text: the rest stays UTF-8.
            (
                b"Solskj\xC3\xA6r \xFF scoret",
                "Solskjær \u{FFFD} scoret",
                true,
            ),
            (b"", "", false),
        ];
        for (bytes, text, warned) in table {
            let (decoded, warning) = decode(bytes).unwrap();
            assert_eq!(decoded, *text);
            assert_eq!(warning.is_some(), *warned, "{text}");
        }
        assert!(decode(b"ab\0cd").unwrap_err().contains("binary"));
    }

    #[test]
    fn decoding_read_bytes_agrees_with_decode() {
        let table: &[&[u8]] = &[
            b"M\xC3\xA5l",
            b"\xEF\xBB\xBFM\xC3\xA5l",
            b"M\xE5l \x96 Bj\xF8rn",
            b"\xFF\xFEM\x00\xE5\x00l\x00",
            b"\xFE\xFF\x00M",
            b"Solskj\xC3\xA6r \xFF scoret",
            b"ab\0cd",
            b"\x01\x02\x80",
            b"",
        ];
        for bytes in table {
            assert_eq!(decode_owned(bytes.to_vec()), decode(bytes), "{bytes:?}");
        }
    }
}
