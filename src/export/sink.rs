//! Where an `extract` run writes: a [`Sink`] receives each document's rendered rows in input
//! order and only writes them (ripgrep's searcher reports to a `Sink` its printers implement).
//! The run keeps the [`Report`] tally itself and hands it over at [`Sink::finish`].

use super::report::{write_report, Report};
use super::rows::{header, EventRow, GoalRow, MatchRow, MentionRow};
use super::{OutputFile, OutputSet, Rendered};
use crate::error::{Error, Result};
use std::io::Write;
use std::path::PathBuf;

/// The outputs of a run, written one document at a time in input order.
pub trait Sink {
    /// Appends one document's rows; call in input order.
    fn document(&mut self, rendered: &Rendered) -> Result<()>;

    /// Pushes the rows written so far out; call after every batch.
    fn flush(&mut self) -> Result<()>;

    /// Completes the outputs once every document is written, with the run's report.
    fn finish(self: Box<Self>, report: &Report) -> Result<()>;

    /// Notes a document or input that could not be read, in the order met; a folder's outputs
    /// keep it in the report only.
    fn failure(&mut self, _failure: &crate::ingest::Failure) -> Result<()> {
        Ok(())
    }
}

/// `events.csv`, `mentions.csv`, `matches.csv`, `goals.csv` and `report.json`, written into a
/// set of outputs that its owner publishes once they are finished.
pub struct FolderSink<'s> {
    set: &'s OutputSet,
    events: OutputFile,
    mentions: OutputFile,
    matches: OutputFile,
    goals: OutputFile,
}

/// The files of an output folder.
pub const OUTPUTS: [&str; 5] = [
    "events.csv",
    "mentions.csv",
    "matches.csv",
    "goals.csv",
    "report.json",
];

impl<'s> FolderSink<'s> {
    /// Starts the four CSV files of the set with their headers.
    pub fn create(set: &'s OutputSet) -> Result<FolderSink<'s>> {
        let mut events = set.create_file("events.csv")?;
        let mut mentions = set.create_file("mentions.csv")?;
        let mut matches = set.create_file("matches.csv")?;
        let mut goals = set.create_file("goals.csv")?;
        events.write_all(&header::<EventRow>())?;
        mentions.write_all(&header::<MentionRow>())?;
        matches.write_all(&header::<MatchRow>())?;
        goals.write_all(&header::<GoalRow>())?;
        Ok(FolderSink {
            set,
            events,
            mentions,
            matches,
            goals,
        })
    }
}

impl Sink for FolderSink<'_> {
    fn document(&mut self, rendered: &Rendered) -> Result<()> {
        self.events.write_all(&rendered.events)?;
        self.mentions.write_all(&rendered.mentions)?;
        self.matches.write_all(&rendered.matches)?;
        self.goals.write_all(&rendered.goals)
    }

    /// A no-op: the files are published as a set.
    fn flush(&mut self) -> Result<()> {
        Ok(())
    }

    /// Flushes and syncs the four CSV files and writes the report, ready to be published.
    fn finish(self: Box<Self>, report: &Report) -> Result<()> {
        for file in [self.events, self.mentions, self.matches, self.goals] {
            file.finish()?;
        }
        write_report(self.set, report)
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
    fn finish(mut self: Box<Self>, _report: &Report) -> Result<()> {
        self.writer.flush().map_err(stream_error)
    }
}

fn stream_error(source: std::io::Error) -> Error {
    Error::Io {
        path: PathBuf::from("-"),
        source,
    }
}
