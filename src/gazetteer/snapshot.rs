//! The compiled gazetteer (see [`crate::snapshot`]): a built [`Gazetteer`] whose run starts
//! without parsing CSV, resolving references or building its indexes. Its sections: the form
//! index and the id index (`fst` maps, read in place), the entities and their profiles (rows
//! decoded when first read, see [`LazyRows`]), and the rest of the gazetteer (postcard).

use super::form_index::FormIndex;
use super::id_index::IdIndex;
use super::lazy_rows::LazyRows;
use super::Gazetteer;
use crate::snapshot::{frame, sections, Kind};
use std::borrow::Cow;

const KIND: Kind = Kind {
    magic: b"KFGAZSNP",
    format: 1,
};

/// The snapshot of the shipped gazetteers, as committed (`kampfakta compile` writes it).
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
    let rest = postcard::to_stdvec(gazetteer).expect("a gazetteer has no unserializable field");
    let sections: [&[u8]; 5] = [
        gazetteer.forms.as_bytes(),
        gazetteer.ids.as_bytes(),
        &gazetteer.entities.encode(),
        &gazetteer.profiles.encode(),
        &rest,
    ];
    frame(&KIND, fingerprint, &sections)
}

/// The gazetteer of a snapshot compiled from files of `fingerprint`; `None` for other bytes.
pub(crate) fn read(bytes: Cow<'static, [u8]>, fingerprint: u64) -> Option<Gazetteer> {
    let [forms, ids, entities, profiles, rest] = sections::<5>(bytes, &KIND, fingerprint)?;
    let mut gazetteer: Gazetteer = postcard::from_bytes(&rest).ok()?;
    gazetteer.forms = FormIndex::from_bytes(forms)?;
    gazetteer.ids = IdIndex::from_bytes(ids)?;
    gazetteer.entities = LazyRows::from_encoded(entities)?;
    gazetteer.profiles = LazyRows::from_encoded(profiles)?;
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
             `cargo run --release -- compile` and commit it"
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
        // Its descriptors are hash maps, which may be written back in another order: compare
        // what it holds.
        assert!(read_back.entities().eq(built.entities()));
        assert_eq!(read_back.counts(), built.counts());
        assert_eq!(read_back.shared_forms(), built.shared_forms());
        let id = "player:a";
        assert_eq!(read_back.index_of(id), built.index_of(id));
        assert_eq!(read_back.is_first_name("Ola"), built.is_first_name("Ola"));
        assert!(read(Cow::Owned(bytes), 8).is_none(), "another fingerprint");
    }
}
