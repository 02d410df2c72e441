#!/usr/bin/env bash
# Start-up as users feel it: one sentence through `kampfakta extract - --out -`, the median wall
# time of 7 runs and its peak RSS (GNU time), with the shipped data, and with a 1,000-player
# user folder over them (--with-defaults; the first run compiles it into a fresh cache, the 7
# measured runs read it back). Give another build's binary to measure it side by side, e.g. one
# built from an older commit: `benches/startup.sh /tmp/old/target/release/kampfakta`.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir "$scratch/players"
{
    echo "id,name,aliases,club,nationality,position,birth_date"
    for i in $(seq 0 999); do
        echo "player:testspiller-$i,Testspiller Nummer$i,,club:molde-fk@2020-2024,national:norge,MF,1999"
    done
} > "$scratch/players/players.csv"
median() { # label binary args...: median wall ms and peak MB of 7 runs
    local label=$1 binary=$2; shift 2
    for _ in 1 2 3 4 5 6 7; do
        echo "Haaland scoret 1-0." | KAMPFAKTA_CACHE_DIR="$scratch/cache" /usr/bin/time -f "%e %M" \
            -o "$scratch/time" "$binary" extract - --out - --quiet "$@" > /dev/null 2>&1
        cat "$scratch/time"
    done | sort -n | sed -n 4p | awk -v l="$label" '{printf "%s: %.0f ms, %.1f MB peak\n", l, $1 * 1000, $2 / 1024}'
}
for binary in ./target/release/kampfakta "$@"; do
    echo "$binary"
    median "  shipped data" "$binary"
    echo "Haaland scoret 1-0." | KAMPFAKTA_CACHE_DIR="$scratch/cache" "$binary" extract - --out - \
        --quiet --gazetteer "$scratch/players" --with-defaults > /dev/null 2>&1
    median "  1,000-player folder, --with-defaults" "$binary" --gazetteer "$scratch/players" --with-defaults
done
