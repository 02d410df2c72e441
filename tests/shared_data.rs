//! Tests on the real data in `../shared` beside the checkout (or where `KAMPFAKTA_SHARED` points).
//! CI has it, and there a missing file fails the test; a fresh clone without it skips these with a
//! line saying so.

use crate::common::{shared, shared_path, PIPELINE};
use kampfakta::{Document, Pipeline};
use std::path::PathBuf;

/// The reference article, Manchester City - Tottenham Hotspur 3-2.
fn reference_article() -> Option<Document> {
    let text = shared("seed/kampfakta-mancity-tottenham-2012.txt")?;
    Some(Document::new("seed", text))
}

const CITY: &str = "Manchester City";
const SPURS: &str = "Tottenham Hotspur";

/// The reference article: who scored, the penalty, the fouls, the near miss.
#[test]
fn reference_article_gives_the_events_with_their_players() {
    let Some(doc) = reference_article() else {
        return;
    };
    let analysis = PIPELINE.analyze(&doc).unwrap();
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
    assert_eq!(
        rows,
        [
            row("goal", "", "Mario Balotelli", CITY),
            row("penalty", "", "Mario Balotelli", CITY),
            row("foul", "90+", "Ledley King", SPURS),
            row("penalty", "90+", "Mario Balotelli", CITY),
            row("chance", "", "Jermain Defoe", SPURS),
            row("goal", "56", "Samir Nasri", CITY),
            row("goal", "59", "Joleon Lescott", CITY),
            row("goal", "60", "Jermain Defoe", SPURS),
            row("goal", "65", "Gareth Bale", SPURS),
            row("chance", "90+", "Jermain Defoe", SPURS),
            row("foul", "84", "Mario Balotelli", CITY),
        ]
    );
    // Defoe's near miss ("nær å sette inn ledermålet") is a chance and not a goal.
    let near_miss = analysis
        .sentences
        .iter()
        .position(|s| doc.text[s.span].contains("nær å sette inn"))
        .unwrap();
    let kinds: Vec<&str> = analysis
        .events
        .iter()
        .filter(|e| e.sentence.index() == near_miss)
        .map(|e| e.kind.as_str())
        .collect();
    assert_eq!(kinds, ["chance"]);
}

/// The match facts of the reference article: teams, score, the five goals in order, consistent.
#[test]
fn reference_article_gives_the_match_row() {
    let Some(doc) = reference_article() else {
        return;
    };
    let analysis = PIPELINE.analyze(&doc).unwrap();
    let row = kampfakta::export::match_row(&analysis, PIPELINE.gazetteer()).unwrap();
    assert_eq!(
        (row.home, row.away, row.score.as_ref(), row.score_source),
        (CITY, SPURS, "3-2", "header")
    );
    assert_eq!(
        row.goals,
        "56 Samir Nasri (Manchester City); 59 Joleon Lescott (Manchester City); \
         60 Jermain Defoe (Tottenham Hotspur); 65 Gareth Bale (Tottenham Hotspur); \
         90+ Mario Balotelli (Manchester City)"
    );
    assert_eq!(row.consistent, "true");
}

/// Descriptions without a name link to the player the article means.
#[test]
fn reference_article_links_descriptions_to_players() {
    let Some(doc) = reference_article() else {
        return;
    };
    let analysis = PIPELINE.analyze(&doc).unwrap();
    let gazetteer = PIPELINE.gazetteer();
    let described: Vec<(&str, &str)> = analysis
        .recognition
        .mentions
        .iter()
        .filter(|m| m.how == kampfakta::recognize::How::Description)
        .map(|m| {
            (
                &doc.text[m.span],
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
}

/// The header of the reference article fixes the match.
#[test]
fn reference_article_header_fixes_the_match() {
    let Some(doc) = reference_article() else {
        return;
    };
    let analysis = PIPELINE.analyze(&doc).unwrap();
    let gazetteer = PIPELINE.gazetteer();
    let context = &analysis.recognition.context;
    assert_eq!(gazetteer.entity(context.home.unwrap()).name, CITY);
    assert_eq!(gazetteer.entity(context.away.unwrap()).name, SPURS);
}

/// Sentence events on the hand-labelled development set: the F1 reached must not drop.
#[test]
fn event_f1_on_gold_dev_keeps_its_floor() {
    use kampfakta::EventKind::*;
    let Some(gold) = gold_events() else { return };
    let predictions = kampfakta::eval::predict_sentences(&PIPELINE, &gold).unwrap();
    assert_event_floors(
        &gold,
        &predictions,
        [(Goal, 0.93), (Chance, 0.89), (Foul, 0.87), (Penalty, 0.78)],
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
        [(Goal, 0.94), (Chance, 0.89), (Foul, 0.88), (Penalty, 0.92)],
    );
}

/// The training set the lexicon is written against, in whole documents: what its rows reach
/// must not drop either (a figure on text we develop on; the dev floors above are the measure).
#[test]
fn event_f1_on_train_synthetic_keeps_its_floor() {
    use kampfakta::EventKind::*;
    let Some(path) = shared_path("gold/train-synthetic.tsv") else {
        return;
    };
    let Some(corpora) = shared_path("corpora") else {
        return;
    };
    let gold = kampfakta::eval::read_gold_events(&path).unwrap();
    let predictions = kampfakta::eval::predict_documents(&PIPELINE, &corpora, &gold).unwrap();
    assert_event_floors(
        &gold,
        &predictions,
        [(Goal, 0.96), (Chance, 0.95), (Foul, 0.98), (Penalty, 0.96)],
    );
}

/// The goals of the synthetic reports (`goals.csv` against `gold/train-synthetic-goals.tsv`):
/// scorer recall, minute recall of the goals with a stated minute and precision of named scorers
/// keep the floors the match-facts issue set (a figure on text we develop on).
#[test]
fn goals_on_train_synthetic_keep_their_floors() {
    let Some(path) = shared_path("gold/train-synthetic-goals.tsv") else {
        return;
    };
    let Some(corpora) = shared_path("corpora") else {
        return;
    };
    let gold = kampfakta::eval::read_gold_goals(&path).unwrap();
    let scores = kampfakta::eval::evaluate_goals(&PIPELINE, &corpora, &gold).unwrap();
    println!("{}", scores.table());
    assert_eq!(scores.gold, 254);
    let (scorers, minutes, precision) = scores.ratios();
    assert!(
        scorers >= 0.90,
        "scorer recall {scorers:.3} fell below 0.90"
    );
    assert!(
        minutes >= 0.80,
        "minute recall {minutes:.3} fell below 0.80"
    );
    assert!(
        precision >= 0.90,
        "named-scorer precision {precision:.3} fell below 0.90"
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
            let analysis = PIPELINE.analyze(&doc).unwrap();
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
                    doc.text[*span]
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
        let scores = kampfakta::eval::evaluate_segmentation(&source, 0).unwrap();
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

/// The 37 NorNE football files (`ap005_*`, `sp-bm001_*`, `vg001_*`, `db012_*`, `db013_*`) as
/// documents, in name order; `None` (and a SKIPPED line) without the data.
fn norne_football() -> Option<Vec<kampfakta::eval::ConllDocument>> {
    let dir = shared_path("corpora/norne/ndt/nob")?;
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
            .unwrap()
        })
        .collect();
    Some(documents)
}

/// Name discovery on the NorNE football files, with the gazetteers in use (the shipped ones,
/// which grow): the share of the gold names they miss (written twice or more) that `gazetteer
/// suggest` proposes, and the share of its first 50 suggestions that are gold names.
#[test]
fn suggestions_on_norne_football_keep_their_floors() {
    let Some(documents) = norne_football() else {
        return;
    };
    let scores = kampfakta::eval::evaluate_suggestions(&PIPELINE, &documents, 50).unwrap();
    let (recall, precision) = (scores.recall(), scores.precision());
    println!(
        "NorNE football, suggest: missed names proposed {recall:.3} of {}, top {} precision {precision:.3}",
        scores.missed.len(),
        scores.top.len()
    );
    assert_eq!(scores.top.len(), 50);
    assert!(
        recall >= 0.49,
        "missed names proposed {recall:.3} fell below 0.49"
    );
    assert!(
        precision >= 0.90,
        "top 50 precision {precision:.3} fell below 0.90"
    );
}

/// Names on the NorNE football articles with an oracle gazetteer of their gold names: matching
/// quality apart from coverage. The figures reached must not drop.
#[test]
fn entity_f1_on_norne_football_keeps_its_floor() {
    let Some(documents) = norne_football() else {
        return;
    };
    let oracle = kampfakta::Gazetteer::from_entities(kampfakta::eval::oracle_entities(&documents));
    let with_oracle = Pipeline::with(oracle, kampfakta::Lexicon::new().unwrap()).all_documents();
    let scores = kampfakta::eval::evaluate_entities(&with_oracle, &documents, 0).unwrap();
    let defaults =
        kampfakta::eval::evaluate_entities(&PIPELINE.clone().all_documents(), &documents, 0)
            .unwrap();
    let floors = [
        ("oracle", "PER", scores.per, 0.99, 0.99),
        // 0.98 as the issue asks: a paper after `ifølge` or `avisen` is scored ORG, as NorNE
        // tags it 16 times in 19; all 3 PROD are in these files (oracle P 0.986 ->
        // 0.981 here, recall on the other 195 NorNE files 0.932 -> 0.938).
        ("oracle", "ORG", scores.org, 0.98, 0.98),
        // The shipped people are 47,000 from the facts in ../shared (see the README), and the
        // people they do not know are found by their surnames; the issue asks for PER recall
        // of at least 0.20 at precision 0.80.
        ("shipped gazetteers", "PER", defaults.per, 0.85, 0.33),
        ("shipped gazetteers", "ORG", defaults.org, 0.91, 0.49),
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

/// The NorNE football articles (`ap005`, `sp-bm001`, `vg001`, `db012`, `db013`): each NDT file is a
/// run of 100 sentences cut from one paper's articles, so one file, taken as one document, holds
/// parts of several. A file holding part of a football article (a report, a transfer, a coach,
/// supporters) must be taken as football and give mentions; two still give none (a short piece
/// among other news, the end of a footballer's memoir), and the ceiling keeps it at that.
#[test]
fn norne_football_files_give_mentions() {
    let Some(dir) = shared_path("corpora/norne/ndt/nob") else {
        return;
    };
    // The files with no football in them: golf, alpine skiing, music games, local news.
    let without_football = [
        "db012_0000",
        "db012_0008",
        "db013_0006",
        "sp-bm001_0004",
        "sp-bm001_0005",
        "sp-bm001_0006",
        "sp-bm001_0008",
    ];
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|name| is_norne_football_file(name))
        .collect();
    names.sort();
    assert_eq!(names.len(), 37);
    let mut silent = Vec::new();
    for name in &names {
        let stem = name.trim_end_matches(".conll");
        if without_football.contains(&stem) {
            continue;
        }
        if mentions_in_norne_file(&dir, name) == 0 {
            silent.push(stem.to_string());
        }
    }
    let football = names.len() - without_football.len();
    println!(
        "NorNE football files: {} of {football} give mentions; none from {silent:?}",
        football - silent.len()
    );
    assert!(
        silent.len() <= 2,
        "{} of {football} NorNE football files give no mentions, ceiling 2: {silent:?}",
        silent.len()
    );
}

/// The other 195 NorNE Bokmål files are no football (politics, culture, local news): the few
/// taken as football (sports pages that name a national team) must stay few, so that evidence
/// added for football news lets no more of them through.
#[test]
fn norne_files_without_football_stay_mostly_silent() {
    let Some(dir) = shared_path("corpora/norne/ndt/nob") else {
        return;
    };
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|name| name.ends_with(".conll") && !is_norne_football_file(name))
        .collect();
    names.sort();
    assert_eq!(names.len(), 195);
    let mut heard = Vec::new();
    let mut mentions = 0;
    for name in &names {
        let found = mentions_in_norne_file(&dir, name);
        if found > 0 {
            heard.push(name.trim_end_matches(".conll").to_string());
            mentions += found;
        }
    }
    println!("NorNE files without football: {mentions} mentions in {heard:?}");
    assert!(
        heard.len() <= 4 && mentions <= 45,
        "{mentions} mentions in {} of the NorNE files without football, ceiling 45 in 4: \
         {heard:?}",
        heard.len()
    );
}

/// The mentions the default pipeline reports in a NorNE file, its sentences taken as one document.
fn mentions_in_norne_file(dir: &std::path::Path, name: &str) -> usize {
    let source = std::fs::read_to_string(dir.join(name)).unwrap();
    let conll = kampfakta::eval::read_conll_document(name, &source).unwrap();
    let document = Document::new(name, conll.text);
    PIPELINE
        .analyze(&document)
        .unwrap()
        .recognition
        .mentions
        .len()
}

/// The NorNE football article files: `ap005`, `sp-bm001`, `vg001`, `db012`, `db013`.
fn is_norne_football_file(name: &str) -> bool {
    ["ap005_", "sp-bm001_", "vg001_", "db012_", "db013_"]
        .iter()
        .any(|prefix| name.starts_with(prefix))
}

/// Lemmas of the nouns and verbs of the UD Bokmål test file, whose sentences the table was built
/// without: the accuracy reached must not drop.
#[test]
fn lemma_accuracy_on_ud_test_keeps_its_floor() {
    let Some(source) = shared("corpora/ud-norwegian-bokmaal/no_bokmaal-ud-test.conllu") else {
        return;
    };
    let lemmatizer = kampfakta::lemma::Lemmatizer::new().unwrap();
    let scores = kampfakta::eval::evaluate_lemmas(&lemmatizer, &source, 0);
    for (name, accuracy, floor) in [
        (
            "nouns and verbs, gold part of speech",
            scores.with_pos.both().all(),
            97.8,
        ),
        (
            "nouns, gold part of speech",
            scores.with_pos.nouns.all(),
            97.2,
        ),
        (
            "verbs, gold part of speech",
            scores.with_pos.verbs.all(),
            98.6,
        ),
        (
            "nouns and verbs, no part of speech",
            scores.without_pos.both().all(),
            96.0,
        ),
    ] {
        let percent = 100.0 * accuracy.ratio();
        println!("UD test lemmas, {name}: {percent:.2} %");
        assert!(
            percent >= floor,
            "{name}: {percent:.2} % fell below {floor}"
        );
    }
}

/// The shipped model is what its documented command gives: `kampfakta train
/// ../shared/gold/train-synthetic.tsv ../shared/gold/dev.tsv --corpus ../shared/corpora --out
/// data/events.model` (README, "Events: rules and a model").
#[test]
fn the_shipped_model_is_what_its_training_command_gives() {
    use kampfakta::classify::model::Settings;
    let (Some(train), Some(dev), Some(corpora)) = (
        shared_path("gold/train-synthetic.tsv"),
        shared_path("gold/dev.tsv"),
        shared_path("corpora"),
    ) else {
        return;
    };
    let files = [train, dev];
    let mut gold = Vec::new();
    for file in &files {
        gold.extend(kampfakta::eval::read_gold_events(file).unwrap());
    }
    let rules = Pipeline::with(
        kampfakta::Gazetteer::new().unwrap(),
        kampfakta::Lexicon::new().unwrap(),
    );
    let set = kampfakta::train::TrainingSet::read(&rules, Some(&corpora), &gold).unwrap();
    let settings = Settings::default();
    let about = kampfakta::train::description(&files, true, true, settings);
    let model = kampfakta::train::fit(&set, &|_| true, true, settings, about);
    let shipped = include_str!("../data/events.model");
    assert!(
        model.to_text() == shipped,
        "data/events.model is not what training gives now: train it again with the README's command"
    );
}

/// A squad list as an analyst maps it (`nation` renamed `nationality`, the other columns left as
/// they are), with a club the gazetteers do not know (`Al-Gharafa`): the run warns, with the
/// file's line and the closest known id, and goes on with it as a club of its own. `PSV` is the
/// shipped short name of PSV Eindhoven: no warning, the shipped club.
#[test]
fn a_squad_list_with_unknown_clubs_runs_with_warnings() {
    let Some(squads) = shared("facts/worldcup-2014-players.csv") else {
        return;
    };
    let mut lines = squads.lines();
    let header = lines.next().unwrap().replace(",nation,", ",nationality,");
    assert_eq!(
        header,
        "name,position,number,club,club_country,nationality,caps"
    );
    let wanted = [
        "Sergio Romero",
        "Mark Bresciano",
        "Santiago Arias",
        "Memphis Depay",
    ];
    let rows: Vec<&str> = lines
        .filter(|line| {
            wanted
                .iter()
                .any(|name| line.starts_with(&format!("{name},")))
        })
        .collect();
    assert_eq!(rows.len(), wanted.len(), "{rows:?}");
    let dir = tempfile::tempdir().unwrap();
    let gaz = dir.path().join("squads");
    std::fs::create_dir(&gaz).unwrap();
    std::fs::write(
        gaz.join("players.csv"),
        format!("{header}\n{}\n", rows.join("\n")),
    )
    .unwrap();
    let corpus = dir.path().join("psv.txt");
    std::fs::write(
        &corpus,
        "PSV - Ajax 2-0\nMemphis Depay scoret for PSV i det 12. minutt.",
    )
    .unwrap();
    let out = dir.path().join("out");
    let gaz_arg = gaz.to_str().unwrap();
    let output = crate::common::extract(
        &[corpus.to_str().unwrap()],
        &out,
        &["--gazetteer", gaz_arg, "--with-defaults"],
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    let file = gaz.join("players.csv").display().to_string();
    let line_of = |name: &str| 2 + wanted.iter().position(|w| *w == name).unwrap();
    for expected in [
        format!(
            "kampfakta: warning: {file}:1: columns \"number\", \"club_country\", \"caps\" not read"
        ),
        format!(
            "kampfakta: warning: {file}:{}: column club: unknown club \"Al-Gharafa\" for id \
             player:mark-bresciano: taken as a club of its own, club:al-gharafa; did you mean \
             club:al-gharafa-sc? To describe it: kampfakta gazetteer add club --name \
             \"Al-Gharafa\" --dir {gaz_arg}",
            line_of("Mark Bresciano")
        ),
    ] {
        assert!(stderr.contains(&expected), "{expected}\nin\n{stderr}");
    }
    assert!(!stderr.contains("unknown club \"PSV\""), "{stderr}");
    let events = crate::common::read(&out.join("events.csv"));
    assert_eq!(
        crate::common::column(&events, "player_id"),
        ["player:memphis-depay"]
    );
    let mentions = crate::common::read(&out.join("mentions.csv"));
    assert!(mentions.contains("club:psv-eindhoven,"), "{mentions}");
}
