#!/usr/bin/env python3
"""Generates Vectors/Legacy/legacy.json: vectors of the bridge between the Swift RTM chat
tutorial's JSON messages and RTMWire envelopes, made by reference.py (Python's json and datetime,
Google's protobuf for the envelopes), never by the Swift code.

  generate.py           rewrite Vectors/Legacy/legacy.json
  generate.py --check   exit 1 if it differs from a fresh generation (Scripts/test runs this)

Needs protoc and Python's protobuf (Scripts/requirements.txt), like Scripts/generate-vectors.
"""
import base64
import json
import pathlib
import sys

from google.protobuf import json_format, message_factory

import reference
from reference import BridgeError

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Scripts" / "lib"))

from rtmwire_tools.descriptors import compile_schemas  # noqa: E402
OUT = ROOT / "Vectors" / "Legacy" / "legacy.json"
FORMAT = "rtmwire-legacy-vectors/1"
CHANNEL = {"type": "CONVERSATION_TYPE_CHANNEL", "id": "general"}


def envelope_class():
    """Google's Envelope class from a descriptor set protoc builds from Schemas/ now."""
    _, pool = compile_schemas()
    return message_factory.GetMessageClass(pool.FindMessageTypeByName("rtmwire.v1.Envelope"))


def sender(name, sender_id):
    return '"sender":{"display_name":%s,"sender_id":%s}' % (
        json.dumps(name, ensure_ascii=False), json.dumps(sender_id, ensure_ascii=False))


MAX = sender("Max", "my-sender-id")
JIMIN = sender("지민", "jimin")
STAMP = '"timestamp":"2021-03-12T09:05:16Z"'
PHOTO = {"mediaId": "media-5f2c", "fileName": "IMG_0042.HEIC", "size": "1843200",
         "width": 3024, "height": 4032, "thumbnail": base64.b64encode(b"\xff\xd8\xff\xd9").decode(),
         "thumbnailWidth": 90, "thumbnailHeight": 120}

# (name, description, legacy JSON text, options). Options: photo (proto3 JSON of the RTM image
# message's fields; size absent = unknown), fallbackMessageId, timestampStyle (printing).
VALID = [
    ("tutorial-text", "The tutorial's own example (generateMessageText), as listed with whitespace.",
     '{\n"sender": {\n"display_name": "Max",\n"sender_id": "my-sender-id"\n},\n'
     '"message_id": "random-message-id",\n"timestamp": "2021-03-12T09:05:16Z",\n"type": "text",\n'
     '"body": "Hello World"\n}', {}),
    ("tutorial-status", "The tutorial's statusRTMMessage: no id, no timestamp, members in its order.",
     '{\n"sender":{\n"sender_id":"B22663DD-3A30-4102-B4A1-5645AD144625",\n"display_name":"ipad"\n},'
     '\n"body":"online",\n"type":"status"\n}', {"fallbackMessageId": "bridge-1"}),
    ("tutorial-raise-hand", "The tutorial's raiseHandRTMMessage from a member not seen before: "
     "online with the hand up; printed back as a status and a raise_hand.",
     '{\n"type": "raise_hand",\n"sender": {\n"display_name": "Max",\n'
     '"sender_id": "1D83826A-7586-40C8-A002-767766E4FB76"\n},\n"body": "true"\n}',
     {"fallbackMessageId": "bridge-2"}),
    ("raise-hand-false", "A lowered hand from a member not seen before: online, hand down.",
     '{%s,"type":"raise_hand","body":"false"}' % MAX, {"fallbackMessageId": "bridge-3"}),
    ("status-offline", "A member leaves.", '{%s,"type":"status","body":"offline"}' % JIMIN,
     {"fallbackMessageId": "bridge-4"}),
    ("text-korean", "Korean text and a Korean display name.",
     '{%s,"message_id":"m-ko",%s,"type":"text","body":"안녕하세요! 반가워요. 오늘 회의는 3시입니다."}'
     % (JIMIN, STAMP), {}),
    ("text-emoji", "Emoji: skin tone, ZWJ family, flag, keycap, outside the BMP.",
     '{%s,"message_id":"m-emoji",%s,"type":"text","body":"👋🏽 👨‍👩‍👧‍👦 🇰🇷 1️⃣ 𝄞 ✓"}' % (MAX, STAMP), {}),
    ("text-escaped", "Escapes as other JSON writers emit them: \\u surrogate pairs, \\/, control "
     "characters; printed back as raw UTF-8 with only the escapes JSON needs.",
     '{%s,"message_id":"m-esc",%s,"type":"text",'
     '"body":"\\uc548\\ub155 \\ud83d\\ude00 \\/ \\"q\\" \\\\ \\n\\t\\u0001\\u007f"}' % (MAX, STAMP), {}),
    ("text-offset-timestamp", "A local time with an offset: the same instant, printed in UTC.",
     '{%s,"message_id":"m-tz","timestamp":"2021-03-12T18:05:16+09:00","type":"text","body":"KST"}'
     % JIMIN, {}),
    ("text-milliseconds", "A fractional timestamp, printed with the milliseconds style.",
     '{%s,"message_id":"m-ms","timestamp":"2021-03-12T09:05:16.250Z","type":"text","body":"ms"}'
     % MAX, {"timestampStyle": "milliseconds"}),
    ("text-extra-zero-digits", "More than three fraction digits, all zeros past the third: exact.",
     '{%s,"message_id":"m-us","timestamp":"2021-03-12T09:05:16.123000Z","type":"text","body":"µs"}'
     % MAX, {"timestampStyle": "milliseconds"}),
    ("photo", "A photo's JSON (no body) with its RTM image message's fields.",
     '{%s,"message_id":"p-1","timestamp":"2021-03-12T09:05:20Z","type":"photo"}' % JIMIN,
     {"photo": PHOTO}),
    ("photo-caption", "A photo with a caption in its body.",
     '{%s,"message_id":"p-2","timestamp":"2021-03-12T09:05:21Z","type":"photo","body":"노을 🌅"}'
     % JIMIN, {"photo": dict(PHOTO, thumbnail="", thumbnailWidth=0, thumbnailHeight=0)}),
    ("photo-size-unknown", "A photo whose RTM image message was created from a media id: no "
     "size, so the envelope's size is 0 (unknown) and the way back has none either.",
     '{%s,"message_id":"p-3","timestamp":"2021-03-12T09:05:22Z","type":"photo"}' % JIMIN,
     {"photo": {k: v for k, v in PHOTO.items() if k != "size"}}),
    ("other-type", "An app's own message type: kept whole in a custom body, printed back as is.",
     '{%s,"message_id":"poll-1","type":"poll","body":{"question":"점심?","options":["김밥","pizza"],'
     '"multi":false,"votes":{}}}' % JIMIN, {}),
]

LONG = "가" * 10920  # 32,760 bytes of text: the JSON around it passes 32 KB
REJECT = [
    ("not-an-object", '["text"]', {}, "invalidJSON", ""),
    ("duplicate-member", '{%s,"type":"status","body":"online","body":"offline"}' % MAX, {},
     "invalidJSON", ""),
    ("lone-surrogate", '{%s,"message_id":"m",%s,"type":"text","body":"\\ud83d"}' % (MAX, STAMP), {},
     "invalidJSON", ""),
    ("missing-type", '{%s,"body":"online"}' % MAX, {}, "missingField", "type"),
    ("missing-sender", '{"type":"status","body":"online"}', {}, "missingField", "sender"),
    ("sender-not-object", '{"sender":"max","type":"status","body":"online"}', {}, "invalidJSON",
     "sender"),
    ("sender-extra-member",
     '{"sender":{"display_name":"M","sender_id":"m","avatar":"a.png"},"type":"status","body":"online"}',
     {}, "unknownJSONField", "sender.avatar"),
    ("text-missing-timestamp", '{%s,"message_id":"m","type":"text","body":"hi"}' % MAX, {},
     "missingField", "timestamp"),
    ("text-missing-message-id", '{%s,%s,"type":"text","body":"hi"}' % (MAX, STAMP), {},
     "missingField", "message_id"),
    ("text-missing-body", '{%s,"message_id":"m",%s,"type":"text"}' % (MAX, STAMP), {},
     "missingField", "body"),
    ("text-body-number", '{%s,"message_id":"m",%s,"type":"text","body":42}' % (MAX, STAMP), {},
     "invalidJSON", "body"),
    ("text-extra-member", '{%s,"message_id":"m",%s,"type":"text","body":"hi","reply_to":"m0"}'
     % (MAX, STAMP), {}, "unknownJSONField", "reply_to"),
    ("text-empty", '{%s,"message_id":"m",%s,"type":"text","body":""}' % (MAX, STAMP), {},
     "missingField", "text.text"),
    ("status-unknown-body", '{%s,"type":"status","body":"away"}' % MAX,
     {"fallbackMessageId": "b"}, "invalidValue", "body"),
    ("status-with-message-id", '{%s,"message_id":"m","type":"status","body":"online"}' % MAX,
     {"fallbackMessageId": "b"}, "unknownJSONField", "message_id"),
    ("status-without-fallback-id", '{%s,"type":"status","body":"online"}' % MAX, {},
     "missingField", "message_id"),
    ("raise-hand-bool-body", '{%s,"type":"raise_hand","body":true}' % MAX,
     {"fallbackMessageId": "b"}, "invalidJSON", "body"),
    ("raise-hand-other-string", '{%s,"type":"raise_hand","body":"yes"}' % MAX,
     {"fallbackMessageId": "b"}, "invalidValue", "body"),
    ("timestamp-sub-millisecond", '{%s,"message_id":"m","timestamp":"2021-03-12T09:05:16.1234Z",'
     '"type":"text","body":"hi"}' % MAX, {}, "invalidValue", "timestamp"),
    ("timestamp-leap-second", '{%s,"message_id":"m","timestamp":"2016-12-31T23:59:60Z",'
     '"type":"text","body":"hi"}' % MAX, {}, "invalidValue", "timestamp"),
    ("timestamp-february-30", '{%s,"message_id":"m","timestamp":"2024-02-30T00:00:00Z",'
     '"type":"text","body":"hi"}' % MAX, {}, "invalidValue", "timestamp"),
    ("timestamp-without-zone", '{%s,"message_id":"m","timestamp":"2021-03-12T09:05:16",'
     '"type":"text","body":"hi"}' % MAX, {}, "invalidValue", "timestamp"),
    ("timestamp-epoch", '{%s,"message_id":"m","timestamp":"1970-01-01T00:00:00Z",'
     '"type":"text","body":"hi"}' % MAX, {}, "invalidValue", "timestamp"),
    ("photo-without-image-message", '{%s,"message_id":"p","timestamp":"2021-03-12T09:05:20Z",'
     '"type":"photo"}' % JIMIN, {}, "missingField", "image.media_id"),
    ("photo-size-over-limit", '{%s,"message_id":"p","timestamp":"2021-03-12T09:05:20Z",'
     '"type":"photo"}' % JIMIN, {"photo": dict(PHOTO, size="31457281")}, "limitExceeded",
     "image.size"),
    ("image-message-on-text", '{%s,"message_id":"m",%s,"type":"text","body":"hi"}' % (MAX, STAMP),
     {"photo": PHOTO}, "invalidValue", "image"),
    ("longer-than-an-rtm-message", '{%s,"message_id":"m",%s,"type":"text","body":"%s"}'
     % (MAX, STAMP, LONG), {}, "limitExceeded", ""),
]

TIMESTAMPS = [
    "2021-03-12T09:05:16Z", "2021-03-12T09:05:16.123Z", "2021-03-12T09:05:16.1Z",
    "2021-03-12T09:05:16,5Z", "2021-03-12T18:05:16+09:00", "2021-03-12T04:05:16.999-0500",
    "2021-03-12t09:05:16z", "1969-12-31T23:59:59.999Z", "2024-02-29T23:59:59Z",
    "0001-01-01T00:00:00Z", "9999-12-31T23:59:59.999Z", "2021-03-12T09:05:16.100000000Z",
    "2021-03-12T09:05:16.1001Z", "2021-03-12T09:05:60Z", "2023-02-29T00:00:00Z",
    "2021-03-12T09:05:16", "2021-03-12 09:05:16Z", "2021-03-12T09:05:16+24:00",
    "2021-3-12T09:05:16Z", "2021-03-12T09:05:16.Z",
]


def valid_vector(envelope_type, name, description, text, options):
    data = text.encode()
    bridge = reference.Bridge(CHANNEL)
    message = reference.parse(data)
    envelope_json = bridge.to_envelope(message, options.get("photo"), options.get("fallbackMessageId"))
    envelope = json_format.ParseDict(envelope_json, envelope_type())
    wire = envelope.SerializeToString(deterministic=True)
    decoded = envelope_type.FromString(wire)
    printed = []
    for legacy, photo in reference.Bridge(CHANNEL).to_legacy(json_format.MessageToDict(decoded)):
        item = {"json": reference.print_message(legacy, options.get("timestampStyle", "wholeSeconds"))}
        if photo is not None:
            item["photo"] = photo
        printed.append(item)
    vector = {"name": name, "description": description, "legacyJson": text}
    vector.update(options)
    vector.update({"envelopeHex": wire.hex(), "envelope": json_format.MessageToDict(decoded),
                   "printed": printed})
    return vector


def reject_vector(name, text, options, code, path):
    try:
        message = reference.parse(text.encode())
        reference.Bridge(CHANNEL).to_envelope(message, options.get("photo"),
                                              options.get("fallbackMessageId"))
    except BridgeError as error:
        if (error.code, error.path) != (code, path):
            sys.exit("%s: the reference says %s at %r, the vector %s at %r"
                     % (name, error.code, error.path, code, path))
        vector = {"name": name, "legacyJson": text}
        vector.update(options)
        vector.update({"error": code, "path": path})
        if error.limit:
            vector["limit"] = error.limit[0]
        return vector
    sys.exit("%s: the reference accepts it" % name)


def timestamp_vector(text):
    try:
        return {"text": text, "ms": str(reference.parse_timestamp(text))}
    except BridgeError:
        return {"text": text, "error": "invalidValue"}


def render():
    envelope_type = envelope_class()
    document = {
        "format": FORMAT,
        "conversation": CHANNEL,
        "valid": [valid_vector(envelope_type, *case) for case in VALID],
        "reject": [reject_vector(*case) for case in REJECT],
        "timestamps": [timestamp_vector(text) for text in TIMESTAMPS],
    }
    return json.dumps(document, ensure_ascii=False, indent=1) + "\n"


def main():
    if len(sys.argv) > 2 or sys.argv[1:] not in ([], ["--check"]):
        sys.exit(__doc__)
    text = render()
    if sys.argv[1:] == ["--check"]:
        if not OUT.exists() or OUT.read_text(encoding="utf-8") != text:
            sys.exit("Vectors/Legacy/legacy.json differs from a fresh generation; "
                     "run Scripts/generate-legacy-vectors and commit it")
        print("legacy vectors are up to date")
        return
    OUT.parent.mkdir(exist_ok=True)
    OUT.write_text(text, encoding="utf-8")
    print("wrote %s" % OUT.relative_to(ROOT))


if __name__ == "__main__":
    main()
