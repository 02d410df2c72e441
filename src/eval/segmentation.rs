//! Segmentation against a UD treebank: the running text of a CoNLL-U file rebuilt, segmented, and
//! its tokens and sentences scored the CoNLL 2018 shared task's way, with the first mismatches.

use super::conll::{join_sentences, read_conll, Layout};
use super::SpanScores;
use crate::error::Result;
use crate::segment::check_length;
use crate::span::Span;
use std::collections::HashSet;

/// Bytes of text shown on each side of a missed token in the error listing.
const ERROR_CONTEXT_BYTES: usize = 30;

/// Segmentation of a CoNLL-U file's running text against its gold tokens and sentences.
#[derive(Debug, Default, Clone)]
pub struct SegmentationScores {
    /// Token boundaries.
    pub tokens: SpanScores,
    /// Sentence boundaries.
    pub sentences: SpanScores,
    /// The first mismatches, with context, for `--errors`.
    pub errors: Vec<String>,
}

/// Rebuilds the running text of a CoNLL-U file, segments it, and scores tokens and sentences. A
/// source longer than [`MAX_TEXT_BYTES`](crate::span::MAX_TEXT_BYTES) is refused: its text,
/// never longer than the source, could be.
pub fn evaluate_segmentation(source: &str, max_errors: usize) -> Result<SegmentationScores> {
    check_length(source)?;
    let joined = join_sentences(&read_conll(source), Layout::RunningText);
    let text = joined.text.as_str();
    let predicted = crate::segment::segment(text)?;
    let spans = Spans {
        text,
        predicted_sentences: predicted.sentences.iter().map(|s| s.span).collect(),
        // A score is one token here and three in UD; it is scored by its pieces (see
        // Token::ud_pieces).
        predicted_tokens: predicted
            .sentences
            .iter()
            .flat_map(|s| {
                predicted
                    .tokens_of(s)
                    .iter()
                    .flat_map(|t| t.ud_pieces(text))
            })
            .collect(),
        gold_sentences: &joined.sentences,
        gold_tokens: joined.tokens.iter().flatten().cloned().collect(),
    };
    let mut scores = SegmentationScores {
        tokens: SpanScores::count(&spans.gold_tokens, &spans.predicted_tokens),
        sentences: SpanScores::count(spans.gold_sentences, &spans.predicted_sentences),
        errors: Vec::new(),
    };
    // Sentence errors take at most half the listing (rounded up), so tokens are shown too.
    spans.sentence_errors(max_errors / 2 + max_errors % 2, &mut scores.errors);
    spans.token_errors(max_errors, &mut scores.errors);
    Ok(scores)
}

/// The gold and predicted spans of one text.
struct Spans<'t> {
    text: &'t str,
    predicted_sentences: Vec<Span>,
    predicted_tokens: Vec<Span>,
    gold_sentences: &'t [Span],
    gold_tokens: Vec<Span>,
}

impl Spans<'_> {
    /// Gold sentences not predicted, with the predicted ones over them, while `errors` has fewer
    /// than `limit` entries.
    fn sentence_errors(&self, limit: usize, errors: &mut Vec<String>) {
        let predicted_set: HashSet<Span> = self.predicted_sentences.iter().copied().collect();
        for gold in self.gold_sentences {
            if errors.len() >= limit {
                break;
            }
            if !predicted_set.contains(gold) {
                errors.push(format!(
                    "sentence: gold «{}»\n          predicted {}",
                    self.shown(*gold),
                    self.overlapping(&self.predicted_sentences, *gold).join(" ")
                ));
            }
        }
    }

    /// Gold tokens not predicted, with the predicted ones over them and the text around, while
    /// `errors` has fewer than `limit` entries.
    fn token_errors(&self, limit: usize, errors: &mut Vec<String>) {
        let text = self.text;
        let token_set: HashSet<Span> = self.predicted_tokens.iter().copied().collect();
        for gold in &self.gold_tokens {
            if errors.len() >= limit {
                break;
            }
            if !token_set.contains(gold) {
                let from =
                    text.floor_char_boundary(gold.start().saturating_sub(ERROR_CONTEXT_BYTES));
                let to =
                    text.ceil_char_boundary((gold.end() + ERROR_CONTEXT_BYTES).min(text.len()));
                errors.push(format!(
                    "token: gold «{}» predicted {} in …{}…",
                    self.shown(*gold),
                    self.overlapping(&self.predicted_tokens, *gold).join(" "),
                    text[from..to].replace('\n', "⏎")
                ));
            }
        }
    }

    /// A span's text on one line.
    fn shown(&self, r: Span) -> String {
        self.text[r].replace('\n', "⏎")
    }

    /// The spans overlapping `r`, each shown in «quotes».
    fn overlapping(&self, spans: &[Span], r: Span) -> Vec<String> {
        spans
            .iter()
            .filter(|p| p.overlaps(r))
            .map(|&p| format!("«{}»", self.shown(p)))
            .collect()
    }
}
