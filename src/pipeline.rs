//! The stages run in order on one document: [`Pipeline`] holds what they need, built once and
//! shared by every worker thread, and [`Analysis`] is what they found.

use crate::classify::model::Vocabulary;
use crate::classify::{self, Event, Lexicon, Model, TracedSentence};
use crate::error::Result;
use crate::facts::{match_facts, MatchFacts};
use crate::gazetteer::Gazetteer;
use crate::ingest::Document;
use crate::recognize::{self, Recognition};
use crate::segment::{self, Sentence, Token};
use crate::topic;
use rustc_hash::FxHashMap;
use std::sync::Arc;

/// The stages with their data, built once and shared by every worker thread.
#[derive(Debug, Clone)]
pub struct Pipeline {
    gazetteer: Gazetteer,
    lexicon: Lexicon,
    /// The model that decides the events with the rules; `None`: the rules alone.
    model: Option<Arc<Model>>,
    /// Report mentions and events of football documents only (the default).
    football_only: bool,
}

/// What the pipeline found in one document.
#[derive(Debug, Clone)]
pub struct Analysis<'d> {
    /// The document analysed; every span below is a byte range of its text.
    pub document: &'d Document,
    /// Its sentences, in document order.
    pub sentences: Vec<Sentence>,
    /// Its tokens, in document order; a sentence's are `&tokens[sentence.tokens]`.
    pub tokens: Vec<Token>,
    /// The mentions of gazetteer entities and the match the report is about.
    pub recognition: Recognition,
    /// The events, in sentence order.
    pub events: Vec<Event>,
    /// The match the report tells of, its score and its goals; `None` when it names no match and
    /// reports no goal.
    pub facts: Option<MatchFacts>,
    /// `false` for a document set aside as not about football (see [`Pipeline::all_documents`]):
    /// it has no sentences, mentions or events.
    pub football: bool,
}

impl Analysis<'_> {
    /// The tokens of one of the document's sentences (none after [`Analysis::drop_tokens`]).
    pub fn tokens_of(&self, sentence: &Sentence) -> &[Token] {
        self.tokens.get(sentence.tokens.range()).unwrap_or_default()
    }

    /// Frees the sentences' tokens, which nothing after the analysis reads (the rows and pages
    /// are written from spans): the largest part of a document's memory, 1.65 times its size.
    pub fn drop_tokens(&mut self) {
        self.tokens = Vec::new();
    }
}

impl Pipeline {
    /// The shipped gazetteers, cue lexicon and model.
    pub fn new() -> Result<Pipeline> {
        Ok(Pipeline::with(Gazetteer::new()?, Lexicon::new()?).with_model(Some(Model::new()?)))
    }

    /// A pipeline with the given gazetteer and cue lexicon, and the rules alone.
    pub fn with(gazetteer: Gazetteer, lexicon: Lexicon) -> Pipeline {
        Pipeline {
            gazetteer,
            lexicon,
            model: None,
            football_only: true,
        }
    }

    /// The same pipeline with a model deciding the events with the rules, or (`None`) the rules
    /// alone.
    pub fn with_model(mut self, model: Option<Model>) -> Pipeline {
        self.model = model.map(Arc::new);
        self
    }

    /// Reports the mentions and events of every document, not only of football documents. By
    /// default a long document without football evidence (a film review, a political story)
    /// yields nothing: its "Robinson" and "Oscar" are not players, its "bom" not a miss.
    pub fn all_documents(mut self) -> Pipeline {
        self.football_only = false;
        self
    }

    /// The gazetteer the mentions' entity ids index into.
    pub fn gazetteer(&self) -> &Gazetteer {
        &self.gazetteer
    }

    /// Runs every stage on one document.
    ///
    /// A text longer than [`MAX_TEXT_BYTES`](crate::span::MAX_TEXT_BYTES) is refused
    /// ([`Error::TextTooLong`](crate::Error::TextTooLong)), before any stage reads it:
    /// [`ingest::Documents`](crate::ingest::Documents) never gives one.
    pub fn analyze<'d>(&self, document: &'d Document) -> Result<Analysis<'d>> {
        let Some((glance, segmented, recognition)) = self.recognized(document)? else {
            return Ok(Analysis::not_football(document));
        };
        // The football check reads the rules' decisions, with a model as without.
        let classify::Classified {
            events,
            rule_kinds,
            minutes,
        } = classify::classify_with_model(
            &self.lexicon,
            &self.gazetteer,
            &segmented,
            &recognition,
            self.model.as_deref(),
        );
        let football = !self.football_only
            || topic::is_football_document(&self.gazetteer, glance, &recognition, &rule_kinds);
        if !football {
            return Ok(Analysis::not_football(document));
        }
        let facts = match_facts(&self.gazetteer, &segmented, &recognition, &events, &minutes);
        Ok(Analysis {
            document,
            sentences: segmented.sentences,
            tokens: segmented.tokens,
            recognition,
            events,
            facts,
            football,
        })
    }
}

impl Pipeline {
    /// Stages 2 and 3 of a document: its glance, its segmentation and its mentions; `None` when
    /// the glance sets it aside as not football.
    fn recognized<'t>(
        &self,
        document: &'t Document,
    ) -> Result<Option<(topic::Glance, segment::Segmented<'t>, Recognition)>> {
        let text = document.text.as_str();
        // Before the glance, which would read the whole text for nothing.
        segment::check_length(text)?;
        // The glance reads the whole text folded; the stages after it fold a sentence at a time,
        // so this copy (as large as the text) is gone before the tokens are made.
        let glance = topic::Glance::new(text, &segment::fold(text));
        if self.football_only && !glance.may_be_football() {
            return Ok(None);
        }
        let segmented = segment::Segmented::new(text)?;
        let mut recognition = recognize::recognize(&self.gazetteer, &segmented, document.date);
        let several_sentences = segmented.sentences.len() > 1;
        if self.football_only
            && glance.short
            && several_sentences
            && glance.without_football_words()
        {
            topic::keep_sure_names_only(&self.gazetteer, text, &mut recognition);
        }
        Ok(Some((glance, segmented, recognition)))
    }
}

/// A document as training reads it: its sentences, and each one's rules' labels and features.
#[derive(Debug, Clone)]
pub struct Traced {
    /// The sentences, in document order.
    pub sentences: Vec<Sentence>,
    /// One per sentence.
    pub traced: Vec<TracedSentence>,
}

impl Pipeline {
    /// Runs the stages with the rules alone on one document and gives each sentence's features
    /// for a model with the words of `vocabulary` (naming the buckets in `names` when given);
    /// `None` for a document set aside as not football, whose sentences a model never sees. A
    /// text is refused as [`Pipeline::analyze`] refuses it.
    pub fn trace(
        &self,
        document: &Document,
        vocabulary: &Vocabulary,
        names: Option<&mut FxHashMap<u32, String>>,
    ) -> Result<Option<Traced>> {
        let Some((glance, segmented, recognition)) = self.recognized(document)? else {
            return Ok(None);
        };
        let (events, traced) = classify::trace_for_training(
            &self.lexicon,
            &self.gazetteer,
            &segmented,
            &recognition,
            vocabulary,
            names,
        );
        let kinds: Vec<_> = events.iter().map(|e| e.kind).collect();
        let football = !self.football_only
            || topic::is_football_document(&self.gazetteer, glance, &recognition, &kinds);
        Ok(football.then_some(Traced {
            sentences: segmented.sentences,
            traced,
        }))
    }
}

impl<'d> Analysis<'d> {
    fn not_football(document: &'d Document) -> Analysis<'d> {
        Analysis {
            document,
            sentences: Vec::new(),
            tokens: Vec::new(),
            recognition: Recognition::default(),
            events: Vec::new(),
            facts: None,
            football: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Pipeline;
    use crate::ingest::Document;
    use std::sync::LazyLock;

    /// The shipped pipeline, built once for the tests of this module.
    static PIPELINE: LazyLock<Pipeline> =
        LazyLock::new(|| Pipeline::new().expect("the shipped data loads"));

    /// A text past `MAX_TEXT_BYTES` is refused with its length by every function that takes a
    /// text, before it is read: no span is cut short and nothing panics.
    #[cfg(target_pointer_width = "64")]
    #[test]
    fn a_text_too_long_for_the_offsets_is_refused_with_its_length() {
        use crate::error::Error;
        use crate::segment::{self, Folded};
        let document = Document::new("long", crate::span::text_past_the_most());
        let bytes = document.text.len();
        let refused = |result: crate::Result<()>| match result {
            Err(Error::TextTooLong { bytes: said }) => said == bytes,
            _ => false,
        };
        assert!(refused(segment::segment(&document.text).map(drop)));
        assert!(refused(segment::tokenize(&document.text).map(drop)));
        assert!(refused(Folded::whole(&document.text).map(drop)));
        let pipeline = PIPELINE.clone().all_documents();
        let error = pipeline.analyze(&document).map(drop).unwrap_err();
        assert_eq!(
            error.to_string(),
            "a text of 4294967296 bytes: at most 4294967295 can be analysed \
             (4 GiB less a byte: byte offsets are 32-bit)"
        );
        assert!(refused(PIPELINE.analyze(&document).map(drop)));
    }

    #[test]
    fn pipeline_is_send_and_sync() {
        fn assert_send_sync<T: Send + Sync>() {}
        assert_send_sync::<Pipeline>();
    }

    /// The surface and entity id of each mention, with the shipped gazetteers.
    fn linked(text: &str) -> Vec<(String, String)> {
        let pipeline = &*PIPELINE;
        let document = Document::new("x", text);
        let analysis = pipeline.analyze(&document).unwrap();
        analysis
            .recognition
            .mentions
            .iter()
            .map(|m| {
                let entity = pipeline.gazetteer().entity(m.entity().unwrap());
                (text[m.span].to_string(), entity.id.clone())
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

    #[test]
    fn events_only_in_football_documents() {
        let pipeline = &*PIPELINE;
        let review = "Filmen er lang. Regissøren har en sjanse til å lykkes. Skuespillerne bommer på tonen. \
                      Musikken er god. Historien er tynn. Kostymene er flotte. Slutten er svak. Likevel ser jeg den igjen. \
                      Kampen mellom de to brødrene bærer filmen. Fotografiet er vakkert, og klippingen er stram.";
        let report = "Brann - Viking 2-1\nBrann scoret i det 12. minutt etter en pasning fra midtbanen. \
                      Viking-keeperen var sjanseløs. Viking utlignet etter pause. Treneren var fornøyd. \
                      Dommeren ga gult kort til stopperen. Tilskuerne jublet. Brann scoret igjen på overtid.";
        let events = |text: &str| {
            pipeline
                .analyze(&Document::new("t", text))
                .unwrap()
                .events
                .len()
        };
        assert_eq!(
            events(review),
            0,
            "a long review that says 'sjanse' and 'bommer' in passing"
        );
        let actor = format!("Robinson spiller hovedrollen. {review}");
        let mentions = |pipeline: &Pipeline| {
            pipeline
                .analyze(&Document::new("t", actor.as_str()))
                .unwrap()
                .recognition
                .mentions
                .len()
        };
        assert_eq!(mentions(pipeline), 0, "no players in a film review");
        assert!(
            mentions(&pipeline.clone().all_documents()) > 0,
            "unless every document is asked for"
        );
        assert!(events(report) >= 4);
        assert_eq!(
            events("Skuespilleren bommet."),
            1,
            "a short text is taken as football"
        );
        let long_sentence = format!("Skuespilleren bommet {}.", "igjen og ".repeat(30));
        assert_eq!(events(&long_sentence), 1, "so is a single sentence");
    }

    #[test]
    fn a_short_text_without_football_words_names_people_and_teams_in_full_only() {
        let players = |text: &str| -> Vec<String> {
            let document = Document::new("t", text);
            let mentions = PIPELINE.analyze(&document).unwrap().recognition.mentions;
            mentions.iter().map(|m| text[m.span].to_string()).collect()
        };
        assert_eq!(
            players("Justin åpner albumet med en soulperle. Den er lang og sensuell."),
            Vec::<String>::new(),
            "one word is no player without football"
        );
        assert_eq!(
            players("Justin åpner albumet. Erling Braut Haaland lytter."),
            ["Erling Braut Haaland"]
        );
        assert_eq!(
            players("Justin scoret etter en corner. Den var lang."),
            ["Justin"],
            "a football word makes it one"
        );
        assert_eq!(
            players("Justin åpner albumet med en lang og sensuell soulperle."),
            ["Justin"],
            "a single sentence is read as given"
        );
        assert_eq!(
            players("Slovenia sender en høystemt ballade. Den mangler løft i refrenget."),
            Vec::<String>::new(),
            "a country is no team without football"
        );
        assert_eq!(
            players("Boka handler om Manchester United. Den er lang og god."),
            ["Manchester United"],
            "a club's full name is the club"
        );
    }
}
