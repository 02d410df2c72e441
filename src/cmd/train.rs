//! `kampfakta train GOLD.tsv... [--corpus DIR] --out MODEL`: a model from labelled sentences,
//! and `--cv K` to see what it is worth on documents it was not trained on.

use super::GazetteerArgs;
use anyhow::{bail, Context};
use kampfakta::classify::model::Settings;
use kampfakta::eval::read_gold_events;
use kampfakta::export::AtomicFile;
use kampfakta::train::{description, fit, Comparison, TrainingSet, THRESHOLD_FOLDS};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Gold files, `id<TAB>labels<TAB>text` (as `eval events` reads them), e.g.
    /// ../shared/gold/train-synthetic.tsv ../shared/gold/dev.tsv.
    #[arg(required = true)]
    gold: Vec<PathBuf>,
    /// Read the whole documents the ids point to under this folder, so that every sentence is
    /// featurized in its document (as extract runs it); without it each sentence stands alone.
    #[arg(long, value_name = "DIR")]
    corpus: Option<PathBuf>,
    /// Where to write the model (a text file); give it to `extract --model`.
    #[arg(long, value_name = "FILE", required_unless_present = "cv")]
    out: Option<PathBuf>,
    /// Also report K-fold cross-validated P/R/F1 with folds by document: the rules alone, the
    /// model without the rules' features and the model with them, on the same folds.
    #[arg(long, value_name = "K")]
    cv: Option<usize>,
    /// Train on the text's features alone, without the cue rows and the rules' labels.
    #[arg(long)]
    text_only: bool,
    /// Passes over the examples.
    #[arg(long, value_name = "N", default_value_t = Settings::default().epochs)]
    epochs: usize,
    /// The L2 penalty on the weights.
    #[arg(long, value_name = "X", default_value_t = Settings::default().l2)]
    l2: f32,
    /// Print the N features with the most weight for each label.
    #[arg(long, value_name = "N", default_value_t = 0)]
    weights: usize,
    #[command(flatten)]
    gazetteer: GazetteerArgs,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let started = Instant::now();
    let set = training_set(&args.gold, args.corpus.as_deref(), &args.gazetteer)?;
    if let Some(k) = args.cv {
        check_folds(&set, k)?;
    }
    if set.documents.len() < THRESHOLD_FOLDS {
        eprintln!(
            "kampfakta: warning: {} documents are too few to choose thresholds on held-out ones \
             (at least {THRESHOLD_FOLDS}); the model keeps the rules' decisions (with --text-only: \
             even odds)",
            set.documents.len()
        );
    }
    let settings = Settings {
        epochs: args.epochs,
        l2: args.l2,
        ..Settings::default()
    };
    say!(
        "{} gold sentences in {} documents ({:.1} s to read)",
        set.units.len(),
        set.documents.len(),
        started.elapsed().as_secs_f64()
    );
    if let Some(k) = args.cv {
        let comparison = Comparison::run(&set, k, settings);
        say!("\n{k}-fold cross-validation, folds by document\n");
        say_raw!("{}", comparison.table());
    }
    if let Some(out) = &args.out {
        let trained = Instant::now();
        let model = fit(
            &set,
            &|_| true,
            !args.text_only,
            settings,
            description(&args.gold, args.corpus.is_some(), !args.text_only, settings),
        );
        let text = model.to_text();
        // Whole or not at all: a failed write leaves the previous model file.
        let mut file = AtomicFile::create(out)?;
        file.write_all(text.as_bytes())?;
        file.commit()?;
        say!(
            "\nwrote {} ({} KB, {} forms; keep/add per label {}) in {:.1} s",
            out.display(),
            text.len() / 1024,
            model.forms(),
            model
                .thresholds()
                .iter()
                .map(|t| format!("{:.2}/{:.2}", t.keep, t.add))
                .collect::<Vec<_>>()
                .join("/"),
            trained.elapsed().as_secs_f64()
        );
        if args.weights > 0 {
            say_raw!("{}", model.heaviest(&set.names, args.weights));
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Refuses more folds than documents, or fewer than two.
pub fn check_folds(set: &TrainingSet, k: usize) -> anyhow::Result<()> {
    if k < 2 || k > set.documents.len() {
        bail!(
            "--cv {k}: want between 2 and {} folds (one document at least per fold)",
            set.documents.len()
        );
    }
    Ok(())
}

/// The gold files' sentences traced in their documents with the rules alone.
pub fn training_set(
    gold: &[PathBuf],
    corpus: Option<&Path>,
    gazetteer: &GazetteerArgs,
) -> anyhow::Result<TrainingSet> {
    let mut sentences = Vec::new();
    for path in gold {
        sentences.extend(read_gold_events(path)?);
    }
    if sentences.is_empty() {
        bail!("no labelled sentences in the gold files: nothing to train on");
    }
    let pipeline = gazetteer.pipeline()?;
    TrainingSet::read(&pipeline, corpus, &sentences)
        .with_context(|| "reading the documents of the gold sentences")
}
