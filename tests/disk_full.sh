#!/usr/bin/env bash
# A full disk while a run publishes (issue #19, S2): `extract` into a 500 KB tmpfs, once with
# the small samples (published), then with a corpus whose outputs do not fit. The second run must
# fail (exit 2) naming the full disk, leave the first run's set whole and published, and leave no
# unpublished version behind; a third run that fits publishes again. Mounting needs root: without
# it the script says so and stops, as the issue allows. Run by .ci/run after the build.
set -euo pipefail
cd "$(dirname "$0")/.."
kampfakta=${KAMPFAKTA:-target/debug/kampfakta}
work=$(mktemp -d)
disk="$work/disk"
mkdir "$disk"
cleanup() { umount "$disk" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
if ! mount -t tmpfs -o size=500k tmpfs "$disk" 2>/dev/null; then
    echo "disk_full.sh: SKIPPED: cannot mount a tmpfs here (needs root)"
    exit 0
fi
fail() { echo "disk_full.sh: FAILED: $*" >&2; exit 1; }
files="events.csv mentions.csv matches.csv goals.csv report.json"
snapshot() { for f in $files; do echo "== $f"; cat "$disk/out/$f"; done; }

"$kampfakta" extract data/samples --out "$disk/out" --quiet || fail "the small run did not publish"
before=$(snapshot | grep -v '"seconds"')

# The samples 400 times over, each with its own id: about 2 MB of rows.
python3 - "$work/big.jsonl" <<'PY'
import json, pathlib, sys
texts = [p.read_text(encoding="utf-8") for p in sorted(pathlib.Path("data/samples").glob("*.txt"))]
with open(sys.argv[1], "w", encoding="utf-8") as out:
    for n in range(400):
        for i, text in enumerate(texts):
            out.write(json.dumps({"id": f"copy-{n}-{i}", "text": text}, ensure_ascii=False) + "\n")
PY
set +e
"$kampfakta" extract "$work/big.jsonl" --out "$disk/out" --quiet 2>"$work/stderr"
status=$?
set -e
[ "$status" -eq 2 ] || fail "the run that fills the disk exited $status, not 2"
grep -q "No space left on device" "$work/stderr" || fail "no word of the full disk: $(cat "$work/stderr")"
after=$(snapshot | grep -v '"seconds"')
[ "$before" = "$after" ] || fail "the published set changed"
versions=$(find "$disk/out/.kampfakta" -mindepth 1 -maxdepth 1 -name 'v-*' | wc -l)
[ "$versions" -eq 1 ] || fail "$versions versions in the store, not the published one alone"
find "$disk/out" -name '*.tmp' | grep -q . && fail "temporary files left"

"$kampfakta" extract data/samples/rosenborg-molde.txt --out "$disk/out" --quiet \
    || fail "a run that fits did not publish after the full disk"
grep -q rosenborg-molde "$disk/out/events.csv" || fail "the run after the full disk published no events"
echo "disk_full.sh: ok (full disk: exit 2, previous set whole, nothing left behind)"
