//! Name discovery: the people and clubs football documents name that no gazetteer in use knows,
//! as gazetteer rows to review and load (`kampfakta gazetteer suggest`).
//!
//! Every season brings players, coaches and clubs the gazetteers lack. The pipeline already
//! finds some of them where they act (the classifier gives a goal's or chance's actor as
//! written when no gazetteer knows him); this stage gathers those and the names that other
//! patterns of match reports mark as people or clubs (`sightings.rs`): a goal line of the
//! facts, a role noun before a name (`spissen Ola Moe`, `dommer Per Olsen`), a team compound
//! (`Ranheim-spissen Moe`: Ranheim is a club), a line-up (`Brann: Opdal – Bjørnsen, ...`).
//!
//! One document's names ([`document_names`], run on the worker threads) are folded first: a
//! surname alone is the full name the document writes elsewhere (`Adebayo` is `Jonah
//! Adebayo`). [`Suggester`] then adds the documents in input order, joins a surname that one
//! full name of another document ends with, and ranks the names by how often they were seen,
//! then in how many documents and by how many kinds of evidence, then by name: the same input
//! gives the same rows whatever the thread count. [`write_suggestions`] writes them as a
//! gazetteer folder that `--gazetteer DIR` loads, and a review file beside it.

mod folder;
mod sightings;

pub use folder::{write_suggestions, SUGGESTION_FILES};

use crate::classify::fullest_name;
use crate::gazetteer::{is_risky_alias, slug, Entity, EntityKind, Gazetteer};
use crate::pipeline::Analysis;
pub(crate) use sightings::knows;
use sightings::{overlaps_a_mention, sightings, without_owner, TeamRef};
use std::collections::{BTreeMap, HashSet};

/// How many example sentences a suggestion keeps.
const EXAMPLES: usize = 3;

/// What made a name a suggestion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Evidence {
    /// The subject of an event verb (`Moe scoret`, `Ruud stanget inn`).
    Event,
    /// A name in a fact line under its label (`Mål: 1-0 Moe (41)`, `Dommer: Per Olsen`).
    FactLine,
    /// A team's line-up (`Brann: Opdal – Bjørnsen, ...`), or the team that opens it.
    LineUp,
    /// After a role noun (`spissen Ola Moe`, `keeper Hansen`, `trener Per Olsen`).
    Role,
    /// A team compound (`Ranheim-spissen Moe`), or the team it names.
    TeamCompound,
    /// Capitalised words inside a sentence that open with a first name of the gazetteers'
    /// people, or whose last the document also writes alone (`... da Oskar Moe kom`, later `sa
    /// Moe`): a person, of any trade.
    FullName,
}

impl Evidence {
    /// In the order the review file lists them.
    pub const ALL: [Evidence; 6] = [
        Evidence::Event,
        Evidence::FactLine,
        Evidence::LineUp,
        Evidence::Role,
        Evidence::TeamCompound,
        Evidence::FullName,
    ];

    /// The name in the review file (`event`, `fact_line`, ...).
    pub fn as_str(self) -> &'static str {
        match self {
            Evidence::Event => "event",
            Evidence::FactLine => "fact_line",
            Evidence::LineUp => "line_up",
            Evidence::Role => "role",
            Evidence::TeamCompound => "team_compound",
            Evidence::FullName => "full_name",
        }
    }
}

/// What one sighting takes a name for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SightingKind {
    Player,
    /// With the role of `officials.csv` (`referee`, `coach`, `manager`).
    Official(&'static str),
    Club,
}

/// A team as one document names it: an id of the gazetteers, or a club no gazetteer knows.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum TeamName {
    Known(String),
    Unknown(String),
}

/// One name seen in one document.
#[derive(Debug, Clone)]
struct Seen {
    club: bool,
    name: String,
    kind: SightingKind,
    team: Option<TeamName>,
    evidence: Evidence,
    sentence: String,
}

/// The names one document gives of people and clubs no gazetteer in use knows, folded within
/// the document; owned, to be sent from a worker thread to the [`Suggester`].
#[derive(Debug, Clone, Default)]
pub struct DocumentNames {
    doc: String,
    seen: Vec<Seen>,
    /// How many times the document writes each name seen, (is a club, name) -> times.
    written: BTreeMap<(bool, String), usize>,
}

/// The names no gazetteer knows in an analysed document (none for a document set aside as not
/// about football), a surname alone folded into the full name the document writes.
pub fn document_names(gazetteer: &Gazetteer, analysis: &Analysis<'_>) -> DocumentNames {
    let text = analysis.document.text.as_str();
    let found = sightings(gazetteer, analysis);
    let mentions = &analysis.recognition.mentions;
    let fullest: Vec<String> = found
        .iter()
        .map(|s| match s.kind {
            SightingKind::Club => text[s.name].to_string(),
            _ => {
                let span = fullest_name(gazetteer, text, &analysis.sentences, mentions, s.name);
                let span = without_owner(gazetteer, text, span);
                text[span].to_string()
            }
        })
        .collect();
    // "Adebayo" is the "Jonah Adebayo" the document writes elsewhere, found by another rule.
    let persons: Vec<&str> = found
        .iter()
        .zip(&fullest)
        .filter(|(s, _)| s.kind != SightingKind::Club)
        .map(|(_, name)| name.as_str())
        .collect();
    // "suspenderte Clough Fashanu": a surname of another full name of the document before a
    // name is that person, and the two are no name together.
    let side_by_side = |name: &str| {
        name.split_once(' ').is_some_and(|(first, _)| {
            persons
                .iter()
                .any(|other| *other != name && other.contains(' ') && ends_with_words(other, first))
        })
    };
    let seen = found
        .iter()
        .zip(&fullest)
        .filter(|(s, name)| s.kind == SightingKind::Club || !side_by_side(name))
        .map(|(s, name)| {
            let club = s.kind == SightingKind::Club;
            let name = match club {
                true => name.clone(),
                false => longest_ending_with(&persons, name).to_string(),
            };
            let team = s.team.map(|t| match t {
                TeamRef::Known(e) => TeamName::Known(gazetteer.entity(e).id.clone()),
                TeamRef::Unknown(span) => TeamName::Unknown(text[span].to_string()),
            });
            let sentence = &analysis.sentences[s.sentence];
            Seen {
                club,
                name,
                kind: s.kind,
                team,
                evidence: s.evidence,
                sentence: one_line(&text[sentence.span]),
            }
        })
        .collect::<Vec<Seen>>();
    // A surname two people of the document share counts for neither when written alone.
    let surname = |name: &str| name.rsplit_once(' ').map(|(_, last)| last.to_string());
    let mut people: BTreeMap<String, HashSet<&str>> = BTreeMap::new();
    for seen in seen.iter().filter(|s| !s.club) {
        if let Some(last) = surname(&seen.name) {
            people.entry(last).or_default().insert(&seen.name);
        }
    }
    let mut written = BTreeMap::new();
    for seen in &seen {
        let key = (seen.club, seen.name.clone());
        if let std::collections::btree_map::Entry::Vacant(entry) = written.entry(key) {
            let shared = surname(&seen.name).is_some_and(|last| people[&last].len() > 1);
            entry.insert(times_written(text, mentions, &seen.name, !shared));
        }
    }
    DocumentNames {
        doc: analysis.document.id.clone(),
        seen,
        written,
    }
}

/// How many times a text writes a name as a whole word (or with a genitive `s`) outside the
/// mentions of known names, with `surnames` a person's surname alone too (`Fashanu` for
/// `Justin Fashanu`).
fn times_written(text: &str, mentions: &[crate::Mention], name: &str, surnames: bool) -> usize {
    let found = |word: &str| -> Vec<crate::Span> {
        text.match_indices(word)
            .map(|(at, _)| crate::Span::new(at, at + word.len()))
            .filter(|span| {
                let before = text[..span.start].chars().next_back();
                let after = &text[span.end..];
                let genitive = after
                    .strip_prefix('s')
                    .is_some_and(|rest| rest.chars().next().is_none_or(|c| !c.is_alphanumeric()));
                before.is_none_or(|c| !c.is_alphanumeric())
                    && (after.chars().next().is_none_or(|c| !c.is_alphanumeric()) || genitive)
                    && !overlaps_a_mention(mentions, *span)
            })
            .collect()
    };
    let whole = found(name);
    let surname = match name.rsplit_once(' ').filter(|_| surnames) {
        Some((_, surname)) => found(surname)
            .into_iter()
            .filter(|s| !whole.iter().any(|w| w.overlaps(*s)))
            .count(),
        None => 0,
    };
    whole.len() + surname
}

/// The longest of `names` that ends with the words of `name` (the first of them), or `name`.
fn longest_ending_with<'n>(names: &[&'n str], name: &'n str) -> &'n str {
    let mut longest = name;
    for &other in names {
        if other.len() > longest.len() && ends_with_words(other, name) {
            longest = other;
        }
    }
    longest
}

/// Whether `name`'s last words are `tail` (`Jonah Adebayo` ends with `Adebayo`, not `Bayo`).
pub(crate) fn ends_with_words(name: &str, tail: &str) -> bool {
    name.strip_suffix(tail)
        .is_some_and(|rest| rest.is_empty() || rest.ends_with(' '))
}

/// A sentence on one line: its runs of white space as one space.
fn one_line(sentence: &str) -> String {
    sentence.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// An example of a suggestion: a sentence and the document it is in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Example {
    /// The document's id.
    pub doc: String,
    /// The sentence, on one line.
    pub sentence: String,
}

/// One suggested gazetteer row, with what it was found from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Suggestion {
    /// The row as `players.csv`, `clubs.csv` or `officials.csv` gets it: id, kind, name, the
    /// surname as an alias (unless a common word), the team's id as `club` or `nationality`,
    /// an official's `role`.
    pub entity: Entity,
    /// How many times the documents it was seen in write it (a person's surname alone
    /// counted), or were seen to name it, whichever is more.
    pub count: usize,
    /// In how many documents.
    pub documents: usize,
    /// The team it was seen with most (first seen on a tie): (id, name), the id of a known team
    /// or of a suggested club.
    pub team: Option<(String, String)>,
    /// How many sightings each kind of evidence gave, in [`Evidence::ALL`] order, kinds that
    /// gave none left out.
    pub evidence: Vec<(Evidence, usize)>,
    /// The first sentences it was seen in, up to three, in input order.
    pub examples: Vec<Example>,
}

impl Suggestion {
    /// Whether anything but a full name says it is football's (a person seen only as
    /// [`Evidence::FullName`] may be a politician in a football report): only such suggestions
    /// go into the gazetteer files; the others are listed for review as `person`.
    pub fn is_football(&self) -> bool {
        self.evidence.iter().any(|(e, _)| *e != Evidence::FullName)
    }

    /// The kind the review file gives: the entity's, or `person` for a person that is not
    /// [`Suggestion::is_football`].
    pub fn kind_name(&self) -> &'static str {
        match self.is_football() {
            true => self.entity.kind.as_str(),
            false => "person",
        }
    }
}

/// Everything known of one name so far.
#[derive(Debug, Clone, Default)]
struct Tally {
    count: usize,
    documents: usize,
    last_document: Option<usize>,
    players: usize,
    /// Sightings as an official, by role, in first-seen order.
    roles: Vec<(&'static str, usize)>,
    /// Teams seen with, in first-seen order.
    teams: Vec<(TeamName, usize)>,
    evidence: BTreeMap<Evidence, usize>,
    examples: Vec<Example>,
}

impl Tally {
    fn see(&mut self, document: usize, doc: &str, seen: &Seen) {
        self.count += 1;
        if self.last_document != Some(document) {
            self.documents += 1;
            self.last_document = Some(document);
        }
        match seen.kind {
            SightingKind::Official(role) => bump(&mut self.roles, role),
            _ => self.players += 1,
        }
        if let Some(team) = &seen.team {
            bump(&mut self.teams, team.clone());
        }
        *self.evidence.entry(seen.evidence).or_default() += 1;
        if self.examples.len() < EXAMPLES {
            self.examples.push(Example {
                doc: doc.to_string(),
                sentence: seen.sentence.clone(),
            });
        }
    }

    /// Adds another name's tally (a surname joining a full name); examples after its own.
    fn absorb(&mut self, other: Tally) {
        self.count += other.count;
        self.documents += other.documents;
        self.players += other.players;
        for (role, n) in other.roles {
            *entry(&mut self.roles, role) += n;
        }
        for (team, n) in other.teams {
            *entry(&mut self.teams, team) += n;
        }
        for (evidence, n) in other.evidence {
            *self.evidence.entry(evidence).or_default() += n;
        }
        let room = EXAMPLES - self.examples.len().min(EXAMPLES);
        self.examples.extend(other.examples.into_iter().take(room));
    }

    /// The role of an official, when the name was seen as one more often than as a player.
    fn official_role(&self) -> Option<&'static str> {
        let (role, _) = most(&self.roles)?;
        let officials: usize = self.roles.iter().map(|(_, n)| n).sum();
        (officials > self.players).then_some(*role)
    }
}

fn entry<K: PartialEq>(counts: &mut Vec<(K, usize)>, key: K) -> &mut usize {
    let at = match counts.iter().position(|(k, _)| *k == key) {
        Some(at) => at,
        None => {
            counts.push((key, 0));
            counts.len() - 1
        }
    };
    &mut counts[at].1
}

fn bump<K: PartialEq>(counts: &mut Vec<(K, usize)>, key: K) {
    *entry(counts, key) += 1;
}

/// The key counted most, the first seen on a tie.
fn most<K>(counts: &[(K, usize)]) -> Option<&(K, usize)> {
    counts.iter().rev().max_by_key(|(_, n)| *n)
}

/// Gathers the names of documents added in input order and ranks them.
#[derive(Debug, Default)]
pub struct Suggester {
    /// (is a club, name) -> its tally.
    names: BTreeMap<(bool, String), Tally>,
    documents: usize,
}

impl Suggester {
    /// An empty suggester.
    pub fn new() -> Suggester {
        Suggester::default()
    }

    /// Adds a document's names; documents must come in input order for the examples to.
    pub fn add(&mut self, names: DocumentNames) {
        let document = self.documents;
        self.documents += 1;
        let mut seen_here: BTreeMap<(bool, String), usize> = BTreeMap::new();
        for seen in &names.seen {
            let key = (seen.club, seen.name.clone());
            *seen_here.entry(key.clone()).or_default() += 1;
            self.names
                .entry(key)
                .or_default()
                .see(document, &names.doc, seen);
        }
        // The times the document writes a name beyond the sightings count too.
        for (key, times) in names.written {
            let sightings = seen_here.get(&key).copied().unwrap_or(0);
            if let Some(tally) = self.names.get_mut(&key) {
                tally.count += times.saturating_sub(sightings);
            }
        }
    }

    /// The suggestions seen at least `min_count` times, ranked: by count, then documents, then
    /// kinds of evidence, then name. Ids are `<kind>:<slug of name>`, numbered (`-2`) where the
    /// gazetteer or an earlier suggestion has the id already.
    pub fn finish(self, gazetteer: &Gazetteer, min_count: usize) -> Vec<Suggestion> {
        let mut names = self.names;
        join_surnames(&mut names);
        // A one-word name seen as a club too ("Ranheim scoret" beside "Ranheim-spissen") is the
        // club.
        let clubs: HashSet<String> = names
            .keys()
            .filter(|(club, _)| *club)
            .map(|(_, name)| name.clone())
            .collect();
        names.retain(|(club, name), _| *club || name.contains(' ') || !clubs.contains(name));
        // "Glimt-keeper": a word of a known team's name (Bodø/Glimt) is that team.
        let parts = team_name_parts(gazetteer);
        names.retain(|(club, name), _| !*club || !parts.contains_key(name));
        for tally in names.values_mut() {
            for (team, _) in &mut tally.teams {
                if let TeamName::Unknown(name) = team {
                    if let Some(Some(id)) = parts.get(name) {
                        *team = TeamName::Known(id.clone());
                    }
                }
            }
        }
        let mut ranked: Vec<((bool, String), Tally)> = names
            .into_iter()
            .filter(|(_, tally)| tally.count >= min_count)
            .collect();
        ranked.sort_by(|(a_key, a), (b_key, b)| {
            b.count
                .cmp(&a.count)
                .then(b.documents.cmp(&a.documents))
                .then(b.evidence.len().cmp(&a.evidence.len()))
                .then(a_key.1.cmp(&b_key.1))
                .then(a_key.0.cmp(&b_key.0))
        });
        let mut ids: HashSet<String> = HashSet::new();
        let mut club_ids: BTreeMap<String, String> = BTreeMap::new();
        let mut rows: Vec<(Entity, Tally)> = Vec::with_capacity(ranked.len());
        for ((club, name), tally) in ranked {
            let role = (!club).then(|| tally.official_role()).flatten();
            let kind = match (club, role) {
                (true, _) => EntityKind::Club,
                (false, Some(_)) => EntityKind::Official,
                (false, None) => EntityKind::Player,
            };
            let base = format!("{}:{}", kind.id_prefix(), slug(&name));
            let mut id = base.clone();
            let mut n = 1;
            while gazetteer.index_of(&id).is_some() || ids.contains(&id) {
                n += 1;
                id = format!("{base}-{n}");
            }
            ids.insert(id.clone());
            if club {
                club_ids.insert(name.clone(), id.clone());
            }
            let mut attrs = Vec::new();
            if let Some(role) = role {
                attrs.push(("role".to_string(), role.to_string()));
            }
            let entity = Entity {
                id,
                kind,
                aliases: aliases(gazetteer, kind, &name),
                name,
                attrs,
            };
            rows.push((entity, tally));
        }
        rows.into_iter()
            .map(|(mut entity, tally)| {
                let team = most(&tally.teams).and_then(|(team, _)| match team {
                    TeamName::Known(id) => {
                        let team = gazetteer.entity(gazetteer.index_of(id)?);
                        Some((team.id.clone(), team.name.clone(), team.kind))
                    }
                    TeamName::Unknown(name) => {
                        let id = club_ids.get(name)?;
                        Some((id.clone(), name.clone(), EntityKind::Club))
                    }
                });
                if entity.kind == EntityKind::Player {
                    if let Some((id, _, kind)) = &team {
                        let column = match kind {
                            EntityKind::NationalTeam => "nationality",
                            _ => "club",
                        };
                        entity.attrs.push((column.to_string(), id.clone()));
                    }
                }
                Suggestion {
                    entity,
                    count: tally.count,
                    documents: tally.documents,
                    team: team.map(|(id, name, _)| (id, name)),
                    evidence: tally.evidence.into_iter().collect(),
                    examples: tally.examples,
                }
            })
            .collect()
    }
}

/// The words of the known teams' names and aliases (`Glimt` of `Bodø/Glimt`), each with its
/// team's id when only one team has it.
fn team_name_parts(gazetteer: &Gazetteer) -> BTreeMap<String, Option<String>> {
    let mut parts: BTreeMap<String, Option<String>> = BTreeMap::new();
    for entity in gazetteer.entities().iter().filter(|e| e.kind.is_team()) {
        let forms = std::iter::once(&entity.name).chain(&entity.aliases);
        for word in forms.flat_map(|f| f.split(|c: char| !c.is_alphanumeric())) {
            if word.is_empty() {
                continue;
            }
            parts
                .entry(word.to_string())
                .and_modify(|id| {
                    if id.as_deref() != Some(entity.id.as_str()) {
                        *id = None;
                    }
                })
                .or_insert_with(|| Some(entity.id.clone()));
        }
    }
    parts
}

/// A person's one-word name that the full name of exactly one other person ends with (`Adebayo`
/// of one report, `Jonah Adebayo` of another) is that person.
fn join_surnames(names: &mut BTreeMap<(bool, String), Tally>) {
    let singles: Vec<String> = names
        .keys()
        .filter(|(club, name)| !*club && !name.contains(' '))
        .map(|(_, name)| name.clone())
        .collect();
    for single in singles {
        let mut fuller = names
            .keys()
            .filter(|(club, name)| !*club && name.len() > single.len())
            .filter(|(_, name)| ends_with_words(name, &single));
        let (Some(full), None) = (fuller.next().cloned(), fuller.next()) else {
            continue;
        };
        if let Some(tally) = names.remove(&(false, single)) {
            if let Some(full) = names.get_mut(&full) {
                full.absorb(tally);
            }
        }
    }
}

/// The aliases a suggested row gets: a person's surname (the last word, with the particles
/// before it: `van der Berg`) unless a common word or very short, which the loader would leave
/// out with a warning, or a form the gazetteer has already.
fn aliases(gazetteer: &Gazetteer, kind: EntityKind, name: &str) -> Vec<String> {
    if kind == EntityKind::Club {
        return Vec::new();
    }
    let words: Vec<&str> = name.split(' ').collect();
    if words.len() < 2 {
        return Vec::new();
    }
    let mut first = words.len() - 1;
    while first > 1 && crate::words::names::NAME_PARTICLES.contains(&words[first - 1]) {
        first -= 1;
    }
    let surname = words[first..].join(" ");
    if is_risky_alias(&surname) || knows(gazetteer, &surname) {
        return Vec::new();
    }
    vec![surname]
}

#[cfg(test)]
mod tests;
