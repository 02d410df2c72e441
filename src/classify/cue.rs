//! The cue pattern language of `data/cues/` (see `data/README.md` and the [module docs](super)):
//! the elements a pattern is made of, what a row does to its event, and matching a pattern
//! against the tokens of a sentence.

use super::minute::number_word;
use super::EventKind;
use crate::lemma::Lemmatizer;
use crate::segment::{is_score_side, Folded, Token, TokenKind, MAX_SCORE_DIGITS};
use crate::words::football::is_keeper_noun;

/// What a row does to its event (its `role`, `scope` and `requires`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub(super) enum Effect {
    /// `trigger`: gives the event.
    Trigger,
    /// `fallback`: gives the event only when no other event's trigger fired in the sentence.
    Fallback,
    /// `cancel` in the `clause` scope: cancels the event's triggers in its own clause.
    CancelClause,
    /// `cancel` in the `sentence` scope: `annullerte` after `men` still undoes the goal.
    CancelSentence,
    /// `cancel` in the `overlap` scope: cancels only a trigger it overlaps (`med fem mål` is a
    /// total, while `to scoringer` in the same clause still counts).
    CancelOverlap,
    /// `trigger` with `with:<event>`: gives the event only when that other event's trigger fired
    /// in the sentence.
    With(EventKind),
    /// `trigger` with `after:<event>(n)`: gives the event only when the document reported that
    /// event in one of the `n` sentences before (`dommeren bet ikke på` after a penalty appeal).
    After(EventKind, usize),
}

/// How many sentences back `after:<event>` looks when the row gives no number: a scene told over
/// a short paragraph.
pub(super) const SCENE_SENTENCES: usize = 3;

/// The most sentences back `after:<event>(n)` may look: further back is another scene.
pub(super) const MAX_SCENE_SENTENCES: usize = 6;

impl Effect {
    /// The effect of a row's `role`, `scope` and `requires` cells (trimmed, lower case), or what
    /// is wrong with them: (column, message).
    pub(super) fn parse(
        role: &str,
        scope: &str,
        requires: &str,
    ) -> Result<Effect, (&'static str, String)> {
        let effect = match (role, scope) {
            ("trigger", "") => Effect::Trigger,
            ("fallback", "") => Effect::Fallback,
            ("cancel", "clause") => Effect::CancelClause,
            ("cancel", "sentence") => Effect::CancelSentence,
            ("cancel", "overlap") => Effect::CancelOverlap,
            ("cancel", _) => {
                let message = format!(
                    "a cancel row needs the scope overlap, clause or sentence, not {scope:?}"
                );
                return Err(("scope", message));
            }
            ("trigger" | "fallback", _) => {
                let message = format!("scope {scope:?} is for cancel rows only: leave it empty");
                return Err(("scope", message));
            }
            _ => {
                let message = format!("unknown role {role:?} (trigger, fallback, cancel, macro)");
                return Err(("role", message));
            }
        };
        if requires.is_empty() {
            return Ok(effect);
        }
        let bad = || {
            let message = format!(
                "unknown requirement {requires:?} (with:<event> or after:<event> or \
                 after:<event>(n), n up to {MAX_SCENE_SENTENCES}; trigger rows only)"
            );
            Err(("requires", message))
        };
        if effect != Effect::Trigger {
            return bad();
        }
        if let Some(kind) = requires.strip_prefix("with:").and_then(EventKind::parse) {
            return Ok(Effect::With(kind));
        }
        let Some(after) = requires.strip_prefix("after:") else {
            return bad();
        };
        let (kind, sentences) = match after.split_once('(') {
            Some((kind, n)) => match n.strip_suffix(')').and_then(|n| n.parse().ok()) {
                Some(n) if (1..=MAX_SCENE_SENTENCES).contains(&n) => (kind, n),
                _ => return bad(),
            },
            None => (after, SCENE_SENTENCES),
        };
        match EventKind::parse(kind) {
            Some(kind) => Ok(Effect::After(kind, sentences)),
            None => bad(),
        }
    }
}

/// The most words a gap `{m,n}` may skip.
pub(super) const MAX_GAP_WORDS: usize = 6;

/// The most optional elements (`x?`) a pattern may have: each doubles the variants matched.
const MAX_OPTIONAL: usize = 4;

/// The most gaps a pattern may have: trying a gap's lengths multiplies with each gap after it.
const MAX_GAPS: usize = 3;

/// What one word of a pattern accepts: a word form, `<lemma>` (all its forms), `pre*`, `*suf`,
/// `*in*`, `*<lemma>` (words ending in one of its forms), or an alternation of these.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(super) struct WordTest {
    /// Whole words, sorted.
    pub(super) forms: Vec<String>,
    pub(super) prefixes: Vec<String>,
    pub(super) suffixes: Vec<String>,
    pub(super) infixes: Vec<String>,
    /// Whether any of the three lists above has an entry.
    has_wildcards: bool,
    /// The lexicon's ids of `forms`, sorted (see [`WordTest::matches_token`]).
    pub(super) form_ids: Vec<u32>,
}

impl WordTest {
    /// Whether a folded word passes the test.
    #[inline]
    pub(super) fn matches(&self, word: &str) -> bool {
        // Most tests are one word form: this runs for every element tried at every word.
        let form = match self.forms.as_slice() {
            [] => false,
            [form] => form == word,
            forms => forms.binary_search_by(|f| f.as_str().cmp(word)).is_ok(),
        };
        form || (self.has_wildcards && self.wildcard_matches(word))
    }

    /// Whether a token passes the test, given the lexicon's id of its word (`None`: no test of
    /// the lexicon has it as a form). Comparing ids spares a search through strings scattered in
    /// memory, which this does for every element tried at every word.
    #[inline]
    pub(super) fn matches_token(&self, id: Option<u32>, word: &str) -> bool {
        let form = id.is_some_and(|id| match self.form_ids.as_slice() {
            [] => false,
            [one] => *one == id,
            ids => ids.binary_search(&id).is_ok(),
        });
        form || (self.has_wildcards && self.wildcard_matches(word))
    }

    fn wildcard_matches(&self, word: &str) -> bool {
        self.prefixes.iter().any(|p| word.starts_with(p.as_str()))
            || self.suffixes.iter().any(|s| word.ends_with(s.as_str()))
            || self.infixes.iter().any(|i| word.contains(i.as_str()))
    }

    /// Whether it has a wildcard (`pre*`, `*suf`, `*in*`, `*<lemma>`).
    pub(super) fn has_wildcards(&self) -> bool {
        self.has_wildcards
    }

    /// The literals of its wildcards, which an automaton finds inside words.
    pub(super) fn literals(&self) -> impl Iterator<Item = &String> {
        self.prefixes
            .iter()
            .chain(&self.suffixes)
            .chain(&self.infixes)
    }

    /// Adds one alternative (`word`, `<lemma>`, `pre*`, `*suf`, `*in*`, `*<lemma>`).
    fn add(&mut self, item: &str, lemmatizer: &Lemmatizer) -> Result<(), String> {
        let lemma = |inner: &str| -> Result<Vec<String>, String> {
            match inner.strip_prefix('<').and_then(|l| l.strip_suffix('>')) {
                Some(l) if !l.is_empty() && !l.contains(['<', '>', '*']) => Ok(lemmatizer.forms(l)),
                _ => Err(format!("{item:?} is not a lemma: write <lemma>")),
            }
        };
        if item.starts_with('<') {
            self.forms.extend(lemma(item)?);
        } else if let Some(rest) = item.strip_prefix("*<") {
            self.suffixes.extend(lemma(&format!("<{rest}"))?);
        } else if item.starts_with(['@', '#', '$', '^']) {
            return Err(format!("{item:?} cannot be an alternative"));
        } else if item.contains('?') {
            return Err(format!("{item:?}: an alternative cannot be optional"));
        } else if item.contains(['<', '>', '[', ']', '|', '{', '}']) {
            return Err(format!("{item:?} is not a word, <lemma> or wildcard"));
        } else {
            match (item.strip_prefix('*'), item.strip_suffix('*')) {
                (Some(rest), Some(_)) if !rest.trim_end_matches('*').is_empty() => {
                    self.infixes.push(rest.trim_end_matches('*').to_string())
                }
                (Some(rest), None) if !rest.is_empty() && !rest.contains('*') => {
                    self.suffixes.push(rest.to_string())
                }
                (None, Some(rest)) if !rest.is_empty() && !rest.contains('*') => {
                    self.prefixes.push(rest.to_string())
                }
                (None, None) if !item.is_empty() => self.forms.push(item.to_string()),
                _ => return Err(format!("{item:?} is not a word or wildcard")),
            }
        }
        Ok(())
    }

    fn finish(mut self) -> WordTest {
        for list in [
            &mut self.forms,
            &mut self.prefixes,
            &mut self.suffixes,
            &mut self.infixes,
        ] {
            list.sort_unstable();
            list.dedup();
        }
        let has_wildcards = self.literals().next().is_some();
        self.has_wildcards = has_wildcards;
        self
    }
}

/// One element of a pattern.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(super) enum Element {
    /// `^`: the sentence start, after a quote's opening dash or guillemet.
    Start,
    /// `*`: any one token (a word, a number, a punctuation mark).
    Any,
    /// `#score`: a score token, or a score written with spaces (`2 - 0`).
    Score,
    /// `#num`: two or more, in digits or a number word (`tre`).
    Number,
    /// `#minute`: a minute in digits, as an ordinal (`56.`) or a number up to 130 (`i minutt 56`).
    Minute,
    /// `#score-…`: a compound starting with a score (`1-0-målet`), the rest matched as a word.
    ScoreCompound(WordTest),
    /// `@person`: a recognised player or official (a name of several words is one element).
    Person,
    /// `@team`: a recognised club or national team.
    Team,
    /// `@keeper`: a recognised goalkeeper, or a keeper noun (`keeperen`, `målvakta`,
    /// `Molde-keeperen`).
    Keeper,
    /// `{m,n}`: from m to n words.
    Gap { min: usize, max: usize },
    /// A word: see [`WordTest`].
    Word(WordTest),
    /// An alternation of words and classes (`[@person|han|hun]`): the word test, else the first
    /// class that matches.
    Either(WordTest, Vec<Element>),
}

/// The last minute of a match with extra time and its stoppage: a larger number is no minute.
const LAST_MINUTE: u32 = 130;

/// Macros of a lexicon: `$name` in a pattern stands for the macro's pattern.
pub(super) trait Macros {
    fn pattern(&self, name: &str) -> Option<&str>;
}

/// How deep macros may use macros: deeper is a loop.
const MAX_MACRO_DEPTH: usize = 8;

/// The words of a pattern with its macros spliced in.
fn expand(pattern: &str, macros: &dyn Macros, depth: usize) -> Result<Vec<String>, String> {
    if depth > MAX_MACRO_DEPTH {
        return Err("macros use each other in a loop".into());
    }
    let mut words = Vec::new();
    for word in pattern.split_whitespace() {
        let Some(name) = word.strip_prefix('$') else {
            words.push(word.to_string());
            continue;
        };
        let (name, optional) = match name.strip_suffix('?') {
            Some(name) => (name, true),
            None => (name, false),
        };
        let body = macros
            .pattern(name)
            .ok_or_else(|| format!("unknown macro ${name}"))?;
        let mut inner = expand(body, macros, depth + 1)?;
        if optional {
            if inner.len() != 1 {
                return Err(format!("${name} has several words and cannot be optional"));
            }
            inner[0].push('?');
        }
        words.extend(inner);
    }
    Ok(words)
}

/// Whether the words of a macro's pattern (a piece of a pattern: it may start or end with a gap)
/// are well formed.
pub(super) fn check_macro(
    pattern: &str,
    macros: &dyn Macros,
    lemmatizer: &Lemmatizer,
) -> Result<(), String> {
    for word in expand(pattern, macros, 0)? {
        let word = word
            .strip_suffix('?')
            .filter(|w| !w.is_empty())
            .unwrap_or(&word);
        parse_element(word, macros, lemmatizer)?;
    }
    Ok(())
}

/// The variants of a pattern (each optional element left in or out), if it is well formed: a
/// word in every variant, `^` only first, gaps between words.
pub(super) fn parse_pattern(
    pattern: &str,
    macros: &dyn Macros,
    lemmatizer: &Lemmatizer,
) -> Result<Vec<Vec<Element>>, String> {
    let words = expand(pattern, macros, 0)?;
    let mut elements = Vec::new();
    for word in &words {
        let (word, optional) = match word.strip_suffix('?') {
            Some(w) if !w.is_empty() => (w, true),
            _ => (word.as_str(), false),
        };
        let element = parse_element(word, macros, lemmatizer)?;
        if optional && matches!(element, Element::Start | Element::Gap { .. }) {
            return Err(format!("{word:?} cannot be optional"));
        }
        elements.push((element, optional));
    }
    let optional = elements.iter().filter(|(_, o)| *o).count();
    if optional > MAX_OPTIONAL {
        return Err(format!("at most {MAX_OPTIONAL} optional elements"));
    }
    let gaps = elements
        .iter()
        .filter(|(e, _)| matches!(e, Element::Gap { .. }))
        .count();
    if gaps > MAX_GAPS {
        return Err(format!("at most {MAX_GAPS} gaps"));
    }
    let mut variants = Vec::new();
    for mask in 0..1usize << optional {
        let mut index = 0;
        let variant: Vec<Element> = elements
            .iter()
            .filter(|(_, o)| {
                if !*o {
                    return true;
                }
                index += 1;
                mask & (1 << (index - 1)) == 0
            })
            .map(|(e, _)| e.clone())
            .collect();
        check_variant(&variant)?;
        variants.push(variant);
    }
    Ok(variants)
}

/// Whether one variant of a pattern can be matched.
fn check_variant(elements: &[Element]) -> Result<(), String> {
    if elements.iter().skip(1).any(|e| *e == Element::Start) {
        return Err("^ comes first or not at all".into());
    }
    let mut words = elements.iter().filter(|e| **e != Element::Start);
    let is_gap = |e: Option<&Element>| matches!(e, Some(Element::Gap { .. }));
    if is_gap(words.clone().next()) || is_gap(words.next_back()) {
        return Err(
            "a gap comes between words, also with the optional elements next to it left out".into(),
        );
    }
    if elements
        .iter()
        .all(|e| matches!(e, Element::Start | Element::Any | Element::Gap { .. }))
    {
        return Err(
            "the pattern needs a word, class or score (with its optional parts left out too)"
                .into(),
        );
    }
    Ok(())
}

/// One element from its text (lower case, without `?`).
fn parse_element(
    word: &str,
    macros: &dyn Macros,
    lemmatizer: &Lemmatizer,
) -> Result<Element, String> {
    Ok(match word {
        "^" => Element::Start,
        "*" => Element::Any,
        "#score" => Element::Score,
        "#num" => Element::Number,
        "#minute" => Element::Minute,
        "@person" => Element::Person,
        "@team" => Element::Team,
        "@keeper" => Element::Keeper,
        "**" => return Err("** is written {0,3} now".into()),
        _ => {
            if let Some(gap) = word.strip_prefix('{').and_then(|w| w.strip_suffix('}')) {
                let bounds = gap.split_once(',').and_then(|(min, max)| {
                    Some((min.trim().parse().ok()?, max.trim().parse().ok()?))
                });
                return match bounds {
                    Some((min, max)) if min <= max && max <= MAX_GAP_WORDS && max > 0 => {
                        Ok(Element::Gap { min, max })
                    }
                    _ => Err(format!(
                        "{word:?} is not a gap: write {{m,n}}, 0 <= m <= n <= {MAX_GAP_WORDS}"
                    )),
                };
            }
            if let Some(rest) = word.strip_prefix("#score-") {
                let mut test = WordTest::default();
                test.add(rest, lemmatizer)?;
                return Ok(Element::ScoreCompound(test.finish()));
            }
            if word.starts_with(['#', '@']) {
                return Err(format!(
                    "unknown class {word:?} (#score, #num, #minute, @person, @team, @keeper)"
                ));
            }
            let mut test = WordTest::default();
            let mut classes = Vec::new();
            alternatives(word, macros, lemmatizer, 0, &mut test, &mut classes)?;
            let test = test.finish();
            match (test == WordTest::default(), classes.len()) {
                (_, 0) => Element::Word(test),
                (true, 1) => classes.remove(0),
                _ => Element::Either(test, classes),
            }
        }
    })
}

/// Adds the alternatives of a word element (one, or `[a|b|...]`) to `test`, and those that are
/// classes (`@person`, `#score`, `#score-…`) to `classes`; an alternative `$name` is the macro's
/// alternatives.
fn alternatives(
    word: &str,
    macros: &dyn Macros,
    lemmatizer: &Lemmatizer,
    depth: usize,
    test: &mut WordTest,
    classes: &mut Vec<Element>,
) -> Result<(), String> {
    if depth > MAX_MACRO_DEPTH {
        return Err("macros use each other in a loop".into());
    }
    // Classes are alternatives inside brackets, or in a macro spliced into them.
    let in_alternation = word.starts_with('[') || depth > 0;
    let items = match word.strip_prefix('[').and_then(|w| w.strip_suffix(']')) {
        Some(inner) => inner.split('|').collect(),
        None => vec![word],
    };
    for item in items {
        if let Some(name) = item.strip_prefix('$') {
            let body = macros
                .pattern(name)
                .ok_or_else(|| format!("unknown macro ${name}"))?;
            let mut words = body.split_whitespace();
            let (Some(only), None) = (words.next(), words.next()) else {
                return Err(format!(
                    "${name} has several words and cannot be an alternative"
                ));
            };
            alternatives(only, macros, lemmatizer, depth + 1, test, classes)?;
        } else if item.starts_with(['@', '#']) && in_alternation {
            match parse_element(item, macros, lemmatizer)? {
                class @ (Element::Score
                | Element::Number
                | Element::Minute
                | Element::ScoreCompound(_)
                | Element::Person
                | Element::Team
                | Element::Keeper) => classes.push(class),
                _ => return Err(format!("{item:?} cannot be an alternative")),
            }
        } else {
            test.add(item, lemmatizer)?;
        }
    }
    Ok(())
}

impl Element {
    /// How many tokens from `at` this element matches, if it matches (not for gaps).
    fn matches(&self, sentence: &CueTarget<'_>, at: usize) -> Option<usize> {
        let CueTarget { folded, tokens, .. } = *sentence;
        let token = tokens.get(at)?;
        let word = &folded[token.span()];
        let matched = match self {
            Element::Start | Element::Gap { .. } => false,
            Element::Any => true,
            Element::Person => return sentence.mention_at(sentence.people, at),
            Element::Team => return sentence.mention_at(sentence.teams, at),
            Element::Keeper => {
                return sentence.mention_at(sentence.keepers, at).or_else(|| {
                    (token.kind == TokenKind::Word && is_keeper_noun(word)).then_some(1)
                })
            }
            Element::Score => {
                if token.kind == TokenKind::Score {
                    return Some(1);
                }
                let spaced = tokens.get(at..at + 3).is_some_and(|t| {
                    let small = |t: &Token| {
                        t.kind == TokenKind::Number && t.span().len() <= MAX_SCORE_DIGITS
                    };
                    small(&t[0]) && matches!(&folded[t[1].span()], "-" | "–") && small(&t[2])
                });
                return spaced.then_some(3);
            }
            // "ett mål til" is not a count of goals; from two up it is.
            Element::Number => number_word(word).is_some_and(|n| n >= 2),
            Element::Minute => {
                let digits = word.strip_suffix('.').unwrap_or(word);
                matches!(token.kind, TokenKind::Ordinal | TokenKind::Number)
                    && digits
                        .parse::<u32>()
                        .is_ok_and(|m| (1..=LAST_MINUTE).contains(&m))
            }
            Element::ScoreCompound(rest) => {
                token.kind == TokenKind::Word && score_prefix(word).is_some_and(|r| rest.matches(r))
            }
            Element::Word(test) => test.matches_token(sentence.form_id(at), word),
            Element::Either(test, classes) => {
                if test.matches_token(sentence.form_id(at), word) {
                    return Some(1);
                }
                return classes.iter().find_map(|c| c.matches(sentence, at));
            }
        };
        matched.then_some(1)
    }
}

/// `1-0-målet` -> `målet`: the rest of a compound that starts with a score.
fn score_prefix(word: &str) -> Option<&str> {
    let (home, rest) = word.split_once(['-', '–'])?;
    let (away, rest) = rest.split_once('-')?;
    (is_score_side(home) && is_score_side(away)).then_some(rest)
}

/// One variant of a row's pattern, as it is matched.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub(super) struct Cue {
    /// The row it comes from, in [`super::Lexicon`]'s rows.
    pub(super) row: usize,
    pub(super) event: EventKind,
    pub(super) elements: Vec<Element>,
    pub(super) effect: Effect,
}

/// The token a `^` cue starts at: the first, or the one after a quote's opening dash or
/// guillemet ("– Straffer er lotteri").
pub(super) fn first_word(folded: &Folded, tokens: &[Token]) -> usize {
    tokens
        .iter()
        .take_while(|t| matches!(&folded[t.span()], "-" | "–" | "—" | "«" | "\""))
        .count()
}

/// A sentence as cues are matched against it.
#[derive(Clone, Copy)]
pub(super) struct CueTarget<'a> {
    /// The sentence's case-folded text, read at document offsets.
    pub(super) folded: &'a Folded,
    /// The sentence's tokens.
    pub(super) tokens: &'a [Token],
    /// The byte ranges of the sentence's mentions of people, in text order, for `@person`.
    pub(super) people: &'a [(usize, usize)],
    /// Of its mentions of clubs and national teams, for `@team`.
    pub(super) teams: &'a [(usize, usize)],
    /// Of its mentions of goalkeepers, for `@keeper`.
    pub(super) keepers: &'a [(usize, usize)],
    /// Per token, the lexicon's id of its word as a form of a word test: filled in by
    /// [`super::Lexicon::hits`] (leave it empty).
    pub(super) form_ids: &'a [Option<u32>],
}

impl CueTarget<'_> {
    fn form_id(&self, at: usize) -> Option<u32> {
        self.form_ids.get(at).copied().flatten()
    }

    /// How many tokens from `at` a mention of `mentions` that starts at token `at` covers.
    fn mention_at(&self, mentions: &[(usize, usize)], at: usize) -> Option<usize> {
        let start = self.tokens[at].span().start();
        let i = mentions.binary_search_by_key(&start, |&(s, _)| s).ok()?;
        let end = mentions[i].1;
        Some(
            self.tokens[at..]
                .iter()
                .take_while(|t| t.span().start() < end)
                .count()
                .max(1),
        )
    }
}

/// The index after the last token matched by `elements` from token `at`, if they match; a gap
/// tries the fewest words first.
pub(super) fn match_elements(
    elements: &[Element],
    sentence: &CueTarget<'_>,
    mut at: usize,
) -> Option<usize> {
    let tokens = sentence.tokens;
    // A loop for plain elements, which most cues are (this runs for every cue tried at every
    // word); recursion only at a gap.
    for (i, element) in elements.iter().enumerate() {
        if let Element::Gap { min, max } = *element {
            // A gap skips words (names, adverbs), not punctuation or numbers: it stays in the
            // clause.
            let words = tokens[at.min(tokens.len())..]
                .iter()
                .take_while(|t| t.kind == TokenKind::Word)
                .count()
                .min(max);
            let rest = &elements[i + 1..];
            return (min..=words).find_map(|skip| match_elements(rest, sentence, at + skip));
        }
        at += element.matches(sentence, at)?;
    }
    Some(at)
}

#[cfg(test)]
mod tests {
    use super::super::tests::check_labels;
    use super::*;

    struct NoMacros;
    impl Macros for NoMacros {
        fn pattern(&self, _: &str) -> Option<&str> {
            None
        }
    }

    fn lemmatizer() -> &'static Lemmatizer {
        static LEMMATIZER: std::sync::LazyLock<Lemmatizer> =
            std::sync::LazyLock::new(|| Lemmatizer::new().unwrap());
        &LEMMATIZER
    }

    #[test]
    fn malformed_patterns() {
        for (name, pattern, message) in [
            ("start not first", "x ^", "^ comes first"),
            ("gap last", "x {0,3}", "a gap comes between"),
            ("gap too wide", "x {0,9} y", "is not a gap"),
            ("only optional words", "x? *", "needs a word"),
            ("old gap", "x ** y", "{0,3}"),
            ("unknown class", "#minutt x", "unknown class"),
            ("empty lemma", "<> x", "not a lemma"),
            ("unknown macro", "$nothing x", "unknown macro"),
            ("bad alternative", "[a|b c", "not a word"),
            (
                "start in an alternation",
                "[^|keeperen] x",
                "cannot be an alternative",
            ),
            ("gap in an alternation", "x [{0,2}|y] z", "not a word"),
        ] {
            let error = parse_pattern(pattern, &NoMacros, lemmatizer()).unwrap_err();
            assert!(error.contains(message), "{name}: {error}");
        }
    }

    #[test]
    fn optional_elements_give_variants() {
        let variants =
            parse_pattern("satte [den|ballen]? i <nett>", &NoMacros, lemmatizer()).unwrap();
        assert_eq!(variants.len(), 2);
        assert_eq!(variants[0].len(), 4);
        assert_eq!(variants[1].len(), 3);
    }

    #[test]
    fn an_alternation_may_hold_classes_and_macros() {
        struct Keeper;
        impl Macros for Keeper {
            fn pattern(&self, name: &str) -> Option<&str> {
                (name == "keeper").then_some("[@keeper|sisteskansen]")
            }
        }
        let variants = parse_pattern("forbi [$keeper|han|#score]", &Keeper, lemmatizer()).unwrap();
        let Element::Either(words, classes) = &variants[0][1] else {
            panic!("{variants:?}");
        };
        assert_eq!(words.forms, ["han", "sisteskansen"]);
        assert_eq!(classes, &[Element::Keeper, Element::Score]);
    }

    #[test]
    fn a_gap_skips_a_name() {
        check_labels(&[
            // A gap skips the name between "kunne" and the participle.
            ("Da kunne Angel di Maria lagt på til 2-0.", &[]),
            ("Da kunne Angel di Maria legge på til 2-0.", &[("goal", "")]),
        ]);
    }

    #[test]
    fn a_start_anchor_comes_after_a_quote_dash() {
        check_labels(&[
            // A saying about penalties, also in a quote, is not a penalty; the penalty is.
            ("– Straffer er lotteri.", &[]),
            ("– Straffen er latterlig.", &[("penalty", "")]),
        ]);
    }
}
