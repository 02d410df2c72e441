//! Minute words: the number words a minute is counted in, the nouns that make a number a minute,
//! added and extra time, the landmarks and periods of a match a minute is counted from or into,
//! the words that make a minute relative to the one before (`tre minutter senere`) and those that
//! make it a guess (`drøye 20 minutter`). Read by
//! `classify::minute` (and the cue lexicon's `#num`).

/// Writes the number-word table twice from one list: as `NUMBER_WORDS` for the tests, and as
/// [`number_word_value`], a `match` that compiles to a few integer comparisons (the lexicon looks
/// up most short words of every sentence; a hash or a search cost two to three times more).
macro_rules! number_words {
    ($(($word:literal, $value:literal)),* $(,)?) => {
        /// Number words and their values, Bokmål and Nynorsk: `tre minutter senere`, `ein` (Nynorsk
        /// `one`), `tjue`/`tyve`. A minute is counted in them, and a cue's `#num` matches them; whole
        /// words. No word longer than the lexicon's `LONGEST_NUMBER_WORD` (7 bytes) may be added without
        /// raising it.
        #[cfg(test)]
        pub(crate) const NUMBER_WORDS: &[(&str, u16)] = &[$(($word, $value)),*];

        /// The value of a number word (`tre`: 3).
        pub(crate) fn number_word_value(word: &str) -> Option<u16> {
            match word {
                $($word => Some($value),)*
                _ => None,
            }
        }
    };
}

number_words![
    ("ett", 1),
    ("et", 1),
    ("ei", 1),
    ("en", 1),
    ("eitt", 1),
    ("ein", 1),
    ("to", 2),
    ("tre", 3),
    ("fire", 4),
    ("fem", 5),
    ("seks", 6),
    ("sju", 7),
    ("syv", 7),
    ("åtte", 8),
    ("ni", 9),
    ("ti", 10),
    ("elleve", 11),
    ("tolv", 12),
    ("tretten", 13),
    ("fjorten", 14),
    ("femten", 15),
    ("seksten", 16),
    ("sytten", 17),
    ("atten", 18),
    ("nitten", 19),
    ("tjue", 20),
    ("tyve", 20),
    ("tretti", 30),
    ("tredve", 30),
];

/// The nouns that make the number before them a minute (`i det 56. minutt`, `etter 65
/// minutter`, Nynorsk `etter 80 minuttar`, `56. min.`, `i det 80. spilleminutt`); whole words.
pub(crate) const MINUTE_NOUNS: &[&str] = &[
    "minutt",
    "minutter",
    "minuttet",
    "minuttar",
    "minutta",
    "min",
    "min.",
    "spilleminutt",
    "spilleminuttet",
];

/// The genitives of the minute nouns: `etter elleve minutters spill` is the 11th minute when one
/// of [`PLAY_NOUNS`] follows, and `etter tre minutters VAR-sjekk` is no minute; whole words.
pub(crate) const GENITIVE_MINUTE_NOUNS: &[&str] = &["minutters", "minuttars", "minutts"];

/// The nouns of play after a genitive minute noun (`etter elleve minutters spill`, Nynorsk
/// `spel`); whole words.
pub(crate) const PLAY_NOUNS: &[&str] = &["spill", "spel", "spilletid", "speletid"];

/// The words before a count of minutes that make it a guess: `drøye 20 minutter igjen`,
/// `knappe ti minutter før pause`, `etter vel en time`; a minute counted so is no stated minute
/// (empty, never a guess); whole words.
pub(crate) const APPROXIMATE_WORDS: &[&str] = &[
    "drøye", "drøyt", "knappe", "knapt", "vel", "snaue", "snautt", "cirka", "ca.", "rundt",
    "omtrent", "nesten", "bortimot", "omkring",
];

/// The tens a minute may be counted in, alone or joined with a unit (`førti`, `tjuefem`,
/// `trettiein`: 40, 25, 31). Read by the minute's count only, not by the lexicon's `#num`, whose
/// words are no longer than 7 bytes; whole words, or the start of a joined number.
pub(crate) const TENS_WORDS: &[(&str, u16)] = &[
    ("tjue", 20),
    ("tyve", 20),
    ("tretti", 30),
    ("tredve", 30),
    ("førti", 40),
    ("firti", 40),
    ("femti", 50),
    ("seksti", 60),
    ("sytti", 70),
    ("åtti", 80),
    ("nitti", 90),
];

/// The ordinal words that, before a minute noun, number the minute: `i det tredje minutt`,
/// `i kampens første minutt`, Nynorsk `i det fjerde minuttet`; whole words.
pub(crate) const ORDINAL_WORDS: &[(&str, u16)] = &[
    ("første", 1),
    ("fyrste", 1),
    ("andre", 2),
    ("tredje", 3),
    ("fjerde", 4),
    ("femte", 5),
    ("sjette", 6),
    ("sjuende", 7),
    ("syvende", 7),
    ("sjuande", 7),
    ("åttende", 8),
    ("åttande", 8),
    ("niende", 9),
    ("niande", 9),
    ("tiende", 10),
    ("tiande", 10),
    ("ellevte", 11),
    ("tolvte", 12),
];

/// The words right before an ordinal word that make it the match's minute: `i det tredje
/// minutt`, `i kampens første minutt`; not `fra første minutt` (the whole match); whole words.
pub(crate) const ORDINAL_MINUTE_OPENERS: &[&str] = &["det", "kampens"];

/// The words before `det` or `kampens` that make the ordinal minute a span from it, not a
/// moment: `fra det første minuttet` (the whole match), Nynorsk `frå`; whole words.
pub(crate) const FROM_WORDS: &[&str] = &["fra", "frå"];

/// `det tok n minutter før`: the verb of a count of the minutes until something happened (from
/// kick-off, or from the minute stated before: "Det tok bare to minutter før HamKam var i front
/// igjen"); only impersonal (`det tok`, `tok det`), since "Innbytteren tok fem minutter på å
/// score" counts from his coming on; whole words.
pub(crate) const TOOK_WORDS: &[&str] = &["tok", "tog"];

/// The impersonal subject next to one of [`TOOK_WORDS`]: `det tok`, `tok det`; a whole word.
pub(crate) const IMPERSONAL_SUBJECT: &str = "det";

/// The words that may stand between `det tok` and its count: `det tok bare ni minutter`,
/// Nynorsk `berre`; whole words.
pub(crate) const ONLY_WORDS: &[&str] = &["bare", "berre", "kun"];

/// The words after `n minutter` that count back from the end of the match or the half: `med fem
/// minutter igjen` (85), Nynorsk `med fem minutt att`, `fem minutter igjen til pause` (40);
/// whole words.
pub(crate) const REMAINING_WORDS: &[&str] = &["igjen", "att"];

/// The verbs right before `n minutter` that count back from the end: `da det gjenstod fem
/// minutter` (85); whole words.
pub(crate) const REMAINING_VERBS: &[&str] = &["gjenstod", "gjensto", "gjenstår"];

/// The words after `n minutter` that count into a period named next: `ti minutter inn i andre
/// omgang` (55), `fem minutter ut i ekstraomgangene` (95); whole words.
pub(crate) const INTO_PERIOD: &[&str] = &["inn", "ut"];

/// The prepositions before a period a minute is counted into: `ti minutter inn i andre omgang`,
/// `etter ti minutter av andre omgang` (55); whole words.
pub(crate) const PERIOD_PREPOSITIONS: &[&str] = &["i", "av"];

/// The root of the noun of a half: `andre omgang`, `omgangen`; the start of a word.
pub(crate) const HALF_ROOT: &str = "omgang";

/// The match as a period counted from kick-off: `ti minutter ut i kampen` (10); whole words.
pub(crate) const WHOLE_MATCH: &[&str] = &["kampen", "matchen", "oppgjøret"];

/// `minuttet senere`: the word that, before one of [`LATER_WORDS`], is the minute after the one
/// stated before; a whole word.
pub(crate) const THE_MINUTE: &str = "minuttet";

/// The words before `n minutter` that count the minutes from kick-off: `etter 65 minutter` is the
/// 65th minute, not 65 minutes after the last one (`ette` is a common slip); whole words.
pub(crate) const FROM_KICK_OFF: &[&str] = &["etter", "ette"];

/// The words after `n minutter` that count from the minute stated before: `tre minutter
/// senere`, Nynorsk `seinare`, `to minutter etter`; whole words.
pub(crate) const LATER_WORDS: &[&str] = &["senere", "seinere", "seinare", "etter", "etterpå"];

/// Phrases of added time, word by word in order: `han scoret på overtid` is `90+` (or the end of
/// extra time in extra time). Each word is compared whole.
pub(crate) const STOPPAGE_PHRASES: &[&[&str]] = &[
    &["på", "overtid"],
    &["på", "overtiden"],
    &["i", "overtiden"],
    &["på", "overtida"],
    &["i", "overtida"],
    &["på", "tilleggstid"],
    &["i", "tilleggstiden"],
    &["i", "tilleggstida"],
    &["siste", "sekunder"],
    &["siste", "sekundene"],
    &["overtidsmål"],
];

/// Every way of stating a minute contains one of these (`minutt`, `90+2`, `(41)`,
/// `ekstraomgangene`, `forlengningen`); most sentences have none, and a substring search is
/// cheap, so a sentence without any of them is not tried for a minute. Compared anywhere in the sentence, so a root
/// does; a new way of stating a minute needs its hint here. The last two are also
/// [`EXTRA_TIME_ROOTS`]: that list is compared at a word's start and this one anywhere, and a
/// hint may be shorter than the words a rule reads (`min` for `minutt`).
pub(crate) const MINUTE_HINTS: [&str; 10] = [
    "minutt",
    "min",
    "kvarter",
    "overtid",
    "tilleggstid",
    "sekund",
    "+",
    "(",
    "ekstraomg",
    "forleng",
];

/// The roots of the nouns of added time: `fire minutter på overtid`, `med to minutter spilt av
/// tilleggstida` count the minutes into added time (90+4, 90+2); the start of a word.
pub(crate) const ADDED_TIME_ROOTS: &[&str] = &["overtid", "tilleggstid"];

/// How many words after `n minutter` an added-time noun may stand and still count its minutes
/// (`to minutter ut i overtiden`, `fire minutter spilt av overtiden`).
pub(crate) const ADDED_TIME_REACH: usize = 3;

/// A quarter of an hour counted from a landmark: `kvarteret før slutt` (75); whole words.
pub(crate) const QUARTER_WORDS: &[&str] = &["kvarteret", "kvarter"];

/// The roots of the nouns of extra time (`ekstraomgangene`, `ekstraomgang`, `forlengningen`):
/// `i ekstraomgangene` places an event in minutes 91-120; the start of a word.
pub(crate) const EXTRA_TIME_ROOTS: &[&str] = &["ekstraomg", "forleng"];

/// The preposition that places an event in extra time when it stands a few words before its noun
/// (`i ekstraomgangene`, `i den første ekstraomgangen`), unlike `etter ekstraomganger` (a result)
/// or `før ekstraomgangene`; a whole word.
pub(crate) const EXTRA_TIME_PREPOSITION: &str = "i";

/// The ordinals before an extra-time noun that mean its first period (`i den første
/// ekstraomgangen`: 91-105), Nynorsk `fyrste`; whole words.
pub(crate) const FIRST_PERIOD: &[&str] = &["første", "fyrste", "1."];

/// The ordinals before an extra-time noun that mean its second period (`i andre ekstraomgang`:
/// 106-120); whole words.
pub(crate) const SECOND_PERIOD: &[&str] = &["andre", "2."];

/// The landmarks of half time a minute is counted from: `tre minutter etter pause` (48),
/// Nynorsk `kvilen`, `sidebytet`; whole words.
pub(crate) const HALF_TIME_LANDMARKS: &[&str] = &[
    "pause",
    "pausen",
    "hvilen",
    "kvilen",
    "halvtid",
    "sidebyttet",
    "sidebytet",
];

/// The landmarks of the end of a match a minute is counted back from: `to minutter før slutt`,
/// `før full tid`, `før ordinær tid` (88); whole words.
pub(crate) const FULL_TIME_LANDMARKS: &[&str] = &[
    "slutt",
    "slutten",
    "full",
    "fulltid",
    "ordinær",
    "ordinaer",
    "tiden",
    "kampslutt",
];

/// The words between `n minutter` and a landmark of half time that count forward from it: `tre
/// minutter etter pause` (48); whole words.
pub(crate) const AFTER_LANDMARK: &[&str] = &["etter", "ut"];

/// The words between `n minutter` and a landmark that count back from it: `ti minutter før
/// pause` (35), `to minutter før slutt` (88); whole words.
pub(crate) const BEFORE_LANDMARK: &[&str] = &["før"];

/// The months, for a dateline's year (`22. januar 2012`): a year after a month is the report's.
pub(crate) const MONTHS: &[&str] = &[
    "januar",
    "februar",
    "mars",
    "april",
    "mai",
    "juni",
    "juli",
    "august",
    "september",
    "oktober",
    "november",
    "desember",
];
