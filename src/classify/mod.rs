//! Stage 4: the events each sentence reports (goal, chance, foul, penalty; several or none), with
//! the minute, the score, the player and the team.
//!
//! The classifier is a cue lexicon, `data/cues/*.csv` (one file per event kind), editable like a
//! gazetteer; `data/README.md` explains it to an analyst in one page. Each row has an `id`, an
//! `event`, a `role`, a `scope`, a `pattern`, what it `requires` and an `example`:
//!
//! - A pattern is a sequence of elements matched against the case-folded tokens of a sentence:
//!   a word form, `<lemma>` (every inflection: the forms are expanded once, when the lexicon is
//!   read, from [`crate::lemma`]), `pre*`, `*suf`, `*in*`, `*<lemma>` (a compound ending in a
//!   form of the lemma), an alternation `[a|b|<c>]`, an optional element `x?`, a gap `{m,n}`, a
//!   class (`#score`, `#num`, `#minute`, `#score-…`, `@person`, `@team`, `@keeper`), `^` for the
//!   sentence start and `$name` for a macro row's pattern.
//! - Roles: `trigger` gives the event; `fallback` gives it only when no other event's trigger
//!   fired in the sentence (a one-on-one that was scored is not also a chance, a saved free kick
//!   is a chance and not a foul); `cancel` takes it away, in its `scope`: `overlap` only a trigger
//!   it overlaps (`med fem mål` is a total, `to scoringer` beside it still a goal), `clause` the
//!   triggers of its clause (`nær å` makes `sette inn ledermålet` a near miss, while `burde gitt
//!   uttelling` after a comma leaves an earlier `gått opp til 2-1` a goal), `sentence` all of them
//!   (`..., men dommeren annullerte scoringen`). A trigger may require `with:foul` (`i feltet`
//!   makes a foul a penalty situation, not a header) or `after:penalty(n)` (`dommeren bet ikke på`
//!   in the n sentences after a penalty appeal; never on a sentence alone).
//! - Every row's example must match it and change without it ([`check_examples`], `kampfakta
//!   cues check`), so that no row is dead or shadowed.
//!
//! A fact-list heading (`Gult kort:`) gives its event to each team's line below it in the same
//! paragraph (`N: Nordtveit, Selnæs.`, `Brann: Orlov.`).
//!
//! In a match decided on penalties, a goal or miss told right after a penalty sentence (or with
//! one sentence without events between) with no minute of its own is a kick of the shoot-out: a
//! penalty (and a chance if missed), not a goal.
//!
//! The score is a state of the document: from 0-0, a prose sentence that states the next score
//! (one goal more, or one more per goal told without its score) is a goal at that moment (`Da
//! sto det 1-1.`), unless it tells a result (`vant 3-1`, `1-0 ved pause`) or a cue cancels a goal
//! there; a score that does not fit (a header's, another match's) tells nothing.
//!
//! A long document must look like football (see [`crate::topic::is_football_document`]) for its
//! events to count.
//!
//! Minutes come from the sentence (`i det 56. minutt`, `etter 65 minutter`, `(41)` in fact lines,
//! `på overtid` as `90+`, `90+2`, `i ekstraomgangene` as the span `91-120`) or relative to the
//! minute stated last in the document (`tre minutter senere`, `minuttet senere`).
//!
//! One file per concern: `cue.rs` is the pattern language, `lexicon.rs` the lexicon read from
//! CSV and `examples.rs` the check of its rows on their examples; `labels.rs` turns a sentence's
//! cue hits into events, `minute.rs` finds their minute,
//! `actor.rs` and `team.rs` who did them (`clause.rs`: where a clause ends), `fact_list.rs` and
//! `shoot_out.rs` handle fact lists and penalty shoot-outs (`layout.rs`: headlines and blank
//! lines), `score_state.rs` the score told so far; `testing.rs` serves the tests; this file walks a
//! document's sentences in order.

mod actor;
mod clause;
mod cue;
mod examples;
mod fact_list;
mod labels;
pub(crate) mod layout;
mod lexicon;
mod lexicon_snapshot;
mod minute;
pub mod model;
mod score_state;
mod shoot_out;
mod team;
#[cfg(test)]
pub(crate) mod testing;
mod unknown_name;
mod with_model;

pub use examples::{check_examples, rows_matching, ExampleProblem};
pub use lexicon::{CueRow, Lexicon};
pub(crate) use minute::FULL_TIME;
pub use minute::{Minute, StatedMinutes};
pub use model::Model;
pub(crate) use unknown_name::{fullest_name, is_name_word, written_inside_a_sentence};

use crate::gazetteer::{Gazetteer, PlayerProfile};
use crate::ids::{EntityId, MentionId, SentenceId};
use crate::recognize::Recognition;
use crate::segment::{Folded, Segmented, Sentence, SentenceKind, Token, TokenKind};
use crate::span::Span;
use actor::Attribution;
use cue::CueTarget;
use layout::{blank_line_between, is_headline};
use minute::{line_minute, minute_led, stated_minute, Previous, SentenceMinutes};
use model::{Features, Vocabulary};
use rustc_hash::FxHashMap;
use score_state::{in_background, tells_result, ScoreState};
use shoot_out::{headline_kicks, mentions_shoot_out, penalty_just_before, shoot_out_kick};
use std::ops::Range;
use with_model::Stated;

/// How many lines of a document must start with a minute (`23' Mål!`) for it to be a live blog,
/// whose lines are dated by their minute.
const LIVE_BLOG_LINES: usize = 3;

/// The events a sentence can report.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[non_exhaustive]
pub enum EventKind {
    /// A goal that counts, or a new score tied to its moment (`Nasri scoret`, `utlignet til 1-1`).
    Goal,
    /// A chance that was no goal: a shot wide, saved or off the woodwork, a near miss, a goal
    /// disallowed.
    Chance,
    /// A foul or its sanction: a trip, an elbow, a handball, a card, a sending-off.
    Foul,
    /// A penalty awarded, appealed for, taken, scored or missed, or a shoot-out and its kicks.
    Penalty,
}

impl EventKind {
    /// In output order.
    pub const ALL: [EventKind; 4] = [
        EventKind::Goal,
        EventKind::Chance,
        EventKind::Foul,
        EventKind::Penalty,
    ];

    /// The name in the CSV outputs, the cue lexicon and the gold files (`goal`).
    pub fn as_str(self) -> &'static str {
        match self {
            EventKind::Goal => "goal",
            EventKind::Chance => "chance",
            EventKind::Foul => "foul",
            EventKind::Penalty => "penalty",
        }
    }

    /// The kind with that name (`goal`), if there is one.
    pub fn parse(name: &str) -> Option<EventKind> {
        EventKind::ALL.into_iter().find(|k| k.as_str() == name)
    }
}

/// One event of one sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    /// What happened.
    pub kind: EventKind,
    /// The sentence that tells it.
    pub sentence: SentenceId,
    /// The words that decided the label.
    pub trigger: Span,
    /// When it happened, as the text states it or counts it from the last minute told.
    pub minute: Option<Minute>,
    /// The main actor's mention in [`Recognition::mentions`].
    pub actor: Option<MentionId>,
    /// Without a recognised actor, the actor of a goal or chance as written when no gazetteer
    /// knows the name (`Sondre Vatne Hetland satte inn 2-0`).
    pub name: Option<Span>,
    /// The actor's team or the team the sentence credits, as a gazetteer entity.
    pub team: Option<EntityId>,
    /// A score the sentence states (the last one: `0-2 til 2-2` gives `2-2`).
    pub score: Option<Span>,
}

/// Classifies every sentence of a document, in order, with the rules alone; minutes carry
/// across sentences.
pub fn classify(
    lexicon: &Lexicon,
    gazetteer: &Gazetteer,
    document: &Segmented<'_>,
    recognition: &Recognition,
) -> Vec<Event> {
    let classifier = Classifier::new(lexicon, gazetteer, document, recognition);
    classify_traced(&classifier, Running::default()).0
}

/// What classifying a document gives.
#[derive(Debug, Clone, Default)]
pub struct Classified {
    /// The events, in sentence order.
    pub events: Vec<Event>,
    /// The kinds of event the rules told, for what reads the rules' decisions (the
    /// football-document check), with a model as without.
    pub rule_kinds: Vec<EventKind>,
    /// The minute each sentence states or is dated by (a live blog's line), by sentence index:
    /// what dates a goal told over two sentences.
    pub minutes: StatedMinutes,
}

/// Classifies every sentence of a document with the rules and, when given, a model, which
/// decides each label (see [`model`]).
pub fn classify_with_model(
    lexicon: &Lexicon,
    gazetteer: &Gazetteer,
    document: &Segmented<'_>,
    recognition: &Recognition,
    model: Option<&Model>,
) -> Classified {
    let mut classifier = Classifier::new(lexicon, gazetteer, document, recognition);
    let model = model.filter(|m| m.can_change_labels());
    if let Some(model) = model {
        classifier.read_for_model(&model.vocabulary, Some(model));
    }
    let (events, _, running) = classify_running(&classifier, Running::default());
    let rule_kinds = match model {
        Some(_) => running.told.iter().map(|&(_, kind)| kind).collect(),
        None => events.iter().map(|e| e.kind).collect(),
    };
    Classified {
        events,
        rule_kinds,
        minutes: running.minutes,
    }
}

/// One sentence as training reads it: the rules' labels and the labels a `cancel` row matched
/// for (as [`EventKind::ALL`] bits), and the model's features.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TracedSentence {
    /// The rules' labels when the model's step reads the sentence.
    pub rule_labels: u8,
    /// The rules' labels at the end of the document: a shoot-out's headline is told again as a
    /// kick once the section below it has been read, after every sentence's step.
    pub final_labels: u8,
    /// The labels cancelled in the sentence.
    pub cancelled: u8,
    /// Whether a model with the rules' features reads the sentence: one where a cue matched, the
    /// rules gave a label or a score or minute is stated. It leaves the others as the rules leave
    /// them (without events), which keeps it from costing time on text that is not about
    /// football. A model on the text alone reads every sentence.
    pub read: bool,
    /// The features, with the words of `vocabulary`.
    pub features: Features,
}

/// The rules' events, and the rules' labels and the model's features of every sentence of a
/// document (for training): the words are looked up in `vocabulary`, and the buckets are named
/// in `names` when given.
pub fn trace_for_training(
    lexicon: &Lexicon,
    gazetteer: &Gazetteer,
    document: &Segmented<'_>,
    recognition: &Recognition,
    vocabulary: &Vocabulary,
    names: Option<&mut FxHashMap<u32, String>>,
) -> (Vec<Event>, Vec<TracedSentence>) {
    let mut names = names;
    let mut classifier = Classifier::new(lexicon, gazetteer, document, recognition);
    classifier.read_for_model(vocabulary, None);
    let running = Running {
        traced: Some(Vec::new()),
        names: names.as_deref_mut().map(std::mem::take),
        ..Running::default()
    };
    let (events, _, running) = classify_running(&classifier, running);
    if let (Some(out), Some(found)) = (names, running.names) {
        *out = found;
    }
    let mut traced = running.traced.unwrap_or_default();
    for event in &events {
        if let Some(sentence) = traced.get_mut(event.sentence.index()) {
            sentence.final_labels |= model::bits([event.kind]);
        }
    }
    (events, traced)
}

/// Runs the classifier over every sentence; also gives the lexicon rows that matched when
/// `running` traces them.
fn classify_traced(classifier: &Classifier<'_>, running: Running) -> (Vec<Event>, Vec<usize>) {
    let (events, rows, _) = classify_running(classifier, running);
    (events, rows)
}

/// Runs the classifier over every sentence; gives the events, the rows that matched when traced,
/// and what was carried to the end.
fn classify_running(
    classifier: &Classifier<'_>,
    mut running: Running,
) -> (Vec<Event>, Vec<usize>, Running) {
    for index in 0..classifier.sentences.len() {
        classifier.sentence(&mut running, index);
    }
    let mut events = std::mem::take(&mut running.events);
    if let Some(from) = running.shoot_out_from {
        headline_kicks(classifier.text, classifier.sentences, &mut events, from);
    }
    let rows = running.rows_hit.take().unwrap_or_default();
    (events, rows, running)
}

/// The events of a document and the rows of the lexicon that matched in it (for checking the
/// lexicon's rows on their examples).
pub(crate) fn classify_with_rows(
    lexicon: &Lexicon,
    gazetteer: &Gazetteer,
    document: &Segmented<'_>,
    recognition: &Recognition,
) -> (Vec<Event>, Vec<usize>) {
    let classifier = Classifier::new(lexicon, gazetteer, document, recognition);
    let running = Running {
        rows_hit: Some(Vec::new()),
        ..Running::default()
    };
    classify_traced(&classifier, running)
}

/// A sentence's labels: each event with the words that decided it.
type Labels = Vec<(EventKind, Span)>;

/// What classification reads, for one document.
struct Classifier<'a> {
    lexicon: &'a Lexicon,
    gazetteer: &'a Gazetteer,
    recognition: &'a Recognition,
    text: &'a str,
    sentences: &'a [Sentence],
    /// The document's tokens; a sentence's are `&tokens[sentence.tokens]`.
    tokens: &'a [Token],
    /// Several lines start with a minute: a live blog, whose lines are dated by it.
    live_blog: bool,
    /// What the model layer reads, when a model decides or training traces.
    for_model: Option<ForModel<'a>>,
}

/// What the model layer reads of a document.
struct ForModel<'a> {
    /// The model that decides the labels; `None` when training only traces features.
    model: Option<&'a Model>,
    /// The words sentences are featurized with.
    vocabulary: &'a Vocabulary,
    /// Every sentence's cue hits, found before the first sentence is classified: a sentence's
    /// features include the next one's.
    hits: Vec<Vec<(usize, Span)>>,
    /// The document has a score in its first sentences (a report's header).
    header: bool,
    /// Several lines start with a minute: a live blog.
    live_blog: bool,
}

/// What classification carries from one sentence of a document to the next.
#[derive(Default)]
struct Running {
    /// The events so far, in sentence order.
    events: Vec<Event>,
    /// The rules' labels so far, (sentence, kind) in order: the same as the events' without a
    /// model, and what the rules that read earlier sentences read with one. By [`SentenceId`], 8
    /// bytes a label (16 with a `usize`): there are as many as events, all held to the end.
    told: Vec<(SentenceId, EventKind)>,
    /// The minute stated last: relative minutes count from it.
    last_minute: Option<Minute>,
    /// The sentence that stated it.
    last_minute_sentence: Option<usize>,
    /// The first mention of the next sentence (mentions come in sentence order).
    mention_start: usize,
    /// The mentions of the sentence before, as positions in [`Recognition::mentions`].
    previous_mentions: Range<usize>,
    /// The first sentence that reports a penalty shoot-out, if any so far.
    shoot_out_from: Option<usize>,
    /// The event a fact-list heading that ends its line names ("Gult kort:"), for the lines below.
    list_heading: Option<EventKind>,
    /// The minute of the sentence before when it ended at a colon, for the sentence after it.
    minute_before_colon: Option<Minute>,
    /// The minute the current line of a live blog starts with, for all its sentences.
    line_minute: Option<Minute>,
    /// The minute each sentence so far states or is dated by.
    minutes: StatedMinutes,
    /// The score told so far, from 0-0: a sentence that states the next one tells a goal.
    score: ScoreState,
    /// The lexicon rows that matched, when traced.
    rows_hit: Option<Vec<usize>>,
    /// The rules' labels of the sentence before, as bits, for the model.
    previous_rule_labels: u8,
    /// Each sentence's rules' labels and features, when training traces them.
    traced: Option<Vec<TracedSentence>>,
    /// The names of the feature buckets, when training keeps them.
    names: Option<FxHashMap<u32, String>>,
}

impl Running {
    /// Whether the rules reported an event of `kind` in sentence `index` or the `sentences`
    /// before it.
    fn recent(&self, kind: EventKind, index: usize, sentences: usize) -> bool {
        self.told
            .iter()
            .rev()
            .take_while(|(sentence, _)| sentence.index() + sentences >= index)
            .any(|(_, k)| *k == kind)
    }
}

/// One sentence with what recognition found in it: where its labels, list lines, actors and
/// teams are looked for.
struct Scope<'a> {
    gazetteer: &'a Gazetteer,
    recognition: &'a Recognition,
    text: &'a str,
    /// The sentence folded (its own copy: no stage keeps the whole document folded).
    folded: Folded,
    /// The sentence's tokens.
    tokens: &'a [Token],
    /// The sentence's span.
    sentence: Span,
    /// Prose or a fact line.
    kind: SentenceKind,
    /// The sentence's mentions, as positions in [`Recognition::mentions`] (a run of them: a
    /// `Range` of [`MentionId`]s cannot be iterated; [`Scope::mention_ids`] gives the ids).
    mentions: Range<usize>,
    /// The mentions of the sentence before, where a pronoun subject points.
    previous: Range<usize>,
}

impl Scope<'_> {
    /// The sentence's mentions, in text order.
    fn mention_ids(&self) -> impl Iterator<Item = MentionId> + '_ {
        self.mentions.clone().map(MentionId::new)
    }

    /// The mentions of the sentence before, in text order.
    fn previous_ids(&self) -> impl Iterator<Item = MentionId> + '_ {
        self.previous.clone().map(MentionId::new)
    }

    /// The byte ranges of the sentence's mentions whose every candidate passes `test`, in text
    /// order: for the `@person`, `@team` and `@keeper` elements of cues.
    fn mentions_where(&self, test: impl Fn(EntityId) -> bool) -> Vec<(usize, usize)> {
        self.recognition.mentions[self.mentions.clone()]
            .iter()
            .filter(|m| !m.entities.is_empty() && m.entities.iter().all(|&e| test(e)))
            .map(|m| (m.span.start(), m.span.end()))
            .collect()
    }

    /// The cue hits of the sentence.
    fn cue_hits(&self, lexicon: &Lexicon) -> Vec<(usize, Span)> {
        let kind = |e: EntityId| self.gazetteer.entity(e).kind;
        let people = self.mentions_where(|e| kind(e).is_person());
        let teams = self.mentions_where(|e| kind(e).is_team());
        let keepers = self.mentions_where(|e| {
            self.gazetteer
                .player(e)
                .is_some_and(PlayerProfile::is_goalkeeper)
        });
        lexicon.hits(&CueTarget {
            folded: &self.folded,
            tokens: self.tokens,
            people: &people,
            teams: &teams,
            keepers: &keepers,
            form_ids: &[],
        })
    }
}

impl<'a> Classifier<'a> {
    fn new(
        lexicon: &'a Lexicon,
        gazetteer: &'a Gazetteer,
        document: &'a Segmented<'_>,
        recognition: &'a Recognition,
    ) -> Classifier<'a> {
        Classifier {
            lexicon,
            gazetteer,
            recognition,
            text: document.text,
            sentences: &document.sentences,
            tokens: &document.tokens,
            live_blog: document
                .sentences
                .iter()
                .filter(|s| minute_led(document.text, document.tokens_of(s)))
                .count()
                >= LIVE_BLOG_LINES,
            for_model: None,
        }
    }

    /// Prepares the model layer: every sentence's cue hits and the document's kind.
    fn read_for_model(&mut self, vocabulary: &'a Vocabulary, model: Option<&'a Model>) {
        let mut cursor = Running::default();
        let hits = (0..self.sentences.len())
            .map(|index| self.scope(&mut cursor, index).cue_hits(self.lexicon))
            .collect();
        let header = self.sentences.iter().take(3).any(|s| {
            self.tokens[s.tokens]
                .iter()
                .any(|t| t.kind == TokenKind::Score)
        });
        self.for_model = Some(ForModel {
            model,
            vocabulary,
            hits,
            header,
            live_blog: self.live_blog,
        });
    }

    /// Classifies sentence `index`, adding its events to `running`.
    fn sentence(&self, running: &mut Running, index: usize) {
        let scope = self.scope(running, index);
        let fact_line = matches!(scope.kind, SentenceKind::FactLine { .. });
        // A sentence split off at a colon goes on with the minute before it: "Et kvarter før
        // slutt kom belønningen: Vik satte den i nota."
        if self.live_blog && self.starts_line(index) {
            running.line_minute = line_minute(self.text, scope.tokens);
        }
        // The sentence's events take the first minute it states; what follows counts from, or
        // is dated by, the last ("i det 71. minutt, ... ti minutter senere": 81).
        let before_colon = running.minute_before_colon.take();
        let previous = Previous {
            minute: running.last_minute,
            in_paragraph: running.last_minute_sentence.is_some_and(|s| {
                !blank_line_between(self.text, &self.sentences[s], &self.sentences[index])
            }),
        };
        let minutes =
            stated_minute(&scope.folded, scope.tokens, previous, fact_line).or(before_colon
                .or(running.line_minute)
                .map(SentenceMinutes::one));
        running.minutes.push(SentenceId::new(index), minutes);
        let minute = minutes.map(|m| m.first);
        if let Some(minutes) = minutes {
            running.last_minute = Some(minutes.last);
            running.last_minute_sentence = Some(index);
        }
        let ends_with_colon = scope
            .tokens
            .last()
            .is_some_and(|t| &self.text[t.span()] == ":");
        if ends_with_colon && !fact_line {
            running.minute_before_colon = minutes.map(|m| m.last);
        }
        let found;
        let hits: &[(usize, Span)] = match &self.for_model {
            Some(for_model) => &for_model.hits[index],
            None => {
                found = scope.cue_hits(self.lexicon);
                &found
            }
        };
        if let Some(rows) = &mut running.rows_hit {
            rows.extend(hits.iter().map(|&(cue, _)| self.lexicon.cues[cue].row));
        }
        let mut labels = self
            .labels(running, &scope, index, hits)
            .unwrap_or_default();
        let score_before = running.score;
        self.follow_score(running, &scope, index, hits, &mut labels);
        let score = scope
            .tokens
            .iter()
            .rev()
            .find(|t| t.kind == TokenKind::Score)
            .map(|t| t.span());
        // In a match decided on penalties, a goal or miss told right after a penalty, with no
        // minute of its own, is a kick of the shoot-out: "Gekas bommet for Hellas."
        if !labels.is_empty() && minute.is_none() && self.is_kick(running, index) {
            shoot_out_kick(&mut labels, score.is_some());
        }
        if labels.iter().any(|(kind, _)| *kind == EventKind::Penalty)
            && mentions_shoot_out(&scope.folded, scope.tokens)
        {
            running.shoot_out_from.get_or_insert(index);
        }
        // What the rules told: the scene and shoot-out rules of later sentences read it, whatever
        // the model makes of this one.
        running.told.extend(
            labels
                .iter()
                .map(|&(kind, _)| (SentenceId::new(index), kind)),
        );
        if self.for_model.is_some() {
            let stated = Stated {
                minute: minute.is_some(),
                score: score.is_some(),
                score_before,
            };
            self.model_step(running, &scope, index, stated, &mut labels);
        }
        if labels.is_empty() {
            return;
        }
        let mut attribution = Attribution::new(scope);
        for (kind, trigger) in labels {
            let (actor, team) = attribution.attribute(kind, trigger);
            let name = actor
                .is_none()
                .then(|| attribution.unknown_actor(trigger, kind))
                .flatten();
            running.events.push(Event {
                kind,
                sentence: SentenceId::new(index),
                trigger,
                minute,
                actor,
                name,
                team,
                score,
            });
        }
    }

    /// Whether sentence `index` is the first of its line.
    fn starts_line(&self, index: usize) -> bool {
        let start = self.sentences[index].span.start();
        let before = index
            .checked_sub(1)
            .map_or(0, |i| self.sentences[i].span.end());
        index == 0 || self.text[before..start].contains('\n')
    }

    /// The scope of sentence `index`; moves the mention cursor past its mentions.
    fn scope(&self, running: &mut Running, index: usize) -> Scope<'a> {
        let start = running.mention_start;
        let end = start
            + self.recognition.mentions[start..]
                .iter()
                .take_while(|m| m.sentence.index() == index)
                .count();
        running.mention_start = end;
        let previous = std::mem::replace(&mut running.previous_mentions, start..end);
        let sentence = &self.sentences[index];
        Scope {
            gazetteer: self.gazetteer,
            recognition: self.recognition,
            text: self.text,
            folded: Folded::of(self.text, sentence.span),
            tokens: &self.tokens[sentence.tokens],
            sentence: sentence.span,
            kind: sentence.kind,
            mentions: start..end,
            previous,
        }
    }

    /// The labels of sentence `index`: those a fact-list heading above gives a team's line, else
    /// those of its cue hits; `None` if it has neither. Keeps the heading for the lines below.
    fn labels(
        &self,
        running: &mut Running,
        scope: &Scope<'_>,
        index: usize,
        hits: &[(usize, Span)],
    ) -> Option<Labels> {
        // "Gult kort:" then "N: Nordtveit, Selnæs." and "S: Helander.": each team's line of a
        // fact list reports what the list's heading names.
        let listed = running.list_heading.take().and_then(|kind| {
            let same_paragraph = index > 0
                && !blank_line_between(
                    self.text,
                    &self.sentences[index - 1],
                    &self.sentences[index],
                );
            let team_line = scope.team_list_line(scope.tokens);
            (same_paragraph && hits.is_empty())
                .then_some(team_line)
                .flatten()
                .map(|line| (kind, line))
        });
        if hits.is_empty() && listed.is_none() {
            return None;
        }
        let labels = match listed {
            Some((kind, team)) => {
                running.list_heading = Some(kind);
                vec![(kind, team)]
            }
            None => labels::labels(self.lexicon, self.text, hits, None, |kind, n| {
                running.recent(kind, index, n)
            }),
        };
        if let Some(kind) = scope.list_heading_of(&labels) {
            running.list_heading = Some(kind);
        }
        Some(labels)
    }

    /// Moves the score state through sentence `index`, a prose sentence outside a headline, a
    /// team's line of a fact list and a shoot-out: past a goal its labels tell, or to the next
    /// score it states, which makes it a goal with the score as its trigger, unless it tells a
    /// result or a standing (`vant 2-1`, `1-0 ved pause`, `mens de ledet 1-0`) or a cue of the
    /// lexicon cancels a goal there (`kunne gjort det 2-0`).
    fn follow_score(
        &self,
        running: &mut Running,
        scope: &Scope<'_>,
        index: usize,
        hits: &[(usize, Span)],
        labels: &mut Labels,
    ) {
        let prose = !matches!(scope.kind, SentenceKind::FactLine { .. });
        let team_line = hits.is_empty() && !labels.is_empty();
        if !prose
            || team_line
            || running.shoot_out_from.is_some()
            || is_headline(self.text, self.sentences, index)
        {
            return;
        }
        if labels.iter().any(|(kind, _)| *kind == EventKind::Goal) {
            running.score = running.score.after_goal(self.text, scope.tokens);
            return;
        }
        let Some((trigger, after)) = running.score.next_told(self.text, scope.tokens) else {
            return;
        };
        if tells_result(&scope.folded, scope.tokens)
            || in_background(&scope.folded, scope.tokens, trigger)
            || mentions_shoot_out(&scope.folded, scope.tokens)
            || labels::cancelled(self.lexicon, self.text, hits, EventKind::Goal, trigger)
        {
            return;
        }
        running.score = after;
        let given = Some((EventKind::Goal, trigger));
        *labels = labels::labels(self.lexicon, self.text, hits, given, |kind, n| {
            running.recent(kind, index, n)
        });
    }

    /// Whether sentence `index` may be a kick of a shoot-out: the match was decided on
    /// penalties, the last sentence with events just before told a penalty, and it is no
    /// headline (which belongs to the section below it).
    fn is_kick(&self, running: &Running, index: usize) -> bool {
        running.shoot_out_from.is_some()
            && penalty_just_before(&running.told, index)
            && !is_headline(self.text, self.sentences, index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::LazyLock;

    #[test]
    fn an_event_takes_64_bytes() {
        // An event for every 300 bytes of a long report, all kept to the output.
        assert_eq!(std::mem::size_of::<Event>(), 64);
    }

    /// The kind and minute of each event of a text, without gazetteers.
    pub(super) fn labels(text: &str) -> Vec<(&'static str, String)> {
        static NO_NAMES: LazyLock<Gazetteer> =
            LazyLock::new(|| Gazetteer::from_entities(Vec::new()));
        let events = classify(
            &testing::LEXICON,
            &NO_NAMES,
            &Segmented::new(text).unwrap(),
            &Recognition::default(),
        );
        events
            .iter()
            .map(|e| {
                (
                    e.kind.as_str(),
                    e.minute.map(|m| m.to_string()).unwrap_or_default(),
                )
            })
            .collect()
    }

    /// Checks the kinds and minutes of the events of each text of a table.
    pub(super) fn check_labels(table: &[(&str, &[(&str, &str)])]) {
        for (text, expected) in table {
            let expected: Vec<(&str, String)> =
                expected.iter().map(|(k, m)| (*k, m.to_string())).collect();
            assert_eq!(labels(text), expected, "input: {text:?}");
        }
    }

    #[test]
    fn a_goal_that_never_happened_is_none() {
        check_labels(&[
            ("Spissen scoret aldri for landslaget.", &[]),
            ("Han har aldri scoret i en finale.", &[]),
            ("Spissen skåra aldri for laget.", &[]),
            ("Han scoret ikke i kveld.", &[]),
            ("Han fikk ikke score i kveld.", &[]),
            ("Han klarte ikke å score.", &[]),
            ("Laget vant uten å score selv.", &[]),
            ("Han scoret etter 20 minutter.", &[("goal", "20")]),
        ]);
    }

    #[test]
    fn goals_and_chances() {
        check_labels(&[
            ("Han bommet alene med keeper.", &[("chance", "")]),
            ("Førsteomgangen var målløs.", &[]),
            ("Han burde scoret.", &[("chance", "")]),
            ("Han headet inn 1-0 inne i feltet.", &[("goal", "")]),
            ("Skotet hans gjekk i tverrliggjaren.", &[("chance", "")]),
            ("Ho heada ballen inn til 2-1.", &[("goal", "")]),
            ("Han skaut i stolpen.", &[("chance", "")]),
            (
                "Han løp inn 2-0 på bakerste stolpe på et hjørnespark.",
                &[("goal", "")],
            ),
            ("Da styrte Thiago Silva inn en corner.", &[("goal", "")]),
            ("Schürrle la på til både 6-0 og 7-0.", &[("goal", "")]),
            ("Chile var nærmest scoring.", &[("chance", "")]),
            ("Bosnia snytt for scoring.", &[("chance", "")]),
        ]);
    }

    #[test]
    fn a_sentence_after_a_colon_keeps_the_minute_before_it() {
        check_labels(&[
            (
                "Et kvarter før slutt kom belønningen: Vik satte ballen i nota.",
                &[("goal", "75")],
            ),
            (
                "Så kom belønningen: Vik satte ballen i nota.",
                &[("goal", "")],
            ),
        ]);
    }

    #[test]
    fn words_of_football_outside_play() {
        check_labels(&[
            ("Sideseriene redder julestemningen.", &[]),
            ("Det mislykkede forsøket på å krysse fjorden.", &[]),
            ("Brasil jaget utligningen.", &[]),
            ("Dommeren dømte indirekte frispark til FFK.", &[]),
        ]);
    }

    #[test]
    fn fouls_and_penalties() {
        check_labels(&[
            ("Han felte spissen og fikk gult kort.", &[("foul", "")]),
            (
                "Han felte spissen inne i feltet.",
                &[("foul", ""), ("penalty", "")],
            ),
            (
                "Dommeren pekte på straffemerket etter at King felte ham.",
                &[("foul", ""), ("penalty", "")],
            ),
            ("Han vart utvist etter ein stygg takling.", &[("foul", "")]),
            ("Han vart felt i feltet.", &[("foul", ""), ("penalty", "")]),
            (
                "Straffesparkkonkurransen ble avgjort av Rooney.",
                &[("penalty", "")],
            ),
            ("Dommeren pekte på krittmerket.", &[("penalty", "")]),
            ("Dommeren pekte på prikken.", &[("penalty", "")]),
            ("Det var Spanias første straffemål.", &[("penalty", "")]),
            (
                "Han satte straffen i mål etter at Götze hadde blitt felt.",
                &[("goal", ""), ("foul", ""), ("penalty", "")],
            ),
        ]);
    }
}
