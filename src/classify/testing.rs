//! For the tests of classification and of the stages after it: the shipped gazetteers and cue
//! lexicon, loaded once per test binary, and a text run through segmentation, recognition and
//! classification with them (what the pipeline does, without importing it).

use super::{classify_with_model, Event, Lexicon, StatedMinutes};
use crate::gazetteer::Gazetteer;
use crate::recognize::{recognize, Recognition};
use crate::segment::Segmented;
use std::sync::LazyLock;

/// The shipped gazetteers.
pub(crate) static GAZETTEER: LazyLock<Gazetteer> =
    LazyLock::new(|| Gazetteer::new().expect("the shipped gazetteers load"));

/// The shipped cue lexicon.
pub(crate) static LEXICON: LazyLock<Lexicon> =
    LazyLock::new(|| Lexicon::new().expect("the shipped lexicon loads"));

/// A text through the stages up to classification, with the shipped data.
pub(crate) struct Classified<'t> {
    pub(crate) document: Segmented<'t>,
    pub(crate) recognition: Recognition,
    pub(crate) events: Vec<Event>,
    pub(crate) minutes: StatedMinutes,
}

/// Segments, recognises and classifies a text with the shipped data.
pub(crate) fn classified(text: &str) -> Classified<'_> {
    let document = Segmented::new(text).expect("a test text");
    let recognition = recognize(&GAZETTEER, &document, None);
    let classified = classify_with_model(&LEXICON, &GAZETTEER, &document, &recognition, None);
    Classified {
        document,
        recognition,
        events: classified.events,
        minutes: classified.minutes,
    }
}
