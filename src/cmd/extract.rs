//! `kampfakta extract INPUT... --out DIR`: the whole pipeline over a corpus.

use super::RunArgs;
use anyhow::bail;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use kampfakta::export::html::{self, HtmlFolder, Page};
use kampfakta::export::{
    render_into, render_with, CsvOptions, FolderSink, OutputSet, Rendered, Report, Shard, Sink,
    StreamFormat, StreamSink,
};
use kampfakta::ingest::{shard, sources, Document, Documents, Failure, Source};
use kampfakta::{Analysis, Pipeline};
use rayon::prelude::*;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// Documents analysed in parallel before their rows are written, in order: memory stays bounded
/// whatever the corpus size, and rows go out as each batch is done.
pub(super) const BATCH: usize = 256;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Files, folders (recursed: .txt, .md, .jsonl) or `-` for standard input.
    #[arg(required = true)]
    inputs: Vec<String>,
    /// The folder for events.csv, mentions.csv, matches.csv, goals.csv and report.json; `-`
    /// streams the rows to standard output (for pipes) and writes nothing else.
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    #[command(flatten)]
    run: RunArgs,
    /// Process shard I of N (1-based): a contiguous run of the inputs with about 1/N of their
    /// bytes. `kampfakta merge` of shards 1..N in order gives the bytes of a single run.
    #[arg(long, value_name = "I/N", value_parser = parse_shard)]
    shard: Option<(usize, usize)>,
    /// With `--out -`: `csv`, the event rows with their header; `jsonl`, every row (event,
    /// mention, match) as a JSON object with its `type`, and an `error` object for each document
    /// that could not be read.
    #[arg(long, value_enum, default_value_t = Format::Csv)]
    format: Format,
    /// With `--out - --format csv`: no header line (a Spark job piping many partitions adds its
    /// own, or takes the first).
    #[arg(long)]
    no_header: bool,
    /// Neutralise cells that a spreadsheet would run as formulas (a leading `=`, `+`, `-`, `@`,
    /// tab or CR gets a `'`). Use it when the CSV will be opened in Excel or LibreOffice; leave it
    /// off for programs (pandas, R, databases), which would then see the extra `'`.
    #[arg(long)]
    excel_safe: bool,
    /// Print nothing on success and show no progress bar.
    #[arg(long, short)]
    quiet: bool,
    /// Also write a page per document and index.html into DIR/html/, as `kampfakta show` does.
    #[arg(long)]
    html: bool,
}

/// What `--out -` streams.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    Csv,
    Jsonl,
}

fn parse_shard(value: &str) -> Result<(usize, usize), String> {
    let (index, count) = value.split_once('/').ok_or("want I/N, as in 2/8")?;
    let (index, count): (usize, usize) = (
        index.parse().map_err(|_| "I is not a number")?,
        count.parse().map_err(|_| "N is not a number")?,
    );
    if count == 0 || index == 0 || index > count {
        return Err(format!("shard {index}/{count}: want 1 <= I <= N"));
    }
    Ok((index, count))
}

impl Args {
    /// `--out -`: event rows to standard output.
    fn to_stdout(&self) -> bool {
        self.out.as_os_str() == "-"
    }

    /// The sources to read (this shard's, with `--shard`, and which shard of which inputs it
    /// is), and the inputs that cannot be read.
    fn sources(&self) -> anyhow::Result<(Vec<Source>, Option<Shard>, Vec<Failure>)> {
        let (mut sources, failures) = sources(&self.inputs);
        let mut this_shard = None;
        if let Some((index, count)) = self.shard {
            let names: Vec<(String, u64)> = sources
                .iter()
                .map(|s| match s {
                    Source::File(path) => (kampfakta::ingest::path_id(path), s.size()),
                    _ => ("-".to_string(), 0),
                })
                .collect();
            this_shard = Some(Shard::of(
                index,
                count,
                names.iter().map(|(p, size)| (p.as_str(), *size)),
            ));
            sources = shard(sources, index - 1, count);
        }
        if self.to_stdout() && sources.contains(&Source::Stdin) && self.inputs.len() > 1 {
            bail!("with --out -, standard input can only be the one input");
        }
        Ok((sources, this_shard, failures))
    }

    /// The set of outputs `--out DIR` gets (none for `--out -`), once the options are known to
    /// fit it.
    fn output_set(&self) -> anyhow::Result<Option<OutputSet>> {
        if !self.to_stdout() && (self.format == Format::Jsonl || self.no_header) {
            bail!("--format jsonl and --no-header are for a stream: give --out -");
        }
        if self.to_stdout() && self.html {
            bail!("--html writes into the --out folder: give a folder, not -");
        }
        if self.format == Format::Jsonl && self.no_header {
            bail!("--no-header is for CSV streams: JSON Lines have no header");
        }
        if self.to_stdout() {
            return Ok(None);
        }
        let holds = "the five outputs (or `-` to stream the rows)";
        Ok(Some(OutputSet::create(&self.out, holds)?))
    }

    /// Where the rows go: the folder's set, or standard output.
    fn sink<'s>(&self, set: Option<&'s OutputSet>) -> anyhow::Result<Box<dyn Sink + 's>> {
        let format = match self.format {
            Format::Csv => StreamFormat::Csv {
                header: !self.no_header,
            },
            Format::Jsonl => StreamFormat::JsonLines,
        };
        Ok(match set {
            Some(set) => Box::new(FolderSink::create(set)?),
            None => Box::new(StreamSink::new(std::io::stdout(), format)?),
        })
    }
}

/// Runs the pipeline over the inputs into the outputs; exit code 1 when an input could not be
/// read or no document was (but for a shard that got none: a small corpus in many shards).
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let started = Instant::now();
    super::remove_outputs_on_interrupt()?;
    let pipeline = args.run.pipeline()?;
    let pool = args.run.pool()?;
    let (sources, this_shard, failures) = args.sources()?;
    let empty_shard = args.shard.is_some() && sources.is_empty();
    let set = args.output_set()?;
    let mut sink = args.sink(set.as_ref())?;
    // The pages are in `html/` of the same set, published with the CSV files.
    let mut html = match &set {
        Some(set) if args.html => Some(HtmlFolder::create(set, Some("html"))?),
        _ => None,
    };
    let mut report = Report {
        shard: this_shard,
        ..Report::default()
    };
    for failure in failures {
        sink.failure(&failure)?;
        html.iter_mut().for_each(|h| h.failure(&failure));
        report.failure(failure);
    }
    let mut extraction = Extraction {
        pipeline,
        max_document_bytes: args.run.max_document_bytes,
        pool,
        options: CsvOptions {
            excel_safe: args.excel_safe,
            json_lines: args.format == Format::Jsonl,
        },
        sink,
        html,
        report,
        progress: progress_bar(&sources, args.quiet),
    };
    extraction.run(sources)?;
    let (report, bytes) = extraction.finish(started)?;
    if let Some(set) = set {
        set.publish()?;
    }
    for failure in &report.failures {
        eprintln!("kampfakta: skipped {}: {}", failure.source, failure.reason);
    }
    if !args.quiet {
        print_summary(&args, &report, bytes);
    }
    // A stream is read by a pipe (Spark drops the output of a failing command): a document
    // that could not be read is told on standard error (and in-band in JSON Lines), and only a
    // stream with nothing in it fails.
    let partial = if args.to_stdout() {
        report.documents_read == 0 && report.documents_failed > 0
    } else {
        report.documents_failed > 0 || (report.documents_read == 0 && !empty_shard)
    };
    Ok(if partial {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// One run under way: the pipeline and its workers, where the rows go, and the tally.
struct Extraction<'p> {
    pipeline: &'p Pipeline,
    /// Larger documents are reported, not read.
    max_document_bytes: usize,
    pool: rayon::ThreadPool,
    options: CsvOptions,
    sink: Box<dyn Sink + 'p>,
    /// With --html: the folder of pages.
    html: Option<HtmlFolder<'p>>,
    report: Report,
    /// Counts the input bytes done.
    progress: ProgressBar,
}

/// Documents from this size on are rendered by the writer straight into the outputs, so that
/// their rows (twice their size) are never held whole beside their analysis; smaller ones are
/// rendered by the workers, in parallel.
const STREAMED_DOCUMENT_BYTES: usize = 4 << 20;

/// One document done: its rows, its size in bytes, its decoding warnings.
struct Done {
    rows: Rows,
    /// With --html: its page.
    page: Option<Page>,
    bytes: u64,
    warnings: Vec<Failure>,
}

/// A document's rows, or (from [`STREAMED_DOCUMENT_BYTES`] on) what they are rendered from.
enum Rows {
    Rendered(Rendered),
    Analysed(Box<Analysed>),
}

/// An [`Analysis`] with the document it borrows, tokens dropped.
struct Analysed {
    document: Document,
    sentences: Vec<kampfakta::Sentence>,
    recognition: kampfakta::Recognition,
    events: Vec<kampfakta::Event>,
    facts: Option<kampfakta::facts::MatchFacts>,
    football: bool,
}

impl Extraction<'_> {
    /// Reads, analyses and writes every document, a batch at a time.
    fn run(&mut self, sources: Vec<Source>) -> anyhow::Result<()> {
        // One thread reads and decodes the next batch while the pool analyses this one; the
        // channel holds one batch, so memory stays bounded.
        let (batches, received) = std::sync::mpsc::sync_channel(1);
        let max_document_bytes = self.max_document_bytes;
        std::thread::scope(|scope| -> anyhow::Result<()> {
            scope.spawn(move || {
                let mut documents = Documents::new(sources).with_max_bytes(max_document_bytes);
                loop {
                    let batch: Vec<_> = documents.by_ref().take(BATCH).collect();
                    // A closed channel means the writer stopped on an error; stop reading too.
                    if batch.is_empty() || batches.send(batch).is_err() {
                        break;
                    }
                }
            });
            for batch in received {
                let done = self.analyze(batch);
                self.write(done)?;
            }
            Ok(())
        })
    }

    /// Analyses and renders a batch on the worker threads, keeping its order.
    fn analyze(&self, batch: Vec<Result<Document, Failure>>) -> Vec<Result<Done, Failure>> {
        let (pipeline, options, pages) = (self.pipeline, self.options, self.html.is_some());
        self.pool.install(|| {
            batch
                .into_par_iter()
                .map(|document| {
                    let document = document?;
                    let warnings = document
                        .warnings
                        .iter()
                        .map(|w| Failure {
                            source: document.id.clone(),
                            reason: w.clone(),
                        })
                        .collect();
                    let mut analysis = pipeline
                        .analyze(&document)
                        .map_err(|err| super::refused(&document, &err))?;
                    // Not held beside the rows: a long document's peak is lower by its tokens.
                    analysis.drop_tokens();
                    let page = pages.then(|| html::page(&analysis, pipeline.gazetteer()));
                    let bytes = document.text.len() as u64;
                    let rows = if document.text.len() < STREAMED_DOCUMENT_BYTES {
                        Rows::Rendered(render_with(&analysis, pipeline.gazetteer(), options))
                    } else {
                        let Analysis {
                            sentences,
                            recognition,
                            events,
                            facts,
                            football,
                            ..
                        } = analysis;
                        Rows::Analysed(Box::new(Analysed {
                            document,
                            sentences,
                            recognition,
                            events,
                            facts,
                            football,
                        }))
                    };
                    Ok(Done {
                        rows,
                        page,
                        bytes,
                        warnings,
                    })
                })
                .collect()
        })
    }

    /// Writes a batch's rows in input order, counts them, and flushes the sink.
    fn write(&mut self, batch: Vec<Result<Done, Failure>>) -> anyhow::Result<()> {
        for result in batch {
            match result {
                Ok(done) => {
                    let rendered = match done.rows {
                        Rows::Rendered(rendered) => {
                            self.sink.document(&rendered)?;
                            rendered
                        }
                        Rows::Analysed(analysed) => {
                            let analysis = Analysis {
                                document: &analysed.document,
                                sentences: analysed.sentences,
                                // Dropped after the analysis: the rows are written from spans.
                                tokens: Vec::new(),
                                recognition: analysed.recognition,
                                events: analysed.events,
                                facts: analysed.facts,
                                football: analysed.football,
                            };
                            let gazetteer = self.pipeline.gazetteer();
                            render_into(&analysis, gazetteer, self.options, &mut *self.sink)?
                        }
                    };
                    self.report.document(&rendered);
                    self.report.warnings.extend(done.warnings);
                    self.progress.inc(done.bytes);
                    if let (Some(html), Some(page)) = (&mut self.html, done.page) {
                        html.page(page)?;
                    }
                }
                Err(failure) => {
                    self.sink.failure(&failure)?;
                    self.html.iter_mut().for_each(|h| h.failure(&failure));
                    self.report.failure(failure);
                }
            }
        }
        self.sink.flush()?;
        Ok(())
    }

    /// Completes the outputs, to be published; the report and the input bytes read.
    fn finish(self, started: Instant) -> anyhow::Result<(Report, u64)> {
        self.progress.finish_and_clear();
        let mut report = self.report;
        report.finish(started.elapsed().as_secs_f64());
        self.sink.finish(&report)?;
        if let Some(html) = self.html {
            html.finish()?;
        }
        Ok((report, self.progress.position()))
    }
}

/// The run's counts and where its rows went, on standard error.
fn print_summary(args: &Args, report: &Report, bytes: u64) {
    let megabytes = bytes as f64 / 1e6;
    eprintln!(
        "kampfakta: {} documents ({megabytes:.1} MB), {} sentences, {} mentions, {} events in {:.2} s -> {}",
        report.documents_read,
        report.sentences,
        report.mentions,
        report.events,
        report.seconds,
        if args.to_stdout() { "standard output".to_string() } else { args.out.display().to_string() }
    );
    if report.documents_not_football > 0 && !args.run.all_documents {
        eprintln!(
            "kampfakta: {} of them set aside as not about football (no mentions or events); \
             --all-documents reports every document",
            report.documents_not_football
        );
    }
}

/// A bar over the input bytes on standard error; hidden when standard error is not a terminal.
fn progress_bar(sources: &[Source], quiet: bool) -> ProgressBar {
    let total: u64 = sources.iter().map(Source::size).sum();
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    if quiet {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    bar.set_style(
        ProgressStyle::with_template(
            // Decimal units (MB), as the summary counts.
            "{bar:40} {decimal_bytes}/{decimal_total_bytes} {decimal_bytes_per_sec} eta {eta}",
        )
        .expect("a valid template"),
    );
    bar
}
