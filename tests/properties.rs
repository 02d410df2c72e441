//! Invariants on arbitrary input: no panic, spans on character boundaries, `&text[span]` is the
//! surface.

use crate::common::PIPELINE;
use kampfakta::Document;
use proptest::prelude::*;

/// Text that looks like football writing often enough to exercise every stage.
fn footballish() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "Tottenhams",
        "Spurs-keeper",
        "City",
        "i det 56. minutt",
        "3-2",
        "2–1",
        "Defoe",
        "scoret",
        "nær å",
        "straffe",
        "felte",
        "21-åringen",
        "den italienske spissen",
        ".",
        "!",
        "«",
        "»",
        "\n",
        "\r\n",
        " ",
        "-",
        "bl.a.",
        "Ø",
        "İ",
        "ẞ",
        "'s",
        "’",
        "(41)",
        "90+2",
        "på overtid",
        "tre minutter senere",
        "www.vg.no",
    ]);
    prop::collection::vec(
        prop_oneof![pieces.prop_map(String::from), any::<String>()],
        0..40,
    )
    .prop_map(|parts| parts.concat())
}

fn check(text: &str) {
    let doc = Document::new("p", text);
    let analysis = PIPELINE.analyze(&doc);
    let mut previous_end = 0;
    for sentence in &analysis.sentences {
        assert!(
            sentence.span.start >= previous_end,
            "sentences in order, not overlapping"
        );
        previous_end = sentence.span.end;
        assert!(
            text.is_char_boundary(sentence.span.start) && text.is_char_boundary(sentence.span.end)
        );
        for token in &sentence.tokens {
            assert!(
                text.get(token.span.range()).is_some_and(|s| !s.is_empty()),
                "token on char boundaries"
            );
            assert!(token.span.start >= sentence.span.start && token.span.end <= sentence.span.end);
        }
    }
    let rows: Vec<_> = kampfakta::export::mention_rows(&analysis, PIPELINE.gazetteer()).collect();
    for row in rows {
        assert_eq!(text.get(row.start..row.end), Some(row.surface));
    }
    for mention in &analysis.recognition.mentions {
        assert!(
            text.get(mention.span.range()).is_some(),
            "mention on char boundaries"
        );
    }
    for event in &analysis.events {
        assert!(text.get(event.trigger.range()).is_some());
        assert!(event
            .score
            .is_none_or(|score| text.get(score.range()).is_some()));
    }
}

/// Inputs that once broke an invariant: a three-byte hyphen in a compound, and a three-byte space
/// before an e-mail-like word.
#[test]
fn regressions() {
    for text in ["𑜀‐a", "\u{2000}A@𞹟.A"] {
        check(text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 400,
        failure_persistence: Some(Box::new(prop::test_runner::FileFailurePersistence::WithSource("regressions"))),
        ..ProptestConfig::default()
    })]

    #[test]
    fn spans_slice_the_text(text in footballish()) {
        check(&text);
    }

    #[test]
    fn folding_keeps_byte_length(text in any::<String>()) {
        prop_assert_eq!(kampfakta::segment::fold(&text).len(), text.len());
    }

    /// The bulk fold is the plain rule: each character lower-cased when that keeps its length.
    #[test]
    fn folding_lower_cases_each_character_of_the_same_length(text in any::<String>()) {
        let expected: String = text
            .chars()
            .map(|c| {
                let mut lower = c.to_lowercase();
                match (lower.next(), lower.next()) {
                    (Some(l), None) if l.len_utf8() == c.len_utf8() => l,
                    _ => c,
                }
            })
            .collect();
        prop_assert_eq!(kampfakta::segment::fold(&text), expected);
    }

    #[test]
    fn no_panic_on_arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        if let Ok((text, _)) = kampfakta::ingest::decode(&bytes) {
            check(&text);
        }
    }
}
