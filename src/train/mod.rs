//! Training the model ([`crate::classify::model`]) from labelled sentences: gold files
//! (`id<TAB>labels<TAB>text`, as `eval events` reads them) whose ids point into whole documents
//! under a corpus folder, so that every sentence is featurized in its document as `extract` runs
//! it. [`TrainingSet::read`] runs the rules over the documents once; [`fit`] trains a model and
//! [`cross_validate`] scores models trained without each fold of documents (`folds.rs`).

mod folds;

pub use folds::{cross_validate, fit, rules_scores, Comparison, THRESHOLD_FOLDS};

use crate::classify::model::{bits, Settings, Vocabulary};
use crate::classify::TracedSentence;
use crate::error::Result;
use crate::eval::{GoldDocument, GoldSentence};
use crate::ingest::Document;
use crate::lemma::Lemmatizer;
use crate::pipeline::{Pipeline, Traced};
use crate::segment::{Folded, Segmented, TokenKind};
use crate::span::Span;
use rustc_hash::FxHashMap;
use std::path::Path;

/// One gold sentence (or line) with what the rules made of it.
#[derive(Debug, Clone)]
pub struct Unit {
    /// Its document, an index into [`TrainingSet::documents`].
    pub document: usize,
    /// The gold labels, as [`crate::EventKind::ALL`] bits.
    pub gold: u8,
    /// The pipeline's sentences that overlap it; none when its document was set aside as not
    /// football (no model sees it, and it has no events).
    pub sentences: Vec<TracedSentence>,
}

/// The labelled sentences of some gold files, traced in their documents.
#[derive(Debug, Clone)]
pub struct TrainingSet {
    /// The documents, sorted by path (the ids' part before `:L`/`:S`): folds take every K-th.
    pub documents: Vec<String>,
    /// The gold sentences, in the order of the gold files.
    pub units: Vec<Unit>,
    /// Every word form of the documents with its lemma.
    pub vocabulary: Vocabulary,
    /// The names of the feature buckets, for showing what a model weighs.
    pub names: FxHashMap<u32, String>,
}

impl TrainingSet {
    /// Traces the gold sentences in their documents under `corpus` (each sentence alone without
    /// one) with a rules-only `pipeline`.
    pub fn read(
        pipeline: &Pipeline,
        corpus: Option<&Path>,
        gold: &[GoldSentence],
    ) -> Result<TrainingSet> {
        let documents = gold_documents(corpus, gold)?;
        let lemmatizer = Lemmatizer::new()?;
        let mut forms: Vec<&str> = Vec::new();
        let segmented: Vec<(Segmented<'_>, Folded)> = documents
            .iter()
            .map(|d| Ok((Segmented::new(&d.text)?, Folded::whole(&d.text)?)))
            .collect::<Result<_>>()?;
        for (document, folded) in &segmented {
            for sentence in &document.sentences {
                forms.extend(
                    document
                        .tokens_of(sentence)
                        .iter()
                        .filter(|t| matches!(t.kind, TokenKind::Word | TokenKind::Abbreviation))
                        .map(|t| &folded[t.span()]),
                );
            }
        }
        forms.sort_unstable();
        forms.dedup();
        let vocabulary = Vocabulary::lemmatized(&lemmatizer, forms);
        let mut names = FxHashMap::default();
        let mut units: Vec<Option<Unit>> = vec![None; gold.len()];
        let mut paths: Vec<&str> = documents.iter().map(|d| d.path.as_str()).collect();
        paths.dedup();
        for document in &documents {
            let index = paths.binary_search(&document.path.as_str()).unwrap_or(0);
            let doc = Document::new(document.path.clone(), document.text.clone());
            let traced = pipeline.trace(&doc, &vocabulary, Some(&mut names))?;
            for &(unit, range) in &document.units {
                units[unit] = Some(Unit {
                    document: index,
                    gold: bits(gold[unit].labels.iter().copied()),
                    sentences: overlapping(traced.as_ref(), range),
                });
            }
        }
        Ok(TrainingSet {
            documents: paths.into_iter().map(str::to_string).collect(),
            units: units.into_iter().flatten().collect(),
            vocabulary,
            names,
        })
    }
}

/// What a model file records of its training (its `trained` line): the gold files by name,
/// whether they were read in their documents, the features and the settings.
pub fn description(
    gold: &[std::path::PathBuf],
    in_documents: bool,
    rule_features: bool,
    settings: Settings,
) -> String {
    let files: Vec<String> = gold
        .iter()
        .map(|p| {
            p.file_name().map_or_else(
                || p.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            )
        })
        .collect();
    format!(
        "{}{}, {} features, {} epochs, step {}, l2 {}, seed {}",
        files.join(" "),
        if in_documents {
            " in their documents"
        } else {
            " alone"
        },
        if rule_features { "text+rules" } else { "text" },
        settings.epochs,
        settings.step,
        settings.l2,
        settings.seed
    )
}

/// The traced sentences of a document that overlap `range`.
fn overlapping(traced: Option<&Traced>, range: Span) -> Vec<TracedSentence> {
    traced.map_or_else(Vec::new, |t| {
        t.sentences
            .iter()
            .zip(&t.traced)
            .filter(|(s, _)| s.span.start() < range.end() && range.start() < s.span.end())
            .map(|(_, traced)| traced.clone())
            .collect()
    })
}

/// The documents the gold sentences are in, sorted by path: files under `corpus`, or without one
/// each sentence a text of its own, the sentences of one path staying together in one fold.
fn gold_documents(corpus: Option<&Path>, gold: &[GoldSentence]) -> Result<Vec<GoldDocument>> {
    let Some(corpus) = corpus else {
        let mut alone: Vec<GoldDocument> = gold
            .iter()
            .enumerate()
            .map(|(index, g)| GoldDocument {
                path: g
                    .id
                    .rsplit_once(':')
                    .map_or(&*g.id, |(path, _)| path)
                    .to_string(),
                text: g.text.clone(),
                units: vec![(index, Span::new(0, g.text.len()))],
            })
            .collect();
        alone.sort_by(|a, b| a.path.cmp(&b.path));
        return Ok(alone);
    };
    crate::eval::gold_documents(corpus, gold)
}
