//! When a country or town is the team named after it: national teams and clubs written as their
//! city (`Norge`, `Tromsø`, `Stranda`) are also places, and only football around them makes them
//! the team ("Norge møter Island", not "Norge bidrar til fattigdomsreduksjon"; not "i Norge").
//! A dateline's place (`HAMBURG (VG)`) is always the town.

use crate::gazetteer::Gazetteer;
use crate::ids::EntityId;
use crate::segment::{fold, Folded, Sentence, Token, TokenKind};
use crate::span::Span;
use crate::text::is_shouted;
use crate::words::football::{NOT_A_MATCH_WITH_INFIX, SENTENCE_INFIX, SENTENCE_ROOTS};

/// How many words after a country's genitive may say it is the team ("Norges gruppe",
/// "Norges nye landslag"), not the country ("Norges største supporterklubb").
const GENITIVE_NOUN_WORDS: usize = 2;

/// A national team, or a club written as its home city (`Tromsø`, `Stranda`).
pub(super) fn is_place_named(gazetteer: &Gazetteer, entity: EntityId, surface: &str) -> bool {
    gazetteer.national_team(entity).is_some()
        || gazetteer
            .club(entity)
            .and_then(|club| club.home_city.as_deref())
            .is_some_and(|city| fold(city) == fold(surface))
}

/// Whether a sentence of `text` (with its document's `tokens`) has football words or a score.
pub(super) fn is_sports_sentence(text: &str, tokens: &[Token], sentence: &Sentence) -> bool {
    let folded = Folded::of(text, sentence.span);
    tokens[sentence.tokens].iter().any(|t| {
        let word = &folded[t.span()];
        let Some(&first) = word.as_bytes().first() else {
            return false;
        };
        if NOT_A_MATCH_WITH_INFIX.iter().any(|w| word.contains(w)) {
            return false;
        }
        t.kind == TokenKind::Score
            || word.contains(SENTENCE_INFIX)
            || SENTENCE_ROOTS
                .iter()
                .any(|root| root.as_bytes()[0] == first && word.starts_with(root))
    })
}

/// Whether one of the first words of a text (up to a sentence end) is a football word: the noun
/// after a country's genitive ("Norges gruppe", "Norges landslag").
pub(super) fn football_word_opens(text: &str) -> bool {
    let following = text.split_whitespace().take(GENITIVE_NOUN_WORDS).map(fold);
    following
        .into_iter()
        .any(|w| SENTENCE_ROOTS.iter().any(|root| w.starts_with(root)))
}

/// Most characters between a dateline's parentheses (`NTB-AFP-Reuters`, `VG Nett`), and most
/// bytes of the places before its name on the line.
const DATELINE_SOURCE_BYTES: usize = 40;

/// Whether `span` is a place of a dateline, the place a report was filed from: the name opens its
/// line, alone or with others joined by `/`, and a source in parentheses follows, ending the line
/// or before `:`, `|` or a match in parentheses (`HAMBURG (VG)`, `OSLO/BRASILIA (VG) (Argentina -
/// Belgia 1-0)`, `Oslo (NTB):`). Such a name is the town, never its club or a player called so.
/// A place in capitals takes any source; one written as a name only a source in capitals (`NTB`,
/// `VG`), so that a line `Chelsea (Drogba):` stays a team.
pub(super) fn opens_a_dateline(text: &str, span: Span) -> bool {
    // Every match comes here: read a few bytes around it, not its whole line.
    let mut window = span.start().saturating_sub(DATELINE_SOURCE_BYTES);
    while !text.is_char_boundary(window) {
        window -= 1;
    }
    let line_start = match text[window..span.start()].rfind('\n') {
        Some(at) => window + at + 1,
        None if window == 0 => 0,
        None => return false,
    };
    let places_before = text[line_start..span.start()].trim_start();
    let joined = places_before.is_empty()
        || places_before.strip_suffix('/').is_some_and(|before| {
            !before.is_empty() && before.chars().all(|c| c.is_alphabetic() || c == ' ')
        });
    if !joined {
        return false;
    }
    let mut rest = &text[span.end()..];
    while let Some(after_slash) = rest.strip_prefix('/') {
        let Some(place_len) = after_slash
            .char_indices()
            .take(DATELINE_SOURCE_BYTES)
            .find_map(|(at, c)| (!(c.is_alphabetic() || c == ' ')).then_some(at))
        else {
            return false;
        };
        rest = &after_slash[place_len..];
    }
    let Some(source) = rest.trim_start_matches(' ').strip_prefix('(') else {
        return false;
    };
    let Some(close) = source
        .char_indices()
        .take(DATELINE_SOURCE_BYTES)
        .find_map(|(at, c)| (c == ')').then_some(at))
    else {
        return false;
    };
    let (source, after) = (source[..close].trim(), &source[close + 1..]);
    let a_source = source.starts_with(char::is_uppercase)
        && source
            .chars()
            .all(|c| c.is_alphabetic() || matches!(c, ' ' | '-' | '.'));
    let after = after.trim_start_matches(' ');
    let line_goes_on = !(after.is_empty() || after.starts_with(['\n', '\r', ':', '|', '(']));
    let source_shouted = source
        .split([' ', '-'])
        .next()
        .is_some_and(|word| word.chars().count() >= 2 && is_shouted(word));
    a_source && !line_goes_on && (is_shouted(&text[span.range()]) || source_shouted)
}

#[cfg(test)]
mod tests {
    use super::{opens_a_dateline, Span};

    #[test]
    fn a_dateline_names_the_town() {
        let at = |text: &str, name: &str| {
            let start = text.find(name).expect("the name is in the text");
            opens_a_dateline(text, Span::new(start, start + name.len()))
        };
        for (text, name) in [
            ("HAMBURG (VG)\nNorge er favoritter.", "HAMBURG"),
            (
                "Tittel\nOSLO/BRASILIA (VG) (Argentina - Belgia 1-0) Higuain",
                "BRASILIA",
            ),
            (
                "OSLO/BRASILIA (VG) (Argentina - Belgia 1-0) Higuain",
                "OSLO",
            ),
            ("Oslo ( NTB ) : Regjeringen", "Oslo"),
            ("Tromsø (VG Nett) | Kunstgresset", "Tromsø"),
            ("Washington (NTB-AFP-Reuters):", "Washington"),
        ] {
            assert!(at(text, name), "{text}");
        }
        for (text, name) in [
            ("Chelsea (Drogba): en scoring", "Chelsea"),
            ("Viking (4-4-2): Nordeide", "Viking"),
            ("Brann (Huseklepp, Sævarsson) vant", "Brann"),
            ("AALESUND - ODD 5-1", "AALESUND"),
            ("Kampen i Tromsø (VG) ble utsatt.", "Tromsø"),
            ("MOLDE (VG) vant igjen", "MOLDE"),
        ] {
            assert!(!at(text, name), "{text}");
        }
    }
}
