//! Quality measured against gold files: sentence events (`gold/dev.tsv`), and the readers for the
//! corpora the gold ids point into (one-sentence-per-line files, CoNLL files).

use crate::classify::EventKind;
use crate::error::{Error, Problem, Result};
use crate::gazetteer::{Entity, EntityKind};
use crate::recognize::{previous_word, How};
use crate::{Document, Pipeline};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::ops::Range;
use std::path::Path;

/// One gold sentence: `id<TAB>labels<TAB>text`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoldSentence {
    pub id: String,
    pub labels: Vec<EventKind>,
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
    pub labels: Vec<EventKind>,
    /// The trigger words per predicted label, for error listings.
    pub triggers: Vec<(EventKind, String)>,
}

/// Classifies each gold sentence alone.
pub fn predict_sentences(pipeline: &Pipeline, gold: &[GoldSentence]) -> Vec<Prediction> {
    gold.iter()
        .map(|g| {
            let doc = Document::new(g.id.clone(), g.text.clone());
            let analysis = pipeline.analyze(&doc);
            prediction(
                analysis
                    .events
                    .iter()
                    .map(|e| (e.kind, doc.text[e.trigger.clone()].to_string())),
            )
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
    let mut by_path: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    let mut problems = Vec::new();
    for (index, g) in gold.iter().enumerate() {
        match g.id.rsplit_once(':') {
            Some((path, _)) => by_path.entry(path).or_default().push(index),
            None => problems.push(format!("{}: id without :L<n> or :S<n>", g.id)),
        }
    }
    let mut predictions: Vec<Option<Prediction>> = vec![None; gold.len()];
    for (path, indexes) in by_path {
        let full = corpus_dir.join(path);
        let (text, units) = if path.ends_with(".conll") || path.ends_with(".conllu") {
            let source = std::fs::read_to_string(&full).map_err(|source| Error::Io {
                path: full.clone(),
                source,
            })?;
            let joined = join_sentences(&read_conll(&source), Layout::LinePerSentence);
            (joined.text, joined.sentences)
        } else {
            let text = std::fs::read_to_string(&full).map_err(|source| Error::Io {
                path: full.clone(),
                source,
            })?;
            let lines = line_ranges(&text);
            (text, lines)
        };
        let doc = Document::new(path, text);
        let analysis = pipeline.analyze(&doc);
        for index in indexes {
            let id = &gold[index].id;
            let unit = id.rsplit_once(':').and_then(|(_, n)| {
                let number: usize = n.get(1..)?.parse().ok()?;
                match n.as_bytes()[0] {
                    b'L' => number.checked_sub(1),
                    b'S' => Some(number),
                    _ => None,
                }
            });
            let Some(range) = unit.and_then(|u| units.get(u)) else {
                problems.push(format!(
                    "{id}: no such line or sentence in {}",
                    full.display()
                ));
                continue;
            };
            let events = analysis.events.iter().filter(|e| {
                let span = &analysis.sentences[e.sentence].span;
                span.start < range.end && range.start < span.end
            });
            predictions[index] = Some(prediction(
                events.map(|e| (e.kind, doc.text[e.trigger.clone()].to_string())),
            ));
        }
    }
    if !problems.is_empty() {
        return Err(Error::Invalid(
            problems
                .into_iter()
                .map(|message| Problem {
                    file: corpus_dir.display().to_string(),
                    line: 0,
                    column: None,
                    message,
                })
                .collect(),
        ));
    }
    Ok(predictions
        .into_iter()
        .map(|p| p.expect("every gold row was predicted or reported"))
        .collect())
}

/// Byte ranges of the lines of a text (without their line ends).
pub fn line_ranges(text: &str) -> Vec<Range<usize>> {
    let mut ranges = Vec::new();
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let content = line.trim_end_matches(['\n', '\r']);
        ranges.push(start..start + content.len());
        start += line.len();
    }
    ranges
}

/// One token of a CoNLL file: its form, whether a space follows it, and its entity tag.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConllToken {
    pub form: String,
    /// From `SpaceAfter=No` in CoNLL-U; NDT files have no such column and are detokenized.
    pub space_after: Option<bool>,
    /// `B-PER`, `I-ORG`, `O` from `name=...` in the last column.
    pub entity: String,
}

/// One sentence of a CoNLL file, and whether it opens a paragraph (`# newpar`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConllSentence {
    pub newpar: bool,
    pub tokens: Vec<ConllToken>,
}

/// The sentences of a CoNLL-U file (`SpaceAfter=No` is read; `# newpar` opens a paragraph) or an
/// NDT CoNLL file (no spacing information: detokenized later). A multi-word token is one token with
/// its surface form; empty nodes and other comments are skipped.
pub fn read_conll(source: &str) -> Vec<ConllSentence> {
    let conllu = source.contains("# text") || source.contains("SpaceAfter=");
    let mut sentences = Vec::new();
    let mut current = ConllSentence {
        newpar: false,
        tokens: Vec::new(),
    };
    let mut covered_until = 0;
    for line in source.lines() {
        if line.trim().is_empty() {
            covered_until = 0;
            if !current.tokens.is_empty() {
                sentences.push(std::mem::replace(
                    &mut current,
                    ConllSentence {
                        newpar: false,
                        tokens: Vec::new(),
                    },
                ));
            }
            continue;
        }
        if line.starts_with('#') {
            current.newpar |= line.starts_with("# newpar");
            continue;
        }
        let columns: Vec<&str> = line.split('\t').collect();
        if columns.len() < 2 || columns[0].contains('.') {
            continue;
        }
        // A multi-word token counts by its surface range: keep its line, skip its words.
        let id: Option<usize> = columns[0].parse().ok();
        if id.is_some_and(|id| id <= covered_until) {
            continue;
        }
        if let Some((_, last)) = columns[0].split_once('-') {
            covered_until = last.parse().unwrap_or(0);
        }
        let misc = columns.last().copied().unwrap_or("");
        let space_after = conllu.then(|| !misc.split('|').any(|f| f == "SpaceAfter=No"));
        let entity = misc
            .split('|')
            .find_map(|f| f.strip_prefix("name="))
            .unwrap_or("O")
            .to_string();
        current.tokens.push(ConllToken {
            form: columns[1].to_string(),
            space_after,
            entity,
        });
    }
    if !current.tokens.is_empty() {
        sentences.push(current);
    }
    if let Some(first) = sentences.first_mut() {
        first.newpar = true;
    }
    sentences
}

/// How sentences are laid out when a CoNLL file is turned back into text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// One sentence per line (the gold ids of `dev.tsv` count sentences).
    LinePerSentence,
    /// Running text: sentences of a paragraph joined by a space, paragraphs by a blank line (the
    /// CoNLL 2018 shared task's way of scoring segmentation).
    RunningText,
}

/// CoNLL sentences as a document, with every sentence's and token's byte range.
pub struct JoinedText {
    pub text: String,
    pub sentences: Vec<Range<usize>>,
    pub tokens: Vec<Vec<Range<usize>>>,
}

pub fn join_sentences(sentences: &[ConllSentence], layout: Layout) -> JoinedText {
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
            spans.push(at..joined.text.len());
        }
        joined.sentences.push(start..joined.text.len());
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

/// Spans matched on both ends: the CoNLL 2018 shared task's segmentation scores.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct SpanScores {
    pub gold: usize,
    pub predicted: usize,
    pub matched: usize,
}

impl SpanScores {
    fn count(gold: &[Range<usize>], predicted: &[Range<usize>]) -> SpanScores {
        let set: std::collections::HashSet<(usize, usize)> =
            gold.iter().map(|r| (r.start, r.end)).collect();
        let matched = predicted
            .iter()
            .filter(|r| set.contains(&(r.start, r.end)))
            .count();
        SpanScores {
            gold: gold.len(),
            predicted: predicted.len(),
            matched,
        }
    }

    /// (precision, recall, F1).
    pub fn prf(&self) -> (f64, f64, f64) {
        prf(
            self.matched,
            self.predicted - self.matched,
            self.gold - self.matched,
        )
    }
}

/// Segmentation of a CoNLL-U file's running text against its gold tokens and sentences.
#[derive(Debug, Default, Clone)]
pub struct SegmentationScores {
    pub tokens: SpanScores,
    pub sentences: SpanScores,
    /// The first mismatches, with context, for `--errors`.
    pub errors: Vec<String>,
}

/// Rebuilds the running text of a CoNLL-U file, segments it, and scores tokens and sentences.
pub fn evaluate_segmentation(source: &str, max_errors: usize) -> SegmentationScores {
    let joined = join_sentences(&read_conll(source), Layout::RunningText);
    let text = joined.text.as_str();
    let predicted = crate::segment::segment(text);
    let predicted_sentences: Vec<Range<usize>> = predicted.iter().map(|s| s.span.clone()).collect();
    // A score is one token here and three in UD; it is scored by its pieces (see Token::ud_pieces).
    let predicted_tokens: Vec<Range<usize>> = predicted
        .iter()
        .flat_map(|s| s.tokens.iter().flat_map(|t| t.ud_pieces(text)))
        .collect();
    let gold_tokens: Vec<Range<usize>> = joined.tokens.iter().flatten().cloned().collect();
    let mut scores = SegmentationScores {
        tokens: SpanScores::count(&gold_tokens, &predicted_tokens),
        sentences: SpanScores::count(&joined.sentences, &predicted_sentences),
        errors: Vec::new(),
    };
    let shown = |r: &Range<usize>| text[r.clone()].replace('\n', "⏎");
    let overlapping = |spans: &[Range<usize>], r: &Range<usize>| -> Vec<String> {
        spans
            .iter()
            .filter(|p| p.start < r.end && r.start < p.end)
            .map(|p| format!("«{}»", shown(p)))
            .collect()
    };
    let predicted_set: std::collections::HashSet<(usize, usize)> = predicted_sentences
        .iter()
        .map(|r| (r.start, r.end))
        .collect();
    for gold in &joined.sentences {
        if scores.errors.len() >= max_errors / 2 + max_errors % 2 {
            break;
        }
        if !predicted_set.contains(&(gold.start, gold.end)) {
            scores.errors.push(format!(
                "sentence: gold «{}»\n          predicted {}",
                shown(gold),
                overlapping(&predicted_sentences, gold).join(" ")
            ));
        }
    }
    let token_set: std::collections::HashSet<(usize, usize)> =
        predicted_tokens.iter().map(|r| (r.start, r.end)).collect();
    for gold in &gold_tokens {
        if scores.errors.len() >= max_errors {
            break;
        }
        if !token_set.contains(&(gold.start, gold.end)) {
            let from = text.floor_char_boundary(gold.start.saturating_sub(30));
            let to = text.ceil_char_boundary((gold.end + 30).min(text.len()));
            scores.errors.push(format!(
                "token: gold «{}» predicted {} in …{}…",
                shown(gold),
                overlapping(&predicted_tokens, gold).join(" "),
                text[from..to].replace('\n', "⏎")
            ));
        }
    }
    scores
}

/// A CoNLL file (NDT with NorNE tags) as a document: its text, one sentence per line, and its
/// gold entity spans with their types (`PER`, `ORG`, `GPE_LOC`, ...).
pub struct ConllDocument {
    pub name: String,
    pub text: String,
    pub entities: Vec<(Range<usize>, String)>,
}

pub fn read_conll_document(name: &str, source: &str) -> ConllDocument {
    let sentences = read_conll(source);
    let joined = join_sentences(&sentences, Layout::LinePerSentence);
    let mut entities: Vec<(Range<usize>, String)> = Vec::new();
    for (sentence, spans) in sentences.iter().zip(&joined.tokens) {
        let mut open: Option<(Range<usize>, String)> = None;
        for (token, span) in sentence.tokens.iter().zip(spans) {
            let (prefix, kind) = token.entity.split_once('-').unwrap_or(("O", ""));
            match (prefix, &mut open) {
                ("I", Some((range, open_kind))) if open_kind == kind => range.end = span.end,
                ("B" | "I", _) => {
                    entities.extend(open.take());
                    open = Some((span.clone(), kind.to_string()));
                }
                _ => entities.extend(open.take()),
            }
        }
        entities.extend(open);
    }
    ConllDocument {
        name: name.to_string(),
        text: joined.text,
        entities,
    }
}

/// The NorNE type a gazetteer kind is scored as.
pub fn entity_type(kind: EntityKind) -> &'static str {
    match kind {
        EntityKind::Player | EntityKind::Official => "PER",
        _ => "ORG",
    }
}

/// NorNE tags a paper or channel ORG where it acts (`sier han til VG`, `VG skriver`, `Foto:
/// Aftenposten`) and PROD where it stands for what it published: `i Aftenposten`, `ifølge TMZ`,
/// `leser av Aftenposten`, `avisen The Sun`, a byline or citation `(VG Nett)`, `(Aftenposten 22.
/// august)`.
pub fn is_publication(text: &str, span: &Range<usize>) -> bool {
    let (at, word) = previous_word(text, span.start);
    let word = word.to_lowercase();
    let (_, word_before) = previous_word(text, at);
    matches!(
        word.as_str(),
        "i" | "ifølge" | "iflg" | "avis" | "avisen" | "avisa"
    ) || (word == "av" && word_before.to_lowercase().starts_with("leser"))
        || text[..span.start].trim_end().ends_with('(')
}

/// Exact and overlapping span matches for one entity type.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct TypeScores {
    pub exact: SpanScores,
    /// `matched` counts predicted spans overlapping a gold span of the type.
    pub lenient_predicted: SpanScores,
    /// `matched` counts gold spans overlapped by a predicted span of the type.
    pub lenient_gold: SpanScores,
}

impl TypeScores {
    /// Lenient (precision, recall, F1): a span counts when it overlaps one of the other side.
    pub fn lenient(&self) -> (f64, f64, f64) {
        let p =
            self.lenient_predicted.matched as f64 / self.lenient_predicted.predicted.max(1) as f64;
        let r = self.lenient_gold.matched as f64 / self.lenient_gold.gold.max(1) as f64;
        let f = if p + r == 0.0 {
            0.0
        } else {
            2.0 * p * r / (p + r)
        };
        (p, r, f)
    }
}

/// Names in running text against NorNE gold: PER and ORG, exact and lenient.
#[derive(Debug, Default, Clone)]
pub struct EntityScores {
    pub per: TypeScores,
    pub org: TypeScores,
    /// Missed and spurious spans with context, for `--errors`.
    pub errors: Vec<String>,
}

/// Recognises the names of each document and scores them against its gold spans. Descriptions
/// (`hjemmelaget`) and names inside hyphen compounds (`RBK-keeperen`) are references NorNE leaves
/// untagged (it tags whole tokens, and the compound's head is not a name), so they are left out.
pub fn evaluate_entities(
    pipeline: &Pipeline,
    documents: &[ConllDocument],
    max_errors: usize,
) -> EntityScores {
    let mut scores = EntityScores::default();
    for document in documents {
        let doc = Document::new(document.name.clone(), document.text.clone());
        let analysis = pipeline.analyze(&doc);
        let predicted: Vec<(Range<usize>, &str)> = analysis
            .recognition
            .mentions
            .iter()
            .filter(|m| {
                let (before, after) =
                    (&document.text[..m.span.start], &document.text[m.span.end..]);
                let compound = (after.starts_with('-')
                    && after[1..].starts_with(char::is_alphanumeric))
                    || (before.ends_with('-')
                        && before[..before.len() - 1].ends_with(char::is_alphanumeric));
                !compound && m.how != How::Description
            })
            .map(|m| {
                let kind = pipeline.gazetteer().entity(m.entities[0]).kind;
                let kind = if kind == EntityKind::Media && is_publication(&document.text, &m.span) {
                    "PROD"
                } else {
                    entity_type(kind)
                };
                (m.span.clone(), kind)
            })
            .collect();
        for (kind, slot) in [("PER", &mut scores.per), ("ORG", &mut scores.org)] {
            let gold: Vec<Range<usize>> = document
                .entities
                .iter()
                .filter(|(_, k)| k == kind)
                .map(|(r, _)| r.clone())
                .collect();
            let pred: Vec<Range<usize>> = predicted
                .iter()
                .filter(|(_, k)| *k == kind)
                .map(|(r, _)| r.clone())
                .collect();
            let add = |total: &mut SpanScores, more: SpanScores| {
                total.gold += more.gold;
                total.predicted += more.predicted;
                total.matched += more.matched;
            };
            add(&mut slot.exact, SpanScores::count(&gold, &pred));
            let overlaps = |a: &Range<usize>, b: &Range<usize>| a.start < b.end && b.start < a.end;
            let pred_hits = pred
                .iter()
                .filter(|p| gold.iter().any(|g| overlaps(p, g)))
                .count();
            let gold_hits = gold
                .iter()
                .filter(|g| pred.iter().any(|p| overlaps(p, g)))
                .count();
            add(
                &mut slot.lenient_predicted,
                SpanScores {
                    gold: gold.len(),
                    predicted: pred.len(),
                    matched: pred_hits,
                },
            );
            add(
                &mut slot.lenient_gold,
                SpanScores {
                    gold: gold.len(),
                    predicted: pred.len(),
                    matched: gold_hits,
                },
            );
            let context = |r: &Range<usize>| {
                let line_start = document.text[..r.start].rfind('\n').map_or(0, |i| i + 1);
                let line_end = document.text[r.end..]
                    .find('\n')
                    .map_or(document.text.len(), |i| r.end + i);
                format!(
                    "{}[{}]{}",
                    &document.text[line_start..r.start],
                    &document.text[r.clone()],
                    &document.text[r.end..line_end]
                )
            };
            for g in gold.iter().filter(|g| !pred.contains(g)) {
                if scores.errors.len() < max_errors {
                    scores
                        .errors
                        .push(format!("{} missed {kind}: {}", document.name, context(g)));
                }
            }
            for p in pred.iter().filter(|p| !gold.contains(p)) {
                if scores.errors.len() < max_errors {
                    scores.errors.push(format!(
                        "{} spurious {kind}: {}",
                        document.name,
                        context(p)
                    ));
                }
            }
        }
    }
    scores
}

/// An oracle gazetteer from gold names: every PER name a player, every ORG name a club, so that
/// matching can be measured apart from coverage. A name goes in under the type the gold gives it
/// most often; a genitive of another gold name (`Vikings` next to `Viking`) is left to the matcher.
pub fn oracle_entities(documents: &[ConllDocument]) -> Vec<Entity> {
    // How often each surface is tagged with each type. A name goes in when PER and ORG tags are at
    // least as many as the others ("Sofia" the city is not a person); an ORG name also tagged as a
    // place is a team named after its place ("Norge", "Tromsø"), written down with that city so
    // the recogniser can tell "i Tromsø" from "Tromsø vant".
    let mut tagged: BTreeMap<&str, BTreeMap<&str, usize>> = BTreeMap::new();
    for document in documents {
        for (range, kind) in &document.entities {
            *tagged
                .entry(&document.text[range.clone()])
                .or_default()
                .entry(kind.as_str())
                .or_default() += 1;
        }
    }
    let mut names: BTreeMap<(EntityKind, String), bool> = BTreeMap::new();
    for (surface, kinds) in &tagged {
        let count = |kind: &str| kinds.get(kind).copied().unwrap_or(0);
        let (per, org) = (count("PER"), count("ORG"));
        // A name tagged ORG where it acts and PROD where it is what was published is a paper
        // or a channel ("til VG Nett", "(VG Nett)").
        let media = org > 0 && count("PROD") > 0;
        let named = per + org + if media { count("PROD") } else { 0 };
        let other: usize = kinds.values().sum::<usize>() - named;
        let place_named = kinds.keys().any(|k| k.starts_with("GPE") || *k == "LOC");
        if named == 0 || (named < other && !(org > 0 && place_named)) {
            continue;
        }
        let kind = if per > org {
            EntityKind::Player
        } else if media {
            EntityKind::Media
        } else {
            EntityKind::Club
        };
        names.insert(
            (kind, surface.to_string()),
            kind == EntityKind::Club && place_named,
        );
    }
    let mut entities: Vec<Entity> = Vec::new();
    let mut ids = std::collections::HashSet::new();
    for ((kind, name), place_named) in &names {
        let stem = name
            .strip_suffix("'s")
            .or(name.strip_suffix('s'))
            .or(name.strip_suffix('\''));
        if stem.is_some_and(|stem| names.contains_key(&(*kind, stem.to_string()))) {
            continue;
        }
        let base = format!("{}:{}", kind.id_prefix(), crate::gazetteer::slug(name));
        let mut id = base.clone();
        let mut n = 2;
        while !ids.insert(id.clone()) {
            id = format!("{base}-{n}");
            n += 1;
        }
        let attrs = if *place_named {
            vec![("city".to_string(), name.clone())]
        } else {
            Vec::new()
        };
        entities.push(Entity {
            id,
            kind: *kind,
            name: name.clone(),
            aliases: Vec::new(),
            attrs,
        });
    }
    entities
}

/// Per-label counts, and the confusion of gold and predicted label sets.
#[derive(Debug, Default, Clone)]
pub struct EventScores {
    /// Per label: (true positives, false positives, false negatives).
    pub counts: BTreeMap<EventKind, (usize, usize, usize)>,
    /// (gold label or none, predicted label or none) -> sentences.
    pub confusion: BTreeMap<(Option<EventKind>, Option<EventKind>), usize>,
    pub sentences: usize,
}

impl EventScores {
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

    pub fn micro(&self) -> (f64, f64, f64) {
        let (tp, fp, fn_) = self
            .counts
            .values()
            .fold((0, 0, 0), |a, c| (a.0 + c.0, a.1 + c.1, a.2 + c.2));
        prf(tp, fp, fn_)
    }

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
        out
    }
}

fn prf(tp: usize, fp: usize, fn_: usize) -> (f64, f64, f64) {
    let ratio = |a: usize, b: usize| if b == 0 { 0.0 } else { a as f64 / b as f64 };
    let (p, r) = (ratio(tp, tp + fp), ratio(tp, tp + fn_));
    let f = if p + r == 0.0 {
        0.0
    } else {
        2.0 * p * r / (p + r)
    };
    (p, r, f)
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
        assert_eq!(&joined.text[joined.tokens[1][0].clone()], "Viking");
        assert_eq!(joined.sentences, [0..29, 30..36]);
    }

    #[test]
    fn media_are_publications_where_read_and_organisations_where_they_act() {
        let cases = [
            ("sier han til VG.", "VG", false),
            ("VG skriver at", "VG", false),
            ("Foto: Aftenposten", "Aftenposten", false),
            ("skrev han i Aftenposten:", "Aftenposten", true),
            ("I The Observer sier han", "The Observer", true),
            ("fest i 1991, ifølge TMZ.", "TMZ", true),
            ("ivrig leser av Aftenposten venter jeg", "Aftenposten", true),
            ("største avis The Sun lyste", "The Sun", true),
            ("(VG Nett)", "VG Nett", true),
        ];
        for (text, name, publication) in cases {
            let at = text.find(name).unwrap();
            assert_eq!(
                is_publication(text, &(at..at + name.len())),
                publication,
                "{text}"
            );
        }
    }

    #[test]
    fn oracle_takes_a_name_tagged_org_and_prod_as_media() {
        let document = |text: &str, tags: &[(&str, &str)]| ConllDocument {
            name: "x".into(),
            text: text.into(),
            entities: tags
                .iter()
                .map(|(name, tag)| {
                    let at = text.find(name).unwrap();
                    (at..at + name.len(), tag.to_string())
                })
                .collect(),
        };
        let documents = [
            document("sa han til VG Nett.", &[("VG Nett", "ORG")]),
            document(
                "(VG Nett) Viking vant.",
                &[("VG Nett", "PROD"), ("Viking", "ORG")],
            ),
            document(
                "(VG Nett) Brann tapte.",
                &[("VG Nett", "PROD"), ("Brann", "ORG")],
            ),
        ];
        let kinds: Vec<(String, EntityKind)> = oracle_entities(&documents)
            .into_iter()
            .map(|e| (e.name, e.kind))
            .collect();
        assert_eq!(
            kinds,
            [
                ("Brann".to_string(), EntityKind::Club),
                ("Viking".to_string(), EntityKind::Club),
                ("VG Nett".to_string(), EntityKind::Media),
            ]
        );
    }
}
