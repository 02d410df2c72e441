//! `kampfakta merge SHARD_DIR... --out DIR`: the outputs of `extract --shard I/N` runs, joined.

use anyhow::{bail, Context};
use kampfakta::export::{commit_all, lock_folder, report_file, AtomicFile, Report, OUTPUTS};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The shard folders, in shard order (1/N first).
    #[arg(required = true)]
    shards: Vec<PathBuf>,
    /// The folder for the merged events.csv, mentions.csv, matches.csv and report.json.
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
}

/// Joins the shards' outputs into `--out`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    std::fs::create_dir_all(&args.out)
        .with_context(|| format!("creating {}", args.out.display()))?;
    let _lock = lock_folder(&args.out, &OUTPUTS)?;
    // Every file is merged before any is renamed: a shard that lacks one leaves the outputs as
    // they were.
    let mut files = Vec::new();
    // The three CSV files; the report is added up below.
    for name in &OUTPUTS[..3] {
        files.push(merge_csv(&args.shards, name, &args.out)?);
    }
    let total = merge_reports(&args.shards)?;
    files.push(report_file(&args.out.join("report.json"), &total)?);
    commit_all(files)?;
    println!(
        "merged {} shards: {} documents, {} events -> {}",
        args.shards.len(),
        total.documents_read,
        total.events,
        args.out.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// Joins one CSV file of every shard into `out`: the first shard's header, then every shard's
/// rows in shard order. The shards' headers must agree.
fn merge_csv(shards: &[PathBuf], name: &str, out: &Path) -> anyhow::Result<AtomicFile> {
    let mut merged = AtomicFile::create(&out.join(name))?;
    let mut header: Option<String> = None;
    for shard in shards {
        let path = shard.join(name);
        let file =
            std::fs::File::open(&path).with_context(|| format!("reading {}", path.display()))?;
        let mut reader = BufReader::new(file);
        let mut first = String::new();
        reader
            .read_line(&mut first)
            .with_context(|| format!("reading {}", path.display()))?;
        match &header {
            None => {
                merged.write_all(first.as_bytes())?;
                header = Some(first);
            }
            Some(expected) if *expected != first => {
                bail!(
                    "{}: its header differs from the first shard's",
                    path.display()
                )
            }
            Some(_) => {}
        }
        let mut rest = Vec::new();
        std::io::Read::read_to_end(&mut reader, &mut rest)
            .with_context(|| format!("reading {}", path.display()))?;
        merged.write_all(&rest)?;
    }
    Ok(merged)
}

/// The shards' reports added up.
fn merge_reports(shards: &[PathBuf]) -> anyhow::Result<Report> {
    let mut total = Report::default();
    for shard in shards {
        let path = shard.join("report.json");
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("reading {}", path.display()))?;
        let report: Report = serde_json::from_str(&text)
            .with_context(|| format!("{}: not a report", path.display()))?;
        total.add(report);
    }
    Ok(total)
}
