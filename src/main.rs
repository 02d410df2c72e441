//! The `kampfakta` command: parses arguments and dispatches to one subcommand under `cmd/`.
//!
//! Exit codes: 0 success; 1 nothing found or a partial failure (some documents could not be read,
//! a gazetteer or cue check found problems); 2 usage errors and fatal errors (bad gazetteer or lexicon,
//! unwritable output). A closed standard output (`kampfakta tokenize x | head`) is a success.

mod cmd;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "kampfakta",
    version,
    about = "Norwegian football journalism in, linked match events out"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Compile the shipped gazetteers and cue lexicon into the snapshots the binary embeds, so
    /// that a run starts without parsing them (run in the repository after editing them).
    Compile(cmd::compile::Args),
    /// Check a cue lexicon on its examples, explain which rows match a text, list a lemma's forms.
    #[command(subcommand)]
    Cues(cmd::cues::Command),
    /// Measure a stage against gold files.
    #[command(subcommand)]
    Eval(cmd::eval::Command),
    /// Extract events and mentions from a corpus into CSV files.
    Extract(cmd::extract::Args),
    /// Check gazetteer folders, add rows to them, or build one from NorNE gold names.
    #[command(subcommand)]
    Gazetteer(Box<cmd::gazetteer::Command>),
    /// Join the outputs of `extract --shard I/N` runs into the outputs of one run.
    Merge(cmd::merge::Args),
    /// Write an HTML page per document (names and events marked, the match as a timeline) and an
    /// index.
    Show(cmd::show::Args),
    /// Print the sentences and tokens of a file with byte offsets.
    Tokenize(cmd::tokenize::Args),
    /// Train an event model from labelled sentences (and cross-validate it with --cv).
    Train(cmd::train::Args),
}

fn main() -> ExitCode {
    keep_large_blocks_mapped();
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Compile(args) => cmd::compile::run(args),
        Command::Cues(command) => cmd::cues::run(command),
        Command::Eval(command) => cmd::eval::run(command),
        Command::Extract(args) => cmd::extract::run(args),
        Command::Gazetteer(command) => cmd::gazetteer::run(*command),
        Command::Merge(args) => cmd::merge::run(args),
        Command::Show(args) => cmd::show::run(args),
        Command::Tokenize(args) => cmd::tokenize::run(args),
        Command::Train(args) => cmd::train::run(args),
    };
    match result {
        Ok(code) => code,
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("kampfakta: error: {err}");
            // A cause whose words the message above already holds ("x: File exists" over
            // "File exists") is not printed again.
            let mut said = err.to_string();
            for cause in err.chain().skip(1) {
                let cause = cause.to_string();
                if !said.contains(&cause) {
                    eprintln!("  caused by: {cause}");
                    said.push_str(&cause);
                }
            }
            ExitCode::from(2)
        }
    }
}

/// Keeps a long document's large vectors out of glibc's heap. After the first large block is
/// freed (loading the gazetteers frees some), glibc raises the size from which it maps a block
/// on its own from 128 KiB up to 32 MiB; from then on every vector that grows by doubling to a
/// few MiB (a long document's sentences, matches, mentions, rows) leaves its outgrown blocks in
/// the heap, which does not give them back. At a fixed 128 KiB such blocks are mapped and
/// unmapped when freed: peak memory per 34 MB document 8.1x/9.5x -> 7.1x/7.3x its size
/// (`benches/memory.sh`).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn keep_large_blocks_mapped() {
    use std::ffi::c_int;
    extern "C" {
        fn mallopt(param: c_int, value: c_int) -> c_int;
    }
    /// glibc's `M_MMAP_THRESHOLD` (`malloc.h`); setting it also stops the threshold's growth.
    const M_MMAP_THRESHOLD: c_int = -3;
    // SAFETY: mallopt sets one parameter of the allocator and takes no pointer; it is called
    // before any other thread starts.
    unsafe {
        mallopt(M_MMAP_THRESHOLD, 128 * 1024);
    }
}

/// Other allocators do not keep outgrown blocks in this way.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn keep_large_blocks_mapped() {}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
