//! Where an `extract` run writes: a [`Sink`] receives each document's rendered rows in input
//! order and only writes them (ripgrep's searcher reports to a `Sink` its printers implement).
//! The run keeps the [`Report`] tally itself and hands it over at commit.

use super::atomic_file::AtomicFile;
use super::atomic_file::{commit_all, lock_folder};
use super::report::{report_file, Report};
use super::rows::{header, EventRow, GoalRow, MatchRow, MentionRow};
use super::Rendered;
use crate::error::{Error, Result};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The outputs of a run, written one document at a time in input order.
pub trait Sink {
    /// Appends one document's rows; call in input order.
    fn document(&mut self, rendered: &Rendered) -> Result<()>;

    /// Pushes the rows written so far out; call after every batch.
    fn flush(&mut self) -> Result<()>;

    /// Completes the outputs once every document is written, with the run's report.
    fn commit(self: Box<Self>, report: &Report) -> Result<()>;

    /// Notes a document or input that could not be read, in the order met; a folder's outputs
    /// keep it in the report only.
    fn failure(&mut self, _failure: &crate::ingest::Failure) -> Result<()> {
        Ok(())
    }
}

/// `events.csv`, `mentions.csv`, `matches.csv`, `goals.csv` and `report.json` in a folder, each moved into
/// place only at [`Sink::commit`].
pub struct FolderSink {
    dir: PathBuf,
    events: AtomicFile,
    mentions: AtomicFile,
    matches: AtomicFile,
    goals: AtomicFile,
    /// The folder's lock, held until the outputs are committed.
    _lock: std::fs::File,
}

/// The files of an output folder.
pub const OUTPUTS: [&str; 5] = [
    "events.csv",
    "mentions.csv",
    "matches.csv",
    "goals.csv",
    "report.json",
];

impl FolderSink {
    /// Creates the folder if need be and starts the four CSV files with their headers.
    pub fn create(dir: &Path) -> Result<FolderSink> {
        if dir.exists() && !dir.is_dir() {
            return Err(Error::Invalid(vec![crate::error::Problem {
                file: dir.display().to_string(),
                line: 0,
                column: None,
                message: "is a file, not a folder: --out wants a folder for the five outputs \
                          (or `-` to stream the rows)"
                    .into(),
            }]));
        }
        std::fs::create_dir_all(dir).map_err(|source| Error::Io {
            path: dir.to_path_buf(),
            source,
        })?;
        let lock = lock_folder(dir, &OUTPUTS)?;
        let mut events = AtomicFile::create(&dir.join("events.csv"))?;
        let mut mentions = AtomicFile::create(&dir.join("mentions.csv"))?;
        let mut matches = AtomicFile::create(&dir.join("matches.csv"))?;
        let mut goals = AtomicFile::create(&dir.join("goals.csv"))?;
        events.write_all(&header::<EventRow>())?;
        mentions.write_all(&header::<MentionRow>())?;
        matches.write_all(&header::<MatchRow>())?;
        goals.write_all(&header::<GoalRow>())?;
        Ok(FolderSink {
            dir: dir.to_path_buf(),
            events,
            mentions,
            matches,
            goals,
            _lock: lock,
        })
    }
}

impl Sink for FolderSink {
    fn document(&mut self, rendered: &Rendered) -> Result<()> {
        self.events.write_all(&rendered.events)?;
        self.mentions.write_all(&rendered.mentions)?;
        self.matches.write_all(&rendered.matches)?;
        self.goals.write_all(&rendered.goals)
    }

    /// A no-op: the files are written at commit.
    fn flush(&mut self) -> Result<()> {
        Ok(())
    }

    /// Writes the report, then moves the five files into place as one set.
    fn commit(self: Box<Self>, report: &Report) -> Result<()> {
        let FolderSink {
            dir,
            events,
            mentions,
            matches,
            goals,
            _lock,
        } = *self;
        let report = report_file(&dir.join("report.json"), report)?;
        commit_all(vec![events, mentions, matches, goals, report])
    }
}

/// Rows to a stream (standard output, for pipes), flushed after every batch: the event rows as
/// CSV (with the header first, unless left out: a Spark job that pipes every partition wants one
/// header or none), or every row as JSON Lines with its `type`, and an `error` line for each
/// document that could not be read. No report is written.
pub struct StreamSink<W: Write> {
    writer: W,
    json_lines: bool,
}

/// What a stream holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StreamFormat {
    /// The `events.csv` rows, with its header or without.
    Csv {
        /// Write the header line first.
        header: bool,
    },
    /// Every row as a JSON object with its `type`, and `error` objects.
    JsonLines,
}

impl<W: Write> StreamSink<W> {
    /// Starts the stream.
    pub fn new(mut writer: W, format: StreamFormat) -> Result<StreamSink<W>> {
        if format == (StreamFormat::Csv { header: true }) {
            writer
                .write_all(&header::<EventRow>())
                .map_err(stream_error)?;
        }
        Ok(StreamSink {
            writer,
            json_lines: format == StreamFormat::JsonLines,
        })
    }
}

impl<W: Write> Sink for StreamSink<W> {
    fn document(&mut self, rendered: &Rendered) -> Result<()> {
        let rows = if self.json_lines {
            &rendered.json_lines
        } else {
            &rendered.events
        };
        self.writer.write_all(rows).map_err(stream_error)
    }

    fn failure(&mut self, failure: &crate::ingest::Failure) -> Result<()> {
        if !self.json_lines {
            return Ok(());
        }
        #[derive(serde::Serialize)]
        struct ErrorLine<'f> {
            r#type: &'static str,
            #[serde(flatten)]
            failure: &'f crate::ingest::Failure,
        }
        let line = ErrorLine {
            r#type: "error",
            failure,
        };
        let json = serde_json::to_string(&line).expect("a failure serialises");
        writeln!(self.writer, "{json}").map_err(stream_error)
    }

    fn flush(&mut self) -> Result<()> {
        self.writer.flush().map_err(stream_error)
    }

    /// Flushes the stream; the report is not written.
    fn commit(mut self: Box<Self>, _report: &Report) -> Result<()> {
        self.writer.flush().map_err(stream_error)
    }
}

fn stream_error(source: std::io::Error) -> Error {
    Error::Io {
        path: PathBuf::from("-"),
        source,
    }
}
