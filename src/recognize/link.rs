//! Linking names to entities: a form of one entity is that entity; a form shared by several
//! (`Touré`) is the one the document named in full before, or the one whose club or national
//! team is mentioned (first of all the two teams of the header), else it stays ambiguous.

use super::candidates::RawMatch;
use super::{sentence_at, Entities, How, MatchContext, Mention};
use crate::gazetteer::{Date, Gazetteer};
use crate::ids::{EntityId, SentenceId};
use crate::segment::Sentence;

/// The mentions of a document's kept matches, linked in document order: what is linked early is
/// the evidence for what comes later.
pub(super) fn link(
    gazetteer: &Gazetteer,
    context: &MatchContext,
    sentences: &[Sentence],
    matches: Vec<RawMatch>,
) -> Vec<Mention> {
    let mut linker = Linker {
        gazetteer,
        named_in_full: Vec::new(),
        mentioned_teams: context.teams().collect(),
        date: context.date,
    };
    // Collected in place: a mention takes the memory of its match, so that a long document's
    // matches and mentions are not held side by side.
    matches
        .into_iter()
        .map(|m| {
            let sentence = sentence_at(sentences, m.span.start());
            linker.mention(m, sentence)
        })
        .collect()
}

/// The document's evidence so far for linking shared forms.
struct Linker<'a> {
    gazetteer: &'a Gazetteer,
    /// Entities the document has named by their full name.
    named_in_full: Vec<EntityId>,
    /// Teams of the header and teams mentioned since, in order of first mention.
    mentioned_teams: Vec<EntityId>,
    /// The match's date, which chooses a player's clubs.
    date: Option<Date>,
}

impl Linker<'_> {
    /// The mention of one match, which then counts as evidence for the following ones.
    fn mention(&mut self, m: RawMatch, sentence: SentenceId) -> Mention {
        let RawMatch {
            span,
            candidates,
            how,
            ..
        } = m;
        let mention = if let [(entity, is_name)] = candidates[..] {
            let how = match how {
                How::Exact if !is_name => How::Alias,
                how => how,
            };
            Mention {
                span,
                sentence,
                entities: Entities::one(entity),
                how,
            }
        } else {
            let entities: Vec<EntityId> = candidates.iter().map(|c| c.0).collect();
            match settle(
                self.gazetteer,
                &entities,
                &self.named_in_full,
                &self.mentioned_teams,
                self.date,
            ) {
                Some(entity) => Mention {
                    span,
                    sentence,
                    entities: Entities::one(entity),
                    how: How::Context,
                },
                None => Mention {
                    span,
                    sentence,
                    entities: entities.into(),
                    how: How::Ambiguous,
                },
            }
        };
        if let Some(entity) = mention.entity() {
            if candidates.iter().any(|c| c.0 == entity && c.1) {
                self.named_in_full.push(entity);
            }
            if self.gazetteer.entity(entity).kind.is_team()
                && !self.mentioned_teams.contains(&entity)
            {
                self.mentioned_teams.push(entity);
            }
        }
        mention
    }
}

/// Picks the one candidate the document supports, if exactly one.
fn settle(
    gazetteer: &Gazetteer,
    candidates: &[EntityId],
    named_in_full: &[EntityId],
    teams: &[EntityId],
    date: Option<Date>,
) -> Option<EntityId> {
    let only = |found: Vec<EntityId>| {
        if found.len() == 1 {
            Some(found[0])
        } else {
            None
        }
    };
    let named: Vec<EntityId> = candidates
        .iter()
        .copied()
        .filter(|c| named_in_full.contains(c))
        .collect();
    if let Some(entity) = only(named) {
        return Some(entity);
    }
    let playing: Vec<EntityId> = candidates
        .iter()
        .copied()
        .filter(|&c| {
            gazetteer
                .teams_of(c, date)
                .any(|team| teams.contains(&team))
        })
        .collect();
    only(playing)
}

#[cfg(test)]
mod tests {
    use crate::recognize::tests::{check, m};

    #[test]
    fn shared_forms_follow_the_document() {
        check(vec![
            (
                "Touré scoret",
                vec![m("Touré", "player:yaya|player:kolo", "ambiguous")],
            ),
            (
                "Manchester City- Tottenham 3-2\nTouré scoret.",
                vec![
                    m("Manchester City", "club:city", "exact"),
                    m("Tottenham", "club:tottenham", "alias"),
                    m("Touré", "player:yaya", "context"),
                ],
            ),
            (
                "Kolo Touré spilte. Touré scoret.",
                vec![
                    m("Kolo Touré", "player:kolo", "exact"),
                    m("Touré", "player:kolo", "context"),
                ],
            ),
        ]);
    }
}
