"""status.json: StatusMessage bodies (presence and the raised hand)."""

from model import NonCanonical, Reject, Valid, envelope
from wire import f_fixed32, f_len, f_varint

KIND = "status"

STATUS = "rtmwire.v1.StatusMessage"


def build(ctx):
    out = []
    add = out.append

    def env(name, value, **kw):
        return envelope(name, "status", value, **kw)

    def header(name, **kw):
        return ctx.enc(envelope(name, None, **kw))

    add(Valid("status-online", "A member comes online (hand not raised).",
              env("status-online", {"presence": "PRESENCE_ONLINE"})))
    add(Valid("status-online-hand-raised", "An online member raises a hand.",
              env("status-online-hand-raised", {"presence": "PRESENCE_ONLINE",
                                                "handRaised": True})))
    add(Valid("status-offline", "A member leaves the channel.",
              env("status-offline", {"presence": "PRESENCE_OFFLINE"}, send_time=None)))
    add(Valid("status-member-left-reported-by-server", "The server reports that member jimin "
              "left the channel (memberLeft): offline, with the member's id; the envelope is the "
              "server's.",
              env("status-member-left-reported-by-server",
                  {"presence": "PRESENCE_OFFLINE", "memberUserId": "jimin"},
                  sender={"userId": "rtm-server"})))
    add(Valid("status-inner-type", "A bare StatusMessage: offline, hand raised.",
              {"presence": "PRESENCE_OFFLINE", "handRaised": True}, type=STATUS))

    name = "status-bool-as-two"
    add(NonCanonical(name, "hand_raised written as varint 2: true; re-encoded as 1.",
                     header(name) + f_len(19, f_varint(1, 1) + f_varint(2, 2))))
    name = "status-presence-unknown-enum"
    add(NonCanonical(name, "presence = 99, not defined in v1: kept as the number 99 (open "
                     "enum; JSON shows 99). Not UNSPECIFIED, so semantic validation accepts it. "
                     "Written after hand_raised.",
                     header(name) + f_len(19, f_varint(2, 1) + f_varint(1, 99)),
                     topic="enum-unknown"))
    name = "status-presence-overlong"
    add(NonCanonical(name, "presence = 2 written as a 5-byte varint.",
                     header(name) + f_len(19, f_varint(1, 2, width=5))))
    name = "status-presence-35-bits"
    add(NonCanonical(name, "presence written as ff ff ff ff 7f, a value of 35 bits: an enum is "
                     "32 bits, so the value is its low 32 bits, 0xffffffff, that is -1 (open "
                     "enum), re-encoded sign-extended in 10 bytes (found by rtmwire conformance "
                     "fuzz).",
                     header(name) + f_len(19, f_varint(1, (1 << 35) - 1)),
                     topic="enum-above-32-bits"))
    name = "status-presence-minus-one-in-5-bytes"
    add(NonCanonical(name, "presence = -1 written as its 32-bit pattern in 5 bytes (ff ff ff ff "
                     "0f): read as -1, re-encoded sign-extended in 10 bytes (found by rtmwire "
                     "conformance fuzz).",
                     header(name) + f_len(19, f_varint(1, (1 << 32) - 1)),
                     topic="enum-above-32-bits"))
    add(Valid("status-presence-negative", "presence = -2, a negative value of the open enum: "
              "kept as the number -2 (JSON shows -2) and written sign-extended in 10 bytes, as "
              "proto3 writes every negative enum (found by rtmwire conformance fuzz, in a "
              "conversation's type).",
              env("status-presence-negative", {"presence": -2}), topic="enum-negative"))
    name = "status-hand-raised-wrong-wire-type"
    add(NonCanonical(name, "hand_raised (a bool, varint) arrives as fixed32 01 00 00 00. Google "
                     "keeps it as an unknown field, so hand_raised stays false. protobuf-c 1.4.1 "
                     "does not check the wire type of bool fields: it reads the 4 bytes as true "
                     "and re-packs hand_raised = true (10 01).",
                     header(name) + f_len(19, f_fixed32(2, 1) + f_varint(1, 1)),
                     topic="bool-wrong-wire-type"))
    name = "status-presence-wrong-wire-type"
    add(NonCanonical(name, "presence (an enum, varint) arrives as fixed32 63 00 00 00 before a "
                     "valid presence: an unknown field for Google (presence stays ONLINE); "
                     "protobuf-c fails the unpack (enum fields check the wire type).",
                     header(name) + f_len(19, f_fixed32(1, 99) + f_varint(1, 1)),
                     topic="wrong-wire-type"))

    name = "status-trailing-bytes-in-presence"
    add(Reject(name, "The status body declares 1 byte, 08: presence's tag, whose value is cut "
               "off by the body's end. The envelope's message_id field follows.",
               "trailingBytes", "wire",
               hex=ctx.enc(envelope(name, None, message_id="")) + f_len(19, b"\x08")
               + ctx.enc({"messageId": "id-after-body"})))

    add(Reject("status-presence-unspecified", "A raised hand with presence "
               "PRESENCE_UNSPECIFIED (absent).", "invalidValue", "semantic",
               json=env("status-presence-unspecified", {"handRaised": True})))
    add(Reject("status-empty-body", "An empty status body (9a 01 00): presence is UNSPECIFIED.",
               "invalidValue", "semantic", json=env("status-empty-body", {})))
    return out
