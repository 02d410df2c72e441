//! The goals of `goals.csv` against a gold list of the goals of each report
//! (`gold/train-synthetic-goals.tsv`: `doc<TAB>minute<TAB>scorer<TAB>team<TAB>kind`): how many
//! gold goals get their scorer and their minute, and how many named scorers are right.

use super::ratio;
use crate::error::{Error, Problem, Result};
use crate::export::{goal_rows, GoalRow};
use crate::ingest::Document;
use crate::pipeline::Pipeline;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

/// One gold goal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoldGoal {
    /// The report's path under the corpus folder.
    pub doc: String,
    /// The minute as the report's facts give it (`58`, `90+4`), or empty when vague.
    pub minute: String,
    /// The scorer's full name.
    pub scorer: String,
    /// The team the goal counted for.
    pub team: String,
}

/// Reads a gold goals file; every malformed row is reported with its line.
pub fn read_gold_goals(path: &Path) -> Result<Vec<GoldGoal>> {
    let text = std::fs::read_to_string(path).map_err(|source| Error::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let mut goals = Vec::new();
    let mut problems = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if index == 0 && line.starts_with("doc\t") || line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let [doc, minute, scorer, team, _kind] = fields[..] else {
            problems.push(Problem {
                file: path.display().to_string(),
                line: index as u64 + 1,
                column: None,
                message: "want doc<TAB>minute<TAB>scorer<TAB>team<TAB>kind".into(),
            });
            continue;
        };
        goals.push(GoldGoal {
            doc: doc.to_string(),
            minute: minute.trim().to_string(),
            scorer: scorer.trim().to_string(),
            team: team.trim().to_string(),
        });
    }
    if !problems.is_empty() {
        return Err(Error::Invalid(problems));
    }
    Ok(goals)
}

/// Gold goals against the goals found.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct GoalScores {
    /// Gold goals.
    pub gold: usize,
    /// Gold goals with a minute.
    pub gold_with_minute: usize,
    /// Goals found in the same reports.
    pub found: usize,
    /// Goals found with a scorer named.
    pub named: usize,
    /// Gold goals whose scorer a goal found names.
    pub scorer_right: usize,
    /// Gold goals with a minute that a goal found gives.
    pub minute_right: usize,
    /// Goals found that are a gold goal (by scorer or minute).
    pub matched: usize,
    /// The gold goals missed in part (`doc: gold | found`) and the goals found that are none,
    /// for `--errors`.
    pub misses: Vec<String>,
}

impl GoalScores {
    /// Scorer recall, minute recall (of the gold goals with a minute), precision of named scorers.
    pub fn ratios(&self) -> (f64, f64, f64) {
        (
            ratio(self.scorer_right, self.gold),
            ratio(self.minute_right, self.gold_with_minute),
            ratio(self.scorer_right, self.named),
        )
    }

    /// The scores as a table.
    pub fn table(&self) -> String {
        let mut out = String::new();
        let mut line = |name: &str, a: usize, b: usize| {
            let _ = writeln!(out, "{name:<28} {a:>5} / {b:<5} {:.3}", ratio(a, b));
        };
        line("scorer recall", self.scorer_right, self.gold);
        line(
            "minute recall (stated)",
            self.minute_right,
            self.gold_with_minute,
        );
        line("named scorer precision", self.scorer_right, self.named);
        line("goals found that are gold", self.matched, self.found);
        out
    }
}

/// Runs the reports the gold goals are in (under `corpus_dir`) and scores their goals.
pub fn evaluate_goals(
    pipeline: &Pipeline,
    corpus_dir: &Path,
    gold: &[GoldGoal],
) -> Result<GoalScores> {
    let mut by_doc: BTreeMap<&str, Vec<&GoldGoal>> = BTreeMap::new();
    for goal in gold {
        by_doc.entry(&goal.doc).or_default().push(goal);
    }
    let mut scores = GoalScores::default();
    for (doc, gold) in by_doc {
        let path = corpus_dir.join(doc);
        let text = std::fs::read_to_string(&path).map_err(|source| Error::Io { path, source })?;
        let document = Document::new(doc, text);
        let analysis = pipeline.analyze(&document)?;
        let found: Vec<GoalRow> = goal_rows(&analysis, pipeline.gazetteer()).collect();
        score_document(&mut scores, doc, &gold, &found);
    }
    Ok(scores)
}

/// Pairs each gold goal with at most one goal found, best pairs first (scorer and minute, then
/// scorer, then minute), and counts.
fn score_document(scores: &mut GoalScores, doc: &str, gold: &[&GoldGoal], found: &[GoalRow]) {
    let fits = |g: &GoldGoal, f: &GoalRow| {
        (
            same_person(&g.scorer, &f.scorer),
            !g.minute.is_empty() && g.minute == f.minute,
        )
    };
    let mut pair: Vec<Option<usize>> = vec![None; gold.len()];
    let mut taken = vec![false; found.len()];
    let passes: [fn((bool, bool)) -> bool; 3] = [|(s, m)| s && m, |(s, _)| s, |(_, m)| m];
    for pass in passes {
        for (g, goal) in gold.iter().enumerate() {
            if pair[g].is_some() {
                continue;
            }
            let hit = (0..found.len()).find(|&f| !taken[f] && pass(fits(goal, &found[f])));
            if let Some(f) = hit {
                pair[g] = Some(f);
                taken[f] = true;
            }
        }
    }
    scores.gold += gold.len();
    scores.found += found.len();
    scores.named += found.iter().filter(|f| !f.scorer.is_empty()).count();
    scores.matched += taken.iter().filter(|&&t| t).count();
    for (g, goal) in gold.iter().enumerate() {
        let (scorer, minute) = pair[g].map_or((false, false), |f| fits(goal, &found[f]));
        scores.gold_with_minute += usize::from(!goal.minute.is_empty());
        scores.scorer_right += usize::from(scorer);
        scores.minute_right += usize::from(minute);
        if !scorer || (!minute && !goal.minute.is_empty()) {
            let told = pair[g].map_or("-".to_string(), |f| {
                format!("{} {}", found[f].minute, found[f].scorer)
            });
            scores
                .misses
                .push(format!("{doc}: {} {} | {told}", goal.minute, goal.scorer));
        }
    }
    for (row, _) in found.iter().zip(&taken).filter(|(_, &taken)| !taken) {
        scores.misses.push(format!(
            "{doc}: (not a gold goal) | {} {} (sentence {})",
            row.minute, row.scorer, row.sentence
        ));
    }
}

/// Whether a name found is the gold name: the same words, or the last words of it ("Fosse" for
/// "Ole Kristian Fosse"), ignoring case.
fn same_person(gold: &str, found: &str) -> bool {
    let words =
        |name: &str| -> Vec<String> { name.split_whitespace().map(str::to_lowercase).collect() };
    let (gold, found) = (words(gold), words(found));
    !found.is_empty() && gold.ends_with(&found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_surname_is_the_person() {
        let table = [
            ("Ole Kristian Fosse", "Fosse", true),
            ("Ole Kristian Fosse", "ole kristian fosse", true),
            ("Ole Kristian Fosse", "Kristian Fosse", true),
            ("Ole Kristian Fosse", "Ole Kristian", false),
            ("Ole Kristian Fosse", "", false),
            ("Fosse", "Ole Fosse", false),
        ];
        for (gold, found, same) in table {
            assert_eq!(same_person(gold, found), same, "{gold:?} {found:?}");
        }
    }

    #[test]
    fn pairs_prefer_scorer_and_minute() {
        let gold = |minute: &str, scorer: &str| GoldGoal {
            doc: "d".into(),
            minute: minute.into(),
            scorer: scorer.into(),
            team: String::new(),
        };
        let found = |minute: &str, scorer: &'static str| GoalRow {
            minute: minute.into(),
            scorer: scorer.into(),
            ..GoalRow::default()
        };
        let (a, b) = (gold("10", "Ola Moe"), gold("80", "Ola Moe"));
        let mut scores = GoalScores::default();
        score_document(
            &mut scores,
            "d",
            &[&a, &b],
            &[found("80", "Moe"), found("", "Moe"), found("55", "Hansen")],
        );
        assert_eq!(
            (
                scores.scorer_right,
                scores.minute_right,
                scores.named,
                scores.matched
            ),
            (2, 1, 3, 2)
        );
    }
}
