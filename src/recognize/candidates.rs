//! Raw gazetteer matches: the automaton's hits at word starts, kept where they end a word (or a
//! genitive, or the first part of a compound) and their case fits, then the leftmost-longest of
//! overlapping ones. What is a name among them, [`NameFilter`](super::filter::NameFilter) decides.

use super::places::is_place_named;
use super::{How, OneOrMore};
use crate::gazetteer::{EntityKind, FormMatch, Gazetteer};
use crate::ids::EntityId;
use crate::segment::{Folded, Sentence};
use crate::span::Span;
use crate::text::previous_word;
use crate::words::names::{LOCATIVES, TRANSFER_WORDS};

/// A gazetteer form found in the text, before it is judged a name and linked.
pub(super) struct RawMatch {
    /// The form with its genitive ending, if any (`Tottenhams`).
    pub(super) span: Span,
    /// The length of the form itself (`Tottenham`); `u32`, as a span's offsets are, so that a
    /// match takes 32 bytes, not 40: a long report has a match for every 70 bytes of text, and
    /// its mentions are made in the matches' memory.
    pub(super) name_len: u32,
    /// The entities the form may be, each with whether the form is its full name.
    pub(super) candidates: OneOrMore<(EntityId, bool)>,
    pub(super) how: How,
}

impl RawMatch {
    /// The form as written, without a genitive ending or the rest of a compound.
    pub(super) fn surface<'t>(&self, text: &'t str) -> &'t str {
        &text[self.name()]
    }

    /// Where the form itself is: the match without a genitive ending or the rest of a compound.
    pub(super) fn name(&self) -> Span {
        let start = self.span.start();
        Span::new(start, start + self.name_len as usize)
    }
}

/// The matches of a document that do not overlap, in document order: among overlapping ones the
/// leftmost, and of those the longest (`Ole Gunnar Solskjær` over `Solskjær`). A match ends in
/// the sentence it starts in: a line of its own (`Angel`) does not take the name that starts the
/// next (`Di Maria ble spilt fint igjennom`).
pub(super) fn leftmost_longest(
    gazetteer: &Gazetteer,
    text: &str,
    sentences: &[Sentence],
) -> Vec<RawMatch> {
    // Word starts come in order and every form found at one starts there, so the leftmost-longest
    // choice is made start by start: no list of every form found (in a long, name-dense report
    // more than the text itself) is built or sorted, and no form is looked up inside a name
    // already chosen.
    let mut selected: Vec<RawMatch> = Vec::new();
    let mut found = Vec::new();
    let mut here = Vec::new();
    let mut sentence_ends = sentences.iter().map(|s| s.span.end()).peekable();
    // The sentence a start is in, with the white space before it, folded: every form kept ends
    // in it, and the automaton reads no further.
    let mut folded = Folded::default();
    let mut previous_end = 0;
    for start in word_starts(text) {
        if selected.last().is_some_and(|last| start < last.span.end()) {
            continue;
        }
        while let Some(end) = sentence_ends.next_if(|&end| end <= start) {
            previous_end = end;
        }
        let sentence_end = sentence_ends.peek().copied().unwrap_or(text.len());
        let window = Span::new(previous_end, sentence_end);
        if folded.window() != window {
            folded.cover(text, window);
        }
        gazetteer.forms_at(&folded, start, &mut found);
        for m in found.iter().filter(|m| m.span().end() <= sentence_end) {
            raw_match(gazetteer, text, m, &mut here);
        }
        // The longest form here, the first found of equally long ones.
        let mut longest: Option<RawMatch> = None;
        for m in here.drain(..) {
            if longest.as_ref().is_none_or(|l| m.name_len > l.name_len) {
                longest = Some(m);
            }
        }
        selected.extend(longest);
    }
    selected
}

/// Where a name may start: the text's start and after every character that is not a letter or
/// digit, nor a symbol glued to a name ("©NTB"). ASCII, most of the text, is judged by the byte.
fn word_starts(text: &str) -> impl Iterator<Item = usize> + '_ {
    let bytes = text.as_bytes();
    let mut at = 0;
    std::iter::once(0).chain(std::iter::from_fn(move || {
        while at < bytes.len() {
            let byte = bytes[at];
            let (separator, len) = if byte.is_ascii() {
                let glued = byte.is_ascii_alphanumeric() || matches!(byte, b'@' | b'_' | b'&');
                (!glued, 1)
            } else {
                let c = text[at..].chars().next().unwrap_or_default();
                (
                    !(c.is_alphanumeric() || matches!(c, '©' | '®')),
                    c.len_utf8().max(1),
                )
            };
            at += len;
            if separator {
                return Some(at);
            }
        }
        None
    }))
}

/// A form found at a word start, kept if it ends a word (or a genitive or compound) and its case
/// fits.
fn raw_match(gazetteer: &Gazetteer, text: &str, m: &FormMatch, out: &mut Vec<RawMatch>) {
    let (start, end) = (m.span().start(), m.span().end());
    if !text.is_char_boundary(end) {
        return;
    }
    let Some((span_end, how)) = word_end(text, end) else {
        return;
    };
    let surface = &text[m.span()];
    let candidates: Vec<(EntityId, bool)> = gazetteer
        .candidates(m.pattern())
        .iter()
        .filter(|c| case_fits(gazetteer.written_form(c), surface))
        .map(|c| (c.entity, c.is_name))
        .collect();
    // "i Norge", "fra Stranda", "byen Norwich": a team named after a place, written as the
    // place. A genitive belongs to the noun after it ("på Strandas banehalvdel", "i Norges
    // gruppe"), so the preposition says nothing about it; nor does it after a transfer
    // ("overgang fra Aalborg", "overgang til Bryne": the club).
    let club = candidates
        .iter()
        .any(|&(e, _)| gazetteer.entity(e).kind == EntityKind::Club);
    let after_locative = how != How::Genitive
        && candidates
            .iter()
            .all(|&(e, _)| is_place_named(gazetteer, e, surface))
        && LOCATIVES.contains(&previous_word(text, start).1.to_lowercase().as_str())
        && !(club && after_transfer(text, start));
    // "Osei-Boateng", "Appiah-Danso": a person's name joined by a hyphen to another capitalised
    // name is one double-barrelled name, not that person.
    let double_barrelled = candidates
        .iter()
        .all(|&(e, _)| gazetteer.entity(e).kind.is_person())
        && (how == How::Compound && starts_capitalised(&text[end + 1..])
            || capitalised_before_hyphen(text, start));
    if !candidates.is_empty() && !after_locative && !double_barrelled {
        out.push(RawMatch {
            span: Span::new(start, span_end),
            name_len: u32::try_from(end - start)
                .expect("a form of a text of at most MAX_TEXT_BYTES"),
            candidates: candidates.into(),
            how,
        });
    }
}

fn starts_capitalised(text: &str) -> bool {
    text.chars().next().is_some_and(char::is_uppercase)
}

/// Whether the text before `start` is a capitalised word and a hyphen (`Osei-` before `Boateng`).
fn capitalised_before_hyphen(text: &str, start: usize) -> bool {
    let Some(before) = text[..start].strip_suffix('-') else {
        return false;
    };
    let word_start = before.rfind(|c: char| !c.is_alphanumeric()).map_or(0, |i| {
        i + before[i..].chars().next().map_or(1, char::len_utf8)
    });
    !before[word_start..].is_empty() && starts_capitalised(&before[word_start..])
}

/// Whether a transfer word comes before `fra` (`overgang fra`, `hentet fra`, `lånt ut fra`) or
/// a transfer before `til` (`overgang til`): `hentet til Norge` may be a person's new country.
fn after_transfer(text: &str, start: usize) -> bool {
    let (at, word) = previous_word(text, start);
    let before = previous_word(text, at).1.to_lowercase();
    match word.to_lowercase().as_str() {
        "fra" | "frå" => TRANSFER_WORDS.contains(&before.as_str()),
        "til" => before.starts_with("overgang"),
        _ => false,
    }
}

/// Where a name ending at `end` may end as a word: the end itself, a genitive `s`, `'s` or `'`, or
/// a hyphen that starts the rest of a compound.
fn word_end(text: &str, end: usize) -> Option<(usize, How)> {
    let rest = &text[end..];
    let mut chars = rest.chars();
    let not_word = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric());
    match chars.next() {
        None => Some((end, How::Exact)),
        Some('s') if not_word(chars.next()) => Some((end + 1, How::Genitive)),
        Some(apostrophe @ ('\'' | '’')) => {
            let after = &rest[apostrophe.len_utf8()..];
            if after.starts_with('s') && not_word(after[1..].chars().next()) {
                Some((end + apostrophe.len_utf8() + 1, How::Genitive))
            } else if not_word(after.chars().next()) {
                Some((end + apostrophe.len_utf8(), How::Genitive))
            } else {
                None
            }
        }
        Some('-') if chars.next().is_some_and(char::is_alphanumeric) => Some((end, How::Compound)),
        // "TMZ.com", "vg.no": a web address, not the name.
        Some('.') if chars.next().is_some_and(|c| c.is_ascii_lowercase()) => None,
        Some(c) if !c.is_alphanumeric() => Some((end, How::Exact)),
        _ => None,
    }
}

/// Letters an all-capital form needs to be a code (`RBK`, `VG`) rather than a capitalised word.
const MIN_CODE_LETTERS: usize = 2;

/// A capitalised form needs a capitalised surface; an all-capital code (`RBK`) needs capitals.
fn case_fits(form: &str, surface: &str) -> bool {
    let first_upper = |s: &str| s.chars().next().is_some_and(char::is_uppercase);
    let letters = |s: &str| s.chars().filter(|c| c.is_alphabetic()).collect::<Vec<_>>();
    let form_letters = letters(form);
    if form_letters.len() >= MIN_CODE_LETTERS && form_letters.iter().all(|c| c.is_uppercase()) {
        return letters(surface).iter().all(|c| c.is_uppercase());
    }
    // A web address is written in lower case (`aftenbladet.no` for `Aftenbladet.no`).
    let web_address = !surface.contains(' ')
        && surface == surface.to_lowercase()
        && surface.rsplit_once('.').is_some_and(|(_, domain)| {
            (2..=3).contains(&domain.len()) && domain.chars().all(|c| c.is_ascii_lowercase())
        });
    !first_upper(form) || first_upper(surface) || web_address
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_capitalised_form_needs_a_capital_unless_written_as_a_web_address() {
        assert!(case_fits("Aftenbladet.no", "aftenbladet.no"));
        assert!(case_fits("Brann", "BRANN"));
        assert!(!case_fits("Brann", "brann"));
        assert!(!case_fits("St. Pauli", "st. pauli"));
        assert!(!case_fits("RBK", "Rbk"));
    }

    #[test]
    fn names_start_after_separators() {
        let text = "«Brann»-Ødegaard ©NTB x@y";
        let starts: Vec<&str> = word_starts(text)
            .filter(|&at| at < text.len())
            .map(|at| &text[at..])
            .collect();
        assert_eq!(
            starts,
            [
                text,
                "Brann»-Ødegaard ©NTB x@y",
                "-Ødegaard ©NTB x@y",
                "Ødegaard ©NTB x@y",
                "©NTB x@y",
                "x@y"
            ]
        );
    }
}
