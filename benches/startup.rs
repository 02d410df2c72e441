//! What every run pays before it reads a byte: one sentence through `kampfakta extract`, with the
//! shipped data, and with a user folder of 1,000 players over it (`--with-defaults`, its compiled
//! gazetteer read from the cache after the first run); and loading the shipped pipeline in
//! process. Each run's output is checked, so that a benchmark cannot measure a failure.
//!
//! Run: `cargo bench --bench startup`. Peak memory and a side-by-side with another build:
//! `benches/startup.sh [OTHER_BINARY]`.

use criterion::{criterion_group, criterion_main, Criterion};
use kampfakta::Pipeline;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

const SENTENCE: &str = "Haaland scoret 1-0.";

/// `extract - --out -` of the sentence, with `extra` arguments: the event rows it printed.
fn extract_sentence(extra: &[&str], cache: &Path) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kampfakta"))
        .args(["extract", "-", "--out", "-", "--quiet", "--no-header"])
        .args(extra)
        .env("KAMPFAKTA_CACHE_DIR", cache)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("piped");
    stdin.write_all(SENTENCE.as_bytes()).expect("written");
    drop(stdin);
    let output = child.wait_with_output().expect("the binary ends");
    assert!(output.status.success());
    String::from_utf8(output.stdout).expect("UTF-8 rows")
}

/// A gazetteer folder of 1,000 invented players at shipped clubs.
fn user_folder(dir: &Path) {
    let clubs = [
        "club:molde-fk",
        "club:rosenborg-bk",
        "club:sk-brann",
        "club:viking-fk",
    ];
    let mut rows = String::from("id,name,aliases,club,nationality,position,birth_date\n");
    for i in 0..1000 {
        let club = clubs[i % clubs.len()];
        rows.push_str(&format!(
            "player:testspiller-{i},Testspiller Nummer{i},,{club}@2020-2024,national:norge,MF,1999\n"
        ));
    }
    std::fs::write(dir.join("players.csv"), rows).expect("folder written");
}

fn startup(c: &mut Criterion) {
    let scratch = tempfile::tempdir().expect("a scratch folder");
    let (folder, cache) = (scratch.path().join("players"), scratch.path().join("cache"));
    std::fs::create_dir(&folder).expect("folder made");
    user_folder(&folder);
    let with_folder = [
        "--gazetteer",
        folder.to_str().expect("UTF-8"),
        "--with-defaults",
    ];
    let mut group = c.benchmark_group("startup");
    group.sample_size(20);
    group.bench_function("extract one sentence (shipped data)", |b| {
        b.iter(|| assert_eq!(extract_sentence(&[], &cache).lines().count(), 1))
    });
    // The first run compiles the folder into the cache; the rest read it back.
    extract_sentence(&with_folder, &cache);
    group.bench_function("extract one sentence (1,000-player folder, cached)", |b| {
        b.iter(|| assert_eq!(extract_sentence(&with_folder, &cache).lines().count(), 1))
    });
    group.bench_function("load the shipped pipeline in process", |b| {
        b.iter(|| {
            let pipeline = Pipeline::new().expect("the shipped data loads");
            assert!(pipeline
                .gazetteer()
                .index_of("player:erling-braut-håland")
                .is_some());
            pipeline
        })
    });
    group.finish();
}

criterion_group!(benches, startup);
criterion_main!(benches);
