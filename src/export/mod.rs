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
pub use publish::{published_set, OutputFile, OutputSet};
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
    let mut out = RowWriter::new(counts(analysis), None);
    write_parts(analysis, gazetteer, options, &mut out);
    out.rendered
}

/// Renders one document's rows straight into a sink, in parts of about [`PART_BYTES`], and
/// gives its counts (without rows) for the report: the bytes the sink gets are those of
/// [`render_with`]. For a long document, whose rows (twice its size) are then never held whole.
pub fn render_into(
    analysis: &Analysis<'_>,
    gazetteer: &Gazetteer,
    options: CsvOptions,
    sink: &mut dyn Sink,
) -> crate::error::Result<Rendered> {
    let mut out = RowWriter::new(Rendered::default(), Some(sink));
    write_parts(analysis, gazetteer, options, &mut out);
    out.pass();
    match out.error {
        Some(err) => Err(err),
        None => Ok(counts(analysis)),
    }
}

/// A document's counts, with no rows yet.
fn counts(analysis: &Analysis<'_>) -> Rendered {
    Rendered {
        sentences: analysis.sentences.len(),
        not_football: !analysis.football,
        mention_count: analysis.recognition.mentions.len(),
        event_count: analysis.events.len(),
        ..Rendered::default()
    }
}

/// Every row of a document into `out`, one part after the other.
fn write_parts(
    analysis: &Analysis<'_>,
    gazetteer: &Gazetteer,
    options: CsvOptions,
    out: &mut RowWriter<'_>,
) {
    if options.json_lines {
        out.part = Part::JsonLines;
        write_json_lines(out, "event", event_rows(analysis, gazetteer));
        write_json_lines(out, "mention", mention_rows(analysis, gazetteer));
        write_json_lines(out, "match", match_row(analysis, gazetteer).into_iter());
        write_json_lines(out, "goal", goal_rows(analysis, gazetteer));
        return;
    }
    out.part = Part::Events;
    write_rows(out, event_rows(analysis, gazetteer), options);
    out.part = Part::Mentions;
    write_rows(out, mention_rows(analysis, gazetteer), options);
    out.part = Part::Matches;
    write_rows(out, match_row(analysis, gazetteer).into_iter(), options);
    out.part = Part::Goals;
    write_rows(out, goal_rows(analysis, gazetteer), options);
}

/// The bytes of rows [`render_into`] gathers before it passes them to the sink.
pub const PART_BYTES: usize = 64 * 1024;

/// Which buffer of a [`Rendered`] rows are written into.
#[derive(Debug, Clone, Copy)]
enum Part {
    Events,
    Mentions,
    Matches,
    Goals,
    JsonLines,
}

/// Rows into the buffers of a [`Rendered`]; with a sink, the buffers are passed to it whenever
/// they hold [`PART_BYTES`], and emptied. A sink's error is kept (and the rows after it
/// dropped) so that rendering, which cannot fail into memory, need not handle one.
struct RowWriter<'s> {
    rendered: Rendered,
    part: Part,
    sink: Option<&'s mut dyn Sink>,
    error: Option<crate::error::Error>,
}

impl<'s> RowWriter<'s> {
    fn new(rendered: Rendered, sink: Option<&'s mut dyn Sink>) -> RowWriter<'s> {
        RowWriter {
            rendered,
            part: Part::Events,
            sink,
            error: None,
        }
    }

    fn buffer(&mut self) -> &mut Vec<u8> {
        let rendered = &mut self.rendered;
        match self.part {
            Part::Events => &mut rendered.events,
            Part::Mentions => &mut rendered.mentions,
            Part::Matches => &mut rendered.matches,
            Part::Goals => &mut rendered.goals,
            Part::JsonLines => &mut rendered.json_lines,
        }
    }

    /// Passes the rows gathered to the sink, if there is one.
    fn pass(&mut self) {
        let Some(sink) = self.sink.as_deref_mut() else {
            return;
        };
        if self.error.is_none() {
            self.error = sink.document(&self.rendered).err();
        }
        let rendered = &mut self.rendered;
        for buffer in [
            &mut rendered.events,
            &mut rendered.mentions,
            &mut rendered.matches,
            &mut rendered.goals,
            &mut rendered.json_lines,
        ] {
            buffer.clear();
        }
    }
}

impl std::io::Write for RowWriter<'_> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.buffer().extend_from_slice(bytes);
        if self.sink.is_some() && self.buffer().len() >= PART_BYTES {
            self.pass();
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn write_rows<T: Serialize>(
    out: &mut RowWriter<'_>,
    rows: impl Iterator<Item = T>,
    options: CsvOptions,
) {
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
fn write_json_lines<T: Serialize>(
    out: &mut RowWriter<'_>,
    kind: &str,
    rows: impl Iterator<Item = T>,
) {
    #[derive(Serialize)]
    struct Typed<'k, T> {
        r#type: &'k str,
        #[serde(flatten)]
        row: T,
    }
    for row in rows {
        serde_json::to_writer(&mut *out, &Typed { r#type: kind, row })
            .expect("rows of strings and numbers serialise into memory");
        out.buffer().push(b'\n');
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

    /// The rows a sink got, part by part.
    #[derive(Default)]
    struct Collected {
        rows: [Vec<u8>; 5],
        parts: usize,
    }

    impl Sink for Collected {
        fn document(&mut self, rendered: &Rendered) -> crate::error::Result<()> {
            let parts = [
                &rendered.events,
                &rendered.mentions,
                &rendered.matches,
                &rendered.goals,
                &rendered.json_lines,
            ];
            for (rows, part) in self.rows.iter_mut().zip(parts) {
                rows.extend_from_slice(part);
            }
            self.parts += 1;
            Ok(())
        }

        fn flush(&mut self) -> crate::error::Result<()> {
            Ok(())
        }

        fn finish(self: Box<Self>, _: &Report) -> crate::error::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn rows_rendered_into_a_sink_in_parts_are_the_rows_rendered_whole() {
        let pipeline = crate::Pipeline::new().expect("the shipped data loads");
        let report = "Brann - Viking 2-1\nBrann scoret i det 12. minutt etter en pasning fra \
                      Bodø/Glimt-spilleren. Viking utlignet etter pause. Dommeren ga gult kort.\n";
        let document = crate::Document::new("long", report.repeat(2000));
        let analysis = pipeline.analyze(&document).unwrap();
        for options in [
            CsvOptions::default(),
            CsvOptions {
                excel_safe: true,
                ..CsvOptions::default()
            },
            CsvOptions {
                json_lines: true,
                ..CsvOptions::default()
            },
        ] {
            let whole = render_with(&analysis, pipeline.gazetteer(), options);
            let mut sink = Collected::default();
            let counts = render_into(&analysis, pipeline.gazetteer(), options, &mut sink).unwrap();
            let rows = [
                whole.events,
                whole.mentions,
                whole.matches,
                whole.goals,
                whole.json_lines,
            ];
            assert_eq!(sink.rows, rows, "{options:?}");
            assert!(sink.parts > 2, "{options:?}: in parts ({})", sink.parts);
            assert_eq!(
                (counts.event_count, counts.mention_count, counts.sentences),
                (whole.event_count, whole.mention_count, whole.sentences)
            );
            assert!(counts.events.is_empty() && counts.json_lines.is_empty());
        }
    }
}
