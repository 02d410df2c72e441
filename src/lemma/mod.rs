//! Lemmas of Norwegian words, Bokmål and Nynorsk: `scoret`, `scora` -> `score`, `keeperen` ->
//! `keeper`, `hjørnesparket` -> `hjørnespark`.
//!
//! A word is looked up in a full-form table built from the gold lemmas of the Norwegian Dependency
//! Treebank (`data/lemmas.tsv`, embedded; `data/build_lemmas.py` builds it). A word the table has
//! not seen takes, in this order: the lemma of a suffix rule (`suffix.rs`) when the table knows
//! that lemma (`produktene` -> `produkt`); the lemma of the last part of a compound whose last part
//! it knows (`hjørne` + `sparket`); the lemma of the first suffix rule that fits. Lemmas are lower
//! case; a verb's lemma is its infinitive without `å`, a noun's its indefinite singular, an
//! adjective's its indefinite singular positive.
//! Where Bokmål and Nynorsk write a form alike, it takes its Bokmål lemma (`er` -> `være`).
//!
//! ```
//! use kampfakta::lemma::{Lemmatizer, Pos};
//!
//! let lemmatizer = Lemmatizer::new()?;
//! assert_eq!(lemmatizer.lemma("Scoret"), "score");
//! assert_eq!(lemmatizer.lemma_as("sparket", Pos::Noun), "spark");
//! # Ok::<(), kampfakta::Error>(())
//! ```

mod suffix;
mod table;

use crate::error::Result;
use std::borrow::Cow;
use table::Table;

/// The shipped table, `form<TAB>lemma<TAB>pos`.
pub(crate) const EMBEDDED_TABLE: &str = include_str!("../../data/lemmas.tsv");

/// The name of the shipped table in error messages.
const EMBEDDED_NAME: &str = "data/lemmas.tsv (embedded)";

/// Letters the known last part of a compound must have: shorter words (`lag`, `ser`) end too many
/// unrelated words to be taken for their last part.
const MIN_COMPOUND_TAIL_CHARS: usize = 4;

/// Letters the first part of a compound must have: one letter is not a word to compound with, and
/// would make `s` + `tikker` of a plain word.
const MIN_COMPOUND_HEAD_CHARS: usize = 2;

/// The forms that do not start with their lemma's letter: (lemma, form).
const SUPPLETIVE_FORMS: &[(&str, &str)] = &[("være", "er"), ("vere", "er")];

/// A part of speech the lemmatizer tells apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Pos {
    /// A common noun (`subst` in NDT, `NOUN` in UD).
    Noun,
    /// A verb (`verb` in NDT; `VERB` and `AUX` in UD).
    Verb,
    /// An adjective (`adj` in NDT, `ADJ` in UD).
    Adjective,
}

impl Pos {
    /// The part of speech named in the table's third column: `noun`, `verb` or `adj`.
    pub fn from_name(name: &str) -> Option<Pos> {
        match name {
            "noun" => Some(Pos::Noun),
            "verb" => Some(Pos::Verb),
            "adj" => Some(Pos::Adjective),
            _ => None,
        }
    }
}

/// Where a lemma came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Origin {
    /// The word is in the table, as a form or as a lemma.
    Table,
    /// The word is a compound whose last part is in the table.
    Compound,
    /// A suffix rule, or no rule (the word is its own lemma).
    Rules,
}

/// A lemma and where it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lemma<'w> {
    /// The lemma, lower case.
    pub text: Cow<'w, str>,
    /// How it was found.
    pub origin: Origin,
}

/// Lemmatizes Norwegian words with the table and its rules; build it once and share it.
#[derive(Debug, Clone)]
pub struct Lemmatizer {
    table: Table,
}

impl Lemmatizer {
    /// The lemmatizer with the shipped table.
    pub fn new() -> Result<Lemmatizer> {
        Lemmatizer::from_table(EMBEDDED_NAME, EMBEDDED_TABLE)
    }

    /// A lemmatizer with another table in the same format (`file` names it in error messages).
    pub fn from_table(file: &str, source: &str) -> Result<Lemmatizer> {
        Ok(Lemmatizer {
            table: Table::parse(file, source)?,
        })
    }

    /// The number of rows in the table.
    pub fn table_rows(&self) -> usize {
        self.table.len()
    }

    /// The lemma of a word whose part of speech is not known.
    pub fn lemma<'w>(&self, word: &'w str) -> Cow<'w, str> {
        self.analyze(word, None).text
    }

    /// The lemma of a word read as `pos` (`sparket` is `spark` as a noun, `sparke` as a verb).
    pub fn lemma_as<'w>(&self, word: &'w str, pos: Pos) -> Cow<'w, str> {
        self.analyze(word, Some(pos)).text
    }

    /// The lemma of a word, of `pos` when given, and where it came from.
    pub fn analyze<'w>(&self, word: &'w str, pos: Option<Pos>) -> Lemma<'w> {
        let lower: Cow<str> = if word.chars().any(char::is_uppercase) {
            Cow::Owned(word.to_lowercase())
        } else {
            Cow::Borrowed(word)
        };
        let (text, origin) = if let Some(lemma) = self.table.get(&lower, pos) {
            (lemma.to_string(), Origin::Table)
        } else if let Some(lemma) = suffix::known_lemma(&lower, pos, |lemma, pos| {
            self.table.is_lemma(lemma, Some(pos))
        }) {
            (lemma, Origin::Rules)
        } else if let Some(lemma) = self.compound(&lower, pos) {
            (lemma, Origin::Compound)
        } else {
            let lemma = suffix::guessed_lemma(&lower, pos);
            (lemma.unwrap_or_else(|| lower.to_string()), Origin::Rules)
        };
        let text = if text == word {
            Cow::Borrowed(word)
        } else {
            Cow::Owned(text)
        };
        Lemma { text, origin }
    }

    /// Every form of `lemma` (lower case): the lemma itself, the table's forms of it (those with
    /// its first letter), and its regular inflections (`suffix.rs`) for each part of speech the
    /// table gives it (a noun and a verb when the table does not know it; a verb's adjective
    /// readings are its participles), except those the table has as forms of other lemmas only
    /// (`måler` is not a form of `mål`). Sorted, each once. This is what a `<lemma>` cue
    /// matches: the work is done once, when the lexicon is read, so matching a sentence costs no
    /// lemmatization. Regular endings a word does not take (`settt`) are harmless: no text has
    /// them.
    pub fn forms(&self, lemma: &str) -> Vec<String> {
        let lemma = lemma.to_lowercase();
        // Inflection keeps a Norwegian word's first letter (gå, gikk; sette, satte), but for
        // `er`; a table row that does not is an annotation slip (`på` read as a form of `få`).
        let first = lemma.chars().next();
        let mut forms: Vec<String> = self
            .table
            .forms_of(&lemma)
            .filter(|form| {
                form.chars().next() == first || SUPPLETIVE_FORMS.contains(&(lemma.as_str(), form))
            })
            .map(str::to_string)
            .collect();
        let is = |pos| self.table.is_lemma(&lemma, Some(pos));
        // A verb's adjective readings are its participles (`satt`), not a paradigm of their own.
        let known: Vec<Pos> = [Pos::Noun, Pos::Verb, Pos::Adjective]
            .into_iter()
            .filter(|&pos| is(pos) && !(pos == Pos::Adjective && is(Pos::Verb)))
            .collect();
        let parts = if known.is_empty() {
            vec![Pos::Noun, Pos::Verb]
        } else {
            known
        };
        for pos in parts {
            for form in suffix::regular_forms(&lemma, pos) {
                let other_word = self
                    .table
                    .readings(&form)
                    .is_some_and(|mut lemmas| lemmas.all(|l| l != lemma));
                if !other_word {
                    forms.push(form);
                }
            }
        }
        forms.push(lemma);
        forms.sort_unstable();
        forms.dedup();
        forms
    }

    /// The lemma of a compound whose last part the table knows: the first part kept, the last
    /// lemmatized (`hjørnesparket` -> `hjørne` + `spark`). The longest known last part wins.
    /// Without a part of speech, the last part is read as a noun where it can be, since nearly
    /// all closed compounds are nouns.
    fn compound(&self, word: &str, pos: Option<Pos>) -> Option<String> {
        let last_part = |tail| match pos {
            Some(pos) => self.table.get_as(tail, pos),
            None => self
                .table
                .get_as(tail, Pos::Noun)
                .or_else(|| self.table.get(tail, None)),
        };
        let starts = word.char_indices().map(|(i, _)| i);
        for (head_chars, start) in starts.enumerate() {
            let tail = &word[start..];
            if tail.chars().count() < MIN_COMPOUND_TAIL_CHARS {
                break;
            }
            if head_chars < MIN_COMPOUND_HEAD_CHARS {
                continue;
            }
            if let Some(lemma) = last_part(tail) {
                return Some(format!("{}{lemma}", &word[..start]));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::Origin::{Compound, Rules, Table};
    use super::*;

    fn lemmatizer() -> &'static Lemmatizer {
        static LEMMATIZER: std::sync::LazyLock<Lemmatizer> =
            std::sync::LazyLock::new(|| Lemmatizer::new().unwrap());
        &LEMMATIZER
    }

    /// `(name, word, part of speech or "", lemma, origin)`.
    const FOOTBALL_WORDS: &[(&str, &str, &str, &str, Origin)] = &[
        ("weak past", "scoret", "", "score", Table),
        ("a-past", "scora", "", "score", Table),
        ("neuter definite", "målet", "", "mål", Table),
        ("masculine definite", "keeperen", "", "keeper", Table),
        ("a lemma is its own", "keeper", "", "keeper", Table),
        ("capitalised", "Keeperen", "", "keeper", Table),
        ("strong past", "felte", "", "felle", Table),
        ("compound", "straffesparket", "", "straffespark", Table),
        (
            "compound, noun tail",
            "hjørnesparket",
            "",
            "hjørnespark",
            Compound,
        ),
        (
            "compound as noun",
            "hjørnesparket",
            "noun",
            "hjørnespark",
            Compound,
        ),
        ("particle verb", "utlignet", "verb", "utligne", Compound),
        (
            "hyphen compound",
            "lsk-keeperen",
            "",
            "lsk-keeper",
            Compound,
        ),
        ("unseen weak past", "chippet", "", "chippe", Rules),
        ("unseen nynorsk past", "chippa", "verb", "chippe", Rules),
        (
            "compound, no ending",
            "nyskapning",
            "",
            "nyskapning",
            Compound,
        ),
    ];

    #[test]
    fn football_words() {
        let mut wrong = Vec::new();
        for &(name, word, pos, lemma, origin) in FOOTBALL_WORDS {
            let found = lemmatizer().analyze(word, Pos::from_name(pos));
            if (found.text.as_ref(), found.origin) != (lemma, origin) {
                wrong.push(format!(
                    "{name}: {word} -> {} {:?}",
                    found.text, found.origin
                ));
            }
        }
        assert!(wrong.is_empty(), "{wrong:#?}");
    }

    #[test]
    fn forms_of_a_lemma() {
        for (name, lemma, some, not) in [
            (
                "a verb of the table",
                "score",
                &["score", "scorer", "scoret", "scora", "scorte"][..],
                &["scoring", "scoreen"][..],
            ),
            (
                "a noun",
                "mål",
                &["mål", "målet", "målene", "måla"][..],
                &["måler", "scoreen"][..],
            ),
            (
                "a verb the table lacks",
                "chippe",
                &["chippe", "chipper", "chippet", "chippa"][..],
                &[][..],
            ),
            (
                "a strong verb",
                "sette",
                &["satte", "setter", "satt"][..],
                &[][..],
            ),
        ] {
            let forms = lemmatizer().forms(lemma);
            for form in some {
                assert!(
                    forms.iter().any(|f| f == form),
                    "{name}: {form} in {forms:?}"
                );
            }
            for form in not {
                assert!(
                    !forms.iter().any(|f| f == form),
                    "{name}: {form} in {forms:?}"
                );
            }
        }
    }

    #[test]
    fn a_word_that_is_its_lemma_is_borrowed() {
        assert!(matches!(lemmatizer().lemma("mål"), Cow::Borrowed("mål")));
    }

    #[test]
    fn lemmatizer_is_send_and_sync() {
        fn shared<T: Send + Sync>() {}
        shared::<Lemmatizer>();
    }
}
