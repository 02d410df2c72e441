//! The words of segmentation: abbreviations that keep their full stop, those that may close a
//! sentence, and the words after a truncated compound. Read by `segment` (the labels of fact
//! lines are in [`super::fact_lines`]).

/// Abbreviations that keep their full stop and do not end a sentence: `kl. 18.00`, `bl.a.
/// Brann`, `ca. 20 000 tilskuere`, a fact line's penalty `(str. 81)` are one token with their
/// stop. Lower case, without the final stop, inner stops as written (`f.eks`); compared with a
/// whole word, lower-cased.
pub(crate) const ABBREVIATIONS: &[&str] = &[
    "bl.a", "f.eks", "ca", "kl", "nr", "jf", "jfr", "mht", "iflg", "ifølge", "dvs", "o.l", "pga",
    "osv", "m.m", "mm", "etc", "evt", "ev", "inkl", "ekskl", "ifm", "mtp", "vs", "st", "dr",
    "prof", "tlf", "pr", "p.t", "m.a.o", "o.a", "bl.annet", "t.o.m", "f.o.m", "ang", "avd", "adm",
    "dir", "gl", "hhv", "iht", "jr", "sr", "kr", "mill", "mrd", "sek", "frk", "chr", "pst", "res",
    "tidl", "e.l", "sml", "utg", "vha", "d.v.s", "m.v", "mv", "fv", "rv", "ds", "f", "s", "m", "t",
    "km", "t.h", "t.v", "o.s.v", "str",
];

/// Abbreviations that often close a sentence (`... sko, drakter osv. Neste kamp ...`): they end
/// it when a capitalised word follows. Each is also one of [`ABBREVIATIONS`] (that list keeps the
/// stop, this one says when the stop also ends the sentence); whole words, lower-cased.
pub(crate) const FINAL_ABBREVIATIONS: &[&str] = &[
    "osv", "o.s.v", "m.m", "mm", "etc", "o.l", "e.l", "m.v", "mv", "o.a",
];

/// What follows a truncated compound's hyphen after a space: `Kull- og stålunionen`,
/// `50- eller 60-tallet`; the hyphen then stays with its word. Whole tokens as written.
pub(crate) const TRUNCATED_COMPOUND_FOLLOWERS: &[&str] = &["og", "eller", "til", ",", "og/eller"];

/// The words after two numbers joined by a dash that make them a range, not a score: `fra 25-30
/// meter`, `20-25 år`, `2-3 minutter`, `60-40 prosent`; whole words, lower case.
pub(crate) const RANGE_UNITS: &[&str] = &[
    "meter",
    "m",
    "år",
    "åringer",
    "prosent",
    "%",
    "minutter",
    "minuttar",
    "min",
    "sekunder",
    "grader",
    "kilo",
    "kg",
    "km",
    "timer",
    "dager",
    "uker",
    "millioner",
    "mill",
    "kroner",
    "kr",
    "cm",
];

/// The roots of the statistics whose count is written like a score (`Målsjanser 6–11`, `Skudd:
/// 14-10`, `hjørnespark 7-3`): two numbers after one of them are a count per team, not a score.
/// The start of the word before them.
pub(crate) const STATISTIC_ROOTS: &[&str] = &[
    "målsjans",
    "sjanser",
    "skudd",
    "avslutning",
    "corner",
    "hjørnespark",
    "frispark",
    "ballbesittelse",
    "offside",
    "redning",
];

/// After a statistic, `på mål` before its count: `skudd på mål 2–1`; the end of the text before
/// the numbers, lower case.
pub(crate) const ON_TARGET: &str = " på mål";
