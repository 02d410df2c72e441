//! `report.json`: the tally of a run, kept by the run whatever its sink, and written beside the
//! CSV files of a folder.

use super::OutputSet;
use super::Rendered;
use crate::error::Result;
use crate::ingest::Failure;
use serde::Serialize;

/// `report.json`: what a run read, what failed and why, and what it found.
#[derive(Debug, Default, Serialize, serde::Deserialize)]
pub struct Report {
    /// Documents read and written.
    pub documents_read: usize,
    /// Documents or inputs that could not be read.
    pub documents_failed: usize,
    /// Why each of them could not be read.
    pub failures: Vec<Failure>,
    /// Notes on decoding a user should see (a Windows-1252 fallback), per document.
    pub warnings: Vec<Failure>,
    /// Documents set aside as not about football: they are not segmented, so their sentences are
    /// not counted.
    pub documents_not_football: usize,
    /// Sentences of the documents read.
    pub sentences: usize,
    /// Mentions found.
    pub mentions: usize,
    /// Events found.
    pub events: usize,
    /// How long the run took, rounded to milliseconds.
    pub seconds: f64,
    /// For a run of `extract --shard I/N`: which shard of which inputs, so that `merge` can check
    /// it gets every shard of one run once.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
}

/// Shard `index` of `count` of the inputs whose list has the fingerprint `inputs`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Shard {
    /// 1-based.
    pub index: usize,
    /// How many shards the inputs were cut into.
    pub count: usize,
    /// FNV-1a of every input's path and size, in order, before sharding: the same for every shard
    /// of one run, different for other inputs or inputs changed since.
    pub inputs: String,
}

impl Shard {
    /// Shard `index` of `count` of the inputs, given as (path, size) in order.
    pub fn of<'a>(
        index: usize,
        count: usize,
        inputs: impl Iterator<Item = (&'a str, u64)>,
    ) -> Shard {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for (path, size) in inputs {
            for byte in path.bytes().chain([0]).chain(size.to_le_bytes()) {
                hash = (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
            }
        }
        Shard {
            index,
            count,
            inputs: format!("{hash:016x}"),
        }
    }
}

impl Report {
    /// Counts one document written.
    pub fn document(&mut self, rendered: &Rendered) {
        self.documents_read += 1;
        self.documents_not_football += usize::from(rendered.not_football);
        self.sentences += rendered.sentences;
        self.mentions += rendered.mention_count;
        self.events += rendered.event_count;
    }

    /// Counts a document or input that could not be read.
    pub fn failure(&mut self, failure: Failure) {
        self.documents_failed += 1;
        self.failures.push(failure);
    }

    /// Adds another run's report (a shard's) to this one: every count, failure and warning, and
    /// its time.
    pub fn add(&mut self, other: Report) {
        self.documents_read += other.documents_read;
        self.documents_failed += other.documents_failed;
        self.failures.extend(other.failures);
        self.warnings.extend(other.warnings);
        self.documents_not_football += other.documents_not_football;
        self.sentences += other.sentences;
        self.mentions += other.mentions;
        self.events += other.events;
        self.finish(self.seconds + other.seconds);
    }

    /// Records how long the run took.
    pub fn finish(&mut self, seconds: f64) {
        self.seconds = (seconds * 1000.0).round() / 1000.0;
    }
}

/// Writes `report.json` into a set of outputs, to be published with the others.
pub fn write_report(set: &OutputSet, report: &Report) -> Result<()> {
    let mut bytes = serde_json::to_vec_pretty(report).expect("the report is plain data");
    bytes.push(b'\n');
    set.write("report.json", &bytes)
}
