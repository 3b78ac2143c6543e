"""The two directions of the evolution check (Scripts/check-evolution).

newer_data_older_readers: every valid vector of Vectors/ (the current schemas, made by Google's
protobuf) whose type the baseline knows, read by readers built from the baseline. Each must
accept it, re-encode it byte for byte (as its runtime's current reader does: the vector records
protobuf-c cutting a string at U+0000), route an envelope by the same header as a current
reader, and report a oneof member of a newer kind as none (case 0) with its number among the
unknown fields (the body kinds 25-29: an unknown kind, not an error).

older_data_newer_readers: every vector of the baseline's commit, read by every runtime's
conformance testee (RTMWire, Python, protobuf-c, C++, Java, Java lite, Go: all built from the
current schemas). Where today's vectors hold the same vector (same bytes and expectations), each
runtime must do exactly what they record for it; elsewhere it must follow the old vector, except
the changes listed in EXPECTED_CHANGES.
"""

import json

from rtmwire_tools import oneofs

# Old vectors that today's readers do not read as the vector says, by runtime, with the reason.
# Five wrote deliberately foreign data into a field number the baseline reserved as room and the
# chat kinds assigned; no writer of the baseline schema can produce them (they now use numbers
# still free). One changed its bytes when the vectors began to record every runtime; the old
# bytes meet two known runtime differences (Vectors/README.md, the differences table).
FOREIGN_IN_NEW_NUMBER = ("writes an unknown field into a number the baseline reserved and "
                         "rtmwire.v1 now uses for mentions, with another wire type: protobuf-c "
                         "refuses a known field of the wrong wire type (Google keeps it unknown)")
WRONG_WIRE_TYPE_REFUSERS = ["protobuf-c", "go-gogo", "nanopb", "rust-prost", "rust-protobuf"]
EXPECTED_CHANGES = {
    "envelope-unknown-reserved-numbers": dict.fromkeys(
        ["rtmwire", "python", "protobuf-c", "cpp", "java", "java-lite", "go", "python-pure",
         "php", "ruby", "go-gogo", "go-apiv1", "nanopb", "rust-prost", "rust-protobuf",
         "swift-protobuf"],
        "writes the text \"future body\" as field 25, reserved in the baseline and now the edit "
        "body: those bytes are no MessageEdit"),
    # gogo, nanopb, prost and rust-protobuf refuse a known field of the wrong wire type as
    # protobuf-c does.
    "envelope-unknown-in-nested-messages": dict.fromkeys(WRONG_WIRE_TYPE_REFUSERS, FOREIGN_IN_NEW_NUMBER),
    "text-unknown-inside-body": dict.fromkeys(WRONG_WIRE_TYPE_REFUSERS, FOREIGN_IN_NEW_NUMBER),
    "image-inner-unknown-fields": dict.fromkeys(WRONG_WIRE_TYPE_REFUSERS, FOREIGN_IN_NEW_NUMBER),
    "file-inner-unknown-fixed32": dict.fromkeys(WRONG_WIRE_TYPE_REFUSERS, FOREIGN_IN_NEW_NUMBER),
    "metadata-revision-overlong": {
        "java": "its old bytes end a 10-byte varint in 00 (topic java-ten-byte-varint: Java sets "
                "bit 63); today's vector keeps that byte and moved the 7f case to wire.json",
        "go": "its old bytes end a 10-byte varint in 7f (topic tenth-byte: Go rejects it); "
              "today's vector writes that value canonically and wire.json pins the 7f case",
        "go-apiv1": "its old bytes end a 10-byte varint in 7f (topic tenth-byte: APIv1 rejects "
                    "it, as Go does)",
        "nanopb": "its old bytes end a 10-byte varint in 7f (topic tenth-byte: nanopb rejects "
                  "it, as Go does)",
        "rust-prost": "its old bytes end a 10-byte varint in 7f (topic tenth-byte: prost rejects "
                      "it, as Go does)"},
    # 0.2.0 made negative times a semantic error, so two vectors stopped carrying them: their
    # bytes changed under the same name, and the old bytes predate these runtimes' records.
    "envelope-varint-tenth-byte-overflow": dict.fromkeys(
        ["go", "go-apiv1", "nanopb", "rust-prost"],
        "its old bytes end a 10-byte varint in 7f (send_time_ms -1, now invalid); today's "
        "vector ends in 7e (INT64_MAX) and records that this runtime rejects both (topic "
        "tenth-byte)"),
    "receipt-delivery-extreme-times": {
        "rust-protobuf": "its old times included -1 and INT64_MIN (now invalid, moved to "
                         "receipt-delivery-time-*); rust-protobuf writes repeated scalars "
                         "unpacked, as today's vector records with the new times"},
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


def baseline_readings(entries, current, baseline_python, baseline_pbc) -> list:
    """Reads each valid vector entry (format 2) whose type the baseline knows with the readers
    built from the baseline. Returns (entry, {reader: (Reading or None, problem or None)}) for
    each; a problem says where a reading falls short of what an older reader must do."""
    chosen = [entry for entry in entries if baseline_python.knows(entry["type"])]
    requests = [(entry["type"], bytes.fromhex(entry["hex"])) for entry in chosen]
    pbc_readings = baseline_pbc.read_all(requests)
    found = []
    for entry, (type_name, data), pbc in zip(chosen, requests, pbc_readings):
        new = current.read(type_name, data)
        descriptor = baseline_python.pool.FindMessageTypeByName(type_name)
        known = [{f.number for f in oneof.fields} for oneof in descriptor.oneofs]
        results = entry.get("results", {})
        readings = {}
        for reader, old in (("python", baseline_python.read(type_name, data)),
                            ("protobuf-c", pbc)):
            # Byte for byte, as the runtime's current reader (protobuf-c cuts U+0000).
            recorded = results.get(reader, {}).get("reencodedHex", entry["hex"])
            if old is None:
                problem = "rejected"
            elif old.reencoded.hex() != recorded:
                problem = "re-encoded %s, not %s as its current reader does" % (
                    old.reencoded.hex(), recorded)
            elif old.route != new.route:
                problem = "routes by %s, not %s" % (old.route, new.route)
            else:
                problem = _oneof_problem(known, new, old)
            readings[reader] = (old, problem)
        found.append((entry, readings))
    return found


def baseline_record(reading, entry, baseline_python) -> dict:
    """What the vectors record of a baseline reader (`baseline` in evolution.json): the result,
    its re-encoding when it differs from `hex`, the top-level body ("text", "unknown 25" or
    "none") and the unknown field numbers it kept."""
    if reading is None:
        return {"result": "reject"}
    record = {"result": "accept"}
    if reading.reencoded.hex() != entry["hex"]:
        record["reencodedHex"] = reading.reencoded.hex()
    descriptor = baseline_python.pool.FindMessageTypeByName(entry["type"])
    if descriptor.oneofs:
        number = reading.oneofs[0]
        members = {f.number: f.name for f in descriptor.oneofs[0].fields}
        room = oneofs.descriptor_room(descriptor, descriptor.oneofs[0].name)
        newer = [n for n in reading.unknown if room and room[0] <= n <= room[1]]
        record[descriptor.oneofs[0].name] = (
            members[number] if number else "unknown %d" % newer[-1] if newer else "none")
    record["unknownFields"] = list(reading.unknown)
    return record


def newer_data_older_readers(vectors, current, baseline_python, baseline_pbc) -> tuple:
    """vectors: (kind, entry) of the current Vectors/' valid vectors. Returns (Tally, notes)."""
    tally = Tally(["python", "protobuf-c"])
    kinds = {id(entry): kind for kind, entry in vectors}
    unknown_kinds = {}
    readings = baseline_readings([entry for _, entry in vectors], current, baseline_python,
                                 baseline_pbc)
    for entry, by_reader in readings:
        for reader, (old, problem) in by_reader.items():
            tally.record(reader, "%s/%s" % (kinds[id(entry)], entry["name"]), problem)
            if problem is None and entry["type"] == "rtmwire.v1.Envelope" and old.oneofs[0] == 0:
                unknown_kinds.setdefault(old.unknown[0], set()).add(reader)
    notes = ["  %d of %d valid vectors have a type the baseline knows; unknown body kinds "
             "reported: %s" % (len(readings), len(vectors), ", ".join(
                 "%d (%s)" % (n, " and ".join(sorted(r))) for n, r in sorted(unknown_kinds.items()))
             or "none")]
    return tally, notes


def older_data_newer_readers(old_vectors, current_vectors, commands, generate):
    """old_vectors: (kind, group, entry) of the baseline commit (format 1); current_vectors:
    {name: entry} of Vectors/ (format 2); commands: {runtime: testee command}; generate: the
    vector generator module (its Plan and observe). Returns a Tally."""
    tally = Tally(list(commands))
    plans = [_old_plan(generate, kind, group, entry) for kind, group, entry in old_vectors]
    for runtime, command in commands.items():
        with generate.testees.Testee(runtime, command) as testee:
            for plan in plans:
                observed = generate.observe(testee, plan)
                current = current_vectors.get(plan.entry["name"])
                if current is not None and _same_vector(plan.entry, current):
                    want = current.get("results", {}).get(runtime, {"result": _verdict(plan)})
                    problem = None if observed == want else "%s, today's vector records %s" % (
                        json.dumps(observed)[:200], json.dumps(want)[:200])
                else:
                    departs = generate.departs(plan, observed)
                    problem = "departs: %s" % json.dumps(observed)[:200] if departs else None
                tally.record(runtime, plan.entry["name"], problem, EXPECTED_CHANGES)
    return tally


def _verdict(plan) -> str:
    return "accept" if plan.accept else "reject"


def _old_plan(generate, kind, group, entry):
    """A Plan (the generator's) of a format-1 vector: what a runtime must do with its bytes."""
    data = bytes.fromhex(entry["hex"])
    case = type("OldCase", (), {"name": entry["name"], "type": entry["type"]})
    if group == "valid":
        return generate.Plan(kind, group, case, entry, data, True, data, entry["json"], True)
    if group == "noncanonical":
        return generate.Plan(kind, group, case, entry, data, True,
                             bytes.fromhex(entry["canonicalHex"]), entry["json"], False)
    if entry["level"] == "wire":
        return generate.Plan(kind, group, case, entry, data, False, None, None, False)
    return generate.Plan(kind, group, case, entry, data, True, data, entry["json"], True)


def _same_vector(old, current) -> bool:
    keys = ("type", "hex", "canonicalHex", "json", "error", "level", "limit")
    return all(old.get(key) == current.get(key) for key in keys)
