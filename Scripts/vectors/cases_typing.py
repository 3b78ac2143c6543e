"""typing.json: TypingIndicator bodies."""

from model import GROUP, PEER, NonCanonical, Reject, Valid, envelope
from wire import f_len, f_varint

KIND = "typing"

TYPING = "rtmwire.v1.TypingIndicator"
STARTED, STOPPED = "TYPING_STATE_STARTED", "TYPING_STATE_STOPPED"


def build(ctx):
    out = []
    add = out.append

    def env(name, value, **kw):
        kw.setdefault("conversation", (PEER, "bob"))
        return envelope(name, "typing", value, **kw)

    def header(name, **kw):
        return ctx.enc(envelope(name, None, **kw))

    add(Valid("typing-started", "The sender started typing; show it for 5 s without a repeat.",
              env("typing-started", {"state": STARTED, "expiresAfterMs": 5000})))
    add(Valid("typing-started-default-expiry", "Started, with the receiver's default expiry "
              "(0 = not given).", env("typing-started-default-expiry", {"state": STARTED},
                                      conversation=(GROUP, "team"))))
    add(Valid("typing-stopped", "The sender stopped typing.",
              env("typing-stopped", {"state": STOPPED})))
    add(Valid("typing-expiry-at-limit", "expires_after_ms = 60,000 (maxTypingExpiryMs).",
              env("typing-expiry-at-limit", {"state": STARTED, "expiresAfterMs": 60000})))
    add(Valid("typing-inner-type", "A bare TypingIndicator.",
              {"state": STOPPED, "expiresAfterMs": 1}, type=TYPING))

    name = "typing-state-unknown-enum"
    add(NonCanonical(name, "state = 3, not defined in v1 (open enum: kept as 3 and accepted), "
                     "written after the expiry.",
                     header(name) + f_len(29, f_varint(2, 3000) + f_varint(1, 3)),
                     topic="enum-unknown"))

    add(Reject("typing-state-unspecified", "An expiry hint but no state.", "invalidValue",
               "semantic", json=env("typing-state-unspecified", {"expiresAfterMs": 5000})))
    add(Reject("typing-expiry-over-limit", "expires_after_ms = 60,001: one over "
               "maxTypingExpiryMs.", "limitExceeded", "semantic",
               json=env("typing-expiry-over-limit", {"state": STARTED, "expiresAfterMs": 60001}),
               limit="maxTypingExpiryMs"))
    return out
