//! Loading a gazetteer: the layers (embedded defaults, folders, single files), a later row
//! replacing an earlier one with the same id, rows of the same name merged across folders, and
//! club and nationality references resolved to ids. Every problem of every file is collected.

use super::csv_rows::{parse, Row};
use super::references::resolve_references;
use super::{cache, snapshot};
use super::{Entity, EntityKind, Gazetteer};
use crate::error::{Error, Problem, Result};
use crate::segment::fold;
use crate::snapshot::fingerprint::fingerprint;
// Built once per run from trusted rows: a fast hasher matters, keys are not hostile.
use rustc_hash::FxHashMap as HashMap;
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

/// One source of rows; a later layer's row replaces an earlier one with the same id.
enum Layer {
    Embedded,
    Folder(PathBuf),
    /// One file's content, named for messages.
    Bytes(EntityKind, String, Vec<u8>),
}

/// Options for [`Gazetteer`]: which folders, in which order, and where compiled ones are kept.
#[derive(Default)]
pub struct GazetteerBuilder {
    layers: Vec<Layer>,
    cache: Option<PathBuf>,
}

const EMBEDDED: [(EntityKind, &str); 6] = [
    (
        EntityKind::Player,
        include_str!("../../gazetteers/players.csv"),
    ),
    (EntityKind::Club, include_str!("../../gazetteers/clubs.csv")),
    (
        EntityKind::NationalTeam,
        include_str!("../../gazetteers/national_teams.csv"),
    ),
    (
        EntityKind::Official,
        include_str!("../../gazetteers/officials.csv"),
    ),
    (
        EntityKind::Media,
        include_str!("../../gazetteers/media.csv"),
    ),
    (
        EntityKind::Organisation,
        include_str!("../../gazetteers/organisations.csv"),
    ),
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

    /// Keeps the gazetteers this builder compiles in `dir`, and reads them back from there
    /// when a later build reads the same files (see `src/gazetteer/cache.rs`): a run over a
    /// user folder with the shipped gazetteers then starts in milliseconds instead of 0.7 s.
    pub fn cache(mut self, dir: impl Into<PathBuf>) -> Self {
        self.cache = Some(dir.into());
        self
    }

    /// Reads every layer and builds the form index; all problems are reported together. The
    /// shipped gazetteers alone come from their compiled snapshot, built from the same CSVs;
    /// other layers from the cache when one is set and holds them.
    pub fn build(self) -> Result<Gazetteer> {
        if matches!(self.layers[..], [Layer::Embedded]) {
            if let Some(gazetteer) = snapshot::shipped() {
                return Ok(gazetteer);
            }
        }
        let cached = self.cache.clone().zip(self.cache_key());
        if let Some((dir, key)) = &cached {
            if let Some(gazetteer) = cache::read(dir, *key) {
                return Ok(gazetteer);
            }
        }
        let gazetteer = self.build_from_csv()?;
        if let Some((dir, key)) = &cached {
            cache::write(dir, *key, &gazetteer);
        }
        Ok(gazetteer)
    }

    /// The cache entry of these layers; `None` when a file cannot be read (the build says so).
    fn cache_key(&self) -> Option<u64> {
        let mut problems = Vec::new();
        // Per input: the shipped layer (`None`), or a file's kind and name, and its bytes.
        let mut inputs: Vec<Option<(String, Vec<u8>)>> = Vec::new();
        for layer in &self.layers {
            if let Layer::Embedded = layer {
                inputs.push(None);
                continue;
            }
            for (kind, name, content) in layer.files(&mut problems).ok()? {
                inputs.push(Some((format!("{} {name}", kind.as_str()), content.ok()?)));
            }
        }
        if !problems.is_empty() {
            return None;
        }
        Some(cache::key(inputs.iter().map(|input| match input {
            None => cache::Input::Shipped,
            Some((name, bytes)) => cache::Input::File { name, bytes },
        })))
    }

    /// [`GazetteerBuilder::build`] from the CSVs of every layer, the shipped ones included.
    pub(super) fn build_from_csv(self) -> Result<Gazetteer> {
        let mut problems = Vec::new();
        let mut rows = LayeredRows::default();
        for (layer_index, layer) in self.layers.iter().enumerate() {
            let files = layer.files(&mut problems)?;
            rows.add_layer(layer_index, files, &mut problems);
        }
        let mut warnings = std::mem::take(&mut rows.warnings);
        let (mut rows, merged, same_layer) = merge_same_names(rows.rows);
        let shipped = if self.layers.iter().any(|l| matches!(l, Layer::Embedded)) {
            None
        } else {
            Some(SHIPPED_TEAMS.as_slice())
        };
        resolve_references(&mut rows, &merged, shipped, &mut warnings);
        if !problems.is_empty() {
            return Err(Error::Invalid(problems));
        }
        let entities = rows.into_iter().map(|r| r.entity).collect();
        let mut gazetteer = Gazetteer::with_merged_ids(entities, &merged);
        gazetteer.duplicates = merged.into_iter().chain(same_layer).collect();
        gazetteer.warnings = warnings;
        Ok(gazetteer)
    }
}

impl Layer {
    /// The files of this layer with their content (or the error reading it).
    fn files(&self, problems: &mut Vec<Problem>) -> Result<Vec<FileContent>> {
        Ok(match self {
            Layer::Embedded => EMBEDDED
                .iter()
                .map(|(kind, text)| (*kind, embedded_name(*kind), Ok(text.as_bytes().to_vec())))
                .collect(),
            Layer::Folder(dir) => folder_files(dir, problems)?,
            Layer::Bytes(kind, name, content) => {
                vec![(*kind, name.clone(), Ok(content.clone()))]
            }
        })
    }
}

/// The rows read so far, one per id: a later layer's row replaces an earlier one in its place.
#[derive(Default)]
struct LayeredRows {
    rows: Vec<Row>,
    /// Position in `rows` by id.
    index: HashMap<String, usize>,
    /// What the rows lost without being unusable, in reading order.
    warnings: Vec<Problem>,
}

impl LayeredRows {
    /// Reads the files of one layer; an id twice in the same layer is a problem.
    fn add_layer(&mut self, layer: usize, files: Vec<FileContent>, problems: &mut Vec<Problem>) {
        let mut seen_in_layer: HashMap<String, (String, u64)> = HashMap::default();
        for (kind, name, content) in files {
            let content = match content {
                Ok(content) => content,
                Err(err) => {
                    problems.push(Problem {
                        file: name,
                        line: 0,
                        column: None,
                        message: format!("cannot read the file: {err}"),
                    });
                    continue;
                }
            };
            for mut row in parse(kind, &name, &content, problems, &mut self.warnings) {
                row.layer = layer;
                self.warnings.append(&mut row.warnings);
                if let Some((file, line)) = seen_in_layer.get(&row.entity.id) {
                    if row.derived_id {
                        // Two people of one name in a squad list: not a mistake in an id the
                        // user wrote, so the later one gets a number.
                        let taken = (2..)
                            .map(|n| format!("{}-{n}", row.entity.id))
                            .find(|id| !seen_in_layer.contains_key(id))
                            .expect("some number is free");
                        self.warnings.push(Problem {
                            file: row.file.clone(),
                            line: row.line,
                            column: Some("id".into()),
                            message: format!(
                                "{:?} is also the name at {file}:{line}, whose derived id is {}: \
                                 this row is {taken}; write an id to choose another",
                                row.entity.name, row.entity.id
                            ),
                        });
                        row.entity.id = taken;
                    } else {
                        problems.push(Problem {
                            file: row.file.clone(),
                            line: row.line,
                            column: Some("id".into()),
                            message: format!(
                                "duplicate id {} (first at {file}:{line}): give one of the rows \
                                 another id, or delete one",
                                row.entity.id
                            ),
                        });
                        continue;
                    }
                }
                seen_in_layer.insert(row.entity.id.clone(), (row.file.clone(), row.line));
                self.add(row);
            }
        }
    }

    /// Adds a row, replacing an earlier row with the same id.
    fn add(&mut self, row: Row) {
        match self.index.get(&row.entity.id) {
            Some(&i) => self.rows[i] = row,
            None => {
                self.index.insert(row.entity.id.clone(), self.rows.len());
                self.rows.push(row);
            }
        }
    }
}

/// The fingerprint of the embedded CSV files, which their compiled snapshot records.
pub(super) fn embedded_fingerprint() -> u64 {
    fingerprint(EMBEDDED.iter().map(|(_, text)| text.as_bytes()))
}

/// The shipped clubs and national teams, for the references of a run that leaves the shipped
/// gazetteers out (see [`resolve_references`]): parsed once, as a process may build many
/// gazetteers (the fuzz target builds one per input, and parsing 1,100 rows was most of it).
static SHIPPED_TEAMS: LazyLock<Vec<Row>> = LazyLock::new(|| {
    let mut ignored = (Vec::new(), Vec::new());
    EMBEDDED
        .iter()
        .filter(|(kind, _)| kind.is_team())
        .flat_map(|(kind, text)| {
            let name = embedded_name(*kind);
            parse(
                *kind,
                &name,
                text.as_bytes(),
                &mut ignored.0,
                &mut ignored.1,
            )
        })
        .collect()
});

/// The files a gazetteer folder may hold, for messages: `players.csv, ... or media.csv`.
fn kind_files() -> String {
    let names: Vec<&str> = EntityKind::ALL.iter().map(|k| k.file_name()).collect();
    match names.split_last() {
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
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
            source: std::io::Error::new(
                std::io::ErrorKind::NotFound,
                format!(
                    "not a gazetteer folder: --gazetteer wants a folder holding {}",
                    kind_files()
                ),
            ),
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
            message: format!("no {} in this folder", kind_files()),
        });
    }
    Ok(files)
}

type IdPairs = Vec<(String, String)>;

/// Rows of different folders that are one person, club or team are one entity: the same kind,
/// the name of one being the name or a full-name alias of the other ("Erling Braut Haaland" and
/// the shipped "Erling Braut Håland", whose alias it is), and no conflicting identity (see
/// [`identity_conflict`]). The later row wins, taking the earlier row's attributes where it has
/// none, and the earlier id still resolves to it. Returns the rows, the (dropped id, kept id)
/// pairs, and the pairs within one folder that may be one entity (kept apart, reported).
fn merge_same_names(rows: Vec<Row>) -> (Vec<Row>, IdPairs, IdPairs) {
    let mut kept: Vec<Row> = Vec::with_capacity(rows.len());
    let mut by_form: HashMap<(EntityKind, String), usize> = HashMap::default();
    let (mut merged, mut same_layer) = (Vec::new(), Vec::new());
    for mut row in rows {
        let kind = row.entity.kind;
        let forms = identity_forms(&row.entity);
        let earlier = forms
            .iter()
            .find_map(|form| by_form.get(&(kind, form.clone())).copied())
            .filter(|&at| !identity_conflict(&kept[at].entity, &row.entity));
        let at = match earlier {
            Some(at) if kept[at].layer != row.layer => {
                take_missing(&mut row.entity, &kept[at].entity);
                merged.push((kept[at].entity.id.clone(), row.entity.id.clone()));
                kept[at] = row;
                at
            }
            found => {
                if let Some(at) = found {
                    same_layer.push((kept[at].entity.id.clone(), row.entity.id.clone()));
                }
                kept.push(row);
                kept.len() - 1
            }
        };
        for form in forms {
            by_form.entry((kind, form)).or_insert(at);
        }
    }
    (kept, merged, same_layer)
}

/// The folded forms that name an entity in full: its name, and the aliases of several words
/// that share its first word ("Erling Braut Haaland", "Heung-min Son" for "Son Heung-min"; not
/// "de Jong", which names the brothers alike).
fn identity_forms(entity: &Entity) -> Vec<String> {
    let name = fold(&entity.name);
    let first = name
        .split([' ', '-'])
        .next()
        .unwrap_or_default()
        .to_string();
    let full_aliases = entity.aliases.iter().map(|a| fold(a)).filter(|a| {
        a.contains(' ') && !first.is_empty() && a.split([' ', '-']).any(|w| w == first)
    });
    std::iter::once(name.clone())
        .chain(full_aliases.filter(|a| *a != name))
        .collect()
}

/// Whether two rows of one form are different entities: players born on different days (a year
/// agrees with any day in it) or of different national teams, clubs of different countries.
/// References are not resolved yet, so an id and a name (`national:norge`, `Norway`) are not
/// compared.
fn identity_conflict(earlier: &Entity, later: &Entity) -> bool {
    let columns: &[&str] = match later.kind {
        EntityKind::Player => &["birth_date", "nationality"],
        EntityKind::Club => &["country"],
        _ => &[],
    };
    columns
        .iter()
        .any(|column| match (earlier.attr(column), later.attr(column)) {
            (Some(a), Some(b)) if a.contains(':') == b.contains(':') => {
                let (a, b) = (fold(a), fold(b));
                !a.starts_with(&b) && !b.starts_with(&a)
            }
            _ => false,
        })
}

/// Gives `later` the attributes it leaves empty and the aliases it lacks from `earlier`.
fn take_missing(later: &mut Entity, earlier: &Entity) {
    for (column, value) in &earlier.attrs {
        if later.attr(column).is_none() && !value.is_empty() {
            later.set_attr(column, value.clone());
        }
    }
    for alias in &earlier.aliases {
        if !later.aliases.contains(alias) {
            later.aliases.push(alias.clone());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_every_problem_with_file_and_line() {
        let csv = "id,name,aliases,club,birth_date\n\
                   player:a,Ann A,,club:nowhere,\n\
                   ,,,,\n\
                   player:a,Ann B,x||y,,1990-13-01\n";
        let mut problems = Vec::new();
        let mut warnings = Vec::new();
        let mut rows = parse(
            EntityKind::Player,
            "players.csv",
            csv.as_bytes(),
            &mut problems,
            &mut warnings,
        );
        resolve_references(&mut rows, &[], None, &mut warnings);
        let text = |p: &[Problem]| p.iter().map(|p| p.to_string()).collect::<Vec<String>>();
        assert_eq!(
            text(&problems),
            [
                "players.csv:3: column name: empty name (fill it in, or delete the row)",
                "players.csv:4: column aliases: empty alias for id player:a",
                "players.csv:4: column birth_date: malformed date \"1990-13-01\" (want YYYY-MM-DD or YYYY)",
            ]
        );
        assert_eq!(
            text(&warnings),
            [
                "players.csv:2: column club: unknown club \"club:nowhere\" for id player:a: taken \
              as a club of its own, club:nowhere. To describe it: kampfakta gazetteer add club \
              --id club:nowhere --name \"Nowhere\" --dir DIR"
            ]
        );
    }

    #[test]
    fn fatal_problems_name_their_line_and_fix() {
        let table = [
            (
                "duplicate id",
                "id,name\nplayer:a,A\nplayer:a,B\n",
                "players.csv:3: column id: duplicate id player:a (first at players.csv:2): give \
                 one of the rows another id, or delete one",
            ),
            (
                "missing name after a blank line",
                "id,name\n\nplayer:a,\n",
                "players.csv:3: column name: empty name (fill it in, or delete the row)",
            ),
            (
                "blank lines at the end, then a row",
                "id,name\nplayer:a,A\n\n\nplayer:b,\n",
                "players.csv:5: column name: empty name",
            ),
            (
                "a quoted line break",
                "id,name,aliases\nplayer:a,A,\"x\ny\"\nplayer:b,,\n",
                "players.csv:4: column name: empty name",
            ),
        ];
        for (name, csv, expected) in table {
            let error = players_error(csv);
            assert!(error.contains(expected), "{name}: {error}");
        }
    }

    #[test]
    fn a_derived_id_twice_in_a_folder_is_numbered_with_a_warning() {
        let csv = "id,name\n,Eduardo\n,Eduardo\n,Eduardo\n";
        let gazetteer = Gazetteer::builder()
            .csv(EntityKind::Player, "players.csv", csv)
            .build()
            .unwrap();
        let ids: Vec<&str> = gazetteer.entities().map(|e| e.id.as_str()).collect();
        assert_eq!(
            ids,
            ["player:eduardo", "player:eduardo-2", "player:eduardo-3"]
        );
        let warnings: Vec<String> = gazetteer.warnings().iter().map(|w| w.to_string()).collect();
        assert_eq!(
            warnings[0],
            "players.csv:3: column id: \"Eduardo\" is also the name at players.csv:2, whose \
             derived id is player:eduardo: this row is player:eduardo-2; write an id to choose \
             another"
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
    fn a_later_row_naming_a_full_name_alias_is_the_same_person() {
        let shipped = "id,name,aliases,nationality,birth_date\n\
                       player:ebh,Erling Braut Håland,Erling Braut Haaland|Haaland,national:norge,2000-07-21\n\
                       player:dj,Frenkie de Jong,de Jong,,1997-05-12\n";
        let user = "id,name,aliases,nationality,birth_date\n\
                    my:eh,Erling Braut Haaland,,Norge,2000\n\
                    my:lj,Luuk de Jong,de Jong,,1990-08-27\n\
                    my:other,Erling Braut Haaland,,,1999-01-01\n";
        let gazetteer = Gazetteer::builder()
            .csv(EntityKind::Player, "shipped/players.csv", shipped)
            .csv(EntityKind::Player, "user/players.csv", user)
            .build()
            .unwrap();
        let merged = gazetteer.index_of("my:eh").unwrap();
        assert_eq!(gazetteer.index_of("player:ebh"), Some(merged));
        assert_eq!(gazetteer.entity(merged).attr("birth_date"), Some("2000"));
        assert_ne!(
            gazetteer.index_of("my:lj"),
            gazetteer.index_of("player:dj"),
            "a shared surname is not a full name"
        );
        assert_ne!(
            gazetteer.index_of("my:other"),
            Some(merged),
            "born on another day: somebody else"
        );
        assert_eq!(
            gazetteer.probable_duplicates(),
            [("player:ebh".to_string(), "my:eh".to_string())]
        );
    }

    #[test]
    fn common_word_and_short_aliases_are_left_out_unless_deliberate() {
        let csv = "id,name,aliases\nplayer:oh,Ola Hansen,i|og|OH|=DB|Hansen\n";
        let gazetteer = Gazetteer::builder()
            .csv(EntityKind::Player, "players.csv", csv)
            .build()
            .unwrap();
        let entity = gazetteer.entity(gazetteer.index_of("player:oh").unwrap());
        assert_eq!(entity.aliases, ["DB", "Hansen"]);
        let warnings: Vec<String> = gazetteer.warnings().iter().map(|w| w.to_string()).collect();
        assert_eq!(warnings.len(), 3, "{warnings:?}");
        assert!(warnings[0].starts_with("players.csv:2: column aliases: alias \"i\" of player:oh"));
        assert!(warnings[0].ends_with("(write =i to keep it)"));
    }

    /// The problems of a gazetteer of one `players.csv`.
    fn players_error(csv: &str) -> String {
        Gazetteer::builder()
            .csv(EntityKind::Player, "players.csv", csv)
            .build()
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn control_characters_in_a_cell_are_a_problem_with_its_line() {
        let error = players_error("id,name,aliases\nplayer:a,Ola\u{1}Hansen,\n");
        assert!(
            error.contains("players.csv:2: column name: a control character"),
            "{error}"
        );
    }

    #[test]
    fn an_id_with_a_years_mark_or_a_separator_is_a_problem_with_its_line() {
        for id in ["club:molde@fk", "club:a|b"] {
            let error = Gazetteer::builder()
                .csv(
                    EntityKind::Club,
                    "clubs.csv",
                    format!("id,name\n{id},Molde\n"),
                )
                .build()
                .unwrap_err()
                .to_string();
            assert!(error.contains("clubs.csv:2: column id: the id"), "{error}");
        }
    }

    #[test]
    fn a_crlf_file_names_the_same_lines_as_an_lf_one() {
        for csv in ["id,name\r\nplayer:a,\r\n", "id,name\nplayer:a,\n"] {
            let error = players_error(csv);
            assert!(
                error.starts_with("players.csv:2: column name"),
                "{csv:?}: {error}"
            );
        }
    }
}
