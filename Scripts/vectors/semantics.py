"""The semantic rules of rtmwire.v1.Envelope (Vectors/README.md, "Semantic rules"), as code.

generate.py runs this on every vector of type rtmwire.v1.Envelope that Google's parser accepts:
valid and non-canonical vectors must yield no violation, and each semantic reject vector must
yield exactly one violation, the one it names (error and limit). The rules come from the comments
in Schemas/rtmwire/v1/*.proto; the limits' defaults are read from their one home,
Sources/RTMWire/Limits/Limits.swift. The rules are written again here on purpose: the vectors'
expected errors come from this independent statement, never from the Swift code under test.
"""

import unicodedata
from dataclasses import dataclass

from rtmwire_tools import oneofs
from rtmwire_tools.limits import swift_limit_defaults

LIMITS = swift_limit_defaults()

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


def _member(msg, oneof: str):
    """The set member of a oneof: its name, "unknown" for a member of a newer schema version
    (rtmwire_tools.oneofs: it counts as present), or None."""
    found = oneofs.member(msg, oneof)
    return "unknown" if isinstance(found, tuple) else found


_ZWJ = "\u200d"


def _graphemes(text: str) -> int:
    """Extended grapheme clusters (UAX #29), for the cases the vectors use: combining marks,
    variation selectors, emoji modifiers, tags and ZWJ sequences extend a cluster, and regional
    indicators pair into flags. (Not Hangul jamo or prepended marks: no vector has them. The
    Swift conformance tests run every vector, so a disagreement with String.count fails there.)"""
    count, previous, regional_run = 0, None, 0
    for ch in text:
        cp = ord(ch)
        regional = 0x1F1E6 <= cp <= 0x1F1FF
        extends = (unicodedata.category(ch).startswith("M") or ch == _ZWJ
                   or 0xFE00 <= cp <= 0xFE0F or 0x1F3FB <= cp <= 0x1F3FF
                   or 0xE0020 <= cp <= 0xE007F or previous == _ZWJ
                   or (regional and regional_run % 2 == 1))
        if not extends:
            count += 1
        regional_run = regional_run + 1 if regional else 0
        previous = ch
    return count


class _Validator:
    def __init__(self, limits):
        self.limits = limits
        self.found = []

    def missing(self, path):
        self.found.append(Violation("missingField", path))

    def invalid(self, path):
        self.found.append(Violation("invalidValue", path))

    def not_negative(self, path, milliseconds):
        # Times are 0 (not stamped, unknown) or later: the schema calls a negative one invalid.
        if milliseconds < 0:
            self.invalid(path)

    def over(self, path, name, actual):
        if actual > self.limits[name]:
            self.found.append(Violation("limitExceeded", path, name))

    def envelope(self, env):
        if not env.message_id:
            self.missing("message_id")
        self.not_negative("send_time_ms", env.send_time_ms)
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
        self.conversation_id = env.conversation.id
        self.app_data(env.app_data, "app_data")
        # A group message asks only for group read receipts.
        if conversation_type == GROUP and (env.delivery_options.delivery_receipt
                                           or env.delivery_options.read_receipt):
            self.invalid("delivery_options")
        if env.HasField("reply_to"):
            if not env.reply_to.message_uid:
                self.missing("reply_to.message_uid")
            self.over("reply_to.excerpt", "maxExcerptBytes", _utf8_len(env.reply_to.excerpt))
        body = _member(env, "body")
        if body is None:
            self.missing("body")
        elif body != "unknown":
            getattr(self, "body_" + body)(getattr(env, body), body, conversation_type)

    def budget(self, path, *parts):
        self.over(path, "maxContentBytes", sum(len(p) for p in parts))

    def body_text(self, msg, path, _):
        if not msg.text:
            self.missing(path + ".text")
        self.budget(path, msg.text.encode("utf-8"))
        self.mentions(msg, path)

    def mentions(self, msg, path):
        if not msg.HasField("mentions"):
            return
        path, mentions = path + ".mentions", msg.mentions
        ids = list(mentions.user_ids)
        self.over(path + ".user_ids", "maxRepeatedCount", len(ids))
        self.over(path + ".user_ids", "maxMentions", len(ids))
        if not ids and not mentions.everyone:
            self.missing(path + ".user_ids")
        self.distinct(ids, path + ".user_ids")

    def distinct(self, values, path):
        for index, value in enumerate(values):
            if not value:
                self.missing("%s[%d]" % (path, index))
            elif value in values[:index]:
                self.invalid("%s[%d]" % (path, index))

    def reaction_key(self, key, path):
        if not key:
            self.missing(path)
        elif _utf8_len(key) > self.limits["maxReactionKeyBytes"]:
            self.over(path, "maxReactionKeyBytes", _utf8_len(key))
        else:
            self.over(path, "maxReactionKeyGraphemes", _graphemes(key))

    def body_edit(self, msg, path, conversation_type):
        if not msg.target_message_id:
            self.missing(path + ".target_message_id")
        if msg.edit_time_ms <= 0:
            self.invalid(path + ".edit_time_ms")
        content = _member(msg, "content")
        if content is None:
            self.missing(path + ".content")
        elif content == "text":
            self.body_text(msg.text, path + ".text", conversation_type)
        elif content == "caption":
            self.budget(path + ".caption.text", msg.caption.text.encode("utf-8"))
            self.mentions(msg.caption, path + ".caption")

    def body_recall(self, msg, path, _):
        if not msg.target_message_id:
            self.missing(path + ".target_message_id")
        if not msg.recalled_by_user_id:
            self.missing(path + ".recalled_by_user_id")
        self.budget(path + ".reason", msg.reason.encode("utf-8"))

    def body_reaction(self, msg, path, _):
        if not msg.target_message_id:
            self.missing(path + ".target_message_id")
        self.reaction_key(msg.key, path + ".key")
        if msg.action == 0:
            self.invalid(path + ".action")

    def body_reaction_summary(self, msg, path, _):
        if not msg.target_message_id:
            self.missing(path + ".target_message_id")
        self.over(path + ".reactions", "maxRepeatedCount", len(msg.reactions))
        keys = []
        for index, count in enumerate(msg.reactions):
            item = "%s.reactions[%d]" % (path, index)
            if count.key in keys:
                self.invalid(item + ".key")
            keys.append(count.key)
            self.reaction_key(count.key, item + ".key")
            users = list(count.recent_user_ids)
            self.over(item + ".recent_user_ids", "maxRepeatedCount", len(users))
            self.over(item + ".recent_user_ids", "maxReactionRecentUsers", len(users))
            self.distinct(users, item + ".recent_user_ids")
            if count.count == 0 or count.count < len(users):
                self.invalid(item + ".count")

    def body_typing(self, msg, path, _):
        if msg.state == 0:
            self.invalid(path + ".state")
        self.over(path + ".expires_after_ms", "maxTypingExpiryMs", msg.expires_after_ms)

    def _media(self, msg, path):
        if not msg.media_id:
            self.missing(path + ".media_id")
        self.over(path + ".size", "maxMediaBytes", msg.size)  # 0 = unknown (sent by media id)
        self.not_negative(path + ".expire_time_ms", msg.expire_time_ms)
        self.budget(path, msg.file_name.encode("utf-8"), msg.thumbnail, msg.text.encode("utf-8"))
        self.mentions(msg, path)

    def body_image(self, msg, path, _):
        self._media(msg, path)

    def body_file(self, msg, path, _):
        self._media(msg, path)

    def body_status(self, msg, path, _):
        if msg.presence == 0:
            self.invalid(path + ".presence")

    GROUP_RECEIPTS = ("group_read", "group_read_count", "group_ack_query", "group_ack_page")

    def body_receipt(self, msg, path, conversation_type):
        kind = _member(msg, "kind")
        if kind is None:
            self.missing(path + ".kind")
        if kind in (None, "unknown"):
            return
        sub = getattr(msg, kind)
        path = path + "." + kind
        # Agora Chat: a group has only the group kinds, each naming that group; a conversation
        # read receipt belongs to a one-to-one chat; channels keep the rest.
        if kind in self.GROUP_RECEIPTS:
            if conversation_type not in (None, GROUP):
                self.invalid(path)
            elif (conversation_type == GROUP and sub.group_id
                  and sub.group_id != self.conversation_id):
                self.invalid(path + ".group_id")
        elif kind == "conversation_read" and conversation_type not in (None, PEER):
            self.invalid(path)
        elif conversation_type == GROUP:
            self.invalid(path)
        if kind == "delivery":
            if not sub.message_ids:
                self.missing(path + ".message_ids")
            self.over(path + ".message_ids", "maxRepeatedCount", len(sub.message_ids))
            self.over(path + ".delivered_at_ms", "maxRepeatedCount", len(sub.delivered_at_ms))
            if sub.delivered_at_ms and len(sub.delivered_at_ms) != len(sub.message_ids):
                self.invalid(path + ".delivered_at_ms")
            for index, time in enumerate(sub.delivered_at_ms):
                self.not_negative("%s.delivered_at_ms[%d]" % (path, index), time)
        elif kind == "message_read":
            if not sub.message_id:
                self.missing(path + ".message_id")
        elif kind == "conversation_read":
            if not sub.conversation_id:
                self.missing(path + ".conversation_id")
        elif kind == "group_read":
            self.group_read(sub, path)
        elif kind == "group_read_count":
            if not sub.message_id:
                self.missing(path + ".message_id")
            if not sub.group_id:
                self.missing(path + ".group_id")
        elif kind == "group_ack_query":
            if not sub.message_id:
                self.missing(path + ".message_id")
            if not sub.group_id:
                self.missing(path + ".group_id")
            if sub.page_size == 0:
                self.invalid(path + ".page_size")
            self.over(path + ".page_size", "maxGroupAckPageSize", sub.page_size)
        elif kind == "group_ack_page":
            if not sub.message_id:
                self.missing(path + ".message_id")
            if not sub.group_id:
                self.missing(path + ".group_id")
            self.over(path + ".acks", "maxGroupAckPageSize", len(sub.acks))
            self.over(path + ".acks", "maxRepeatedCount", len(sub.acks))
            for index, ack in enumerate(sub.acks):
                item = "%s.acks[%d]" % (path, index)
                if ack.message_id != sub.message_id or ack.group_id != sub.group_id:
                    self.invalid(item)
                    continue
                if not ack.ack_id:
                    self.missing(item + ".ack_id")
                if not ack.reader_user_id:
                    self.missing(item + ".reader_user_id")
                self.group_read(ack, item)

    def group_read(self, read, path):
        if not read.message_id:
            self.missing(path + ".message_id")
        if not read.group_id:
            self.missing(path + ".group_id")
        self.over(path + ".content", "maxContentBytes", _utf8_len(read.content))
        self.not_negative(path + ".read_time_ms", read.read_time_ms)

    def body_stream(self, msg, path, _):
        if not msg.message_uid:
            self.missing(path + ".message_uid")
        if msg.HasField("reference"):
            if not msg.reference.message_uid:
                self.missing(path + ".reference.message_uid")
            self.over(path + ".reference.excerpt", "maxExcerptBytes",
                      _utf8_len(msg.reference.excerpt))

    def app_data(self, entries, path):
        # At most maxAppDataEntries, no key twice (bytes compared), each key and value bounded.
        self.over(path, "maxRepeatedCount", len(entries))
        self.over(path, "maxAppDataEntries", len(entries))
        seen = set()
        for index, entry in enumerate(entries):
            item = "%s[%d]" % (path, index)
            if not entry.key:
                self.missing(item + ".key")
            self.over(item + ".key", "maxAppDataKeyBytes", _utf8_len(entry.key))
            self.over(item + ".value", "maxAppDataValueBytes", _utf8_len(entry.value))
            if entry.key and entry.key.encode("utf-8") in seen:
                self.invalid(item + ".key")
            seen.add(entry.key.encode("utf-8"))

    def body_app_data_update(self, msg, path, _):
        if not msg.target_message_id:
            self.missing(path + ".target_message_id")
        if not msg.set and not msg.removed_keys:
            self.missing(path + ".set")
        self.app_data(msg.set, path + ".set")
        self.over(path + ".removed_keys", "maxRepeatedCount", len(msg.removed_keys))
        self.over(path + ".removed_keys", "maxAppDataEntries", len(msg.removed_keys))
        set_keys = {entry.key.encode("utf-8") for entry in msg.set}
        for index, key in enumerate(msg.removed_keys):
            item = "%s.removed_keys[%d]" % (path, index)
            if not key:
                self.missing(item)
            self.over(item, "maxAppDataKeyBytes", _utf8_len(key))
            if key.encode("utf-8") in set_keys:
                self.invalid(item)
        self.not_negative(path + ".update_time_ms", msg.update_time_ms)

    def body_stream_pull_request(self, msg, path, _):
        if not msg.stream_message_id:
            self.missing(path + ".stream_message_id")

    def body_stream_pull_response(self, msg, path, _):
        if not msg.stream_message_id:
            self.missing(path + ".stream_message_id")

    def body_sign_in(self, msg, path, _):
        if not msg.token:
            self.missing(path + ".token")
        self.over(path + ".token", "maxTokenBytes", _utf8_len(msg.token))

    def body_acknowledgement(self, msg, path, _):
        if not msg.message_id:
            self.missing(path + ".message_id")
        self.not_negative(path + ".stored_time_ms", msg.stored_time_ms)

    def body_refusal(self, msg, path, _):
        if msg.code == 0:
            self.invalid(path + ".code")

    def body_history_request(self, msg, path, _):
        # Before a position or after one, not both; 1 ... maxHistoryPageSize envelopes.
        if msg.before_position and msg.after_position:
            self.invalid(path + ".after_position")
        if msg.limit == 0:
            self.invalid(path + ".limit")
        self.over(path + ".limit", "maxHistoryPageSize", msg.limit)

    def body_history_page(self, msg, path, _):
        if not msg.request_message_id:
            self.missing(path + ".request_message_id")
        if not msg.epoch:
            self.missing(path + ".epoch")
        self.over(path + ".entries", "maxRepeatedCount", len(msg.entries))
        self.over(path + ".entries", "maxHistoryPageSize", len(msg.entries))
        for index, entry in enumerate(msg.entries):
            item = "%s.entries[%d]" % (path, index)
            if entry.position == 0:
                self.invalid(item + ".position")
            if entry.stored_time_ms <= 0:
                self.invalid(item + ".stored_time_ms")
            if not entry.envelope:
                self.missing(item + ".envelope")

    def group_members(self, members, path):
        self.over(path, "maxRepeatedCount", len(members))
        for index, member in enumerate(members):
            if not member.user_id:
                self.missing("%s[%d].user_id" % (path, index))

    def body_group_request(self, msg, path, _):
        if msg.operation == 0:
            self.invalid(path + ".operation")
        self.group_members(msg.members, path + ".members")

    def body_group_response(self, msg, path, _):
        if msg.operation == 0:
            self.invalid(path + ".operation")
        self.group_members(msg.members, path + ".members")

    def body_stream_chunk(self, msg, path, _):
        if not msg.stream_id:
            self.missing(path + ".stream_id")
        if _member(msg, "event") is None:
            self.missing(path + ".event")

    def body_custom(self, msg, path, _):
        if not msg.type:
            self.missing(path + ".type")
        self.budget(path + ".payload", msg.payload)

    def body_metadata(self, msg, path, _):
        kind = _member(msg, "kind")
        if kind is None:
            self.missing(path + ".kind")
        if kind in (None, "unknown"):
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
            # Locks exist on channels only; acquiring or releasing one names it.
            elif sub.operation in (7, 8) and not sub.lock_name:
                self.missing(path + ".lock_name")
            elif sub.lock_name and _member(sub.target, "target") == "user_id":
                self.invalid(path + ".lock_name")
        elif kind == "event":
            if sub.event_type == 0:
                self.invalid(path + ".event_type")
        if sub.HasField("target"):
            self.target(sub.target, path + ".target")
        if sub.HasField("metadata"):
            self.metadata(sub.metadata, path + ".metadata")

    def target(self, target, path):
        which = _member(target, "target")
        if which is None:
            self.missing(path + ".target")
        elif which == "channel":
            if not target.channel.channel_name:
                self.missing(path + ".channel.channel_name")
            if target.channel.channel_type == 0:
                self.invalid(path + ".channel.channel_type")
        elif which == "user_id" and not target.user_id:
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
