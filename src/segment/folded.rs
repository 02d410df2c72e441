//! Case folding that keeps every byte offset, of a whole text or of one window of it.
//!
//! The stages after segmentation read the folded text a sentence at a time, so they fold the
//! sentence they are at ([`Folded`]) instead of keeping a folded copy of the whole document:
//! that copy was as large as the text, and alive from segmentation to the match facts.

use crate::error::Result;
use crate::span::Span;
use std::ops::{Index, Range};

/// Lower-cases a text without moving any byte offset: a character whose lower case has another
/// UTF-8 length (or is several characters) is kept as it is. `æ`, `ø` and `å` stay themselves.
pub fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    fold_into(text, &mut out);
    out
}

/// [`fold`] of `text` into `out`, whose memory is reused.
fn fold_into(text: &str, out: &mut String) {
    out.clear();
    out.push_str(text);
    // ASCII in bulk; then the other characters, found by their lead bytes (most text has few).
    out.make_ascii_lowercase();
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
    join_wrapped_lines(out);
}

/// A line break after a letter or digit, with a letter or digit after it, becomes a space: a
/// hard-wrapped line (`Thomas\nMüller`) breaks no name. A break after punctuation or before a
/// blank line stays.
fn join_wrapped_lines(folded: &mut String) {
    // A byte for a byte: offsets stay, and '\n' and ' ' are both ASCII.
    let text = folded.as_str();
    let breaks: Vec<usize> = text
        .match_indices('\n')
        .map(|(at, _)| at)
        .filter(|&at| {
            let before = text[..at].chars().next_back();
            let after = text[at + 1..].chars().next();
            before.is_some_and(char::is_alphanumeric) && after.is_some_and(char::is_alphanumeric)
        })
        .collect();
    for at in breaks {
        folded.replace_range(at..=at, " ");
    }
}

/// The folded text ([`fold`]) of one window of a document, read at the document's offsets:
/// `&folded[span]` for a span inside the window is `&fold(text)[span]`.
///
/// # Panics
/// Indexing a span outside the window panics, as slicing a text past its end does.
#[derive(Debug, Clone, Default)]
pub struct Folded {
    /// Where the window is in the document.
    window: Span,
    /// The document offset of `text`'s first byte: one character before the window, folded for
    /// the line-break rule's sake and never read.
    base: usize,
    /// [`fold`] of the window and the characters either side of it.
    text: String,
}

impl Folded {
    /// The folded text of `window` of `text`.
    ///
    /// # Panics
    /// When `window` is not a span of `text` on character boundaries.
    pub fn of(text: &str, window: Span) -> Folded {
        let mut folded = Folded::default();
        folded.cover(text, window);
        folded
    }

    /// The whole of `text` folded; a text longer than [`MAX_TEXT_BYTES`](super::MAX_TEXT_BYTES) is refused, as
    /// [`segment`](super::segment) refuses it.
    pub fn whole(text: &str) -> Result<Folded> {
        super::check_length(text)?;
        Ok(Folded::of(text, Span::new(0, text.len())))
    }

    /// Folds `window` of `text` instead, in the same memory.
    ///
    /// # Panics
    /// When `window` is not a span of `text` on character boundaries.
    pub fn cover(&mut self, text: &str, window: Span) {
        // Whether a line break is joined depends on the characters either side of it: fold one
        // more on each side, so a break at the window's edge is judged as in the whole text.
        let base = text[..window.start()]
            .char_indices()
            .next_back()
            .map_or(window.start(), |(at, _)| at);
        let end = text[window.end()..]
            .chars()
            .next()
            .map_or(window.end(), |c| window.end() + c.len_utf8());
        fold_into(&text[base..end], &mut self.text);
        self.window = window;
        self.base = base;
    }

    /// Where the window is in the document.
    pub fn window(&self) -> Span {
        self.window
    }

    /// The window's folded bytes, the first at document offset `self.window().start`.
    pub(crate) fn window_bytes(&self) -> &[u8] {
        &self.text.as_bytes()[self.window.start() - self.base..self.window.end() - self.base]
    }
}

impl Index<Span> for Folded {
    type Output = str;

    #[inline]
    fn index(&self, span: Span) -> &str {
        assert!(
            self.window.start() <= span.start() && span.end() <= self.window.end(),
            "{span:?} is outside the folded window {:?}",
            self.window
        );
        &self.text[span.start() - self.base..span.end() - self.base]
    }
}

impl Index<Range<usize>> for Folded {
    type Output = str;

    #[inline]
    fn index(&self, range: Range<usize>) -> &str {
        &self[Span::from(range)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folding_joins_a_name_broken_over_two_lines() {
        let table = [
            ("Thomas\nMüller", "thomas müller"),
            ("slutt.\nMüller", "slutt.\nmüller"),
            ("Brann\n\nMolde", "brann\n\nmolde"),
            ("ØRJAN\nNYLAND", "ørjan nyland"),
            ("A\nB\nC", "a b c"),
        ];
        for (text, folded) in table {
            assert_eq!(fold(text), folded, "{text:?}");
            assert_eq!(fold(text).len(), text.len(), "{text:?}: offsets stay");
        }
    }

    #[test]
    fn a_window_folds_as_the_whole_text_does() {
        let texts = [
            "Thomas\nMüller scoret.\nØRJAN\nNYLAND\n\nBrann\n",
            "\nÅ\nØ İstanbul ẞ\r\nKAPITTEL\n1",
            "",
        ];
        for text in texts {
            let whole = fold(text);
            let boundaries: Vec<usize> = (0..=text.len())
                .filter(|&at| text.is_char_boundary(at))
                .collect();
            for (i, &start) in boundaries.iter().enumerate() {
                for &end in &boundaries[i..] {
                    let window = Span::new(start, end);
                    let folded = Folded::of(text, window);
                    assert_eq!(&folded[window], &whole[start..end], "{text:?} {window:?}");
                    assert_eq!(folded.window_bytes(), &whole.as_bytes()[start..end]);
                }
            }
        }
    }

    #[test]
    #[should_panic(expected = "outside the folded window")]
    fn a_span_outside_the_window_is_not_read() {
        let folded = Folded::of("Brann - Molde", Span::new(0, 5));
        let _ = &folded[Span::new(4, 7)];
    }
}
