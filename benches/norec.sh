#!/usr/bin/env bash
# Whole-corpus benchmark: all 43,437 NoReC 2.1 documents (110 MB of Norwegian text) through
# `kampfakta extract` with the default gazetteers, with 1 and 2 worker threads, and once with
# --all-documents (every review through every stage, not only the ones with football words), also
# with --rules-only. Prints MB/s (wall clock and per CPU second), documents/s and peak RSS (GNU
# time), and checks that the 1- and 2-thread runs wrote the same bytes.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p target/norec
[ -d target/norec/norec ] || tar -xJf ../shared/corpora/norec-2.1-all.tar.xz -C target/norec
cargo build --release --quiet
corpus=target/norec/norec
bytes=$(find "$corpus" -name '*.txt' -print0 | xargs -0 cat | wc -c)
docs=$(find "$corpus" -name '*.txt' | wc -l)
start=$(date +%s.%N); find "$corpus" -name '*.txt' -print0 | xargs -0 cat > /dev/null; end=$(date +%s.%N)
echo "corpus: $docs documents, $bytes bytes; reading them: $(echo "$end - $start" | bc) s"
run() {
    local name=$1; shift
    /usr/bin/time -f "%e %U %S %M" -o target/norec/time-$name ./target/release/kampfakta extract "$corpus" \
        --out target/norec/out-$name --quiet "$@" || true
    read -r seconds user system rss < target/norec/time-$name
    echo "$name: $seconds s, $(echo "scale=1; $bytes / 1000000 / $seconds" | bc) MB/s," \
        "$(echo "scale=1; $bytes / 1000000 / ($user + $system)" | bc) MB per CPU second," \
        "$(echo "scale=0; $docs / $seconds" | bc) documents/s, peak RSS $((rss / 1024)) MB"
}
run threads-1 --threads 1
run threads-2 --threads 2
run all-documents-threads-1 --threads 1 --all-documents
# The same with the cue lexicon alone: the shipped model, whose thresholds keep the rules'
# labels, is not run, so the two should take the same time.
run all-documents-rules-only-threads-1 --threads 1 --all-documents --rules-only
cmp -s target/norec/out-threads-1/events.csv target/norec/out-threads-2/events.csv && echo "outputs identical for 1 and 2 threads"
