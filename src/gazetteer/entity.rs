//! The entities a gazetteer holds, as their rows give them: what kind each is, its id, name,
//! aliases and the other columns as written, and the slug that derives an id from a name.

/// What an entity is.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[non_exhaustive]
pub enum EntityKind {
    /// A footballer.
    Player,
    /// A club team.
    Club,
    /// A national team.
    NationalTeam,
    /// A referee, manager or coach.
    Official,
    /// A newspaper, website, channel or agency.
    Media,
    /// A federation, league, supporters' club or company of football (`Uefa`, `Eliteserien`,
    /// `Klanen`): neither a team nor a paper.
    Organisation,
}

impl EntityKind {
    /// Every kind, in the order the gazetteer loads their files.
    pub const ALL: [EntityKind; 6] = [
        EntityKind::Player,
        EntityKind::Club,
        EntityKind::NationalTeam,
        EntityKind::Official,
        EntityKind::Media,
        EntityKind::Organisation,
    ];

    /// The file that holds this kind in a gazetteer folder.
    pub fn file_name(self) -> &'static str {
        match self {
            EntityKind::Player => "players.csv",
            EntityKind::Club => "clubs.csv",
            EntityKind::NationalTeam => "national_teams.csv",
            EntityKind::Official => "officials.csv",
            EntityKind::Media => "media.csv",
            EntityKind::Organisation => "organisations.csv",
        }
    }

    /// The prefix of derived ids (`player:erling-braut-haaland`).
    pub fn id_prefix(self) -> &'static str {
        match self {
            EntityKind::Player => "player",
            EntityKind::Club => "club",
            EntityKind::NationalTeam => "national",
            EntityKind::Official => "official",
            EntityKind::Media => "media",
            EntityKind::Organisation => "organisation",
        }
    }

    /// The name used in CSV output and on the command line.
    pub fn as_str(self) -> &'static str {
        match self {
            EntityKind::Player => "player",
            EntityKind::Club => "club",
            EntityKind::NationalTeam => "national_team",
            EntityKind::Official => "official",
            EntityKind::Media => "media",
            EntityKind::Organisation => "organisation",
        }
    }

    /// Clubs and national teams: what a match is played between.
    pub fn is_team(self) -> bool {
        matches!(self, EntityKind::Club | EntityKind::NationalTeam)
    }

    /// Players and officials: who can be named by a surname alone.
    pub fn is_person(self) -> bool {
        matches!(self, EntityKind::Player | EntityKind::Official)
    }

    /// The columns of this kind's file besides `id`, `name` and `aliases`, in the order
    /// [`write_folder`](super::write_folder) writes them.
    pub(crate) fn columns(self) -> &'static [&'static str] {
        match self {
            EntityKind::Player => &["club", "nationality", "position", "birth_date"],
            EntityKind::Club => &["country", "city"],
            EntityKind::NationalTeam => &["country_code", "adjective", "demonym"],
            EntityKind::Official => &["role"],
            EntityKind::Media => &["country", "type"],
            EntityKind::Organisation => &["country", "type"],
        }
    }
}

/// One player, club, national team, official, paper or organisation.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Entity {
    /// Unique in the gazetteer (`player:erling-braut-haaland`).
    pub id: String,
    /// Which file the row came from.
    pub kind: EntityKind,
    /// The full name.
    pub name: String,
    /// Other surface forms (`Haaland`), without the name.
    pub aliases: Vec<String>,
    /// Attributes by column name (`club`, `nationality`, `position`, `birth_date`, `city`, ...),
    /// as written; `club` and `nationality` hold resolved ids. Recognition reads them typed, from
    /// the gazetteer's profiles ([`Gazetteer::player`](super::Gazetteer::player) and its
    /// siblings), resolved once at load.
    pub attrs: Vec<(String, String)>,
}

impl Entity {
    /// An attribute's value, if set and not empty.
    pub fn attr(&self, column: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(c, v)| c == column && !v.is_empty())
            .map(|(_, v)| v.as_str())
    }

    /// Sets a column, adding it when the row lacks it.
    pub(super) fn set_attr(&mut self, column: &str, value: String) {
        match self.attrs.iter_mut().find(|(c, _)| c == column) {
            Some(slot) => slot.1 = value,
            None => self.attrs.push((column.to_string(), value)),
        }
    }
}

/// The Unicode block of combining diacritical marks.
const COMBINING_MARKS: std::ops::RangeInclusive<char> = '\u{300}'..='\u{36f}';

/// `<kind>:<slug>`: lower case, every run of characters that are not letters or digits becomes
/// one `-`. Letters keep their accents (`ø` stays `ø`); a combining mark is dropped, so that
/// `İlhan` (whose `İ` lowers to `i` and a dot above) is `ilhan`, not `i-lhan`.
pub fn slug(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut dash = false;
    for c in name.chars().flat_map(char::to_lowercase) {
        if COMBINING_MARKS.contains(&c) {
            continue;
        }
        if c.is_alphanumeric() {
            out.push(c);
            dash = false;
        } else if !dash && !out.is_empty() {
            out.push('-');
            dash = true;
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    out
}
