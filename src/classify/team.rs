//! The team of an event: the actor's team in this match (the other side for an own goal), else
//! the team of the keeper beaten, else the team the sentence names nearest the trigger.

use super::clause::same_clause;
use super::{EventKind, Scope};
use crate::gazetteer::Gazetteer;
use crate::ids::{EntityId, MentionId};
use crate::recognize::MatchContext;
use crate::span::Span;
use crate::words::actors::OWN_GOAL_PHRASES;

/// The team a player plays for in this match: the club or national team the header names. In a
/// match of two known teams, a player of neither (a club-mate of a national-team player, a
/// namesake) has no team from the gazetteer: the sentence tells it. Without both teams, the
/// club, else the national team.
fn team_of_player(
    gazetteer: &Gazetteer,
    player: EntityId,
    context: &MatchContext,
) -> Option<EntityId> {
    let teams: Vec<EntityId> = gazetteer.teams_of(player, context.date).collect();
    let in_match = teams
        .iter()
        .copied()
        .find(|t| context.teams().any(|c| c == *t));
    let both_known = context.home.is_some() && context.away.is_some();
    in_match.or(if both_known {
        None
    } else {
        teams.first().copied()
    })
}

impl Scope<'_> {
    /// The team of an event whose actor (if any) did it: the actor's, the other side for an own
    /// goal; for a goal without a scorer, the side that beat the keeper named; else the team
    /// named nearest the trigger.
    pub(super) fn team_of_event(
        &self,
        kind: EventKind,
        trigger: Span,
        actor: Option<MentionId>,
    ) -> Option<EntityId> {
        let own_goal = kind == EventKind::Goal && self.is_own_goal(trigger);
        let context = &self.recognition.context;
        actor
            .and_then(|m| self.team_of_mention(m))
            // An own goal counts for the other side.
            .map(|team| {
                if own_goal {
                    context.opponent(team).unwrap_or(team)
                } else {
                    team
                }
            })
            .or_else(|| match kind {
                EventKind::Goal => self.keeper_beaten(),
                _ => None,
            })
            .or_else(|| self.team_in_sentence(trigger))
    }

    /// The team of a foul told in the passive: the offender's, else the other side of the player
    /// who suffered it.
    pub(super) fn team_of_passive_foul(
        &self,
        offender: Option<MentionId>,
        sufferer: Option<MentionId>,
    ) -> Option<EntityId> {
        offender.and_then(|m| self.team_of_mention(m)).or_else(|| {
            let suffering_team = sufferer.and_then(|m| self.team_of_mention(m));
            suffering_team.and_then(|team| self.recognition.context.opponent(team))
        })
    }

    /// The team of the player a mention links to.
    fn team_of_mention(&self, mention: MentionId) -> Option<EntityId> {
        let player = self.recognition.mentions[mention].entity()?;
        team_of_player(self.gazetteer, player, &self.recognition.context)
    }

    /// Whether the sentence calls the goal of `trigger` an own goal, in its clause.
    fn is_own_goal(&self, trigger: Span) -> bool {
        let sentence_text = &self.folded[self.sentence];
        OWN_GOAL_PHRASES.iter().any(|words| {
            sentence_text.match_indices(words).any(|(at, _)| {
                let at = self.sentence.start() + at;
                same_clause(self.text, Span::new(at, at + words.len()), trigger)
            })
        })
    }

    /// For a goal without a scorer: the team that beat a keeper of the match named in the sentence
    /// ("inn bak en sjanseløs Muslera": Uruguay's keeper, so Colombia scored).
    fn keeper_beaten(&self) -> Option<EntityId> {
        let context = &self.recognition.context;
        self.mention_ids()
            .filter(|&m| self.is_keeper(m))
            .find_map(|m| {
                let keeper = self.recognition.mentions[m].entity()?;
                context.opponent(team_of_player(self.gazetteer, keeper, context)?)
            })
    }

    /// The team mention nearest to the trigger, when the sentence names no player.
    fn team_in_sentence(&self, trigger: Span) -> Option<EntityId> {
        self.mention_ids()
            .filter_map(|m| {
                let mention = &self.recognition.mentions[m];
                let entity = mention.entity()?;
                let distance = if mention.span.end() <= trigger.start() {
                    trigger.start() - mention.span.end()
                } else {
                    mention.span.start().saturating_sub(trigger.end())
                };
                self.gazetteer
                    .entity(entity)
                    .kind
                    .is_team()
                    .then_some((distance, entity))
            })
            .min_by_key(|(distance, _)| *distance)
            .map(|(_, entity)| entity)
    }
}

#[cfg(test)]
mod tests {
    use crate::classify::testing::classified;

    /// The team names of a text's events.
    fn teams(text: &str) -> Vec<Option<String>> {
        let found = classified(text);
        let gazetteer = &crate::classify::testing::GAZETTEER;
        found
            .events
            .iter()
            .map(|e| e.team.map(|t| gazetteer.entity(t).name.clone()))
            .collect()
    }

    #[test]
    fn a_player_of_neither_team_takes_the_team_the_sentence_names() {
        // Agüero plays for Argentina and his clubs: in Wales' match none of them is a team of it.
        assert_eq!(
            teams("Wales - Belgia 1-0\nAgüero scoret for Wales etter 20 minutter."),
            [Some("Wales".to_string())]
        );
        assert_eq!(
            teams("Wales - Belgia 1-0\nAgüero scoret etter 20 minutter."),
            [None],
            "not his club"
        );
        // Without the match's teams, his (first) club stands.
        assert_eq!(
            teams("Agüero scoret etter 20 minutter."),
            [Some("Manchester City".to_string())]
        );
    }
}
