//! The full-form table: `form<TAB>lemma<TAB>pos` rows read into a map from form to its lemmas, one
//! per part of speech, the most frequent reading first, and the set of every lemma it names.

use super::Pos;
use crate::error::{Error, Problem, Result};
use rustc_hash::FxHashMap;

/// The lemmas of one form: one per part of speech, the most frequent reading first.
pub(super) type Readings = Vec<(Pos, Box<str>)>;

/// Forms to lemmas, and every lemma the rows name with the parts of speech it has (a lemma is its
/// own lemma) and its forms.
#[derive(Debug, Default, Clone)]
pub(super) struct Table {
    forms: FxHashMap<Box<str>, Readings>,
    lemmas: FxHashMap<Box<str>, Vec<Pos>>,
    /// Each lemma's forms in the rows, in row order: the cue lexicon's `<lemma>` patterns.
    forms_of: FxHashMap<Box<str>, Vec<Box<str>>>,
}

impl Table {
    /// Reads the rows of `source` (named `file` in error messages); `#` lines are comments. The
    /// first row of a form is its most frequent reading, the lemma when no part of speech is given.
    pub(super) fn parse(file: &str, source: &str) -> Result<Table> {
        let mut table = Table::default();
        let mut problems = Vec::new();
        for (index, line) in source.lines().enumerate() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let problem = |message: String| Problem {
                file: file.to_string(),
                line: index as u64 + 1,
                column: None,
                message,
            };
            let mut cells = line.split('\t');
            let (Some(form), Some(lemma), Some(pos), None) =
                (cells.next(), cells.next(), cells.next(), cells.next())
            else {
                problems.push(problem(
                    "expected three tab-separated cells: form, lemma, pos".into(),
                ));
                continue;
            };
            let Some(pos) = Pos::from_name(pos) else {
                problems.push(problem(format!(
                    "unknown part of speech `{pos}`: use noun, verb or adj"
                )));
                continue;
            };
            if form.is_empty() || lemma.is_empty() || form != form.to_lowercase() {
                problems.push(problem(
                    "form and lemma must be non-empty, lower case".into(),
                ));
                continue;
            }
            table.add(form, lemma, pos);
        }
        if problems.is_empty() {
            Ok(table)
        } else {
            Err(Error::Invalid(problems))
        }
    }

    /// Adds one reading; a second row for the same form and part of speech is ignored.
    fn add(&mut self, form: &str, lemma: &str, pos: Pos) {
        let readings = self.forms.entry(form.into()).or_default();
        if readings.iter().all(|(p, _)| *p != pos) {
            readings.push((pos, lemma.into()));
        }
        let forms = self.forms_of.entry(lemma.into()).or_default();
        if !forms.iter().any(|f| &**f == form) {
            forms.push(form.into());
        }
        match self.lemmas.get_mut(lemma) {
            Some(parts) if parts.contains(&pos) => {}
            Some(parts) => parts.push(pos),
            None => {
                self.lemmas.insert(lemma.into(), vec![pos]);
            }
        }
    }

    /// The lemma of a lower-cased form: the reading of `pos` when the table has one, otherwise the
    /// most frequent reading; a form that is some row's lemma is its own lemma.
    pub(super) fn get<'t>(&'t self, form: &'t str, pos: Option<Pos>) -> Option<&'t str> {
        match self.forms.get(form) {
            Some(readings) => {
                let chosen = pos
                    .and_then(|pos| readings.iter().find(|(p, _)| *p == pos))
                    .unwrap_or(&readings[0]);
                Some(&chosen.1)
            }
            None => self.lemmas.contains_key(form).then_some(form),
        }
    }

    /// The lemma of a lower-cased form read as `pos` only: its reading of that part of speech, or
    /// itself when it is the lemma of a `pos` row.
    pub(super) fn get_as<'t>(&'t self, form: &'t str, pos: Pos) -> Option<&'t str> {
        let reading = self
            .forms
            .get(form)
            .and_then(|readings| readings.iter().find(|(p, _)| *p == pos));
        match reading {
            Some((_, lemma)) => Some(lemma),
            None => self.is_lemma(form, Some(pos)).then_some(form),
        }
    }

    /// Whether a lower-cased word is the lemma of some row (of `pos`, when given).
    pub(super) fn is_lemma(&self, word: &str, pos: Option<Pos>) -> bool {
        self.lemmas
            .get(word)
            .is_some_and(|parts| pos.is_none_or(|pos| parts.contains(&pos)))
    }

    /// The lemmas of every reading of a lower-cased form, if the table has the form.
    pub(super) fn readings(&self, form: &str) -> Option<impl Iterator<Item = &str>> {
        let readings = self.forms.get(form)?;
        Some(readings.iter().map(|(_, lemma)| &**lemma))
    }

    /// The forms the rows give a lemma (not the lemma itself unless a row has it as a form).
    pub(super) fn forms_of(&self, lemma: &str) -> impl Iterator<Item = &str> {
        self.forms_of.get(lemma).into_iter().flatten().map(|f| &**f)
    }

    /// The number of rows read.
    pub(super) fn len(&self) -> usize {
        self.forms.values().map(Vec::len).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROWS: &str = "# comment\nmålet\tmål\tnoun\nsparket\tsparke\tverb\nsparket\tspark\tnoun\n";

    #[test]
    fn lookups() {
        let table = Table::parse("test", ROWS).unwrap();
        assert_eq!(table.len(), 3);
        for (name, form, pos, expected) in [
            ("a form", "målet", None, Some("mål")),
            ("a lemma is its own", "mål", None, Some("mål")),
            ("most frequent reading", "sparket", None, Some("sparke")),
            (
                "the reading of the part of speech",
                "sparket",
                Some(Pos::Noun),
                Some("spark"),
            ),
            ("no such reading", "målet", Some(Pos::Verb), Some("mål")),
            ("unknown", "ball", None, None),
        ] {
            assert_eq!(table.get(form, pos), expected, "{name}");
        }
        for (name, form, pos, expected) in [
            (
                "the reading of the part of speech",
                "sparket",
                Pos::Noun,
                Some("spark"),
            ),
            (
                "a lemma of the part of speech",
                "spark",
                Pos::Noun,
                Some("spark"),
            ),
            ("no such reading", "målet", Pos::Verb, None),
            ("not a lemma of it", "mål", Pos::Verb, None),
        ] {
            assert_eq!(table.get_as(form, pos), expected, "{name}");
        }
    }

    #[test]
    fn problems_name_their_line() {
        for (name, source, message) in [
            ("two cells", "a\tb\n", "test:1: expected three"),
            (
                "bad pos",
                "#\nmålet\tmål\tnoen\n",
                "test:2: unknown part of speech `noen`",
            ),
            ("upper case", "Målet\tmål\tnoun\n", "test:1: form and lemma"),
        ] {
            let error = Table::parse("test", source).unwrap_err().to_string();
            assert!(error.starts_with(message), "{name}: {error}");
        }
    }
}
