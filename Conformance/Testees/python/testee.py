#!/usr/bin/env python3
"""The Python testee of the RTMWire conformance protocol (Conformance/PROTOCOL.md): Google's
protobuf for Python (the upb backend, pinned in Scripts/requirements.txt) with protoc's code for
Schemas/ (generated/, from Scripts/generate-runtimes) and json_format. RTMWire's semantic rules
are not implemented: validate requests are skipped. Needs no build: Scripts/build-testee python
only prints the command.
"""

import importlib
import pathlib
import struct
import sys

GENERATED = pathlib.Path(__file__).resolve().parent / "generated"
sys.path.insert(0, str(GENERATED))

from google.protobuf import descriptor_pool, json_format, message_factory  # noqa: E402

BINARY, JSON, VALIDATE = 1, 2, 1
OK, PARSE_ERROR, SERIALIZE_ERROR, SKIPPED, RUNTIME_ERROR = range(5)
MAX_BODY = 64 << 20

for module in sorted(GENERATED.rglob("*_pb2.py")):
    importlib.import_module(".".join(module.relative_to(GENERATED).with_suffix("").parts))


def message_class(name: str):
    try:
        return message_factory.GetMessageClass(descriptor_pool.Default().FindMessageTypeByName(name))
    except KeyError:
        return None


def answer(body: bytes):
    if len(body) < 4 or body[3] == 0 or len(body) < 4 + body[3]:
        return RUNTIME_ERROR, b"malformed request"
    source, target, flags = body[0], body[1], body[2]
    if source not in (BINARY, JSON) or target not in (BINARY, JSON) or flags & ~VALIDATE:
        return RUNTIME_ERROR, b"unknown format or flag"
    cls = message_class(body[4:4 + body[3]].decode("ascii", "replace"))
    payload = body[4 + body[3]:]
    if cls is None:
        return RUNTIME_ERROR, b"unknown message type"
    if flags & VALIDATE:
        return SKIPPED, b"RTMWire's semantic rules are not implemented"
    message = cls()
    try:
        if source == BINARY:
            message.ParseFromString(payload)
        else:
            json_format.Parse(payload.decode("utf-8"), message)
    except Exception as error:  # DecodeError, json_format.ParseError, UnicodeDecodeError
        return PARSE_ERROR, str(error).encode("utf-8", "replace")
    try:
        if target == BINARY:
            return OK, message.SerializeToString(deterministic=True)
        return OK, json_format.MessageToJson(message).encode("utf-8")
    except Exception as error:
        return SERIALIZE_ERROR, str(error).encode("utf-8", "replace")


def main():
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    while True:
        header = stdin.read(4)
        if not header:
            return 0
        if len(header) != 4:
            return 2
        (length,) = struct.unpack("<I", header)
        body = stdin.read(length) if length <= MAX_BODY else b""
        if len(body) != length:
            return 2
        status, payload = answer(body)
        stdout.write(struct.pack("<IB", len(payload) + 1, status) + payload)
        stdout.flush()


if __name__ == "__main__":
    sys.exit(main())
