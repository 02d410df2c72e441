//! Writing gazetteer files: a whole folder (`gazetteer seed`) or one new row (`gazetteer add`),
//! each through a temporary file renamed into place, so that a failed write leaves the old file.

use super::{list_field, Entity, EntityKind};
use crate::error::{Error, Result};
use std::path::{Path, PathBuf};

/// Writes entities as a gazetteer folder, one file per kind present (replacing those files).
pub fn write_folder(dir: &Path, entities: &[Entity]) -> Result<Vec<PathBuf>> {
    create_folder(dir)?;
    let mut written = Vec::new();
    for kind in EntityKind::ALL {
        let rows: Vec<&Entity> = entities.iter().filter(|e| e.kind == kind).collect();
        if rows.is_empty() {
            continue;
        }
        let path = dir.join(kind.file_name());
        let csv_err = |source| Error::Csv {
            path: path.clone(),
            source,
        };
        let mut writer = csv::Writer::from_writer(Vec::new());
        let mut header = vec!["id", "name", "aliases"];
        header.extend(kind.columns());
        writer.write_record(&header).map_err(csv_err)?;
        for e in rows {
            let aliases = list_field(&e.aliases);
            let mut record = vec![e.id.as_str(), e.name.as_str(), aliases.as_str()];
            record.extend(kind.columns().iter().map(|c| e.attr(c).unwrap_or("")));
            writer.write_record(&record).map_err(csv_err)?;
        }
        let content = writer.into_inner().map_err(|e| Error::Io {
            path: path.clone(),
            source: e.into_error(),
        })?;
        replace_file(&path, &content)?;
        written.push(path);
    }
    Ok(written)
}

/// Creates a gazetteer folder if need be; a file at its path is an error that says so.
fn create_folder(dir: &Path) -> Result<()> {
    if dir.exists() && !dir.is_dir() {
        return Err(Error::Invalid(vec![crate::error::Problem {
            file: dir.display().to_string(),
            line: 0,
            column: None,
            message: "is a file, not a folder: --dir wants the gazetteer folder that holds (or \
                      will hold) players.csv, clubs.csv and the others"
                .into(),
        }]));
    }
    std::fs::create_dir_all(dir).map_err(|source| Error::Io {
        path: dir.to_path_buf(),
        source,
    })
}

/// A new row for a gazetteer file, as `gazetteer add` writes it.
pub fn append_row(dir: &Path, kind: EntityKind, entity: &Entity) -> Result<PathBuf> {
    let path = dir.join(kind.file_name());
    let io_err = |source| Error::Io {
        path: path.clone(),
        source,
    };
    create_folder(dir)?;
    let existing = if path.exists() {
        std::fs::read(&path).map_err(io_err)?
    } else {
        Vec::new()
    };
    let header = if existing.is_empty() {
        default_header(kind)
    } else {
        existing_header(&path, &existing)?
    };
    let out = encode_row(&path, &header, entity, existing.is_empty())?;
    let mut content = existing;
    if !content.is_empty() && !content.ends_with(b"\n") {
        content.push(b'\n');
    }
    content.extend_from_slice(&out);
    replace_file(&path, &content)?;
    Ok(path)
}

/// The columns a new file of `kind` gets.
fn default_header(kind: EntityKind) -> Vec<String> {
    let mut header: Vec<String> = ["id", "name", "aliases"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    header.extend(kind.columns().iter().map(|s| s.to_string()));
    header
}

/// The header of an existing file (trimmed, lower case), whose column order the new row follows.
fn existing_header(path: &Path, existing: &[u8]) -> Result<Vec<String>> {
    let mut reader = csv::ReaderBuilder::new()
        .from_reader(existing.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(existing));
    Ok(reader
        .headers()
        .map_err(|source| Error::Csv {
            path: path.to_path_buf(),
            source,
        })?
        .iter()
        .map(|h| h.trim().to_lowercase())
        .collect())
}

/// The CSV bytes of one entity in the columns of `header`, after the header itself for a new file.
fn encode_row(path: &Path, header: &[String], entity: &Entity, new_file: bool) -> Result<Vec<u8>> {
    let csv_err = |source| Error::Csv {
        path: path.to_path_buf(),
        source,
    };
    let value = |column: &str| -> String {
        match column {
            "id" => entity.id.clone(),
            "name" => entity.name.clone(),
            "aliases" => list_field(&entity.aliases),
            other => entity.attr(other).unwrap_or("").to_string(),
        }
    };
    let mut out = Vec::new();
    {
        let mut writer = csv::WriterBuilder::new().from_writer(&mut out);
        if new_file {
            writer.write_record(header).map_err(csv_err)?;
        }
        writer
            .write_record(header.iter().map(|h| value(h)))
            .map_err(csv_err)?;
        writer.flush().map_err(|source| Error::Io {
            path: path.to_path_buf(),
            source,
        })?;
    }
    Ok(out)
}

/// Writes `content` to a temporary file next to `path`, synced, then renames it over `path`.
fn replace_file(path: &Path, content: &[u8]) -> Result<()> {
    // An unguessable temporary name, created only where nothing is: a planted symlink cannot
    // redirect the write.
    let mut file = crate::export::AtomicFile::create(path)?;
    file.write_all(content)?;
    file.commit()
}
