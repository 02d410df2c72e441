//! Snapshots (insta) of what a user sees: every `--help` screen, and the five outputs of
//! `extract` on the shipped samples. A changed output fails the test; after a deliberate change,
//! review and accept the new snapshots with `cargo insta review`.

use crate::common::{extract, kampfakta, read};

/// Every command and subcommand, as typed after `kampfakta`, and the name of its snapshot.
const COMMANDS: &[(&str, &[&str])] = &[
    ("help", &[]),
    ("help_compile", &["compile"]),
    ("help_cues", &["cues"]),
    ("help_cues_check", &["cues", "check"]),
    ("help_cues_explain", &["cues", "explain"]),
    ("help_cues_forms", &["cues", "forms"]),
    ("help_eval", &["eval"]),
    ("help_eval_entities", &["eval", "entities"]),
    ("help_eval_events", &["eval", "events"]),
    ("help_eval_goals", &["eval", "goals"]),
    ("help_eval_lemmas", &["eval", "lemmas"]),
    ("help_eval_segmentation", &["eval", "segmentation"]),
    ("help_eval_suggest", &["eval", "suggest"]),
    ("help_extract", &["extract"]),
    ("help_gazetteer", &["gazetteer"]),
    ("help_gazetteer_add", &["gazetteer", "add"]),
    ("help_gazetteer_add_player", &["gazetteer", "add", "player"]),
    ("help_gazetteer_add_club", &["gazetteer", "add", "club"]),
    (
        "help_gazetteer_add_national_team",
        &["gazetteer", "add", "national-team"],
    ),
    (
        "help_gazetteer_add_official",
        &["gazetteer", "add", "official"],
    ),
    ("help_gazetteer_add_media", &["gazetteer", "add", "media"]),
    (
        "help_gazetteer_add_organisation",
        &["gazetteer", "add", "organisation"],
    ),
    ("help_gazetteer_check", &["gazetteer", "check"]),
    ("help_gazetteer_from_conll", &["gazetteer", "from-conll"]),
    ("help_gazetteer_suggest", &["gazetteer", "suggest"]),
    ("help_merge", &["merge"]),
    ("help_show", &["show"]),
    ("help_tokenize", &["tokenize"]),
    ("help_train", &["train"]),
];

/// The `--help` screen of `command`, checked to have succeeded.
fn help(command: &[&str]) -> String {
    let mut args = command.to_vec();
    args.push("--help");
    let output = kampfakta(&args);
    assert!(output.status.success(), "kampfakta {}", args.join(" "));
    with_exact_ends(String::from_utf8(output.stdout).unwrap())
}

/// The subcommands a help screen lists under `Commands:` (clap's own `help` left out).
fn listed_subcommands(screen: &str) -> Vec<&str> {
    screen
        .lines()
        .skip_while(|line| *line != "Commands:")
        .skip(1)
        .take_while(|line| !line.is_empty())
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .collect()
}

#[test]
fn help_screens() {
    for (name, command) in COMMANDS {
        let screen = help(command);
        // A subcommand added later must get its row in COMMANDS.
        for sub in listed_subcommands(&screen) {
            let full: Vec<&str> = command.iter().copied().chain([sub]).collect();
            assert!(
                COMMANDS.iter().any(|(_, c)| *c == full),
                "`kampfakta {}` has no snapshot row",
                full.join(" ")
            );
        }
        insta::assert_snapshot!(*name, screen);
    }
}

#[test]
fn extract_outputs_on_the_samples() {
    let out = tempfile::tempdir().unwrap();
    let output = extract(&["data/samples"], out.path(), &[]);
    assert!(output.status.success());
    for file in ["events.csv", "mentions.csv", "matches.csv", "goals.csv"] {
        insta::assert_snapshot!(
            format!("samples_{file}"),
            with_exact_ends(read(&out.path().join(file)))
        );
    }
    insta::assert_snapshot!(
        "samples_report.json",
        redact_seconds(&with_exact_ends(read(&out.path().join("report.json"))))
    );
}

/// `text`, checked for what its snapshot cannot see: insta trims the end and reads CRLF as LF, so
/// a lost final newline, a blank line or spaces at the end, or a carriage return would pass it.
fn with_exact_ends(text: String) -> String {
    let body = text
        .strip_suffix('\n')
        .unwrap_or_else(|| panic!("no final newline: {text:?}"));
    assert!(
        !body.ends_with(char::is_whitespace),
        "whitespace at the end: {text:?}"
    );
    assert!(!text.contains('\r'), "a carriage return: {text:?}");
    text
}

/// `report.json` with the value of its one `"seconds"` line, the run time, replaced.
fn redact_seconds(report: &str) -> String {
    let mut redacted = 0;
    let lines: Vec<String> = report
        .split_inclusive('\n')
        .map(|line| {
            let Some((key, value)) = line.split_once("\"seconds\": ") else {
                return line.to_string();
            };
            let number = value.trim_end().trim_end_matches(',');
            assert!(number.parse::<f64>().is_ok_and(|s| s >= 0.0), "{line}");
            redacted += 1;
            format!("{key}\"seconds\": \"[redacted]\"{}", &value[number.len()..])
        })
        .collect();
    assert_eq!(redacted, 1, "one seconds line in {report}");
    lines.concat()
}
