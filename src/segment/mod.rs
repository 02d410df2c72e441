//! Stage 2: paragraphs, sentences and tokens, with Norwegian rules.
//!
//! # Token model
//! Every token is a half-open byte range into the document text; `&text[token.span]` is its
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
//! Each sentence is prose or a fact line ([`SentenceKind`]); that is decided here, once, and the
//! classifier and the match facts read it.
//!
//! # Against UD
//! The UD treebank writes a score as three tokens; [`Token::ud_pieces`] gives them, so that
//! `kampfakta eval segmentation` scores our tokens the treebank's way.

mod folded;
mod merge;
mod pieces;
mod sentences;

pub use folded::{fold, Folded};

use crate::ids::SentenceId;
pub(crate) use merge::{is_score_side, MAX_SCORE_DIGITS};
pub(crate) use sentences::is_team_code;

use crate::error::{Error, Result};
use crate::span::Span;
use sentences::{paragraphs, split_sentences};

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
///
/// Nine bytes: a document has a token for every five or six bytes of text, and the stages keep
/// them all from segmentation to the match facts, so the tokens are the largest part of the
/// memory a document takes (three times its size with `usize` offsets, packed; 1.6 times with
/// these). The span's offsets are `u32` ([`MAX_TEXT_BYTES`]). Packed, so fields are read by value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(C, packed)]
pub struct Token {
    span: Span,
    /// What the token is.
    pub kind: TokenKind,
}

/// The largest text [`segment`] and [`tokenize`] take, in bytes: a span's offsets are `u32`.
pub use crate::span::MAX_TEXT_BYTES;

impl Token {
    /// A token over `span`.
    #[inline]
    pub fn new(span: Span, kind: TokenKind) -> Token {
        Token { span, kind }
    }

    /// Where the token is in the document text.
    #[inline]
    pub fn span(self) -> Span {
        self.span
    }
}

impl Token {
    /// The parts of a hyphen compound as byte ranges into the document (`London-klubben` gives
    /// `London` and `klubben`); a token without a hyphen is its own single part.
    pub fn parts<'t>(&self, text: &'t str) -> impl Iterator<Item = Span> + 't {
        let start = self.span().start();
        let surface = &text[self.span()];
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
            let part = Span::new(start + part_start, start + end);
            part_start = next;
            Some(part)
        })
        .filter(|part| !part.is_empty())
    }
}

impl Token {
    /// The token as the Universal Dependencies treebanks split it: a score or a range is three
    /// pieces (`3`, `-`, `2`; `25`, `-`, `30`), every other token is itself. Used to score
    /// segmentation against UD gold.
    pub fn ud_pieces(&self, text: &str) -> Vec<Span> {
        let surface = &text[self.span()];
        let range = self.kind == TokenKind::Number && surface.contains(is_score_dash);
        if self.kind != TokenKind::Score && !range {
            return vec![self.span()];
        }
        match surface.find(is_score_dash) {
            Some(dash) => {
                let dash_end = dash + surface[dash..].chars().next().map_or(1, char::len_utf8);
                let start = self.span().start();
                vec![
                    Span::new(start, start + dash),
                    Span::new(start + dash, start + dash_end),
                    Span::new(start + dash_end, self.span().end()),
                ]
            }
            None => vec![self.span()],
        }
    }
}

/// One sentence: its byte range, its paragraph (0-based) and where its tokens are among its
/// document's ([`Segmented::tokens`]).
///
/// 28 bytes (64 with `usize` indices and a `Vec`, 40 with `usize` offsets in its span): a
/// document has a sentence for every 90 bytes of text or so, all kept to the end. The indices are
/// `u32` as a token's offsets are. The tokens are not the sentence's own: a heap block per
/// sentence cost its header and rounding, and a long paragraph's tokens were held twice while it
/// was split.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sentence {
    /// Where the sentence is in the document text, from its first token to its last.
    pub span: Span,
    /// The 0-based paragraph (a line or run of continued lines).
    pub paragraph: u32,
    /// The tokens, in order: `&tokens[sentence.tokens]` of the document's tokens.
    pub tokens: TokenRange,
    /// Prose or a line of a fact list, decided here once for every stage.
    pub kind: SentenceKind,
}

/// Where a sentence's tokens are among its document's: `&tokens[range]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TokenRange {
    start: u32,
    end: u32,
}

impl TokenRange {
    /// The tokens `range` of a document.
    ///
    /// # Panics
    /// When the range ends past `u32::MAX` (a text has fewer tokens than [`MAX_TEXT_BYTES`]).
    pub fn new(range: std::ops::Range<usize>) -> TokenRange {
        let index = |at: usize| u32::try_from(at).expect("a text of at most MAX_TEXT_BYTES");
        TokenRange {
            start: index(range.start),
            end: index(range.end),
        }
    }

    /// The same tokens as a `Range` of indices.
    #[inline]
    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }

    /// The number of tokens.
    #[inline]
    pub fn len(self) -> usize {
        (self.end - self.start) as usize
    }

    /// Whether the range holds no token.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.start >= self.end
    }
}

/// `tokens[sentence.tokens]`: a sentence's tokens among its document's.
impl std::ops::Index<TokenRange> for [Token] {
    type Output = [Token];

    #[inline]
    fn index(&self, range: TokenRange) -> &[Token] {
        &self[range.range()]
    }
}

impl std::ops::Index<TokenRange> for Vec<Token> {
    type Output = [Token];

    #[inline]
    fn index(&self, range: TokenRange) -> &[Token] {
        &self[range.range()]
    }
}

/// `sentences[id]`: a [`SentenceId`] indexes a document's sentences, and nothing else.
impl std::ops::Index<SentenceId> for [Sentence] {
    type Output = Sentence;

    #[inline]
    fn index(&self, id: SentenceId) -> &Sentence {
        &self[id.index()]
    }
}

impl std::ops::Index<SentenceId> for Vec<Sentence> {
    type Output = Sentence;

    #[inline]
    fn index(&self, id: SentenceId) -> &Sentence {
        &self[id.index()]
    }
}

/// What kind of line a sentence is. Segmentation decides it once; recognition, classification
/// and the match facts read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum SentenceKind {
    /// Running text, a headline, a quote.
    #[default]
    Prose,
    /// A line of a match's fact list: a label of up to three words (`Mål`, `Gult kort`,
    /// `Tilskuere`) or a team's code (`N`, `RBK`) and a colon open it: `Mål: 1-0 Johnsen (41)`,
    /// `Gult kort: N: Nordtveit.`, `N: Nordtveit, Selnæs.`. Its colon does not end it.
    FactLine {
        /// The index of the label's colon among the sentence's tokens.
        colon: u32,
    },
}

impl Sentence {
    /// The label of a fact line as written (`Mål`, `Gult kort`), `None` for prose; `tokens` are
    /// the document's.
    pub fn fact_label<'t>(&self, text: &'t str, tokens: &[Token]) -> Option<&'t str> {
        let own = &tokens[self.tokens];
        match self.kind {
            SentenceKind::FactLine { colon } => {
                let (first, last) = (own.first()?, own.get((colon as usize).checked_sub(1)?)?);
                text.get(Span::new(first.span().start(), last.span().end()).range())
            }
            SentenceKind::Prose => None,
        }
    }
}

/// One document as the stages after segmentation read it: the text, its tokens and its
/// sentences. Built once per document and lent to every later stage, which folds the sentence it
/// reads ([`Folded`]).
#[derive(Debug, Clone)]
pub struct Segmented<'d> {
    /// The document text.
    pub text: &'d str,
    /// The sentences, in order.
    pub sentences: Vec<Sentence>,
    /// Every token of the document, in order; a sentence's are `&tokens[sentence.tokens]`.
    pub tokens: Vec<Token>,
}

impl<'d> Segmented<'d> {
    /// Segments a text ([`segment`]); a text longer than [`MAX_TEXT_BYTES`] is refused.
    pub fn new(text: &'d str) -> Result<Segmented<'d>> {
        segment(text)
    }

    /// The tokens of a sentence of the document.
    #[inline]
    pub fn tokens_of(&self, sentence: &Sentence) -> &[Token] {
        &self.tokens[sentence.tokens]
    }
}

/// Splits a document into sentences of tokens.
///
/// Every span of the stages starts here, so this is where a text longer than
/// [`MAX_TEXT_BYTES`] is refused ([`Error::TextTooLong`]): its offsets do not fit a [`Span`],
/// and it is not cut short.
pub fn segment(text: &str) -> Result<Segmented<'_>> {
    check_length(text)?;
    let mut sentences = Vec::new();
    let mut tokens = Vec::new();
    for (paragraph, block) in paragraphs(text).enumerate() {
        let from = tokens.len();
        tokenize_block(text, block, &mut tokens);
        let paragraph = u32::try_from(paragraph).expect("a text of at most MAX_TEXT_BYTES");
        split_sentences(text, &tokens, from, paragraph, &mut sentences);
    }
    // Grown by doubling: the unused half is given back (a mapped block shrinks in place).
    tokens.shrink_to_fit();
    sentences.shrink_to_fit();
    Ok(Segmented {
        text,
        sentences,
        tokens,
    })
}

/// Tokens of a whole text, ignoring sentence boundaries; a text longer than [`MAX_TEXT_BYTES`]
/// is refused, as [`segment`] refuses it.
pub fn tokenize(text: &str) -> Result<Vec<Token>> {
    check_length(text)?;
    let mut tokens = Vec::new();
    for block in paragraphs(text) {
        tokenize_block(text, block, &mut tokens);
    }
    Ok(tokens)
}

/// Refuses a text whose byte offsets a [`Span`] cannot hold.
pub(crate) fn check_length(text: &str) -> Result<()> {
    match text.len() {
        bytes if bytes > MAX_TEXT_BYTES => Err(Error::TextTooLong { bytes }),
        _ => Ok(()),
    }
}

/// The tokens of one paragraph, appended to `out`: its word-boundary pieces, merged by the
/// Norwegian rules.
fn tokenize_block(text: &str, block: Span, out: &mut Vec<Token>) {
    merge::merge(text, pieces::pieces(text, block), out);
}

/// A hyphen inside a compound (`London-klubben`): ASCII or Unicode hyphen, not a dash.
fn is_hyphen(c: char) -> bool {
    matches!(c, '-' | '\u{2010}' | '\u{2011}')
}

/// The two sides of a score's surface: `3-2`, `2–1` -> (3, 2).
pub(crate) fn parse_score(score: &str) -> Option<(usize, usize)> {
    let (home, away) = score.split_once(['-', '–'])?;
    Some((home.trim().parse().ok()?, away.trim().parse().ok()?))
}

/// The mark between the two sides of a score: a hyphen or an en dash (`3-2`, `2–1`).
fn is_score_dash(c: char) -> bool {
    is_hyphen(c) || c == '–'
}

/// Punctuation that ends a sentence: `.`, `!`, `?`, `…` and runs of them.
fn is_terminal(surface: &str) -> bool {
    surface.chars().all(|c| matches!(c, '.' | '!' | '?' | '…'))
}

/// Whether a piece is exactly one character of a kind (one hyphen, one dash).
fn is_single(s: &str, kind: fn(char) -> bool) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(kind) && chars.next().is_none()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn token_kinds() {
        use TokenKind::*;
        let kinds = |text: &str| {
            tokenize(text)
                .unwrap()
                .iter()
                .map(|t| t.kind)
                .collect::<Vec<_>>()
        };
        assert_eq!(
            kinds("3-2 56. minutt bl.a. 22.01.2012 post@vg.no !"),
            [Score, Ordinal, Word, Abbreviation, Number, Url, Punct]
        );
        // A range before a unit and a count after a statistic are numbers, not scores.
        assert_eq!(
            kinds("fra 25-30 meter, Målsjanser 6–11, Skudd: 14-10, skudd på mål 2–1, vant 2–1"),
            [
                Word, Number, Word, Punct, Word, Number, Punct, Word, Punct, Number, Punct, Word,
                Word, Word, Number, Punct, Word, Score
            ]
        );
    }

    #[test]
    fn a_token_takes_nine_bytes_and_a_sentence_28() {
        assert_eq!(std::mem::size_of::<Token>(), 9);
        assert_eq!(std::mem::size_of::<Sentence>(), 28);
    }

    #[test]
    fn compound_parts_and_score_pieces_are_addressable() {
        let text = "Spurs-keeper 3-2";
        let tokens = tokenize(text).unwrap();
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
