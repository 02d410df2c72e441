//! The cue lexicon: `data/cues.csv` read and checked row by row, and indexed by each cue's first
//! word so that a sentence tries only the cues that can start at its words.

use super::cue::{first_word, match_elements, Cue, CueTarget, Effect, Element};
use super::minute::number_word;
use super::EventKind;
use crate::error::{Error, Problem, Result};
use crate::segment::Token;
use crate::span::Span;
use aho_corasick::{AhoCorasick, MatchKind};
// Looked up once per word of every document: a fast hasher matters, and keys are not hostile.
use rustc_hash::FxHashMap as HashMap;

/// The longest number word in bytes (`tretten`, `fjorten`, `seksten`): a longer word without a
/// digit is not looked up as a number, which spares most words a lookup.
const LONGEST_NUMBER_WORD: usize = 7;

/// The cue lexicon, indexed by each cue's first word.
#[derive(Debug, Clone)]
pub struct Lexicon {
    pub(super) cues: Vec<Cue>,
    /// Cues starting with a plain word, by that word.
    by_first_word: HashMap<String, Vec<usize>>,
    /// Cues starting with `pre*`, `*suf` or `*in*`: an automaton finds their literal in the
    /// sentence, then the element is checked against the token it falls in.
    wildcard_first: AhoCorasick,
    /// Per automaton pattern: the cues whose first element has that literal.
    wildcard_cues: Vec<Vec<usize>>,
    /// Cues anchored at the sentence start (`^`).
    at_start: Vec<usize>,
    /// Cues starting with `#num`, `#score` or `#score-...`: tried at tokens with digits.
    numeric_first: Vec<usize>,
}

const EMBEDDED_CUES: &str = include_str!("../../data/cues.csv");

impl Lexicon {
    /// The shipped lexicon.
    pub fn new() -> Result<Lexicon> {
        Lexicon::from_csv("data/cues.csv (embedded)", EMBEDDED_CUES.as_bytes())
    }

    /// A lexicon from a CSV file (see [`Lexicon::from_csv`]).
    pub fn from_path(path: &std::path::Path) -> Result<Lexicon> {
        let bytes = std::fs::read(path).map_err(|source| Error::Io {
            path: path.to_path_buf(),
            source,
        })?;
        Lexicon::from_csv(&path.display().to_string(), &bytes)
    }

    /// Reads `event,cue,effect[,note]` rows; all problems are reported with file and line.
    pub fn from_csv(file: &str, bytes: &[u8]) -> Result<Lexicon> {
        let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        let mut reader = csv::ReaderBuilder::new().flexible(true).from_reader(bytes);
        let columns = Columns::read(file, &mut reader).map_err(|p| Error::Invalid(vec![p]))?;
        let mut problems = Vec::new();
        let mut cues = Vec::new();
        // Each row once: a copy is a slip when editing (event, cue and effect -> first line).
        let mut seen: HashMap<(EventKind, String, Effect), u64> = HashMap::default();
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
            let (text, cue) = match columns.cue(&record) {
                Ok(row) => row,
                Err((column, message)) => {
                    problems.push(problem(file, line, Some(column), message));
                    continue;
                }
            };
            let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
            // The first line a row is on stays the one named, however many copies follow.
            let first = *seen.entry((cue.event, words, cue.effect)).or_insert(line);
            if first != line {
                let message = format!("cue {text:?} is already on line {first}");
                problems.push(problem(file, line, Some("cue"), message));
                continue;
            }
            cues.push(cue);
        }
        if !problems.is_empty() {
            return Err(Error::Invalid(problems));
        }
        Ok(Lexicon::index(cues))
    }

    /// Indexes checked cues by their first element.
    fn index(cues: Vec<Cue>) -> Lexicon {
        let mut by_first_word: HashMap<String, Vec<usize>> = HashMap::default();
        let (mut literals, mut wildcard_cues): (Vec<String>, Vec<Vec<usize>>) =
            (Vec::new(), Vec::new());
        let (mut at_start, mut numeric_first) = (Vec::new(), Vec::new());
        for (i, cue) in cues.iter().enumerate() {
            match &cue.elements[0] {
                Element::Exact(word) => by_first_word.entry(word.clone()).or_default().push(i),
                Element::Prefix(literal) | Element::Suffix(literal) | Element::Infix(literal) => {
                    match literals.iter().position(|l| l == literal) {
                        Some(at) => wildcard_cues[at].push(i),
                        None => {
                            literals.push(literal.clone());
                            wildcard_cues.push(vec![i]);
                        }
                    }
                }
                Element::Start => at_start.push(i),
                Element::Score | Element::Number | Element::ScoreCompound(_) | Element::Any => {
                    numeric_first.push(i)
                }
                // Rejected when read: a cue never starts with @person or **.
                Element::Person | Element::Gap => {}
            }
        }
        let wildcard_first = AhoCorasick::builder()
            .match_kind(MatchKind::Standard)
            .build(&literals)
            .expect("cue literals are short plain strings");
        Lexicon {
            cues,
            by_first_word,
            wildcard_first,
            wildcard_cues,
            at_start,
            numeric_first,
        }
    }

    /// Every cue that matches in a sentence: (cue index, byte range of the matched words).
    pub(super) fn hits(
        &self,
        folded: &str,
        tokens: &[Token],
        people: &[usize],
    ) -> Vec<(usize, Span)> {
        if tokens.is_empty() {
            return Vec::new();
        }
        // (cue, first token) pairs to try.
        let mut tries: Vec<(usize, usize)> = Vec::new();
        for (at, token) in tokens.iter().enumerate() {
            let word = &folded[token.span];
            if let Some(cues) = self.by_first_word.get(word) {
                tries.extend(cues.iter().map(|&cue| (cue, at)));
            }
            let numeric = word.bytes().any(|b| b.is_ascii_digit())
                || (word.len() <= LONGEST_NUMBER_WORD && number_word(word).is_some());
            if numeric {
                tries.extend(self.numeric_first.iter().map(|&cue| (cue, at)));
            }
        }
        let start = first_word(folded, tokens);
        tries.extend(self.at_start.iter().map(|&cue| (cue, start)));
        self.wildcard_tries(folded, tokens, &mut tries);
        let sentence = CueTarget {
            folded,
            tokens,
            people,
        };
        let mut hits = Vec::new();
        for (cue, at) in tries {
            if let Some(end) = self.match_at(cue, &sentence, at) {
                hits.push((cue, Span::new(tokens[at].span.start, tokens[end].span.end)));
            }
        }
        // In text order, each once: sorting the few hits is cheaper than sorting every try.
        hits.sort_unstable_by_key(|(cue, span)| (span.start, *cue, span.end));
        hits.dedup();
        hits
    }

    /// Adds to `tries` the cues starting with a wildcard word whose literal the automaton finds
    /// in a token of the sentence, at that token.
    fn wildcard_tries(&self, folded: &str, tokens: &[Token], tries: &mut Vec<(usize, usize)>) {
        let (Some(first), Some(last)) = (tokens.first(), tokens.last()) else {
            return;
        };
        let base = first.span.start;
        for found in self
            .wildcard_first
            .find_overlapping_iter(&folded[base..last.span.end])
        {
            let (start, end) = (base + found.start(), base + found.end());
            let at = tokens.partition_point(|t| t.span.end <= start);
            let Some(token) = tokens
                .get(at)
                .filter(|t| t.span.start <= start && end <= t.span.end)
            else {
                continue;
            };
            let word = &folded[token.span];
            for &cue in &self.wildcard_cues[found.pattern().as_usize()] {
                if self.cues[cue].elements[0].word_matches(word) {
                    tries.push((cue, at));
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
        match_elements(elements, sentence, start).map(|end| end - 1)
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

/// Where the lexicon's columns are, from its header (which may have them in any order, and more).
struct Columns {
    event: usize,
    cue: usize,
    effect: usize,
}

impl Columns {
    fn read(file: &str, reader: &mut csv::Reader<&[u8]>) -> Result<Columns, Problem> {
        let headers: Vec<String> = match reader.headers() {
            Ok(h) => h.iter().map(|h| h.trim().to_lowercase()).collect(),
            Err(err) => return Err(problem(file, 1, None, format!("unreadable header: {err}"))),
        };
        let column = |name: &str| headers.iter().position(|h| h == name);
        let (Some(event), Some(cue), Some(effect)) =
            (column("event"), column("cue"), column("effect"))
        else {
            let message = "the header needs the columns event, cue and effect".into();
            return Err(problem(file, 1, None, message));
        };
        Ok(Columns { event, cue, effect })
    }

    /// The cue of a row with its lower-cased text, or the column and message of its problem.
    fn cue(&self, record: &csv::StringRecord) -> Result<(String, Cue), (&'static str, String)> {
        let field = |i: usize| record.get(i).unwrap_or("").trim();
        let Some(event) = EventKind::parse(field(self.event)) else {
            let message = format!(
                "unknown event {:?} (goal, chance, foul, penalty)",
                field(self.event)
            );
            return Err(("event", message));
        };
        let Some(effect) = Effect::parse(field(self.effect)) else {
            let message = format!(
                "unknown effect {:?} \
                 (trigger, weak, block, veto, not, with <event>, after <event>)",
                field(self.effect)
            );
            return Err(("effect", message));
        };
        let text = field(self.cue).to_lowercase();
        let Some(elements) = Element::parse_cue(&text) else {
            let message = format!(
                "cue {text:?} needs a word, ^ only first, @person not first \
                 and ** between words"
            );
            return Err(("cue", message));
        };
        let cue = Cue {
            event,
            elements,
            effect,
        };
        Ok((text, cue))
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
        let csv =
            "event,cue,effect\ngoal,scor*,trigger\ngaol,x,trigger\ngoal,y,maybe\ngoal,x ^,block\ngoal,x **,block\ngoal,Scor*,trigger\ngoal,scor* ,trigger\n";
        let err = Lexicon::from_csv("cues.csv", csv.as_bytes())
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            "cues.csv:3: column event: unknown event \"gaol\" (goal, chance, foul, penalty)\n\
             cues.csv:4: column effect: unknown effect \"maybe\" (trigger, weak, block, veto, not, with <event>, after <event>)\n\
             cues.csv:5: column cue: cue \"x ^\" needs a word, ^ only first, @person not first and ** between words\n\
             cues.csv:6: column cue: cue \"x **\" needs a word, ^ only first, @person not first and ** between words\n\
             cues.csv:7: column cue: cue \"scor*\" is already on line 2\n\
             cues.csv:8: column cue: cue \"scor*\" is already on line 2"
        );
    }
}
