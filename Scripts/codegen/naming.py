"""Swift names for schema names."""

import re

# Swift case names that would clash with keywords in expression position.
CASE_OVERRIDES = {"init": "initial"}
ACRONYMS = {"id": "ID", "ids": "IDs", "uid": "UID"}

# Swift names that differ from the proto field's camel case, so that one concept has one Swift
# name across the API (the naming guide, Sources/RTMWire/RTMWire.docc/NamingGuide.md). The wire
# and proto3 JSON keep the proto names. Each old name stays as a deprecated alias
# (Sources/RTMWire/Messages/Renamed/RenamedFields.swift).
SWIFT_RENAMES = {
    # A message's id is `messageID`, never `messageUID`.
    "MessageReference.message_uid": "messageID",
    "StreamReference.message_uid": "messageID",
    "StreamMessage.message_uid": "messageID",
    # A chunk names the streaming message it belongs to (StreamMessage.messageID).
    "StreamChunk.stream_id": "streamMessageID",
    # The text that accompanies media is its caption (as in MessageEdit.caption).
    "ImageMessage.text": "caption",
    "FileMessage.text": "caption",
}


def camel(name: str, upper_first: bool = False) -> str:
    """`message_ids` -> `messageIDs` (or `MessageIDs`)."""
    out = []
    for index, part in enumerate(name.split("_")):
        if index == 0 and not upper_first:
            out.append(part)
        elif part in ACRONYMS:
            out.append(ACRONYMS[part])
        else:
            out.append(part[:1].upper() + part[1:])
    return "".join(out)


def swift_property(message: str, field: str) -> str:
    """The Swift property of `message`'s field `field` (proto names; the package is ignored)."""
    return SWIFT_RENAMES.get("%s.%s" % (message.rsplit(".", 1)[-1], field), camel(field))


def json_name(name: str) -> str:
    """The proto3 JSON name: lowerCamelCase without acronyms (`message_ids` -> `messageIds`)."""
    parts = name.split("_")
    return parts[0] + "".join(p[:1].upper() + p[1:] for p in parts[1:])


def case_name(name: str) -> str:
    """The Swift case of a oneof member."""
    return CASE_OVERRIDES.get(name, camel(name))


def enum_value_prefix(enum_name: str) -> str:
    """The conventional UPPER_SNAKE prefix of an enum's values (`ConversationType` ->
    `CONVERSATION_TYPE_`), stripped from Swift names."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", enum_name).upper() + "_"


def c_lower(name: str) -> str:
    """protoc-c's CamelCase to lower_case (`MetadataItem` -> `metadata_item`)."""
    return name[:1].lower() + "".join("_" + c.lower() if c.isupper() else c for c in name[1:])
