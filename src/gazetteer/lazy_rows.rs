//! A table of rows (entities, profiles) that a snapshot holds encoded one by one: a row is
//! decoded the first time it is read, so that a run pays for the rows its documents name, not
//! for all 47,000 of the shipped gazetteers. A table built from CSV holds every row decoded.
//!
//! Encoded: the row count (u32), each row's end offset (u32), then the rows (postcard), all
//! little-endian.

use serde::de::DeserializeOwned;
use serde::Serialize;
use std::borrow::Cow;
use std::sync::OnceLock;

#[derive(Debug, Clone)]
pub(crate) struct LazyRows<T> {
    rows: Vec<OnceLock<T>>,
    /// The encoded table the rows not yet read are decoded from; `None` when all are decoded.
    encoded: Option<Cow<'static, [u8]>>,
}

impl<T> Default for LazyRows<T> {
    fn default() -> LazyRows<T> {
        LazyRows {
            rows: Vec::new(),
            encoded: None,
        }
    }
}

const WIDTH: usize = 4;

fn u32_at(bytes: &[u8], at: usize) -> Option<usize> {
    let le = bytes.get(at..at + WIDTH)?.try_into().ok()?;
    usize::try_from(u32::from_le_bytes(le)).ok()
}

impl<T: Serialize + DeserializeOwned> LazyRows<T> {
    /// A table of rows already decoded.
    pub(crate) fn decoded(rows: Vec<T>) -> LazyRows<T> {
        LazyRows {
            rows: rows.into_iter().map(OnceLock::from).collect(),
            encoded: None,
        }
    }

    /// The table [`LazyRows::encode`] wrote; `None` when the bytes are not one (the offsets are
    /// checked, the rows when first read).
    pub(crate) fn from_encoded(bytes: Cow<'static, [u8]>) -> Option<LazyRows<T>> {
        let count = u32_at(&bytes, 0)?;
        let rows_start = WIDTH.checked_mul(count.checked_add(1)?)?;
        let mut previous = rows_start;
        for row in 0..count {
            let end = rows_start.checked_add(u32_at(&bytes, WIDTH * (row + 1))?)?;
            if end < previous || end > bytes.len() {
                return None;
            }
            previous = end;
        }
        Some(LazyRows {
            rows: (0..count).map(|_| OnceLock::new()).collect(),
            encoded: Some(bytes),
        })
    }

    /// The table as bytes, for [`LazyRows::from_encoded`].
    pub(crate) fn encode(&self) -> Vec<u8> {
        let records: Vec<Vec<u8>> = self
            .iter()
            .map(|row| postcard::to_stdvec(row).expect("a row has no unserializable field"))
            .collect();
        let as_u32 = |n: usize| u32::try_from(n).expect("a snapshot's table is under 4 GiB");
        let mut bytes = Vec::new();
        bytes.extend_from_slice(&as_u32(records.len()).to_le_bytes());
        let mut end = 0;
        for record in &records {
            end += record.len();
            bytes.extend_from_slice(&as_u32(end).to_le_bytes());
        }
        records
            .iter()
            .for_each(|record| bytes.extend_from_slice(record));
        bytes
    }

    /// Row `index`, decoded now if it was not yet.
    ///
    /// # Panics
    /// When `index` is out of bounds, or its encoded row is not a `T`: a snapshot is read only
    /// when compiled from the embedded CSVs by this build's format (see `snapshot`).
    pub(crate) fn get(&self, index: usize) -> &T {
        self.rows[index].get_or_init(|| {
            let bytes = self
                .encoded
                .as_deref()
                .expect("a row not decoded is in the encoded table");
            let rows_start = WIDTH * (self.rows.len() + 1);
            let start = match index {
                0 => 0,
                _ => u32_at(bytes, WIDTH * index).expect("offsets checked when read"),
            };
            let end = u32_at(bytes, WIDTH * (index + 1)).expect("offsets checked when read");
            postcard::from_bytes(&bytes[rows_start + start..rows_start + end])
                .expect("the snapshot's rows are of this build's format")
        })
    }

    /// Every row, in order (each decoded as it is reached).
    pub(crate) fn iter(&self) -> impl ExactSizeIterator<Item = &T> + '_ {
        (0..self.rows.len()).map(|index| self.get(index))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_read_back_as_written() {
        let table = LazyRows::decoded(vec!["Molde".to_string(), String::new(), "Brann".into()]);
        let encoded = table.encode();
        let read = LazyRows::<String>::from_encoded(Cow::Owned(encoded.clone())).unwrap();
        assert_eq!(read.get(2), "Brann", "a row read before the ones above it");
        assert_eq!(
            read.iter().cloned().collect::<Vec<_>>(),
            ["Molde", "", "Brann"]
        );
        let broken: [(&str, Vec<u8>); 3] = [
            ("empty", Vec::new()),
            ("cut in the rows", encoded[..encoded.len() - 1].to_vec()),
            ("cut in the offsets", encoded[..8].to_vec()),
        ];
        for (name, bytes) in broken {
            assert!(
                LazyRows::<String>::from_encoded(Cow::Owned(bytes)).is_none(),
                "{name}"
            );
        }
    }
}
