//! Sentence events against gold (`gold/dev.tsv`): the gold file, the pipeline's predictions for
//! each sentence alone or in its whole document, and per-label scores with the confusion table.

use super::conll::{join_sentences, read_conll, Layout};
use super::prf;
use crate::classify::EventKind;
use crate::error::{Error, Problem, Result};
use crate::ingest::Document;
use crate::pipeline::Pipeline;
use crate::segment::check_length;
use crate::span::Span;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

/// One gold sentence: `id<TAB>labels<TAB>text`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoldSentence {
    /// `<path under corpora/>:L<n>` or `:S<n>`.
    pub id: String,
    /// The gold labels; empty for a sentence without events.
    pub labels: Vec<EventKind>,
    /// The sentence.
    pub text: String,
}

/// Reads a gold events file; every malformed row is reported with its line.
pub fn read_gold_events(path: &Path) -> Result<Vec<GoldSentence>> {
    let text = std::fs::read_to_string(path).map_err(|source| Error::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let file = path.display().to_string();
    let mut rows = Vec::new();
    let mut problems = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line_no = index as u64 + 1;
        if index == 0 && line.starts_with("id\t") || line.trim().is_empty() {
            continue;
        }
        let mut fields = line.splitn(3, '\t');
        let (Some(id), Some(labels), Some(sentence)) =
            (fields.next(), fields.next(), fields.next())
        else {
            problems.push(Problem {
                file: file.clone(),
                line: line_no,
                column: None,
                message: "want id<TAB>labels<TAB>text".into(),
            });
            continue;
        };
        let mut kinds = Vec::new();
        for label in labels.split(',').map(str::trim).filter(|l| !l.is_empty()) {
            match EventKind::parse(label) {
                Some(kind) => kinds.push(kind),
                None => problems.push(Problem {
                    file: file.clone(),
                    line: line_no,
                    column: Some("labels".into()),
                    message: format!("unknown label {label:?}"),
                }),
            }
        }
        kinds.sort();
        rows.push(GoldSentence {
            id: id.to_string(),
            labels: kinds,
            text: sentence.to_string(),
        });
    }
    if problems.is_empty() {
        Ok(rows)
    } else {
        Err(Error::Invalid(problems))
    }
}

/// What the pipeline predicted for one gold sentence.
#[derive(Debug, Clone)]
pub struct Prediction {
    /// The predicted labels.
    pub labels: Vec<EventKind>,
    /// The trigger words per predicted label, for error listings.
    pub triggers: Vec<(EventKind, String)>,
}

/// Classifies each gold sentence alone.
pub fn predict_sentences(pipeline: &Pipeline, gold: &[GoldSentence]) -> Result<Vec<Prediction>> {
    gold.iter()
        .map(|g| {
            let doc = Document::new(g.id.clone(), g.text.clone());
            let analysis = pipeline.analyze(&doc)?;
            Ok(prediction(
                analysis
                    .events
                    .iter()
                    .map(|e| (e.kind, doc.text[e.trigger].to_string())),
            ))
        })
        .collect()
}

fn prediction(events: impl Iterator<Item = (EventKind, String)>) -> Prediction {
    let triggers: Vec<(EventKind, String)> = events.collect();
    let mut labels: Vec<EventKind> = triggers.iter().map(|t| t.0).collect();
    labels.sort();
    labels.dedup();
    Prediction { labels, triggers }
}

/// Classifies whole documents under `corpus_dir` (`path:Ln` lines of text files, `path:Sn`
/// sentences of CoNLL files) so that context carries across sentences as in `extract`.
pub fn predict_documents(
    pipeline: &Pipeline,
    corpus_dir: &Path,
    gold: &[GoldSentence],
) -> Result<Vec<Prediction>> {
    let mut predictions: Vec<Option<Prediction>> = vec![None; gold.len()];
    for document in gold_documents(corpus_dir, gold)? {
        let doc = Document::new(document.path, document.text);
        let analysis = pipeline.analyze(&doc)?;
        for (index, range) in document.units {
            let events = analysis.events.iter().filter(|e| {
                let span = &analysis.sentences[e.sentence].span;
                span.start() < range.end() && range.start() < span.end()
            });
            predictions[index] = Some(prediction(
                events.map(|e| (e.kind, doc.text[e.trigger].to_string())),
            ));
        }
    }
    Ok(predictions
        .into_iter()
        .map(|p| p.expect("every gold row was predicted or reported"))
        .collect())
}

/// A document of a gold file under a corpus folder: its path (the ids' part before `:L`/`:S`),
/// its text and, for each gold sentence in it, the sentence's index in the gold file and its byte
/// range in the text.
pub(crate) struct GoldDocument {
    pub(crate) path: String,
    pub(crate) text: String,
    pub(crate) units: Vec<(usize, Span)>,
}

/// The documents the gold sentences are in, read from `corpus_dir`, sorted by path; every id
/// that points nowhere is reported, together.
pub(crate) fn gold_documents(
    corpus_dir: &Path,
    gold: &[GoldSentence],
) -> Result<Vec<GoldDocument>> {
    let mut by_path: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    let mut problems = Vec::new();
    for (index, g) in gold.iter().enumerate() {
        match g.id.rsplit_once(':') {
            Some((path, _)) => by_path.entry(path).or_default().push(index),
            None => problems.push(format!("{}: id without :L<n> or :S<n>", g.id)),
        }
    }
    let mut documents = Vec::new();
    for (path, indexes) in by_path {
        let full = corpus_dir.join(path);
        let (text, ranges) = corpus_units(&full, path)?;
        let mut units = Vec::new();
        for index in indexes {
            let id = &gold[index].id;
            match unit_index(id).and_then(|u| ranges.get(u)) {
                Some(&range) => units.push((index, range)),
                None => problems.push(format!(
                    "{id}: no such line or sentence in {}",
                    full.display()
                )),
            }
        }
        documents.push(GoldDocument {
            path: path.to_string(),
            text,
            units,
        });
    }
    if !problems.is_empty() {
        return Err(corpus_problems(corpus_dir, problems));
    }
    Ok(documents)
}

/// A corpus file's text and its units: the sentences of a CoNLL file one per line, or the lines
/// of a text file.
fn corpus_units(full: &Path, path: &str) -> Result<(String, Vec<Span>)> {
    let source = std::fs::read_to_string(full).map_err(|source| Error::Io {
        path: full.to_path_buf(),
        source,
    })?;
    // The text of a CoNLL file is never longer than the file.
    check_length(&source)?;
    if path.ends_with(".conll") || path.ends_with(".conllu") {
        let joined = join_sentences(&read_conll(&source), Layout::LinePerSentence);
        Ok((joined.text, joined.sentences))
    } else {
        let lines = line_ranges(&source);
        Ok((source, lines))
    }
}

/// The 0-based unit a gold id points to: `path:L<n>` (lines count from 1), `path:S<n>` (sentences
/// count from 0).
fn unit_index(id: &str) -> Option<usize> {
    id.rsplit_once(':').and_then(|(_, n)| {
        let number: usize = n.get(1..)?.parse().ok()?;
        match n.as_bytes()[0] {
            b'L' => number.checked_sub(1),
            b'S' => Some(number),
            _ => None,
        }
    })
}

/// Gold ids that point nowhere, as one error about the corpus folder.
fn corpus_problems(corpus_dir: &Path, problems: Vec<String>) -> Error {
    Error::Invalid(
        problems
            .into_iter()
            .map(|message| Problem {
                file: corpus_dir.display().to_string(),
                line: 0,
                column: None,
                message,
            })
            .collect(),
    )
}

/// Byte ranges of the lines of a text (without their line ends).
fn line_ranges(text: &str) -> Vec<Span> {
    let mut ranges = Vec::new();
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let content = line.trim_end_matches(['\n', '\r']);
        ranges.push(Span::new(start, start + content.len()));
        start += line.len();
    }
    ranges
}

/// Per-label counts, and the confusion of gold and predicted label sets.
#[derive(Debug, Default, Clone)]
pub struct EventScores {
    /// Per label: (true positives, false positives, false negatives).
    pub counts: BTreeMap<EventKind, (usize, usize, usize)>,
    /// (gold label or none, predicted label or none) -> sentences.
    pub confusion: BTreeMap<(Option<EventKind>, Option<EventKind>), usize>,
    /// Sentences scored.
    pub sentences: usize,
}

impl EventScores {
    /// Counts one sentence's gold and predicted labels.
    pub fn add(&mut self, gold: &[EventKind], predicted: &[EventKind]) {
        self.sentences += 1;
        for kind in EventKind::ALL {
            let entry = self.counts.entry(kind).or_default();
            match (gold.contains(&kind), predicted.contains(&kind)) {
                (true, true) => entry.0 += 1,
                (false, true) => entry.1 += 1,
                (true, false) => entry.2 += 1,
                (false, false) => {}
            }
        }
        let or_none = |labels: &[EventKind]| -> Vec<Option<EventKind>> {
            if labels.is_empty() {
                vec![None]
            } else {
                labels.iter().copied().map(Some).collect()
            }
        };
        for g in or_none(gold) {
            for p in or_none(predicted) {
                *self.confusion.entry((g, p)).or_default() += 1;
            }
        }
    }

    /// (precision, recall, F1) of one label.
    pub fn label(&self, kind: EventKind) -> (f64, f64, f64) {
        let (tp, fp, fn_) = self.counts.get(&kind).copied().unwrap_or_default();
        prf(tp, fp, fn_)
    }

    /// Micro-averaged (precision, recall, F1): every sentence's labels pooled.
    pub fn micro(&self) -> (f64, f64, f64) {
        let (tp, fp, fn_) = self
            .counts
            .values()
            .fold((0, 0, 0), |a, c| (a.0 + c.0, a.1 + c.1, a.2 + c.2));
        prf(tp, fp, fn_)
    }

    /// Macro-averaged (precision, recall, F1): the mean over labels.
    pub fn macro_average(&self) -> (f64, f64, f64) {
        let n = EventKind::ALL.len() as f64;
        let sum = EventKind::ALL
            .iter()
            .map(|k| self.label(*k))
            .fold((0.0, 0.0, 0.0), |a, s| (a.0 + s.0, a.1 + s.1, a.2 + s.2));
        (sum.0 / n, sum.1 / n, sum.2 / n)
    }

    /// The table `eval events` prints.
    pub fn table(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{:<8} {:>5} {:>5} {:>5} {:>6} {:>6} {:>6}",
            "label", "gold", "pred", "tp", "P", "R", "F1"
        );
        for kind in EventKind::ALL {
            let (tp, fp, fn_) = self.counts.get(&kind).copied().unwrap_or_default();
            let (p, r, f) = self.label(kind);
            let _ = writeln!(
                out,
                "{:<8} {:>5} {:>5} {:>5} {p:>6.3} {r:>6.3} {f:>6.3}",
                kind.as_str(),
                tp + fn_,
                tp + fp,
                tp
            );
        }
        let (p, r, f) = self.micro();
        let _ = writeln!(
            out,
            "{:<8} {:>5} {:>5} {:>5} {p:>6.3} {r:>6.3} {f:>6.3}",
            "micro", "", "", ""
        );
        let (p, r, f) = self.macro_average();
        let _ = writeln!(
            out,
            "{:<8} {:>5} {:>5} {:>5} {p:>6.3} {r:>6.3} {f:>6.3}",
            "macro", "", "", ""
        );
        self.confusion_table(&mut out);
        out
    }

    /// The confusion of gold (rows) and predicted (columns) labels, `none` for a sentence without.
    fn confusion_table(&self, out: &mut String) {
        let _ = writeln!(out, "\nconfusion: sentences by gold label (rows) and predicted label (columns), {} sentences", self.sentences);
        let name = |k: Option<EventKind>| k.map_or("none", EventKind::as_str);
        let columns: Vec<Option<EventKind>> = EventKind::ALL
            .iter()
            .copied()
            .map(Some)
            .chain([None])
            .collect();
        let _ = write!(out, "{:<8}", "");
        for c in &columns {
            let _ = write!(out, " {:>7}", name(*c));
        }
        out.push('\n');
        for g in &columns {
            let _ = write!(out, "{:<8}", name(*g));
            for p in &columns {
                let _ = write!(
                    out,
                    " {:>7}",
                    self.confusion.get(&(*g, *p)).copied().unwrap_or(0)
                );
            }
            out.push('\n');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_count_labels_and_confusion() {
        use EventKind::*;
        let mut scores = EventScores::default();
        scores.add(&[Goal], &[Goal]);
        scores.add(&[Goal, Penalty], &[Goal]);
        scores.add(&[], &[Chance]);
        assert_eq!(scores.counts[&Goal], (2, 0, 0));
        assert_eq!(scores.counts[&Penalty], (0, 0, 1));
        assert_eq!(scores.counts[&Chance], (0, 1, 0));
        assert_eq!(scores.confusion[&(None, Some(Chance))], 1);
        assert_eq!(scores.confusion[&(Some(Penalty), Some(Goal))], 1);
        let (p, r, f) = scores.micro();
        assert_eq!((p, r), (2.0 / 3.0, 2.0 / 3.0));
        assert!((f - 2.0 / 3.0).abs() < 1e-9);
    }
}
