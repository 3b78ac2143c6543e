"""session.json: a client's session with the server: SignIn, Acknowledgement and Refusal bodies."""

import base64
import json

from model import CHANNEL, GROUP, PEER, NonCanonical, Reject, Valid, envelope, uid
from wire import f_len, f_str, f_varint

KIND = "session"

SIGN_IN = "rtmwire.v1.SignIn"
ACK = "rtmwire.v1.Acknowledgement"
REFUSAL = "rtmwire.v1.Refusal"
STORED = "1732147200456"  # 333 ms after the vectors' send time
EPOCH = "e-2024-11-21"


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def jwt(sub: str) -> str:
    """A JWT-shaped token (header.payload.signature, base64url): the codec checks only that it
    is there and its size; the signature is a stand-in."""
    header = _b64url(json.dumps({"alg": "HS256", "typ": "JWT"}, separators=(",", ":")).encode())
    claims = {"sub": sub, "exp": 1732150800}
    payload = _b64url(json.dumps(claims, separators=(",", ":")).encode())
    return "%s.%s.%s" % (header, payload, _b64url(bytes(range(32))))


def exact_token(size: int) -> str:
    """A JWT-shaped token of exactly `size` bytes (the signature part stretched to fit)."""
    head = jwt("alice").rsplit(".", 1)[0]
    return head + "." + ("A" * (size - len(head) - 1))


def build(ctx):
    out = []
    add = out.append

    def env(name, field, value, **kw):
        kw.setdefault("conversation", (PEER, "alice"))
        return envelope(name, field, value, **kw)

    def header(name, **kw):
        kw.setdefault("conversation", (PEER, "alice"))
        return ctx.enc(envelope(name, None, **kw))

    # Sign-in.
    add(Valid("session-sign-in", "The first envelope of a TCP connection: alice signs in with a "
              "signed JWT (sub alice); the conversation is her own peer conversation.",
              env("session-sign-in", "signIn", {"token": jwt("alice")})))
    add(Valid("session-sign-in-token-at-limit", "A token of exactly 8,192 bytes (maxTokenBytes).",
              env("session-sign-in-token-at-limit", "signIn", {"token": exact_token(8192)})))
    add(Valid("session-sign-in-inner-type", "A bare SignIn.", {"token": jwt("bob")},
              type=SIGN_IN))

    # Acknowledgements.
    add(Valid("session-ack-stored", "The server stored alice's message as position 42 of the "
              "channel's history in its current epoch, and tells her alone.",
              env("session-ack-stored", "acknowledgement",
                  {"messageId": uid("text-typical"), "position": "42", "epoch": EPOCH,
                   "storedTimeMs": STORED},
                  sender={"userId": "server"}, conversation=(CHANNEL, "general"))))
    add(Valid("session-ack-taken-not-kept", "A sign-in taken (position 0: not kept in history, "
              "no epoch, not stored).",
              env("session-ack-taken-not-kept", "acknowledgement",
                  {"messageId": uid("session-sign-in")}, sender={"userId": "server"})))
    add(Valid("session-ack-position-max", "position = 2^64-1, the largest uint64: a 10-byte "
              "varint, a string in JSON.",
              env("session-ack-position-max", "acknowledgement",
                  {"messageId": "m-1", "position": str((1 << 64) - 1), "epoch": EPOCH,
                   "storedTimeMs": STORED}, sender={"userId": "server"},
                  conversation=(GROUP, "team"))))
    add(Valid("session-ack-inner-type", "A bare Acknowledgement.",
              {"messageId": "m-1", "position": "1", "epoch": "e1", "storedTimeMs": "1"},
              type=ACK))

    # Refusals: every code once.
    codes = ["UNAUTHENTICATED", "TOKEN_INVALID", "TOKEN_EXPIRED", "WRONG_AUDIENCE",
             "SENDER_MISMATCH", "FORBIDDEN", "INVALID_ENVELOPE", "STORAGE_UNAVAILABLE",
             "NOT_FOUND", "UNAVAILABLE"]
    for code in codes:
        name = "session-refusal-" + code.lower().replace("_", "-")
        connection = code in ("UNAUTHENTICATED", "TOKEN_INVALID", "TOKEN_EXPIRED",
                              "WRONG_AUDIENCE")
        value = {"code": "REFUSAL_CODE_" + code}
        if not connection:
            value["messageId"] = uid(name + "-refused")
        if code == "INVALID_ENVELOPE":
            value["detail"] = "missingField at message_id: required and empty"
        elif code == "TOKEN_EXPIRED":
            value["detail"] = "exp 1732150800 has passed"
        add(Valid(name, "A refusal with code %s%s." % (
            code, ", of the connection (no message id)" if connection else ", of one envelope"),
            env(name, "refusal", value, sender={"userId": "server"})))
    add(Valid("session-refusal-inner-type", "A bare Refusal.",
              {"messageId": "m-1", "code": "REFUSAL_CODE_FORBIDDEN", "detail": "not a member"},
              type=REFUSAL))

    name = "session-refusal-code-unknown-enum"
    add(NonCanonical(name, "code = 99, not defined in v1 (open enum: kept as 99 and accepted), "
                     "written before the message id.",
                     header(name, sender={"userId": "server"})
                     + f_len(35, f_varint(2, 99) + f_str(1, "m-1")),
                     topic="enum-unknown"))
    name = "session-ack-fields-reordered"
    add(NonCanonical(name, "stored_time_ms, epoch, position, message_id in reverse order.",
                     header(name, sender={"userId": "server"})
                     + f_len(34, f_varint(4, 5) + f_str(3, "e1") + f_varint(2, 7)
                             + f_str(1, "m-1"))))

    name = "session-sign-in-invalid-utf8-token"
    add(Reject(name, "The token holds C0 AF (an overlong encoding of '/').", "invalidUTF8",
               "wire", hex=header(name) + f_len(33, f_len(1, b"eyJ\xc0\xaf"))))

    def sem(name, description, error, field, value, limit=None, **kw):
        add(Reject(name, description, error, "semantic", json=env(name, field, value, **kw),
                   limit=limit))

    sem("session-sign-in-empty-token", "A sign-in without a token.", "missingField", "signIn", {})
    sem("session-sign-in-token-over-limit", "A token of 8,193 bytes: one over maxTokenBytes.",
        "limitExceeded", "signIn", {"token": exact_token(8193)}, limit="maxTokenBytes")
    sem("session-ack-empty-message-id", "An acknowledgement that names no envelope.",
        "missingField", "acknowledgement", {"position": "1", "epoch": EPOCH,
                                             "storedTimeMs": STORED},
        sender={"userId": "server"})
    sem("session-ack-stored-time-negative", "stored_time_ms = -1: a negative time is invalid.",
        "invalidValue", "acknowledgement", {"messageId": "m-1", "storedTimeMs": "-1"},
        sender={"userId": "server"})
    sem("session-refusal-code-unspecified", "A refusal that does not say why.", "invalidValue",
        "refusal", {"messageId": "m-1", "detail": "no"}, sender={"userId": "server"})
    return out
