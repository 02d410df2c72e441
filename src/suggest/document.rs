//! One document's names no gazetteer knows, folded within the document: a surname alone is the
//! full name the document writes elsewhere, and every time the document writes a name counts.

use super::sightings::{overlaps_a_mention, sightings, without_owner, TeamRef};
use super::{ends_with_words, Evidence, SightingKind, TeamName};
use crate::classify::fullest_name;
use crate::gazetteer::Gazetteer;
use crate::pipeline::Analysis;
use crate::text::one_spaced;
use std::collections::{BTreeMap, HashSet};

/// One name seen in one document.
#[derive(Debug, Clone)]
pub(super) struct Seen {
    pub club: bool,
    pub name: String,
    pub kind: SightingKind,
    pub team: Option<TeamName>,
    pub evidence: Evidence,
    pub sentence: String,
}

/// The names one document gives of people and clubs no gazetteer in use knows, folded within
/// the document; owned, to be sent from a worker thread to the [`Suggester`](super::Suggester).
#[derive(Debug, Clone, Default)]
pub struct DocumentNames {
    pub(super) doc: String,
    pub(super) seen: Vec<Seen>,
    /// How many times the document writes each name seen, (is a club, name) -> times.
    pub(super) written: BTreeMap<(bool, String), usize>,
}

/// The names no gazetteer knows in an analysed document (none for a document set aside as not
/// about football), a surname alone folded into the full name the document writes.
pub fn document_names(gazetteer: &Gazetteer, analysis: &Analysis<'_>) -> DocumentNames {
    let text = analysis.document.text.as_str();
    let found = sightings(gazetteer, analysis);
    let mentions = &analysis.recognition.mentions;
    let fullest: Vec<String> = found
        .iter()
        .map(|s| match s.kind {
            SightingKind::Club => text[s.name].to_string(),
            _ => {
                let (sentences, tokens) = (&analysis.sentences, &analysis.tokens);
                let span = fullest_name(gazetteer, text, sentences, tokens, mentions, s.name);
                let span = without_owner(gazetteer, text, span);
                text[span].to_string()
            }
        })
        .collect();
    // "Adeyemo" is the "Jonah Adeyemo" the document writes elsewhere, found by another rule.
    let persons: Vec<&str> = found
        .iter()
        .zip(&fullest)
        .filter(|(s, _)| s.kind != SightingKind::Club)
        .map(|(_, name)| name.as_str())
        .collect();
    // "suspenderte Clough Fashanu": a surname of another full name of the document before a
    // name is that person, and the two are no name together.
    let side_by_side = |name: &str| {
        name.split_once(' ').is_some_and(|(first, _)| {
            persons
                .iter()
                .any(|other| *other != name && other.contains(' ') && ends_with_words(other, first))
        })
    };
    let seen = found
        .iter()
        .zip(&fullest)
        .filter(|(s, name)| s.kind == SightingKind::Club || !side_by_side(name))
        .map(|(s, name)| {
            let club = s.kind == SightingKind::Club;
            let name = match club {
                true => name.clone(),
                false => longest_ending_with(&persons, name).to_string(),
            };
            let team = s.team.map(|t| match t {
                TeamRef::Known(e) => TeamName::Known(gazetteer.entity(e).id.clone()),
                TeamRef::Unknown(span) => TeamName::Unknown(text[span].to_string()),
            });
            let sentence = &analysis.sentences[s.sentence];
            Seen {
                club,
                name,
                kind: s.kind,
                team,
                evidence: s.evidence,
                sentence: one_spaced(&text[sentence.span]).into_owned(),
            }
        })
        .collect::<Vec<Seen>>();
    // A surname two people of the document share counts for neither when written alone.
    let surname = |name: &str| name.rsplit_once(' ').map(|(_, last)| last.to_string());
    let mut people: BTreeMap<String, HashSet<&str>> = BTreeMap::new();
    for seen in seen.iter().filter(|s| !s.club) {
        if let Some(last) = surname(&seen.name) {
            people.entry(last).or_default().insert(&seen.name);
        }
    }
    let mut written = BTreeMap::new();
    for seen in &seen {
        let key = (seen.club, seen.name.clone());
        if let std::collections::btree_map::Entry::Vacant(entry) = written.entry(key) {
            let shared = surname(&seen.name).is_some_and(|last| people[&last].len() > 1);
            entry.insert(times_written(text, mentions, &seen.name, !shared));
        }
    }
    DocumentNames {
        doc: analysis.document.id.clone(),
        seen,
        written,
    }
}

/// How many times a text writes a name as a whole word (or with a genitive `s`) outside the
/// mentions of known names, with `surnames` a person's surname alone too (`Fashanu` for
/// `Justin Fashanu`).
fn times_written(text: &str, mentions: &[crate::Mention], name: &str, surnames: bool) -> usize {
    let found = |word: &str| -> Vec<crate::Span> {
        text.match_indices(word)
            .map(|(at, _)| crate::Span::new(at, at + word.len()))
            .filter(|span| {
                let before = text[..span.start()].chars().next_back();
                let after = &text[span.end()..];
                let genitive = after
                    .strip_prefix('s')
                    .is_some_and(|rest| rest.chars().next().is_none_or(|c| !c.is_alphanumeric()));
                before.is_none_or(|c| !c.is_alphanumeric())
                    && (after.chars().next().is_none_or(|c| !c.is_alphanumeric()) || genitive)
                    && !overlaps_a_mention(mentions, *span)
            })
            .collect()
    };
    let whole = found(name);
    let surname = match name.rsplit_once(' ').filter(|_| surnames) {
        Some((_, surname)) => found(surname)
            .into_iter()
            .filter(|s| !whole.iter().any(|w| w.overlaps(*s)))
            .count(),
        None => 0,
    };
    whole.len() + surname
}

/// The longest of `names` that ends with the words of `name` (the first of them), or `name`.
fn longest_ending_with<'n>(names: &[&'n str], name: &'n str) -> &'n str {
    let mut longest = name;
    for &other in names {
        if other.len() > longest.len() && ends_with_words(other, name) {
            longest = other;
        }
    }
    longest
}
