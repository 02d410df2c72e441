#!/usr/bin/env bash
# Whole-corpus benchmark: all 43,437 NoReC 2.1 documents (110 MB of Norwegian text) through
# `kampfakta extract` with the default gazetteers, with 1 and 2 threads. Prints MB/s, documents/s
# and peak RSS (GNU time), and checks that both runs wrote the same bytes.
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
for threads in 1 2; do
    /usr/bin/time -f "%e %M" -o target/norec/time-$threads ./target/release/kampfakta extract "$corpus" \
        --out target/norec/out-$threads --threads "$threads" --quiet || true
    read -r seconds rss < target/norec/time-$threads
    echo "threads $threads: $seconds s, $(echo "scale=1; $bytes / 1000000 / $seconds" | bc) MB/s," \
        "$(echo "scale=0; $docs / $seconds" | bc) documents/s, peak RSS $((rss / 1024)) MB"
done
cmp -s target/norec/out-1/events.csv target/norec/out-2/events.csv && echo "outputs identical for 1 and 2 threads"
