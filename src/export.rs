//! Stage 5: CSV rows for analysts and a report of the run.
//!
//! Workers render each document's rows into their own buffers ([`render`]); one [`Sink`] appends
//! the buffers in input order, so the bytes do not depend on the thread count. Outputs are written
//! to temporary files in the target folder and renamed into place only when complete: a failed or
//! interrupted run leaves the previous files or none, never a truncated one.

use crate::error::{Error, Result};
use crate::facts::match_facts;
use crate::ingest::Failure;
use crate::{Analysis, Gazetteer};
use serde::Serialize;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

/// `events.csv`: one row per (sentence, event kind).
#[derive(Debug, Serialize)]
pub struct EventRow<'a> {
    pub doc_id: &'a str,
    pub sentence: usize,
    pub start: usize,
    pub end: usize,
    pub event: &'static str,
    pub minute: String,
    pub player_id: String,
    pub player: &'a str,
    pub team_id: &'a str,
    pub team: &'a str,
    pub score: &'a str,
    pub trigger: &'a str,
    pub text: &'a str,
}

/// `mentions.csv`: one row per mention.
#[derive(Debug, Serialize)]
pub struct MentionRow<'a> {
    pub doc_id: &'a str,
    pub sentence: usize,
    pub start: usize,
    pub end: usize,
    pub surface: &'a str,
    pub entity_id: String,
    pub kind: &'static str,
    pub name: &'a str,
    pub how: &'static str,
}

/// `matches.csv`: one row per report that names a match or reports a goal.
#[derive(Debug, Serialize)]
pub struct MatchRow<'a> {
    pub doc_id: &'a str,
    pub home_id: &'a str,
    pub home: &'a str,
    pub away_id: &'a str,
    pub away: &'a str,
    pub score: &'a str,
    pub score_source: &'static str,
    /// `minute scorer (team)` per goal, in match order, separated by `; `.
    pub goals: String,
    /// `true`, `false`, or empty when no score was stated.
    pub consistent: &'static str,
}

pub const EVENT_HEADER: &str =
    "doc_id,sentence,start,end,event,minute,player_id,player,team_id,team,score,trigger,text\n";
pub const MENTION_HEADER: &str = "doc_id,sentence,start,end,surface,entity_id,kind,name,how\n";
pub const MATCH_HEADER: &str =
    "doc_id,home_id,home,away_id,away,score,score_source,goals,consistent\n";

/// The rows of one document, as CSV bytes without a header.
#[derive(Debug, Default)]
pub struct Rendered {
    pub events: Vec<u8>,
    pub mentions: Vec<u8>,
    pub matches: Vec<u8>,
    pub sentences: usize,
    pub not_football: bool,
    pub mention_count: usize,
    pub event_count: usize,
}

/// The event rows of one analysed document.
pub fn event_rows<'a>(
    analysis: &'a Analysis<'_>,
    gazetteer: &'a Gazetteer,
) -> impl Iterator<Item = EventRow<'a>> {
    let text = analysis.document.text.as_str();
    analysis.events.iter().map(move |event| {
        let sentence = &analysis.sentences[event.sentence];
        let actor = event.actor.map(|m| &analysis.recognition.mentions[m]);
        let (player_id, player) = match actor {
            Some(mention) => match mention.entity() {
                Some(entity) => (
                    gazetteer.entity(entity).id.clone(),
                    gazetteer.entity(entity).name.as_str(),
                ),
                None => (
                    ids(gazetteer, &mention.entities),
                    &text[mention.span.clone()],
                ),
            },
            None => (String::new(), ""),
        };
        let team = event.team.map(|t| gazetteer.entity(t));
        EventRow {
            doc_id: &analysis.document.id,
            sentence: event.sentence,
            start: sentence.span.start,
            end: sentence.span.end,
            event: event.kind.as_str(),
            minute: event.minute.map(|m| m.to_string()).unwrap_or_default(),
            player_id,
            player,
            team_id: team.map_or("", |t| t.id.as_str()),
            team: team.map_or("", |t| t.name.as_str()),
            score: event.score.clone().map_or("", |s| &text[s]),
            trigger: &text[event.trigger.clone()],
            text: &text[sentence.span.clone()],
        }
    })
}

/// The mention rows of one analysed document; an ambiguous mention lists its candidates.
pub fn mention_rows<'a>(
    analysis: &'a Analysis<'_>,
    gazetteer: &'a Gazetteer,
) -> impl Iterator<Item = MentionRow<'a>> {
    let text = analysis.document.text.as_str();
    analysis.recognition.mentions.iter().map(move |mention| {
        let first = gazetteer.entity(mention.entities[0]);
        let linked = mention.entity().is_some();
        MentionRow {
            doc_id: &analysis.document.id,
            sentence: mention.sentence,
            start: mention.span.start,
            end: mention.span.end,
            surface: &text[mention.span.clone()],
            entity_id: if linked {
                first.id.clone()
            } else {
                ids(gazetteer, &mention.entities)
            },
            kind: first.kind.as_str(),
            name: if linked { &first.name } else { "" },
            how: mention.how.as_str(),
        }
    })
}

/// The match row of one analysed document, if it names a match or reports a goal.
pub fn match_row<'a>(analysis: &'a Analysis<'_>, gazetteer: &'a Gazetteer) -> Option<MatchRow<'a>> {
    let facts = match_facts(analysis)?;
    let text = analysis.document.text.as_str();
    let team = |t: Option<usize>| t.map(|t| gazetteer.entity(t));
    let (home, away) = (team(facts.home), team(facts.away));
    let goals: Vec<String> = facts
        .goals
        .iter()
        .map(|goal| {
            let minute = goal.minute.map_or("?".to_string(), |m| m.to_string());
            let scorer = goal
                .scorer
                .map(|m| &analysis.recognition.mentions[m])
                .and_then(|m| {
                    m.entity()
                        .map(|e| gazetteer.entity(e).name.as_str())
                        .or(Some(&text[m.span.clone()]))
                })
                .or(goal.name.clone().map(|span| &text[span]))
                .unwrap_or("?");
            let team = team(goal.team).map_or(String::new(), |t| format!(" ({})", t.name));
            format!("{minute} {scorer}{team}")
        })
        .collect();
    Some(MatchRow {
        doc_id: &analysis.document.id,
        home_id: home.map_or("", |t| t.id.as_str()),
        home: home.map_or("", |t| t.name.as_str()),
        away_id: away.map_or("", |t| t.id.as_str()),
        away: away.map_or("", |t| t.name.as_str()),
        score: facts
            .score
            .as_ref()
            .map_or("", |(span, _)| &text[span.clone()]),
        score_source: facts
            .score
            .as_ref()
            .map_or("", |(_, source)| source.as_str()),
        goals: goals.join("; "),
        consistent: match facts.consistent {
            Some(true) => "true",
            Some(false) => "false",
            None => "",
        },
    })
}

fn ids(gazetteer: &Gazetteer, entities: &[usize]) -> String {
    entities
        .iter()
        .map(|&e| gazetteer.entity(e).id.as_str())
        .collect::<Vec<_>>()
        .join("|")
}

/// How cells are written.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CsvOptions {
    /// Neutralise cells a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`,
    /// tab or carriage return) by prefixing a `'`, as OWASP recommends against CSV injection.
    pub excel_safe: bool,
}

/// Renders one document's rows into buffers.
pub fn render(analysis: &Analysis<'_>, gazetteer: &Gazetteer) -> Rendered {
    render_with(analysis, gazetteer, CsvOptions::default())
}

/// Renders one document's rows into buffers, with options.
pub fn render_with(
    analysis: &Analysis<'_>,
    gazetteer: &Gazetteer,
    options: CsvOptions,
) -> Rendered {
    let mut rendered = Rendered {
        sentences: analysis.sentences.len(),
        not_football: !analysis.football,
        mention_count: analysis.recognition.mentions.len(),
        event_count: analysis.events.len(),
        ..Rendered::default()
    };
    write_rows(
        &mut rendered.events,
        event_rows(analysis, gazetteer),
        options,
    );
    write_rows(
        &mut rendered.mentions,
        mention_rows(analysis, gazetteer),
        options,
    );
    write_rows(
        &mut rendered.matches,
        match_row(analysis, gazetteer).into_iter(),
        options,
    );
    rendered
}

fn write_rows<T: Serialize>(out: &mut Vec<u8>, rows: impl Iterator<Item = T>, options: CsvOptions) {
    const SERIALISE: &str = "CSV rows of strings and numbers serialise into memory";
    let mut writer = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(out);
    for row in rows {
        if !options.excel_safe {
            writer.serialize(row).expect(SERIALISE);
            continue;
        }
        // Serialise the row alone, read its cells back, and neutralise the dangerous ones.
        let mut one = csv::WriterBuilder::new()
            .has_headers(false)
            .from_writer(Vec::new());
        one.serialize(row).expect(SERIALISE);
        let bytes = one.into_inner().expect(SERIALISE);
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .from_reader(bytes.as_slice());
        for record in reader.byte_records() {
            let record = record.expect("a row just written reads back");
            let cells: Vec<std::borrow::Cow<[u8]>> = record.iter().map(excel_safe).collect();
            writer.write_record(&cells).expect(SERIALISE);
        }
    }
    writer.flush().expect("flushing into memory cannot fail");
}

/// A cell a spreadsheet would run as a formula gets a leading `'`.
fn excel_safe(cell: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    match cell.first() {
        Some(b'=' | b'+' | b'-' | b'@' | b'\t' | b'\r') => {
            let mut safe = Vec::with_capacity(cell.len() + 1);
            safe.push(b'\'');
            safe.extend_from_slice(cell);
            std::borrow::Cow::Owned(safe)
        }
        _ => std::borrow::Cow::Borrowed(cell),
    }
}

/// A file that appears under its name only when complete.
pub struct AtomicFile {
    path: PathBuf,
    tmp: PathBuf,
    writer: Option<BufWriter<File>>,
}

impl AtomicFile {
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

/// `report.json`: what a run read, what failed and why, and what it found.
#[derive(Debug, Default, Serialize, serde::Deserialize)]
pub struct Report {
    pub documents_read: usize,
    pub documents_failed: usize,
    pub failures: Vec<Failure>,
    pub warnings: Vec<Failure>,
    /// Documents set aside as not about football: they are not segmented, so their sentences are
    /// not counted.
    pub documents_not_football: usize,
    pub sentences: usize,
    pub mentions: usize,
    pub events: usize,
    pub seconds: f64,
}

/// Where an `extract` run writes.
enum Outputs {
    /// `events.csv`, `mentions.csv`, `matches.csv` and `report.json` in a folder.
    Folder(Box<Folder>),
    /// `events.csv` alone, streamed (standard output, for pipes).
    Stream(Box<dyn Write + Send>),
}

struct Folder {
    dir: PathBuf,
    events: AtomicFile,
    mentions: AtomicFile,
    matches: AtomicFile,
}

/// The outputs of an `extract` run: a folder (`events.csv`, `mentions.csv`, `matches.csv`,
/// `report.json`) or a stream of event rows.
pub struct Sink {
    outputs: Outputs,
    pub report: Report,
}

impl Sink {
    pub fn create(dir: &Path) -> Result<Sink> {
        std::fs::create_dir_all(dir).map_err(|source| Error::Io {
            path: dir.to_path_buf(),
            source,
        })?;
        let mut events = AtomicFile::create(&dir.join("events.csv"))?;
        let mut mentions = AtomicFile::create(&dir.join("mentions.csv"))?;
        let mut matches = AtomicFile::create(&dir.join("matches.csv"))?;
        events.write_all(EVENT_HEADER.as_bytes())?;
        mentions.write_all(MENTION_HEADER.as_bytes())?;
        matches.write_all(MATCH_HEADER.as_bytes())?;
        let outputs = Outputs::Folder(Box::new(Folder {
            dir: dir.to_path_buf(),
            events,
            mentions,
            matches,
        }));
        Ok(Sink {
            outputs,
            report: Report::default(),
        })
    }

    /// Event rows to a stream, header first, flushed after every [`Sink::flush`].
    pub fn stream(mut writer: Box<dyn Write + Send>) -> Result<Sink> {
        writer
            .write_all(EVENT_HEADER.as_bytes())
            .map_err(stream_error)?;
        Ok(Sink {
            outputs: Outputs::Stream(writer),
            report: Report::default(),
        })
    }

    /// Appends one document's rows; call in input order.
    pub fn document(&mut self, rendered: &Rendered) -> Result<()> {
        match &mut self.outputs {
            Outputs::Folder(folder) => {
                let Folder {
                    events,
                    mentions,
                    matches,
                    ..
                } = folder.as_mut();
                events.write_all(&rendered.events)?;
                mentions.write_all(&rendered.mentions)?;
                matches.write_all(&rendered.matches)?;
            }
            Outputs::Stream(writer) => writer.write_all(&rendered.events).map_err(stream_error)?,
        }
        self.report.documents_read += 1;
        self.report.documents_not_football += usize::from(rendered.not_football);
        self.report.sentences += rendered.sentences;
        self.report.mentions += rendered.mention_count;
        self.report.events += rendered.event_count;
        Ok(())
    }

    /// Pushes streamed rows out (a no-op for a folder, written at commit).
    pub fn flush(&mut self) -> Result<()> {
        match &mut self.outputs {
            Outputs::Stream(writer) => writer.flush().map_err(stream_error),
            Outputs::Folder(_) => Ok(()),
        }
    }

    pub fn failure(&mut self, failure: Failure) {
        self.report.documents_failed += 1;
        self.report.failures.push(failure);
    }

    /// Writes the report and moves every file into place (or flushes the stream).
    pub fn commit(mut self, seconds: f64) -> Result<Report> {
        self.report.seconds = (seconds * 1000.0).round() / 1000.0;
        match self.outputs {
            Outputs::Folder(folder) => {
                let Folder {
                    dir,
                    events,
                    mentions,
                    matches,
                } = *folder;
                events.commit()?;
                mentions.commit()?;
                matches.commit()?;
                write_report(&dir.join("report.json"), &self.report)?;
            }
            Outputs::Stream(mut writer) => writer.flush().map_err(stream_error)?,
        }
        Ok(self.report)
    }
}

fn stream_error(source: std::io::Error) -> Error {
    Error::Io {
        path: PathBuf::from("-"),
        source,
    }
}

/// Writes `report.json` atomically.
pub fn write_report(path: &Path, report: &Report) -> Result<()> {
    let mut json = AtomicFile::create(path)?;
    let mut bytes = serde_json::to_vec_pretty(report).expect("the report is plain data");
    bytes.push(b'\n');
    json.write_all(&bytes)?;
    json.commit()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excel_safe_neutralises_formula_cells() {
        let table: &[(&str, &str)] = &[
            ("=1+1", "'=1+1"),
            ("+47", "'+47"),
            ("- Vi vant", "'- Vi vant"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\tx", "'\tx"),
            ("Brann", "Brann"),
            ("3-2", "3-2"),
            ("", ""),
        ];
        for (cell, expected) in table {
            assert_eq!(
                excel_safe(cell.as_bytes()).as_ref(),
                expected.as_bytes(),
                "{cell:?}"
            );
        }
    }
}
