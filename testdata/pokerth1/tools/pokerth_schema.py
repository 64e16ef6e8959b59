"""PokerTH 1.x message classes built at run time from the facts in
shared/protocols/pokerth-1.x/schema.json (no .proto file needed).

Copied from shared/tools/pokerth-server/pokerth_schema.py; only the path to schema.json differs:
this copy lives in <repo>/testdata/pokerth1/tools/, with `shared` beside the repository
(/work/main and /work/shared, the same in CI). POKERTH_SCHEMA overrides the path.

Use it as a generated protobuf module:  import pokerth_schema as pb
  pb.PokerTHMessage, pb.InitMessage, ...   message classes (top level)
  pb.netGameCreated, pb.netActionFold ...  values of the top-level enumerations
Nested types are attributes of their parent class, as protoc makes them.
"""
import json
import os

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

_HERE = os.path.dirname(os.path.abspath(__file__))
SCHEMA = os.environ.get('POKERTH_SCHEMA') or os.path.normpath(os.path.join(
    _HERE, '..', '..', '..', '..', 'shared', 'protocols', 'pokerth-1.x', 'schema.json'))

_SCALARS = {
    'double': 1, 'float': 2, 'int64': 3, 'uint64': 4, 'int32': 5, 'fixed64': 6, 'fixed32': 7,
    'bool': 8, 'string': 9, 'bytes': 12, 'uint32': 13, 'sfixed32': 15, 'sfixed64': 16,
    'sint32': 17, 'sint64': 18,
}
_LABELS = {'optional': 1, 'required': 2, 'repeated': 3}


def _file_descriptor(schema):
    fd = descriptor_pb2.FileDescriptorProto(name='pokerth_schema.proto', syntax='proto2')
    enums = {e['name'] for e in schema['enums']}
    protos = {}

    def container(full):  # the DescriptorProto a nested name belongs in, or the file
        parent = full.rpartition('.')[0]
        return protos[parent] if parent else fd

    for m in sorted(schema['messages'], key=lambda m: m['name'].count('.')):
        short = m['name'].rpartition('.')[2]
        p = container(m['name']).nested_type.add(name=short) if '.' in m['name'] else fd.message_type.add(name=short)
        protos[m['name']] = p
    for e in schema['enums']:
        short = e['name'].rpartition('.')[2]
        parent = container(e['name']) if '.' in e['name'] else fd
        ep = parent.enum_type.add(name=short)
        for name, number in e['values']:
            ep.value.add(name=name, number=number)
    for m in schema['messages']:
        p = protos[m['name']]
        for f in m['fields']:
            fp = p.field.add(name=f['name'], number=f['number'], label=_LABELS[f['label']])
            t = f['type']
            if t in _SCALARS:
                fp.type = _SCALARS[t]
            else:
                fp.type = 14 if t in enums else 11
                fp.type_name = '.' + t
            if f.get('packed'):
                fp.options.packed = True
            if 'default' in f:
                fp.default_value = f['default']
    return fd


def _load():
    schema = json.load(open(SCHEMA, encoding='utf-8'))
    pool = descriptor_pool.DescriptorPool()
    fdesc = pool.Add(_file_descriptor(schema)) and pool.FindFileByName('pokerth_schema.proto')
    names = {}
    for name, d in fdesc.message_types_by_name.items():
        names[name] = message_factory.GetMessageClass(d)
    for e in fdesc.enum_types_by_name.values():
        for v in e.values:
            names[v.name] = v.number
    return names


globals().update(_load())
