//! Helpers the tests share: one pipeline, running the binary and reading what it wrote.

use kampfakta::Pipeline;
use std::ffi::OsStr;
use std::path::Path;
use std::process::{Command, Output};
use std::sync::LazyLock;

/// The pipeline with the shipped data, built once for the whole test binary: building the
/// automata costs more than most tests, and a `static` also proves that `Pipeline` is `Sync`.
pub static PIPELINE: LazyLock<Pipeline> =
    LazyLock::new(|| Pipeline::new().expect("the shipped data loads"));

/// Runs `kampfakta` with these arguments from the crate's folder.
pub fn kampfakta<S: AsRef<OsStr>>(args: &[S]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kampfakta"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs")
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
