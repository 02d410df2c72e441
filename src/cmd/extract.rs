//! `kampfakta extract INPUT... --out DIR`: the whole pipeline over a corpus.

use super::GazetteerArgs;
use anyhow::Context;
use kampfakta::export::{render_with, CsvOptions, Rendered, Sink};
use kampfakta::ingest::{sources, Documents, Failure};
use rayon::prelude::*;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// Documents analysed in parallel before their rows are written; bounds memory on any corpus.
const BATCH: usize = 256;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Files, folders (recursed: .txt, .md, .jsonl) or `-` for standard input.
    #[arg(required = true)]
    inputs: Vec<String>,
    /// The folder for events.csv, mentions.csv and report.json.
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    #[command(flatten)]
    gazetteer: GazetteerArgs,
    /// Worker threads (default: one per core). The output is the same for any number.
    #[arg(long)]
    threads: Option<usize>,
    /// Neutralise cells that a spreadsheet would run as formulas (a leading `=`, `+`, `-`, `@`,
    /// tab or CR gets a `'`). Use it when the CSV will be opened in Excel or LibreOffice; leave it
    /// off for programs (pandas, R, databases), which would then see the extra `'`.
    #[arg(long)]
    excel_safe: bool,
    /// Print nothing on success.
    #[arg(long, short)]
    quiet: bool,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let started = Instant::now();
    let pipeline = args.gazetteer.pipeline()?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
        .context("starting worker threads")?;
    let (sources, failures) = sources(&args.inputs);
    let mut sink = Sink::create(&args.out)?;
    for failure in failures {
        sink.failure(failure);
    }
    let options = CsvOptions {
        excel_safe: args.excel_safe,
    };
    let mut documents = Documents::new(sources);
    loop {
        let batch: Vec<_> = documents.by_ref().take(BATCH).collect();
        if batch.is_empty() {
            break;
        }
        let rendered: Vec<Result<(Rendered, Vec<Failure>), Failure>> = pool.install(|| {
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
                    Ok((
                        render_with(&pipeline.analyze(&document), pipeline.gazetteer(), options),
                        warnings,
                    ))
                })
                .collect()
        });
        for result in rendered {
            match result {
                Ok((rendered, warnings)) => {
                    sink.document(&rendered)?;
                    sink.report.warnings.extend(warnings);
                }
                Err(failure) => sink.failure(failure),
            }
        }
    }
    let report = sink.commit(started.elapsed().as_secs_f64())?;
    for failure in &report.failures {
        eprintln!("kampfakta: skipped {}: {}", failure.source, failure.reason);
    }
    if !args.quiet {
        eprintln!(
            "kampfakta: {} documents, {} sentences, {} mentions, {} events in {:.2} s -> {}",
            report.documents_read,
            report.sentences,
            report.mentions,
            report.events,
            report.seconds,
            args.out.display()
        );
    }
    let partial = report.documents_failed > 0 || report.documents_read == 0;
    Ok(if partial {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
