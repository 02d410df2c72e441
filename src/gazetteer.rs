//! Stage 3a: the gazetteer, editable CSV files of players, clubs, national teams, officials and
//! media.
//!
//! A gazetteer folder holds any of `players.csv`, `clubs.csv`, `national_teams.csv`,
//! `officials.csv` and `media.csv`: UTF-8 (byte-order mark allowed), comma-separated, a header
//! row, extra columns ignored, columns in any order.
//!
//! - every file: `id` (unique in the folder; when empty, `<kind>:<slug of name>`), `name`
//!   (required), `aliases` (optional, `|`-separated surface forms);
//! - `players.csv`: `club` (a club id or name; `|`-separated for a player listed at several
//!   clubs, the match context picks the one that plays), `nationality` (a national-team id or name),
//!   `position` (GK, DF, MF, FW or free text), `birth_date` (YYYY-MM-DD or YYYY);
//! - `clubs.csv`: `country`, `city`; `national_teams.csv`: `country_code`, and the Norwegian
//!   `adjective` (italiensk) and `demonym` (italiener) used to recognise descriptions of players;
//!   `officials.csv`: `role` (referee, manager, coach); `media.csv`: `country`. Media are the
//!   newspapers and channels a report quotes (`sier han til VG`, `Haugesunds Avis`): the sources
//!   of what is said, never a team.
//!
//! Folders are layered: a row in a later folder replaces an earlier row with the same id. The
//! shipped defaults are embedded in the binary. Every problem of every file is reported at once,
//! each with `file:line`.

use crate::error::{Error, Problem, Result};
use crate::segment::fold;
use aho_corasick::automaton::OverlappingState;
use aho_corasick::{AhoCorasick, Anchored, Input, Match, MatchKind, StartKind};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

/// What an entity is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum EntityKind {
    Player,
    Club,
    NationalTeam,
    Official,
    /// A newspaper, website or channel.
    Media,
}

impl EntityKind {
    pub const ALL: [EntityKind; 5] = [
        EntityKind::Player,
        EntityKind::Club,
        EntityKind::NationalTeam,
        EntityKind::Official,
        EntityKind::Media,
    ];

    /// The file that holds this kind in a gazetteer folder.
    pub fn file_name(self) -> &'static str {
        match self {
            EntityKind::Player => "players.csv",
            EntityKind::Club => "clubs.csv",
            EntityKind::NationalTeam => "national_teams.csv",
            EntityKind::Official => "officials.csv",
            EntityKind::Media => "media.csv",
        }
    }

    /// The prefix of derived ids (`player:erling-braut-haaland`).
    pub fn id_prefix(self) -> &'static str {
        match self {
            EntityKind::Player => "player",
            EntityKind::Club => "club",
            EntityKind::NationalTeam => "national",
            EntityKind::Official => "official",
            EntityKind::Media => "media",
        }
    }

    /// The name used in CSV output and on the command line.
    pub fn as_str(self) -> &'static str {
        match self {
            EntityKind::Player => "player",
            EntityKind::Club => "club",
            EntityKind::NationalTeam => "national_team",
            EntityKind::Official => "official",
            EntityKind::Media => "media",
        }
    }

    /// Clubs and national teams: what a match is played between.
    pub fn is_team(self) -> bool {
        matches!(self, EntityKind::Club | EntityKind::NationalTeam)
    }

    /// Players and officials: who can be named by a surname alone.
    pub fn is_person(self) -> bool {
        matches!(self, EntityKind::Player | EntityKind::Official)
    }

    fn columns(self) -> &'static [&'static str] {
        match self {
            EntityKind::Player => &["club", "nationality", "position", "birth_date"],
            EntityKind::Club => &["country", "city"],
            EntityKind::NationalTeam => &["country_code", "adjective", "demonym"],
            EntityKind::Official => &["role"],
            EntityKind::Media => &["country"],
        }
    }
}

/// One player, club, national team, official or paper.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entity {
    pub id: String,
    pub kind: EntityKind,
    pub name: String,
    pub aliases: Vec<String>,
    /// Attributes by column name (`club`, `nationality`, `position`, `birth_date`, `city`, ...).
    /// `club` and `nationality` hold resolved ids.
    pub attrs: Vec<(String, String)>,
}

impl Entity {
    /// An attribute's value, if set and not empty.
    pub fn attr(&self, column: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(c, v)| c == column && !v.is_empty())
            .map(|(_, v)| v.as_str())
    }

    fn set_attr(&mut self, column: &str, value: String) {
        match self.attrs.iter_mut().find(|(c, _)| c == column) {
            Some(slot) => slot.1 = value,
            None => self.attrs.push((column.to_string(), value)),
        }
    }
}

/// `<kind>:<slug>`: lower case, every run of characters that are not letters or digits becomes
/// one `-`. Letters keep their accents (`ø` stays `ø`).
pub fn slug(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut dash = false;
    for c in name.chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() {
            out.push(c);
            dash = false;
        } else if !dash && !out.is_empty() {
            out.push('-');
            dash = true;
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    out
}

/// One surface form an entity can be written as.
#[derive(Debug, Clone)]
pub struct Candidate {
    pub entity: usize,
    /// The form as written in the gazetteer, for the case check.
    pub form: String,
    /// Whether the form is the entity's full name (not an alias).
    pub is_name: bool,
}

/// The loaded entities and the automaton that finds them.
#[derive(Debug, Clone)]
pub struct Gazetteer {
    entities: Vec<Entity>,
    by_id: HashMap<String, usize>,
    automaton: AhoCorasick,
    /// The bytes a pattern starts with: most word starts can be passed over without a search.
    first_bytes: [bool; 256],
    /// Per automaton pattern: the entities written that way.
    candidates: Vec<Vec<Candidate>>,
    /// The first words of people's full names, folded: "Hans" before a surname is a first name,
    /// not a genitive.
    first_names: HashSet<String>,
    /// Rows with the same kind and name under two ids: merged across folders, or kept apart.
    duplicates: Vec<(String, String)>,
}

enum Layer {
    Embedded,
    Folder(PathBuf),
    /// One file's content, named for messages.
    Bytes(EntityKind, String, Vec<u8>),
}

/// Options for [`Gazetteer`]: which folders, in which order.
#[derive(Default)]
pub struct GazetteerBuilder {
    layers: Vec<Layer>,
}

const EMBEDDED: [(EntityKind, &str); 5] = [
    (
        EntityKind::Player,
        include_str!("../gazetteers/players.csv"),
    ),
    (EntityKind::Club, include_str!("../gazetteers/clubs.csv")),
    (
        EntityKind::NationalTeam,
        include_str!("../gazetteers/national_teams.csv"),
    ),
    (
        EntityKind::Official,
        include_str!("../gazetteers/officials.csv"),
    ),
    (EntityKind::Media, include_str!("../gazetteers/media.csv")),
];

impl GazetteerBuilder {
    /// Adds the shipped gazetteers as a layer.
    pub fn defaults(mut self) -> Self {
        self.layers.push(Layer::Embedded);
        self
    }

    /// Adds one CSV file's content (for `kind`) as a layer; `name` is used in messages.
    pub fn csv(
        mut self,
        kind: EntityKind,
        name: impl Into<String>,
        content: impl Into<Vec<u8>>,
    ) -> Self {
        self.layers
            .push(Layer::Bytes(kind, name.into(), content.into()));
        self
    }

    /// Adds a folder as a layer over the ones before.
    pub fn folder(mut self, path: impl Into<PathBuf>) -> Self {
        self.layers.push(Layer::Folder(path.into()));
        self
    }

    /// Reads every layer and builds the automaton; all problems are reported together.
    pub fn build(self) -> Result<Gazetteer> {
        let mut problems = Vec::new();
        let mut rows: Vec<Row> = Vec::new();
        let mut index: HashMap<String, usize> = HashMap::new();
        for (layer_index, layer) in self.layers.iter().enumerate() {
            let files = match layer {
                Layer::Embedded => EMBEDDED
                    .iter()
                    .map(|(kind, text)| (*kind, embedded_name(*kind), Ok(text.as_bytes().to_vec())))
                    .collect(),
                Layer::Folder(dir) => folder_files(dir, &mut problems)?,
                Layer::Bytes(kind, name, content) => {
                    vec![(*kind, name.clone(), Ok(content.clone()))]
                }
            };
            let mut seen_in_layer: HashMap<String, (String, u64)> = HashMap::new();
            for (kind, name, content) in files {
                let content = match content {
                    Ok(content) => content,
                    Err(err) => {
                        problems.push(Problem {
                            file: name,
                            line: 0,
                            column: None,
                            message: err.to_string(),
                        });
                        continue;
                    }
                };
                for mut row in parse(kind, &name, &content, &mut problems) {
                    row.layer = layer_index;
                    if let Some((file, line)) = seen_in_layer.get(&row.entity.id) {
                        problems.push(Problem {
                            file: row.file.clone(),
                            line: row.line,
                            column: Some("id".into()),
                            message: format!(
                                "duplicate id {} (first at {file}:{line})",
                                row.entity.id
                            ),
                        });
                        continue;
                    }
                    seen_in_layer.insert(row.entity.id.clone(), (row.file.clone(), row.line));
                    match index.get(&row.entity.id) {
                        Some(&i) => rows[i] = row,
                        None => {
                            index.insert(row.entity.id.clone(), rows.len());
                            rows.push(row);
                        }
                    }
                }
            }
        }
        let (mut rows, merged, same_layer) = merge_same_names(rows);
        resolve_references(&mut rows, &merged, &mut problems);
        if !problems.is_empty() {
            return Err(Error::Invalid(problems));
        }
        let mut gazetteer = Gazetteer::from_entities(rows.into_iter().map(|r| r.entity).collect());
        for (dropped, kept) in &merged {
            if let Some(index) = gazetteer.index_of(kept) {
                gazetteer.by_id.insert(dropped.clone(), index);
            }
        }
        gazetteer.duplicates = merged.into_iter().chain(same_layer).collect();
        Ok(gazetteer)
    }
}

fn embedded_name(kind: EntityKind) -> String {
    format!("gazetteers/{} (embedded)", kind.file_name())
}

type FileContent = (EntityKind, String, std::io::Result<Vec<u8>>);

fn folder_files(dir: &Path, problems: &mut Vec<Problem>) -> Result<Vec<FileContent>> {
    if !dir.is_dir() {
        return Err(Error::Io {
            path: dir.to_path_buf(),
            source: std::io::Error::new(std::io::ErrorKind::NotFound, "not a gazetteer folder"),
        });
    }
    let mut files = Vec::new();
    for kind in EntityKind::ALL {
        let path = dir.join(kind.file_name());
        if path.exists() {
            files.push((kind, path.display().to_string(), std::fs::read(&path)));
        }
    }
    if files.is_empty() {
        problems.push(Problem {
            file: dir.display().to_string(),
            line: 0,
            column: None,
            message:
                "no players.csv, clubs.csv, national_teams.csv or officials.csv in this folder"
                    .into(),
        });
    }
    Ok(files)
}

struct Row {
    entity: Entity,
    file: String,
    line: u64,
    layer: usize,
}

fn parse(kind: EntityKind, file: &str, content: &[u8], problems: &mut Vec<Problem>) -> Vec<Row> {
    let content = content.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(content);
    let problem = |line: u64, column: Option<&str>, message: String| Problem {
        file: file.to_string(),
        line,
        column: column.map(str::to_string),
        message,
    };
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .from_reader(content);
    let headers = match reader.byte_headers() {
        Ok(headers) => headers.clone(),
        Err(err) => {
            problems.push(problem(1, None, format!("unreadable header: {err}")));
            return Vec::new();
        }
    };
    let headers: Vec<String> = headers
        .iter()
        .map(|h| String::from_utf8_lossy(h).trim().to_lowercase())
        .collect();
    let column = |name: &str| headers.iter().position(|h| h == name);
    let Some(name_col) = column("name") else {
        let hint = match headers.first() {
            Some(h) if h.contains(';') || h.contains('\t') => {
                " (the file looks separated by ';' or tab; use ',')"
            }
            _ => "",
        };
        problems.push(problem(
            1,
            None,
            format!("missing required column \"name\"{hint}"),
        ));
        return Vec::new();
    };
    let (id_col, alias_col) = (column("id"), column("aliases"));
    let attr_cols: Vec<(&str, usize)> = kind
        .columns()
        .iter()
        .filter_map(|c| column(c).map(|i| (*c, i)))
        .collect();
    let mut rows = Vec::new();
    for record in reader.byte_records() {
        let record = match record {
            Ok(record) => record,
            Err(err) => {
                let line = err.position().map_or(0, |p| p.line());
                problems.push(problem(line, None, format!("malformed CSV: {err}")));
                continue;
            }
        };
        let line = record.position().map_or(0, |p| p.line());
        let mut field = |index: Option<usize>, name: &str| -> Option<String> {
            let bytes = record.get(index?)?;
            match std::str::from_utf8(bytes) {
                Ok(value) => Some(value.trim().to_string()),
                Err(_) => {
                    problems.push(problem(line, Some(name), "invalid UTF-8".into()));
                    None
                }
            }
        };
        let name = field(Some(name_col), "name").unwrap_or_default();
        let id = field(id_col, "id").unwrap_or_default();
        let aliases_field = field(alias_col, "aliases").unwrap_or_default();
        let attrs: Vec<(String, String)> = attr_cols
            .iter()
            .map(|(c, i)| (c.to_string(), field(Some(*i), c).unwrap_or_default()))
            .collect();
        if name.is_empty() {
            problems.push(problem(line, Some("name"), "empty name".into()));
            continue;
        }
        let id = if id.is_empty() {
            format!("{}:{}", kind.id_prefix(), slug(&name))
        } else {
            id
        };
        let mut aliases = Vec::new();
        if !aliases_field.is_empty() {
            for alias in aliases_field.split('|') {
                let alias = alias.trim();
                if alias.is_empty() {
                    problems.push(problem(
                        line,
                        Some("aliases"),
                        format!("empty alias for id {id}"),
                    ));
                } else {
                    aliases.push(alias.to_string());
                }
            }
        }
        if let Some((_, date)) = attrs
            .iter()
            .find(|(c, v)| c == "birth_date" && !v.is_empty())
        {
            if !valid_date(date) {
                problems.push(problem(
                    line,
                    Some("birth_date"),
                    format!("malformed date {date:?} (want YYYY-MM-DD or YYYY)"),
                ));
            }
        }
        let entity = Entity {
            id,
            kind,
            name,
            aliases,
            attrs,
        };
        rows.push(Row {
            entity,
            file: file.to_string(),
            line,
            layer: 0,
        });
    }
    rows
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

type IdPairs = Vec<(String, String)>;

/// Rows of different folders with the same kind and name and no conflicting attribute (a player in
/// the defaults and again in a squad list) are one entity: the later row wins, taking the earlier
/// row's attributes where it has none, and the earlier id still resolves to it. Returns the rows,
/// the (dropped id, kept id) pairs, and same-name pairs within one folder (kept apart, reported).
fn merge_same_names(rows: Vec<Row>) -> (Vec<Row>, IdPairs, IdPairs) {
    let mut kept: Vec<Row> = Vec::with_capacity(rows.len());
    let mut by_name: HashMap<(EntityKind, String), usize> = HashMap::new();
    let (mut merged, mut same_layer) = (Vec::new(), Vec::new());
    for mut row in rows {
        let key = (row.entity.kind, fold(&row.entity.name));
        let Some(&at) = by_name.get(&key) else {
            by_name.insert(key, kept.len());
            kept.push(row);
            continue;
        };
        let earlier = &kept[at];
        let conflict = row.entity.attrs.iter().any(|(column, value)| {
            earlier
                .entity
                .attr(column)
                .is_some_and(|old| !value.is_empty() && fold(old) != fold(value))
        });
        if earlier.layer == row.layer || conflict {
            same_layer.push((earlier.entity.id.clone(), row.entity.id.clone()));
            kept.push(row);
            continue;
        }
        for (column, value) in &earlier.entity.attrs {
            if row.entity.attr(column).is_none() && !value.is_empty() {
                row.entity.set_attr(column, value.clone());
            }
        }
        for alias in &earlier.entity.aliases {
            if !row.entity.aliases.contains(alias) {
                row.entity.aliases.push(alias.clone());
            }
        }
        merged.push((earlier.entity.id.clone(), row.entity.id.clone()));
        kept[at] = row;
    }
    (kept, merged, same_layer)
}

/// Turns club and nationality references (an id or a name) into ids, reporting unknown ones.
fn resolve_references(rows: &mut [Row], merged: &[(String, String)], problems: &mut Vec<Problem>) {
    let mut lookup: HashMap<(EntityKind, String), String> = HashMap::new();
    for row in rows.iter() {
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
    for row in rows.iter_mut() {
        for (column, target) in [
            ("club", EntityKind::Club),
            ("nationality", EntityKind::NationalTeam),
        ] {
            let Some(values) = row.entity.attr(column).map(str::to_string) else {
                continue;
            };
            let mut ids = Vec::new();
            for value in values.split('|').map(str::trim) {
                match lookup
                    .get(&(target, value.to_string()))
                    .or_else(|| lookup.get(&(target, fold(value))))
                {
                    Some(id) => ids.push(id.as_str()),
                    None => problems.push(Problem {
                        file: row.file.clone(),
                        line: row.line,
                        column: Some(column.into()),
                        message: format!(
                            "unknown {} {value:?} for id {}",
                            target.as_str().replace('_', " "),
                            row.entity.id
                        ),
                    }),
                }
            }
            let ids = ids.join("|");
            row.entity.set_attr(column, ids);
        }
    }
}

impl Gazetteer {
    /// The shipped gazetteers.
    pub fn new() -> Result<Gazetteer> {
        Gazetteer::builder().defaults().build()
    }

    pub fn builder() -> GazetteerBuilder {
        GazetteerBuilder::default()
    }

    /// Builds a gazetteer from entities already resolved (club and nationality hold ids).
    pub fn from_entities(entities: Vec<Entity>) -> Gazetteer {
        let by_id = entities
            .iter()
            .enumerate()
            .map(|(i, e)| (e.id.clone(), i))
            .collect();
        let mut pattern_index: HashMap<String, usize> = HashMap::new();
        let mut patterns: Vec<String> = Vec::new();
        let mut candidates: Vec<Vec<Candidate>> = Vec::new();
        for (entity, e) in entities.iter().enumerate() {
            let forms =
                std::iter::once((&e.name, true)).chain(e.aliases.iter().map(|a| (a, false)));
            for (form, is_name) in forms {
                let folded = fold(form);
                let slot = *pattern_index.entry(folded.clone()).or_insert_with(|| {
                    patterns.push(folded);
                    candidates.push(Vec::new());
                    candidates.len() - 1
                });
                if !candidates[slot].iter().any(|c| c.entity == entity) {
                    candidates[slot].push(Candidate {
                        entity,
                        form: form.clone(),
                        is_name,
                    });
                }
            }
        }
        // Every match at a given start (overlapping, anchored): the recogniser picks the longest
        // that passes the word-boundary and case checks, which a leftmost-longest automaton
        // cannot do.
        let automaton = AhoCorasick::builder()
            .match_kind(MatchKind::Standard)
            .start_kind(StartKind::Anchored)
            .build(&patterns)
            .expect("gazetteer patterns are plain strings well under the automaton's size limits");
        let first_names = entities
            .iter()
            .filter(|e| e.kind.is_person())
            .filter_map(|e| e.name.split_once(' ').map(|(first, _)| fold(first)))
            .collect();
        let mut first_bytes = [false; 256];
        for pattern in &patterns {
            if let Some(&byte) = pattern.as_bytes().first() {
                first_bytes[usize::from(byte)] = true;
            }
        }
        Gazetteer {
            entities,
            by_id,
            automaton,
            first_bytes,
            candidates,
            first_names,
            duplicates: Vec::new(),
        }
    }

    pub fn entities(&self) -> &[Entity] {
        &self.entities
    }

    pub fn entity(&self, index: usize) -> &Entity {
        &self.entities[index]
    }

    pub fn index_of(&self, id: &str) -> Option<usize> {
        self.by_id.get(id).copied()
    }

    /// Every form that starts at byte `start` of `folded` text ([`fold`]), shortest first.
    pub fn forms_at(&self, folded: &str, start: usize, found: &mut Vec<Match>) {
        found.clear();
        if !folded
            .as_bytes()
            .get(start)
            .is_some_and(|&b| self.first_bytes[usize::from(b)])
        {
            return;
        }
        let input = Input::new(folded).range(start..).anchored(Anchored::Yes);
        let mut state = OverlappingState::start();
        loop {
            self.automaton.find_overlapping(input.clone(), &mut state);
            match state.get_match() {
                // A state also reports the patterns that are suffixes of its path ("oman" in
                // "roman"), even in an anchored search.
                Some(m) if m.start() == start => found.push(m),
                Some(_) => {}
                None => break,
            }
        }
    }

    /// Whether a word is the first word of a person's full name in the gazetteer.
    pub fn is_first_name(&self, word: &str) -> bool {
        self.first_names.contains(&fold(word))
    }

    pub fn candidates(&self, pattern: usize) -> &[Candidate] {
        &self.candidates[pattern]
    }

    /// Number of entities of each kind.
    pub fn counts(&self) -> Vec<(EntityKind, usize)> {
        EntityKind::ALL
            .iter()
            .map(|k| (*k, self.entities.iter().filter(|e| e.kind == *k).count()))
            .collect()
    }

    /// Probable duplicates: pairs of ids with the same kind and name (merged into the later one when
    /// they came from different folders without conflicting attributes).
    pub fn probable_duplicates(&self) -> &[(String, String)] {
        &self.duplicates
    }

    /// Surface forms written for more than one entity, with their ids: these need context to link.
    pub fn shared_forms(&self) -> Vec<(String, Vec<&str>)> {
        let mut shared: Vec<(String, Vec<&str>)> = self
            .candidates
            .iter()
            .filter(|c| c.len() > 1)
            .map(|c| {
                (
                    c[0].form.clone(),
                    c.iter()
                        .map(|c| self.entities[c.entity].id.as_str())
                        .collect(),
                )
            })
            .collect();
        shared.sort();
        shared
    }
}

/// Writes entities as a gazetteer folder, one file per kind present (replacing those files).
pub fn write_folder(dir: &Path, entities: &[Entity]) -> Result<Vec<PathBuf>> {
    std::fs::create_dir_all(dir).map_err(|source| Error::Io {
        path: dir.to_path_buf(),
        source,
    })?;
    let mut written = Vec::new();
    for kind in EntityKind::ALL {
        let rows: Vec<&Entity> = entities.iter().filter(|e| e.kind == kind).collect();
        if rows.is_empty() {
            continue;
        }
        let path = dir.join(kind.file_name());
        let tmp = path.with_extension("csv.tmp");
        let csv_err = |source| Error::Csv {
            path: tmp.clone(),
            source,
        };
        let mut writer = csv::Writer::from_path(&tmp).map_err(csv_err)?;
        let mut header = vec!["id", "name", "aliases"];
        header.extend(kind.columns());
        writer.write_record(&header).map_err(csv_err)?;
        for e in rows {
            let aliases = e.aliases.join("|");
            let mut record = vec![e.id.as_str(), e.name.as_str(), aliases.as_str()];
            record.extend(kind.columns().iter().map(|c| e.attr(c).unwrap_or("")));
            writer.write_record(&record).map_err(csv_err)?;
        }
        writer.flush().map_err(|source| Error::Io {
            path: tmp.clone(),
            source,
        })?;
        drop(writer);
        std::fs::rename(&tmp, &path).map_err(|source| Error::Io {
            path: path.clone(),
            source,
        })?;
        written.push(path);
    }
    Ok(written)
}

/// A new row for a gazetteer file, as `gazetteer add` writes it.
pub fn append_row(dir: &Path, kind: EntityKind, entity: &Entity) -> Result<PathBuf> {
    use std::io::Write;
    let path = dir.join(kind.file_name());
    let io_err = |source| Error::Io {
        path: path.clone(),
        source,
    };
    std::fs::create_dir_all(dir).map_err(|source| Error::Io {
        path: dir.to_path_buf(),
        source,
    })?;
    let existing = if path.exists() {
        std::fs::read(&path).map_err(io_err)?
    } else {
        Vec::new()
    };
    let mut header: Vec<String> = ["id", "name", "aliases"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    header.extend(kind.columns().iter().map(|s| s.to_string()));
    if !existing.is_empty() {
        let mut reader = csv::ReaderBuilder::new()
            .from_reader(existing.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&existing));
        header = reader
            .headers()
            .map_err(|source| Error::Csv {
                path: path.clone(),
                source,
            })?
            .iter()
            .map(|h| h.trim().to_lowercase())
            .collect();
    }
    let value = |column: &str| -> String {
        match column {
            "id" => entity.id.clone(),
            "name" => entity.name.clone(),
            "aliases" => entity.aliases.join("|"),
            other => entity.attr(other).unwrap_or("").to_string(),
        }
    };
    let mut out = Vec::new();
    {
        let mut writer = csv::WriterBuilder::new().from_writer(&mut out);
        if existing.is_empty() {
            writer.write_record(&header).map_err(|source| Error::Csv {
                path: path.clone(),
                source,
            })?;
        }
        writer
            .write_record(header.iter().map(|h| value(h)))
            .map_err(|source| Error::Csv {
                path: path.clone(),
                source,
            })?;
        writer.flush().map_err(io_err)?;
    }
    let mut content = existing;
    if !content.is_empty() && !content.ends_with(b"\n") {
        content.push(b'\n');
    }
    content.extend_from_slice(&out);
    let tmp = path.with_extension("csv.tmp");
    let mut file = std::fs::File::create(&tmp).map_err(|source| Error::Io {
        path: tmp.clone(),
        source,
    })?;
    file.write_all(&content).map_err(|source| Error::Io {
        path: tmp.clone(),
        source,
    })?;
    file.sync_all().map_err(|source| Error::Io {
        path: tmp.clone(),
        source,
    })?;
    std::fs::rename(&tmp, &path).map_err(io_err)?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs() {
        let table = [
            ("Erling Braut Haaland", "erling-braut-haaland"),
            ("Manchester City", "manchester-city"),
            ("Bodø/Glimt", "bodø-glimt"),
            ("  N'Golo Kanté ", "n-golo-kanté"),
        ];
        for (name, expected) in table {
            assert_eq!(slug(name), expected);
        }
    }

    #[test]
    fn defaults_load_with_every_kind() {
        let gazetteer = Gazetteer::new().unwrap();
        for (kind, count) in gazetteer.counts() {
            assert!(count > 0, "{kind:?}");
        }
        let balotelli = gazetteer.entity(gazetteer.index_of("player:mario-balotelli").unwrap());
        assert_eq!(
            balotelli.attr("club"),
            Some("club:manchester-city|club:ac-milan")
        );
        assert_eq!(balotelli.attr("nationality"), Some("national:italia"));
    }

    #[test]
    fn reports_every_problem_with_file_and_line() {
        let csv = "id,name,aliases,club,birth_date\n\
                   player:a,Ann A,,club:nowhere,\n\
                   ,,,,\n\
                   player:a,Ann B,x||y,,1990-13-01\n";
        let mut problems = Vec::new();
        let rows = parse(
            EntityKind::Player,
            "players.csv",
            csv.as_bytes(),
            &mut problems,
        );
        let mut rows = rows;
        resolve_references(&mut rows, &[], &mut problems);
        let messages: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
        assert_eq!(
            messages,
            [
                "players.csv:3: column name: empty name",
                "players.csv:4: column aliases: empty alias for id player:a",
                "players.csv:4: column birth_date: malformed date \"1990-13-01\" (want YYYY-MM-DD or YYYY)",
                "players.csv:2: column club: unknown club \"club:nowhere\" for id player:a",
            ]
        );
    }

    #[test]
    fn same_name_in_a_later_folder_is_one_entity() {
        let dir = std::env::temp_dir().join(format!("kampfakta-merge-{}", std::process::id()));
        let (defaults, squad) = (dir.join("defaults"), dir.join("squad"));
        std::fs::create_dir_all(&defaults).unwrap();
        std::fs::create_dir_all(&squad).unwrap();
        std::fs::write(
            defaults.join("clubs.csv"),
            "id,name,aliases\nclub:molde,Molde FK,Molde\n",
        )
        .unwrap();
        std::fs::write(
            defaults.join("players.csv"),
            "id,name,aliases,club\nplayer:eh,Erling Haaland,Haaland,club:molde\n",
        )
        .unwrap();
        std::fs::write(
            squad.join("players.csv"),
            "id,name,nationality,position\nwc:9,Erling Haaland,,FW\nwc:10,Erling Haaland,,GK\n",
        )
        .unwrap();
        let gazetteer = Gazetteer::builder()
            .folder(&defaults)
            .folder(&squad)
            .build()
            .unwrap();
        let kept = gazetteer.index_of("wc:9").unwrap();
        assert_eq!(
            gazetteer.index_of("player:eh"),
            Some(kept),
            "the earlier id resolves to the merged entity"
        );
        let entity = gazetteer.entity(kept);
        assert_eq!(
            (entity.attr("club"), entity.attr("position")),
            (Some("club:molde"), Some("FW"))
        );
        assert_eq!(entity.aliases, ["Haaland"]);
        assert_eq!(
            gazetteer.probable_duplicates(),
            [
                ("player:eh".to_string(), "wc:9".to_string()),
                ("wc:9".to_string(), "wc:10".to_string())
            ],
            "merged across folders; the GK of the same name in the same folder is kept apart"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn wrong_delimiter_is_named() {
        let mut problems = Vec::new();
        parse(
            EntityKind::Club,
            "clubs.csv",
            b"id;name\nclub:x;X\n",
            &mut problems,
        );
        assert!(
            problems[0].to_string().contains("separated by ';'"),
            "{}",
            problems[0]
        );
    }
}
