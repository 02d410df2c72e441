//! The words around a name that tell what it is (read by recognition's filter): capitalised
//! words before a surname that are no first name, the words after a club's name that make it its
//! ground, the prepositions that make a country or town the place and not the team. Compared as
//! whole words, lower case.

/// The words before a paper's name that make it what the paper published, not the paper acting
/// (`i Aftenposten`; not `ifølge Dagsavisen`, `avisen Nordlys`): how NorNE tags media, PROD and
/// not ORG. Read by the entity evaluation; whole words, lower case.
pub(crate) const PUBLICATION_WORDS: &[&str] = &["i"];

/// `leser av Aftenposten`: the preposition after a reader (`leser`, `lesere`) that makes the paper
/// what was read.
pub(crate) const READ_IN: (&str, &str) = ("av", "leser");

/// The ends of the titles that stand before a person's name outside football (`statsminister
/// Jens Stoltenberg`, `politiadvokat Hilde Haugen`, `informasjonssjef Svein Graff`): read by
/// the name discovery, for which the name after one is a person's. Lower case.
pub(crate) const TITLE_ENDINGS: &[&str] = &[
    "minister",
    "president",
    "direktør",
    "sjef",
    "leder",
    "advokat",
    "formann",
    "ordfører",
    "professor",
    "sekretær",
    "rådgiver",
    "talsmann",
    "talskvinne",
];

/// Capitalised words before a surname that are not first names (sentence openers, titles).
pub(crate) const NOT_FIRST_NAMES: &[&str] = &[
    "men",
    "og",
    "da",
    "når",
    "så",
    "for",
    "etter",
    "før",
    "mens",
    "der",
    "her",
    "hvis",
    "om",
    "i",
    "på",
    "med",
    "mot",
    "av",
    "til",
    "fra",
    "ifølge",
    "også",
    "nå",
    "dermed",
    "likevel",
    "bare",
    "både",
    "selv",
    "kaptein",
    "trener",
    "dommer",
    "keeper",
    "spiss",
    "back",
    "stopper",
    "manager",
    "landslagssjef",
    "sjef",
    "innbytter",
    "veteranen",
    "hvorfor",
    "hva",
    "det",
    "den",
    "dette",
    "denne",
    "vi",
    "han",
    "hun",
    "de",
    "jeg",
    "du",
    "som",
    "at",
    "ja",
    "nei",
    "uten",
    "ved",
    "under",
    "over",
    "hos",
    "gjennom",
    "foran",
    "bak",
    "et",
    "en",
    "ei",
    "lynvingen",
    "kapteinen",
    "treneren",
    "dommeren",
    "keeperen",
    "spissen",
    "målvakt",
];

/// The lower-case words inside a name (`Rafael van der Vaart`, `Ángel di María`, `Youssef El
/// Amrani` has a capital): a run of capitalised words goes on over them, never ends or starts
/// with one. Read by the finder of unknown scorers; whole words.
pub(crate) const NAME_PARTICLES: &[&str] = &[
    "van", "von", "der", "de", "di", "dos", "das", "del", "la", "le", "el", "al", "bin", "ibn",
    "ter", "ten",
];

/// The roles before a name that make it someone who does not play (`Brann-trener Eirik
/// Horneland`, `dommer Espen Eskås`, Nynorsk `trenar`, `dommar`): never a goal's scorer. The
/// last part of a compound counts (`Molde-treneren`); whole words.
pub(crate) const OFFICIAL_ROLES: &[&str] = &[
    "trener",
    "treneren",
    "trenar",
    "trenaren",
    "hovedtrener",
    "assistenttrener",
    "manager",
    "manageren",
    "sjef",
    "sjefen",
    "landslagssjef",
    "landslagssjefen",
    "dommer",
    "dommeren",
    "dommar",
    "dommaren",
    "linjedommer",
    "president",
    "direktør",
    "ekspert",
    "kommentator",
];

/// The roots of [`OFFICIAL_ROLES`] and the role each gives an official in `officials.csv`
/// (`dommer` and `linjedommer`: referee; `trener`, `trenar`, `assistenttrener`: coach; `manager`,
/// `landslagssjef`: manager), for the name discovery (`gazetteer suggest`); anywhere in the
/// lower-case word, first row first. A role none of them fits (`ekspert`, `president`) is no
/// official of the gazetteers.
pub(crate) const OFFICIAL_ROLE_ROOTS: &[(&str, &str)] = &[
    ("dom", "referee"),
    ("tren", "coach"),
    ("manager", "manager"),
    ("sjef", "manager"),
];

/// The marks a quote opens with (`– Vi sov da de scoret`, `«Det var mitt mål»`): a goal told in
/// one is a retelling, not the report's. Compared at the sentence's start.
pub(crate) const QUOTE_OPENERS: &[&str] = &["– ", "— ", "- ", "«", "\"", "“"];

/// Words after a club's name that make it the ground, not the club ("Brann stadion").
pub(crate) const GROUNDS: &[&str] = &["stadion", "stadium", "arena"];

/// Words of a transfer before `fra`: then a place that is also a club is the club (`overgang
/// fra Aalborg`, `hentet fra Molde`, `lånt ut fra Brann`).
pub(crate) const TRANSFER_WORDS: &[&str] = &[
    "overgang",
    "overgangen",
    "overgangar",
    "hentet",
    "henta",
    "hentes",
    "kjøpt",
    "kjøpte",
    "kjøpes",
    "solgt",
    "solgte",
    "selges",
    "lånt",
    "lånte",
    "lånes",
    "ut",
    "leid",
    "leide",
    "signert",
    "signerte",
    "klar",
    "vekk",
    "bort",
];

/// Words before a place name that make it the place, not the team named after it.
pub(crate) const LOCATIVES: &[&str] = &[
    "i", "på", "fra", "frå", "til", "ved", "byen", "utenfor", "rundt", "gjennom", "hele", "heile",
];

/// The words before `mot` or `over` that make the name after it the other side of a match
/// (`kampen mot Ski`, `borte mot Byåsen`, `seier over Stord`, `tapet mot Stordal`), for the
/// name discovery, which takes an unknown name there for a club. A score between them is
/// skipped (`vant 3-1 over Ski`). Whole lower-case words, Bokmål and Nynorsk.
pub(crate) const OPPONENT_WORDS: &[&str] = &[
    "kamp", "kampen", "kampane", "kampene", "borte", "hjemme", "heime", "seier", "seieren",
    "siger", "sigeren", "tap", "tapet", "uavgjort", "vant", "vann", "tapte", "tapa",
];

/// The prepositions between an [`OPPONENT_WORDS`] word and the other side (`kampen mot Ski`,
/// `seier over Stord`).
pub(crate) const OPPONENT_PREPOSITIONS: &[&str] = &["mot", "over"];

/// The nouns of an event after a player's genitive (`Kvisviks utvisning`, `Moes scoring`,
/// `Hansens redning`), for the name discovery, which takes the unknown name for a player's.
/// Whole lower-case words, indefinite and definite.
pub(crate) const EVENT_NOUNS: &[&str] = &[
    "scoring",
    "scoringen",
    "scoringa",
    "utvisning",
    "utvisningen",
    "utvisinga",
    "redning",
    "redningen",
    "redninga",
    "pasning",
    "pasningen",
    "pasninga",
    "innlegg",
    "innlegget",
    "frispark",
    "frisparket",
    "skudd",
    "skuddet",
    "heading",
    "headingen",
    "avslutning",
    "avslutningen",
    "takling",
    "taklingen",
    "hattrick",
];
