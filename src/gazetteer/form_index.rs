//! The index that finds the gazetteer's surface forms at a word start: a finite state transducer
//! (BurntSushi's `fst`, the term dictionary tantivy uses) from each folded form to its
//! [`FormId`]. Walked from a word start with no failure transitions (a name is only ever looked
//! for where a word begins), and usable in place from bytes: the shipped gazetteer's index is
//! compiled with it ([`super::snapshot`]) and read from the binary with no building at start.

use super::FormId;
use crate::span::Span;
use crate::text::name_gap_end;
use fst::raw::{Fst, Transition};
use std::borrow::Cow;

/// Folded surface forms -> their [`FormId`], in place from the snapshot's bytes or built.
#[derive(Clone)]
pub(crate) struct FormIndex {
    fst: Fst<Cow<'static, [u8]>>,
    /// The root's transition for each byte a form starts with: most word starts are passed over
    /// without a walk, and a walk starts one node in (the root has the most transitions, the
    /// slowest to search).
    root: [Option<Transition>; 256],
}

impl std::fmt::Debug for FormIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FormIndex")
            .field("forms", &self.fst.len())
            .finish()
    }
}

/// An index of no forms (a gazetteer's before its snapshot's index is read into it).
impl Default for FormIndex {
    fn default() -> FormIndex {
        FormIndex::build(&[])
    }
}

impl FormIndex {
    /// The index of `forms`, each written once; a form's [`FormId`] is its position.
    pub(crate) fn build(forms: &[String]) -> FormIndex {
        let mut sorted: Vec<(&[u8], u64)> = forms
            .iter()
            .enumerate()
            .map(|(id, form)| (form.as_bytes(), id as u64))
            .collect();
        sorted.sort_unstable();
        let fst = Fst::from_iter_map(sorted)
            .expect("gazetteer forms are distinct (one per folded form) and sorted");
        FormIndex::from_fst(Fst::new(Cow::Owned(fst.into_inner())).expect("just built"))
    }

    /// The index stored by [`FormIndex::as_bytes`]; `None` when the bytes are not an index.
    pub(crate) fn from_bytes(bytes: Cow<'static, [u8]>) -> Option<FormIndex> {
        Fst::new(bytes).ok().map(FormIndex::from_fst)
    }

    fn from_fst(fst: Fst<Cow<'static, [u8]>>) -> FormIndex {
        let mut root = [None; 256];
        for transition in fst.root().transitions() {
            root[usize::from(transition.inp)] = Some(transition);
        }
        FormIndex { fst, root }
    }

    /// The index as bytes, to be read back with [`FormIndex::from_bytes`].
    pub(crate) fn as_bytes(&self) -> &[u8] {
        self.fst.as_bytes()
    }

    /// Every form that starts at `start` of `bytes` (a folded window that begins at document
    /// offset `base`), shortest first, with its span at document offsets. A run of white space
    /// with at most one line break stands for the one space of a form.
    pub(crate) fn forms_at(
        &self,
        bytes: &[u8],
        base: usize,
        start: usize,
        mut found: impl FnMut(FormId, Span),
    ) {
        // A word start is never white space: its byte is a form's first byte, or no form starts.
        let Some(first) = bytes.get(start).and_then(|&b| self.root[usize::from(b)]) else {
            return;
        };
        let mut node = self.fst.node(first.addr);
        let mut output = first.out;
        let mut at = start + 1;
        if node.is_final() {
            let form = output.cat(node.final_output()).value();
            found(FormId(form as usize), Span::new(base + start, base + at));
        }
        while at < bytes.len() {
            let byte = match name_gap_end(bytes, at) {
                Some(end) if end > at => {
                    at = end;
                    b' '
                }
                Some(_) => {
                    at += 1;
                    bytes[at - 1]
                }
                None => break,
            };
            let Some(index) = node.find_input(byte) else {
                break;
            };
            let transition = node.transition(index);
            output = output.cat(transition.out);
            node = self.fst.node(transition.addr);
            if node.is_final() {
                let form = output.cat(node.final_output()).value();
                found(FormId(form as usize), Span::new(base + start, base + at));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found<'t>(index: &FormIndex, text: &'t str, start: usize) -> Vec<(usize, &'t str)> {
        let mut out = Vec::new();
        index.forms_at(text.as_bytes(), 0, start, |form, span| {
            out.push((form.0, &text[span.start()..span.end()]))
        });
        out
    }

    #[test]
    fn forms_found_at_a_start() {
        let forms: Vec<String> = ["ole gunnar solskjær", "ole", "roman", "oman", "molde"]
            .map(String::from)
            .to_vec();
        let index = FormIndex::build(&forms);
        type Row<'t> = (&'t str, &'t str, usize, Vec<(usize, &'t str)>);
        let table: [Row; 5] = [
            (
                "shortest first",
                "ole gunnar solskjær scoret",
                0,
                vec![(1, "ole"), (0, "ole gunnar solskjær")],
            ),
            (
                "white space with one line break is a space",
                "ole  gunnar\nsolskjær",
                0,
                vec![(1, "ole"), (0, "ole  gunnar\nsolskjær")],
            ),
            (
                "two line breaks end a name",
                "ole gunnar\n\nsolskjær",
                0,
                vec![(1, "ole")],
            ),
            (
                "a form inside a word is not found from its start",
                "roman",
                0,
                vec![(2, "roman")],
            ),
            ("no form starts here", "xolde", 0, vec![]),
        ];
        for (name, text, start, expected) in table {
            assert_eq!(found(&index, text, start), expected, "{name}");
        }
        let back = FormIndex::from_bytes(Cow::Owned(index.as_bytes().to_vec())).unwrap();
        assert_eq!(found(&back, "molde", 0), vec![(4, "molde")], "read back");
    }
}
