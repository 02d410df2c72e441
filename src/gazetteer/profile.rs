//! What the gazetteer knows about an entity beyond its names, read from its columns once when the
//! gazetteer is built: a player's clubs, national teams, position and birth year, a club's home
//! city, a national team's adjective and demonym. Recognition reads these typed profiles and never
//! a column by its name; the columns as written stay on [`Entity::attrs`] for what writes them
//! back (`gazetteer add`, `write_folder`) or checks them.

use super::{Entity, EntityKind};
use crate::ids::EntityId;
// Built once per run from trusted rows: a fast hasher matters, keys are not hostile.
use rustc_hash::FxHashMap as HashMap;

/// A player's position, from the gazetteer's `position` column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Position {
    /// `GK`.
    Goalkeeper,
    /// `DF`.
    Defender,
    /// `MF`.
    Midfielder,
    /// `FW`.
    Forward,
    /// Any other text (`TW`, `RB`, `Substitute`): the gazetteer gives a position, but none that a
    /// description (`keeperen`, `spissen`) names. The text stays in [`Entity::attrs`].
    Other,
}

impl Position {
    /// The position a `position` value gives: the four codes exactly as written (upper case), any
    /// other text [`Position::Other`].
    pub fn from_code(code: &str) -> Position {
        match code {
            "GK" => Position::Goalkeeper,
            "DF" => Position::Defender,
            "MF" => Position::Midfielder,
            "FW" => Position::Forward,
            _ => Position::Other,
        }
    }
}

/// A player's row, resolved: entity indexes instead of ids, a position, a birth year.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PlayerProfile {
    /// The player's clubs, current first, in the order the `club` column writes them; an id the
    /// gazetteer does not hold is left out.
    pub clubs: Vec<EntityId>,
    /// The national teams of the `nationality` column: one as a rule, `|`-separated like clubs
    /// when the row lists several; an unknown id is left out.
    pub national_teams: Vec<EntityId>,
    /// The position, if the row gives one.
    pub position: Option<Position>,
    /// The first four characters of `birth_date` as a number, if they are one.
    pub birth_year: Option<i32>,
}

impl PlayerProfile {
    /// Whether the row gives the player's position as goalkeeper.
    pub fn is_goalkeeper(&self) -> bool {
        self.position == Some(Position::Goalkeeper)
    }

    /// The player's national team when the row gives exactly one: a description (`italieneren`)
    /// or a squad only counts a player of one nation.
    pub fn nationality(&self) -> Option<EntityId> {
        match self.national_teams[..] {
            [nation] => Some(nation),
            _ => None,
        }
    }

    /// The clubs (current first), then the national teams.
    pub fn teams(&self) -> impl Iterator<Item = EntityId> + '_ {
        self.clubs.iter().chain(&self.national_teams).copied()
    }

    /// Whether the player may play a position: the gazetteer gives that one, or gives none.
    pub fn may_play(&self, position: Position) -> bool {
        self.position.is_none_or(|own| own == position)
    }
}

/// A club's row, resolved.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ClubProfile {
    /// The city the club is named after or plays in: the first word of its `city` column, before
    /// any space, bracket or comma (a district or country after it); `None` when that is empty.
    pub home_city: Option<String>,
}

/// A national team's row: the Norwegian words for its people and things.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NationalTeamProfile {
    /// The `adjective` column as written (`italiensk`).
    pub adjective: Option<String>,
    /// The `demonym` column as written (`italiener`).
    pub demonym: Option<String>,
}

/// The profile of one entity, of the kind's shape.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Profile {
    Player(PlayerProfile),
    Club(ClubProfile),
    NationalTeam(NationalTeamProfile),
    /// Officials and media: nothing recognition reads besides their names.
    Unprofiled,
}

impl Profile {
    /// Reads an entity's columns; `by_id` resolves the ids of `club` and `nationality`.
    pub(super) fn of(entity: &Entity, by_id: &HashMap<String, EntityId>) -> Profile {
        let text = |column: &str| entity.attr(column).map(str::to_string);
        match entity.kind {
            EntityKind::Player => {
                let resolved = |column: &str| -> Vec<EntityId> {
                    let ids = entity.attr(column).into_iter().flat_map(|c| c.split('|'));
                    ids.filter_map(|id| by_id.get(id).copied()).collect()
                };
                Profile::Player(PlayerProfile {
                    clubs: resolved("club"),
                    national_teams: resolved("nationality"),
                    position: entity.attr("position").map(Position::from_code),
                    birth_year: entity
                        .attr("birth_date")
                        .and_then(|date| date.get(..4)?.parse::<i32>().ok()),
                })
            }
            EntityKind::Club => Profile::Club(ClubProfile {
                home_city: entity
                    .attr("city")
                    .map(|city| city.split([' ', '(', ',']).next().unwrap_or(""))
                    .filter(|city| !city.is_empty())
                    .map(str::to_string),
            }),
            EntityKind::NationalTeam => Profile::NationalTeam(NationalTeamProfile {
                adjective: text("adjective"),
                demonym: text("demonym"),
            }),
            EntityKind::Official | EntityKind::Media | EntityKind::Organisation => {
                Profile::Unprofiled
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entity(kind: EntityKind, attrs: &[(&str, &str)]) -> Entity {
        Entity {
            id: "x".into(),
            kind,
            name: "X".into(),
            aliases: Vec::new(),
            attrs: attrs
                .iter()
                .map(|(c, v)| (c.to_string(), v.to_string()))
                .collect(),
        }
    }

    fn ids() -> HashMap<String, EntityId> {
        [
            ("club:a", 1),
            ("club:b", 2),
            ("national:n", 3),
            ("national:m", 4),
        ]
        .into_iter()
        .map(|(id, i)| (id.to_string(), EntityId::new(i)))
        .collect()
    }

    fn player(attrs: &[(&str, &str)]) -> PlayerProfile {
        match Profile::of(&entity(EntityKind::Player, attrs), &ids()) {
            Profile::Player(player) => player,
            other => panic!("{other:?}"),
        }
    }

    /// The entities with these indices.
    fn entities(indices: &[usize]) -> Vec<EntityId> {
        indices.iter().copied().map(EntityId::new).collect()
    }

    #[test]
    fn players() {
        /// A row's columns as written.
        type Columns = &'static [(&'static str, &'static str)];
        let table: [(&str, Columns, PlayerProfile); 5] = [
            (
                "empty row",
                &[("club", ""), ("position", "")],
                PlayerProfile::default(),
            ),
            (
                "clubs in written order, unknown ids left out",
                &[
                    ("club", "club:b|club:x|club:a"),
                    ("nationality", "national:n"),
                ],
                PlayerProfile {
                    clubs: entities(&[2, 1]),
                    national_teams: entities(&[3]),
                    ..PlayerProfile::default()
                },
            ),
            (
                "codes exactly as written",
                &[("position", "GK"), ("birth_date", "1990-05-01")],
                PlayerProfile {
                    position: Some(Position::Goalkeeper),
                    birth_year: Some(1990),
                    ..PlayerProfile::default()
                },
            ),
            (
                "free text and a lower-case code are other positions",
                &[("position", "gk"), ("birth_date", "199")],
                PlayerProfile {
                    position: Some(Position::Other),
                    ..PlayerProfile::default()
                },
            ),
            (
                "a year alone",
                &[("position", "FW"), ("birth_date", "1987")],
                PlayerProfile {
                    position: Some(Position::Forward),
                    birth_year: Some(1987),
                    ..PlayerProfile::default()
                },
            ),
        ];
        for (name, attrs, expected) in table {
            assert_eq!(player(attrs), expected, "{name}");
        }
    }

    #[test]
    fn one_nationality_or_none() {
        let table: [(&str, Option<usize>, Vec<usize>); 4] = [
            ("", None, vec![]),
            ("national:n", Some(3), vec![3]),
            ("national:x", None, vec![]),
            ("national:n|national:m", None, vec![3, 4]),
        ];
        for (nationality, expected, teams) in table {
            let player = player(&[("club", "club:a"), ("nationality", nationality)]);
            let expected = expected.map(EntityId::new);
            assert_eq!(player.nationality(), expected, "{nationality}");
            let all: Vec<EntityId> = player.teams().collect();
            assert_eq!(all, entities(&[vec![1], teams].concat()), "{nationality}");
        }
    }

    #[test]
    fn home_cities() {
        let table = [
            ("London", Some("London")),
            ("Manchester (Eastlands)", Some("Manchester")),
            ("Oslo, Norge", Some("Oslo")),
            ("(Oslo)", None),
            ("", None),
        ];
        for (city, expected) in table {
            let profile = Profile::of(&entity(EntityKind::Club, &[("city", city)]), &ids());
            let home_city = expected.map(str::to_string);
            assert_eq!(profile, Profile::Club(ClubProfile { home_city }), "{city}");
        }
    }
}
