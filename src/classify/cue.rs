//! The cue pattern language of `data/cues.csv` (see the [module docs](super)): the elements a
//! cue is made of, what a cue does to its event, and matching a cue's elements against the tokens
//! of a sentence.

use super::minute::number_word;
use super::EventKind;
use crate::segment::{is_score_side, Token, TokenKind, MAX_SCORE_DIGITS};

/// What a cue does to its event (the `effect` column).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Effect {
    /// Gives the event.
    Trigger,
    /// Gives the event only when no other event's trigger fired in the sentence.
    Weak,
    /// Cancels the event's triggers in its own clause.
    Block,
    /// Cancels the event in the whole sentence: `annullerte` after `men` still undoes the goal.
    Veto,
    /// Says that these words are not the event: cancels only a trigger they overlap (`med fem
    /// mål` is a total, while `to scoringer` in the same clause still counts).
    Not,
    /// `with foul`: gives the event only when that other event's trigger fired in the sentence.
    With(EventKind),
    /// `after penalty`: gives the event only when the document reported that event in one of the
    /// [`SCENE_SENTENCES`] sentences before (`dommeren bet ikke på` after a penalty appeal).
    After(EventKind),
}

impl Effect {
    /// `trigger`, `weak`, `block`, `veto`, `not`, `with <event>` or `after <event>`.
    pub(super) fn parse(name: &str) -> Option<Effect> {
        let other_event = |prefix: &str| {
            name.strip_prefix(prefix)
                .and_then(|kind| EventKind::parse(kind.trim()))
        };
        Some(match name {
            "trigger" => Effect::Trigger,
            "weak" => Effect::Weak,
            "block" => Effect::Block,
            "veto" => Effect::Veto,
            "not" => Effect::Not,
            _ => match (other_event("with "), other_event("after ")) {
                (Some(kind), _) => Effect::With(kind),
                (_, Some(kind)) => Effect::After(kind),
                _ => return None,
            },
        })
    }
}

/// How many sentences back an `after <event>` cue looks: a scene told over a short paragraph.
pub(super) const SCENE_SENTENCES: usize = 3;

/// One word of a cue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Element {
    /// `^`: the sentence start, after a quote's opening dash or guillemet.
    Start,
    /// `*`: any one word.
    Any,
    /// `#score`: a score token, or a score written with spaces (`2 - 0`).
    Score,
    /// `#num`: digits or a number word (`tre`).
    Number,
    /// `#score-målet`: a compound starting with a score (`1-0-målet`), the rest matched as a word.
    ScoreCompound(Box<Element>),
    /// `@person`: the first word of a player's or an official's name (or a description of one).
    Person,
    /// `**`: up to [`GAP_WORDS`] words (`kunne ** lagt`: `kunne Angel di Maria lagt`).
    Gap,
    /// `word`: the word itself.
    Exact(String),
    /// `pre*`: a word starting with `pre`.
    Prefix(String),
    /// `*suf`: a word ending with `suf`.
    Suffix(String),
    /// `*in*`: a word containing `in`.
    Infix(String),
}

impl Element {
    /// The elements of a cue, if it is well formed: a word, `^` only first, `@person` not first
    /// and `**` between words. `cue` is lower case.
    pub(super) fn parse_cue(cue: &str) -> Option<Vec<Element>> {
        let elements: Vec<Element> = cue.split_whitespace().map(Element::parse).collect();
        let bad_start = elements.iter().skip(1).any(|e| *e == Element::Start)
            || elements.first() == Some(&Element::Person);
        let words = || elements.iter().filter(|e| **e != Element::Start);
        let bad_gap =
            words().next() == Some(&Element::Gap) || words().next_back() == Some(&Element::Gap);
        let malformed = elements.is_empty()
            || bad_start
            || bad_gap
            || elements
                .iter()
                .all(|e| matches!(e, Element::Start | Element::Any));
        (!malformed).then_some(elements)
    }

    fn parse(word: &str) -> Element {
        match word {
            "^" => Element::Start,
            "*" => Element::Any,
            "#score" => Element::Score,
            "#num" => Element::Number,
            "@person" => Element::Person,
            "**" => Element::Gap,
            _ => {
                if let Some(rest) = word.strip_prefix("#score-") {
                    return Element::ScoreCompound(Box::new(Element::parse(rest)));
                }
                match (word.strip_prefix('*'), word.strip_suffix('*')) {
                    (Some(rest), _) if rest.ends_with('*') => {
                        Element::Infix(rest.trim_end_matches('*').to_string())
                    }
                    (Some(rest), _) => Element::Suffix(rest.to_string()),
                    (None, Some(rest)) => Element::Prefix(rest.to_string()),
                    (None, None) => Element::Exact(word.to_string()),
                }
            }
        }
    }

    /// Whether a word element (`*`, `word`, `pre*`, `*suf`, `*in*`) matches a folded word.
    pub(super) fn word_matches(&self, word: &str) -> bool {
        match self {
            Element::Any => true,
            Element::Exact(w) => word == w,
            Element::Prefix(p) => word.starts_with(p.as_str()),
            Element::Suffix(s) => word.ends_with(s.as_str()),
            Element::Infix(i) => word.contains(i.as_str()),
            _ => false,
        }
    }

    /// How many tokens from `at` this element matches, if it matches.
    fn matches(&self, sentence: &CueTarget<'_>, at: usize) -> Option<usize> {
        let CueTarget {
            folded,
            tokens,
            people,
        } = *sentence;
        let token = tokens.get(at)?;
        let word = &folded[token.span];
        let matched = match self {
            Element::Start => false,
            Element::Person => people.binary_search(&token.span.start).is_ok(),
            Element::Score => {
                if token.kind == TokenKind::Score {
                    return Some(1);
                }
                let spaced = tokens.get(at..at + 3).is_some_and(|t| {
                    let small =
                        |t: &Token| t.kind == TokenKind::Number && t.span.len() <= MAX_SCORE_DIGITS;
                    small(&t[0]) && matches!(&folded[t[1].span], "-" | "–") && small(&t[2])
                });
                return spaced.then_some(3);
            }
            // "ett mål til" is not a count of goals; from two up it is.
            Element::Number => number_word(word).is_some_and(|n| n >= 2),
            Element::ScoreCompound(rest) => {
                token.kind == TokenKind::Word
                    && score_prefix(word).is_some_and(|r| rest.word_matches(r))
            }
            _ => self.word_matches(word),
        };
        matched.then_some(1)
    }
}

/// `1-0-målet` -> `målet`: the rest of a compound that starts with a score.
fn score_prefix(word: &str) -> Option<&str> {
    let (home, rest) = word.split_once(['-', '–'])?;
    let (away, rest) = rest.split_once('-')?;
    (is_score_side(home) && is_score_side(away)).then_some(rest)
}

/// One row of the lexicon: a cue and what it does to its event.
#[derive(Debug, Clone)]
pub(super) struct Cue {
    pub(super) event: EventKind,
    pub(super) elements: Vec<Element>,
    pub(super) effect: Effect,
}

/// The token a `^` cue starts at: the first, or the one after a quote's opening dash or
/// guillemet ("– Straffer er lotteri").
pub(super) fn first_word(folded: &str, tokens: &[Token]) -> usize {
    tokens
        .iter()
        .take_while(|t| matches!(&folded[t.span], "-" | "–" | "—" | "«" | "\""))
        .count()
}

/// How many words `**` in a cue may skip: a name of up to three words.
const GAP_WORDS: usize = 3;

/// A sentence as cues are matched against it.
#[derive(Clone, Copy)]
pub(super) struct CueTarget<'a> {
    /// The case-folded text of the document.
    pub(super) folded: &'a str,
    /// The sentence's tokens.
    pub(super) tokens: &'a [Token],
    /// The sorted start offsets of the sentence's mentions of people, for `@person`.
    pub(super) people: &'a [usize],
}

/// The index after the last token matched by `elements` from token `at`, if they match; a gap
/// tries the fewest words first.
pub(super) fn match_elements(
    elements: &[Element],
    sentence: &CueTarget<'_>,
    mut at: usize,
) -> Option<usize> {
    let tokens = sentence.tokens;
    // A loop for plain elements, which most cues are (this runs for every cue tried at every
    // word); recursion only at a gap.
    for (i, element) in elements.iter().enumerate() {
        if *element == Element::Gap {
            let words = tokens[at.min(tokens.len())..]
                .iter()
                .take_while(|t| t.kind == TokenKind::Word)
                .count()
                .min(GAP_WORDS);
            let rest = &elements[i + 1..];
            return (0..=words).find_map(|skip| match_elements(rest, sentence, at + skip));
        }
        at += element.matches(sentence, at)?;
    }
    Some(at)
}

#[cfg(test)]
mod tests {
    use super::super::tests::check_labels;

    #[test]
    fn a_gap_skips_a_name() {
        check_labels(&[
            // "**" skips the name between "kunne" and the participle.
            ("Da kunne Angel di Maria lagt på til 2-0.", &[]),
            ("Da kunne Angel di Maria legge på til 2-0.", &[("goal", "")]),
        ]);
    }

    #[test]
    fn a_start_anchor_comes_after_a_quote_dash() {
        check_labels(&[
            // A saying about penalties, also in a quote, is not a penalty; the penalty is.
            ("– Straffer er lotteri.", &[]),
            ("– Straffen er latterlig.", &[("penalty", "")]),
        ]);
    }
}
