//! `kampfakta tokenize FILE`: TSV rows `sentence<TAB>start<TAB>end<TAB>token`.

use anyhow::Context;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The file to tokenize (`-` for standard input).
    file: PathBuf,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let bytes = if args.file.as_os_str() == "-" {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut bytes)
            .context("reading standard input")?;
        bytes
    } else {
        std::fs::read(&args.file).with_context(|| format!("reading {}", args.file.display()))?
    };
    let (text, _) = kampfakta::ingest::decode(&bytes)
        .map_err(|reason| anyhow::anyhow!("{}: {reason}", args.file.display()))?;
    let mut out = BufWriter::new(std::io::stdout().lock());
    let segmented = kampfakta::segment::segment(&text)
        .with_context(|| format!("segmenting {}", args.file.display()))?;
    for (index, sentence) in segmented.sentences.iter().enumerate() {
        for token in segmented.tokens_of(sentence) {
            let span = token.span();
            writeln!(
                out,
                "{index}\t{}\t{}\t{}",
                span.start(),
                span.end(),
                &text[span]
            )?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
