"""What a case module declares. generate.py turns these into the entries of Vectors/*.json.

A case module (cases_*.py) has KIND (the file name stem) and build(ctx) returning a list of
Valid, NonCanonical and Reject objects. `ctx.enc(json, type)` gives Google's canonical bytes of a
message written as proto3 JSON, for composing hand-made bytes.
"""

import uuid
from dataclasses import dataclass
from typing import Optional, Tuple, Union

ENVELOPE = "rtmwire.v1.Envelope"

# Every runtime's behaviour on a vector is observed (through its testee) and recorded, never
# declared here. Where a runtime departs from a vector, the case must name a topic (topics.py)
# that explains what that runtime does; generation fails on an unexplained difference.
Topics = Union[str, Tuple[str, ...]]


@dataclass
class Valid:
    name: str
    description: str
    json: dict
    type: str = ENVELOPE
    topic: Topics = ()


@dataclass
class NonCanonical:
    name: str
    description: str
    hex: bytes
    type: str = ENVELOPE
    topic: Topics = ()
    # The canonical re-encoding, when Google's Python parser cannot give it (it rejects or
    # misreads the input); otherwise it must equal Google's re-serialization.
    canonical: Optional[bytes] = None


@dataclass
class Reject:
    name: str
    description: str
    error: str
    level: str  # "wire" | "semantic"
    hex: Optional[bytes] = None  # wire level: the hand-made bytes
    json: Optional[dict] = None  # semantic level: the message, encoded by Google
    type: str = ENVELOPE
    limit: Optional[str] = None
    topic: Topics = ()


def topics_of(case) -> Tuple[str, ...]:
    return (case.topic,) if isinstance(case.topic, str) else tuple(case.topic)


_NAMESPACE = uuid.UUID("6f1c2a4e-0d3b-5e8f-9a7c-1b2d3e4f5a6b")


def uid(name: str) -> str:
    """A deterministic UUID (36 characters) for a vector, so message ids differ per vector."""
    return str(uuid.uuid5(_NAMESPACE, name))


PEER = "CONVERSATION_TYPE_PEER"
CHANNEL = "CONVERSATION_TYPE_CHANNEL"
GROUP = "CONVERSATION_TYPE_GROUP"

SEND_TIME = "1732147200123"  # 2024-11-21T00:00:00.123Z


def envelope(name: str, body_field: Optional[str], body=None, *, conversation=(CHANNEL, "general"),
             sender=None, send_time: Optional[str] = SEND_TIME, delivery=None,
             message_id: Optional[str] = None) -> dict:
    """An envelope with a complete, valid header (unless overridden) and one body."""
    value = {"messageId": uid(name) if message_id is None else message_id}
    value["sender"] = {"userId": "alice", "displayName": "Alice"} if sender is None else sender
    if send_time is not None:
        value["sendTimeMs"] = send_time
    if conversation is not None:
        value["conversation"] = {"type": conversation[0], "id": conversation[1]}
    if delivery is not None:
        value["deliveryOptions"] = delivery
    if body_field is not None:
        value[body_field] = body
    return value


def pattern(count: int, seed: int = 7) -> bytes:
    """`count` deterministic bytes covering every byte value (a stand-in for thumbnail data)."""
    return bytes((i * 31 + seed) & 0xFF for i in range(count))


def b64(data: bytes) -> str:
    import base64

    return base64.b64encode(data).decode("ascii")


def without(value: dict, *keys) -> dict:
    """A copy of `value` without `keys`."""
    return {k: v for k, v in value.items() if k not in keys}
