"""The semantic rules of rtmwire.v1.Envelope (Vectors/README.md, "Semantic rules"), as code.

generate.py runs this on every vector of type rtmwire.v1.Envelope that Google's parser accepts:
valid and non-canonical vectors must yield no violation, and each semantic reject vector must
yield exactly one violation, the one it names (error and limit). The rules come from the comments
in Schemas/rtmwire/v1/*.proto; the limits' defaults are read from their one home,
Sources/RTMWire/Limits/Limits.swift. The rules are written again here on purpose: the vectors'
expected errors come from this independent statement, never from the Swift code under test.
"""

from dataclasses import dataclass

from rtmwire_tools.limits import swift_limit_defaults

# minMediaBytes is a fixed rule, not a configurable limit: sizes must be non-empty.
LIMITS = dict(swift_limit_defaults(), minMediaBytes=1)

PEER, CHANNEL, GROUP = 1, 2, 3


@dataclass(frozen=True)
class Violation:
    error: str
    path: str
    limit: str = ""

    def __str__(self):
        return "%s %s%s" % (self.error, self.path, " (%s)" % self.limit if self.limit else "")


def _utf8_len(text: str) -> int:
    return len(text.encode("utf-8"))


class _Validator:
    def __init__(self, limits):
        self.limits = limits
        self.found = []

    def missing(self, path):
        self.found.append(Violation("missingField", path))

    def invalid(self, path):
        self.found.append(Violation("invalidValue", path))

    def over(self, path, name, actual):
        if name.startswith("min"):
            if actual < self.limits[name]:
                self.found.append(Violation("limitExceeded", path, name))
        elif actual > self.limits[name]:
            self.found.append(Violation("limitExceeded", path, name))

    def envelope(self, env):
        if not env.message_id:
            self.missing("message_id")
        if not env.HasField("sender"):
            self.missing("sender")
        elif not env.sender.user_id:
            self.missing("sender.user_id")
        conversation_type = None
        if not env.HasField("conversation"):
            self.missing("conversation")
        else:
            conversation_type = env.conversation.type
            if conversation_type == 0:
                self.invalid("conversation.type")
            if not env.conversation.id:
                self.missing("conversation.id")
        body = env.WhichOneof("body")
        if body is None:
            self.missing("body")
            return
        getattr(self, "body_" + body)(getattr(env, body), body, conversation_type)

    def budget(self, path, *parts):
        self.over(path, "maxContentBytes", sum(len(p) for p in parts))

    def body_text(self, msg, path, _):
        if not msg.text:
            self.missing(path + ".text")
        self.budget(path, msg.text.encode("utf-8"))

    def _media(self, msg, path):
        if not msg.media_id:
            self.missing(path + ".media_id")
        self.over(path + ".size", "minMediaBytes", msg.size)
        self.over(path + ".size", "maxMediaBytes", msg.size)
        self.budget(path, msg.file_name.encode("utf-8"), msg.thumbnail, msg.text.encode("utf-8"))

    def body_image(self, msg, path, _):
        self._media(msg, path)

    def body_file(self, msg, path, _):
        self._media(msg, path)

    def body_status(self, msg, path, _):
        if msg.presence == 0:
            self.invalid(path + ".presence")

    def body_receipt(self, msg, path, conversation_type):
        kind = msg.WhichOneof("kind")
        if kind is None:
            self.missing(path + ".kind")
            return
        sub = getattr(msg, kind)
        path = path + "." + kind
        if kind == "delivery":
            if not sub.message_ids:
                self.missing(path + ".message_ids")
            self.over(path + ".message_ids", "maxRepeatedCount", len(sub.message_ids))
            self.over(path + ".delivered_at_ms", "maxRepeatedCount", len(sub.delivered_at_ms))
            if sub.delivered_at_ms and len(sub.delivered_at_ms) != len(sub.message_ids):
                self.invalid(path + ".delivered_at_ms")
        elif kind == "message_read":
            if not sub.message_id:
                self.missing(path + ".message_id")
        elif kind == "conversation_read":
            if not sub.conversation_id:
                self.missing(path + ".conversation_id")
            if conversation_type not in (None, PEER):
                self.invalid(path)
        elif kind == "group_read":
            if not sub.message_id:
                self.missing(path + ".message_id")
            if not sub.group_id:
                self.missing(path + ".group_id")
            if conversation_type not in (None, GROUP):
                self.invalid(path)
        elif kind == "group_read_count":
            if not sub.message_id:
                self.missing(path + ".message_id")
            if not sub.group_id:
                self.missing(path + ".group_id")

    def body_stream(self, msg, path, _):
        if not msg.message_uid:
            self.missing(path + ".message_uid")
        if msg.HasField("reference") and not msg.reference.message_uid:
            self.missing(path + ".reference.message_uid")

    def body_stream_chunk(self, msg, path, _):
        if not msg.stream_id:
            self.missing(path + ".stream_id")
        if msg.WhichOneof("event") is None:
            self.missing(path + ".event")

    def body_custom(self, msg, path, _):
        if not msg.type:
            self.missing(path + ".type")
        self.budget(path + ".payload", msg.payload)

    def body_metadata(self, msg, path, _):
        kind = msg.WhichOneof("kind")
        if kind is None:
            self.missing(path + ".kind")
            return
        sub = getattr(msg, kind)
        path = path + "." + kind
        if kind == "request":
            if not sub.request_id:
                self.missing(path + ".request_id")
            if sub.operation == 0:
                self.invalid(path + ".operation")
            if not sub.HasField("target"):
                self.missing(path + ".target")
        elif kind == "event":
            if sub.event_type == 0:
                self.invalid(path + ".event_type")
        if sub.HasField("target"):
            self.target(sub.target, path + ".target")
        if sub.HasField("metadata"):
            self.metadata(sub.metadata, path + ".metadata")

    def target(self, target, path):
        which = target.WhichOneof("target")
        if which is None:
            self.missing(path + ".target")
        elif which == "channel":
            if not target.channel.channel_name:
                self.missing(path + ".channel.channel_name")
            if target.channel.channel_type == 0:
                self.invalid(path + ".channel.channel_type")
        elif not target.user_id:
            self.missing(path + ".user_id")

    def metadata(self, metadata, path):
        self.over(path + ".items", "maxRepeatedCount", len(metadata.items))
        for index, item in enumerate(metadata.items):
            item_path = "%s.items[%d]" % (path, index)
            if not item.key:
                self.missing(item_path + ".key")
            self.over(item_path + ".key", "maxMetadataKeyBytes", _utf8_len(item.key))
            self.over(item_path + ".value", "maxMetadataValueBytes", _utf8_len(item.value))


def validate(envelope, limits=None) -> list:
    """All semantic violations of a parsed rtmwire.v1.Envelope, in check order."""
    validator = _Validator(dict(LIMITS, **(limits or {})))
    validator.envelope(envelope)
    _no_nul(envelope, "", validator)
    return validator.found


def _no_nul(message, path, validator):
    """RTMWire rejects U+0000 in any string of a checked message: protobuf-c cuts strings there."""
    for field, value in message.ListFields():
        name = path + field.name
        values = value if field.is_repeated else [value]
        for item in values:
            if field.type == field.TYPE_STRING and "\x00" in item:
                validator.invalid(name)
            elif field.type == field.TYPE_MESSAGE:
                _no_nul(item, name + ".", validator)
