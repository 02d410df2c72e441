//! The words that tell a penalty shoot-out was played (`straffekonkurransen`, `etter straffer`):
//! after one, a goal or miss told right after a penalty is a kick of the shoot-out. Read by
//! `classify::shoot_out`.

/// The roots of the nouns of a shoot-out (`straffekonkurransen`, `straffesparkserien`); the start
/// of a folded word that also ends in one of [`DEFINITE_ENDINGS`].
pub(crate) const SHOOT_OUT_ROOTS: &[&str] = &[
    "straffekonk",
    "straffesparkkonk",
    "straffesparkserie",
    "straffeserie",
];

/// The endings of a definite noun, Bokmål `-en` and Nynorsk or feminine `-a`: `straffekonkurransen`
/// is the one played, while `det lukter straffekonk` and `Straffesparkkonkurranse er den verste
/// måte å tape` are not. The end of a word.
pub(crate) const DEFINITE_ENDINGS: &[&str] = &["en", "a"];

/// The plural `straffer` of a shoot-out, after one of [`SHOOT_OUT_PREPOSITIONS`] (`avgjort på
/// straffer`, `vant på straffene`); whole folded words.
pub(crate) const SHOOT_OUT_PENALTIES: &[&str] = &["straffer", "straffene"];

/// The prepositions that make [`SHOOT_OUT_PENALTIES`] a shoot-out: `etter straffer`, `på
/// straffene`, `gikk til straffer`; whole folded words, right before.
pub(crate) const SHOOT_OUT_PREPOSITIONS: &[&str] = &["etter", "på", "til"];
