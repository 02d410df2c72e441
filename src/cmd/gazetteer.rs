//! `kampfakta gazetteer check|add|from-conll|suggest`: validate gazetteer folders, add rows
//! without hand-editing CSV (`suggest` is in `suggest.rs`).

use anyhow::bail;
use kampfakta::gazetteer::{append_row, slug, Entity, EntityKind};
use kampfakta::{Error, Gazetteer};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Subcommand, Debug)]
pub enum Command {
    /// Validate gazetteer folders (layered in order; none: the shipped ones) and report counts,
    /// problems with file:line, and forms shared by several entities.
    Check {
        dirs: Vec<PathBuf>,
        /// Layer the folders over the shipped gazetteers (needed when they refer to shipped clubs).
        #[arg(long)]
        with_defaults: bool,
        /// How many shared forms to list.
        #[arg(long, default_value_t = 20)]
        show: usize,
    },
    /// Append a valid row to DIR's CSV file for its kind, creating the file if needed.
    #[command(subcommand)]
    Add(Box<Add>),
    /// Build an oracle gazetteer from the gold PER and ORG names of NorNE CoNLL files.
    FromConll {
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// The folder to write players.csv, clubs.csv and media.csv to.
        #[arg(long)]
        dir: PathBuf,
    },
    /// Find the people and clubs football documents name that no gazetteer in use knows, and
    /// write them as gazetteer files (players.csv, clubs.csv, officials.csv) with a review file.
    Suggest(super::suggest::Args),
}

/// What `gazetteer add` adds: one kind of entity, with that kind's columns.
#[derive(clap::Subcommand, Debug)]
pub enum Add {
    /// A player, to players.csv.
    Player {
        #[command(flatten)]
        row: RowArgs,
        /// Their club: an id (`club:molde-fk`) or a name the gazetteers know, with the years he
        /// was there if known (`club:molde-fk@2021-2023`); several separated by `|`.
        #[arg(long)]
        club: Option<String>,
        /// Their national team: an id (`national:norge`) or a name.
        #[arg(long)]
        nationality: Option<String>,
        /// GK, DF, MF, FW or free text.
        #[arg(long)]
        position: Option<String>,
        /// YYYY-MM-DD or YYYY.
        #[arg(long)]
        birth_date: Option<String>,
    },
    /// A club, to clubs.csv.
    Club {
        #[command(flatten)]
        row: RowArgs,
        #[arg(long)]
        country: Option<String>,
        #[arg(long)]
        city: Option<String>,
    },
    /// A national team, to national_teams.csv.
    NationalTeam {
        #[command(flatten)]
        row: RowArgs,
        /// Three letters (`NOR`).
        #[arg(long)]
        country_code: Option<String>,
        /// The adjective papers use (`italiensk`).
        #[arg(long)]
        adjective: Option<String>,
        /// What a player from there is called (`italiener`).
        #[arg(long)]
        demonym: Option<String>,
    },
    /// A referee, manager or coach, to officials.csv.
    Official {
        #[command(flatten)]
        row: RowArgs,
        /// referee, manager or coach.
        #[arg(long)]
        role: Option<String>,
    },
    /// A paper, agency or channel, to media.csv.
    Media {
        #[command(flatten)]
        row: RowArgs,
        #[arg(long)]
        country: Option<String>,
        /// paper, magazine, website, broadcaster or agency (an agency or broadcaster is never
        /// scored as a publication).
        #[arg(long = "type", value_name = "TYPE")]
        media_type: Option<String>,
    },
    /// A federation, league, supporters' club or company of football, to organisations.csv.
    Organisation {
        #[command(flatten)]
        row: RowArgs,
        /// The country it belongs to (`Norge`), if one.
        #[arg(long)]
        country: Option<String>,
        /// federation, league, supporters or company.
        #[arg(long = "type", value_name = "TYPE")]
        organisation_type: Option<String>,
    },
}

/// The columns every kind has, and where to add.
#[derive(clap::Args, Debug)]
pub struct RowArgs {
    /// The full name (`Erling Braut Haaland`, `Molde FK`).
    #[arg(long)]
    name: String,
    /// The id (default: <kind>:<slug of name>).
    #[arg(long)]
    id: Option<String>,
    /// A surface form (repeatable); a common word or one under three letters needs a leading `=`.
    #[arg(long = "alias")]
    aliases: Vec<String>,
    /// The gazetteer folder to add to.
    #[arg(long)]
    dir: PathBuf,
    /// Validate the folder over the shipped gazetteers, as `extract --gazetteer DIR
    /// --with-defaults` reads it (a club or nation it names may be a shipped one).
    #[arg(long)]
    with_defaults: bool,
}

impl Add {
    /// The kind, the common columns, and the kind's own columns as given.
    fn parts(self) -> (EntityKind, RowArgs, Vec<(&'static str, Option<String>)>) {
        match self {
            Add::Player {
                row,
                club,
                nationality,
                position,
                birth_date,
            } => (
                EntityKind::Player,
                row,
                vec![
                    ("club", club),
                    ("nationality", nationality),
                    ("position", position),
                    ("birth_date", birth_date),
                ],
            ),
            Add::Club { row, country, city } => (
                EntityKind::Club,
                row,
                vec![("country", country), ("city", city)],
            ),
            Add::NationalTeam {
                row,
                country_code,
                adjective,
                demonym,
            } => (
                EntityKind::NationalTeam,
                row,
                vec![
                    ("country_code", country_code),
                    ("adjective", adjective),
                    ("demonym", demonym),
                ],
            ),
            Add::Official { row, role } => (EntityKind::Official, row, vec![("role", role)]),
            Add::Media {
                row,
                country,
                media_type,
            } => (
                EntityKind::Media,
                row,
                vec![("country", country), ("type", media_type)],
            ),
            Add::Organisation {
                row,
                country,
                organisation_type,
            } => (
                EntityKind::Organisation,
                row,
                vec![("country", country), ("type", organisation_type)],
            ),
        }
    }
}

pub fn run(command: Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::Check {
            dirs,
            with_defaults,
            show,
        } => check(dirs, with_defaults, show),
        Command::Add(args) => add(*args),
        Command::Suggest(args) => super::suggest::run(args),
        Command::FromConll { files, dir } => {
            let documents = super::eval::conll_documents(&files)?;
            let entities = kampfakta::eval::oracle_entities(&documents);
            for path in kampfakta::gazetteer::write_folder(&dir, &entities)? {
                println!("wrote {}", path.display());
            }
            println!("{} names from {} files", entities.len(), documents.len());
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn check(dirs: Vec<PathBuf>, with_defaults: bool, show: usize) -> anyhow::Result<ExitCode> {
    let mut builder = Gazetteer::builder();
    if dirs.is_empty() || with_defaults {
        builder = builder.defaults();
    }
    for dir in &dirs {
        builder = builder.folder(dir);
    }
    let gazetteer = match builder.build() {
        Ok(gazetteer) => gazetteer,
        Err(Error::Invalid(problems)) => {
            for problem in &problems {
                println!("{problem}");
            }
            println!("{} problems", problems.len());
            return Ok(ExitCode::from(1));
        }
        Err(err) => return Err(err.into()),
    };
    for (kind, count) in gazetteer.counts() {
        println!("{}\t{count}", kind.as_str());
    }
    let shared = gazetteer.shared_forms();
    println!(
        "forms shared by several entities (linked by context): {}",
        shared.len()
    );
    for (form, ids) in shared.iter().take(show) {
        println!("  {form}\t{}", ids.join(" "));
    }
    let duplicates = gazetteer.probable_duplicates();
    println!(
        "probable duplicates (same kind, a name or full-name alias alike, two ids): {}",
        duplicates.len()
    );
    for (first, second) in duplicates.iter().take(show) {
        let merged = gazetteer.index_of(first) == gazetteer.index_of(second);
        println!(
            "  {first}\t{second}\t{}",
            if merged {
                "merged (later folder wins)"
            } else {
                "kept apart"
            }
        );
    }
    let near = gazetteer.near_duplicates();
    println!(
        "near duplicates (accents, ø/ö/oe, cut club names; merge by hand or keep): {}",
        near.len()
    );
    for (first, second, likeness) in near.iter().take(show) {
        println!("  {first}\t{second}\t{}", likeness.as_str());
    }
    let warnings = gazetteer.warnings();
    println!(
        "warnings (aliases left out, unknown clubs and nations, columns not read): {}",
        warnings.len()
    );
    for warning in warnings {
        println!("  {warning}");
    }
    println!("0 problems");
    Ok(ExitCode::SUCCESS)
}

fn add(what: Add) -> anyhow::Result<ExitCode> {
    let (kind, args, columns) = what.parts();
    let name = args.name.trim().to_string();
    if name.is_empty() {
        bail!(
            "--name must not be empty: give the full name as papers write it (--name \"Ola Moe\")"
        );
    }
    let id = args
        .id
        .clone()
        .unwrap_or_else(|| format!("{}:{}", kind.id_prefix(), slug(&name)));
    let attrs: Vec<(String, String)> = columns
        .into_iter()
        .filter_map(|(column, value)| value.map(|v| (column.to_string(), v.trim().to_string())))
        .collect();
    let entity = Entity {
        id: id.clone(),
        kind,
        name,
        aliases: args.aliases.iter().map(|a| a.trim().to_string()).collect(),
        attrs,
    };

    // Append, then validate the folder as `extract --gazetteer DIR [--with-defaults]` will read
    // it; a row that does not validate is taken out again, so the file is never left invalid.
    let file = args.dir.join(kind.file_name());
    let before = std::fs::read(&file).ok();
    let path = append_row(&args.dir, kind, &entity)?;
    let line = new_row_line(before.as_deref());
    let mut builder = Gazetteer::builder();
    if args.with_defaults {
        builder = builder.defaults();
    }
    let file_name = path.display().to_string();
    let of_new_row =
        |problem: &kampfakta::error::Problem| problem.file == file_name && problem.line == line;
    match builder.folder(&args.dir).build() {
        Ok(gazetteer) => {
            for warning in gazetteer.warnings().iter().filter(|w| of_new_row(w)) {
                eprintln!("kampfakta: warning: {warning}");
            }
        }
        Err(err) => {
            match before {
                Some(bytes) => std::fs::write(&file, bytes)?,
                None => std::fs::remove_file(&file)?,
            }
            // The new row's line is gone with it: name it as the new row.
            let message = match err {
                Error::Invalid(problems) => problems
                    .iter()
                    .map(|p| match of_new_row(p) {
                        true => p.to_string().replacen(
                            &format!("{file_name}:{line}:"),
                            &format!("{file_name} (the new row):"),
                            1,
                        ),
                        false => p.to_string(),
                    })
                    .chain(
                        problems
                            .iter()
                            .any(|p| of_new_row(p) && p.message.starts_with("duplicate id"))
                            .then(|| {
                                format!(
                                    "{id} is in the folder already: a namesake needs an id \
                                     of its own (--id {id}-2); to change the row, edit \
                                     {file_name}"
                                )
                            }),
                    )
                    .collect::<Vec<_>>()
                    .join("\n"),
                other => other.to_string(),
            };
            bail!("{id} was not added:\n{message}");
        }
    }
    println!("added {id} to {}", path.display());
    Ok(ExitCode::SUCCESS)
}

/// The line `append_row` writes a row to, after a file's content before it (`None`: a new file,
/// whose header is line 1).
fn new_row_line(before: Option<&[u8]>) -> u64 {
    match before {
        None | Some([]) => 2,
        Some(bytes) => {
            let lines = bytes.iter().filter(|&&b| b == b'\n').count() as u64;
            // A last line without its line end gets one before the new row.
            lines + 1 + u64::from(!bytes.ends_with(b"\n"))
        }
    }
}
