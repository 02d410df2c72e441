//! When a country or town is the team named after it: national teams and clubs written as their
//! city (`Norge`, `Tromsø`, `Stranda`) are also places, and only football around them makes them
//! the team ("Norge møter Island", not "Norge bidrar til fattigdomsreduksjon"; not "i Norge").

use crate::gazetteer::Gazetteer;
use crate::ids::EntityId;
use crate::segment::{fold, Folded, Sentence, Token, TokenKind};
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
