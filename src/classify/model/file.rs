//! The model file: plain text, so that a diff shows what training changed. A header line with
//! the format's version, the settings, one threshold per label, the vocabulary (`form lemma`),
//! and the non-zero weights, one bucket per line (`<TAB>` is a tab):
//!
//! ```text
//! kampfakta-events-model 1
//! trained kampfakta train ../shared/gold/train-synthetic.tsv ... --out data/events.model
//! buckets 262144
//! features text+rules
//! labels goal chance foul penalty
//! keep 0.1 0.24 0.3 0.12
//! add 0.86 0.74 0.9 0.8
//! bias -4.213 -3.902 -4.71 -4.877
//! vocabulary 5123
//! mål<TAB>mål
//! ...
//! weights 20411
//! 17<TAB>0.412<TAB>0<TAB>0<TAB>-0.031
//! ```

use super::{Model, Thresholds, Vocabulary, Weights, LABELS};
use crate::classify::EventKind;
use crate::error::{Error, Problem, Result};
use std::fmt::Write as _;

/// The first line of every model file; the number is the format's version.
pub const HEADER: &str = "kampfakta-events-model 1";

/// Decimals a weight keeps in the file.
pub const DECIMALS: i32 = 3;

impl Model {
    /// The model as the text of its file.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "{HEADER}");
        let _ = writeln!(out, "trained {}", self.trained_with);
        let _ = writeln!(out, "buckets {}", self.weights.buckets);
        let features = if self.rule_features {
            "text+rules"
        } else {
            "text"
        };
        let _ = writeln!(out, "features {features}");
        let names: Vec<&str> = EventKind::ALL.iter().map(|k| k.as_str()).collect();
        let _ = writeln!(out, "labels {}", names.join(" "));
        let _ = writeln!(out, "keep {}", join(&self.thresholds.map(|t| t.keep)));
        let _ = writeln!(out, "add {}", join(&self.thresholds.map(|t| t.add)));
        let _ = writeln!(out, "bias {}", join(&self.weights.bias));
        let pairs = self.vocabulary.pairs();
        let _ = writeln!(out, "vocabulary {}", pairs.len());
        for (form, lemma) in pairs {
            let _ = writeln!(out, "{form}\t{lemma}");
        }
        let rows: Vec<(usize, &[f32])> = self
            .weights
            .weights
            .chunks(LABELS)
            .enumerate()
            .filter(|(_, row)| row.iter().any(|&w| w != 0.0))
            .collect();
        let _ = writeln!(out, "weights {}", rows.len());
        for (bucket, row) in rows {
            let _ = writeln!(out, "{bucket}\t{}", join(row).replace(' ', "\t"));
        }
        out
    }

    /// Reads a model file's text; `file` names it in error messages.
    pub fn parse(file: &str, text: &str) -> Result<Model> {
        let mut lines = Lines {
            file,
            lines: text.lines().enumerate(),
            line: 0,
        };
        let header = lines.next()?;
        if header != HEADER {
            return Err(lines.problem(format!(
                "not a kampfakta model of this version (want the first line {HEADER:?}); \
                 train it again with `kampfakta train`"
            )));
        }
        let trained_with = lines.field("trained")?.to_string();
        let buckets: usize = lines.number("buckets")?;
        if !(1..=1 << 24).contains(&buckets) {
            return Err(lines.problem("buckets must be between 1 and 16777216".into()));
        }
        let rule_features = match lines.field("features")? {
            "text+rules" => true,
            "text" => false,
            other => {
                return Err(lines.problem(format!(
                    "unknown features {other:?} (want text or text+rules)"
                )))
            }
        };
        let names: Vec<&str> = EventKind::ALL.iter().map(|k| k.as_str()).collect();
        if lines.field("labels")? != names.join(" ") {
            return Err(lines.problem(format!("want the labels {}", names.join(" "))));
        }
        let keep = lines.floats("keep")?;
        let add = lines.floats("add")?;
        if keep.iter().chain(&add).any(|t| !(0.0..=1.0).contains(t)) {
            return Err(lines.problem("thresholds must be between 0 and 1".into()));
        }
        let thresholds = std::array::from_fn(|k| Thresholds {
            keep: keep[k],
            add: add[k],
        });
        let bias = lines.floats("bias")?;
        let forms: usize = lines.number("vocabulary")?;
        // The counts are the file's word: no room is made for them before the lines are there.
        let mut pairs = Vec::new();
        for _ in 0..forms {
            let line = lines.next()?;
            let Some((form, lemma)) = line.split_once('\t') else {
                return Err(lines.problem("want form<TAB>lemma".into()));
            };
            pairs.push((form, lemma));
        }
        let mut weights = Weights::zero(buckets);
        weights.bias = bias;
        let rows: usize = lines.number("weights")?;
        let mut next_bucket = 0;
        for _ in 0..rows {
            let line = lines.next()?;
            let mut cells = line.split('\t');
            let bucket: Option<usize> = cells.next().and_then(|b| b.parse().ok());
            let values: Option<Vec<f32>> = cells.map(finite).collect();
            match (bucket, values) {
                (Some(b), Some(values))
                    if b < buckets && values.len() == LABELS && b >= next_bucket =>
                {
                    weights.weights[b * LABELS..][..LABELS].copy_from_slice(&values);
                    next_bucket = b + 1;
                }
                _ => {
                    return Err(lines.problem(format!(
                        "want a bucket below {buckets}, after the one above, and {LABELS} \
                         numbers, tab-separated"
                    )))
                }
            }
        }
        if let Some((index, _)) = lines.lines.find(|(_, line)| !line.trim().is_empty()) {
            lines.line = index as u64 + 1;
            return Err(lines.problem(format!("more than the {rows} weight rows announced")));
        }
        Ok(Model {
            vocabulary: Vocabulary::from_pairs(pairs),
            weights,
            thresholds,
            rule_features,
            trained_with,
        })
    }
}

fn join(values: &[f32]) -> String {
    values
        .iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A finite number, or none.
fn finite(text: &str) -> Option<f32> {
    text.parse().ok().filter(|v: &f32| v.is_finite())
}

/// The lines of a model file, with the number of the last one read for messages.
struct Lines<'a, I> {
    file: &'a str,
    lines: I,
    line: u64,
}

impl<'a, I: Iterator<Item = (usize, &'a str)>> Lines<'a, I> {
    fn next(&mut self) -> Result<&'a str> {
        match self.lines.next() {
            Some((index, line)) => {
                self.line = index as u64 + 1;
                Ok(line)
            }
            None => {
                self.line += 1;
                Err(self.problem("the file ends too early: it was cut short".into()))
            }
        }
    }

    /// The value of a `name value` line.
    fn field(&mut self, name: &str) -> Result<&'a str> {
        let line = self.next()?;
        match line.split_once(' ') {
            Some((key, value)) if key == name => Ok(value),
            _ => Err(self.problem(format!("want a line `{name} ...`"))),
        }
    }

    fn number(&mut self, name: &str) -> Result<usize> {
        let value = self.field(name)?;
        value
            .parse()
            .map_err(|_| self.problem(format!("`{name}` wants a whole number, not {value:?}")))
    }

    fn floats(&mut self, name: &str) -> Result<[f32; LABELS]> {
        let value = self.field(name)?;
        let parsed: Option<Vec<f32>> = value.split(' ').map(finite).collect();
        parsed
            .and_then(|p| p.try_into().ok())
            .ok_or_else(|| self.problem(format!("`{name}` wants {LABELS} finite numbers")))
    }

    fn problem(&self, message: String) -> Error {
        Error::Invalid(vec![Problem {
            file: self.file.to_string(),
            line: self.line,
            column: None,
            message,
        }])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small_model() -> Model {
        let mut weights = Weights::zero(8);
        weights.weights[3 * LABELS + 1] = 0.25;
        weights.bias = [-1.0, -2.0, -3.0, -4.5];
        Model {
            vocabulary: Vocabulary::from_pairs([("scoret", "score"), ("mål", "mål")]),
            weights,
            thresholds: [Thresholds::RULES; LABELS],
            rule_features: true,
            trained_with: "kampfakta train gold.tsv --out m".into(),
        }
    }

    #[test]
    fn a_model_reads_back_as_written() {
        let model = small_model();
        let text = model.to_text();
        let read = Model::parse("m", &text).unwrap();
        assert_eq!(read.to_text(), text);
        assert_eq!(read.weights, model.weights);
        assert!(text.contains("weights 1\n3\t0\t0.25\t0\t0\n"), "{text}");
    }

    #[test]
    fn a_bad_file_names_its_line() {
        let text = small_model().to_text();
        let cut: String = text.lines().take(9).collect::<Vec<_>>().join("\n");
        let error = Model::parse("m.model", &cut).unwrap_err().to_string();
        assert!(
            error.starts_with("m.model:10: the file ends too early"),
            "{error}"
        );
        let bad = text.replace("3\t0\t0.25", "9\t0\t0.25");
        let error = Model::parse("m.model", &bad).unwrap_err().to_string();
        assert!(error.contains(":13: want a bucket below 8"), "{error}");
        let error = Model::parse("x", "hello").unwrap_err().to_string();
        assert!(error.starts_with("x:1: not a kampfakta model"), "{error}");
        for (bad, message) in [
            (
                text.replace("keep 0 0 0 0", "keep 0 0 x 0 0"),
                ":6: `keep` wants 4 finite",
            ),
            (
                text.replace("add 1 1 1 1", "add 1 NaN 1 1"),
                ":7: `add` wants 4 finite",
            ),
            (
                text.replace("keep 0 0 0 0", "keep 0 0 2 0"),
                ":7: thresholds must be",
            ),
            (
                text.replace("vocabulary 2", "vocabulary 18446744073709551615"),
                ":12: want form<TAB>lemma",
            ),
            (
                text.replace("3\t0\t0.25", "3\t0\tinf"),
                ":13: want a bucket",
            ),
            (
                text.clone() + "3\t0\t0\t0\t0\n",
                ":14: more than the 1 weight rows",
            ),
        ] {
            let error = Model::parse("m", &bad).unwrap_err().to_string();
            assert!(error.contains(message), "{error}");
        }
    }
}
