//! `kampfakta merge SHARD_DIR... --out DIR`: the outputs of `extract --shard I/N` runs, joined.

use anyhow::{bail, Context};
use kampfakta::export::{
    published_set, write_report, OutputFile, OutputSet, Report, Shard, OUTPUTS,
};
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The shard folders of one `extract --shard I/N` run, every shard once, in any order.
    #[arg(required = true)]
    shards: Vec<PathBuf>,
    /// The folder for the merged events.csv, mentions.csv, matches.csv, goals.csv and report.json.
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
}

/// Joins the shards' outputs into `--out`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    super::remove_outputs_on_interrupt()?;
    let (shards, reports) = checked_shards(&args.shards)?;
    let set = OutputSet::create(&args.out, "the five outputs")?;
    // Every file is merged before the set is published: a shard that lacks one leaves the
    // outputs as they were. The report (last of the outputs) is added up below.
    for name in &OUTPUTS[..OUTPUTS.len() - 1] {
        merge_csv(&shards, name, set.create_file(name)?)?;
    }
    let mut total = Report::default();
    for report in reports {
        total.add(report);
    }
    write_report(&set, &total)?;
    set.publish()?;
    println!(
        "merged {} shards: {} documents, {} events -> {}",
        args.shards.len(),
        total.documents_read,
        total.events,
        args.out.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// A shard folder as given, and the folder its published set is read from (see
/// [`published_set`]): every file of a shard comes from the one set its report is of.
struct ShardFolder {
    given: PathBuf,
    set: PathBuf,
}

/// Joins one CSV file of every shard into `merged`: the first shard's header, then every shard's
/// rows in shard order, finished. The shards' headers must agree.
fn merge_csv(shards: &[ShardFolder], name: &str, mut merged: OutputFile) -> anyhow::Result<()> {
    let mut header: Option<String> = None;
    for shard in shards {
        let path = shard.given.join(name);
        let file = std::fs::File::open(shard.set.join(name))
            .with_context(|| format!("reading {}", path.display()))?;
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
    merged.finish()?;
    Ok(())
}

/// The shard folders in shard order with their reports, once each is known to be a shard of
/// the same run as the others and every shard of it is there; else what is wrong, naming the
/// folders.
fn checked_shards(folders: &[PathBuf]) -> anyhow::Result<(Vec<ShardFolder>, Vec<Report>)> {
    let mut shards: Vec<(Shard, ShardFolder, Report)> = Vec::new();
    for folder in folders {
        let set = published_set(folder);
        let path = folder.join("report.json");
        if !set.join("report.json").is_file() {
            bail!(
                "{}: not a shard folder (it has no report.json; make shards with extract --shard \
                 I/N --out DIR, then merge those folders)",
                folder.display()
            );
        }
        let text = std::fs::read_to_string(set.join("report.json"))
            .with_context(|| format!("reading {}", path.display()))?;
        let mut report: Report = serde_json::from_str(&text)
            .with_context(|| format!("{}: not a report", path.display()))?;
        let Some(shard) = report.shard.take() else {
            bail!(
                "{}: not a shard (its report.json names no shard; make shards with extract \
                 --shard I/N)",
                folder.display()
            );
        };
        let given = folder.clone();
        shards.push((shard, ShardFolder { given, set }, report));
    }
    shards.sort_by_key(|(shard, _, _)| shard.index);
    let (
        first,
        ShardFolder {
            given: first_folder,
            ..
        },
        _,
    ) = &shards[0];
    for (shard, ShardFolder { given: folder, .. }, _) in &shards {
        if shard.count != first.count || shard.inputs != first.inputs {
            bail!(
                "{} is shard {}/{} of other inputs than {} (shard {}/{}): not one run; merge the \
                 shard folders of one extract --shard run",
                folder.display(),
                shard.index,
                shard.count,
                first_folder.display(),
                first.index,
                first.count
            );
        }
    }
    for pair in shards.windows(2) {
        if pair[0].0.index == pair[1].0.index {
            bail!(
                "shard {}/{} twice: {} and {}; give each shard folder once",
                pair[0].0.index,
                first.count,
                pair[0].1.given.display(),
                pair[1].1.given.display()
            );
        }
    }
    let missing: Vec<String> = (1..=first.count)
        .filter(|i| !shards.iter().any(|(s, _, _)| s.index == *i))
        .map(|i| format!("{i}/{}", first.count))
        .collect();
    if !missing.is_empty() {
        bail!(
            "missing shards: {}; give every shard folder of the run ({} in all)",
            missing.join(", "),
            first.count
        );
    }
    Ok(shards
        .into_iter()
        .map(|(_, folder, report)| (folder, report))
        .unzip())
}
