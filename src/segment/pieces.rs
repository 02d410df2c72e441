//! The raw pieces of a paragraph: Unicode word boundaries (a fast scanner for Latin text, which
//! is most of it, and `unicode-segmentation` for the rest), URLs and e-mail addresses kept whole,
//! and a first kind for each piece. [`merge`](super::merge) joins them into tokens.

use super::merge::MAX_SCORE_DIGITS;
use super::{is_score_dash, is_single, Token, TokenKind};
use crate::span::Span;
use unicode_segmentation::UnicodeSegmentation;

/// Byte ranges of URLs and e-mail addresses in a block.
fn url_spans(text: &str, block: Span) -> Vec<Span> {
    let block_text = &text[block];
    let has_prefix = |s: &str, prefix: &str| {
        s.get(..prefix.len())
            .is_some_and(|p| p.eq_ignore_ascii_case(prefix))
    };
    // Most blocks have neither; skip the word scan for them.
    if !block_text.contains(['@', '/'])
        && !block_text.contains("www.")
        && !block_text.contains("WWW.")
    {
        return Vec::new();
    }
    let mut spans = Vec::new();
    for (offset, word) in words(block_text) {
        let start = block.start() + offset;
        let trimmed = word.trim_end_matches(['.', ',', ';', ':', ')', '!', '?', '»', '"']);
        let trimmed = trimmed.trim_start_matches(['(', '«', '"']);
        if trimmed.is_empty() {
            continue;
        }
        // `trimmed` is a slice of `word`: its offset is the bytes trimmed from the front.
        let lead = word.len() - word.trim_start_matches(['(', '«', '"']).len();
        let is_url = has_prefix(trimmed, "http://")
            || has_prefix(trimmed, "https://")
            || has_prefix(trimmed, "www.");
        let is_mail = trimmed.split_once('@').is_some_and(|(user, host)| {
            !user.is_empty() && host.contains('.') && !host.starts_with('.') && !host.contains('@')
        });
        if is_url || is_mail {
            spans.push(Span::new(start + lead, start + lead + trimmed.len()));
        }
    }
    spans
}

/// The whitespace-separated words of a text with their byte offsets.
fn words(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut rest = text.char_indices().peekable();
    std::iter::from_fn(move || {
        while rest.next_if(|(_, c)| c.is_whitespace()).is_some() {}
        let (start, _) = *rest.peek()?;
        let mut end = text.len();
        for (i, c) in rest.by_ref() {
            if c.is_whitespace() {
                end = i;
                break;
            }
        }
        Some((start, &text[start..end]))
    })
}

/// A piece's first kind: a word if it has a letter, a number if it has digits (with inner
/// separators), punctuation otherwise.
fn raw_kind(piece: &str) -> TokenKind {
    let mut has_digit = false;
    let mut has_letter = false;
    for c in piece.chars() {
        if c.is_numeric() {
            has_digit = true;
        } else if c.is_alphabetic() || c == '_' {
            has_letter = true;
        } else if !matches!(c, '.' | ',' | '\'' | '’' | ':' | '·') {
            return TokenKind::Punct;
        }
    }
    match (has_letter, has_digit) {
        (true, _) => TokenKind::Word,
        (false, true) => TokenKind::Number,
        _ => TokenKind::Punct,
    }
}

/// The word-boundary pieces of one paragraph, before [`merge`](super::merge): UAX #29 pieces
/// without whitespace, each URL or e-mail address as one piece, a score glued to a name split off.
pub(super) fn pieces(text: &str, block: Span) -> Vec<Token> {
    let urls = url_spans(text, block);
    let mut pieces: Vec<Token> = Vec::new();
    let mut url_iter = urls.iter().peekable();
    let block_text = &text[block];
    let bounds: Box<dyn Iterator<Item = (usize, &str)>> = if latin_only(block_text) {
        Box::new(LatinWordBounds {
            text: block_text,
            at: 0,
        })
    } else {
        Box::new(block_text.split_word_bound_indices())
    };
    for (offset, piece) in bounds {
        let start = block.start() + offset;
        let end = start + piece.len();
        if piece.chars().all(char::is_whitespace) {
            continue;
        }
        while url_iter.peek().is_some_and(|url| url.end() <= start) {
            url_iter.next();
        }
        if let Some(url) = url_iter.peek() {
            if start >= url.start() && end <= url.end() {
                if pieces.last().is_none_or(|t| t.span() != **url) {
                    pieces.push(Token::new(**url, TokenKind::Url));
                }
                continue;
            }
        }
        pieces.push(Token::new(Span::new(start, end), raw_kind(piece)));
    }
    split_glued_scores(text, pieces)
}

/// Whether every character of a text is one the fast word-boundary scanner handles exactly as
/// UAX #29 does: Latin letters (with æ, ø, å and other precomposed accents), digits and common
/// punctuation. Other scripts, combining marks and emoji go through `unicode-segmentation`.
fn latin_only(text: &str) -> bool {
    text.chars().all(|c| {
        c <= '\u{024F}'
            || matches!(
                c,
                '–' | '—' | '‘' | '’' | '“' | '”' | '„' | '…' | '•' | '€' | '′' | '″'
            )
    }) && !text.contains(['\u{00AD}', '\u{200B}'])
}

/// UAX #29 word boundaries for Latin text (see [`latin_only`]): a word is letters, digits and `_`,
/// joined across `.`, `'`, `’` between two letters or two digits, `:` and `·` between letters,
/// and `,`, `;` between digits; every other character is a piece of its own, and a run of spaces
/// is one piece.
struct LatinWordBounds<'t> {
    text: &'t str,
    at: usize,
}

impl<'t> Iterator for LatinWordBounds<'t> {
    type Item = (usize, &'t str);

    fn next(&mut self) -> Option<Self::Item> {
        let rest = &self.text[self.at..];
        let mut chars = rest.char_indices().peekable();
        let (_, first) = chars.next()?;
        let start = self.at;
        let mut end = first.len_utf8();
        let is_word = |c: char| c.is_alphanumeric() || c == '_';
        if is_word(first) {
            let mut previous = first;
            while let Some(&(i, c)) = chars.peek() {
                if is_word(c) {
                    previous = c;
                    end = i + c.len_utf8();
                    chars.next();
                    continue;
                }
                let after = rest[i + c.len_utf8()..].chars().next();
                let letters = previous.is_alphabetic() && after.is_some_and(char::is_alphabetic);
                let digits = previous.is_numeric() && after.is_some_and(char::is_numeric);
                let joins = match c {
                    '.' | '\'' | '’' => letters || digits,
                    ':' | '·' => letters,
                    ',' | ';' => digits,
                    _ => false,
                };
                if !joins {
                    break;
                }
                chars.next();
                let (j, next) = chars.next().expect("a character follows a joining mark");
                previous = next;
                end = j + next.len_utf8();
            }
        } else if first == '\r' && rest[1..].starts_with('\n') {
            end = 2;
        } else if first == ' ' {
            end = rest.len() - rest.trim_start_matches(' ').len();
        }
        self.at += end;
        Some((start, &rest[..end]))
    }
}

/// "Hellas1-1" (a result glued to a team name in VG's leads) is a word and a score. Most
/// paragraphs have none: their pieces are given back as they are. The others are split in
/// place, from the back, each piece moved once: a copy of a long paragraph's pieces beside them
/// was the largest block a text of one long line took.
fn split_glued_scores(text: &str, mut pieces: Vec<Token>) -> Vec<Token> {
    let glued: Vec<(usize, usize)> = (0..pieces.len())
        .filter_map(|i| glued_digits(text, &pieces, i).map(|digits| (i, digits)))
        .collect();
    if glued.is_empty() {
        return pieces;
    }
    // `read..` of the old pieces has been moved to `write..`; `write - read` is the number of
    // glued pieces before `read`, each of which becomes two.
    let mut read = pieces.len();
    pieces.resize(
        read + glued.len(),
        Token::new(Span::default(), TokenKind::Punct),
    );
    let mut write = pieces.len();
    for &(at, digits) in glued.iter().rev() {
        let after = read - (at + 1);
        pieces.copy_within(at + 1..read, write - after);
        write -= after;
        let piece = pieces[at];
        let cut = piece.span().end() - digits;
        pieces[write - 1] = Token::new(Span::new(cut, piece.span().end()), TokenKind::Number);
        pieces[write - 2] = Token::new(Span::new(piece.span().start(), cut), TokenKind::Word);
        write -= 2;
        read = at;
    }
    debug_assert_eq!(read, write);
    pieces
}

/// The digits ending piece `i` when they are a result glued to the word before them: a word
/// ending in one or two digits after a letter, then a dash and a number without spaces.
fn glued_digits(text: &str, pieces: &[Token], i: usize) -> Option<usize> {
    let piece = &pieces[i];
    if piece.kind != TokenKind::Word {
        return None;
    }
    let surface = &text[piece.span()];
    let digits = surface.len() - surface.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let letters_before = surface[..surface.len() - digits]
        .chars()
        .last()
        .is_some_and(char::is_alphabetic);
    let score_follows = pieces.get(i + 1).is_some_and(|dash| {
        dash.span().start() == piece.span().end()
            && is_single(&text[dash.span()], is_score_dash)
            && pieces.get(i + 2).is_some_and(|n| {
                n.span().start() == dash.span().end() && n.kind == TokenKind::Number
            })
    });
    ((1..=MAX_SCORE_DIGITS).contains(&digits) && letters_before && score_follows).then_some(digits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin_scanner_agrees_with_uax29() {
        let table = [
            "Tottenhams bl.a. 22.01.2012 1,5 can't Hero:World a.1 1.a 3-2 London-klubben «Tar» – Begge!",
            "Bodø/Glimt  \t Ødegaard, Åge æøå ÆØÅ é ü; 18.00; 1;2 a;b a:1 _x_ x__y (41) 90+2 www.vg.no",
            "Linje\r\nto\rtre\n\nfire … ‘sitat’ “sitat” 100 % 5 € 3′ ·a·b· ''",
        ];
        for text in table {
            let ours: Vec<(usize, &str)> = LatinWordBounds { text, at: 0 }.collect();
            let theirs: Vec<(usize, &str)> = text.split_word_bound_indices().collect();
            assert!(latin_only(text));
            assert_eq!(ours, theirs, "{text:?}");
        }
    }

    proptest::proptest! {
        #[test]
        fn latin_scanner_agrees_with_uax29_on_any_latin_text(
            text in "[a-zA-Z0-9æøåÆØÅéü_.,;:'’·\\- /«»–…\t\n\r]{0,60}"
        ) {
            let ours: Vec<(usize, &str)> = LatinWordBounds { text: &text, at: 0 }.collect();
            let theirs: Vec<(usize, &str)> = text.split_word_bound_indices().collect();
            proptest::prop_assert_eq!(ours, theirs);
        }
    }
}
