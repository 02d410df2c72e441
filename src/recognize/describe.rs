//! References without a name, linked after the names: home and away words (`hjemmelaget`,
//! `gjestene`) and city compounds (`London-klubben`, `londonerne`) to a team of the header;
//! ages, demonyms and positions (`21-åringen`, `italieneren`, `den italienske spissen`,
//! `keeperen`) to the most recent compatible player; team compounds with a role
//! (`Schalke-spissen`) to one of the team's players.

use super::context::{city_team, stated_ages, MatchContext, PLAYER_AGES};
use super::nouns::{position, role};
use super::{Entities, How, Mention};
use crate::gazetteer::{EntityKind, Gazetteer, PlayerProfile, Position};
use crate::ids::{EntityId, SentenceId};
use crate::segment::{Folded, Segmented, Sentence, Token};
use crate::span::Span;
use crate::words::descriptions::{AGE_NOUNS, AWAY_WORDS, HOME_WORDS};
// Looked up once per description: a fast hasher matters, and keys are not hostile.
use rustc_hash::FxHashMap as HashMap;

/// How many sentences back a description may look for the player it describes.
const DESCRIPTION_REACH: usize = 5;

/// How many mentions back a team compound looks for the player it names.
const MENTIONS_BACK: usize = 64;

/// Links descriptions without a name to teams and players, adding them to `mentions`.
pub(super) fn describe(
    gazetteer: &Gazetteer,
    document: &Segmented<'_>,
    context: &MatchContext,
    mentions: &mut Vec<Mention>,
) {
    let Descriptions {
        found,
        players_of_teams,
    } = Describer::new(gazetteer, document, context, mentions).descriptions();
    for (at, player, span) in players_of_teams {
        mentions[at] = Mention {
            span,
            sentence: mentions[at].sentence,
            entities: Entities::one(player),
            how: How::Description,
        };
    }
    mentions.extend(found);
    mentions.sort_by_key(|m| m.span.start());
}

/// One document as the descriptions read it: its text, the names found in it and its match.
struct Describer<'a> {
    gazetteer: &'a Gazetteer,
    text: &'a str,
    /// The sentence the descriptions are looked for in, folded.
    folded: Folded,
    sentences: &'a [Sentence],
    /// The document's tokens; a sentence's are `&tokens[sentence.tokens]`.
    tokens: &'a [Token],
    context: &'a MatchContext,
    /// The mentions of names, in document order.
    mentions: &'a [Mention],
    /// The year of the report's dateline, if it has one.
    year: Option<i32>,
    /// Ages the report states after players' names.
    stated: HashMap<EntityId, i32>,
}

/// What the descriptions of a document link.
#[derive(Default)]
struct Descriptions {
    /// New mentions, in document order.
    found: Vec<Mention>,
    /// Team compounds that name one of the team's players: (mention, player, whole word).
    players_of_teams: Vec<(usize, EntityId, Span)>,
}

/// What a player description asks of the player it names.
#[derive(Debug, Clone, Copy)]
enum Wanted {
    /// `21-åringen`: a player of that age.
    Age(i32),
    /// `italieneren`: a player of that national team.
    Nationality(EntityId),
    /// `den italienske spissen`: a player of that national team who may play that position.
    NationalityAndPosition(EntityId, Position),
    /// `keeperen`: a player of that position, and only when one such player is in reach.
    Position(Position),
}

impl<'a> Describer<'a> {
    fn new(
        gazetteer: &'a Gazetteer,
        document: &'a Segmented<'_>,
        context: &'a MatchContext,
        mentions: &'a [Mention],
    ) -> Self {
        let (text, sentences) = (document.text, &document.sentences[..]);
        Describer {
            gazetteer,
            text,
            folded: Folded::default(),
            sentences,
            context,
            mentions,
            tokens: &document.tokens,
            year: context.date.map(|date| date.year),
            stated: stated_ages(gazetteer, text, mentions),
        }
    }

    /// The descriptions of every token that is not part of a name or of an earlier description.
    fn descriptions(&mut self) -> Descriptions {
        let mentions = self.mentions;
        let mut out = Descriptions::default();
        // Mentions and descriptions are both in document order: a cursor finds overlaps and a
        // binary search the mentions in reach, so a long document costs linear time.
        let mut cursor = 0;
        for (index, sentence) in self.sentences.iter().enumerate() {
            self.folded.cover(self.text, sentence.span);
            for (t, token) in self.tokens[sentence.tokens].iter().enumerate() {
                while cursor < mentions.len() && mentions[cursor].span.end() <= token.span().start()
                {
                    cursor += 1;
                }
                let overlaps = |m: &Mention| m.span.overlaps(token.span());
                if mentions.get(cursor).is_some_and(overlaps) {
                    if let Some(player) = self.team_player(cursor, token, self.reach(index)) {
                        let span = Span::new(mentions[cursor].span.start(), token.span().end());
                        out.players_of_teams.push((cursor, player, span));
                    }
                    continue;
                }
                if out.found.last().is_some_and(overlaps) {
                    continue;
                }
                if let Some(mention) = self.description(index, t, &out.found) {
                    out.found.push(mention);
                }
            }
        }
        out
    }

    /// Where the sentences a description in sentence `index` may look back to start.
    fn reach(&self, index: usize) -> usize {
        self.sentences[index.saturating_sub(DESCRIPTION_REACH)]
            .span
            .start()
    }

    /// The description token `t` of sentence `index` opens, if any: of a team first, else of a
    /// player (`found` holds the descriptions before it).
    fn description(&self, index: usize, t: usize, found: &[Mention]) -> Option<Mention> {
        let token = &self.tokens[self.sentences[index].tokens][t];
        let (span, entity) = match self.described_team(token) {
            Some(team) => (token.span(), team),
            None => self.described_player(index, t, found)?,
        };
        Some(Mention {
            span,
            sentence: SentenceId::new(index),
            entities: Entities::one(entity),
            how: How::Description,
        })
    }

    /// `hjemmelaget`, `gjestene`, `London-klubben`: a team of the header.
    fn described_team(&self, token: &Token) -> Option<EntityId> {
        let word = &self.folded[token.span()];
        if HOME_WORDS.contains(&word) {
            self.context.home
        } else if AWAY_WORDS.contains(&word) {
            self.context.away
        } else {
            city_team(self.gazetteer, self.text, token, self.context)
        }
    }

    /// Player descriptions: "21-åringen", "italieneren", "den italienske spissen", "keeperen":
    /// the description's span and the player it names, the most recent compatible one in reach.
    fn described_player(
        &self,
        index: usize,
        t: usize,
        found: &[Mention],
    ) -> Option<(Span, EntityId)> {
        let (span, wanted) =
            self.player_description(&self.tokens[self.sentences[index].tokens], t)?;
        let mut compatible = self.compatible_players(span, self.reach(index), found, wanted);
        // A player whose age the report states beats one whose age is unknown.
        if let Wanted::Age(age) = wanted {
            if compatible
                .iter()
                .any(|(_, e)| self.stated.get(e) == Some(&age))
            {
                compatible.retain(|(_, e)| self.stated.get(e) == Some(&age));
            }
        }
        // A position alone ("keeperen") names a player only when one player of that position is
        // in reach.
        let unique = matches!(wanted, Wanted::Position(_));
        let player = match compatible.last() {
            Some(&(_, last)) if unique && compatible.iter().any(|&(_, e)| e != last) => None,
            Some(&(_, last)) => Some(last),
            None => None,
        }?;
        Some((span, player))
    }

    /// The span of the player description token `t` opens and what it asks of the player.
    fn player_description(&self, tokens: &[Token], t: usize) -> Option<(Span, Wanted)> {
        let token = &tokens[t];
        let word = &self.folded[token.span()];
        if let Some(age) = age_noun(word) {
            return Some((token.span(), Wanted::Age(age)));
        }
        let descriptors = self.gazetteer.descriptors();
        if let Some(nation) = descriptors.nation_of_demonym(word) {
            return Some((token.span(), Wanted::Nationality(nation)));
        }
        if let (Some(nation), Some(next)) =
            (descriptors.nation_of_adjective(word), tokens.get(t + 1))
        {
            let position = position(&self.folded[next.span()])?;
            let span = Span::new(token.span().start(), next.span().end());
            return Some((span, Wanted::NationalityAndPosition(nation, position)));
        }
        position(word).map(|position| (token.span(), Wanted::Position(position)))
    }

    /// The players named (or described) from `reach` up to a description that fit what it asks,
    /// with where they are named, in document order.
    fn compatible_players(
        &self,
        span: Span,
        reach: usize,
        found: &[Mention],
        wanted: Wanted,
    ) -> Vec<(usize, EntityId)> {
        let in_reach = |list: &[Mention]| {
            let from = list.partition_point(|m| m.span.start() < reach);
            let to = list.partition_point(|m| m.span.start() < span.start());
            from..to.max(from)
        };
        let (own, described) = (in_reach(self.mentions), in_reach(found));
        let mut compatible: Vec<(usize, EntityId)> = self.mentions[own]
            .iter()
            .chain(found[described].iter())
            .filter(|m| m.span.end() <= span.start())
            .filter_map(|m| m.entity().map(|e| (m.span.start(), e)))
            .filter(|&(_, e)| {
                self.gazetteer.entity(e).kind == EntityKind::Player && self.fits(wanted, e)
            })
            .collect();
        compatible.sort();
        compatible
    }

    /// Whether a player is what a description asks for.
    fn fits(&self, wanted: Wanted, player: EntityId) -> bool {
        let Some(profile) = self.gazetteer.player(player) else {
            return false;
        };
        match wanted {
            Wanted::Age(age) => self.age_fits(player, profile, age),
            Wanted::Nationality(nation) => profile.nationality() == Some(nation),
            Wanted::NationalityAndPosition(nation, position) => {
                profile.nationality() == Some(nation) && profile.may_play(position)
            }
            Wanted::Position(position) => profile.position == Some(position),
        }
    }

    /// An age the report states ("Mario Götze (22)") decides; else, with the report's year, a
    /// player born then fits (a birthday may not have come yet); without either, any player does.
    fn age_fits(&self, player: EntityId, profile: &PlayerProfile, age: i32) -> bool {
        match (self.stated.get(&player), self.year, profile.birth_year) {
            (Some(&stated), _, _) => stated == age,
            (None, Some(year), Some(born)) => matches!(year - born - age, 0 | 1),
            _ => true,
        }
    }

    /// The player a team compound names (`Schalke-spissen`, `Uruguay-stjernen`): one of the
    /// team's players fitting the role, named in the sentences before (`reach` is where they
    /// start), else the only one the gazetteer has in the match, or the only one of those the
    /// report names near. Not when a name follows ("Chelsea-spissen Didier Drogba"): the name is
    /// the mention then. `at` is the team's mention, `token` the compound.
    fn team_player(&self, at: usize, token: &Token, reach: usize) -> Option<EntityId> {
        let mention = &self.mentions[at];
        if mention.how != How::Compound || mention.span.end() >= token.span().end() {
            return None;
        }
        let team = mention
            .entity()
            .filter(|&e| self.gazetteer.entity(e).kind.is_team())?;
        let noun = self.folded[mention.span.end()..token.span().end()].strip_prefix('-')?;
        let position = role(noun)?;
        let squad = self.gazetteer.descriptors().squad(team)?;
        // The squad holds every player the team ever had; a dated report's compound names one
        // of the team at its date (`Arsenal-spissen` of 2013 is not van Persie).
        let date = self.context.date;
        let fits = |p: EntityId| {
            squad.contains(&p)
                && self.gazetteer.player(p).is_some_and(|profile| {
                    position.is_none_or(|position| profile.may_play(position))
                        && (date.is_none() || profile.teams_at(date).any(|t| t == team))
                })
        };
        if self.name_follows(at, token) {
            return None;
        }
        self.named_before(at, reach, fits)
            .or_else(|| self.one_in_match(at, squad, fits))
    }

    /// "Real Madrid-stjernen Ángel Di Maria": the name that follows is the player, whatever club
    /// the gazetteer gives him.
    fn name_follows(&self, at: usize, token: &Token) -> bool {
        self.mentions.get(at + 1).is_some_and(|next| {
            next.span.start() <= token.span().end() + 1
                && next
                    .entities
                    .iter()
                    .all(|&e| self.gazetteer.entity(e).kind.is_person())
        })
    }

    /// The nearest player before mention `at` that fits, within reach, and not too many
    /// mentions back: a giant sentence of names must not make this quadratic.
    fn named_before(
        &self,
        at: usize,
        reach: usize,
        fits: impl Fn(EntityId) -> bool,
    ) -> Option<EntityId> {
        self.mentions[..at]
            .iter()
            .rev()
            .take_while(|m| m.span.start() >= reach)
            .take(MENTIONS_BACK)
            .filter_map(Mention::entity)
            .find(|&p| fits(p))
    }

    /// The only player of a squad who fits and plays for a team of the match; of several, the
    /// only one the report names near mention `at` ("Ajax-keeperen" among the Netherlands'
    /// keepers).
    fn one_in_match(
        &self,
        at: usize,
        squad: &[EntityId],
        fits: impl Fn(EntityId) -> bool,
    ) -> Option<EntityId> {
        let playing: Vec<EntityId> = squad
            .iter()
            .copied()
            .filter(|&p| fits(p) && self.plays_in_match(p))
            .collect();
        let mentions = self.mentions;
        let near =
            &mentions[at.saturating_sub(MENTIONS_BACK)..(at + MENTIONS_BACK).min(mentions.len())];
        let named: Vec<EntityId> = playing
            .iter()
            .copied()
            .filter(|&p| near.iter().any(|m| m.entity() == Some(p)))
            .collect();
        match (named.as_slice(), playing.as_slice()) {
            ([one], _) | ([], [one]) => Some(*one),
            _ => None,
        }
    }

    /// Whether the gazetteer has a player at a club or national team of the header's match.
    fn plays_in_match(&self, player: EntityId) -> bool {
        let Some(player) = self.gazetteer.player(player) else {
            return false;
        };
        self.context.teams().any(|side| {
            player.nationality() == Some(side) || player.clubs_at(self.context.date).contains(&side)
        })
    }
}

/// `21-åringen`, `19-åring`: a player described by age.
fn age_noun(word: &str) -> Option<i32> {
    let (number, noun) = word.split_once('-')?;
    let age: i32 = number.parse().ok()?;
    (AGE_NOUNS.contains(&noun) && PLAYER_AGES.contains(&age)).then_some(age)
}

#[cfg(test)]
mod tests {
    use crate::gazetteer::{EntityKind, Gazetteer};
    use crate::recognize::tests::{check, entity, m};
    use crate::recognize::{recognize, How};
    use crate::segment::Segmented;

    #[test]
    fn team_descriptions() {
        check(vec![
            (
                "Manchester City- Tottenham 3-2\nLondon-klubben kom tilbake. Gjestene tapte.",
                vec![
                    m("Manchester City", "club:city", "exact"),
                    m("Tottenham", "club:tottenham", "alias"),
                    m("London-klubben", "club:tottenham", "description"),
                    m("Gjestene", "club:tottenham", "description"),
                ],
            ),
            (
                "Manchester City- Tottenham 3-2\nLondonerne tapte.",
                vec![
                    m("Manchester City", "club:city", "exact"),
                    m("Tottenham", "club:tottenham", "alias"),
                    m("Londonerne", "club:tottenham", "description"),
                ],
            ),
        ]);
    }

    #[test]
    fn player_descriptions() {
        check(vec![
            (
                "Ledley King og Balotelli spilte. Spissen scoret. Så kom Kolo Touré og Yaya Touré, og keeperen.",
                vec![
                    m("Ledley King", "player:king", "exact"),
                    m("Balotelli", "player:balotelli", "alias"),
                    m("Spissen", "player:balotelli", "description"),
                    m("Kolo Touré", "player:kolo", "exact"),
                    m("Yaya Touré", "player:yaya", "exact"),
                ],
            ),
            (
                "Balotelli scoret. Så felte King den italienske spissen. 21-åringen trampet. Italieneren jublet.",
                vec![
                    m("Balotelli", "player:balotelli", "alias"),
                    m("King", "player:king", "alias"),
                    m("italienske spissen", "player:balotelli", "description"),
                    m("21-åringen", "player:balotelli", "description"),
                    m("Italieneren", "player:balotelli", "description"),
                ],
            ),
        ]);
    }

    #[test]
    fn team_compounds() {
        check(vec![
            // A team compound with a role names one of its players: the only one in the match
            // ("Spurs-stopperen": King), or the one named before ("Italia-spissen": Balotelli);
            // not when the name follows ("City-spissen Balotelli").
            (
                "Manchester City- Tottenham 3-2\nSpurs-stopperen felte. City-spissen Balotelli scoret. \
                 Italia-spissen jublet.",
                vec![
                    m("Manchester City", "club:city", "exact"),
                    m("Tottenham", "club:tottenham", "alias"),
                    m("Spurs-stopperen", "player:king", "description"),
                    m("City", "club:city", "compound"),
                    m("Balotelli", "player:balotelli", "alias"),
                    m("Italia-spissen", "player:balotelli", "description"),
                ],
            ),
            // A name right after the compound is the player, whatever club the gazetteer has.
            (
                "Manchester City- Tottenham 3-2\nSpurs-stopperen Ole Gunnar Solskjær felte.",
                vec![
                    m("Manchester City", "club:city", "exact"),
                    m("Tottenham", "club:tottenham", "alias"),
                    m("Spurs", "club:tottenham", "compound"),
                    m("Ole Gunnar Solskjær", "player:ogs", "exact"),
                ],
            ),
        ]);
    }

    #[test]
    fn ages_fit_the_report_year() {
        let gazetteer = Gazetteer::from_entities(vec![
            entity(
                "player:old",
                EntityKind::Player,
                "Ole Gammel",
                &["Gammel"],
                &[("birth_date", "1980-05-01")],
            ),
            entity(
                "player:young",
                EntityKind::Player,
                "Unge Ung",
                &["Ung"],
                &[("birth_date", "1990-08-12")],
            ),
        ]);
        let linked = |text: &str| {
            let recognition = recognize(&gazetteer, &Segmented::new(text).unwrap(), None);
            let described = recognition
                .mentions
                .iter()
                .find(|m| m.how == How::Description);
            described.map(|m| gazetteer.entity(m.entities[0]).id.clone())
        };
        let text = "Oslo, 22. januar 2012. Ung og Gammel spilte. 21-åringen scoret.";
        assert_eq!(
            linked(text).as_deref(),
            Some("player:young"),
            "Gammel is 31 in 2012"
        );
        assert_eq!(
            linked("Ung og Gammel spilte. 21-åringen scoret.").as_deref(),
            Some("player:old"),
            "no year: the latest"
        );
        assert_eq!(
            linked("Ung (21) og Gammel spilte. 21-åringen scoret.").as_deref(),
            Some("player:young"),
            "no year, but the report states Ung's age"
        );
        assert_eq!(
            linked("Oslo, 22. januar 2012. Ung (24) og Gammel spilte. 21-åringen scoret.")
                .as_deref(),
            None,
            "a stated age rules a player out"
        );
    }
}
