#!/usr/bin/env bash
# Runs the spaCy peer benchmark on CORPUS_DIR (default: the dev split of NoReC, extracted into
# target/norec from ../shared). Makes a virtual environment with spaCy in target/peers-venv.
set -euo pipefail
cd "$(dirname "$0")/../.."
corpus=${1:-}
if [ -z "$corpus" ]; then
    mkdir -p target/norec
    [ -d target/norec/norec ] || tar -xJf ../shared/corpora/norec-2.1-all.tar.xz -C target/norec
    corpus=target/norec/norec/dev
fi
[ -x target/peers-venv/bin/python ] || { python3 -m venv target/peers-venv && target/peers-venv/bin/pip install -q spacy; }
cargo build --release --quiet
target/peers-venv/bin/python benches/peers/spacy_peer.py "$corpus"
