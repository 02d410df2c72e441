//! The fixed Norwegian nouns that describe players and teams without naming them: positions
//! (`keeperen`), roles (`stjernen`), home and away words (`hjemmelaget`, `gjestene`), team nouns
//! (`London-klubben`). The words built from the gazetteer (demonyms, adjectives, cities, squads)
//! are its [`Descriptors`](crate::gazetteer::Descriptors). [`describe`](super::describe) links
//! both in a document.

use crate::gazetteer::Position;

/// Position nouns (definite) and the gazetteer positions they fit.
const POSITIONS: &[(&str, Position)] = &[
    ("keeperen", Position::Goalkeeper),
    ("målvakten", Position::Goalkeeper),
    ("sisteskansen", Position::Goalkeeper),
    ("spissen", Position::Forward),
    ("angriperen", Position::Forward),
    ("målscoreren", Position::Forward),
    ("midtbanespilleren", Position::Midfielder),
    ("midtbaneeseren", Position::Midfielder),
    ("playmakeren", Position::Midfielder),
    ("forsvareren", Position::Defender),
    ("stopperen", Position::Defender),
    ("midtstopperen", Position::Defender),
    ("backen", Position::Defender),
    ("ytterbacken", Position::Defender),
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

/// The gazetteer position of a folded position noun (`spissen`: [`Position::Forward`]).
pub(super) fn position(noun: &str) -> Option<Position> {
    POSITIONS
        .iter()
        .find(|(n, _)| *n == noun)
        .map(|&(_, position)| position)
}

/// Whether a folded word names a player's role: `Some(Some(position))` for a position noun
/// (`spissen`: `Some(Some(Position::Forward))`), `Some(None)` for a role without one
/// (`stjernen`).
pub(super) fn role(noun: &str) -> Option<Option<Position>> {
    match position(noun) {
        Some(position) => Some(Some(position)),
        None => ROLE_NOUNS.contains(&noun).then_some(None),
    }
}
