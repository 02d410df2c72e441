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
        /// The file or folder.
        path: PathBuf,
        /// What the operating system said.
        source: std::io::Error,
    },
    /// A gazetteer or lexicon has problems; all of them are listed, one per line.
    #[error("{}", Problems(.0))]
    Invalid(Vec<Problem>),
    /// A CSV output could not be written.
    #[error("{}: {source}", path.display())]
    Csv {
        /// The output file.
        path: PathBuf,
        /// What the CSV writer said.
        source: csv::Error,
    },
    /// A text longer than [`MAX_TEXT_BYTES`](crate::span::MAX_TEXT_BYTES), whose byte offsets a
    /// [`Span`](crate::Span) cannot hold: refused whole rather than cut short.
    #[error(
        "a text of {bytes} bytes: at most {} can be analysed (4 GiB less a byte: byte offsets are 32-bit)",
        crate::span::MAX_TEXT_BYTES
    )]
    TextTooLong {
        /// The text's length in bytes.
        bytes: usize,
    },
}

/// One problem in a data file, located by file, line and (when known) column.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Problem {
    /// The file as the user named it (`gazetteers/players.csv (embedded)` for a shipped one).
    pub file: String,
    /// The 1-based line; 0 when the problem is the whole file.
    pub line: u64,
    /// The column's header, when the problem is one cell.
    pub column: Option<String>,
    /// What is wrong and how to fix it.
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Line 0 is the whole file: no line to name.
        match (&self.column, self.line) {
            (Some(column), 0) => write!(f, "{}: column {column}: {}", self.file, self.message),
            (Some(column), line) => {
                write!(f, "{}:{line}: column {column}: {}", self.file, self.message)
            }
            (None, 0) => write!(f, "{}: {}", self.file, self.message),
            (None, line) => write!(f, "{}:{line}: {}", self.file, self.message),
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

/// The library's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;
