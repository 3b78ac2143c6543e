"""reaction.json: Reaction bodies (one user adding or removing a reaction)."""

from model import GROUP, NonCanonical, Reject, Valid, envelope, uid
from wire import f_len, f_str, f_varint

KIND = "reaction"

REACTION = "rtmwire.v1.Reaction"
ADD, REMOVE = "REACTION_ACTION_ADD", "REACTION_ACTION_REMOVE"
FAMILY = "\U0001F468\u200d\U0001F469\u200d\U0001F467\u200d\U0001F466"  # 25 bytes, 1 grapheme


def build(ctx):
    out = []
    add = out.append

    def env(name, key, action=ADD, **kw):
        value = {"targetMessageId": uid("text-typical"), "key": key}
        if action is not None:
            value["action"] = action
        return envelope(name, "reaction", value, conversation=(GROUP, "team"), **kw)

    def header(name, **kw):
        return ctx.enc(envelope(name, None, **kw))

    add(Valid("reaction-add", "A thumbs-up added (👍, 4 bytes, 1 grapheme).",
              env("reaction-add", "\U0001F44D")))
    add(Valid("reaction-remove", "The same reaction taken back.",
              env("reaction-remove", "\U0001F44D", REMOVE)))
    add(Valid("reaction-skin-tone", "👍🏽: emoji + skin-tone modifier, 8 bytes, 1 grapheme; a "
              "different key from 👍 (keys compare byte for byte).",
              env("reaction-skin-tone", "\U0001F44D\U0001F3FD")))
    add(Valid("reaction-zwj-family", "👨‍👩‍👧‍👦: four emoji joined by ZWJ, 25 bytes, 1 grapheme.",
              env("reaction-zwj-family", FAMILY)))
    add(Valid("reaction-flag-and-keycap", "🇯🇵 (two regional indicators) and 1️⃣ (digit, "
              "variation selector, combining keycap): 2 graphemes.",
              env("reaction-flag-and-keycap", "\U0001F1EF\U0001F1F5" + "1\ufe0f\u20e3")))
    add(Valid("reaction-short-name", "A short name as key.", env("reaction-short-name", ":tada:")))
    add(Valid("reaction-key-at-byte-limit", "16 × 👍: exactly 64 bytes (maxReactionKeyBytes), "
              "16 graphemes.", env("reaction-key-at-byte-limit", "\U0001F44D" * 16)))
    add(Valid("reaction-key-at-grapheme-limit", "32 ASCII letters: exactly 32 graphemes "
              "(maxReactionKeyGraphemes), 32 bytes.",
              env("reaction-key-at-grapheme-limit", "a" * 32)))
    add(Valid("reaction-key-graphemes-not-code-points", "21 × (e + U+0301 combining acute) + "
              "\"a\": 43 code points but 22 graphemes, 64 bytes: the grapheme limit counts "
              "user-perceived characters, not code points.",
              env("reaction-key-graphemes-not-code-points", "e\u0301" * 21 + "a")))
    add(Valid("reaction-inner-type", "A bare Reaction.",
              {"targetMessageId": "m-1", "key": "\u2764\ufe0f", "action": REMOVE},
              type=REACTION))

    name = "reaction-action-unknown-enum"
    add(NonCanonical(name, "action = 9, not defined in v1: kept as the number (open enum). Not "
                     "UNSPECIFIED, so semantic validation accepts it. Written before the key.",
                     header(name) + f_len(27, f_str(1, "m-1") + f_varint(3, 9)
                                          + f_str(2, "\U0001F44D")),
                     topic="enum-unknown"))

    name = "reaction-invalid-utf8-key"
    add(Reject(name, "The key holds F0 9F 91 (a 4-byte emoji cut after 3 bytes).",
               "invalidUTF8", "wire",
               hex=header(name) + f_len(27, f_str(1, "m-1") + f_len(2, b"\xf0\x9f\x91")
                                        + f_varint(3, 1))))
    add(Reject("reaction-empty-key", "A reaction without a key.", "missingField", "semantic",
               json=env("reaction-empty-key", "")))
    add(Reject("reaction-empty-target", "A reaction to no message.", "missingField", "semantic",
               json=envelope("reaction-empty-target", "reaction",
                             {"key": "\U0001F44D", "action": ADD})))
    add(Reject("reaction-action-unspecified", "A reaction that neither adds nor removes.",
               "invalidValue", "semantic",
               json=env("reaction-action-unspecified", "\U0001F44D", None)))
    add(Reject("reaction-key-over-byte-limit", "16 × 👍 + \"a\": 65 bytes, one over "
               "maxReactionKeyBytes (17 graphemes).", "limitExceeded", "semantic",
               json=env("reaction-key-over-byte-limit", "\U0001F44D" * 16 + "a"),
               limit="maxReactionKeyBytes"))
    add(Reject("reaction-key-over-grapheme-limit", "33 ASCII letters: 33 graphemes, one over "
               "maxReactionKeyGraphemes (33 bytes, under the byte limit).", "limitExceeded",
               "semantic", json=env("reaction-key-over-grapheme-limit", "a" * 33),
               limit="maxReactionKeyGraphemes"))
    return out
