//! Fact lines: `Mål: 1-0 Johnsen (41), 1-1 Hansen (55)` lists every goal of a report with its
//! score, scorer and minute, and its last score is the match's.

use super::{Evidence, Goal, GoalKind, ScoreSource};
use crate::classify::{EventKind, Minute};
use crate::ids::{EntityId, MentionId, SentenceId};
use crate::segment::{parse_score, Sentence, Token, TokenKind};
use crate::span::Span;
use crate::words::actors::OWN_GOAL_PHRASES;
use crate::words::fact_lines::{GOAL_FACT_LABELS, PENALTY_MARKS};

impl Evidence<'_> {
    /// The goals of the report's fact lines, in the order listed.
    pub(super) fn listed_goals(&self) -> Vec<Goal> {
        let mut fact_line_sentences: Vec<SentenceId> = self
            .events
            .iter()
            .filter(|e| e.kind == EventKind::Goal)
            .map(|e| e.sentence)
            .collect();
        fact_line_sentences.dedup();
        fact_line_sentences
            .into_iter()
            .flat_map(|sentence| self.fact_line_goals(sentence))
            .collect()
    }

    /// The goals of a fact line `Mål: 1-0 Johnsen (41), 1-1 Hansen (55)`: each score, the name
    /// after it, the minute in brackets, and the team from which side of the score went up.
    fn fact_line_goals(&self, sentence: SentenceId) -> Vec<Goal> {
        let text = self.text;
        let tokens = &self.tokens[self.sentences[sentence].tokens];
        if !is_goal_fact_line(text, self.tokens, &self.sentences[sentence]) {
            return Vec::new();
        }
        let context = &self.recognition.context;
        let mut goals = Vec::new();
        let mut previous = (0, 0);
        let scores: Vec<usize> = (0..tokens.len())
            .filter(|&i| tokens[i].kind == TokenKind::Score)
            .collect();
        for (n, &at) in scores.iter().enumerate() {
            let end = scores.get(n + 1).copied().unwrap_or(tokens.len());
            let Some(score) = parse_score(&text[tokens[at].span()]) else {
                continue;
            };
            let team = if score.0 > previous.0 {
                context.home
            } else if score.1 > previous.1 {
                context.away
            } else {
                None
            };
            previous = score;
            goals.push(self.fact_line_goal(&tokens[at + 1..end], team, score, sentence));
        }
        goals
    }

    /// The goal a fact line tells after one score (`Johnsen (41)`), of `team` in `sentence`.
    fn fact_line_goal(
        &self,
        part: &[Token],
        team: Option<EntityId>,
        score: (usize, usize),
        sentence: SentenceId,
    ) -> Goal {
        let text = self.text;
        let name_end = part
            .iter()
            .position(|t| matches!(&text[t.span()], "(" | "," | ";" | "."))
            .unwrap_or(part.len());
        let name = (name_end > 0)
            .then(|| Span::new(part[0].span().start(), part[name_end - 1].span().end()));
        let minute = bracketed_minute(text, part);
        let scorer = name.as_ref().and_then(|name| {
            self.recognition
                .mentions
                .iter()
                .position(|m| m.span.start() >= name.start() && m.span.end() <= name.end())
                .map(MentionId::new)
        });
        // An abbreviation keeps its stop (`str.`); the marks are written without it.
        let marked = |marks: &[&str]| {
            part.iter().any(|t| {
                let word = text[t.span()].trim_end_matches('.').to_lowercase();
                marks.contains(&word.as_str())
            })
        };
        let (penalty, own_goal) = (marked(PENALTY_MARKS), marked(OWN_GOAL_PHRASES));
        Goal {
            minute,
            scorer,
            name,
            team,
            kind: if penalty {
                GoalKind::Penalty
            } else if own_goal {
                GoalKind::OwnGoal
            } else {
                GoalKind::Goal
            },
            score_after: Some(score),
            sentence,
            evidence: vec![sentence],
        }
    }

    /// The last score of the report's first goal fact line: the final score.
    pub(super) fn fact_line_score(&self) -> Option<(Span, ScoreSource)> {
        self.sentences
            .iter()
            .filter(|s| is_goal_fact_line(self.text, self.tokens, s))
            .find_map(|sentence| {
                let last = self.tokens[sentence.tokens]
                    .iter()
                    .rev()
                    .find(|t| t.kind == TokenKind::Score)?;
                Some((last.span(), ScoreSource::FactLine))
            })
    }
}

/// The minute in a goal's brackets: `(41)`, `(90+2)`, `(str., 50)`, `(selvmål, 71)`.
fn bracketed_minute(text: &str, part: &[Token]) -> Option<Minute> {
    let open = part.iter().position(|t| &text[t.span()] == "(")?;
    let inside = &part[open + 1..];
    let inside = &inside[..inside
        .iter()
        .position(|t| &text[t.span()] == ")")
        .unwrap_or(inside.len())];
    let at = inside.iter().position(|t| t.kind == TokenKind::Number)?;
    let regular = text[inside[at].span()].parse().ok()?;
    let word = |i: usize| inside.get(i).map_or("", |t| &text[t.span()]);
    if word(at + 1) == "+" {
        return Some(Minute::stoppage(regular, word(at + 2).parse().ok()));
    }
    Some(Minute::at(regular))
}

/// `Mål: ...`, `Scoringer: ...`, `Målscorere: ...`.
fn is_goal_fact_line(text: &str, tokens: &[Token], sentence: &Sentence) -> bool {
    sentence
        .fact_label(text, tokens)
        .is_some_and(|label| GOAL_FACT_LABELS.contains(&label.to_lowercase().as_str()))
}
