//! Who did an event: the words around a name that tell its role in the sentence (the subject,
//! the agent of a passive, the keeper beaten, the passer), the conjunctions that end a clause and
//! the phrases of an own goal. Read by `classify::actor`, `classify::clause` and
//! `classify::team`.

/// The words that start a new clause (with `,;:–()`): a blocking cue, an own-goal phrase or an
/// actor candidate reaches only to them (`Han var nær å score, men Hansen reddet`). Whole words,
/// any case.
pub(crate) const CLAUSE_CONJUNCTIONS: [&str; 7] =
    ["men", "og", "mens", "da", "etter", "før", "som"];

/// The personal pronouns that may be the subject of a clause and point back to a player named
/// before (`da han plasserte ballen`, Nynorsk `ho`); whole words, any case.
pub(crate) const SUBJECT_PRONOUNS: &[&str] = &["han", "hun", "ho", "hon"];

/// The conjunctions after which a verb shares the subject that opens the sentence (`Hummels
/// knuste portugiseren og stanget inn 2-0`); whole words as written.
pub(crate) const COORDINATING_CONJUNCTIONS: &[&str] = &["og", "men"];

/// The auxiliaries of a passive foul, told as suffered (`ble felt`, Nynorsk `vart felt`): its
/// subject is the player fouled, not the offender; whole words, any ASCII case.
pub(crate) const PASSIVE_AUXILIARIES: &[&str] = &["ble", "blei", "vart", "blir", "blitt"];

/// The roots of a sanction (`ble utvist`, `ble advart`, `ble booket`, `fikk kort`, `ble vist ut`,
/// `ble sendt av`): a passive that is a sanction has the offender as its subject; the start of a
/// word of the trigger, lower case.
pub(crate) const SANCTION_ROOTS: &[&str] = &["utvis", "advar", "book", "kort", "vist", "sendt"];

/// The preposition before the agent of a passive foul: `Robben ble felt av Márquez`
/// (Márquez fouled); a whole word, any ASCII case.
pub(crate) const AGENT_PREPOSITION: &str = "av";

/// The prepositions before a keeper beaten, who did not act: `i mål bak Manuel Neuer`, `forbi
/// Stranda-keeper Thomas Hove`, `over Hart`; whole words, any case.
pub(crate) const BEATEN_PREPOSITIONS: &[&str] = &["bak", "forbi", "over"];

/// `mellom bena på Gary Cahill`: the defender nutmegged did not act. The first word of the
/// phrase; a whole word, any ASCII case.
pub(crate) const NUTMEG_BETWEEN: &str = "mellom";

/// The legs in `mellom bena på`, Bokmål and Nynorsk; whole words, any case.
pub(crate) const NUTMEG_LEGS: &[&str] = &["bena", "beina", "beine"];

/// The last word of `mellom bena på`, before the player nutmegged; a whole word, any case.
pub(crate) const NUTMEG_ON: &str = "på";

/// The preposition before the player who passed: `på pasning fra Kroos` (Kroos did not score);
/// a whole word, any case, after one of [`SERVICE_ROOTS`].
pub(crate) const SERVED_FROM: &str = "fra";

/// The roots of the passes a goal comes from (`pasning`, `innlegg`, `stikker`, `hjørnespark`),
/// before `fra` and the passer; the start of a word, any case.
pub(crate) const SERVICE_ROOTS: &[&str] = &[
    "pasning",
    "innlegg",
    "stikker",
    "gjennomspill",
    "assist",
    "hjørnespark",
    "corner",
];

/// The conjunctions of a clause that tells how a goal came (`sto det 1-1, da Moe headet ballen
/// i mål`, `idet`, `når`): a name in it may be the scorer of the clause before; whole words.
pub(crate) const HOW_CONJUNCTIONS: &[&str] = &["da", "då", "idet", "når", "ved"];

/// The phrases that make a goal an own goal, counted for the other side (`et selvmål`,
/// `styrte ballen i eget mål`, Nynorsk `sjølvmål`, `i eige mål`): anywhere in the folded
/// sentence, in the goal's clause.
pub(crate) const OWN_GOAL_PHRASES: &[&str] = &[
    "selvmål",
    "sjølvmål",
    "i eget mål",
    "i eige mål",
    "i eget nett",
    "i eget kryss",
    "i egen kasse",
];
