#!/usr/bin/env python3
"""Builds data/common_words.txt, the most frequent Norwegian words, which a gazetteer alias may
not be unless it is marked deliberate (`=DB`): an alias `i`, `og` or `jo` would be found in every
text.

Usage: python3 data/build_common_words.py ../shared > data/common_words.txt

Source: the word forms of the Norwegian Dependency Treebank (NDT) as shipped with NorNE,
SHARED/corpora/norne/ndt/{nob,nno}/*.conll (Bokmål and Nynorsk), CC0
(SHARED/corpora/norne/LICENSE_NDT.txt). Counted: lower-cased forms of letters only that are not
proper names (`prop` in the features column) in most of their uses. Kept: the TOP most frequent.
"""
import collections
import glob
import os
import sys

TOP = 300


def main(shared):
    counts = collections.Counter()
    proper = collections.Counter()
    for path in sorted(glob.glob(os.path.join(shared, "corpora/norne/ndt/n[on][bo]/*.conll"))):
        with open(path, encoding="utf-8") as lines:
            for line in lines:
                fields = line.rstrip("\n").split("\t")
                if len(fields) < 6:
                    continue
                form = fields[1].lower()
                if not form.isalpha():
                    continue
                if "prop" in fields[5].split("|"):
                    proper[form] += 1
                else:
                    counts[form] += 1
    words = [w for w, n in counts.most_common() if proper[w] < n][:TOP]
    print(f"# The {TOP} most frequent words of NDT (Bokmål and Nynorsk), built by")
    print("# data/build_common_words.py from the NDT word forms in NorNE (CC0).")
    for word in words:
        print(word)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "../shared")
