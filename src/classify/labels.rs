//! The events of one sentence from its cue hits: how triggers, fallbacks, the cancels of each
//! scope and the `with:` and `after:` requirements of the lexicon combine.

use super::clause::same_clause;
use super::cue::Effect;
use super::{EventKind, Lexicon};
use crate::span::Span;

/// The events of a sentence from its cue hits, each with the words that decided it, in
/// [`EventKind::ALL`] order.
///
/// A cancel in the clause scope cancels the triggers of its event in its own clause only: "nær å
/// sette inn" is a near miss, but "burde gitt uttelling" does not undo "gått opp til 2-1" before
/// it. A fallback counts only when no other event's trigger fired. `recent(kind, n)` says whether
/// the document reported an event of `kind` in the `n` sentences just before (for
/// `after:<event>(n)` rows). `given` is a trigger found outside the lexicon (a goal the score
/// state tells), used when the event has no trigger of its own.
pub(super) fn labels(
    lexicon: &Lexicon,
    text: &str,
    hits: &[(usize, Span)],
    given: Option<(EventKind, Span)>,
    recent: impl Fn(EventKind, usize) -> bool,
) -> Vec<(EventKind, Span)> {
    let hits = Hits {
        lexicon,
        text,
        hits,
    };
    let mut triggers: Vec<(EventKind, Span)> = EventKind::ALL
        .into_iter()
        .filter_map(|k| hits.unblocked(k, Effect::Trigger).map(|t| (k, t)))
        .collect();
    if let Some((kind, trigger)) = given {
        if !triggers.iter().any(|(k, _)| *k == kind) {
            triggers.push((kind, trigger));
        }
    }
    EventKind::ALL
        .into_iter()
        .filter_map(|kind| hits.label(kind, &triggers, &recent).map(|t| (kind, t)))
        .collect()
}

/// Whether the cue hits of a sentence cancel an event of `kind` told by the words at `span`: a
/// cancel in the sentence, in its clause or over its words.
pub(super) fn cancelled(
    lexicon: &Lexicon,
    text: &str,
    hits: &[(usize, Span)],
    kind: EventKind,
    span: Span,
) -> bool {
    Hits {
        lexicon,
        text,
        hits,
    }
    .cancels(kind, span)
}

/// The cue hits of one sentence: (cue index, byte range of the matched words).
struct Hits<'a> {
    lexicon: &'a Lexicon,
    text: &'a str,
    hits: &'a [(usize, Span)],
}

impl Hits<'_> {
    /// Whether a cue is of `kind` with `effect`.
    fn is(&self, cue: usize, kind: EventKind, effect: Effect) -> bool {
        let cue = &self.lexicon.cues[cue];
        cue.event == kind && cue.effect == effect
    }

    /// The words of the first hit of a `kind` cue with `effect` that no cancel of
    /// its event cancels.
    fn unblocked(&self, kind: EventKind, effect: Effect) -> Option<Span> {
        self.hits
            .iter()
            .filter(|(cue, _)| self.is(*cue, kind, effect))
            .map(|&(_, span)| span)
            .find(|&span| !self.cancels(kind, span))
    }

    /// Whether a cancel of `kind` in the sentence, in the clause of `span` or over its words
    /// cancels an event of `kind` told by the words at `span`.
    fn cancels(&self, kind: EventKind, span: Span) -> bool {
        self.hits.iter().any(|(cue, at)| {
            self.is(*cue, kind, Effect::CancelSentence)
                || (self.is(*cue, kind, Effect::CancelClause) && same_clause(self.text, span, *at))
                || (self.is(*cue, kind, Effect::CancelOverlap) && at.overlaps(span))
        })
    }

    /// The words that give the sentence an event of `kind`, if it has one: its own trigger, else
    /// a cue `with` another event that fired, else one `after` an event reported just before,
    /// else a fallback when nothing else fired.
    fn label(
        &self,
        kind: EventKind,
        triggers: &[(EventKind, Span)],
        recent: &impl Fn(EventKind, usize) -> bool,
    ) -> Option<Span> {
        let own = triggers.iter().find(|(k, _)| *k == kind).map(|&(_, t)| t);
        let others_fired = triggers.iter().any(|(k, _)| *k != kind);
        let with = || {
            EventKind::ALL.into_iter().find_map(|other| {
                let fired = triggers.iter().any(|(k, _)| *k == other);
                if fired && other != kind {
                    self.unblocked(kind, Effect::With(other))
                } else {
                    None
                }
            })
        };
        let after = || {
            self.hits
                .iter()
                .filter(|(cue, _)| {
                    let cue = &self.lexicon.cues[*cue];
                    cue.event == kind
                        && matches!(cue.effect, Effect::After(other, n) if recent(other, n))
                })
                .map(|&(_, span)| span)
                .find(|&span| !self.cancels(kind, span))
        };
        // Fallbacks alone: a shot that went in is a goal and not also a chance.
        let goal_told = || {
            kind == EventKind::Chance && self.unblocked(EventKind::Goal, Effect::Fallback).is_some()
        };
        own.or_else(with).or_else(after).or_else(|| {
            if others_fired || goal_told() {
                None
            } else {
                self.unblocked(kind, Effect::Fallback)
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{check_labels, labels};

    #[test]
    fn cancels_of_each_scope() {
        check_labels(&[
            ("Han var nær å sette inn ledermålet.", &[("chance", "")]),
            (
                "Han satte ballen i mål, men linjemannen vinket for offside.",
                &[("chance", "")],
            ),
            // A total beside the match's goals: only the total is cancelled.
            (
                "Med sine to scoringer er han toppscorer med fire mål.",
                &[("goal", "")],
            ),
            ("Han er toppscorer med fire mål.", &[]),
        ]);
    }

    #[test]
    fn fallbacks_count_only_alone() {
        check_labels(&[
            // Fallbacks alone: the shot went in, so it is not also a chance.
            ("Skotet gjekk under målvakta.", &[("goal", "")]),
            ("Keeper Fatau Dauda redder.", &[("chance", "")]),
            (
                "Sogndal fekk eit frispark, og keeperen reddar.",
                &[("chance", ""), ("foul", "")],
            ),
            // A shot into the corner is a goal unless a miss or a save is told.
            (
                "Volleyskuddet suste i hjørnet bak Courtois.",
                &[("goal", "")],
            ),
            (
                "Messi gikk for kraft i keeperhjørnet og ballen suste like over.",
                &[("chance", "")],
            ),
        ]);
    }

    #[test]
    fn a_penalty_scene_continues_over_the_next_sentences() {
        assert_eq!(
            labels("Robben gikk i bakken i feltet og ropte på straffe. Men dommeren bet ikke på."),
            [("penalty", String::new()), ("penalty", String::new())]
        );
        // Alone, or far from a penalty, the same words are nothing.
        assert_eq!(labels("Men dommeren bet ikke på."), []);
        assert_eq!(
            labels(
                "Han ropte på straffe. Kampen gikk videre. Det regnet. Publikum sang. Dommeren bet ikke på."
            ),
            [("penalty", String::new())]
        );
    }
}
