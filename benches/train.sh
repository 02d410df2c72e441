#!/usr/bin/env bash
# Training benchmark: the shipped model's command (train-synthetic and dev, 4,963 sentences in 158
# documents) three times, then with --cv 10 (the three-way comparison: 20 more models, each with
# its five inner models for the thresholds). Prints wall and CPU seconds and peak RSS (GNU time),
# and checks that the model written is byte-identical to the shipped data/events.model.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
gold="../shared/gold/train-synthetic.tsv ../shared/gold/dev.tsv"
mkdir -p target/train-bench
for run in 1 2 3; do
    # shellcheck disable=SC2086
    /usr/bin/time -f "train, run $run: %e s wall, %U s user, %S s system, peak RSS %M KB" \
        ./target/release/kampfakta train $gold --corpus ../shared/corpora \
        --out target/train-bench/events.model > /dev/null
done
# shellcheck disable=SC2086
/usr/bin/time -f "train --cv 10: %e s wall, %U s user, %S s system, peak RSS %M KB" \
    ./target/release/kampfakta train $gold --corpus ../shared/corpora --cv 10 > /dev/null
cmp -s target/train-bench/events.model data/events.model && echo "model identical to data/events.model"
