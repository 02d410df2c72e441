#!/usr/bin/env bash
# Pages benchmark: `kampfakta show` on the 73 NoReC football reports (../shared/corpora/
# norec-football), with 1 and 2 worker threads and the release build. Prints the wall clock of
# each run (the best of five: the whole run, pipeline start-up included) and peak RSS (GNU time),
# checks that a page was written per report and that both runs wrote the same bytes.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
corpus=../shared/corpora/norec-football
docs=$(find "$corpus" -name '*.txt' | wc -l)
bytes=$(find "$corpus" -name '*.txt' -print0 | xargs -0 cat | wc -c)
echo "corpus: $docs reports, $bytes bytes"
mkdir -p target/show
run() {
    local name=$1; shift
    local best=""
    for _ in 1 2 3 4 5; do
        /usr/bin/time -f "%e %M" -o target/show/time-$name ./target/release/kampfakta show "$corpus" \
            --out target/show/out-$name --quiet "$@"
        read -r seconds rss < target/show/time-$name
        if [ -z "$best" ] || [ "$(echo "$seconds < $best" | bc)" = 1 ]; then best=$seconds; fi
    done
    # The published set: the pages are symlinks into it, beside the store of versions.
    pages=$(find -L target/show/out-$name -maxdepth 1 -name '*.html' ! -name index.html | wc -l)
    if [ "$pages" != "$docs" ]; then
        echo "$name: $pages pages for $docs reports" >&2
        exit 1
    fi
    echo "$name: $best s for $pages pages and the index ($(du -sk target/show/out-$name/.kampfakta/current/ | cut -f1) KB)," \
        "peak RSS $((rss / 1024)) MB"
}
run threads-1 --threads 1
run threads-2 --threads 2
diff -rq target/show/out-threads-1/.kampfakta/current/ target/show/out-threads-2/.kampfakta/current/ \
    && echo "pages identical for 1 and 2 threads"
