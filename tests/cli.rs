//! The command line as a user drives it.

use crate::common::{column, extract, kampfakta, read};
use std::path::{Path, PathBuf};
use std::process::Command;

#[test]
fn extract_reads_folders_jsonl_and_bad_records() {
    let out = tempfile::tempdir().unwrap();
    let output = extract(&["tests/data/corpus"], out.path(), &[]);
    assert_eq!(
        output.status.code(),
        Some(1),
        "some records are bad: exit 1"
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("tests/data/corpus/articles.jsonl:2: invalid JSON"),
        "{stderr}"
    );
    assert!(
        stderr.contains("tests/data/corpus/articles.jsonl:3: no \"text\" field"),
        "{stderr}"
    );

    let report = crate::common::report(out.path());
    assert_eq!(report["documents_read"], 7);
    assert_eq!(report["documents_failed"], 2);
    assert_eq!(
        report["documents_not_football"], 1,
        "review.txt: a long film review that says 'bommer', 'sjanse' and 'scorer'"
    );
    assert_eq!(
        report["warnings"][0]["source"],
        "tests/data/corpus/nested/latin1.txt"
    );

    let events = read(&out.path().join("events.csv"));
    assert!(events.starts_with(
        "doc_id,sentence,start,end,event,minute,player_id,player,team_id,team,score,trigger,text\n"
    ));
    let docs = column(&events, "doc_id");
    let mut unique = docs.clone();
    unique.dedup();
    assert_eq!(
        unique,
        [
            "jsonl:1",
            "tests/data/corpus/nested/bom.txt",
            "tests/data/corpus/nested/crlf.md",
            "tests/data/corpus/nested/latin1.txt",
            "tests/data/corpus/odd-brann.txt",
        ],
        "input order: sorted paths, JSON Lines in line order; jsonl:5 has no event"
    );
    assert!(!read(&out.path().join("mentions.csv")).contains("review.txt"));
    assert!(
        events.contains("tests/data/corpus/nested/latin1.txt,1,"),
        "Latin-1 decoded"
    );
    assert!(
        events.contains("Lillestrøm scoret på overtid."),
        "no mojibake"
    );
    let minutes = column(&events, "minute");
    let teams = column(&events, "team");
    let kinds = column(&events, "event");
    let odd: Vec<(String, String, String)> = (0..docs.len())
        .filter(|&i| docs[i].ends_with("odd-brann.txt"))
        .map(|i| (kinds[i].clone(), minutes[i].clone(), teams[i].clone()))
        .collect();
    assert_eq!(
        odd,
        [
            ("goal".into(), "12".into(), "Odds BK".into()),
            ("goal".into(), "15".into(), "SK Brann".into())
        ],
        "relative minute resolved; team credited from the sentence"
    );
}

#[test]
fn offsets_in_csv_slice_the_decoded_text() {
    let out = tempfile::tempdir().unwrap();
    let path = "tests/data/corpus/nested/bom.txt";
    assert_eq!(extract(&[path], out.path(), &[]).status.code(), Some(0));
    let text = read(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(path));
    let text = text.strip_prefix('\u{feff}').unwrap();
    let mentions = read(&out.path().join("mentions.csv"));
    let mut reader = csv::Reader::from_reader(mentions.as_bytes());
    let mut count = 0;
    for row in reader.records() {
        let row = row.unwrap();
        let (start, end): (usize, usize) = (row[2].parse().unwrap(), row[3].parse().unwrap());
        assert_eq!(&text[start..end], &row[4]);
        count += 1;
    }
    assert_eq!(count, 3, "Sogndal, Brann, Sogndal");
}

/// The Nynorsk sample report: its goals, the foul and the penalty, and a consistent match row.
#[test]
fn nynorsk_sample_gives_its_match_facts() {
    let out = tempfile::tempdir().unwrap();
    let output = extract(&["data/samples/sogndal-brann-nynorsk.txt"], out.path(), &[]);
    assert!(output.status.success());
    let events = read(&out.path().join("events.csv"));
    let (kinds, minutes) = (column(&events, "event"), column(&events, "minute"));
    let told: Vec<(&str, &str)> = kinds
        .iter()
        .zip(&minutes)
        .map(|(k, m)| (k.as_str(), m.as_str()))
        .collect();
    assert_eq!(
        told,
        [
            ("goal", "23"),
            ("chance", "33"),
            ("foul", ""),
            ("goal", "48"),
            ("foul", "81"),
            ("penalty", "81"),
            ("goal", ""),
            ("penalty", ""),
            ("chance", "90+")
        ]
    );
    let matches = read(&out.path().join("matches.csv"));
    assert!(
        matches.contains(
            "club:sogndal,Sogndal,club:sk-brann,SK Brann,2-1,header,\
             23 Kasper Skaanes (SK Brann); 48 ? (Sogndal); 81 ? (Sogndal),true"
        ),
        "{matches}"
    );
}

#[test]
fn output_is_identical_for_any_thread_count() {
    let corpus = tempfile::tempdir().unwrap();
    let sample =
        read(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/samples/rosenborg-molde.txt"));
    for i in 0..600 {
        // Vary the documents so that reordering would show.
        let text = sample.replace("23 minutter", &format!("{} minutter", 1 + i % 80));
        std::fs::write(corpus.path().join(format!("doc{i:04}.txt")), text).unwrap();
    }
    let corpus = corpus.path().to_str().unwrap();
    let (one, two) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    assert!(extract(&[corpus], one.path(), &["--threads", "1"])
        .status
        .success());
    assert!(extract(&[corpus], two.path(), &["--threads", "2"])
        .status
        .success());
    for file in ["events.csv", "mentions.csv"] {
        let (a, b) = (read(&one.path().join(file)), read(&two.path().join(file)));
        assert!(a.lines().count() > 600 * 5, "{file} has rows");
        assert!(a == b, "{file} differs between 1 and 2 threads");
    }
}

#[test]
fn unreadable_inputs_are_reported_and_the_rest_processed() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("binary.txt"), b"\x00\x01\x02PK\x00").unwrap();
    std::fs::write(
        dir.path().join("good.txt"),
        "Brann scoret i det 10. minutt.",
    )
    .unwrap();
    std::fs::write(dir.path().join("empty.txt"), "").unwrap();
    let out = dir.path().join("out");
    let missing = dir.path().join("missing.txt");
    let output = extract(
        &[dir.path().to_str().unwrap(), missing.to_str().unwrap()],
        &out,
        &[],
    );
    assert_eq!(output.status.code(), Some(1));
    let report = crate::common::report(&out);
    let reasons: Vec<String> = report["failures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["reason"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(report["documents_read"], 2, "good.txt and the empty file");
    assert!(
        reasons.iter().any(|r| r.contains("binary file")),
        "{reasons:?}"
    );
    assert!(
        reasons.iter().any(|r| r.contains("No such file")),
        "{reasons:?}"
    );
    assert_eq!(column(&read(&out.join("events.csv")), "minute"), ["10"]);
}

#[test]
fn stdin_reads_one_document_or_json_lines() {
    use std::io::Write;
    for (input, expected_id) in [
        ("Brann scoret.", "-"),
        ("{\"id\": \"x\", \"text\": \"Brann scoret.\"}\n", "x"),
    ] {
        let out = tempfile::tempdir().unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_kampfakta"))
            .args([
                "extract",
                "-",
                "--quiet",
                "--out",
                out.path().to_str().unwrap(),
            ])
            .stdin(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        assert!(child.wait().unwrap().success());
        assert_eq!(
            column(&read(&out.path().join("events.csv")), "doc_id"),
            [expected_id]
        );
    }
}

#[test]
fn bad_gazetteer_is_fatal_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("players.csv"),
        "id,name,club\nplayer:a,,\nplayer:b,B,club:nowhere\n",
    )
    .unwrap();
    let out = dir.path().join("out");
    let output = extract(
        &["data/samples"],
        &out,
        &["--gazetteer", dir.path().to_str().unwrap()],
    );
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("players.csv:2: column name: empty name"),
        "{stderr}"
    );
    assert!(
        stderr
            .contains("players.csv:3: column club: unknown club \"club:nowhere\" for id player:b"),
        "{stderr}"
    );
    assert!(!out.join("events.csv").exists());
}

#[test]
fn gazetteer_add_then_check_then_extract_with_overlay() {
    let dir = tempfile::tempdir().unwrap();
    let gaz = dir.path().join("gaz");
    let gaz_arg = gaz.to_str().unwrap();
    let add = kampfakta(&[
        "gazetteer",
        "add",
        "player",
        "--name",
        "Erling Braut Haaland",
        "--alias",
        "Haaland",
        "--club",
        "club:manchester-city",
        "--nationality",
        "Norge",
        "--position",
        "FW",
        "--dir",
        gaz_arg,
    ]);
    assert!(
        add.status.success(),
        "{}",
        String::from_utf8_lossy(&add.stderr)
    );
    assert_eq!(
        read(&gaz.join("players.csv")),
        "id,name,aliases,club,nationality,position,birth_date\n\
         player:erling-braut-haaland,Erling Braut Haaland,Haaland,club:manchester-city,Norge,FW,\n"
    );
    let again = kampfakta(&[
        "gazetteer",
        "add",
        "player",
        "--name",
        "Erling Braut Haaland",
        "--dir",
        gaz_arg,
    ]);
    assert_eq!(again.status.code(), Some(2), "a duplicate id is refused");
    assert!(
        String::from_utf8_lossy(&again.stderr).contains("duplicate id player:erling-braut-haaland")
    );
    assert_eq!(
        read(&gaz.join("players.csv")).lines().count(),
        2,
        "the refused row was taken out again"
    );

    let check = kampfakta(&["gazetteer", "check", gaz_arg, "--with-defaults"]);
    let stdout = String::from_utf8_lossy(&check.stdout);
    assert!(check.status.success(), "{stdout}");
    assert!(stdout.contains("0 problems"), "{stdout}");
    let alone = kampfakta(&["gazetteer", "check", gaz_arg]);
    assert_eq!(
        alone.status.code(),
        Some(1),
        "without the defaults, the club and nation are unknown"
    );

    let corpus = dir.path().join("a.txt");
    std::fs::write(
        &corpus,
        "Manchester City - Norwich 5-0\nHaaland scoret i det 12. minutt.",
    )
    .unwrap();
    let out = dir.path().join("out");
    let output = extract(
        &[corpus.to_str().unwrap()],
        &out,
        &["--gazetteer", gaz_arg, "--with-defaults"],
    );
    assert!(output.status.success());
    let events = read(&out.join("events.csv"));
    assert_eq!(
        column(&events, "player_id"),
        ["player:erling-braut-haaland"]
    );
    assert_eq!(column(&events, "team_id"), ["club:manchester-city"]);
}

#[test]
fn tokenize_prints_offsets() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a.txt");
    std::fs::write(&file, "I det 56. minutt: 3-2.\nLondon-klubben").unwrap();
    let output = kampfakta(&["tokenize", file.to_str().unwrap()]);
    assert!(output.status.success());
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "0\t0\t1\tI\n0\t2\t5\tdet\n0\t6\t9\t56.\n0\t10\t16\tminutt\n0\t16\t17\t:\n0\t18\t21\t3-2\n0\t21\t22\t.\n\
         1\t23\t37\tLondon-klubben\n"
    );
}

#[test]
fn shipped_gazetteers_check_clean() {
    let output = kampfakta(&["gazetteer", "check"]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    assert!(
        stdout.contains("player\t") && stdout.contains("0 problems"),
        "{stdout}"
    );
}

#[test]
fn oracle_gazetteer_from_conll_then_eval_entities() {
    let dir = tempfile::tempdir().unwrap();
    let gaz = dir.path().join("oracle");
    let conll = "tests/data/mini-norne.conll";
    let built = kampfakta(&[
        "gazetteer",
        "from-conll",
        conll,
        "--dir",
        gaz.to_str().unwrap(),
    ]);
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    assert_eq!(
        read(&gaz.join("clubs.csv")),
        "id,name,aliases,country,city\nclub:brann,Brann,,,\nclub:rosenborg,Rosenborg,,,\n"
    );
    let eval = kampfakta(&[
        "eval",
        "entities",
        conll,
        "--gazetteer",
        gaz.to_str().unwrap(),
    ]);
    let stdout = String::from_utf8_lossy(&eval.stdout);
    assert!(
        stdout.contains("PER        1      1   1.000   1.000   1.000"),
        "{stdout}"
    );
    assert!(
        stdout.contains("ORG        3      3   1.000   1.000   1.000"),
        "Rosenborgs found as a genitive: {stdout}"
    );
}

#[test]
fn shards_merge_into_the_bytes_of_one_run() {
    let corpus = tempfile::tempdir().unwrap();
    let sample =
        read(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/samples/rosenborg-molde.txt"));
    for i in 0..30 {
        let text = sample
            .replace("23 minutter", &format!("{} minutter", 1 + i))
            .repeat(1 + i % 4);
        std::fs::write(corpus.path().join(format!("doc{i:02}.txt")), text).unwrap();
    }
    let input = corpus.path().to_str().unwrap();
    let work = tempfile::tempdir().unwrap();
    let whole = work.path().join("whole");
    assert!(extract(&[input], &whole, &[]).status.success());
    let mut shard_dirs = Vec::new();
    for i in 1..=3 {
        let dir = work.path().join(format!("shard{i}"));
        assert!(extract(&[input], &dir, &["--shard", &format!("{i}/3")])
            .status
            .success());
        shard_dirs.push(dir.to_str().unwrap().to_string());
    }
    let merged = work.path().join("merged");
    let mut args = vec!["merge"];
    args.extend(shard_dirs.iter().map(String::as_str));
    args.extend(["--out", merged.to_str().unwrap()]);
    assert!(kampfakta(&args).status.success());
    for file in ["events.csv", "mentions.csv", "matches.csv"] {
        assert!(
            read(&whole.join(file)) == read(&merged.join(file)),
            "{file} differs"
        );
    }
    let shard_sizes: Vec<usize> = shard_dirs
        .iter()
        .map(|d| read(&Path::new(d).join("events.csv")).lines().count())
        .collect();
    assert!(
        shard_sizes.iter().all(|&n| n > 1),
        "every shard has rows: {shard_sizes:?}"
    );
    assert_eq!(
        kampfakta(&["extract", input, "--out", "x", "--shard", "4/3"])
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn out_dash_streams_event_rows_to_stdout() {
    let output = kampfakta(&[
        "extract",
        "tests/data/corpus/odd-brann.txt",
        "--out",
        "-",
        "--quiet",
    ]);
    assert!(output.status.success());
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.starts_with("doc_id,sentence,start,end,event,"),
        "{stdout}"
    );
    assert_eq!(stdout.lines().count(), 3, "header and two goals: {stdout}");
}
