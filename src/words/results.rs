//! The words that tell a result rather than a goal (`vant 3-1`, `endte 2-2`, `1-0 ved pause`): a
//! sentence with one states a score as a standing, not as a goal scored at its moment. Read by
//! `classify::score_state`.

/// The phrases of a told result, each a run of whole folded words, inflected forms spelt out
/// (past, present and participle, Bokmål and Nynorsk; not `enda`, which is also `even`): a
/// win, a loss or a draw (`vant 3-1`, `vinner 2-1`, `slo Kypros 4-0`, `knuste Iran`, `tapte 0-2`, `1-1 og
/// poengdeling`), an end (`endte 2-2`, `sluttresultatet`, `et greit resultat`), a standing
/// (`stillingen var 1-1`, `pausestillinga`), the half-time score (`1-0 ved pause`, `ledet 2-0 til
/// pause`, `i pausen`, `etter første omgang`) or an aggregate (`3-2 sammenlagt`). Ordered within
/// a phrase.
pub(crate) const RESULT_PHRASES: &[&[&str]] = &[
    &["vant"],
    &["vinner"],
    &["vinn"],
    &["vunnet"],
    &["vunne"],
    &["slo"],
    &["slår"],
    &["knuste"],
    &["tapte"],
    &["taper"],
    &["tapar"],
    &["tapt"],
    &["tapa"],
    &["uavgjort"],
    &["poengdeling"],
    &["endte"],
    &["endet"],
    &["ender"],
    &["endar"],
    &["resultat"],
    &["resultatet"],
    &["sluttresultat"],
    &["sluttresultatet"],
    &["stilling"],
    &["stillingen"],
    &["stillinga"],
    &["pausestilling"],
    &["pausestillingen"],
    &["pausestillinga"],
    &["ved", "pause"],
    &["til", "pause"],
    &["i", "pausen"],
    &["i", "pausa"],
    &["etter", "første", "omgang"],
    &["etter", "første", "omgangen"],
    &["etter", "første", "omgongen"],
    &["sammenlagt"],
    &["samanlagt"],
];

/// The prepositions that make the score right before them the result of a match against a team
/// (`0-2 mot Chile`, `2-1 imot Bodø/Glimt`), not a goal told at its moment; whole folded words.
pub(crate) const AGAINST: &[&str] = &["mot", "imot"];

/// The words of where a match was played that may stand between a result and [`AGAINST`]
/// (`1-1 borte mot Kasakhstan`, `2-0 hjemme mot Molde`); whole folded words.
pub(crate) const VENUES: &[&str] = &["borte", "hjemme", "heime", "ute"];

/// The conjunctions of a clause that sets the background of another (`mens de ledet 1-0`, `mens
/// det sto 1-1`): a score after one in its clause is a standing, not a goal; whole folded words.
pub(crate) const BACKGROUND_CONJUNCTIONS: &[&str] = &["mens", "medan"];

/// The phrases that put a goal in an earlier match (`Forrige gang lagene møttes, scoret Moe to
/// ganger`, `i fjor`, Nynorsk `i fjor`, `sist gong`): the goal is not one of the match reported,
/// and `goals.csv` leaves it out. Compared anywhere in the folded sentence, so each starts and
/// ends at a word's edge.
pub(crate) const EARLIER_MATCH_PHRASES: &[&str] = &[
    "forrige gang",
    "førre gong",
    "sist gang",
    "sist gong",
    "sist lagene møttes",
    "sist laga møttest",
    "i fjor",
    "forrige sesong",
    "førre sesong",
    "den gangen",
    "den gongen",
    "i forrige møte",
    "i det forrige møtet",
    "i det første møtet",
    "i første kamp",
    "i den første kampen",
];
