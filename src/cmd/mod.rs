//! One module per subcommand, each with its `Args` and `run`.

/// `println!` that returns a closed standard output as an error (a success for `main`) instead
/// of panicking: `kampfakta eval events ... | head`.
macro_rules! say {
    ($($arg:tt)*) => {
        writeln!(std::io::stdout().lock(), $($arg)*)?
    };
}

/// `print!` likewise.
macro_rules! say_raw {
    ($($arg:tt)*) => {
        write!(std::io::stdout().lock(), $($arg)*)?
    };
}

pub mod compile;
pub mod cues;
pub mod eval;
pub mod extract;
pub mod gazetteer;
pub mod merge;
pub mod show;
pub mod suggest;
pub mod tokenize;
pub mod train;

use anyhow::Context;
use kampfakta::{Gazetteer, Lexicon, Model, Pipeline};
use std::path::PathBuf;

/// The gazetteer folders of the subcommands that recognise entities.
#[derive(clap::Args, Debug, Clone)]
pub struct GazetteerFolders {
    /// A gazetteer folder (repeatable; later folders override rows with the same id). Without it,
    /// the shipped gazetteers are used.
    #[arg(long = "gazetteer", value_name = "DIR")]
    pub folders: Vec<PathBuf>,
    /// Keep the shipped gazetteers underneath the --gazetteer folders.
    #[arg(long)]
    pub with_defaults: bool,
}

impl GazetteerFolders {
    pub fn gazetteer(&self) -> anyhow::Result<Gazetteer> {
        let mut builder = Gazetteer::builder();
        if self.folders.is_empty() || self.with_defaults {
            builder = builder.defaults();
        }
        for folder in &self.folders {
            builder = builder.folder(folder);
        }
        if let Some(dir) = cache_dir() {
            builder = builder.cache(dir);
        }
        let gazetteer = builder.build()?;
        for warning in gazetteer.warnings() {
            eprintln!("kampfakta: warning: {warning}");
        }
        Ok(gazetteer)
    }
}

/// Where compiled user gazetteers are kept between runs: `$KAMPFAKTA_CACHE_DIR` (empty: nowhere),
/// else `$XDG_CACHE_HOME/kampfakta`, else `~/.cache/kampfakta`.
fn cache_dir() -> Option<PathBuf> {
    let set = |name| std::env::var_os(name).filter(|value| !value.is_empty());
    match std::env::var_os("KAMPFAKTA_CACHE_DIR") {
        Some(dir) if dir.is_empty() => None,
        Some(dir) => Some(dir.into()),
        None => set("XDG_CACHE_HOME")
            .map(PathBuf::from)
            .or_else(|| set("HOME").map(|home| PathBuf::from(home).join(".cache")))
            .map(|cache| cache.join("kampfakta")),
    }
}

/// Gazetteer and lexicon options shared by the subcommands that run the pipeline.
#[derive(clap::Args, Debug, Clone)]
pub struct GazetteerArgs {
    #[command(flatten)]
    pub gazetteer: GazetteerFolders,
    /// A cue lexicon to use instead of the shipped one: a CSV file, or a folder of them.
    #[arg(long, value_name = "PATH")]
    pub cues: Option<PathBuf>,
}

impl GazetteerArgs {
    pub fn gazetteer(&self) -> anyhow::Result<Gazetteer> {
        self.gazetteer.gazetteer()
    }

    pub fn pipeline(&self) -> anyhow::Result<Pipeline> {
        Ok(Pipeline::with(
            self.gazetteer()?,
            lexicon(self.cues.as_deref())?,
        ))
    }
}

/// Analyses the documents on `pool` a batch (`extract::BATCH`) at a time, as `show` and
/// `gazetteer suggest` read them, and hands each result, or the failure to read its document,
/// to `take` in input order; the first error `take` returns stops the reading.
pub fn in_batches<T: Send>(
    pool: &rayon::ThreadPool,
    mut documents: kampfakta::ingest::Documents,
    analyze: impl Fn(&kampfakta::ingest::Document) -> kampfakta::Result<T> + Sync,
    mut take: impl FnMut(Result<T, kampfakta::ingest::Failure>) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    use rayon::prelude::*;
    loop {
        let batch: Vec<_> = documents.by_ref().take(extract::BATCH).collect();
        if batch.is_empty() {
            return Ok(());
        }
        let results: Vec<_> = pool.install(|| {
            batch
                .into_par_iter()
                .map(|document| {
                    let document = document?;
                    analyze(&document).map_err(|err| refused(&document, &err))
                })
                .collect()
        });
        for result in results {
            take(result)?;
        }
    }
}

/// A document the pipeline refused (a text too long for its offsets), as a document that could
/// not be read: reported with its id, and the run goes on.
pub fn refused(
    document: &kampfakta::ingest::Document,
    err: &kampfakta::Error,
) -> kampfakta::ingest::Failure {
    kampfakta::ingest::Failure {
        source: document.id.clone(),
        reason: err.to_string(),
    }
}

/// Ctrl-C, SIGTERM or SIGHUP (for `extract`, `merge`, `show` and `gazetteer suggest`): the
/// outputs being written are an unpublished set; wait for a publication under way, remove the
/// set and stop, leaving the published outputs as they were (or none).
pub fn remove_outputs_on_interrupt() -> anyhow::Result<()> {
    use anyhow::Context;
    ctrlc::set_handler(|| {
        if kampfakta::export::interrupt() {
            eprintln!("kampfakta: interrupted once the outputs were written");
        } else {
            eprintln!("kampfakta: interrupted; no output written");
        }
        std::process::exit(130);
    })
    .context("installing the interrupt handler")
}

/// What the subcommands that run documents through the pipeline (`extract`, `show`) take besides
/// their inputs and outputs.
#[derive(clap::Args, Debug, Clone)]
pub struct RunArgs {
    #[command(flatten)]
    pub gazetteer: GazetteerArgs,
    #[command(flatten)]
    pub model: ModelArgs,
    /// Worker threads (default: one per core). The output is the same for any number.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Report mentions and events of every document. By default a long document without football
    /// evidence (a film review, a political story) yields none.
    #[arg(long)]
    pub all_documents: bool,
    /// A document (a file or a JSON Lines record) larger than this many bytes is reported and
    /// not read.
    #[arg(long, value_name = "BYTES", default_value_t = kampfakta::ingest::DEFAULT_MAX_DOCUMENT_BYTES,
          value_parser = parse_max_document_bytes)]
    pub max_document_bytes: usize,
}

/// `--max-document-bytes`: at most what segmentation takes (its byte offsets are 32-bit), so
/// that a document read is never one it cannot analyse.
fn parse_max_document_bytes(value: &str) -> Result<usize, String> {
    let bytes: usize = value
        .parse()
        .map_err(|_| "not a number of bytes".to_string())?;
    let most = kampfakta::segment::MAX_TEXT_BYTES;
    if bytes > most {
        return Err(format!(
            "at most {most} (4 GiB less a byte: byte offsets are 32-bit)"
        ));
    }
    Ok(bytes)
}

impl RunArgs {
    /// The pipeline of the gazetteer and model options, for every document with
    /// `--all-documents`, kept until the process exits.
    pub fn pipeline(&self) -> anyhow::Result<&'static Pipeline> {
        let pipeline = self.gazetteer.pipeline()?.with_model(self.model.model()?);
        Ok(kept_to_exit(if self.all_documents {
            pipeline.all_documents()
        } else {
            pipeline
        }))
    }

    /// The worker threads of `--threads`.
    pub fn pool(&self) -> anyhow::Result<rayon::ThreadPool> {
        rayon::ThreadPoolBuilder::new()
            .num_threads(worker_threads(self.threads))
            .build()
            .context("starting worker threads")
    }
}

/// More worker threads than this many per core only cost memory and start-up time (`--threads
/// 10000` took 136 s, a million could not start).
const THREADS_PER_CORE: usize = 4;

/// The worker threads for `--threads` (0 or none: one per core), at most [`THREADS_PER_CORE`]
/// per core, with a warning when asked for more.
fn worker_threads(asked: Option<usize>) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let most = THREADS_PER_CORE * cores;
    match asked {
        Some(n) if n > most => {
            eprintln!(
                "kampfakta: warning: --threads {n} is more than {THREADS_PER_CORE} per core; \
                 using {most}"
            );
            most
        }
        Some(n) => n,
        None => 0,
    }
}

/// Which model decides the events with the rules, for the subcommands that classify.
#[derive(clap::Args, Debug, Clone)]
pub struct ModelArgs {
    /// A model trained with `kampfakta train`, instead of the shipped data/events.model.
    #[arg(long, value_name = "FILE", conflicts_with = "rules_only")]
    pub model: Option<PathBuf>,
    /// Classify with the cue lexicon's rules alone, without a model.
    #[arg(long)]
    pub rules_only: bool,
}

impl ModelArgs {
    /// The model to use: the given file, the shipped one, or none with --rules-only.
    pub fn model(&self) -> anyhow::Result<Option<Model>> {
        Ok(match (&self.model, self.rules_only) {
            (_, true) => None,
            (Some(path), false) => Some(Model::from_path(path)?),
            (None, false) => Some(Model::new()?),
        })
    }
}

/// The cue lexicon at `path` (a CSV file or a folder of them), or the shipped one.
/// A value kept until the process exits, never freed: freeing the gazetteer's and lexicon's
/// hundreds of thousands of allocations took 6 % of a one-sentence run, and the memory of a
/// process that exits goes back at once.
pub fn kept_to_exit<T>(value: T) -> &'static T {
    Box::leak(Box::new(value))
}

pub fn lexicon(path: Option<&std::path::Path>) -> anyhow::Result<Lexicon> {
    Ok(match path {
        Some(path) => Lexicon::from_path(path)?,
        None => Lexicon::new()?,
    })
}
