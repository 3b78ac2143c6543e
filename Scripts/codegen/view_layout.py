"""The layout of a view's `_Fields`: the storage of each field, an estimate of each view's
Swift size, and the oneof members a view records lazily to stay within 128 bytes.

A view is its scope plus `_Fields`, the recorded offsets of its singular fields, sub-messages and
oneof members included. Swift copies an enum larger than 128 bytes through a stack temporary and
`memcpy` every time code switches on it or returns it, and reads its case through an outlined
function; at 128 bytes or less it is moved in registers. A generated view that is the payload of a
oneof enum (`EnvelopeView.Body`'s members) is therefore kept within 128 bytes: when its eager
layout is larger, the message members of its own oneofs are recorded lazily, largest first, until
it fits. A lazy member is still checked by the pass; its fields are recorded again, by a walk of
its range, when it is read. `ViewLayoutTests` checks the real sizes against this estimate's goal.
"""

from schema import Field, Message, Schema

# The largest oneof payload Swift moves in registers rather than through `memcpy`.
REGISTER_LIMIT = 128

# (size, alignment) of the view's storage types (Sources/RTMWireViews/View/ViewScope.swift).
_SCOPE = (48, 8)  # ViewInput (base, array, root, NUL flag), 32-bit start and end, path box
_FIELD_OPTIONAL = (17, 4)  # ViewField? (four 32-bit values, and Optional's tag byte)
_INT32 = (4, 4)  # a oneof's run start
_SIZES = {"ViewOccurrences": (8, 4), "ViewRange": (8, 4), "Bool": (1, 1), "UInt64": (8, 8),
          "UInt32": (4, 4)}


def storage(f: Field) -> tuple:
    """(Swift type, initial value) of a singular field's storage in `_Fields`."""
    if f.is_message:
        # The occurrence, if there is exactly one (its own range) or `many`; the sub-message's
        # own fields are recorded beside it (`_senderFields`), merged over every occurrence.
        return "ViewOccurrences", "ViewOccurrences()"
    if f.is_string or f.type.swift == "[UInt8]":
        return "ViewRange", "ViewRange()"
    # As narrow as the value (views are copied whole): a bool as read (any bit set), a 32-bit
    # value or enum as its low 32 bits, which are all its conversion reads.
    return {"Bool": ("Bool", "false"), "Int64": ("UInt64", "0"),
            "UInt64": ("UInt64", "0")}.get(f.type.swift, ("UInt32", "0"))


def _struct(members) -> tuple:
    """Swift's layout of a struct: members in order, each at its alignment; no tail padding."""
    offset, align = 0, 1
    for size, member_align in members:
        offset = -(-offset // member_align) * member_align + size
        align = max(align, member_align)
    return offset, align


def _enum(payloads) -> tuple:
    """A multi-payload enum of offset records (no spare bits): the largest payload and a tag."""
    size = max((s for s, _ in payloads), default=0)
    return size + 1, max((a for _, a in payloads), default=1)


class ViewLayout:
    """The estimated layout of every view of `schema`, and the lazy members that keep oneof
    payload views within ``REGISTER_LIMIT``."""

    def __init__(self, schema: Schema):
        self._by_name = {m.full_name: m for m in schema.messages}
        self._fields = {}
        self.lazy = set()  # (message full name, member field number)
        payloads = {f.full_type_name for m in schema.messages for o in m.oneofs
                    for f in o.fields if f.is_message}
        # Innermost first: a member's own size is settled before its parent's is weighed.
        for name in sorted(payloads, key=self._nesting):
            self._fit(self._by_name[name])

    def is_lazy(self, m: Message, f: Field) -> bool:
        """Whether `m`'s oneof member `f` is recorded when read rather than by the pass."""
        return (m.full_name, f.number) in self.lazy

    def view_size(self, m: Message) -> int:
        """The estimated size of `m`'s view: its scope, then its `_Fields`."""
        return _struct([_SCOPE, self.fields(m)])[0]

    def fields(self, m: Message) -> tuple:
        """(size, alignment) of `m`'s `_Fields`, with the lazy members decided so far."""
        if m.full_name not in self._fields:
            members = []
            for f in m.by_number:
                if f.repeated or f.oneof is not None:
                    continue
                members.append(_SIZES[storage(f)[0]])
                if f.is_message:
                    members.append(self.fields(self._by_name[f.full_type_name]))
            for oneof in m.oneofs:
                members += [_FIELD_OPTIONAL, _INT32, _SIZES["ViewOccurrences"]]
                records = [self.fields(self._by_name[f.full_type_name]) for f in oneof.fields
                           if f.is_message and (m.full_name, f.number) not in self.lazy]
                if any(f.is_message for f in oneof.fields):
                    members.append(_enum(records))
            self._fields[m.full_name] = _struct(members)
        return self._fields[m.full_name]

    def _nesting(self, name: str) -> int:
        m = self._by_name[name]
        return max((self._nesting(f.full_type_name) + 1 for f in m.fields
                    if f.is_message and not f.repeated), default=0)

    def _fit(self, m: Message):
        """Makes `m`'s largest oneof message members lazy until its view fits the limit."""
        candidates = [f for o in m.oneofs for f in o.fields if f.is_message]
        candidates.sort(key=lambda f: -self.fields(self._by_name[f.full_type_name])[0])
        for f in candidates:
            if self.view_size(m) <= REGISTER_LIMIT:
                return
            self.lazy.add((m.full_name, f.number))
            self._fields.clear()
