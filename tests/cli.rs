//! The command line as a user drives it: `extract` on folders, JSON Lines, standard input and bad
//! inputs.

use crate::common::{column, extract, kampfakta, read};
use std::path::PathBuf;

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
    for (input, expected_id) in [
        ("Brann scoret.", "-"),
        ("{\"id\": \"x\", \"text\": \"Brann scoret.\"}\n", "x"),
    ] {
        let out = tempfile::tempdir().unwrap();
        let args = [
            "extract",
            "-",
            "--quiet",
            "--out",
            out.path().to_str().unwrap(),
        ];
        assert!(crate::common::kampfakta_with_stdin(&args, input)
            .status
            .success());
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
        !stderr.contains("unknown club"),
        "an unknown club is a warning, not among the fatal problems: {stderr}"
    );
    assert!(!out.join("events.csv").exists());
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

#[test]
fn out_naming_a_file_says_so_once() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("report.txt");
    std::fs::write(&file, "not a folder").unwrap();
    let output = crate::common::extract(&["data/samples"], &file, &[]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("is a file, not a folder: --out wants a folder"),
        "{stderr}"
    );
    assert!(!stderr.contains("caused by"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "not a folder");
}

/// Streams for pipes: JSON Lines with every row type and an in-band error, CSV without a header
/// for many partitions, exit 0 when only some records were bad; the stream options want `--out -`.
#[test]
fn streams_as_json_lines_or_headerless_csv() {
    let run = crate::common::kampfakta_with_stdin;
    let records = "{\"id\":\"a\",\"text\":\"Brann - Molde 2-1\\nBrann scoret i det 3. minutt.\"}\n\
                   not json\n{\"id\":\"b\",\"text\":\"Viking scoret.\"}\n";
    let output = run(
        &["extract", "-", "--out", "-", "--format", "jsonl", "--quiet"],
        records,
    );
    assert!(
        output.status.success(),
        "a bad record does not fail the stream"
    );
    let types: Vec<String> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["type"].to_string())
        .collect();
    for kind in ["\"event\"", "\"mention\"", "\"match\"", "\"error\""] {
        assert!(types.iter().any(|t| t == kind), "{kind} in {types:?}");
    }
    let partition = "{\"id\":\"a\",\"text\":\"Brann scoret i det 3. minutt.\"}\n";
    let mut all = String::new();
    for _ in 0..3 {
        let output = run(
            &["extract", "-", "--out", "-", "--no-header", "--quiet"],
            partition,
        );
        assert!(output.status.success());
        all += &String::from_utf8(output.stdout).unwrap();
    }
    assert_eq!(all.lines().count(), 3, "three rows, no header: {all}");
    assert!(!all.contains("doc_id"));
    let folder = run(
        &["extract", "data/samples", "--out", "x", "--format", "jsonl"],
        "",
    );
    assert_eq!(folder.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&folder.stderr).contains("give --out -"));
}

/// The summary says how many documents were set aside as not football, and how to keep them.
#[test]
fn the_summary_tells_of_documents_set_aside() {
    let dir = tempfile::tempdir().unwrap();
    let review = dir.path().join("review.txt");
    let text = "Filmen er lang og tung, men skuespillerne gjør det godt. ".repeat(12);
    std::fs::write(&review, text).unwrap();
    let output = kampfakta(&[
        "extract",
        review.to_str().unwrap(),
        "--out",
        dir.path().join("out").to_str().unwrap(),
    ]);
    assert!(output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("1 of them set aside as not about football")
            && stderr.contains("--all-documents reports every document"),
        "{stderr}"
    );
}

/// A hard-wrapped report (`fold -s -w 72`, as archives and mail keep them) gives the events of the
/// report as written, and no `text` cell holds a line break.
#[test]
fn a_hard_wrapped_report_gives_the_same_events() {
    let dir = tempfile::tempdir().unwrap();
    let original = read(&std::path::PathBuf::from(
        "data/samples/rosenborg-molde.txt",
    ));
    // What `fold -s -w 72` does: break a long line at its last space before column 72.
    let mut wrapped = String::new();
    for line in original.lines() {
        let mut rest = line;
        while rest.chars().count() > 72 {
            let cut: usize = rest.char_indices().nth(72).map_or(rest.len(), |(i, _)| i);
            let at = rest[..cut].rfind(' ').map_or(cut, |space| space + 1);
            wrapped.push_str(&rest[..at]);
            wrapped.push('\n');
            rest = &rest[at..];
        }
        wrapped.push_str(rest);
        wrapped.push('\n');
    }
    assert!(
        wrapped.lines().count() > original.lines().count(),
        "the sample has long lines"
    );
    let events = |name: &str, text: &str| {
        let file = dir.path().join(name);
        std::fs::write(&file, text).unwrap();
        let out = dir.path().join(format!("out-{name}"));
        assert!(extract(&[&file], &out, &[]).status.success());
        let csv = read(&out.join("events.csv"));
        assert!(!column(&csv, "text").iter().any(|t| t.contains('\n')));
        let rows: Vec<String> = ["event", "minute", "player_id", "team_id"]
            .iter()
            .map(|c| column(&csv, c).join("|"))
            .collect();
        rows
    };
    assert_eq!(
        events("wrapped.txt", &wrapped),
        events("original.txt", &original)
    );
}

/// Runs `extract` on a JSON Lines file of one report under several dates (`(id, date)`, a
/// `null` date written as such) with a gazetteer folder of the given files and `args`; the
/// outputs are in `out` of the returned folder.
fn extract_dated(
    files: &[(&str, &str)],
    report: &str,
    dates: &[(&str, &str)],
    args: &[&str],
) -> (tempfile::TempDir, std::process::Output) {
    let dir = tempfile::tempdir().unwrap();
    let gazetteer = dir.path().join("gazetteer");
    std::fs::create_dir(&gazetteer).unwrap();
    for (name, contents) in files {
        std::fs::write(gazetteer.join(name), contents).unwrap();
    }
    let lines: String = dates
        .iter()
        .map(|(id, date)| {
            format!("{{\"id\": \"{id}\", \"text\": \"{report}\", \"date\": {date}}}\n")
        })
        .collect();
    let input = dir.path().join("matches.jsonl");
    std::fs::write(&input, lines).unwrap();
    let mut all_args = vec!["--gazetteer", gazetteer.to_str().unwrap()];
    all_args.extend(args);
    let output = extract(&[&input], &dir.path().join("out"), &all_args);
    (dir, output)
}

/// A player's clubs with their years (`club:arsenal@2004-2012`) and a JSON Lines `date`: the
/// date chooses the club he played for in a match of both.
#[test]
fn the_documents_year_chooses_the_players_club() {
    let players = "id,name,aliases,club\n\
         player:rune-vestvik,Rune Vestvik,Vestvik,club:arsenal@2004-2012|club:manchester-united@2012-2015\n\
         player:ola-krok,Ola Krok,Krok,club:arsenal@20x4\n";
    let (dir, output) = extract_dated(
        &[("players.csv", players)],
        "Arsenal - Manchester United 1-0\\nVestvik scoret etter 20 minutter.",
        &[
            ("2011", r#""2011-05-01""#),
            ("2012-03", r#""2012-03-10""#),
            ("2012-11", r#""2012-11-03""#),
            ("2014", r#""2014""#),
            ("undated", "null"),
        ],
        &["--with-defaults"],
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("players.csv:3") && stderr.contains("\"club:arsenal@20x4\""),
        "bad years are a warning with the file and line: {stderr}"
    );
    let events = read(&dir.path().join("out/events.csv"));
    let teams: Vec<(String, String)> = column(&events, "doc_id")
        .into_iter()
        .zip(column(&events, "team_id"))
        .collect();
    assert_eq!(
        teams,
        [
            ("2011".into(), "club:arsenal".into()),
            ("2012-03".into(), "club:arsenal".into()),
            ("2012-11".into(), "club:manchester-united".into()),
            ("2014".into(), "club:manchester-united".into()),
            ("undated".into(), "club:arsenal".into()),
        ],
        "in the year of the transfer the month tells; without a date the first club the row \
         lists that plays"
    );
}

#[test]
fn a_team_compound_names_the_teams_player_of_the_documents_year() {
    let clubs =
        "id,name\nclub:arsenal,Arsenal\nclub:manchester-united,Manchester United\nclub:lyn,Lyn\n";
    let players = "id,name,aliases,club,position\n\
         player:rune-vestvik,Rune Vestvik,Vestvik,club:arsenal@2004-2012|club:manchester-united@2012-2015,FW\n\
         player:ola-krok,Ola Krok,Krok,club:lyn@2008-2012|club:arsenal@2013-2016,FW\n";
    let (dir, output) = extract_dated(
        &[("clubs.csv", clubs), ("players.csv", players)],
        "Arsenal - Manchester United 1-0\\nArsenal-spissen scoret etter 20 minutter.",
        &[("2011", r#""2011""#), ("2014", r#""2014""#)],
        &[],
    );
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let mentions = read(&dir.path().join("out/mentions.csv"));
    let described: Vec<(String, String)> = column(&mentions, "doc_id")
        .into_iter()
        .zip(column(&mentions, "entity_id"))
        .filter(|(_, id)| id.starts_with("player:"))
        .collect();
    assert_eq!(
        described,
        [
            ("2011".into(), "player:rune-vestvik".into()),
            ("2014".into(), "player:ola-krok".into()),
        ],
        "Arsenal's striker of that year; undated, the compound would fit both and name neither"
    );
}

#[test]
fn a_scorer_several_people_are_named_is_written_without_ids() {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("kamp.txt");
    // Many Hernández in the shipped squads: none is the one the match tells of.
    std::fs::write(
        &report,
        "Hernandez scoret 1-0 for Mexico i det 12. minutt.\n",
    )
    .unwrap();
    let out = dir.path().join("out");
    assert!(extract(&[report.to_str().unwrap()], &out, &[])
        .status
        .success());
    let goals = read(&out.join("goals.csv"));
    assert_eq!(column(&goals, "scorer_id"), [""]);
    assert_eq!(column(&goals, "scorer"), ["Hernandez"]);
    assert_eq!(column(&goals, "scorer_how"), ["ambiguous"]);
}
