//! Stage 5: CSV rows for analysts and a report of the run.
//!
//! Workers render each document's rows into their own buffers ([`render`]); one [`Sink`] appends
//! the buffers in input order, so the bytes do not depend on the thread count. A folder's outputs
//! are written into a version folder of their own and published together ([`OutputSet`]): a
//! reader sees the previous set or the new one, never a mix, and a failed or interrupted run
//! publishes nothing.

mod atomic_file;
pub mod html;
mod pending;
mod publish;
mod report;
mod rows;
mod sink;

pub use atomic_file::AtomicFile;
pub use pending::interrupt;
pub use publish::{OutputFile, OutputSet};
pub use report::{write_report, Report, Shard};
pub use rows::{
    event_rows, goal_rows, match_row, mention_rows, EventRow, GoalRow, MatchRow, MentionRow,
};
pub use sink::{FolderSink, Sink, StreamFormat, StreamSink, OUTPUTS};

use crate::gazetteer::Gazetteer;
use crate::pipeline::Analysis;
use serde::Serialize;

/// The rows of one document, as CSV bytes without a header.
#[derive(Debug, Default)]
pub struct Rendered {
    /// Its `events.csv` rows.
    pub events: Vec<u8>,
    /// Its `mentions.csv` rows.
    pub mentions: Vec<u8>,
    /// Its `matches.csv` row, if any.
    pub matches: Vec<u8>,
    /// Its `goals.csv` rows.
    pub goals: Vec<u8>,
    /// How many sentences it has.
    pub sentences: usize,
    /// Whether it was set aside as not about football.
    pub not_football: bool,
    /// How many mentions it has.
    pub mention_count: usize,
    /// How many events it has.
    pub event_count: usize,
    /// With [`CsvOptions::json_lines`]: every row as a JSON object on a line of its own, with a
    /// `type` (`event`, `mention`, `match`, `goal`), and no CSV.
    pub json_lines: Vec<u8>,
}

/// How cells are written.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CsvOptions {
    /// Neutralise cells a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`,
    /// tab or carriage return) by prefixing a `'`, as OWASP recommends against CSV injection.
    pub excel_safe: bool,
    /// Render every row as a line of JSON instead (for a stream that jq or Spark reads).
    pub json_lines: bool,
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
    if options.json_lines {
        let out = &mut rendered.json_lines;
        write_json_lines(out, "event", event_rows(analysis, gazetteer));
        write_json_lines(out, "mention", mention_rows(analysis, gazetteer));
        write_json_lines(out, "match", match_row(analysis, gazetteer).into_iter());
        write_json_lines(out, "goal", goal_rows(analysis, gazetteer));
        return rendered;
    }
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
    write_rows(&mut rendered.goals, goal_rows(analysis, gazetteer), options);
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

/// One JSON object per row, its `type` first and then the row's CSV columns.
fn write_json_lines<T: Serialize>(out: &mut Vec<u8>, kind: &str, rows: impl Iterator<Item = T>) {
    #[derive(Serialize)]
    struct Typed<'k, T> {
        r#type: &'k str,
        #[serde(flatten)]
        row: T,
    }
    for row in rows {
        serde_json::to_writer(&mut *out, &Typed { r#type: kind, row })
            .expect("rows of strings and numbers serialise into memory");
        out.push(b'\n');
    }
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
