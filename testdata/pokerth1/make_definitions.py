#!/usr/bin/env python3
"""Writes src/protocols/pokerth1/messages/definitions.rs: the PokerTH 1.x wire facts
(every message, field number, label, type, enumeration) as Rust tables, from
../shared/protocols/pokerth-1.x/schema.json (the facts, collected for interoperability).

PokerTH's own .proto file is AGPL-3.0: nothing of it, or generated from it, enters this
repository. These tables are written from schema.json alone.

usage: testdata/pokerth1/make_definitions.py [SCHEMA_JSON]   (from the repository's top)
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
schema_path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
    TOP, "..", "shared", "protocols", "pokerth-1.x", "schema.json")
s = json.load(open(schema_path))

SCALARS = {"uint32": "U32", "uint64": "U64", "int32": "I32", "int64": "I64", "bool": "Bool",
           "string": "Str", "bytes": "Bytes", "sint32": "S32", "sint64": "S64",
           "fixed32": "F32", "fixed64": "F64", "sfixed32": "SF32", "sfixed64": "SF64",
           "float": "Float", "double": "Double"}
enum_names = {e["name"] for e in s["enums"]}
msg_names = {m["name"] for m in s["messages"]}


def snake(name):
    """camelCase -> snake_case; a run of capitals is one word (serverTypeLAN -> server_type_lan)."""
    out = []
    for i, c in enumerate(name):
        if c.isupper():
            prev = name[i - 1] if i else ""
            nxt = name[i + 1] if i + 1 < len(name) else ""
            if i and (prev.islower() or prev.isdigit() or (prev.isupper() and nxt.islower())):
                out.append("_")
            out.append(c.lower())
        else:
            out.append(c)
    return "".join(out)


def ty(t):
    if t in SCALARS:
        return f"Ty::{SCALARS[t]}"
    if t in enum_names:
        return f'Ty::Enum("{t}")'
    if t in msg_names:
        return f'Ty::Message("{t}")'
    raise SystemExit(f"unknown type {t}")


# Record keys that differ from snake(name): a key must keep one JSON type
# across every message type (`player_id` is a number everywhere else).
RENAMED = {("PlayerInfoRequestMessage", "playerId"): "player_ids"}


def key(message, field):
    return RENAMED.get((message, field), snake(field))


LABEL = {"required": "Required", "optional": "Optional", "repeated": "Repeated"}
out = [
    "//! The PokerTH 1.x wire facts (network protocol 5.1): every message, its fields",
    "//! (number, name, label, type) and every enumeration, as tables.",
    "//!",
    "//! Written by `testdata/pokerth1/make_definitions.py` from",
    "//! `shared/protocols/pokerth-1.x/schema.json` (wire facts collected for",
    "//! interoperability). PokerTH's own `.proto` is AGPL-3.0: nothing of it, or",
    "//! generated from it, is here. Do not edit by hand: change the script.",
    "",
    "use super::shape::{EnumDef, FieldDef, Label, MessageDef, Ty};",
    "",
    "/// Every message type, nested ones as `Parent.Child`.",
    "#[rustfmt::skip]",
    "pub const MESSAGES: &[MessageDef] = &[",
]
for m in s["messages"]:
    out.append("    MessageDef {")
    out.append(f'        name: "{m["name"]}",')
    out.append("        fields: &[")
    for f in m["fields"]:
        d = f.get("default")
        d = f'Some("{d}")' if d is not None else "None"
        out.append(
            f'            FieldDef {{ number: {f["number"]}, name: "{f["name"]}", json: "{key(m["name"], f["name"])}", '
            f'label: Label::{LABEL[f["label"]]}, ty: {ty(f["type"])}, packed: {str(bool(f.get("packed"))).lower()}, default: {d} }},')
    out.append("        ],")
    out.append("    },")
out.append("];")
out.append("")
out.append("/// Every enumeration: its values' names as on the wire and in records.")
out.append("#[rustfmt::skip]")
out.append("pub const ENUMS: &[EnumDef] = &[")
for e in s["enums"]:
    out.append("    EnumDef {")
    out.append(f'        name: "{e["name"]}",')
    vals = ", ".join(f'("{n}", "{snake(n)}", {v})' for n, v in e["values"])
    out.append(f"        values: &[{vals}],")
    out.append("    },")
out.append("];")
dst = os.path.join(TOP, "src", "protocols", "pokerth1", "messages", "definitions.rs")
open(dst, "w").write("\n".join(out) + "\n")
print(f"wrote {dst}: {len(s['messages'])} messages, {len(s['enums'])} enumerations")
