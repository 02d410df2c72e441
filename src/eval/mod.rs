//! Quality measured against gold files: sentence events (`gold/dev.tsv`), the goals of reports
//! (`gold/train-synthetic-goals.tsv`), segmentation against a
//! UD treebank, lemmas against a UD treebank, names against NorNE, the names `gazetteer
//! suggest` discovers against NorNE, and the readers for the corpora the gold ids point into
//! (one-sentence-per-line files, CoNLL files).

mod conll;
mod entities;
mod events;
mod goals;
mod lemmas;
mod segmentation;
mod suggest;

pub use conll::{read_conll_document, ConllDocument};
pub use entities::{evaluate_entities, oracle_entities, EntityScores, TypeScores};
pub(crate) use events::{gold_documents, GoldDocument};
pub use events::{
    predict_documents, predict_sentences, read_gold_events, EventScores, GoldSentence, Prediction,
};
pub use goals::{evaluate_goals, read_gold_goals, GoalScores, GoldGoal};
pub use lemmas::{evaluate_lemmas, Accuracy, LemmaScores, OriginAccuracy, PosAccuracy};
pub use segmentation::{evaluate_segmentation, SegmentationScores};
pub use suggest::{
    evaluate_suggestions, MissedName, RankedSuggestion, SuggestionScores, MISSED_OCCURRENCES,
};

use crate::span::Span;

/// A gold name without its genitive ending (`Rosenborg's`, `RBKs`, `Hellas'`), if it has one.
fn genitive_stem(name: &str) -> Option<&str> {
    name.strip_suffix("'s")
        .or(name.strip_suffix('s'))
        .or(name.strip_suffix('\''))
        .filter(|stem| !stem.is_empty())
}

/// Spans matched on both ends: the CoNLL 2018 shared task's segmentation scores.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct SpanScores {
    /// Spans in the gold file.
    pub gold: usize,
    /// Spans we produced.
    pub predicted: usize,
    /// Produced spans that match a gold span.
    pub matched: usize,
}

impl SpanScores {
    /// Counts the predicted spans equal to a gold span.
    fn count(gold: &[Span], predicted: &[Span]) -> SpanScores {
        let set: std::collections::HashSet<(usize, usize)> =
            gold.iter().map(|r| (r.start(), r.end())).collect();
        let matched = predicted
            .iter()
            .filter(|r| set.contains(&(r.start(), r.end())))
            .count();
        SpanScores {
            gold: gold.len(),
            predicted: predicted.len(),
            matched,
        }
    }

    /// Adds another count to this one.
    fn add(&mut self, more: SpanScores) {
        self.gold += more.gold;
        self.predicted += more.predicted;
        self.matched += more.matched;
    }

    /// (precision, recall, F1).
    pub fn prf(&self) -> (f64, f64, f64) {
        prf(
            self.matched,
            self.predicted - self.matched,
            self.gold - self.matched,
        )
    }
}

/// `a / b`, 0 when there is nothing to divide by.
fn ratio(a: usize, b: usize) -> f64 {
    if b == 0 {
        0.0
    } else {
        a as f64 / b as f64
    }
}

/// (precision, recall, F1) from true positives, false positives and false negatives; 0 where a
/// ratio has nothing to divide by.
fn prf(tp: usize, fp: usize, fn_: usize) -> (f64, f64, f64) {
    let (p, r) = (ratio(tp, tp + fp), ratio(tp, tp + fn_));
    let f = if p + r == 0.0 {
        0.0
    } else {
        2.0 * p * r / (p + r)
    };
    (p, r, f)
}
