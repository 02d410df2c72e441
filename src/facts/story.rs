//! The goals told in a story: goal events merged when one goal is told twice (a lead, then the
//! narrative), and put in match order.

use super::{Evidence, Goal, GoalKind};
use crate::classify::layout::blank_line_between;
use crate::classify::{Event, EventKind, Minute};
use crate::ids::{EntityId, MentionId, SentenceId};
use crate::segment::parse_score;
use crate::words::actors::OWN_GOAL_PHRASES;
use crate::words::names::QUOTE_OPENERS;
use crate::words::results::EARLIER_MATCH_PHRASES;
use std::collections::HashMap;

impl Evidence<'_> {
    /// The goal events of the story, one goal per goal however often it is told, in story order.
    pub(super) fn story_goals(&self) -> Vec<Goal> {
        let context = &self.recognition.context;
        // A penalty goal told without a minute (a lead) happened when the penalty was given.
        let penalty_minute = self
            .events
            .iter()
            .filter(|e| e.kind == EventKind::Penalty)
            .find_map(|e| e.minute);
        let mut story = StoryGoals::default();
        let goals = self.events.iter().filter(|e| e.kind == EventKind::Goal);
        // A goal told in a quote is a player's or coach's retelling ("– Vi sov da de scoret"); one
        // of an earlier match ("Forrige gang lagene møttes, scoret Moe") is not of this one.
        let of_this_match = |e: &&Event| !self.is_quote(e.sentence) && !self.recalls(e.sentence);
        for event in goals.filter(of_this_match) {
            let penalty = self.in_sentence(event.sentence, EventKind::Penalty);
            let mut evidence = vec![event.sentence];
            let minute = event
                .minute
                .or(if penalty { penalty_minute } else { None })
                .or_else(|| {
                    let (minute, sentence) = self.minute_just_before(event.sentence)?;
                    evidence.push(sentence);
                    Some(minute)
                });
            let (mut actor, mut name, mut team) = (event.actor, event.name, event.team);
            // A goal credited to a third team is from another match (a record, a recalled game)
            // when the sentence names a third team; else the third team is the club of a
            // namesake in the gazetteers, and the scorer a player they do not know, named as
            // written.
            if let Some((home, away)) = context.home.zip(context.away) {
                let third_team = team.is_some_and(|t| t != home && t != away);
                let plays_elsewhere = actor.is_some_and(|m| self.plays_elsewhere(m, home, away));
                if (third_team || plays_elsewhere)
                    && self.names_third_team(event.sentence, home, away)
                {
                    continue;
                }
                if third_team {
                    name = actor.map(|m| self.recognition.mentions[m].span);
                    (actor, team) = (None, None);
                }
            }
            let scorer = match actor {
                Some(m) => self.recognition.mentions[m].entity().map(ScorerKey::Entity),
                None => name.map(|n| ScorerKey::surname(&self.text[n])),
            };
            let told = Goal {
                minute,
                scorer: actor,
                name,
                team,
                kind: if penalty {
                    GoalKind::Penalty
                } else if self.is_own_goal(event.sentence) {
                    GoalKind::OwnGoal
                } else {
                    GoalKind::Goal
                },
                score_after: event.score.and_then(|s| parse_score(&self.text[s])),
                sentence: event.sentence,
                evidence,
            };
            let next_to_last = story
                .goals
                .last()
                .is_some_and(|last| self.follows_in_paragraph(last.sentence, event.sentence));
            story.tell(told, scorer, next_to_last);
        }
        story.goals
    }

    /// The minute stated by the sentence just before `sentence`, in its paragraph, when that
    /// sentence tells no goal of its own: "Så, med fire minutter spilt av overtiden, kom
    /// øyeblikket." dates "Hovdenak stanget ballen i mål."
    fn minute_just_before(&self, sentence: SentenceId) -> Option<(Minute, SentenceId)> {
        let before = SentenceId::new(sentence.index().checked_sub(1)?);
        let minute = self.minutes.get(before)?;
        (self.follows_in_paragraph(before, sentence) && !self.in_sentence(before, EventKind::Goal))
            .then_some((minute, before))
    }

    /// Whether sentence `second` comes right after `first` with no blank line between.
    fn follows_in_paragraph(&self, first: SentenceId, second: SentenceId) -> bool {
        first.index() + 1 == second.index()
            && !blank_line_between(self.text, &self.sentences[first], &self.sentences[second])
    }

    /// Whether the player a mention links to plays, by the gazetteers, for teams and none of
    /// them `home` or `away`.
    fn plays_elsewhere(&self, mention: MentionId, home: EntityId, away: EntityId) -> bool {
        let Some(player) = self.recognition.mentions[mention].entity() else {
            return false;
        };
        let date = self.recognition.context.date;
        let mut teams = self.gazetteer.teams_of(player, date).peekable();
        teams.peek().is_some() && teams.all(|t| t != home && t != away)
    }

    /// Whether a sentence mentions a team other than `home` and `away` ("i Barcelonas kamp").
    fn names_third_team(&self, sentence: SentenceId, home: EntityId, away: EntityId) -> bool {
        let mentions = &self.recognition.mentions;
        let from = mentions.partition_point(|m| m.sentence < sentence);
        mentions[from..]
            .iter()
            .take_while(|m| m.sentence == sentence)
            .flat_map(|m| &m.entities)
            .any(|&e| e != home && e != away && self.gazetteer.entity(e).kind.is_team())
    }

    /// Whether a sentence is quoted speech: it opens with a dialogue dash or a quotation mark.
    fn is_quote(&self, sentence: SentenceId) -> bool {
        let told = self.text[self.sentences[sentence].span].trim_start();
        QUOTE_OPENERS.iter().any(|mark| told.starts_with(mark))
    }

    /// Whether a sentence tells of an earlier match ("forrige gang", "i fjor").
    fn recalls(&self, sentence: SentenceId) -> bool {
        let told = self.text[self.sentences[sentence].span].to_lowercase();
        EARLIER_MATCH_PHRASES.iter().any(|phrase| {
            told.match_indices(phrase).any(|(at, _)| {
                let edge = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric());
                edge(told[..at].chars().next_back())
                    && edge(told[at + phrase.len()..].chars().next())
            })
        })
    }

    /// Whether a sentence calls its goal an own goal (`et selvmål`, `i eget mål`).
    fn is_own_goal(&self, sentence: SentenceId) -> bool {
        let told = self.text[self.sentences[sentence].span].to_lowercase();
        OWN_GOAL_PHRASES.iter().any(|phrase| told.contains(phrase))
    }

    /// Whether a sentence has an event of a kind.
    fn in_sentence(&self, sentence: SentenceId, kind: EventKind) -> bool {
        // Events are in sentence order: a binary search finds a sentence's events.
        let from = self.events.partition_point(|e| e.sentence < sentence);
        self.events[from..]
            .iter()
            .take_while(|e| e.sentence == sentence)
            .any(|e| e.kind == kind)
    }
}

/// Who scored, to know a goal told again: a gazetteer entity, or the last word of a name no
/// gazetteer knows (`Adeyemo` for `Jonah Adeyemo`), lower case.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum ScorerKey {
    Entity(EntityId),
    Surname(String),
}

impl ScorerKey {
    fn surname(name: &str) -> ScorerKey {
        let last = name.split_whitespace().next_back().unwrap_or(name);
        ScorerKey::Surname(last.to_lowercase())
    }
}

/// The goals told in a story, one per goal however often it is told.
#[derive(Default)]
struct StoryGoals {
    goals: Vec<Goal>,
    /// Per scorer, the goals already listed for them.
    by_scorer: HashMap<ScorerKey, Vec<usize>>,
}

impl StoryGoals {
    /// Lists a goal as told, or completes the goal already listed that it retells. `scorer` is
    /// who scored it, when known; `next_to_last` says the goal is told in the sentence right
    /// after the last goal's, in its paragraph.
    fn tell(&mut self, told: Goal, scorer: Option<ScorerKey>, next_to_last: bool) {
        match self.retold(&told, scorer.as_ref(), next_to_last) {
            Some(g) => self.complete(g, &told, scorer),
            None => {
                if let Some(scorer) = scorer {
                    self.by_scorer
                        .entry(scorer)
                        .or_default()
                        .push(self.goals.len());
                }
                self.goals.push(told);
            }
        }
    }

    /// The goal already listed that `told` tells again, if any.
    fn retold(&self, told: &Goal, scorer: Option<&ScorerKey>, next_to_last: bool) -> Option<usize> {
        let minute = told.minute;
        let listed = scorer
            .and_then(|s| self.by_scorer.get(s))
            .into_iter()
            .flatten()
            .copied();
        let goals = &self.goals;
        let named = |g: &Goal| g.scorer.is_some() || g.name.is_some();
        // One goal told over two sentences, one giving its minute and the other its scorer:
        // "Etter 31 minutter tok gjestene ledelsen. Adeyemo nikket ballen i lengste hjørne."
        let told_over_two = || {
            let last = goals.len().checked_sub(1)?;
            let before = &goals[last];
            let complementary = (before.minute.is_some() && !named(before))
                && (minute.is_none() && named(told))
                || (named(before) && before.minute.is_none()) && (minute.is_some() && !named(told));
            (next_to_last
                && complementary
                && agree(before.team, told.team)
                && agree(before.score_after, told.score_after))
            .then_some(last)
        };
        told_over_two()
            .or_else(|| {
                listed.into_iter().find(|&g| {
                    goals[g].minute.is_none() || minute.is_none() || goals[g].minute == minute
                })
            })
            // A goal of the team at the same minute, one of them told without its scorer, is the
            // same goal ("Nederland scoret på straffen" and Huntelaar's penalty on overtid).
            .or_else(|| {
                goals.iter().position(|g| {
                    minute.is_some()
                        && g.minute == minute
                        && agree(g.team, told.team)
                        && (scorer.is_none() || !named(g))
                })
            })
    }

    /// Completes goal `g` with what a retelling adds: its minute, its kind, its scorer.
    fn complete(&mut self, g: usize, told: &Goal, scorer: Option<ScorerKey>) {
        let goal = &mut self.goals[g];
        goal.minute = goal.minute.or(told.minute);
        goal.team = goal.team.or(told.team);
        goal.score_after = goal.score_after.or(told.score_after);
        goal.kind = goal.kind.or(told.kind);
        goal.evidence.extend_from_slice(&told.evidence);
        let better_name = told.scorer.is_some() || goal.name.is_none() && told.name.is_some();
        if goal.scorer.is_none() && better_name {
            goal.scorer = told.scorer;
            goal.name = told.name;
            if let Some(scorer) = scorer {
                self.by_scorer.entry(scorer).or_default().push(g);
            }
        }
    }
}

/// Whether two tellings agree on something: the same, or one does not say.
fn agree<T: PartialEq>(a: Option<T>, b: Option<T>) -> bool {
    a.is_none() || b.is_none() || a == b
}

/// Match order: by minute; a goal told without one keeps its place in the story, after the last
/// goal before it that has a minute ("etter pause utlignet X" between 23' and 81').
pub(super) fn in_match_order(goals: Vec<Goal>) -> Vec<Goal> {
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
pub(super) fn merge_retold(goals: &mut Vec<Goal>, team: EntityId, stated: usize) {
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
                    && (goals[g].scorer.is_some() || goals[g].name.is_some())
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
        goals[named].kind = goals[named].kind.or(told.kind);
        goals[named].evidence.extend(told.evidence);
    }
}
