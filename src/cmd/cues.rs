//! `kampfakta cues check [PATH]`: loads a cue lexicon (the shipped one, a CSV file or a folder of
//! them) and runs every row on its example sentence; `kampfakta cues forms LEMMA...`: the forms a
//! `<lemma>` matches; `kampfakta cues explain TEXT`: the rows that match in a text.

use super::{lexicon, GazetteerFolders};
use kampfakta::classify::{check_examples, rows_matching};
use kampfakta::lemma::Lemmatizer;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Subcommand, Debug)]
pub enum Command {
    /// Loads a lexicon and checks that every row matches its example and that the example's
    /// events change without the row; lists each failing row as file:line. Exit 1 when a row
    /// fails.
    Check(CheckArgs),
    /// Prints the rows that match in a text (`-` for standard input) and the events it gets.
    Explain(ExplainArgs),
    /// Prints the word forms a `<lemma>` in a pattern matches, one line per lemma.
    Forms {
        /// The lemmas (`score`, `mål`).
        #[arg(required = true)]
        lemmas: Vec<String>,
    },
}

#[derive(clap::Args, Debug)]
pub struct CheckArgs {
    /// A lexicon CSV file or a folder of them (default: the shipped lexicon).
    path: Option<PathBuf>,
    #[command(flatten)]
    gazetteer: GazetteerFolders,
}

#[derive(clap::Args, Debug)]
pub struct ExplainArgs {
    /// The text, or `-` to read it from standard input.
    text: String,
    /// A lexicon CSV file or a folder of them (default: the shipped lexicon).
    #[arg(long, value_name = "PATH")]
    cues: Option<PathBuf>,
    #[command(flatten)]
    gazetteer: GazetteerFolders,
}

pub fn run(command: Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::Check(args) => check(args),
        Command::Explain(args) => explain(args),
        Command::Forms { lemmas } => forms(&lemmas),
    }
}

fn explain(args: ExplainArgs) -> anyhow::Result<ExitCode> {
    let text = if args.text == "-" {
        std::io::read_to_string(std::io::stdin())?
    } else {
        args.text
    };
    let lexicon = lexicon(args.cues.as_deref())?;
    let gazetteer = args.gazetteer.gazetteer()?;
    let mut out = std::io::stdout().lock();
    for row in rows_matching(&lexicon, &gazetteer, &text)? {
        let row = &lexicon.rows()[row];
        writeln!(
            out,
            "{}:{}: {} ({})",
            row.file, row.line, row.id, row.pattern
        )?;
    }
    let pipeline = super::kept_to_exit(kampfakta::Pipeline::with(gazetteer, lexicon));
    let document = kampfakta::Document::new("-", text.clone());
    let analysis = pipeline.analyze(&document)?;
    for event in &analysis.events {
        let trigger = &text[event.trigger];
        writeln!(
            out,
            "sentence {}: {} ({trigger})",
            event.sentence.index(),
            event.kind.as_str()
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

fn forms(lemmas: &[String]) -> anyhow::Result<ExitCode> {
    let lemmatizer = Lemmatizer::new()?;
    let mut out = std::io::stdout().lock();
    for lemma in lemmas {
        writeln!(out, "<{lemma}>: {}", lemmatizer.forms(lemma).join(" "))?;
    }
    Ok(ExitCode::SUCCESS)
}

fn check(args: CheckArgs) -> anyhow::Result<ExitCode> {
    let lexicon = super::kept_to_exit(lexicon(args.path.as_deref())?);
    let gazetteer = super::kept_to_exit(args.gazetteer.gazetteer()?);
    let problems = check_examples(lexicon, gazetteer);
    let unused = lexicon.unused_macros();
    let mut out = std::io::stdout().lock();
    for &(row, problem) in &problems {
        let row = &lexicon.rows()[row];
        writeln!(out, "{}:{}: {}: {problem}", row.file, row.line, row.id)?;
    }
    for name in &unused {
        writeln!(out, "macro {name} is used by no row")?;
    }
    writeln!(
        out,
        "{} rows, {} failing on their examples, {} unused macros",
        lexicon.rows().len(),
        problems.len(),
        unused.len()
    )?;
    Ok(if problems.is_empty() && unused.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
