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
//! 4. [`classify`]: the events of every sentence from an editable cue lexicon and a trained
//!    model ([`classify::model`]), and [`facts`]: the match a report is about, its score and its
//!    goals in order;
//! 5. [`export`]: CSV rows, a run report and HTML pages to look at ([`export::html`]), written in
//!    input order whatever the thread count.
//!
//! [`Pipeline::analyze`] runs stages 2 to 4 on one document (module [`pipeline`]); the
//! [`Analysis`] it returns holds everything found, match facts included, and [`export`] only
//! writes it. Segmentation builds one view of the document ([`segment::Segmented`]: text and
//! sentences, each sentence prose or a fact line) that every later stage reads, folding the
//! sentence it is at ([`segment::Folded`]: lower case, same byte offsets). A stage
//! imports only the stages before it; the Norwegian words the rules test are listed once, in
//! `src/words/`, and the cue lexicon and gazetteers are CSV files.
//!
//! Beside the stages, [`lemma`] gives the lemma of a Bokmål or Nynorsk word (`scoret` ->
//! `score`, `hjørnesparket` -> `hjørnespark`) from a table built from the Norwegian Dependency
//! Treebank and suffix rules: the cue lexicon expands its `<lemma>` patterns with it, and
//! [`train`] lemmatizes the words a model knows. [`train`] makes a model from labelled sentences
//! (`kampfakta train`), and [`suggest`] gathers from analyses the people and clubs no gazetteer
//! knows, as gazetteer rows to review (`kampfakta gazetteer suggest`).
//!
//! ```
//! use kampfakta::{Document, Pipeline};
//!
//! let pipeline = Pipeline::new()?;
//! let doc = Document::new("demo", "Manchester City- Tottenham 3-2\nNasri scoret i det 56. minutt.");
//! let analysis = pipeline.analyze(&doc)?;
//! let goal = &analysis.events[0];
//! assert_eq!(goal.kind.as_str(), "goal");
//! assert_eq!(goal.minute.unwrap().to_string(), "56");
//! let scorer = analysis.recognition.mentions[goal.actor.unwrap()].entity().unwrap();
//! assert_eq!(pipeline.gazetteer().entity(scorer).name, "Samir Nasri");
//! let facts = analysis.facts.as_ref().unwrap();
//! assert_eq!(facts.goals.len(), 1);
//! assert_eq!(facts.goals[0].scorer, goal.actor);
//! # Ok::<(), kampfakta::Error>(())
//! ```
//!
//! Every span is a [`Span`], a half-open byte range into [`Document::text`]: `&text[span]` is the
//! surface. Entities, mentions and sentences are referred to by typed indices ([`EntityId`],
//! [`MentionId`], [`SentenceId`]), so that one cannot stand in for another. A long document that is
//! not about football yields no mentions and no events (see [`topic::is_football_document`] and
//! [`Pipeline::all_documents`]); one with fewer than two football words is set aside after a glance
//! at its text ([`topic::Glance`]), before any other stage, which is what makes a general news
//! corpus fast to run.

#![warn(missing_docs)]

pub mod classify;
pub mod error;
pub mod eval;
pub mod export;
pub mod facts;
pub mod gazetteer;
pub mod ids;
pub mod ingest;
pub mod lemma;
pub mod pipeline;
pub mod recognize;
pub mod segment;
pub(crate) mod snapshot;
pub mod span;
pub mod suggest;
pub(crate) mod text;
pub mod topic;
pub mod train;
pub(crate) mod words;

pub use classify::{Event, EventKind, Lexicon, Minute, Model};
pub use error::{Error, Result};
pub use gazetteer::Gazetteer;
pub use ids::{EntityId, MentionId, SentenceId};
pub use ingest::Document;
pub use pipeline::{Analysis, Pipeline};
pub use recognize::{Entities, Mention, Recognition};
pub use segment::Sentence;
pub use span::Span;
