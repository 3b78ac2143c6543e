"""A reference implementation of the legacy bridge (Vectors/Legacy/README.md), written apart from
the Swift code: Python's json for the tutorial's JSON, datetime for the calendar, and Google's
protobuf for every envelope (built with json_format.ParseDict, serialized deterministically).

It implements the rules CONTRIBUTING.md's legacy bridge section states; the Swift bridge must agree with it on every vector.
"""
import base64
import datetime
import json
import re

CUSTOM_PREFIX = "legacy-json:"
MAX_CONTENT_BYTES = 32768
MAX_MEDIA_BYTES = 31457280
EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)


class BridgeError(Exception):
    """A typed failure: an RTMWireError code name and the member path it names."""

    def __init__(self, code, path, detail, limit=None):
        super().__init__("%s: %s: %s" % (code, path, detail))
        self.code, self.path, self.limit = code, path, limit


# MARK: - ISO 8601

TIMESTAMP = re.compile(
    r"(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:[.,](\d+))?(?:([Zz])|([+-])(\d{2}):?(\d{2}))\Z",
    re.ASCII)


def parse_timestamp(text, path="timestamp"):
    """Milliseconds since the epoch; digits past the third fraction digit must be zeros."""
    match = TIMESTAMP.match(text)
    if not match:
        raise BridgeError("invalidValue", path, "not an ISO 8601 date-time: %r" % text)
    year, month, day, hour, minute, second = (int(match.group(i)) for i in range(1, 7))
    fraction = match.group(7) or ""
    if fraction[3:].strip("0"):
        raise BridgeError("invalidValue", path, "sub-millisecond digits in %r" % text)
    if second == 60:
        raise BridgeError("invalidValue", path, "leap second in %r" % text)
    offset = 0
    if match.group(9):
        offset_hours, offset_minutes = int(match.group(10)), int(match.group(11))
        if offset_hours > 23 or offset_minutes > 59:
            raise BridgeError("invalidValue", path, "offset out of range in %r" % text)
        offset = (1 if match.group(9) == "+" else -1) * (offset_hours * 3600 + offset_minutes * 60)
    try:
        moment = datetime.datetime(year, month, day, hour, minute, second,
                                   tzinfo=datetime.timezone.utc)
    except ValueError as error:
        raise BridgeError("invalidValue", path, "%s in %r" % (error, text))
    millisecond = int((fraction + "000")[:3])
    delta = moment - EPOCH
    return (delta.days * 86400 + delta.seconds - offset) * 1000 + millisecond


def format_timestamp(milliseconds, style):
    seconds, millisecond = divmod(milliseconds, 1000)
    if style == "wholeSeconds" and millisecond:
        raise BridgeError("invalidValue", "timestamp", "%d ms has a millisecond part" % milliseconds)
    moment = EPOCH + datetime.timedelta(seconds=seconds)
    text = moment.strftime("%Y-%m-%dT%H:%M:%S")
    if style == "milliseconds":
        text += ".%03d" % millisecond
    return text + "Z"


# MARK: - Legacy JSON

class Pairs(list):
    """A JSON object as its (key, value) members, in document order."""


def _no_duplicates(pairs):
    keys = [key for key, _ in pairs]
    if len(set(keys)) != len(keys):
        raise BridgeError("invalidJSON", "", "a member is given twice")
    return Pairs(pairs)


def _check_text(value):
    """Python's json accepts lone surrogate escapes; JSON text in UTF-8 cannot hold them."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise BridgeError("invalidJSON", "", "a string holds a lone surrogate")
    elif isinstance(value, Pairs):
        for key, item in value:
            _check_text(key)
            _check_text(item)
    elif isinstance(value, list):
        for item in value:
            _check_text(item)


def _reject_constant(name):
    raise BridgeError("invalidJSON", "", "%s is not JSON" % name)


def load(data):
    """The legacy JSON object as a list of (key, value) pairs (nested objects too)."""
    if len(data) > MAX_CONTENT_BYTES:
        raise BridgeError("limitExceeded", "", "longer than one RTM message",
                          ("maxContentBytes", MAX_CONTENT_BYTES, len(data)))
    try:
        value = json.loads(data.decode("utf-8"), object_pairs_hook=_no_duplicates,
                           parse_constant=_reject_constant)
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise BridgeError("invalidJSON", "", str(error))
    _check_text(value)
    if not isinstance(value, Pairs):
        raise BridgeError("invalidJSON", "", "a legacy message is a JSON object")
    return value


def get(pairs, key):
    for name, value in pairs:
        if name == key:
            return value
    return None


def has(pairs, key):
    return any(name == key for name, _ in pairs)


def string(pairs, key, path=None):
    path = path or key
    if not has(pairs, key):
        raise BridgeError("missingField", path, "required and absent")
    value = get(pairs, key)
    if not isinstance(value, str):
        raise BridgeError("invalidJSON", path, "must be a JSON string")
    return value


KNOWN = {"text": {"sender", "message_id", "timestamp", "type", "body"},
         "photo": {"sender", "message_id", "timestamp", "type", "body"},
         "status": {"sender", "type", "body"}, "raise_hand": {"sender", "type", "body"}}


def parse(data, ignore_unknown=False):
    """A dict: sender (id, name), message_id, timestamp (ms), type, kind fields, object."""
    pairs = load(data)
    kind = string(pairs, "type")
    if not has(pairs, "sender"):
        raise BridgeError("missingField", "sender", "required and absent")
    sender = get(pairs, "sender")
    if not isinstance(sender, Pairs):
        raise BridgeError("invalidJSON", "sender", "must be a JSON object")
    if not ignore_unknown:
        for key, _ in sender:
            if key not in ("display_name", "sender_id"):
                raise BridgeError("unknownJSONField", "sender." + key, "unknown member")
    sender_id = string(sender, "sender_id", "sender.sender_id")
    display_name = string(sender, "display_name", "sender.display_name")
    if kind in KNOWN and not ignore_unknown:
        for key, _ in pairs:
            if key not in KNOWN[kind]:
                raise BridgeError("unknownJSONField", key, "unknown member")
    message = {"sender": (sender_id, display_name), "type": kind, "object": pairs,
               "message_id": string(pairs, "message_id") if has(pairs, "message_id") else None,
               "timestamp": parse_timestamp(string(pairs, "timestamp"))
               if has(pairs, "timestamp") else None}
    if kind == "text":
        message["body"] = string(pairs, "body")
    elif kind == "photo":
        message["body"] = string(pairs, "body") if has(pairs, "body") else None
    elif kind == "status":
        message["body"] = string(pairs, "body")
        if message["body"] not in ("online", "offline"):
            raise BridgeError("invalidValue", "body", "not online or offline")
    elif kind == "raise_hand":
        body = string(pairs, "body")
        if body not in ("true", "false"):
            raise BridgeError("invalidValue", "body", "not \"true\" or \"false\"")
        message["body"] = body == "true"
    if kind in ("text", "photo"):
        for key in ("message_id", "timestamp"):
            if message[key] is None:
                raise BridgeError("missingField", key, "required for %s" % kind)
    return message


def dumps(value):
    """Compact JSON, raw UTF-8, pairs lists written as objects in their order."""
    return json.dumps(_as_json(value), ensure_ascii=False, separators=(",", ":"))


class _Object(dict):
    """A dict json.dumps writes in insertion order, built from (key, value) pairs."""


def _as_json(value):
    if isinstance(value, Pairs):
        return _Object((key, _as_json(item)) for key, item in value)
    if isinstance(value, list):
        return [_as_json(item) for item in value]
    return value


def print_message(message, style="wholeSeconds"):
    """The tutorial's form: sender, message_id, timestamp, type, body."""
    if message["type"] not in KNOWN:
        return dumps(message["object"])
    sender_id, display_name = message["sender"]
    pairs = Pairs([("sender", Pairs([("display_name", display_name), ("sender_id", sender_id)]))])
    if message["type"] in ("text", "photo"):
        pairs.append(("message_id", message["message_id"]))
        pairs.append(("timestamp", format_timestamp(message["timestamp"], style)))
    pairs.append(("type", message["type"]))
    body = message["body"]
    if message["type"] == "raise_hand":
        body = "true" if body else "false"
    if body is not None:
        pairs.append(("body", body))
    return dumps(pairs)


# MARK: - Bridge

class Bridge:
    """One conversation; `members` maps a sender id to (presence, hand raised)."""

    def __init__(self, conversation):
        self.conversation = conversation
        self.members = {}

    def to_envelope(self, message, photo=None, fallback_id=None):
        """The envelope as a proto3 JSON dict, validated like the Swift bridge validates."""
        message_id = message["message_id"] if message["message_id"] is not None else fallback_id
        if message_id is None:
            raise BridgeError("missingField", "message_id", "no id and no fallback")
        if message["timestamp"] == 0:
            raise BridgeError("invalidValue", "timestamp", "the epoch means not stamped")
        if photo is not None and message["type"] != "photo":
            raise BridgeError("invalidValue", "image", "an attachment on a non-photo")
        sender_id, display_name = message["sender"]
        envelope = {"messageId": message_id, "conversation": self.conversation,
                    "sender": {"userId": sender_id, "displayName": display_name}}
        if message["timestamp"]:
            envelope["sendTimeMs"] = str(message["timestamp"])
        state = None
        kind = message["type"]
        if kind == "text":
            if not message["body"]:
                raise BridgeError("missingField", "text.text", "empty text")
            if len(message["body"].encode()) > MAX_CONTENT_BYTES:
                raise BridgeError("limitExceeded", "text.text", "text too long",
                                  ("maxContentBytes", MAX_CONTENT_BYTES, len(message["body"].encode())))
            envelope["text"] = {"text": message["body"]}
        elif kind == "photo":
            envelope["image"] = self._image(message, photo)
        elif kind in ("status", "raise_hand"):
            known = self.members.get(sender_id)
            if kind == "status":
                state = (message["body"], known[1] if known else False)
            else:
                state = (known[0] if known else "online", message["body"])
            status = {"presence": "PRESENCE_" + state[0].upper()}
            if state[1]:
                status["handRaised"] = True
            envelope["status"] = status
        else:
            payload = dumps(message["object"]).encode()
            envelope["custom"] = {"type": CUSTOM_PREFIX + kind,
                                  "payload": base64.b64encode(payload).decode()}
        if not message_id:
            raise BridgeError("missingField", "message_id", "empty id")
        if not sender_id:
            raise BridgeError("missingField", "sender.user_id", "empty sender id")
        if state is not None:
            self.members[sender_id] = state
        return envelope

    @staticmethod
    def _image(message, photo):
        if photo is None:
            raise BridgeError("missingField", "image.media_id", "no image message fields")
        # No size (a message created from a media id) is 0, "unknown", in the envelope.
        if message["body"] == "":
            raise BridgeError("invalidValue", "body", "an empty caption")
        size = int(photo.get("size", "0"))
        if size > MAX_MEDIA_BYTES:
            raise BridgeError("limitExceeded", "image.size", "too large",
                              ("maxMediaBytes", MAX_MEDIA_BYTES, size))
        if not photo.get("mediaId"):
            raise BridgeError("missingField", "image.media_id", "empty media id")
        image = dict(photo)
        content = len(image.get("fileName", "").encode()) + len(base64.b64decode(image.get("thumbnail", ""))) \
            + len((message["body"] or "").encode())
        if content > MAX_CONTENT_BYTES:
            raise BridgeError("limitExceeded", "image.thumbnail", "over the content budget",
                              ("maxContentBytes", MAX_CONTENT_BYTES, content))
        if message["body"]:
            image["text"] = message["body"]
        return image

    def to_legacy(self, envelope):
        """(printed JSON text, photo attachment or None) for each legacy message, from a
        proto3 JSON dict of a decoded envelope."""
        sender = envelope["sender"]
        legacy_sender = (sender["userId"], sender.get("displayName", ""))
        time = int(envelope.get("sendTimeMs", "0")) or None
        header = {"sender": legacy_sender, "message_id": envelope["messageId"], "timestamp": time}
        if "text" in envelope or "image" in envelope:
            if time is None:
                raise BridgeError("missingField", "send_time_ms", "not stamped")
        if "text" in envelope:
            return [(dict(header, type="text", body=envelope["text"]["text"]), None)]
        if "image" in envelope:
            image = dict(envelope["image"])
            caption = image.pop("text", None)
            return [(dict(header, type="photo", body=caption), image)]
        if "status" in envelope:
            presence = envelope["status"]["presence"].replace("PRESENCE_", "").lower()
            hand = envelope["status"].get("handRaised", False)
            known = self.members.get(legacy_sender[0])
            plain = {"sender": legacy_sender, "message_id": None, "timestamp": None}
            out = []
            if known is None or known[0] != presence:
                out.append((dict(plain, type="status", body=presence), None))
            if (known[1] if known else False) != hand:
                out.append((dict(plain, type="raise_hand", body=hand), None))
            if not out:
                out.append((dict(plain, type="status", body=presence), None))
            self.members[legacy_sender[0]] = (presence, hand)
            return out
        custom = envelope.get("custom", {})
        if custom.get("type", "").startswith(CUSTOM_PREFIX):
            kept = parse(base64.b64decode(custom.get("payload", "")))
            return [(kept, None)]
        raise BridgeError("noLegacyForm", "body", "no legacy form")
