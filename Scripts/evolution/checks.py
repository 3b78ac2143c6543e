"""The two directions of the evolution check (Scripts/check-evolution).

newer_data_older_readers: every valid vector of Vectors/ (the current schemas, made by Google's
protobuf) whose type the baseline knows, read by readers built from the baseline. Each must
accept it, re-encode it byte for byte (as its runtime's current reader does: the vector records
protobuf-c cutting a string at U+0000), route an envelope by the same header as a current
reader, and report a oneof member of a newer kind as none (case 0) with its number among the
unknown fields (the body kinds 25-29: an unknown kind, not an error).

older_data_newer_readers: every vector of the baseline's commit, read by readers built from the
current schemas. Each must do what the vector recorded, except the changes listed in
EXPECTED_CHANGES.
"""

import json

from google.protobuf import json_format

# Old vectors that newer readers read differently, by reader, with the reason. Each wrote
# deliberately foreign data into a field number the baseline reserved as room and this change
# assigned; no writer of the baseline schema can produce them (they now use numbers still free).
FOREIGN_IN_NEW_NUMBER = ("writes an unknown field into a number the baseline reserved and "
                         "rtmwire.v1 now uses for mentions, with another wire type: protobuf-c "
                         "refuses a known field of the wrong wire type (Google keeps it unknown)")
EXPECTED_CHANGES = {
    "envelope-unknown-reserved-numbers": dict.fromkeys(
        ["python", "protobuf-c", "rtmwire"],
        "writes the text \"future body\" as field 25, reserved in the baseline and now the edit "
        "body: those bytes are no MessageEdit"),
    "envelope-unknown-in-nested-messages": {"protobuf-c": FOREIGN_IN_NEW_NUMBER},
    "text-unknown-inside-body": {"protobuf-c": FOREIGN_IN_NEW_NUMBER},
    "image-inner-unknown-fields": {"protobuf-c": FOREIGN_IN_NEW_NUMBER},
    "file-inner-unknown-fixed32": {"protobuf-c": FOREIGN_IN_NEW_NUMBER},
}


class Tally:
    """Per reader: vectors read, as required, expected changes, and the failures."""

    def __init__(self, readers):
        self.rows = {reader: {"read": 0, "ok": 0, "expected": 0, "failures": []}
                     for reader in readers}

    def record(self, reader, name, problem, expected_changes=None):
        row = self.rows[reader]
        row["read"] += 1
        reason = (expected_changes or {}).get(name, {}).get(reader)
        if problem is None and reason is None:
            row["ok"] += 1
        elif problem is not None and reason is not None:
            row["expected"] += 1
        elif problem is None:
            row["failures"].append("%s: reads unchanged, but is listed as changed (%s)"
                                   % (name, reason))
        else:
            row["failures"].append("%s: %s" % (name, problem))

    @property
    def failed(self) -> bool:
        return any(row["failures"] for row in self.rows.values())

    def lines(self, title) -> list:
        out = [title, "  %-11s %6s %6s %9s %7s" % ("reader", "read", "ok", "expected", "failed")]
        for reader, row in self.rows.items():
            out.append("  %-11s %6d %6d %9d %7d" % (reader, row["read"], row["ok"],
                                                    row["expected"], len(row["failures"])))
            out += ["    FAIL " + failure for failure in row["failures"]]
        return out


def _oneof_problem(old_reader_numbers, new, old) -> str:
    """None when the older reading shows each oneof as it must: the same member when the older
    schema knows it, none plus an unknown field when it does not."""
    for index, number in enumerate(new.oneofs):
        if number == 0 or number in old_reader_numbers[index]:
            if old.oneofs[index] != number:
                return "oneof %d: member %d, want %d" % (index, old.oneofs[index], number)
        elif old.oneofs[index] != 0 or number not in old.unknown:
            return ("oneof %d: a member of a newer kind (%d) must read as none with an unknown "
                    "field %d; got member %d, unknown %s" % (index, number, number,
                                                             old.oneofs[index], old.unknown))
    return None


def newer_data_older_readers(vectors, current, baseline_python, baseline_pbc) -> tuple:
    """vectors: (kind, entry) of the current Vectors/' valid vectors. Returns (Tally, notes)."""
    tally = Tally(["python", "protobuf-c"])
    chosen = [(kind, entry) for kind, entry in vectors if baseline_python.knows(entry["type"])]
    requests = [(entry["type"], bytes.fromhex(entry["hex"])) for _, entry in chosen]
    pbc_readings = baseline_pbc.read_all(requests)
    unknown_kinds = {}
    for (kind, entry), (type_name, data), pbc in zip(chosen, requests, pbc_readings):
        name = "%s/%s" % (kind, entry["name"])
        new = current.read(type_name, data)
        descriptor = baseline_python.pool.FindMessageTypeByName(type_name)
        known = [{f.number for f in oneof.fields} for oneof in descriptor.oneofs]
        recorded = {"python": entry["google"]["reserializedHex"],
                    "protobuf-c": entry["protobufC"]["repackHex"]}
        for reader, old in (("python", baseline_python.read(type_name, data)),
                            ("protobuf-c", pbc)):
            if old is None:
                problem = "rejected"
            elif old.reencoded.hex() != recorded[reader]:
                problem = "re-encoded %s, not %s as its current reader does" % (
                    old.reencoded.hex(), recorded[reader])
            elif old.route != new.route:
                problem = "routes by %s, not %s" % (old.route, new.route)
            else:
                problem = _oneof_problem(known, new, old)
            tally.record(reader, name, problem)
            if problem is None and type_name == "rtmwire.v1.Envelope" and old.oneofs[0] == 0:
                unknown_kinds.setdefault(new.oneofs[0], set()).add(reader)
    notes = ["  %d of %d valid vectors have a type the baseline knows; unknown body kinds "
             "reported: %s" % (len(chosen), len(vectors), ", ".join(
                 "%d (%s)" % (n, " and ".join(sorted(r))) for n, r in sorted(unknown_kinds.items()))
             or "none")]
    return tally, notes


def older_data_newer_readers(old_vectors, current, current_pbc, semantics, rtmwire_failures):
    """old_vectors: (kind, group, entry) of the baseline commit's vectors; rtmwire_failures: the
    names `rtmwire verify` failed on (None: RTMWire not run). Returns a Tally."""
    readers = ["python", "protobuf-c"] + ([] if rtmwire_failures is None else ["rtmwire"])
    tally = Tally(readers)
    pbc_readings = current_pbc.read_all(
        [(entry["type"], bytes.fromhex(entry["hex"])) for _, _, entry in old_vectors])
    for (kind, group, entry), pbc in zip(old_vectors, pbc_readings):
        name = entry["name"]
        tally.record("python", name, _python_problem(current, semantics, group, entry),
                     EXPECTED_CHANGES)
        recorded = entry["protobufC"]
        if pbc is None:
            problem = None if recorded["result"] == "reject" else "rejects; recorded accept"
        elif recorded["result"] == "reject":
            problem = "accepts; recorded reject"
        elif "repackHex" in recorded and pbc.reencoded.hex() != recorded["repackHex"]:
            problem = "re-packs %s, recorded %s" % (pbc.reencoded.hex(), recorded["repackHex"])
        else:
            problem = None
        tally.record("protobuf-c", name, problem, EXPECTED_CHANGES)
        if rtmwire_failures is not None:
            failed = "%s/%s" % (kind, name) in rtmwire_failures
            tally.record("rtmwire", name, "rtmwire verify fails it" if failed else None,
                         EXPECTED_CHANGES)
    return tally


def _python_problem(current, semantics, group, entry):
    data = bytes.fromhex(entry["hex"])
    message = current.parse(entry["type"], data)
    if group == "reject" and entry["level"] == "wire":
        result = "reject" if message is None else "accept"
        recorded = entry["google"]["result"]
        return None if result == recorded else "%ss; recorded %s" % (result, recorded)
    if message is None:
        return "rejects"
    if group == "reject":
        if entry["type"] != "rtmwire.v1.Envelope":
            return None
        found = [(v.error, v.limit or None) for v in semantics.validate(message)]
        want = (entry["error"], entry.get("limit"))
        return None if found == [want] else "semantic rules find %s, recorded %s" % (found, want)
    want = bytes.fromhex(entry.get("canonicalHex", entry["hex"]))
    got = message.SerializeToString(deterministic=True)
    if got != want:
        return "re-encodes %s, recorded %s" % (got.hex(), want.hex())
    as_json = json_format.MessageToDict(message, descriptor_pool=current.pool)
    if json.dumps(as_json, sort_keys=True) != json.dumps(entry["json"], sort_keys=True):
        return "JSON %s, recorded %s" % (as_json, entry["json"])
    return None
