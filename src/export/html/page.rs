//! One document's page: its match panel (teams, score, whether the goals add up, the timeline),
//! its text with every mention and event marked, and the table of the names it mentions.

use super::escape::escaped;
use super::text::{MarkedText, MentionMark};
use super::timeline::{self, Mark, Side};
use super::{Summary, STYLE};
use crate::classify::{Event, EventKind};
use crate::export::{event_rows, goal_rows, match_row, EventRow, MatchRow};
use crate::gazetteer::Gazetteer;
use crate::ids::EntityId;
use crate::pipeline::Analysis;
use crate::recognize::{How, Mention};
use crate::span::Span;
use rustc_hash::FxHashMap;

/// A document's page and what the index says of it.
#[derive(Debug, Clone)]
pub struct Page {
    /// The document's row of the index.
    pub summary: Summary,
    /// The page: one self-contained HTML file (inline style, no script, nothing fetched).
    pub html: String,
}

/// Renders the page of one analysed document.
pub fn page(analysis: &Analysis<'_>, gazetteer: &Gazetteer) -> Page {
    let document = Parts::new(analysis, gazetteer);
    let summary = document.summary();
    let mut out = String::with_capacity(16 * 1024 + 3 * analysis.document.text.len());
    let heading = summary.heading();
    put!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; \
         style-src 'unsafe-inline'\">\n<title>{} · {} · kampfakta</title>\n<style>\n{STYLE}</style>\n\
         </head>\n<body>\n<header class=\"top\"><nav><a href=\"index.html\">All reports</a></nav>\n\
         <h1>{}</h1>\n<p class=\"doc-id\">{}</p></header>\n<main>\n<article>\n",
        escaped(&heading),
        escaped(&summary.doc_id),
        escaped(&heading),
        escaped(&summary.doc_id),
    );
    document.write_match(&mut out);
    document.write_text(&mut out);
    document.write_names(&mut out);
    out.push_str("</article>\n</main>\n</body>\n</html>\n");
    Page { summary, html: out }
}

/// What a page is made of, gathered once from the analysis and its rows.
struct Parts<'a> {
    analysis: &'a Analysis<'a>,
    gazetteer: &'a Gazetteer,
    match_row: Option<MatchRow<'a>>,
    /// The events' rows by (sentence, event kind), which is one row each.
    event_rows: FxHashMap<(usize, &'static str), EventRow<'a>>,
    marks: Vec<Mark>,
    mentions: Vec<MentionMark>,
    names: Vec<Name<'a>>,
}

/// A row of the table of names: one entity (or one set of candidates of ambiguous mentions).
struct Name<'a> {
    id: String,
    name: &'a str,
    kind: &'static str,
    mentions: usize,
    hows: Vec<&'static str>,
    first_sentence: usize,
}

impl<'a> Parts<'a> {
    fn new(analysis: &'a Analysis<'a>, gazetteer: &'a Gazetteer) -> Parts<'a> {
        let event_rows = event_rows(analysis, gazetteer)
            .map(|row| ((row.sentence, row.event), row))
            .collect();
        let mut parts = Parts {
            analysis,
            gazetteer,
            match_row: match_row(analysis, gazetteer),
            event_rows,
            marks: Vec::new(),
            mentions: Vec::new(),
            names: Vec::new(),
        };
        parts.marks = parts.timeline_marks();
        parts.collect_mentions();
        parts
    }

    fn text(&self) -> &'a str {
        self.analysis.document.text.as_str()
    }

    fn row(&self, event: &Event) -> Option<&EventRow<'a>> {
        self.event_rows
            .get(&(event.sentence.index(), event.kind.as_str()))
    }

    fn side(&self, team: Option<EntityId>) -> Side {
        let facts = self.analysis.facts.as_ref();
        match (team, facts) {
            (Some(team), Some(facts)) if facts.home == Some(team) => Side::Home,
            (Some(team), Some(facts)) if facts.away == Some(team) => Side::Away,
            _ => Side::Unknown,
        }
    }

    fn actor(&self, event: &Event) -> Option<&'a Mention> {
        let mentions = &self.analysis.recognition.mentions;
        event.actor.and_then(|m| mentions.get(m.index()))
    }

    /// The match's goals (from its facts, which count a goal told twice once) and the
    /// penalties, fouls and chances among the events.
    fn timeline_marks(&self) -> Vec<Mark> {
        let mut marks = Vec::new();
        let facts = self.analysis.facts.as_ref();
        if let Some(facts) = facts {
            for row in goal_rows(self.analysis, self.gazetteer) {
                let Some(goal) = row.n.checked_sub(1).and_then(|i| facts.goals.get(i)) else {
                    continue;
                };
                marks.push(Mark {
                    kind: "goal",
                    detail: match row.kind {
                        "goal" => "",
                        other => other,
                    },
                    minute: goal.minute,
                    side: self.side(goal.team),
                    sentence: row.sentence,
                    who: who(&row.scorer, row.team),
                });
            }
        }
        for event in &self.analysis.events {
            // Without match facts no goal was found; a goal event is then still drawn.
            if event.kind == EventKind::Goal && facts.is_some() {
                continue;
            }
            let (player, team) = self.row(event).map_or(("", ""), |r| (&*r.player, r.team));
            marks.push(Mark {
                kind: event.kind.as_str(),
                detail: "",
                minute: event.minute,
                side: self.side(event.team),
                sentence: event.sentence.index(),
                who: who(player, team),
            });
        }
        marks
    }

    /// The mentions as the text marks them, and the table of names they link to.
    fn collect_mentions(&mut self) {
        let gazetteer = self.gazetteer;
        let mut rows: FxHashMap<String, usize> = FxHashMap::default();
        for mention in &self.analysis.recognition.mentions {
            let Some(&first) = mention.entities.first() else {
                continue;
            };
            let entity = gazetteer.entity(first);
            let (id, name) = match mention.entity() {
                Some(_) => (entity.id.clone(), entity.name.as_str()),
                None => (candidate_ids(gazetteer, &mention.entities), ""),
            };
            let kind = entity.kind.as_str();
            let how = mention.how.as_str();
            let row = *rows.entry(id.clone()).or_insert_with(|| {
                self.names.push(Name {
                    id: id.clone(),
                    name,
                    kind,
                    mentions: 0,
                    hows: Vec::new(),
                    first_sentence: mention.sentence.index(),
                });
                self.names.len() - 1
            });
            let listed = &mut self.names[row];
            listed.mentions += 1;
            if !listed.hows.contains(&how) {
                listed.hows.push(how);
            }
            let tip = if name.is_empty() {
                format!("ambiguous: {id} · {kind}")
            } else {
                format!("{name} · {id} · {kind}, {how}")
            };
            self.mentions.push(MentionMark {
                span: mention.span,
                kind,
                how,
                tip,
                name_row: row,
            });
        }
        // The text is written in document order, which the mentions are in; sorted all the same,
        // since an unsorted list would silently lose marks.
        self.mentions.sort_by_key(|m| m.span.start());
    }

    fn summary(&self) -> Summary {
        let analysis = self.analysis;
        let row = self.match_row.as_ref();
        let mut events = [0; EventKind::ALL.len()];
        for event in &analysis.events {
            if let Some(i) = EventKind::ALL.iter().position(|&k| k == event.kind) {
                events[i] += 1;
            }
        }
        let ambiguous_actors = analysis
            .events
            .iter()
            .filter(|e| self.actor(e).is_some_and(|m| m.how == How::Ambiguous))
            .count();
        Summary {
            doc_id: analysis.document.id.clone(),
            football: analysis.football,
            home: row.map_or("", |r| r.home).to_string(),
            away: row.map_or("", |r| r.away).to_string(),
            score: row.map_or(String::new(), |r| r.score.to_string()),
            goals: analysis.facts.as_ref().map_or(0, |f| f.goals.len()),
            consistent: analysis.facts.as_ref().and_then(|f| f.consistent),
            events,
            mentions: analysis.recognition.mentions.len(),
            ambiguous_actors,
        }
    }

    /// The match panel: teams, score, whether the goals add up, and the timeline.
    fn write_match(&self, out: &mut String) {
        out.push_str(
            "<section class=\"match\" aria-labelledby=\"h-match\">\n<h2 id=\"h-match\">Match</h2>\n",
        );
        if !self.analysis.football {
            out.push_str(
                "<p class=\"note\">Set aside as not about football: no mentions or events \
                 (<code>--all-documents</code> reads every document).</p>\n",
            );
        }
        match &self.match_row {
            Some(row) => write_facts(
                out,
                row,
                self.analysis.facts.as_ref().map_or(0, |f| f.goals.len()),
            ),
            None if self.analysis.football => {
                out.push_str("<p class=\"note\">No match named and no goal reported.</p>\n")
            }
            None => {}
        }
        let placed = timeline::placed(&self.marks);
        if !placed.is_empty() {
            let (home, away) = self
                .match_row
                .as_ref()
                .map_or(("", ""), |r| (r.home, r.away));
            out.push_str("<figure class=\"timeline\">\n<div class=\"wide\">");
            timeline::write_svg(out, &placed);
            put!(
                out,
                "</div>\n<figcaption>Goals (G), penalties (P), fouls and cards (F) and chances (C) by \
                 minute: above the line {}, below it {}, on it when the team is not known. Each \
                 mark links to its sentence.</figcaption>\n</figure>\n",
                team_or(home, "the home team"),
                team_or(away, "the away team"),
            );
        }
        timeline::write_list(out, &placed, &self.marks);
        out.push_str("</section>\n");
    }

    /// The text, sentence by sentence, each with its events beside it.
    fn write_text(&self, out: &mut String) {
        out.push_str(
            "<section class=\"report\" aria-labelledby=\"h-text\">\n<h2 id=\"h-text\">Text</h2>\n",
        );
        out.push_str(LEGEND);
        out.push_str("<ol class=\"text\" lang=\"no\">\n");
        let text = self.text();
        let mut marked = MarkedText::new(text, &self.mentions);
        let mut by_sentence: Vec<Vec<&Event>> = vec![Vec::new(); self.analysis.sentences.len()];
        for event in &self.analysis.events {
            if let Some(events) = by_sentence.get_mut(event.sentence.index()) {
                events.push(event);
            }
        }
        let mut done = 0;
        for (index, sentence) in self.analysis.sentences.iter().enumerate() {
            let span = Span::new(
                sentence.span.start().max(done),
                sentence.span.end().max(done),
            );
            let gap = &text[text.floor_char_boundary(done)..text.floor_char_boundary(span.start())];
            write_gap(out, &mut marked, Span::new(done, span.start()), gap);
            let events = &by_sentence[index];
            let class = match (events.is_empty(), gap.contains('\n') || index == 0) {
                (true, false) => "",
                (true, true) => " class=\"br\"",
                (false, false) => " class=\"ev\"",
                (false, true) => " class=\"ev br\"",
            };
            put!(
                out,
                "<li id=\"s{index}\"{class}><a class=\"n\" href=\"#s{index}\" \
                 title=\"sentence {index}\">{index}</a><p class=\"s\">"
            );
            let triggers: Vec<Span> = events.iter().map(|e| e.trigger).collect();
            marked.write(out, span, &triggers);
            out.push_str("</p>");
            if !events.is_empty() {
                out.push_str("<ul class=\"notes\" lang=\"en\">");
                for event in events {
                    self.write_note(out, event);
                }
                out.push_str("</ul>");
            }
            out.push_str("</li>\n");
            done = span.end();
        }
        let rest = &text[text.floor_char_boundary(done)..];
        write_gap(out, &mut marked, Span::new(done, text.len()), rest);
        out.push_str("</ol>\n</section>\n");
    }

    /// One event beside its sentence: label, minute, actor, team, score and trigger words.
    fn write_note(&self, out: &mut String, event: &Event) {
        let kind = event.kind.as_str();
        put!(out, "<li><span class=\"lab {kind}\">{kind}</span>");
        if let Some(minute) = event.minute {
            put!(out, " <span class=\"min\">{minute}′</span>");
        }
        if let Some(row) = self.row(event) {
            let mut parts = Vec::new();
            if !row.player.is_empty() {
                let mut player = escaped(&row.player).to_string();
                if self.actor(event).is_some_and(|m| m.how == How::Ambiguous) {
                    put!(
                        player,
                        " <small class=\"flag\">ambiguous</small> <code>{}</code>",
                        escaped(&row.player_id)
                    );
                } else if row.player_id.is_empty() {
                    player.push_str(" <small>(not in the gazetteers)</small>");
                }
                parts.push(player);
            }
            if !row.team.is_empty() {
                parts.push(escaped(row.team).to_string());
            }
            if !row.score.is_empty() {
                parts.push(format!("score {}", escaped(&row.score)));
            }
            parts.push(format!("<q class=\"trig\">{}</q>", escaped(row.trigger)));
            put!(out, " {}", parts.join(" · "));
        }
        out.push_str("</li>");
    }

    /// The table of the names mentioned, which every mention links to.
    fn write_names(&self, out: &mut String) {
        if self.names.is_empty() {
            return;
        }
        out.push_str(
            "<section class=\"names\" aria-labelledby=\"h-names\">\n<h2 id=\"h-names\">Names</h2>\n\
             <div class=\"wide\"><table>\n<caption>Every entity the text names, in order of first \
             mention</caption>\n<thead><tr><th scope=\"col\">Name</th><th scope=\"col\">Id</th>\
             <th scope=\"col\">Kind</th><th scope=\"col\">Mentions</th><th scope=\"col\">How</th>\
             <th scope=\"col\">First</th></tr></thead>\n<tbody>\n",
        );
        for (row, name) in self.names.iter().enumerate() {
            let shown = if name.name.is_empty() {
                "<span class=\"flag\">ambiguous</span>".to_string()
            } else {
                escaped(name.name).to_string()
            };
            put!(
                out,
                "<tr id=\"n{row}\"><th scope=\"row\">{shown}</th><td><code>{}</code></td>\
                 <td>{}</td><td class=\"num\">{}</td><td>{}</td>\
                 <td><a href=\"#s{}\">sentence {}</a></td></tr>\n",
                escaped(&name.id),
                name.kind,
                name.mentions,
                name.hows.join(", "),
                name.first_sentence,
                name.first_sentence
            );
        }
        out.push_str("</tbody>\n</table></div>\n</section>\n");
    }
}

/// `Samir Nasri (Manchester City)`, or what of it is known.
fn who(player: &str, team: &str) -> String {
    match (player.is_empty(), team.is_empty()) {
        (false, false) => format!("{player} ({team})"),
        (false, true) => player.to_string(),
        (true, false) => format!("({team})"),
        (true, true) => String::new(),
    }
}

fn team_or<'t>(team: &'t str, otherwise: &'t str) -> super::escape::Escaped<'t> {
    escaped(if team.is_empty() { otherwise } else { team })
}

fn candidate_ids(gazetteer: &Gazetteer, entities: &[EntityId]) -> String {
    entities
        .iter()
        .map(|&e| gazetteer.entity(e).id.as_str())
        .collect::<Vec<_>>()
        .join(" | ")
}

/// Text between sentences: nothing but a line break in the flow when it is blank, else a row
/// of its own (text the segmenter left out of every sentence still shows).
fn write_gap(out: &mut String, marked: &mut MarkedText<'_>, span: Span, gap: &str) {
    if gap.trim().is_empty() {
        return;
    }
    out.push_str("<li class=\"gap br\"><span class=\"n\"></span><p class=\"s\">");
    marked.write(out, span, &[]);
    out.push_str("</p></li>\n");
}

/// The teams, the score, the goals found and whether they add up.
fn write_facts(out: &mut String, row: &MatchRow<'_>, goals: usize) {
    let team = |name: &str, id: &str| {
        if name.is_empty() {
            "<span class=\"unknown\">not known</span>".to_string()
        } else {
            format!("{} <code>{}</code>", escaped(name), escaped(id))
        }
    };
    put!(
        out,
        "<dl class=\"facts\">\n<div><dt>Home</dt><dd>{}</dd></div>\n\
         <div><dt>Away</dt><dd>{}</dd></div>\n",
        team(row.home, row.home_id),
        team(row.away, row.away_id)
    );
    if row.score.is_empty() {
        out.push_str(
            "<div><dt>Score</dt><dd><span class=\"unknown\">not stated</span></dd></div>\n",
        );
    } else {
        put!(
            out,
            "<div><dt>Score</dt><dd>{} <small>({})</small></dd></div>\n",
            escaped(&row.score),
            row.score_source
        );
    }
    let by_team = match (row.home_goals, row.away_goals) {
        (Some(home), Some(away)) => format!(" <small>({home} home, {away} away)</small>"),
        _ => String::new(),
    };
    put!(
        out,
        "<div><dt>Goals found</dt><dd>{goals}{by_team}</dd></div>\n<div><dt>Consistent</dt>{}</div>\n</dl>\n",
        match row.consistent {
            "true" => "<dd class=\"yes\">✓ yes: the goals found add up to the score</dd>",
            "false" => "<dd class=\"no\">✗ no: the goals found do not add up to the score</dd>",
            _ => "<dd><span class=\"unknown\">not known</span>: no score stated</dd>",
        }
    );
}

/// What the marks in the text mean, in words and in their own styles.
const LEGEND: &str = "<p class=\"legend\" lang=\"en\">Names: \
<span class=\"m k-player\">player</span> <span class=\"m k-club\">club</span> \
<span class=\"m k-national_team\">national team</span> <span class=\"m k-official\">official</span> \
<span class=\"m k-media\">media</span> <span class=\"m k-organisation\">organisation</span> \
<span class=\"m k-player h-description\">a description</span> \
<span class=\"m k-player h-ambiguous\">a shared name</span><small class=\"flag\">ambiguous</small>; \
hover over or focus a name for its id. Events: \
<span class=\"lab goal\">goal</span> <span class=\"lab chance\">chance</span> \
<span class=\"lab foul\">foul</span> <span class=\"lab penalty\">penalty</span> beside their \
sentence, the <strong class=\"t\">words that decided them</strong> in bold.</p>\n";
