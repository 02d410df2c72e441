//! Clauses: whether two words of a sentence are in the same clause, which decides how far a
//! blocking cue, an own-goal phrase or an actor candidate reaches.

use crate::span::Span;
use crate::words::actors::CLAUSE_CONJUNCTIONS;

/// Whether two spans of a sentence are in the same clause.
pub(super) fn same_clause(text: &str, a: Span, b: Span) -> bool {
    let (first, second) = if a.start() <= b.start() {
        (a, b)
    } else {
        (b, a)
    };
    first.end() >= second.start() || !clause_break(&text[first.end()..second.start()])
}

/// Whether the text between two words crosses a clause boundary.
pub(super) fn clause_break(between: &str) -> bool {
    // Called for every pair of cue hits and every actor candidate: compared without allocating.
    between.contains([',', ';', ':', '–', '(', ')'])
        || between.split_whitespace().any(|w| {
            if w.is_ascii() {
                CLAUSE_CONJUNCTIONS
                    .iter()
                    .any(|c| w.eq_ignore_ascii_case(c))
            } else {
                CLAUSE_CONJUNCTIONS.contains(&w.to_lowercase().as_str())
            }
        })
}
