//! The merge rules: word-boundary pieces joined into Norwegian tokens (scores, hyphen compounds,
//! clock times, ordinals, genitives, abbreviations; see the module docs of [`super`]). Each rule
//! is one function; they apply in a fixed order to every token, each extending it over the pieces
//! that follow.

use super::{is_hyphen, is_score_dash, is_single, is_terminal, Token, TokenKind};
use crate::words::segmentation::{
    ABBREVIATIONS, ON_TARGET, RANGE_UNITS, STATISTIC_ROOTS, TRUNCATED_COMPOUND_FOLLOWERS,
};
use std::cell::Cell;

/// Digits a side of a score may have: `3-2` and `10-0` are scores, a year range `2011-2012` is
/// not.
pub(crate) const MAX_SCORE_DIGITS: usize = 2;

/// Length of the minutes of a clock time (`04:30`).
const CLOCK_MINUTE_DIGITS: usize = 2;

/// Longest number (in bytes) read as an ordinal before a lower-case word or a hyphen: `17. mai`,
/// `100. kamp`, `17.-plass`; a longer one is a year or an amount that ends a sentence.
const MAX_ORDINAL_DIGITS: usize = 3;

/// Longest number read as an ordinal before another number: a date's day or month (`17. 05`).
const MAX_ORDINAL_DIGITS_BEFORE_NUMBER: usize = 2;

/// Longest piece of a dotted abbreviation not in the list (`m.a.o.`, `f.eks.`): longer pieces
/// are words of a domain (`Aftenposten.no.`), whose full stop ends a sentence.
const MAX_DOTTED_PIECE_CHARS: usize = 4;

/// Merges word-boundary pieces into Norwegian tokens (see the module docs), appended to `out`.
///
/// In the pieces' own vector: a token takes the place of its first piece, which the rules have
/// read past, so that a paragraph's pieces and its tokens are not held side by side (a text of
/// one long line has a piece for every five bytes, nine bytes each).
pub(super) fn merge(text: &str, mut pieces: Vec<Token>, out: &mut Vec<Token>) {
    let cells = Cell::from_mut(pieces.as_mut_slice()).as_slice_of_cells();
    let mut cursor = Cursor {
        text,
        pieces: cells,
        next: 0,
    };
    let mut merged = 0;
    while let Some(mut token) = cursor.take() {
        if token.kind == TokenKind::Punct && is_terminal(cursor.surface(token)) {
            terminal_run(&mut cursor, &mut token);
        } else {
            // The rules after the first piece of a token, in the order they apply. Called
            // directly rather than from a table, so that they inline: this loop runs for every
            // piece of the corpus.
            score(&mut cursor, &mut token);
            hyphen_compounds(&mut cursor, &mut token);
            truncated_compound(&mut cursor, &mut token);
            clock_time(&mut cursor, &mut token);
            ordinal(&mut cursor, &mut token);
            genitive(&mut cursor, &mut token);
            abbreviation(&mut cursor, &mut token);
        }
        cells[merged].set(token);
        merged += 1;
    }
    pieces.truncate(merged);
    if pieces.len() > out.len() {
        // More tokens than all the paragraphs before: those move in front of these, rather than
        // these into their vector.
        pieces.splice(0..0, out.drain(..));
        *out = pieces;
    } else {
        out.extend_from_slice(&pieces);
    }
}

/// The pieces of one paragraph and the first not yet merged. The pieces before it hold the
/// tokens merged so far ([`merge`]): the cursor reads pieces as values, never behind `next`.
struct Cursor<'p> {
    text: &'p str,
    pieces: &'p [Cell<Token>],
    next: usize,
}

impl<'p> Cursor<'p> {
    /// The next piece, consumed.
    fn take(&mut self) -> Option<Token> {
        let piece = self.pieces.get(self.next)?.get();
        self.next += 1;
        Some(piece)
    }

    /// The piece `ahead` places after the next one (0: the next piece), not consumed.
    fn peek(&self, ahead: usize) -> Option<Token> {
        self.pieces.get(self.next + ahead).map(Cell::get)
    }

    /// Consumes `count` pieces.
    fn skip(&mut self, count: usize) {
        self.next += count;
    }

    fn surface(&self, token: Token) -> &'p str {
        &self.text[token.span()]
    }
}

/// Whether `b` starts where `a` ends, with no space between.
fn adjacent(a: Token, b: Token) -> bool {
    a.span().end() == b.span().start()
}

/// Extends `token` to the end of `last`, as a token of `kind`. In place: the rules change the
/// token they are given, so that it is not copied whole between them (which cost a third more
/// time in segmentation).
fn extend(token: &mut Token, last: Token, kind: TokenKind) {
    token.span = token.span.to_end_of(last.span);
    token.kind = kind;
}

/// A score side: one or two ASCII digits.
pub(crate) fn is_score_side(s: &str) -> bool {
    !s.is_empty() && s.len() <= MAX_SCORE_DIGITS && s.bytes().all(|b| b.is_ascii_digit())
}

/// Runs of terminal punctuation: "...", "?!".
fn terminal_run(cursor: &mut Cursor<'_>, token: &mut Token) {
    while let Some(piece) = cursor.peek(0) {
        if !(adjacent(*token, piece) && is_terminal(cursor.surface(piece))) {
            break;
        }
        token.span = token.span.to_end_of(piece.span);
        cursor.skip(1);
    }
}

/// Scores: number, hyphen or en dash, number; one or two digits a side so that year ranges
/// (2011-2012) stay apart. Before a unit (`25-30 meter`) or after a statistic (`Målsjanser 6–11`)
/// the same is a range or a count: one number token, not a score.
fn score(cursor: &mut Cursor<'_>, token: &mut Token) {
    let (Some(dash), Some(right)) = (cursor.peek(0), cursor.peek(1)) else {
        return;
    };
    if token.kind == TokenKind::Number
        && is_single(cursor.surface(dash), is_score_dash)
        && right.kind == TokenKind::Number
        && adjacent(*token, dash)
        && adjacent(dash, right)
        && is_score_side(cursor.surface(*token))
        && is_score_side(cursor.surface(right))
    {
        cursor.skip(2);
        let unit = cursor.peek(0).is_some_and(|next| {
            RANGE_UNITS.contains(&cursor.surface(next).to_lowercase().as_str())
        });
        let kind = if unit || after_statistic(cursor.text, token.span().start()) {
            TokenKind::Number
        } else {
            TokenKind::Score
        };
        extend(token, right, kind);
    }
}

/// Whether the word before `start` (over spaces and a colon) names a statistic: `Målsjanser
/// 6–11`, `Skudd: 14-10`.
fn after_statistic(text: &str, start: usize) -> bool {
    let before = text[..start].trim_end().trim_end_matches(':').trim_end();
    // "skudd på mål 2–1": the statistic is the word before "på mål".
    let cut = before.len().saturating_sub(ON_TARGET.len());
    let before = match before.get(cut..) {
        Some(tail) if tail.to_lowercase() == ON_TARGET => &before[..cut],
        _ => before,
    };
    let (_, word) = crate::text::previous_word(before, before.len());
    let word = word.to_lowercase();
    STATISTIC_ROOTS.iter().any(|root| word.starts_with(root))
}

/// Hyphen compounds: London-klubben, 21-åringen, 3-2-ledelse, RBK-spillerne, Omega-3.
fn hyphen_compounds(cursor: &mut Cursor<'_>, token: &mut Token) {
    while let (Some(hyphen), Some(part)) = (cursor.peek(0), cursor.peek(1)) {
        let joins = matches!(
            token.kind,
            TokenKind::Word | TokenKind::Number | TokenKind::Score
        ) && is_single(cursor.surface(hyphen), is_hyphen)
            && adjacent(*token, hyphen)
            && adjacent(hyphen, part)
            && (part.kind == TokenKind::Word
                || (token.kind == TokenKind::Word && part.kind == TokenKind::Number));
        if !joins {
            break;
        }
        extend(token, part, TokenKind::Word);
        cursor.skip(2);
    }
}

/// A truncated compound keeps its hyphen: "Kull- og Stålunion", "50- og 60-tallet".
fn truncated_compound(cursor: &mut Cursor<'_>, token: &mut Token) {
    let (Some(hyphen), Some(next)) = (cursor.peek(0), cursor.peek(1)) else {
        return;
    };
    if matches!(token.kind, TokenKind::Word | TokenKind::Number)
        && is_single(cursor.surface(hyphen), is_hyphen)
        && adjacent(*token, hyphen)
        && !adjacent(hyphen, next)
        && TRUNCATED_COMPOUND_FOLLOWERS.contains(&cursor.surface(next))
    {
        cursor.skip(1);
        extend(token, hyphen, TokenKind::Word);
    }
}

/// Clock times with a colon: 04:30.
fn clock_time(cursor: &mut Cursor<'_>, token: &mut Token) {
    let (Some(colon), Some(minutes)) = (cursor.peek(0), cursor.peek(1)) else {
        return;
    };
    if token.kind == TokenKind::Number
        && cursor.surface(colon) == ":"
        && adjacent(*token, colon)
        && adjacent(colon, minutes)
        && minutes.kind == TokenKind::Number
        && is_score_side(cursor.surface(*token))
        && cursor.surface(minutes).len() == CLOCK_MINUTE_DIGITS
    {
        cursor.skip(2);
        extend(token, minutes, TokenKind::Number);
    }
}

/// A number and its full stop before a lower-case word or a number: an ordinal. Before an
/// upper-case word the full stop ends the sentence (`Han ble nummer 2. Laget ...`).
fn ordinal(cursor: &mut Cursor<'_>, token: &mut Token) {
    let Some(stop) = cursor.peek(0) else {
        return;
    };
    if token.kind != TokenKind::Number || cursor.surface(stop) != "." || !adjacent(*token, stop) {
        return;
    }
    let next = cursor.peek(1);
    let first = next.map(|t| cursor.surface(t).chars().next().unwrap_or(' '));
    let digits = cursor.surface(*token).len();
    // "17.-plass", "28.- til": the hyphen belongs to the ordinal.
    let hyphen_after =
        next.is_some_and(|t| adjacent(stop, t) && is_single(cursor.surface(t), is_hyphen));
    let is_ordinal = (first.is_some_and(char::is_lowercase) && digits <= MAX_ORDINAL_DIGITS)
        || (first.is_some_and(char::is_numeric) && digits <= MAX_ORDINAL_DIGITS_BEFORE_NUMBER)
        || (hyphen_after && digits <= MAX_ORDINAL_DIGITS);
    if !is_ordinal {
        return;
    }
    cursor.skip(1);
    if !hyphen_after {
        extend(token, stop, TokenKind::Ordinal);
        return;
    }
    let hyphen = cursor.peek(0).expect("the hyphen after the ordinal");
    let word_after = cursor
        .peek(1)
        .filter(|w| adjacent(hyphen, *w) && w.kind == TokenKind::Word);
    cursor.skip(if word_after.is_some() { 2 } else { 1 });
    extend(token, word_after.unwrap_or(hyphen), TokenKind::Ordinal);
}

/// A genitive apostrophe after s, x or z belongs to the name: "Hellas' keeper".
fn genitive(cursor: &mut Cursor<'_>, token: &mut Token) {
    let Some(apostrophe) = cursor.peek(0) else {
        return;
    };
    if token.kind == TokenKind::Word
        && matches!(cursor.surface(apostrophe), "'" | "’")
        && adjacent(*token, apostrophe)
        && cursor.surface(*token).ends_with(['s', 'x', 'z'])
        && cursor
            .peek(1)
            .is_none_or(|next| !adjacent(apostrophe, next))
    {
        cursor.skip(1);
        extend(token, apostrophe, TokenKind::Word);
    }
}

/// Abbreviations and initials keep their full stop.
fn abbreviation(cursor: &mut Cursor<'_>, token: &mut Token) {
    let Some(stop) = cursor.peek(0) else {
        return;
    };
    if token.kind != TokenKind::Word || cursor.surface(stop) != "." || !adjacent(*token, stop) {
        return;
    }
    let word = cursor.surface(*token);
    let lower = word.to_lowercase();
    let initial = is_single(word, char::is_uppercase);
    // "m.a.o.", "f.eks.", but not "Aftenposten.no." whose full stop ends a sentence.
    let dotted = word.contains('.')
        && word.split('.').all(|piece| {
            !piece.is_empty()
                && piece.chars().count() <= MAX_DOTTED_PIECE_CHARS
                && piece.chars().all(char::is_alphabetic)
        });
    if ABBREVIATIONS.contains(&lower.as_str()) || initial || dotted {
        cursor.skip(1);
        extend(token, stop, TokenKind::Abbreviation);
    }
}

#[cfg(test)]
mod tests {
    use crate::segment::tokenize;

    fn tokens(text: &str) -> Vec<&str> {
        tokenize(text)
            .unwrap()
            .iter()
            .map(|t| &text[t.span()])
            .collect()
    }

    /// Norwegian traps for tokens: input and the tokens expected.
    #[rustfmt::skip]
    const TOKEN_TRAPS: &[(&str, &[&str])] = &[
        ("3-2 og 2–1", &["3-2", "og", "2–1"]),
        ("0-2 til 2-2", &["0-2", "til", "2-2"]),
        ("(Costa Rica-Hellas1-1, 6-4 etter straffer)", &["(", "Costa", "Rica-Hellas", "1-1", ",", "6-4", "etter", "straffer", ")"]),
        ("Brann2-0, Molde10-2 og Hellas1-1", &["Brann", "2-0", ",", "Molde", "10-2", "og", "Hellas", "1-1"]),
        ("1-0-seier", &["1-0-seier"]),
        ("3-2-ledelse", &["3-2-ledelse"]),
        ("2011-2012", &["2011", "-", "2012"]),
        ("kl. 18.00 og 04:30", &["kl.", "18.00", "og", "04:30"]),
        ("22.01.2012", &["22.01.2012"]),
        ("London-klubben, 21-åringen og Spurs-keeper", &["London-klubben", ",", "21-åringen", "og", "Spurs-keeper"]),
        ("Tottenhams og Hellas' keeper", &["Tottenhams", "og", "Hellas'", "keeper"]),
        ("i det 56. minutt", &["i", "det", "56.", "minutt"]),
        ("bl.a. Silva", &["bl.a.", "Silva"]),
        ("City- Tottenham", &["City", "-", "Tottenham"]),
        ("Kull- og stålunionen", &["Kull-", "og", "stålunionen"]),
        ("Omega-3 og U-21", &["Omega-3", "og", "U-21"]),
        ("– Begge målene var mine!", &["–", "Begge", "målene", "var", "mine", "!"]),
        ("«Tar denne på min kappe»", &["«", "Tar", "denne", "på", "min", "kappe", "»"]),
        ("Vent...", &["Vent", "..."]),
        ("www.vg.no/sport og post@vg.no.", &["www.vg.no/sport", "og", "post@vg.no", "."]),
    ];

    #[test]
    fn token_traps() {
        for (text, expected) in TOKEN_TRAPS {
            assert_eq!(tokens(text), *expected, "input: {text:?}");
        }
    }
}
