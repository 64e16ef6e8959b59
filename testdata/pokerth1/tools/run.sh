#!/usr/bin/env bash
# Capture real PokerTH traffic: Debian's unmodified pokerth_server (1.1.2) plays against client.py
# on loopback while tcpdump records it; verify.py then checks the capture against the client's log.
# Derived from shared/tools/pokerth-server/run.sh (same steps); this copy lives in
# <repo>/testdata/pokerth1/tools/ and runs the extended client.py with more scenarios.
#   usage: run.sh [solo] [duo] [spectator] [kick] [rejected] [timeout] [password] [ten] [reconnect] [allin]
#                 [frag]   (default: solo duo; see client.py for what each scenario does;
#                           frag, the solo game with fragmented messages and pings, needs WS=1)
#   env:   OUT (default ./out), PORT (default 7234), VENV (default /tmp/pokerth-venv), HANDS,
#          WS=1: the clients connect over WebSocket (port 7233, resource /pokerthwebsocket) and the
#          outputs are named NAME-ws.*
# Outputs per scenario in $OUT: NAME.pcap, NAME.messages.jsonl, NAME.server.log, NAME.verify.txt
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
VENV="${VENV:-/tmp/pokerth-venv}"
OUT="${OUT:-$HERE/out}"
SERVER=/var/games/pokerth-server/pokerth_server   # Debian's path: finds its data dir from argv[0]

if [ -z "${PTH_IN_NETNS:-}" ]; then
  # Phase 1, normal network: install what is missing (Debian packages, a venv with protobuf).
  need=()
  [ -x "$SERVER" ] || need+=(pokerth-server)
  command -v tcpdump >/dev/null || need+=(tcpdump)
  command -v tshark >/dev/null || need+=(tshark)
  if [ ${#need[@]} -gt 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}"
  fi
  [ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
  "$VENV/bin/python" -c 'import google.protobuf' 2>/dev/null || "$VENV/bin/pip" install -q protobuf
  [ -z "${WS:-}" ] || "$VENV/bin/python" -c 'import websocket' 2>/dev/null || "$VENV/bin/pip" install -q websocket-client
  WORK="$(mktemp -d /tmp/pokerth-capture.XXXXXX)"
  mkdir -p "$OUT"
  # Phase 2 in a private network namespace holding only `lo`: the server has no bind-address
  # option (it binds 0.0.0.0), so this is what keeps it on 127.0.0.1 and off any network.
  PTH_IN_NETNS=1 WORK="$WORK" OUT="$OUT" VENV="$VENV" WS="${WS:-}" exec unshare --net "$HERE/run.sh" "$@"
fi

ip link set lo up
PY="$VENV/bin/python"
export PYTHONPATH="$HERE"
SERVER_PID="" TCPDUMP_PID=""
alive() { [ -n "$1" ] && [ -e "/proc/$1" ] && ! grep -q '^State:.*Z' "/proc/$1/status"; }
stop() {  # stop one process we started, by PID, and wait until it is gone
  local pid="$1" sig="$2"
  alive "$pid" || return 0
  kill "-$sig" "$pid" 2>/dev/null || true
  for _ in $(seq 50); do alive "$pid" || return 0; sleep 0.1; done
  kill -KILL "$pid" 2>/dev/null || true
}
cleanup() { stop "$SERVER_PID" TERM; stop "$TCPDUMP_PID" INT; }
trap cleanup EXIT

for sc in ${@:-solo duo}; do
  # PokerTH's own port, 7234, unless taken (it cannot be, in a fresh namespace); else any free one.
  port=$("$PY" -c 'import socket, sys
s = socket.socket()
try: s.bind(("127.0.0.1", int(sys.argv[1])))
except OSError: s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])' "${PORT:-7234}")
  wsport=${WSPORT:-7233} name=$sc
  [ -z "${WS:-}" ] || name=$sc-ws
  home="$WORK/home-$sc"
  mkdir -p "$home/.pokerth"
  # An old ConfigRevision makes the server merge its own defaults into this file on start-up.
  # Everything that could reach out (IRC bots, chat cleaner, avatar upload/server) is off; the
  # DB is the no-op one in non-official builds. Brute-force protection would refuse a second
  # login from the same address (127.0.0.1) right after the first, so it is off for "duo".
  cat > "$home/.pokerth/config.xml" <<EOF
<?xml version="1.0" encoding="UTF-8" ?>
<PokerTH>
    <Configuration>
        <ConfigRevision value="1" />
        <ServerPort value="$port" />
        <ServerPassword value="" />
        <ServerUseIpv6 value="0" />
        <ServerUseSctp value="0" />
        <ServerUseWebSocket value="$([ -n "${WS:-}" ] && echo 1 || echo 0)" />
        <ServerWebSocketPort value="$wsport" />
        <ServerWebSocketResource value="/pokerthwebsocket" />
        <ServerWebSocketOrigin value="" />
        <ServerBruteForceProtection value="0" />
        <ServerUsePutAvatars value="0" />
        <UseAvatarServer value="0" />
        <UseAdminIRC value="0" />
        <UseLobbyIRC value="0" />
        <UseChatCleaner value="0" />
    </Configuration>
</PokerTH>
EOF
  rm -f "$home/server.pid"
  HOME="$home" "$SERVER" --log-level 2 --pid-file "$home/server.pid"   # daemonizes itself
  for _ in $(seq 100); do [ -s "$home/server.pid" ] && ss -Hltn "sport = :$port" | grep -q . && { [ -z "${WS:-}" ] || ss -Hltn "sport = :$wsport" | grep -q .; } && break; sleep 0.1; done
  SERVER_PID=$(cat "$home/server.pid")
  alive "$SERVER_PID" || { echo "server did not start" >&2; exit 1; }

  tcpdump -i lo -U -w "$OUT/$name.pcap" "tcp port $port or tcp port $wsport" 2> "$WORK/tcpdump-$sc.log" &
  TCPDUMP_PID=$!
  for _ in $(seq 100); do grep -q listening "$WORK/tcpdump-$sc.log" && break; sleep 0.1; done

  echo "== $sc: pokerth_server pid $SERVER_PID on 127.0.0.1:$port"
  t0=$(date +%s)
  rc=0
  "$PY" "$HERE/client.py" --scenario "$sc" --log "$OUT/$name.messages.jsonl" \
    $([ -n "${WS:-}" ] && echo "--port $wsport --ws /pokerthwebsocket" || echo "--port $port") \
    ${HANDS:+--hands "$HANDS"} || rc=$?
  echo "client exit $rc after $(( $(date +%s) - t0 ))s"
  sleep 1
  stop "$SERVER_PID" TERM
  stop "$TCPDUMP_PID" INT
  cat "$WORK/tcpdump-$sc.log"
  cp "$home/.pokerth/log-files/server_messages.log" "$OUT/$name.server.log"
  "$PY" "$HERE/verify.py" "$OUT/$name.pcap" "$OUT/$name.messages.jsonl" | tee "$OUT/$name.verify.txt"
done
rm -rf "$WORK"
