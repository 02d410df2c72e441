//! Small word helpers on a document's text that several stages share (recognition, events,
//! evaluation). They look at plain characters only, know nothing of names or events, and return
//! byte offsets into the text they are given, so a caller's spans stay valid.

/// Whether a character is a dash as reports write one between two teams: a hyphen, an en dash or
/// an em dash.
pub(crate) fn is_dash(c: char) -> bool {
    matches!(c, '-' | '–' | '—')
}

/// Whether the text between two names is one dash and spaces: `Brann - Viking`, `Brann\n- Viking`.
pub(crate) fn one_dash(between: &str) -> bool {
    between.chars().filter(|&c| is_dash(c)).count() == 1
        && between.chars().all(|c| c.is_whitespace() || is_dash(c))
}

/// Where the white space at byte `at` ends, if it may stand between two words of one name:
/// spaces and tabs with at most one line break (`Thomas \nMüller` in a text wrapped by `fold
/// -s`); a blank line ends a paragraph (`\r\n` is one break).
pub(crate) fn name_gap_end(bytes: &[u8], mut at: usize) -> Option<usize> {
    let mut breaks = 0;
    while at < bytes.len() && matches!(bytes[at], b' ' | b'\t' | b'\n' | b'\r') {
        if bytes[at] == b'\n' || bytes[at] == b'\r' && bytes.get(at + 1) != Some(&b'\n') {
            breaks += 1;
        }
        at += 1;
    }
    (breaks <= 1).then_some(at)
}

/// Whether the text between two words may be the one space between two words of a name.
pub(crate) fn is_name_gap(between: &str) -> bool {
    !between.is_empty() && name_gap_end(between.as_bytes(), 0) == Some(between.len())
}

/// A text with its words one space apart (runs of white space as one space, none at the ends):
/// `Javier\nHernandez` wrapped over two lines is `Javier Hernandez`; borrowed when already so.
pub(crate) fn one_spaced(name: &str) -> std::borrow::Cow<'_, str> {
    if name
        .split(' ')
        .any(|word| word.is_empty() || word.contains(char::is_whitespace))
    {
        name.split_whitespace().collect::<Vec<_>>().join(" ").into()
    } else {
        name.into()
    }
}

/// The word that ends before `offset`, after any spaces, and where it starts (letters and digits
/// only: `Stranda-keeper` gives `keeper`; empty after punctuation).
pub(crate) fn previous_word(text: &str, offset: usize) -> (usize, &str) {
    let before = text[..offset].trim_end();
    let start = before.rfind(|c: char| !c.is_alphanumeric()).map_or(0, |i| {
        i + before[i..].chars().next().map_or(1, char::len_utf8)
    });
    (start, &before[start..])
}

/// The byte offset of the next character after `offset` that is not a space (a word or a mark),
/// if at least one space comes first.
pub(crate) fn next_word_start(text: &str, offset: usize) -> Option<usize> {
    let rest = &text[offset..];
    let trimmed = rest.trim_start_matches(' ');
    (trimmed.len() < rest.len() && !trimmed.is_empty()).then(|| offset + rest.len() - trimmed.len())
}

/// The letters and digits a text opens with, up to the first other character (`keeper` of
/// `keeper Friedel`; empty when the text opens with punctuation).
pub(crate) fn leading_word(text: &str) -> &str {
    text.split(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or("")
}

/// Whether a word is capitalised: an upper-case first letter and some lower case (`Hansen`,
/// not `RBK` or `hansen`).
pub(crate) fn is_capitalised(word: &str) -> bool {
    word.starts_with(char::is_uppercase) && word.chars().any(char::is_lowercase)
}

/// Whether a word is written in capitals: it has letters and none in lower case (`FIFA`, `NTB`,
/// `OSLO/BRASILIA`), not `Fifa`.
pub(crate) fn is_shouted(word: &str) -> bool {
    let mut letters = word.chars().filter(|c| c.is_alphabetic()).peekable();
    letters.peek().is_some() && letters.all(char::is_uppercase)
}

/// Whether a text writes this word in lower case somewhere, as a whole word (false for a word
/// that is in lower case already).
pub(crate) fn used_in_lower_case(text: &str, word: &str) -> bool {
    let lower = word.to_lowercase();
    if lower == word {
        return false;
    }
    text.match_indices(lower.as_str()).any(|(at, found)| {
        let before = text[..at].chars().next_back();
        let after = text[at + found.len()..].chars().next();
        before.is_none_or(|c| !c.is_alphanumeric()) && after.is_none_or(|c| !c.is_alphanumeric())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_around_an_offset() {
        let text = "mot Stranda-keeper  Friedel.";
        assert_eq!(previous_word(text, 18), (12, "keeper"));
        assert_eq!(previous_word(text, 0), (0, ""));
        assert_eq!(next_word_start(text, 18), Some(20));
        assert_eq!(
            next_word_start(text, 27),
            None,
            "punctuation is no word start"
        );
        assert_eq!(leading_word(&text[4..]), "Stranda");
        assert_eq!(leading_word("-keeper"), "");
    }

    #[test]
    fn capitalised_words() {
        assert!(is_capitalised("Hansen"));
        assert!(is_capitalised("Ødegaard"));
        assert!(!is_capitalised("RBK"));
        assert!(!is_capitalised("hansen"));
    }

    #[test]
    fn dashes_between_names() {
        assert!(one_dash(" - "));
        assert!(one_dash("\n– "));
        assert!(!one_dash(" - - "));
        assert!(!one_dash(" og "));
    }

    #[test]
    fn lower_case_use_is_whole_words() {
        assert!(used_in_lower_case(
            "Barnet vil. Barnet er et barnet.",
            "Barnet"
        ));
        assert!(!used_in_lower_case("Barnet vil. barnehagen", "Barnet"));
        assert!(!used_in_lower_case("barnet", "barnet"));
    }
}
