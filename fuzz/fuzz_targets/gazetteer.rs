//! Gazetteer CSV parsing on arbitrary bytes: a gazetteer or a list of problems, never a panic.
use kampfakta::gazetteer::{EntityKind, Gazetteer};

fn main() {
    afl::fuzz!(|data: &[u8]| {
        let kind = match data.first().map(|b| b % 4) {
            Some(0) => EntityKind::Player,
            Some(1) => EntityKind::Club,
            Some(2) => EntityKind::NationalTeam,
            _ => EntityKind::Official,
        };
        let content = data.get(1..).unwrap_or_default();
        if let Ok(gazetteer) = Gazetteer::builder().csv(kind, "fuzz.csv", content).build() {
            let _ = gazetteer.shared_forms();
        }
    });
}
