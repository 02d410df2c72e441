//! What the gazetteer knows about an entity beyond its names, read from its columns once when the
//! gazetteer is built: a player's clubs, national teams, position and birth year, a club's home
//! city, a national team's adjective and demonym. Recognition reads these typed profiles and never
//! a column by its name; the columns as written stay on [`Entity::attrs`] for what writes them
//! back (`gazetteer add`, `write_folder`) or checks them.

use super::csv_rows::LIST_SEPARATOR;
use super::years::{holding_at, split_years, Date, Years};
use super::{Entity, EntityKind};
use crate::ids::EntityId;
// Built once per run from trusted rows: a fast hasher matters, keys are not hostile.
use rustc_hash::FxHashMap as HashMap;

/// A player's position, from the gazetteer's `position` column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
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

/// One of a player's clubs, and the years he was there when the row gives them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ClubSpell {
    /// The club.
    pub club: EntityId,
    /// `None`: at any time.
    pub years: Option<Years>,
}

/// A player's row, resolved: entity indexes instead of ids, a position, a birth year.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PlayerProfile {
    /// The player's clubs, in the order the `club` column writes them; an id the gazetteer does
    /// not hold is left out.
    pub clubs: Vec<ClubSpell>,
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

    /// The clubs he was at on `date`, in the order of the row: those whose years contain its
    /// year (and those without years), in the year of a move the one its month tells; all of
    /// them when the date is not known or none of his years holds (the row's facts end before
    /// it or start after it).
    pub fn clubs_at(&self, date: Option<Date>) -> Vec<EntityId> {
        let clubs = self.clubs.iter().map(|spell| spell.club);
        // Undated (every shipped and gold document): no years to read.
        let holding = date.and_then(|date| {
            let years: Vec<Option<Years>> = self.clubs.iter().map(|spell| spell.years).collect();
            holding_at(&years, date)
        });
        match holding {
            Some(holding) => clubs
                .zip(holding)
                .filter(|&(_, h)| h)
                .map(|(c, _)| c)
                .collect(),
            None => clubs.collect(),
        }
    }

    /// The clubs of [`PlayerProfile::clubs_at`] `date`, then the national teams.
    pub fn teams_at(&self, date: Option<Date>) -> impl Iterator<Item = EntityId> + '_ {
        self.clubs_at(date)
            .into_iter()
            .chain(self.national_teams.iter().copied())
    }

    /// Whether the player may play a position: the gazetteer gives that one, or gives none.
    pub fn may_play(&self, position: Position) -> bool {
        self.position.is_none_or(|own| own == position)
    }
}

/// A club's row, resolved.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ClubProfile {
    /// The city the club is named after or plays in: the first word of its `city` column, before
    /// any space, bracket or comma (a district or country after it); `None` when that is empty.
    pub home_city: Option<String>,
}

/// A national team's row: the Norwegian words for its people and things.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct NationalTeamProfile {
    /// The `adjective` column as written (`italiensk`).
    pub adjective: Option<String>,
    /// The `demonym` column as written (`italiener`).
    pub demonym: Option<String>,
}

/// The profile of one entity, of the kind's shape.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
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
                let references = |column: &str| {
                    let values = entity
                        .attr(column)
                        .into_iter()
                        .flat_map(|c| c.split(LIST_SEPARATOR));
                    // The years were checked when the references were resolved.
                    values.filter_map(|value| split_years(value).ok())
                };
                let clubs = references("club").filter_map(|(id, years)| {
                    let club = *by_id.get(id)?;
                    Some(ClubSpell { club, years })
                });
                let national_teams = references("nationality").filter_map(|(id, _)| by_id.get(id));
                Profile::Player(PlayerProfile {
                    clubs: clubs.collect(),
                    national_teams: national_teams.copied().collect(),
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

    /// Clubs with these indices and years.
    fn spells(clubs: &[(usize, Option<(i32, i32)>)]) -> Vec<ClubSpell> {
        let spell = |&(club, years): &(usize, Option<(i32, i32)>)| ClubSpell {
            club: EntityId::new(club),
            years: years.map(|(first, last)| Years { first, last }),
        };
        clubs.iter().map(spell).collect()
    }

    #[test]
    fn players() {
        /// A row's columns as written.
        type Columns = &'static [(&'static str, &'static str)];
        let table: [(&str, Columns, PlayerProfile); 6] = [
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
                    clubs: spells(&[(2, None), (1, None)]),
                    national_teams: entities(&[3]),
                    ..PlayerProfile::default()
                },
            ),
            (
                "clubs with their years",
                &[("club", "club:a@2004-2012|club:b@2012")],
                PlayerProfile {
                    clubs: spells(&[(1, Some((2004, 2012))), (2, Some((2012, 2012)))]),
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
            let all: Vec<EntityId> = player.teams_at(None).collect();
            assert_eq!(all, entities(&[vec![1], teams].concat()), "{nationality}");
        }
    }

    #[test]
    fn the_year_chooses_the_clubs() {
        let player = player(&[("club", "club:a@2004-2012|club:b@2012-2015")]);
        let player = PlayerProfile {
            clubs: [player.clubs, spells(&[(4, None)])].concat(),
            ..player
        };
        let at = |year, month| Some(Date { year, month });
        for (date, clubs) in [
            (None, vec![1, 2, 4]),
            (at(2011, None), vec![1, 4]),
            (at(2012, None), vec![1, 2, 4]),
            (at(2012, Some(11)), vec![2, 4]),
            (at(2020, Some(1)), vec![1, 2, 4]),
        ] {
            let chosen = player.clubs_at(date);
            assert_eq!(chosen, entities(&clubs), "{date:?}");
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
