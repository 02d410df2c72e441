//! The fixed nouns that describe players and teams without naming them (read by recognition's
//! descriptions): positions (`keeperen`), roles (`stjernen`), ages (`21-åringen`), home and away
//! words (`hjemmelaget`, `gjestene`), team nouns (`London-klubben`). Compared as whole folded
//! words, or as the part after a compound's hyphen. The words built from the gazetteer (demonyms,
//! adjectives, cities) are its `Descriptors`.

/// Position nouns (definite) and the gazetteer position code they fit (`players.csv`'s `position`:
/// GK, DF, MF, FW).
pub(crate) const POSITIONS: &[(&str, &str)] = &[
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

/// Role nouns after a team in a compound that make it one of its players: `Schalke-spissen`,
/// `Real Madrid-backen`, `Uruguay-stjernen`.
pub(crate) const ROLE_NOUNS: &[&str] = &[
    "spilleren",
    "stjernen",
    "profilen",
    "kapteinen",
    "kantspilleren",
    "vingen",
    "innbytteren",
];

/// The titles before a player's name that say what he plays (`innbytter Mathias Hovdenak`,
/// `venstreback Henrik Lie`, `Brann-kaptein Eivind Tennfjord`), besides [`POSITIONS`],
/// [`ROLE_NOUNS`] and the keeper nouns: read by the name discovery (`gazetteer suggest`). The
/// end of a word or of a compound's last part (`midtstopper`, `toppspissen`), lower case. Not
/// `spiller` alone, which is also the verb (`Brann spiller Molde`).
pub(crate) const PLAYER_TITLE_ENDINGS: &[&str] = &[
    "spiss",
    "back",
    "stopper",
    "innbytter",
    "kaptein",
    "angriper",
    "midtbanespiller",
    "kantspiller",
];

/// The noun after an age in a compound that makes it a player of that age: `21-åringen`,
/// `21-åring`, Nynorsk `21-åringa`.
pub(crate) const AGE_NOUNS: &[&str] = &["åringen", "åring", "åringa"];

/// The ending of the people of a city, who are its team of the match (`londonerne`).
pub(crate) const CITY_PEOPLE_ENDING: &str = "erne";

/// Words for the home team of the match.
pub(crate) const HOME_WORDS: &[&str] = &[
    "hjemmelaget",
    "vertene",
    "vertskapet",
    "heimelaget",
    "vertane",
];
/// Words for the away team of the match.
pub(crate) const AWAY_WORDS: &[&str] = &["bortelaget", "gjestene", "gjestane"];
/// Nouns after a city in a compound that make it a team of that city (`London-klubben`).
pub(crate) const TEAM_NOUNS: &[&str] = &["klubben", "laget", "gutta", "gutane", "guttene"];

/// Nouns after a team in a compound for its people as a body (`Stordal-spillerne`,
/// `Lyn-supporterne`, Nynorsk `Hødd-spelarane`): the compound names a team, for the name
/// discovery, which takes an unknown first part for a club. Whole lower-case words.
pub(crate) const SQUAD_NOUNS: &[&str] = &[
    "spillerne",
    "spelarane",
    "spelarene",
    "supporterne",
    "supporterane",
    "fansen",
];
