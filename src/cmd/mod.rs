//! One module per subcommand, each with its `Args` and `run`.

pub mod cues;
pub mod eval;
pub mod extract;
pub mod gazetteer;
pub mod merge;
pub mod tokenize;

use kampfakta::{Gazetteer, Lexicon, Pipeline};
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
        Ok(builder.build()?)
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

/// The cue lexicon at `path` (a CSV file or a folder of them), or the shipped one.
pub fn lexicon(path: Option<&std::path::Path>) -> anyhow::Result<Lexicon> {
    Ok(match path {
        Some(path) => Lexicon::from_path(path)?,
        None => Lexicon::new()?,
    })
}
