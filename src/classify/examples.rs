//! Every row of the lexicon checked on its own example sentence: the row must match in it, and
//! the example's events must change without the row. A row that fails is dead (never reached,
//! or shadowed by another row) or has an example that does not show what it is for.

use super::{classify_with_rows, EventKind, Lexicon};
use crate::error::Result;
use crate::gazetteer::Gazetteer;
use crate::recognize::recognize;
use crate::segment::Segmented;

/// What is wrong with a row on its example.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ExampleProblem {
    /// The row has no example.
    NoExample,
    /// The row's pattern does not match in its example.
    DoesNotMatch,
    /// The example's events are the same without the row: another row already gives them.
    ChangesNothing,
    /// The example is longer than any text can be
    /// ([`MAX_TEXT_BYTES`](crate::segment::MAX_TEXT_BYTES)).
    TooLong,
}

impl std::fmt::Display for ExampleProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ExampleProblem::NoExample => "no example: write a sentence the row is for",
            ExampleProblem::DoesNotMatch => "the pattern does not match its example",
            ExampleProblem::ChangesNothing => {
                "the example's events are the same without the row: another row gives them \
                 (merge the rows, or give an example only this row decides)"
            }
            ExampleProblem::TooLong => "the example is longer than a text can be (4 GiB)",
        })
    }
}

/// The rows (by position in [`Lexicon::rows`]) that fail on their examples, in row order. The
/// examples run through segmentation, recognition with `gazetteer`, and classification.
pub fn check_examples(lexicon: &Lexicon, gazetteer: &Gazetteer) -> Vec<(usize, ExampleProblem)> {
    let mut problems = Vec::new();
    for (row, cue_row) in lexicon.rows().iter().enumerate() {
        if cue_row.example.is_empty() {
            problems.push((row, ExampleProblem::NoExample));
            continue;
        }
        let Ok(document) = Segmented::new(&cue_row.example) else {
            problems.push((row, ExampleProblem::TooLong));
            continue;
        };
        let recognition = recognize(gazetteer, &document, None);
        let events = |lexicon: &Lexicon| {
            let (events, rows) = classify_with_rows(lexicon, gazetteer, &document, &recognition);
            let labels: Vec<(usize, EventKind)> = events
                .iter()
                .map(|e| (e.sentence.index(), e.kind))
                .collect();
            (labels, rows)
        };
        let (with, rows_hit) = events(lexicon);
        if !rows_hit.contains(&row) {
            problems.push((row, ExampleProblem::DoesNotMatch));
        } else if events(&lexicon.without(row)).0 == with {
            problems.push((row, ExampleProblem::ChangesNothing));
        }
    }
    problems
}

/// The rows (by position in [`Lexicon::rows`]) that match in a text, each once, in the order
/// they first match: what `kampfakta cues explain` shows. A text is refused as
/// [`segment`](crate::segment::segment) refuses it.
pub fn rows_matching(lexicon: &Lexicon, gazetteer: &Gazetteer, text: &str) -> Result<Vec<usize>> {
    let document = Segmented::new(text)?;
    let recognition = recognize(gazetteer, &document, None);
    let (_, rows) = classify_with_rows(lexicon, gazetteer, &document, &recognition);
    let mut seen = Vec::new();
    for row in rows {
        if !seen.contains(&row) {
            seen.push(row);
        }
    }
    Ok(seen)
}

#[cfg(test)]
mod tests {
    use super::super::testing::{GAZETTEER, LEXICON};
    use super::*;

    /// No dead rows in the shipped lexicon: each matches its example and decides it.
    #[test]
    fn every_shipped_row_decides_its_example() {
        let failing: Vec<String> = check_examples(&LEXICON, &GAZETTEER)
            .into_iter()
            .map(|(row, problem)| {
                let row = &LEXICON.rows()[row];
                format!("{}:{}: {}: {problem}", row.file, row.line, row.id)
            })
            .collect();
        assert!(failing.is_empty(), "{}", failing.join("\n"));
        assert!(
            LEXICON.unused_macros().is_empty(),
            "{:?}",
            LEXICON.unused_macros()
        );
    }

    #[test]
    fn a_shadowed_row_and_a_bad_example_are_found() {
        let csv = "id,event,role,scope,pattern,example\n\
                   scored,goal,trigger,,<score>,Han scorer.\n\
                   scored-again,goal,trigger,,scoret,Han scoret igjen.\n\
                   missed,chance,trigger,,<bomme>,Han scoret.\n\
                   saved,chance,trigger,,<redde>,\n";
        let lexicon = Lexicon::from_csv("cues.csv", csv.as_bytes()).unwrap();
        let gazetteer = Gazetteer::from_entities(Vec::new());
        assert_eq!(
            check_examples(&lexicon, &gazetteer),
            [
                (1, ExampleProblem::ChangesNothing),
                (2, ExampleProblem::DoesNotMatch),
                (3, ExampleProblem::NoExample),
            ]
        );
    }
}
