//! What kampfakta read, for a person to look at: one HTML page per document and an index.
//!
//! A page ([`page`]) shows the document's text with every mention marked by its kind and how it
//! was recognised (its entity's name and id on hover and on keyboard focus, an ambiguous one
//! labelled so), each event sentence with its labels, minute, actor and team beside it and its
//! trigger words in bold, and a match panel: the teams, the stated score, whether the goals found
//! add up to it, and a timeline of goals, penalties, fouls and chances whose marks link to their
//! sentences. The index ([`index`]) has a row per document, sortable, with a filter for the rows
//! to look at (goals that do not add up, events whose actor is ambiguous).
//!
//! Pages are self-contained (inline CSS, no script, nothing fetched, which their Content Security
//! Policy enforces); the index has a few lines of inline script to sort its table. Every text is
//! escaped. A page is rendered from one [`Analysis`](crate::Analysis) alone, so workers render
//! them in parallel and [`HtmlFolder`] writes them in input order: the files do not depend on the
//! thread count.

/// `write!` into a `String`, which cannot fail.
macro_rules! put {
    ($out:expr, $($arg:tt)*) => {{
        use std::fmt::Write as _;
        let _ = write!($out, $($arg)*);
    }};
}

mod escape;
mod folder;
mod index;
mod page;
mod text;
mod timeline;

pub use folder::{page_file_name, HtmlFolder};
pub use index::{index, IndexRow};
pub use page::{page, Page};

/// The style sheet every page and the index carry inline.
const STYLE: &str = include_str!("style.css");

/// What the index says of one document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    /// The document's id.
    pub doc_id: String,
    /// `false` for a document set aside as not about football.
    pub football: bool,
    /// The home team's name, or empty.
    pub home: String,
    /// The away team's name, or empty.
    pub away: String,
    /// The stated score as written, or empty.
    pub score: String,
    /// How many goals of the match were found.
    pub goals: usize,
    /// Whether the goals found add up to the stated score; `None` without a score.
    pub consistent: Option<bool>,
    /// How many events of each kind, in the order of [`EventKind::ALL`](crate::EventKind::ALL).
    pub events: [usize; 4],
    /// How many mentions.
    pub mentions: usize,
    /// How many events have an ambiguous mention as their actor.
    pub ambiguous_actors: usize,
}

impl Summary {
    /// Whether an analyst should look at the document: its goals do not add up to its score, or
    /// an event's actor is ambiguous.
    pub fn to_look_at(&self) -> bool {
        self.consistent == Some(false) || self.ambiguous_actors > 0
    }

    /// The page's heading: `Manchester City – Tottenham Hotspur 3-2`, or the document's id when
    /// it names no match.
    pub fn heading(&self) -> String {
        match (self.home.is_empty(), self.away.is_empty()) {
            (false, false) => format!("{} – {} {}", self.home, self.away, self.score)
                .trim_end()
                .to_string(),
            _ => self.doc_id.clone(),
        }
    }
}
