//! Stage 2: paragraphs, sentences and tokens, with Norwegian rules.
//!
//! # Token model
//! Every token is a half-open byte range into the document text; `&text[token.span.clone()]` is its
//! surface. Whitespace is never a token. The pieces are Unicode word boundaries (UAX #29, from
//! `unicode-segmentation`), merged where Norwegian writing makes one unit of several:
//!
//! - a score `3-2` or `2–1` is one [`TokenKind::Score`];
//! - a hyphen compound `London-klubben`, `21-åringen`, `3-2-ledelse`, `Omega-3` is one
//!   [`TokenKind::Word`]; its parts stay addressable through [`Token::parts`]; a truncated compound
//!   keeps its hyphen (`Kull- og stålunionen`); a genitive apostrophe stays with its name
//!   (`Hellas'`); a result glued to a name is split off (`Hellas1-1`);
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
//! brackets) when the next token starts with a capital, a digit, an opening quote or bracket, a
//! bullet or a dialogue dash, or when the paragraph ends. A colon ends one before a capital, a quote
//! or a dash (`Foto: Rune Stølås`, `han sa: - Vi ...`), as the Norwegian UD treebank splits, except
//! in a fact line (`Mål: 1-0 Johnsen (41)`, `Gult kort: ...`), after a code of up to three
//! capitals (a team's line of a fact list, `N: Nordtveit, Selnæs`, or a speaker's, `T: Ja.`) or
//! inside «quotes».
//!
//! # Against UD
//! The UD treebank writes a score as three tokens; [`Token::ud_pieces`] gives them, so that
//! `kampfakta eval segmentation` scores our tokens the treebank's way.

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

impl Token {
    /// The token as the Universal Dependencies treebanks split it: a score is three pieces
    /// (`3`, `-`, `2`), every other token is itself. Used to score segmentation against UD gold.
    pub fn ud_pieces(&self, text: &str) -> Vec<Range<usize>> {
        if self.kind != TokenKind::Score {
            return vec![self.span.clone()];
        }
        let surface = &text[self.span.clone()];
        match surface.find(is_score_dash) {
            Some(dash) => {
                let dash_end = dash + surface[dash..].chars().next().map_or(1, char::len_utf8);
                let start = self.span.start;
                vec![
                    start..start + dash,
                    start + dash..start + dash_end,
                    start + dash_end..self.span.end,
                ]
            }
            None => vec![self.span.clone()],
        }
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
    "dir", "gl", "hhv", "iht", "jr", "sr", "kr", "mill", "mrd", "sek", "frk", "chr", "pst", "res",
    "tidl", "e.l", "sml", "utg", "vha", "d.v.s", "m.v", "mv", "fv", "rv", "ds", "f", "s", "m", "t",
    "km", "t.h", "t.v", "o.s.v",
];

/// Abbreviations that often close a sentence: they end it when a capitalised word follows.
const FINAL_ABBREVIATIONS: &[&str] = &[
    "osv", "o.s.v", "m.m", "mm", "etc", "o.l", "e.l", "m.v", "mv", "o.a",
];

/// One document as the stages after segmentation read it: the text, its folded copy ([`fold`]:
/// same byte offsets) and its sentences. Built once per document and lent to every later stage.
#[derive(Debug, Clone)]
pub struct Segmented<'d> {
    pub text: &'d str,
    pub folded: String,
    pub sentences: Vec<Sentence>,
}

impl<'d> Segmented<'d> {
    /// Folds and segments a text.
    pub fn new(text: &'d str) -> Segmented<'d> {
        Segmented::with_folded(text, fold(text))
    }

    /// Segments a text whose folded copy was made already (for the glance before segmentation).
    pub fn with_folded(text: &'d str, folded: String) -> Segmented<'d> {
        Segmented {
            text,
            folded,
            sentences: segment(text),
        }
    }
}

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
    // ASCII in bulk; then the other characters, found by their lead bytes (most text has few).
    let mut out = text.to_ascii_lowercase();
    let leads = text.bytes().enumerate().filter(|&(_, b)| b >= 0xC0);
    for (at, _) in leads {
        let Some(c) = text[at..].chars().next() else {
            continue;
        };
        let mut lower = c.to_lowercase();
        if let (Some(l), None) = (lower.next(), lower.next()) {
            if l != c && l.len_utf8() == c.len_utf8() {
                out.replace_range(at..at + c.len_utf8(), l.encode_utf8(&mut [0; 4]));
            }
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
    let block_text = &text[block.clone()];
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
        let start = block.start + offset;
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
    let block_text = &text[block.clone()];
    let bounds: Box<dyn Iterator<Item = (usize, &str)>> = if latin_only(block_text) {
        Box::new(LatinWordBounds {
            text: block_text,
            at: 0,
        })
    } else {
        Box::new(block_text.split_word_bound_indices())
    };
    for (offset, piece) in bounds {
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
    merge(text, split_glued_scores(text, pieces))
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

/// "Hellas1-1" (a result glued to a team name in VG's leads) is a word and a score.
fn split_glued_scores(text: &str, pieces: Vec<Token>) -> Vec<Token> {
    let mut out = Vec::with_capacity(pieces.len());
    for (i, piece) in pieces.iter().enumerate() {
        let surface = &text[piece.span.clone()];
        let digits = surface.len() - surface.trim_end_matches(|c: char| c.is_ascii_digit()).len();
        let letters_before = surface[..surface.len() - digits]
            .chars()
            .last()
            .is_some_and(char::is_alphabetic);
        let score_follows = pieces.get(i + 1).is_some_and(|dash| {
            dash.span.start == piece.span.end
                && is_single(&text[dash.span.clone()], is_score_dash)
                && pieces
                    .get(i + 2)
                    .is_some_and(|n| n.span.start == dash.span.end && n.kind == TokenKind::Number)
        });
        if piece.kind == TokenKind::Word
            && (1..=2).contains(&digits)
            && letters_before
            && score_follows
        {
            let cut = piece.span.end - digits;
            out.push(Token {
                span: piece.span.start..cut,
                kind: TokenKind::Word,
            });
            out.push(Token {
                span: cut..piece.span.end,
                kind: TokenKind::Number,
            });
        } else {
            out.push(piece.clone());
        }
    }
    out
}

/// Whether a piece is exactly one character of a kind (one hyphen, one dash).
fn is_single(s: &str, kind: fn(char) -> bool) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(kind) && chars.next().is_none()
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
            let is_dash = is_single(surface(dash), is_score_dash);
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
        // Hyphen compounds: London-klubben, 21-åringen, 3-2-ledelse, RBK-spillerne, Omega-3.
        while matches!(
            token.kind,
            TokenKind::Word | TokenKind::Number | TokenKind::Score
        ) && i + 1 < pieces.len()
            && is_single(surface(&pieces[i]), is_hyphen)
            && adjacent(&token, &pieces[i])
            && adjacent(&pieces[i], &pieces[i + 1])
            && (pieces[i + 1].kind == TokenKind::Word
                || (token.kind == TokenKind::Word && pieces[i + 1].kind == TokenKind::Number))
        {
            token = Token {
                span: token.span.start..pieces[i + 1].span.end,
                kind: TokenKind::Word,
            };
            i += 2;
        }
        // A truncated compound keeps its hyphen: "Kull- og Stålunion", "50- og 60-tallet".
        if matches!(token.kind, TokenKind::Word | TokenKind::Number)
            && i < pieces.len()
            && is_single(surface(&pieces[i]), is_hyphen)
            && adjacent(&token, &pieces[i])
            && pieces.get(i + 1).is_some_and(|next| {
                !adjacent(&pieces[i], next)
                    && matches!(surface(next), "og" | "eller" | "til" | "," | "og/eller")
            })
        {
            token = Token {
                span: token.span.start..pieces[i].span.end,
                kind: TokenKind::Word,
            };
            i += 1;
        }
        // Clock times with a colon: 04:30.
        if token.kind == TokenKind::Number
            && i + 1 < pieces.len()
            && surface(&pieces[i]) == ":"
            && adjacent(&token, &pieces[i])
            && adjacent(&pieces[i], &pieces[i + 1])
            && pieces[i + 1].kind == TokenKind::Number
            && short_number(surface(&token))
            && surface(&pieces[i + 1]).len() == 2
        {
            token = Token {
                span: token.span.start..pieces[i + 1].span.end,
                kind: TokenKind::Number,
            };
            i += 2;
        }
        // A number and its full stop before a lower-case word or a number: an ordinal.
        if token.kind == TokenKind::Number
            && i < pieces.len()
            && surface(&pieces[i]) == "."
            && adjacent(&token, &pieces[i])
        {
            let next = pieces.get(i + 1);
            let first = next.map(|t| surface(t).chars().next().unwrap_or(' '));
            let digits = surface(&token).len();
            // "17.-plass", "28.- til": the hyphen belongs to the ordinal.
            let hyphen_after =
                next.is_some_and(|t| adjacent(&pieces[i], t) && is_single(surface(t), is_hyphen));
            if (first.is_some_and(char::is_lowercase) && digits <= 3)
                || (first.is_some_and(char::is_numeric) && digits <= 2)
                || (hyphen_after && digits <= 3)
            {
                token = Token {
                    span: token.span.start..pieces[i].span.end,
                    kind: TokenKind::Ordinal,
                };
                i += 1;
                if hyphen_after {
                    let word_after = pieces
                        .get(i + 1)
                        .filter(|w| adjacent(&pieces[i], w) && w.kind == TokenKind::Word);
                    let end = word_after.map_or(pieces[i].span.end, |w| w.span.end);
                    token = Token {
                        span: token.span.start..end,
                        kind: TokenKind::Ordinal,
                    };
                    i += if word_after.is_some() { 2 } else { 1 };
                }
            }
        }
        // A genitive apostrophe after s, x or z belongs to the name: "Hellas' keeper".
        if token.kind == TokenKind::Word
            && i < pieces.len()
            && matches!(surface(&pieces[i]), "'" | "’")
            && adjacent(&token, &pieces[i])
            && surface(&token).ends_with(['s', 'x', 'z'])
            && pieces
                .get(i + 1)
                .is_none_or(|next| !adjacent(&pieces[i], next))
        {
            token = Token {
                span: token.span.start..pieces[i].span.end,
                kind: TokenKind::Word,
            };
            i += 1;
        }
        // Abbreviations and initials keep their full stop.
        if token.kind == TokenKind::Word
            && i < pieces.len()
            && surface(&pieces[i]) == "."
            && adjacent(&token, &pieces[i])
        {
            let word = surface(&token);
            let lower = word.to_lowercase();
            let initial = is_single(word, char::is_uppercase);
            // "m.a.o.", "f.eks.", but not "Aftenposten.no." whose full stop ends a sentence.
            let dotted = word.contains('.')
                && word.split('.').all(|piece| {
                    !piece.is_empty()
                        && piece.chars().count() <= 4
                        && piece.chars().all(char::is_alphabetic)
                });
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
            '«' | '"' | '“' | '(' | '[' | '–' | '—' | '-' | '\'' | '‘' | '*' | '•'
        )
}

/// Labels of football fact lines, whose colon does not end a sentence.
const FACT_LABELS: &[&str] = &[
    "mål",
    "scoringer",
    "målscorere",
    "gult",
    "gule",
    "rødt",
    "raudt",
    "kort",
    "advarsler",
    "utvist",
    "dommer",
    "tilskuere",
    "tilskodarar",
    "lag",
    "lagene",
    "bytter",
    "innbyttere",
    "kampfakta",
    "straffer",
];

fn is_fact_label(text: &str, before_colon: &[Token]) -> bool {
    before_colon.len() <= 3
        && before_colon
            .first()
            .is_some_and(|t| FACT_LABELS.contains(&text[t.span.clone()].to_lowercase().as_str()))
}

/// A team's code before a colon in a fact list: `N: Nordtveit, Selnæs`, `Gult kort: N: ...`.
fn ends_with_team_code(text: &str, before_colon: &[Token]) -> bool {
    let Some((code, before)) = before_colon.split_last() else {
        return false;
    };
    is_team_code(&text[code.span.clone()])
        && before.last().is_none_or(|t| &text[t.span.clone()] == ":")
}

/// A team's short code (`N`, `RBK`): up to three capitals, so that a dateline (`OSLO: ...`) is
/// not one.
pub(crate) fn is_team_code(word: &str) -> bool {
    word.chars().count() <= 3 && word.chars().all(char::is_uppercase)
}

fn split_sentences(text: &str, tokens: Vec<Token>, paragraph: usize, out: &mut Vec<Sentence>) {
    let mut current: Vec<Token> = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let token = tokens[i].clone();
        let surface = &text[token.span.clone()];
        let ends = match token.kind {
            TokenKind::Punct if surface == ":" => {
                // "Foto: Rune Stølås", "han sa: - Vi ..." start a new sentence; fact lines
                // ("Mål: 1-0 Johnsen (41)", "Gult kort: ...") and titles in quotes
                // («Guitar Hero: World Tour») stay whole.
                let next_starts = tokens.get(i + 1).is_some_and(|next| {
                    let first = text[next.span.clone()].chars().next().unwrap_or(' ');
                    first.is_uppercase() || matches!(first, '«' | '"' | '–' | '-' | '—')
                });
                let inside_quote = current
                    .iter()
                    .filter(|t| &text[t.span.clone()] == "«")
                    .count()
                    > current
                        .iter()
                        .filter(|t| &text[t.span.clone()] == "»")
                        .count();
                next_starts
                    && !inside_quote
                    && !is_fact_label(text, &current)
                    && !ends_with_team_code(text, &current)
            }
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
        // Closing quotes and brackets belong to the sentence they close; a straight quote after
        // a space opens the next one.
        while i < tokens.len()
            && tokens[i].kind == TokenKind::Punct
            && is_closing(&text[tokens[i].span.clone()])
            && (matches!(&text[tokens[i].span.clone()], "»" | ")" | "]" | "”")
                || tokens[i].span.start == tokens[i - 1].span.end)
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

    fn tokens(text: &str) -> Vec<&str> {
        tokenize(text)
            .iter()
            .map(|t| &text[t.span.clone()])
            .collect()
    }

    /// Norwegian traps for sentence splitting: input and the sentences expected.
    #[rustfmt::skip]
    const SENTENCE_TRAPS: &[(&str, &[&str])] = &[
        // Ordinals before lower- and upper-case words.
        ("Nasri scoret i det 56. minutt. Så kom Lescott.", &["Nasri scoret i det 56. minutt.", "Så kom Lescott."]),
        ("Kampen spilles 17. mai på Ullevaal.", &["Kampen spilles 17. mai på Ullevaal."]),
        ("Laget rykket ned til 2. divisjon i fjor.", &["Laget rykket ned til 2. divisjon i fjor."]),
        ("Han ble nummer 2. Laget var godt.", &["Han ble nummer 2.", "Laget var godt."]),
        ("Han kom på 17.-plass i fjor.", &["Han kom på 17.-plass i fjor."]),
        // Abbreviations, and those that may close a sentence.
        ("Han scoret bl.a. to mål. Det var f.eks. bra.", &["Han scoret bl.a. to mål.", "Det var f.eks. bra."]),
        ("Det var ca. 20 000 tilskuere, jf. tabellen, mht. billetter.", &["Det var ca. 20 000 tilskuere, jf. tabellen, mht. billetter."]),
        ("Han har nr. 10 og spiller iflg. treneren bra, dvs. godt.", &["Han har nr. 10 og spiller iflg. treneren bra, dvs. godt."]),
        ("Kampen ble utsatt pga. regn og snø o.l. i går.", &["Kampen ble utsatt pga. regn og snø o.l. i går."]),
        ("De vant, tapte osv. Neste kamp er i morgen.", &["De vant, tapte osv.", "Neste kamp er i morgen."]),
        ("Vi kjøpte baller, drakter o.l. Så trente vi.", &["Vi kjøpte baller, drakter o.l.", "Så trente vi."]),
        // Times, dates, scores.
        ("Kampen starter kl. 18.00 i dag.", &["Kampen starter kl. 18.00 i dag."]),
        ("Kampen ble spilt 22.01.2012. Den endte 3-2.", &["Kampen ble spilt 22.01.2012.", "Den endte 3-2."]),
        ("City vant 3-2. Spurs tapte.", &["City vant 3-2.", "Spurs tapte."]),
        // Headlines, line breaks, paragraphs.
        ("Overskrift uten punktum\nFørste setning.", &["Overskrift uten punktum", "Første setning."]),
        ("En linje som fortsetter\npå neste linje.", &["En linje som fortsetter\npå neste linje."]),
        ("Linje en\r\nLinje to\rLinje tre", &["Linje en", "Linje to", "Linje tre"]),
        // Quotes and dialogue dashes.
        ("Han sa: «Tar denne på min kappe.» Så gikk han.", &["Han sa:", "«Tar denne på min kappe.»", "Så gikk han."]),
        ("Hva skjedde? – Begge målene var mine! sa han.", &["Hva skjedde?", "– Begge målene var mine! sa han."]),
        ("Han forklarte: - Vi var for dårlige.", &["Han forklarte:", "- Vi var for dårlige."]),
        ("Han spiller «Guitar Hero: World Tour» hver dag.", &["Han spiller «Guitar Hero: World Tour» hver dag."]),
        // Fact lines keep their colon.
        ("Mål: 1-0 Johnsen (41), 2-0 King (59).", &["Mål: 1-0 Johnsen (41), 2-0 King (59)."]),
        ("Gult kort: Nordtveit, Selnæs.", &["Gult kort: Nordtveit, Selnæs."]),
        ("Gult kort: N: Nordtveit. S: Helander.", &["Gult kort: N: Nordtveit.", "S: Helander."]),
        // Ellipses, URLs, e-mail addresses, initials.
        ("Vent... Så scoret han.", &["Vent...", "Så scoret han."]),
        ("Les mer på www.vg.no. Neste sak.", &["Les mer på www.vg.no.", "Neste sak."]),
        ("Skriv til sport@vg.no. Vi svarer.", &["Skriv til sport@vg.no.", "Vi svarer."]),
        ("Det sa han til Aftenposten.no. Så gikk han.", &["Det sa han til Aftenposten.no.", "Så gikk han."]),
        ("O. Wendt scoret.", &["O. Wendt scoret."]),
        // Nynorsk.
        ("Han skåra i det 12. minuttet. Då jubla heile laget.", &["Han skåra i det 12. minuttet.", "Då jubla heile laget."]),
    ];

    /// Norwegian traps for tokens: input and the tokens expected.
    #[rustfmt::skip]
    const TOKEN_TRAPS: &[(&str, &[&str])] = &[
        ("3-2 og 2–1", &["3-2", "og", "2–1"]),
        ("0-2 til 2-2", &["0-2", "til", "2-2"]),
        ("(Costa Rica-Hellas1-1, 6-4 etter straffer)", &["(", "Costa", "Rica-Hellas", "1-1", ",", "6-4", "etter", "straffer", ")"]),
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

    #[test]
    fn sentence_traps() {
        for (text, expected) in SENTENCE_TRAPS {
            assert_eq!(sentences(text), *expected, "input: {text:?}");
        }
    }

    #[test]
    fn token_traps() {
        for (text, expected) in TOKEN_TRAPS {
            assert_eq!(tokens(text), *expected, "input: {text:?}");
        }
    }

    #[test]
    fn token_kinds() {
        use TokenKind::*;
        let kinds = |text: &str| tokenize(text).iter().map(|t| t.kind).collect::<Vec<_>>();
        assert_eq!(
            kinds("3-2 56. minutt bl.a. 22.01.2012 post@vg.no !"),
            [Score, Ordinal, Word, Abbreviation, Number, Url, Punct]
        );
    }

    #[test]
    fn compound_parts_and_score_pieces_are_addressable() {
        let text = "Spurs-keeper 3-2";
        let tokens = tokenize(text);
        let parts: Vec<&str> = tokens[0].parts(text).map(|r| &text[r]).collect();
        assert_eq!(parts, ["Spurs", "keeper"]);
        let pieces: Vec<&str> = tokens[1]
            .ud_pieces(text)
            .into_iter()
            .map(|r| &text[r])
            .collect();
        assert_eq!(pieces, ["3", "-", "2"]);
    }
}
