//! Stage 4: the events each sentence reports (goal, chance, foul, penalty; several or none), with
//! the minute, the score, the player and the team.
//!
//! The classifier is a cue lexicon, `data/cues.csv`, editable like a gazetteer: each row names an
//! event, a cue and its effect.
//!
//! - A cue is a sequence of words matched against the case-folded tokens of a sentence. `scor*`
//!   matches a word starting with `scor`, `*målet` a word ending with `målet`, `*sjanse*` a word
//!   containing `sjanse`; `*` alone is any one word, `#score` a score (`2-0`, `2 - 0`), `#num` a
//!   number in digits or words, `#score-mål*` a compound that starts with a score (`1-0-målet`),
//!   `@person` (not first) the first word of a recognised player or official (`satte inn @person`
//!   is a substitution, not a goal), `**` (between words) up to three words (`kunne ** lagt`:
//!   `kunne Angel di Maria lagt på til 2-0` did not happen), and `^` as the first element anchors
//!   the cue at the sentence start, after a quote's opening dash or guillemet (fact lines: `^ mål
//!   :`; `^ straffer er` is a saying about penalties, not an event).
//! - Effects: `trigger` gives the event; `weak` gives it only when no other event's trigger fired
//!   in the sentence (a one-on-one that was scored is not also a chance, a saved free kick is a
//!   chance and not a foul); `block` cancels the event's triggers in its own clause (`nær å`
//!   makes `sette inn ledermålet` a near miss, not a goal, while `burde gitt uttelling` after a
//!   comma leaves an earlier `gått opp til 2-1` a goal); `veto` cancels it in the whole sentence
//!   (`..., men dommeren annullerte scoringen`); `not` cancels only a trigger it overlaps (`med
//!   fem mål` is a total, `to scoringer` beside it still a goal); `with foul` (or another event)
//!   gives it only when that event's trigger fired too (`i feltet` makes a foul a penalty
//!   situation, not a header); `after penalty` gives it only when the document reported that
//!   event in one of the three sentences before (`dommeren bet ikke på` after a penalty appeal),
//!   so it never fires on a sentence alone.
//!
//! A fact-list heading (`Gult kort:`) gives its event to each team's line below it in the same
//! paragraph (`N: Nordtveit, Selnæs.`, `Brann: Orlov.`).
//!
//! In a match decided on penalties, a goal or miss told right after a penalty sentence (or with
//! one sentence without events between) with no minute of its own is a kick of the shoot-out: a
//! penalty (and a chance if missed), not a goal.
//!
//! A long document must look like football (see [`crate::topic::is_football_document`]) for its events to count.
//!
//! Minutes come from the sentence (`i det 56. minutt`, `etter 65 minutter`, `(41)` in fact lines,
//! `på overtid` as `90+`, `90+2`, `i ekstraomgangene` as the span `91-120`) or relative to the
//! minute stated last in the document (`tre minutter senere`, `minuttet senere`).

use crate::error::{Error, Problem, Result};
use crate::gazetteer::{EntityKind, Gazetteer};
use crate::recognize::{previous_word, teams_of, How, MatchContext, Recognition};
use crate::segment::{Segmented, Sentence, Token, TokenKind};
use aho_corasick::{AhoCorasick, MatchKind};
// Looked up once per word of every document: a fast hasher matters, and keys are not hostile.
use rustc_hash::FxHashMap as HashMap;
use std::fmt;
use std::ops::Range;

/// The events a sentence can report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum EventKind {
    Goal,
    Chance,
    Foul,
    Penalty,
}

impl EventKind {
    /// In output order.
    pub const ALL: [EventKind; 4] = [
        EventKind::Goal,
        EventKind::Chance,
        EventKind::Foul,
        EventKind::Penalty,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            EventKind::Goal => "goal",
            EventKind::Chance => "chance",
            EventKind::Foul => "foul",
            EventKind::Penalty => "penalty",
        }
    }

    pub fn parse(name: &str) -> Option<EventKind> {
        EventKind::ALL.into_iter().find(|k| k.as_str() == name)
    }
}

/// A match minute as football writes it: `56`, `90+`, `90+2`, `120`; or the span of extra time a
/// report gives without a minute: `91-105`, `106-120`, `91-120`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Minute {
    pub regular: u16,
    /// Added time: `Some(None)` for `90+`, `Some(Some(2))` for `90+2`.
    pub added: Option<Option<u16>>,
    /// The last minute of a span (`i ekstraomgangene`: 91 to 120).
    pub until: Option<u16>,
}

impl Minute {
    pub fn at(regular: u16) -> Minute {
        Minute {
            regular,
            added: None,
            until: None,
        }
    }

    fn stoppage(regular: u16, added: Option<u16>) -> Minute {
        Minute {
            added: Some(added),
            ..Minute::at(regular)
        }
    }

    fn later(self, minutes: u16) -> Minute {
        match (self.added, self.until) {
            (Some(Some(added)), _) => Minute::stoppage(self.regular, Some(added + minutes)),
            (Some(None), _) | (None, Some(_)) => self,
            (None, None) => Minute::at(self.regular + minutes),
        }
    }
}

impl fmt::Display for Minute {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.added, self.until) {
            (None, Some(until)) => write!(f, "{}-{until}", self.regular),
            (None, None) => write!(f, "{}", self.regular),
            (Some(None), _) => write!(f, "{}+", self.regular),
            (Some(Some(added)), _) => write!(f, "{}+{added}", self.regular),
        }
    }
}

/// One event of one sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    pub kind: EventKind,
    pub sentence: usize,
    /// The words that decided the label.
    pub trigger: Range<usize>,
    pub minute: Option<Minute>,
    /// The main actor, as an index into [`Recognition::mentions`].
    pub actor: Option<usize>,
    /// The actor's team or the team the sentence credits, as a gazetteer entity.
    pub team: Option<usize>,
    /// A score the sentence states (the last one: `0-2 til 2-2` gives `2-2`).
    pub score: Option<Range<usize>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Effect {
    Trigger,
    Weak,
    Block,
    /// Cancels the event in the whole sentence: `annullerte` after `men` still undoes the goal.
    Veto,
    /// Says that these words are not the event: cancels only a trigger they overlap (`med fem
    /// mål` is a total, while `to scoringer` in the same clause still counts).
    Not,
    /// `with foul`: gives the event only when that other event's trigger fired in the sentence.
    With(EventKind),
    /// `after penalty`: gives the event only when the document reported that event in one of the
    /// [`SCENE_SENTENCES`] sentences before (`dommeren bet ikke på` after a penalty appeal).
    After(EventKind),
}

/// How many sentences back an `after <event>` cue looks: a scene told over a short paragraph.
const SCENE_SENTENCES: usize = 3;

#[derive(Debug, Clone, PartialEq, Eq)]
enum Element {
    Start,
    Any,
    /// `#score`: a score token, or a score written with spaces (`2 - 0`).
    Score,
    /// `#num`: digits or a number word (`tre`).
    Number,
    /// `#score-målet`: a compound starting with a score (`1-0-målet`), the rest matched as a word.
    ScoreCompound(Box<Element>),
    /// `@person`: the first word of a player's or an official's name (or a description of one).
    Person,
    /// `**`: up to [`GAP_WORDS`] words (`kunne ** lagt`: `kunne Angel di Maria lagt`).
    Gap,
    Exact(String),
    Prefix(String),
    Suffix(String),
    Infix(String),
}

impl Element {
    fn parse(word: &str) -> Element {
        match word {
            "^" => Element::Start,
            "*" => Element::Any,
            "#score" => Element::Score,
            "#num" => Element::Number,
            "@person" => Element::Person,
            "**" => Element::Gap,
            _ => {
                if let Some(rest) = word.strip_prefix("#score-") {
                    return Element::ScoreCompound(Box::new(Element::parse(rest)));
                }
                match (word.strip_prefix('*'), word.strip_suffix('*')) {
                    (Some(rest), _) if rest.ends_with('*') => {
                        Element::Infix(rest.trim_end_matches('*').to_string())
                    }
                    (Some(rest), _) => Element::Suffix(rest.to_string()),
                    (None, Some(rest)) => Element::Prefix(rest.to_string()),
                    (None, None) => Element::Exact(word.to_string()),
                }
            }
        }
    }

    fn word_matches(&self, word: &str) -> bool {
        match self {
            Element::Any => true,
            Element::Exact(w) => word == w,
            Element::Prefix(p) => word.starts_with(p.as_str()),
            Element::Suffix(s) => word.ends_with(s.as_str()),
            Element::Infix(i) => word.contains(i.as_str()),
            _ => false,
        }
    }

    /// How many tokens from `at` this element matches, if it matches. `people`: the sorted start
    /// offsets of the sentence's mentions of people.
    fn matches(
        &self,
        folded: &str,
        tokens: &[Token],
        at: usize,
        people: &[usize],
    ) -> Option<usize> {
        let token = tokens.get(at)?;
        let word = &folded[token.span.clone()];
        let matched = match self {
            Element::Start => false,
            Element::Person => people.binary_search(&token.span.start).is_ok(),
            Element::Score => {
                if token.kind == TokenKind::Score {
                    return Some(1);
                }
                let spaced = tokens.get(at..at + 3).is_some_and(|t| {
                    let small = |t: &Token| t.kind == TokenKind::Number && t.span.len() <= 2;
                    small(&t[0]) && matches!(&folded[t[1].span.clone()], "-" | "–") && small(&t[2])
                });
                return spaced.then_some(3);
            }
            // "ett mål til" is not a count of goals; from two up it is.
            Element::Number => number_word(word).is_some_and(|n| n >= 2),
            Element::ScoreCompound(rest) => {
                token.kind == TokenKind::Word
                    && score_prefix(word).is_some_and(|r| rest.word_matches(r))
            }
            _ => self.word_matches(word),
        };
        matched.then_some(1)
    }
}

/// `1-0-målet` -> `målet`: the rest of a compound that starts with a score.
fn score_prefix(word: &str) -> Option<&str> {
    let (home, rest) = word.split_once(['-', '–'])?;
    let (away, rest) = rest.split_once('-')?;
    let digits = |s: &str| !s.is_empty() && s.len() <= 2 && s.bytes().all(|b| b.is_ascii_digit());
    (digits(home) && digits(away)).then_some(rest)
}

#[derive(Debug, Clone)]
struct Cue {
    event: EventKind,
    elements: Vec<Element>,
    effect: Effect,
}

/// The cue lexicon, indexed by each cue's first word.
#[derive(Debug, Clone)]
pub struct Lexicon {
    cues: Vec<Cue>,
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

const EMBEDDED_CUES: &str = include_str!("../data/cues.csv");

impl Lexicon {
    /// The shipped lexicon.
    pub fn new() -> Result<Lexicon> {
        Lexicon::from_csv("data/cues.csv (embedded)", EMBEDDED_CUES.as_bytes())
    }

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
        let mut problems = Vec::new();
        let mut cues = Vec::new();
        let problem = |line: u64, column: Option<&str>, message: String| Problem {
            file: file.to_string(),
            line,
            column: column.map(str::to_string),
            message,
        };
        let mut reader = csv::ReaderBuilder::new().flexible(true).from_reader(bytes);
        // Each row once: a copy is a slip when editing (event, cue and effect -> first line).
        let mut seen: HashMap<(EventKind, String, Effect), u64> = HashMap::default();
        let headers: Vec<String> = match reader.headers() {
            Ok(h) => h.iter().map(|h| h.trim().to_lowercase()).collect(),
            Err(err) => {
                return Err(Error::Invalid(vec![problem(
                    1,
                    None,
                    format!("unreadable header: {err}"),
                )]))
            }
        };
        let column = |name: &str| headers.iter().position(|h| h == name);
        let (Some(event_col), Some(cue_col), Some(effect_col)) =
            (column("event"), column("cue"), column("effect"))
        else {
            return Err(Error::Invalid(vec![problem(
                1,
                None,
                "the header needs the columns event, cue and effect".into(),
            )]));
        };
        for record in reader.records() {
            let record = match record {
                Ok(record) => record,
                Err(err) => {
                    problems.push(problem(
                        err.position().map_or(0, |p| p.line()),
                        None,
                        format!("malformed CSV: {err}"),
                    ));
                    continue;
                }
            };
            let line = record.position().map_or(0, |p| p.line());
            let field = |i: usize| record.get(i).unwrap_or("").trim();
            let Some(event) = EventKind::parse(field(event_col)) else {
                problems.push(problem(
                    line,
                    Some("event"),
                    format!(
                        "unknown event {:?} (goal, chance, foul, penalty)",
                        field(event_col)
                    ),
                ));
                continue;
            };
            let other_event = |prefix: &str| {
                field(effect_col)
                    .strip_prefix(prefix)
                    .and_then(|kind| EventKind::parse(kind.trim()))
            };
            let effect = match field(effect_col) {
                "trigger" => Effect::Trigger,
                "weak" => Effect::Weak,
                "block" => Effect::Block,
                "veto" => Effect::Veto,
                "not" => Effect::Not,
                other => match (other_event("with "), other_event("after ")) {
                    (Some(kind), _) => Effect::With(kind),
                    (_, Some(kind)) => Effect::After(kind),
                    _ => {
                        problems.push(problem(
                            line,
                            Some("effect"),
                            format!(
                                "unknown effect {other:?} \
                                 (trigger, weak, block, veto, not, with <event>, after <event>)"
                            ),
                        ));
                        continue;
                    }
                },
            };
            let cue = field(cue_col).to_lowercase();
            let elements: Vec<Element> = cue.split_whitespace().map(Element::parse).collect();
            let bad_start = elements.iter().skip(1).any(|e| *e == Element::Start)
                || elements.first() == Some(&Element::Person);
            let words = || elements.iter().filter(|e| **e != Element::Start);
            let bad_gap =
                words().next() == Some(&Element::Gap) || words().next_back() == Some(&Element::Gap);
            if elements.is_empty()
                || bad_start
                || bad_gap
                || elements
                    .iter()
                    .all(|e| matches!(e, Element::Start | Element::Any))
            {
                problems.push(problem(
                    line,
                    Some("cue"),
                    format!(
                        "cue {cue:?} needs a word, ^ only first, @person not first \
                         and ** between words"
                    ),
                ));
                continue;
            }
            let words = cue.split_whitespace().collect::<Vec<_>>().join(" ");
            if let Some(first) = seen.insert((event, words, effect), line) {
                problems.push(problem(
                    line,
                    Some("cue"),
                    format!("cue {cue:?} is already on line {first}"),
                ));
                continue;
            }
            cues.push(Cue {
                event,
                elements,
                effect,
            });
        }
        if !problems.is_empty() {
            return Err(Error::Invalid(problems));
        }
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
                // Rejected above: a cue never starts with @person or **.
                Element::Person | Element::Gap => {}
            }
        }
        let wildcard_first = AhoCorasick::builder()
            .match_kind(MatchKind::Standard)
            .build(&literals)
            .expect("cue literals are short plain strings");
        Ok(Lexicon {
            cues,
            by_first_word,
            wildcard_first,
            wildcard_cues,
            at_start,
            numeric_first,
        })
    }

    /// Every cue that matches in a sentence: (cue index, byte range of the matched words).
    fn hits(&self, folded: &str, tokens: &[Token], people: &[usize]) -> Vec<(usize, Range<usize>)> {
        let (Some(first), Some(last)) = (tokens.first(), tokens.last()) else {
            return Vec::new();
        };
        // (cue, first token) pairs to try.
        let mut tries: Vec<(usize, usize)> = Vec::new();
        for (at, token) in tokens.iter().enumerate() {
            let word = &folded[token.span.clone()];
            if let Some(cues) = self.by_first_word.get(word) {
                tries.extend(cues.iter().map(|&cue| (cue, at)));
            }
            let numeric = word.bytes().any(|b| b.is_ascii_digit())
                || (word.len() <= 7 && number_word(word).is_some());
            if numeric {
                tries.extend(self.numeric_first.iter().map(|&cue| (cue, at)));
            }
        }
        let start = first_word(folded, tokens);
        tries.extend(self.at_start.iter().map(|&cue| (cue, start)));
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
            let word = &folded[token.span.clone()];
            for &cue in &self.wildcard_cues[found.pattern().as_usize()] {
                if self.cues[cue].elements[0].word_matches(word) {
                    tries.push((cue, at));
                }
            }
        }
        let mut hits = Vec::new();
        for (cue, at) in tries {
            if let Some(end) = self.match_at(cue, folded, tokens, at, people) {
                hits.push((cue, tokens[at].span.start..tokens[end].span.end));
            }
        }
        // In text order, each once: sorting the few hits is cheaper than sorting every try.
        hits.sort_unstable_by_key(|(cue, span)| (span.start, *cue, span.end));
        hits.dedup();
        hits
    }

    /// The index of the last token of the cue if it matches from token `start`.
    fn match_at(
        &self,
        cue: usize,
        folded: &str,
        tokens: &[Token],
        start: usize,
        people: &[usize],
    ) -> Option<usize> {
        let mut elements = self.cues[cue].elements.as_slice();
        // `hits` tries a `^` cue only at the sentence's first word.
        if elements[0] == Element::Start {
            elements = &elements[1..];
        }
        match_elements(elements, folded, tokens, start, people).map(|end| end - 1)
    }
}

/// The token a `^` cue starts at: the first, or the one after a quote's opening dash or
/// guillemet ("– Straffer er lotteri").
fn first_word(folded: &str, tokens: &[Token]) -> usize {
    tokens
        .iter()
        .take_while(|t| matches!(&folded[t.span.clone()], "-" | "–" | "—" | "«" | "\""))
        .count()
}

/// How many words `**` in a cue may skip: a name of up to three words.
const GAP_WORDS: usize = 3;

/// The index after the last token matched by `elements` from token `at`, if they match; a gap
/// tries the fewest words first.
fn match_elements(
    elements: &[Element],
    folded: &str,
    tokens: &[Token],
    mut at: usize,
    people: &[usize],
) -> Option<usize> {
    // A loop for plain elements, which most cues are (this runs for every cue tried at every
    // word); recursion only at a gap.
    for (i, element) in elements.iter().enumerate() {
        if *element == Element::Gap {
            let words = tokens[at.min(tokens.len())..]
                .iter()
                .take_while(|t| t.kind == TokenKind::Word)
                .count()
                .min(GAP_WORDS);
            let rest = &elements[i + 1..];
            return (0..=words)
                .find_map(|skip| match_elements(rest, folded, tokens, at + skip, people));
        }
        at += element.matches(folded, tokens, at, people)?;
    }
    Some(at)
}

/// Classifies every sentence of a document, in order; minutes carry across sentences.
pub fn classify(
    lexicon: &Lexicon,
    gazetteer: &Gazetteer,
    document: &Segmented<'_>,
    recognition: &Recognition,
) -> Vec<Event> {
    let (text, folded, sentences) = (
        document.text,
        document.folded.as_str(),
        &document.sentences[..],
    );
    let mut events = Vec::new();
    let mut last_minute: Option<Minute> = None;
    let mut mention_start = 0;
    // The first sentence that reports a penalty shoot-out, if any so far.
    let mut shoot_out_from: Option<usize> = None;
    let mut last_sentence_mentions = 0..0;
    // The event a fact-list heading that ends its line names ("Gult kort:"), for the lines below.
    let mut list_heading: Option<EventKind> = None;
    for (index, sentence) in sentences.iter().enumerate() {
        let mentions_end = mention_start
            + recognition.mentions[mention_start..]
                .iter()
                .take_while(|m| m.sentence == index)
                .count();
        let sentence_mentions = mention_start..mentions_end;
        let previous_mentions =
            std::mem::replace(&mut last_sentence_mentions, sentence_mentions.clone());
        mention_start = mentions_end;

        let fact_line = is_fact_line(folded, &sentence.tokens);
        let minute = stated_minute(folded, &sentence.tokens, last_minute, fact_line);
        if minute.is_some() {
            last_minute = minute;
        }
        let people: Vec<usize> = recognition.mentions[sentence_mentions.clone()]
            .iter()
            .filter(|m| {
                m.entities
                    .iter()
                    .all(|&e| gazetteer.entity(e).kind.is_person())
            })
            .map(|m| m.span.start)
            .collect();
        let hits = lexicon.hits(folded, &sentence.tokens, &people);
        // "Gult kort:" then "N: Nordtveit, Selnæs." and "S: Helander.": each team's line of a
        // fact list reports what the list's heading names.
        let listed = list_heading.take().and_then(|kind| {
            let same_paragraph =
                index > 0 && !blank_line_between(text, &sentences[index - 1], sentence);
            let team_line = team_list_line(
                gazetteer,
                text,
                folded,
                &sentence.tokens,
                recognition,
                sentence_mentions.clone(),
            );
            (same_paragraph && hits.is_empty())
                .then_some(team_line)
                .flatten()
                .map(|line| (kind, line))
        });
        if hits.is_empty() && listed.is_none() {
            continue;
        }
        let recent = |kind: EventKind| {
            events
                .iter()
                .rev()
                .take_while(|e: &&Event| e.sentence + SCENE_SENTENCES >= index)
                .any(|e| e.kind == kind)
        };
        let mut labels = match listed {
            Some((kind, team)) => {
                list_heading = Some(kind);
                vec![(kind, team)]
            }
            None => labels(lexicon, text, &hits, recent),
        };
        if let Some(kind) = list_heading_of(
            gazetteer,
            text,
            folded,
            &sentence.tokens,
            recognition,
            sentence_mentions.clone(),
            &labels,
        ) {
            list_heading = Some(kind);
        }
        let score = sentence
            .tokens
            .iter()
            .rev()
            .find(|t| t.kind == TokenKind::Score)
            .map(|t| t.span.clone());
        // The last sentence with events, at most two back, told a penalty: a kick's taker may be
        // introduced in between ("før forsøkene fra krittmerket. Ifølge Borges sto Krul og
        // ropte ... Men Borges scoret sikkert.").
        let penalty_just_before = events.last().is_some_and(|last| {
            last.sentence + 2 >= index
                && events
                    .iter()
                    .rev()
                    .take_while(|e| e.sentence == last.sentence)
                    .any(|e| e.kind == EventKind::Penalty)
        });
        // In a match decided on penalties, a goal or miss told right after a penalty, with no
        // minute of its own, is a kick of the shoot-out: "Gekas bommet for Hellas."
        if shoot_out_from.is_some()
            && minute.is_none()
            && penalty_just_before
            && !is_headline(text, sentences, index)
        {
            shoot_out_kick(&mut labels, score.is_some());
        }
        if labels.iter().any(|(kind, _)| *kind == EventKind::Penalty)
            && mentions_shoot_out(folded, &sentence.tokens)
        {
            shoot_out_from.get_or_insert(index);
        }
        let scope = Scope {
            sentence: sentence.span.clone(),
            mentions: sentence_mentions.clone(),
            previous: previous_mentions,
        };
        let mut foul: Option<(Range<usize>, Option<usize>)> = None;
        for (kind, trigger) in labels {
            let actor = match (&foul, kind) {
                (Some((foul_trigger, offender)), EventKind::Penalty) => victim(
                    gazetteer,
                    recognition,
                    sentence_mentions.clone(),
                    foul_trigger,
                    *offender,
                )
                .or_else(|| actor(gazetteer, text, recognition, &scope, &trigger, kind)),
                _ => actor(gazetteer, text, recognition, &scope, &trigger, kind),
            };
            // "Robben ble felt av Márquez": the subject of a passive foul suffered it; the
            // offender is the agent after "av", if named, and plays for the other side.
            let passive_foul = kind == EventKind::Foul && is_passive(text, &trigger);
            let (actor, sufferer) = if passive_foul {
                (
                    agent(
                        gazetteer,
                        text,
                        recognition,
                        sentence_mentions.clone(),
                        &trigger,
                    ),
                    actor,
                )
            } else {
                (actor, None)
            };
            if kind == EventKind::Foul {
                foul = Some((trigger.clone(), actor));
            }
            let own_goal = kind == EventKind::Goal && {
                let sentence_text = &folded[sentence.span.clone()];
                OWN_GOAL.iter().any(|words| {
                    sentence_text.match_indices(words).any(|(at, _)| {
                        let at = sentence.span.start + at;
                        same_clause(text, &(at..at + words.len()), &trigger)
                    })
                })
            };
            let team = actor
                .and_then(|m| recognition.mentions[m].entity())
                .and_then(|player| team_of_player(gazetteer, player, &recognition.context))
                // An own goal counts for the other side.
                .map(|team| {
                    if own_goal {
                        recognition.context.opponent(team).unwrap_or(team)
                    } else {
                        team
                    }
                })
                .or_else(|| match kind {
                    EventKind::Goal => {
                        keeper_beaten(gazetteer, recognition, sentence_mentions.clone())
                    }
                    _ => None,
                })
                .or_else(|| {
                    if passive_foul {
                        let suffering_team = sufferer
                            .and_then(|m| recognition.mentions[m].entity())
                            .and_then(|p| team_of_player(gazetteer, p, &recognition.context));
                        suffering_team.and_then(|team| recognition.context.opponent(team))
                    } else {
                        team_in_sentence(
                            gazetteer,
                            recognition,
                            sentence_mentions.clone(),
                            &trigger,
                        )
                    }
                });
            events.push(Event {
                kind,
                sentence: index,
                trigger,
                minute,
                actor,
                team,
                score: score.clone(),
            });
        }
    }
    if let Some(from) = shoot_out_from {
        headline_kicks(text, sentences, &mut events, from);
    }
    events
}

/// The event a fact-list heading names when team lines follow it: nothing after its colon
/// ("Gult kort:" ending the line) or a first team line ("Gult kort: N: Nordtveit, Selnæs.").
fn list_heading_of(
    gazetteer: &Gazetteer,
    text: &str,
    folded: &str,
    tokens: &[Token],
    recognition: &Recognition,
    mentions: Range<usize>,
    labels: &[(EventKind, Range<usize>)],
) -> Option<EventKind> {
    let colon = tokens
        .iter()
        .take(4)
        .position(|t| &folded[t.span.clone()] == ":")?;
    let (kind, _) = labels
        .iter()
        .find(|(_, trigger)| trigger.end <= tokens[colon].span.end)?;
    let rest = &tokens[colon + 1..];
    (rest.is_empty()
        || team_list_line(gazetteer, text, folded, rest, recognition, mentions).is_some())
    .then_some(*kind)
}

/// A team's line of a fact list: a team code or a team of the match, a colon, then names ("N:
/// Nordtveit, Selnæs, Johnsen.", "Brann: Orlov"); gives the span of the team and the colon.
fn team_list_line(
    gazetteer: &Gazetteer,
    text: &str,
    folded: &str,
    tokens: &[Token],
    recognition: &Recognition,
    mentions: Range<usize>,
) -> Option<Range<usize>> {
    let colon = tokens
        .iter()
        .take(5)
        .position(|t| &folded[t.span.clone()] == ":")?;
    if colon == 0 || colon + 1 == tokens.len() {
        return None;
    }
    let team = tokens[0].span.start..tokens[colon - 1].span.end;
    let is_code = crate::segment::is_team_code(&text[team.clone()]);
    let is_team = recognition.mentions[mentions].iter().any(|m| {
        m.span == team
            && m.entity()
                .is_some_and(|e| gazetteer.entity(e).kind.is_team())
    });
    (is_code || is_team).then(|| team.start..tokens[colon].span.end)
}

/// Whether a sentence names a penalty shoot-out that was played: `straffekonkurransen`, `etter
/// straffer`, `gikk til straffer`, `vant på straffene`.
fn mentions_shoot_out(folded: &str, tokens: &[Token]) -> bool {
    let word = |t: &Token| &folded[t.span.clone()];
    tokens.iter().enumerate().any(|(at, token)| {
        let word = word(token);
        [
            "straffekonk",
            "straffesparkkonk",
            "straffesparkserie",
            "straffeserie",
        ]
        .iter()
        // Definite: "straffekonkurransen" is the one played; "det lukter straffekonk" and
        // "Straffesparkkonkurranse er den verste måte å tape" are not.
        .any(|root| word.starts_with(root) && (word.ends_with("en") || word.ends_with("a")))
            || (matches!(word, "straffer" | "straffene")
                && at > 0
                && matches!(&folded[tokens[at - 1].span.clone()], "etter" | "på" | "til"))
    })
}

/// Whether a sentence is a headline: between blank lines, without a full stop. It belongs to the
/// section below it, not to the one above.
fn is_headline(text: &str, sentences: &[Sentence], index: usize) -> bool {
    let before = index
        .checked_sub(1)
        .is_none_or(|i| blank_line_between(text, &sentences[i], &sentences[index]));
    let after = sentences
        .get(index + 1)
        .is_none_or(|next| blank_line_between(text, &sentences[index], next));
    before
        && after
        && !text[sentences[index].span.clone()]
            .trim_end()
            .ends_with(['.', '!', '?', '…'])
}

/// Whether an empty line separates two sentences (a section or paragraph break; a line break
/// alone ends a line of a one-sentence-per-line text).
fn blank_line_between(text: &str, first: &Sentence, second: &Sentence) -> bool {
    let gap = text.get(first.span.end..second.span.start).unwrap_or("");
    gap.matches('\n').count() >= 2
}

/// Makes the labels of a shoot-out kick: a scored kick is a penalty and not a goal of the match, a
/// missed or saved one is a chance and a penalty. A goal that states a score is left alone: kicks
/// are seldom told with the score and goals of the match often are.
fn shoot_out_kick(labels: &mut Vec<(EventKind, Range<usize>)>, states_score: bool) {
    let kick = labels
        .iter()
        .find(|(kind, _)| *kind == EventKind::Chance || (*kind == EventKind::Goal && !states_score))
        .map(|(_, trigger)| trigger.clone());
    let Some(kick) = kick else {
        return;
    };
    if !states_score {
        labels.retain(|(kind, _)| *kind != EventKind::Goal);
    }
    if !labels.iter().any(|(kind, _)| *kind == EventKind::Penalty) {
        labels.push((EventKind::Penalty, kick));
        labels.sort_by_key(|(kind, _)| *kind);
    }
}

/// A headline belongs to the section below it: over a paragraph that tells only penalty kicks,
/// after the shoot-out was reported (sentence `from`), its goal or miss is a kick too ("Slo
/// ballen i nettaket" over "Ajax-keeperen reddet ingen straffespark. Da Maxi Rodriguez
/// avgjorde ...").
fn headline_kicks(text: &str, sentences: &[Sentence], events: &mut Vec<Event>, from: usize) {
    for headline in from..sentences.len().saturating_sub(1) {
        if !is_headline(text, sentences, headline) {
            continue;
        }
        // The section below: up to the next blank line.
        let end = (headline + 2..sentences.len())
            .find(|&s| blank_line_between(text, &sentences[s - 1], &sentences[s]))
            .unwrap_or(sentences.len());
        let below = headline + 1..end;
        let told = |sentence: usize| {
            let at = events.partition_point(|e| e.sentence < sentence);
            at..at
                + events[at..]
                    .iter()
                    .take_while(|e| e.sentence == sentence)
                    .count()
        };
        let only_kicks = below.clone().any(|s| !told(s).is_empty())
            && below.clone().all(|s| {
                let events = &events[told(s)];
                events.is_empty() || events.iter().any(|e| e.kind == EventKind::Penalty)
            });
        let own = told(headline);
        if !only_kicks || own.is_empty() {
            continue;
        }
        let mut labels: Vec<(EventKind, Range<usize>)> = events[own.clone()]
            .iter()
            .map(|e| (e.kind, e.trigger.clone()))
            .collect();
        shoot_out_kick(
            &mut labels,
            events[own.clone()].iter().any(|e| e.score.is_some()),
        );
        let template = events[own.start].clone();
        let kick: Vec<Event> = labels
            .into_iter()
            .map(|(kind, trigger)| {
                events[own.clone()]
                    .iter()
                    .find(|e| e.kind == kind)
                    .cloned()
                    .unwrap_or(Event {
                        kind,
                        trigger,
                        ..template.clone()
                    })
            })
            .collect();
        events.splice(own, kick);
    }
}

/// The events of a sentence from its cue hits, each with the words that decided it, in
/// [`EventKind::ALL`] order.
///
/// A block cancels the triggers of its event in its own clause only: "nær å sette inn" is a near
/// miss, but "burde gitt uttelling" does not undo "gått opp til 2-1" before it. A weak cue counts
/// only when no other event's trigger fired. `recent` says whether the document reported an event
/// in the sentences just before (for `after <event>` cues).
fn labels(
    lexicon: &Lexicon,
    text: &str,
    hits: &[(usize, Range<usize>)],
    recent: impl Fn(EventKind) -> bool,
) -> Vec<(EventKind, Range<usize>)> {
    let unblocked = |kind: EventKind, effect: Effect| -> Option<Range<usize>> {
        let of = |cue: usize, effect: Effect| {
            lexicon.cues[cue].event == kind && lexicon.cues[cue].effect == effect
        };
        if hits.iter().any(|(cue, _)| of(*cue, Effect::Veto)) {
            return None;
        }
        hits.iter()
            .filter(|(cue, _)| of(*cue, effect))
            .map(|(_, span)| span.clone())
            .find(|span| {
                !hits.iter().any(|(cue, block)| {
                    (of(*cue, Effect::Block) && same_clause(text, span, block))
                        || (of(*cue, Effect::Not)
                            && block.start < span.end
                            && span.start < block.end)
                })
            })
    };
    let triggers: Vec<(EventKind, Range<usize>)> = EventKind::ALL
        .into_iter()
        .filter_map(|k| unblocked(k, Effect::Trigger).map(|t| (k, t)))
        .collect();
    EventKind::ALL
        .into_iter()
        .filter_map(|kind| {
            let own = triggers
                .iter()
                .find(|(k, _)| *k == kind)
                .map(|(_, t)| t.clone());
            let others_fired = triggers.iter().any(|(k, _)| *k != kind);
            let with = || {
                EventKind::ALL.into_iter().find_map(|other| {
                    let fired = triggers.iter().any(|(k, _)| *k == other);
                    if fired && other != kind {
                        unblocked(kind, Effect::With(other))
                    } else {
                        None
                    }
                })
            };
            let after = || {
                EventKind::ALL
                    .into_iter()
                    .filter(|&other| recent(other))
                    .find_map(|other| unblocked(kind, Effect::After(other)))
            };
            // Weak cues alone: a shot that went in is a goal and not also a chance.
            let goal_told =
                || kind == EventKind::Chance && unblocked(EventKind::Goal, Effect::Weak).is_some();
            own.or_else(with)
                .or_else(after)
                .or_else(|| {
                    if others_fired || goal_told() {
                        None
                    } else {
                        unblocked(kind, Effect::Weak)
                    }
                })
                .map(|t| (kind, t))
        })
        .collect()
}

/// Fact lines (`Mål: 1-0 Johnsen (41)`, `Gult kort: ...`): a label and a colon open the sentence.
fn is_fact_line(folded: &str, tokens: &[Token]) -> bool {
    tokens
        .iter()
        .take(4)
        .any(|t| &folded[t.span.clone()] == ":")
        && tokens
            .iter()
            .any(|t| t.kind == TokenKind::Number || t.kind == TokenKind::Score)
}

fn number_word(word: &str) -> Option<u16> {
    let n = match word {
        "ett" | "et" | "ei" | "en" | "eitt" | "ein" => 1,
        "to" => 2,
        "tre" => 3,
        "fire" => 4,
        "fem" => 5,
        "seks" => 6,
        "sju" | "syv" => 7,
        "åtte" => 8,
        "ni" => 9,
        "ti" => 10,
        "elleve" => 11,
        "tolv" => 12,
        "tretten" => 13,
        "fjorten" => 14,
        "femten" => 15,
        "seksten" => 16,
        "sytten" => 17,
        "atten" => 18,
        "nitten" => 19,
        "tjue" | "tyve" => 20,
        "tretti" | "tredve" => 30,
        _ => return word.parse().ok(),
    };
    Some(n)
}

fn is_minute_noun(word: &str) -> bool {
    matches!(
        word,
        "minutt" | "minutter" | "minuttet" | "minuttar" | "minutta" | "min" | "min."
    )
}

const STOPPAGE: &[&[&str]] = &[
    &["på", "overtid"],
    &["i", "overtiden"],
    &["på", "tilleggstid"],
    &["i", "tilleggstiden"],
    &["siste", "sekunder"],
    &["siste", "sekundene"],
    &["overtidsmål"],
];
const LATER: &[&str] = &["senere", "seinere", "seinare", "etter", "etterpå"];

/// The minute a sentence states, if any; relative minutes count from `previous`.
fn stated_minute(
    folded: &str,
    tokens: &[Token],
    previous: Option<Minute>,
    fact_line: bool,
) -> Option<Minute> {
    let (Some(first), Some(last)) = (tokens.first(), tokens.last()) else {
        return None;
    };
    // Every form below has one of these; most sentences have none, and a substring search is cheap.
    let sentence = &folded[first.span.start..last.span.end];
    if ![
        "minutt",
        "min",
        "kvarter",
        "overtid",
        "tilleggstid",
        "sekund",
        "+",
        "(",
        "ekstraomg",
        "forleng",
    ]
    .iter()
    .any(|cue| sentence.contains(cue))
    {
        return None;
    }
    let word = |i: usize| tokens.get(i).map(|t| &folded[t.span.clone()]).unwrap_or("");
    let plausible = |n: u16| (1..=130).contains(&n);
    // "på overtid" yields to an exact added-time minute later in the sentence.
    let mut stoppage = None;
    let extra_end = || extra_time(&word, tokens.len()).map(|(_, last)| last);
    for i in 0..tokens.len() {
        let token = &tokens[i];
        let w = word(i);
        // "i det 56. minutt", "56. min."
        if token.kind == TokenKind::Ordinal && is_minute_noun(word(i + 1)) {
            if let Some(n) = w
                .trim_end_matches('.')
                .parse()
                .ok()
                .filter(|n| plausible(*n))
            {
                return Some(Minute::at(n));
            }
        }
        // "90+2", "(90+3)"
        if token.kind == TokenKind::Number && word(i + 1) == "+" {
            if let (Ok(regular), Some(next)) = (w.parse::<u16>(), tokens.get(i + 2)) {
                let added = folded[next.span.clone()].trim_end_matches('.').parse().ok();
                if matches!(regular, 45 | 90 | 105 | 120)
                    && next.span.start == tokens[i + 1].span.end
                {
                    return Some(Minute::stoppage(regular, added));
                }
            }
        }
        // "kvarteret før slutt": a quarter of an hour from a landmark.
        if matches!(w, "kvarteret" | "kvarter") {
            if let Some(minute) = from_landmark(15, word(i + 1), word(i + 2), extra_end()) {
                return Some(minute);
            }
        }
        // "etter 65 minutter" is absolute; "tre minutter senere" is relative.
        if let Some(n) = number_word(w).filter(|n| plausible(*n)) {
            if is_minute_noun(word(i + 1)) {
                if i > 0 && matches!(word(i - 1), "etter" | "ette") {
                    return Some(Minute::at(n));
                }
                if let Some(minute) = from_landmark(n, word(i + 2), word(i + 3), extra_end()) {
                    return Some(minute);
                }
                if LATER.contains(&word(i + 2)) {
                    if let Some(previous) = previous {
                        return Some(previous.later(n));
                    }
                }
            }
            // "Johnsen (41)" in a fact line.
            if fact_line
                && i > 0
                && word(i - 1) == "("
                && word(i + 1) == ")"
                && token.kind == TokenKind::Number
            {
                return Some(Minute::at(n));
            }
        }
        if w == "minuttet" && LATER.contains(&word(i + 1)) {
            if let Some(previous) = previous {
                return Some(previous.later(1));
            }
        }
        if STOPPAGE
            .iter()
            .any(|phrase| phrase.iter().enumerate().all(|(k, p)| word(i + k) == *p))
        {
            stoppage = Some(Minute::stoppage(90, None));
        }
    }
    // Extra time without a minute: its span; "på overtid" there is the end of that span.
    match (extra_time(&word, tokens.len()), stoppage) {
        (Some((_, last)), Some(_)) => Some(Minute::stoppage(last, None)),
        (Some((first, last)), None) => Some(Minute {
            until: Some(last),
            ..Minute::at(first)
        }),
        (None, stoppage) => stoppage,
    }
}

/// A minute counted from a landmark of the match: `tre minutter etter pause` (48), `ti minutter
/// før pause` (35), `to minutter før slutt` or `før full tid` (88; in the second period of extra
/// time, whose end is `extra_end`, 118).
fn from_landmark(n: u16, relation: &str, landmark: &str, extra_end: Option<u16>) -> Option<Minute> {
    let half_time = matches!(
        landmark,
        "pause" | "pausen" | "hvilen" | "kvilen" | "halvtid" | "sidebyttet" | "sidebytet"
    );
    let full_time = matches!(
        landmark,
        "slutt" | "slutten" | "full" | "fulltid" | "ordinær" | "ordinaer" | "tiden" | "kampslutt"
    );
    let minute = match relation {
        "etter" | "ut" if half_time => 45 + n,
        "før" if half_time => 45u16.checked_sub(n)?,
        "før" if full_time => extra_end.unwrap_or(90).checked_sub(n)?,
        _ => return None,
    };
    (1..=120).contains(&minute).then(|| Minute::at(minute))
}

/// `i ekstraomgangene` (91-120), `i den første ekstraomgangen` (91-105), `i andre ekstraomgang`
/// (106-120): the span of extra time a sentence places itself in. Not `etter ekstraomganger`
/// (a result) nor `før ekstraomgangene`.
fn extra_time<'w>(word: &impl Fn(usize) -> &'w str, len: usize) -> Option<(u16, u16)> {
    (0..len).find_map(|i| {
        let noun = word(i);
        if !(noun.starts_with("ekstraomg") || noun.starts_with("forleng")) {
            return None;
        }
        let mut before = (1..=3).filter_map(|k| i.checked_sub(k)).map(word);
        if !before.any(|w| w == "i") {
            return None;
        }
        let ordinal = i.checked_sub(1).map(word);
        Some(match ordinal {
            Some("første" | "fyrste" | "1.") => (91, 105),
            Some("andre" | "2.") => (106, 120),
            _ => (91, 120),
        })
    })
}

fn is_player_mention(gazetteer: &Gazetteer, recognition: &Recognition, mention: usize) -> bool {
    recognition.mentions[mention]
        .entities
        .iter()
        .all(|&e| gazetteer.entity(e).kind == EntityKind::Player)
}

/// The player an event is about, as a mention index.
///
/// Norwegian puts the subject before the verb or, after a fronted adverbial, right after it
/// (`reduserte Defoe`, `skjøt Aursnes utenfor`): a player inside the trigger, else the nearest
/// player before it in the same clause, else the first after it in the same clause, else the
/// nearest before or first after anywhere in the sentence. A genitive (`Defoes bom`) belongs only
/// to the word it stands before. A pronoun subject points to a player named before it, else to
/// the previous sentence's player; a verb just after `og` shares the subject opening the sentence.
///
/// A goalkeeper named in a goal sentence is the one beaten, not the scorer.
fn actor(
    gazetteer: &Gazetteer,
    text: &str,
    recognition: &Recognition,
    scope: &Scope,
    trigger: &Range<usize>,
    kind: EventKind,
) -> Option<usize> {
    let sentence = &scope.sentence;
    let span = |m: usize| recognition.mentions[m].span.clone();
    let eligible = |m: usize| {
        recognition.mentions[m].how != How::Genitive
            || (span(m).end <= trigger.start && text[span(m).end..trigger.start].trim().is_empty())
    };
    let can_act = |m: usize| {
        is_player_mention(gazetteer, recognition, m)
            && !beaten_or_serving(text, span(m).start)
            && !(kind == EventKind::Goal && is_keeper(gazetteer, recognition, m))
    };
    let players: Vec<usize> = scope
        .mentions
        .clone()
        .filter(|&m| can_act(m) && eligible(m))
        .collect();
    let inside = players
        .iter()
        .find(|&&m| span(m).start >= trigger.start && span(m).end <= trigger.end);
    let before = || {
        players
            .iter()
            .rev()
            .filter(|&&m| span(m).end <= trigger.start)
    };
    let after = || players.iter().filter(|&&m| span(m).start >= trigger.end);
    // "da han plasserte ballen": the pronoun is the subject, and it points back past the clause
    // to a player named before it ("de Vrij ... da han avsluttet via Ochoa": de Vrij).
    let pronoun = subject_pronoun(&text[sentence.start..trigger.start]).map(|p| sentence.start + p);
    let same_clause = before().find(|&&m| !clause_break(&text[span(m).end..trigger.start]));
    if let (None, None, Some(pronoun)) = (inside, same_clause, pronoun) {
        // With no player before the pronoun, it points to the previous sentence's subject
        // ("Han satte straffen sikkert i mål": the player just written about), never to a player
        // named later in the sentence.
        return before()
            .find(|&&m| span(m).end <= pronoun)
            .copied()
            .or_else(|| {
                scope.previous.clone().find(|&m| {
                    can_act(m)
                        && !(kind == EventKind::Chance && is_keeper(gazetteer, recognition, m))
                })
            });
    }
    // "Hummels knuste portugiseren og stanget inn 2-0", "Robben lekte med Casillas og banket
    // ballen i mål": a verb right after "og" shares the subject that opens the sentence.
    let coordinated = || {
        let (verb_start, verb) = previous_word(text, trigger.start);
        let conjunction = |word: &str| matches!(word, "og" | "men");
        (conjunction(verb) || conjunction(previous_word(text, verb_start).1))
            .then(|| {
                players.iter().find(|&&m| {
                    !text[sentence.start..span(m).start]
                        .chars()
                        .any(char::is_alphanumeric)
                })
            })
            .flatten()
    };
    // "... like etter at spissveteranen ble byttet inn scoret Elfenbenkysten to mål": a team next
    // to the verb is its subject, so a player of an earlier clause is no guess for the actor (a
    // later one may tell who: "Brann tok leiinga då Skaanes skåra").
    let team_subject = scope.mentions.clone().any(|m| {
        let mention = &recognition.mentions[m];
        let gap = |from: usize, to: usize| from <= to && text[from..to].trim().is_empty();
        let next_to = gap(trigger.end, mention.span.start) || gap(mention.span.end, trigger.start);
        next_to
            && mention.how != How::Genitive
            && mention
                .entity()
                .is_some_and(|e| gazetteer.entity(e).kind.is_team())
    });
    inside
        .or(same_clause)
        .or_else(coordinated)
        .or_else(|| after().find(|&&m| !clause_break(&text[trigger.end..span(m).start])))
        .or_else(|| before().find(|_| !team_subject))
        .or_else(|| after().next())
        .copied()
}

/// Whether a foul is told as suffered, in the passive: `ble felt`, `vart felt`, `ble taklet`. Not a
/// sanction (`ble utvist`, `ble advart`): its subject is the offender.
fn is_passive(text: &str, trigger: &Range<usize>) -> bool {
    let auxiliary = |word: &str| {
        ["ble", "blei", "vart", "blir", "blitt"]
            .iter()
            .any(|a| word.eq_ignore_ascii_case(a))
    };
    let words = text[trigger.clone()].to_lowercase();
    let sanction = words.split_whitespace().any(|w| {
        ["utvis", "advar", "book", "kort", "vist", "sendt"]
            .iter()
            .any(|root| w.starts_with(root))
    });
    let first = words.split_whitespace().next().unwrap_or("");
    !sanction && (auxiliary(first) || auxiliary(previous_word(text, trigger.start).1))
}

/// The agent of a passive: the player after `av` following the trigger, in its clause.
fn agent(
    gazetteer: &Gazetteer,
    text: &str,
    recognition: &Recognition,
    mentions: Range<usize>,
    trigger: &Range<usize>,
) -> Option<usize> {
    mentions.into_iter().find(|&m| {
        let span = &recognition.mentions[m].span;
        is_player_mention(gazetteer, recognition, m)
            && span.start >= trigger.end
            && previous_word(text, span.start).1.eq_ignore_ascii_case("av")
            && !clause_break(&text[trigger.end..span.start])
    })
}

/// Where an event's actor is looked for: its sentence, the mentions in it and those of the
/// sentence before (where a pronoun subject points).
struct Scope {
    sentence: Range<usize>,
    mentions: Range<usize>,
    previous: Range<usize>,
}

/// Whether the player named at `start` is the keeper beaten or the one who passed, not the one
/// who acted: `i mål bak Manuel Neuer`, `bak en sjanseløs Fernando Muslera`, `forbi
/// Stranda-keeper Thomas Hove`, `over Hart`, `på pasning fra Kroos`.
fn beaten_or_serving(text: &str, start: usize) -> bool {
    let before = |offset: usize| {
        let (at, word) = previous_word(text, offset);
        (word, at, &text[at + word.len()..offset])
    };
    let mut at = start;
    // Back over a few lower-case words ("en sjanseløs") and compound heads ("Stranda-keeper").
    for _ in 0..4 {
        let (word, word_start, between) = before(at);
        let compound = between == "-";
        if word.is_empty() || !(compound || between.chars().all(|c| c == ' ')) {
            return false;
        }
        match word.to_lowercase().as_str() {
            "bak" | "forbi" | "over" => return true,
            // "mellom bena på Gary Cahill": the defender nutmegged.
            "på" if {
                let (limb, limb_start, _) = before(word_start);
                matches!(limb.to_lowercase().as_str(), "bena" | "beina" | "beine")
                    && before(limb_start).0.eq_ignore_ascii_case("mellom")
            } =>
            {
                return true
            }
            "fra" => {
                let (served_by, _, _) = before(word_start);
                return [
                    "pasning",
                    "innlegg",
                    "stikker",
                    "gjennomspill",
                    "assist",
                    "hjørnespark",
                    "corner",
                ]
                .iter()
                .any(|root| served_by.to_lowercase().starts_with(root));
            }
            _ if compound || word.starts_with(char::is_lowercase) => at = word_start,
            _ => return false,
        }
    }
    false
}

/// Where the personal pronoun that is the subject of the clause ending `head` starts, if it has
/// one.
fn subject_pronoun(head: &str) -> Option<usize> {
    for word in head
        .split(|c: char| c.is_whitespace())
        .rev()
        .filter(|w| !w.is_empty())
    {
        if clause_break(word) {
            return None;
        }
        if matches!(word.to_lowercase().as_str(), "han" | "hun" | "ho" | "hon") {
            return Some(word.as_ptr() as usize - head.as_ptr() as usize);
        }
    }
    None
}

/// Whether two spans of a sentence are in the same clause.
fn same_clause(text: &str, a: &Range<usize>, b: &Range<usize>) -> bool {
    let (first, second) = if a.start <= b.start { (a, b) } else { (b, a) };
    first.end >= second.start || !clause_break(&text[first.end..second.start])
}

/// Whether the text between two words crosses a clause boundary.
fn clause_break(between: &str) -> bool {
    // Called for every pair of cue hits and every actor candidate: compared without allocating.
    const CONJUNCTIONS: [&str; 7] = ["men", "og", "mens", "da", "etter", "før", "som"];
    between.contains([',', ';', ':', '–', '(', ')'])
        || between.split_whitespace().any(|w| {
            if w.is_ascii() {
                CONJUNCTIONS.iter().any(|c| w.eq_ignore_ascii_case(c))
            } else {
                CONJUNCTIONS.contains(&w.to_lowercase().as_str())
            }
        })
}

/// Words that make a goal an own goal, counted for the other side.
const OWN_GOAL: &[&str] = &[
    "selvmål",
    "sjølvmål",
    "i eget mål",
    "i eige mål",
    "i eget nett",
    "i eget kryss",
    "i egen kasse",
];

fn is_keeper(gazetteer: &Gazetteer, recognition: &Recognition, mention: usize) -> bool {
    recognition.mentions[mention]
        .entity()
        .is_some_and(|e| gazetteer.entity(e).attr("position") == Some("GK"))
}

/// For a goal without a scorer: the team that beat a keeper of the match named in the sentence
/// ("inn bak en sjanseløs Muslera": Uruguay's keeper, so Colombia scored).
fn keeper_beaten(
    gazetteer: &Gazetteer,
    recognition: &Recognition,
    mentions: Range<usize>,
) -> Option<usize> {
    let context = &recognition.context;
    mentions
        .filter(|&m| is_keeper(gazetteer, recognition, m))
        .find_map(|m| {
            let keeper = recognition.mentions[m].entity()?;
            context.opponent(team_of_player(gazetteer, keeper, context)?)
        })
}

/// For a penalty given for a foul: the player fouled, the first player after the foul verb who is
/// not the offender (`felte Ruben Gabrielsen Bendtner`, `Ledley King felte den italienske spissen`).
fn victim(
    gazetteer: &Gazetteer,
    recognition: &Recognition,
    mentions: Range<usize>,
    foul: &Range<usize>,
    offender: Option<usize>,
) -> Option<usize> {
    mentions.into_iter().find(|&m| {
        recognition.mentions[m].span.start >= foul.end
            && Some(m) != offender
            && is_player_mention(gazetteer, recognition, m)
    })
}

/// The team a player plays for in this match: the club or national team the header names, else
/// the club, else the national team.
pub fn team_of_player(
    gazetteer: &Gazetteer,
    player: usize,
    context: &MatchContext,
) -> Option<usize> {
    let teams: Vec<usize> = teams_of(gazetteer, player).collect();
    teams
        .iter()
        .copied()
        .find(|t| context.teams().any(|c| c == *t))
        .or(teams.first().copied())
}

/// The team mention nearest to the trigger, when the sentence names no player.
fn team_in_sentence(
    gazetteer: &Gazetteer,
    recognition: &Recognition,
    mentions: Range<usize>,
    trigger: &Range<usize>,
) -> Option<usize> {
    mentions
        .filter_map(|m| {
            let mention = &recognition.mentions[m];
            let entity = mention.entity()?;
            let distance = if mention.span.end <= trigger.start {
                trigger.start - mention.span.end
            } else {
                mention.span.start.saturating_sub(trigger.end)
            };
            gazetteer
                .entity(entity)
                .kind
                .is_team()
                .then_some((distance, entity))
        })
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, entity)| entity)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(text: &str) -> Vec<(&'static str, String)> {
        let lexicon = Lexicon::new().unwrap();
        let gazetteer = Gazetteer::from_entities(Vec::new());
        let events = classify(
            &lexicon,
            &gazetteer,
            &Segmented::new(text),
            &Recognition::default(),
        );
        events
            .iter()
            .map(|e| {
                (
                    e.kind.as_str(),
                    e.minute.map(|m| m.to_string()).unwrap_or_default(),
                )
            })
            .collect()
    }

    #[test]
    fn labels_and_minutes() {
        let table: &[(&str, &[(&str, &str)])] = &[
            ("Nasri scoret i det 56. minutt.", &[("goal", "56")]),
            ("Han var nær å sette inn ledermålet.", &[("chance", "")]),
            ("Han bommet alene med keeper.", &[("chance", "")]),
            ("Han felte spissen og fikk gult kort.", &[("foul", "")]),
            (
                "Han felte spissen inne i feltet.",
                &[("foul", ""), ("penalty", "")],
            ),
            ("Han headet inn 1-0 inne i feltet.", &[("goal", "")]),
            (
                "Dommeren pekte på straffemerket etter at King felte ham.",
                &[("foul", ""), ("penalty", "")],
            ),
            (
                "Balotelli var iskald fra ellevemeteren på overtid.",
                &[("goal", "90+"), ("penalty", "90+")],
            ),
            ("Førsteomgangen var målløs.", &[]),
            ("Bale utlignet etter 65 minutter.", &[("goal", "65")]),
            ("Mål: 1-0 Johnsen (41), 2-0 King (59).", &[("goal", "41")]),
            ("Scoringen kom på overtid, 90+2.", &[("goal", "90+2")]),
            ("Han burde scoret.", &[("chance", "")]),
            ("Han utjamna til 1-1 i det 70. minuttet.", &[("goal", "70")]),
            ("Skotet hans gjekk i tverrliggjaren.", &[("chance", "")]),
            ("Han fekk raudt kort etter 80 minuttar.", &[("foul", "80")]),
            ("Ho heada ballen inn til 2-1.", &[("goal", "")]),
            ("Han skaut i stolpen.", &[("chance", "")]),
            ("Han vart utvist etter ein stygg takling.", &[("foul", "")]),
            ("Han vart felt i feltet.", &[("foul", ""), ("penalty", "")]),
            (
                "Straffesparkkonkurransen ble avgjort av Rooney.",
                &[("penalty", "")],
            ),
            (
                "Han løp inn 2-0 på bakerste stolpe på et hjørnespark.",
                &[("goal", "")],
            ),
            ("I ekstraomgangene scoret han.", &[("goal", "91-120")]),
            (
                "Han scoret i den første ekstraomgangen.",
                &[("goal", "91-105")],
            ),
            (
                "Han scoret på overtid i andre ekstraomgang.",
                &[("goal", "120+")],
            ),
            ("Han scoret før ekstraomgangene.", &[("goal", "")]),
            ("Tre minutter etter pause scoret han.", &[("goal", "48")]),
            ("To minutter før full tid utlignet han.", &[("goal", "88")]),
            ("Ti minutter før pausen scoret han.", &[("goal", "35")]),
            ("Kvarteret før slutt scoret han.", &[("goal", "75")]),
            (
                "Tre minutter før full tid i andre ekstraomgang scoret han.",
                &[("goal", "117")],
            ),
            (
                "Han satte ballen i mål, men linjemannen vinket for offside.",
                &[("chance", "")],
            ),
            // A total beside the match's goals: only the total is cancelled.
            (
                "Med sine to scoringer er han toppscorer med fire mål.",
                &[("goal", "")],
            ),
            ("Han er toppscorer med fire mål.", &[]),
            // Weak cues alone: the shot went in, so it is not also a chance.
            ("Skotet gjekk under målvakta.", &[("goal", "")]),
            // "**" skips the name between "kunne" and the participle.
            ("Da kunne Angel di Maria lagt på til 2-0.", &[]),
            ("Da kunne Angel di Maria legge på til 2-0.", &[("goal", "")]),
            // A saying about penalties, also in a quote, is not a penalty; the penalty is.
            ("– Straffer er lotteri.", &[]),
            ("– Straffen er latterlig.", &[("penalty", "")]),
            ("Dommeren pekte på krittmerket.", &[("penalty", "")]),
            ("Dommeren pekte på prikken.", &[("penalty", "")]),
            ("Det var Spanias første straffemål.", &[("penalty", "")]),
            // Each team's line under a fact-list heading lists what the heading names.
            (
                "Gult kort:\nN: Nordtveit, Selnæs.\nS: Helander.\nDommer:\nGianluca Rocchi.",
                &[("foul", ""), ("foul", ""), ("foul", "")],
            ),
            (
                "Gult kort: N: Nordtveit. S: Helander.",
                &[("foul", ""), ("foul", "")],
            ),
            ("Gult kort:\n\nN: Nordtveit.", &[("foul", "")]),
            (
                "Han satte straffen i mål etter at Götze hadde blitt felt.",
                &[("goal", ""), ("foul", ""), ("penalty", "")],
            ),
            ("Dommeren dømte indirekte frispark til FFK.", &[]),
            ("Da styrte Thiago Silva inn en corner.", &[("goal", "")]),
            ("Schürrle la på til både 6-0 og 7-0.", &[("goal", "")]),
            (
                "Og på overtid traff Tyskland stolpen.",
                &[("chance", "90+")],
            ),
            ("Keeper Fatau Dauda redder.", &[("chance", "")]),
            (
                "Sogndal fekk eit frispark, og keeperen reddar.",
                &[("chance", ""), ("foul", "")],
            ),
            ("Sideseriene redder julestemningen.", &[]),
            ("Det mislykkede forsøket på å krysse fjorden.", &[]),
            // A shot into the corner is a goal unless a miss or a save is told.
            (
                "Volleyskuddet suste i hjørnet bak Courtois.",
                &[("goal", "")],
            ),
            (
                "Messi gikk for kraft i keeperhjørnet og ballen suste like over.",
                &[("chance", "")],
            ),
            ("Chile var nærmest scoring.", &[("chance", "")]),
            ("Bosnia snytt for scoring.", &[("chance", "")]),
            ("Brasil jaget utligningen.", &[]),
        ];
        for (text, expected) in table {
            let expected: Vec<(&str, String)> =
                expected.iter().map(|(k, m)| (*k, m.to_string())).collect();
            assert_eq!(labels(text), expected, "input: {text:?}");
        }
    }

    /// The name of the actor of the first event of a kind in a text, with the shipped gazetteers.
    fn actor_name(pipeline: &crate::Pipeline, text: &str, kind: EventKind) -> Option<String> {
        let doc = crate::Document::new("t", text);
        let analysis = pipeline.analyze(&doc);
        let event = analysis.events.iter().find(|e| e.kind == kind)?;
        event
            .actor
            .and_then(|m| analysis.recognition.mentions[m].entity())
            .map(|e| pipeline.gazetteer().entity(e).name.clone())
    }

    #[test]
    fn the_actor_is_not_the_keeper_beaten_nor_the_passer() {
        let pipeline = crate::Pipeline::new().unwrap();
        let actor = |text: &str| actor_name(&pipeline, text, EventKind::Goal);
        for (text, scorer) in [
            (
                "Messi la inn til Higuaín som avsluttet på direkten og i mål bak Manuel Neuer.",
                Some("Gonzalo Higuaín"),
            ),
            ("Ballen gikk i krysset bak Manuel Neuer.", None),
            (
                "Thomas Müller scoret på pasning fra Toni Kroos.",
                Some("Thomas Müller"),
            ),
            ("Ballen gikk forbi keeper Manuel Neuer og i mål.", None),
            (
                "Müller satte ballen i mål bak en sjanseløs Manuel Neuer.",
                Some("Thomas Müller"),
            ),
            (
                "Mats Hummels knuste Pepe i lufta og stanget inn 2-0.",
                Some("Mats Hummels"),
            ),
            (
                "Robben spurtet fra Ramos, lekte med Casillas og banket ballen i mål.",
                Some("Arjen Robben"),
            ),
            (
                "Marchisio la kula til rette og banket den i hjørnet mellom bena på Gary Cahill.",
                Some("Claudio Marchisio"),
            ),
            (
                "Thomas Müller løp fram. Han satte straffen i mål etter at Mario Götze ble felt.",
                Some("Thomas Müller"),
            ),
            // A team next to the verb is its subject: the player of the other clause did not
            // score.
            (
                "Didier Drogba ble byttet inn, og like etter scoret Elfenbenkysten to mål.",
                None,
            ),
        ] {
            assert_eq!(actor(text).as_deref(), scorer, "{text}");
        }
        let goals = |text: &str| {
            let doc = crate::Document::new("t", text);
            pipeline.analyze(&doc).events.len()
        };
        assert_eq!(
            goals("Van Gaal satte inn Tim Krul på overtid."),
            0,
            "a substitution"
        );
        assert_eq!(goals("Robben satte inn 1-0 på overtid."), 1);
    }

    #[test]
    fn a_passive_foul_names_its_offender_after_av() {
        let pipeline = crate::Pipeline::new().unwrap();
        let offender = |text: &str| actor_name(&pipeline, text, EventKind::Foul);
        assert_eq!(
            offender("Arjen Robben ble felt av Rafael Márquez.").as_deref(),
            Some("Rafael Márquez")
        );
        assert_eq!(
            offender("Arjen Robben ble felt i feltet."),
            None,
            "the one fouled"
        );
        assert_eq!(
            offender("Portugal - Tyskland 0-4\nPepe ble utvist.").as_deref(),
            Some("Pepe"),
            "a sanction"
        );
    }

    #[test]
    fn a_penalty_scene_continues_over_the_next_sentences() {
        assert_eq!(
            labels("Robben gikk i bakken i feltet og ropte på straffe. Men dommeren bet ikke på."),
            [("penalty", String::new()), ("penalty", String::new())]
        );
        // Alone, or far from a penalty, the same words are nothing.
        assert_eq!(labels("Men dommeren bet ikke på."), []);
        assert_eq!(
            labels(
                "Han ropte på straffe. Kampen gikk videre. Det regnet. Publikum sang. Dommeren bet ikke på."
            ),
            [("penalty", String::new())]
        );
    }

    #[test]
    fn kicks_of_a_shoot_out_are_penalties_not_goals() {
        let shoot_out = "Kampen ble avgjort på straffer. Dermed måtte det straffespark til.\n\
                         Borges scoret for Costa Rica. Gekas bommet for Hellas. Umaña scoret.";
        let penalty = ("penalty", String::new());
        let chance = ("chance", String::new());
        assert_eq!(
            labels(shoot_out),
            [
                penalty.clone(),
                penalty.clone(),
                penalty.clone(),
                chance,
                penalty.clone(),
                penalty.clone()
            ]
        );
        // The taker may be introduced in a sentence between; two sentences between are too many.
        assert_eq!(
            labels(
                "Kampen ble avgjort på straffer. Krul ropte før forsøkene fra krittmerket.\n\
                 Borges gikk frem. Men Borges scoret sikkert."
            ),
            [penalty.clone(), penalty.clone(), penalty.clone()]
        );
        assert_eq!(
            labels(
                "Kampen ble avgjort på straffer. Krul ropte før forsøkene fra krittmerket.\n\
                 Borges gikk frem. Krul ventet. Men Borges scoret sikkert."
            ),
            [penalty.clone(), penalty.clone(), ("goal", String::new())]
        );
        // A shoot-out that only might come is none: the goal after it is a goal.
        assert_eq!(
            labels("Det lukter straffekonkurranse. Ronaldo fikk straffe. Ronaldo scoret."),
            [penalty.clone(), penalty.clone(), ("goal", String::new())]
        );
        // A headline over a section of kicks is a kick; over other play it keeps its label.
        let headline = |section: &str| {
            labels(&format!(
                "Kampen ble avgjort på straffer.\n\nSlo ballen i nettaket\n\n{section}"
            ))
        };
        assert_eq!(
            headline("Keeperen reddet ingen straffespark. Rodriguez satte straffen i mål."),
            [
                penalty.clone(),
                penalty.clone(),
                penalty.clone(),
                penalty.clone()
            ]
        );
        assert_eq!(
            headline("Keeperen reddet ingen straffespark. Neste kamp er fredag. Det regnet."),
            [penalty.clone(), penalty.clone(), penalty.clone()]
        );
        assert_eq!(
            headline("Han fikk straffespark. Etter pause scoret Rodriguez 1-0."),
            [
                penalty.clone(),
                ("goal", String::new()),
                penalty.clone(),
                ("goal", "".to_string())
            ]
        );
        // Without a shoot-out, or with a minute, a goal after a penalty stays a goal.
        assert_eq!(
            labels("Dommeren blåste straffespark. Borges scoret for Costa Rica."),
            [penalty.clone(), ("goal", String::new())]
        );
        assert_eq!(
            labels("Kampen gikk til straffer. Borges scoret etter 20 minutter."),
            [penalty, ("goal", "20".to_string())]
        );
    }

    #[test]
    fn relative_minutes_count_from_the_last_one() {
        assert_eq!(
            labels(
                "Nasri scoret i det 56. minutt. Tre minutter senere scoret Lescott. Minuttet senere reduserte Defoe."
            ),
            [("goal", "56".to_string()), ("goal", "59".to_string()), ("goal", "60".to_string())]
        );
    }

    #[test]
    fn lexicon_errors_name_file_and_line() {
        let csv =
            "event,cue,effect\ngoal,scor*,trigger\ngaol,x,trigger\ngoal,y,maybe\ngoal,x ^,block\ngoal,x **,block\ngoal,Scor*,trigger\n";
        let err = Lexicon::from_csv("cues.csv", csv.as_bytes())
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            "cues.csv:3: column event: unknown event \"gaol\" (goal, chance, foul, penalty)\n\
             cues.csv:4: column effect: unknown effect \"maybe\" (trigger, weak, block, veto, not, with <event>, after <event>)\n\
             cues.csv:5: column cue: cue \"x ^\" needs a word, ^ only first, @person not first and ** between words\n\
             cues.csv:6: column cue: cue \"x **\" needs a word, ^ only first, @person not first and ** between words\n\
             cues.csv:7: column cue: cue \"scor*\" is already on line 2"
        );
    }
}
