#!/usr/bin/env bash
# Runs the README's test command (`dotnet test DocStore.sln`) several times while two `yes` loops keep two
# cores busy, to catch tests that decide on time instead of on events. Prints each run's counts, added up
# from its TRX files as .ci/run does, and exits non-zero when any run failed.
#
#   tests/busy-run.sh [--runs N] [--filter EXPRESSION]
#
# --runs N      how many runs (default 5)
# --filter F    passed to `dotnet test --filter`, e.g. "FullyQualifiedName~WriteLockTests"
#
# The solution is built once first, without the load; the runs then use --no-build. Each run's TRX files
# and output go to TestResults/busy-run/run-<n>/ and TestResults/busy-run/run-<n>.log.
set -uo pipefail
cd "$(dirname "$0")/.."
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1 DOTNET_SKIP_FIRST_TIME_EXPERIENCE=1

usage() { sed -n '6,9p' "$0" | sed 's/^# \{0,1\}//'; }

runs=5
filter=""
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="${2-}"; shift 2 || { usage >&2; exit 2; } ;;
    --runs=*) runs="${1#*=}"; shift ;;
    --filter) filter="${2-}"; shift 2 || { usage >&2; exit 2; } ;;
    --filter=*) filter="${1#*=}"; shift ;;
    -h | --help) usage; exit 0 ;;
    *) echo "unknown argument: $1" >&2; usage >&2; exit 2 ;;
  esac
done
if ! [[ "$runs" =~ ^[1-9][0-9]*$ ]]; then
  echo "--runs needs a positive number, not '$runs'" >&2
  exit 2
fi

# Sums the counters of the TRX files given; sets passed, failed, skipped and files (as .ci/run does).
count_trx() {
  passed=0; failed=0; skipped=0; files=0
  local trx counters
  for trx in "$@"; do
    [ -f "$trx" ] || continue
    files=$((files + 1))
    counters=$(grep -o '<Counters [^>]*>' "$trx" | head -n 1)
    get() { echo "$counters" | sed -n "s/.* $1=\"\([0-9]*\)\".*/\1/p"; }
    passed=$((passed + $(get passed)))
    failed=$((failed + $(get failed) + $(get error) + $(get timeout) + $(get aborted)))
    # VSTest leaves notExecuted at 0 for skipped xunit tests; they are the ones not executed.
    skipped=$((skipped + $(get total) - $(get executed)))
  done
}

# The names of the tests that failed in the TRX files given, one a line.
failed_tests() {
  grep -ho '<UnitTestResult [^>]*outcome="Failed"[^>]*>' "$@" 2>/dev/null |
    sed -n 's/.* testName="\([^"]*\)".*/\1/p' | sort -u
}

results=TestResults/busy-run
rm -rf "$results"
mkdir -p "$results"

echo "== build (without the load): $results/build.log"
if ! dotnet build DocStore.sln > "$results/build.log" 2>&1; then
  tail -n 30 "$results/build.log"
  echo "the build failed"
  exit 1
fi

# The load: two busy loops, ended by their process ids however the script ends.
load=()
stop_load() {
  [ ${#load[@]} -gt 0 ] && kill "${load[@]}" 2>/dev/null
  wait "${load[@]}" 2>/dev/null
  load=()
}
trap stop_load EXIT
trap 'exit 130' INT TERM
for _ in 1 2; do
  yes > /dev/null &
  load+=($!)
done
echo "== load: two 'yes' loops (pids ${load[*]})"

failed_runs=0
for run in $(seq 1 "$runs"); do
  dir="$results/run-$run"
  args=(test DocStore.sln --no-build --results-directory "$dir")
  [ -n "$filter" ] && args+=(--filter "$filter")
  started=$SECONDS
  dotnet "${args[@]}" > "$dir.log" 2>&1
  code=$?
  count_trx "$dir"/*.trx
  line="run $run of $runs: $passed passed, $failed failed, $skipped skipped ($((SECONDS - started)) s)"
  if [ "$code" -ne 0 ] || [ "$failed" -gt 0 ] || [ "$files" -eq 0 ]; then
    failed_runs=$((failed_runs + 1))
    [ "$files" -eq 0 ] && line="$line, no TRX file written"
    echo "$line: FAILED (dotnet test exited $code; output in $dir.log)"
    failed_tests "$dir"/*.trx | sed 's/^/  failed: /'
  else
    echo "$line"
  fi
done

echo "busy runs: $((runs - failed_runs)) of $runs passed"
[ "$failed_runs" -eq 0 ]
