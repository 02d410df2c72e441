//! The learner end to end on a corpus we wrote in a house style the rules do not know: goals
//! told as `sendte kula i buret` ("put the ball in the cage"). A model trained on those labels
//! must learn them, and training must give the same bytes every time and with any number of
//! threads.

use kampfakta::classify::model::Settings;
use kampfakta::eval::read_gold_events;
use kampfakta::train::{description, fit, Comparison, TrainingSet};
use kampfakta::{Document, EventKind, Gazetteer, Lexicon, Model, Pipeline};
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

const GOLD: &str = "tests/data/house-style/gold.tsv";

fn rules() -> Pipeline {
    Pipeline::with(Gazetteer::new().unwrap(), Lexicon::new().unwrap())
}

/// The house-style sentences traced in their documents, read once.
static SET: LazyLock<TrainingSet> = LazyLock::new(|| {
    let gold = read_gold_events(Path::new(GOLD)).unwrap();
    TrainingSet::read(&rules(), Some(Path::new("tests/data")), &gold).unwrap()
});

fn house_model() -> Model {
    let settings = Settings::default();
    let about = description(&[PathBuf::from(GOLD)], true, true, settings);
    fit(&SET, &|_| true, true, settings, about)
}

#[test]
fn cross_validation_shows_the_model_learning_the_house_style() {
    let comparison = Comparison::run(&SET, 4, Settings::default());
    println!("{}", comparison.table());
    let (_, _, rules) = comparison.rules.label(EventKind::Goal);
    let (_, _, model) = comparison.with_rules.label(EventKind::Goal);
    assert!(
        rules < 0.4,
        "the rules should not know the house style: {rules}"
    );
    assert!(
        model >= rules + 0.3,
        "goal F1 {model:.3} against the rules' {rules:.3}"
    );
    // Labels the rules already get right stay right.
    for kind in [EventKind::Foul, EventKind::Penalty] {
        assert_eq!(
            comparison.with_rules.label(kind),
            comparison.rules.label(kind)
        );
    }
}

#[test]
fn a_trained_model_finds_the_house_goals_in_new_text() {
    let model = house_model();
    assert!(model.can_change_labels());
    let text = "Etter 50 minutter sendte Nilsen kula i buret.\nDet regnet hele kvelden.";
    let doc = Document::new("new", text);
    let kinds = |pipeline: &Pipeline| -> Vec<&str> {
        let analysis = pipeline.analyze(&doc).unwrap();
        analysis.events.iter().map(|e| e.kind.as_str()).collect()
    };
    assert_eq!(kinds(&rules()), Vec::<&str>::new());
    let with_model = rules().with_model(Some(model));
    assert_eq!(kinds(&with_model), ["goal"]);
    let analysis = with_model.analyze(&doc).unwrap();
    assert_eq!(analysis.events[0].minute.unwrap().to_string(), "50");
}

#[test]
fn training_gives_the_same_bytes_every_time_and_on_one_thread() {
    let text = house_model().to_text();
    assert_eq!(house_model().to_text(), text);
    let one_thread = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    assert_eq!(one_thread.install(|| house_model().to_text()), text);
    // What is written reads back as the same model.
    assert_eq!(Model::parse("m", &text).unwrap().to_text(), text);
}

/// The rules that read earlier sentences (a shoot-out's kicks, a penalty scene) read the rules'
/// labels, not the model's: a model that drops every penalty (all weights zero, `keep` at 0.9
/// for penalties) must not turn the kicks of a shoot-out into goals of the match.
#[test]
fn the_shoot_out_rules_read_the_rules_labels_whatever_the_model_decides() {
    let dropping = Model::parse(
        "drop-penalties.model",
        "kampfakta-events-model 1\ntrained by hand\nbuckets 8\nfeatures text+rules\n\
         labels goal chance foul penalty\nkeep 0 0 0 0.9\nadd 1 1 1 1\nbias 0 0 0 0\n\
         vocabulary 0\nweights 0\n",
    )
    .unwrap();
    let text = "Costa Rica–Hellas 1–1\n\nKampen ble avgjort på straffer etter 120 minutter. \
                Costa Rica vant straffesparkkonkurransen 5–3. Borges scoret for Costa Rica. \
                Gekas bommet for Hellas. Umaña scoret.";
    let doc = Document::new("shoot-out", text);
    let kinds = |pipeline: &Pipeline| -> Vec<&'static str> {
        let analysis = pipeline.analyze(&doc).unwrap();
        analysis.events.iter().map(|e| e.kind.as_str()).collect()
    };
    assert_eq!(
        kinds(&rules()),
        ["penalty", "penalty", "penalty", "chance", "penalty", "penalty"]
    );
    assert_eq!(kinds(&rules().with_model(Some(dropping))), ["chance"]);
}
