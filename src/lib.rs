//! kampfakta turns Norwegian football journalism into data: from match reports in Bokmål or
//! Nynorsk to goals, chances, fouls and penalties, each with its minute, score, player and team,
//! linked to gazetteer ids.
//!
//! A document flows through five stages, each a module that can be used and tested alone:
//!
//! 1. [`ingest`]: files, folders, JSON Lines or standard input to [`Document`]s, decoded safely;
//! 2. [`segment`]: paragraphs, sentences and tokens with Norwegian rules (`i det 56. minutt` is one
//!    sentence, `3-2` one score token, `London-klubben` one compound);
//! 3. [`gazetteer`] and [`recognize`]: players, clubs, national teams, officials and media from editable
//!    CSV files, matched with one automaton, robust to inflection, linked by the match's context;
//! 4. [`classify`]: the events of every sentence from an editable cue lexicon, and [`facts`]: the
//!    match a report is about, its score and its goals in order;
//! 5. [`export`]: CSV rows and a run report, written in input order whatever the thread count.
//!
//! ```
//! use kampfakta::{Document, Pipeline};
//!
//! let pipeline = Pipeline::new()?;
//! let doc = Document::new("demo", "Manchester City- Tottenham 3-2\nNasri scoret i det 56. minutt.");
//! let analysis = pipeline.analyze(&doc);
//! let goal = &analysis.events[0];
//! assert_eq!(goal.kind.as_str(), "goal");
//! assert_eq!(goal.minute.unwrap().to_string(), "56");
//! let scorer = analysis.recognition.mentions[goal.actor.unwrap()].entity().unwrap();
//! assert_eq!(pipeline.gazetteer().entity(scorer).name, "Samir Nasri");
//! # Ok::<(), kampfakta::Error>(())
//! ```
//!
//! Every span is a half-open byte range into [`Document::text`]: `&text[span]` is the surface.
//! A long document that is not about football yields no mentions and no events (see
//! [`topic::is_football_document`] and [`Pipeline::all_documents`]); one with fewer than two
//! football words is set aside after a glance at its text ([`topic::Glance`]), before any other
//! stage, which is what makes a general news corpus fast to run.

pub mod classify;
pub mod error;
pub mod eval;
pub mod export;
pub mod facts;
pub mod gazetteer;
pub mod ingest;
pub mod recognize;
pub mod segment;
pub mod topic;

pub use classify::{Event, EventKind, Lexicon, Minute};
pub use error::{Error, Result};
pub use gazetteer::Gazetteer;
pub use ingest::Document;
pub use recognize::{Mention, Recognition};
pub use segment::Sentence;

use recognize::Descriptors;

/// The stages with their data, built once and shared by every worker thread.
#[derive(Debug, Clone)]
pub struct Pipeline {
    gazetteer: Gazetteer,
    descriptors: Descriptors,
    lexicon: Lexicon,
    /// Report mentions and events of football documents only (the default).
    football_only: bool,
}

/// What the pipeline found in one document.
#[derive(Debug, Clone)]
pub struct Analysis<'d> {
    pub document: &'d Document,
    pub sentences: Vec<Sentence>,
    pub recognition: Recognition,
    pub events: Vec<Event>,
    /// `false` for a document set aside as not about football (see [`Pipeline::all_documents`]):
    /// it has no sentences, mentions or events.
    pub football: bool,
}

impl Pipeline {
    /// The shipped gazetteers and cue lexicon.
    pub fn new() -> Result<Pipeline> {
        Ok(Pipeline::with(Gazetteer::new()?, Lexicon::new()?))
    }

    pub fn with(gazetteer: Gazetteer, lexicon: Lexicon) -> Pipeline {
        let descriptors = Descriptors::new(&gazetteer);
        Pipeline {
            gazetteer,
            descriptors,
            lexicon,
            football_only: true,
        }
    }

    /// Reports the mentions and events of every document, not only of football documents. By
    /// default a long document without football evidence (a film review, a political story)
    /// yields nothing: its "Robinson" and "Oscar" are not players, its "bom" not a miss.
    pub fn all_documents(mut self) -> Pipeline {
        self.football_only = false;
        self
    }

    pub fn gazetteer(&self) -> &Gazetteer {
        &self.gazetteer
    }

    /// Runs every stage on one document.
    pub fn analyze<'d>(&self, document: &'d Document) -> Analysis<'d> {
        let text = document.text.as_str();
        let folded = segment::fold(text);
        let glance = topic::Glance::new(text, &folded);
        if self.football_only && !glance.may_be_football() {
            return Analysis::not_football(document);
        }
        let segmented = segment::Segmented::with_folded(text, folded);
        let recognition = recognize::recognize(&self.gazetteer, &self.descriptors, &segmented);
        let events = classify::classify(&self.lexicon, &self.gazetteer, &segmented, &recognition);
        let football = !self.football_only
            || topic::is_football_document(&self.gazetteer, glance, &recognition, &events);
        if !football {
            return Analysis::not_football(document);
        }
        Analysis {
            document,
            sentences: segmented.sentences,
            recognition,
            events,
            football,
        }
    }
}

impl<'d> Analysis<'d> {
    fn not_football(document: &'d Document) -> Analysis<'d> {
        Analysis {
            document,
            sentences: Vec::new(),
            recognition: Recognition::default(),
            events: Vec::new(),
            football: false,
        }
    }
}

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

#[cfg(test)]
mod tests {
    #[test]
    fn pipeline_is_send_and_sync() {
        fn assert_send_sync<T: Send + Sync>() {}
        assert_send_sync::<super::Pipeline>();
    }

    /// The surface and entity id of each mention, with the shipped gazetteers.
    fn linked(text: &str) -> Vec<(String, String)> {
        let pipeline = super::Pipeline::new().unwrap();
        let document = super::Document::new("x", text);
        let analysis = pipeline.analyze(&document);
        analysis
            .recognition
            .mentions
            .iter()
            .map(|m| {
                let entity = pipeline.gazetteer().entity(m.entity().unwrap());
                (text[m.span.clone()].to_string(), entity.id.clone())
            })
            .collect()
    }

    #[test]
    fn a_paper_named_after_a_town_is_the_paper_not_the_club() {
        assert_eq!(
            linked("Haugesund slo Molde 2-0, skriver Haugesunds Avis."),
            [
                ("Haugesund".into(), "club:fk-haugesund".into()),
                ("Molde".into(), "club:molde-fk".into()),
                ("Haugesunds Avis".into(), "media:haugesunds-avis".into()),
            ]
        );
    }

    /// Squad lists cut club names short ("Borussia Dortmu"); the gazetteer has them whole, with
    /// the short names papers use.
    #[test]
    fn clubs_by_their_short_names() {
        assert_eq!(
            linked("BVB slo PSG 2-0 i Dortmund."),
            [
                ("BVB".into(), "club:borussia-dortmund".into()),
                ("PSG".into(), "club:paris-saint-germain".into()),
            ]
        );
    }
}
