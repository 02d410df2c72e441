//! The goals told in a story: goal events merged when one goal is told twice (a lead, then the
//! narrative), and put in match order.

use super::{Evidence, Goal, GoalKind};
use crate::classify::layout::blank_line_between;
use crate::classify::{Event, EventKind, Minute, FULL_TIME};
use crate::ids::{EntityId, MentionId, SentenceId};
use crate::segment::parse_score;
use crate::words::actors::OWN_GOAL_PHRASES;
use crate::words::names::QUOTE_OPENERS;
use crate::words::results::EARLIER_MATCH_PHRASES;
use std::collections::HashMap;

/// The most minutes of added time after full time a retelling may write as a minute past it
/// (`på overtid` and `i det 92. minutt`).
const LONGEST_ADDED_TIME: u16 = 15;

/// How many sentences before a penalty goal may tell its penalty: the foul, the referee's call
/// or the VAR check, the taker stepping up.
const PENALTY_TOLD_IN: usize = 3;

impl Evidence<'_> {
    /// The goal events of the story, one goal per goal however often it is told, in story order.
    pub(super) fn story_goals(&self) -> Vec<Goal> {
        let context = &self.recognition.context;
        let mut story = StoryGoals::default();
        let goals = self.events.iter().filter(|e| e.kind == EventKind::Goal);
        // A goal told in a quote is a player's or coach's retelling ("– Vi sov da de scoret"); one
        // of an earlier match ("Forrige gang lagene møttes, scoret Moe") is not of this one.
        let of_this_match = |e: &&Event| !self.is_quote(e.sentence) && !self.recalls(e.sentence);
        for event in goals.filter(of_this_match) {
            let penalty = self.in_sentence(event.sentence, EventKind::Penalty);
            let mut evidence = vec![event.sentence];
            let carried = if penalty {
                self.penalty_minute(event.sentence)
            } else {
                self.minute_just_before(event.sentence)
            };
            let minute = event.minute.or_else(|| {
                let (minute, sentence) = carried?;
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
        // The last minute it states dates the goal told next; a goal of its own is dated by its
        // first, so a later one is free for the next ("Moe scoret i det 30. minutt, og ti
        // minutter senere fikk Molde corner. Berg stanget inn." : 40).
        let minute = self.minutes.last(before)?;
        let later_moment = self.minutes.get(before) != Some(minute);
        let free = later_moment || !self.in_sentence(before, EventKind::Goal);
        (self.follows_in_paragraph(before, sentence) && free).then_some((minute, before))
    }

    /// The minute a penalty goal told without one was given at: the last minute stated by the
    /// sentences that tell the penalty, up to [`PENALTY_TOLD_IN`] sentences before the goal in
    /// its paragraph with no goal between ("I det 71. minutt ble Lundeby revet ned. Etter en
    /// VAR-sjekk ble det straffe. Lundeby sendte keeperen feil vei."); or else, for a goal
    /// told before its penalty (a lead), the minute of a penalty told in as many sentences after
    /// it ("... da Balotelli var iskald fra ellevemeteren. Dommer Howard Webb pekte på
    /// straffemerket ... i oppgjørets siste sekunder."). Not a penalty told further on: a
    /// headline may name one penalty goal and another penalty ("sent Havertz-nikk ... Saka brant
    /// straffe"), and the narrative's retelling dates the goal.
    fn penalty_minute(&self, sentence: SentenceId) -> Option<(Minute, SentenceId)> {
        let told = |s: SentenceId| self.minutes.last(s);
        let penalty = |s: SentenceId| {
            self.in_sentence(s, EventKind::Penalty)
                .then(|| self.minutes.get(s))
                .flatten()
        };
        self.penalty_story(sentence, -1, told)
            .or_else(|| self.penalty_story(sentence, 1, penalty))
    }

    /// The first minute `minute_of` finds in the sentences next to a penalty goal's, in
    /// `direction` (-1 before, 1 after), up to [`PENALTY_TOLD_IN`] of them in its paragraph
    /// with no goal among them.
    fn penalty_story(
        &self,
        sentence: SentenceId,
        direction: isize,
        minute_of: impl Fn(SentenceId) -> Option<Minute>,
    ) -> Option<(Minute, SentenceId)> {
        let mut from = sentence;
        for _ in 0..PENALTY_TOLD_IN {
            let next = from.index().checked_add_signed(direction)?;
            if next >= self.sentences.len() {
                return None;
            }
            let next = SentenceId::new(next);
            let (first, second) = if direction < 0 {
                (next, from)
            } else {
                (from, next)
            };
            if !self.follows_in_paragraph(first, second) || self.in_sentence(next, EventKind::Goal)
            {
                return None;
            }
            if let Some(minute) = minute_of(next) {
                return Some((minute, next));
            }
            from = next;
        }
        None
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
                    goals[g]
                        .minute
                        .zip(minute)
                        .is_none_or(|(a, b)| same_moment(a, b))
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
        goal.minute = match (goal.minute, told.minute) {
            (Some(listed), Some(retold)) => Some(finer(listed, retold)),
            (listed, retold) => listed.or(retold),
        };
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

/// Whether two minutes told of one scorer's goal can be the same goal's: the same, one within the
/// other (a lead's `på overtid`, 90+, and the narrative's 90+2; `i ekstraomgangene` and 104), or
/// a minute apart (a lead's `et kvarter før slutt`, 75, and the narrative's `i det 74. minutt`):
/// no player scores twice in a minute.
fn same_moment(a: Minute, b: Minute) -> bool {
    let plain = |m: Minute| m.added.is_none() && m.until.is_none();
    // `i det 92. minutt` is how many write 90+2.
    let past_full_time = |outer: Minute, inner: Minute| {
        outer.regular >= FULL_TIME
            && plain(inner)
            && (outer.regular + 1..=outer.regular + LONGEST_ADDED_TIME).contains(&inner.regular)
    };
    let within = |outer: Minute, inner: Minute| match (outer.added, outer.until) {
        (Some(None), _) => {
            inner.regular == outer.regular && inner.added.is_some() || past_full_time(outer, inner)
        }
        (None, Some(until)) => plain(inner) && (outer.regular..=until).contains(&inner.regular),
        _ => false,
    };
    a == b
        || within(a, b)
        || within(b, a)
        || plain(a) && plain(b) && a.regular.abs_diff(b.regular) <= 1
}

/// The minute of a goal told twice at [`same_moment`]s: the finer one (90+2 over 90+, 104 over
/// 91-120), or else the first telling's (a live blog's goal line, `85' MÅL!`, before `86'
/// Whitfields andre for kvelden`).
fn finer(listed: Minute, retold: Minute) -> Minute {
    let rough = |m: Minute| m.added == Some(None) || m.until.is_some();
    if rough(listed) && !rough(retold) {
        retold
    } else {
        listed
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
        // A goal told before, with a goal dated earlier than `told` told between them, is not
        // `told`: the story would have told it out of order ("Højlund scoret like før pause.
        // Sørloth utlignet etter 60 minutter. Scoringen kom i det 71. minutt").
        let minute = goals[anonymous].minute;
        let in_order = |named: usize| {
            !goals.iter().any(|g| {
                (goals[named].sentence..told_at).contains(&g.sentence)
                    && g.minute
                        .zip(minute)
                        .is_some_and(|(m, told)| m.regular < told.regular)
            })
        };
        let named = candidates()
            .filter(|&g| goals[g].sentence > told_at)
            .min_by_key(|&g| goals[g].sentence)
            .or_else(|| {
                candidates()
                    .max_by_key(|&g| goals[g].sentence)
                    .filter(|&g| in_order(g))
            });
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
