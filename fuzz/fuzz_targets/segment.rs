//! Decoding and segmentation of arbitrary bytes: no panic, every span on character boundaries.
fn main() {
    afl::fuzz!(|data: &[u8]| {
        if let Ok((text, _)) = kampfakta::ingest::decode(data) {
            let segmented = kampfakta::segment::segment(&text)
                .expect("a fuzzed text is far below MAX_TEXT_BYTES");
            for sentence in &segmented.sentences {
                assert!(text.get(sentence.span.range()).is_some());
                for token in segmented.tokens_of(sentence) {
                    assert!(text.get(token.span().range()).is_some_and(|t| !t.is_empty()));
                    for part in token.parts(&text).chain(token.ud_pieces(&text)) {
                        assert!(text.get(part.range()).is_some());
                    }
                }
            }
        }
    });
}
