//! Paragraphs and sentences: where a line continues the one before, and which punctuation ends a
//! sentence (see the module docs of [`super`]).

use super::{is_terminal, Sentence, SentenceKind, Token, TokenKind, TokenRange};
use crate::span::Span;
use crate::words::fact_lines::is_fact_label_word;
use crate::words::segmentation::{ABBREVIATIONS, FINAL_ABBREVIATIONS};
use std::ops::Range;

/// Most tokens before a fact line's colon (`Gult kort:`, `Mål:`): a longer run before a colon is
/// a sentence, not a label.
const MAX_FACT_LABEL_TOKENS: usize = 3;

/// Longest team or speaker code before a colon (`N:`, `RBK:`, `T:`): a dateline (`OSLO:`) is longer.
const MAX_TEAM_CODE_CHARS: usize = 3;

/// Characters a line has when it was cut by hard wrapping (`fold -s -w 72`, mail, archives): a
/// shorter line without final punctuation is a headline or a fact line of its own.
const WRAPPED_LINE_CHARS: usize = 50;

/// Lines of the text as byte ranges, joining a line to the line before when that line has no
/// final punctuation and the line starts in lower case, or the line before is as long as a
/// hard-wrapped line, is not the text's first (a title) and this one does not start a line of
/// its own (a dash, a bullet, a minute, a fact label, a dateline).
pub(super) fn paragraphs(text: &str) -> impl Iterator<Item = Span> + '_ {
    let mut blocks: Vec<Span> = Vec::new();
    let mut previous_blank = true;
    // The last line read: its own length and end decide, not those of the block it joined.
    let mut previous_line = Span::new(0, 0);
    for line in lines(text) {
        let trimmed = text[line].trim();
        if trimmed.is_empty() {
            previous_blank = true;
            continue;
        }
        let first = trimmed.chars().next().unwrap_or(' ');
        let prev_line = std::mem::replace(&mut previous_line, line);
        if let Some(last) = blocks.last_mut() {
            let prev = text[prev_line].trim_end();
            let open = !prev.ends_with(['.', '!', '?', '…', ':', '»', '"'])
                || stop_inside_sentence(prev) && first.is_lowercase();
            // A title, or a dateline with the match (`OSLO (VG) (Argentina - Sveits 1-0)`), is a
            // line of its own however long.
            let title = text[..prev_line.start()].trim().is_empty();
            let wrapped = prev.chars().count() >= WRAPPED_LINE_CHARS
                && !title
                && !starts_with_dateline(prev.trim_start())
                && !starts_a_line(trimmed);
            if !previous_blank && open && (first.is_lowercase() || wrapped) {
                *last = last.to_end_of(line);
                continue;
            }
        }
        blocks.push(line);
        previous_blank = false;
    }
    blocks.into_iter()
}

/// Whether a line ends with a stop that ends no sentence when lower case follows: an ordinal's
/// (`i det 68.` / `minutt`) or an abbreviation's (`bl.a.`, `ca.`).
fn stop_inside_sentence(line: &str) -> bool {
    let Some(before) = line.strip_suffix('.') else {
        return false;
    };
    let word = before
        .rsplit(|c: char| !(c.is_alphanumeric() || c == '.'))
        .next()
        .unwrap_or_default()
        .to_lowercase();
    word.chars().all(|c| c.is_ascii_digit()) && !word.is_empty()
        || ABBREVIATIONS.contains(&word.as_str()) && !FINAL_ABBREVIATIONS.contains(&word.as_str())
}

/// Whether a line starts a line of its own even after a long open one: a quote's dash (a quote
/// opens with a capital: `- Vi vant`, while `- feilaktig - spillet` is a wrapped aside), a list
/// bullet, a live blog's minute (`23'`, `67.`), a fact label (`Mål:`, `Gult kort:`), a dateline
/// (`TROMSØ (VG):`).
fn starts_a_line(line: &str) -> bool {
    let first_word: String = line.chars().take_while(|c| c.is_alphanumeric()).collect();
    let dash_aside = line
        .strip_prefix(['-', '–', '—'])
        .and_then(|rest| rest.strip_prefix(' '))
        .is_some_and(|rest| rest.starts_with(char::is_lowercase));
    line.starts_with(['-', '–', '—', '•', '*', '«']) && !dash_aside
        || starts_with_a_marked_number(line)
        || starts_with_dateline(line)
        || (is_fact_label_word(&first_word.to_lowercase())
            && line.split(':').next().is_some_and(|label| label.len() < 20))
}

/// Whether a line starts with a live blog's minute or a list's number: digits (and `+digits`)
/// followed by `'`, `’` or `:`, or by `.` or `)` and a capitalised word (`23' Mål`, `90+2: Slutt`,
/// `67. Gult kort`, `1) Brann`), or nothing else; not a wrapped line's `0-1.` or `112. minutt`.
fn starts_with_a_marked_number(line: &str) -> bool {
    let digits = |s: &str| s.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let rest = &line[line.len() - digits(line)..];
    if rest.len() == line.len() {
        return false;
    }
    let rest = match rest.strip_prefix('+') {
        Some(added) => &added[added.len() - digits(added)..],
        None => rest,
    };
    let mut chars = rest.chars();
    match chars.next() {
        None => true,
        Some('\'' | '’' | ':') => true,
        Some('.' | ')') => chars.as_str().trim_start().starts_with(char::is_uppercase),
        _ => false,
    }
}

/// Whether a line starts with a dateline's place in capitals (`TROMSØ (VG):`, `OSLO/SAO PAULO`).
fn starts_with_dateline(line: &str) -> bool {
    let first_word: String = line.chars().take_while(|c| c.is_alphanumeric()).collect();
    first_word.chars().count() >= 3 && first_word.chars().all(char::is_uppercase)
}

/// The lines of a text as byte ranges without their line ends (`\n`, `\r\n` or `\r`).
fn lines(text: &str) -> Vec<Span> {
    let mut lines = Vec::new();
    let mut start = 0;
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'\n' || bytes[i] == b'\r' {
            lines.push(Span::new(start, i));
            if bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
                i += 1;
            }
            start = i + 1;
        }
        i += 1;
    }
    lines.push(Span::new(start, text.len()));
    lines
}

/// Splits the tokens of one paragraph, `tokens[from..]` of its document's, into sentences,
/// appended to `out`: each sentence is a range of the document's tokens, none copied.
pub(super) fn split_sentences(
    text: &str,
    tokens: &[Token],
    from: usize,
    paragraph: u32,
    out: &mut Vec<Sentence>,
) {
    let mut start = from;
    let mut i = from;
    while i < tokens.len() {
        let ends = ends_sentence(text, tokens, i, &tokens[start..i]);
        i += 1;
        if !ends {
            continue;
        }
        // Closing quotes and brackets belong to the sentence they close.
        while i < tokens.len() && is_closing_after(text, tokens, i) {
            i += 1;
        }
        let next = tokens.get(i);
        if next.is_none_or(|next| starts_sentence(text, next)) {
            // A final-abbreviation ends a sentence only before a capital word.
            let last = tokens[i - 1].kind;
            if last == TokenKind::Abbreviation
                && next.is_some_and(|next| !text[next.span()].starts_with(char::is_uppercase))
            {
                continue;
            }
            push_sentence(text, tokens, start..i, paragraph, out);
            start = i;
        }
    }
    push_sentence(text, tokens, start..i, paragraph, out);
}

/// Whether token `i` may end the sentence `current` (the tokens before it) holds.
fn ends_sentence(text: &str, tokens: &[Token], i: usize, current: &[Token]) -> bool {
    let token = &tokens[i];
    let surface = &text[token.span()];
    match token.kind {
        TokenKind::Punct if surface == ":" => colon_ends_sentence(text, tokens.get(i + 1), current),
        TokenKind::Punct => is_terminal(surface),
        TokenKind::Abbreviation => {
            let stem = surface.trim_end_matches('.').to_lowercase();
            FINAL_ABBREVIATIONS.contains(&stem.as_str())
        }
        _ => false,
    }
}

/// "Foto: Rune Stølås", "han sa: - Vi ..." start a new sentence; fact lines ("Mål: 1-0 Johnsen
/// (41)", "Gult kort: ...") and titles in quotes («Guitar Hero: World Tour») stay whole.
fn colon_ends_sentence(text: &str, next: Option<&Token>, before_colon: &[Token]) -> bool {
    let next_starts = next.is_some_and(|next| {
        let first = text[next.span()].chars().next().unwrap_or(' ');
        first.is_uppercase() || matches!(first, '«' | '"' | '–' | '-' | '—')
    });
    let count = |mark: &str| {
        before_colon
            .iter()
            .filter(|t| &text[t.span()] == mark)
            .count()
    };
    let inside_quote = count("«") > count("»");
    next_starts
        && !inside_quote
        && !is_fact_label(text, before_colon)
        && !ends_with_team_code(text, before_colon)
}

/// Whether token `i`, after the end of a sentence, closes it: a closing quote or bracket, and a
/// straight quote only when glued to the token before (after a space it opens the next one).
fn is_closing_after(text: &str, tokens: &[Token], i: usize) -> bool {
    let surface = &text[tokens[i].span()];
    tokens[i].kind == TokenKind::Punct
        && is_closing(surface)
        && (matches!(surface, "»" | ")" | "]" | "”")
            || tokens[i].span().start() == tokens[i - 1].span().end())
}

fn is_closing(surface: &str) -> bool {
    matches!(surface, "»" | "\"" | "'" | "”" | "’" | ")" | "]")
}

/// Whether a token may open a sentence: a capital, a digit, an opening quote or bracket, a
/// bullet or a dialogue dash.
fn starts_sentence(text: &str, token: &Token) -> bool {
    let surface = &text[token.span()];
    let Some(first) = surface.chars().next() else {
        return false;
    };
    first.is_uppercase()
        || first.is_numeric()
        || matches!(
            first,
            '«' | '"' | '“' | '(' | '[' | '–' | '—' | '-' | '\'' | '‘' | '*' | '•'
        )
}

/// A fact line's label before the colon (`Mål:`, `Gult kort:`).
fn is_fact_label(text: &str, before_colon: &[Token]) -> bool {
    before_colon.len() <= MAX_FACT_LABEL_TOKENS
        && before_colon
            .first()
            .is_some_and(|t| is_fact_label_word(&text[t.span()].to_lowercase()))
}

/// A team's code before a colon in a fact list: `N: Nordtveit, Selnæs`, `Gult kort: N: ...`.
fn ends_with_team_code(text: &str, before_colon: &[Token]) -> bool {
    let Some((code, before)) = before_colon.split_last() else {
        return false;
    };
    is_team_code(&text[code.span()]) && before.last().is_none_or(|t| &text[t.span()] == ":")
}

/// A team's short code (`N`, `RBK`): up to three capitals, so that a dateline (`OSLO: ...`) is
/// not one.
pub(crate) fn is_team_code(word: &str) -> bool {
    word.chars().count() <= MAX_TEAM_CODE_CHARS && word.chars().all(char::is_uppercase)
}

fn push_sentence(
    text: &str,
    tokens: &[Token],
    range: Range<usize>,
    paragraph: u32,
    out: &mut Vec<Sentence>,
) {
    let own = &tokens[range.clone()];
    if let (Some(first), Some(last)) = (own.first(), own.last()) {
        let span = Span::new(first.span().start(), last.span().end());
        let kind = match fact_line_colon(text, own) {
            Some(colon) => SentenceKind::FactLine {
                colon: u32::try_from(colon).expect("a text of at most MAX_TEXT_BYTES"),
            },
            None => SentenceKind::Prose,
        };
        out.push(Sentence {
            span,
            paragraph,
            tokens: TokenRange::new(range),
            kind,
        });
    }
}

/// The colon of a fact line's label: the first colon, after a fact label or a team's code.
fn fact_line_colon(text: &str, tokens: &[Token]) -> Option<usize> {
    let colon = tokens
        .iter()
        .take(MAX_FACT_LABEL_TOKENS + 1)
        .position(|t| &text[t.span()] == ":")?;
    let label = &tokens[..colon];
    (is_fact_label(text, label) || ends_with_team_code(text, label)).then_some(colon)
}

#[cfg(test)]
mod tests {
    use crate::segment::segment;

    fn sentences(text: &str) -> Vec<&str> {
        segment(text)
            .unwrap()
            .sentences
            .iter()
            .map(|s| &text[s.span])
            .collect()
    }

    /// Each sentence's fact-line label, `None` for prose.
    fn fact_labels(text: &str) -> Vec<Option<&str>> {
        let segmented = segment(text).unwrap();
        let sentences = segmented.sentences.iter();
        sentences
            .map(|s| s.fact_label(text, &segmented.tokens))
            .collect()
    }

    #[test]
    fn hard_wrapped_lines_join_but_titles_datelines_and_short_lines_stand() {
        let wrapped = "Tittel uten punktum som er lang nok til å se ut som en brutt linje\n\
                       Brann tok ledelsen da Hansen fikk ballen på bakre stolpe og satte\n\
                       den i mål. Etter pausen kom Molde sterkt tilbake, og etter 70\n\
                       Minutter utlignet\n\
                       Molde ble bedre\n\
                       OSLO (VG) (Brann - Molde 1-1) i en kamp som varte og varte lenge nok\n\
                       Det regnet.";
        assert_eq!(
            sentences(wrapped),
            [
                "Tittel uten punktum som er lang nok til å se ut som en brutt linje",
                "Brann tok ledelsen da Hansen fikk ballen på bakre stolpe og satte\nden i mål.",
                "Etter pausen kom Molde sterkt tilbake, og etter 70\nMinutter utlignet",
                "Molde ble bedre",
                "OSLO (VG) (Brann - Molde 1-1) i en kamp som varte og varte lenge nok",
                "Det regnet.",
            ]
        );
    }

    #[test]
    fn a_wrapped_line_may_start_with_a_score_or_an_ordinal_but_not_a_minute() {
        let wrapped = "Tittel\n\
                       Kampen var målløs helt frem til Götzes scoring i det\n\
                       112. minutt, og Tyskland slo corneren som ga ledelsen\n\
                       1-0. Det var fortjent etter en jevn og hard kamp i Rio.\n\
                       67. Gult kort til Moe.\n\
                       70' Mål for Brann!";
        assert_eq!(
            sentences(wrapped),
            [
                "Tittel",
                "Kampen var målløs helt frem til Götzes scoring i det\n112. minutt, og \
                 Tyskland slo corneren som ga ledelsen\n1-0.",
                "Det var fortjent etter en jevn og hard kamp i Rio.",
                "67.",
                "Gult kort til Moe.",
                "70' Mål for Brann!",
            ]
        );
    }

    #[test]
    fn a_wrapped_line_continues_after_an_ordinal_or_an_abbreviation_and_into_an_aside() {
        let wrapped = "Tittel\n\
                       Det var ikke skuddet fra innbytter Lee Keun-Ho i det 68. \n\
                       minutt, men et frispark fra bl.a. \n\
                       midtstopperen. Dommeren lot - etter vår mening feilaktig \n\
                       - spillet gå videre i det som var en fin kamp for alle.\n\
                       - Vi tok det, sa Hansen.";
        assert_eq!(
            sentences(wrapped),
            [
                "Tittel",
                "Det var ikke skuddet fra innbytter Lee Keun-Ho i det 68. \nminutt, men et \
                 frispark fra bl.a. \nmidtstopperen.",
                "Dommeren lot - etter vår mening feilaktig \n- spillet gå videre i det som var \
                 en fin kamp for alle.",
                "- Vi tok det, sa Hansen.",
            ]
        );
    }

    #[test]
    fn fact_lines_are_decided_by_segmentation() {
        #[rustfmt::skip]
        let table: &[(&str, &str, &[Option<&str>])] = &[
            ("goal line", "Mål: 1-0 Johnsen (41), 2-0 King (59).", &[Some("Mål")]),
            ("two-word label", "Gult kort: N: Nordtveit, Selnæs.", &[Some("Gult kort")]),
            ("team code", "N: Nordtveit, Selnæs.", &[Some("N")]),
            ("heading alone", "Gult kort:\nS: Helander.", &[Some("Gult kort"), Some("S")]),
            ("photo credit", "Foto: Rune Stølås", &[None, None]),
            ("quote", "Han sa: - Vi vant.", &[None, None]),
            ("dateline", "OSLO: Brann vant 2-1.", &[None, None]),
            ("prose", "Johnsen scoret 1-0.", &[None]),
        ];
        for (name, text, expected) in table {
            assert_eq!(fact_labels(text), *expected, "{name}");
        }
    }

    /// Norwegian traps for sentence splitting: input and the sentences expected.
    #[rustfmt::skip]
    const SENTENCE_TRAPS: &[(&str, &[&str])] = &[
        // Ordinals before lower- and upper-case words.
        ("Nasri scoret i det 56. minutt. Så kom Lescott.", &["Nasri scoret i det 56. minutt.", "Så kom Lescott."]),
        ("Kampen spilles 17. mai på Ullevaal.", &["Kampen spilles 17. mai på Ullevaal."]),
        ("Laget rykket ned til 2. divisjon i fjor.", &["Laget rykket ned til 2. divisjon i fjor."]),
        ("Han ble nummer 2. Laget var godt.", &["Han ble nummer 2.", "Laget var godt."]),
        ("Han kom på 17.-plass i fjor.", &["Han kom på 17.-plass i fjor."]),
        // Abbreviations, and those that may close a sentence.
        ("Han scoret bl.a. to mål. Det var f.eks. bra.", &["Han scoret bl.a. to mål.", "Det var f.eks. bra."]),
        ("Det var ca. 20 000 tilskuere, jf. tabellen, mht. billetter.", &["Det var ca. 20 000 tilskuere, jf. tabellen, mht. billetter."]),
        ("Han har nr. 10 og spiller iflg. treneren bra, dvs. godt.", &["Han har nr. 10 og spiller iflg. treneren bra, dvs. godt."]),
        ("Kampen ble utsatt pga. regn og snø o.l. i går.", &["Kampen ble utsatt pga. regn og snø o.l. i går."]),
        ("De vant, tapte osv. Neste kamp er i morgen.", &["De vant, tapte osv.", "Neste kamp er i morgen."]),
        ("Vi kjøpte baller, drakter o.l. Så trente vi.", &["Vi kjøpte baller, drakter o.l.", "Så trente vi."]),
        // Times, dates, scores.
        ("Kampen starter kl. 18.00 i dag.", &["Kampen starter kl. 18.00 i dag."]),
        ("Kampen ble spilt 22.01.2012. Den endte 3-2.", &["Kampen ble spilt 22.01.2012.", "Den endte 3-2."]),
        ("City vant 3-2. Spurs tapte.", &["City vant 3-2.", "Spurs tapte."]),
        // Headlines, line breaks, paragraphs.
        ("Overskrift uten punktum\nFørste setning.", &["Overskrift uten punktum", "Første setning."]),
        ("En linje som fortsetter\npå neste linje.", &["En linje som fortsetter\npå neste linje."]),
        ("Linje en\r\nLinje to\rLinje tre", &["Linje en", "Linje to", "Linje tre"]),
        // Quotes and dialogue dashes.
        ("Han sa: «Tar denne på min kappe.» Så gikk han.", &["Han sa:", "«Tar denne på min kappe.»", "Så gikk han."]),
        ("Hva skjedde? – Begge målene var mine! sa han.", &["Hva skjedde?", "– Begge målene var mine! sa han."]),
        ("Han forklarte: - Vi var for dårlige.", &["Han forklarte:", "- Vi var for dårlige."]),
        ("Han spiller «Guitar Hero: World Tour» hver dag.", &["Han spiller «Guitar Hero: World Tour» hver dag."]),
        // Fact lines keep their colon.
        ("Mål: 1-0 Johnsen (41), 2-0 King (59).", &["Mål: 1-0 Johnsen (41), 2-0 King (59)."]),
        ("Mål: 1-0 Johnsen (str. 41), 2-0 King (59).", &["Mål: 1-0 Johnsen (str. 41), 2-0 King (59)."]),
        ("Gult kort: Nordtveit, Selnæs.", &["Gult kort: Nordtveit, Selnæs."]),
        ("Gult kort: N: Nordtveit. S: Helander.", &["Gult kort: N: Nordtveit.", "S: Helander."]),
        // Ellipses, URLs, e-mail addresses, initials.
        ("Vent... Så scoret han.", &["Vent...", "Så scoret han."]),
        ("Les mer på www.vg.no. Neste sak.", &["Les mer på www.vg.no.", "Neste sak."]),
        ("Skriv til sport@vg.no. Vi svarer.", &["Skriv til sport@vg.no.", "Vi svarer."]),
        ("Det sa han til Aftenposten.no. Så gikk han.", &["Det sa han til Aftenposten.no.", "Så gikk han."]),
        ("O. Wendt scoret.", &["O. Wendt scoret."]),
        // Nynorsk.
        ("Han skåra i det 12. minuttet. Då jubla heile laget.", &["Han skåra i det 12. minuttet.", "Då jubla heile laget."]),
    ];

    #[test]
    fn sentence_traps() {
        for (text, expected) in SENTENCE_TRAPS {
            assert_eq!(sentences(text), *expected, "input: {text:?}");
        }
    }
}
