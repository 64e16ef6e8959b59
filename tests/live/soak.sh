#!/usr/bin/env bash
# Soak: a looping capture with fresh client addresses (tests/live/loop.py)
# through a pipe into one cardshark command for SECONDS of wall time; the
# command's resident memory sampled every 5 s. Prints the curve (seconds,
# MB) and the peak of the first minute beside the peak after it; exits 1
# when memory after the first minute grows past the first minute's peak by
# more than a quarter.
#
#   tests/live/soak.sh SECONDS RATE cardshark-args...   e.g.
#   tests/live/soak.sh 600 20000 hands --format jsonl
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=$1 rate=$2; shift 2
bin=${CARDSHARK:-target/release/cardshark}
captures="testdata/mixed/all-four.pcap testdata/pokerth1/allin.pcap testdata/pokernetwork/betting-showdowns.pcap testdata/pokerth/showdowns.pcap"
python3 tests/live/loop.py --seconds "$seconds" --rate "$rate" $captures \
  | "$bin" "$@" - > /dev/null &
pipeline=$!
sleep 1
pid=$(pgrep -n -f "^$bin $*" || true)
[ -n "$pid" ] || { echo "soak: cardshark did not start" >&2; exit 2; }
t=0 first=0 later=0
echo "seconds MB"
while kill -0 "$pid" 2>/dev/null; do
  kb=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status" 2>/dev/null || echo 0)
  mb=$((kb / 1024))
  echo "$t $mb"
  if [ "$t" -le 60 ]; then [ "$mb" -gt "$first" ] && first=$mb; else [ "$mb" -gt "$later" ] && later=$mb; fi
  sleep 5; t=$((t + 5))
done
wait $pipeline || true
echo "peak: first minute $first MB, after it $later MB"
[ $((later * 4)) -le $((first * 5)) ]
