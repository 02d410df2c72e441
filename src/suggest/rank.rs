//! The names of all documents, added in input order: tallied, a surname joined to the one full
//! name of another document that ends with it, ranked, and given ids and gazetteer columns.

use super::document::{DocumentNames, Seen};
use super::sightings::knows;
use super::{ends_with_words, Evidence, Example, SightingKind, Suggestion, TeamName, EXAMPLES};
use crate::gazetteer::{is_risky_alias, slug, Entity, EntityKind, Gazetteer};
use std::collections::{BTreeMap, HashSet};

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
    for entity in gazetteer.entities().filter(|e| e.kind.is_team()) {
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

/// A person's one-word name that the full name of exactly one other person ends with (`Adeyemo`
/// of one report, `Jonah Adeyemo` of another) is that person.
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
