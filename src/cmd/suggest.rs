//! `kampfakta gazetteer suggest INPUT... --out DIR`: the people and clubs football documents name
//! that no gazetteer in use knows, as gazetteer files to review and load.

use super::RunArgs;
use kampfakta::ingest::{sources, Documents};
use kampfakta::suggest::{document_names, write_suggestions, Suggester};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Files, folders (recursed: .txt, .md, .jsonl) or `-` for standard input, as `extract`
    /// takes them.
    #[arg(required = true)]
    inputs: Vec<String>,
    /// The folder for players.csv, clubs.csv and officials.csv (loadable with --gazetteer DIR)
    /// and suggestions.csv (counts, teams, evidence and example sentences, for review).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// Leave out names seen fewer times than this.
    #[arg(long, value_name = "N", default_value_t = 1)]
    min_count: usize,
    #[command(flatten)]
    run: RunArgs,
    /// Print nothing on success.
    #[arg(long, short)]
    quiet: bool,
}

/// Writes the suggestions; exit code 1 when an input could not be read or no document was.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    super::remove_outputs_on_interrupt()?;
    let pipeline = args.run.pipeline()?;
    let pool = args.run.pool()?;
    let (sources, mut failures) = sources(&args.inputs);
    let documents = Documents::new(sources).with_max_bytes(args.run.max_document_bytes);
    let mut suggester = Suggester::new();
    let mut read = 0;
    super::in_batches(
        &pool,
        documents,
        |document| {
            Ok(document_names(
                pipeline.gazetteer(),
                &pipeline.analyze(document)?,
            ))
        },
        |names| {
            match names {
                Ok(names) => {
                    read += 1;
                    suggester.add(names);
                }
                Err(failure) => failures.push(failure),
            }
            Ok(())
        },
    )?;
    for failure in &failures {
        eprintln!("kampfakta: skipped {}: {}", failure.source, failure.reason);
    }
    let suggestions = suggester.finish(pipeline.gazetteer(), args.min_count);
    write_suggestions(&args.out, &suggestions)?;
    if !args.quiet {
        let count = |kind: &str| suggestions.iter().filter(|s| s.kind_name() == kind).count();
        eprintln!(
            "kampfakta: {read} documents, {} players, {} clubs, {} officials and {} other people \
             no gazetteer knows -> {}",
            count("player"),
            count("club"),
            count("official"),
            count("person"),
            args.out.display()
        );
    }
    Ok(if !failures.is_empty() || read == 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
