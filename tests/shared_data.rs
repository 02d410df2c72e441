//! Tests on the real data in `../shared` beside the checkout (or where `KAMPFAKTA_SHARED` points).
//! CI has it, and there a missing file fails the test; a fresh clone without it skips these with a
//! line saying so.

use crate::common::PIPELINE;
use kampfakta::{Document, Pipeline};
use std::ffi::OsStr;
use std::path::{Path, PathBuf};

/// The real data: `KAMPFAKTA_SHARED` if set, otherwise `../shared` beside the checkout.
fn shared_root() -> PathBuf {
    match std::env::var_os("KAMPFAKTA_SHARED") {
        Some(root) => PathBuf::from(root),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared"),
    }
}

/// Whether missing data fails a test rather than skipping it: in CI (`CI` set, as CI services and
/// insta take it) or when asked for with `KAMPFAKTA_REQUIRE_DATA=1`, so that a lost data folder
/// cannot turn the quality floors into silent passes.
fn data_required(ci: Option<&OsStr>, require_data: Option<&OsStr>) -> bool {
    ci.is_some() || require_data == Some(OsStr::new("1"))
}

/// The path of `relative` in the real data. When it is missing: fails where the data is required,
/// and otherwise says the test was skipped and gives `None`.
fn shared_path(relative: &str) -> Option<PathBuf> {
    let path = shared_root().join(relative);
    if path.exists() {
        return Some(path);
    }
    let missing = format!(
        "{} is missing: the tests on real data need ../shared beside this checkout \
         (or KAMPFAKTA_SHARED set to that folder); see the README",
        path.display()
    );
    let (ci, require_data) = (
        std::env::var_os("CI"),
        std::env::var_os("KAMPFAKTA_REQUIRE_DATA"),
    );
    if data_required(ci.as_deref(), require_data.as_deref()) {
        panic!("{missing}. Required because CI or KAMPFAKTA_REQUIRE_DATA=1 is set.");
    }
    skipped(&missing);
    None
}

/// Says a test was skipped, past the test harness's capture of `println!` so that it shows.
fn skipped(why: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "SKIPPED: {why}");
}

/// The text of `relative` in the real data (see [`shared_path`] for when it is missing).
fn shared(relative: &str) -> Option<String> {
    let path = shared_path(relative)?;
    Some(std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

#[test]
fn missing_data_fails_in_ci_or_when_required() {
    for (name, ci, require_data, required) in [
        ("a developer's machine", None, None, false),
        ("CI", Some("true"), None, true),
        ("CI set to anything", Some("1"), None, true),
        ("asked for", None, Some("1"), true),
        ("not asked for", None, Some("0"), false),
    ] {
        assert_eq!(
            data_required(ci.map(OsStr::new), require_data.map(OsStr::new)),
            required,
            "{name}"
        );
    }
}

/// The reference article: who scored, the penalty, the fouls, the near miss.
#[test]
fn reference_article_gives_the_match_facts() {
    let Some(text) = shared("seed/kampfakta-mancity-tottenham-2012.txt") else {
        return;
    };
    let doc = Document::new("seed", text);
    let analysis = PIPELINE.analyze(&doc);
    let gazetteer = PIPELINE.gazetteer();
    let rows: Vec<(String, String, String, String)> =
        kampfakta::export::event_rows(&analysis, gazetteer)
            .filter(|row| !row.player.is_empty())
            .map(|row| {
                (
                    row.event.to_string(),
                    row.minute.clone(),
                    row.player.to_string(),
                    row.team.to_string(),
                )
            })
            .collect();
    let row = |event: &str, minute: &str, player: &str, team: &str| {
        (
            event.to_string(),
            minute.to_string(),
            player.to_string(),
            team.to_string(),
        )
    };
    let (city, spurs) = ("Manchester City", "Tottenham Hotspur");
    assert_eq!(
        rows,
        [
            row("goal", "", "Mario Balotelli", city),
            row("penalty", "", "Mario Balotelli", city),
            row("foul", "90+", "Ledley King", spurs),
            row("penalty", "90+", "Mario Balotelli", city),
            row("chance", "", "Jermain Defoe", spurs),
            row("goal", "56", "Samir Nasri", city),
            row("goal", "59", "Joleon Lescott", city),
            row("goal", "60", "Jermain Defoe", spurs),
            row("goal", "65", "Gareth Bale", spurs),
            row("chance", "90+", "Jermain Defoe", spurs),
            row("foul", "84", "Mario Balotelli", city),
        ]
    );
    // Defoe's near miss ("nær å sette inn ledermålet") is a chance and not a goal.
    let near_miss = analysis
        .sentences
        .iter()
        .position(|s| doc.text[s.span.clone()].contains("nær å sette inn"))
        .unwrap();
    let kinds: Vec<&str> = analysis
        .events
        .iter()
        .filter(|e| e.sentence == near_miss)
        .map(|e| e.kind.as_str())
        .collect();
    assert_eq!(kinds, ["chance"]);
    // The match facts: teams, score, the five goals in order, consistent.
    let row = kampfakta::export::match_row(&analysis, gazetteer).unwrap();
    assert_eq!(
        (row.home, row.away, row.score, row.score_source),
        (city, spurs, "3-2", "header")
    );
    assert_eq!(
        row.goals,
        "56 Samir Nasri (Manchester City); 59 Joleon Lescott (Manchester City); \
         60 Jermain Defoe (Tottenham Hotspur); 65 Gareth Bale (Tottenham Hotspur); \
         90+ Mario Balotelli (Manchester City)"
    );
    assert_eq!(row.consistent, "true");
    // Descriptions without a name link to the player the article means.
    let described: Vec<(&str, &str)> = analysis
        .recognition
        .mentions
        .iter()
        .filter(|m| m.how == kampfakta::recognize::How::Description)
        .map(|m| {
            (
                &doc.text[m.span.clone()],
                gazetteer.entity(m.entities[0]).name.as_str(),
            )
        })
        .collect();
    for expected in [
        ("italienske spissen", "Mario Balotelli"),
        ("amerikaneren", "Brad Friedel"),
        ("engelskmannen", "Jermain Defoe"),
        ("21-åringen", "Mario Balotelli"),
        ("London-klubben", "Tottenham Hotspur"),
        ("hjemmelaget", "Manchester City"),
    ] {
        assert!(
            described.contains(&expected),
            "{expected:?} not in {described:?}"
        );
    }
    // The header fixes the match.
    let context = &analysis.recognition.context;
    assert_eq!(gazetteer.entity(context.home.unwrap()).name, city);
    assert_eq!(gazetteer.entity(context.away.unwrap()).name, spurs);
}

/// Sentence events on the hand-labelled development set: the F1 reached must not drop.
#[test]
fn event_f1_on_gold_dev_keeps_its_floor() {
    use kampfakta::EventKind::*;
    let Some(gold) = gold_events() else { return };
    let predictions = kampfakta::eval::predict_sentences(&PIPELINE, &gold);
    assert_event_floors(
        &gold,
        &predictions,
        [
            (Goal, 0.935),
            (Chance, 0.895),
            (Foul, 0.895),
            (Penalty, 0.785),
        ],
    );
}

/// The same gold sentences classified inside their whole documents, as `extract` runs: the
/// football-document check must not take a report's events away.
#[test]
fn event_f1_on_gold_dev_in_documents_keeps_its_floor() {
    use kampfakta::EventKind::*;
    let Some(gold) = gold_events() else { return };
    let Some(corpora) = shared_path("corpora") else {
        return;
    };
    let predictions = kampfakta::eval::predict_documents(&PIPELINE, &corpora, &gold).unwrap();
    assert_event_floors(
        &gold,
        &predictions,
        [
            (Goal, 0.945),
            (Chance, 0.895),
            (Foul, 0.90),
            (Penalty, 0.91),
        ],
    );
}

fn gold_events() -> Option<Vec<kampfakta::eval::GoldSentence>> {
    let path = shared_path("gold/dev.tsv")?;
    Some(kampfakta::eval::read_gold_events(&path).unwrap())
}

fn assert_event_floors(
    gold: &[kampfakta::eval::GoldSentence],
    predictions: &[kampfakta::eval::Prediction],
    floors: [(kampfakta::EventKind, f64); 4],
) {
    let mut scores = kampfakta::eval::EventScores::default();
    for (g, p) in gold.iter().zip(predictions) {
        scores.add(&g.labels, &p.labels);
    }
    println!("{}", scores.table());
    for (kind, floor) in floors {
        let (_, _, f1) = scores.label(kind);
        assert!(
            f1 >= floor,
            "{} F1 {f1:.3} fell below {floor}",
            kind.as_str()
        );
    }
}

/// Every NoReC football report, previews and line-ups included, passes the football check; and
/// the goals `matches.csv` lists add up to the stated score as often as they did.
#[test]
fn every_norec_football_report_is_taken_as_football() {
    let Some(root) = shared_path("corpora/norec-football") else {
        return;
    };
    let mut reports = 0;
    // Reports whose goals add up to the stated score per team, and how far off the goals per team
    // are in total.
    let (mut consistent, mut goals_off) = (0, 0);
    for split in ["train", "dev", "test"] {
        for entry in std::fs::read_dir(root.join(split)).unwrap() {
            let path = entry.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap();
            let doc = Document::new(path.display().to_string(), text);
            let analysis = PIPELINE.analyze(&doc);
            assert!(analysis.football, "{} set aside", path.display());
            assert!(
                !analysis.recognition.mentions.is_empty(),
                "{}",
                path.display()
            );
            reports += 1;
            let Some(facts) = kampfakta::facts::match_facts(&analysis) else {
                continue;
            };
            consistent += usize::from(facts.consistent == Some(true));
            let stated: Vec<usize> = facts
                .score
                .iter()
                .flat_map(|(span, _)| {
                    doc.text[span.clone()]
                        .split(|c: char| !c.is_ascii_digit())
                        .filter_map(|n| n.parse().ok())
                        .take(2)
                })
                .collect();
            if let ([home_goals, away_goals], Some(home), Some(away)) =
                (stated.as_slice(), facts.home, facts.away)
            {
                let count = |team| facts.goals.iter().filter(|g| g.team == Some(team)).count();
                goals_off += count(home).abs_diff(*home_goals) + count(away).abs_diff(*away_goals);
            }
        }
    }
    assert_eq!(reports, 73);
    assert!(
        consistent >= 20,
        "{consistent} consistent match rows, floor 20"
    );
    assert!(
        goals_off <= 70,
        "goals per team off by {goals_off}, ceiling 70"
    );
}

/// Segmentation against UD Norwegian Bokmål (CoNLL 2018 scoring): the F1 reached must not drop.
#[test]
fn segmentation_f1_on_ud_keeps_its_floor() {
    for (file, token_floor, sentence_floor) in [("test", 99.85, 97.5), ("dev", 99.85, 95.7)] {
        let Some(source) = shared(&format!(
            "corpora/ud-norwegian-bokmaal/no_bokmaal-ud-{file}.conllu"
        )) else {
            return;
        };
        let scores = kampfakta::eval::evaluate_segmentation(&source, 0);
        let (tokens, sentences) = (
            100.0 * scores.tokens.prf().2,
            100.0 * scores.sentences.prf().2,
        );
        println!("UD {file}: tokens F1 {tokens:.2}, sentences F1 {sentences:.2}");
        assert!(
            tokens >= token_floor,
            "UD {file} token F1 {tokens:.2} fell below {token_floor}"
        );
        assert!(
            sentences >= sentence_floor,
            "UD {file} sentence F1 {sentences:.2} fell below {sentence_floor}"
        );
    }
}

/// Names on the NorNE football articles with an oracle gazetteer of their gold names: matching
/// quality apart from coverage. The figures reached must not drop.
#[test]
fn entity_f1_on_norne_football_keeps_its_floor() {
    let Some(dir) = shared_path("corpora/norne/ndt/nob") else {
        return;
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            ["ap005_", "sp-bm001_", "vg001_", "db012_", "db013_"]
                .iter()
                .any(|prefix| name.starts_with(prefix))
        })
        .collect();
    files.sort();
    assert_eq!(files.len(), 37);
    let documents: Vec<_> = files
        .iter()
        .map(|p| {
            kampfakta::eval::read_conll_document(
                &p.display().to_string(),
                &std::fs::read_to_string(p).unwrap(),
            )
        })
        .collect();
    let oracle = kampfakta::Gazetteer::from_entities(kampfakta::eval::oracle_entities(&documents));
    let with_oracle = Pipeline::with(oracle, kampfakta::Lexicon::new().unwrap()).all_documents();
    let scores = kampfakta::eval::evaluate_entities(&with_oracle, &documents, 0);
    let defaults =
        kampfakta::eval::evaluate_entities(&PIPELINE.clone().all_documents(), &documents, 0);
    let floors = [
        ("oracle", "PER", scores.per, 0.99, 0.99),
        ("oracle", "ORG", scores.org, 0.985, 0.98),
        ("shipped gazetteers", "PER", defaults.per, 0.825, 0.07),
        ("shipped gazetteers", "ORG", defaults.org, 0.875, 0.375),
    ];
    for (gazetteer, name, s, p_floor, r_floor) in floors {
        let (p, r, _) = s.exact.prf();
        println!("NorNE football, {gazetteer}: {name} P {p:.3} R {r:.3}");
        assert!(
            p >= p_floor && r >= r_floor,
            "{gazetteer} {name} P {p:.3} R {r:.3} fell below {p_floor}/{r_floor}"
        );
    }
}
