//! Typed indices: an entity of the gazetteer, a mention or a sentence of one document. Each table
//! has its own index type (aho-corasick's `PatternID` is the model), so that a mention's index
//! cannot be used where an entity's is meant: `mentions[id]` takes a [`MentionId`] and
//! `sentences[id]` a [`SentenceId`], and [`crate::Gazetteer::entity`] an [`EntityId`].

/// Declares an index type: a `Copy` newtype that prints as its number.
///
/// Held as `u32`, read and made as `usize`: a long report has a mention for every 80 bytes of
/// text and an event for every 300, each holding ids, and a document has fewer sentences and
/// mentions than bytes ([`crate::segment::MAX_TEXT_BYTES`]); 8 bytes less in a mention (48 -> 40)
/// and 24 in an event.
macro_rules! index_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
        pub struct $name(u32);

        impl $name {
            /// The index `index` into its table.
            ///
            /// # Panics
            /// When `index` is past `u32::MAX`.
            #[inline]
            pub const fn new(index: usize) -> $name {
                assert!(index <= u32::MAX as usize, "an index of at most u32::MAX");
                $name(index as u32)
            }

            /// The position in its table.
            #[inline]
            pub const fn index(self) -> usize {
                self.0 as usize
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }
    };
}

index_type!(
    /// An entity of the gazetteer, its position in [`crate::Gazetteer::entities`]:
    /// [`crate::Gazetteer::entity`] gives it.
    EntityId
);
index_type!(
    /// A mention of one document, its position in [`crate::Recognition::mentions`].
    MentionId
);
index_type!(
    /// A sentence of one document, 0-based in document order (the `sentence` column of the CSV
    /// outputs), its position in [`crate::segment::Segmented::sentences`].
    SentenceId
);

#[cfg(test)]
mod tests {
    use super::{EntityId, MentionId, SentenceId};

    #[test]
    fn an_id_is_its_index_and_prints_as_it() {
        assert_eq!(EntityId::new(3).index(), 3);
        assert_eq!(MentionId::new(0).to_string(), "0");
        assert_eq!(SentenceId::new(12).to_string(), "12");
        assert!(
            SentenceId::new(2) < SentenceId::new(10),
            "ordered as numbers"
        );
    }
}
