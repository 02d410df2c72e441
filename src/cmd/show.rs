//! `kampfakta show INPUT... --out DIR`: a page per document and an index, to see what kampfakta
//! read.

use super::RunArgs;
use kampfakta::export::html::{self, HtmlFolder};
use kampfakta::export::OutputSet;
use kampfakta::ingest::{sources, Documents, Failure};
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
    run: RunArgs,
    /// Print nothing on success.
    #[arg(long, short)]
    quiet: bool,
}

/// Writes the pages and the index; exit code 1 when an input could not be read or no document
/// was.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let started = Instant::now();
    super::remove_outputs_on_interrupt()?;
    let pipeline = args.run.pipeline()?;
    let pool = args.run.pool()?;
    let (sources, failures) = sources(&args.inputs);
    let set = OutputSet::create(&args.out, "the pages")?;
    let mut folder = HtmlFolder::create(&set, None)?;
    let mut failed = 0;
    let mut skip = |folder: &mut HtmlFolder, failure: &Failure| {
        eprintln!("kampfakta: skipped {}: {}", failure.source, failure.reason);
        folder.failure(failure);
        failed += 1;
    };
    for failure in &failures {
        skip(&mut folder, failure);
    }
    let documents = Documents::new(sources).with_max_bytes(args.run.max_document_bytes);
    super::in_batches(
        &pool,
        documents,
        |document| {
            Ok(html::page(
                &pipeline.analyze(document)?,
                pipeline.gazetteer(),
            ))
        },
        |page| {
            match page {
                Ok(page) => folder.page(page)?,
                Err(failure) => skip(&mut folder, &failure),
            }
            Ok(())
        },
    )?;
    let pages = folder.pages();
    let index = folder.finish()?;
    set.publish()?;
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
