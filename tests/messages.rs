//! A snapshot of every usage and input error a user meets first (merge's bad shards, a file for
//! a folder, stream options that do not go together, gold files with nothing to score, an input
//! that is not there, a gazetteer that is a file, a squad list with an unknown club and column,
//! `gazetteer add` with an unknown club and each row it refuses),
//! with its exit code: a message that changes fails here and is reviewed.
//! The temporary folder's path is written `<TMP>`.

use crate::common::{extract, kampfakta};

#[test]
fn error_messages() {
    let work = tempfile::tempdir().unwrap();
    let dir = work.path();
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let samples = ["data/samples"];
    for (name, inputs, shard) in [
        ("s1", &samples[..], "1/2"),
        ("s2", &samples[..], "2/2"),
        ("other", &["data/samples/rosenborg-molde.txt"][..], "1/2"),
    ] {
        assert!(extract(inputs, &dir.join(name), &["--shard", shard])
            .status
            .success());
    }
    std::fs::create_dir(dir.join("plain")).unwrap();
    std::fs::write(dir.join("a-file"), "").unwrap();
    std::fs::write(dir.join("empty.tsv"), "").unwrap();
    std::fs::create_dir(dir.join("squad")).unwrap();
    std::fs::write(
        dir.join("squad/players.csv"),
        "name,club,nation\nOla Moe,Al-Gharafa,Norge\n",
    )
    .unwrap();
    let (s1, s2, other, plain, merged) = (
        path("s1"),
        path("s2"),
        path("other"),
        path("plain"),
        path("merged"),
    );
    let gazetteer = path("gz");
    let add = |args: &[&str]| -> Vec<String> {
        let mut line: Vec<String> = vec!["gazetteer".into(), "add".into()];
        line.extend(args.iter().map(|a| a.to_string()));
        if !args.contains(&"--dir") {
            line.extend(["--dir".to_string(), gazetteer.clone()]);
        }
        line
    };
    let mut cases: Vec<Vec<String>> = [
        vec!["merge", &s1, &s1, &s2, "--out", &merged],
        vec!["merge", &s1, "--out", &merged],
        vec!["merge", &s1, &other, "--out", &merged],
        vec!["merge", &s1, &plain, "--out", &merged],
        vec!["extract", "data/samples", "--out", &path("a-file")],
        vec![
            "extract",
            "-",
            "--out",
            "-",
            "--format",
            "jsonl",
            "--no-header",
        ],
        vec![
            "extract",
            "data/samples",
            "--out",
            &path("o"),
            "--no-header",
        ],
        vec!["extract", "data/samples", "--out", "-", "--html"],
        vec!["eval", "events", &path("empty.tsv")],
        vec!["eval", "goals", &path("empty.tsv"), "--corpus", "."],
        vec![
            "extract",
            "data/no-such-folder",
            "--out",
            &path("o2"),
            "--quiet",
        ],
        vec![
            "extract",
            "data/samples",
            "--out",
            &path("o3"),
            "--quiet",
            "--gazetteer",
            &path("a-file"),
        ],
        vec![
            "extract",
            "data/samples",
            "--out",
            &path("o4"),
            "--quiet",
            "--gazetteer",
            &path("squad"),
            "--with-defaults",
        ],
    ]
    .iter()
    .map(|args| args.iter().map(|a| a.to_string()).collect())
    .collect();
    cases.extend([
        // `gazetteer add`: a club it does not know (a warning), then its refusals.
        add(&["player", "--name", "Ola Moe", "--club", "New FK"]),
        add(&["player", "--name", "Ola Moe"]),
        add(&["player", "--name", "Kari Moe", "--birth-date", "1999-13-01"]),
        add(&["player", "--name", "Kari Moe", "--alias", "og"]),
        add(&["player", "--name", "Per\nMoe"]),
        add(&["player", "--name", ""]),
        add(&["club", "--name", "Moe FK", "--dir", &path("a-file")]),
    ]);
    let tmp = dir.to_str().unwrap();
    let mut screen = String::new();
    for args in &cases {
        let output = kampfakta(args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        screen.push_str(&format!(
            "$ kampfakta {}\nexit {}\n{}\n",
            args.join(" "),
            output.status.code().map_or("-".into(), |c| c.to_string()),
            stderr.trim_end()
        ));
    }
    insta::assert_snapshot!("error_messages", screen.replace(tmp, "<TMP>"));
}
