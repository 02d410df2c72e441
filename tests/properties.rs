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
    let analysis = PIPELINE.analyze(&doc).unwrap();
    let mut previous_end = 0;
    for sentence in &analysis.sentences {
        assert!(
            sentence.span.start() >= previous_end,
            "sentences in order, not overlapping"
        );
        previous_end = sentence.span.end();
        assert!(
            text.is_char_boundary(sentence.span.start())
                && text.is_char_boundary(sentence.span.end())
        );
        for token in analysis.tokens_of(sentence) {
            assert!(
                text.get(token.span().range())
                    .is_some_and(|s| !s.is_empty()),
                "token on char boundaries"
            );
            assert!(
                token.span().start() >= sentence.span.start()
                    && token.span().end() <= sentence.span.end()
            );
        }
    }
    let rows: Vec<_> = kampfakta::export::mention_rows(&analysis, PIPELINE.gazetteer()).collect();
    for row in rows {
        // The surface is the slice, on one line.
        let slice = text
            .get(row.start..row.end)
            .map(|s| s.replace(['\n', '\r'], " "));
        assert_eq!(slice.as_deref(), Some(row.surface.as_ref()));
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

/// A model file with lines cut, swapped, duplicated or changed: read or refused, never a panic;
/// what is read scores any sentence.
fn mangled_model() -> impl Strategy<Value = String> {
    let model = "kampfakta-events-model 1\ntrained x\nbuckets 16\nfeatures text+rules\n\
                 labels goal chance foul penalty\nkeep 0 0.5 0 0\nadd 0.9 1 1 0.3\n\
                 bias -1 -2 -3 -4\nvocabulary 2\nmål\tmål\nscoret\tscore\nweights 2\n\
                 3\t0.5\t0\t0\t-0.1\n9\t1\t2\t3\t4\n";
    let base: Vec<String> = model.lines().map(str::to_string).collect();
    let edit = prop_oneof![
        Just(String::new()),
        Just("18446744073709551615".to_string()),
        Just("NaN".to_string()),
        Just("-1".to_string()),
        Just("\t\t\t".to_string()),
        "[ -~\t]{0,20}",
    ];
    (prop::collection::vec((0..base.len(), edit, 0..3u8), 0..6)).prop_map(move |edits| {
        let mut lines = base.clone();
        for (at, text, how) in edits {
            let at = at.min(lines.len().saturating_sub(1));
            match how {
                0 if !lines.is_empty() => lines[at] = text,
                1 => lines.insert(at, text),
                _ if !lines.is_empty() => {
                    lines.remove(at);
                }
                _ => {}
            }
        }
        lines.join("\n")
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn a_mangled_model_file_is_read_or_refused(text in mangled_model()) {
        if let Ok(model) = kampfakta::Model::parse("m.model", &text) {
            let pipeline = PIPELINE.clone().with_model(Some(model));
            let doc = Document::new("d", "Brann scoret i det 12. minutt. Mål!");
            pipeline.analyze(&doc).unwrap();
        }
    }

    #[test]
    fn any_json_lines_bytes_give_documents_or_failures(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.jsonl");
        std::fs::write(&path, &bytes).unwrap();
        let documents = kampfakta::ingest::Documents::new(vec![kampfakta::ingest::Source::File(path)])
            .with_max_bytes(100);
        for document in documents.flatten() {
            prop_assert!(!document.text.contains('\0'));
        }
    }
}
