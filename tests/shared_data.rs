//! Tests on the real data in `../shared`. CI has it; a fresh clone without it skips these with a
//! line saying so.

use kampfakta::{Document, Pipeline};
use std::path::PathBuf;

/// Says a test was skipped, past the test harness's capture of `println!` so that it shows.
fn skipped(path: &std::path::Path) {
    use std::io::Write;
    let _ = writeln!(
        std::io::stderr(),
        "SKIPPED: {} is missing (../shared is not beside this checkout)",
        path.display()
    );
}

fn shared(path: &str) -> Option<String> {
    let full = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared")
        .join(path);
    match std::fs::read_to_string(&full) {
        Ok(text) => Some(text),
        Err(_) => {
            skipped(&full);
            None
        }
    }
}

/// The reference article: who scored, the penalty, the fouls, the near miss.
#[test]
fn reference_article_gives_the_match_facts() {
    let Some(text) = shared("seed/kampfakta-mancity-tottenham-2012.txt") else {
        return;
    };
    let pipeline = Pipeline::new().unwrap();
    let doc = Document::new("seed", text);
    let analysis = pipeline.analyze(&doc);
    let gazetteer = pipeline.gazetteer();
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
    let predictions = kampfakta::eval::predict_sentences(&Pipeline::new().unwrap(), &gold);
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
    let corpora = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpora");
    let predictions =
        kampfakta::eval::predict_documents(&Pipeline::new().unwrap(), &corpora, &gold).unwrap();
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
    shared("gold/dev.tsv")?;
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/gold/dev.tsv");
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
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpora/norec-football");
    if !root.is_dir() {
        skipped(&root);
        return;
    }
    let pipeline = Pipeline::new().unwrap();
    let mut reports = 0;
    // Reports whose goals add up to the stated score per team, and how far off the goals per team
    // are in total.
    let (mut consistent, mut goals_off) = (0, 0);
    for split in ["train", "dev", "test"] {
        for entry in std::fs::read_dir(root.join(split)).unwrap() {
            let path = entry.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap();
            let doc = Document::new(path.display().to_string(), text);
            let analysis = pipeline.analyze(&doc);
            assert!(analysis.football, "{} set aside", path.display());
            assert!(
                !analysis.recognition.mentions.is_empty(),
                "{}",
                path.display()
            );
            reports += 1;
            let Some(facts) = &analysis.facts else {
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
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpora/norne/ndt/nob");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        skipped(&dir);
        return;
    };
    let mut files: Vec<PathBuf> = entries
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
    let defaults = kampfakta::eval::evaluate_entities(
        &Pipeline::new().unwrap().all_documents(),
        &documents,
        0,
    );
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
