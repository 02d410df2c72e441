//! The words built from the gazetteer that describe players and teams without naming them: the
//! definite demonyms (`italieneren`) and inflected adjectives (`italienske`) of national teams, the
//! clubs of each city (`London-klubben`) and each team's squad (`Schalke-spissen`). Built once
//! with the gazetteer; the fixed nouns (`keeperen`, `hjemmelaget`) belong to
//! [`recognize`](crate::recognize).

use super::profile::Profile;
use crate::ids::EntityId;
// Looked up once per word of every document: a fast hasher matters, and keys are not hostile.
use rustc_hash::FxHashMap as HashMap;

/// Norwegian words that describe players and teams without naming them, built from the gazetteer
/// (see [`Gazetteer::descriptors`](super::Gazetteer::descriptors)).
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub(crate) struct Descriptors {
    /// `italieneren`, `engelskmannen` -> national team.
    demonyms: HashMap<String, EntityId>,
    /// `italienske`, `engelske` -> national team.
    adjectives: HashMap<String, EntityId>,
    /// `london` -> clubs in that city.
    cities: HashMap<String, Vec<EntityId>>,
    /// A club or national team -> its players (`Schalke-spissen` is one of them).
    squads: HashMap<EntityId, Vec<EntityId>>,
}

impl Descriptors {
    /// The demonyms, adjectives, cities and squads of the entities' profiles (in entity order).
    pub(super) fn new(profiles: &[Profile]) -> Descriptors {
        let mut descriptors = Descriptors::default();
        for (index, profile) in profiles.iter().enumerate() {
            let index = EntityId::new(index);
            match profile {
                Profile::NationalTeam(nation) => {
                    if let Some(demonym) = &nation.demonym {
                        descriptors
                            .demonyms
                            .insert(definite_demonym(demonym), index);
                    }
                    if let Some(adjective) = &nation.adjective {
                        let inflected = inflected_adjective(adjective);
                        descriptors.adjectives.insert(inflected, index);
                    }
                }
                Profile::Club(club) => {
                    if let Some(city) = &club.home_city {
                        let city = city.to_lowercase();
                        descriptors.cities.entry(city).or_default().push(index);
                    }
                }
                Profile::Player(player) => {
                    // Every club he was at, once (two spells at one club are one squad place).
                    let mut teams: Vec<EntityId> = player.clubs.iter().map(|s| s.club).collect();
                    teams.sort();
                    teams.dedup();
                    for team in teams.into_iter().chain(player.nationality()) {
                        descriptors.squads.entry(team).or_default().push(index);
                    }
                }
                Profile::Unprofiled => {}
            }
        }
        descriptors
    }

    /// The national team whose people a lower-case word names (`italieneren`).
    pub fn nation_of_demonym(&self, word: &str) -> Option<EntityId> {
        self.demonyms.get(word).copied()
    }

    /// The national team a lower-case adjective before a noun stands for (`italienske`).
    pub fn nation_of_adjective(&self, word: &str) -> Option<EntityId> {
        self.adjectives.get(word).copied()
    }

    /// The clubs of a lower-case city (`london`), in entity order; `None` for a city of no club.
    pub fn clubs_in(&self, city: &str) -> Option<&[EntityId]> {
        self.cities.get(city).map(Vec::as_slice)
    }

    /// The players of a club or national team, in entity order; `None` when it has none.
    pub fn squad(&self, team: EntityId) -> Option<&[EntityId]> {
        self.squads.get(&team).map(Vec::as_slice)
    }
}

/// The definite form of a demonym, lower case: `italiener` -> `italieneren`, `engelskmann` ->
/// `engelskmannen`, `svenske` -> `svensken`.
fn definite_demonym(demonym: &str) -> String {
    let demonym = demonym.to_lowercase();
    if demonym.ends_with('e') {
        format!("{demonym}n")
    } else {
        format!("{demonym}en")
    }
}

/// The inflected (definite or plural) form of an adjective, lower case: `italiensk` ->
/// `italienske`; one that already ends in `e` stays as it is.
fn inflected_adjective(adjective: &str) -> String {
    let adjective = adjective.to_lowercase();
    if adjective.ends_with('e') {
        adjective
    } else {
        format!("{adjective}e")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn word_forms() {
        let demonyms = [
            ("Italiener", "italieneren"),
            ("engelskmann", "engelskmannen"),
            ("svenske", "svensken"),
        ];
        for (demonym, definite) in demonyms {
            assert_eq!(definite_demonym(demonym), definite, "{demonym}");
        }
        let adjectives = [("Italiensk", "italienske"), ("norske", "norske")];
        for (adjective, inflected) in adjectives {
            assert_eq!(inflected_adjective(adjective), inflected, "{adjective}");
        }
    }
}
