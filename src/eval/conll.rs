//! CoNLL files (CoNLL-U treebanks, NDT with NorNE entity tags) read into sentences of tokens, and
//! joined back into text with every sentence's and token's byte range.

use crate::error::Result;
use crate::segment::check_length;
use crate::span::Span;

/// One token of a CoNLL file: its form, whether a space follows it, and its entity tag.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ConllToken {
    /// The token as written.
    pub form: String,
    /// From `SpaceAfter=No` in CoNLL-U; NDT files have no such column and are detokenized.
    pub space_after: Option<bool>,
    /// `B-PER`, `I-ORG`, `O` from `name=...` in the last column.
    pub entity: String,
}

/// One sentence of a CoNLL file, and whether it opens a paragraph (`# newpar`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ConllSentence {
    /// Whether a paragraph starts here.
    pub newpar: bool,
    /// The tokens, in order.
    pub tokens: Vec<ConllToken>,
}

/// The sentences of a CoNLL-U file (`SpaceAfter=No` is read; `# newpar` opens a paragraph) or an
/// NDT CoNLL file (no spacing information: detokenized later). A multi-word token is one token with
/// its surface form; empty nodes and other comments are skipped.
pub(crate) fn read_conll(source: &str) -> Vec<ConllSentence> {
    let conllu = source.contains("# text") || source.contains("SpaceAfter=");
    let mut sentences = Vec::new();
    let mut current = empty_sentence();
    let mut covered_until = 0;
    for line in source.lines() {
        if line.trim().is_empty() {
            covered_until = 0;
            if !current.tokens.is_empty() {
                sentences.push(std::mem::replace(&mut current, empty_sentence()));
            }
            continue;
        }
        if line.starts_with('#') {
            current.newpar |= line.starts_with("# newpar");
            continue;
        }
        current
            .tokens
            .extend(conll_token(line, conllu, &mut covered_until));
    }
    if !current.tokens.is_empty() {
        sentences.push(current);
    }
    if let Some(first) = sentences.first_mut() {
        first.newpar = true;
    }
    sentences
}

fn empty_sentence() -> ConllSentence {
    ConllSentence {
        newpar: false,
        tokens: Vec::new(),
    }
}

/// The token of one line of a CoNLL file, or `None` for an empty node and for the words of a
/// multi-word token, which counts by its surface range (`covered_until`: the last word id of the
/// multi-word token being read).
fn conll_token(line: &str, conllu: bool, covered_until: &mut usize) -> Option<ConllToken> {
    let columns: Vec<&str> = line.split('\t').collect();
    if columns.len() < 2 || columns[0].contains('.') {
        return None;
    }
    // A multi-word token counts by its surface range: keep its line, skip its words.
    let id: Option<usize> = columns[0].parse().ok();
    if id.is_some_and(|id| id <= *covered_until) {
        return None;
    }
    if let Some((_, last)) = columns[0].split_once('-') {
        *covered_until = last.parse().unwrap_or(0);
    }
    let misc = columns.last().copied().unwrap_or("");
    let space_after = conllu.then(|| !misc.split('|').any(|f| f == "SpaceAfter=No"));
    let entity = misc
        .split('|')
        .find_map(|f| f.strip_prefix("name="))
        .unwrap_or("O")
        .to_string();
    Some(ConllToken {
        form: columns[1].to_string(),
        space_after,
        entity,
    })
}

/// How sentences are laid out when a CoNLL file is turned back into text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Layout {
    /// One sentence per line (the gold ids of `dev.tsv` count sentences).
    LinePerSentence,
    /// Running text: sentences of a paragraph joined by a space, paragraphs by a blank line (the
    /// CoNLL 2018 shared task's way of scoring segmentation).
    RunningText,
}

/// CoNLL sentences as a document, with every sentence's and token's byte range.
pub(crate) struct JoinedText {
    /// The running text rebuilt from the tokens.
    pub text: String,
    /// Each sentence's byte range in `text`.
    pub sentences: Vec<Span>,
    /// Each sentence's tokens' byte ranges in `text`.
    pub tokens: Vec<Vec<Span>>,
}

/// Joins sentences into one text laid out as `layout` says, detokenizing where the file has no
/// spacing.
pub(crate) fn join_sentences(sentences: &[ConllSentence], layout: Layout) -> JoinedText {
    let mut joined = JoinedText {
        text: String::new(),
        sentences: Vec::new(),
        tokens: Vec::new(),
    };
    for sentence in sentences {
        if !joined.text.is_empty() {
            joined.text.push_str(match (layout, sentence.newpar) {
                (Layout::LinePerSentence, _) => "\n",
                (Layout::RunningText, true) => "\n\n",
                (Layout::RunningText, false) => " ",
            });
        }
        let start = joined.text.len();
        let tokens = &sentence.tokens;
        let mut spans = Vec::with_capacity(tokens.len());
        let mut open_quote = false;
        for (i, token) in tokens.iter().enumerate() {
            let form = token.form.as_str();
            if i > 0 && space_before(tokens, i, open_quote) {
                joined.text.push(' ');
            }
            if form == "\"" {
                open_quote = !open_quote;
            }
            let at = joined.text.len();
            joined.text.push_str(form);
            spans.push(Span::new(at, joined.text.len()));
        }
        joined.sentences.push(Span::new(start, joined.text.len()));
        joined.tokens.push(spans);
    }
    joined
}

/// Whether a space goes before token `i` when the file does not say (NDT): none before closing
/// punctuation, none after opening brackets and quotes.
fn space_before(sentence: &[ConllToken], i: usize, quote_open: bool) -> bool {
    if let Some(explicit) = sentence[i - 1].space_after {
        return explicit;
    }
    let (previous, form) = (sentence[i - 1].form.as_str(), sentence[i].form.as_str());
    if matches!(
        form,
        "," | "." | ":" | ";" | "!" | "?" | ")" | "]" | "»" | "..." | "…" | "'"
    ) {
        return false;
    }
    if form == "\"" && quote_open {
        return false;
    }
    if matches!(previous, "(" | "[" | "«") || (previous == "\"" && quote_open) {
        return false;
    }
    true
}

/// A CoNLL file (NDT with NorNE tags) as a document: its text, one sentence per line, and its
/// gold entity spans with their types (`PER`, `ORG`, `GPE_LOC`, ...).
pub struct ConllDocument {
    /// The file name, for error listings.
    pub name: String,
    /// One sentence per line.
    pub text: String,
    /// Gold entity spans in `text` with their types.
    pub entities: Vec<(Span, String)>,
}

/// Reads a CoNLL file as one sentence per line, with its NorNE entity spans (`B-`/`I-` tags joined).
/// A source longer than [`MAX_TEXT_BYTES`](crate::span::MAX_TEXT_BYTES) is refused: its text,
/// never longer than the source, could be.
pub fn read_conll_document(name: &str, source: &str) -> Result<ConllDocument> {
    check_length(source)?;
    let sentences = read_conll(source);
    let joined = join_sentences(&sentences, Layout::LinePerSentence);
    let mut entities: Vec<(Span, String)> = Vec::new();
    for (sentence, spans) in sentences.iter().zip(&joined.tokens) {
        let mut open: Option<(Span, String)> = None;
        for (token, span) in sentence.tokens.iter().zip(spans) {
            let (prefix, kind) = token.entity.split_once('-').unwrap_or(("O", ""));
            match (prefix, &mut open) {
                ("I", Some((range, open_kind))) if open_kind == kind => {
                    *range = range.to_end_of(*span)
                }
                ("B" | "I", _) => {
                    entities.extend(open.take());
                    open = Some((*span, kind.to_string()));
                }
                _ => entities.extend(open.take()),
            }
        }
        entities.extend(open);
    }
    Ok(ConllDocument {
        name: name.to_string(),
        text: joined.text,
        entities,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multi_word_tokens_count_by_surface() {
        let source = "# text = Han gikk.\n1-2\tHan\t_\t_\t_\t_\t_\t_\t_\tSpaceAfter=No\n1\tH\t_\t_\t_\t_\t_\t_\t_\t_\n\
                      2\tan\t_\t_\t_\t_\t_\t_\t_\t_\n3\t.\t_\t_\t_\t_\t_\t_\t_\t_\n";
        let forms: Vec<String> = read_conll(source)[0]
            .tokens
            .iter()
            .map(|t| t.form.clone())
            .collect();
        assert_eq!(forms, ["Han", "."]);
    }

    #[test]
    fn conll_sentences_detokenize() {
        let source = "1\tMen\t_\n2\than\t_\n3\t\"\t_\n4\tsemi-tilfreds\t_\n5\t\"\t_\n6\t(\t_\n7\tja\t_\n8\t)\t_\n9\t.\t_\tname=O\n\n\
                      1\tViking\t_\t_\t_\t_\t_\t_\t_\tname=B-ORG\n";
        let joined = join_sentences(&read_conll(source), Layout::LinePerSentence);
        assert_eq!(joined.text, "Men han \"semi-tilfreds\" (ja).\nViking");
        assert_eq!(&joined.text[joined.tokens[1][0]], "Viking");
        assert_eq!(joined.sentences, [Span::new(0, 29), Span::new(30, 36)]);
    }
}
