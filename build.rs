//! Fingerprints the shipped data files, so that the binary uses their compiled snapshots
//! (`data/*.snapshot`, written by `kampfakta compile`) only when compiled from these very files.

#[path = "src/snapshot/fingerprint.rs"]
mod fingerprint;

/// Each snapshot: the variable its fingerprint is given in, its file, and the files it is
/// compiled from, in the order the crate embeds them.
const SNAPSHOTS: [(&str, &str, &[&str]); 2] = [
    (
        "KAMPFAKTA_GAZETTEERS_FINGERPRINT",
        "data/gazetteers.snapshot",
        &[
            "gazetteers/players.csv",
            "gazetteers/clubs.csv",
            "gazetteers/national_teams.csv",
            "gazetteers/officials.csv",
            "gazetteers/media.csv",
            "gazetteers/organisations.csv",
        ],
    ),
    (
        "KAMPFAKTA_LEXICON_FINGERPRINT",
        "data/lexicon.snapshot",
        &[
            "data/cues/goal.csv",
            "data/cues/chance.csv",
            "data/cues/foul.csv",
            "data/cues/penalty.csv",
            "data/lemmas.tsv",
        ],
    ),
];

fn main() {
    // The sources: a compiled user gazetteer kept in a cache is read only by the build that
    // wrote it (`src/gazetteer/cache.rs`).
    println!("cargo:rerun-if-changed=src");
    let mut sources = Vec::new();
    source_files(std::path::Path::new("src"), &mut sources);
    sources.sort();
    let contents: Vec<Vec<u8>> = sources
        .iter()
        .map(|p| std::fs::read(p).unwrap_or_default())
        .collect();
    let sources_fingerprint = fingerprint::fingerprint(contents.iter().map(Vec::as_slice));
    println!("cargo:rustc-env=KAMPFAKTA_SOURCES_FINGERPRINT={sources_fingerprint:016x}");
    for (variable, snapshot, sources) in SNAPSHOTS {
        let files: Vec<Vec<u8>> = sources
            .iter()
            .map(|path| {
                println!("cargo:rerun-if-changed={path}");
                std::fs::read(path).unwrap_or_else(|err| panic!("cannot read {path}: {err}"))
            })
            .collect();
        println!("cargo:rerun-if-changed={snapshot}");
        let fingerprint = fingerprint::fingerprint(files.iter().map(Vec::as_slice));
        println!("cargo:rustc-env={variable}={fingerprint}");
        // The snapshot's header: 8 bytes of magic, 4 of format, then the fingerprint.
        let compiled_from = std::fs::read(snapshot)
            .ok()
            .and_then(|bytes| Some(u64::from_le_bytes(bytes.get(12..20)?.try_into().ok()?)));
        if compiled_from != Some(fingerprint) {
            println!(
                "cargo:warning={snapshot} was not compiled from {}: every run builds it from them \
                 (slow) until `cargo run --release -- compile` writes it again",
                sources.join(", ")
            );
        }
    }
}

/// Every file under `dir`, recursively.
fn source_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            source_files(&path, out);
        } else {
            out.push(path);
        }
    }
}
