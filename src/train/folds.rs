//! Fitting a model on some documents of a training set, and K-fold cross-validation with folds
//! by document: a document's sentences are never split between training and testing, so that a
//! score is never a training-set figure.

use super::TrainingSet;
use crate::classify::model::{
    self, best_thresholds, labels, Example, Model, Settings, Thresholds, LABELS,
};
use crate::classify::TracedSentence;
use crate::eval::EventScores;
use crate::EventKind;
use rayon::prelude::*;

/// Inner folds that choose a model's thresholds on held-out documents of its training part.
const THRESHOLD_FOLDS: usize = 5;

/// Trains a model on the documents `training` says yes to: the weights on all of them, the
/// thresholds for the best F1 of each label on the held-out documents of inner folds.
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
    } else {
        [Thresholds::RULES; LABELS]
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

/// A gold sentence scored by a model trained without its document: the probability of each
/// label, and the rules' labels.
struct HeldOut {
    unit: usize,
    probabilities: [f32; LABELS],
    rules: u8,
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
    let folds: Vec<Vec<HeldOut>> = (0..THRESHOLD_FOLDS)
        .into_par_iter()
        .map(|fold| {
            let trains_on = |d: usize| inner_fold[d].is_some_and(|f| f != fold);
            let weights = model::train(
                &examples(set, &trains_on, rule_features),
                model::BUCKETS,
                settings,
            );
            set.units
                .iter()
                .enumerate()
                .filter(|(_, u)| inner_fold[u.document] == Some(fold))
                .map(|(unit, u)| {
                    let (probabilities, rules) = unit_probabilities(
                        &u.sentences,
                        |f| weights.probabilities(f),
                        rule_features,
                    );
                    HeldOut {
                        unit,
                        probabilities,
                        rules,
                    }
                })
                .collect()
        })
        .collect();
    let scored: Vec<HeldOut> = folds.into_iter().flatten().collect();
    std::array::from_fn(|k| {
        let triples: Vec<(f32, bool, bool)> = scored
            .iter()
            .map(|h| {
                let gold = set.units[h.unit].gold;
                (
                    h.probabilities[k],
                    h.rules >> k & 1 == 1,
                    gold >> k & 1 == 1,
                )
            })
            .collect();
        best_thresholds(&triples)
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

/// A gold sentence's probability of each label, the highest of its sentences' (zero for a label
/// a cancel row keeps away, as [`Model::decide`] does), and the rules' labels; for a model on the
/// text alone, no rules.
fn unit_probabilities(
    sentences: &[TracedSentence],
    probabilities: impl Fn(&[u32]) -> [f32; LABELS],
    rule_features: bool,
) -> ([f32; LABELS], u8) {
    let mut best = [0.0f32; LABELS];
    let mut rules = 0;
    for sentence in sentences.iter().filter(|s| s.read || !rule_features) {
        if !rule_features {
            let p = probabilities(&sentence.features.used(false));
            best = std::array::from_fn(|k| best[k].max(p[k]));
            continue;
        }
        let p = probabilities(&sentence.features.used(true));
        rules |= sentence.rule_labels;
        for k in 0..LABELS {
            let kept_away = (sentence.cancelled & !sentence.rule_labels) >> k & 1 == 1;
            if !kept_away {
                best[k] = best[k].max(p[k]);
            }
        }
    }
    (best, rules)
}

/// The labels a model gives a gold sentence: those of any of its sentences, with what the end
/// of the document changed in the rules' labels (a shoot-out's headline) changed alike.
fn predict(model: &Model, sentences: &[TracedSentence]) -> Vec<EventKind> {
    let decided = sentences.iter().fold(0u8, |all, s| {
        let given = if s.read || !model.uses_rule_features() {
            model.decide(model.probabilities(&s.features), s.rule_labels, s.cancelled)
        } else {
            s.rule_labels
        };
        let (removed, added) = (
            s.rule_labels & !s.final_labels,
            s.final_labels & !s.rule_labels,
        );
        all | (given & !removed) | added
    });
    labels(decided).collect()
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
    /// Folds.
    pub folds: usize,
}

impl Comparison {
    /// Runs the three on `set` with `k` folds.
    pub fn run(set: &TrainingSet, k: usize, settings: Settings) -> Comparison {
        Comparison {
            rules: rules_scores(set),
            text_only: cross_validate(set, k, false, settings),
            with_rules: cross_validate(set, k, true, settings),
            folds: k.max(2),
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
