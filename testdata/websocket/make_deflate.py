#!/usr/bin/env python3
"""Record real WebSocket captures with compression and fragmentation (issue 19).

A real WebSocket library (Python `websockets` from PyPI) plays both ends of one connection on
127.0.0.1:7233, resource /pokerthwebsocket, inside a private network namespace holding only `lo`,
while tcpdump records the kernel's TCP traffic. The messages are PokerTH 1.x messages: alice's
connection of ../pokerth1/duo.messages.jsonl (a real capture against pokerth-server 1.1.2), replayed
in file order: whoever sent a record sends it, and the other side receives it before the next step.

Scenarios (outputs NAME.pcap, NAME.messages.jsonl, NAME.json in $OUT, default: this directory):
  deflate              permessage-deflate with the library's default offer/answer (context takeover)
  deflate-no-takeover  permessage-deflate with server_no_context_takeover, client_no_context_takeover,
                       server_max_window_bits=10, client_max_window_bits=10
  fragmented           no compression; some c2s messages are sent as several frames, with pings
                       and pongs interleaved between the fragments; a few s2c messages fragmented
  deflate-fragmented   like deflate, plus the fragmentation of `fragmented` (compressed fragments)

usage (as root): make_deflate.py [SCENARIO...]     (default: all four)
env: OUT (output dir), VENV (default /tmp/ws-venv), WS_VERSION (pip requirement, default
     websockets==17.4, the version the committed captures were made with)
"""
import asyncio
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "..", "pokerth1", "duo.messages.jsonl")
VENV = os.environ.get("VENV", "/tmp/ws-venv")
OUT = os.path.abspath(os.environ.get("OUT", HERE))
WS_VERSION = os.environ.get("WS_VERSION", "websockets==17.4")
HOST, PORT, RESOURCE = "127.0.0.1", 7233, "/pokerthwebsocket"
SCENARIOS = ["deflate", "deflate-no-takeover", "fragmented", "deflate-fragmented"]


def phase1(args):
    """Normal network: install what is missing, then re-run inside a fresh network namespace."""
    if os.geteuid() != 0:
        sys.exit("run as root (tcpdump, unshare --net)")
    need = [p for p in ("tcpdump", "tshark") if not shutil.which(p)]
    if need:
        subprocess.run(["apt-get", "update", "-qq"], check=True)
        subprocess.run(["apt-get", "install", "-y", "-qq", *need], check=True,
                       env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
    py = os.path.join(VENV, "bin", "python")
    if not os.access(py, os.X_OK):
        subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
    have = subprocess.run([py, "-c", "import websockets; print(websockets.__version__)"],
                          capture_output=True, text=True).stdout.strip()
    if "==" not in WS_VERSION or have != WS_VERSION.split("==")[1]:
        subprocess.run([py, "-m", "pip", "install", "-q", WS_VERSION], check=True)
    os.makedirs(OUT, exist_ok=True)
    env = dict(os.environ, WSD_IN_NETNS="1", OUT=OUT, VENV=VENV)
    os.execvpe("unshare", ["unshare", "--net", py, os.path.abspath(__file__), *args], env)


# ---------------------------------------------------------------------------------------------
# Phase 2, inside the namespace, run by the venv's python.

def load_steps():
    steps = []
    with open(SRC) as f:
        for line in f:
            r = json.loads(line)
            if r["conn"] == "alice":
                steps.append({"dir": r["dir"], "type": r["type"], "hex": r["hex"]})
    return steps


def split(data, n):
    """n chunks of data, sizes as even as possible (the first ones one byte longer)."""
    q, r = divmod(len(data), n)
    out, pos = [], 0
    for i in range(n):
        k = q + (1 if i < r else 0)
        out.append(data[pos:pos + k])
        pos += k
    return out


def plan(sc, steps):
    """The action list both sides walk in order. Each action is a dict with 'kind'."""
    frag = sc in ("fragmented", "deflate-fragmented")
    acts = []
    c2s_seen = s2c_seen = 0
    for i, st in enumerate(steps):
        a = {"kind": "msg", "dir": st["dir"], "type": st["type"], "hex": st["hex"]}
        data = bytes.fromhex(st["hex"])
        if frag and st["dir"] == "c2s" and len(data) >= 4:
            # c2s: 2, 3, 4, 2, 3, 4 ... chunks; between chunk j and j+1 something may happen
            # on the wire: "peer_ping" (the server pings; the client's library pongs in the
            # middle of its own fragmented message), "own_ping" (the client pings between
            # its own fragments and waits for the pong), or nothing.
            n = 2 + c2s_seen % 3
            a["chunks"] = [c.hex() for c in split(data, n)]
            a["between"] = [["peer_ping", "own_ping", None][(c2s_seen + j) % 3]
                            for j in range(n - 1)]
            c2s_seen += 1
        elif frag and st["dir"] == "s2c" and len(data) >= 8 and s2c_seen % 10 == 0:
            # s2c: every 10th message of 8+ bytes as 2 or 3 chunks, back to back (sync iterable).
            a["chunks"] = [c.hex() for c in split(data, 2 + (s2c_seen // 10) % 2)]
            a["between"] = [None] * (len(a["chunks"]) - 1)
            s2c_seen += 1
        elif frag and st["dir"] == "s2c" and len(data) >= 8:
            s2c_seen += 1
        acts.append(a)
        # A few pings, from either side, at fixed points of the conversation.
        if i == 1:
            acts.append({"kind": "ping", "by": "server", "data": b"srv-ping-1".hex()})
        if i == 10:
            acts.append({"kind": "ping", "by": "client", "data": b"cli-ping-1".hex()})
        if i == len(steps) // 2:
            acts.append({"kind": "ping", "by": "server", "data": ""})  # empty ping payload
            acts.append({"kind": "ping", "by": "client", "data": b"cli-ping-2".hex()})
    acts.append({"kind": "ping", "by": "client", "data": b"cli-ping-last".hex()})
    acts.append({"kind": "close", "by": "client", "code": 1000, "reason": "alice leaves the table"})
    return acts


def factories(sc):
    from websockets.extensions.permessage_deflate import (
        ClientPerMessageDeflateFactory, ServerPerMessageDeflateFactory)
    if sc == "deflate-no-takeover":
        kw = dict(server_no_context_takeover=True, client_no_context_takeover=True,
                  server_max_window_bits=10, client_max_window_bits=10)
        return ({"extensions": [ServerPerMessageDeflateFactory(**kw)], "compression": None},
                {"extensions": [ClientPerMessageDeflateFactory(**kw)], "compression": None})
    if sc in ("deflate", "deflate-fragmented"):
        return {"compression": "deflate"}, {"compression": "deflate"}  # the library's defaults
    return {"compression": None}, {"compression": None}


async def drive(sc, acts):
    from websockets.asyncio.client import connect
    from websockets.asyncio.server import serve
    from websockets.exceptions import ConnectionClosedOK

    done = [asyncio.Event() for _ in acts]
    srv_conn = asyncio.get_running_loop().create_future()
    failure = asyncio.get_running_loop().create_future()
    info = {"pongs_received": {"server": 0, "client": 0}}

    async def ping(ws, who, data):
        waiter = await ws.ping(data)
        await waiter
        info["pongs_received"][who] += 1

    async def walk(ws, me):
        for k, a in enumerate(acts):
            if k:
                await done[k - 1].wait()
            if a["kind"] == "msg":
                sender = "client" if a["dir"] == "c2s" else "server"
                if sender == me:
                    if "chunks" in a:
                        await ws.send(fragments(a) if me == "client"
                                      else [bytes.fromhex(c) for c in a["chunks"]])
                    else:
                        await ws.send(bytes.fromhex(a["hex"]))
                else:
                    got = await ws.recv()
                    assert isinstance(got, bytes) and got.hex() == a["hex"], (k, a, got)
                    done[k].set()
            elif a["kind"] == "ping":
                if a["by"] == me:
                    await ping(ws, me, bytes.fromhex(a["data"]))
                    done[k].set()
            elif a["kind"] == "close":
                if a["by"] == me:
                    await ws.close(a["code"], a["reason"])
                    await ws.wait_closed()
                else:
                    try:
                        got = await ws.recv()
                        raise AssertionError(f"unexpected message after close: {got!r}")
                    except ConnectionClosedOK as e:
                        info[f"close_rcvd_by_{me}"] = {"code": e.rcvd.code, "reason": e.rcvd.reason}
                        info[f"close_sent_by_{me}"] = {"code": e.sent.code, "reason": e.sent.reason}
                    await ws.wait_closed()
                done[k].set()

    async def fragments(a):
        """The client's fragmented message: an async iterator, so that things can happen
        between the fragments (the library sends each chunk as soon as it is yielded)."""
        chunks = [bytes.fromhex(c) for c in a["chunks"]]
        for j, c in enumerate(chunks):
            yield c
            if j < len(a["between"]) and a["between"][j]:
                what = a["between"][j]
                a.setdefault("interleaved", []).append({"after_chunk": j, "what": what})
                if what == "peer_ping":   # the server pings; the client pongs mid-message
                    await ping(await srv_conn, "server", f"mid-{a['type']}-{j}".encode())
                else:                     # the client pings between its own fragments
                    await ping(client_ws, "client", f"own-{a['type']}-{j}".encode())

    async def handler(ws):
        if ws.request.path != RESOURCE:
            await ws.close(1008, "wrong resource")
            return
        info["request_extensions"] = ws.request.headers.get("Sec-WebSocket-Extensions")
        info["response_extensions"] = ws.response.headers.get("Sec-WebSocket-Extensions")
        info["server_extensions"] = [repr(e) for e in ws.protocol.extensions]
        srv_conn.set_result(ws)
        try:
            await walk(ws, "server")
        except BaseException as e:  # make a server-side failure fail the run at once
            if not failure.done():
                failure.set_exception(e)
            raise

    skw, ckw = factories(sc)
    async with serve(handler, HOST, PORT, **skw) as server:
        async with connect(f"ws://{HOST}:{PORT}{RESOURCE}", **ckw) as client_ws:
            info["client_response_extensions"] = client_ws.response.headers.get(
                "Sec-WebSocket-Extensions")
            info["client_extensions"] = [repr(e) for e in client_ws.protocol.extensions]
            client = asyncio.ensure_future(walk(client_ws, "client"))
            await asyncio.wait([client, failure], return_when=asyncio.FIRST_COMPLETED)
            if failure.done():
                client.cancel()
                failure.result()
            await client
        await asyncio.wait_for(done[-1].wait(), 10)
        server.close()
    return info


def write_truth(sc, acts, info):
    import websockets
    msgs, counts = [], {"messages": {"c2s": 0, "s2c": 0}, "fragmented_messages": {"c2s": 0, "s2c": 0},
                        "data_frames": {"c2s": 0, "s2c": 0}, "pings": {"c2s": 0, "s2c": 0},
                        "pongs": {"c2s": 0, "s2c": 0}, "closes": {"c2s": 0, "s2c": 0}}
    for a in acts:
        if a["kind"] == "msg":
            m = {"dir": a["dir"], "type": a["type"], "len": len(a["hex"]) // 2, "hex": a["hex"]}
            counts["messages"][a["dir"]] += 1
            if "chunks" in a:
                # websockets always ends a fragmented message with an empty FIN continuation
                # frame after the chunks it was given: frames on the wire = chunks + 1.
                m["fragments"] = len(a["chunks"]) + 1
                m["fragment_lens"] = [len(c) // 2 for c in a["chunks"]] + [0]
                if a.get("interleaved"):
                    m["interleaved"] = a["interleaved"]
                counts["fragmented_messages"][a["dir"]] += 1
                counts["data_frames"][a["dir"]] += m["fragments"]
                for it in a.get("interleaved", []):
                    ping_dir = "s2c" if it["what"] == "peer_ping" else "c2s"
                    pong_dir = "c2s" if ping_dir == "s2c" else "s2c"
                    counts["pings"][ping_dir] += 1
                    counts["pongs"][pong_dir] += 1
            else:
                counts["data_frames"][a["dir"]] += 1
            msgs.append(m)
        elif a["kind"] == "ping":
            ping_dir = "s2c" if a["by"] == "server" else "c2s"
            counts["pings"][ping_dir] += 1
            counts["pongs"]["c2s" if ping_dir == "s2c" else "s2c"] += 1
        elif a["kind"] == "close":
            counts["closes"] = {"c2s": 1, "s2c": 1}  # the closer's frame and the echo
    with open(os.path.join(OUT, f"{sc}.messages.jsonl"), "w") as f:
        for m in msgs:
            f.write(json.dumps(m) + "\n")
    meta = {
        "capture": f"{sc}.pcap",
        "library": f"websockets {websockets.__version__} (Python {sys.version.split()[0]}), "
                   "asyncio implementation, both ends",
        "server": f"{HOST}:{PORT}", "resource": RESOURCE,
        "source": "../pokerth1/duo.messages.jsonl, conn == alice, file order",
        "request_extensions_header": info.get("request_extensions"),
        "response_extensions_header": info.get("response_extensions"),
        "client_saw_extensions_header": info.get("client_response_extensions"),
        "server_extension": info.get("server_extensions"),
        "client_extension": info.get("client_extensions"),
        "counts": counts,
        "pongs_received": info["pongs_received"],
        "close": {"by": "client", "code": acts[-1]["code"], "reason": acts[-1]["reason"],
                  "server_received": info.get("close_rcvd_by_server"),
                  "server_echoed": info.get("close_sent_by_server")},
        "pings": [{"dir": "s2c" if a["by"] == "server" else "c2s", "data_hex": a["data"]}
                  for a in acts if a["kind"] == "ping"],
    }
    with open(os.path.join(OUT, f"{sc}.json"), "w") as f:
        json.dump(meta, f, indent=2)
        f.write("\n")
    return meta


def capture(sc, steps):
    pcap = os.path.join(OUT, f"{sc}.pcap")
    log = f"/tmp/ws-tcpdump-{sc}.log"
    with open(log, "w") as lf:
        td = subprocess.Popen(["tcpdump", "-i", "lo", "-B", "32768", "-U", "-w", pcap, f"tcp port {PORT}"],
                              stdout=subprocess.DEVNULL, stderr=lf)
    for _ in range(100):
        if "listening" in open(log).read():
            break
        time.sleep(0.1)
    else:
        td.kill()
        sys.exit(f"{sc}: tcpdump did not start: {open(log).read()}")
    acts = plan(sc, steps)
    try:
        info = asyncio.run(asyncio.wait_for(drive(sc, acts), 60))
    finally:
        time.sleep(2)  # tcpdump hands blocks of packets over after a timeout (about 1 s)
        td.send_signal(signal.SIGINT)
        try:
            td.wait(10)
        except subprocess.TimeoutExpired:
            td.kill()
            td.wait()
    text = open(log).read()
    os.unlink(log)
    os.chown(pcap, 0, 0)  # tcpdump created it after dropping to its own user
    print(text.strip())
    dropped = re.search(r"(\d+) packets? dropped by kernel", text)
    if not dropped or dropped.group(1) != "0":
        sys.exit(f"{sc}: tcpdump dropped packets (or did not say): {text}")
    meta = write_truth(sc, acts, info)
    m = re.search(r"(\d+) packets? captured", text)
    meta["tcpdump"] = {"packets_captured": int(m.group(1)) if m else None, "dropped_by_kernel": 0}
    with open(os.path.join(OUT, f"{sc}.json"), "w") as f:
        json.dump(meta, f, indent=2)
        f.write("\n")
    print(f"== {sc}: {os.path.getsize(pcap)} bytes, extensions: {meta['response_extensions_header']}"
          f", counts: {json.dumps(meta['counts'])}")


# ---------------------------------------------------------------------------------------------
# Verification: (1) tshark's own WebSocket dissector (with its permessage-deflate inflation),
# (2) an independent decoder here (TCP payloads from tshark, frames parsed and inflated with zlib).

def tshark_frames(pcap):
    """WebSocket frames as tshark dissects them, in capture order."""
    import xml.etree.ElementTree as ET
    pdml = subprocess.run(["tshark", "-r", pcap, "-d", f"tcp.port=={PORT},http", "-Y", "websocket",
                           "-T", "pdml"], capture_output=True, check=True).stdout
    frames = []
    for pkt in ET.fromstring(pdml).iter("packet"):
        srcport = None
        for proto in pkt:
            fields = {f.get("name"): f for f in proto.iter("field")}
            if proto.get("name") == "tcp":
                srcport = int(fields["tcp.srcport"].get("show"))
            elif proto.get("name") == "websocket":
                fr = {"dir": "s2c" if srcport == PORT else "c2s"}
                for k in ("fin", "pmc", "opcode", "payload_length", "payload.close.status_code",
                          "payload.close.reason", "payload.ping", "payload.pong"):
                    if "websocket." + k in fields:
                        fr[k] = fields["websocket." + k].get("show")
                if any(n.startswith("_ws.expert") and "ecompress" in (f.get("showname") or "")
                       for n, f in fields.items()):
                    fr["decompression_failed"] = True
                frames.append(fr)
            elif frames:  # the payload tshark shows after the frame header
                if "websocket.fragment.count" in fields:
                    frames[-1]["reassembled"] = True
                for name in ("data.data", "websocket.payload.continue"):
                    if name in fields:
                        frames[-1]["data"] = fields[name].get("value")
    return frames


def own_frames(pcap, meta):
    """WebSocket frames decoded here from the TCP payloads (loopback: no loss, no reordering)."""
    import zlib
    out = subprocess.run(["tshark", "-r", pcap, "-T", "fields", "-e", "tcp.srcport", "-e",
                          "tcp.payload"], capture_output=True, text=True, check=True).stdout
    streams = {"c2s": b"", "s2c": b""}
    for line in out.splitlines():
        port, _, hexdata = line.partition("\t")
        streams["s2c" if int(port) == PORT else "c2s"] += bytes.fromhex(hexdata.replace(":", ""))
    ext = meta["response_extensions_header"] or ""
    params = {p.split("=")[0].strip(): p.split("=")[1] if "=" in p else True
              for p in ext.split(";")[1:]}
    msgs = []
    for d, data in streams.items():
        pos = data.index(b"\r\n\r\n") + 4  # after the HTTP upgrade request / 101 response
        who = "server" if d == "s2c" else "client"
        wbits = int(params.get(f"{who}_max_window_bits", 15))
        no_takeover = f"{who}_no_context_takeover" in params
        inflater = zlib.decompressobj(-wbits)
        cur = None
        while pos < len(data):
            b0, b1 = data[pos], data[pos + 1]
            fin, rsv1, op, masked, n = b0 >> 7, (b0 >> 6) & 1, b0 & 15, b1 >> 7, b1 & 127
            pos += 2
            if n == 126:
                n, pos = int.from_bytes(data[pos:pos + 2], "big"), pos + 2
            elif n == 127:
                n, pos = int.from_bytes(data[pos:pos + 8], "big"), pos + 8
            key = data[pos:pos + 4] if masked else b"\0\0\0\0"
            pos += 4 if masked else 0
            payload = bytes(x ^ key[i % 4] for i, x in enumerate(data[pos:pos + n]))
            pos += n
            assert masked == (d == "c2s"), "client frames masked, server frames not"
            if op in (1, 2):
                cur = {"dir": d, "frames": 1, "rsv1": rsv1, "raw": payload}
            elif op == 0:
                cur["frames"] += 1
                cur["raw"] += payload
            else:
                msgs.append({"dir": d, "control": op, "payload": payload.hex()})
                continue
            if fin:
                if cur["rsv1"]:
                    if no_takeover:
                        inflater = zlib.decompressobj(-wbits)
                    cur["hex"] = inflater.decompress(cur["raw"] + b"\0\0\xff\xff").hex()
                else:
                    cur["hex"] = cur["raw"].hex()
                msgs.append(cur)
                cur = None
    return msgs


def verify(sc):
    pcap = os.path.join(OUT, f"{sc}.pcap")
    meta = json.load(open(os.path.join(OUT, f"{sc}.json")))
    truth = [json.loads(l) for l in open(os.path.join(OUT, f"{sc}.messages.jsonl"))]
    compressed = bool(meta["response_extensions_header"])
    problems, notes = [], []
    # (1) tshark
    frames = tshark_frames(pcap)
    tmsgs, cur = [], None
    ops = {}
    for fr in frames:
        op = int(fr["opcode"])
        ops[(fr["dir"], op)] = ops.get((fr["dir"], op), 0) + 1
        if op in (1, 2):
            cur = {"dir": fr["dir"], "frames": 1, "pmc": fr.get("pmc") == "1", "parts": [],
                   "first_len": int(fr["payload_length"])}
        elif op == 0:
            cur["frames"] += 1
        else:
            continue
        cur["parts"].append(fr.get("data") or "")
        if fr.get("pmc") == "1" and op == 0:
            problems.append("tshark: RSV1 on a continuation frame")
        if fr["fin"] == "1":
            # tshark 4.0 reassembles some fragmented messages (then the last frame carries the
            # whole payload) and shows others frame by frame (then the parts are joined here)
            cur["data"] = fr.get("data") if fr.get("reassembled") else "".join(cur["parts"])
            del cur["parts"]
            tmsgs.append(cur)
            cur = None
    if len(tmsgs) != len(truth):
        problems.append(f"tshark: {len(tmsgs)} data messages, truth {len(truth)}")
    inflated_ok = frag_compressed = first_hidden = not_inflated = 0
    for t, m in zip(tmsgs, truth):
        if t["dir"] != m["dir"] or t["frames"] != m.get("fragments", 1) or t["pmc"] != compressed:
            problems.append(f"tshark: {t} vs {m['dir']} {m['type']} {m.get('fragments', 1)}")
        elif t["data"] == m["hex"]:
            inflated_ok += 1
        elif compressed and t["frames"] > 1:
            frag_compressed += 1  # tshark shows the reassembled message still compressed
        elif (t["frames"] > 1 and m["hex"].endswith(t["data"])
              and len(m["hex"]) - len(t["data"]) == 2 * t["first_len"]):
            first_hidden += 1  # tshark 4.0 shows no bytes for an uncompressed first fragment
        elif compressed and frag_compressed:
            # tshark 4.0 never inflated the fragmented compressed message before this one, so
            # its inflater's context (takeover) is wrong from then on: it shows an empty payload
            not_inflated += 1
        else:
            problems.append(f"tshark: payload {t['data']} != {m['hex']} ({m['type']})")
    c = meta["counts"]
    for name, op in (("pings", 9), ("pongs", 10), ("closes", 8)):
        for d in ("c2s", "s2c"):
            if ops.get((d, op), 0) != c[name][d]:
                problems.append(f"tshark: {ops.get((d, op), 0)} {name} {d}, truth {c[name][d]}")
    for d in ("c2s", "s2c"):
        if sum(ops.get((d, op), 0) for op in (0, 1, 2)) != c["data_frames"][d]:
            problems.append(f"tshark: data frames {d} differ from truth")
    closes = [(f["dir"], f.get("payload.close.status_code"), f.get("payload.close.reason"))
              for f in frames if f["opcode"] == "8"]
    notes.append(f"tshark: {len(frames)} WebSocket frames, {len(tmsgs)} data messages "
                 f"(c2s {sum(t['dir'] == 'c2s' for t in tmsgs)}, s2c {sum(t['dir'] == 's2c' for t in tmsgs)}), "
                 f"rsv1 set on {sum(t['pmc'] for t in tmsgs)}, payload == truth for {inflated_ok}"
                 + (f", {frag_compressed} fragmented compressed messages left compressed by tshark"
                    if frag_compressed else "")
                 + (f", {first_hidden} fragmented messages not reassembled by tshark (it shows "
                    "the continuation payloads, which match, but no bytes for the first fragment)"
                    if first_hidden else "")
                 + (f", {not_inflated} later compressed messages tshark failed to inflate (its "
                    "context is broken after the fragmented ones)" if not_inflated else "")
                 + f"; opcodes {dict(sorted((f'{d}:{o}', n) for (d, o), n in ops.items()))}; closes {closes}")
    # (2) own decoder
    own = own_frames(pcap, meta)
    data = [m for m in own if "control" not in m]
    # own_frames() returns each direction's messages in turn: compare per direction
    truth_by_dir = [m for d in ("c2s", "s2c") for m in truth if m["dir"] == d]
    ok = sum(a["dir"] == b["dir"] and a["hex"] == b["hex"] and a["frames"] == b.get("fragments", 1)
             and bool(a["rsv1"]) == compressed for a, b in zip(data, truth_by_dir))
    if ok != len(truth) or len(data) != len(truth):
        problems.append(f"own decoder: {ok} of {len(truth)} messages match ({len(data)} decoded)")
    wire = sum(len(m["raw"]) for m in data)
    plain = sum(len(m["hex"]) // 2 for m in data)
    notes.append(f"own decoder: {ok}/{len(truth)} messages == truth (per-direction order, fragments, "
                 f"rsv1, inflated payload); data payload bytes on the wire {wire}, uncompressed {plain}")
    notes.append(f"pcap size {os.path.getsize(pcap)} bytes")
    for n in notes:
        print(f"   {sc}: {n}")
    if os.path.getsize(pcap) >= 300_000:
        problems.append("pcap too large")
    if problems:
        sys.exit(f"{sc}: VERIFY FAILED:\n  " + "\n  ".join(problems))
    print(f"   {sc}: verified")


def phase2(args):
    subprocess.run(["ip", "link", "set", "lo", "up"], check=True)
    steps = load_steps()
    for sc in args or SCENARIOS:
        if sc not in SCENARIOS:
            sys.exit(f"unknown scenario {sc}; known: {' '.join(SCENARIOS)}")
        capture(sc, steps)
        verify(sc)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--verify"]:   # check existing captures only: make_deflate.py --verify [SC...]
        for sc in sys.argv[2:] or SCENARIOS:
            verify(sc)
    elif os.environ.get("WSD_IN_NETNS"):
        phase2(sys.argv[1:])
    else:
        phase1(sys.argv[1:])
