"""The Spark recipe of the README, end to end on a local PySpark: JSON Lines documents piped
through `kampfakta extract - --out - --format jsonl` per partition, and the event rows as CSV
without a header per partition. Run by benches/spark.sh (not in CI: it needs pyspark and Java).

Checks that every partition's output comes back whole: the typed records per type equal those of
one `kampfakta extract` over the same file, a malformed line gives one error record and spoils
nothing else, and the headerless CSV has as many event rows and no header line.
"""

import collections
import json
import subprocess
import sys
import time

from pyspark.sql import SparkSession

kampfakta, corpus, partitions = sys.argv[1], sys.argv[2], int(sys.argv[3])

spark = SparkSession.builder.master("local[2]").appName("kampfakta").getOrCreate()
spark.sparkContext.setLogLevel("ERROR")
lines = spark.sparkContext.textFile(corpus, minPartitions=partitions)

started = time.time()
records = lines.pipe(f"{kampfakta} extract - --out - --format jsonl --quiet").collect()
seconds = time.time() - started
types = collections.Counter(json.loads(r)["type"] for r in records)

single = subprocess.run(
    [kampfakta, "extract", "-", "--out", "-", "--format", "jsonl", "--quiet"],
    stdin=open(corpus, "rb"), capture_output=True, check=False,
).stdout.decode().splitlines()
expected = collections.Counter(json.loads(r)["type"] for r in single)

csv_rows = lines.pipe(f"{kampfakta} extract - --out - --no-header --quiet").collect()
headers = sum(1 for r in csv_rows if r.startswith("doc_id,"))

print(f"{lines.getNumPartitions()} partitions, {seconds:.1f} s: {dict(types)}")
print(f"one extract over the file: {dict(expected)}")
print(f"headerless CSV: {len(csv_rows)} lines, {headers} header lines")
ok = types == expected and types["error"] == 1 and headers == 0
ok = ok and len(csv_rows) >= types["event"]
print("ok" if ok else "MISMATCH")
spark.stop()
sys.exit(0 if ok else 1)
