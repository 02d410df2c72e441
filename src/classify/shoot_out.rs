//! Penalty shoot-outs: in a match decided on penalties, a goal or miss told right after a penalty
//! sentence, with no minute of its own, is a kick of the shoot-out (a penalty, and a chance if
//! missed), not a goal of the match; so is a headline over a section of kicks.

use super::layout::{blank_line_between, is_headline};
use super::{Event, EventKind};
use crate::ids::SentenceId;
use crate::segment::{Folded, Sentence, Token};
use crate::span::Span;
use crate::words::shoot_out::{
    DEFINITE_ENDINGS, SHOOT_OUT_PENALTIES, SHOOT_OUT_PREPOSITIONS, SHOOT_OUT_ROOTS,
};
use std::ops::Range;

/// How many sentences after a penalty sentence a kick may be told: its taker may be introduced in
/// between ("før forsøkene fra krittmerket. Ifølge Borges sto Krul og ropte ... Men Borges scoret
/// sikkert.").
const KICK_SENTENCES: usize = 2;

/// Whether a sentence names a penalty shoot-out that was played: `straffekonkurransen`, `etter
/// straffer`, `gikk til straffer`, `vant på straffene`.
pub(super) fn mentions_shoot_out(folded: &Folded, tokens: &[Token]) -> bool {
    let word = |t: &Token| &folded[t.span()];
    tokens.iter().enumerate().any(|(at, token)| {
        let word = word(token);
        // Definite: "straffekonkurransen" is the one played; "det lukter straffekonk" and
        // "Straffesparkkonkurranse er den verste måte å tape" are not.
        let definite = || DEFINITE_ENDINGS.iter().any(|ending| word.ends_with(ending));
        SHOOT_OUT_ROOTS
            .iter()
            .any(|root| word.starts_with(root) && definite())
            || (SHOOT_OUT_PENALTIES.contains(&word)
                && at > 0
                && SHOOT_OUT_PREPOSITIONS.contains(&&folded[tokens[at - 1].span()]))
    })
}

/// Whether the last sentence with events, at most [`KICK_SENTENCES`] before sentence `index`,
/// told a penalty, by what the rules told so far (`told`: sentence and kind, in order).
pub(super) fn penalty_just_before(told: &[(SentenceId, EventKind)], index: usize) -> bool {
    told.last().is_some_and(|&(last, _)| {
        last.index() + KICK_SENTENCES >= index
            && told
                .iter()
                .rev()
                .take_while(|(sentence, _)| *sentence == last)
                .any(|(_, kind)| *kind == EventKind::Penalty)
    })
}

/// Makes the labels of a shoot-out kick: a scored kick is a penalty and not a goal of the match, a
/// missed or saved one is a chance and a penalty. A goal that states a score is left alone: kicks
/// are seldom told with the score and goals of the match often are.
pub(super) fn shoot_out_kick(labels: &mut Vec<(EventKind, Span)>, states_score: bool) {
    let kick = labels
        .iter()
        .find(|(kind, _)| *kind == EventKind::Chance || (*kind == EventKind::Goal && !states_score))
        .map(|&(_, trigger)| trigger);
    let Some(kick) = kick else {
        return;
    };
    if !states_score {
        labels.retain(|(kind, _)| *kind != EventKind::Goal);
    }
    if !labels.iter().any(|(kind, _)| *kind == EventKind::Penalty) {
        labels.push((EventKind::Penalty, kick));
        labels.sort_by_key(|(kind, _)| *kind);
    }
}

/// A headline belongs to the section below it: over a paragraph that tells only penalty kicks,
/// after the shoot-out was reported (sentence `from`), its goal or miss is a kick too ("Slo
/// ballen i nettaket" over "Ajax-keeperen reddet ingen straffespark. Da Maxi Rodriguez
/// avgjorde ...").
pub(super) fn headline_kicks(
    text: &str,
    sentences: &[Sentence],
    events: &mut Vec<Event>,
    from: usize,
) {
    for headline in from..sentences.len().saturating_sub(1) {
        if !is_headline(text, sentences, headline) {
            continue;
        }
        // The section below: up to the next blank line.
        let end = (headline + 2..sentences.len())
            .find(|&s| blank_line_between(text, &sentences[s - 1], &sentences[s]))
            .unwrap_or(sentences.len());
        let below = headline + 1..end;
        let only_kicks = below.clone().any(|s| !told(events, s).is_empty())
            && below.clone().all(|s| {
                let events = &events[told(events, s)];
                events.is_empty() || events.iter().any(|e| e.kind == EventKind::Penalty)
            });
        let own = told(events, headline);
        if !only_kicks || own.is_empty() {
            continue;
        }
        let kick = as_kick(&events[own.clone()]);
        events.splice(own, kick);
    }
}

/// Where the events of sentence `sentence` are in `events` (sorted by sentence).
fn told(events: &[Event], sentence: usize) -> Range<usize> {
    let at = events.partition_point(|e| e.sentence.index() < sentence);
    at..at
        + events[at..]
            .iter()
            .take_while(|e| e.sentence.index() == sentence)
            .count()
}

/// The events of a headline (`own`, not empty) told again as a shoot-out kick: each kind it keeps
/// keeps its event, a penalty added takes the other fields from the first.
fn as_kick(own: &[Event]) -> Vec<Event> {
    let mut labels: Vec<(EventKind, Span)> = own.iter().map(|e| (e.kind, e.trigger)).collect();
    shoot_out_kick(&mut labels, own.iter().any(|e| e.score.is_some()));
    let template = own[0].clone();
    labels
        .into_iter()
        .map(|(kind, trigger)| {
            own.iter()
                .find(|e| e.kind == kind)
                .cloned()
                .unwrap_or(Event {
                    kind,
                    trigger,
                    ..template.clone()
                })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::tests::labels;

    #[test]
    fn kicks_of_a_shoot_out_are_penalties_not_goals() {
        let shoot_out = "Kampen ble avgjort på straffer. Dermed måtte det straffespark til.\n\
                         Borges scoret for Costa Rica. Gekas bommet for Hellas. Umaña scoret.";
        let penalty = ("penalty", String::new());
        let chance = ("chance", String::new());
        assert_eq!(
            labels(shoot_out),
            [
                penalty.clone(),
                penalty.clone(),
                penalty.clone(),
                chance,
                penalty.clone(),
                penalty.clone()
            ]
        );
        // The taker may be introduced in a sentence between; two sentences between are too many.
        assert_eq!(
            labels(
                "Kampen ble avgjort på straffer. Krul ropte før forsøkene fra krittmerket.\n\
                 Borges gikk frem. Men Borges scoret sikkert."
            ),
            [penalty.clone(), penalty.clone(), penalty.clone()]
        );
        assert_eq!(
            labels(
                "Kampen ble avgjort på straffer. Krul ropte før forsøkene fra krittmerket.\n\
                 Borges gikk frem. Krul ventet. Men Borges scoret sikkert."
            ),
            [penalty.clone(), penalty.clone(), ("goal", String::new())]
        );
        // A shoot-out that only might come is none, and the goal after it is a goal.
        assert_eq!(
            labels("Det lukter straffekonkurranse. Ronaldo fikk straffe. Ronaldo scoret."),
            [penalty.clone(), ("goal", String::new())]
        );
        // Without a shoot-out, or with a minute, a goal after a penalty stays a goal.
        assert_eq!(
            labels("Dommeren blåste straffespark. Borges scoret for Costa Rica."),
            [penalty.clone(), ("goal", String::new())]
        );
        assert_eq!(
            labels("Kampen gikk til straffer. Borges scoret etter 20 minutter."),
            [penalty, ("goal", "20".to_string())]
        );
    }

    #[test]
    fn a_headline_over_a_section_of_kicks_is_a_kick() {
        let penalty = ("penalty", String::new());
        // A headline over a section of kicks is a kick; over other play it keeps its label.
        let headline = |section: &str| {
            labels(&format!(
                "Kampen ble avgjort på straffer.\n\nSlo ballen i nettaket\n\n{section}"
            ))
        };
        assert_eq!(
            headline("Keeperen reddet ingen straffespark. Rodriguez satte straffen i mål."),
            [
                penalty.clone(),
                penalty.clone(),
                penalty.clone(),
                penalty.clone()
            ]
        );
        assert_eq!(
            headline("Keeperen reddet ingen straffespark. Neste kamp er fredag. Det regnet."),
            [penalty.clone(), penalty.clone(), penalty.clone()]
        );
        assert_eq!(
            headline("Han fikk straffespark. Etter pause scoret Rodriguez 1-0."),
            [
                penalty.clone(),
                ("goal", String::new()),
                penalty.clone(),
                ("goal", "".to_string())
            ]
        );
    }
}
