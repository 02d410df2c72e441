//! The model's step in the walk over a document's sentences: the features of a sentence (with
//! the cue hits of the sentences around it), and the labels the model decides from them, which
//! replace the rules' labels (see [`super::model`] for how the two combine).

use super::cue::Effect;
use super::layout::is_headline;
use super::minute::minute_led;
use super::model::{bits, labels, CueHit, Featurizer, SentenceView, Signals};
use super::score_state::{tells_result, ScoreState};
use super::{Classifier, ForModel, Labels, Running, Scope, TracedSentence};
use crate::gazetteer::PlayerProfile;
use crate::segment::{SentenceKind, TokenKind};
use crate::span::Span;
use crate::words::football::is_keeper_noun;

/// What the walk over the sentences found before the model's step: a stated minute or score,
/// and the score state before the sentence.
#[derive(Clone, Copy)]
pub(super) struct Stated {
    pub(super) minute: bool,
    pub(super) score: bool,
    pub(super) score_before: ScoreState,
}

impl Classifier<'_> {
    /// What recognition, the score state, layout and the document's kind say of sentence
    /// `index`.
    fn signals(
        &self,
        running: &Running,
        scope: &Scope<'_>,
        index: usize,
        stated: Stated,
    ) -> Signals {
        let Some(for_model) = &self.for_model else {
            return Signals::default();
        };
        let kind = |e| self.gazetteer.entity(e).kind;
        let mentions = &self.recognition.mentions[scope.mentions.clone()];
        let person = mentions
            .iter()
            .any(|m| m.entities.iter().any(|&e| kind(e).is_person()));
        let keeper = mentions.iter().any(|m| {
            m.entities.iter().any(|&e| {
                self.gazetteer
                    .player(e)
                    .is_some_and(PlayerProfile::is_goalkeeper)
            })
        }) || scope
            .tokens
            .iter()
            .any(|t| t.kind == TokenKind::Word && is_keeper_noun(&scope.folded[t.span()]));
        let mut teams: Vec<_> = mentions
            .iter()
            .filter_map(|m| m.entity().filter(|&e| kind(e).is_team()))
            .collect();
        teams.sort_unstable();
        teams.dedup();
        Signals {
            person,
            keeper,
            teams: teams.len(),
            result: stated.score && tells_result(&scope.folded, scope.tokens),
            fact_line: matches!(scope.kind, SentenceKind::FactLine { .. }),
            headline: is_headline(self.text, self.sentences, index),
            minute_led: minute_led(self.text, scope.tokens),
            header: for_model.header,
            live_blog: for_model.live_blog,
            shoot_out: running.shoot_out_from.is_some(),
            minute: stated.minute,
            score: stated.score,
            next_score: stated
                .score_before
                .next_told(self.text, scope.tokens)
                .is_some(),
            score_moved: running.score != stated.score_before,
        }
    }

    /// Featurizes sentence `index` if the model reads it (see [`TracedSentence::read`]), keeps
    /// its trace when training, and lets the model decide its labels when there is one.
    pub(super) fn model_step(
        &self,
        running: &mut Running,
        scope: &Scope<'_>,
        index: usize,
        stated: Stated,
        labels: &mut Labels,
    ) {
        let Some(for_model) = &self.for_model else {
            return;
        };
        let rule_labels = bits(labels.iter().map(|(kind, _)| *kind));
        let hits = &for_model.hits[index];
        let read = !hits.is_empty() || rule_labels != 0 || stated.score || stated.minute;
        let text_only = for_model.model.is_some_and(|m| !m.rule_features);
        // Training featurizes every sentence, for models on the text alone.
        let training = running.traced.is_some();
        if !read && !text_only && !training {
            running.previous_rule_labels = 0;
            return;
        }
        let signals = self.signals(running, scope, index, stated);
        let around = |at: Option<usize>| -> Vec<CueHit<'_>> {
            at.and_then(|i| for_model.hits.get(i))
                .map(|hits| self.cue_view(hits))
                .unwrap_or_default()
        };
        let mentions: Vec<(usize, usize, &'static str)> = self.recognition.mentions
            [scope.mentions.clone()]
        .iter()
        .map(|m| {
            let kind = m.entities.first().map(|&e| self.gazetteer.entity(e).kind);
            let class = match kind {
                Some(k) if k.is_person() => "@person",
                Some(k) if k.is_team() => "@team",
                _ => "@name",
            };
            (m.span.start(), m.span.end(), class)
        })
        .collect();

        let view = SentenceView {
            folded: &scope.folded,
            tokens: scope.tokens,
            rule_labels,
            previous_labels: running.previous_rule_labels,
            cues: &around(Some(index)),
            previous_cues: &around(index.checked_sub(1)),
            next_cues: &around(Some(index + 1)),
            mentions: &mentions,
            signals,
        };
        let features = Featurizer {
            vocabulary: for_model.vocabulary,
            buckets: model_buckets(for_model),
            names: running.names.as_mut(),
        }
        .features(&view);
        running.previous_rule_labels = rule_labels;
        let cancelled = self.cancelled(hits);
        if let Some(model) = for_model.model {
            let decided = model.decide(model.probabilities(&features), rule_labels, cancelled);
            *labels = self.decided_labels(decided, labels, hits, scope.sentence);
        }
        if let Some(traced) = &mut running.traced {
            traced.push(TracedSentence {
                rule_labels,
                final_labels: 0,
                cancelled,
                read,
                features,
            });
        }
    }

    /// The cue hits as the model reads them: row id, event and role.
    fn cue_view(&self, hits: &[(usize, Span)]) -> Vec<CueHit<'_>> {
        hits.iter()
            .map(|&(cue, _)| {
                let cue = &self.lexicon.cues[cue];
                CueHit {
                    id: &self.lexicon.rows()[cue.row].id,
                    event: cue.event,
                    role: role(cue.effect),
                }
            })
            .collect()
    }

    /// The events a `cancel` row matched for in a sentence, as bits.
    fn cancelled(&self, hits: &[(usize, Span)]) -> u8 {
        bits(
            hits.iter()
                .map(|&(cue, _)| &self.lexicon.cues[cue])
                .filter_map(|cue| (role(cue.effect) == "cancel").then_some(cue.event)),
        )
    }

    /// The labels the model decided, each with the words that tell it: the rules' trigger when
    /// the rules gave the label too, else the first cue hit of its event that is no cancel, else
    /// the whole sentence.
    fn decided_labels(
        &self,
        decided: u8,
        rules: &Labels,
        hits: &[(usize, Span)],
        sentence: Span,
    ) -> Labels {
        labels(decided)
            .map(|kind| {
                let by_rules = rules.iter().find(|(k, _)| *k == kind).map(|&(_, t)| t);
                let by_cue = || {
                    hits.iter()
                        .find(|&&(cue, _)| {
                            let cue = &self.lexicon.cues[cue];
                            cue.event == kind && role(cue.effect) != "cancel"
                        })
                        .map(|&(_, span)| span)
                };
                (kind, by_rules.or_else(by_cue).unwrap_or(sentence))
            })
            .collect()
    }
}

/// The buckets of the model, or of the model training will make.
fn model_buckets(for_model: &ForModel<'_>) -> u32 {
    for_model
        .model
        .map_or(super::model::BUCKETS, |m| m.weights.buckets) as u32
}

/// The role of a cue's effect as the model names it.
fn role(effect: Effect) -> &'static str {
    match effect {
        Effect::Trigger => "trigger",
        Effect::Fallback => "fallback",
        Effect::CancelClause | Effect::CancelSentence | Effect::CancelOverlap => "cancel",
        Effect::With(_) => "with",
        Effect::After(..) => "after",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classify::EventKind;

    #[test]
    fn every_event_kind_has_a_bit() {
        assert_eq!(bits(EventKind::ALL), 0b1111);
    }
}
