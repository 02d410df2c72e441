//! A sentence's features for the model, hashed into buckets: the lemmas of its words and their
//! pairs, what recognition and the score state found in it, the kind of document and line it is,
//! and (the rule features) the cue rows that matched in it and around it and the rules' labels.
//!
//! Features are hashed from their names (`lemma=score`, `cue=goal_verb_score`), never from
//! positions in a list, so a model keeps its meaning when the lexicon gains or loses rows, and a
//! row's features are the same whichever file it is read from.

use super::vocabulary::Vocabulary;
use crate::classify::EventKind;
use crate::segment::{Folded, Token, TokenKind};
use rustc_hash::FxHashMap;

/// What the featurizer reads of one sentence in its document.
pub(crate) struct SentenceView<'a> {
    pub(crate) folded: &'a Folded,
    pub(crate) tokens: &'a [Token],
    /// The rules' labels, as [`EventKind::ALL`] bits.
    pub(crate) rule_labels: u8,
    /// The rules' labels of the sentence before.
    pub(crate) previous_labels: u8,
    /// The cue rows that matched here, before and after: (row id, event, role).
    pub(crate) cues: &'a [CueHit<'a>],
    pub(crate) previous_cues: &'a [CueHit<'a>],
    pub(crate) next_cues: &'a [CueHit<'a>],
    /// The sentence's mentions in text order: their words stand as one class word (`@person`,
    /// `@team`, `@name`), so that what is learnt of one name holds for every name.
    pub(crate) mentions: &'a [(usize, usize, &'static str)],
    /// Presence of what recognition, the minute and the score state found.
    pub(crate) signals: Signals,
}

/// One cue hit as the model sees it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CueHit<'a> {
    pub(crate) id: &'a str,
    pub(crate) event: EventKind,
    /// `trigger`, `fallback`, `cancel`, `with` or `after`.
    pub(crate) role: &'static str,
}

/// Yes-or-no facts about a sentence and its document.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Signals {
    pub(crate) minute: bool,
    pub(crate) score: bool,
    pub(crate) person: bool,
    pub(crate) keeper: bool,
    pub(crate) teams: usize,
    /// The sentence states the score that comes next in the document's score state.
    pub(crate) next_score: bool,
    /// It moved the score state (a goal it tells, or the next score it states).
    pub(crate) score_moved: bool,
    /// It tells a result or a standing (`vant 2-1`).
    pub(crate) result: bool,
    pub(crate) fact_line: bool,
    pub(crate) headline: bool,
    /// The line starts with a minute (`23' Mål!`, `67. Gult kort`).
    pub(crate) minute_led: bool,
    /// The document has a header with a score in its first sentences.
    pub(crate) header: bool,
    /// The document is a live blog: several lines start with a minute.
    pub(crate) live_blog: bool,
    /// A penalty shoot-out is under way.
    pub(crate) shoot_out: bool,
}

/// A sentence's features, split into those of the text and those of the rules.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Features {
    /// Lemmas, lemma pairs and signals.
    pub text: Vec<u32>,
    /// Cue rows, roles and the rules' labels, here and in the sentences around.
    pub rules: Vec<u32>,
}

impl Features {
    /// The features a model uses, sorted and each once.
    pub fn used(&self, rule_features: bool) -> Vec<u32> {
        let mut all = self.text.clone();
        if rule_features {
            all.extend(&self.rules);
        }
        all.sort_unstable();
        all.dedup();
        all
    }
}

/// Turns sentences into hashed features; when asked, also names the buckets (for showing what a
/// trained model weighs).
pub(crate) struct Featurizer<'v> {
    pub(crate) vocabulary: &'v Vocabulary,
    pub(crate) buckets: u32,
    pub(crate) names: Option<&'v mut FxHashMap<u32, String>>,
}

impl Featurizer<'_> {
    /// The features of one sentence.
    pub(crate) fn features(&mut self, view: &SentenceView<'_>) -> Features {
        let mut text = Vec::new();
        self.words(view, &mut text);
        self.signals(view.signals, &mut text);
        let mut rules = Vec::new();
        for kind in labels(view.rule_labels) {
            self.add(&mut rules, "rule", &[kind.as_str()]);
        }
        for kind in labels(view.previous_labels) {
            self.add(&mut rules, "previous-rule", &[kind.as_str()]);
        }
        for hit in view.cues {
            self.add(&mut rules, "cue", &[hit.id]);
            self.add(&mut rules, "role", &[hit.event.as_str(), hit.role]);
        }
        for (group, hits) in [("previous", view.previous_cues), ("next", view.next_cues)] {
            for hit in hits {
                self.add(&mut rules, group, &[hit.event.as_str(), hit.role]);
            }
        }
        Features { text, rules }
    }

    /// Lemma unigrams, and bigrams of neighbouring words (from the sentence start `^`); numbers
    /// and scores count as `#num` and `#score`, punctuation and unknown words break a pair.
    fn words(&mut self, view: &SentenceView<'_>, out: &mut Vec<u32>) {
        let vocabulary = self.vocabulary;
        let mut previous: Option<(u64, &str)> = Some((hash_str("^"), "^"));
        let mut mentions = view.mentions.iter().peekable();
        for token in view.tokens {
            while mentions.next_if(|m| m.1 <= token.span().start()).is_some() {}
            let in_mention = mentions.peek().filter(|m| m.0 <= token.span().start());
            let word = match (in_mention, token.kind) {
                (Some(m), _) if m.0 < token.span().start() => continue,
                (Some(m), _) => Some((hash_str(m.2), m.2)),
                (None, kind) => self.word(vocabulary, view.folded, token, kind),
            };
            if let Some((lemma, name)) = word {
                out.push(bucket(combine(hash_str("lemma"), lemma), self.buckets));
                self.name(out, || format!("lemma={name}"));
                if let Some((before, before_name)) = previous {
                    let pair = combine(combine(hash_str("pair"), before), lemma);
                    out.push(bucket(pair, self.buckets));
                    self.name(out, || format!("pair={before_name} {name}"));
                }
            }
            previous = word;
        }
    }

    /// A token outside mentions as the model reads it: its lemma, `#num` or `#score`.
    fn word<'w>(
        &self,
        vocabulary: &'w Vocabulary,
        folded: &Folded,
        token: &Token,
        kind: TokenKind,
    ) -> Option<(u64, &'w str)> {
        match kind {
            TokenKind::Number | TokenKind::Ordinal => Some((hash_str("#num"), "#num")),
            TokenKind::Score => Some((hash_str("#score"), "#score")),
            TokenKind::Word | TokenKind::Abbreviation => vocabulary.lemma(&folded[token.span()]),
            TokenKind::Url | TokenKind::Punct => None,
        }
    }

    fn signals(&mut self, s: Signals, out: &mut Vec<u32>) {
        let flags = [
            (s.minute, "minute"),
            (s.score, "score"),
            (s.person, "person"),
            (s.keeper, "keeper"),
            (s.teams == 1, "one-team"),
            (s.teams >= 2, "two-teams"),
            (s.next_score, "next-score"),
            (s.score_moved, "score-moved"),
            (s.result, "result"),
            (s.fact_line, "fact-line"),
            (s.headline, "headline"),
            (s.minute_led, "minute-led"),
            (s.header, "header"),
            (s.live_blog, "live-blog"),
            (s.shoot_out, "shoot-out"),
        ];
        for (on, name) in flags {
            if on {
                self.add(out, "has", &[name]);
            }
        }
    }

    /// Adds the feature `group=part part...`.
    fn add(&mut self, out: &mut Vec<u32>, group: &str, parts: &[&str]) {
        let hash = parts
            .iter()
            .fold(hash_str(group), |h, part| combine(h, hash_str(part)));
        out.push(bucket(hash, self.buckets));
        self.name(out, || format!("{group}={}", parts.join(" ")));
    }

    /// Names the bucket just pushed, when names are kept (the first name a bucket gets wins).
    fn name(&mut self, out: &[u32], name: impl FnOnce() -> String) {
        if let (Some(names), Some(&bucket)) = (self.names.as_deref_mut(), out.last()) {
            names.entry(bucket).or_insert_with(name);
        }
    }
}

/// The kinds whose bits are set.
pub(crate) fn labels(bits: u8) -> impl Iterator<Item = EventKind> {
    EventKind::ALL
        .into_iter()
        .enumerate()
        .filter(move |(k, _)| bits >> k & 1 == 1)
        .map(|(_, kind)| kind)
}

/// The bits of a set of kinds.
pub(crate) fn bits(kinds: impl IntoIterator<Item = EventKind>) -> u8 {
    kinds.into_iter().fold(0, |bits, kind| {
        let k = EventKind::ALL.iter().position(|&x| x == kind).unwrap_or(0);
        bits | 1 << k
    })
}

/// The bucket of a feature's hash.
fn bucket(hash: u64, buckets: u32) -> u32 {
    ((hash ^ (hash >> 32)) % u64::from(buckets)) as u32
}

/// The bucket of a lemma's unigram feature.
pub(crate) fn lemma_bucket(lemma: &str, buckets: u32) -> u32 {
    bucket(combine(hash_str("lemma"), hash_str(lemma)), buckets)
}

/// FNV-1a, 64 bits: fixed across platforms and runs, unlike the standard hasher.
pub(crate) fn hash_str(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Two hashes into one, order mattering.
fn combine(a: u64, b: u64) -> u64 {
    (a.rotate_left(5) ^ b).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::segment::Segmented;

    fn features(text: &str, names: &mut FxHashMap<u32, String>) -> Features {
        let vocabulary = Vocabulary::from_pairs([("scoret", "score"), ("han", "han")]);
        let document = Segmented::new(text).unwrap();
        let sentence = &document.sentences[0];
        let folded = Folded::of(text, sentence.span);
        let hits = [CueHit {
            id: "goal_verb",
            event: EventKind::Goal,
            role: "trigger",
        }];
        let view = SentenceView {
            folded: &folded,
            tokens: document.tokens_of(sentence),
            rule_labels: bits([EventKind::Goal]),
            previous_labels: 0,
            cues: &hits,
            previous_cues: &[],
            next_cues: &[],
            mentions: &[],
            signals: Signals {
                score: true,
                ..Signals::default()
            },
        };
        Featurizer {
            vocabulary: &vocabulary,
            buckets: 1 << 18,
            names: Some(names),
        }
        .features(&view)
    }

    #[test]
    fn features_are_named_lemmas_pairs_signals_and_cues() {
        let mut names = FxHashMap::default();
        let found = features("Han scoret 1-0.", &mut names);
        let named = |list: &[u32]| -> Vec<String> {
            let mut all: Vec<String> = list.iter().map(|b| names[b].clone()).collect();
            all.sort();
            all
        };
        assert_eq!(
            named(&found.text),
            [
                "has=score",
                "lemma=#score",
                "lemma=han",
                "lemma=score",
                "pair=^ han",
                "pair=han score",
                "pair=score #score",
            ]
        );
        assert_eq!(
            named(&found.rules),
            ["cue=goal_verb", "role=goal trigger", "rule=goal"]
        );
    }

    #[test]
    fn an_unknown_word_has_no_features_and_breaks_a_pair() {
        let mut names = FxHashMap::default();
        let found = features("Han dribblet scoret", &mut names);
        let pairs: Vec<&String> = found
            .text
            .iter()
            .map(|b| &names[b])
            .filter(|n| n.starts_with("pair"))
            .collect();
        assert_eq!(pairs, ["pair=^ han"]);
    }

    #[test]
    fn label_bits_round_trip() {
        let kinds = [EventKind::Chance, EventKind::Penalty];
        assert_eq!(labels(bits(kinds)).collect::<Vec<_>>(), kinds);
    }
}
