#!/usr/bin/env bash
# Memory per document: peak RSS (GNU time) of `kampfakta extract` on one 34 MB document, written
# once as one line (the 73 NoReC football reports, line ends as spaces, repeated) and once as
# ordinary lines (the reports with blank lines between them, repeated), minus the peak of a run
# on a tiny document (the gazetteers, the model and the output buffers); printed as a multiple of
# the document's size. Outputs are kept in target/memory/out-* to compare between builds.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
dir=target/memory
mkdir -p "$dir"
reports=(../shared/corpora/norec-football/*/*.txt)
size=$((34 * 1000 * 1000))
if [ ! -s "$dir/multi-line.txt" ]; then
    for f in "${reports[@]}"; do tr '\r\n' '  ' < "$f"; printf ' '; done > "$dir/round-one-line"
    for f in "${reports[@]}"; do cat "$f"; printf '\n\n'; done > "$dir/round-multi-line"
    for kind in one-line multi-line; do
        : > "$dir/$kind.txt"
        while [ "$(stat -c %s "$dir/$kind.txt")" -lt "$size" ]; do
            cat "$dir/round-$kind" >> "$dir/$kind.txt"
        done
    done
    head -n 3 "${reports[0]}" > "$dir/tiny.txt"
fi
peak() {
    rm -rf "$dir/out-$1"
    /usr/bin/time -f "%M %e" -o "$dir/time-$1" ./target/release/kampfakta extract "$dir/$1.txt" \
        --out "$dir/out-$1" --quiet
    cat "$dir/time-$1"
}
read -r tiny _ <<< "$(peak tiny)"
echo "tiny document: peak RSS $((tiny / 1024)) MB"
for kind in one-line multi-line; do
    read -r rss seconds <<< "$(peak "$kind")"
    bytes=$(stat -c %s "$dir/$kind.txt")
    echo "$kind: $bytes bytes, $seconds s, peak RSS $((rss / 1024)) MB," \
        "$(echo "scale=1; ($rss - $tiny) * 1024 / $bytes" | bc)x the document"
done
