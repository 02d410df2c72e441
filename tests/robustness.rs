//! Bad and hostile input: every problem named with its file (and line), every good document still
//! processed, no output half-written.

use crate::common::{extract, report};
use std::io::Write;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

#[test]
fn encodings_and_line_ends_decode_to_the_same_rows() {
    let dir = tempfile::tempdir().unwrap();
    let text = "Brann - Viking 1-0\nBrann scoret i det 12. minutt.\nViking bommet på overtid.";
    let mut utf16 = vec![0xFF, 0xFE];
    utf16.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
    let files: Vec<(&str, Vec<u8>)> = vec![
        ("a-utf8.txt", text.as_bytes().to_vec()),
        (
            "b-bom.txt",
            [b"\xEF\xBB\xBF".as_slice(), text.as_bytes()].concat(),
        ),
        ("c-utf16.txt", utf16),
        ("d-crlf.txt", text.replace('\n', "\r\n").into_bytes()),
        ("e-cr.txt", text.replace('\n', "\r").into_bytes()),
    ];
    for (name, bytes) in &files {
        std::fs::write(dir.path().join(name), bytes).unwrap();
    }
    let out = dir.path().join("out");
    assert!(extract(&[dir.path()], &out, &[]).status.success());
    let events = std::fs::read_to_string(out.join("events.csv")).unwrap();
    let mut reader = csv::Reader::from_reader(events.as_bytes());
    let rows: Vec<(String, String, String)> = reader
        .records()
        .map(|r| r.unwrap())
        .map(|r| {
            (
                r[0].rsplit('/').next().unwrap().to_string(),
                r[4].to_string(),
                r[5].to_string(),
            )
        })
        .collect();
    for (name, _) in &files {
        let mine: Vec<(&str, &str)> = rows
            .iter()
            .filter(|r| r.0 == *name)
            .map(|r| (r.1.as_str(), r.2.as_str()))
            .collect();
        assert_eq!(mine, [("goal", "12"), ("chance", "90+")], "{name}");
    }
    assert_eq!(report(&out)["warnings"][0]["reason"], "decoded as UTF-16");
}

#[test]
fn nested_folders_broken_links_and_a_long_line() {
    let dir = tempfile::tempdir().unwrap();
    let mut deep = dir.path().to_path_buf();
    for level in 0..40 {
        deep = deep.join(format!("l{level}"));
    }
    std::fs::create_dir_all(&deep).unwrap();
    std::fs::write(deep.join("deep.txt"), "Brann scoret i det 3. minutt.").unwrap();
    std::os::unix::fs::symlink(
        dir.path().join("nowhere.txt"),
        dir.path().join("broken.txt"),
    )
    .unwrap();
    // One line of sentences without a break, far longer than the reader's buffer and the
    // recognizer's look-back: no panic, and every sentence's events. The 8 MB scale, where the
    // cost must stay linear, is the long-line case of `benches/stages.rs`.
    const SENTENCES: usize = 2_000;
    let long = "Brann scoret på en pasning i det 3. minutt, og Viking-keeperen bommet på ballen. "
        .repeat(SENTENCES);
    std::fs::write(dir.path().join("long.txt"), &long).unwrap();
    let out = dir.path().join("out");
    let output = extract(&[dir.path()], &out, &[]);
    assert_eq!(
        output.status.code(),
        Some(1),
        "the broken link is a failure"
    );
    let report = report(&out);
    assert_eq!(report["documents_read"], 2);
    assert!(report["failures"][0]["source"]
        .as_str()
        .unwrap()
        .ends_with("broken.txt"));
    assert_eq!(report["events"].as_u64().unwrap(), 1 + 2 * SENTENCES as u64);
}

/// Links back to a folder are followed once, and what is not a regular file (a FIFO, a link to
/// `/dev/zero`) is reported and skipped instead of read forever.
#[test]
fn symlink_loops_fifos_and_devices_are_not_read() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("corpus");
    std::fs::create_dir(&corpus).unwrap();
    std::fs::write(corpus.join("a.txt"), "Brann scoret i det 3. minutt.").unwrap();
    // Two links to the folder itself: followed every time, the walk would grow exponentially.
    std::os::unix::fs::symlink(".", corpus.join("x")).unwrap();
    std::os::unix::fs::symlink(".", corpus.join("y")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", corpus.join("zero.txt")).unwrap();
    let fifo = corpus.join("fifo.txt");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let out = dir.path().join("out");
    let started = Instant::now();
    let output = extract(&[&corpus], &out, &[]);
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "the run must not hang"
    );
    assert_eq!(
        output.status.code(),
        Some(1),
        "the skipped files are failures"
    );
    let report = report(&out);
    assert_eq!(
        report["documents_read"], 1,
        "a.txt once, not through x and y"
    );
    let failures: Vec<String> = report["failures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["source"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(failures.len(), 2, "{failures:?}");
    assert!(failures[0].ends_with("fifo.txt") && failures[1].ends_with("zero.txt"));
    assert_eq!(
        report["failures"][0]["reason"],
        "not a regular file (a FIFO, device or socket)"
    );
    // Named on the command line, a device is refused too.
    let output = extract(&["/dev/zero"], &dir.path().join("out2"), &[]);
    assert_eq!(output.status.code(), Some(1));
}

/// A symlink planted (by someone who can write to the folder) at every name a run can predict:
/// the outputs, `html`, and `.kampfakta/current`. Each is replaced by the run's own symlink, and
/// nothing it pointed to is written; the version folders' names cannot be predicted.
#[test]
fn outputs_never_write_through_a_planted_symlink() {
    let dir = tempfile::tempdir().unwrap();
    let victim = dir.path().join("victim");
    std::fs::write(&victim, "precious").unwrap();
    let victim_folder = dir.path().join("victim-folder");
    std::fs::create_dir(&victim_folder).unwrap();
    std::fs::write(victim_folder.join("events.csv"), "precious").unwrap();
    let out = dir.path().join("out");
    std::fs::create_dir_all(out.join(".kampfakta")).unwrap();
    for name in OUTPUTS {
        std::os::unix::fs::symlink(&victim, out.join(name)).unwrap();
    }
    std::os::unix::fs::symlink(&victim_folder, out.join("html")).unwrap();
    std::os::unix::fs::symlink(&victim_folder, out.join(".kampfakta/current")).unwrap();
    let output = extract(&["data/samples"], &out, &["--html"]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
    let victims: Vec<_> = std::fs::read_dir(&victim_folder).unwrap().collect();
    assert_eq!(victims.len(), 1, "nothing written into the planted folder");
    assert_eq!(
        std::fs::read_to_string(victim_folder.join("events.csv")).unwrap(),
        "precious"
    );
    for name in OUTPUTS.iter().chain(&["html"]) {
        let link = std::fs::read_link(out.join(name)).unwrap();
        assert_eq!(link, Path::new(".kampfakta/current").join(name), "{name}");
    }
    let current = std::fs::read_link(out.join(".kampfakta/current")).unwrap();
    assert!(current.to_string_lossy().starts_with("v-"), "{current:?}");
    assert!(crate::common::read(&out.join("events.csv")).starts_with("doc_id,"));
    assert!(out.join("html/index.html").is_file());
    assert_eq!(leftovers(&out), Vec::<String>::new());
}

/// `.kampfakta` itself planted as a symlink (to a folder elsewhere) is refused with a message,
/// and nothing is written where it points.
#[test]
fn a_planted_store_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let elsewhere = dir.path().join("elsewhere");
    std::fs::create_dir(&elsewhere).unwrap();
    let out = dir.path().join("out");
    std::fs::create_dir(&out).unwrap();
    std::os::unix::fs::symlink(&elsewhere, out.join(".kampfakta")).unwrap();
    let output = extract(&["data/samples"], &out, &[]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains(".kampfakta: is not a folder"), "{stderr}");
    assert!(std::fs::read_dir(&elsewhere).unwrap().next().is_none());
    assert!(!out.join("events.csv").exists());
}

#[test]
fn bad_gazetteers_report_every_problem_and_write_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let gaz = dir.path().join("gaz");
    std::fs::create_dir_all(&gaz).unwrap();
    std::fs::write(gaz.join("clubs.csv"), "id;name;city\nclub:x;X;Oslo\n").unwrap();
    std::fs::write(
        gaz.join("players.csv"),
        b"id,name,birth_date,club\nplayer:a,A,1990-02-31x,\nplayer:a,B,,\nplayer:c,\xFF\xFE,,club:none\n".as_slice(),
    )
    .unwrap();
    let out = dir.path().join("out");
    let corpus = dir.path().join("a.txt");
    std::fs::write(&corpus, "Brann scoret.").unwrap();
    let output = extract(
        &[corpus.as_path()],
        &out,
        &["--gazetteer", gaz.to_str().unwrap()],
    );
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    for expected in [
        "clubs.csv:1: missing required column \"name\" (the file looks separated by ';' or tab; use ',')",
        "players.csv:2: column birth_date: malformed date \"1990-02-31x\"",
        "players.csv:3: column id: duplicate id player:a",
        "players.csv:4: column name: invalid UTF-8",
    ] {
        assert!(stderr.contains(expected), "missing {expected:?} in:\n{stderr}");
    }
    assert!(
        !out.exists() || std::fs::read_dir(&out).unwrap().next().is_none(),
        "nothing written"
    );
}

#[test]
fn excel_safe_neutralises_formulas() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("a.txt");
    std::fs::write(
        &corpus,
        "- Brann scoret i det 3. minutt.\n=HYPERLINK(\"x\") Viking bommet.",
    )
    .unwrap();
    let out = dir.path().join("out");
    assert!(extract(&[corpus.as_path()], &out, &["--excel-safe"])
        .status
        .success());
    let events = std::fs::read_to_string(out.join("events.csv")).unwrap();
    assert!(
        events.contains(",'- Brann scoret i det 3. minutt.\n"),
        "{events}"
    );
    assert!(
        events.contains(",\"'=HYPERLINK(\"\"x\"\") Viking bommet.\"\n"),
        "{events}"
    );
}

#[test]
fn a_failed_run_keeps_the_previous_outputs() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("a.txt");
    std::fs::write(&corpus, "Brann scoret i det 3. minutt.").unwrap();
    let out = dir.path().join("out");
    assert!(extract(&[corpus.as_path()], &out, &[]).status.success());
    let before = std::fs::read(out.join("events.csv")).unwrap();
    let bad = dir.path().join("bad-cues.csv");
    std::fs::write(&bad, "id,event,role,pattern\nx,gaol,trigger,x\n").unwrap();
    let output = extract(
        &[corpus.as_path()],
        &out,
        &["--cues", bad.to_str().unwrap()],
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr)
        .contains("bad-cues.csv:2: column event: unknown event \"gaol\""));
    assert_eq!(std::fs::read(out.join("events.csv")).unwrap(), before);
    assert_eq!(leftovers(&out), Vec::<String>::new());
}

/// A folder at a later name of the set (`report.json`, last in name order) stops the run before
/// anything is published: every output reads as before, and the new version is removed.
#[test]
fn a_folder_at_an_output_name_stops_the_run_before_publishing() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("a.txt");
    std::fs::write(&corpus, "Brann scoret i det 3. minutt.").unwrap();
    let out = dir.path().join("out");
    assert!(extract(&[corpus.as_path()], &out, &[]).status.success());
    let before: Vec<Vec<u8>> = OUTPUTS[..4]
        .iter()
        .map(|name| std::fs::read(out.join(name)).unwrap())
        .collect();
    std::fs::remove_file(out.join("report.json")).unwrap();
    std::fs::create_dir(out.join("report.json")).unwrap();
    let output = extract(&["data/samples"], &out, &[]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("report.json: is a folder"), "{stderr}");
    for (name, before) in OUTPUTS.iter().zip(&before) {
        assert_eq!(&std::fs::read(out.join(name)).unwrap(), before, "{name}");
    }
    assert_eq!(leftovers(&out), Vec::<String>::new());
}

/// Ctrl-C, or SIGTERM as `timeout`, Slurm and systemd send it, while `extract` waits for input:
/// the handler removes the temporary outputs and exits 130. The input is standard input left
/// open, so the run blocks reading once it has its outputs open.
#[test]
fn an_interrupted_run_leaves_the_previous_outputs_and_no_temporary_files() {
    let dir = tempfile::tempdir().unwrap();
    let small = dir.path().join("small.txt");
    std::fs::write(&small, "Brann scoret i det 3. minutt.").unwrap();
    let out = dir.path().join("out");
    assert!(extract(&[small.as_path()], &out, &[]).status.success());
    let before: Vec<Vec<u8>> = OUTPUTS
        .iter()
        .map(|name| std::fs::read(out.join(name)).unwrap())
        .collect();
    for signal in ["-INT", "-TERM"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_kampfakta"))
            .args(["extract", "-", "--out"])
            .arg(&out)
            .arg("--quiet")
            .stdin(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut input = child.stdin.take().unwrap();
        input.write_all("Brann scoret i det ".as_bytes()).unwrap();
        // Else the test would not show that the handler removes them.
        wait_for_an_unpublished_set(&out, &mut child);
        let killed = Command::new("kill")
            .args([signal, &child.id().to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        let output = child.wait_with_output().unwrap();
        drop(input);
        assert_eq!(output.status.code(), Some(130), "{signal}: interrupted");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains("kampfakta: interrupted; no output written"),
            "{signal}: {stderr}"
        );
        for (name, before) in OUTPUTS.iter().zip(&before) {
            assert_eq!(&std::fs::read(out.join(name)).unwrap(), before, "{name}");
        }
        assert_eq!(leftovers(&out), Vec::<String>::new(), "{signal}");
    }
}

/// Waits until the run has its outputs open in a version of `out` not yet published; fails the
/// test if it exits or a minute passes first, rather than hanging.
fn wait_for_an_unpublished_set(out: &Path, run: &mut Child) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !leftovers(out)
        .iter()
        .any(|name| Path::new(out).join(name).join("events.csv").exists())
    {
        if let Some(status) = run.try_wait().unwrap() {
            panic!("extract ended ({status}) before opening its outputs");
        }
        if Instant::now() > deadline {
            let _ = run.kill();
            panic!("extract did not open its outputs within a minute");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The outputs of an output folder.
const OUTPUTS: [&str; 5] = [
    "events.csv",
    "mentions.csv",
    "matches.csv",
    "goals.csv",
    "report.json",
];

/// What an output folder holds besides its published set (`.kampfakta/lock`, `current`, the
/// version it names): temporary files, and versions not published (or published before the
/// last run, which the next run removes), as paths relative to `out`.
fn leftovers(out: &Path) -> Vec<String> {
    let names = |dir: &Path| -> Vec<String> {
        std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect()
    };
    let store = out.join(".kampfakta");
    let current = std::fs::read_link(store.join("current")).unwrap_or_default();
    let mut leftovers: Vec<String> = names(out)
        .into_iter()
        .filter(|name| name.ends_with(".tmp"))
        .collect();
    leftovers.extend(
        names(&store)
            .into_iter()
            .filter(|name| name != "lock" && name != "current" && Path::new(name) != current)
            .map(|name| format!(".kampfakta/{name}")),
    );
    leftovers
}

/// A stray invalid byte in a UTF-8 file keeps the file UTF-8 (the byte replaced, a warning),
/// instead of turning every "æ" into "Ã¦" by the Windows-1252 fallback.
#[test]
fn one_bad_byte_does_not_make_a_utf8_file_windows_1252() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("stray.txt");
    std::fs::write(&file, b"Solskj\xC3\xA6r scoret i det 3. minutt. \xFF").unwrap();
    let out = dir.path().join("out");
    assert!(extract(&[&file], &out, &[]).status.success());
    let mentions = crate::common::read(&out.join("mentions.csv"));
    assert!(mentions.contains("Solskjær"), "{mentions}");
    let warnings = report(&out)["warnings"].to_string();
    assert!(
        warnings.contains("1 invalid UTF-8 bytes replaced"),
        "{warnings}"
    );
}

/// JSON Lines records must be objects; a NUL in a text never reaches a CSV cell; a repeated id
/// is kept and warned about.
#[test]
fn json_lines_arrays_controls_and_repeated_ids() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("records.jsonl");
    std::fs::write(
        &file,
        "{\"id\":\"a\",\"text\":\"Brann scoret\\u0000 i det 3. minutt.\"}\n\
         [\"b\",\"Viking scoret i det 5. minutt.\"]\n\
         {\"id\":\"a\",\"text\":\"Molde scoret i det 7. minutt.\"}\n",
    )
    .unwrap();
    let out = dir.path().join("out");
    let output = extract(&[&file], &out, &[]);
    assert_eq!(output.status.code(), Some(1), "the array is a failure");
    let report = report(&out);
    assert_eq!(report["documents_read"], 2);
    assert!(report["failures"][0]["reason"]
        .as_str()
        .unwrap()
        .starts_with("not a JSON object"));
    let warnings = report["warnings"].to_string();
    assert!(warnings.contains("control characters"), "{warnings}");
    assert!(warnings.contains("also on line 1"), "{warnings}");
    let events = std::fs::read(out.join("events.csv")).unwrap();
    assert!(!events.contains(&0), "no NUL in the CSV");
}

/// An absurd thread count is capped (with a warning) instead of taking minutes or panicking.
#[test]
fn a_huge_thread_count_is_capped() {
    let dir = tempfile::tempdir().unwrap();
    let started = Instant::now();
    let output = extract(&["data/samples"], dir.path(), &["--threads", "1000000"]);
    assert!(output.status.success());
    assert!(started.elapsed() < Duration::from_secs(30));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("is more than 4 per core"), "{stderr}");
}

/// A second run into a folder another run is writing stops with a message; what a killed run
/// left behind (an unpublished version, a temporary symlink) is removed by the next run, and
/// so is the lock file of the layout before versioned sets.
#[test]
fn an_output_folder_is_locked_and_leftovers_are_removed() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let killed = out.join(".kampfakta/v-4242-0-00c0ffee00c0ffee");
    std::fs::create_dir_all(&killed).unwrap();
    std::fs::write(out.join(".kampfakta.lock"), "").unwrap();
    std::fs::write(killed.join("events.csv"), "half a run").unwrap();
    std::os::unix::fs::symlink(
        "v-4242-0-00c0ffee00c0ffee",
        out.join(".kampfakta/link.4242-1-00c0ffee00c0ffee.tmp"),
    )
    .unwrap();
    let held = std::fs::File::create(out.join(".kampfakta/lock")).unwrap();
    held.lock().unwrap();
    let output = extract(&["data/samples"], &out, &[]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("another kampfakta run is writing into this folder"),
        "{stderr}"
    );
    assert!(std::fs::symlink_metadata(out.join("events.csv")).is_err());
    assert!(
        killed.exists(),
        "untouched while the other run holds the lock"
    );
    held.unlock().unwrap();
    assert!(extract(&["data/samples"], &out, &[]).status.success());
    assert!(!killed.exists(), "the killed run's version is gone");
    assert!(
        !out.join(".kampfakta.lock").exists(),
        "the old lock is gone"
    );
    assert_eq!(leftovers(&out), Vec::<String>::new());
}

/// Two runs into one folder at once: the second stops with the lock message while the first,
/// blocked reading standard input, holds the lock; the first then publishes its set.
#[test]
fn a_second_concurrent_run_stops_with_the_lock_message() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let mut first = Command::new(env!("CARGO_BIN_EXE_kampfakta"))
        .args(["extract", "-", "--quiet", "--out"])
        .arg(&out)
        .stdin(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = first.stdin.take().unwrap();
    input.write_all("Brann scoret i det ".as_bytes()).unwrap();
    wait_for_an_unpublished_set(&out, &mut first);
    let second = extract(&["data/samples"], &out, &[]);
    assert_eq!(second.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&second.stderr);
    assert!(stderr.contains("(it holds .kampfakta/lock)"), "{stderr}");
    input.write_all("3. minutt.".as_bytes()).unwrap();
    drop(input);
    assert!(first.wait().unwrap().success());
    assert!(crate::common::read(&out.join("events.csv")).contains(",goal,3,"));
    assert_eq!(leftovers(&out), Vec::<String>::new());
}

/// A merge that fails on its third file (a shard without `matches.csv`) leaves every previous
/// output as it was, not a new `events.csv` beside old others.
#[test]
fn a_failing_merge_leaves_the_previous_set_whole() {
    let dir = tempfile::tempdir().unwrap();
    let (one, two) = two_shards(dir.path());
    let out = dir.path().join("out");
    assert!(extract(&["data/samples/rosenborg-molde.txt"], &out, &[])
        .status
        .success());
    let before: Vec<Vec<u8>> = OUTPUTS
        .iter()
        .map(|name| std::fs::read(out.join(name)).unwrap())
        .collect();
    let published = std::fs::canonicalize(two.join(".kampfakta/current")).unwrap();
    std::fs::remove_file(published.join("matches.csv")).unwrap();
    let output = merge(&one, &two, &out);
    assert_eq!(output.status.code(), Some(2));
    for (name, before) in OUTPUTS.iter().zip(&before) {
        assert_eq!(&std::fs::read(out.join(name)).unwrap(), before, "{name}");
    }
    assert_eq!(leftovers(&out), Vec::<String>::new());
}

/// A merge reads each shard's published set, resolved once, not the names in its folder one by
/// one: a name that points elsewhere (as after a run republished the shard mid-merge) is not
/// read.
#[test]
fn a_merge_reads_each_shards_published_set() {
    let dir = tempfile::tempdir().unwrap();
    let (one, two) = two_shards(dir.path());
    let merged_events = |out: &Path| {
        let output = merge(&one, &two, out);
        assert!(output.status.success(), "{output:?}");
        std::fs::read(out.join("events.csv")).unwrap()
    };
    let expected = merged_events(&dir.path().join("before"));
    let elsewhere = dir.path().join("elsewhere.csv");
    std::fs::write(&elsewhere, "doc_id\nnot this shard's row\n").unwrap();
    std::fs::remove_file(two.join("events.csv")).unwrap();
    std::os::unix::fs::symlink(&elsewhere, two.join("events.csv")).unwrap();
    assert_eq!(merged_events(&dir.path().join("after")), expected);
}

/// The samples extracted as shards 1/2 and 2/2 into `dir/1` and `dir/2`.
fn two_shards(dir: &Path) -> (std::path::PathBuf, std::path::PathBuf) {
    let (one, two) = (dir.join("1"), dir.join("2"));
    for (shard, folder) in [("1/2", &one), ("2/2", &two)] {
        assert!(extract(&["data/samples"], folder, &["--shard", shard])
            .status
            .success());
    }
    (one, two)
}

/// `kampfakta merge ONE TWO --out OUT`.
fn merge(one: &Path, two: &Path, out: &Path) -> std::process::Output {
    crate::common::kampfakta(&[
        "merge",
        one.to_str().unwrap(),
        two.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ])
}

/// A document over `--max-document-bytes` (a file, or one JSON Lines record) is reported and not
/// read; the records after a long one still are.
#[test]
fn documents_over_the_size_limit_are_reported_not_read() {
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.txt");
    std::fs::write(&big, "Brann scoret. ".repeat(1000)).unwrap();
    let records = dir.path().join("records.jsonl");
    let long = "Brann scoret. ".repeat(1000);
    std::fs::write(
        &records,
        format!(
            "{{\"id\":\"long\",\"text\":\"{long}\"}}\n{{\"id\":\"short\",\"text\":\"Viking scoret i det 5. minutt.\"}}\n"
        ),
    )
    .unwrap();
    let out = dir.path().join("out");
    let output = extract(&[&big, &records], &out, &["--max-document-bytes", "5000"]);
    assert_eq!(output.status.code(), Some(1));
    let report = report(&out);
    assert_eq!(report["documents_read"], 1, "the short record");
    let failures = report["failures"].to_string();
    assert!(
        failures.contains("big.txt") && failures.contains("records.jsonl:1"),
        "{failures}"
    );
    assert!(
        failures.contains("larger than 5000 bytes: not read"),
        "{failures}"
    );
}

/// A shard that gets no document of a small corpus succeeds, with empty outputs.
#[test]
fn an_empty_shard_succeeds() {
    let dir = tempfile::tempdir().unwrap();
    let output = extract(
        &["data/samples/rosenborg-molde.txt"],
        dir.path(),
        &["--shard", "3/3"],
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(report(dir.path())["documents_read"], 0);
}

/// Two file names that are not UTF-8 (Latin-1 `Mål.txt`, `Møl.txt`) stay two documents with
/// two ids, their odd bytes written `\xNN`.
#[test]
fn latin1_file_names_keep_their_own_ids() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("corpus");
    std::fs::create_dir(&corpus).unwrap();
    for name in [&b"M\xe5l.txt"[..], &b"M\xf8l.txt"[..]] {
        let path = corpus.join(std::ffi::OsStr::from_bytes(name));
        std::fs::write(path, "Brann scoret i det 3. minutt.").unwrap();
    }
    let out = dir.path().join("out");
    assert!(extract(&[&corpus], &out, &[]).status.success());
    let ids = crate::common::column(&crate::common::read(&out.join("events.csv")), "doc_id");
    assert_eq!(ids.len(), 2);
    assert!(
        ids[0].ends_with("M\\xe5l.txt") && ids[1].ends_with("M\\xf8l.txt"),
        "{ids:?}"
    );
}

/// A record exactly at the limit is read, and the record after one over it is not lost.
#[test]
fn json_lines_at_and_over_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("records.jsonl");
    let record = |id: &str, len: usize| {
        let head = format!("{{\"id\":\"{id}\",\"text\":\"");
        let pad = len - head.len() - 2;
        format!("{head}{}\"}}\n", "x".repeat(pad))
    };
    let text = [
        record("a", 60),
        record("b", 100),
        record("c", 101),
        record("d", 60),
    ]
    .concat();
    std::fs::write(&file, text).unwrap();
    let out = dir.path().join("out");
    let output = extract(
        &[&file],
        &out,
        &["--max-document-bytes", "100", "--all-documents"],
    );
    assert_eq!(output.status.code(), Some(1));
    let report = report(&out);
    assert_eq!(
        report["documents_read"], 3,
        "a, b (exactly 100 bytes) and d"
    );
    assert_eq!(
        report["failures"][0]["source"].as_str().unwrap(),
        format!("{}:3", file.display())
    );
}

/// The lock is only ever a regular file: a FIFO or a symlink planted at its name is refused
/// with a message, not opened (a FIFO would block the run, a symlink lock a file elsewhere).
#[test]
fn a_planted_lock_file_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    for planted in ["fifo", "symlink"] {
        let out = dir.path().join(planted);
        std::fs::create_dir_all(out.join(".kampfakta")).unwrap();
        let lock = out.join(".kampfakta/lock");
        if planted == "fifo" {
            assert!(Command::new("mkfifo")
                .arg(&lock)
                .status()
                .unwrap()
                .success());
        } else {
            std::os::unix::fs::symlink(dir.path().join("elsewhere"), &lock).unwrap();
        }
        let started = Instant::now();
        let output = extract(&["data/samples"], &out, &[]);
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "{planted}: no hang"
        );
        assert_eq!(output.status.code(), Some(2), "{planted}");
        assert!(String::from_utf8_lossy(&output.stderr).contains("is not a regular file"));
    }
    assert!(!dir.path().join("elsewhere").exists());
}
