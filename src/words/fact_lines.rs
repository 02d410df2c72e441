//! The labels of fact lines, the lines a match report ends with (`Mål: 1-0 Johnsen (41)`, `Gult
//! kort: Nordtveit`), and the marks of a penalty in a goal's line. Segmentation keeps a fact
//! line whole at its label's colon; the match facts read the goals of the goal lines.

/// The labels of the fact lines that list the goals (`Mål: 1-0 Johnsen (41), 1-1 Hansen (55)`,
/// `Scoringer:`, `Målscorere:`): the match facts read each goal's score, scorer and minute from
/// them. A fact label ([`is_fact_label_word`]); the whole label, lower-cased.
pub(crate) const GOAL_FACT_LABELS: &[&str] = &["mål", "scoringer", "målscorere"];

/// The labels of the other fact lines: cards (`Gult kort:`, Nynorsk `Raudt kort:`), sendings
/// off, the referee, the attendance, the teams and substitutes, penalties. The first word of a
/// label, lower-cased.
pub(crate) const OTHER_FACT_LABELS: &[&str] = &[
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

/// Whether a lower-case word starts a label of football fact lines, whose colon does not end a
/// sentence: one of [`GOAL_FACT_LABELS`] or [`OTHER_FACT_LABELS`].
pub(crate) fn is_fact_label_word(word: &str) -> bool {
    GOAL_FACT_LABELS.contains(&word) || OTHER_FACT_LABELS.contains(&word)
}

/// The words in a goal's part of a goal fact line that mark it a penalty: `1-0 Johnsen (41,
/// straffe)`, `(str.)`, `(pen.)`; whole tokens, lower-cased.
pub(crate) const PENALTY_MARKS: &[&str] = &["straffe", "str", "pen"];
