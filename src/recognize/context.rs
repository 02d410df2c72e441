//! What a report says about its own match and players, read once per document: the match its
//! header names (`Manchester City- Tottenham 3-2`) and which of its teams a city stands for
//! (`London-klubben`), the date of its dateline, the ages it states after names
//! (`Mario Götze (22)`), and the teams and nationality the gazetteer gives a player.

use super::candidates::RawMatch;
use super::{sentence_at, Mention};
use crate::gazetteer::{Date, EntityKind, Gazetteer};
use crate::ids::EntityId;
use crate::segment::{Segmented, Sentence, Token, TokenKind};
use crate::span::Span;
use crate::text::one_dash;
use crate::words::descriptions::{CITY_PEOPLE_ENDING, TEAM_NOUNS};
use crate::words::time::MONTHS;
// Looked up once per description: a fast hasher matters, and keys are not hostile.
use rustc_hash::FxHashMap as HashMap;
use std::ops::RangeInclusive;

/// The ages a number may be of a player, stated after a name (`Götze (22)`) or in a description
/// (`21-åringen`): other numbers there are not ages (a year, a shirt number, a score).
pub(super) const PLAYER_AGES: RangeInclusive<i32> = 14..=50;

/// The years a dateline may give: a four-digit number outside is not the report's year.
const REPORT_YEARS: RangeInclusive<i32> = 1950..=2100;

/// How many opening sentences may hold the header naming the match.
const HEADER_SENTENCES: usize = 5;

/// How many opening sentences may hold the dateline giving the report's year.
const DATELINE_SENTENCES: usize = 3;

/// The match a report is about, when its header or fact line names it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MatchContext {
    /// The home team's entity, the first of the header.
    pub home: Option<EntityId>,
    /// The away team's entity, the second of the header.
    pub away: Option<EntityId>,
    /// The byte range of the stated score (`3-2`) in the document.
    pub score: Option<Span>,
    /// The date of the match: the document's (a JSON Lines `date`), else a dateline's in its
    /// first sentences. It chooses a player's clubs where the gazetteer gives their years.
    pub date: Option<Date>,
}

impl MatchContext {
    /// The teams of the match that the header names, home first.
    pub fn teams(&self) -> impl Iterator<Item = EntityId> + '_ {
        self.home.into_iter().chain(self.away)
    }

    /// The other team of the match, if `team` is one of its two.
    pub fn opponent(&self, team: EntityId) -> Option<EntityId> {
        match (self.home, self.away) {
            (Some(home), Some(away)) if team == home => Some(away),
            (Some(home), Some(away)) if team == away => Some(home),
            _ => None,
        }
    }
}

/// `London-klubben`, `Manchester-laget`, `londonerne`: a team of the match from that city.
pub(super) fn city_team(
    gazetteer: &Gazetteer,
    text: &str,
    token: &Token,
    context: &MatchContext,
) -> Option<EntityId> {
    let word = &text[token.span()];
    if token.kind != TokenKind::Word || !(word.contains('-') || word.ends_with(CITY_PEOPLE_ENDING))
    {
        return None;
    }
    let playing_in = |city: &str| -> Option<EntityId> {
        let clubs = gazetteer.descriptors().clubs_in(city)?;
        let playing: Vec<EntityId> = context.teams().filter(|t| clubs.contains(t)).collect();
        (playing.len() == 1).then(|| playing[0])
    };
    // "londonerne": the people of the city, the team of the match from there.
    let word = word.to_lowercase();
    if let Some(city) = word.strip_suffix(CITY_PEOPLE_ENDING) {
        if let Some(team) = playing_in(city) {
            return Some(team);
        }
    }
    let mut parts = token.parts(text);
    let (city, noun) = (parts.next()?, parts.next()?);
    if parts.next().is_some() || !TEAM_NOUNS.contains(&text[noun].to_lowercase().as_str()) {
        return None;
    }
    playing_in(&text[city].to_lowercase())
}

/// The first header or fact line of the form `Team - Team [score]` in the opening sentences.
pub(super) fn match_context(
    gazetteer: &Gazetteer,
    document: &Segmented<'_>,
    date: Option<Date>,
    matches: &[RawMatch],
) -> MatchContext {
    let (text, sentences) = (document.text, &document.sentences[..]);
    let date = date.or_else(|| report_date(text, sentences, &document.tokens));
    let sentence_of = |offset: usize| sentence_at(sentences, offset);
    let team = |m: &RawMatch| {
        m.candidates
            .iter()
            .find(|(e, _)| gazetteer.entity(*e).kind.is_team())
            .map(|c| c.0)
    };
    for pair in matches.windows(2) {
        let (first, second) = (&pair[0], &pair[1]);
        if sentence_of(first.span.start()).index() >= HEADER_SENTENCES {
            break;
        }
        if !one_dash(&text[first.span.end()..second.span.start()]) {
            continue;
        }
        let (Some(home), Some(away)) = (team(first), team(second)) else {
            continue;
        };
        return MatchContext {
            home: Some(home),
            away: Some(away),
            score: score_after(
                text,
                document.tokens_of(&sentences[sentence_of(second.span.start())]),
                second,
            ),
            date,
        };
    }
    MatchContext {
        date,
        ..MatchContext::default()
    }
}

/// The score that follows the second team of a header, which may put it on the next line
/// ("AALESUND\n- ODD 5–1").
fn score_after(text: &str, tokens: &[Token], second: &RawMatch) -> Option<Span> {
    tokens
        .iter()
        .find(|t| {
            t.kind == TokenKind::Score
                && t.span().start() >= second.span.end()
                && text[second.span.end()..t.span().start()].trim().is_empty()
        })
        .map(|t| t.span())
}

/// Ages the report states after a player's name, as Norwegian papers do: "Mario Götze (22)".
pub(super) fn stated_ages(
    gazetteer: &Gazetteer,
    text: &str,
    mentions: &[Mention],
) -> HashMap<EntityId, i32> {
    mentions
        .iter()
        .filter_map(|m| {
            let entity = m.entity()?;
            let rest = text[m.span.end()..].strip_prefix(" (")?;
            let (digits, _) = rest.split_once(')')?;
            let age: i32 = digits.parse().ok()?;
            (gazetteer.entity(entity).kind == EntityKind::Player && PLAYER_AGES.contains(&age))
                .then_some((entity, age))
        })
        .collect()
}

/// Digits of a year written in full (`2012`, not `12`).
const YEAR_DIGITS: usize = 4;

/// The date of the report, from a date in its first sentences (a dateline: `22.01.2012`,
/// `22. januar 2012`), if it gives one: its year, and its month.
pub(super) fn report_date(text: &str, sentences: &[Sentence], tokens: &[Token]) -> Option<Date> {
    let year = |s: &str| {
        s.parse::<i32>()
            .ok()
            .filter(|y| s.len() == YEAR_DIGITS && REPORT_YEARS.contains(y))
    };
    let month = |s: &str| s.parse::<u32>().ok().filter(|m| (1..=12).contains(m));
    sentences
        .iter()
        .take(DATELINE_SENTENCES)
        .find_map(|sentence| {
            let tokens = &tokens[sentence.tokens];
            tokens.iter().enumerate().find_map(|(i, token)| {
                let surface = &text[token.span()];
                if surface.matches('.').count() == 2 {
                    let mut parts = surface.rsplit('.');
                    let year = parts.next().and_then(year)?;
                    let month = parts.next().and_then(month);
                    return Some(Date { year, month });
                }
                let before = i
                    .checked_sub(1)
                    .map(|b| text[tokens[b].span()].to_lowercase());
                let month = MONTHS.iter().position(|m| before.as_deref() == Some(*m))?;
                Some(Date {
                    year: year(surface)?,
                    month: Some(month as u32 + 1),
                })
            })
        })
}
