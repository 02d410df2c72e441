//! Stage 4b: the match facts of one report, as a reader sees them: the teams, the stated score,
//! the goals in order with minute, scorer and team, and whether they add up.

mod fact_line;
mod story;

use crate::classify::{fullest_name, Event, Minute, StatedMinutes};
use crate::gazetteer::Gazetteer;
use crate::ids::{EntityId, MentionId, SentenceId};
use crate::recognize::Recognition;
use crate::segment::parse_score;
use crate::segment::{Segmented, Sentence, Token};
use crate::span::Span;
use story::{in_match_order, merge_retold};

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
    /// Its name in `matches.csv` (`header`, `fact line`).
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
    /// When it was scored, if the report says.
    pub minute: Option<Minute>,
    /// The scorer's mention in the recognition's mentions, when recognised.
    pub scorer: Option<MentionId>,
    /// Without a recognised scorer, the scorer's name as written when no gazetteer knows it, in
    /// the fullest form the document gives ("Jonah Adeyemo" for "Adeyemo").
    pub name: Option<Span>,
    /// The team credited with it, as a gazetteer entity.
    pub team: Option<EntityId>,
    /// A goal from open play or a set piece, a penalty, or an own goal.
    pub kind: GoalKind,
    /// The score it made (home, away), when the goals before it and its team are known or the
    /// sentence states it.
    pub score_after: Option<(usize, usize)>,
    /// The sentence that tells it.
    pub sentence: SentenceId,
    /// Every sentence that told something of it (its minute, its scorer), in document order.
    pub evidence: Vec<SentenceId>,
}

/// How a goal was scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum GoalKind {
    /// From open play or a set piece (the default).
    #[default]
    Goal,
    /// From the penalty spot, in the match (not in a shoot-out).
    Penalty,
    /// Put into his own net by a player of the other side; the goal's team is the side it
    /// counted for.
    OwnGoal,
}

impl GoalKind {
    /// What two tellings of one goal say it was: a penalty or own goal told once is one.
    pub(crate) fn or(self, other: GoalKind) -> GoalKind {
        if self == GoalKind::Goal {
            other
        } else {
            self
        }
    }

    /// Its name in `goals.csv` (`goal`, `penalty`, `own goal`).
    pub fn as_str(self) -> &'static str {
        match self {
            GoalKind::Goal => "goal",
            GoalKind::Penalty => "penalty",
            GoalKind::OwnGoal => "own goal",
        }
    }
}

/// The facts of one match report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchFacts {
    /// The home team, as a gazetteer entity.
    pub home: Option<EntityId>,
    /// The away team, as a gazetteer entity.
    pub away: Option<EntityId>,
    /// The stated score as a byte range of the document, and where it was found.
    pub score: Option<(Span, ScoreSource)>,
    /// The goals, in match order.
    pub goals: Vec<Goal>,
    /// Whether the goals add up to the stated score; `None` when there is nothing to check against.
    pub consistent: Option<bool>,
}

/// The facts of a report, or `None` when it names no match and reports no goal.
pub(crate) fn match_facts(
    gazetteer: &Gazetteer,
    document: &Segmented<'_>,
    recognition: &Recognition,
    events: &[Event],
    minutes: &StatedMinutes,
) -> Option<MatchFacts> {
    Evidence {
        gazetteer,
        text: document.text,
        sentences: &document.sentences,
        tokens: &document.tokens,
        recognition,
        events,
        minutes,
    }
    .match_facts()
}

/// What the facts of one report are read from: the gazetteer, its text and sentences, its mentions and match
/// context, its events in sentence order and the minute each sentence states.
struct Evidence<'a> {
    gazetteer: &'a Gazetteer,
    text: &'a str,
    sentences: &'a [Sentence],
    /// The document's tokens; a sentence's are `&tokens[sentence.tokens]`.
    tokens: &'a [Token],
    recognition: &'a Recognition,
    events: &'a [Event],
    minutes: &'a StatedMinutes,
}

impl Evidence<'_> {
    fn match_facts(&self) -> Option<MatchFacts> {
        let context = &self.recognition.context;
        let score = context
            .score
            .map(|s| (s, ScoreSource::Header))
            .or_else(|| self.fact_line_score());
        let stated = score
            .as_ref()
            .and_then(|(span, _)| parse_score(&self.text[*span]));
        let mut goals = self.goals(stated);
        for goal in &mut goals {
            goal.name = goal.name.map(|name| {
                let mentions = &self.recognition.mentions.as_slice();
                fullest_name(
                    self.gazetteer,
                    self.text,
                    self.sentences,
                    self.tokens,
                    mentions,
                    name,
                )
            });
        }
        if let (Some(home), Some(away)) = (context.home, context.away) {
            count_scores(&mut goals, home, away);
        }
        if context.home.is_none() && goals.is_empty() {
            return None;
        }
        let consistent = stated.map(|stated| self.adds_up(&goals, stated));
        Some(MatchFacts {
            home: context.home,
            away: context.away,
            score,
            goals,
            consistent,
        })
    }

    /// Whether the goals add up to the stated score: per team when the report names both teams,
    /// else in total.
    fn adds_up(&self, goals: &[Goal], (home_goals, away_goals): (usize, usize)) -> bool {
        let context = &self.recognition.context;
        let count = |team: Option<EntityId>| {
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
    }

    /// Goal events with a scorer, or with a team and a minute, of one of the match's two teams
    /// when the report names them, merged when the same scorer's goal is told twice (a lead, then
    /// the narrative), in match order. A fact line (`Mål: 1-0 Johnsen (41), ...`) lists every
    /// goal, so when a report has one, its goals are the list and the story's retellings are left
    /// out.
    fn goals(&self, stated: Option<(usize, usize)>) -> Vec<Goal> {
        let listed = self.listed_goals();
        if !listed.is_empty() {
            return listed;
        }
        let mut goals = self.story_goals();
        let context = &self.recognition.context;
        if let (Some(home), Some(away), Some((home_goals, away_goals))) =
            (context.home, context.away, stated)
        {
            merge_retold(&mut goals, home, home_goals);
            merge_retold(&mut goals, away, away_goals);
            drop_untold(&mut goals, Some(home), home_goals);
            drop_untold(&mut goals, Some(away), away_goals);
        }
        if let Some((home_goals, away_goals)) = stated {
            let named = goals.iter().filter(|g| g.team.is_some()).count();
            drop_untold(
                &mut goals,
                None,
                (home_goals + away_goals).saturating_sub(named),
            );
        }
        in_match_order(goals)
    }
}

/// Beyond the stated score, a goal of `team` (or of no known team) told with neither scorer
/// nor minute is a retelling ("Da sto det 1-1") or a goal of another match: the last of them go
/// until `team` has no more goals than `stated`.
fn drop_untold(goals: &mut Vec<Goal>, team: Option<EntityId>, stated: usize) {
    let untold =
        |g: &Goal| g.team == team && g.scorer.is_none() && g.name.is_none() && g.minute.is_none();
    while goals.iter().filter(|g| g.team == team).count() > stated {
        let Some(last) = goals.iter().rposition(untold) else {
            return;
        };
        goals.remove(last);
    }
}

/// The score each goal made, counted in match order from 0-0: a score the goal's own sentence
/// states is taken when it is one goal on from the count (and then names the side that scored
/// when the goal had none); otherwise the count, while every goal so far has a team.
fn count_scores(goals: &mut [Goal], home: EntityId, away: EntityId) {
    let mut tally = Some((0, 0));
    for goal in goals {
        let counted = tally.and_then(|(h, a)| match goal.team {
            Some(team) if team == home => Some((h + 1, a)),
            Some(team) if team == away => Some((h, a + 1)),
            _ => None,
        });
        let stated = goal.score_after.filter(|&(h, a)| match tally {
            Some((th, ta)) => (h, a) == (th + 1, ta) || (h, a) == (th, ta + 1),
            None => true,
        });
        if let (None, Some((h, _)), Some((th, _))) = (goal.team, stated, tally) {
            goal.team = Some(if h > th { home } else { away });
        }
        goal.score_after = stated.or(counted);
        tally = goal.score_after;
    }
}

#[cfg(test)]
mod tests {
    use super::match_facts;
    use crate::classify::testing::classified;

    /// The goals (`minute scorer`) and `consistent` of a text's match facts.
    fn summary(text: &str) -> (Vec<String>, Option<bool>) {
        let found = classified(text);
        let facts = match_facts(
            &crate::classify::testing::GAZETTEER,
            &found.document,
            &found.recognition,
            &found.events,
            &found.minutes,
        )
        .unwrap();
        let goals = facts
            .goals
            .iter()
            .map(|g| {
                let minute = g.minute.map(|m| m.to_string()).unwrap_or_default();
                let span = g
                    .scorer
                    .map(|m| found.recognition.mentions[m].span)
                    .or(g.name);
                format!("{minute} {}", span.map(|s| &text[s]).unwrap_or_default())
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

    /// How a goal's minute is carried between the sentences that tell it, by name: the report
    /// and the goals expected ("minute scorer").
    #[rustfmt::skip]
    const CARRIED_MINUTES: &[(&str, &str, &[&str])] = &[
        ("a penalty's minute, sentences before its goal",
         "Rosenborg - Molde 1-0\nI det 71. minutt ble Aursnes revet ned i feltet, men dommeren lot spillet gå.\n\
          Etter en lang VAR-sjekk ble det straffe.\nAursnes satte straffen sikkert i mål.",
         &["71 Aursnes"]),
        ("a lead's penalty goal, the penalty told next",
         "Rosenborg - Molde 1-0\nMolde tapte da Aursnes var iskald fra ellevemeteren.\n\
          Dommeren pekte på straffemerket etter 88 minutter.",
         &["88 Aursnes"]),
        ("the last of two minutes dates the goal told next",
         "Rosenborg - Molde 1-1\nBendtner scoret i det 30. minutt, og ti minutter senere fikk Molde corner.\n\
          Aursnes stanget ballen i mål.",
         &["30 Bendtner", "40 Aursnes"]),
        ("a lead's added time and the narrative's minute are one goal",
         "Rosenborg - Molde 1-0\nBendtner scoret på overtid.\n\nI det andre minuttet av overtiden scoret Bendtner.",
         &["90+2 Bendtner"]),
        ("a lead's added time and the narrative's minute past 90 are one goal",
         "Rosenborg - Molde 1-0\nBendtner scoret på overtid.\n\nI det 92. minutt scoret Bendtner.",
         &["92 Bendtner"]),
        ("a lead's round minute and the narrative's, a minute apart, are one goal",
         "Rosenborg - Molde 1-0\nBendtner scoret et kvarter før slutt.\n\nI det 74. minutt scoret Bendtner.",
         &["75 Bendtner"]),
        ("an unnamed goal is not a named one told before a goal dated before it",
         "Molde - Rosenborg 1-1\nMolde tok ledelsen like før pause, da Aursnes headet inn.\n\
          Bendtner utlignet for Rosenborg etter 60 minutter.\n\nI det 71. minutt scoret Molde igjen.",
         &[" Aursnes", "60 Bendtner", "71 "]),
        ("the same scorer two minutes apart scored twice",
         "Rosenborg - Molde 2-0\nBendtner scoret etter 72 minutter.\n\nI det 74. minutt scoret Bendtner igjen.",
         &["72 Bendtner", "74 Bendtner"]),
    ];

    #[test]
    fn minutes_carried_between_sentences() {
        for &(name, text, expected) in CARRIED_MINUTES {
            let (goals, _) = summary(text);
            assert_eq!(goals, expected, "{name}");
        }
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
        let (goals, _) = summary(
            "Rosenborg - Molde 1-0\nAursnes scoret etter 20 minutter. Forrige gang lagene \
             møttes, scoret Bendtner to ganger etter 30 minutter. – Vi scoret tidlig, sa han.",
        );
        assert_eq!(
            goals,
            ["20 Aursnes"],
            "an earlier meeting and a quote retell"
        );
    }

    #[test]
    fn unknown_scorers_by_their_fullest_name() {
        let (goals, consistent) = summary(
            "Rosenborg - Molde 1-1\nHos Molde var spissen Jonah Adeyemo farlig hele kvelden. \
             Etter 20 minutter nikket Adeyemo inn 0-1. Bayerns Tobias Hainzl så på. \
             Etter 31 minutter utlignet Rosenborg.\nHainzl var først på returen og satte inn 1-1.",
        );
        assert_eq!(goals, ["20 Jonah Adeyemo", "31 Tobias Hainzl"]);
        assert_eq!(consistent, Some(true), "0-1 tells whose goal Adeyemo's was");
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
        let (goals, _) = summary(
            "Mål: 1-0 Bendtner (str., 41), 1-1 Ola Nordmann (selvmål, 45+2), 2-1 Moe (90+3).",
        );
        assert_eq!(goals, ["41 Bendtner", "45+2 Ola Nordmann", "90+3 Moe"]);
        assert_eq!(consistent, Some(true));
        // `str.` with no comma after it keeps the line whole and the goal a penalty.
        let (goals, consistent) = summary("Mål: 1-0 Bendtner (str. 41), 1-1 Ola Nordmann (59).");
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
