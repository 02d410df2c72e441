//! Stage 2: paragraphs, sentences and tokens, with Norwegian rules.
//!
//! # Token model
//! Every token is a half-open byte range into the document text; `&text[token.span.clone()]` is its
//! surface. Whitespace is never a token. The pieces are Unicode word boundaries (UAX #29, from
//! `unicode-segmentation`), merged where Norwegian writing makes one unit of several:
//!
//! - a score `3-2` or `2–1` is one [`TokenKind::Score`];
//! - a hyphen compound `London-klubben`, `21-åringen`, `3-2-ledelse` is one [`TokenKind::Word`]; its
//!   parts stay addressable through [`Token::parts`];
//! - a number and its full stop before a lower-case word or a number (`56. minutt`, `17. mai`) is one
//!   [`TokenKind::Ordinal`]; before an upper-case word the full stop ends the sentence
//!   (`Han ble nummer 2. Laget ...`);
//! - a known abbreviation with its full stop (`bl.a.`, `f.eks.`, `kl.`) or an initial (`O.`) is one
//!   [`TokenKind::Abbreviation`];
//! - URLs and e-mail addresses are one [`TokenKind::Url`]; repeated `.`, `!`, `?` are one punctuation
//!   token (`...`, `?!`).
//!
//! # Sentences and paragraphs
//! A line break ends a sentence (headlines, fact lines and one-sentence-per-line files have no full
//! stop), except that a line starting with a lower-case letter continues the line before it when that
//! line has no final punctuation (hard-wrapped prose). Each line or run of continued lines is a
//! paragraph. Inside one, a sentence ends after `.`, `!`, `?` or `…` (with any closing quotes or
//! brackets) when the next token starts with a capital, a digit, an opening quote or bracket or a
//! dialogue dash, or when the paragraph ends.

use std::ops::Range;
use unicode_segmentation::UnicodeSegmentation;

/// What a token is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum TokenKind {
    /// Letters, or letters and digits, including hyphen compounds (`Spurs-keeper`).
    Word,
    /// Digits, also with inner separators (`18.00`, `22.01.2012`, `1,5`).
    Number,
    /// A result: two numbers joined by a hyphen or an en dash (`3-2`, `2–1`).
    Score,
    /// A number with its full stop (`56.` in `i det 56. minutt`).
    Ordinal,
    /// A known abbreviation or an initial with its full stop (`bl.a.`, `kl.`, `O.`).
    Abbreviation,
    /// A web address or e-mail address.
    Url,
    /// Anything else: punctuation, symbols, dashes, quotes.
    Punct,
}

/// One token: a byte range into the document text and its kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    pub span: Range<usize>,
    pub kind: TokenKind,
}

impl Token {
    /// The parts of a hyphen compound as byte ranges into the document (`London-klubben` gives
    /// `London` and `klubben`); a token without a hyphen is its own single part.
    pub fn parts<'t>(&self, text: &'t str) -> impl Iterator<Item = Range<usize>> + 't {
        let start = self.span.start;
        let surface = &text[self.span.clone()];
        let mut part_start = 0;
        let mut pieces = surface
            .char_indices()
            .filter(|(_, c)| is_hyphen(*c))
            .map(|(i, c)| (i, i + c.len_utf8()));
        std::iter::from_fn(move || {
            if part_start > surface.len() {
                return None;
            }
            let (end, next) = pieces.next().unwrap_or((surface.len(), surface.len() + 1));
            let range = start + part_start..start + end;
            part_start = next;
            Some(range)
        })
        .filter(|range| !range.is_empty())
    }
}

/// One sentence: its byte range, its paragraph (0-based) and its tokens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sentence {
    pub span: Range<usize>,
    pub paragraph: usize,
    pub tokens: Vec<Token>,
}

/// Abbreviations that keep their full stop and do not end a sentence (lower case, without the
/// final stop; inner stops as written).
const ABBREVIATIONS: &[&str] = &[
    "bl.a", "f.eks", "ca", "kl", "nr", "jf", "jfr", "mht", "iflg", "ifølge", "dvs", "o.l", "pga",
    "osv", "m.m", "mm", "etc", "evt", "ev", "inkl", "ekskl", "ifm", "mtp", "vs", "st", "dr",
    "prof", "tlf", "pr", "p.t", "m.a.o", "o.a", "bl.annet", "t.o.m", "f.o.m", "ang", "avd", "adm",
    "dir", "gl", "hhv", "iht", "jr", "sr", "kr", "mill", "mrd", "min", "sek", "tidl", "e.l", "sml",
    "utg", "vha", "d.v.s", "m.v", "mv", "fv", "rv", "ds", "f", "s", "m", "t", "km", "t.h", "t.v",
    "o.s.v",
];

/// Abbreviations that often close a sentence: they end it when a capitalised word follows.
const FINAL_ABBREVIATIONS: &[&str] = &[
    "osv", "o.s.v", "m.m", "mm", "etc", "o.l", "e.l", "m.v", "mv", "o.a",
];

/// Splits a document into sentences of tokens.
pub fn segment(text: &str) -> Vec<Sentence> {
    let mut sentences = Vec::new();
    for (paragraph, block) in paragraphs(text).enumerate() {
        let tokens = tokenize_block(text, block);
        split_sentences(text, tokens, paragraph, &mut sentences);
    }
    sentences
}

/// Tokens of a whole text, ignoring sentence boundaries.
pub fn tokenize(text: &str) -> Vec<Token> {
    paragraphs(text)
        .flat_map(|block| tokenize_block(text, block))
        .collect()
}

/// Lower-cases a text without moving any byte offset: a character whose lower case has another
/// UTF-8 length (or is several characters) is kept as it is. `æ`, `ø` and `å` stay themselves.
pub fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii() {
            out.push(c.to_ascii_lowercase());
            continue;
        }
        let mut lower = c.to_lowercase();
        match (lower.next(), lower.next()) {
            (Some(l), None) if l.len_utf8() == c.len_utf8() => out.push(l),
            _ => out.push(c),
        }
    }
    out
}

fn is_hyphen(c: char) -> bool {
    matches!(c, '-' | '\u{2010}' | '\u{2011}')
}

fn is_score_dash(c: char) -> bool {
    is_hyphen(c) || c == '–'
}

fn is_terminal(surface: &str) -> bool {
    surface.chars().all(|c| matches!(c, '.' | '!' | '?' | '…'))
}

fn is_closing(surface: &str) -> bool {
    matches!(surface, "»" | "\"" | "'" | "”" | "’" | ")" | "]")
}

/// Lines of the text as byte ranges, joining a line that starts in lower case to the line before
/// when that line has no final punctuation.
fn paragraphs(text: &str) -> impl Iterator<Item = Range<usize>> + '_ {
    let mut lines = Vec::new();
    let mut start = 0;
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'\n' || bytes[i] == b'\r' {
            lines.push(start..i);
            if bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
                i += 1;
            }
            start = i + 1;
        }
        i += 1;
    }
    lines.push(start..text.len());

    let mut blocks: Vec<Range<usize>> = Vec::new();
    let mut previous_blank = true;
    for line in lines {
        let trimmed = text[line.clone()].trim();
        if trimmed.is_empty() {
            previous_blank = true;
            continue;
        }
        let first = trimmed.chars().next().unwrap_or(' ');
        if let Some(last) = blocks.last_mut() {
            let prev = text[last.clone()].trim_end();
            let open = !prev.ends_with(['.', '!', '?', '…', ':', '»', '"']);
            if !previous_blank && first.is_lowercase() && open {
                last.end = line.end;
                continue;
            }
        }
        blocks.push(line);
        previous_blank = false;
    }
    blocks.into_iter()
}

/// Byte ranges of URLs and e-mail addresses in a block.
fn url_spans(text: &str, block: Range<usize>) -> Vec<Range<usize>> {
    let mut spans = Vec::new();
    for (offset, word) in words(&text[block.clone()]) {
        let start = block.start + offset;
        let trimmed = word.trim_end_matches(['.', ',', ';', ':', ')', '!', '?', '»', '"']);
        let trimmed = trimmed.trim_start_matches(['(', '«', '"']);
        if trimmed.is_empty() {
            continue;
        }
        let lead = word.find(trimmed).unwrap_or(0);
        let lower = trimmed.to_ascii_lowercase();
        let is_url = lower.starts_with("http://")
            || lower.starts_with("https://")
            || lower.starts_with("www.");
        let is_mail = trimmed.split_once('@').is_some_and(|(user, host)| {
            !user.is_empty() && host.contains('.') && !host.starts_with('.') && !host.contains('@')
        });
        if is_url || is_mail {
            spans.push(start + lead..start + lead + trimmed.len());
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

fn tokenize_block(text: &str, block: Range<usize>) -> Vec<Token> {
    let urls = url_spans(text, block.clone());
    let mut pieces: Vec<Token> = Vec::new();
    let mut url_iter = urls.iter().peekable();
    for (offset, piece) in text[block.clone()].split_word_bound_indices() {
        let start = block.start + offset;
        let end = start + piece.len();
        if piece.chars().all(char::is_whitespace) {
            continue;
        }
        while url_iter.peek().is_some_and(|url| url.end <= start) {
            url_iter.next();
        }
        if let Some(url) = url_iter.peek() {
            if start >= url.start && end <= url.end {
                if pieces.last().is_none_or(|t| t.span != **url) {
                    pieces.push(Token {
                        span: (*url).clone(),
                        kind: TokenKind::Url,
                    });
                }
                continue;
            }
        }
        pieces.push(Token {
            span: start..end,
            kind: raw_kind(piece),
        });
    }
    merge(text, pieces)
}

/// Merges word-boundary pieces into Norwegian tokens (see the module docs).
fn merge(text: &str, pieces: Vec<Token>) -> Vec<Token> {
    let mut out: Vec<Token> = Vec::with_capacity(pieces.len());
    let mut i = 0;
    let surface = |t: &Token| &text[t.span.clone()];
    let adjacent = |a: &Token, b: &Token| a.span.end == b.span.start;
    while i < pieces.len() {
        let mut token = pieces[i].clone();
        i += 1;
        // Runs of terminal punctuation: "...", "?!".
        if token.kind == TokenKind::Punct && is_terminal(surface(&token)) {
            while i < pieces.len()
                && adjacent(&token, &pieces[i])
                && is_terminal(surface(&pieces[i]))
            {
                token.span.end = pieces[i].span.end;
                i += 1;
            }
            out.push(token);
            continue;
        }
        // Scores: number, hyphen or en dash, number; one or two digits a side so that year
        // ranges (2011-2012) stay apart.
        if token.kind == TokenKind::Number && i + 1 < pieces.len() {
            let (dash, right) = (&pieces[i], &pieces[i + 1]);
            let is_dash =
                surface(dash).chars().count() == 1 && surface(dash).chars().all(is_score_dash);
            if is_dash
                && right.kind == TokenKind::Number
                && adjacent(&token, dash)
                && adjacent(dash, right)
                && short_number(surface(&token))
                && short_number(surface(right))
            {
                token = Token {
                    span: token.span.start..right.span.end,
                    kind: TokenKind::Score,
                };
                i += 2;
            }
        }
        // Hyphen compounds: London-klubben, 21-åringen, 3-2-ledelse, RBK-spillerne.
        while matches!(
            token.kind,
            TokenKind::Word | TokenKind::Number | TokenKind::Score
        ) && i + 1 < pieces.len()
            && surface(&pieces[i]).chars().all(is_hyphen)
            && surface(&pieces[i]).chars().count() == 1
            && adjacent(&token, &pieces[i])
            && adjacent(&pieces[i], &pieces[i + 1])
            && pieces[i + 1].kind == TokenKind::Word
        {
            token = Token {
                span: token.span.start..pieces[i + 1].span.end,
                kind: TokenKind::Word,
            };
            i += 2;
        }
        // A number and its full stop before a lower-case word or a number: an ordinal.
        if token.kind == TokenKind::Number
            && i < pieces.len()
            && surface(&pieces[i]) == "."
            && adjacent(&token, &pieces[i])
        {
            let next = pieces
                .get(i + 1)
                .map(|t| surface(t).chars().next().unwrap_or(' '));
            if next.is_some_and(|c| c.is_lowercase() || c.is_numeric())
                && surface(&token).len() <= 4
            {
                token = Token {
                    span: token.span.start..pieces[i].span.end,
                    kind: TokenKind::Ordinal,
                };
                i += 1;
            }
        }
        // Abbreviations and initials keep their full stop.
        if token.kind == TokenKind::Word
            && i < pieces.len()
            && surface(&pieces[i]) == "."
            && adjacent(&token, &pieces[i])
        {
            let word = surface(&token);
            let lower = word.to_lowercase();
            let initial = word.chars().count() == 1 && word.chars().all(char::is_uppercase);
            let dotted =
                word.contains('.') && word.chars().filter(|c| *c != '.').all(char::is_alphabetic);
            if ABBREVIATIONS.contains(&lower.as_str()) || initial || dotted {
                token = Token {
                    span: token.span.start..pieces[i].span.end,
                    kind: TokenKind::Abbreviation,
                };
                i += 1;
            }
        }
        out.push(token);
    }
    out
}

fn short_number(s: &str) -> bool {
    !s.is_empty() && s.len() <= 2 && s.bytes().all(|b| b.is_ascii_digit())
}

fn starts_sentence(text: &str, token: &Token) -> bool {
    let surface = &text[token.span.clone()];
    let Some(first) = surface.chars().next() else {
        return false;
    };
    first.is_uppercase()
        || first.is_numeric()
        || matches!(
            first,
            '«' | '"' | '“' | '(' | '[' | '–' | '—' | '-' | '\'' | '‘'
        )
}

fn split_sentences(text: &str, tokens: Vec<Token>, paragraph: usize, out: &mut Vec<Sentence>) {
    let mut current: Vec<Token> = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let token = tokens[i].clone();
        let surface = &text[token.span.clone()];
        let ends = match token.kind {
            TokenKind::Punct => is_terminal(surface),
            TokenKind::Abbreviation => {
                let stem = surface.trim_end_matches('.').to_lowercase();
                FINAL_ABBREVIATIONS.contains(&stem.as_str())
            }
            _ => false,
        };
        current.push(token);
        i += 1;
        if !ends {
            continue;
        }
        // Closing quotes and brackets belong to the sentence they close.
        while i < tokens.len()
            && tokens[i].kind == TokenKind::Punct
            && is_closing(&text[tokens[i].span.clone()])
        {
            current.push(tokens[i].clone());
            i += 1;
        }
        if i >= tokens.len() || starts_sentence(text, &tokens[i]) {
            // A final-abbreviation ends a sentence only before a capital word.
            let last = current.last().map(|t| t.kind);
            if last == Some(TokenKind::Abbreviation)
                && i < tokens.len()
                && !text[tokens[i].span.clone()].starts_with(char::is_uppercase)
            {
                continue;
            }
            push_sentence(&mut current, paragraph, out);
        }
    }
    push_sentence(&mut current, paragraph, out);
}

fn push_sentence(tokens: &mut Vec<Token>, paragraph: usize, out: &mut Vec<Sentence>) {
    if let (Some(first), Some(last)) = (tokens.first(), tokens.last()) {
        let span = first.span.start..last.span.end;
        out.push(Sentence {
            span,
            paragraph,
            tokens: std::mem::take(tokens),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sentences(text: &str) -> Vec<&str> {
        segment(text)
            .iter()
            .map(|s| &text[s.span.clone()])
            .collect()
    }

    fn tokens(text: &str) -> Vec<(&str, TokenKind)> {
        tokenize(text)
            .iter()
            .map(|t| (&text[t.span.clone()], t.kind))
            .collect()
    }

    #[test]
    fn sentence_splits() {
        let table: &[(&str, &[&str])] = &[
            (
                "Nasri scoret i det 56. minutt. Så kom Lescott.",
                &["Nasri scoret i det 56. minutt.", "Så kom Lescott."],
            ),
            (
                "Kampen spilles 17. mai på Ullevaal.",
                &["Kampen spilles 17. mai på Ullevaal."],
            ),
            (
                "Han ble nummer 2. Laget var godt.",
                &["Han ble nummer 2.", "Laget var godt."],
            ),
            (
                "Han scoret bl.a. to mål. Det var f.eks. bra.",
                &["Han scoret bl.a. to mål.", "Det var f.eks. bra."],
            ),
            (
                "Kampen starter kl. 18.00 i dag.",
                &["Kampen starter kl. 18.00 i dag."],
            ),
            (
                "De vant, tapte osv. Neste kamp er i morgen.",
                &["De vant, tapte osv.", "Neste kamp er i morgen."],
            ),
            (
                "Overskrift uten punktum\nFørste setning.",
                &["Overskrift uten punktum", "Første setning."],
            ),
            (
                "Han sa: «Tar denne på min kappe.» Så gikk han.",
                &["Han sa: «Tar denne på min kappe.»", "Så gikk han."],
            ),
            (
                "Hva skjedde? – Begge målene var mine! sa han.",
                &["Hva skjedde?", "– Begge målene var mine! sa han."],
            ),
            (
                "En linje som fortsetter\npå neste linje.",
                &["En linje som fortsetter\npå neste linje."],
            ),
            ("Vent... Så scoret han.", &["Vent...", "Så scoret han."]),
            (
                "Les mer på www.vg.no. Neste sak.",
                &["Les mer på www.vg.no.", "Neste sak."],
            ),
            ("O. Wendt scoret.", &["O. Wendt scoret."]),
            (
                "Linje en\r\nLinje to\rLinje tre",
                &["Linje en", "Linje to", "Linje tre"],
            ),
        ];
        for (text, expected) in table {
            assert_eq!(sentences(text), *expected, "input: {text:?}");
        }
    }

    #[test]
    fn token_kinds() {
        use TokenKind::*;
        let table: &[(&str, &[(&str, TokenKind)])] = &[
            ("3-2", &[("3-2", Score)]),
            ("2–1", &[("2–1", Score)]),
            (
                "0-2 til 2-2",
                &[("0-2", Score), ("til", Word), ("2-2", Score)],
            ),
            ("London-klubben", &[("London-klubben", Word)]),
            ("21-åringen", &[("21-åringen", Word)]),
            ("3-2-ledelse", &[("3-2-ledelse", Word)]),
            ("Tottenhams", &[("Tottenhams", Word)]),
            ("56. minutt", &[("56.", Ordinal), ("minutt", Word)]),
            ("22.01.2012", &[("22.01.2012", Number)]),
            (
                "2011-2012",
                &[("2011", Number), ("-", Punct), ("2012", Number)],
            ),
            ("bl.a. Silva", &[("bl.a.", Abbreviation), ("Silva", Word)]),
            (
                "City- Tottenham",
                &[("City", Word), ("-", Punct), ("Tottenham", Word)],
            ),
            ("post@vg.no", &[("post@vg.no", Url)]),
        ];
        for (text, expected) in table {
            assert_eq!(tokens(text), *expected, "input: {text:?}");
        }
    }

    #[test]
    fn compound_parts_are_addressable() {
        let text = "Spurs-keeper";
        let token = &tokenize(text)[0];
        let parts: Vec<&str> = token.parts(text).map(|r| &text[r]).collect();
        assert_eq!(parts, ["Spurs", "keeper"]);
    }
}
