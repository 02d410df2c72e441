//! `kampfakta eval ...`: each stage's quality against gold files.

use super::{GazetteerArgs, ModelArgs};
use anyhow::{bail, Context};
use kampfakta::eval::{predict_documents, predict_sentences, read_gold_events, EventScores};
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Subcommand, Debug)]
pub enum Command {
    /// Sentence events against a gold TSV (`id<TAB>labels<TAB>text`): per-label P/R/F1, micro and
    /// macro averages, and the confusion of label sets.
    Events(EventsArgs),
    /// The goals of reports (`goals.csv`) against a gold list of each report's goals
    /// (`doc<TAB>minute<TAB>scorer<TAB>team<TAB>kind`): scorer recall, minute recall, precision of
    /// named scorers.
    Goals(GoalsArgs),
    /// Sentence and token segmentation against a CoNLL-U file (running text rebuilt from it):
    /// precision, recall and F1 of spans matched on both ends.
    Segmentation(SegmentationArgs),
    /// PER and ORG names against NorNE CoNLL files (`name=B-PER` in the last column): exact and
    /// overlapping span precision, recall and F1.
    Entities(EntitiesArgs),
    /// Lemmas of the nouns and verbs (UPOS NOUN, VERB) of a CoNLL-U file against its gold lemmas:
    /// accuracy with and without the gold part of speech, by origin (table, compound, rules).
    Lemmas(LemmasArgs),
    /// Name discovery (`gazetteer suggest`) against the gold PER and ORG names of NorNE CoNLL
    /// files: the share of the names the gazetteers in use miss (written twice or more) that it
    /// proposes, and the share of its first suggestions that are gold names.
    Suggest(SuggestArgs),
}

#[derive(clap::Args, Debug)]
pub struct SuggestArgs {
    /// NDT/NorNE CoNLL files, e.g. ../shared/corpora/norne/ndt/nob/ap005_*.conll.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// How many of the first suggestions to judge and list.
    #[arg(long, value_name = "N", default_value_t = 50)]
    top: usize,
    /// Print the first N missed gold names that were not proposed.
    #[arg(long, value_name = "N", default_value_t = 0)]
    errors: usize,
    /// Suggest from every file, not only from those the pipeline takes for football.
    #[arg(long)]
    all_documents: bool,
    #[command(flatten)]
    gazetteer: GazetteerArgs,
    #[command(flatten)]
    model: ModelArgs,
}

#[derive(clap::Args, Debug)]
pub struct GoalsArgs {
    /// The gold file, e.g. ../shared/gold/train-synthetic-goals.tsv.
    gold: PathBuf,
    /// The folder the gold file's `doc` paths are under, e.g. ../shared/corpora.
    #[arg(long, value_name = "DIR")]
    corpus: PathBuf,
    /// Print the first N gold goals missed in part (scorer or minute) as `doc: gold minute and
    /// scorer | the goal found paired with it`.
    #[arg(long, value_name = "N", default_value_t = 0)]
    errors: usize,
    #[command(flatten)]
    gazetteer: GazetteerArgs,
    #[command(flatten)]
    model: ModelArgs,
}

#[derive(clap::Args, Debug)]
pub struct LemmasArgs {
    /// A CoNLL-U file, e.g. ../shared/corpora/ud-norwegian-bokmaal/no_bokmaal-ud-test.conllu.
    file: PathBuf,
    /// Print the first N wrong lemmas (with the gold part of speech).
    #[arg(long, value_name = "N", default_value_t = 0)]
    errors: usize,
}

#[derive(clap::Args, Debug)]
pub struct EntitiesArgs {
    /// NDT/NorNE CoNLL files, e.g. ../shared/corpora/norne/ndt/nob/ap005_*.conll.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Use an oracle gazetteer built from the files' own gold names (measures matching alone).
    #[arg(long, conflicts_with = "folders")]
    oracle: bool,
    /// Print the first N missed and spurious names with their line.
    #[arg(long, value_name = "N", default_value_t = 0)]
    errors: usize,
    #[command(flatten)]
    gazetteer: GazetteerArgs,
}

#[derive(clap::Args, Debug)]
pub struct SegmentationArgs {
    /// A CoNLL-U file, e.g. ../shared/corpora/ud-norwegian-bokmaal/no_bokmaal-ud-test.conllu.
    file: PathBuf,
    /// Print the first N mismatches with context.
    #[arg(long, value_name = "N", default_value_t = 0)]
    errors: usize,
}

#[derive(clap::Args, Debug)]
pub struct EventsArgs {
    /// The gold file, e.g. ../shared/gold/dev.tsv.
    gold: PathBuf,
    /// Run whole documents under this folder (the ids' paths), so context is used as in extract.
    #[arg(long, value_name = "DIR")]
    corpus: Option<PathBuf>,
    /// Print the first N misclassified sentences with the triggers that fired.
    #[arg(long, value_name = "N", default_value_t = 0)]
    errors: usize,
    /// Instead of scoring the pipeline, cross-validate with K folds by document (needs --corpus):
    /// the rules alone, a model trained on the gold file without the rules' features and one
    /// with them, on the same folds.
    #[arg(long, value_name = "K", requires = "corpus", conflicts_with_all = ["model", "rules_only"])]
    cv: Option<usize>,
    #[command(flatten)]
    gazetteer: GazetteerArgs,
    #[command(flatten)]
    model: ModelArgs,
}

pub fn run(command: Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::Events(args) => events(args),
        Command::Goals(args) => goals(args),
        Command::Segmentation(args) => segmentation(args),
        Command::Entities(args) => entities(args),
        Command::Lemmas(args) => lemmas(args),
        Command::Suggest(args) => suggest(args),
    }
}

fn events(args: EventsArgs) -> anyhow::Result<ExitCode> {
    if let Some(k) = args.cv {
        return events_cv(&args, k);
    }
    let pipeline = args.gazetteer.pipeline()?.with_model(args.model.model()?);
    let gold = read_gold_events(&args.gold)?;
    if gold.is_empty() {
        bail!(
            "{}: no gold sentences in it (want id<TAB>labels<TAB>text lines)",
            args.gold.display()
        );
    }
    let predictions = match &args.corpus {
        Some(dir) => predict_documents(&pipeline, dir, &gold)
            .with_context(|| format!("running documents under {}", dir.display()))?,
        None => predict_sentences(&pipeline, &gold)?,
    };
    let mut scores = EventScores::default();
    let mut shown = 0;
    for (g, p) in gold.iter().zip(&predictions) {
        scores.add(&g.labels, &p.labels);
        if g.labels != p.labels && shown < args.errors {
            shown += 1;
            let names = |labels: &[kampfakta::EventKind]| {
                labels
                    .iter()
                    .map(|k| k.as_str())
                    .collect::<Vec<_>>()
                    .join(",")
            };
            let triggers: Vec<String> = p
                .triggers
                .iter()
                .map(|(k, t)| format!("{}:{t}", k.as_str()))
                .collect();
            say!(
                "{}\tgold={}\tpred={}\ttriggers=[{}]\n\t{}",
                g.id,
                names(&g.labels),
                names(&p.labels),
                triggers.join("; "),
                g.text
            );
        }
    }
    if shown > 0 {
        say!();
    }
    let mode = if args.corpus.is_some() {
        "documents"
    } else {
        "sentences"
    };
    let classifier = match (&args.model.model, args.model.rules_only) {
        (_, true) => "the rules alone".to_string(),
        (Some(path), _) => format!("rules and the model {}", path.display()),
        (None, _) => "rules and the shipped model".to_string(),
    };
    say!(
        "{} ({} gold sentences, run as {mode}, {classifier})\n",
        args.gold.display(),
        gold.len()
    );
    say_raw!("{}", scores.table());
    Ok(ExitCode::SUCCESS)
}

fn goals(args: GoalsArgs) -> anyhow::Result<ExitCode> {
    let pipeline = args.gazetteer.pipeline()?.with_model(args.model.model()?);
    let gold = kampfakta::eval::read_gold_goals(&args.gold)?;
    if gold.is_empty() {
        bail!(
            "{}: no gold goals in it (want doc<TAB>minute<TAB>scorer<TAB>team<TAB>kind lines)",
            args.gold.display()
        );
    }
    let scores = kampfakta::eval::evaluate_goals(&pipeline, &args.corpus, &gold)
        .with_context(|| format!("running reports under {}", args.corpus.display()))?;
    for miss in scores.misses.iter().take(args.errors) {
        say!("{miss}");
    }
    if args.errors > 0 && !scores.misses.is_empty() {
        say!();
    }
    say!(
        "{} ({} gold goals in {} reports)\n",
        args.gold.display(),
        scores.gold,
        gold.iter()
            .map(|g| &g.doc)
            .collect::<std::collections::BTreeSet<_>>()
            .len()
    );
    say_raw!("{}", scores.table());
    Ok(ExitCode::SUCCESS)
}

/// `eval events --cv K`: the rules alone and models trained on the gold file, cross-validated.
fn events_cv(args: &EventsArgs, k: usize) -> anyhow::Result<ExitCode> {
    let set = super::train::training_set(
        std::slice::from_ref(&args.gold),
        args.corpus.as_deref(),
        &args.gazetteer,
    )?;
    super::train::check_folds(&set, k)?;
    let comparison =
        kampfakta::train::Comparison::run(&set, k, kampfakta::classify::model::Settings::default());
    say!(
        "{} ({} gold sentences in {} documents), {k}-fold cross-validation, folds by document\n",
        args.gold.display(),
        set.units.len(),
        set.documents.len()
    );
    say_raw!("{}", comparison.table());
    Ok(ExitCode::SUCCESS)
}

fn segmentation(args: SegmentationArgs) -> anyhow::Result<ExitCode> {
    let source = std::fs::read_to_string(&args.file)
        .with_context(|| format!("reading {}", args.file.display()))?;
    let scores = kampfakta::eval::evaluate_segmentation(&source, args.errors)
        .with_context(|| format!("segmenting {}", args.file.display()))?;
    if scores.tokens.gold == 0 {
        bail!("{}: {NO_CONLL}", args.file.display());
    }
    for error in &scores.errors {
        say!("{error}");
    }
    if !scores.errors.is_empty() {
        say!();
    }
    say!("{}", args.file.display());
    say!(
        "{:<10} {:>7} {:>7} {:>7} {:>7} {:>7} {:>7}",
        "",
        "gold",
        "pred",
        "match",
        "P",
        "R",
        "F1"
    );
    for (name, s) in [("tokens", scores.tokens), ("sentences", scores.sentences)] {
        let (p, r, f) = s.prf();
        say!(
            "{name:<10} {:>7} {:>7} {:>7} {:>7.2} {:>7.2} {:>7.2}",
            s.gold,
            s.predicted,
            s.matched,
            100.0 * p,
            100.0 * r,
            100.0 * f
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// Reads NDT/NorNE CoNLL files as documents.
pub fn conll_documents(files: &[PathBuf]) -> anyhow::Result<Vec<kampfakta::eval::ConllDocument>> {
    files
        .iter()
        .map(|path| {
            let source = std::fs::read_to_string(path)
                .with_context(|| format!("reading {}", path.display()))?;
            let document =
                kampfakta::eval::read_conll_document(&path.display().to_string(), &source)
                    .with_context(|| format!("reading {}", path.display()))?;
            if document.text.trim().is_empty() {
                bail!("{}: {NO_CONLL}", path.display());
            }
            Ok(document)
        })
        .collect()
}

/// Why a file that parses to no sentence is refused rather than scored 0.
const NO_CONLL: &str = "no CoNLL sentences in it (want tab-separated token lines: ID, FORM, ...)";

fn entities(args: EntitiesArgs) -> anyhow::Result<ExitCode> {
    let documents = conll_documents(&args.files)?;
    // NorNE's files mix football with other news: every document's names are scored.
    let pipeline = if args.oracle {
        let oracle =
            kampfakta::Gazetteer::from_entities(kampfakta::eval::oracle_entities(&documents));
        kampfakta::Pipeline::with(oracle, kampfakta::Lexicon::new()?)
    } else {
        args.gazetteer.pipeline()?
    }
    .all_documents();
    let scores = kampfakta::eval::evaluate_entities(&pipeline, &documents, args.errors)?;
    for error in &scores.errors {
        say!("{error}");
    }
    if !scores.errors.is_empty() {
        say!();
    }
    let source = if args.oracle {
        "oracle gazetteer from the files' gold names"
    } else {
        "gazetteer as given"
    };
    say!("{} files, {source}", documents.len());
    say!(
        "{:<5} {:>6} {:>6} {:>7} {:>7} {:>7}   {:>7} {:>7} {:>7}",
        "",
        "gold",
        "pred",
        "P",
        "R",
        "F1",
        "lenP",
        "lenR",
        "lenF1"
    );
    for (name, s) in [("PER", scores.per), ("ORG", scores.org)] {
        let (p, r, f) = s.exact.prf();
        let (lp, lr, lf) = s.lenient();
        say!(
            "{name:<5} {:>6} {:>6} {p:>7.3} {r:>7.3} {f:>7.3}   {lp:>7.3} {lr:>7.3} {lf:>7.3}",
            s.exact.gold,
            s.exact.predicted
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn lemmas(args: LemmasArgs) -> anyhow::Result<ExitCode> {
    let source = std::fs::read_to_string(&args.file)
        .with_context(|| format!("reading {}", args.file.display()))?;
    let lemmatizer = kampfakta::lemma::Lemmatizer::new()?;
    let scores = kampfakta::eval::evaluate_lemmas(&lemmatizer, &source, args.errors);
    if scores.without_pos.both().all().total == 0 {
        bail!(
            "{}: no nouns or verbs (UPOS NOUN, VERB) in it: not a CoNLL-U file?",
            args.file.display()
        );
    }
    for error in &scores.errors {
        say!("{error}");
    }
    if !scores.errors.is_empty() {
        say!();
    }
    say!(
        "{} (table: {} rows)",
        args.file.display(),
        lemmatizer.table_rows()
    );
    let share = |a: kampfakta::eval::Accuracy| format!("{:.2}", 100.0 * a.ratio());
    for (title, accuracy) in [
        ("with the gold part of speech", scores.with_pos),
        ("without a part of speech", scores.without_pos),
    ] {
        say!("\n{title}");
        say!(
            "{:<6} {:>7} {:>8}   {:>6} {:>7}   {:>6} {:>7}   {:>6} {:>7}",
            "",
            "tokens",
            "accuracy",
            "table",
            "acc",
            "comp.",
            "acc",
            "rules",
            "acc"
        );
        for (name, o) in [
            ("noun", accuracy.nouns),
            ("verb", accuracy.verbs),
            ("both", accuracy.both()),
        ] {
            say!(
                "{name:<6} {:>7} {:>8}   {:>6} {:>7}   {:>6} {:>7}   {:>6} {:>7}",
                o.all().total,
                share(o.all()),
                o.table.total,
                share(o.table),
                o.compound.total,
                share(o.compound),
                o.rules.total,
                share(o.rules)
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn suggest(args: SuggestArgs) -> anyhow::Result<ExitCode> {
    let documents = conll_documents(&args.files)?;
    let pipeline = args.gazetteer.pipeline()?.with_model(args.model.model()?);
    let pipeline = if args.all_documents {
        pipeline.all_documents()
    } else {
        pipeline
    };
    let scores = kampfakta::eval::evaluate_suggestions(&pipeline, &documents, args.top)?;
    let not_proposed = scores.missed.iter().filter(|m| !m.proposed);
    for missed in not_proposed.take(args.errors) {
        say!(
            "not proposed\t{}\t{}\t{}",
            missed.kind,
            missed.occurrences,
            missed.name
        );
    }
    if args.errors > 0 {
        say!();
    }
    say!(
        "{} files, {} suggestions; the first {} (+ a gold PER/ORG name or its last words, - not):",
        documents.len(),
        scores.suggestions,
        scores.top.len()
    );
    for (rank, ranked) in scores.top.iter().enumerate() {
        let s = &ranked.suggestion;
        say!(
            "{:>3} {} {:<8} {:>3} {}",
            rank + 1,
            if ranked.real { "+" } else { "-" },
            s.kind_name(),
            s.count,
            s.entity.name
        );
    }
    let proposed = scores.missed.iter().filter(|m| m.proposed).count();
    say!();
    say!(
        "missed names proposed: {proposed} of {} ({:.3}): gold PER and ORG names the gazetteers \
         in use do not know, written {} times or more",
        scores.missed.len(),
        scores.recall(),
        kampfakta::eval::MISSED_OCCURRENCES
    );
    for kind in ["PER", "ORG"] {
        let of_kind = || scores.missed.iter().filter(|m| m.kind == kind);
        say!(
            "  {kind}: {} of {}",
            of_kind().filter(|m| m.proposed).count(),
            of_kind().count()
        );
    }
    say!(
        "top {} precision: {} of {} ({:.3})",
        scores.top.len(),
        scores.top.iter().filter(|t| t.real).count(),
        scores.top.len(),
        scores.precision()
    );
    Ok(ExitCode::SUCCESS)
}
