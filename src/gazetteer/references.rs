//! A player's `club` and `nationality` columns resolved to ids. A club or national team that no
//! folder defines is not fatal: it becomes an entity of its own (recognised in text like any
//! other), with a warning that names the closest known ids and how to describe it properly.

use super::csv_rows::{list_field, Row, LIST_SEPARATOR};
use super::years::split_years;
use super::{slug, Entity, EntityKind};
use crate::error::Problem;
use crate::segment::fold;
// Built once per run from trusted rows: a fast hasher matters, keys are not hostile.
use rustc_hash::FxHashMap as HashMap;
use std::path::Path;

/// The most ids a warning suggests.
const SUGGESTIONS: usize = 3;

/// Entity ids by (kind, id) and by (kind, folded name or alias); the first entity written a way
/// keeps that form.
type Lookup = HashMap<(EntityKind, String), String>;

/// Turns club and nationality references (an id or a name) into ids. An unknown one becomes a
/// club or national team of its own, appended to `rows`, with a warning; `shipped` holds the
/// shipped clubs and national teams when the defaults are not layered, so that a reference to
/// one of them is taken from there and the warning says `--with-defaults`.
pub(super) fn resolve_references(
    rows: &mut Vec<Row>,
    merged: &[(String, String)],
    shipped: Option<&[Row]>,
    warnings: &mut Vec<Problem>,
) {
    let mut lookup = reference_lookup(rows, merged);
    let shipped_lookup = shipped.map(|rows| reference_lookup(rows, &[]));
    let known = rows.len();
    for index in 0..known {
        for (column, target) in [
            ("club", EntityKind::Club),
            ("nationality", EntityKind::NationalTeam),
        ] {
            let Some(values) = rows[index].entity.attr(column).map(str::to_string) else {
                continue;
            };
            let mut ids = Vec::new();
            for written in values
                .split(LIST_SEPARATOR)
                .map(str::trim)
                .filter(|v| !v.is_empty())
            {
                // `club:arsenal@2004-2012`: the years stay with the id the reference resolves to.
                let (value, years) = match split_years(written) {
                    Ok((value, years)) if target == EntityKind::Club || years.is_none() => {
                        (value, years)
                    }
                    Ok((value, _)) => {
                        let message = format!(
                            "{written:?} for id {}: a national team takes no years; read as {value:?}",
                            rows[index].entity.id
                        );
                        warnings.push(reference_problem(&rows[index], column, message));
                        (value, None)
                    }
                    Err((value, why)) => {
                        let message = format!(
                            "{written:?} for id {}: {why}; read as {value:?}, at any time",
                            rows[index].entity.id
                        );
                        warnings.push(reference_problem(&rows[index], column, message));
                        (value, None)
                    }
                };
                if value.is_empty() {
                    let message = format!(
                        "{written:?} for id {} names no {}: left out",
                        rows[index].entity.id,
                        target_name(target)
                    );
                    warnings.push(reference_problem(&rows[index], column, message));
                    continue;
                }
                let with_years = |id: &str| match years {
                    Some(years) => format!("{id}@{years}"),
                    None => id.to_string(),
                };
                // A name whose derived id is known (`Al-Ain` for `club:al-ain`, "Al Ain") is
                // written the same but for case and punctuation.
                let derived = team_of_its_own(target, value).id;
                if let Some(id) =
                    find(&lookup, target, value).or_else(|| lookup.get(&(target, derived)))
                {
                    ids.push(with_years(id));
                    continue;
                }
                let row = &rows[index];
                let from_shipped = shipped_lookup
                    .as_ref()
                    .and_then(|l| find(l, target, value))
                    .and_then(|id| shipped?.iter().find(|r| r.entity.id == *id));
                let (entity, message) = match from_shipped {
                    Some(shipped) => (
                        shipped.entity.clone(),
                        format!(
                            "{} {value:?} for id {} is in the shipped gazetteers, which this run \
                             leaves out: taken from them as {}; run with --with-defaults to use \
                             them all",
                            target_name(target),
                            row.entity.id,
                            shipped.entity.id
                        ),
                    ),
                    None => {
                        let entity = team_of_its_own(target, value);
                        let near = closest(
                            target,
                            value,
                            rows[..known].iter().chain(shipped.unwrap_or(&[])),
                        );
                        let message = unknown_message(row, target, value, &entity, &near);
                        (entity, message)
                    }
                };
                warnings.push(reference_problem(row, column, message));
                for form in [value, &entity.id, &entity.name] {
                    lookup.insert((target, fold(form)), entity.id.clone());
                }
                lookup.insert((target, entity.id.clone()), entity.id.clone());
                ids.push(with_years(&entity.id));
                let (file, line, layer) = (row.file.clone(), row.line, row.layer);
                rows.push(Row {
                    entity,
                    file,
                    line,
                    layer,
                    derived_id: false,
                    warnings: Vec::new(),
                });
            }
            rows[index].entity.set_attr(column, list_field(&ids));
        }
    }
}

/// A warning on a row's `club` or `nationality` column.
fn reference_problem(row: &Row, column: &str, message: String) -> Problem {
    Problem {
        file: row.file.clone(),
        line: row.line,
        column: Some(column.into()),
        message,
    }
}

/// The id a reference names: as written (an id), or by its folded name or alias.
fn find<'l>(lookup: &'l Lookup, target: EntityKind, value: &str) -> Option<&'l String> {
    lookup
        .get(&(target, value.to_string()))
        .or_else(|| lookup.get(&(target, fold(value))))
}

/// `club`, `national team`.
fn target_name(target: EntityKind) -> &'static str {
    match target {
        EntityKind::NationalTeam => "national team",
        _ => "club",
    }
}

/// The entity an unknown reference stands for: a name gets the id derived from it
/// (`Al-Gharafa` -> `club:al-gharafa`); an id (`club:new-fk`) keeps it, named after its words
/// (`New Fk`).
fn team_of_its_own(target: EntityKind, value: &str) -> Entity {
    let prefix = format!("{}:", target.id_prefix());
    let (id, name) = match value.strip_prefix(&prefix) {
        Some(words) => (value.to_string(), capitalised_words(words)),
        None => (format!("{prefix}{}", slug(value)), value.to_string()),
    };
    Entity {
        id,
        kind: target,
        name,
        aliases: Vec::new(),
        attrs: Vec::new(),
    }
}

/// `new-fk` -> `New Fk`.
fn capitalised_words(slug: &str) -> String {
    let words = slug.split('-').filter(|w| !w.is_empty()).map(|word| {
        let mut chars = word.chars();
        chars
            .next()
            .map(|first| first.to_uppercase().chain(chars).collect::<String>())
            .unwrap_or_default()
    });
    words.collect::<Vec<_>>().join(" ")
}

/// The warning for a reference that no folder defines: what it became, the closest known ids,
/// and the command that describes it.
fn unknown_message(
    row: &Row,
    target: EntityKind,
    value: &str,
    entity: &Entity,
    near: &[String],
) -> String {
    let kind = target_name(target);
    let mut message = format!(
        "unknown {kind} {value:?} for id {}: taken as a {kind} of its own, {}",
        row.entity.id, entity.id
    );
    if near.is_empty() {
        message.push('.');
    } else {
        message += &format!("; did you mean {}?", near.join(" or "));
    }
    let dir = Path::new(&row.file)
        .parent()
        .map(|p| p.display().to_string())
        .filter(|p| !p.is_empty() && !row.file.ends_with("(embedded)"))
        .unwrap_or_else(|| "DIR".into());
    let id = if value.contains(':') {
        format!(" --id {}", entity.id)
    } else {
        String::new()
    };
    message += &format!(
        " To describe it: kampfakta gazetteer add {}{id} --name {:?} --dir {dir}",
        target.as_str().replace('_', "-"),
        entity.name
    );
    message
}

/// Up to [`SUGGESTIONS`] ids of `target` entities written most like `value`, closest first: an id,
/// name or alias whose first words it is (`PSV` for `PSV Eindhoven`), one it cuts (`Feyenoo`), or
/// one a letter in four apart (`Brazil`, `Brasil`; none for three letters or fewer). Compared as
/// slugs, so case and punctuation count for nothing.
fn closest<'r>(
    target: EntityKind,
    value: &str,
    rows: impl Iterator<Item = &'r Row>,
) -> Vec<String> {
    let prefix = format!("{}:", target.id_prefix());
    let wanted = slug(value.strip_prefix(&prefix).unwrap_or(value));
    let most_edits = wanted.chars().count() / 4;
    // Lower is closer: first words, a cut, then one edit more per letter.
    let score = |form: &str| -> Option<usize> {
        let (short, long) = match form.len() < wanted.len() {
            true => (form, wanted.as_str()),
            false => (wanted.as_str(), form),
        };
        if short.chars().count() >= 3 && long.starts_with(short) {
            return Some(usize::from(!long[short.len()..].starts_with('-')));
        }
        let edits = edit_distance(&wanted, form);
        (edits <= most_edits).then_some(1 + edits)
    };
    let mut scored: Vec<(usize, &str)> = Vec::new();
    for e in rows.map(|r| &r.entity).filter(|e| e.kind == target) {
        let id_words = e.id.strip_prefix(&prefix).unwrap_or(&e.id).to_string();
        let forms = std::iter::once(id_words)
            .chain(std::iter::once(&e.name).chain(&e.aliases).map(|f| slug(f)));
        if let Some(best) = forms.filter_map(|form| score(&form)).min() {
            if !scored.iter().any(|(_, id)| *id == e.id) {
                scored.push((best, &e.id));
            }
        }
    }
    scored.sort();
    scored
        .into_iter()
        .take(SUGGESTIONS)
        .map(|(_, id)| id.to_string())
        .collect()
}

/// The Levenshtein distance between two strings, in characters.
pub(super) fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut current = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let substitution = previous[j] + usize::from(ca != *cb);
            current[j + 1] = substitution.min(previous[j + 1] + 1).min(current[j] + 1);
        }
        previous = current;
    }
    previous[b.len()]
}

/// What a reference can be: every id, name and alias, and the ids merged away (see
/// `merge_same_names` in `load`) for clubs and national teams.
fn reference_lookup(rows: &[Row], merged: &[(String, String)]) -> Lookup {
    let mut lookup: Lookup = HashMap::default();
    for row in rows {
        let e = &row.entity;
        lookup.insert((e.kind, e.id.clone()), e.id.clone());
        for form in std::iter::once(&e.name).chain(&e.aliases) {
            lookup
                .entry((e.kind, fold(form)))
                .or_insert_with(|| e.id.clone());
        }
    }
    for (dropped, kept) in merged {
        for kind in [EntityKind::Club, EntityKind::NationalTeam] {
            if let Some(id) = lookup.get(&(kind, kept.clone())).cloned() {
                lookup.insert((kind, dropped.clone()), id);
            }
        }
    }
    lookup
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(kind: EntityKind, id: &str, name: &str, aliases: &[&str]) -> Row {
        Row {
            entity: Entity {
                id: id.into(),
                kind,
                name: name.into(),
                aliases: aliases.iter().map(|a| a.to_string()).collect(),
                attrs: Vec::new(),
            },
            file: "clubs.csv".into(),
            line: 2,
            layer: 0,
            derived_id: false,
            warnings: Vec::new(),
        }
    }

    fn known() -> Vec<Row> {
        vec![
            row(EntityKind::Club, "club:psv-eindhoven", "PSV Eindhoven", &[]),
            row(
                EntityKind::Club,
                "club:bodø-glimt",
                "Bodø/Glimt",
                &["Glimt"],
            ),
            row(EntityKind::Club, "club:molde-fk", "Molde FK", &["Molde"]),
            row(EntityKind::NationalTeam, "national:brasil", "Brasil", &[]),
        ]
    }

    #[test]
    fn closest_known_ids() {
        let table: [(&str, EntityKind, &str, &[&str]); 9] = [
            (
                "a cut name",
                EntityKind::Club,
                "PSV",
                &["club:psv-eindhoven"],
            ),
            (
                "punctuation",
                EntityKind::Club,
                "Bodo Glimt",
                &["club:bodø-glimt"],
            ),
            ("an id", EntityKind::Club, "club:molde", &["club:molde-fk"]),
            ("a typo", EntityKind::Club, "Molde FKK", &["club:molde-fk"]),
            (
                "English",
                EntityKind::NationalTeam,
                "Brazil",
                &["national:brasil"],
            ),
            ("nothing near", EntityKind::Club, "New FK", &[]),
            ("no edits in three letters", EntityKind::Club, "PSG", &[]),
            ("a cut", EntityKind::Club, "Bod", &["club:bodø-glimt"]),
            ("other kinds left out", EntityKind::Club, "Brasil", &[]),
        ];
        let rows = known();
        for (name, kind, value, expected) in table {
            assert_eq!(closest(kind, value, rows.iter()), expected, "{name}");
        }
    }

    #[test]
    fn edit_distances() {
        let table = [
            ("", "", 0),
            ("abc", "", 3),
            ("bodø", "bodo", 1),
            ("kitten", "sitting", 3),
        ];
        for (a, b, expected) in table {
            assert_eq!(edit_distance(a, b), expected, "{a} {b}");
        }
    }

    #[test]
    fn unknown_references_become_teams_of_their_own() {
        let mut player = row(EntityKind::Player, "player:x", "X", &[]);
        player.file = "squad/players.csv".into();
        player.line = 7;
        player.entity.attrs = vec![
            ("club".into(), "PSV|club:new-fk|Molde|Molde-FK".into()),
            ("nationality".into(), "Brazil".into()),
        ];
        let mut rows = known();
        rows.push(player);
        let mut warnings = Vec::new();
        resolve_references(&mut rows, &[], None, &mut warnings);
        let x = &rows[4].entity;
        assert_eq!(
            x.attr("club"),
            Some("club:psv|club:new-fk|club:molde-fk|club:molde-fk")
        );
        assert_eq!(x.attr("nationality"), Some("national:brazil"));
        let added: Vec<(&str, &str)> = rows[5..]
            .iter()
            .map(|r| (r.entity.id.as_str(), r.entity.name.as_str()))
            .collect();
        assert_eq!(
            added,
            [
                ("club:psv", "PSV"),
                ("club:new-fk", "New Fk"),
                ("national:brazil", "Brazil")
            ]
        );
        let warnings: Vec<String> = warnings.iter().map(|w| w.to_string()).collect();
        assert_eq!(
            warnings,
            [
                "squad/players.csv:7: column club: unknown club \"PSV\" for id player:x: taken as \
                 a club of its own, club:psv; did you mean club:psv-eindhoven? To describe it: \
                 kampfakta gazetteer add club --name \"PSV\" --dir squad",
                "squad/players.csv:7: column club: unknown club \"club:new-fk\" for id player:x: \
                 taken as a club of its own, club:new-fk. To describe it: kampfakta gazetteer add \
                 club --id club:new-fk --name \"New Fk\" --dir squad",
                "squad/players.csv:7: column nationality: unknown national team \"Brazil\" for id \
                 player:x: taken as a national team of its own, national:brazil; did you mean \
                 national:brasil? To describe it: kampfakta gazetteer add national-team --name \
                 \"Brazil\" --dir squad",
            ]
        );
    }

    #[test]
    fn a_shipped_team_left_out_says_with_defaults() {
        let mut player = row(EntityKind::Player, "player:x", "X", &[]);
        player.entity.attrs = vec![("club".into(), "club:molde-fk".into())];
        let mut rows = vec![player];
        let mut warnings = Vec::new();
        resolve_references(&mut rows, &[], Some(&known()), &mut warnings);
        assert_eq!(
            rows[1].entity.aliases,
            ["Molde"],
            "the shipped row is taken"
        );
        assert!(
            warnings[0]
                .message
                .ends_with("run with --with-defaults to use them all"),
            "{}",
            warnings[0]
        );
    }
}
