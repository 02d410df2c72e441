//! The other commands as a user drives them: `gazetteer`, `cues`, `tokenize`, `eval` and `merge`.

use crate::common::{column, extract, kampfakta, read};
use std::path::{Path, PathBuf};

#[test]
fn gazetteer_add_then_check_then_extract_with_overlay() {
    let dir = tempfile::tempdir().unwrap();
    let gaz = dir.path().join("gaz");
    let gaz_arg = gaz.to_str().unwrap();
    let add = add_haaland(
        gaz_arg,
        &[
            "--alias",
            "Haaland",
            "--club",
            "club:manchester-city",
            "--nationality",
            "Norge",
            "--position",
            "FW",
            "--with-defaults",
        ],
    );
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
    let again = add_haaland(gaz_arg, &[]);
    assert_eq!(again.status.code(), Some(2), "a duplicate id is refused");
    assert!(String::from_utf8_lossy(&again.stderr).contains(
        "players.csv (the new row): column id: duplicate id player:erling-braut-haaland \
         (first at "
    ));
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
    let stdout = String::from_utf8_lossy(&alone.stdout);
    assert!(alone.status.success(), "{stdout}");
    assert!(
        stdout.contains(
            "players.csv:2: column club: club \"club:manchester-city\" for id \
             player:erling-braut-haaland is in the shipped gazetteers, which this run leaves out: \
             taken from them as club:manchester-city; run with --with-defaults to use them all"
        ),
        "without the defaults, the club and nation are warned of: {stdout}"
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
fn gazetteer_add_takes_an_unknown_club_with_a_warning_that_says_what_to_do() {
    let dir = tempfile::tempdir().unwrap();
    let gaz = dir.path().join("gaz");
    let gaz_arg = gaz.to_str().unwrap();
    let add = add_haaland(gaz_arg, &["--club", "Bodo Glimt", "--with-defaults"]);
    let stderr = String::from_utf8_lossy(&add.stderr);
    assert!(add.status.success(), "{stderr}");
    assert_eq!(
        stderr,
        format!(
            "kampfakta: warning: {gaz_arg}/players.csv:2: column club: unknown club \"Bodo Glimt\" \
             for id player:erling-braut-haaland: taken as a club of its own, club:bodo-glimt; did \
             you mean club:bodø-glimt? To describe it: kampfakta gazetteer add club --name \
             \"Bodo Glimt\" --dir {gaz_arg}\n"
        )
    );
    assert_eq!(read(&gaz.join("players.csv")).lines().count(), 2);
}

/// `kampfakta gazetteer add player --name "Erling Braut Haaland" --dir DIR EXTRA...`
fn add_haaland(dir: &str, extra: &[&str]) -> std::process::Output {
    let mut args = vec![
        "gazetteer",
        "add",
        "player",
        "--name",
        "Erling Braut Haaland",
        "--dir",
        dir,
    ];
    args.extend(extra);
    kampfakta(&args)
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

/// `gazetteers/build.py` joins a person whom two sources give birth days apart in one year and
/// a club or a national team in common (with dates a month apart at most), and keeps a
/// namesake's birth date out of a row whose seasons it does not fit: the 2014 squads' Javier
/// Hernández of Manchester United, not his father of 1986.
#[test]
fn shipped_people_are_one_row_each_with_their_own_birth_date() {
    let gazetteer = kampfakta::Gazetteer::new().unwrap();
    let rows_named = |name: &str| {
        gazetteer
            .entities()
            .filter(|e| e.kind == kampfakta::gazetteer::EntityKind::Player && e.name == name)
            .count()
    };
    for name in [
        "Ben Foster",
        "Enner Valencia",
        "Edwin Gyasi",
        "Simon Mignolet",
        "Les Ferdinand",
    ] {
        assert_eq!(rows_named(name), 1, "{name}");
    }
    let born = |id: &str| {
        let entity = gazetteer.entity(gazetteer.index_of(id).unwrap());
        entity
            .attrs
            .iter()
            .find(|(column, _)| column == "birth_date")
            .map(|(_, date)| date[..4].to_string())
    };
    assert_eq!(born("player:javier-hernández").as_deref(), Some("1988"));
    assert_eq!(born("player:luis-suárez").as_deref(), Some("1987"));
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
    // Documents that are not football count in every shard's report and in the merged one.
    let review = "Filmen er lang og tung, men skuespillerne gjør det godt. ".repeat(12);
    for i in 0..3 {
        std::fs::write(corpus.path().join(format!("review{i}.txt")), &review).unwrap();
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
    let without_seconds = |dir: &Path| {
        let mut report: serde_json::Value =
            serde_json::from_str(&read(&dir.join("report.json"))).unwrap();
        report["seconds"]
            .take()
            .as_f64()
            .expect("seconds is a number");
        report
    };
    let merged_report = without_seconds(&merged);
    assert_eq!(
        merged_report,
        without_seconds(&whole),
        "report.json differs"
    );
    assert_eq!(merged_report["documents_not_football"], 3);
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
fn cues_check_names_the_rows_that_fail_on_their_examples() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("goal.csv"),
        "id,event,role,scope,pattern,requires,example\n\
         goal.verb.score,goal,trigger,,<score>,,Haugen scorer.\n\
         goal.verb.scored,goal,trigger,,scoret,,Moe scoret igjen.\n\
         goal.net.in-the-net,goal,trigger,,\"<sette> {0,2} i nettet\",,Moe satte ballen i nettet.\n",
    )
    .unwrap();
    let output = kampfakta(&["cues", "check", dir.path().to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains(
            "goal.csv:3: goal.verb.scored: the example's events are the same without the row"
        ),
        "{stdout}"
    );
    assert!(
        stdout.ends_with("3 rows, 1 failing on their examples, 0 unused macros\n"),
        "{stdout}"
    );

    let output = kampfakta(&["cues", "forms", "score"]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.starts_with("<score>: ") && stdout.contains(" scoret "),
        "{stdout}"
    );
}

/// `train` on a user's labels, then `extract --model` with what it wrote: the worked example of
/// the README, on the house-style fixture whose goals the rules do not know.
#[test]
fn train_then_extract_with_the_model() {
    let dir = tempfile::tempdir().unwrap();
    let model = dir.path().join("house.model");
    let train = kampfakta(&[
        "train",
        "tests/data/house-style/gold.tsv",
        "--corpus",
        "tests/data",
        "--cv",
        "4",
        "--out",
        model.to_str().unwrap(),
    ]);
    let stdout = String::from_utf8_lossy(&train.stdout);
    assert!(
        train.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&train.stderr)
    );
    assert!(
        stdout.contains("4-fold cross-validation, folds by document"),
        "{stdout}"
    );
    assert!(read(&model).starts_with("kampfakta-events-model 1\n"));
    let report = dir.path().join("report.txt");
    std::fs::write(&report, "Etter 50 minutter sendte Nilsen kula i buret.\n").unwrap();
    let events = |extra: &[&str]| {
        let out = dir.path().join(format!("out{}", extra.len()));
        let run = extract(&[report.as_os_str()], &out, extra);
        assert!(
            run.status.success(),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
        column(&read(&out.join("events.csv")), "event")
    };
    assert_eq!(events(&["--model", model.to_str().unwrap()]), ["goal"]);
    assert_eq!(events(&["--rules-only"]), Vec::<String>::new());
}

#[test]
fn a_broken_model_file_is_named_with_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let model = dir.path().join("bad.model");
    std::fs::write(
        &model,
        "kampfakta-events-model 1\ntrained x\nbuckets many\n",
    )
    .unwrap();
    let run = extract(
        &["data/samples"],
        &dir.path().join("out"),
        &["--model", model.to_str().unwrap()],
    );
    assert_eq!(run.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        stderr.contains("bad.model:3: `buckets` wants a whole number"),
        "{stderr}"
    );
    assert!(!dir.path().join("out").exists(), "nothing is written");
}

#[test]
fn train_refuses_more_folds_than_documents_and_empty_gold() {
    let too_many = kampfakta(&[
        "train",
        "tests/data/house-style/gold.tsv",
        "--corpus",
        "tests/data",
        "--cv",
        "20",
    ]);
    assert_eq!(too_many.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&too_many.stderr);
    assert!(
        stderr.contains("--cv 20: want between 2 and 8 folds"),
        "{stderr}"
    );
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("empty.tsv");
    std::fs::write(&empty, "id\tlabels\ttext\n").unwrap();
    let model = dir.path().join("m.model");
    let run = kampfakta(&[
        "train",
        empty.to_str().unwrap(),
        "--out",
        model.to_str().unwrap(),
    ]);
    assert_eq!(run.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&run.stderr).contains("no labelled sentences"));
    assert!(!model.exists());
}

/// A file that parses to nothing is refused, not scored 0 with success.
#[test]
fn eval_refuses_files_that_hold_nothing_to_score() {
    let dir = tempfile::tempdir().unwrap();
    let garbage = dir.path().join("garbage.conllu");
    std::fs::write(&garbage, "this is not CoNLL\n").unwrap();
    let empty_gold = dir.path().join("empty.tsv");
    std::fs::write(&empty_gold, "id\tlabels\ttext\n").unwrap();
    for (command, file) in [
        ("segmentation", &garbage),
        ("entities", &garbage),
        ("lemmas", &garbage),
        ("events", &empty_gold),
    ] {
        let output = kampfakta(&["eval", command, file.to_str().unwrap()]);
        assert_eq!(output.status.code(), Some(2), "eval {command}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains(file.to_str().unwrap()),
            "eval {command}: {stderr}"
        );
    }
}

/// `merge` takes the shards of one run in any order, and refuses, naming the folders, a shard
/// given twice, a missing one, one of other inputs, and a folder that is no shard.
#[test]
fn merge_checks_its_shards() {
    let work = tempfile::tempdir().unwrap();
    let shard = |name: &str, inputs: &[&str], which: &str| {
        let dir = work.path().join(name);
        let output = extract(inputs, &dir, &["--shard", which]);
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        dir.to_str().unwrap().to_string()
    };
    let samples = ["data/samples"];
    let (one, two) = (shard("1", &samples, "1/2"), shard("2", &samples, "2/2"));
    let other = shard("other", &["data/samples/rosenborg-molde.txt"], "2/2");
    let whole = work.path().join("whole");
    assert!(extract(&samples, &whole, &[]).status.success());
    let merge = |shards: &[&str]| {
        let out = work.path().join("merged");
        let mut args = vec!["merge"];
        args.extend(shards);
        args.extend(["--out", out.to_str().unwrap()]);
        let output = kampfakta(&args);
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
            out,
        )
    };
    let (code, stderr, out) = merge(&[&two, &one]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(
        read(&out.join("events.csv")),
        read(&whole.join("events.csv")),
        "any order"
    );
    let whole_dir = whole.to_str().unwrap();
    for (shards, message) in [
        (vec![one.as_str(), one.as_str()], "shard 1/2 twice"),
        (vec![one.as_str()], "missing shards: 2/2"),
        (vec![one.as_str(), other.as_str()], "of other inputs than"),
        (vec![one.as_str(), whole_dir], "not a shard"),
    ] {
        let (code, stderr, _) = merge(&shards);
        assert_eq!(code, Some(2), "{shards:?}");
        assert!(stderr.contains(message), "{shards:?}: {stderr}");
    }
}

/// `extract -` over `text` with `folder` above the shipped gazetteers, compiled gazetteers kept
/// in `cache`: its event rows.
fn extract_with_cache(folder: &Path, cache: &Path, text: &str) -> String {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_kampfakta"))
        .env("KAMPFAKTA_CACHE_DIR", cache)
        .args([
            "extract",
            "-",
            "--out",
            "-",
            "--quiet",
            "--with-defaults",
            "--gazetteer",
        ])
        .arg(folder)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    String::from_utf8(output.stdout).unwrap()
}

fn cache_entries(cache: &Path) -> Vec<(std::path::PathBuf, u64)> {
    let mut entries: Vec<_> = std::fs::read_dir(cache)
        .unwrap()
        .map(|e| e.unwrap())
        .map(|e| (e.path(), e.metadata().unwrap().len()))
        .collect();
    entries.sort();
    entries
}

#[test]
fn a_user_folder_is_compiled_once_then_read_back_unless_it_changed_or_was_damaged() {
    let dir = tempfile::tempdir().unwrap();
    let (folder, cache) = (dir.path().join("gaz"), dir.path().join("cache"));
    std::fs::create_dir(&folder).unwrap();
    let players = folder.join("players.csv");
    let row = |alias: &str| {
        format!(
            "id,name,aliases,club\nplayer:oddvar-testesen,Oddvar Testesen,{alias},club:molde-fk\n"
        )
    };
    std::fs::write(&players, row("Testesen")).unwrap();
    let text = "Molde - Brann 1-0\nTestesen scoret i det 12. minutt.";

    let built = extract_with_cache(&folder, &cache, text);
    assert!(built.contains("player:oddvar-testesen"), "{built}");
    let entries = cache_entries(&cache);
    assert_eq!(entries.len(), 1, "one compiled gazetteer: {entries:?}");
    assert_eq!(
        extract_with_cache(&folder, &cache, text),
        built,
        "read back"
    );

    // Cut short on disk: built again, the same rows, and the entry written whole again.
    let (entry, length) = entries[0].clone();
    std::fs::write(
        &entry,
        &std::fs::read(&entry).unwrap()[..length as usize / 2],
    )
    .unwrap();
    assert_eq!(
        extract_with_cache(&folder, &cache, text),
        built,
        "after damage"
    );
    assert_eq!(cache_entries(&cache), entries, "rewritten whole");

    // An edited folder is another entry: never the rows of the old one.
    std::fs::write(&players, row("Oddvar")).unwrap();
    let edited = extract_with_cache(&folder, &cache, text);
    assert!(!edited.contains("player:oddvar-testesen"), "{edited}");
    assert_eq!(cache_entries(&cache).len(), 2);
}
