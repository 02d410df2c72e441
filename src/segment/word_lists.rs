//! The word lists of segmentation, in one place: abbreviations that keep their full stop, those
//! that may close a sentence, the labels of fact lines and the words after a truncated compound.

/// Abbreviations that keep their full stop and do not end a sentence (lower case, without the
/// final stop; inner stops as written).
pub(super) const ABBREVIATIONS: &[&str] = &[
    "bl.a", "f.eks", "ca", "kl", "nr", "jf", "jfr", "mht", "iflg", "ifølge", "dvs", "o.l", "pga",
    "osv", "m.m", "mm", "etc", "evt", "ev", "inkl", "ekskl", "ifm", "mtp", "vs", "st", "dr",
    "prof", "tlf", "pr", "p.t", "m.a.o", "o.a", "bl.annet", "t.o.m", "f.o.m", "ang", "avd", "adm",
    "dir", "gl", "hhv", "iht", "jr", "sr", "kr", "mill", "mrd", "sek", "frk", "chr", "pst", "res",
    "tidl", "e.l", "sml", "utg", "vha", "d.v.s", "m.v", "mv", "fv", "rv", "ds", "f", "s", "m", "t",
    "km", "t.h", "t.v", "o.s.v",
];

/// Abbreviations that often close a sentence: they end it when a capitalised word follows.
pub(super) const FINAL_ABBREVIATIONS: &[&str] = &[
    "osv", "o.s.v", "m.m", "mm", "etc", "o.l", "e.l", "m.v", "mv", "o.a",
];

/// Labels of football fact lines, whose colon does not end a sentence.
pub(super) const FACT_LABELS: &[&str] = &[
    "mål",
    "scoringer",
    "målscorere",
    "gult",
    "gule",
    "rødt",
    "raudt",
    "kort",
    "advarsler",
    "utvist",
    "dommer",
    "tilskuere",
    "tilskodarar",
    "lag",
    "lagene",
    "bytter",
    "innbyttere",
    "kampfakta",
    "straffer",
];

/// What follows a truncated compound's hyphen after a space: `Kull- og stålunionen`,
/// `50- eller 60-tallet`.
pub(super) const TRUNCATED_COMPOUND_FOLLOWERS: &[&str] = &["og", "eller", "til", ",", "og/eller"];
