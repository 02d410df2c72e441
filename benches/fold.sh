#!/usr/bin/env bash
# Hard-wrapped text: the 73 NoReC football reports of ../shared, as written and through
# `fold -s -w 72` (as archives and mail keep them), through `kampfakta extract`; prints how many
# reports with events give the same events (kind, minute, player, team, score; offsets differ)
# and lists the events that differ.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
reports=../shared/corpora/norec-football
out=target/fold
rm -rf "$out" && mkdir -p "$out/folded"
(cd "$reports" && find . -name '*.txt') | while read -r file; do
    mkdir -p "$out/folded/$(dirname "$file")"
    fold -s -w 72 "$reports/$file" > "$out/folded/$file"
done
./target/release/kampfakta extract "$reports" --out "$out/as-written" --quiet
./target/release/kampfakta extract "$out/folded" --out "$out/as-folded" --quiet
python3 - "$out/as-written/events.csv" "$out/as-folded/events.csv" <<'PY'
import collections, csv, sys
def events(path):
    by_report = collections.defaultdict(collections.Counter)
    for row in csv.DictReader(open(path, encoding="utf-8")):
        report = "/".join(row["doc_id"].split("/")[-2:])
        by_report[report][tuple(row[c] for c in
            ("event", "minute", "player_id", "player", "team_id", "score"))] += 1
    return by_report
written, folded = events(sys.argv[1]), events(sys.argv[2])
same = differing = 0
for report in sorted(set(written) | set(folded)):
    only_written = written[report] - folded[report]
    only_folded = folded[report] - written[report]
    if not only_written and not only_folded:
        same += 1
        continue
    differing += sum(only_written.values()) + sum(only_folded.values())
    for event in only_written:
        print(f"{report}: as written only: {event}")
    for event in only_folded:
        print(f"{report}: folded only: {event}")
total = len(set(written) | set(folded))
print(f"same events for {same} of {total} reports with events; {differing} events differ")
PY
