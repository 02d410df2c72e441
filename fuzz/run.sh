#!/usr/bin/env bash
# Builds the AFL++ targets and fuzzes each for SECONDS_EACH seconds (default 600), one after
# another: all of them, or those named (`fuzz/run.sh commit walk`).
# Needs cargo-afl: `cargo install cargo-afl && cargo afl config --build`.
# A crash leaves its input in out/<target>/default/crashes/; the script exits 1 if there is one.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${SECONDS_EACH:-600}
cargo afl build --release
export AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_UI=1
status=0
mkdir -p out
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(segment analyze gazetteer commit walk)
for target in "${targets[@]}"; do
    rm -rf "out/$target"
    cargo afl fuzz -V "$seconds" -i "seeds/$target" -o "out/$target" "target/release/$target" > "out-$target.log" 2>&1 || true
    crashes=$(find "out/$target/default/crashes" -type f -name 'id:*' 2>/dev/null | wc -l)
    execs=$(grep -h "execs_done" "out/$target/default/fuzzer_stats" | awk '{print $3}')
    echo "$target: ${seconds}s, $execs executions, $crashes crashes"
    [ "$crashes" -eq 0 ] || status=1
done
exit $status
