//! Stage 3b: mentions of gazetteer entities in a document, linked to ids.
//!
//! Matching runs one automaton over the case-folded text (offsets unchanged, see
//! [`fold`]) and keeps a match only where Norwegian writing allows a name:
//! at a word start, ending at a word end, a genitive (`Tottenhams`, `Hellas'`, `Citys`) or the
//! first part of a hyphen compound (`Spurs-keeper`, `RBK-spillerne`). A capitalised form only
//! matches capitalised text (`King` the player is not `king`). Among overlapping matches the
//! leftmost-longest wins (`Ole Gunnar Solskjær` over `Solskjær`).
//!
//! A form shared by several entities (`Touré`) is linked from the document's own evidence: the
//! entity named in full earlier, or the one whose club or national team plays in the match the
//! header names (`Manchester City- Tottenham 3-2`). Without evidence it stays ambiguous, with its
//! candidates listed. References without a name (`hjemmelaget`, `London-klubben`,
//! `den italienske spissen`, `engelskmannen`, `21-åringen`) link to the team in the header or to
//! the most recent compatible player.

use crate::gazetteer::{EntityKind, FormMatch, Gazetteer};
use crate::segment::{fold, Segmented, Sentence, Token, TokenKind};
// Looked up once per word of every document: a fast hasher matters, and keys are not hostile.
use rustc_hash::FxHashMap as HashMap;
use std::ops::Range;

/// How a mention was matched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum How {
    /// The entity's full name.
    Exact,
    /// One of its aliases.
    Alias,
    /// A genitive of the name or an alias (`Tottenhams`).
    Genitive,
    /// The first part of a hyphen compound (`Spurs-keeper`).
    Compound,
    /// A form shared by several entities, linked by the document's context.
    Context,
    /// A reference without a name (`hjemmelaget`, `London-klubben`, `21-åringen`), linked to the
    /// team in the header or the most recent compatible player.
    Description,
    /// A shared form that the context could not settle.
    Ambiguous,
}

impl How {
    pub fn as_str(self) -> &'static str {
        match self {
            How::Exact => "exact",
            How::Alias => "alias",
            How::Genitive => "genitive",
            How::Compound => "compound",
            How::Context => "context",
            How::Description => "description",
            How::Ambiguous => "ambiguous",
        }
    }
}

/// One mention: a byte range of the document, its sentence, and the entities it may be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mention {
    pub span: Range<usize>,
    pub sentence: usize,
    /// The linked entity first; more than one only when `how` is [`How::Ambiguous`].
    pub entities: Vec<usize>,
    pub how: How,
}

impl Mention {
    /// The linked entity, unless the mention is ambiguous.
    pub fn entity(&self) -> Option<usize> {
        match self.how {
            How::Ambiguous => None,
            _ => self.entities.first().copied(),
        }
    }
}

/// The match a report is about, when its header or fact line names it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MatchContext {
    pub home: Option<usize>,
    pub away: Option<usize>,
    /// The byte range of the stated score (`3-2`) in the document.
    pub score: Option<Range<usize>>,
}

impl MatchContext {
    pub fn teams(&self) -> impl Iterator<Item = usize> + '_ {
        self.home.into_iter().chain(self.away)
    }

    /// The other team of the match, if `team` is one of its two.
    pub fn opponent(&self, team: usize) -> Option<usize> {
        match (self.home, self.away) {
            (Some(home), Some(away)) if team == home => Some(away),
            (Some(home), Some(away)) if team == away => Some(home),
            _ => None,
        }
    }
}

/// Everything recognised in one document.
#[derive(Debug, Clone, Default)]
pub struct Recognition {
    /// In document order.
    pub mentions: Vec<Mention>,
    pub context: MatchContext,
}

/// Norwegian words that describe players and teams without naming them, built from the gazetteer.
#[derive(Debug, Clone, Default)]
pub struct Descriptors {
    /// `italieneren`, `engelskmannen` -> national team.
    demonyms: HashMap<String, usize>,
    /// `italienske`, `engelske` -> national team.
    adjectives: HashMap<String, usize>,
    /// `london` -> clubs in that city.
    cities: HashMap<String, Vec<usize>>,
    /// A club or national team -> its players (`Schalke-spissen` is one of them).
    squads: HashMap<usize, Vec<usize>>,
}

/// Position nouns (definite) and the gazetteer position codes they fit.
const POSITIONS: &[(&str, &str)] = &[
    ("keeperen", "GK"),
    ("målvakten", "GK"),
    ("sisteskansen", "GK"),
    ("spissen", "FW"),
    ("angriperen", "FW"),
    ("målscoreren", "FW"),
    ("midtbanespilleren", "MF"),
    ("midtbaneeseren", "MF"),
    ("playmakeren", "MF"),
    ("forsvareren", "DF"),
    ("stopperen", "DF"),
    ("midtstopperen", "DF"),
    ("backen", "DF"),
    ("ytterbacken", "DF"),
];

const HOME_WORDS: &[&str] = &[
    "hjemmelaget",
    "vertene",
    "vertskapet",
    "heimelaget",
    "vertane",
];
const AWAY_WORDS: &[&str] = &["bortelaget", "gjestene", "gjestane"];
const TEAM_NOUNS: &[&str] = &["klubben", "laget", "gutta", "gutane", "guttene"];
/// How many sentences back a description may look for the player it describes.
const DESCRIPTION_REACH: usize = 5;

impl Descriptors {
    pub fn new(gazetteer: &Gazetteer) -> Descriptors {
        let mut descriptors = Descriptors::default();
        for (index, entity) in gazetteer.entities().iter().enumerate() {
            match entity.kind {
                EntityKind::NationalTeam => {
                    if let Some(demonym) = entity.attr("demonym") {
                        let demonym = demonym.to_lowercase();
                        let definite = if demonym.ends_with('e') {
                            format!("{demonym}n")
                        } else {
                            format!("{demonym}en")
                        };
                        descriptors.demonyms.insert(definite, index);
                    }
                    if let Some(adjective) = entity.attr("adjective") {
                        let adjective = adjective.to_lowercase();
                        let inflected = if adjective.ends_with('e') {
                            adjective
                        } else {
                            format!("{adjective}e")
                        };
                        descriptors.adjectives.insert(inflected, index);
                    }
                }
                EntityKind::Club => {
                    if let Some(city) = entity.attr("city") {
                        let city: String = city
                            .split([' ', '(', ','])
                            .next()
                            .unwrap_or("")
                            .to_lowercase();
                        if !city.is_empty() {
                            descriptors.cities.entry(city).or_default().push(index);
                        }
                    }
                }
                EntityKind::Player => {
                    let teams = entity.attr("club").into_iter().flat_map(|c| c.split('|'));
                    for team in teams.chain(entity.attr("nationality")) {
                        if let Some(team) = gazetteer.index_of(team) {
                            descriptors.squads.entry(team).or_default().push(index);
                        }
                    }
                }
                _ => {}
            }
        }
        descriptors
    }
}

/// Role nouns after a team in a compound that make it one of its players: `Schalke-spissen`,
/// `Real Madrid-backen`, `Uruguay-stjernen`.
const ROLE_NOUNS: &[&str] = &[
    "spilleren",
    "stjernen",
    "profilen",
    "kapteinen",
    "kantspilleren",
    "vingen",
    "innbytteren",
];

/// Whether a folded word names a player's role: `Some(position code)` for a position noun
/// (`spissen`: `Some("FW")`), `Some(None)` for a role without one (`stjernen`).
fn role(noun: &str) -> Option<Option<&'static str>> {
    match POSITIONS.iter().find(|(n, _)| *n == noun) {
        Some(&(_, code)) => Some(Some(code)),
        None => ROLE_NOUNS.contains(&noun).then_some(None),
    }
}

fn is_dash(c: char) -> bool {
    matches!(c, '-' | '–' | '—')
}

/// Whether the text between two names is one dash and spaces: `Brann - Viking`, `Brann\n- Viking`.
fn one_dash(between: &str) -> bool {
    between.chars().filter(|&c| is_dash(c)).count() == 1
        && between.chars().all(|c| c.is_whitespace() || is_dash(c))
}

struct RawMatch {
    span: Range<usize>,
    name_len: usize,
    candidates: Vec<(usize, bool)>,
    how: How,
}

/// Finds and links the mentions of one document.
pub fn recognize(
    gazetteer: &Gazetteer,
    descriptors: &Descriptors,
    document: &Segmented<'_>,
) -> Recognition {
    let (text, folded, sentences) = (
        document.text,
        document.folded.as_str(),
        &document.sentences[..],
    );
    let mut raw = raw_matches(gazetteer, text, folded);
    raw.sort_by_key(|m| (m.span.start, std::cmp::Reverse(m.name_len)));
    let mut selected: Vec<RawMatch> = Vec::new();
    for m in raw {
        if selected
            .last()
            .is_none_or(|last| m.span.start >= last.span.end)
        {
            selected.push(m);
        }
    }
    let sentence_of = |offset: usize| sentence_at(sentences, offset);
    let mut filter = NameFilter::new(gazetteer, text, folded, sentences, &selected);
    selected.retain(|m| filter.keeps(m));

    let context = match_context(gazetteer, text, sentences, &selected, sentence_of);
    let mut named_in_full: Vec<usize> = Vec::new();
    let mut mentioned_teams: Vec<usize> = context.teams().collect();
    let mut mentions = Vec::with_capacity(selected.len());
    for m in selected {
        let sentence = sentence_of(m.span.start);
        let mention = if let [(entity, is_name)] = m.candidates[..] {
            let how = match m.how {
                How::Exact if !is_name => How::Alias,
                how => how,
            };
            Mention {
                span: m.span,
                sentence,
                entities: vec![entity],
                how,
            }
        } else {
            let entities: Vec<usize> = m.candidates.iter().map(|c| c.0).collect();
            match settle(gazetteer, &entities, &named_in_full, &mentioned_teams) {
                Some(entity) => Mention {
                    span: m.span,
                    sentence,
                    entities: vec![entity],
                    how: How::Context,
                },
                None => Mention {
                    span: m.span,
                    sentence,
                    entities,
                    how: How::Ambiguous,
                },
            }
        };
        if let Some(entity) = mention.entity() {
            if m.candidates.iter().any(|c| c.0 == entity && c.1) {
                named_in_full.push(entity);
            }
            if gazetteer.entity(entity).kind.is_team() && !mentioned_teams.contains(&entity) {
                mentioned_teams.push(entity);
            }
        }
        mentions.push(mention);
    }
    describe(
        gazetteer,
        descriptors,
        text,
        folded,
        sentences,
        &context,
        &mut mentions,
    );
    Recognition { mentions, context }
}

/// The index of the sentence holding a byte offset (the last one for an offset past the end).
fn sentence_at(sentences: &[Sentence], offset: usize) -> usize {
    sentences
        .partition_point(|s| s.span.end <= offset)
        .min(sentences.len().saturating_sub(1))
}

/// The checks that tell a gazetteer form used as a name from the same letters used otherwise.
struct NameFilter<'a> {
    gazetteer: &'a Gazetteer,
    text: &'a str,
    folded: &'a str,
    sentences: &'a [Sentence],
    /// Start offsets of all matches, sorted.
    starts: Vec<usize>,
    /// End offsets of all matches, sorted.
    ends: Vec<usize>,
    /// End offsets of the matches of several words ("Ruben Gabrielsen"), sorted.
    full_name_ends: Vec<usize>,
    /// The one-word matches that are only people's aliases (surnames): start offset and
    /// candidate entities, sorted by start.
    surnames: Vec<(usize, Vec<usize>)>,
    /// Per sentence: whether a match other than a place-named team is in it.
    other_names: Vec<bool>,
    /// Per sentence, once needed: whether it is about football.
    sports: Vec<Option<bool>>,
    /// Per one-word form opening a sentence: whether the document writes it in lower case.
    lower_case: HashMap<&'a str, bool>,
}

impl<'a> NameFilter<'a> {
    fn new(
        gazetteer: &'a Gazetteer,
        text: &'a str,
        folded: &'a str,
        sentences: &'a [Sentence],
        matches: &[RawMatch],
    ) -> Self {
        let mut filter = NameFilter {
            gazetteer,
            text,
            folded,
            sentences,
            starts: matches.iter().map(|m| m.span.start).collect(),
            ends: {
                let mut ends: Vec<usize> = matches.iter().map(|m| m.span.end).collect();
                ends.sort_unstable();
                ends
            },
            full_name_ends: {
                let mut ends: Vec<usize> = matches
                    .iter()
                    .filter(|m| text[m.span.start..m.span.start + m.name_len].contains(' '))
                    .map(|m| m.span.start + m.name_len)
                    .collect();
                ends.sort_unstable();
                ends
            },
            surnames: matches
                .iter()
                .filter(|m| is_surname_match(gazetteer, text, m))
                .map(|m| (m.span.start, m.candidates.iter().map(|c| c.0).collect()))
                .collect(),
            other_names: vec![false; sentences.len()],
            sports: vec![None; sentences.len()],
            lower_case: HashMap::default(),
        };
        let named: Vec<usize> = matches
            .iter()
            .filter(|m| !filter.place_only(m))
            .map(|m| filter.sentence_of(m.span.start))
            .collect();
        for sentence in named {
            filter.other_names[sentence] = true;
        }
        filter
    }

    fn sentence_of(&self, offset: usize) -> usize {
        sentence_at(self.sentences, offset)
    }

    fn is_match_at(&self, offset: usize) -> bool {
        self.starts.binary_search(&offset).is_ok()
    }

    /// Whether the surnames at `a` and `b` belong to different people: "Martin Bengtsson" is
    /// neither David Martin nor Pontus Bengtsson, while "Mos Abdellaoue" is Mostafa Abdellaoue.
    fn two_people(&self, a: usize, b: usize) -> bool {
        let candidates = |offset: usize| {
            self.surnames
                .binary_search_by_key(&offset, |s| s.0)
                .ok()
                .map(|i| &self.surnames[i].1)
        };
        match (candidates(a), candidates(b)) {
            (Some(a), Some(b)) => !a.iter().any(|e| b.contains(e)),
            _ => false,
        }
    }

    /// Whether a name is one side of a match header, a spaced dash and another name away from the
    /// other side, also across a line break: "(Frankrike\n- Nigeria 2-0)", "KROATIA – PORTUGAL".
    /// Not "Danmark-Norge" or "Østerrike-Ungarn", which are compounds.
    fn in_header_pair(&self, m: &RawMatch) -> bool {
        let separator = |c: char| c.is_whitespace() || is_dash(c);
        let joins = |between: &str| one_dash(between) && between.contains(char::is_whitespace);
        let after = &self.text[m.span.end..];
        let next = self.text.len() - after.trim_start_matches(separator).len();
        let forward = joins(&self.text[m.span.end..next]) && self.is_match_at(next);
        let previous_end = self.text[..m.span.start].trim_end_matches(separator).len();
        let backward = joins(&self.text[previous_end..m.span.start])
            && self.ends.binary_search(&previous_end).is_ok();
        forward || backward
    }

    fn place_only(&self, m: &RawMatch) -> bool {
        let surface = &self.text[m.span.start..m.span.start + m.name_len];
        m.candidates
            .iter()
            .all(|&(e, _)| is_place_named(self.gazetteer, e, surface))
    }

    fn keeps(&mut self, m: &RawMatch) -> bool {
        let (text, sentence) = (self.text, self.sentence_of(m.span.start));
        let surface = &text[m.span.start..m.span.start + m.name_len];
        let single_word = !surface.contains(' ');
        let next_word = next_word_start(text, m.span.end).map(|next| {
            (
                next,
                text[next..]
                    .split(|c: char| !c.is_alphanumeric())
                    .next()
                    .unwrap_or(""),
            )
        });
        // "Uruguay-spissen": a team with a player's role is the team.
        let with_role = m.how == How::Compound && {
            let head = text[m.span.end..]
                .trim_start_matches('-')
                .split(|c: char| !c.is_alphanumeric())
                .next()
                .unwrap_or("");
            role(&fold(head)).is_some()
        };
        if self.place_only(m) && !with_role && !self.in_header_pair(m) {
            // A country or town named as a team needs football around it: "Norge møter Island"
            // is the team, "Norge bidrar til fattigdomsreduksjon" the country.
            let (folded, sentences) = (self.folded, self.sentences);
            let sports = *self.sports[sentence]
                .get_or_insert_with(|| is_sports_sentence(folded, &sentences[sentence]));
            if !self.other_names[sentence] && !sports {
                return false;
            }
            // "Norges største supporterklubb": a country's genitive is the country unless a
            // football word follows ("Norges gruppe", "Norges landslag").
            if m.how == How::Genitive {
                let sentence_end = self.sentences[sentence].span.end.max(m.span.end);
                let following = text[m.span.end..sentence_end]
                    .split_whitespace()
                    .take(2)
                    .map(fold);
                if !following
                    .into_iter()
                    .any(|w| SPORTS_ROOTS.iter().any(|root| w.starts_with(root)))
                {
                    return false;
                }
            }
        }
        // "Brann stadion": the ground, not the club.
        if next_word
            .is_some_and(|(_, word)| matches!(fold(word).as_str(), "stadion" | "stadium" | "arena"))
        {
            return false;
        }
        // A one-word name followed by another capitalised word is part of a longer name the
        // gazetteer does not know: "Chelsea Clinton", "Martin Bengtsson" (also when the two
        // words are the surnames of two other players).
        if single_word && m.how != How::Compound {
            if let Some((next, word)) = next_word {
                let title_case =
                    word.starts_with(char::is_uppercase) && word.chars().any(char::is_lowercase);
                if title_case && (!self.is_match_at(next) || self.two_people(m.span.start, next)) {
                    return false;
                }
            }
        }
        // A surname after a first name the entity does not have is somebody else ("Frode Hansen"
        // is not the Hansen in the gazetteer); a one-word team after another capitalised word is
        // part of a longer name ("Great Inagua Island"), unless that word opens the sentence.
        let persons = m
            .candidates
            .iter()
            .all(|&(e, _)| self.gazetteer.entity(e).kind.is_person());
        let alias_only = m.candidates.iter().all(|&(_, is_name)| !is_name);
        let (previous_start, previous) = previous_word(text, m.span.start);
        let previous_end = previous_start + previous.len();
        let after_capitalised = previous.starts_with(char::is_uppercase)
            && previous.chars().any(char::is_lowercase)
            && text[previous_end..m.span.start].chars().all(|c| c == ' ')
            && !NOT_FIRST_NAMES.contains(&previous.to_lowercase().as_str())
            && (!self.is_match_at(previous_start) || self.two_people(previous_start, m.span.start))
            // "felte Ruben Gabrielsen Bendtner": a full name, then another player.
            && self.full_name_ends.binary_search(&previous_end).is_err()
            // "Rosenborgs Nordvik" is Rosenborg's Nordvik; "Hans Aasen" is somebody else.
            && (!previous.ends_with('s') || self.gazetteer.is_first_name(previous));
        let opens_with_previous = text
            .get(self.sentences[sentence].span.start..previous_start)
            .is_some_and(|before| !before.chars().any(char::is_alphanumeric));
        if after_capitalised
            && ((persons && alias_only) || (!persons && single_word && !opens_with_previous))
        {
            return false;
        }
        // A one-word name opening a sentence that the document also writes in lower case is a
        // common word there: "Barnet vil bli nummer tre".
        let opens_sentence = text
            .get(self.sentences[sentence].span.start..m.span.start)
            .is_some_and(|before| !before.chars().any(char::is_alphanumeric));
        !(opens_sentence
            && single_word
            && *self
                .lower_case
                .entry(surface)
                .or_insert_with(|| used_in_lower_case(text, surface)))
    }
}

/// A one-word match that can only be a person's alias, as a surname is.
fn is_surname_match(gazetteer: &Gazetteer, text: &str, m: &RawMatch) -> bool {
    !text[m.span.start..m.span.start + m.name_len].contains(' ')
        && m.candidates
            .iter()
            .all(|&(e, is_name)| !is_name && gazetteer.entity(e).kind.is_person())
}

fn raw_matches(gazetteer: &Gazetteer, text: &str, folded: &str) -> Vec<RawMatch> {
    let mut out = Vec::new();
    let mut found = Vec::new();
    for start in word_starts(text) {
        gazetteer.forms_at(folded, start, &mut found);
        for m in &found {
            raw_match(gazetteer, text, m, &mut out);
        }
    }
    out
}

/// Where a name may start: the text's start and after every character that is not a letter or
/// digit, nor a symbol glued to a name ("©NTB"). ASCII, most of the text, is judged by the byte.
fn word_starts(text: &str) -> impl Iterator<Item = usize> + '_ {
    let bytes = text.as_bytes();
    let mut at = 0;
    std::iter::once(0).chain(std::iter::from_fn(move || {
        while at < bytes.len() {
            let byte = bytes[at];
            let (separator, len) = if byte.is_ascii() {
                let glued = byte.is_ascii_alphanumeric() || matches!(byte, b'@' | b'_' | b'&');
                (!glued, 1)
            } else {
                let c = text[at..].chars().next().unwrap_or_default();
                (
                    !(c.is_alphanumeric() || matches!(c, '©' | '®')),
                    c.len_utf8().max(1),
                )
            };
            at += len;
            if separator {
                return Some(at);
            }
        }
        None
    }))
}

/// A form found at a word start, kept if it ends a word (or a genitive or compound) and its case
/// fits.
fn raw_match(gazetteer: &Gazetteer, text: &str, m: &FormMatch, out: &mut Vec<RawMatch>) {
    let (start, end) = (m.start(), m.end());
    if !text.is_char_boundary(end) {
        return;
    }
    let Some((span_end, how)) = word_end(text, end) else {
        return;
    };
    let surface = &text[start..end];
    let candidates: Vec<(usize, bool)> = gazetteer
        .candidates(m.pattern().as_usize())
        .iter()
        .filter(|c| case_fits(&c.form, surface))
        .map(|c| (c.entity, c.is_name))
        .collect();
    // "i Norge", "fra Stranda", "byen Norwich": a team named after a place, written as the
    // place. A genitive belongs to the noun after it ("på Strandas banehalvdel", "i Norges
    // gruppe"), so the preposition says nothing about it.
    let after_locative = how != How::Genitive
        && candidates
            .iter()
            .all(|&(e, _)| is_place_named(gazetteer, e, surface))
        && LOCATIVES.contains(&previous_word(text, start).1.to_lowercase().as_str());
    if !candidates.is_empty() && !after_locative {
        out.push(RawMatch {
            span: start..span_end,
            name_len: end - start,
            candidates,
            how,
        });
    }
}

/// Word roots that make a sentence about football (a score token does too).
const SPORTS_ROOTS: &[&str] = &[
    "kamp",
    "fotball",
    "landslag",
    "mål",
    "scor",
    "skår",
    "seier",
    "siger",
    "tap",
    "vant",
    "vinn",
    "vann",
    "slo",
    "møte",
    "favoritt",
    "gruppe",
    "vm",
    "em",
    "kvalik",
    "kvalifis",
    "poeng",
    "spill",
    "spel",
    "trener",
    "keeper",
    "serie",
    "cup",
    "finale",
    "uavgjort",
    "ledelse",
    "omgang",
    "bortebane",
    "banehalv",
    "hjemmebane",
    "tabell",
    "sluttspill",
    "straffe",
    "lag",
    "angrep",
    "forsvar",
    "dommer",
];

/// Whether a sentence has football words or a score.
fn is_sports_sentence(folded: &str, sentence: &Sentence) -> bool {
    sentence.tokens.iter().any(|t| {
        let word = &folded[t.span.clone()];
        let Some(&first) = word.as_bytes().first() else {
            return false;
        };
        t.kind == TokenKind::Score
            || word.contains("kamp")
            || SPORTS_ROOTS
                .iter()
                .any(|root| root.as_bytes()[0] == first && word.starts_with(root))
    })
}

/// Capitalised words before a surname that are not first names (sentence openers, titles).
const NOT_FIRST_NAMES: &[&str] = &[
    "men",
    "og",
    "da",
    "når",
    "så",
    "for",
    "etter",
    "før",
    "mens",
    "der",
    "her",
    "hvis",
    "om",
    "i",
    "på",
    "med",
    "mot",
    "av",
    "til",
    "fra",
    "ifølge",
    "også",
    "nå",
    "dermed",
    "likevel",
    "bare",
    "både",
    "selv",
    "kaptein",
    "trener",
    "dommer",
    "keeper",
    "spiss",
    "back",
    "stopper",
    "manager",
    "landslagssjef",
    "sjef",
    "innbytter",
    "veteranen",
    "hvorfor",
    "hva",
    "det",
    "den",
    "dette",
    "denne",
    "vi",
    "han",
    "hun",
    "de",
    "jeg",
    "du",
    "som",
    "at",
    "ja",
    "nei",
    "uten",
    "ved",
    "under",
    "over",
    "hos",
    "gjennom",
    "foran",
    "bak",
    "et",
    "en",
    "ei",
    "lynvingen",
    "kapteinen",
    "treneren",
    "dommeren",
    "keeperen",
    "spissen",
    "målvakt",
];

/// The byte offset where the next word after `offset` starts, if only spaces come between.
fn next_word_start(text: &str, offset: usize) -> Option<usize> {
    let rest = &text[offset..];
    let trimmed = rest.trim_start_matches(' ');
    (trimmed.len() < rest.len() && !trimmed.is_empty()).then(|| offset + rest.len() - trimmed.len())
}

/// Whether the document writes this word in lower case somewhere, as a whole word.
fn used_in_lower_case(text: &str, word: &str) -> bool {
    let lower = word.to_lowercase();
    if lower == word {
        return false;
    }
    text.match_indices(lower.as_str()).any(|(at, found)| {
        let before = text[..at].chars().next_back();
        let after = text[at + found.len()..].chars().next();
        before.is_none_or(|c| !c.is_alphanumeric()) && after.is_none_or(|c| !c.is_alphanumeric())
    })
}

/// Words before a place name that make it the place, not the team named after it.
const LOCATIVES: &[&str] = &[
    "i", "på", "fra", "frå", "til", "ved", "byen", "utenfor", "rundt", "gjennom", "hele", "heile",
];

/// A national team, or a club written as its city (`Tromsø`, `Stranda`).
fn is_place_named(gazetteer: &Gazetteer, entity: usize, surface: &str) -> bool {
    let entity = gazetteer.entity(entity);
    match entity.kind {
        EntityKind::NationalTeam => true,
        EntityKind::Club => entity
            .attr("city")
            .and_then(|city| city.split([' ', '(', ',']).next())
            .is_some_and(|city| fold(city) == fold(surface)),
        _ => false,
    }
}

/// The word that ends before `offset`, after any spaces, and where it starts (letters and digits
/// only: `Stranda-keeper` gives `keeper`; empty after punctuation).
pub(crate) fn previous_word(text: &str, offset: usize) -> (usize, &str) {
    let before = text[..offset].trim_end();
    let start = before.rfind(|c: char| !c.is_alphanumeric()).map_or(0, |i| {
        i + before[i..].chars().next().map_or(1, char::len_utf8)
    });
    (start, &before[start..])
}

/// Where a name ending at `end` may end as a word: the end itself, a genitive `s`, `'s` or `'`, or
/// a hyphen that starts the rest of a compound.
fn word_end(text: &str, end: usize) -> Option<(usize, How)> {
    let rest = &text[end..];
    let mut chars = rest.chars();
    let not_word = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric());
    match chars.next() {
        None => Some((end, How::Exact)),
        Some('s') if not_word(chars.next()) => Some((end + 1, How::Genitive)),
        Some(apostrophe @ ('\'' | '’')) => {
            let after = &rest[apostrophe.len_utf8()..];
            if after.starts_with('s') && not_word(after[1..].chars().next()) {
                Some((end + apostrophe.len_utf8() + 1, How::Genitive))
            } else if not_word(after.chars().next()) {
                Some((end + apostrophe.len_utf8(), How::Genitive))
            } else {
                None
            }
        }
        Some('-') if chars.next().is_some_and(char::is_alphanumeric) => Some((end, How::Compound)),
        // "TMZ.com", "vg.no": a web address, not the name.
        Some('.') if chars.next().is_some_and(|c| c.is_ascii_lowercase()) => None,
        Some(c) if !c.is_alphanumeric() => Some((end, How::Exact)),
        _ => None,
    }
}

/// A capitalised form needs a capitalised surface; an all-capital code (`RBK`) needs capitals.
fn case_fits(form: &str, surface: &str) -> bool {
    let first_upper = |s: &str| s.chars().next().is_some_and(char::is_uppercase);
    let letters = |s: &str| s.chars().filter(|c| c.is_alphabetic()).collect::<Vec<_>>();
    let form_letters = letters(form);
    if form_letters.len() >= 2 && form_letters.iter().all(|c| c.is_uppercase()) {
        return letters(surface).iter().all(|c| c.is_uppercase());
    }
    !first_upper(form) || first_upper(surface)
}

/// Picks the one candidate the document supports, if exactly one.
fn settle(
    gazetteer: &Gazetteer,
    candidates: &[usize],
    named_in_full: &[usize],
    teams: &[usize],
) -> Option<usize> {
    let only = |found: Vec<usize>| {
        if found.len() == 1 {
            Some(found[0])
        } else {
            None
        }
    };
    let named: Vec<usize> = candidates
        .iter()
        .copied()
        .filter(|c| named_in_full.contains(c))
        .collect();
    if let Some(entity) = only(named) {
        return Some(entity);
    }
    let playing: Vec<usize> = candidates
        .iter()
        .copied()
        .filter(|&c| teams_of(gazetteer, c).any(|team| teams.contains(&team)))
        .collect();
    only(playing)
}

/// The clubs (current first) and national team of a player, as entity indexes.
pub fn teams_of(gazetteer: &Gazetteer, entity: usize) -> impl Iterator<Item = usize> + '_ {
    let entity = gazetteer.entity(entity);
    ["club", "nationality"]
        .into_iter()
        .filter_map(move |column| entity.attr(column))
        .flat_map(|ids| ids.split('|'))
        .filter_map(|id| gazetteer.index_of(id))
}

/// The first header or fact line of the form `Team - Team [score]` in the opening sentences.
fn match_context(
    gazetteer: &Gazetteer,
    text: &str,
    sentences: &[Sentence],
    matches: &[RawMatch],
    sentence_of: impl Fn(usize) -> usize,
) -> MatchContext {
    let team = |m: &RawMatch| {
        m.candidates
            .iter()
            .find(|(e, _)| gazetteer.entity(*e).kind.is_team())
            .map(|c| c.0)
    };
    for pair in matches.windows(2) {
        let (first, second) = (&pair[0], &pair[1]);
        let sentence = sentence_of(first.span.start);
        if sentence > 4 {
            break;
        }
        if !one_dash(&text[first.span.end..second.span.start]) {
            continue;
        }
        let (Some(home), Some(away)) = (team(first), team(second)) else {
            continue;
        };
        // The score follows the second team, which a header may put on the next line
        // ("AALESUND\n- ODD 5–1").
        let score = sentences[sentence_of(second.span.start)]
            .tokens
            .iter()
            .find(|t| {
                t.kind == TokenKind::Score
                    && t.span.start >= second.span.end
                    && text[second.span.end..t.span.start].trim().is_empty()
            })
            .map(|t| t.span.clone());
        return MatchContext {
            home: Some(home),
            away: Some(away),
            score,
        };
    }
    MatchContext::default()
}

/// Links descriptions without a name to teams and players, adding them to `mentions`.
fn describe(
    gazetteer: &Gazetteer,
    descriptors: &Descriptors,
    text: &str,
    folded: &str,
    sentences: &[Sentence],
    context: &MatchContext,
    mentions: &mut Vec<Mention>,
) {
    let year = report_year(text, sentences);
    let stated = stated_ages(gazetteer, text, mentions);
    // Mentions and descriptions are both in document order: a cursor finds overlaps and a binary
    // search the mentions in reach, so a long document costs linear time.
    let mut found: Vec<Mention> = Vec::new();
    // Team compounds that name one of the team's players: (mention, player, whole word).
    let mut players_of_teams: Vec<(usize, usize, Range<usize>)> = Vec::new();
    let mut cursor = 0;
    for (index, sentence) in sentences.iter().enumerate() {
        let tokens = &sentence.tokens;
        for (t, token) in tokens.iter().enumerate() {
            while cursor < mentions.len() && mentions[cursor].span.end <= token.span.start {
                cursor += 1;
            }
            let overlaps =
                |m: &Mention| m.span.start < token.span.end && token.span.start < m.span.end;
            if mentions.get(cursor).is_some_and(overlaps) {
                if let Some(player) = team_player(
                    gazetteer,
                    descriptors,
                    folded,
                    context,
                    mentions,
                    cursor,
                    token,
                    sentences[index.saturating_sub(DESCRIPTION_REACH)]
                        .span
                        .start,
                ) {
                    let span = mentions[cursor].span.start..token.span.end;
                    players_of_teams.push((cursor, player, span));
                }
                continue;
            }
            if found.last().is_some_and(overlaps) {
                continue;
            }
            let word = &folded[token.span.clone()];
            let team = if HOME_WORDS.contains(&word) {
                context.home
            } else if AWAY_WORDS.contains(&word) {
                context.away
            } else {
                city_team(descriptors, text, token, context)
            };
            if let Some(team) = team {
                found.push(Mention {
                    span: token.span.clone(),
                    sentence: index,
                    entities: vec![team],
                    how: How::Description,
                });
                continue;
            }
            // Player descriptions: "21-åringen", "italieneren", "den italienske spissen".
            let mut span = token.span.clone();
            let mut unique = false;
            let age = age_noun(word);
            let stated = &stated;
            let wanted: Option<Box<dyn Fn(usize) -> bool>> = if let Some(age) = age {
                // An age the report states ("Mario Götze (22)") decides; else, with the report's
                // year, a player born then fits (a birthday may not have come yet); without
                // either, any player does.
                Some(Box::new(move |p| {
                    let born = gazetteer
                        .entity(p)
                        .attr("birth_date")
                        .and_then(|d| d.get(..4)?.parse::<i32>().ok());
                    match (stated.get(&p), year, born) {
                        (Some(&stated), _, _) => stated == age,
                        (None, Some(year), Some(born)) => matches!(year - born - age, 0 | 1),
                        _ => true,
                    }
                }))
            } else if let Some(&nation) = descriptors.demonyms.get(word) {
                Some(Box::new(move |p| nationality(gazetteer, p) == Some(nation)))
            } else if let (Some(&nation), Some(next)) =
                (descriptors.adjectives.get(word), tokens.get(t + 1))
            {
                let noun = &folded[next.span.clone()];
                match POSITIONS.iter().find(|(n, _)| *n == noun) {
                    Some(&(_, code)) => {
                        span = token.span.start..next.span.end;
                        Some(Box::new(move |p| {
                            nationality(gazetteer, p) == Some(nation)
                                && gazetteer
                                    .entity(p)
                                    .attr("position")
                                    .is_none_or(|pos| pos == code)
                        }))
                    }
                    None => None,
                }
            } else if let Some(&(_, code)) = POSITIONS.iter().find(|(n, _)| *n == word) {
                // A position alone ("keeperen") names a player only when one player of that
                // position is in reach.
                unique = true;
                Some(Box::new(move |p| {
                    gazetteer.entity(p).attr("position") == Some(code)
                }))
            } else {
                None
            };
            let Some(wanted) = wanted else { continue };
            let earliest = index.saturating_sub(DESCRIPTION_REACH);
            let reach = sentences[earliest].span.start;
            let in_reach = |list: &[Mention]| {
                let from = list.partition_point(|m| m.span.start < reach);
                let to = list.partition_point(|m| m.span.start < span.start);
                from..to.max(from)
            };
            let (own, described) = (in_reach(mentions), in_reach(&found));
            let mut compatible: Vec<(usize, usize)> = mentions[own]
                .iter()
                .chain(found[described].iter())
                .filter(|m| m.span.end <= span.start)
                .filter_map(|m| m.entity().map(|e| (m.span.start, e)))
                .filter(|&(_, e)| gazetteer.entity(e).kind == EntityKind::Player && wanted(e))
                .collect();
            compatible.sort();
            // A player whose age the report states beats one whose age is unknown.
            if let Some(age) = age {
                if compatible.iter().any(|(_, e)| stated.get(e) == Some(&age)) {
                    compatible.retain(|(_, e)| stated.get(e) == Some(&age));
                }
            }
            let player = match compatible.last() {
                Some(&(_, last)) if unique && compatible.iter().any(|&(_, e)| e != last) => None,
                Some(&(_, last)) => Some(last),
                None => None,
            };
            if let Some(player) = player {
                found.push(Mention {
                    span,
                    sentence: index,
                    entities: vec![player],
                    how: How::Description,
                });
            }
        }
    }
    for (at, player, span) in players_of_teams {
        mentions[at] = Mention {
            span,
            sentence: mentions[at].sentence,
            entities: vec![player],
            how: How::Description,
        };
    }
    mentions.extend(found);
    mentions.sort_by_key(|m| m.span.start);
}

/// How many mentions back a team compound looks for the player it names.
const MENTIONS_BACK: usize = 64;

/// The player a team compound names (`Schalke-spissen`, `Uruguay-stjernen`): one of the team's
/// players fitting the role, named in the sentences before (`reach` is where they start), else
/// the only one the gazetteer has in the match, or the only one of those the report names near.
/// Not when a name follows ("Chelsea-spissen Didier Drogba"): the name is the mention then.
#[allow(clippy::too_many_arguments)]
fn team_player(
    gazetteer: &Gazetteer,
    descriptors: &Descriptors,
    folded: &str,
    context: &MatchContext,
    mentions: &[Mention],
    at: usize,
    token: &Token,
    reach: usize,
) -> Option<usize> {
    let mention = &mentions[at];
    if mention.how != How::Compound || mention.span.end >= token.span.end {
        return None;
    }
    let team = mention
        .entity()
        .filter(|&e| gazetteer.entity(e).kind.is_team())?;
    let noun = folded[mention.span.end..token.span.end].strip_prefix('-')?;
    let position = role(noun)?;
    let squad = descriptors.squads.get(&team)?;
    let fits = |p: usize| {
        squad.contains(&p)
            && position.is_none_or(|code| {
                gazetteer
                    .entity(p)
                    .attr("position")
                    .is_none_or(|pos| pos == code)
            })
    };
    // "Real Madrid-stjernen Ángel Di Maria": the name that follows is the player, whatever club
    // the gazetteer gives him.
    if mentions.get(at + 1).is_some_and(|next| {
        next.span.start <= token.span.end + 1
            && next
                .entities
                .iter()
                .all(|&e| gazetteer.entity(e).kind.is_person())
    }) {
        return None;
    }
    // The nearest mentions back, within reach, and not too many of them: a giant sentence of
    // names must not make this quadratic.
    let named_before = mentions[..at]
        .iter()
        .rev()
        .take_while(|m| m.span.start >= reach)
        .take(MENTIONS_BACK)
        .filter_map(Mention::entity)
        .find(|&p| fits(p));
    named_before.or_else(|| {
        let in_match = |p: usize| {
            let player = gazetteer.entity(p);
            [context.home, context.away]
                .into_iter()
                .flatten()
                .any(|side| {
                    let id = gazetteer.entity(side).id.as_str();
                    player.attr("nationality") == Some(id)
                        || player
                            .attr("club")
                            .is_some_and(|c| c.split('|').any(|c| c == id))
                })
        };
        let playing: Vec<usize> = squad
            .iter()
            .copied()
            .filter(|&p| fits(p) && in_match(p))
            .collect();
        // Of several, the one the report names near the compound ("Ajax-keeperen" among the
        // Netherlands' keepers).
        let near =
            &mentions[at.saturating_sub(MENTIONS_BACK)..(at + MENTIONS_BACK).min(mentions.len())];
        let named: Vec<usize> = playing
            .iter()
            .copied()
            .filter(|&p| near.iter().any(|m| m.entity() == Some(p)))
            .collect();
        match (named.as_slice(), playing.as_slice()) {
            ([one], _) | ([], [one]) => Some(*one),
            _ => None,
        }
    })
}

/// Ages the report states after a player's name, as Norwegian papers do: "Mario Götze (22)".
fn stated_ages(gazetteer: &Gazetteer, text: &str, mentions: &[Mention]) -> HashMap<usize, i32> {
    mentions
        .iter()
        .filter_map(|m| {
            let entity = m.entity()?;
            let rest = text[m.span.end..].strip_prefix(" (")?;
            let (digits, _) = rest.split_once(')')?;
            let age: i32 = digits.parse().ok()?;
            (gazetteer.entity(entity).kind == EntityKind::Player && (14..=50).contains(&age))
                .then_some((entity, age))
        })
        .collect()
}

/// `21-åringen`, `19-åring`: a player described by age.
fn age_noun(word: &str) -> Option<i32> {
    let (number, noun) = word.split_once('-')?;
    let age: i32 = number.parse().ok()?;
    (matches!(noun, "åringen" | "åring" | "åringa") && (14..=50).contains(&age)).then_some(age)
}

/// The year of the report, from a date in its first sentences (a dateline: `22.01.2012`,
/// `22. januar 2012`), if it gives one.
fn report_year(text: &str, sentences: &[Sentence]) -> Option<i32> {
    const MONTHS: &[&str] = &[
        "januar",
        "februar",
        "mars",
        "april",
        "mai",
        "juni",
        "juli",
        "august",
        "september",
        "oktober",
        "november",
        "desember",
    ];
    let year = |s: &str| {
        s.parse::<i32>()
            .ok()
            .filter(|y| s.len() == 4 && (1950..=2100).contains(y))
    };
    sentences.iter().take(3).find_map(|sentence| {
        sentence.tokens.iter().enumerate().find_map(|(i, token)| {
            let surface = &text[token.span.clone()];
            if surface.matches('.').count() == 2 {
                return surface.rsplit('.').next().and_then(year);
            }
            let after_month = i > 0
                && MONTHS.contains(
                    &text[sentence.tokens[i - 1].span.clone()]
                        .to_lowercase()
                        .as_str(),
                );
            if after_month {
                year(surface)
            } else {
                None
            }
        })
    })
}

fn nationality(gazetteer: &Gazetteer, player: usize) -> Option<usize> {
    gazetteer
        .entity(player)
        .attr("nationality")
        .and_then(|id| gazetteer.index_of(id))
}

/// `London-klubben`, `Manchester-laget`, `londonerne`: a team of the match from that city.
fn city_team(
    descriptors: &Descriptors,
    text: &str,
    token: &Token,
    context: &MatchContext,
) -> Option<usize> {
    let word = &text[token.span.clone()];
    if token.kind != TokenKind::Word || !(word.contains('-') || word.ends_with("erne")) {
        return None;
    }
    let playing_in = |city: &str| -> Option<usize> {
        let clubs = descriptors.cities.get(city)?;
        let playing: Vec<usize> = context.teams().filter(|t| clubs.contains(t)).collect();
        (playing.len() == 1).then(|| playing[0])
    };
    // "londonerne": the people of the city, the team of the match from there.
    let word = word.to_lowercase();
    if let Some(city) = word.strip_suffix("erne") {
        if let Some(team) = playing_in(city) {
            return Some(team);
        }
    }
    let mut parts = token.parts(text);
    let (city, noun) = (parts.next()?, parts.next()?);
    if parts.next().is_some() || !TEAM_NOUNS.contains(&text[noun].to_lowercase().as_str()) {
        return None;
    }
    playing_in(&text[city].to_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gazetteer::Entity;

    fn entity(
        id: &str,
        kind: EntityKind,
        name: &str,
        aliases: &[&str],
        attrs: &[(&str, &str)],
    ) -> Entity {
        Entity {
            id: id.into(),
            kind,
            name: name.into(),
            aliases: aliases.iter().map(|a| a.to_string()).collect(),
            attrs: attrs
                .iter()
                .map(|(c, v)| (c.to_string(), v.to_string()))
                .collect(),
        }
    }

    fn small() -> Gazetteer {
        Gazetteer::from_entities(vec![
            entity(
                "club:tottenham",
                EntityKind::Club,
                "Tottenham Hotspur",
                &["Tottenham", "Spurs"],
                &[("city", "London")],
            ),
            entity(
                "club:city",
                EntityKind::Club,
                "Manchester City",
                &["City", "Manchester"],
                &[("city", "Manchester")],
            ),
            entity("club:rbk", EntityKind::Club, "Rosenborg", &["RBK"], &[]),
            entity(
                "national:italia",
                EntityKind::NationalTeam,
                "Italia",
                &[],
                &[("adjective", "italiensk"), ("demonym", "italiener")],
            ),
            entity(
                "player:king",
                EntityKind::Player,
                "Ledley King",
                &["King"],
                &[("club", "club:tottenham")],
            ),
            entity(
                "player:ogs",
                EntityKind::Player,
                "Ole Gunnar Solskjær",
                &["Solskjær"],
                &[],
            ),
            entity(
                "official:hans",
                EntityKind::Official,
                "Hans Backe",
                &[],
                &[],
            ),
            entity(
                "player:yaya",
                EntityKind::Player,
                "Yaya Touré",
                &["Touré"],
                &[("club", "club:city")],
            ),
            entity(
                "player:kolo",
                EntityKind::Player,
                "Kolo Touré",
                &["Touré"],
                &[("club", "club:rbk")],
            ),
            entity(
                "player:balotelli",
                EntityKind::Player,
                "Mario Balotelli",
                &["Balotelli"],
                &[
                    ("club", "club:city"),
                    ("nationality", "national:italia"),
                    ("position", "FW"),
                ],
            ),
        ])
    }

    /// (surface, entity ids, how)
    type Row = (String, String, &'static str);

    fn mentions(text: &str) -> Vec<Row> {
        let gazetteer = small();
        let descriptors = Descriptors::new(&gazetteer);
        let recognition = recognize(&gazetteer, &descriptors, &Segmented::new(text));
        recognition
            .mentions
            .iter()
            .map(|m| {
                let ids: Vec<&str> = m
                    .entities
                    .iter()
                    .map(|&e| gazetteer.entity(e).id.as_str())
                    .collect();
                (
                    text[m.span.clone()].to_string(),
                    ids.join("|"),
                    m.how.as_str(),
                )
            })
            .collect()
    }

    fn m(surface: &str, id: &str, how: &'static str) -> Row {
        (surface.to_string(), id.to_string(), how)
    }

    #[test]
    fn ages_fit_the_report_year() {
        let gazetteer = Gazetteer::from_entities(vec![
            entity(
                "player:old",
                EntityKind::Player,
                "Ole Gammel",
                &["Gammel"],
                &[("birth_date", "1980-05-01")],
            ),
            entity(
                "player:young",
                EntityKind::Player,
                "Unge Ung",
                &["Ung"],
                &[("birth_date", "1990-08-12")],
            ),
        ]);
        let descriptors = Descriptors::new(&gazetteer);
        let linked = |text: &str| {
            let recognition = recognize(&gazetteer, &descriptors, &Segmented::new(text));
            let described = recognition
                .mentions
                .iter()
                .find(|m| m.how == How::Description);
            described.map(|m| gazetteer.entity(m.entities[0]).id.clone())
        };
        let text = "Oslo, 22. januar 2012. Ung og Gammel spilte. 21-åringen scoret.";
        assert_eq!(
            linked(text).as_deref(),
            Some("player:young"),
            "Gammel is 31 in 2012"
        );
        assert_eq!(
            linked("Ung og Gammel spilte. 21-åringen scoret.").as_deref(),
            Some("player:old"),
            "no year: the latest"
        );
        assert_eq!(
            linked("Ung (21) og Gammel spilte. 21-åringen scoret.").as_deref(),
            Some("player:young"),
            "no year, but the report states Ung's age"
        );
        assert_eq!(
            linked("Oslo, 22. januar 2012. Ung (24) og Gammel spilte. 21-åringen scoret.")
                .as_deref(),
            None,
            "a stated age rules a player out"
        );
    }

    #[test]
    fn names_start_after_separators() {
        let text = "«Brann»-Ødegaard ©NTB x@y";
        let starts: Vec<&str> = word_starts(text)
            .filter(|&at| at < text.len())
            .map(|at| &text[at..])
            .collect();
        assert_eq!(
            starts,
            [
                text,
                "Brann»-Ødegaard ©NTB x@y",
                "-Ødegaard ©NTB x@y",
                "Ødegaard ©NTB x@y",
                "©NTB x@y",
                "x@y"
            ]
        );
    }

    #[test]
    fn matching_table() {
        let table: Vec<(&str, Vec<Row>)> = vec![
            ("Tottenhams forsvar", vec![m("Tottenhams", "club:tottenham", "genitive")]),
            ("Alene med Spurs-keeper Friedel", vec![m("Spurs", "club:tottenham", "compound")]),
            ("RBK-spillerne jublet", vec![m("RBK", "club:rbk", "compound")]),
            ("Ole Gunnar Solskjær scoret", vec![m("Ole Gunnar Solskjær", "player:ogs", "exact")]),
            ("kongen er king, ikke Kingston", vec![]),
            ("Ledley King felte", vec![m("Ledley King", "player:king", "exact")]),
            ("Citys midtbanejuvel", vec![m("Citys", "club:city", "genitive")]),
            ("TOTTENHAM VANT", vec![m("TOTTENHAM", "club:tottenham", "alias")]),
            ("Italia slo Manchester, og vi bodde i Manchester og i Italia.", vec![
                m("Italia", "national:italia", "exact"),
                m("Manchester", "club:city", "alias"),
            ]),
            ("rbk vant", vec![]),
            ("Touré scoret", vec![m("Touré", "player:yaya|player:kolo", "ambiguous")]),
            (
                "Manchester City- Tottenham 3-2\nTouré scoret.",
                vec![
                    m("Manchester City", "club:city", "exact"),
                    m("Tottenham", "club:tottenham", "alias"),
                    m("Touré", "player:yaya", "context"),
                ],
            ),
            (
                "Kolo Touré spilte. Touré scoret.",
                vec![m("Kolo Touré", "player:kolo", "exact"), m("Touré", "player:kolo", "context")],
            ),
            (
                "Manchester City- Tottenham 3-2\nLondon-klubben kom tilbake. Gjestene tapte.",
                vec![
                    m("Manchester City", "club:city", "exact"),
                    m("Tottenham", "club:tottenham", "alias"),
                    m("London-klubben", "club:tottenham", "description"),
                    m("Gjestene", "club:tottenham", "description"),
                ],
            ),
            (
                "Manchester City- Tottenham 3-2\nLondonerne tapte.",
                vec![
                    m("Manchester City", "club:city", "exact"),
                    m("Tottenham", "club:tottenham", "alias"),
                    m("Londonerne", "club:tottenham", "description"),
                ],
            ),
            (
                "Ledley King og Balotelli spilte. Spissen scoret. Så kom Kolo Touré og Yaya Touré, og keeperen.",
                vec![
                    m("Ledley King", "player:king", "exact"),
                    m("Balotelli", "player:balotelli", "alias"),
                    m("Spissen", "player:balotelli", "description"),
                    m("Kolo Touré", "player:kolo", "exact"),
                    m("Yaya Touré", "player:yaya", "exact"),
                ],
            ),
            (
                "Balotelli scoret. Så felte King den italienske spissen. 21-åringen trampet. Italieneren jublet.",
                vec![
                    m("Balotelli", "player:balotelli", "alias"),
                    m("King", "player:king", "alias"),
                    m("italienske spissen", "player:balotelli", "description"),
                    m("21-åringen", "player:balotelli", "description"),
                    m("Italieneren", "player:balotelli", "description"),
                ],
            ),
            // Two surnames of different people side by side: a name the gazetteer does not know.
            ("King Balotelli kom.", vec![]),
            // A full name, then another player: subject and object.
            (
                "Så felte Ledley King Balotelli.",
                vec![
                    m("Ledley King", "player:king", "exact"),
                    m("Balotelli", "player:balotelli", "alias"),
                ],
            ),
            // A first name that ends in s is not a genitive: Ole Gunnar is not "Hans".
            ("Hans Solskjær var der.", vec![]),
            ("Brynes Solskjær var der.", vec![m("Solskjær", "player:ogs", "alias")]),
            ("- Touré kom, sa han.", vec![m("Touré", "player:yaya|player:kolo", "ambiguous")]),
            ("- King kom. Han var en king.", vec![]),
            // A team compound with a role names one of its players: the only one in the match
            // ("Spurs-stopperen": King), or the one named before ("Italia-spissen": Balotelli);
            // not when the name follows ("City-spissen Balotelli").
            (
                "Manchester City- Tottenham 3-2\nSpurs-stopperen felte. City-spissen Balotelli scoret. \
                 Italia-spissen jublet.",
                vec![
                    m("Manchester City", "club:city", "exact"),
                    m("Tottenham", "club:tottenham", "alias"),
                    m("Spurs-stopperen", "player:king", "description"),
                    m("City", "club:city", "compound"),
                    m("Balotelli", "player:balotelli", "alias"),
                    m("Italia-spissen", "player:balotelli", "description"),
                ],
            ),
            // A name right after the compound is the player, whatever club the gazetteer has.
            (
                "Manchester City- Tottenham 3-2\nSpurs-stopperen Ole Gunnar Solskjær felte.",
                vec![
                    m("Manchester City", "club:city", "exact"),
                    m("Tottenham", "club:tottenham", "alias"),
                    m("Spurs", "club:tottenham", "compound"),
                    m("Ole Gunnar Solskjær", "player:ogs", "exact"),
                ],
            ),
            // A web address is not the name; a genitive after "i" or "på" is not the place.
            ("Tottenham.com melder at Tottenham vant.", vec![m("Tottenham", "club:tottenham", "alias")]),
            (
                "Favoritter i Italias gruppe, men vi bodde i Italia.",
                vec![m("Italias", "national:italia", "genitive")],
            ),
        ];
        for (text, expected) in table {
            assert_eq!(mentions(text), expected, "input: {text:?}");
        }
    }
}
