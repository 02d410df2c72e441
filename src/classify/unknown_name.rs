//! The actor of a goal or chance whom no gazetteer knows: a capitalised name where the subject
//! stands ("Sondre Vatne Hetland satte inn 2-0", "kontant av innbytter Moe"). Every season brings
//! players the gazetteers lack; their goals should still name them, as written.

use super::actor::beaten_or_serving;
use super::clause::clause_break;
use super::{EventKind, Scope};
use crate::gazetteer::Gazetteer;
use crate::recognize::Mention;
use crate::segment::{Sentence, Token, TokenKind};
use crate::span::Span;
use crate::text::{is_name_gap, previous_word};
use crate::words::actors::{COORDINATING_CONJUNCTIONS, HOW_CONJUNCTIONS};
use crate::words::football::is_keeper_noun;
use crate::words::names::{GROUNDS, LOCATIVES, NAME_PARTICLES, NOT_FIRST_NAMES, OFFICIAL_ROLES};

impl Scope<'_> {
    /// The name of the actor of an event of `kind` with trigger `trigger` when no recognised
    /// player is: for a goal or a chance, the unknown name inside the trigger, else the nearest
    /// before it in its clause, else (for a verb after `og`) the name that opens the sentence,
    /// else the first after it in its clause (`reduserte Moe`), else the nearest before it in
    /// the sentence ("Moe var først på innlegget og nikket ballen i mål"), else the first after
    /// it in a clause that tells how ("Etter 20 minutter sto det 1-1, da Moe headet ballen i
    /// mål"); never one after a place word (`på Aspmyra`). A genitive (`Moes scoring`) is the
    /// actor only of the word it stands before, and is given without its `s`.
    pub(super) fn unknown_actor(&self, trigger: Span, kind: EventKind) -> Option<Span> {
        if !matches!(kind, EventKind::Goal | EventKind::Chance) {
            return None;
        }
        let text = self.text;
        let names: Vec<Name> = self
            .unknown_names()
            .into_iter()
            .filter(|n| {
                !n.genitive
                    || n.span.end() <= trigger.start()
                        && text[n.span.end()..trigger.start()].trim().is_empty()
            })
            .collect();
        let inside = names
            .iter()
            .find(|n| n.span.start() >= trigger.start() && n.span.end() <= trigger.end());
        let mut before = names
            .iter()
            .rev()
            .filter(|n| n.span.end() <= trigger.start());
        let before_in_clause = before
            .clone()
            .find(|n| !clause_break(&text[n.span.end()..trigger.start()]));
        let mut after = names.iter().filter(|n| {
            let (_, word) = previous_word(text, n.span.start());
            n.span.start() >= trigger.end() && !LOCATIVES.contains(&word.to_lowercase().as_str())
        });
        let after_in_clause = after
            .clone()
            .find(|n| !clause_break(&text[trigger.end()..n.span.start()]));
        // "Moe stikker i bakrom, ser Vik langt ute og chipper ballen over keeperen": a verb
        // right after "og" shares the subject of its clause, or of the clause before when its
        // own opens with a verb ("ser Vik": Vik is the object).
        let coordinated = || {
            let (verb_start, verb) = previous_word(text, trigger.start());
            let and = |word: &str| COORDINATING_CONJUNCTIONS.contains(&word);
            if !(and(verb) || and(previous_word(text, verb_start).1)) {
                return None;
            }
            self.clause_subject(&names, trigger.start())
        };
        // "Etter 20 minutter sto det 1-1, da Moe headet ballen i mål": a name after the trigger
        // in another clause only in the clause that tells how.
        let telling_how = |n: &&Name| {
            text[trigger.end()..n.span.start()]
                .split_whitespace()
                .any(|w| HOW_CONJUNCTIONS.contains(&w.to_lowercase().as_str()))
        };
        let name = inside
            .or(before_in_clause)
            .or_else(coordinated)
            .or(after_in_clause)
            .or_else(|| before.next())
            .or_else(|| after.find(telling_how))?;
        let genitive_s = usize::from(name.genitive);
        Some(Span::new(name.span.start(), name.span.end() - genitive_s))
    }

    /// The name that is the subject of the clause `before` is in: the name that opens the
    /// clause (after a comma and `og`), or, when the clause opens with another word, the
    /// subject of the clause before it.
    fn clause_subject<'n>(&self, names: &'n [Name], before: usize) -> Option<&'n Name> {
        let text = self.text;
        let mut end = before;
        loop {
            let start = text[self.sentence.start()..end]
                .rfind(',')
                .map_or(self.sentence.start(), |comma| {
                    self.sentence.start() + comma + 1
                });
            let mut opening = text[start..end].trim_start();
            for conjunction in COORDINATING_CONJUNCTIONS {
                if let Some(rest) = opening.strip_prefix(conjunction) {
                    if rest.starts_with(' ') {
                        opening = rest.trim_start();
                    }
                }
            }
            let opens_at = end - opening.len();
            // The name may have left its first word out as a sentence opener ("Jamal").
            let opens = |n: &&Name| {
                let skipped: Vec<&str> = text
                    .get(opens_at..n.span.start())
                    .map_or(vec!["-"], |s| s.split_whitespace().collect());
                skipped.len() <= 1 && skipped.iter().all(|w| w.starts_with(char::is_uppercase))
            };
            if let Some(name) = names.iter().find(opens) {
                return Some(name);
            }
            if start == self.sentence.start() {
                return None;
            }
            end = start - 1;
        }
    }

    /// The capitalised names of the sentence that are no recognised mention, in text order:
    /// runs of capitalised words (`Jonah Adeyemo`, `Kwame Osei-Boateng`, `Rafael van der Berg`),
    /// without an opener or title before them (`Da`, `Kaptein`), nor a keeper beaten or a
    /// passer (`bak Moe`, `fra Moe`), a keeper (`Molde-keeper Aasebø`), an official or coach
    /// (`dommer Aasen`), a ground (`Brann Stadion`) or a team's name. A word opening the sentence
    /// is part of a name only when it is a first name of the gazetteers or the document writes it
    /// capitalised inside a sentence too.
    fn unknown_names(&self) -> Vec<Name> {
        let text = self.text;
        let mentions = &self.recognition.mentions[self.mentions.clone()];
        let recognised = |t: &Token| {
            mentions
                .iter()
                .any(|m| m.span.start() < t.span().end() && t.span().start() < m.span.end())
        };
        let mut names = Vec::new();
        let mut run: Vec<usize> = Vec::new();
        for (i, token) in self.tokens.iter().enumerate() {
            let name_word = is_name_word(text, token) && !recognised(token);
            let particle = !run.is_empty() && NAME_PARTICLES.contains(&&text[token.span()]);
            let joins = run.last().is_none_or(|&r| {
                is_name_gap(&text[self.tokens[r].span().end()..token.span().start()])
            });
            if (name_word || particle) && joins {
                run.push(i);
                continue;
            }
            names.extend(self.name_of_run(&run));
            run.clear();
            if name_word {
                run.push(i);
            }
        }
        names.extend(self.name_of_run(&run));
        names
    }

    /// The name a run of capitalised tokens (indexes into the sentence's tokens) makes, if any.
    fn name_of_run(&self, run: &[usize]) -> Option<Name> {
        let text = self.text;
        let word = |i: usize| &text[self.tokens[i].span()];
        // Particles at the end belong to no name.
        let mut run = run;
        while let Some((&last, rest)) = run.split_last() {
            if !NAME_PARTICLES.contains(&word(last)) {
                break;
            }
            run = rest;
        }
        // A word capitalised for opening the sentence ("Brasilianeren Gustavo Ribeiro") is part
        // of the name only when it is a first name of the gazetteers or the document writes it
        // capitalised inside a sentence too.
        if let Some((&first, rest)) = run.split_first() {
            let first_name = !rest.is_empty() && self.gazetteer.is_first_name(word(first));
            // The sentence's first word, after a quote's dash or a live blog's minute.
            let opens_sentence = self.tokens[..first]
                .iter()
                .all(|t| t.kind != TokenKind::Word);
            let opener = opens_sentence
                && !first_name
                && !written_inside_a_sentence(self.nearby(), word(first));
            if opener || NOT_FIRST_NAMES.contains(&word(first).to_lowercase().as_str()) {
                run = rest;
            }
        }
        let (&first, &last) = (run.first()?, run.last()?);
        let span = Span::new(
            self.tokens[first].span().start(),
            self.tokens[last].span().end(),
        );
        let letters = text[span].chars().filter(|c| c.is_alphabetic()).count();
        if letters < 2 || self.is_team_name(span) {
            return None;
        }
        let next = self.tokens.get(last + 1).map(|t| &text[t.span()]);
        let role = previous_word(text, span.start()).1.to_lowercase();
        if next.is_some_and(|w| GROUNDS.contains(&w.to_lowercase().as_str()))
            || beaten_or_serving(text, span.start())
            || is_keeper_noun(&role)
            || OFFICIAL_ROLES.contains(&role.as_str())
        {
            return None;
        }
        // "Whitfields innlegg": a genitive, when the document writes the name without its `s`.
        let genitive = word(last).strip_suffix('s').is_some_and(|bare| {
            bare.chars().count() > 1 && written_inside_a_sentence(self.nearby(), bare)
        });
        Some(Name { span, genitive })
    }

    /// The text around the sentence that tells whether a word is a name.
    fn nearby(&self) -> &str {
        &self.text[around(self.text, self.sentence)]
    }

    /// Whether `span` is written as a team's name in the gazetteers, which the recognition left
    /// out (`i Norge`, `fra Costa Rica`: the place): no unknown player.
    fn is_team_name(&self, span: Span) -> bool {
        let mut forms = Vec::new();
        self.gazetteer
            .forms_at(&self.folded, span.start(), &mut forms);
        forms.iter().any(|f| {
            f.span().end() == span.end()
                && self
                    .gazetteer
                    .candidates(f.pattern())
                    .iter()
                    .all(|c| self.gazetteer.entity(c.entity).kind.is_team())
        })
    }
}

/// A capitalised name in a sentence.
#[derive(Debug, Clone, Copy)]
struct Name {
    span: Span,
    /// Written with a genitive `s` (`Whitfields`).
    genitive: bool,
}

/// The fullest form a document gives a name no gazetteer knows: "Adeyemo" is "Jonah Adeyemo"
/// when the document writes that elsewhere (capitalised words before it that are no mention,
/// a first name of the gazetteers or neither opening a sentence nor a genitive), the first
/// such form; else the name itself.
pub(crate) fn fullest_name(
    gazetteer: &Gazetteer,
    text: &str,
    sentences: &[Sentence],
    tokens: &[Token],
    mentions: &[Mention],
    name: Span,
) -> Span {
    let recognised = |t: &Token| {
        mentions
            .iter()
            .any(|m| m.span.start() < t.span().end() && t.span().start() < m.span.end())
    };
    let words: Vec<&str> = text[name].split_whitespace().collect();
    let mut fullest = name;
    let window = around(text, name);
    let near = sentences
        .iter()
        .filter(|s| s.span.end() > window.start() && s.span.start() < window.end());
    for sentence in near {
        let tokens = &tokens[sentence.tokens];
        for at in 0..tokens.len() {
            let follows = words
                .iter()
                .enumerate()
                .all(|(k, w)| tokens.get(at + k).is_some_and(|t| &text[t.span()] == *w));
            if !follows {
                continue;
            }
            let mut first = at;
            while first > 0 {
                let (previous, current) = (&tokens[first - 1], &tokens[first]);
                let word = &text[previous.span()];
                let first_name = gazetteer.is_first_name(word);
                // "Bayerns Tobias Hainzl": a genitive before a name (of a word the document also
                // writes without its `s`) is whose he is.
                let genitive = !first_name
                    && word
                        .strip_suffix('s')
                        .is_some_and(|bare| written_inside_a_sentence(&text[window], bare));
                let opener = first - 1 == 0 && !first_name;
                if !is_name_word(text, previous)
                    || recognised(previous)
                    || !is_name_gap(&text[previous.span().end()..current.span().start()])
                    || NOT_FIRST_NAMES.contains(&text[previous.span()].to_lowercase().as_str())
                    || opener
                    || genitive
                {
                    break;
                }
                first -= 1;
            }
            let found = Span::new(
                tokens[first].span().start(),
                tokens[at + words.len() - 1].span().end(),
            );
            if found.len() > fullest.len() {
                fullest = found;
            }
        }
    }
    fullest
}

/// Whether a token may be part of a name: a word that starts with a capital and is not all
/// capitals (`MÅL`, `VAR`), whose hyphen parts all start with one (`Osei-Boateng`, not
/// `Molde-spissen`).
pub(crate) fn is_name_word(text: &str, token: &Token) -> bool {
    let word = &text[token.span()];
    let capitalised = |part: &str| part.chars().next().is_some_and(char::is_uppercase);
    let letters = word.chars().filter(|c| c.is_alphabetic()).count();
    let upper = word.chars().filter(|c| c.is_uppercase()).count();
    token.kind == TokenKind::Word
        && word.split('-').all(capitalised)
        && !(letters > 1 && upper == letters)
}

/// Whether `word` stands capitalised after a lower-case word somewhere in the text: a name, and
/// not a word capitalised for opening a sentence.
/// How far around a sentence a name is looked for, in bytes: a report is a few thousand, and a
/// huge document costs no more per name.
const NAME_WINDOW_BYTES: usize = 20_000;

/// The bytes within [`NAME_WINDOW_BYTES`] of `span`, on character boundaries.
fn around(text: &str, span: Span) -> Span {
    Span::new(
        text.floor_char_boundary(span.start().saturating_sub(NAME_WINDOW_BYTES)),
        text.ceil_char_boundary((span.end() + NAME_WINDOW_BYTES).min(text.len())),
    )
}

pub(crate) fn written_inside_a_sentence(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(at, _)| {
        let ends = text[at + word.len()..]
            .chars()
            .next()
            .is_none_or(|c| !c.is_alphanumeric());
        let before = text[..at].strip_suffix(' ').unwrap_or("");
        let after_lower = before
            .chars()
            .next_back()
            .is_some_and(|c| c.is_lowercase() || c == ',');
        ends && after_lower
    })
}

#[cfg(test)]
mod tests {
    use crate::classify::testing::classified;

    /// The unknown names given as actors of a text's goals and chances.
    fn actors(text: &str) -> Vec<String> {
        let found = classified(text);
        found
            .events
            .iter()
            .filter_map(|e| e.name.map(|n| format!("{} {}", e.kind.as_str(), &text[n])))
            .collect()
    }

    #[test]
    fn unknown_scorers_where_the_subject_stands() {
        let table: &[(&str, &[&str])] = &[
            (
                "Sondre Vatne Hetland satte inn 2-0 etter en corner.",
                &["goal Sondre Vatne Hetland"],
            ),
            (
                "Etter 31 minutter nikket Jonah Adeyemo ballen i lengste hjørne.",
                &["goal Jonah Adeyemo"],
            ),
            (
                "Venstreback Henrik Solbakk Lie fikk god tid, og Adeyemo nikket ballen i mål.",
                &["goal Adeyemo"],
            ),
            ("Da Ola Moe scoret, jublet alle.", &["goal Ola Moe"]),
            ("Han satte inn 1-0 på Aspmyra.", &[]),
            ("Da sto det 1-1, og Stadion kokte.", &[]),
            ("– Kanskje scoret vi for tidlig, sa han.", &[]),
            (
                "Jamal Whitfield stikker i bakrom, ser Lars Ekdahl langt ute og chipper ballen over svensken.",
                // The gazetteers have Jamal as a first name: the opener is part of the name.
                &["goal Jamal Whitfield"],
            ),
            ("Molde-keeper Ruben Aasebø reddet skuddet.", &[]),
            (
                "Etter 20 minutter sto det 1-1, da Mads Holm headet ballen i mål.",
                &["goal Mads Holm"],
            ),
            (
                "Molde tok ledelsen, og Molde-trener Eirik Horneland jublet.",
                &[],
            ),
            ("Sæther-Kvarmo satte inn 3-1.", &[]),
        ];
        for (text, expected) in table {
            assert_eq!(actors(text), *expected, "{text}");
        }
    }

    #[test]
    fn a_sentence_opener_is_a_name_when_written_as_one_elsewhere() {
        assert_eq!(
            actors("Innbytter Kwame Sæther-Kvarmo kom inn. Sæther-Kvarmo satte inn 3-1."),
            ["goal Sæther-Kvarmo"]
        );
    }
}
