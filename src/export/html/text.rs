//! The document's text as HTML, its mentions and trigger words marked.
//!
//! Mentions never overlap one another, but a trigger can start or end inside a mention
//! (`fra ellevemeteren` over `ellevemeteren`, a trigger running into a name): the text is cut at
//! every start and end of either, and each piece is written inside the mention that covers it
//! and, inside that, in `<strong>` when a trigger covers it. So elements always nest, whatever the
//! spans. Every cut is moved back to a character boundary, and a span past the text is clipped:
//! no input makes a page invalid or panics.

use super::escape::escaped;
use crate::span::Span;

/// One mention, as the page shows it.
pub(super) struct MentionMark {
    /// Its bytes in the document text.
    pub span: Span,
    /// `player`, `club`, `national_team`, `official`, `media` or `organisation`.
    pub kind: &'static str,
    /// How it was recognised (`exact`, `alias`, ..., `ambiguous`).
    pub how: &'static str,
    /// What hover and focus show: the entity's name and id (or the candidates' ids).
    pub tip: String,
    /// The row of the page's table of names it links to.
    pub name_row: usize,
}

/// The document's text, written a range at a time, with its mentions (in document order).
pub(super) struct MarkedText<'a> {
    text: &'a str,
    mentions: &'a [MentionMark],
    /// The mentions' spans on character boundaries and inside the text.
    spans: Vec<Span>,
    /// Whether a mention's first piece is written: a mention cut by a range's end (one that runs
    /// over a sentence's end) is carried on in a second element without its id, so that each
    /// mention has one `data-m`.
    written: Vec<bool>,
}

impl<'a> MarkedText<'a> {
    pub(super) fn new(text: &'a str, mentions: &'a [MentionMark]) -> MarkedText<'a> {
        let spans = mentions.iter().map(|m| within(text, m.span)).collect();
        MarkedText {
            text,
            mentions,
            spans,
            written: vec![false; mentions.len()],
        }
    }

    /// The first mention that may overlap a range starting at `start`.
    fn first_from(&self, start: usize) -> usize {
        self.spans.partition_point(|span| span.end() <= start)
    }

    /// The mention covering the piece `start..end`, if any.
    fn covering(&self, start: usize, end: usize) -> Option<usize> {
        let index = self.first_from(start);
        let span = self.spans.get(index)?;
        (span.start() <= start && end <= span.end()).then_some(index)
    }

    /// Writes the text of `range` with the mentions in it and the `triggers` emphasised.
    pub(super) fn write(&mut self, out: &mut String, range: Span, triggers: &[Span]) {
        let range = within(self.text, range);
        let (start, end) = (range.start(), range.end());
        if start >= end {
            return;
        }
        let triggers: Vec<Span> = triggers.iter().map(|&t| within(self.text, t)).collect();
        let mut cuts = vec![start, end];
        let overlapping = self.spans[self.first_from(start)..]
            .iter()
            .take_while(|span| span.start() < end);
        for span in overlapping.chain(&triggers) {
            cuts.extend(
                [span.start(), span.end()]
                    .into_iter()
                    .filter(|&o| start < o && o < end),
            );
        }
        cuts.sort_unstable();
        cuts.dedup();
        let mut open: Option<usize> = None;
        let mut strong = false;
        for piece in cuts.windows(2) {
            let (from, to) = (piece[0], piece[1]);
            let mention = self.covering(from, to);
            let emphasised = triggers.iter().any(|t| t.start() <= from && to <= t.end());
            if mention != open {
                if strong {
                    out.push_str("</strong>");
                    strong = false;
                }
                if let Some(index) = open {
                    self.close(out, index, from);
                }
                if let Some(index) = mention {
                    self.open(out, index);
                }
                open = mention;
            }
            if emphasised != strong {
                out.push_str(if emphasised {
                    "<strong class=\"t\">"
                } else {
                    "</strong>"
                });
                strong = emphasised;
            }
            put!(out, "{}", escaped(&self.text[from..to]));
        }
        if strong {
            out.push_str("</strong>");
        }
        if let Some(index) = open {
            self.close(out, index, end);
        }
    }

    fn open(&mut self, out: &mut String, index: usize) {
        let mention = &self.mentions[index];
        put!(
            out,
            "<a class=\"m k-{} h-{}\" href=\"#n{}\"",
            mention.kind,
            mention.how,
            mention.name_row
        );
        if self.written[index] {
            // The rest of a mention already written: one focus stop per mention.
            out.push_str(" tabindex=\"-1\">");
        } else {
            put!(
                out,
                " data-m=\"{index}\" data-tip=\"{}\">",
                escaped(&mention.tip)
            );
            self.written[index] = true;
        }
    }

    /// Closes a mention's element at `at`; the end of an ambiguous one gets its label in words.
    fn close(&self, out: &mut String, index: usize, at: usize) {
        let mention = &self.mentions[index];
        out.push_str("</a>");
        if mention.how == "ambiguous" && at >= self.spans[index].end() {
            out.push_str("<small class=\"flag\">ambiguous</small>");
        }
    }
}

/// `span` moved onto character boundaries of `text` and clipped to it.
fn within(text: &str, span: Span) -> Span {
    Span::new(
        text.floor_char_boundary(span.start()),
        text.floor_char_boundary(span.end()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mention(start: usize, end: usize, how: &'static str) -> MentionMark {
        MentionMark {
            span: Span::new(start, end),
            kind: "player",
            how,
            tip: format!("tip {start}"),
            name_row: 0,
        }
    }

    /// The HTML of `text` with the mentions and triggers, written sentence by sentence.
    fn marked(
        text: &str,
        mentions: &[MentionMark],
        sentences: &[(usize, usize)],
        triggers: &[(usize, usize)],
    ) -> String {
        let triggers: Vec<Span> = triggers.iter().map(|&(s, e)| Span::new(s, e)).collect();
        let mut marked = MarkedText::new(text, mentions);
        let mut out = String::new();
        for &(start, end) in sentences {
            marked.write(&mut out, Span::new(start, end), &triggers);
            out.push('|');
        }
        out
    }

    /// A row of the table below: a text, its mentions, sentences and triggers, and its HTML.
    struct Case {
        name: &'static str,
        text: &'static str,
        mentions: Vec<MentionMark>,
        sentences: &'static [(usize, usize)],
        triggers: &'static [(usize, usize)],
        expected: String,
    }

    impl Case {
        fn new(
            name: &'static str,
            text: &'static str,
            mentions: Vec<MentionMark>,
            sentences: &'static [(usize, usize)],
            triggers: &'static [(usize, usize)],
            expected: String,
        ) -> Case {
            Case {
                name,
                text,
                mentions,
                sentences,
                triggers,
                expected,
            }
        }
    }

    #[test]
    fn mentions_and_triggers_nest() {
        let a = "<a class=\"m k-player h-exact\" href=\"#n0\"";
        let table = [
            Case::new(
                "a mention alone",
                "Nasri scoret.",
                vec![mention(0, 5, "exact")],
                &[(0, 13)],
                &[],
                format!("{a} data-m=\"0\" data-tip=\"tip 0\">Nasri</a> scoret.|"),
            ),
            Case::new(
                "a trigger inside a mention",
                "Nasri scoret.",
                vec![mention(0, 5, "exact")],
                &[(0, 13)],
                &[(2, 4)],
                format!(
                    "{a} data-m=\"0\" data-tip=\"tip 0\">Na<strong class=\"t\">sr</strong>i</a> scoret.|"
                ),
            ),
            Case::new(
                "a trigger over a mention's end",
                "Nasri scoret.",
                vec![mention(0, 5, "exact")],
                &[(0, 13)],
                &[(3, 12)],
                format!(
                    "{a} data-m=\"0\" data-tip=\"tip 0\">Nas<strong class=\"t\">ri</strong></a>\
                     <strong class=\"t\"> scoret</strong>.|"
                ),
            ),
            Case::new(
                "a mention over a sentence's end",
                "Ab. Cd",
                vec![mention(1, 5, "exact")],
                &[(0, 3), (3, 6)],
                &[],
                format!(
                    "A{a} data-m=\"0\" data-tip=\"tip 1\">b.</a>|{a} tabindex=\"-1\"> C</a>d|"
                ),
            ),
            Case::new(
                "an ambiguous mention is labelled at its end",
                "Touré",
                vec![mention(0, 6, "ambiguous")],
                &[(0, 6)],
                &[],
                "<a class=\"m k-player h-ambiguous\" href=\"#n0\" data-m=\"0\" data-tip=\"tip 0\">\
                 Touré</a><small class=\"flag\">ambiguous</small>|"
                    .to_string(),
            ),
            Case::new(
                "spans inside a character and past the end",
                "Bø<",
                vec![mention(2, 9, "exact")],
                &[(0, 9)],
                &[(1, 2)],
                format!("B{a} data-m=\"0\" data-tip=\"tip 2\">ø&lt;</a>|"),
            ),
            Case::new(
                "an empty range",
                "x",
                vec![],
                &[(1, 0)],
                &[],
                "|".to_string(),
            ),
        ];
        for case in &table {
            assert_eq!(
                marked(case.text, &case.mentions, case.sentences, case.triggers),
                case.expected,
                "{}",
                case.name
            );
        }
    }
}
