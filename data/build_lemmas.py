#!/usr/bin/env python3
"""Builds data/lemmas.tsv, the full-form -> lemma table of the lemmatizer (src/lemma/).

Usage: python3 data/build_lemmas.py ../shared > data/lemmas.tsv

Source: the gold lemmas of the Norwegian Dependency Treebank (NDT) as shipped with NorNE,
SHARED/corpora/norne/ndt/{nob,nno}/*.conll (Bokmål and Nynorsk; column 2 form, 3 lemma, 4 POS,
6 features). The NDT annotations are CC0 (SHARED/corpora/norne/LICENSE_NDT.txt).

Every NDT sentence that is also in the UD Norwegian Bokmål test file
(SHARED/corpora/ud-norwegian-bokmaal/no_bokmaal-ud-test.conllu, its `# text = ...` lines) is left
out, so that `kampfakta eval lemmas` on that file measures the table on sentences it was not built
from. Sentences are compared with all whitespace removed, since NDT has no text lines.

Kept: open-class words (common nouns, verbs, adjectives), lower-cased. A form written in both
Bokmål and Nynorsk takes its Bokmål readings (`er` is `være`, not `vere`). A form gets one row per
part of speech, with that part of speech's most frequent lemma; the rows of one form come most
frequent first (ties: first seen, files read in sorted order), and the first is the lemma when the
part of speech is not known. A row is kept when its lemma differs from the form, when the form has
several lemmas, or when the form looks inflected (it ends in one of INFLECTED_LOOKING) and is no
row's lemma, so that the suffix rules would change it. The lemmatizer takes every lemma of the
table as its own lemma, so a base form needs no row of its own when it is some row's lemma.

Python 3 standard library only; the output depends on the input files alone.
"""

import collections
import glob
import os
import sys

# NDT part of speech -> the part of speech written in the table.
OPEN_CLASSES = {"subst": "noun", "verb": "verb", "adj": "adj"}

# Endings after which a base form needs its own row: the suffix rules of src/lemma/ would strip
# them from a word they have not seen (`keeper` is not `keep`). A size filter only; the rules
# themselves are in src/lemma/suffix.rs.
INFLECTED_LOOKING = ("a", "e", "t", "r", "n", "s")

UD_TEST = "corpora/ud-norwegian-bokmaal/no_bokmaal-ud-test.conllu"
NDT = "corpora/norne/ndt"
VARIETIES = ("nob", "nno")


def squeezed(text):
    """The text with all whitespace removed: the key two tokenisations of a sentence share."""
    return "".join(text.split())


def ud_test_sentences(shared):
    """The squeezed `# text` lines of the UD test file."""
    keys = set()
    with open(os.path.join(shared, UD_TEST), encoding="utf-8-sig") as f:
        for line in f:
            if line.startswith("# text = "):
                keys.add(squeezed(line[len("# text = "):]))
    return keys


def ndt_sentences(path):
    """The sentences of one NDT CoNLL file, each a list of its token rows (lists of columns)."""
    sentence = []
    with open(path, encoding="utf-8-sig") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line.strip():
                if sentence:
                    yield sentence
                sentence = []
            elif not line.startswith("#"):
                sentence.append(line.split("\t"))
    if sentence:
        yield sentence


def count_lemmas(shared, held_out):
    """Counts per variety, per form, of (lemma, pos); first-seen order; sentences read and left
    out."""
    counts = {variety: collections.defaultdict(collections.Counter) for variety in VARIETIES}
    order = {}
    read = left_out = 0
    for variety in VARIETIES:
        for path in sorted(glob.glob(os.path.join(shared, NDT, variety, "*.conll"))):
            for sentence in ndt_sentences(path):
                read += 1
                if squeezed("".join(row[1] for row in sentence)) in held_out:
                    left_out += 1
                    continue
                for row in sentence:
                    pos = OPEN_CLASSES.get(row[3])
                    if pos is None or "prop" in row[5].split("|"):
                        continue
                    form, lemma = row[1].lower(), row[2].lower()
                    # A form opening with `#` would read as a comment (`#stayinline`).
                    if not form or not lemma or form.startswith("#") or "\t" in form + lemma:
                        continue
                    counts[variety][form][(lemma, pos)] += 1
                    order.setdefault((form, lemma, pos), len(order))
    return counts, order, read, left_out


def form_counts(counts):
    """Per form, the counts of the first variety (in VARIETIES order) that has it: a form both
    written standards share takes its Bokmål lemma (`er` is `være`, not `vere`)."""
    merged = {}
    for variety in VARIETIES:
        for form, by_lemma in counts[variety].items():
            merged.setdefault(form, by_lemma)
    return merged


def table_rows(counts, order):
    """The rows kept, (form, lemma, pos): sorted by form; the rows of one form by part of speech,
    most frequent first (ties: first seen), each with its most frequent lemma for that part of
    speech."""
    merged = form_counts(counts)
    lemmas = {lemma for by_lemma in merged.values() for lemma, _ in by_lemma}
    rows = []
    for form in sorted(merged):
        by_lemma = merged[form]
        ranked = sorted(by_lemma.items(), key=lambda item: (-item[1], order[(form,) + item[0]]))
        ambiguous = len({lemma for lemma, _ in by_lemma}) > 1
        seen_pos = set()
        for (lemma, pos), _ in ranked:
            if pos in seen_pos:
                continue
            seen_pos.add(pos)
            base_needing_row = form.endswith(INFLECTED_LOOKING) and form not in lemmas
            if lemma != form or ambiguous or base_needing_row:
                rows.append((form, lemma, pos))
    return rows


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: build_lemmas.py SHARED > data/lemmas.tsv")
    shared = sys.argv[1]
    held_out = ud_test_sentences(shared)
    counts, order, read, left_out = count_lemmas(shared, held_out)
    rows = table_rows(counts, order)
    out = sys.stdout
    out.write(
        "# Norwegian full form -> lemma (Bokmål and Nynorsk): form<TAB>lemma<TAB>pos (noun, verb, adj).\n"
        "# Source: gold lemmas of the Norwegian Dependency Treebank (National Library of Norway), as in\n"
        "# NorNE: ../shared/corpora/norne/ndt/{nob,nno}/*.conll. Licence of the NDT annotations: CC0 1.0\n"
        "# (../shared/corpora/norne/LICENSE_NDT.txt). The %d NDT sentences of the UD Bokmål test file\n"
        "# are left out (%d of %d read). Built by: python3 data/build_lemmas.py ../shared > data/lemmas.tsv\n"
        "# One row per form and part of speech, the most frequent first: the first row is the lemma\n"
        "# when the part of speech is not known. Bokmål's readings win where Nynorsk writes the same form.\n"
        % (left_out, left_out, read)
    )
    for row in rows:
        out.write("\t".join(row) + "\n")


if __name__ == "__main__":
    main()
