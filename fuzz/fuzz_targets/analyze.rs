//! The whole pipeline (recognize, classify, facts, export) on arbitrary text: no panic, mention
//! spans slice the text.
use std::sync::OnceLock;

fn main() {
    static PIPELINE: OnceLock<kampfakta::Pipeline> = OnceLock::new();
    let pipeline = PIPELINE.get_or_init(|| kampfakta::Pipeline::new().expect("shipped data loads"));
    afl::fuzz!(|data: &[u8]| {
        if let Ok((text, _)) = kampfakta::ingest::decode(data) {
            let doc = kampfakta::Document::new("fuzz", text);
            let analysis = pipeline.analyze(&doc).expect("a fuzzed text is far below MAX_TEXT_BYTES");
            for mention in &analysis.recognition.mentions {
                assert!(doc.text.get(mention.span.range()).is_some());
            }
            let rendered = kampfakta::export::render(&analysis, pipeline.gazetteer());
            assert_eq!(rendered.event_count, analysis.events.len());
        }
    });
}
