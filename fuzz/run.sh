#!/usr/bin/env bash
# Builds and runs every fuzz target for SECONDS each (default 60), with seed
# corpora from testdata/: the capture files for the capture reader and the
# link layer, and the bytes of each test stream (extracted with `cardshark
# follow --format raw`) for detection and the protocol decoders.
#
#   fuzz/run.sh [SECONDS] [TARGET...]
#
# JOBS=N runs N targets at once (default 1). Crashes land in
# fuzz/artifacts/TARGET/; the corpora grow in fuzz/corpus/TARGET/.
#
# cargo-fuzz needs nightly compiler flags; RUSTC_BOOTSTRAP=1 lets a stable
# toolchain accept them (set here unless a nightly is asked for with
# FUZZ_TOOLCHAIN=nightly).
set -euo pipefail

secs=${1:-60}
shift || true
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
cd "$here"

all=(capture_reader link_layer reassembly decode_stage detect proto_pokerth proto_pokerth1 proto_pokernetwork proto_gls proto_cardgame websocket websocket_stage)
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${all[@]}")

if ! cargo fuzz --version >/dev/null 2>&1; then
    cargo install cargo-fuzz
fi

if [ -n "${FUZZ_TOOLCHAIN:-}" ]; then
    fuzz=(cargo "+$FUZZ_TOOLCHAIN" fuzz)
else
    export RUSTC_BOOTSTRAP=1
    fuzz=(cargo fuzz)
fi

# Seeds.
seed() { # target file...
    local dir="corpus/$1"
    shift
    mkdir -p "$dir"
    for f in "$@"; do
        [ -s "$f" ] && cp "$f" "$dir/seed-$(sha1sum "$f" | cut -c1-16)"
    done
    return 0
}
mapfile -t captures < <(find "$top/testdata" -type f \( -name '*.pcap' -o -name '*.pcapng' \))
seed capture_reader "${captures[@]}"
seed link_layer "${captures[@]}"
# The segment-driven targets: each capture's TCP segments in their format.
python3 seed_segments.py corpus/reassembly "${captures[@]}"
python3 seed_segments.py corpus/decode_stage "${captures[@]}"

(cd "$top" && cargo build --quiet)
bin="$top/target/debug/cardshark"
streams=$(mktemp -d)
trap 'rm -rf "$streams"' EXIT
for proto in pokerth pokerth1 pokernetwork gls cardgame; do
    for cap in "$top/testdata/$proto"/*.pcap "$top/testdata/$proto"/*.pcapng; do
        [ -f "$cap" ] || continue
        for s in 0 1 2 3; do
            for d in c2s s2c; do
                out="$streams/$proto-$(basename "$cap")-$s-$d"
                "$bin" follow --format raw --dir "$d" -s "$s" "$cap" >"$out" 2>/dev/null || rm -f "$out"
            done
        done
    done
    seed "proto_$proto" "$streams/$proto"-*
    seed detect "$streams/$proto"-*
done
# WebSocket: each direction after its HTTP head, a mode byte first (0: the
# client's frames, 1: the server's).
for cap in "$top/testdata/websocket"/*.pcap; do
    [ -f "$cap" ] || continue
    for s in 0 1; do
        for d in c2s s2c; do
            out="$streams/ws-$(basename "$cap")-$s-$d"
            "$bin" follow --format raw --dir "$d" -s "$s" "$cap" 2>/dev/null |
                python3 -c 'import sys; b = sys.stdin.buffer.read(); i = b.find(b"\r\n\r\n"); sys.stdout.buffer.write(bytes([int(sys.argv[1])]) + b[i + 4:])' \
                    "$([ "$d" = s2c ] && echo 1 || echo 0)" >"$out" || rm -f "$out"
        done
    done
done
seed websocket "$streams"/ws-*
# The WebSocket stage: both directions of each connection after their HTTP
# heads, in its format (mode, chunking, c2s length, c2s, s2c): mode 0, 1 or
# 2 as the capture negotiated (nothing, permessage-deflate with or without
# context takeover), and the same bytes as mode 3 (no handshake), in
# 1460-byte chunks.
mkdir -p corpus/websocket_stage
for cap in "$top/testdata/websocket"/*.pcap; do
    [ -f "$cap" ] || continue
    for s in 0 1; do
        c2s="$streams/wss-$s-c2s" s2c="$streams/wss-$s-s2c"
        "$bin" follow --format raw --dir c2s -s "$s" "$cap" >"$c2s" 2>/dev/null || continue
        "$bin" follow --format raw --dir s2c -s "$s" "$cap" >"$s2c" 2>/dev/null || continue
        python3 - "$c2s" "$s2c" "corpus/websocket_stage/seed-$(basename "$cap" .pcap)-$s" <<'PY'
import sys
c2s, s2c = (open(p, "rb").read() for p in sys.argv[1:3])
if not c2s.startswith(b"GET ") or b"\r\n\r\n" not in s2c:
    sys.exit()
head = s2c[: s2c.index(b"\r\n\r\n")].lower()
mode = 0
if b"permessage-deflate" in head:
    mode = 2 if b"no_context_takeover" in head else 1
c2s = c2s[c2s.index(b"\r\n\r\n") + 4 :]
s2c = s2c[s2c.index(b"\r\n\r\n") + 4 :]
for m, suffix in ((mode, ""), (3, "-midstream")):
    with open(sys.argv[3] + suffix, "wb") as f:
        f.write(bytes([m, 12]) + len(c2s).to_bytes(4, "big") + c2s + s2c)
PY
    done
done

"${fuzz[@]}" build

run_one() {
    local t=$1
    mkdir -p "corpus/$t" "artifacts/$t"
    echo "== $t: ${secs}s"
    "${fuzz[@]}" run "$t" "corpus/$t" -- \
        -max_total_time="$secs" -timeout=10 -rss_limit_mb=1024 -print_final_stats=1 \
        >"artifacts/$t.log" 2>&1 && echo "== $t: ok" || {
        echo "== $t: FAILED (see fuzz/artifacts/$t.log)"
        return 1
    }
}

jobs=${JOBS:-1}
status=0
pids=()
for t in "${targets[@]}"; do
    run_one "$t" &
    pids+=($!)
    if [ ${#pids[@]} -ge "$jobs" ]; then
        wait "${pids[0]}" || status=1
        pids=("${pids[@]:1}")
    fi
done
for p in "${pids[@]}"; do wait "$p" || status=1; done
exit $status
