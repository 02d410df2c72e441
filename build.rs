//! Fingerprints the shipped gazetteer CSVs, so that the binary uses their compiled snapshot
//! (`data/gazetteers.snapshot`) only when it was compiled from these very files.

#[path = "src/gazetteer/fingerprint.rs"]
mod fingerprint;

/// The files `src/gazetteer/load.rs` embeds, in its order.
const SHIPPED: [&str; 6] = [
    "gazetteers/players.csv",
    "gazetteers/clubs.csv",
    "gazetteers/national_teams.csv",
    "gazetteers/officials.csv",
    "gazetteers/media.csv",
    "gazetteers/organisations.csv",
];
const SNAPSHOT: &str = "data/gazetteers.snapshot";

fn main() {
    let files: Vec<Vec<u8>> = SHIPPED
        .iter()
        .map(|path| {
            println!("cargo:rerun-if-changed={path}");
            std::fs::read(path).unwrap_or_else(|err| panic!("cannot read {path}: {err}"))
        })
        .collect();
    println!("cargo:rerun-if-changed={SNAPSHOT}");
    let fingerprint = fingerprint::fingerprint(files.iter().map(Vec::as_slice));
    println!("cargo:rustc-env=KAMPFAKTA_GAZETTEERS_FINGERPRINT={fingerprint}");
    // The snapshot's header: 8 bytes of magic, 4 of format, then the fingerprint.
    let compiled_from = std::fs::read(SNAPSHOT)
        .ok()
        .and_then(|bytes| Some(u64::from_le_bytes(bytes.get(12..20)?.try_into().ok()?)));
    if compiled_from != Some(fingerprint) {
        println!(
            "cargo:warning={SNAPSHOT} was not compiled from the gazetteers/*.csv files: every run \
             builds them from the CSVs (slow) until `cargo run --release -- gazetteer compile` \
             writes it again"
        );
    }
}
