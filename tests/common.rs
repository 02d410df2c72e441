//! Helpers the tests share: one pipeline, running the binary and reading what it wrote, and
//! finding the real data in `../shared`.

use kampfakta::Pipeline;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::LazyLock;

/// The pipeline with the shipped data, built once for the whole test binary: building the
/// automata costs more than most tests, and a `static` also proves that `Pipeline` is `Sync`.
pub static PIPELINE: LazyLock<Pipeline> =
    LazyLock::new(|| Pipeline::new().expect("the shipped data loads"));

/// The cache of compiled user gazetteers the tests' runs share, in the build folder rather than
/// the user's.
pub const TEST_CACHE: &str = concat!(env!("CARGO_TARGET_TMPDIR"), "/gazetteer-cache");

/// Runs `kampfakta` with these arguments from the crate's folder.
pub fn kampfakta<S: AsRef<OsStr>>(args: &[S]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kampfakta"))
        .env("KAMPFAKTA_CACHE_DIR", TEST_CACHE)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs")
}

/// Runs `kampfakta` with these arguments and `input` on its standard input, closed after it.
pub fn kampfakta_with_stdin(args: &[&str], input: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_kampfakta"))
        .env("KAMPFAKTA_CACHE_DIR", TEST_CACHE)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("standard input is piped");
    stdin
        .write_all(input.as_bytes())
        .expect("the binary reads its input");
    drop(stdin);
    child.wait_with_output().expect("the binary ends")
}

/// `kampfakta extract INPUTS --out OUT --quiet EXTRA...`
pub fn extract<S: AsRef<OsStr>>(inputs: &[S], out: &Path, extra: &[&str]) -> Output {
    let mut args: Vec<&OsStr> = vec![OsStr::new("extract")];
    args.extend(inputs.iter().map(AsRef::as_ref));
    args.extend([OsStr::new("--out"), out.as_os_str(), OsStr::new("--quiet")]);
    args.extend(extra.iter().map(OsStr::new));
    kampfakta(&args)
}

pub fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// One column of a CSV text, by header name.
pub fn column(csv: &str, name: &str) -> Vec<String> {
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let index = reader
        .headers()
        .unwrap()
        .iter()
        .position(|h| h == name)
        .unwrap();
    reader
        .records()
        .map(|r| r.unwrap()[index].to_string())
        .collect()
}

/// The `report.json` of an output folder.
pub fn report(out: &Path) -> serde_json::Value {
    serde_json::from_str(&read(&out.join("report.json"))).unwrap()
}

/// The real data: `KAMPFAKTA_SHARED` if set, otherwise `../shared` beside the checkout.
fn shared_root() -> PathBuf {
    match std::env::var_os("KAMPFAKTA_SHARED") {
        Some(root) => PathBuf::from(root),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared"),
    }
}

/// Whether missing data fails a test rather than skipping it: in CI (`CI` set, as CI services and
/// insta take it) or when asked for with `KAMPFAKTA_REQUIRE_DATA=1`, so that a lost data folder
/// cannot turn the quality floors into silent passes.
fn data_required(ci: Option<&OsStr>, require_data: Option<&OsStr>) -> bool {
    ci.is_some() || require_data == Some(OsStr::new("1"))
}

/// The path of `relative` in the real data. When it is missing: fails where the data is required,
/// and otherwise says the test was skipped and gives `None`.
pub fn shared_path(relative: &str) -> Option<PathBuf> {
    let path = shared_root().join(relative);
    if path.exists() {
        return Some(path);
    }
    missing(&format!(
        "{} is missing: the tests on real data need ../shared beside this checkout \
         (or KAMPFAKTA_SHARED set to that folder); see the README",
        path.display()
    ));
    None
}

/// Something a test needs is missing (the real data, a program): fails where it is required
/// (see [`data_required`]), and otherwise says the test was skipped.
pub fn missing(what: &str) {
    let (ci, require_data) = (
        std::env::var_os("CI"),
        std::env::var_os("KAMPFAKTA_REQUIRE_DATA"),
    );
    if data_required(ci.as_deref(), require_data.as_deref()) {
        panic!("{what}. Required because CI or KAMPFAKTA_REQUIRE_DATA=1 is set.");
    }
    skipped(what);
}

/// Says a test was skipped, past the test harness's capture of `println!` so that it shows.
fn skipped(why: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "SKIPPED: {why}");
}

/// The text of `relative` in the real data (see [`shared_path`] for when it is missing).
pub fn shared(relative: &str) -> Option<String> {
    let path = shared_path(relative)?;
    Some(std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

#[test]
fn missing_data_fails_in_ci_or_when_required() {
    for (name, ci, require_data, required) in [
        ("a developer's machine", None, None, false),
        ("CI", Some("true"), None, true),
        ("CI set to anything", Some("1"), None, true),
        ("asked for", None, Some("1"), true),
        ("not asked for", None, Some("0"), false),
    ] {
        assert_eq!(
            data_required(ci.map(OsStr::new), require_data.map(OsStr::new)),
            required,
            "{name}"
        );
    }
}
