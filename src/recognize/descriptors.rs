//! The Norwegian words that describe players and teams without naming them: positions
//! (`keeperen`), roles (`stjernen`), home and away words (`hjemmelaget`, `gjestene`), team nouns
//! (`London-klubben`), and the demonyms, adjectives, cities and squads built once from the
//! gazetteer. [`describe`](super::describe) links them in a document.

use super::places::home_city;
use crate::gazetteer::{EntityKind, Gazetteer};
// Looked up once per word of every document: a fast hasher matters, and keys are not hostile.
use rustc_hash::FxHashMap as HashMap;

/// Norwegian words that describe players and teams without naming them, built from the gazetteer.
#[derive(Debug, Clone, Default)]
pub struct Descriptors {
    /// `italieneren`, `engelskmannen` -> national team.
    pub(super) demonyms: HashMap<String, usize>,
    /// `italienske`, `engelske` -> national team.
    pub(super) adjectives: HashMap<String, usize>,
    /// `london` -> clubs in that city.
    pub(super) cities: HashMap<String, Vec<usize>>,
    /// A club or national team -> its players (`Schalke-spissen` is one of them).
    pub(super) squads: HashMap<usize, Vec<usize>>,
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

/// Words for the home team of the match.
pub(super) const HOME_WORDS: &[&str] = &[
    "hjemmelaget",
    "vertene",
    "vertskapet",
    "heimelaget",
    "vertane",
];
/// Words for the away team of the match.
pub(super) const AWAY_WORDS: &[&str] = &["bortelaget", "gjestene", "gjestane"];
/// Nouns after a city in a compound that make it a team of that city (`London-klubben`).
pub(super) const TEAM_NOUNS: &[&str] = &["klubben", "laget", "gutta", "gutane", "guttene"];

impl Descriptors {
    /// The demonyms, adjectives, cities and squads of a gazetteer's entities.
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
                    if let Some(city) = home_city(entity) {
                        let city = city.to_lowercase();
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

/// The gazetteer position code of a folded position noun (`spissen`: `FW`).
pub(super) fn position(noun: &str) -> Option<&'static str> {
    POSITIONS
        .iter()
        .find(|(n, _)| *n == noun)
        .map(|&(_, code)| code)
}

/// Whether a folded word names a player's role: `Some(position code)` for a position noun
/// (`spissen`: `Some("FW")`), `Some(None)` for a role without one (`stjernen`).
pub(super) fn role(noun: &str) -> Option<Option<&'static str>> {
    match position(noun) {
        Some(code) => Some(Some(code)),
        None => ROLE_NOUNS.contains(&noun).then_some(None),
    }
}
