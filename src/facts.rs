//! Stage 4b: the match facts of one report, as a reader sees them: the teams, the stated score,
//! the goals in order with minute, scorer and team, and whether they add up.

use crate::classify::{EventKind, Minute};
use crate::segment::{Token, TokenKind};
use crate::Analysis;
use std::ops::Range;

/// Where the stated score was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ScoreSource {
    /// The header `Team - Team 3-2` (or its form in a lead: `(Brasil - Kroatia 3-1)`).
    Header,
    /// A fact line `Mål: 1-0 Johnsen (41), 2-0 King (59)`: its last score.
    FactLine,
}

impl ScoreSource {
    pub fn as_str(self) -> &'static str {
        match self {
            ScoreSource::Header => "header",
            ScoreSource::FactLine => "fact line",
        }
    }
}

/// One goal: its minute, scorer and team.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Goal {
    pub minute: Option<Minute>,
    /// The scorer's mention (an index into the recognition's mentions), when recognised.
    pub scorer: Option<usize>,
    /// The scorer's name as written, when a fact line names one the gazetteer lacks.
    pub name: Option<Range<usize>>,
    pub team: Option<usize>,
    pub penalty: bool,
    /// The event it came from.
    pub sentence: usize,
}

/// The facts of one match report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchFacts {
    pub home: Option<usize>,
    pub away: Option<usize>,
    /// The stated score as a byte range of the document, and where it was found.
    pub score: Option<(Range<usize>, ScoreSource)>,
    pub goals: Vec<Goal>,
    /// Whether the goals add up to the stated score; `None` when there is nothing to check against.
    pub consistent: Option<bool>,
}

/// The facts of a report, or `None` when it names no match and reports no goal.
pub fn match_facts(analysis: &Analysis<'_>) -> Option<MatchFacts> {
    let context = &analysis.recognition.context;
    let score = context
        .score
        .clone()
        .map(|s| (s, ScoreSource::Header))
        .or_else(|| fact_line_score(analysis));
    let text = analysis.document.text.as_str();
    let stated = score
        .as_ref()
        .and_then(|(span, _)| parse_score(&text[span.clone()]));
    let goals = goals(analysis, stated);
    if context.home.is_none() && goals.is_empty() {
        return None;
    }
    let consistent = stated.map(|(home_goals, away_goals)| {
        let count = |team: Option<usize>| {
            goals
                .iter()
                .filter(|g| team.is_some() && g.team == team)
                .count()
        };
        match (context.home, context.away) {
            (Some(_), Some(_)) => {
                count(context.home) == home_goals && count(context.away) == away_goals
            }
            _ => goals.len() == home_goals + away_goals,
        }
    });
    Some(MatchFacts {
        home: context.home,
        away: context.away,
        score,
        goals,
        consistent,
    })
}

/// Goal events with a scorer, or with a team and a minute, of one of the match's two teams when
/// the report names them, merged when the same scorer's goal is told twice (a lead, then the
/// narrative), in match order. A fact line (`Mål: 1-0 Johnsen (41), ...`) lists every goal, so
/// when a report has one, its goals are the list and the story's retellings are left out.
fn goals(analysis: &Analysis<'_>, stated: Option<(usize, usize)>) -> Vec<Goal> {
    let events = &analysis.events;
    let mut fact_line_sentences: Vec<usize> = events
        .iter()
        .filter(|e| e.kind == EventKind::Goal)
        .map(|e| e.sentence)
        .collect();
    fact_line_sentences.dedup();
    let listed: Vec<Goal> = fact_line_sentences
        .into_iter()
        .flat_map(|sentence| fact_line_goals(analysis, sentence))
        .collect();
    if !listed.is_empty() {
        return listed;
    }
    let mentions = &analysis.recognition.mentions;
    // Events are in sentence order: a binary search finds a sentence's events.
    let in_sentence = |sentence: usize, kind: EventKind| {
        let from = events.partition_point(|e| e.sentence < sentence);
        events[from..]
            .iter()
            .take_while(|e| e.sentence == sentence)
            .any(|e| e.kind == kind)
    };
    // A penalty goal told without a minute (a lead) happened when the penalty was given.
    let penalty_minute = events
        .iter()
        .filter(|e| e.kind == EventKind::Penalty)
        .find_map(|e| e.minute);
    let entity_of = |scorer: Option<usize>| scorer.and_then(|m| mentions[m].entity());
    let mut goals: Vec<Goal> = Vec::new();
    // Per scorer, the goals already listed for them.
    let mut by_scorer: std::collections::HashMap<usize, Vec<usize>> =
        std::collections::HashMap::new();
    let context = &analysis.recognition.context;
    for event in events.iter().filter(|e| e.kind == EventKind::Goal) {
        let penalty = in_sentence(event.sentence, EventKind::Penalty);
        let minute = event.minute.or(if penalty { penalty_minute } else { None });
        if event.actor.is_none() && (event.team.is_none() || minute.is_none()) {
            continue;
        }
        // A goal credited to a third team is from another match (a record, a recalled game).
        let teams = context.home.zip(context.away);
        if let (Some((home, away)), Some(team)) = (teams, event.team) {
            if team != home && team != away {
                continue;
            }
        }
        let scorer = entity_of(event.actor);
        let listed = scorer
            .and_then(|s| by_scorer.get(&s))
            .into_iter()
            .flatten()
            .copied();
        let same = listed
            .into_iter()
            .find(|&g| goals[g].minute.is_none() || minute.is_none() || goals[g].minute == minute)
            // A goal of the team at the same minute, one of them told without its scorer, is the
            // same goal ("Nederland scoret på straffen" and Huntelaar's penalty on overtid).
            .or_else(|| {
                goals.iter().position(|g| {
                    minute.is_some()
                        && g.minute == minute
                        && g.team == event.team
                        && (scorer.is_none() || g.scorer.is_none())
                })
            });
        match same {
            Some(g) => {
                let goal = &mut goals[g];
                goal.minute = goal.minute.or(minute);
                goal.penalty |= penalty;
                if goal.scorer.is_none() && event.actor.is_some() {
                    goal.scorer = event.actor;
                    if let Some(scorer) = scorer {
                        by_scorer.entry(scorer).or_default().push(g);
                    }
                }
            }
            None => {
                if let Some(scorer) = scorer {
                    by_scorer.entry(scorer).or_default().push(goals.len());
                }
                goals.push(Goal {
                    minute,
                    scorer: event.actor,
                    name: None,
                    team: event.team,
                    penalty,
                    sentence: event.sentence,
                })
            }
        }
    }
    if let (Some(home), Some(away), Some((home_goals, away_goals))) =
        (context.home, context.away, stated)
    {
        merge_retold(&mut goals, home, home_goals);
        merge_retold(&mut goals, away, away_goals);
    }
    // Match order: by minute; a goal told without one keeps its place in the story, after the
    // last goal before it that has a minute ("etter pause utlignet X" between 23' and 81').
    let key = |m: Minute| (m.regular, m.added.map_or(0, |a| 1 + a.unwrap_or(0)));
    let mut last = (0, 0);
    let mut keyed: Vec<((u16, u16), Goal)> = goals
        .into_iter()
        .map(|g| {
            last = g.minute.map_or(last, key);
            (last, g)
        })
        .collect();
    keyed.sort_by_key(|(k, _)| *k);
    keyed.into_iter().map(|(_, g)| g).collect()
}

/// A team with more goals than the stated score gives it has a goal told twice: a goal told with
/// its minute but no scorer ("Under to minutter etter scoret Elfenbenkysten igjen") is the one a
/// named scorer of the team got without a minute, told later in the story as a lead's goals are
/// ("Roma-spissen satt ballen i det nærmeste hjørnet"), or else the closest one before.
fn merge_retold(goals: &mut Vec<Goal>, team: usize, stated: usize) {
    while goals.iter().filter(|g| g.team == Some(team)).count() > stated {
        let Some(anonymous) = goals.iter().position(|g| {
            g.team == Some(team) && g.scorer.is_none() && g.name.is_none() && g.minute.is_some()
        }) else {
            return;
        };
        let told_at = goals[anonymous].sentence;
        let candidates = || {
            (0..goals.len()).filter(|&g| {
                goals[g].team == Some(team)
                    && goals[g].scorer.is_some()
                    && goals[g].minute.is_none()
            })
        };
        let named = candidates()
            .filter(|&g| goals[g].sentence > told_at)
            .min_by_key(|&g| goals[g].sentence)
            .or_else(|| candidates().max_by_key(|&g| goals[g].sentence));
        let Some(named) = named else {
            return;
        };
        let told = goals.remove(anonymous);
        let named = if named > anonymous { named - 1 } else { named };
        goals[named].minute = told.minute;
        goals[named].penalty |= told.penalty;
    }
}

/// The goals of a fact line `Mål: 1-0 Johnsen (41), 1-1 Hansen (55)`: each score, the name after
/// it, the minute in brackets, and the team from which side of the score went up.
fn fact_line_goals(analysis: &Analysis<'_>, sentence: usize) -> Vec<Goal> {
    let text = analysis.document.text.as_str();
    let tokens = &analysis.sentences[sentence].tokens;
    if !is_goal_fact_line(text, tokens) {
        return Vec::new();
    }
    let context = &analysis.recognition.context;
    let mut goals = Vec::new();
    let mut previous = (0, 0);
    let scores: Vec<usize> = (0..tokens.len())
        .filter(|&i| tokens[i].kind == TokenKind::Score)
        .collect();
    for (n, &at) in scores.iter().enumerate() {
        let end = scores.get(n + 1).copied().unwrap_or(tokens.len());
        let Some(score) = parse_score(&text[tokens[at].span.clone()]) else {
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
        let part = &tokens[at + 1..end];
        let name_end = part
            .iter()
            .position(|t| matches!(&text[t.span.clone()], "(" | "," | ";" | "."))
            .unwrap_or(part.len());
        let name = (name_end > 0).then(|| part[0].span.start..part[name_end - 1].span.end);
        let minute = part
            .windows(3)
            .find(|w| &text[w[0].span.clone()] == "(" && &text[w[2].span.clone()] == ")")
            .and_then(|w| text[w[1].span.clone()].parse().ok())
            .map(Minute::at);
        let scorer = name.as_ref().and_then(|name| {
            analysis
                .recognition
                .mentions
                .iter()
                .position(|m| m.span.start >= name.start && m.span.end <= name.end)
        });
        let penalty = part.iter().any(|t| {
            matches!(
                text[t.span.clone()].to_lowercase().as_str(),
                "straffe" | "str" | "pen"
            )
        });
        goals.push(Goal {
            minute,
            scorer,
            name,
            team,
            penalty,
            sentence,
        });
    }
    goals
}

fn fact_line_score(analysis: &Analysis<'_>) -> Option<(Range<usize>, ScoreSource)> {
    let text = analysis.document.text.as_str();
    analysis
        .sentences
        .iter()
        .filter(|s| is_goal_fact_line(text, &s.tokens))
        .find_map(|sentence| {
            let last = sentence
                .tokens
                .iter()
                .rev()
                .find(|t| t.kind == TokenKind::Score)?;
            Some((last.span.clone(), ScoreSource::FactLine))
        })
}

/// `Mål: ...`, `Scoringer: ...`, `Målscorere: ...`.
fn is_goal_fact_line(text: &str, tokens: &[Token]) -> bool {
    let word = |i: usize| {
        tokens
            .get(i)
            .map(|t| text[t.span.clone()].to_lowercase())
            .unwrap_or_default()
    };
    matches!(word(0).as_str(), "mål" | "scoringer" | "målscorere") && word(1) == ":"
}

/// `3-2`, `2–1` -> (3, 2).
pub fn parse_score(score: &str) -> Option<(usize, usize)> {
    let (home, away) = score.split_once(['-', '–'])?;
    Some((home.trim().parse().ok()?, away.trim().parse().ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Document, Pipeline};

    fn summary(text: &str) -> (Vec<String>, Option<bool>) {
        let pipeline = Pipeline::new().unwrap();
        let doc = Document::new("t", text);
        let analysis = pipeline.analyze(&doc);
        let facts = match_facts(&analysis).unwrap();
        let goals = facts
            .goals
            .iter()
            .map(|g| {
                let minute = g.minute.map(|m| m.to_string()).unwrap_or_default();
                let span = g
                    .scorer
                    .map(|m| analysis.recognition.mentions[m].span.clone())
                    .or(g.name.clone());
                format!(
                    "{minute} {}",
                    span.map(|s| &doc.text[s]).unwrap_or_default()
                )
            })
            .collect();
        (goals, facts.consistent)
    }

    #[test]
    fn goals_in_order_and_consistency() {
        let (goals, consistent) = summary(
            "Rosenborg - Molde 2-1\nBendtner avgjorde med en straffe på overtid.\n\
             Aursnes scoret etter 20 minutter. Bendtner utlignet etter 50 minutter.\n\
             Dommeren pekte på straffemerket på overtid, og Bendtner scoret sikkert.",
        );
        assert_eq!(goals, ["20 Aursnes", "50 Bendtner", "90+ Bendtner"]);
        let (goals, _) = summary(
            "Rosenborg - Molde 2-1\nAursnes scoret etter 20 minutter. Etter pause utlignet Reginiussen. \
             Bendtner scoret etter 81 minutter.",
        );
        assert_eq!(
            goals,
            ["20 Aursnes", " Reginiussen", "81 Bendtner"],
            "a goal without a minute keeps its place"
        );
        assert_eq!(consistent, Some(true));
        let (_, consistent) = summary("Rosenborg - Molde 3-1\nAursnes scoret etter 20 minutter.");
        assert_eq!(consistent, Some(false));
        // A header whose teams are countries, broken after the first team, is still the header.
        let (_, consistent) =
            summary("(Frankrike\n- Nigeria 1-0)\n\nPaul Pogba scoret etter 79 minutter.");
        assert_eq!(consistent, Some(true));
        // A header broken over two lines keeps its score.
        let (_, consistent) =
            summary("ROSENBORG\n- MOLDE 0–1\n\nAursnes scoret etter 20 minutter.");
        assert_eq!(consistent, Some(true));
    }

    #[test]
    fn a_goal_told_without_its_scorer_beyond_the_score_is_a_retelling() {
        let (goals, consistent) = summary(
            "Molde - Rosenborg 2-0\nAursnes scoret etter 20 minutter. To minutter senere \
             scoret Molde igjen.\n\nDet var Toivio som satte inn 2-0 med hodet.",
        );
        assert_eq!(goals, ["20 Aursnes", "22 Toivio"]);
        assert_eq!(consistent, Some(true));
        // Within the score, an anonymous goal stays a goal of its own.
        let (goals, _) = summary(
            "Molde - Rosenborg 3-0\nAursnes scoret etter 20 minutter. To minutter senere \
             scoret Molde igjen.\n\nDet var Toivio som satte inn 3-0 med hodet.",
        );
        assert_eq!(goals, ["20 Aursnes", "22 ", " Toivio"]);
    }

    #[test]
    fn own_goals_keepers_and_other_matches() {
        let (goals, consistent) = summary(
            "Brasil - Kroatia 1-1\nMarcelo styrte ballen i eget mål, et selvmål etter elleve minutter. \
             Ballen gikk i mål bak Stipe Pletikosa etter 29 minutter. \
             Messi scoret også i Barcelonas kamp i går.",
        );
        assert_eq!(
            goals,
            ["11 Marcelo", "29 "],
            "Messi plays for neither team; Pletikosa is the keeper beaten"
        );
        assert_eq!(consistent, Some(true), "the own goal counts for Kroatia");
    }

    #[test]
    fn extra_time_goals_in_a_short_report() {
        // Over 40 words with one football word root: the score in the header is the second.
        let (goals, consistent) = summary(
            "Belgia - USA 2-1\nDet sto 0-0 etter full tid. I ekstraomgangene scoret De Bruyne for \
             Belgia. Lukaku scoret i den andre ekstraomgangen. Green reduserte på overtid i andre \
             ekstraomgang. Før den første ekstraomgangen var alle slitne. Belgia vant 2-1 etter \
             ekstraomganger.",
        );
        assert_eq!(goals, ["91-120 De Bruyne", "106-120 Lukaku", "120+ Green"]);
        assert_eq!(consistent, Some(true));
    }

    #[test]
    fn fact_line_gives_the_score() {
        let (goals, consistent) = summary("Mål: 1-0 Bendtner (41), 1-1 Ola Nordmann (59).");
        assert_eq!(goals, ["41 Bendtner", "59 Ola Nordmann"]);
        assert_eq!(consistent, Some(true));
        // A goal told once with its scorer and once without, at the same minute, is one goal;
        // a penalty goal told without a minute takes the minute the penalty was given.
        let (goals, consistent) = summary(
            "Rosenborg - Molde 1-0\nDommeren pekte på straffemerket etter 81 minutter.\n\
             Straffesparket ble satt sikkert i nettet. Rosenborg scoret etter 81 minutter. \
             Bendtner scoret etter 81 minutter.",
        );
        assert_eq!(goals, ["81 Bendtner"]);
        assert_eq!(consistent, Some(true));
        // The story retells the goals; the fact line alone lists them.
        let (goals, consistent) = summary(
            "Rosenborg - Molde 1-1\nBendtner scoret før pause, og Molde utlignet.\n\
             Mål: 1-0 Bendtner (41), 1-1 Ola Nordmann (59).",
        );
        assert_eq!(goals, ["41 Bendtner", "59 Ola Nordmann"]);
        assert_eq!(consistent, Some(true));
    }
}
