//! The suggestions as files: `players.csv`, `clubs.csv` and `officials.csv` in the gazetteer
//! format that `--gazetteer DIR` loads (no column it does not read, so it loads without
//! warnings), and `suggestions.csv` beside them for review: every row's kind, id, name, count,
//! documents, team, evidence and up to three example sentences with their documents. A person
//! seen only by a full name is in the review file alone, as `person`.

use super::Suggestion;
use crate::error::{Error, Result};
use crate::export::OutputSet;
use crate::gazetteer::{list_field, EntityKind};
use std::path::{Path, PathBuf};

/// The files a suggestion folder holds, in the order they are written.
pub const SUGGESTION_FILES: [&str; 4] = [
    "players.csv",
    "clubs.csv",
    "officials.csv",
    "suggestions.csv",
];

/// The kinds of gazetteer file a suggestion folder has.
const KINDS: [EntityKind; 3] = [EntityKind::Player, EntityKind::Club, EntityKind::Official];

/// Writes the suggestions, ranked as given, into `dir` (created if needed) as one set of files
/// ([`SUGGESTION_FILES`], each with its header even when it has no row), published together
/// like `extract`'s outputs ([`OutputSet`]); gives their paths.
pub fn write_suggestions(dir: &Path, suggestions: &[Suggestion]) -> Result<Vec<PathBuf>> {
    let set = OutputSet::create(
        dir,
        "players.csv, clubs.csv, officials.csv and suggestions.csv",
    )?;
    let mut contents: Vec<Vec<u8>> = KINDS
        .iter()
        .map(|&kind| gazetteer_file(kind, suggestions))
        .collect::<Result<_>>()?;
    contents.push(review_file(suggestions)?);
    for (name, bytes) in SUGGESTION_FILES.iter().zip(contents) {
        set.write(name, &bytes)?;
    }
    set.publish()?;
    Ok(SUGGESTION_FILES.iter().map(|name| dir.join(name)).collect())
}

/// The rows of one kind as the gazetteer file of that kind: `id,name,aliases` and the kind's
/// columns.
fn gazetteer_file(kind: EntityKind, suggestions: &[Suggestion]) -> Result<Vec<u8>> {
    let mut header = vec!["id", "name", "aliases"];
    header.extend(kind.columns());
    let rows = suggestions
        .iter()
        .filter(|s| s.entity.kind == kind && s.is_football())
        .map(|s| {
            let e = &s.entity;
            let mut row = vec![e.id.clone(), e.name.clone(), list_field(&e.aliases)];
            row.extend(
                kind.columns()
                    .iter()
                    .map(|c| e.attr(c).unwrap_or("").to_string()),
            );
            row
        });
    encode(kind.file_name(), &header, rows)
}

/// The review file: one row per suggestion, in rank order.
fn review_file(suggestions: &[Suggestion]) -> Result<Vec<u8>> {
    let mut header = vec![
        "rank",
        "kind",
        "id",
        "name",
        "count",
        "documents",
        "team_id",
        "team",
        "evidence",
    ];
    header.extend([
        "doc_1",
        "example_1",
        "doc_2",
        "example_2",
        "doc_3",
        "example_3",
    ]);
    let rows = suggestions.iter().enumerate().map(|(rank, s)| {
        let (team_id, team) = s.team.clone().unwrap_or_default();
        let evidence: Vec<String> = s
            .evidence
            .iter()
            .map(|(e, n)| format!("{}:{n}", e.as_str()))
            .collect();
        let mut row = vec![
            (rank + 1).to_string(),
            s.kind_name().to_string(),
            s.entity.id.clone(),
            s.entity.name.clone(),
            s.count.to_string(),
            s.documents.to_string(),
            team_id,
            team,
            evidence.join("|"),
        ];
        for at in 0..super::EXAMPLES {
            let example = s.examples.get(at);
            row.push(example.map(|e| e.doc.clone()).unwrap_or_default());
            row.push(example.map(|e| e.sentence.clone()).unwrap_or_default());
        }
        row
    });
    encode("suggestions.csv", &header, rows)
}

/// CSV bytes of a header and rows.
fn encode(name: &str, header: &[&str], rows: impl Iterator<Item = Vec<String>>) -> Result<Vec<u8>> {
    let csv_err = |source| Error::Csv {
        path: PathBuf::from(name),
        source,
    };
    let mut writer = csv::Writer::from_writer(Vec::new());
    writer.write_record(header).map_err(csv_err)?;
    for row in rows {
        writer.write_record(&row).map_err(csv_err)?;
    }
    writer.into_inner().map_err(|e| Error::Io {
        path: PathBuf::from(name),
        source: e.into_error(),
    })
}
