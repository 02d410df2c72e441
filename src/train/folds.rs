//! Fitting a model on some documents of a training set, and K-fold cross-validation with folds
//! by document: a document's sentences are never split between training and testing, so that a
//! score is never a training-set figure.

use super::TrainingSet;
use crate::classify::model::{
    self, best_thresholds, labels, Candidate, Example, Model, Settings, Thresholds, LABELS,
};
use crate::classify::TracedSentence;
use crate::eval::EventScores;
use crate::EventKind;
use rayon::prelude::*;

/// Inner folds that choose a model's thresholds on held-out documents of its training part.
pub const THRESHOLD_FOLDS: usize = 5;

/// Trains a model on the documents `training` says yes to: the weights on all of them, the
/// thresholds for the best F1 of each label on the held-out documents of inner folds. With fewer
/// documents than inner folds the thresholds are the rules' (a model on the text alone: even
/// odds).
pub fn fit(
    set: &TrainingSet,
    training: &(dyn Fn(usize) -> bool + Sync),
    rule_features: bool,
    settings: Settings,
    trained_with: String,
) -> Model {
    let documents: Vec<usize> = (0..set.documents.len()).filter(|&d| training(d)).collect();
    let thresholds = if documents.len() >= THRESHOLD_FOLDS {
        thresholds(set, &documents, rule_features, settings)
    } else if rule_features {
        [Thresholds::RULES; LABELS]
    } else {
        [Thresholds::EVEN; LABELS]
    };
    let weights = model::train(
        &examples(set, training, rule_features),
        model::BUCKETS,
        settings,
    );
    Model::from_training(
        &set.vocabulary,
        weights,
        thresholds,
        rule_features,
        trained_with,
    )
}

/// The thresholds of each label for the best F1 on the gold sentences of `documents`, each
/// scored by a model trained on the other inner folds (every fifth of `documents`).
fn thresholds(
    set: &TrainingSet,
    documents: &[usize],
    rule_features: bool,
    settings: Settings,
) -> [Thresholds; LABELS] {
    let mut inner_fold = vec![None; set.documents.len()];
    for (position, &document) in documents.iter().enumerate() {
        inner_fold[document] = Some(position % THRESHOLD_FOLDS);
    }
    let folds: Vec<Vec<(usize, [Candidate; LABELS])>> = (0..THRESHOLD_FOLDS)
        .into_par_iter()
        .map(|fold| {
            let trains_on = |d: usize| inner_fold[d].is_some_and(|f| f != fold);
            let weights = model::train(
                &examples(set, &trains_on, rule_features),
                model::BUCKETS,
                settings,
            );
            let probabilities =
                |s: &TracedSentence| weights.probabilities(&s.features.used(rule_features));
            set.units
                .iter()
                .enumerate()
                .filter(|(_, u)| inner_fold[u.document] == Some(fold))
                .map(|(i, u)| (i, candidates(&u.sentences, probabilities, rule_features)))
                .collect()
        })
        .collect();
    let scored: Vec<(usize, [Candidate; LABELS])> = folds.into_iter().flatten().collect();
    std::array::from_fn(|k| {
        let label: Vec<(Candidate, bool)> = scored
            .iter()
            .map(|(i, c)| (c[k], set.units[*i].gold >> k & 1 == 1))
            .collect();
        best_thresholds(&label, rule_features)
    })
}

/// The training examples of the documents `training` says yes to: each traced sentence with
/// its gold sentence's labels.
fn examples(
    set: &TrainingSet,
    training: &(dyn Fn(usize) -> bool + Sync),
    rule_features: bool,
) -> Vec<Example> {
    set.units
        .iter()
        .filter(|u| training(u.document))
        .flat_map(|u| {
            u.sentences
                .iter()
                .filter(|s| s.read || !rule_features)
                .map(|s| Example {
                    features: s.features.used(rule_features),
                    labels: u.gold,
                })
        })
        .collect()
}

/// What decides each label of a gold sentence made of `sentences`, as [`Model::decide`] and the
/// end of the document decide it: a sentence the model does not read keeps the rules' labels, a
/// label the end of the document gave or took (a shoot-out's headline) is given or not whatever
/// the model says, and a cancel row keeps a label the rules did not give away. A model on the
/// text alone reads every sentence and no rules.
fn candidates(
    sentences: &[TracedSentence],
    probabilities: impl Fn(&TracedSentence) -> [f32; LABELS],
    rule_features: bool,
) -> [Candidate; LABELS] {
    let mut candidates = [Candidate::default(); LABELS];
    for sentence in sentences {
        if !rule_features {
            let p = probabilities(sentence);
            for (k, candidate) in candidates.iter_mut().enumerate() {
                candidate.add(p[k], false);
            }
            continue;
        }
        let bit = |bits: u8, k: usize| bits >> k & 1 == 1;
        let p = sentence.read.then(|| probabilities(sentence));
        for (k, candidate) in candidates.iter_mut().enumerate() {
            let (by_rules, at_end) = (bit(sentence.rule_labels, k), bit(sentence.final_labels, k));
            match p {
                // Read, and the end of the document left the label as the rules had it.
                Some(p) if by_rules == at_end => {
                    if by_rules || !bit(sentence.cancelled, k) {
                        candidate.add(p[k], by_rules);
                    }
                }
                _ => candidate.forced |= at_end,
            }
        }
    }
    candidates
}

/// The labels a model gives a gold sentence.
fn predict(model: &Model, sentences: &[TracedSentence]) -> Vec<EventKind> {
    let rule_features = model.uses_rule_features();
    let probabilities = |s: &TracedSentence| model.probabilities(&s.features);
    let candidates = candidates(sentences, probabilities, rule_features);
    let thresholds = model.thresholds();
    EventKind::ALL
        .into_iter()
        .enumerate()
        .filter(|&(k, _)| candidates[k].given(thresholds[k]))
        .map(|(_, kind)| kind)
        .collect()
}

/// The rules' scores on the gold sentences of a training set.
pub fn rules_scores(set: &TrainingSet) -> EventScores {
    let mut scores = EventScores::default();
    for unit in &set.units {
        let rules = unit.sentences.iter().fold(0, |all, s| all | s.final_labels);
        scores.add(
            &labels(unit.gold).collect::<Vec<_>>(),
            &labels(rules).collect::<Vec<_>>(),
        );
    }
    scores
}

/// The scores of models trained without each of `k` folds of documents (every k-th document by
/// path) on the gold sentences of the fold left out, pooled.
pub fn cross_validate(
    set: &TrainingSet,
    k: usize,
    rule_features: bool,
    settings: Settings,
) -> EventScores {
    let k = k.max(2);
    let predicted: Vec<Vec<(usize, Vec<EventKind>)>> = (0..k)
        .into_par_iter()
        .map(|fold| {
            let model = fit(
                set,
                &|d| d % k != fold,
                rule_features,
                settings,
                String::new(),
            );
            set.units
                .iter()
                .enumerate()
                .filter(|(_, u)| u.document % k == fold)
                .map(|(i, u)| (i, predict(&model, &u.sentences)))
                .collect()
        })
        .collect();
    let mut by_unit: Vec<(usize, Vec<EventKind>)> = predicted.into_iter().flatten().collect();
    by_unit.sort_by_key(|(i, _)| *i);
    let mut scores = EventScores::default();
    for (i, labels_given) in by_unit {
        let gold: Vec<EventKind> = labels(set.units[i].gold).collect();
        scores.add(&gold, &labels_given);
    }
    scores
}

/// Rules alone, the model on the text's features alone and the model with the rules' features,
/// cross-validated on the same folds.
#[derive(Debug, Clone)]
pub struct Comparison {
    /// The rules alone.
    pub rules: EventScores,
    /// The model without the rules' features.
    pub text_only: EventScores,
    /// The model with them (what `extract` runs).
    pub with_rules: EventScores,
}

impl Comparison {
    /// Runs the three on `set` with `k` folds.
    pub fn run(set: &TrainingSet, k: usize, settings: Settings) -> Comparison {
        Comparison {
            rules: rules_scores(set),
            text_only: cross_validate(set, k, false, settings),
            with_rules: cross_validate(set, k, true, settings),
        }
    }

    /// The side-by-side table: P/R/F1 of each label, micro and macro, for each of the three.
    pub fn table(&self) -> String {
        let mut out = format!(
            "{:<8} {:>5}   {:>21}   {:>21}   {:>21}\n{:<8} {:>5}   {:>6} {:>6} {:>7}   {:>6} {:>6} {:>7}   {:>6} {:>6} {:>7}\n",
            "", "", "rules alone", "model, text only", "model + rules",
            "label", "gold", "P", "R", "F1", "P", "R", "F1", "P", "R", "F1"
        );
        let row = |name: &str, gold: String, f: &dyn Fn(&EventScores) -> (f64, f64, f64)| {
            let cells: Vec<String> = [&self.rules, &self.text_only, &self.with_rules]
                .iter()
                .map(|s| {
                    let (p, r, f1) = f(s);
                    format!("{p:>6.3} {r:>6.3} {f1:>7.3}")
                })
                .collect();
            format!("{name:<8} {gold:>5}   {}\n", cells.join("   "))
        };
        for kind in EventKind::ALL {
            let (tp, _, fn_) = self.rules.counts.get(&kind).copied().unwrap_or_default();
            out += &row(kind.as_str(), (tp + fn_).to_string(), &|s| s.label(kind));
        }
        out += &row("micro", String::new(), &|s| s.micro());
        out += &row("macro", String::new(), &|s| s.macro_average());
        out
    }
}
