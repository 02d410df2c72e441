//! Name discovery: the people and clubs football documents name that no gazetteer in use knows,
//! as gazetteer rows to review and load (`kampfakta gazetteer suggest`).
//!
//! Every season brings players, coaches and clubs the gazetteers lack. The pipeline already
//! finds some of them where they act (the classifier gives a goal's or chance's actor as
//! written when no gazetteer knows him); this stage gathers those and the names that other
//! patterns of match reports mark as people or clubs (`sightings.rs`): a goal line of the
//! facts, a role noun before a name (`spissen Ola Moe`, `dommer Per Olsen`), a team compound
//! (`Fjellvik-spissen Moe`: Fjellvik is a club), a line-up (`Brann: Opdal – Bjørnsen, ...`), a
//! full name inside a sentence.
//!
//! One document's names ([`document_names`], `document.rs`, run on the worker threads) are
//! folded first: a surname alone is the full name the document writes elsewhere (`Adeyemo` is
//! `Jonah Adeyemo`). [`Suggester`] (`rank.rs`) then adds the documents in input order, joins a
//! surname that one full name of another document ends with, and ranks the names by how often
//! they were seen, then in how many documents and by how many kinds of evidence, then by name:
//! the same input gives the same rows whatever the thread count. [`write_suggestions`]
//! (`folder.rs`) writes them as a gazetteer folder that `--gazetteer DIR` loads, and a review
//! file beside it.

mod document;
mod folder;
mod rank;
mod sightings;

pub use document::{document_names, DocumentNames};
pub use folder::{write_suggestions, SUGGESTION_FILES};
pub use rank::Suggester;
pub(crate) use sightings::knows;

use crate::gazetteer::Entity;

/// How many example sentences a suggestion keeps.
const EXAMPLES: usize = 3;

/// What made a name a suggestion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Evidence {
    /// The subject of an event verb (`Moe scoret`, `Ruud stanget inn`), or the genitive before
    /// an event's noun (`Kvisviks utvisning`).
    Event,
    /// A name in a fact line under its label (`Mål: 1-0 Moe (41)`, `Dommer: Per Olsen`).
    FactLine,
    /// A team's line-up (`Brann: Opdal – Bjørnsen, ...`), or the team that opens it.
    LineUp,
    /// After a role noun (`spissen Ola Moe`, `keeper Hansen`, `trener Per Olsen`).
    Role,
    /// A team compound (`Ranheim-spissen Moe`, `Stordal-spillerne`), or the team it names.
    TeamCompound,
    /// The other side of a match (`kampen mot Ski`, `seier over Stord`): a club.
    Opponent,
    /// Capitalised words inside a sentence that open with a first name of the gazetteers'
    /// people, or whose last the document also writes alone (`... da Oskar Moe kom`, later `sa
    /// Moe`): a person, of any trade.
    FullName,
}

impl Evidence {
    /// In the order the review file lists them.
    pub const ALL: [Evidence; 7] = [
        Evidence::Event,
        Evidence::FactLine,
        Evidence::LineUp,
        Evidence::Role,
        Evidence::TeamCompound,
        Evidence::Opponent,
        Evidence::FullName,
    ];

    /// The name in the review file (`event`, `fact_line`, ...).
    pub fn as_str(self) -> &'static str {
        match self {
            Evidence::Event => "event",
            Evidence::FactLine => "fact_line",
            Evidence::LineUp => "line_up",
            Evidence::Role => "role",
            Evidence::TeamCompound => "team_compound",
            Evidence::Opponent => "opponent",
            Evidence::FullName => "full_name",
        }
    }
}

/// What one sighting takes a name for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SightingKind {
    Player,
    /// With the role of `officials.csv` (`referee`, `coach`, `manager`).
    Official(&'static str),
    Club,
}

/// A team as one document names it: an id of the gazetteers, or a club no gazetteer knows.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum TeamName {
    Known(String),
    Unknown(String),
}

/// Whether `name`'s last words are `tail` (`Jonah Adeyemo` ends with `Adeyemo`, not `Bayo`).
pub(crate) fn ends_with_words(name: &str, tail: &str) -> bool {
    name.strip_suffix(tail)
        .is_some_and(|rest| rest.is_empty() || rest.ends_with(' '))
}

/// An example of a suggestion: a sentence and the document it is in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Example {
    /// The document's id.
    pub doc: String,
    /// The sentence, on one line.
    pub sentence: String,
}

/// One suggested gazetteer row, with what it was found from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Suggestion {
    /// The row as `players.csv`, `clubs.csv` or `officials.csv` gets it: id, kind, name, the
    /// surname as an alias (unless a common word), the team's id as `club` or `nationality`,
    /// an official's `role`.
    pub entity: Entity,
    /// How many times the documents it was seen in write it (a person's surname alone
    /// counted), or were seen to name it, whichever is more.
    pub count: usize,
    /// In how many documents.
    pub documents: usize,
    /// The team it was seen with most (first seen on a tie): (id, name), the id of a known team
    /// or of a suggested club.
    pub team: Option<(String, String)>,
    /// How many sightings each kind of evidence gave, in [`Evidence::ALL`] order, kinds that
    /// gave none left out.
    pub evidence: Vec<(Evidence, usize)>,
    /// The first sentences it was seen in, up to three, in input order.
    pub examples: Vec<Example>,
}

impl Suggestion {
    /// Whether anything but a full name says it is football's (a person seen only as
    /// [`Evidence::FullName`] may be a politician in a football report): only such suggestions
    /// go into the gazetteer files; the others are listed for review as `person`.
    pub fn is_football(&self) -> bool {
        self.evidence.iter().any(|(e, _)| *e != Evidence::FullName)
    }

    /// The kind the review file gives: the entity's, or `person` for a person that is not
    /// [`Suggestion::is_football`].
    pub fn kind_name(&self) -> &'static str {
        match self.is_football() {
            true => self.entity.kind.as_str(),
            false => "person",
        }
    }
}

#[cfg(test)]
mod tests;
