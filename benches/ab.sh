#!/usr/bin/env bash
# A/B: one cardshark command, two builds, the same capture, in one run.
#
#   benches/ab.sh OLD_BIN NEW_BIN FILE [RUNS] -- ARGS...
#   e.g. benches/ab.sh /tmp/old/cardshark target/release/cardshark \
#            target/bench/mixed-1100mb-3000c.pcap 5 -- hands
#
# Runs `BIN ARGS FILE` RUNS times (default 5) for each build, alternating
# (old, new, old, new, ...) so that drift of this noisy machine hits both
# alike, output thrown away. Prints each build's best and median seconds
# and peak resident memory (GNU time), and the ratio new/old of the best
# and of the medians: below 1.0 the new build is faster. Needs GNU time
# (/usr/bin/time: apt-get install time).
set -euo pipefail
if [ $# -lt 5 ] || [[ " $* " != *" -- "* ]]; then
  sed -n '2,13p' "$0" >&2
  exit 2
fi
old=$1 new=$2 file=$3
shift 3
runs=5
if [ "$1" != "--" ]; then runs=$1; shift; fi
shift # --
[ -x /usr/bin/time ] || { echo "ab.sh: needs GNU time (apt-get install time)" >&2; exit 2; }

tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
declare -A secs mem
for i in $(seq 1 "$runs"); do
  for which in old new; do
    bin=${!which}
    /usr/bin/time -o "$tmp" -f '%e %M' "$bin" "$@" "$file" >/dev/null 2>/dev/null
    out=$(tail -1 "$tmp")
    secs[$which]+="${out% *} "
    mem[$which]+="${out#* } "
  done
done
summary() { # seconds... -> "best median"
  printf '%s\n' $1 | sort -g | awk '{v[NR]=$1} END {m=(NR%2)?v[(NR+1)/2]:(v[NR/2]+v[NR/2+1])/2; printf "%.3f %.3f", v[1], m}'
}
read -r ob om <<<"$(summary "${secs[old]}")"
read -r nb nm <<<"$(summary "${secs[new]}")"
peak() { printf '%s\n' $1 | sort -g | tail -1 | awk '{printf "%.1f", $1/1024}'; }
echo "cardshark $* FILE, $runs runs each, alternating; FILE = $file"
echo "| build | best s | median s | peak RSS MB | runs (s) |"
echo "|---|---:|---:|---:|---|"
echo "| old: $old | $ob | $om | $(peak "${mem[old]}") | ${secs[old]}|"
echo "| new: $new | $nb | $nm | $(peak "${mem[new]}") | ${secs[new]}|"
awk -v ob="$ob" -v om="$om" -v nb="$nb" -v nm="$nm" \
  'BEGIN {printf "new/old: best %.3f, median %.3f (below 1: the new build is faster)\n", nb/ob, nm/om}'
