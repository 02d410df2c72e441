//! The entity of each id, as an `fst` map from id to [`EntityId`]: read in place from the
//! compiled snapshot, where a hash map of 47,000 ids had to be built at every start.

use crate::ids::EntityId;
use fst::Map;
use std::borrow::Cow;

#[derive(Clone)]
pub(crate) struct IdIndex(Map<Cow<'static, [u8]>>);

impl std::fmt::Debug for IdIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("IdIndex")
            .field("ids", &self.0.len())
            .finish()
    }
}

/// An index of no ids (a gazetteer's before its snapshot's index is read into it).
impl Default for IdIndex {
    fn default() -> IdIndex {
        IdIndex::build(Vec::new())
    }
}

impl IdIndex {
    /// The index of `(id, entity)` pairs; of two pairs with one id, the later counts.
    pub(crate) fn build(mut pairs: Vec<(&str, EntityId)>) -> IdIndex {
        // Reversed, then sorted stably: of two pairs with one id the later comes first, and is
        // the one kept.
        pairs.reverse();
        pairs.sort_by(|a, b| a.0.cmp(b.0));
        pairs.dedup_by(|next, kept| next.0 == kept.0);
        let map = Map::from_iter(pairs.into_iter().map(|(id, e)| (id, e.index() as u64)))
            .expect("ids sorted and distinct");
        IdIndex(Map::new(Cow::Owned(map.into_fst().into_inner())).expect("just built"))
    }

    /// The index stored by [`IdIndex::as_bytes`]; `None` when the bytes are not one.
    pub(crate) fn from_bytes(bytes: Cow<'static, [u8]>) -> Option<IdIndex> {
        Map::new(bytes).ok().map(IdIndex)
    }

    pub(crate) fn as_bytes(&self) -> &[u8] {
        self.0.as_fst().as_bytes()
    }

    pub(crate) fn get(&self, id: &str) -> Option<EntityId> {
        self.0.get(id).map(|index| EntityId::new(index as usize))
    }
}
