//! Match minutes: the [`Minute`] type and the minute a sentence states, in digits or words
//! (`etter elleve minutters spill`, `i det tredje minutt`), from a landmark of the match (`tre
//! minutter etter pause`, `ti minutter ut i andre omgang`, `med fem minutter igjen`), in added
//! time (`på overtid`, `90+2`) or extra time (`i ekstraomgangene`), or relative to the minute
//! stated before (`tre minutter senere`). A guess (`drøye 20 minutter`, `en halvtime`) is none.

use crate::ids::SentenceId;
use crate::segment::{Folded, Token, TokenKind};
use crate::words::time::{
    number_word_value, ADDED_TIME_REACH, ADDED_TIME_ROOTS, AFTER_LANDMARK, APPROXIMATE_WORDS,
    BEFORE_LANDMARK, EXTRA_TIME_PREPOSITION, EXTRA_TIME_ROOTS, FIRST_PERIOD, FROM_KICK_OFF,
    FROM_WORDS, FULL_TIME_LANDMARKS, GENITIVE_MINUTE_NOUNS, HALF_ROOT, HALF_TIME_LANDMARKS,
    IMPERSONAL_SUBJECT, INTO_PERIOD, LATER_WORDS, MINUTE_HINTS, MINUTE_NOUNS, ONLY_WORDS,
    ORDINAL_MINUTE_OPENERS, ORDINAL_WORDS, PERIOD_PREPOSITIONS, PLAY_NOUNS, QUARTER_WORDS,
    REMAINING_VERBS, REMAINING_WORDS, SECOND_PERIOD, STOPPAGE_PHRASES, TENS_WORDS, THE_MINUTE,
    TOOK_WORDS, WHOLE_MATCH,
};
use std::fmt;

/// The end of the first half: the second half counts from it, and added time may follow it.
const HALF_TIME: u16 = 45;
/// The end of normal time, where `på overtid` places an event.
pub(crate) const FULL_TIME: u16 = 90;
/// The end of the first period of extra time.
const EXTRA_HALF_TIME: u16 = 105;
/// The end of extra time: no landmark counts past it.
const EXTRA_FULL_TIME: u16 = 120;
/// The minutes added time follows (`45+1`, `90+3`, `105+1`, `120+2`); `60+2` is not a minute.
const PERIOD_ENDS: [u16; 4] = [HALF_TIME, FULL_TIME, EXTRA_HALF_TIME, EXTRA_FULL_TIME];
/// The highest number read as a minute: extra time with its added time, and no more (`etter 200
/// minutter` is not a match minute).
const LAST_PLAUSIBLE_MINUTE: u16 = 130;
/// A `kvarter`, counted from a landmark (`kvarteret før slutt`: 75).
const QUARTER: u16 = 15;
/// How many words before `ekstraomgangene` an `i` may stand (`i den første ekstraomgangen`).
const EXTRA_TIME_PREPOSITION_WORDS: usize = 3;
/// The most minutes of added time a count may reach: `fire minutter på overtid` is 90+4, and
/// `etter 93 minutter, på overtid` is no 90+93.
const LONGEST_ADDED_TIME: u16 = 20;
/// The length of a period of extra time (`fem minutter ut i andre ekstraomgang`: 110).
const EXTRA_PERIOD: u16 = 15;

/// The minute each sentence of a document states or is dated by (a live blog's line), for the
/// sentences that have one; with the last minute it states when it states several.
///
/// Only those are held, in sentence order: most sentences state no minute, and a table of every
/// sentence's is alive from classification to the match facts with every other stage's results.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StatedMinutes(Vec<(SentenceId, SentenceMinutes)>);

impl StatedMinutes {
    /// The minute of `sentence`, if it states one or is dated by one.
    pub fn get(&self, sentence: SentenceId) -> Option<Minute> {
        self.find(sentence).map(|m| m.first)
    }

    /// The last minute `sentence` states, where its story ends ("Haalands scoring kom i det 71.
    /// minutt, og Danmark tok ledelsen ti minutter senere": 81), if it states one.
    pub fn last(&self, sentence: SentenceId) -> Option<Minute> {
        self.find(sentence).map(|m| m.last)
    }

    fn find(&self, sentence: SentenceId) -> Option<SentenceMinutes> {
        let at = self.0.binary_search_by_key(&sentence, |&(s, _)| s).ok()?;
        Some(self.0[at].1)
    }

    /// Adds the minutes of the sentence after the last one added, if it has one.
    pub(super) fn push(&mut self, sentence: SentenceId, minutes: Option<SentenceMinutes>) {
        debug_assert!(self.0.last().is_none_or(|&(last, _)| last < sentence));
        self.0.extend(minutes.map(|minutes| (sentence, minutes)));
    }
}

/// The minutes one sentence states: the first dates its events, and the last is where its story
/// ends, for a relative minute or a goal of the sentences after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct SentenceMinutes {
    pub(super) first: Minute,
    pub(super) last: Minute,
}

impl SentenceMinutes {
    /// A sentence of one minute.
    pub(super) fn one(minute: Minute) -> SentenceMinutes {
        SentenceMinutes {
            first: minute,
            last: minute,
        }
    }
}

/// A match minute as football writes it: `56`, `90+`, `90+2`, `120`; or the span of extra time a
/// report gives without a minute: `91-105`, `106-120`, `91-120`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Minute {
    /// The minute, or the first minute of a span.
    pub regular: u16,
    /// Added time: `Some(None)` for `90+`, `Some(Some(2))` for `90+2`.
    pub added: Option<Option<u16>>,
    /// The last minute of a span (`i ekstraomgangene`: 91 to 120).
    pub until: Option<u16>,
}

impl Minute {
    /// A minute without added time: `56`.
    pub fn at(regular: u16) -> Minute {
        Minute {
            regular,
            added: None,
            until: None,
        }
    }

    /// `first half`, `second half` or `extra time`: where the minute (or a span's start) falls;
    /// added time belongs to the half it is added to.
    pub fn period(self) -> &'static str {
        match self.regular {
            0..=45 => "first half",
            46..=90 => "second half",
            _ => "extra time",
        }
    }

    /// A minute of added time: `90+` (`added` unknown) or `90+2`.
    pub(crate) fn stoppage(regular: u16, added: Option<u16>) -> Minute {
        Minute {
            added: Some(added),
            ..Minute::at(regular)
        }
    }

    fn later(self, minutes: u16) -> Minute {
        match (self.added, self.until) {
            (Some(Some(added)), _) => Minute::stoppage(self.regular, Some(added + minutes)),
            (Some(None), _) | (None, Some(_)) => self,
            (None, None) => Minute::at(self.regular + minutes),
        }
    }
}

impl fmt::Display for Minute {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.added, self.until) {
            (None, Some(until)) => write!(f, "{}-{until}", self.regular),
            (None, None) => write!(f, "{}", self.regular),
            (Some(None), _) => write!(f, "{}+", self.regular),
            (Some(Some(added)), _) => write!(f, "{}+{added}", self.regular),
        }
    }
}

/// Whether a line starts with a minute, as a live blog's lines do: `23' Mål!`, `67. Gult kort`,
/// `90+2: Slutt`.
pub(super) fn minute_led(text: &str, tokens: &[Token]) -> bool {
    let (Some(first), second) = (tokens.first(), tokens.get(1)) else {
        return false;
    };
    let digits = text[first.span()].trim_end_matches('.');
    let small = digits.parse::<u32>().is_ok_and(|n| (1..=130).contains(&n));
    // `67.` before a capital is a sentence of its own: the number and its point.
    let split_ordinal = tokens.len() == 2 && second.is_some_and(|t| &text[t.span()] == ".");
    let marked = first.kind == TokenKind::Ordinal
        || split_ordinal
        || second.is_some_and(|t| matches!(&text[t.span()], "'" | "’" | ":" | "+" | "min"));
    small && marked
}

/// The minute a live blog's line starts with (`23' Mål!`, `45+2' Pause`, `67. Gult kort`), for
/// every sentence of the line; `None` for a line that does not start with one.
pub(super) fn line_minute(text: &str, tokens: &[Token]) -> Option<Minute> {
    if !minute_led(text, tokens) {
        return None;
    }
    let regular = text[tokens[0].span()].trim_end_matches('.').parse().ok()?;
    let word = |i: usize| tokens.get(i).map_or("", |t| &text[t.span()]);
    if word(1) == "+" {
        let added = word(2).parse().ok();
        return Some(Minute::stoppage(regular, added));
    }
    Some(Minute::at(regular))
}

/// The value of a number in digits or a number word (`tre`, `ein`, `tjue`).
pub(super) fn number_word(word: &str) -> Option<u16> {
    number_word_value(word).or_else(|| word.parse().ok())
}

/// The value of a count of minutes: a number word or digits, or tens alone or joined with a
/// unit (`førti`, `tjuefem`: 40, 25), which real reports write out now and then.
fn minute_count(word: &str) -> Option<u16> {
    number_word(word).or_else(|| {
        TENS_WORDS.iter().find_map(|&(tens, value)| {
            let unit = word.strip_prefix(tens)?;
            if unit.is_empty() {
                return Some(value);
            }
            let unit = number_word_value(unit).filter(|u| (1..=9).contains(u))?;
            Some(value + unit)
        })
    })
}

fn is_minute_noun(word: &str) -> bool {
    MINUTE_NOUNS.contains(&word)
}

fn is_plausible(minute: u16) -> bool {
    (1..=LAST_PLAUSIBLE_MINUTE).contains(&minute)
}

/// The minute stated last before a sentence, and whether it was stated close by, with no blank
/// line between: "Det tok bare to minutter før" counts from it then, and from kick-off after a
/// lead's minutes.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Previous {
    pub(super) minute: Option<Minute>,
    pub(super) in_paragraph: bool,
}

/// The minutes a sentence states, if any: the first and the last; relative minutes count from
/// the minute stated before the sentence, or before them in the sentence. In a fact line (`Mål:
/// 1-0 Johnsen (41)`) a number in brackets is a minute.
pub(super) fn stated_minute(
    folded: &Folded,
    tokens: &[Token],
    before: Previous,
    fact_line: bool,
) -> Option<SentenceMinutes> {
    let previous = before.minute;
    let (Some(first), Some(last)) = (tokens.first(), tokens.last()) else {
        return None;
    };
    let sentence = &folded[first.span().start()..last.span().end()];
    if !MINUTE_HINTS.iter().any(|hint| sentence.contains(hint)) {
        return None;
    }
    let words = Words {
        folded,
        tokens,
        previous,
        previous_in_paragraph: before.in_paragraph,
    };
    // "på overtid" yields to an exact added-time minute later in the sentence.
    let mut stoppage = None;
    let mut stated: Option<SentenceMinutes> = None;
    for i in 0..tokens.len() {
        let counted_from = stated.map(|s| s.last).or(previous);
        if let Some(minute) = words.minute_at(i, counted_from, fact_line) {
            stated = Some(match stated {
                Some(SentenceMinutes { first, .. }) => SentenceMinutes {
                    first,
                    last: minute,
                },
                None => SentenceMinutes::one(minute),
            });
        }
        if words.starts_stoppage(i) {
            let period_end = if words.names_first_half() {
                HALF_TIME
            } else {
                FULL_TIME
            };
            stoppage = Some(Minute::stoppage(period_end, None));
        }
    }
    if stated.is_some() {
        return stated;
    }
    // Extra time without a minute: its span; "på overtid" there is the end of that span.
    let minute = match (words.extra_time(), stoppage) {
        (Some((_, last)), Some(_)) => Some(Minute::stoppage(last, None)),
        (Some((first, last)), None) => Some(Minute {
            until: Some(last),
            ..Minute::at(first)
        }),
        (None, stoppage) => stoppage,
    };
    minute.map(SentenceMinutes::one)
}

/// The case-folded words of a sentence, by token index; `""` past either end; and the minute
/// stated before the sentence, which says what part of the match it is in.
struct Words<'a> {
    folded: &'a Folded,
    tokens: &'a [Token],
    previous: Option<Minute>,
    previous_in_paragraph: bool,
}

impl<'a> Words<'a> {
    fn word(&self, i: usize) -> &'a str {
        self.tokens
            .get(i)
            .map(|t| &self.folded[t.span()])
            .unwrap_or("")
    }

    /// The minute stated by the words from token `i`, in the first form that fits.
    fn minute_at(&self, i: usize, previous: Option<Minute>, fact_line: bool) -> Option<Minute> {
        self.ordinal_minute(i)
            .or_else(|| self.ordinal_word_minute(i))
            .or_else(|| self.numbered_minute(i))
            .or_else(|| self.added_time(i))
            .or_else(|| self.quarter(i))
            .or_else(|| self.counted_minutes(i, previous, fact_line))
            .or_else(|| self.the_minute_after(i, previous))
    }

    /// "i det 56. minutt", "56. min.", "i det 3. minutt av andre omgang" (48)
    fn ordinal_minute(&self, i: usize) -> Option<Minute> {
        if self.tokens[i].kind != TokenKind::Ordinal || !is_minute_noun(self.word(i + 1)) {
            return None;
        }
        let n = self.word(i).trim_end_matches('.').parse().ok()?;
        is_plausible(n).then(|| self.minute_of_period(i, n))
    }

    /// "i det tredje minutt", "i kampens første minutt", "i det andre minuttet av overtiden"
    /// (90+2); not "fra det første minuttet", the whole match.
    fn ordinal_word_minute(&self, i: usize) -> Option<Minute> {
        let &(_, n) = ORDINAL_WORDS.iter().find(|(w, _)| *w == self.word(i))?;
        let opener = i.checked_sub(1).map(|k| self.word(k))?;
        let from = i
            .checked_sub(2)
            .is_some_and(|k| FROM_WORDS.contains(&self.word(k)));
        (is_minute_noun(self.word(i + 1)) && ORDINAL_MINUTE_OPENERS.contains(&opener) && !from)
            .then(|| self.minute_of_period(i, n))
    }

    /// "i minutt 23", "i minutt 90+2": the minute noun before its number, as live reports write.
    fn numbered_minute(&self, i: usize) -> Option<Minute> {
        let numbered = i > 0
            && self.word(i - 1) == EXTRA_TIME_PREPOSITION
            && is_minute_noun(self.word(i))
            && self.tokens.get(i + 1)?.kind == TokenKind::Number;
        if !numbered {
            return None;
        }
        let n = self.word(i + 1).parse().ok().filter(|n| is_plausible(*n))?;
        self.added_time(i + 1).or(Some(Minute::at(n)))
    }

    /// Minute `n` (token `i`, its minute noun after it) of the period the words after the noun
    /// name: "det 3. minutt av andre omgang" (48), "det andre minuttet av overtiden" (90+2); of
    /// the match when they name none.
    fn minute_of_period(&self, i: usize, n: u16) -> Minute {
        self.minutes_into_added_time(i, n)
            .or_else(|| {
                let (start, length) = self.period_after(i + 2)?;
                (n <= length).then(|| Minute::at(start + n))
            })
            .unwrap_or(Minute::at(n))
    }

    /// The period named after a preposition at token `k`: "i andre omgang", "av kampen".
    fn period_after(&self, k: usize) -> Option<(u16, u16)> {
        PERIOD_PREPOSITIONS
            .contains(&self.word(k))
            .then(|| self.period(k + 1))
            .flatten()
    }

    /// The period named at token `k`, as its first minute's count and its length: `andre
    /// omgang` (45, 45), `kampen` (0, 120), `ekstraomgangene` (90, 30), `den andre
    /// ekstraomgangen` (105, 15). `omgangen` alone names no half.
    fn period(&self, k: usize) -> Option<(u16, u16)> {
        let k = if self.word(k) == "den" { k + 1 } else { k };
        let (first, second) = (self.word(k), self.word(k + 1));
        if WHOLE_MATCH.contains(&first) {
            return Some((0, EXTRA_FULL_TIME));
        }
        let extra = |w: &str| EXTRA_TIME_ROOTS.iter().any(|root| w.starts_with(root));
        if extra(first) {
            return Some((FULL_TIME, EXTRA_FULL_TIME - FULL_TIME));
        }
        let half = second.starts_with(HALF_ROOT);
        match (
            FIRST_PERIOD.contains(&first),
            SECOND_PERIOD.contains(&first),
        ) {
            (true, _) if half => Some((0, HALF_TIME)),
            (_, true) if half => Some((HALF_TIME, HALF_TIME)),
            (true, _) if extra(second) => Some((FULL_TIME, EXTRA_PERIOD)),
            (_, true) if extra(second) => Some((EXTRA_HALF_TIME, EXTRA_PERIOD)),
            _ => None,
        }
    }

    /// "90+2", "(90+3)"
    fn added_time(&self, i: usize) -> Option<Minute> {
        if self.tokens[i].kind != TokenKind::Number || self.word(i + 1) != "+" {
            return None;
        }
        let (Ok(regular), Some(next)) = (self.word(i).parse::<u16>(), self.tokens.get(i + 2))
        else {
            return None;
        };
        let added = self.folded[next.span()].trim_end_matches('.').parse().ok();
        (PERIOD_ENDS.contains(&regular) && next.span().start() == self.tokens[i + 1].span().end())
            .then(|| Minute::stoppage(regular, added))
    }

    /// "kvarteret før slutt", "med et kvarter igjen": a quarter of an hour from a landmark.
    fn quarter(&self, i: usize) -> Option<Minute> {
        if !QUARTER_WORDS.contains(&self.word(i)) {
            return None;
        }
        from_landmark(
            QUARTER,
            self.word(i + 1),
            self.word(i + 2),
            self.match_end(),
        )
        .or_else(|| self.remaining(i, i + 1, QUARTER))
    }

    /// "etter 65 minutter" and "etter elleve minutters spill" are absolute, "etter ti minutter av
    /// andre omgang" counts from half time, "med fem minutter igjen" back from the end; "tre
    /// minutter senere" is relative to `previous`; "Johnsen (41)" is a minute in a fact line.
    fn counted_minutes(
        &self,
        i: usize,
        previous: Option<Minute>,
        fact_line: bool,
    ) -> Option<Minute> {
        let n = minute_count(self.word(i)).filter(|n| is_plausible(*n))?;
        let approximate = i > 0 && APPROXIMATE_WORDS.contains(&self.word(i - 1));
        if approximate {
            return None;
        }
        if let Some(after) = self.after_minute_noun(i + 1) {
            if let Some(minute) = self.minutes_into_added_time(i, n) {
                return Some(minute);
            }
            if i > 0 && FROM_KICK_OFF.contains(&self.word(i - 1)) {
                return Some(self.count_into(after, n).unwrap_or(Minute::at(n)));
            }
            if self.took(i) && self.count_into(after, n).is_some() {
                return self.count_into(after, n);
            }
            if self.took(i) && BEFORE_LANDMARK.contains(&self.word(after)) {
                // From the moment told just before, or from kick-off when none was told;
                // after a minute told further back (a lead's, or one before "i pausen") it
                // is not known from what.
                let counted = match previous {
                    Some(previous) if self.previous_in_paragraph => Some(previous.later(n)),
                    Some(_) => None,
                    None => Some(Minute::at(n)),
                };
                return counted;
            }
            if INTO_PERIOD.contains(&self.word(after)) {
                if let Some(minute) = self.count_into(after + 1, n) {
                    return Some(minute);
                }
            }
            if let Some(minute) = self.remaining(i, after, n) {
                return Some(minute);
            }
            let landmark =
                from_landmark(n, self.word(after), self.word(after + 1), self.match_end());
            if landmark.is_some() {
                return landmark;
            }
            if LATER_WORDS.contains(&self.word(after)) {
                if let Some(previous) = previous {
                    return Some(previous.later(n));
                }
            }
        }
        let in_brackets = i > 0 && self.word(i - 1) == "(" && self.word(i + 1) == ")";
        (fact_line && in_brackets && self.tokens[i].kind == TokenKind::Number)
            .then(|| Minute::at(n))
    }

    /// The token after the minute noun at `k` (`minutter`, or `minutters spill`), if one is
    /// there: a genitive counts minutes only before a noun of play ("etter tre minutters
    /// VAR-sjekk" is no minute).
    fn after_minute_noun(&self, k: usize) -> Option<usize> {
        let noun = self.word(k);
        if is_minute_noun(noun) {
            return Some(k + 1);
        }
        (GENITIVE_MINUTE_NOUNS.contains(&noun) && PLAY_NOUNS.contains(&self.word(k + 1)))
            .then_some(k + 2)
    }

    /// Whether the count at token `i` is of an impersonal `det tok` ("Det tok bare ni minutter
    /// før", "Der tok det elleve minutter før").
    fn took(&self, i: usize) -> bool {
        let mut k = i;
        while k > 0 && ONLY_WORDS.contains(&self.word(k - 1)) {
            k -= 1;
        }
        let before = |n: usize| k.checked_sub(n).map_or("", |b| self.word(b));
        let (one, two) = (before(1), before(2));
        TOOK_WORDS.contains(&one) && two == IMPERSONAL_SUBJECT
            || one == IMPERSONAL_SUBJECT && TOOK_WORDS.contains(&two)
    }

    /// `n` minutes into the period named after the preposition at token `k` ("i andre omgang":
    /// 45 + n), when they fit in it.
    fn count_into(&self, k: usize, n: u16) -> Option<Minute> {
        let (start, length) = self.period_after(k)?;
        (n <= length).then(|| Minute::at(start + n))
    }

    /// "med fem minutter igjen" (85), "fem minutter igjen til pause" (40), "da det gjenstod fem
    /// minutter" (85): `n` minutes (token `i`, the words after its noun from `after`) before the
    /// end of the match, of extra time, or of the first half when a half-time landmark or the
    /// first half follows.
    fn remaining(&self, i: usize, after: usize, n: u16) -> Option<Minute> {
        let verb_before = i > 0 && REMAINING_VERBS.contains(&self.word(i - 1));
        let (left, reach) = if REMAINING_WORDS.contains(&self.word(after)) {
            (true, after + 1..=after + ADDED_TIME_REACH)
        } else {
            (verb_before, after..=after + ADDED_TIME_REACH - 1)
        };
        if !left {
            return None;
        }
        let first_half = reach.into_iter().any(|k| {
            HALF_TIME_LANDMARKS.contains(&self.word(k))
                || FIRST_PERIOD.contains(&self.word(k)) && self.word(k + 1).starts_with(HALF_ROOT)
        });
        let end = if first_half {
            HALF_TIME
        } else {
            self.match_end().unwrap_or(FULL_TIME)
        };
        end.checked_sub(n).filter(|m| *m >= 1).map(Minute::at)
    }

    /// "fire minutter på overtid", "med to minutter spilt av tilleggstida": `n` minutes (token
    /// `i`) into the added time of the second half, or of the first when a half-time landmark
    /// follows ("to minutter på overtid før pause").
    fn minutes_into_added_time(&self, i: usize, n: u16) -> Option<Minute> {
        if n > LONGEST_ADDED_TIME {
            return None;
        }
        let reach = i + 2..=i + 1 + ADDED_TIME_REACH;
        let noun = reach.into_iter().find(|&k| {
            let word = self.word(k);
            ADDED_TIME_ROOTS.iter().any(|root| word.starts_with(root))
        })?;
        if (i + 2..noun).any(|k| BEFORE_LANDMARK.contains(&self.word(k))) {
            return None;
        }
        let first_half = (noun + 1..=noun + ADDED_TIME_REACH)
            .any(|k| HALF_TIME_LANDMARKS.contains(&self.word(k)));
        let period_end = if first_half { HALF_TIME } else { FULL_TIME };
        Some(Minute::stoppage(period_end, Some(n)))
    }

    /// "minuttet senere": one minute after `previous`.
    fn the_minute_after(&self, i: usize, previous: Option<Minute>) -> Option<Minute> {
        if self.word(i) == THE_MINUTE && LATER_WORDS.contains(&self.word(i + 1)) {
            return previous.map(|previous| previous.later(1));
        }
        None
    }

    /// Whether a phrase of added time (`på overtid`) starts at token `i`.
    fn starts_stoppage(&self, i: usize) -> bool {
        STOPPAGE_PHRASES.iter().any(|phrase| {
            phrase
                .iter()
                .enumerate()
                .all(|(k, p)| self.word(i + k) == *p)
        })
    }

    /// The last minute of the period of extra time the sentence is in, if it is in one.
    fn extra_end(&self) -> Option<u16> {
        self.extra_time().map(|(_, last)| last)
    }

    /// The end of the match `før slutt` counts back from, when it is not full time: the end of
    /// the period of extra time the sentence names, or of extra time when the story is already
    /// in it ("Der slo Benfica til etter 104 minutter. ... fire minutter før slutt": 116).
    fn match_end(&self) -> Option<u16> {
        let in_extra_time = self
            .previous
            .is_some_and(|p| p.regular > FULL_TIME || p.until.is_some());
        self.extra_end()
            .or(in_extra_time.then_some(EXTRA_FULL_TIME))
    }

    /// Whether the sentence places itself in the first half: `i første omgang`, `før pause`, or
    /// `omgangen` when the minute stated before is in the first half ("Etter 31 minutter ... Men
    /// på overtid av omgangen kom utligningen": 45+).
    fn names_first_half(&self) -> bool {
        let first_half_before = self.previous.is_some_and(|p| p.regular <= HALF_TIME);
        (0..self.tokens.len()).any(|k| {
            let (word, next) = (self.word(k), self.word(k + 1));
            FIRST_PERIOD.contains(&word) && next.starts_with(HALF_ROOT)
                || BEFORE_LANDMARK.contains(&word) && HALF_TIME_LANDMARKS.contains(&next)
                || word.starts_with(HALF_ROOT)
                    && first_half_before
                    && !k
                        .checked_sub(1)
                        .is_some_and(|b| SECOND_PERIOD.contains(&self.word(b)))
        })
    }

    /// `i ekstraomgangene` (91-120), `i den første ekstraomgangen` (91-105), `i andre
    /// ekstraomgang` (106-120): the span of extra time a sentence places itself in. Not `etter
    /// ekstraomganger` (a result) nor `før ekstraomgangene`.
    fn extra_time(&self) -> Option<(u16, u16)> {
        (0..self.tokens.len()).find_map(|i| {
            let noun = self.word(i);
            if !EXTRA_TIME_ROOTS.iter().any(|root| noun.starts_with(root)) {
                return None;
            }
            let mut before = (1..=EXTRA_TIME_PREPOSITION_WORDS)
                .filter_map(|k| i.checked_sub(k))
                .map(|k| self.word(k));
            if !before.any(|w| w == EXTRA_TIME_PREPOSITION) {
                return None;
            }
            let ordinal = i.checked_sub(1).map(|k| self.word(k));
            Some(match ordinal {
                Some(first) if FIRST_PERIOD.contains(&first) => (FULL_TIME + 1, EXTRA_HALF_TIME),
                Some(second) if SECOND_PERIOD.contains(&second) => {
                    (EXTRA_HALF_TIME + 1, EXTRA_FULL_TIME)
                }
                _ => (FULL_TIME + 1, EXTRA_FULL_TIME),
            })
        })
    }
}

/// A minute counted from a landmark of the match: `tre minutter etter pause` (48), `ti minutter
/// før pause` (35), `to minutter før slutt` or `før full tid` (88; in the second period of extra
/// time, whose end is `extra_end`, 118).
fn from_landmark(n: u16, relation: &str, landmark: &str, extra_end: Option<u16>) -> Option<Minute> {
    let half_time = HALF_TIME_LANDMARKS.contains(&landmark);
    let full_time = FULL_TIME_LANDMARKS.contains(&landmark);
    let after = AFTER_LANDMARK.contains(&relation);
    let before = BEFORE_LANDMARK.contains(&relation);
    let minute = if after && half_time {
        HALF_TIME + n
    } else if before && half_time {
        HALF_TIME.checked_sub(n)?
    } else if before && full_time {
        extra_end.unwrap_or(FULL_TIME).checked_sub(n)?
    } else {
        return None;
    };
    (1..=EXTRA_FULL_TIME)
        .contains(&minute)
        .then(|| Minute::at(minute))
}

#[cfg(test)]
mod tests {
    use super::super::tests::{check_labels, labels};
    use super::{line_minute, minute_led, stated_minute, Minute, Previous};
    use crate::segment::{Folded, Segmented};

    /// The minute the first sentence of `text` states, counting from minute `previous`; `""`
    /// for none.
    fn minute_of(text: &str, previous: Option<u16>) -> String {
        let document = Segmented::new(text).unwrap();
        let sentence = &document.sentences[0];
        let folded = Folded::of(text, sentence.span);
        let tokens = document.tokens_of(sentence);
        let before = Previous {
            minute: previous.map(Minute::at),
            in_paragraph: true,
        };
        stated_minute(&folded, tokens, before, false)
            .map(|m| m.first.to_string())
            .unwrap_or_default()
    }

    /// Ways real reports state a minute, by name: the sentence, the minute stated before it,
    /// and the minute it states (`""`: none, for a vague time or a count that is no minute).
    #[rustfmt::skip]
    const REPORTED_MINUTES: &[(&str, &str, Option<u16>, &str)] = &[
        ("genitive with play", "Etter elleve minutters spill headet Moe inn 1-0.", None, "11"),
        ("genitive nynorsk", "Etter tolv minutts spel skåra Moe.", None, "12"),
        ("genitive of another noun", "Etter tre minutters VAR-sjekk ble målet godkjent.", None, ""),
        ("genitive as an adjective", "Det ble et fem minutters mareritt for Brann.", None, ""),
        ("ordinal playing minute", "I det 80. spilleminutt satte Moe inn 2-1.", None, "80"),
        ("ordinal word", "Allerede i det tredje minutt sendte Moe Brann i ledelsen.", None, "3"),
        ("ordinal word of the match", "I kampens første minutt scoret Moe.", None, "1"),
        ("ordinal word, the whole match", "Brann styrte fra det første minuttet.", None, ""),
        ("ordinal word into added time", "I det andre minuttet av overtiden utlignet Moe.", None, "90+2"),
        ("ordinal into the second half", "I det 3. minutt av andre omgang scoret Moe.", None, "48"),
        ("ordinal past a half's length", "I det 47. minutt i andre omgang scoret Moe.", None, "47"),
        ("noun before number", "Moe scoret i minutt 23.", None, "23"),
        ("noun before added time", "Moe utlignet i minutt 90+3.", None, "90+3"),
        ("tens and unit in words", "Moe scoret etter tjueto minutter.", None, "22"),
        ("tens in words", "Etter førti minutter scoret Moe.", None, "40"),
        ("counted into the second half", "Etter ti minutter av andre omgang scoret Moe.", None, "55"),
        ("counted in the second half", "Etter fem minutter i andre omgang scoret Moe.", None, "50"),
        ("counted into the second half, no etter", "Ti minutter inn i andre omgang scoret Moe.", None, "55"),
        ("counted into extra time", "Fem minutter ut i ekstraomgangene scoret Moe.", None, "95"),
        ("counted into the second extra period", "Fem minutter ut i den andre ekstraomgangen scoret Moe.", None, "110"),
        ("counted past a half's length", "Etter 50 minutter i andre omgang scoret Moe.", None, "50"),
        ("into an unnamed half", "Seks minutter ut i omgangen scoret Moe.", None, ""),
        ("minutes left", "Med fem minutter igjen å spille scoret Moe.", None, "85"),
        ("minutes left, nynorsk", "Med fem minutt att skåra Moe.", None, "85"),
        ("minutes left of the first half", "Med fem minutter igjen av første omgang scoret Moe.", None, "40"),
        ("minutes left to half time", "Med tre minutter igjen til pause scoret Moe.", None, "42"),
        ("minutes that remained", "Da det gjenstod fire minutter, scoret Moe.", None, "86"),
        ("the minute after", "Bare minuttet etter økte Moe til 2-0.", Some(23), "24"),
        ("minutes later", "Tre minutter senere utlignet Moe.", Some(56), "59"),
        ("before the pause", "Fem minutter før pause scoret Moe.", None, "40"),
        ("after the rest", "Ti minutter etter hvilen scoret Moe.", None, "55"),
        ("a long count is no added time", "Etter 93 minutter, på overtid, scoret Moe.", None, "93"),
        ("a short time after", "Kort tid etter scoret Moe igjen.", Some(30), ""),
        ("half an hour", "Etter en halvtime scoret Moe.", None, ""),
        ("at the death", "På tampen scoret Moe.", None, ""),
        ("a spell, not a minute", "Brann scoret tre mål på tolv minutter.", None, ""),
        ("it took, from kick-off", "Det tok bare ni minutter før Moe scoret.", None, "9"),
        ("it took, from the last goal", "Det tok bare to minutter før Brann ledet igjen.", Some(71), "73"),
        ("it took, into a half", "Det tok tre minutter av andre omgang før Moe scoret.", None, "48"),
        ("it took, inverted", "Der tok det elleve minutter før Moe scoret.", None, "11"),
        ("he took, from his coming on", "Innbytteren tok bare fem minutter før han scoret.", None, ""),
        ("added time of the first half", "Moe utlignet på overtid i første omgang.", None, "45+"),
        ("added time before the pause", "På overtid før pause scoret Moe.", None, "45+"),
        ("added time of the half we are in", "Men på overtid av omgangen kom utligningen.", Some(31), "45+"),
        ("added time of the match", "Men på overtid av omgangen kom utligningen.", Some(80), "90+"),
        ("before the end of extra time", "Fire minutter før slutt nikket Moe inn 2-1.", Some(104), "116"),
        ("before the end of normal time", "Fire minutter før slutt nikket Moe inn 2-1.", Some(60), "86"),
        ("a quarter left", "Med et kvarter igjen utlignet Moe.", None, "75"),
        ("two minutes in a sentence, the first", "Moe scoret i det 71. minutt, og Berg økte ti minutter senere.", None, "71"),
        ("about, before the pause", "Knappe ti minutter før pause scoret Moe.", None, ""),
        ("about, left", "Med drøye 20 minutter igjen scoret Moe.", None, ""),
        ("about, later", "Drøye fem minutter senere utlignet Moe.", Some(56), ""),
    ];

    #[test]
    fn minutes_as_reports_tell_them() {
        for &(name, text, previous, expected) in REPORTED_MINUTES {
            assert_eq!(minute_of(text, previous), expected, "{name}: {text:?}");
        }
    }

    #[test]
    fn the_last_of_several_minutes_is_where_the_story_stands() {
        let document = Segmented::new(
            "Moe scoret i det 71. minutt, og Berg økte ti minutter senere, og fem minutter senere Nord.",
        )
        .unwrap();
        let sentence = &document.sentences[0];
        let folded = Folded::of(document.text, sentence.span);
        let minutes = stated_minute(
            &folded,
            document.tokens_of(sentence),
            Previous::default(),
            false,
        )
        .unwrap();
        assert_eq!(
            (minutes.first.to_string(), minutes.last.to_string()),
            ("71".into(), "86".into())
        );
    }

    #[test]
    fn live_blog_lines_start_with_a_minute() {
        let led = |text: &str| {
            let document = Segmented::new(text).unwrap();
            minute_led(text, document.tokens_of(&document.sentences[0]))
        };
        assert!(led("23' Mål for Brann!"));
        assert!(led("90+2: Slutt."));
        assert!(!led("23 spillere var med."));
        assert!(!led("2014: Et godt år."));
        let dated = |text: &str| {
            let document = Segmented::new(text).unwrap();
            line_minute(text, document.tokens_of(&document.sentences[0])).map(|m| m.to_string())
        };
        assert_eq!(dated("23' Mål for Brann!").as_deref(), Some("23"));
        assert_eq!(dated("45+2' Pause.").as_deref(), Some("45+2"));
        assert_eq!(dated("67. Gult kort til Moe.").as_deref(), Some("67"));
        assert_eq!(dated("Pause på Lerkendal."), None);
    }

    #[test]
    fn a_live_blog_line_dates_its_sentences() {
        // The line's minute dates every sentence of the line, and not the next line.
        check_labels(&[(
            "1' Kampen er i gang.\n3' MÅL! Moe setter ballen i mål, 1-0 til Brann!\n\
             10' Brann presser.\nEtter kampen jublet alle, og Moe scoret igjen før slutt.",
            &[("goal", "3"), ("goal", "3"), ("goal", "")],
        )]);
    }

    #[test]
    fn minutes_stated_in_the_sentence() {
        check_labels(&[
            ("Nasri scoret i det 56. minutt.", &[("goal", "56")]),
            ("Bale utlignet etter 65 minutter.", &[("goal", "65")]),
            ("Han utjamna til 1-1 i det 70. minuttet.", &[("goal", "70")]),
            ("Han fekk raudt kort etter 80 minuttar.", &[("foul", "80")]),
        ]);
    }

    #[test]
    fn added_time_and_extra_time() {
        check_labels(&[
            (
                "Balotelli var iskald fra ellevemeteren på overtid.",
                &[("goal", "90+"), ("penalty", "90+")],
            ),
            ("Scoringen kom på overtid, 90+2.", &[("goal", "90+2")]),
            (
                "Han stanget inn vinnermålet fire minutter på overtid.",
                &[("goal", "90+4")],
            ),
            (
                "Med to minutter spilt av tilleggstida scoret han.",
                &[("goal", "90+2")],
            ),
            (
                "Han scoret to minutter på overtid før pause.",
                &[("goal", "45+2")],
            ),
            ("Ho utlikna på overtida.", &[("goal", "90+")]),
            ("I ekstraomgangene scoret han.", &[("goal", "91-120")]),
            (
                "Han scoret i den første ekstraomgangen.",
                &[("goal", "91-105")],
            ),
            (
                "Han scoret på overtid i andre ekstraomgang.",
                &[("goal", "120+")],
            ),
            ("Han scoret før ekstraomgangene.", &[("goal", "")]),
            (
                "Og på overtid traff Tyskland stolpen.",
                &[("chance", "90+")],
            ),
        ]);
    }

    #[test]
    fn minutes_from_a_landmark_of_the_match() {
        check_labels(&[
            ("Tre minutter etter pause scoret han.", &[("goal", "48")]),
            ("To minutter før full tid utlignet han.", &[("goal", "88")]),
            ("Ti minutter før pausen scoret han.", &[("goal", "35")]),
            ("Kvarteret før slutt scoret han.", &[("goal", "75")]),
            (
                "Tre minutter før full tid i andre ekstraomgang scoret han.",
                &[("goal", "117")],
            ),
        ]);
    }

    #[test]
    fn relative_minutes_count_from_the_last_one() {
        assert_eq!(
            labels(
                "Nasri scoret i det 56. minutt. Tre minutter senere scoret Lescott. Minuttet senere reduserte Defoe."
            ),
            [("goal", "56".to_string()), ("goal", "59".to_string()), ("goal", "60".to_string())]
        );
    }
}
