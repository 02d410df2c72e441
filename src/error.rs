//! The library's one error type.

use std::fmt;
use std::path::PathBuf;

/// Everything that can go wrong in the library; each message names the file (and line) to fix.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A file or folder could not be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    /// A gazetteer or lexicon has problems; all of them are listed, one per line.
    #[error("{}", Problems(.0))]
    Invalid(Vec<Problem>),
    /// A CSV output could not be written.
    #[error("{}: {source}", path.display())]
    Csv { path: PathBuf, source: csv::Error },
}

/// One problem in a data file, located by file, line and (when known) column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub file: String,
    pub line: u64,
    pub column: Option<String>,
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.column {
            Some(column) => write!(
                f,
                "{}:{}: column {column}: {}",
                self.file, self.line, self.message
            ),
            None => write!(f, "{}:{}: {}", self.file, self.line, self.message),
        }
    }
}

struct Problems<'a>(&'a [Problem]);

impl fmt::Display for Problems<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, problem) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{problem}")?;
        }
        Ok(())
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
