//! Suffix rules for forms the table has not seen: the regular inflection of Norwegian nouns, verbs
//! and adjectives in Bokmål and Nynorsk, each rule with an example.

use super::Pos;

/// Letters that must remain before an ending for a rule to strip it: `ser` is not `s` + `er`.
const MIN_STEM_CHARS: usize = 3;

/// One ending: a form of `pos` that ends in `ending` has the lemma with `replacement` instead.
#[derive(Debug, Clone, Copy)]
pub(super) struct SuffixRule {
    /// The part of speech the rule inflects.
    pub pos: Pos,
    /// What the inflected form ends in.
    pub ending: &'static str,
    /// What the lemma ends in instead.
    pub replacement: &'static str,
    /// Whether the rule is only taken when the table knows the lemma it gives: an ending that
    /// belongs to a minority of words (`massen` is `masse`, most `-en` nouns lose the `-en`).
    pub if_known: bool,
    /// A form and its lemma that the rule gives (checked by a test).
    #[cfg_attr(not(test), allow(dead_code))]
    pub example: (&'static str, &'static str),
}

/// A rule taken whenever it fits.
const fn rule(
    pos: Pos,
    ending: &'static str,
    replacement: &'static str,
    example: (&'static str, &'static str),
) -> SuffixRule {
    SuffixRule {
        pos,
        ending,
        replacement,
        if_known: false,
        example,
    }
}

/// A rule taken only when the table knows the lemma it gives.
const fn known(
    pos: Pos,
    ending: &'static str,
    replacement: &'static str,
    example: (&'static str, &'static str),
) -> SuffixRule {
    SuffixRule {
        if_known: true,
        ..rule(pos, ending, replacement, example)
    }
}

use Pos::{Adjective as A, Noun as N, Verb as V};

/// The rules in the order they are tried. A rule whose lemma the table knows wins over one whose
/// lemma it does not; among those, the first that fits, so longer endings come before the
/// endings they contain. A rule that gives back its ending marks a base form (`-het`). Without a
/// part of speech, the noun and verb rules are tried in this order (the adjective rules would
/// strip the `-e` of every infinitive); where an ending is both, the order says which reading is
/// the more common in running text: a new `-et` word is most often a weak verb's past
/// (`chippet`), a new `-er` word a plural noun.
pub(super) const RULES: &[SuffixRule] = &[
    rule(V, "erte", "ere", ("proklamerte", "proklamere")),
    rule(N, "erne", "er", ("sykepleierne", "sykepleier")),
    rule(N, "elsene", "else", ("forbrytelsene", "forbrytelse")),
    rule(N, "elsen", "else", ("tilgivelsen", "tilgivelse")),
    rule(N, "elser", "else", ("forbrytelser", "forbrytelse")),
    rule(N, "het", "het", ("skjønnhet", "skjønnhet")),
    rule(N, "itet", "itet", ("elektrisitet", "elektrisitet")),
    rule(N, "enes", "", ("lagenes", "lag")),
    known(N, "ene", "e", ("krisepakkene", "krisepakke")),
    rule(N, "ene", "", ("stormaktene", "stormakt")),
    rule(N, "ane", "", ("bilane", "bil")),
    rule(N, "ere", "er", ("tonekunstnere", "tonekunstner")),
    rule(N, "ens", "", ("arkitekturens", "arkitektur")),
    rule(N, "ets", "", ("lagets", "lag")),
    rule(V, "ert", "ere", ("proklamert", "proklamere")),
    rule(V, "dde", "", ("trodde", "tro")),
    rule(V, "lte", "lle", ("spilte", "spille")),
    rule(V, "mte", "mme", ("glemte", "glemme")),
    rule(V, "te", "e", ("krympte", "krympe")),
    rule(V, "de", "e", ("prøvde", "prøve")),
    rule(V, "es", "e", ("stikkes", "stikke")),
    rule(V, "et", "e", ("utlignet", "utligne")),
    known(N, "et", "e", ("utseendet", "utseende")),
    rule(N, "et", "", ("søskenparet", "søskenpar")),
    known(N, "er", "e", ("kusiner", "kusine")),
    rule(N, "er", "", ("traktater", "traktat")),
    known(V, "r", "", ("vedtar", "vedta")),
    rule(V, "er", "e", ("spriker", "sprike")),
    rule(N, "ar", "", ("bilar", "bil")),
    rule(V, "ar", "e", ("kastar", "kaste")),
    known(N, "en", "e", ("jakken", "jakke")),
    rule(N, "en", "", ("profesjonen", "profesjon")),
    rule(V, "a", "e", ("scora", "score")),
    known(N, "a", "e", ("skjorta", "skjorte")),
    rule(N, "a", "", ("boka", "bok")),
    known(N, "s", "", ("avdelings", "avdeling")),
    rule(V, "år", "å", ("forstår", "forstå")),
    rule(V, "or", "o", ("bebor", "bebo")),
    rule(V, "dd", "", ("trodd", "tro")),
    rule(V, "t", "e", ("bannlyst", "bannlyse")),
    rule(V, "d", "e", ("prøvd", "prøve")),
    rule(A, "este", "", ("sterkeste", "sterk")),
    rule(A, "ere", "", ("sterkere", "sterk")),
    rule(A, "est", "", ("sterkest", "sterk")),
    rule(A, "e", "", ("sterke", "sterk")),
    rule(A, "t", "", ("sterkt", "sterk")),
];

/// The rules that fit a lower-cased form (of `pos`, or of a noun or verb when `None`), in order.
fn fitting(form: &str, pos: Option<Pos>) -> impl Iterator<Item = &'static SuffixRule> + '_ {
    RULES.iter().filter(move |rule| {
        let fits = match pos {
            Some(pos) => rule.pos == pos,
            None => rule.pos != Pos::Adjective,
        };
        fits && form
            .strip_suffix(rule.ending)
            .is_some_and(|stem| stem.chars().count() >= MIN_STEM_CHARS)
    })
}

/// The lemma a rule gives a form it fits.
fn lemma_by(rule: &SuffixRule, form: &str) -> String {
    let stem = &form[..form.len() - rule.ending.len()];
    format!("{stem}{}", rule.replacement)
}

/// The lemma of the first fitting rule whose lemma is `known` to the table (for its part of
/// speech).
pub(super) fn known_lemma(
    form: &str,
    pos: Option<Pos>,
    known: impl Fn(&str, Pos) -> bool,
) -> Option<String> {
    fitting(form, pos)
        .map(|rule| (rule, lemma_by(rule, form)))
        .find(|(rule, lemma)| known(lemma, rule.pos))
        .map(|(_, lemma)| lemma)
}

/// The lemma of the first fitting rule not restricted to known lemmas, or `None` when none fits
/// (the form is taken for its own lemma).
pub(super) fn guessed_lemma(form: &str, pos: Option<Pos>) -> Option<String> {
    let rule = fitting(form, pos).find(|rule| !rule.if_known)?;
    Some(lemma_by(rule, form))
}

/// The regular forms of a lemma read as `pos`, Bokmål and Nynorsk: `score` -> `scorer`, `scoret`,
/// `scorte`, `scora`; `mål` -> `målet`, `måla`, `målene`; `keeper` -> `keeperen`, `keepere`,
/// `keeperne`. Strong verbs (`satte`) come from the table, not from here.
pub(super) fn regular_forms(lemma: &str, pos: Pos) -> Vec<String> {
    let with = |endings: &[&str], base: &str| -> Vec<String> {
        endings.iter().map(|e| format!("{base}{e}")).collect()
    };
    let stem_e = lemma.strip_suffix('e');
    match pos {
        Pos::Verb => match stem_e {
            Some(stem) => with(
                &[
                    "er", "et", "te", "de", "a", "ar", "es", "ast", "t", "ende", "ande",
                ],
                stem,
            ),
            // `gå`, `tro`, `nå`: the table has the strong ones.
            None => with(&["r", "dde", "dd", "s", "tt"], lemma),
        },
        Pos::Noun => {
            let mut forms = match stem_e {
                Some(stem) => {
                    let mut forms = with(&["n", "r", "ne", "t", "ns", "ts"], lemma);
                    forms.extend(with(&["a", "ar", "ane"], stem));
                    forms
                }
                None => with(
                    &["en", "et", "a", "er", "ene", "ane", "ar", "s", "ens", "ets"],
                    lemma,
                ),
            };
            if lemma.ends_with("er") {
                forms.extend(with(&["e", "ne"], lemma));
            }
            forms
        }
        Pos::Adjective => with(&["e", "t", "ere", "est", "este"], lemma),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every rule gives its example, and is the rule that does (no rule shadows another): a
    /// known-lemma rule when its lemma is known, any other when nothing is.
    #[test]
    fn every_rule_gives_its_example() {
        for rule in RULES {
            let (form, lemma) = rule.example;
            let pos = Some(rule.pos);
            let found = if rule.if_known {
                known_lemma(form, pos, |candidate, _| candidate == lemma)
            } else {
                guessed_lemma(form, pos)
            };
            assert_eq!(found.as_deref(), Some(lemma), "{form}: {}", rule.ending);
        }
    }

    #[test]
    fn forms_without_a_rule() {
        for (name, form, pos) in [
            ("a base noun", "nyskapning", Some(Pos::Noun)),
            ("an infinitive", "score", Some(Pos::Verb)),
            ("too short a stem", "ser", Some(Pos::Verb)),
            ("an infinitive, no part of speech", "score", None),
        ] {
            assert_eq!(guessed_lemma(form, pos), None, "{name}");
        }
    }
}
