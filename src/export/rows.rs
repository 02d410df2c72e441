//! The rows of the four CSV files, one type per file, and their headers derived from the types'
//! field names so that a column and its header cannot drift apart.

use crate::facts::MatchFacts;
use crate::gazetteer::Gazetteer;
use crate::ids::EntityId;
use crate::pipeline::Analysis;
use crate::recognize::Mention;
use crate::span::Span;
use crate::text::one_spaced;
use serde::Serialize;

/// `events.csv`: one row per (sentence, event kind).
#[derive(Debug, Default, Serialize)]
pub struct EventRow<'a> {
    /// The document's id.
    pub doc_id: &'a str,
    /// The sentence's index in the document.
    pub sentence: usize,
    /// The sentence's byte range in the document text.
    pub start: usize,
    /// The end of the sentence's byte range (exclusive).
    pub end: usize,
    /// The event kind: `goal`, `chance`, `foul` or `penalty`.
    pub event: &'static str,
    /// The minute (`56`, `90+`, `91-120`), or empty.
    pub minute: String,
    /// The player's gazetteer id; `|`-separated candidates when the mention is ambiguous.
    pub player_id: String,
    /// The player's name, or the surface of an ambiguous mention or of a name no gazetteer
    /// knows (with an empty `player_id`).
    pub player: std::borrow::Cow<'a, str>,
    /// The team's gazetteer id, or empty.
    pub team_id: &'a str,
    /// The team's name, or empty.
    pub team: &'a str,
    /// The score the sentence states (the last one, with `-` for an en dash), or empty.
    pub score: std::borrow::Cow<'a, str>,
    /// The words that decided the event kind.
    pub trigger: &'a str,
    /// The sentence, on one line: the line breaks of a sentence that runs over lines (a
    /// hard-wrapped paragraph) become spaces; `start` and `end` give it in the document as is.
    pub text: std::borrow::Cow<'a, str>,
}

/// `mentions.csv`: one row per mention.
#[derive(Debug, Default, Serialize)]
pub struct MentionRow<'a> {
    /// The document's id.
    pub doc_id: &'a str,
    /// The index in the document of the sentence the mention is in.
    pub sentence: usize,
    /// The mention's byte range in the document text.
    pub start: usize,
    /// The end of the mention's byte range (exclusive).
    pub end: usize,
    /// The mention as written.
    pub surface: std::borrow::Cow<'a, str>,
    /// The entity's gazetteer id; `|`-separated candidates when ambiguous; empty for a person
    /// no gazetteer knows.
    pub entity_id: String,
    /// The entity kind (of the first candidate when ambiguous; `person` for one no gazetteer
    /// knows).
    pub kind: &'static str,
    /// The entity's name; empty when ambiguous.
    pub name: &'a str,
    /// How the mention was recognised (`exact`, `alias`, ..., `ambiguous`, `unknown`).
    pub how: &'static str,
}

/// `matches.csv`: one row per report that names a match or reports a goal.
#[derive(Debug, Default, Serialize)]
pub struct MatchRow<'a> {
    /// The document's id.
    pub doc_id: &'a str,
    /// The home team's gazetteer id, or empty.
    pub home_id: &'a str,
    /// The home team's name, or empty.
    pub home: &'a str,
    /// The away team's gazetteer id, or empty.
    pub away_id: &'a str,
    /// The away team's name, or empty.
    pub away: &'a str,
    /// The stated score (with `-` for an en dash), or empty.
    pub score: std::borrow::Cow<'a, str>,
    /// Where the score was stated (`header`, `fact line`), or empty.
    pub score_source: &'static str,
    /// `minute scorer (team)` per goal, in match order, separated by `; `.
    pub goals: String,
    /// `true`, `false`, or empty when no score was stated.
    pub consistent: &'static str,
    /// The goals found for the home team (in `goals.csv`), or empty without a home team.
    pub home_goals: Option<usize>,
    /// The goals found for the away team, or empty without an away team.
    pub away_goals: Option<usize>,
}

/// `goals.csv`: one row per goal of the match a report is about, in match order.
#[derive(Debug, Default, Serialize)]
pub struct GoalRow<'a> {
    /// The document's id.
    pub doc_id: &'a str,
    /// The goal's place in the match, from 1.
    pub n: usize,
    /// The minute as `events.csv` writes it (`56`, `90+2`, `91-120`), or empty.
    pub minute: String,
    /// The minute as a number to sort and plot by (90 for `90+2`); empty when unknown or only a
    /// span is told (`91-120`).
    pub minute_num: Option<u16>,
    /// The minutes of added time (2 for `90+2`), or empty.
    pub added: Option<u16>,
    /// `first half`, `second half` or `extra time`, or empty without a minute.
    pub period: &'static str,
    /// The scorer's gazetteer id; empty for a name the gazetteers do not know and for one that
    /// stays ambiguous (several people of that name could have scored).
    pub scorer_id: String,
    /// The scorer's name, the surface of an ambiguous or unknown name, or empty.
    pub scorer: std::borrow::Cow<'a, str>,
    /// How the scorer was found: `linked` (one gazetteer person), `ambiguous` (a name several
    /// people have, left without an id), `unknown name` (a name no gazetteer knows), or empty
    /// when the report names no scorer.
    pub scorer_how: &'static str,
    /// The gazetteer id of the team the goal counted for, or empty.
    pub team_id: &'a str,
    /// The team's name, or empty.
    pub team: &'a str,
    /// `goal`, `penalty` or `own goal`.
    pub kind: &'static str,
    /// The score the goal made, home first (`2-1`), or empty.
    pub score_after: String,
    /// The index of the sentence that tells the goal.
    pub sentence: usize,
    /// The sentences that told its minute or scorer, space-separated.
    pub evidence: String,
}

/// The CSV header line of a row type, newline included: its field names, as the csv writer
/// writes them before the first row.
pub(crate) fn header<Row: Serialize + Default>() -> Vec<u8> {
    const SERIALISE: &str = "a default row serialises into memory";
    let mut writer = csv::Writer::from_writer(Vec::new());
    writer.serialize(Row::default()).expect(SERIALISE);
    let mut bytes = writer.into_inner().expect(SERIALISE);
    let line_end = bytes
        .iter()
        .position(|&b| b == b'\n')
        .expect("the csv writer ends the header line with a newline");
    bytes.truncate(line_end + 1);
    bytes
}

/// The event rows of one analysed document.
pub fn event_rows<'a>(
    analysis: &'a Analysis<'_>,
    gazetteer: &'a Gazetteer,
) -> impl Iterator<Item = EventRow<'a>> {
    let text = analysis.document.text.as_str();
    analysis.events.iter().map(move |event| {
        let sentence = &analysis.sentences[event.sentence];
        let actor = event.actor.map(|m| &analysis.recognition.mentions[m]);
        let (player_id, player) = person(gazetteer, text, actor, event.name);
        let team = event.team.map(|t| gazetteer.entity(t));
        EventRow {
            doc_id: &analysis.document.id,
            sentence: event.sentence.index(),
            start: sentence.span.start(),
            end: sentence.span.end(),
            event: event.kind.as_str(),
            minute: event.minute.map(|m| m.to_string()).unwrap_or_default(),
            player_id,
            player,
            team_id: team.map_or("", |t| t.id.as_str()),
            team: team.map_or("", |t| t.name.as_str()),
            score: with_hyphen(event.score.map_or("", |s| &text[s])),
            trigger: &text[event.trigger],
            text: one_line(&text[sentence.span]),
        }
    })
}

/// A score as analysts compare it: `2–1` written `2-1`.
fn with_hyphen(score: &str) -> std::borrow::Cow<'_, str> {
    if score.contains('–') {
        std::borrow::Cow::Owned(score.replace('–', "-"))
    } else {
        std::borrow::Cow::Borrowed(score)
    }
}

/// A text with its line breaks as spaces (each `\r` or `\n` one space, so lengths stay).
fn one_line(text: &str) -> std::borrow::Cow<'_, str> {
    if text.contains(['\n', '\r']) {
        std::borrow::Cow::Owned(text.replace(['\n', '\r'], " "))
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}

/// The mention rows of one analysed document in document order; an ambiguous mention lists its
/// candidates, and a person no gazetteer knows has no id (`kind` person, `how` unknown).
pub fn mention_rows<'a>(
    analysis: &'a Analysis<'_>,
    gazetteer: &'a Gazetteer,
) -> impl Iterator<Item = MentionRow<'a>> {
    let text = analysis.document.text.as_str();
    let doc_id = analysis.document.id.as_str();
    let linked = analysis.recognition.mentions.iter().map(move |mention| {
        let first = gazetteer.entity(mention.entities[0]);
        let linked = mention.entity().is_some();
        MentionRow {
            doc_id,
            sentence: mention.sentence.index(),
            start: mention.span.start(),
            end: mention.span.end(),
            surface: one_line(&text[mention.span]),
            entity_id: if linked {
                first.id.clone()
            } else {
                ids(gazetteer, &mention.entities)
            },
            kind: first.kind.as_str(),
            name: if linked { &first.name } else { "" },
            how: mention.how.as_str(),
        }
    });
    let unknown = analysis
        .recognition
        .unknown_people
        .iter()
        .map(move |person| MentionRow {
            doc_id,
            sentence: person.sentence.index(),
            start: person.span.start(),
            end: person.span.end(),
            surface: one_line(&text[person.span]),
            entity_id: String::new(),
            kind: "person",
            name: "",
            how: "unknown",
        });
    in_document_order(linked, unknown)
}

/// Two row lists, each in document order, as one.
fn in_document_order<'a>(
    a: impl Iterator<Item = MentionRow<'a>>,
    b: impl Iterator<Item = MentionRow<'a>>,
) -> impl Iterator<Item = MentionRow<'a>> {
    let (mut a, mut b) = (a.peekable(), b.peekable());
    std::iter::from_fn(move || match (a.peek(), b.peek()) {
        (Some(x), Some(y)) if y.start < x.start => b.next(),
        (Some(_), _) => a.next(),
        (None, _) => b.next(),
    })
}

/// The match row of one analysed document, if it names a match or reports a goal.
pub fn match_row<'a>(analysis: &'a Analysis<'_>, gazetteer: &'a Gazetteer) -> Option<MatchRow<'a>> {
    let facts = analysis.facts.as_ref()?;
    let text = analysis.document.text.as_str();
    let team = |t: Option<EntityId>| t.map(|t| gazetteer.entity(t));
    let (home, away) = (team(facts.home), team(facts.away));
    Some(MatchRow {
        doc_id: &analysis.document.id,
        home_id: home.map_or("", |t| t.id.as_str()),
        home: home.map_or("", |t| t.name.as_str()),
        away_id: away.map_or("", |t| t.id.as_str()),
        away: away.map_or("", |t| t.name.as_str()),
        score: with_hyphen(facts.score.as_ref().map_or("", |(span, _)| &text[*span])),
        score_source: facts
            .score
            .as_ref()
            .map_or("", |(_, source)| source.as_str()),
        goals: goals_cell(analysis, gazetteer),
        consistent: match facts.consistent {
            Some(true) => "true",
            Some(false) => "false",
            None => "",
        },
        home_goals: facts.home.map(|t| goals_of(facts, t)),
        away_goals: facts.away.map(|t| goals_of(facts, t)),
    })
}

fn goals_of(facts: &MatchFacts, team: EntityId) -> usize {
    facts.goals.iter().filter(|g| g.team == Some(team)).count()
}

/// The goal rows of one analysed document, in match order.
pub fn goal_rows<'a>(
    analysis: &'a Analysis<'_>,
    gazetteer: &'a Gazetteer,
) -> impl Iterator<Item = GoalRow<'a>> {
    let text = analysis.document.text.as_str();
    let goals = analysis.facts.iter().flat_map(|f| &f.goals);
    goals.enumerate().map(move |(n, goal)| {
        let mention = goal.scorer.map(|m| &analysis.recognition.mentions[m]);
        let (scorer_id, scorer) = person(gazetteer, text, mention, goal.name);
        // Analysts count goals by scorer id: a list of namesakes there would credit each of them.
        let (scorer_id, scorer_how) = match mention {
            Some(mention) if mention.entity().is_some() => (scorer_id, "linked"),
            Some(_) => (String::new(), "ambiguous"),
            None if scorer.is_empty() => (scorer_id, ""),
            None => (scorer_id, "unknown name"),
        };
        let team = goal.team.map(|t| gazetteer.entity(t));
        let minute = goal.minute;
        let mut evidence: Vec<usize> = goal.evidence.iter().map(|s| s.index()).collect();
        evidence.sort_unstable();
        evidence.dedup();
        GoalRow {
            doc_id: &analysis.document.id,
            n: n + 1,
            minute: minute.map(|m| m.to_string()).unwrap_or_default(),
            minute_num: minute.filter(|m| m.until.is_none()).map(|m| m.regular),
            added: minute.and_then(|m| m.added.flatten()),
            period: minute.map_or("", |m| m.period()),
            scorer_id,
            scorer,
            scorer_how,
            team_id: team.map_or("", |t| t.id.as_str()),
            team: team.map_or("", |t| t.name.as_str()),
            kind: goal.kind.as_str(),
            score_after: goal
                .score_after
                .map(|(home, away)| format!("{home}-{away}"))
                .unwrap_or_default(),
            sentence: goal.sentence.index(),
            evidence: evidence
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(" "),
        }
    })
}

/// A player's id and name for a row: the linked entity's, an ambiguous mention's candidate ids
/// and surface, or (without a mention) a name no gazetteer knows, as written, with an empty id.
fn person<'a>(
    gazetteer: &'a Gazetteer,
    text: &'a str,
    mention: Option<&Mention>,
    name: Option<Span>,
) -> (String, std::borrow::Cow<'a, str>) {
    match mention {
        Some(mention) => match mention.entity() {
            Some(entity) => (
                gazetteer.entity(entity).id.clone(),
                gazetteer.entity(entity).name.as_str().into(),
            ),
            None => (
                ids(gazetteer, &mention.entities),
                one_spaced(&text[mention.span]),
            ),
        },
        None => (
            String::new(),
            name.map_or("".into(), |name| one_spaced(&text[name])),
        ),
    }
}

/// The `goals` cell: `minute scorer (team)` per goal, `?` for what is not known.
fn goals_cell(analysis: &Analysis<'_>, gazetteer: &Gazetteer) -> String {
    let Some(facts) = &analysis.facts else {
        return String::new();
    };
    let text = analysis.document.text.as_str();
    let goals: Vec<String> = facts
        .goals
        .iter()
        .map(|goal| {
            let minute = goal.minute.map_or("?".to_string(), |m| m.to_string());
            let mention = goal.scorer.map(|m| &analysis.recognition.mentions[m]);
            let (_, scorer) = person(gazetteer, text, mention, goal.name);
            let scorer = if scorer.is_empty() { "?" } else { &scorer };
            let team = goal
                .team
                .map(|t| gazetteer.entity(t))
                .map_or(String::new(), |t| format!(" ({})", t.name));
            format!("{minute} {scorer}{team}")
        })
        .collect();
    goals.join("; ")
}

fn ids(gazetteer: &Gazetteer, entities: &[EntityId]) -> String {
    entities
        .iter()
        .map(|&e| gazetteer.entity(e).id.as_str())
        .collect::<Vec<_>>()
        .join("|")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The header lines analysts' scripts read: they must not change with a refactor.
    #[test]
    fn headers_are_the_field_names() {
        let table: &[(&str, Vec<u8>, &str)] = &[
            (
                "events",
                header::<EventRow>(),
                "doc_id,sentence,start,end,event,minute,player_id,player,team_id,team,score,trigger,text\n",
            ),
            (
                "mentions",
                header::<MentionRow>(),
                "doc_id,sentence,start,end,surface,entity_id,kind,name,how\n",
            ),
            (
                "matches",
                header::<MatchRow>(),
                "doc_id,home_id,home,away_id,away,score,score_source,goals,consistent,home_goals,away_goals\n",
            ),
            (
                "goals",
                header::<GoalRow>(),
                "doc_id,n,minute,minute_num,added,period,scorer_id,scorer,scorer_how,team_id,team,kind,score_after,sentence,evidence\n",
            ),
        ];
        for (file, header, expected) in table {
            assert_eq!(String::from_utf8_lossy(header), *expected, "{file}");
        }
    }
}
