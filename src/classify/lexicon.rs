//! The cue lexicon: the CSV files of `data/cues/` read and checked row by row, macros spliced
//! and lemmas expanded once, and the patterns indexed by their first word and their anchor word,
//! so that a sentence tries only the cues that can start at its words and can match in it.

use super::cue::{
    check_macro, first_word, match_elements, parse_pattern, Cue, CueTarget, Effect, Element, Macros,
};
use super::minute::number_word;
use super::EventKind;
use crate::error::{Error, Problem, Result};
use crate::lemma::Lemmatizer;
use crate::segment::{Folded, Token};
use crate::span::Span;
use aho_corasick::{AhoCorasick, AhoCorasickKind, MatchKind};
// Looked up once per word of every document: a fast hasher matters, and keys are not hostile.
use rustc_hash::FxHashMap as HashMap;
use std::path::Path;
use std::sync::Arc;

/// The longest number word in bytes (`tretten`, `fjorten`, `seksten`): a longer word without a
/// digit is not looked up as a number, which spares most words a lookup.
const LONGEST_NUMBER_WORD: usize = 7;

/// The shipped lexicon, one file per event kind, in the order they are read.
pub(super) const EMBEDDED_FILES: [(&str, &str); 4] = [
    (
        "data/cues/goal.csv",
        include_str!("../../data/cues/goal.csv"),
    ),
    (
        "data/cues/chance.csv",
        include_str!("../../data/cues/chance.csv"),
    ),
    (
        "data/cues/foul.csv",
        include_str!("../../data/cues/foul.csv"),
    ),
    (
        "data/cues/penalty.csv",
        include_str!("../../data/cues/penalty.csv"),
    ),
];

/// One row of the lexicon as written, for messages and for checking it on its example.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CueRow {
    /// The row's `id`, unique in the lexicon.
    pub id: String,
    /// The event it is about.
    pub event: EventKind,
    /// The file and line it is on.
    pub file: String,
    /// The 1-based line.
    pub line: u64,
    /// Its pattern as written (lower case).
    pub pattern: String,
    /// Its example sentence (empty when the file gives none).
    pub example: String,
}

/// The cue lexicon, indexed by each pattern's first element.
///
/// The shipped lexicon is compiled with `kampfakta compile` into `data/lexicon.snapshot`, read
/// at start with no parsing or lemma expansion (see `src/snapshot/mod.rs`).
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct Lexicon {
    rows: Vec<CueRow>,
    /// The macros, with where each is defined.
    macros: Vec<MacroRow>,
    /// Shared by [`Lexicon::without`]'s copies, which only leave a row out.
    pub(super) cues: Arc<Vec<Cue>>,
    index: Arc<Index>,
    /// A row whose patterns are not matched (see [`Lexicon::without`]).
    left_out: Option<usize>,
}

/// A macro row: `$name` in a pattern stands for its pattern.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
struct MacroRow {
    name: String,
    pattern: String,
    file: String,
    line: u64,
}

struct MacroTable<'a>(&'a [MacroRow]);

impl Macros for MacroTable<'_> {
    fn pattern(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|m| m.name == name)
            .map(|m| m.pattern.as_str())
    }
}

/// Where each pattern can start.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
struct Index {
    /// Per word form: the patterns that start with it and those it anchors.
    words: HashMap<String, WordCues>,
    /// Patterns starting with `pre*`, `*suf` or `*in*`: an automaton finds their literal in the
    /// sentence, then the element is checked against the token it falls in.
    wildcard_first: Literals,
    /// Per automaton pattern: the cues whose first element has that literal.
    wildcard_cues: Vec<Vec<usize>>,
    /// Patterns anchored at the sentence start (`^`).
    at_start: Vec<usize>,
    /// Patterns starting with `#num`, `#minute`, `#score` or `#score-...`: tried at tokens with
    /// digits or number words.
    numeric_first: Vec<usize>,
    /// Patterns starting with `*`, `@person`, `@team`, `@keeper` or an alternation with a class:
    /// tried at every token.
    everywhere: Vec<usize>,
    /// The patterns without an anchor (only wildcards and classes), as a bit set of cues.
    unanchored: Vec<u64>,
    /// Patterns starting with a wildcard that have an anchor: tried at every word their first
    /// element matches, in the sentences that have their anchor.
    wildcard_anchored: Vec<usize>,
}

/// The literals of wildcards, found inside a sentence's words by an automaton: stored as the
/// literals, whose automaton is built when they are read.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
#[serde(from = "Vec<String>", into = "Vec<String>")]
struct Literals {
    literals: Vec<String>,
    automaton: AhoCorasick,
}

impl From<Vec<String>> for Literals {
    fn from(literals: Vec<String>) -> Literals {
        // A DFA: the literals are short, and it scans every sentence (faster here than the
        // default NFA on the whole NoReC).
        let automaton = AhoCorasick::builder()
            .kind(Some(AhoCorasickKind::DFA))
            .match_kind(MatchKind::Standard)
            .build(&literals)
            .expect("cue literals are short plain strings");
        Literals {
            literals,
            automaton,
        }
    }
}

impl From<Literals> for Vec<String> {
    fn from(literals: Literals) -> Vec<String> {
        literals.literals
    }
}

/// Letters every form of an anchor must have for a pattern that starts with a wildcard to be
/// tried by its anchor instead of by the automaton: shorter words (`i`, `den`) are in most
/// sentences, and testing the wildcard at every word of them costs more than the automaton.
const SELECTIVE_ANCHOR_CHARS: usize = 5;

/// The patterns one word form concerns.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
struct WordCues {
    /// The word's id: its place among the forms of all word tests, which the tests hold.
    id: u32,
    /// The patterns that start with the word.
    starting: Vec<usize>,
    /// The patterns it anchors. A pattern's anchor is the word element the pattern cannot match
    /// without whose shortest form is longest (`keeperen` rather than `i`): a sentence tries a
    /// pattern only when one of its words is a form of the anchor, so that on text that is not
    /// about football most patterns that start with a common word stop there.
    anchoring: Vec<usize>,
}

/// A bit set of cues: cue `i` is bit `i % 64` of word `i / 64`.
fn has(set: &[u64], cue: usize) -> bool {
    set[cue / 64] & (1 << (cue % 64)) != 0
}

fn insert(set: &mut [u64], cue: usize) {
    set[cue / 64] |= 1 << (cue % 64);
}

/// The forms of the anchor of a pattern (see [`WordCues::anchoring`]), if it has a word element
/// of plain forms.
fn anchor(elements: &[Element]) -> Option<&[String]> {
    elements
        .iter()
        .filter_map(|e| match e {
            Element::Word(test) if !test.forms.is_empty() && !test.has_wildcards() => {
                Some(test.forms.as_slice())
            }
            _ => None,
        })
        .max_by_key(|forms| forms.iter().map(|f| f.chars().count()).min().unwrap_or(0))
}

/// A row as read, before its pattern is parsed (macros may be defined after their use).
struct RawRow {
    file: String,
    line: u64,
    id: String,
    event: String,
    role: String,
    scope: String,
    pattern: String,
    requires: String,
    example: String,
}

impl Lexicon {
    /// The shipped lexicon.
    pub fn new() -> Result<Lexicon> {
        match super::lexicon_snapshot::shipped() {
            Some(lexicon) => Ok(lexicon),
            None => Lexicon::from_embedded_files(),
        }
    }

    /// The compiled snapshot of the shipped lexicon, built from its files: what
    /// `data/lexicon.snapshot` must hold (`kampfakta compile` writes it).
    pub fn compile_shipped() -> Result<Vec<u8>> {
        super::lexicon_snapshot::compile_shipped()
    }

    /// The shipped lexicon built from its CSV files, without its compiled snapshot.
    pub(super) fn from_embedded_files() -> Result<Lexicon> {
        let files: Vec<(String, Vec<u8>)> = EMBEDDED_FILES
            .iter()
            .map(|(name, text)| (format!("{name} (embedded)"), text.as_bytes().to_vec()))
            .collect();
        Lexicon::from_files(&files)
    }

    /// A lexicon from a CSV file, or from every `.csv` file of a folder in name order.
    pub fn from_path(path: &Path) -> Result<Lexicon> {
        let io = |source| Error::Io {
            path: path.to_path_buf(),
            source,
        };
        let mut paths = Vec::new();
        if path.is_dir() {
            for entry in std::fs::read_dir(path).map_err(io)? {
                let entry = entry.map_err(io)?.path();
                if entry.extension().is_some_and(|e| e == "csv") {
                    paths.push(entry);
                }
            }
            paths.sort();
            if paths.is_empty() {
                return Err(Error::Invalid(vec![problem(
                    &path.display().to_string(),
                    0,
                    None,
                    "a cue lexicon folder needs .csv files of rows".into(),
                )]));
            }
        } else {
            paths.push(path.to_path_buf());
        }
        let mut files = Vec::new();
        for path in paths {
            let bytes = std::fs::read(&path).map_err(|source| Error::Io {
                path: path.clone(),
                source,
            })?;
            files.push((path.display().to_string(), bytes));
        }
        Lexicon::from_files(&files)
    }

    /// A lexicon from one CSV text (`file` names it in messages).
    pub fn from_csv(file: &str, bytes: &[u8]) -> Result<Lexicon> {
        Lexicon::from_files(&[(file.to_string(), bytes.to_vec())])
    }

    /// Reads `id,event,role,scope,pattern,requires,example` rows (any column order, more columns
    /// ignored) of several files as one lexicon; every problem is reported with file and line.
    pub fn from_files(files: &[(String, Vec<u8>)]) -> Result<Lexicon> {
        let mut problems = Vec::new();
        let mut raw = Vec::new();
        for (file, bytes) in files {
            read_rows(file, bytes, &mut raw, &mut problems);
        }
        let (macro_rows, raw): (Vec<RawRow>, Vec<RawRow>) =
            raw.into_iter().partition(|r| r.role == "macro");
        let lemmatizer = Lemmatizer::new()?;
        let macros = read_macros(macro_rows, &lemmatizer, &mut problems);
        let mut rows: Vec<CueRow> = Vec::new();
        let mut cues = Vec::new();
        let mut seen = Seen::default();
        for row in raw {
            let at = |(column, message)| problem(&row.file, row.line, Some(column), message);
            let checked = row_effect(&row).and_then(|(event, effect)| {
                let variants = parse_pattern(&row.pattern, &MacroTable(&macros), &lemmatizer)
                    .map_err(|message| ("pattern", format!("{:?}: {message}", row.pattern)))?;
                seen.first(&row, event, effect)?;
                Ok((event, effect, variants))
            });
            let (event, effect, variants) = match checked {
                Ok(checked) => checked,
                Err(mistake) => {
                    problems.push(at(mistake));
                    continue;
                }
            };
            let index = rows.len();
            cues.extend(variants.into_iter().map(|elements| Cue {
                row: index,
                event,
                elements,
                effect,
            }));
            rows.push(CueRow {
                id: row.id,
                event,
                file: row.file,
                line: row.line,
                pattern: row.pattern,
                example: row.example,
            });
        }
        if !problems.is_empty() {
            return Err(Error::Invalid(problems));
        }
        let index = Index::build(&mut cues);
        Ok(Lexicon {
            rows,
            macros,
            cues: Arc::new(cues),
            index: Arc::new(index),
            left_out: None,
        })
    }

    /// The rows, in the order read.
    pub fn rows(&self) -> &[CueRow] {
        &self.rows
    }

    /// The names of macros no row uses, with where they are defined (`file:line`).
    pub fn unused_macros(&self) -> Vec<String> {
        let uses = |name: &str| {
            let token = format!("${name}");
            // Used by a row's pattern, or by another macro.
            self.macros
                .iter()
                .any(|m| m.name != name && uses_macro(&m.pattern, &token))
                || self.rows.iter().any(|r| uses_macro(&r.pattern, &token))
        };
        self.macros
            .iter()
            .filter(|m| !uses(&m.name))
            .map(|m| format!("${} ({}:{})", m.name, m.file, m.line))
            .collect()
    }

    /// The same lexicon without row `row` (to see what the row changes).
    pub fn without(&self, row: usize) -> Lexicon {
        Lexicon {
            left_out: Some(row),
            ..self.clone()
        }
    }

    /// Every cue that matches in a sentence: (cue index, byte range of the matched words).
    pub(super) fn hits(&self, sentence: &CueTarget<'_>) -> Vec<(usize, Span)> {
        let CueTarget { folded, tokens, .. } = *sentence;
        if tokens.is_empty() {
            return Vec::new();
        }
        let index = &self.index;
        // One lookup per word: its id, the patterns that start with it, and those it anchors.
        let looked_up: Vec<Option<&WordCues>> = tokens
            .iter()
            .map(|t| index.words.get(&folded[t.span()]))
            .collect();
        let form_ids: Vec<Option<u32>> = looked_up.iter().map(|w| w.map(|w| w.id)).collect();
        let sentence = &CueTarget {
            form_ids: &form_ids,
            ..*sentence
        };
        let possible = self.possible(&looked_up);
        let is_possible = |cue: &usize| has(&possible, *cue);
        let everywhere: Vec<usize> = index
            .everywhere
            .iter()
            .copied()
            .filter(is_possible)
            .collect();
        let numeric_first: Vec<usize> = index
            .numeric_first
            .iter()
            .copied()
            .filter(is_possible)
            .collect();
        // (cue, first token) pairs to try.
        let mut tries: Vec<(usize, usize)> = Vec::new();
        for (at, (token, cues)) in tokens.iter().zip(&looked_up).enumerate() {
            if let Some(cues) = cues {
                tries.extend(
                    cues.starting
                        .iter()
                        .copied()
                        .filter(is_possible)
                        .map(|cue| (cue, at)),
                );
            }
            if !numeric_first.is_empty() {
                let word = &folded[token.span()];
                let numeric = word.bytes().any(|b| b.is_ascii_digit())
                    || (word.len() <= LONGEST_NUMBER_WORD && number_word(word).is_some());
                if numeric {
                    tries.extend(numeric_first.iter().map(|&cue| (cue, at)));
                }
            }
            tries.extend(everywhere.iter().map(|&cue| (cue, at)));
        }
        let start = first_word(folded, tokens);
        tries.extend(index.at_start.iter().map(|&cue| (cue, start)));
        self.wildcard_tries(folded, tokens, &mut tries);
        self.anchored_wildcard_tries(folded, tokens, &possible, &mut tries);
        let mut hits = Vec::new();
        for (cue, at) in tries {
            // Tried by the automaton before its anchor was known, or left out.
            if !has(&possible, cue) || self.left_out == Some(self.cues[cue].row) {
                continue;
            }
            if let Some(end) = self.match_at(cue, sentence, at) {
                hits.push((
                    cue,
                    Span::new(tokens[at].span().start(), tokens[end].span().end()),
                ));
            }
        }
        // In text order, each once: sorting the few hits is cheaper than sorting every try.
        hits.sort_unstable_by_key(|(cue, span)| (span.start(), *cue, span.end()));
        hits.dedup();
        hits
    }

    /// The patterns (a bit set of cues) whose anchor word is in a sentence, given its words'
    /// lookups, and those without an anchor.
    fn possible(&self, looked_up: &[Option<&WordCues>]) -> Vec<u64> {
        let mut possible = self.index.unanchored.clone();
        for cues in looked_up.iter().flatten() {
            for &cue in &cues.anchoring {
                insert(&mut possible, cue);
            }
        }
        possible
    }

    /// Adds to `tries` the possible cues that start with a wildcard and have an anchor, at every
    /// token their first element matches.
    fn anchored_wildcard_tries(
        &self,
        folded: &Folded,
        tokens: &[Token],
        possible: &[u64],
        tries: &mut Vec<(usize, usize)>,
    ) {
        for &cue in &self.index.wildcard_anchored {
            let Element::Word(test) = &self.cues[cue].elements[0] else {
                continue;
            };
            if !has(possible, cue) {
                continue;
            }
            for (at, token) in tokens.iter().enumerate() {
                if test.matches(&folded[token.span()]) {
                    tries.push((cue, at));
                }
            }
        }
    }

    /// Adds to `tries` the cues starting with a wildcard word whose literal the automaton finds
    /// in a token of the sentence, at that token.
    fn wildcard_tries(&self, folded: &Folded, tokens: &[Token], tries: &mut Vec<(usize, usize)>) {
        let (Some(first), Some(last)) = (tokens.first(), tokens.last()) else {
            return;
        };
        let base = first.span().start();
        for found in self
            .index
            .wildcard_first
            .automaton
            .find_overlapping_iter(&folded[base..last.span().end()])
        {
            let (start, end) = (base + found.start(), base + found.end());
            let at = tokens.partition_point(|t| t.span().end() <= start);
            let Some(token) = tokens
                .get(at)
                .filter(|t| t.span().start() <= start && end <= t.span().end())
            else {
                continue;
            };
            let word = &folded[token.span()];
            for &cue in &self.index.wildcard_cues[found.pattern().as_usize()] {
                if let Element::Word(test) = &self.cues[cue].elements[0] {
                    if test.matches(word) {
                        tries.push((cue, at));
                    }
                }
            }
        }
    }

    /// The index of the last token of the cue if it matches from token `start`.
    fn match_at(&self, cue: usize, sentence: &CueTarget<'_>, start: usize) -> Option<usize> {
        let mut elements = self.cues[cue].elements.as_slice();
        // `hits` tries a `^` cue only at the sentence's first word.
        if elements[0] == Element::Start {
            elements = &elements[1..];
        }
        match_elements(elements, sentence, start)
            .filter(|&end| end > start)
            .map(|end| end - 1)
    }
}

/// Gives every form of the cues' word tests an id, held by the tests: the words of the index,
/// with no cues yet.
fn form_ids(cues: &mut [Cue]) -> HashMap<String, WordCues> {
    let mut words: HashMap<String, WordCues> = HashMap::default();
    for cue in cues.iter_mut() {
        for element in &mut cue.elements {
            let (Element::Word(test) | Element::Either(test, _)) = element else {
                continue;
            };
            test.form_ids = test
                .forms
                .iter()
                .map(|form| {
                    let next = words.len() as u32;
                    words
                        .entry(form.clone())
                        .or_insert_with(|| WordCues {
                            id: next,
                            starting: Vec::new(),
                            anchoring: Vec::new(),
                        })
                        .id
                })
                .collect();
            test.form_ids.sort_unstable();
        }
    }
    words
}

/// Records each cue under the forms of its anchor, and gives the bit set of the cues without one.
fn anchor_words(cues: &[Cue], words: &mut HashMap<String, WordCues>) -> Vec<u64> {
    let mut unanchored = vec![0; cues.len().div_ceil(64)];
    for (i, cue) in cues.iter().enumerate() {
        match anchor(&cue.elements) {
            Some(forms) => {
                for form in forms {
                    let word = words.get_mut(form).expect("every form has an id");
                    word.anchoring.push(i);
                }
            }
            None => insert(&mut unanchored, i),
        }
    }
    unanchored
}

/// The macro rows, each name once, each pattern checked at its own row (used or not).
fn read_macros(
    rows: Vec<RawRow>,
    lemmatizer: &Lemmatizer,
    problems: &mut Vec<Problem>,
) -> Vec<MacroRow> {
    let mut macros: Vec<MacroRow> = Vec::new();
    for row in rows {
        let name = row.id.trim_start_matches('$').to_string();
        if let Some(first) = macros.iter().find(|m| m.name == name) {
            let message = format!("macro ${name} is already on {}:{}", first.file, first.line);
            problems.push(problem(&row.file, row.line, Some("id"), message));
            continue;
        }
        macros.push(MacroRow {
            name,
            pattern: row.pattern,
            file: row.file,
            line: row.line,
        });
    }
    for m in &macros {
        if let Err(message) = check_macro(&m.pattern, &MacroTable(&macros), lemmatizer) {
            let message = format!("{:?}: {message}", m.pattern);
            problems.push(problem(&m.file, m.line, Some("pattern"), message));
        }
    }
    macros
}

/// A row's event and effect, or the column and message of what is wrong with them.
fn row_effect(row: &RawRow) -> Result<(EventKind, Effect), (&'static str, String)> {
    let Some(event) = EventKind::parse(&row.event) else {
        let message = format!(
            "unknown event {:?} (goal, chance, foul, penalty)",
            row.event
        );
        return Err(("event", message));
    };
    match Effect::parse(&row.role, &row.scope, &row.requires)? {
        Effect::With(other) if other == event => {
            let message = format!(
                "with:{} on a {} row can never hold: name another event",
                row.event, row.event
            );
            Err(("requires", message))
        }
        effect => Ok((event, effect)),
    }
}

/// The ids and the patterns read so far, with where each was first.
#[derive(Default)]
struct Seen {
    ids: HashMap<String, (String, u64)>,
    /// Each pattern once per event and effect: a copy is a slip when editing.
    patterns: HashMap<(EventKind, String, Effect), (String, u64)>,
}

impl Seen {
    /// Records a row, or says which earlier row it repeats.
    fn first(
        &mut self,
        row: &RawRow,
        event: EventKind,
        effect: Effect,
    ) -> Result<(), (&'static str, String)> {
        if row.id.is_empty() {
            return Err(("id", "every row needs an id".into()));
        }
        if let Some((file, line)) = self.ids.get(&row.id) {
            return Err(("id", format!("id {:?} is already on {file}:{line}", row.id)));
        }
        let words = row.pattern.split_whitespace().collect::<Vec<_>>().join(" ");
        let key = (event, words, effect);
        if let Some((file, line)) = self.patterns.get(&key) {
            let message = format!("pattern {:?} is already on {file}:{line}", row.pattern);
            return Err(("pattern", message));
        }
        let place = (row.file.clone(), row.line);
        self.patterns.insert(key, place.clone());
        self.ids.insert(row.id.clone(), place);
        Ok(())
    }
}

/// Whether a pattern uses the macro written `token` (`$name`), alone, optional (`$name?`) or as an
/// alternative (`[$name|han]`).
fn uses_macro(pattern: &str, token: &str) -> bool {
    pattern
        .split(|c: char| c.is_whitespace() || matches!(c, '[' | ']' | '|'))
        .any(|w| w.trim_end_matches('?') == token)
}

impl Index {
    /// Indexes the cues by their first element, and gives every form of their word tests an id
    /// (held by the tests too).
    fn build(cues: &mut [Cue]) -> Index {
        let mut words = form_ids(cues);
        let cues: &[Cue] = cues;
        let (mut literals, mut wildcard_cues): (Vec<String>, Vec<Vec<usize>>) =
            (Vec::new(), Vec::new());
        let (mut at_start, mut numeric_first, mut everywhere) =
            (Vec::new(), Vec::new(), Vec::new());
        let mut wildcard_anchored = Vec::new();
        for (i, cue) in cues.iter().enumerate() {
            match &cue.elements[0] {
                Element::Word(test) => {
                    for form in &test.forms {
                        words
                            .get_mut(form)
                            .expect("every form has an id")
                            .starting
                            .push(i);
                    }
                    // A wildcard that has an anchor elsewhere is tried only in the sentences
                    // that have the anchor: the automaton would report `*s` in every word.
                    let selective = anchor(&cue.elements).is_some_and(|forms| {
                        forms
                            .iter()
                            .all(|f| f.chars().count() >= SELECTIVE_ANCHOR_CHARS)
                    });
                    if test.has_wildcards() && selective {
                        wildcard_anchored.push(i);
                        continue;
                    }
                    for literal in test.literals() {
                        match literals.iter().position(|l| l == literal) {
                            Some(at) => wildcard_cues[at].push(i),
                            None => {
                                literals.push(literal.clone());
                                wildcard_cues.push(vec![i]);
                            }
                        }
                    }
                }
                Element::Start => at_start.push(i),
                Element::Score | Element::Number | Element::Minute | Element::ScoreCompound(_) => {
                    numeric_first.push(i)
                }
                Element::Any
                | Element::Person
                | Element::Team
                | Element::Keeper
                | Element::Either(..) => everywhere.push(i),
                // Rejected when read: a pattern never starts with a gap.
                Element::Gap { .. } => {}
            }
        }
        let unanchored = anchor_words(cues, &mut words);
        for list in wildcard_cues
            .iter_mut()
            .chain(words.values_mut().map(|w| &mut w.starting))
        {
            list.dedup();
        }
        let wildcard_first = Literals::from(literals);
        Index {
            words,
            wildcard_first,
            wildcard_cues,
            at_start,
            numeric_first,
            everywhere,
            unanchored,
            wildcard_anchored,
        }
    }
}

/// Reads the rows of one file into `rows`, its problems into `problems`.
fn read_rows(file: &str, bytes: &[u8], rows: &mut Vec<RawRow>, problems: &mut Vec<Problem>) {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let mut reader = csv::ReaderBuilder::new().flexible(true).from_reader(bytes);
    let columns = match Columns::read(file, &mut reader) {
        Ok(columns) => columns,
        Err(p) => {
            problems.push(p);
            return;
        }
    };
    for record in reader.records() {
        let record = match record {
            Ok(record) => record,
            Err(err) => {
                let line = err.position().map_or(0, |p| p.line());
                problems.push(problem(file, line, None, format!("malformed CSV: {err}")));
                continue;
            }
        };
        let line = record.position().map_or(0, |p| p.line());
        let field = |i: Option<usize>| {
            i.and_then(|i| record.get(i))
                .unwrap_or("")
                .trim()
                .to_string()
        };
        let lower = |i: Option<usize>| field(i).to_lowercase();
        let pattern = lower(Some(columns.pattern));
        if pattern.matches('{').count() != pattern.matches('}').count() {
            let message = format!(
                "{pattern:?}: a gap {{m,n}} has a comma, so the pattern needs double quotes"
            );
            problems.push(problem(file, line, Some("pattern"), message));
            continue;
        }
        rows.push(RawRow {
            file: file.to_string(),
            line,
            id: field(Some(columns.id)),
            event: lower(Some(columns.event)),
            role: lower(Some(columns.role)),
            scope: lower(columns.scope),
            pattern,
            requires: lower(columns.requires),
            example: field(columns.example),
        });
    }
}

/// A problem of the lexicon file `file`.
fn problem(file: &str, line: u64, column: Option<&str>, message: String) -> Problem {
    Problem {
        file: file.to_string(),
        line,
        column: column.map(str::to_string),
        message,
    }
}

/// Where a file's columns are, from its header (which may have them in any order, and more).
struct Columns {
    id: usize,
    event: usize,
    role: usize,
    pattern: usize,
    scope: Option<usize>,
    requires: Option<usize>,
    example: Option<usize>,
}

impl Columns {
    fn read(file: &str, reader: &mut csv::Reader<&[u8]>) -> Result<Columns, Problem> {
        let headers: Vec<String> = match reader.headers() {
            Ok(h) => h.iter().map(|h| h.trim().to_lowercase()).collect(),
            Err(err) => return Err(problem(file, 1, None, format!("unreadable header: {err}"))),
        };
        let column = |name: &str| headers.iter().position(|h| h == name);
        let (Some(id), Some(event), Some(role), Some(pattern)) = (
            column("id"),
            column("event"),
            column("role"),
            column("pattern"),
        ) else {
            let message = "the header needs the columns id, event, role and pattern \
                           (and scope, requires, example)"
                .into();
            return Err(problem(file, 1, None, message));
        };
        Ok(Columns {
            id,
            event,
            role,
            pattern,
            scope: column("scope"),
            requires: column("requires"),
            example: column("example"),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_number_word_is_looked_up() {
        // `hits` skips the number lookup for longer words without a digit.
        for (word, _) in crate::words::time::NUMBER_WORDS {
            assert!(word.len() <= LONGEST_NUMBER_WORD, "{word}");
        }
    }

    #[test]
    fn lexicon_errors_name_file_and_line() {
        let csv = "id,event,role,scope,pattern,requires\n\
                   a,goal,trigger,,<score>,\n\
                   b,gaol,trigger,,x,\n\
                   c,goal,maybe,,y,\n\
                   d,goal,cancel,,y,\n\
                   e,goal,trigger,,x ^,\n\
                   f,goal,trigger,,$nothing x,\n\
                   a,goal,trigger,,z,\n\
                   g,goal,trigger,,<Score>,\n\
                   h,goal,trigger,,z,after:penalty(9)\n";
        let err = Lexicon::from_csv("cues.csv", csv.as_bytes())
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            "cues.csv:3: column event: unknown event \"gaol\" (goal, chance, foul, penalty)\n\
             cues.csv:4: column role: unknown role \"maybe\" (trigger, fallback, cancel, macro)\n\
             cues.csv:5: column scope: a cancel row needs the scope overlap, clause or sentence, not \"\"\n\
             cues.csv:6: column pattern: \"x ^\": ^ comes first or not at all\n\
             cues.csv:7: column pattern: \"$nothing x\": unknown macro $nothing\n\
             cues.csv:8: column id: id \"a\" is already on cues.csv:2\n\
             cues.csv:9: column pattern: pattern \"<score>\" is already on cues.csv:2\n\
             cues.csv:10: column requires: unknown requirement \"after:penalty(9)\" (with:<event> or after:<event> or after:<event>(n), n up to 6; trigger rows only)"
        );
    }

    /// Each shipped file reads macros, triggers, fallbacks, cancels, each event's rows together.
    #[test]
    fn shipped_files_are_sorted_by_event_and_role() {
        let rank = |role: &str| {
            ["macro", "trigger", "fallback", "cancel"]
                .iter()
                .position(|r| *r == role)
        };
        for (file, text) in EMBEDDED_FILES {
            let mut reader = csv::Reader::from_reader(text.as_bytes());
            let headers = reader.headers().unwrap().clone();
            let column = |name| headers.iter().position(|h| h == name).unwrap();
            let (event, role) = (column("event"), column("role"));
            let keys: Vec<(String, Option<usize>)> = reader
                .records()
                .map(|r| {
                    let r = r.unwrap();
                    (r[event].to_string(), rank(&r[role]))
                })
                .collect();
            let mut sorted = keys.clone();
            sorted.sort();
            assert_eq!(keys, sorted, "{file} is not sorted by event and role");
        }
    }

    #[test]
    fn mistakes_are_caught_when_the_lexicon_is_read() {
        for (name, rows, message) in [
            (
                "own event",
                "a,goal,trigger,,x,with:goal",
                "cues.csv:2: column requires: with:goal on a goal row",
            ),
            (
                "empty wildcard",
                "a,goal,trigger,,*** x,",
                "is not a word or wildcard",
            ),
            (
                "optional alternative",
                "a,goal,trigger,,[a?|b] x,",
                "cannot be optional",
            ),
            (
                "too many gaps",
                "a,goal,trigger,,\"a {0,1} b {0,1} c {0,1} d {0,1} e\",",
                "at most 3 gaps",
            ),
            (
                "a macro's mistake at its row",
                "m,goal,macro,,[a|b,",
                "cues.csv:2: column pattern: \"[a|b\"",
            ),
        ] {
            let csv = format!("id,event,role,scope,pattern,requires\n{rows}\n");
            let error = Lexicon::from_csv("cues.csv", csv.as_bytes())
                .unwrap_err()
                .to_string();
            assert!(error.contains(message), "{name}: {error}");
        }
    }

    #[test]
    fn a_class_macro_is_an_alternative_and_counts_as_used() {
        let csv = "id,event,role,scope,pattern\n\
                   a,goal,trigger,,forbi [$k|sisteskansen]\n\
                   k,,macro,,@keeper\n";
        let lexicon = Lexicon::from_csv("cues.csv", csv.as_bytes()).unwrap();
        assert!(lexicon.unused_macros().is_empty());
    }

    #[test]
    fn macros_splice_and_may_come_later() {
        let csv = "id,event,role,scope,pattern\n\
                   a,goal,trigger,,$net_verb $net\n\
                   net,,macro,,[<nett>|nota]\n\
                   net_verb,,macro,,\"<sende> {0,2} i\"\n";
        let lexicon = Lexicon::from_csv("cues.csv", csv.as_bytes()).unwrap();
        assert_eq!(lexicon.rows().len(), 1);
        assert!(lexicon.unused_macros().is_empty());
    }
}
