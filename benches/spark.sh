#!/usr/bin/env bash
# The README's Spark recipe on a local PySpark (pip install pyspark; Java 17): the 73 NoReC
# football reports as JSON Lines, with one malformed line among them, piped through kampfakta
# per partition. Checks that the records of 4 partitions equal one run's and the headerless CSV
# has no header line; prints the time. Not in CI.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
mkdir -p target/spark
corpus=target/spark/norec-football.jsonl
python3 - "$corpus" <<'PY'
import json, pathlib, sys
out = open(sys.argv[1], "w")
files = sorted(pathlib.Path("../shared/corpora/norec-football").glob("*/*.txt"))
for n, path in enumerate(files):
    out.write(json.dumps({"id": str(path), "text": path.read_text()}, ensure_ascii=False) + "\n")
    if n == len(files) // 2:
        out.write("{not json\n")
PY
python3 benches/spark_pipe.py "$PWD/target/release/kampfakta" "$PWD/$corpus" 4
