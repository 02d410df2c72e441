//! The words a model knows: each word form seen in training with its lemma. Looking a form up
//! is one hash lookup, so the model costs no lemmatization when it runs; a form training never
//! saw has no weight to give and is skipped.

use super::features::hash_str;
use crate::lemma::Lemmatizer;
use rustc_hash::FxHashMap;

/// Word forms (case-folded) and their lemmas.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Vocabulary {
    forms: FxHashMap<Box<str>, u32>,
    /// Each lemma once, with its hash.
    lemmas: Vec<(u64, Box<str>)>,
}

impl Vocabulary {
    /// The forms with their lemmas, in any order.
    pub fn from_pairs<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> Vocabulary {
        let mut vocabulary = Vocabulary::default();
        let mut lemma_ids: FxHashMap<&str, u32> = FxHashMap::default();
        for (form, lemma) in pairs {
            let id = *lemma_ids.entry(lemma).or_insert_with(|| {
                vocabulary.lemmas.push((hash_str(lemma), lemma.into()));
                vocabulary.lemmas.len() as u32 - 1
            });
            vocabulary.forms.insert(form.into(), id);
        }
        vocabulary
    }

    /// The lemmas of the given forms by the lemmatizer.
    pub fn lemmatized<'a>(
        lemmatizer: &Lemmatizer,
        forms: impl IntoIterator<Item = &'a str>,
    ) -> Vocabulary {
        let pairs: Vec<(&str, String)> = forms
            .into_iter()
            .map(|form| (form, lemmatizer.lemma(form).into_owned()))
            .collect();
        Vocabulary::from_pairs(pairs.iter().map(|(f, l)| (*f, l.as_str())))
    }

    /// The lemma of a case-folded form, as its hash and its text.
    pub fn lemma(&self, form: &str) -> Option<(u64, &str)> {
        self.forms.get(form).map(|&id| {
            let (hash, lemma) = &self.lemmas[id as usize];
            (*hash, &**lemma)
        })
    }

    /// Every (form, lemma), sorted by form: what the model file lists.
    pub fn pairs(&self) -> Vec<(&str, &str)> {
        let mut pairs: Vec<(&str, &str)> = self
            .forms
            .iter()
            .map(|(form, &id)| (&**form, &*self.lemmas[id as usize].1))
            .collect();
        pairs.sort_unstable();
        pairs
    }

    /// The same vocabulary with only the forms whose lemma passes `keep`.
    pub fn retain(&self, keep: impl Fn(&str) -> bool) -> Vocabulary {
        Vocabulary::from_pairs(self.pairs().into_iter().filter(|(_, lemma)| keep(lemma)))
    }

    /// The number of forms.
    pub fn len(&self) -> usize {
        self.forms.len()
    }

    /// Whether it knows no form.
    pub fn is_empty(&self) -> bool {
        self.forms.is_empty()
    }
}
