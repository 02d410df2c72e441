//! Fact lists: the lines a report ends with (`Mål: 1-0 Johnsen (41)`, `Gult kort:` over `N:
//! Nordtveit, Selnæs.` and `Brann: Orlov.`), where a heading gives its event to each team's line
//! below it.

use super::{EventKind, Scope};
use crate::segment::{SentenceKind, Token};
use crate::span::Span;

/// How far into a team's line of a fact list its colon may stand: a team name of up to four
/// words (`Brann :`, `Manchester City :`).
const TEAM_LABEL_TOKENS: usize = 5;

impl Scope<'_> {
    /// The event a fact-list heading names when team lines follow it: nothing after its colon
    /// ("Gult kort:" ending the line) or a first team line ("Gult kort: N: Nordtveit, Selnæs.").
    pub(super) fn list_heading_of(&self, labels: &[(EventKind, Span)]) -> Option<EventKind> {
        let tokens = self.tokens;
        let SentenceKind::FactLine { colon } = self.kind else {
            return None;
        };
        let colon = colon as usize;
        let (kind, _) = labels
            .iter()
            .find(|(_, trigger)| trigger.end() <= tokens[colon].span().end())?;
        let rest = &tokens[colon + 1..];
        (rest.is_empty() || self.team_list_line(rest).is_some()).then_some(*kind)
    }

    /// A team's line of a fact list in `tokens` (the sentence's or its end): a team code or a
    /// team of the match, a colon, then names ("N: Nordtveit, Selnæs, Johnsen.", "Brann: Orlov");
    /// gives the span of the team and the colon.
    pub(super) fn team_list_line(&self, tokens: &[Token]) -> Option<Span> {
        let colon = tokens
            .iter()
            .take(TEAM_LABEL_TOKENS)
            .position(|t| &self.folded[t.span()] == ":")?;
        if colon == 0 || colon + 1 == tokens.len() {
            return None;
        }
        let team = Span::new(tokens[0].span().start(), tokens[colon - 1].span().end());
        let is_code = crate::segment::is_team_code(&self.text[team]);
        let is_team = self.recognition.mentions[self.mentions.clone()]
            .iter()
            .any(|m| {
                m.span == team
                    && m.entity()
                        .is_some_and(|e| self.gazetteer.entity(e).kind.is_team())
            });
        (is_code || is_team).then(|| Span::new(team.start(), tokens[colon].span().end()))
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::check_labels;

    #[test]
    fn team_lines_under_a_fact_list_heading() {
        check_labels(&[
            ("Mål: 1-0 Johnsen (41), 2-0 King (59).", &[("goal", "41")]),
            (
                "Gult kort:\nN: Nordtveit, Selnæs.\nS: Helander.\nDommer:\nGianluca Rocchi.",
                &[("foul", ""), ("foul", ""), ("foul", "")],
            ),
            (
                "Gult kort: N: Nordtveit. S: Helander.",
                &[("foul", ""), ("foul", "")],
            ),
            ("Gult kort:\n\nN: Nordtveit.", &[("foul", "")]),
        ]);
    }
}
