"""text.json: TextMessage bodies."""

from model import GROUP, PEER, NonCanonical, Reject, Valid, envelope
from wire import f_fixed32, f_len, f_str, f_varint

KIND = "text"

TEXT = "rtmwire.v1.TextMessage"
MENTIONS = "rtmwire.v1.Mentions"

UNICODE = ("中文 日本語 한국어 · emoji 😀👍🏽👨\u200d👩\u200d👧\u200d👦🇯🇵 · combining "
           "e\u0301 A\u030a n\u0303 · RTL العربية עברית \u200fشكرا\u200f · math 𝔘𝔫𝔦𝔠𝔬𝔡𝔢")
BOUNDARIES = "\u007f\u0080\u07ff\u0800\ufeff\uffff\U00010000\U0010ffff"

INVALID_UTF8 = [
    ("overlong", b"\xc0\x80", "the overlong 2-byte encoding C0 80 of U+0000"),
    ("surrogate", b"\xed\xa0\x80", "ED A0 80, the UTF-8 form of the surrogate U+D800"),
    ("truncated", b"\xe4\xb8", "E4 B8, the first 2 bytes of the 3-byte sequence of U+4E2D"),
    ("ff", b"\xff", "the byte FF, which never occurs in UTF-8"),
    ("above-max", b"\xf4\x90\x80\x80", "F4 90 80 80, a code point above U+10FFFF"),
    ("lone-continuation", b"\x80", "a lone continuation byte 80"),
]


def build(ctx):
    out = []
    add = out.append

    def env(name, text, mentions=None, **kw):
        body = {"text": text}
        if mentions is not None:
            body["mentions"] = mentions
        return envelope(name, "text", body, **kw)

    def header(name, **kw):
        return ctx.enc(envelope(name, None, **kw))

    add(Valid("text-typical", "A typical text message in a channel.",
              env("text-typical", "Hello, world! See you at 10:30?")))
    add(Valid("text-one-byte", "The shortest valid text: one byte.", env("text-one-byte", "a")))
    add(Valid("text-unicode", "CJK, emoji (skin tone, ZWJ family, flag), combining marks, Arabic "
              "and Hebrew (RTL, with right-to-left marks) and mathematical letters outside the "
              "BMP.", env("text-unicode", UNICODE, conversation=(PEER, "bob"))))
    add(Valid("text-utf8-boundaries", "The code points at every UTF-8 length boundary: U+007F, "
              "U+0080, U+07FF, U+0800, U+FEFF, U+FFFF, U+10000 and U+10FFFF.",
              env("text-utf8-boundaries", BOUNDARIES)))
    add(Valid("text-at-content-budget", "A text of exactly 32,768 bytes (maxContentBytes): 8,192 "
              "four-byte emoji U+1F600, so 8,192 characters, 16,384 UTF-16 units and 32,768 "
              "UTF-8 bytes: the budget counts UTF-8 bytes.",
              env("text-at-content-budget", "\U0001F600" * 8192, conversation=(GROUP, "g-1"))))
    add(Valid("text-embedded-nul", "A bare TextMessage whose text has an embedded U+0000 (61 00 "
              "62): valid on the wire. Google keeps all three bytes. protobuf-c stores strings "
              "NUL-terminated and re-packs only \"a\": a known protobuf-c limitation, recorded "
              "here (its repackHex differs). Checked RTMWire rejects it in an envelope (see "
              "text-embedded-nul-checked).", {"text": "a\u0000b"}, type=TEXT,
              topic="nul"))
    add(Valid("text-inner-type", "A bare TextMessage (not in an envelope).", {"text": "hi"},
              type=TEXT))
    add(Valid("text-mentions", "A text mentioning two users and everyone.",
              env("text-mentions", "@bob @carol @all standup in 5", conversation=(GROUP, "team"),
                  mentions={"userIds": ["bob", "carol"], "everyone": True})))
    add(Valid("text-mentions-at-limit", "100 mentioned users (maxMentions).",
              env("text-mentions-at-limit", "@everyone-by-name", conversation=(GROUP, "all-hands"),
                  mentions={"userIds": ["user-%03d" % i for i in range(100)]})))
    add(Valid("text-inner-mentions", "A bare Mentions: one user.", {"userIds": ["bob"]},
              type=MENTIONS))

    name = "text-body-repeated-merged"
    add(NonCanonical(name, "The text body occurs twice: the two TextMessage occurrences merge and "
                     "the later text wins.",
                     header(name) + f_len(16, f_str(1, "first")) + f_len(16, f_str(1, "second"))))
    name = "text-field-duplicated"
    add(NonCanonical(name, "Inside one TextMessage, text occurs twice: the last one wins.",
                     header(name) + f_len(16, f_str(1, "draft") + f_str(1, "final"))))
    name = "text-unknown-inside-body"
    add(NonCanonical(name, "Unknown fields 3 (varint, reserved in v1) and 15 (fixed32) before "
                     "the text inside the body: kept after it.",
                     header(name) + f_len(16, f_varint(3, 1) + f_fixed32(15, 7) + f_str(1, "hi"))))
    add(NonCanonical("text-inner-padded-length", "A bare TextMessage whose length prefix 2 is "
                     "written in 3 bytes (82 80 00).", b"\x0a\x82\x80\x00hi", type=TEXT))

    for label, bad, what in INVALID_UTF8:
        name = "text-invalid-utf8-" + label
        add(Reject(name, "The text holds %s. Google rejects it; protobuf-c does not check "
                   "UTF-8 and accepts it." % what, "invalidUTF8", "wire",
                   hex=header(name) + f_len(16, f_len(1, b"ok " + bad + b" ok"))))
    add(Reject("text-inner-invalid-utf8", "A bare TextMessage holding C3 28 (a 2-byte lead "
               "followed by a non-continuation byte).", "invalidUTF8", "wire",
               hex=b"\x0a\x02\xc3\x28", type=TEXT))
    add(Reject("text-inner-length-past-end", "A bare TextMessage declaring 5 bytes of text with "
               "only 2 present.", "lengthPastEnd", "wire", hex=b"\x0a\x05hi", type=TEXT))

    add(Reject("text-embedded-nul-checked", "An envelope whose text holds U+0000 (61 00 62). "
               "Wire-valid, but protobuf-c would silently cut the string at the NUL, so checked "
               "RTMWire refuses it rather than let data be lost at a C peer.", "invalidValue",
               "semantic", json=env("text-embedded-nul-checked", "a\u0000b"), topic="nul"))
    add(Reject("text-empty", "A text body whose text is empty (82 01 00).", "missingField",
               "semantic", json=env("text-empty", "")))
    add(Reject("text-mentions-over-limit", "101 mentioned users: one over maxMentions.",
               "limitExceeded", "semantic",
               json=env("text-mentions-over-limit", "hi all", conversation=(GROUP, "g"),
                        mentions={"userIds": ["u%d" % i for i in range(101)]}),
               limit="maxMentions"))
    add(Reject("text-mentions-nobody", "Mentions present but naming no user and not everyone.",
               "missingField", "semantic", json=env("text-mentions-nobody", "hi", mentions={})))
    add(Reject("text-mentions-duplicate", "bob mentioned twice.", "invalidValue", "semantic",
               json=env("text-mentions-duplicate", "@bob @bob",
                        mentions={"userIds": ["bob", "bob"]})))
    add(Reject("text-mentions-empty-id", "An empty mentioned user id.", "missingField",
               "semantic", json=env("text-mentions-empty-id", "@?", mentions={"userIds": [""]})))
    add(Reject("text-over-content-budget", "A text of 32,769 bytes (8,192 four-byte emoji and "
               "one \"a\"): one byte over maxContentBytes.", "limitExceeded", "semantic",
               json=env("text-over-content-budget", "\U0001F600" * 8192 + "a"),
               limit="maxContentBytes"))
    return out
