//! Byte spans into a document's text.
//!
//! Every position the pipeline reports is a half-open byte range into [`crate::Document::text`]
//! exactly as decoded: `&text[span]` gives back the surface. [`Span`] is `Copy` (a
//! `Range<usize>` is not, which made every use a `.clone()`), in the manner of aho-corasick's
//! `Span`.

use std::fmt;
use std::ops::{Index, Range};

/// The largest text the stages take, in bytes: a [`Span`]'s offsets (and a token's) are `u32`.
/// Segmentation, where a text enters the stages, refuses a longer one
/// ([`Error::TextTooLong`](crate::Error::TextTooLong)), as [`Pipeline::analyze`](crate::Pipeline::analyze)
/// does before any stage; [`ingest::Documents`](crate::ingest::Documents) never reads one, and
/// the CLI's `--max-document-bytes` is at most this.
pub const MAX_TEXT_BYTES: usize = u32::MAX as usize;

/// A half-open byte range `start..end` into a document's text.
///
/// Eight bytes: the offsets are held as `u32` and read as `usize`. Every sentence, mention and
/// event holds one or more spans and a document keeps them all until its rows are written, so
/// `usize` offsets cost a third of the memory a document takes besides its tokens; no text the
/// stages take is longer than [`MAX_TEXT_BYTES`].
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Span {
    start: u32,
    end: u32,
}

impl Span {
    /// The span `start..end`.
    ///
    /// # Panics
    /// When `end` or `start` is past [`MAX_TEXT_BYTES`]: no text a stage takes has that offset
    /// (segmentation refuses a longer one), so the offset is wrong, and it is not cut short.
    #[inline]
    pub const fn new(start: usize, end: usize) -> Span {
        assert!(
            start <= MAX_TEXT_BYTES && end <= MAX_TEXT_BYTES,
            "a span offset past MAX_TEXT_BYTES"
        );
        Span {
            start: start as u32,
            end: end as u32,
        }
    }

    /// The first byte.
    #[inline]
    pub const fn start(self) -> usize {
        self.start as usize
    }

    /// One past the last byte.
    #[inline]
    pub const fn end(self) -> usize {
        self.end as usize
    }

    /// The number of bytes.
    #[inline]
    pub const fn len(self) -> usize {
        self.end() - self.start()
    }

    /// Whether the span holds no byte.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.start >= self.end
    }

    /// From this span's start to the end of `last` (a span after it): the bytes of both and
    /// of what lies between.
    #[inline]
    pub const fn to_end_of(self, last: Span) -> Span {
        Span {
            start: self.start,
            end: last.end,
        }
    }

    /// Whether `offset` lies inside the span.
    #[inline]
    pub const fn contains(self, offset: usize) -> bool {
        self.start() <= offset && offset < self.end()
    }

    /// Whether the two spans share a byte.
    #[inline]
    pub const fn overlaps(self, other: Span) -> bool {
        self.start < other.end && other.start < self.end
    }

    /// The same bytes as a `Range`, for APIs that take one.
    #[inline]
    pub const fn range(self) -> Range<usize> {
        self.start()..self.end()
    }
}

impl fmt::Debug for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

impl From<Range<usize>> for Span {
    #[inline]
    fn from(range: Range<usize>) -> Span {
        Span::new(range.start, range.end)
    }
}

impl From<Span> for Range<usize> {
    #[inline]
    fn from(span: Span) -> Range<usize> {
        span.range()
    }
}

impl Index<Span> for str {
    type Output = str;

    #[inline]
    fn index(&self, span: Span) -> &str {
        &self[span.range()]
    }
}

impl Index<Span> for String {
    type Output = str;

    #[inline]
    fn index(&self, span: Span) -> &str {
        &self[span.range()]
    }
}

/// A text one byte longer than [`MAX_TEXT_BYTES`], of NUL bytes: allocated zeroed, its pages are
/// never written, so it takes no memory but the page tables (reading it maps the zero page).
#[cfg(all(test, target_pointer_width = "64"))]
pub(crate) fn text_past_the_most() -> String {
    String::from_utf8(vec![0; MAX_TEXT_BYTES + 1]).expect("NUL bytes are UTF-8")
}

#[cfg(test)]
mod tests {
    use super::Span;

    #[test]
    fn a_span_slices_a_str_and_a_string_like_its_range() {
        let text = "Bø–Brann 3-2";
        // `ø` and `–` are two and three bytes long.
        let cases = [
            ("Bø", 0, 3),
            ("–", 3, 6),
            ("Brann", 6, 11),
            ("3-2", 12, 15),
            ("", 6, 6),
        ];
        for (surface, start, end) in cases {
            let span = Span::new(start, end);
            assert_eq!(&text[span], surface, "{span:?}");
            assert_eq!(&text.to_string()[span], surface, "{span:?}");
            assert_eq!(&text[span], &text[span.range()]);
            assert_eq!(span.len(), surface.len());
            assert_eq!(span.is_empty(), surface.is_empty());
            assert_eq!(Span::from(span.range()), span);
        }
    }

    #[test]
    fn offsets_up_to_max_text_bytes_are_held_and_none_past_it() {
        let last = super::MAX_TEXT_BYTES;
        let span = Span::new(last - 1, last);
        assert_eq!((span.start(), span.end(), span.len()), (last - 1, last, 1));
        assert_eq!(std::mem::size_of::<Span>(), 8);
        #[cfg(target_pointer_width = "64")]
        assert!(std::panic::catch_unwind(|| Span::new(0, last + 1)).is_err());
    }

    #[test]
    fn contains_and_overlaps_treat_the_end_as_outside() {
        let span = Span::new(0, 3);
        assert!(span.contains(0) && span.contains(2) && !span.contains(3));
        assert!(span.overlaps(Span::new(2, 5)) && !span.overlaps(Span::new(3, 5)));
        assert!(span.overlaps(Span::new(1, 2)) && Span::new(1, 2).overlaps(span));
        assert_eq!(format!("{span:?}"), "0..3");
    }
}
