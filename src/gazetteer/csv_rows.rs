//! Reading one gazetteer CSV file into rows: the header mapped to columns, each row checked
//! (name, aliases, birth date, UTF-8), every problem kept with its `file:line` and column.

use super::references::edit_distance;
use super::years::YEARS_MARK;
use super::{slug, Entity, EntityKind};
use crate::error::Problem;

/// What separates the aliases, clubs or nationalities of one cell (`Moe|Ola Moe`).
pub(crate) const LIST_SEPARATOR: char = '|';

/// A cell of several items (aliases, clubs), as [`LIST_SEPARATOR`] parts them when read.
pub(crate) fn list_field<S: AsRef<str>>(items: &[S]) -> String {
    let mut field = String::new();
    for (at, item) in items.iter().enumerate() {
        if at > 0 {
            field.push(LIST_SEPARATOR);
        }
        field.push_str(item.as_ref());
    }
    field
}

/// One entity as read, with where it was read from.
pub(super) struct Row {
    pub(super) entity: Entity,
    pub(super) file: String,
    pub(super) line: u64,
    /// The position of its layer (see [`GazetteerBuilder`](super::GazetteerBuilder)).
    pub(super) layer: usize,
    /// Whether the id was derived from the name (the row gives none).
    pub(super) derived_id: bool,
    /// What was left out of it without making it unusable (an alias that is a common word).
    pub(super) warnings: Vec<Problem>,
}

/// The most frequent Norwegian words (`data/common_words.txt`, from NDT): an alias that is one
/// of them, or shorter than [`SHORTEST_ALIAS`], is found in every text (`i`, `og`, `jo`) and is
/// left out with a warning unless written deliberate, with a leading `=` (`=DB`).
const COMMON_WORDS: &str = include_str!("../../data/common_words.txt");

/// Letters an alias needs unless it is marked deliberate.
const SHORTEST_ALIAS: usize = 3;

/// Whether an alias would be found in ordinary text: a common word or very short.
pub(crate) fn is_risky_alias(alias: &str) -> bool {
    static COMMON: std::sync::LazyLock<std::collections::HashSet<&'static str>> =
        std::sync::LazyLock::new(|| {
            COMMON_WORDS
                .lines()
                .filter(|l| !l.starts_with('#') && !l.is_empty())
                .collect()
        });
    alias.chars().count() < SHORTEST_ALIAS || COMMON.contains(alias.to_lowercase().as_str())
}

/// Where a file's header puts the columns a kind reads.
struct Columns {
    name: usize,
    id: Option<usize>,
    aliases: Option<usize>,
    /// The kind's own columns that the file has (`club`, `city`, ...).
    attrs: Vec<(&'static str, usize)>,
}

impl Columns {
    /// The columns of a header (trimmed, lower case); without `name`, the message to report.
    fn find(kind: EntityKind, headers: &[String]) -> Result<Columns, String> {
        let column = |name: &str| headers.iter().position(|h| h == name);
        let Some(name) = column("name") else {
            let hint = match headers.first() {
                Some(h) if h.contains(';') || h.contains('\t') => {
                    " (the file looks separated by ';' or tab; use ',')".to_string()
                }
                _ => format!(
                    " (the first line is the header; {} reads {})",
                    kind.file_name(),
                    known_columns(kind).join(", ")
                ),
            };
            return Err(format!("missing required column \"name\"{hint}"));
        };
        Ok(Columns {
            name,
            id: column("id"),
            aliases: column("aliases"),
            attrs: kind
                .columns()
                .iter()
                .filter_map(|c| column(c).map(|i| (*c, i)))
                .collect(),
        })
    }
}

/// Every column a file of `kind` reads, in the order `write_folder` writes them.
fn known_columns(kind: EntityKind) -> Vec<&'static str> {
    let mut columns = vec!["id", "name", "aliases"];
    columns.extend(kind.columns());
    columns
}

/// The warning for the header's columns that a file of `kind` does not read (`nation` for
/// `nationality`), naming the known columns; `None` when it reads them all.
fn unknown_columns(kind: EntityKind, headers: &[String]) -> Option<String> {
    let known = known_columns(kind);
    let unknown: Vec<String> = headers
        .iter()
        .filter(|h| !h.is_empty() && !known.contains(&h.as_str()))
        .map(|h| {
            // A known column the header lacks, written like this one (`nation`, `alias`).
            let near = known.iter().find(|k| {
                !headers.iter().any(|other| other == *k)
                    && (k.starts_with(h.as_str()) || h.starts_with(*k) || edit_distance(h, k) <= 2)
            });
            match near {
                Some(near) => format!("{h:?} (did you mean {near}?)"),
                None => format!("{h:?}"),
            }
        })
        .collect();
    if unknown.is_empty() {
        return None;
    }
    let (what, them) = match unknown.len() {
        1 => ("column", "it is"),
        _ => ("columns", "they are"),
    };
    Some(format!(
        "{what} {} not read: {them} left out ({} reads {}; rename a column to use it)",
        unknown.join(", "),
        kind.file_name(),
        known.join(", ")
    ))
}

/// One file being read: what it holds, its name for messages, and where problems go.
struct Sheet<'p> {
    kind: EntityKind,
    file: &'p str,
    problems: &'p mut Vec<Problem>,
    /// What is read differently from what the file may mean, without being unusable.
    warnings: &'p mut Vec<Problem>,
    /// The content as read (line ends as LF), and the byte offsets of its line ends, to name a
    /// record's line.
    content: &'p [u8],
    line_ends: Vec<usize>,
}

/// Reads one CSV file of `kind` (a byte-order mark allowed); rows with problems are reported to
/// `problems` and left out, or kept with the bad value left out; columns it does not read are
/// reported to `warnings`.
pub(super) fn parse(
    kind: EntityKind,
    file: &str,
    content: &[u8],
    problems: &mut Vec<Problem>,
    warnings: &mut Vec<Problem>,
) -> Vec<Row> {
    let content = content.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(content);
    // CRLF line ends as LF: the CSV reader counts a CRLF file's lines one short, and every
    // problem names its line.
    let normalized: Vec<u8>;
    let content = if content.windows(2).any(|w| w == b"\r\n") {
        normalized = content
            .iter()
            .enumerate()
            .filter(|&(i, &b)| !(b == b'\r' && content.get(i + 1) == Some(&b'\n')))
            .map(|(_, &b)| b)
            .collect();
        &normalized[..]
    } else {
        content
    };
    let mut sheet = Sheet {
        kind,
        file,
        problems,
        warnings,
        content,
        line_ends: content
            .iter()
            .enumerate()
            .filter(|&(_, &b)| b == b'\n')
            .map(|(i, _)| i)
            .collect(),
    };
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .from_reader(content);
    let Some(columns) = sheet.columns(&mut reader) else {
        return Vec::new();
    };
    let mut rows = Vec::new();
    for record in reader.byte_records() {
        match record {
            Ok(record) => rows.extend(sheet.row(&columns, &record)),
            Err(err) => {
                let line = sheet.line(err.position());
                sheet.report(line, None, format!("malformed CSV: {err}"));
            }
        }
    }
    rows
}

impl Sheet<'_> {
    /// The file's line at a reader position, counted from its byte offset: the reader's own line
    /// count leaves out blank lines, and a record's offset is where the blank lines before it
    /// start.
    fn line(&self, position: Option<&csv::Position>) -> u64 {
        position.map_or(0, |p| {
            let mut start = usize::try_from(p.byte()).unwrap_or(usize::MAX);
            while self.content.get(start) == Some(&b'\n') {
                start += 1;
            }
            self.line_ends.partition_point(|&end| end < start) as u64 + 1
        })
    }

    fn report(&mut self, line: u64, column: Option<&str>, message: String) {
        self.problems.push(Problem {
            file: self.file.to_string(),
            line,
            column: column.map(str::to_string),
            message,
        });
    }

    /// The header row mapped to columns, or `None` (reported) when it is unreadable or lacks
    /// `name`.
    fn columns(&mut self, reader: &mut csv::Reader<&[u8]>) -> Option<Columns> {
        let headers = match reader.byte_headers() {
            Ok(headers) => headers.clone(),
            Err(err) => {
                self.report(1, None, format!("unreadable header: {err}"));
                return None;
            }
        };
        let headers: Vec<String> = headers
            .iter()
            .map(|h| String::from_utf8_lossy(h).trim().to_lowercase())
            .collect();
        match Columns::find(self.kind, &headers) {
            Ok(columns) => {
                if let Some(message) = unknown_columns(self.kind, &headers) {
                    self.warnings.push(Problem {
                        file: self.file.to_string(),
                        line: 1,
                        column: None,
                        message,
                    });
                }
                Some(columns)
            }
            Err(message) => {
                self.report(1, None, message);
                None
            }
        }
    }

    /// One record as a row; `None` (reported) when its name is empty.
    fn row(&mut self, columns: &Columns, record: &csv::ByteRecord) -> Option<Row> {
        let line = self.line(record.position());
        let mut field = |index: Option<usize>, name: &str| -> String {
            let Some(bytes) = index.and_then(|i| record.get(i)) else {
                return String::new();
            };
            match std::str::from_utf8(bytes) {
                Ok(value) if value.chars().any(char::is_control) => {
                    self.report(
                        line,
                        Some(name),
                        "a control character (a tab, a line break or the like) in the cell: write it on \
                         one line with spaces only"
                            .into(),
                    );
                    String::new()
                }
                Ok(value) => value.trim().to_string(),
                Err(_) => {
                    self.report(
                        line,
                        Some(name),
                        "invalid UTF-8 (save the file as UTF-8)".into(),
                    );
                    String::new()
                }
            }
        };
        let name = field(Some(columns.name), "name");
        let id = field(columns.id, "id");
        let aliases_field = field(columns.aliases, "aliases");
        let attrs: Vec<(String, String)> = columns
            .attrs
            .iter()
            .map(|(c, i)| (c.to_string(), field(Some(*i), c)))
            .collect();
        // A name already reported (a control character, bad UTF-8) is not also "empty".
        let blank_name = record
            .get(columns.name)
            .is_none_or(|cell| cell.iter().all(u8::is_ascii_whitespace));
        if name.is_empty() {
            if !blank_name {
                return None;
            }
            self.report(
                line,
                Some("name"),
                "empty name (fill it in, or delete the row)".into(),
            );
            return None;
        }
        let derived_id = id.is_empty();
        if id.contains([YEARS_MARK, LIST_SEPARATOR]) {
            // `club:a@b` would be read as club:a of the years "b", `a|b` as two entities.
            self.report(
                line,
                Some("id"),
                format!(
                    "the id {id:?} holds `{YEARS_MARK}` or `{LIST_SEPARATOR}`, which mark a \
                     reference's years and separate references: write it without them \
                     (club:molde-fk)"
                ),
            );
            return None;
        }
        let id = if derived_id {
            format!("{}:{}", self.kind.id_prefix(), slug(&name))
        } else {
            id
        };
        let mut warnings = Vec::new();
        let aliases = self.aliases(line, &id, &aliases_field, &mut warnings);
        self.check_birth_date(line, &attrs);
        let entity = Entity {
            id,
            kind: self.kind,
            name,
            aliases,
            attrs,
        };
        Some(Row {
            entity,
            file: self.file.to_string(),
            line,
            layer: 0,
            derived_id,
            warnings,
        })
    }

    /// The `|`-separated aliases of a row; an empty one is reported and left out, a common word
    /// or a very short one left out with a warning unless marked deliberate (`=DB`).
    fn aliases(
        &mut self,
        line: u64,
        id: &str,
        field: &str,
        warnings: &mut Vec<Problem>,
    ) -> Vec<String> {
        let mut aliases = Vec::new();
        if field.is_empty() {
            return aliases;
        }
        for alias in field.split(LIST_SEPARATOR) {
            let alias = alias.trim();
            if alias.is_empty() {
                self.report(line, Some("aliases"), format!("empty alias for id {id}"));
            } else if let Some(deliberate) = alias.strip_prefix('=') {
                aliases.push(deliberate.trim().to_string());
            } else if is_risky_alias(alias) {
                warnings.push(Problem {
                    file: self.file.to_string(),
                    line,
                    column: Some("aliases".into()),
                    message: format!(
                        "alias {alias:?} of {id} is a common word or shorter than \
                         {SHORTEST_ALIAS} letters: left out (write ={alias} to keep it)"
                    ),
                });
            } else {
                aliases.push(alias.to_string());
            }
        }
        aliases
    }

    /// Reports a `birth_date` that is neither YYYY-MM-DD nor YYYY.
    fn check_birth_date(&mut self, line: u64, attrs: &[(String, String)]) {
        if let Some((_, date)) = attrs
            .iter()
            .find(|(c, v)| c == "birth_date" && !v.is_empty())
        {
            if !valid_date(date) {
                self.report(
                    line,
                    Some("birth_date"),
                    format!("malformed date {date:?} (want YYYY-MM-DD or YYYY)"),
                );
            }
        }
    }
}

fn valid_date(date: &str) -> bool {
    let parts: Vec<&str> = date.split('-').collect();
    let number = |s: &str, len: usize| s.len() == len && s.bytes().all(|b| b.is_ascii_digit());
    match parts.as_slice() {
        [year] => number(year, 4),
        [year, month, day] if number(year, 4) && number(month, 2) && number(day, 2) => {
            let (m, d): (u32, u32) = (month.parse().unwrap_or(0), day.parse().unwrap_or(0));
            (1..=12).contains(&m) && (1..=31).contains(&d)
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrong_delimiter_is_named() {
        let mut problems = Vec::new();
        parse(
            EntityKind::Club,
            "clubs.csv",
            b"id;name\nclub:x;X\n",
            &mut problems,
            &mut Vec::new(),
        );
        assert!(
            problems[0].to_string().contains("separated by ';'"),
            "{}",
            problems[0]
        );
    }

    #[test]
    fn header_problems_and_warnings() {
        let table: [(&str, &str, &[&str], &[&str]); 3] = [
            ("every column known", "id,name,aliases,club\n", &[], &[]),
            (
                "a near name",
                "name,Nation,caps,club,club_country,alias\n",
                &[],
                &[
                    "players.csv:1: columns \"nation\" (did you mean nationality?), \"caps\", \
                   \"club_country\", \"alias\" (did you mean aliases?) not \
                   read: they are left out (players.csv reads id, name, aliases, club, \
                   nationality, position, birth_date; rename a column to use it)",
                ],
            ),
            (
                "no name",
                "id,navn\n",
                &[
                    "players.csv:1: missing required column \"name\" (the first line is the \
                   header; players.csv reads id, name, aliases, club, nationality, position, \
                   birth_date)",
                ],
                &[],
            ),
        ];
        for (name, csv, expected_problems, expected_warnings) in table {
            let (mut problems, mut warnings) = (Vec::new(), Vec::new());
            parse(
                EntityKind::Player,
                "players.csv",
                csv.as_bytes(),
                &mut problems,
                &mut warnings,
            );
            let text = |p: Vec<Problem>| p.iter().map(|p| p.to_string()).collect::<Vec<_>>();
            assert_eq!(text(problems), expected_problems, "{name}");
            assert_eq!(text(warnings), expected_warnings, "{name}");
        }
    }

    #[test]
    fn invalid_utf8_names_its_line() {
        let mut problems = Vec::new();
        parse(
            EntityKind::Player,
            "players.csv",
            b"name,club\nA,B\nC,\xFF\n",
            &mut problems,
            &mut Vec::new(),
        );
        assert_eq!(
            problems[0].to_string(),
            "players.csv:3: column club: invalid UTF-8 (save the file as UTF-8)"
        );
    }
}
