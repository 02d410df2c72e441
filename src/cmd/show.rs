//! `kampfakta show INPUT... --out DIR`: a page per document and an index, to see what kampfakta
//! read.

use super::extract::{worker_threads, BATCH};
use super::{GazetteerArgs, ModelArgs};
use anyhow::Context;
use kampfakta::export::html::{self, HtmlFolder, Page};
use kampfakta::ingest::{sources, Documents, Failure};
use rayon::prelude::*;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Files, folders (recursed: .txt, .md, .jsonl) or `-` for standard input, as `extract`
    /// takes them.
    #[arg(required = true)]
    inputs: Vec<String>,
    /// The folder for the pages (one HTML file per document) and index.html.
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    #[command(flatten)]
    gazetteer: GazetteerArgs,
    #[command(flatten)]
    model: ModelArgs,
    /// Worker threads (default: one per core). The pages are the same for any number.
    #[arg(long)]
    threads: Option<usize>,
    /// Show mentions and events of every document. By default a long document without football
    /// evidence gets a page with its text alone.
    #[arg(long)]
    all_documents: bool,
    /// A document (a file or a JSON Lines record) larger than this many bytes is reported and
    /// not read.
    #[arg(long, value_name = "BYTES", default_value_t = kampfakta::ingest::DEFAULT_MAX_DOCUMENT_BYTES)]
    max_document_bytes: usize,
    /// Print nothing on success.
    #[arg(long, short)]
    quiet: bool,
}

/// Writes the pages and the index; exit code 1 when an input could not be read or no document
/// was.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let started = Instant::now();
    super::remove_outputs_on_interrupt()?;
    let pipeline = args.gazetteer.pipeline()?.with_model(args.model.model()?);
    let pipeline = if args.all_documents {
        pipeline.all_documents()
    } else {
        pipeline
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(worker_threads(args.threads))
        .build()
        .context("starting worker threads")?;
    let (sources, failures) = sources(&args.inputs);
    let mut folder = HtmlFolder::create(&args.out)?;
    let mut failed = 0;
    let mut skip = |folder: &mut HtmlFolder, failure: &Failure| {
        eprintln!("kampfakta: skipped {}: {}", failure.source, failure.reason);
        folder.failure(failure);
        failed += 1;
    };
    for failure in &failures {
        skip(&mut folder, failure);
    }
    let mut documents = Documents::new(sources).with_max_bytes(args.max_document_bytes);
    loop {
        let batch: Vec<_> = documents.by_ref().take(BATCH).collect();
        if batch.is_empty() {
            break;
        }
        let pages: Vec<Result<Page, Failure>> = pool.install(|| {
            batch
                .into_par_iter()
                .map(|document| {
                    let document = document?;
                    Ok(html::page(
                        &pipeline.analyze(&document),
                        pipeline.gazetteer(),
                    ))
                })
                .collect()
        });
        for page in pages {
            match page {
                Ok(page) => folder.page(page)?,
                Err(failure) => skip(&mut folder, &failure),
            }
        }
    }
    let pages = folder.pages();
    let index = folder.commit()?;
    if !args.quiet {
        eprintln!(
            "kampfakta: {pages} pages in {:.2} s -> {}",
            started.elapsed().as_secs_f64(),
            index.display()
        );
    }
    Ok(if failed > 0 || pages == 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
