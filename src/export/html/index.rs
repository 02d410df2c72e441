//! `index.html`: one row per document, linked to its page, sortable by any column (a few lines
//! of inline script), with a filter for the rows an analyst should look at (a checkbox and CSS,
//! so it works without script too).

use super::escape::escaped;
use super::{Summary, STYLE};
use crate::classify::EventKind;
use crate::ingest::Failure;

/// A document of the index: its page's file name (beside `index.html`) and its summary.
#[derive(Debug, Clone)]
pub struct IndexRow {
    /// The page's file name.
    pub file: String,
    /// What the index says of the document.
    pub summary: Summary,
}

const SCRIPT: &str = include_str!("index.js");

/// The index of the pages, in input order, and of the inputs that could not be read.
pub fn index(rows: &[IndexRow], failures: &[Failure]) -> String {
    let mut out = String::with_capacity(8 * 1024 + 600 * rows.len());
    let to_look_at = rows.iter().filter(|r| r.summary.to_look_at()).count();
    let set_aside = rows.iter().filter(|r| !r.summary.football).count();
    put!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; \
         style-src 'unsafe-inline'; script-src 'unsafe-inline'\">\n\
         <title>What kampfakta read · {} reports</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n\
         <header class=\"top\"><h1>What kampfakta read</h1>\n<p>{} reports, {to_look_at} to look \
         at; {set_aside} set aside as not about football; {} could not be read.</p></header>\n\
         <main>\n<input type=\"checkbox\" id=\"look-only\" class=\"filter\">\
         <label for=\"look-only\" class=\"filter\">Show only the {to_look_at} reports to look at: \
         goals that do not add up to the score, or an event whose actor is ambiguous</label>\n\
         <div class=\"wide\"><table id=\"reports\">\n<caption>One row per report, in input order; \
         a column's header sorts by it</caption>\n<thead><tr><th scope=\"col\">Report</th>\
         <th scope=\"col\">Home</th><th scope=\"col\">Away</th><th scope=\"col\">Score</th>\
         <th scope=\"col\">Goals found</th><th scope=\"col\">Consistent</th>",
        rows.len(),
        rows.len(),
        failures.len()
    );
    for kind in EventKind::ALL {
        put!(out, "<th scope=\"col\">{}</th>", plural(kind));
    }
    out.push_str(
        "<th scope=\"col\">Mentions</th><th scope=\"col\">Ambiguous actors</th>\
         <th scope=\"col\">Look at</th></tr></thead>\n<tbody>\n",
    );
    for (order, row) in rows.iter().enumerate() {
        write_row(&mut out, order, row);
    }
    out.push_str("</tbody>\n</table></div>\n");
    if !failures.is_empty() {
        out.push_str(
            "<section aria-labelledby=\"h-failed\"><h2 id=\"h-failed\">Not read</h2>\n<ul>\n",
        );
        for failure in failures {
            put!(
                out,
                "<li><code>{}</code>: {}</li>\n",
                escaped(&failure.source),
                escaped(&failure.reason)
            );
        }
        out.push_str("</ul></section>\n");
    }
    put!(
        out,
        "</main>\n<script>\n{SCRIPT}</script>\n</body>\n</html>\n"
    );
    out
}

fn write_row(out: &mut String, order: usize, row: &IndexRow) {
    let summary = &row.summary;
    let look = summary.to_look_at();
    put!(
        out,
        "<tr data-order=\"{order}\"{}><th scope=\"row\"><a href=\"{}\">{}</a></th>",
        if look { " class=\"look\"" } else { "" },
        escaped(&row.file),
        escaped(&summary.doc_id)
    );
    if summary.football {
        put!(
            out,
            "<td>{}</td><td>{}</td>",
            escaped(&summary.home),
            escaped(&summary.away)
        );
    } else {
        out.push_str("<td colspan=\"2\" class=\"unknown\">not about football</td>");
    }
    let (consistent, value) = match summary.consistent {
        Some(true) => ("✓ yes", "1"),
        Some(false) => ("✗ no", "0"),
        None => ("", ""),
    };
    put!(
        out,
        "<td>{}</td><td class=\"num\">{}</td><td data-v=\"{value}\">{consistent}</td>",
        escaped(&summary.score),
        summary.goals
    );
    for count in summary.events {
        put!(out, "<td class=\"num\">{count}</td>");
    }
    put!(
        out,
        "<td class=\"num\">{}</td><td class=\"num\">{}</td><td>",
        summary.mentions,
        summary.ambiguous_actors
    );
    let mut reasons = Vec::new();
    if summary.consistent == Some(false) {
        reasons.push("goals do not add up".to_string());
    }
    match summary.ambiguous_actors {
        0 => {}
        1 => reasons.push("an ambiguous actor".to_string()),
        n => reasons.push(format!("{n} ambiguous actors")),
    }
    out.push_str(&reasons.join("; "));
    out.push_str("</td></tr>\n");
}

/// A column's header for a kind of event.
fn plural(kind: EventKind) -> &'static str {
    match kind {
        EventKind::Goal => "Goal events",
        EventKind::Chance => "Chances",
        EventKind::Foul => "Fouls",
        EventKind::Penalty => "Penalties",
    }
}
