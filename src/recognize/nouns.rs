//! Reading the fixed nouns that describe players and teams without naming them (listed in
//! [`crate::words::descriptions`]): positions (`keeperen`) and roles (`stjernen`).
//! The words built from the gazetteer (demonyms, adjectives, cities, squads) are its
//! descriptors; [`describe`](super::describe) links both in a document.

use crate::gazetteer::Position;
use crate::words::descriptions::{POSITIONS, ROLE_NOUNS};

/// The gazetteer position of a folded position noun (`spissen`: [`Position::Forward`]).
pub(super) fn position(noun: &str) -> Option<Position> {
    POSITIONS
        .iter()
        .find(|(n, _)| *n == noun)
        .map(|&(_, code)| Position::from_code(code))
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
