#!/usr/bin/env bash
# Imports and exports N documents of about 1 KiB with the docstore tool and, in the same run, imports the
# same rows as CSV with `sqlite3 .import` and exports them with `sqlite3 -csv`. Prints time and peak
# memory (max RSS) of each step and its ratio to the SQLite step of the same kind.
# Usage: benchmarks/cli/run.sh [N=1000000] [scratch folder=/tmp/docstore-cli-bench]
set -euo pipefail
n=${1:-1000000}
dir=${2:-/tmp/docstore-cli-bench}
root=$(cd "$(dirname "$0")/../.." && pwd)
command -v sqlite3 >/dev/null || { echo "sqlite3 is not installed (apt-get install sqlite3)"; exit 1; }
rm -rf "$dir" && mkdir -p "$dir"
dotnet build -c Release "$root/src/DocStore.Cli" -v q -nologo >/dev/null
tool="dotnet $root/src/DocStore.Cli/bin/Release/net10.0/DocStore.Cli.dll"
python3 "$root/benchmarks/cli/gen.py" "$n" "$dir/data"
types="_id=int32,age=int32,score=double"

measure() { # label, command...
  local label=$1; shift
  /usr/bin/time -f "%e %M" -o "$dir/time" "$@" >"$dir/out" 2>"$dir/err" || { cat "$dir/err"; exit 1; }
  read -r seconds kib <"$dir/time"
  printf '%s\t%s\t%s\n' "$label" "$seconds" "$((kib / 1024))" >>"$dir/results"
}

: >"$dir/results"
measure "sqlite3 .import csv" sqlite3 "$dir/s.db" -cmd ".mode csv" ".import $dir/data.csv t"
measure "docstore import csv" $tool import "$dir/a.db" c "$dir/data.csv" --types "$types" --no-progress
measure "docstore import jsonl" $tool import "$dir/b.db" c "$dir/data.jsonl" --no-progress
measure "docstore import jsonl --batch 10000" $tool import "$dir/c.db" c "$dir/data.jsonl" --batch 10000 --no-progress
measure "sqlite3 -csv export" sh -c "sqlite3 -csv -header '$dir/s.db' 'select * from t' >'$dir/s.csv'"
measure "docstore export csv" $tool export "$dir/b.db" c "$dir/out.csv" --fields _id,name,email,age,score,city,bio
measure "docstore export jsonl" $tool export "$dir/b.db" c "$dir/out.jsonl"
measure "docstore export bson" $tool export "$dir/b.db" c "$dir/out.bson"
measure "docstore import bson" $tool import "$dir/d.db" c "$dir/out.bson" --no-progress

cmp -s "$dir/data.jsonl" "$dir/out.jsonl" && echo "jsonl export equals the input file byte for byte" || echo "note: jsonl export differs from the input file"
echo "documents: $n; input: $(du -m "$dir/data.jsonl" | cut -f1) MiB jsonl, $(du -m "$dir/data.csv" | cut -f1) MiB csv"
echo "databases: sqlite $(du -m "$dir/s.db" | cut -f1) MiB, docstore $(du -cm "$dir"/b.db* | tail -1 | cut -f1) MiB"
awk -F'\t' '
  /^sqlite3 .import/ { si = $2; sm = $3 }
  /^sqlite3 -csv/    { se = $2; sm2 = $3 }
  { rows[NR] = $0; t[NR] = $2; m[NR] = $3; l[NR] = $1 }
  END {
    printf "| step | seconds | peak MiB | time vs sqlite3 | memory vs sqlite3 |\n| --- | --- | --- | --- | --- |\n"
    for (i = 1; i <= NR; i++) {
      base = (l[i] ~ /import/) ? si : se; mb = (l[i] ~ /import/) ? sm : sm2
      printf "| %s | %.1f | %d | %.2fx | %.1fx |\n", l[i], t[i], m[i], t[i] / base, m[i] / mb
    }
  }' "$dir/results"
