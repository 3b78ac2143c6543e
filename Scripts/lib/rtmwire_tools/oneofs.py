"""Oneof members of newer schema versions: the rule the generator (OneofMember), the vectors'
semantic rules and the evolution check share.

A oneof's room is the reserved field numbers that continue right after its highest member
(Envelope.body: members 16-39, room 40-63). An unknown field numbered there, when no known
member is set, is a member added by a newer schema version: readers report an unknown kind and
the rules that require the oneof accept it.
"""

from google.protobuf import descriptor_pb2
from google.protobuf.unknown_fields import UnknownFieldSet


def room(member_numbers, reserved) -> tuple:
    """(first, last) of the room after the members, or None; `reserved` holds (start, end)
    pairs with inclusive ends."""
    highest = last = max(member_numbers)
    grown = True
    while grown:
        grown = False
        for first, end in reserved:
            if first <= last + 1 <= end:
                last, grown = end, True
    return (highest + 1, last) if last > highest else None


def descriptor_room(descriptor, oneof: str):
    """The room of a oneof of a message Descriptor (Google's protobuf for Python)."""
    proto = descriptor_pb2.DescriptorProto()
    descriptor.CopyToProto(proto)
    reserved = [(r.start, r.end - 1) for r in proto.reserved_range]  # descriptor ends: exclusive
    return room([f.number for f in descriptor.oneofs_by_name[oneof].fields], reserved)


def member(message, oneof: str):
    """The set member of a parsed message's oneof: its field name, ("unknown", number) for the
    last unknown field in the oneof's room, or None."""
    name = message.WhichOneof(oneof)
    if name is not None:
        return name
    span = descriptor_room(message.DESCRIPTOR, oneof)
    if span is None:
        return None
    numbers = [f.field_number for f in UnknownFieldSet(message) if span[0] <= f.field_number <= span[1]]
    return ("unknown", numbers[-1]) if numbers else None
