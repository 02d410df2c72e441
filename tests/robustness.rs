//! Bad and hostile input: every problem named with its file (and line), every good document still
//! processed, no output half-written.

use crate::common::{extract, report};
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::RecvTimeoutError;
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
    let leftovers: Vec<_> = std::fs::read_dir(&out)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty());
}

/// Ctrl-C while `extract` waits for input: the handler removes the temporary outputs and exits
/// 130. The input is a FIFO, so the test knows when the run has its outputs open and is blocked
/// reading, instead of guessing with a timer.
#[test]
fn an_interrupted_run_leaves_the_previous_outputs_and_no_temporary_files() {
    const OUTPUTS: [&str; 4] = ["events.csv", "mentions.csv", "matches.csv", "report.json"];
    let dir = tempfile::tempdir().unwrap();
    let small = dir.path().join("small.txt");
    std::fs::write(&small, "Brann scoret i det 3. minutt.").unwrap();
    let out = dir.path().join("out");
    assert!(extract(&[small.as_path()], &out, &[]).status.success());
    let before: Vec<Vec<u8>> = OUTPUTS
        .iter()
        .map(|name| std::fs::read(out.join(name)).unwrap())
        .collect();

    // A FIFO named like a text file is read as one.
    let fifo = dir.path().join("live.txt");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success(), "mkfifo {}", fifo.display());
    let mut child = Command::new(env!("CARGO_BIN_EXE_kampfakta"))
        .args(["extract", fifo.to_str().unwrap(), "--out"])
        .arg(&out)
        .arg("--quiet")
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Opening the FIFO's writing end returns once `extract` has opened it for reading, which it does
    // after installing the interrupt handler and creating its temporary outputs.
    let mut writer = open_for_writing(&fifo, &mut child);
    writer.write_all("Brann scoret i det ".as_bytes()).unwrap();
    // Else the test would not show that the handler removes them.
    assert!(
        !temporary_files(&out).is_empty(),
        "the run has its temporary outputs open"
    );
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let output = child.wait_with_output().unwrap();
    drop(writer);

    assert_eq!(
        output.status.code(),
        Some(130),
        "interrupted before the end"
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("kampfakta: interrupted; no output written"),
        "{stderr}"
    );
    for (name, before) in OUTPUTS.iter().zip(&before) {
        assert_eq!(&std::fs::read(out.join(name)).unwrap(), before, "{name}");
    }
    assert_eq!(temporary_files(&out), Vec::<String>::new());
}

/// Opens `fifo` for writing, which blocks until `reader` opens it for reading; fails the test if
/// `reader` exits or a minute passes first, rather than hanging.
fn open_for_writing(fifo: &Path, reader: &mut Child) -> File {
    let (opened, receive) = std::sync::mpsc::channel();
    let path = fifo.to_path_buf();
    std::thread::spawn(move || opened.send(OpenOptions::new().write(true).open(path)));
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        match receive.recv_timeout(Duration::from_millis(50)) {
            Ok(file) => return file.unwrap(),
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => unreachable!("the opening thread sends"),
        }
        if let Some(status) = reader.try_wait().unwrap() {
            panic!(
                "extract ended ({status}) without opening {}",
                fifo.display()
            );
        }
        if Instant::now() > deadline {
            let _ = reader.kill();
            panic!("extract did not open {} within a minute", fifo.display());
        }
    }
}

/// The names of the temporary output files in `dir`.
fn temporary_files(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".tmp"))
        .collect()
}
