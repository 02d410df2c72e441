//! `kampfakta compile`: compiles the shipped gazetteers and cue lexicon into the snapshots the
//! binary embeds (`data/gazetteers.snapshot`, `data/lexicon.snapshot`), so that a run starts
//! without parsing them. Run from the repository after editing `gazetteers/*.csv`,
//! `data/cues/*.csv` or `data/lemmas.tsv`, or the code that loads them, then build again.

use kampfakta::{Gazetteer, Lexicon};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The folder to write the snapshots to.
    #[arg(long, default_value = "data")]
    out: PathBuf,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    write(
        &args.out.join("gazetteers.snapshot"),
        &Gazetteer::compile_shipped()?,
    )?;
    write(
        &args.out.join("lexicon.snapshot"),
        &Lexicon::compile_shipped()?,
    )?;
    Ok(ExitCode::SUCCESS)
}

/// Written beside and renamed, so that a build never embeds half a snapshot.
fn write(path: &Path, snapshot: &[u8]) -> anyhow::Result<()> {
    let partial = path.with_extension("partial");
    std::fs::write(&partial, snapshot)
        .and_then(|()| std::fs::rename(&partial, path))
        .map_err(|err| anyhow::anyhow!("cannot write {}: {err}", path.display()))?;
    println!("wrote {} ({} bytes)", path.display(), snapshot.len());
    Ok(())
}
