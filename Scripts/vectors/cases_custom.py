"""custom.json: CustomMessage bodies (application type name + opaque payload)."""

import json

from model import GROUP, PEER, NonCanonical, Reject, Valid, b64, envelope, pattern
from wire import LEN, f_fixed64, f_len, f_str, tag, varint

KIND = "custom"

CUSTOM = "rtmwire.v1.CustomMessage"
POLL = json.dumps({"question": "Lunch?", "options": ["pizza", "sushi"]},
                  separators=(",", ":")).encode()


def build(ctx):
    out = []
    add = out.append

    def env(name, value, **kw):
        return envelope(name, "custom", value, **kw)

    def header(name, **kw):
        return ctx.enc(envelope(name, None, **kw))

    add(Valid("custom-typical", "An application message: a poll as JSON bytes.",
              env("custom-typical", {"type": "com.example.poll", "payload": b64(POLL)},
                  conversation=(GROUP, "group-1001"))))
    add(Valid("custom-type-only", "A custom message with an empty payload (only the type).",
              env("custom-type-only", {"type": "com.example.typing"}, conversation=(PEER, "bob"),
                  send_time=None)))
    add(Valid("custom-binary-payload", "A payload of all 256 byte values, 00 to ff.",
              env("custom-binary-payload", {"type": "com.example.blob",
                                            "payload": b64(bytes(range(256)))})))
    add(Valid("custom-payload-at-content-budget", "A payload of exactly 32,768 bytes "
              "(maxContentBytes).",
              env("custom-payload-at-content-budget",
                  {"type": "com.example.big", "payload": b64(pattern(32_768, 1))})))
    add(Valid("custom-unicode-type", "A type name with non-ASCII characters (the type is a "
              "string, UTF-8).",
              env("custom-unicode-type", {"type": "应用.投票.v2 ✓", "payload": b64(b"{}")})))
    add(Valid("custom-inner-type", "A bare CustomMessage.",
              {"type": "t", "payload": b64(b"\x00")}, type=CUSTOM))

    name = "custom-payload-duplicated-last-wins"
    add(NonCanonical(name, "payload occurs twice: the last one replaces the first.",
                     header(name) + f_len(24, f_str(1, "com.example.poll") + f_len(2, b"old")
                                          + f_len(2, POLL))))
    name = "custom-empty-payload-written"
    add(NonCanonical(name, "payload written although empty (12 00): an empty bytes field is the "
                     "default, so it is left out when re-encoded and in JSON (found by rtmwire "
                     "conformance fuzz).",
                     header(name) + f_len(24, f_str(1, "com.example.ping") + f_len(2, b"")),
                     topic="empty-bytes-written"))
    name = "custom-fields-reordered-with-unknown"
    add(NonCanonical(name, "payload before type, and an unknown fixed64 field 3 between them.",
                     header(name) + f_len(24, f_len(2, POLL) + f_fixed64(3, 1)
                                          + f_str(1, "com.example.poll"))))
    add(NonCanonical("custom-inner-padded-payload-length", "A bare CustomMessage whose payload "
                     "length 3 is written as 83 80 80 00.",
                     f_str(1, "t") + tag(2, LEN) + varint(3, width=4) + b"abc", type=CUSTOM))

    add(Reject("custom-inner-truncated-length", "A bare CustomMessage whose payload "
               "length prefix is itself cut off (12 ff).", "truncated", "wire",
               hex=f_str(1, "t") + b"\x12\xff", type=CUSTOM))
    add(Reject("custom-empty-type", "A custom message with a payload but no type.",
               "missingField", "semantic",
               json=env("custom-empty-type", {"payload": b64(POLL)})))
    add(Reject("custom-payload-over-content-budget", "A payload of 32,769 bytes: one over "
               "maxContentBytes.", "limitExceeded", "semantic", limit="maxContentBytes",
               json=env("custom-payload-over-content-budget",
                        {"type": "com.example.big", "payload": b64(pattern(32_769, 1))})))
    return out
