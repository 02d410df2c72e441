//! When the model gives a label: two thresholds per label, one for the labels the rules gave and
//! one for those they did not, chosen for the best F1 on held-out gold sentences.

/// When the model gives a label: at `keep` or above when the rules gave it too, at `add` or
/// above when they did not (never when `add` is 1).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Thresholds {
    /// The probability at which a label the rules gave is kept.
    pub keep: f32,
    /// The probability at which the model gives a label the rules did not.
    pub add: f32,
}

impl Thresholds {
    /// The rules' decisions: every label they give is kept, none added.
    pub const RULES: Thresholds = Thresholds {
        keep: 0.0,
        add: 1.0,
    };

    /// For a model on the text alone trained on too few documents to choose: even odds.
    pub const EVEN: Thresholds = Thresholds {
        keep: 0.5,
        add: 0.5,
    };

    /// Whether a label with probability `p` is given, the rules having given it or not.
    pub fn gives(self, p: f32, by_rules: bool) -> bool {
        if by_rules {
            p >= self.keep
        } else {
            self.add < 1.0 && p >= self.add
        }
    }
}

/// How much better than the rules' decisions, in F1 on held-out sentences, a label's thresholds
/// must be to be used: a few sentences' gain in one training set does not carry to the next.
pub const MARGIN: f64 = 0.005;

/// What decides one label of a gold sentence, which may span several of the pipeline's
/// sentences: it has the label when one of them gets it.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Candidate {
    /// The highest probability among its sentences the rules gave the label.
    pub kept: Option<f32>,
    /// The highest among those they did not give it (and no cancel row kept it from).
    pub added: Option<f32>,
    /// It has the label whatever the model says (a sentence the model does not read has the
    /// rules' labels).
    pub forced: bool,
}

impl Candidate {
    /// Whether the gold sentence gets the label under `thresholds`.
    pub fn given(self, thresholds: Thresholds) -> bool {
        self.forced
            || self.kept.is_some_and(|p| thresholds.gives(p, true))
            || self.added.is_some_and(|p| thresholds.gives(p, false))
    }

    /// Takes in one more sentence's probability.
    pub fn add(&mut self, p: f32, by_rules: bool) {
        let slot = if by_rules {
            &mut self.kept
        } else {
            &mut self.added
        };
        *slot = Some(slot.map_or(p, |q| q.max(p)));
    }
}

/// The thresholds of one label that give the best F1 on held-out gold sentences (each a
/// candidate and whether gold has the label), looked for on a grid of fifty steps (`add` at 1:
/// never). Of equally good pairs the one nearest the rules (lowest `keep`, highest `add`) wins.
/// With `near_rules`, a pair must also beat the rules' own decisions by [`MARGIN`], so that thin
/// evidence leaves them alone; without (a model on the text alone), the best pair wins.
pub fn best_thresholds(scored: &[(Candidate, bool)], near_rules: bool) -> Thresholds {
    const STEPS: u16 = 50;
    let step = |i: u16| f32::from(i) / f32::from(STEPS);
    let gold = scored.iter().filter(|s| s.1).count();
    let f1 = |thresholds: Thresholds| {
        let (mut tp, mut predicted) = (0usize, 0usize);
        for (candidate, is_gold) in scored {
            if candidate.given(thresholds) {
                predicted += 1;
                tp += usize::from(*is_gold);
            }
        }
        2.0 * tp as f64 / (predicted + gold).max(1) as f64
    };
    let mut best = if near_rules {
        (Thresholds::RULES, f1(Thresholds::RULES) + MARGIN)
    } else {
        (Thresholds::EVEN, -1.0)
    };
    for k in 0..=STEPS {
        for a in (1..=STEPS).rev() {
            let thresholds = Thresholds {
                keep: step(k),
                add: step(a),
            };
            let score = f1(thresholds);
            if score > best.1 + 1e-12 {
                best = (thresholds, score);
            }
        }
    }
    best.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(p: f32, by_rules: bool) -> Candidate {
        let mut candidate = Candidate::default();
        candidate.add(p, by_rules);
        candidate
    }

    #[test]
    fn the_thresholds_maximise_f1_and_stay_near_the_rules() {
        // The rules gave the first three: the one at 0.2 is wrong; of those they did not give,
        // the one at 0.9 is right.
        let scored = [
            (one(0.9, true), true),
            (one(0.7, true), true),
            (one(0.2, true), false),
            (one(0.9, false), true),
            (one(0.6, false), false),
            (one(0.1, false), false),
        ];
        let best = best_thresholds(&scored, true);
        // keep from just above 0.2 to 0.7 is as good: the lowest wins; add likewise, highest.
        assert_eq!(
            best,
            Thresholds {
                keep: 0.22,
                add: 0.9
            }
        );
        // With nothing to learn, the rules' decisions stand.
        let nothing = [(one(0.5, true), true), (one(0.5, false), false)];
        assert_eq!(best_thresholds(&nothing, true), Thresholds::RULES);
    }

    #[test]
    fn a_threshold_is_scored_as_it_decides() {
        // At add 1 nothing is added, even at probability 1.
        let scored = [
            (one(1.0, false), true),
            (one(0.1, true), false),
            (one(0.5, true), true),
        ];
        let best = best_thresholds(&scored, true);
        assert!(best.add < 1.0 && best.keep > 0.1, "{best:?}");
        for (candidate, gold) in scored {
            assert_eq!(candidate.given(best), gold);
        }
    }

    #[test]
    fn a_forced_label_is_given_at_any_thresholds() {
        let forced = Candidate {
            forced: true,
            ..Candidate::default()
        };
        assert!(forced.given(Thresholds {
            keep: 1.0,
            add: 1.0
        }));
        assert!(!Candidate::default().given(Thresholds::EVEN));
    }
}
