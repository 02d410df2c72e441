//! The compiled gazetteer: a built [`Gazetteer`] as bytes, so that a run starts without parsing
//! CSV, resolving references or building the form index. The shipped gazetteers are compiled
//! into `data/gazetteers.snapshot` by `kampfakta gazetteer compile`, the same code that builds a
//! user's folder, and embedded in the binary; their form index is read in place.
//!
//! Layout: [`MAGIC`], [`FORMAT`] (u32), the fingerprint of the CSV files it was compiled from
//! (u64), then four sections, each its length (u64) and bytes: the form index and the id index
//! (`fst` maps, read in place), the entities and their profiles (rows decoded when first read,
//! see [`LazyRows`]); the rest of the gazetteer (postcard) to the end. All little-endian.
//!
//! The CSVs stay the source of truth: `build.rs` fingerprints the shipped files as it builds the
//! crate, and a snapshot of other files (a CSV edited without compiling again) is not used; the
//! gazetteer is then built from the CSVs, as slowly as before, and the build warns.

use super::form_index::FormIndex;
use super::id_index::IdIndex;
use super::lazy_rows::LazyRows;
use super::Gazetteer;
use std::borrow::Cow;

const MAGIC: &[u8; 8] = b"KFGAZSNP";
/// Changed whenever what the gazetteer holds changes shape, so that an older snapshot is not
/// read as this one.
const FORMAT: u32 = 1;
const HEADER: usize = MAGIC.len() + 4 + 8;
const WIDTH: usize = 8;

/// The snapshot of the shipped gazetteers, as committed.
static SHIPPED: &[u8] = include_bytes!("../../data/gazetteers.snapshot");

/// The fingerprint `build.rs` computed of the shipped CSV files this binary embeds.
pub(crate) fn shipped_fingerprint() -> u64 {
    env!("KAMPFAKTA_GAZETTEERS_FINGERPRINT")
        .parse()
        .expect("build.rs writes the fingerprint as a number")
}

/// The shipped gazetteers from their snapshot; `None` when it was not compiled from the CSV
/// files this binary embeds, or cannot be read.
pub(crate) fn shipped() -> Option<Gazetteer> {
    read(Cow::Borrowed(SHIPPED), shipped_fingerprint())
}

/// A gazetteer as bytes, marked as compiled from files of `fingerprint`.
pub(crate) fn write(gazetteer: &Gazetteer, fingerprint: u64) -> Vec<u8> {
    let sections = [
        gazetteer.forms.as_bytes().to_vec(),
        gazetteer.ids.as_bytes().to_vec(),
        gazetteer.entities.encode(),
        gazetteer.profiles.encode(),
    ];
    let rest = postcard::to_stdvec(gazetteer).expect("a gazetteer has no unserializable field");
    let mut bytes = Vec::new();
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&FORMAT.to_le_bytes());
    bytes.extend_from_slice(&fingerprint.to_le_bytes());
    for section in &sections {
        bytes.extend_from_slice(&(section.len() as u64).to_le_bytes());
        bytes.extend_from_slice(section);
    }
    bytes.extend_from_slice(&rest);
    bytes
}

/// The gazetteer of a snapshot compiled from files of `fingerprint`; `None` for other bytes.
pub(crate) fn read(bytes: Cow<'static, [u8]>, fingerprint: u64) -> Option<Gazetteer> {
    let header = bytes.get(..HEADER)?;
    let format = u32::from_le_bytes(header[8..12].try_into().ok()?);
    let stored_fingerprint = u64::from_le_bytes(header[12..20].try_into().ok()?);
    if &header[..8] != MAGIC || format != FORMAT || stored_fingerprint != fingerprint {
        return None;
    }
    // Each section as a range of `bytes`, then the rest.
    let mut at = HEADER;
    let mut sections = [(0, 0); 4];
    for section in &mut sections {
        let length = u64::from_le_bytes(bytes.get(at..at + WIDTH)?.try_into().ok()?);
        let start = at + WIDTH;
        let end = start.checked_add(usize::try_from(length).ok()?)?;
        bytes.get(start..end)?;
        *section = (start, end);
        at = end;
    }
    let mut gazetteer: Gazetteer = postcard::from_bytes(&bytes[at..]).ok()?;
    let section = |(start, end): (usize, usize)| match &bytes {
        Cow::Borrowed(bytes) => Cow::Borrowed(&bytes[start..end]),
        Cow::Owned(bytes) => Cow::Owned(bytes[start..end].to_vec()),
    };
    gazetteer.forms = FormIndex::from_bytes(section(sections[0]))?;
    gazetteer.ids = IdIndex::from_bytes(section(sections[1]))?;
    gazetteer.entities = LazyRows::from_encoded(section(sections[2]))?;
    gazetteer.profiles = LazyRows::from_encoded(section(sections[3]))?;
    Some(gazetteer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_snapshot_is_compiled_from_the_shipped_csv_files() {
        assert_eq!(
            super::super::load::embedded_fingerprint(),
            shipped_fingerprint(),
            "build.rs fingerprints the files load.rs embeds, in its order"
        );
        let built = Gazetteer::from_csv_defaults().expect("the shipped gazetteers load");
        let compiled = write(&built, shipped_fingerprint());
        assert!(
            compiled == SHIPPED,
            "data/gazetteers.snapshot is not what the shipped CSVs compile to: run \
             `cargo run --release -- gazetteer compile` and commit it"
        );
    }

    #[test]
    fn a_snapshot_reads_back_as_the_gazetteer_written() {
        let built = Gazetteer::builder()
            .csv(
                crate::gazetteer::EntityKind::Player,
                "players.csv",
                "id,name,aliases,club\nplayer:a,Ola Nordmann,Nordmann,club:molde-fk\n",
            )
            .build()
            .unwrap();
        let bytes = write(&built, 7);
        let read_back = read(Cow::Owned(bytes.clone()), 7).expect("the same fingerprint");
        assert_eq!(write(&read_back, 7), bytes);
        let table: [(&str, Vec<u8>, u64); 4] = [
            ("another fingerprint", bytes.clone(), 8),
            (
                "another format",
                [&bytes[..8], &[9, 0, 0, 0], &bytes[12..]].concat(),
                7,
            ),
            ("cut short", bytes[..bytes.len() / 2].to_vec(), 7),
            ("not a snapshot", b"id,name\n".to_vec(), 7),
        ];
        for (name, bytes, fingerprint) in table {
            assert!(read(Cow::Owned(bytes), fingerprint).is_none(), "{name}");
        }
    }
}
