#!/usr/bin/env python3
"""Side-by-side throughput: spaCy (blank Norwegian tokenizer + sentencizer + EntityRuler over the
same gazetteer forms) against `kampfakta extract --threads 1` on the same documents.

Usage: python3 benches/peers/spacy_peer.py CORPUS_DIR [--kampfakta target/release/kampfakta]
CORPUS_DIR holds .txt files (for example the dev split of NoReC). Needs spaCy (pip install spacy);
benches/peers/run.sh makes a virtual environment with it.
"""
import argparse
import csv
import glob
import os
import subprocess
import sys
import tempfile
import time

import spacy

KINDS = {"players.csv": "PER", "officials.csv": "PER", "clubs.csv": "ORG", "national_teams.csv": "ORG"}


def gazetteer_patterns(folder):
    patterns = []
    for file, label in KINDS.items():
        with open(os.path.join(folder, file), encoding="utf-8") as f:
            for row in csv.DictReader(f):
                forms = [row["name"]] + [a for a in row.get("aliases", "").split("|") if a]
                patterns.extend({"label": label, "pattern": form, "id": row["id"]} for form in forms)
    return patterns


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    parser = argparse.ArgumentParser()
    parser.add_argument("corpus")
    parser.add_argument("--kampfakta", default=os.path.join(root, "target", "release", "kampfakta"))
    parser.add_argument("--gazetteer", default=os.path.join(root, "gazetteers"))
    args = parser.parse_args()

    paths = sorted(glob.glob(os.path.join(args.corpus, "**", "*.txt"), recursive=True))
    texts = [open(p, encoding="utf-8").read() for p in paths]
    megabytes = sum(len(t.encode("utf-8")) for t in texts) / 1e6
    patterns = gazetteer_patterns(args.gazetteer)

    nlp = spacy.blank("nb")
    nlp.add_pipe("sentencizer")
    ruler = nlp.add_pipe("entity_ruler", config={"phrase_matcher_attr": "ORTH"})
    ruler.add_patterns(patterns)
    started = time.perf_counter()
    sentences = entities = 0
    for doc in nlp.pipe(texts, batch_size=64):
        sentences += sum(1 for _ in doc.sents)
        entities += len(doc.ents)
    spacy_seconds = time.perf_counter() - started

    # Ours twice: as shipped (documents without football words are set aside after a glance), and
    # with --all-documents (every document through every stage, the work spaCy does).
    runs = []
    for label, extra in [("as shipped", []), ("--all-documents", ["--all-documents"])]:
        with tempfile.TemporaryDirectory() as out:
            started = time.perf_counter()
            subprocess.run([args.kampfakta, "extract", args.corpus, "--out", out, "--threads", "1", "--quiet", *extra],
                           check=False)
            seconds = time.perf_counter() - started
            with open(os.path.join(out, "mentions.csv"), encoding="utf-8") as f:
                mentions = sum(1 for _ in f) - 1
        runs.append((label, seconds, mentions))

    spacy_rate = megabytes / spacy_seconds
    print(f"documents: {len(texts)}, {megabytes:.1f} MB, {len(patterns)} gazetteer forms")
    print(f"spaCy {spacy.__version__} (1 process, texts already in memory): {spacy_seconds:.2f} s, "
          f"{spacy_rate:.2f} MB/s, {sentences} sentences, {entities} entities")
    for label, seconds, mentions in runs:
        rate = megabytes / seconds
        print(f"kampfakta {label} (1 worker thread, reading the files and writing CSV): {seconds:.2f} s, "
              f"{rate:.2f} MB/s, {mentions} mentions, ratio {rate / spacy_rate:.1f}x")

if __name__ == "__main__":
    sys.exit(main())
