//! Name discovery (`gazetteer suggest`) against the gold PER and ORG names of NorNE files: how
//! many of the names the gazetteers in use miss it proposes, and how many of its first
//! suggestions are names.

use super::conll::ConllDocument;
use super::{genitive_stem, ratio};
use crate::error::Result;
use crate::gazetteer::{EntityKind, Gazetteer};
use crate::ingest::Document;
use crate::pipeline::Pipeline;
use crate::suggest::{document_names, ends_with_words, knows, Suggester, Suggestion};
use std::collections::BTreeMap;

/// How many times a missed gold name must occur in the files to be counted: a name written
/// once gives too little to go on, and a gazetteer gains little from it.
pub const MISSED_OCCURRENCES: usize = 2;

/// A gold name the gazetteers in use do not know.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MissedName {
    /// As the gold spans write it.
    pub name: String,
    /// `PER` or `ORG`.
    pub kind: &'static str,
    /// How many gold spans write it, in all files.
    pub occurrences: usize,
    /// Whether a suggestion of a fitting kind (a player or official for PER, a club for ORG)
    /// names the same (see `same_person`: `Fashanu`, `Justin` and `Fashanus` are `Justin
    /// Fashanu`).
    pub proposed: bool,
}

/// One of the first suggestions, and whether it is a gold name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RankedSuggestion {
    /// The suggestion.
    pub suggestion: Suggestion,
    /// Whether it is a gold PER or ORG name of the files, or their last word(s).
    pub real: bool,
}

/// What [`evaluate_suggestions`] found.
#[derive(Debug, Clone, Default)]
pub struct SuggestionScores {
    /// The gold names the gazetteers miss that occur [`MISSED_OCCURRENCES`] times or more, most
    /// frequent first.
    pub missed: Vec<MissedName>,
    /// The first suggestions, in rank order.
    pub top: Vec<RankedSuggestion>,
    /// Every suggestion made.
    pub suggestions: usize,
}

impl SuggestionScores {
    /// The share of [`SuggestionScores::missed`] proposed.
    pub fn recall(&self) -> f64 {
        ratio(
            self.missed.iter().filter(|m| m.proposed).count(),
            self.missed.len(),
        )
    }

    /// The share of [`SuggestionScores::top`] that are gold names.
    pub fn precision(&self) -> f64 {
        ratio(self.top.iter().filter(|t| t.real).count(), self.top.len())
    }
}

/// Whether a gold name and a suggested one name the same: one is the other's last words
/// (`Fashanu`, `Justin Fashanu`), or the gold name is its first words (`Justin`), the gold name
/// read without a genitive `s` too (`Fashanus`).
fn same_person(gold: &str, suggested: &str) -> bool {
    let first_words = |name: &str, head: &str| {
        name.strip_prefix(head)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with(' '))
    };
    let bare = gold.strip_suffix('s').filter(|b| !b.is_empty());
    std::iter::once(gold).chain(bare).any(|gold| {
        ends_with_words(gold, suggested)
            || ends_with_words(suggested, gold)
            || first_words(suggested, gold)
    })
}

/// Whether the gazetteers know a gold name, also when the gold writes it in the genitive
/// (`RBKs`, `Islands`, `Hellas'`): recognition reads a genitive as its name's.
fn knows_name_or_genitive(gazetteer: &Gazetteer, name: &str) -> bool {
    std::iter::once(name)
        .chain(genitive_stem(name))
        .any(|form| knows(gazetteer, form))
}

/// Suggests names from the documents' text as `gazetteer suggest` would (the pipeline decides
/// which documents are football) and scores the suggestions against the gold PER and ORG names
/// of all the documents, keeping the first `top`.
pub fn evaluate_suggestions(
    pipeline: &Pipeline,
    documents: &[ConllDocument],
    top: usize,
) -> Result<SuggestionScores> {
    let gazetteer = pipeline.gazetteer();
    let mut gold: BTreeMap<(&'static str, String), usize> = BTreeMap::new();
    let mut suggester = Suggester::new();
    for document in documents {
        for (span, kind) in &document.entities {
            let kind = match kind.as_str() {
                "PER" => "PER",
                "ORG" => "ORG",
                _ => continue,
            };
            *gold
                .entry((kind, document.text[*span].to_string()))
                .or_default() += 1;
        }
        let doc = Document::new(document.name.clone(), document.text.clone());
        suggester.add(document_names(gazetteer, &pipeline.analyze(&doc)?));
    }
    let suggestions = suggester.finish(gazetteer, 1);
    let fits = |kind: &str, s: &Suggestion| match kind {
        "PER" => matches!(s.entity.kind, EntityKind::Player | EntityKind::Official),
        _ => s.entity.kind == EntityKind::Club,
    };
    let mut missed: Vec<MissedName> = gold
        .iter()
        .filter(|((_, name), &n)| {
            n >= MISSED_OCCURRENCES && !knows_name_or_genitive(gazetteer, name)
        })
        .map(|((kind, name), &occurrences)| MissedName {
            name: name.clone(),
            kind,
            occurrences,
            proposed: suggestions
                .iter()
                .any(|s| fits(kind, s) && same_person(name, &s.entity.name)),
        })
        .collect();
    missed.sort_by_key(|m| std::cmp::Reverse(m.occurrences));
    let top = suggestions
        .iter()
        .take(top)
        .map(|s| RankedSuggestion {
            real: gold
                .keys()
                .any(|(_, name)| ends_with_words(name, &s.entity.name)),
            suggestion: s.clone(),
        })
        .collect();
    Ok(SuggestionScores {
        missed,
        top,
        suggestions: suggestions.len(),
    })
}

#[cfg(test)]
mod tests {
    use super::{knows_name_or_genitive, same_person};
    use crate::gazetteer::{Entity, EntityKind, Gazetteer};

    #[test]
    fn a_known_name_in_the_genitive_is_not_missing() {
        let gazetteer = Gazetteer::from_entities(vec![Entity {
            id: "club:rbk".into(),
            kind: EntityKind::Club,
            name: "Rosenborg".into(),
            aliases: vec!["RBK".into()],
            attrs: vec![],
        }]);
        for (name, known) in [
            ("RBK", true),
            ("RBKs", true),
            ("Rosenborg's", true),
            ("Brann", false),
        ] {
            assert_eq!(knows_name_or_genitive(&gazetteer, name), known, "{name}");
        }
    }

    #[test]
    fn a_gold_name_and_a_suggestion_name_the_same() {
        let table = [
            ("whole", "Justin Fashanu", "Justin Fashanu", true),
            ("the surname", "Fashanu", "Justin Fashanu", true),
            ("a genitive", "Fashanus", "Justin Fashanu", true),
            ("the first name", "Justin", "Justin Fashanu", true),
            ("a suggested surname", "Justin Fashanu", "Fashanu", true),
            ("another person", "John Fashanu", "Justin Fashanu", false),
            ("part of a word", "Shanu", "Justin Fashanu", false),
        ];
        for (name, gold, suggested, same) in table {
            assert_eq!(same_person(gold, suggested), same, "{name}");
        }
    }
}
