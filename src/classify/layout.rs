//! The layout of a document's text around its sentences: paragraph breaks and headlines, which
//! decide where a fact list and a section of penalty kicks end.

use crate::segment::Sentence;

/// Whether a sentence is a headline: between blank lines, without a full stop. It belongs to the
/// section below it, not to the one above.
pub(super) fn is_headline(text: &str, sentences: &[Sentence], index: usize) -> bool {
    let before = index
        .checked_sub(1)
        .is_none_or(|i| blank_line_between(text, &sentences[i], &sentences[index]));
    let after = sentences
        .get(index + 1)
        .is_none_or(|next| blank_line_between(text, &sentences[index], next));
    before
        && after
        && !text[sentences[index].span]
            .trim_end()
            .ends_with(['.', '!', '?', '…'])
}

/// Whether an empty line separates two sentences (a section or paragraph break; a line break
/// alone ends a line of a one-sentence-per-line text).
pub(crate) fn blank_line_between(text: &str, first: &Sentence, second: &Sentence) -> bool {
    let gap = text
        .get(first.span.end()..second.span.start())
        .unwrap_or("");
    gap.matches('\n').count() >= 2
}
