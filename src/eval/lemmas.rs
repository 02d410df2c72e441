//! Lemmas against a UD treebank: the lemmatizer's lemma of every noun and verb of a CoNLL-U file
//! (UPOS `NOUN`, `VERB`) against its gold lemma, lower-cased, once with the gold part of speech and
//! once without, counted by where the lemma came from (table, compound, rules).

use crate::lemma::{Lemmatizer, Origin, Pos};

/// The UD parts of speech scored, with the lemmatizer's.
const SCORED_UPOS: [(&str, Pos); 2] = [("NOUN", Pos::Noun), ("VERB", Pos::Verb)];

/// Right and all, for one part of speech and one origin.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Accuracy {
    /// Tokens whose lemma matched the gold lemma.
    pub correct: usize,
    /// Tokens scored.
    pub total: usize,
}

impl Accuracy {
    /// The share right, 0 when nothing was scored.
    pub fn ratio(&self) -> f64 {
        if self.total == 0 {
            0.0
        } else {
            self.correct as f64 / self.total as f64
        }
    }

    fn add(&mut self, right: bool) {
        self.correct += usize::from(right);
        self.total += 1;
    }

    fn plus(self, other: Accuracy) -> Accuracy {
        Accuracy {
            correct: self.correct + other.correct,
            total: self.total + other.total,
        }
    }
}

/// The tokens of one part of speech, by where their lemma came from.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct OriginAccuracy {
    /// Words in the table, as a form or a lemma.
    pub table: Accuracy,
    /// Words read as a compound whose last part is in the table.
    pub compound: Accuracy,
    /// Words left to the suffix rules.
    pub rules: Accuracy,
}

impl OriginAccuracy {
    /// All the tokens, whatever the origin.
    pub fn all(&self) -> Accuracy {
        self.table.plus(self.compound).plus(self.rules)
    }

    fn add(&mut self, origin: Origin, right: bool) {
        match origin {
            Origin::Table => self.table.add(right),
            Origin::Compound => self.compound.add(right),
            _ => self.rules.add(right),
        }
    }

    fn plus(self, other: OriginAccuracy) -> OriginAccuracy {
        OriginAccuracy {
            table: self.table.plus(other.table),
            compound: self.compound.plus(other.compound),
            rules: self.rules.plus(other.rules),
        }
    }
}

/// Nouns and verbs scored one way (with or without the gold part of speech).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct PosAccuracy {
    /// The nouns.
    pub nouns: OriginAccuracy,
    /// The verbs.
    pub verbs: OriginAccuracy,
}

impl PosAccuracy {
    /// Nouns and verbs together.
    pub fn both(&self) -> OriginAccuracy {
        self.nouns.plus(self.verbs)
    }
}

/// Lemma accuracy on one CoNLL-U file.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct LemmaScores {
    /// With the gold part of speech given to the lemmatizer.
    pub with_pos: PosAccuracy,
    /// Without it, as the pipeline would lemmatize running text.
    pub without_pos: PosAccuracy,
    /// The first mistakes made with the part of speech: `form gold predicted origin`.
    pub errors: Vec<String>,
}

/// Scores the lemmatizer on the nouns and verbs of a CoNLL-U file, listing up to `max_errors`
/// mistakes.
pub fn evaluate_lemmas(lemmatizer: &Lemmatizer, source: &str, max_errors: usize) -> LemmaScores {
    let mut scores = LemmaScores::default();
    for line in source.lines() {
        let columns: Vec<&str> = line.split('\t').collect();
        // Word lines only: not comments, multi-word ranges (`3-4`) or empty nodes (`3.1`).
        if columns.len() < 4 || columns[0].parse::<usize>().is_err() {
            continue;
        }
        let (form, gold, upos) = (columns[1], columns[2].to_lowercase(), columns[3]);
        let Some(&(_, pos)) = SCORED_UPOS.iter().find(|(name, _)| *name == upos) else {
            continue;
        };
        let given = lemmatizer.analyze(form, Some(pos));
        let blind = lemmatizer.analyze(form, None);
        let right = given.text == gold;
        if !right && scores.errors.len() < max_errors {
            scores.errors.push(format!(
                "{upos}\t{form}\tgold={gold}\tpredicted={}\t{:?}",
                given.text, given.origin
            ));
        }
        for (accuracy, found, right) in [
            (&mut scores.with_pos, given.origin, right),
            (&mut scores.without_pos, blind.origin, blind.text == gold),
        ] {
            let by_origin = match pos {
                Pos::Noun => &mut accuracy.nouns,
                _ => &mut accuracy.verbs,
            };
            by_origin.add(found, right);
        }
    }
    scores
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "# text = Keeperen scoret.\n\
        1\tKeeperen\tkeeper\tNOUN\tsubst\t_\t2\tnsubj\t_\t_\n\
        2\tscoret\tscore\tVERB\tverb\t_\t0\troot\t_\tSpaceAfter=No\n\
        3\t.\t$.\tPUNCT\tclb\t_\t2\tpunct\t_\t_\n\
        4-5\tdu\t_\t_\t_\t_\t_\t_\t_\t_\n\
        6\tsparket\tsparke\tVERB\tverb\t_\t0\troot\t_\t_\n";

    #[test]
    fn scores_nouns_and_verbs_only() {
        let lemmatizer = Lemmatizer::new().unwrap();
        let scores = evaluate_lemmas(&lemmatizer, SAMPLE, 10);
        for (name, accuracy, expected) in [
            ("nouns", scores.with_pos.nouns.all(), (1, 1)),
            ("verbs", scores.with_pos.verbs.all(), (2, 2)),
            ("both, from the table", scores.with_pos.both().table, (3, 3)),
            // Without the part of speech, `sparket` is the more frequent verb reading too.
            ("both, blind", scores.without_pos.both().all(), (3, 3)),
        ] {
            assert_eq!((accuracy.correct, accuracy.total), expected, "{name}");
        }
        assert!(scores.errors.is_empty());
    }
}
