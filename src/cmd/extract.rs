//! `kampfakta extract INPUT... --out DIR`: the whole pipeline over a corpus.

use super::GazetteerArgs;
use anyhow::{bail, Context};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use kampfakta::export::{render_with, CsvOptions, Rendered, Sink};
use kampfakta::ingest::{shard, sources, Documents, Failure, Source};
use rayon::prelude::*;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// Documents analysed in parallel before their rows are written, in order: memory stays bounded
/// whatever the corpus size, and rows go out as each batch is done.
const BATCH: usize = 256;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Files, folders (recursed: .txt, .md, .jsonl) or `-` for standard input.
    #[arg(required = true)]
    inputs: Vec<String>,
    /// The folder for events.csv, mentions.csv, matches.csv and report.json; `-` streams the
    /// event rows to standard output (for pipes) and writes nothing else.
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    #[command(flatten)]
    gazetteer: GazetteerArgs,
    /// Worker threads (default: one per core). The output is the same for any number.
    #[arg(long)]
    threads: Option<usize>,
    /// Process shard I of N (1-based): a contiguous run of the inputs with about 1/N of their
    /// bytes. `kampfakta merge` of shards 1..N in order gives the bytes of a single run.
    #[arg(long, value_name = "I/N", value_parser = parse_shard)]
    shard: Option<(usize, usize)>,
    /// Neutralise cells that a spreadsheet would run as formulas (a leading `=`, `+`, `-`, `@`,
    /// tab or CR gets a `'`). Use it when the CSV will be opened in Excel or LibreOffice; leave it
    /// off for programs (pandas, R, databases), which would then see the extra `'`.
    #[arg(long)]
    excel_safe: bool,
    /// Report mentions and events of every document. By default a long document without football
    /// evidence (a film review, a political story) yields none.
    #[arg(long)]
    all_documents: bool,
    /// Print nothing on success and show no progress bar.
    #[arg(long, short)]
    quiet: bool,
}

/// One document done: its rows, its size in bytes, its decoding warnings.
type Done = (Rendered, u64, Vec<Failure>);

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

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let started = Instant::now();
    // Ctrl-C: the outputs being written are temporary files; remove them and stop, leaving the
    // previous complete outputs (or none).
    ctrlc::set_handler(|| {
        kampfakta::export::remove_temporary_files();
        eprintln!("kampfakta: interrupted; no output written");
        std::process::exit(130);
    })
    .context("installing the interrupt handler")?;
    let pipeline = args.gazetteer.pipeline()?;
    let pipeline = if args.all_documents {
        pipeline.all_documents()
    } else {
        pipeline
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
        .context("starting worker threads")?;
    let (mut sources, failures) = sources(&args.inputs);
    if let Some((index, count)) = args.shard {
        sources = shard(sources, index - 1, count);
    }
    let to_stdout = args.out.as_os_str() == "-";
    if to_stdout && sources.contains(&Source::Stdin) && args.inputs.len() > 1 {
        bail!("with --out -, standard input can only be the one input");
    }
    let mut sink = if to_stdout {
        Sink::stream(Box::new(std::io::stdout()))?
    } else {
        Sink::create(&args.out)?
    };
    for failure in failures {
        sink.failure(failure);
    }
    let progress = progress_bar(&sources, args.quiet);
    let options = CsvOptions {
        excel_safe: args.excel_safe,
    };
    // One thread reads and decodes the next batch while the pool analyses this one; the channel
    // holds one batch, so memory stays bounded.
    let (batches, received) = std::sync::mpsc::sync_channel(1);
    std::thread::scope(|scope| -> anyhow::Result<()> {
        scope.spawn(move || {
            let mut documents = Documents::new(sources);
            loop {
                let batch: Vec<_> = documents.by_ref().take(BATCH).collect();
                // A closed channel means the writer stopped on an error; stop reading too.
                if batch.is_empty() || batches.send(batch).is_err() {
                    break;
                }
            }
        });
        for batch in received {
            let rendered: Vec<Result<Done, Failure>> = pool.install(|| {
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
                        let analysis = pipeline.analyze(&document);
                        let rendered = render_with(&analysis, pipeline.gazetteer(), options);
                        Ok((rendered, document.text.len() as u64, warnings))
                    })
                    .collect()
            });
            for result in rendered {
                match result {
                    Ok((rendered, bytes, warnings)) => {
                        sink.document(&rendered)?;
                        sink.report.warnings.extend(warnings);
                        progress.inc(bytes);
                    }
                    Err(failure) => sink.failure(failure),
                }
            }
            sink.flush()?;
        }
        Ok(())
    })?;
    progress.finish_and_clear();
    let report = sink.commit(started.elapsed().as_secs_f64())?;
    for failure in &report.failures {
        eprintln!("kampfakta: skipped {}: {}", failure.source, failure.reason);
    }
    if !args.quiet {
        let megabytes = progress.position() as f64 / 1e6;
        eprintln!(
            "kampfakta: {} documents ({megabytes:.1} MB), {} sentences, {} mentions, {} events in {:.2} s -> {}",
            report.documents_read,
            report.sentences,
            report.mentions,
            report.events,
            report.seconds,
            if to_stdout { "standard output".to_string() } else { args.out.display().to_string() }
        );
    }
    let partial = report.documents_failed > 0 || report.documents_read == 0;
    Ok(if partial {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
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
            "{bar:40} {bytes}/{total_bytes} {binary_bytes_per_sec} eta {eta}",
        )
        .expect("a valid template"),
    );
    bar
}
