//! The statistical layer of classification: one logistic regression per event kind over hashed
//! features of a sentence in its document ([`Features`]), trained from labelled sentences with
//! `kampfakta train` ([`crate::train`]) and shipped as `data/events.model`.
//!
//! How rules and model combine: the rules run first, as without a model; their labels and the
//! cue rows that matched are features of the model, beside the text's own. The model then
//! decides each label of each sentence ([`Thresholds`]): a label the rules gave is kept when its
//! probability reaches `keep`, one they did not is added when it reaches `add` (both chosen in
//! training on held-out documents, for the best F1). Two rule effects stay hard: a label whose
//! `cancel` row matched in the sentence is not added (a cancel in another clause leaves a
//! trigger standing), and the structural parts of the rules (the score state, fact lists, the
//! `after:` scenes, shoot-outs, the football-document check) read the rules' labels. A label the
//! model adds has as trigger the words of a cue row of its event, or else the sentence.
//!
//! One file per concern: `learner.rs` trains the weights, `thresholds.rs` decides from their
//! probabilities, `features.rs` turns a sentence into features, `vocabulary.rs` holds the forms
//! it knows, `file.rs` reads and writes the model file.

mod features;
mod file;
mod learner;
mod thresholds;
mod vocabulary;

pub use features::Features;
pub(crate) use features::{bits, labels, CueHit, Featurizer, SentenceView, Signals};
pub use file::HEADER;
pub use learner::{train, Example, Settings, Weights};
pub use thresholds::{best_thresholds, Candidate, Thresholds, MARGIN};
pub use vocabulary::Vocabulary;

use crate::error::{Error, Result};
use std::path::Path;

/// Labels a model decides: one per [`crate::EventKind`].
pub const LABELS: usize = 4;

/// Feature buckets of a trained model: 2^18, few collisions for the vocabulary of some thousand
/// labelled sentences, 4 MB of weights in memory.
pub const BUCKETS: usize = 1 << 18;

const EMBEDDED_NAME: &str = "data/events.model (embedded)";
const EMBEDDED: &str = include_str!("../../../data/events.model");

/// A trained model: the forms it knows, its weights and a threshold per label.
#[derive(Debug, Clone)]
pub struct Model {
    pub(crate) vocabulary: Vocabulary,
    pub(crate) weights: Weights,
    pub(crate) thresholds: [Thresholds; LABELS],
    /// Whether it reads the rules' features (cue rows, the rules' labels) or the text's only.
    pub(crate) rule_features: bool,
    /// The command that trained it, as the file's header records it.
    pub(crate) trained_with: String,
}

impl Model {
    /// The shipped model, `data/events.model`.
    pub fn new() -> Result<Model> {
        Model::parse(EMBEDDED_NAME, EMBEDDED)
    }

    /// A model file.
    pub fn from_path(path: &Path) -> Result<Model> {
        let text = std::fs::read_to_string(path).map_err(|source| Error::Io {
            path: path.to_path_buf(),
            source,
        })?;
        Model::parse(&path.display().to_string(), &text)
    }

    /// A model from trained weights: rounded as the file keeps them, and with only the forms whose
    /// lemma carries weight.
    pub fn from_training(
        vocabulary: &Vocabulary,
        mut weights: Weights,
        thresholds: [Thresholds; LABELS],
        rule_features: bool,
        trained_with: String,
    ) -> Model {
        weights.round(file::DECIMALS);
        let carries_weight = |lemma: &str| {
            let bucket = features::lemma_bucket(lemma, weights.buckets as u32);
            let row = &weights.weights[bucket as usize * LABELS..][..LABELS];
            row.iter().any(|&w| w != 0.0)
        };
        Model {
            vocabulary: vocabulary.retain(carries_weight),
            weights,
            thresholds,
            rule_features,
            trained_with,
        }
    }

    /// The number of word forms it knows.
    pub fn forms(&self) -> usize {
        self.vocabulary.len()
    }

    /// Whether the model can give other labels than the rules: not when it reads the rules and
    /// every label keeps what they give and adds nothing (training found no thresholds that beat
    /// them on held-out documents). Such a model is not run at all.
    pub fn can_change_labels(&self) -> bool {
        !self.rule_features || self.thresholds.iter().any(|&t| t != Thresholds::RULES)
    }

    /// Whether the model reads the rules' features.
    pub fn uses_rule_features(&self) -> bool {
        self.rule_features
    }

    /// The threshold of each label.
    pub fn thresholds(&self) -> [Thresholds; LABELS] {
        self.thresholds
    }

    /// The probability of each label for a sentence's features.
    pub fn probabilities(&self, features: &Features) -> [f32; LABELS] {
        self.weights
            .probabilities(&features.used(self.rule_features))
    }

    /// The labels the model gives (as bits), from its probabilities, the rules' labels and the
    /// labels a `cancel` row cancelled in the sentence: a label the rules gave is kept at its
    /// `keep` threshold, one they did not is added at its `add` threshold (never at 1), unless a
    /// cancel row matched for it. A model on the text's features alone reads no rules here
    /// either: it adds every label it gives.
    pub fn decide(&self, probabilities: [f32; LABELS], rule_labels: u8, cancelled: u8) -> u8 {
        let (rule_labels, cancelled) = if self.rule_features {
            (rule_labels, cancelled)
        } else {
            (0, 0)
        };
        let mut given = 0u8;
        for (k, &p) in probabilities.iter().enumerate() {
            let by_rules = rule_labels >> k & 1 == 1;
            let kept_away = !by_rules && cancelled >> k & 1 == 1;
            let give = !kept_away && self.thresholds[k].gives(p, by_rules);
            given |= u8::from(give) << k;
        }
        given
    }
}

impl Model {
    /// The `n` features with the most weight, for and against, of each label, by the names
    /// training gave the buckets.
    pub fn heaviest(&self, names: &rustc_hash::FxHashMap<u32, String>, n: usize) -> String {
        use std::fmt::Write as _;
        let mut out = String::new();
        for (k, kind) in crate::EventKind::ALL.iter().enumerate() {
            let mut weighted: Vec<(f32, &str)> = names
                .iter()
                .map(|(&bucket, name)| {
                    (
                        self.weights.weights[bucket as usize * LABELS + k],
                        name.as_str(),
                    )
                })
                .filter(|(w, _)| *w != 0.0)
                .collect();
            weighted.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(b.1)));
            let Thresholds { keep, add } = self.thresholds[k];
            let _ = writeln!(
                out,
                "\n{} (bias {:.3}, keep at {keep:.2}, add at {add:.2})",
                kind.as_str(),
                self.weights.bias[k]
            );
            let top = weighted.iter().take(n);
            let bottom = weighted
                .iter()
                .rev()
                .take(n.min(weighted.len().saturating_sub(n)));
            for (w, name) in top.chain(bottom) {
                let _ = writeln!(out, "  {w:>7.3}  {name}");
            }
        }
        out
    }
}
