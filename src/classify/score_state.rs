//! The score as a state of the document: it starts at 0-0 and moves with every score a sentence
//! states that is the one before plus one goal for one side (`1-0`, then `1-1`, then `2-1`). Such
//! a score is a new score told at its moment, and a moment with a new score is a goal: "Da sto det
//! 1-1." after a 1-0. A score that does not fit (another match's, a round-up's, an aggregate, a
//! jump of two) tells no goal, and a match header's score (`Brann – Molde 2-1`, the final score)
//! is no state at all.

use super::clause::clause_break;
use crate::segment::{parse_score, Folded, Token, TokenKind};
use crate::span::Span;
use crate::text::is_dash;
use crate::words::results::{AGAINST, BACKGROUND_CONJUNCTIONS, RESULT_PHRASES, VENUES};

/// How many words of the second team's name may stand between a header's dash and its score:
/// `Brann – Molde 2-1`, `Brann – Stabæk IF 2-0`, `Manchester City - Tottenham Hotspur FC 3-2`.
const HEADER_NAME_WORDS: usize = 3;

/// The score of the match reported, as the document has told it so far, and the goals told since
/// without their score.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct ScoreState {
    /// The goals of the side named first in a score.
    first: usize,
    /// The goals of the side named second.
    second: usize,
    /// Goals told since the score was last stated, without a score (`nikket ballen i lengste
    /// hjørne`): each may be either side's, so the next score may be as many goals further on.
    untold: usize,
}

impl ScoreState {
    /// Whether `score` is the next one: this one plus one goal, or plus one more for each goal
    /// told without its score, with no side losing goals (`1-1` after `0-0` and one goal told).
    fn is_next(self, score: (usize, usize)) -> bool {
        let added = (score.0 + score.1).checked_sub(self.first + self.second);
        self.is_later(score) && added.is_some_and(|added| (1..=self.untold + 1).contains(&added))
    }

    /// Whether `score` is this one or one before it: no side has more goals (`snudde 0-1 til
    /// 2-1`).
    fn is_passed(self, (first, second): (usize, usize)) -> bool {
        first <= self.first && second <= self.second
    }

    /// Whether `score` is this one or later: no side has fewer goals.
    fn is_later(self, (first, second): (usize, usize)) -> bool {
        first >= self.first && second >= self.second
    }

    /// The first score a sentence states that is the next one, and the state after every next
    /// score of the sentence in turn (`la på til både 6-0 og 7-0`). `None` if none is next, if
    /// the sentence is a match header (`Lyn – Stabæk 1-1 (1-0)`: the half-time score is no
    /// moment) or if it states a score that is neither next nor one passed (`skudd 5-4, skudd på
    /// mål 2-1`: a list of figures, not of scores).
    pub(super) fn next_told(self, text: &str, tokens: &[Token]) -> Option<(Span, ScoreState)> {
        if (0..tokens.len()).any(|at| is_header_score(text, tokens, at)) {
            return None;
        }
        let mut state = self;
        let mut first_next = None;
        for (span, score) in stated_scores(text, tokens) {
            if state.is_next(score) {
                state = ScoreState::from(score);
                first_next.get_or_insert(span);
            } else if !state.is_passed(score) {
                return None;
            }
        }
        first_next.map(|span| (span, state))
    }

    /// The state after a sentence that tells a goal: its last stated score, if that is no earlier
    /// than this one (`hentet opp 0-2 til 2-2`); this one with one more goal told without its
    /// score if it states none; else this one.
    pub(super) fn after_goal(self, text: &str, tokens: &[Token]) -> ScoreState {
        match stated_scores(text, tokens).last() {
            None => ScoreState {
                untold: self.untold + 1,
                ..self
            },
            Some((_, score)) if self.is_later(score) => ScoreState::from(score),
            Some(_) => self,
        }
    }
}

impl From<(usize, usize)> for ScoreState {
    fn from((first, second): (usize, usize)) -> ScoreState {
        ScoreState {
            first,
            second,
            untold: 0,
        }
    }
}

/// The scores a sentence states, with their sides, except a match header's.
fn stated_scores<'t>(
    text: &'t str,
    tokens: &'t [Token],
) -> impl Iterator<Item = (Span, (usize, usize))> + 't {
    tokens
        .iter()
        .enumerate()
        .filter(|(at, t)| t.kind == TokenKind::Score && !is_header_score(text, tokens, *at))
        .filter(|(_, t)| !glued(text, t.span()))
        .filter_map(|(_, t)| parse_score(&text[t.span()]).map(|score| (t.span(), score)))
}

/// Whether a score runs on into a longer figure: a formation (`5-3-2-system`), not a score.
fn glued(text: &str, score: Span) -> bool {
    text[score.end()..]
        .chars()
        .next()
        .is_some_and(|c| c.is_alphanumeric() || is_dash(c))
}

/// Whether the score at `at` ends a match header: a dash between two teams right before it
/// (`Brann – Molde 2-1`, `(Manchester City- Tottenham 3-2)`, `(Odd-Start 1-0)`).
fn is_header_score(text: &str, tokens: &[Token], at: usize) -> bool {
    if tokens[at].kind != TokenKind::Score {
        return false;
    }
    let before = at.checked_sub(1).map(|i| &tokens[i]);
    if before.is_some_and(|t| t.kind == TokenKind::Word && text[t.span()].contains(is_dash)) {
        return true;
    }
    let name = tokens[..at]
        .iter()
        .rev()
        .take_while(|t| t.kind == TokenKind::Word)
        .count();
    let dash = at.checked_sub(name + 1).map(|i| &tokens[i]);
    (1..=HEADER_NAME_WORDS).contains(&name)
        && dash.is_some_and(|t| t.kind == TokenKind::Punct && is_lone_dash(&text[t.span()]))
}

/// A dash or hyphen standing alone between two team names.
fn is_lone_dash(surface: &str) -> bool {
    surface.chars().count() == 1 && surface.chars().all(is_dash)
}

/// Whether a sentence tells a result, not a goal: one of [`RESULT_PHRASES`] (`vant 3-1`, `endte
/// 2-2`, `ledet 1-0 til pause`) or a score right before one of [`AGAINST`] (`0-2 mot Chile`),
/// or before one of [`VENUES`] and then one of them (`1-1 borte mot Kasakhstan`).
pub(super) fn tells_result(folded: &Folded, tokens: &[Token]) -> bool {
    let words: Vec<&str> = tokens
        .iter()
        .filter(|t| t.kind == TokenKind::Word)
        .map(|t| &folded[t.span()])
        .collect();
    let word = |t: &Token| &folded[t.span()];
    let against = tokens.iter().enumerate().any(|(i, t)| {
        let after = |k: usize| tokens.get(i + k).map(word);
        t.kind == TokenKind::Score
            && (after(1).is_some_and(|w| AGAINST.contains(&w))
                || (after(1).is_some_and(|w| VENUES.contains(&w))
                    && after(2).is_some_and(|w| AGAINST.contains(&w))))
    });
    against
        || RESULT_PHRASES
            .iter()
            .any(|phrase| words.windows(phrase.len()).any(|run| run == *phrase))
}

/// Whether the score at `score` is the standing of a background clause: one of
/// [`BACKGROUND_CONJUNCTIONS`] before it in its clause (`mens de ledet 1-0`).
pub(super) fn in_background(folded: &Folded, tokens: &[Token], score: Span) -> bool {
    tokens
        .iter()
        .take_while(|t| t.span().end() <= score.start())
        .filter(|t| BACKGROUND_CONJUNCTIONS.contains(&&folded[t.span()]))
        .any(|t| !clause_break(&folded[t.span().end()..score.start()]))
}

#[cfg(test)]
mod tests {
    use super::super::testing::classified;
    use super::super::EventKind;
    use super::ScoreState;

    /// The sentences of a text that report a goal, by index.
    fn goal_sentences(text: &str) -> Vec<usize> {
        classified(text)
            .events
            .iter()
            .filter(|e| e.kind == EventKind::Goal)
            .map(|e| e.sentence.index())
            .collect()
    }

    macro_rules! t {
        ($name:ident, $text:expr, $goals:expr) => {
            #[test]
            fn $name() {
                let expected: &[usize] = &$goals;
                assert_eq!(goal_sentences($text), expected, "input: {:?}", $text);
            }
        };
    }

    t!(
        next_scores_are_goals,
        "Kampen startet i regn. Etter tjue minutter sto det 1-0. Like før pause var det 1-1.",
        [1, 2]
    );
    // A score two goals on, with no words of a moment or a goal: the score state alone does not
    // take it for a goal (with them, "Etter tjue minutter sto det 2-0", the lexicon does).
    t!(
        a_jump_of_two_is_no_goal,
        "Kampen startet i regn. Tavla viste 2-0.",
        []
    );
    t!(
        a_goal_told_without_its_score_lets_the_next_score_jump,
        "Hansen scoret etter ti minutter. Etter tjue minutter sto det 2-0.",
        [0, 1]
    );
    t!(
        a_goal_with_its_score_moves_the_state,
        "Hansen headet inn 1-0. Etter en halvtime sto det 2-0.",
        [0, 1]
    );
    t!(
        a_header_score_is_no_state,
        "(Brann – Molde 1-0) Kampen startet i regn. Etter tjue minutter sto det 1-0.",
        [1]
    );
    t!(
        a_header_of_one_compound_is_no_state,
        "(Brann-Molde 1-0) Kampen startet i regn.",
        []
    );
    t!(a_result_is_no_goal, "Vikingene vant 1-0 på hjemmebane.", []);
    t!(
        a_result_away_against_a_team_is_no_goal,
        "Tsjekkia har åtte poeng etter 1-0 borte mot Kasakhstan.",
        []
    );
    t!(
        a_result_in_the_present_is_no_goal,
        "Vikingene vinner 1-0 på hjemmebane.",
        []
    );
    t!(
        a_half_time_score_is_no_goal,
        "Hjemmelaget ledet 1-0 ved pause.",
        []
    );
    t!(
        a_score_against_a_team_is_a_result,
        "Sist gang sto det 1-0 mot Odd.",
        []
    );
    t!(
        a_standing_in_a_background_clause_is_no_goal,
        "De presset på mens de ledet 1-0.",
        []
    );
    t!(
        a_hypothetical_score_is_no_goal,
        "Olsen kunne gjort det 1-0 like etter.",
        []
    );
    t!(
        figures_that_do_not_fit_are_no_scores,
        "Statistikken viste 5-4 og 1-0 til slutt.",
        []
    );
    t!(
        a_formation_is_no_score,
        "Laget stilte med et 1-0-2-system.",
        []
    );

    /// A row of [`next_scores`]: name, state, goals told without their score, a stated score,
    /// whether it is the next one.
    type NextRow = (&'static str, (usize, usize), usize, (usize, usize), bool);

    #[test]
    fn next_scores() {
        let table: &[NextRow] = &[
            ("first_goal", (0, 0), 0, (1, 0), true),
            ("second_side", (1, 0), 0, (1, 1), true),
            ("jump_of_two", (0, 0), 0, (2, 0), false),
            ("jump_after_a_goal_without_score", (0, 0), 1, (1, 1), true),
            ("a_side_loses_a_goal", (2, 0), 1, (1, 2), false),
            ("the_same_score", (1, 1), 0, (1, 1), false),
        ];
        for &(name, state, untold, score, next) in table {
            let state = ScoreState {
                untold,
                ..ScoreState::from(state)
            };
            assert_eq!(state.is_next(score), next, "{name}");
        }
    }
}
