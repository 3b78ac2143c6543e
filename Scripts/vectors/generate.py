#!/usr/bin/env python3
"""Regenerates Vectors/ (the golden vectors) and Conformance/ExpectedFailures/ from Schemas/.

Usage (normally through Scripts/generate-vectors):
  generate.py                    write Vectors/, Conformance/ExpectedFailures/ and the
                                 documents of readme.DOCUMENTS (the DocC article
                                 RuntimeDifferences, README's summary, CONTRIBUTING's
                                 results table), deterministically
  generate.py --check            generate into a temp dir; exit 1 if anything committed differs
  generate.py --check-coverage   run coverage.py on Vectors/ (may be combined with the above)
  generate.py --out DIR          write the vector files somewhere else (nothing else is written)

What a vector expects comes from Google's protobuf for Python, in process, and two reference
checkers written from the rules in Vectors/README.md; generation fails on any surprise:
- valid: Google parses the bytes (its canonical encoding of the case's JSON) and re-serializes
  them byte for byte; the JSON round-trips; refwire.py and (envelopes) semantics.py find nothing.
- noncanonical: refwire.py accepts the bytes; canonicalHex is Google's re-serialization (or the
  case's own `canonical`, which Google must read back unchanged) and differs from the bytes.
- reject, wire: refwire.py fails with exactly the named error.
- reject, semantic: the bytes are wire-valid, Google accepts them, and semantics.py finds exactly
  one violation: the named error (and limit).
Then every runtime's testee (testees.py) runs every vector and its results are recorded. Where a
runtime departs from a vector, a topic of the case (topics.py) must explain it, and a runtime
whose JSON shows it read a value otherwise must be explained by a silent topic (topics.SILENT).
"""

import argparse
import filecmp
import importlib
import json
import os
import pathlib
import sys
import tempfile
from dataclasses import dataclass
from typing import Optional

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "lib"))  # rtmwire_tools, shared with Scripts/codegen

import expected_failures  # noqa: E402
import model  # noqa: E402
import readme  # noqa: E402
import refwire  # noqa: E402
import semantics  # noqa: E402
import testees  # noqa: E402
import toolchain  # noqa: E402
from google.protobuf import unknown_fields  # noqa: E402
from topics import JSON_WRITES_DEFAULTS, SILENT, TOPICS  # noqa: E402

sys.path.insert(0, str(HERE.parent / "evolution"))  # the readers built from the baseline schema
import checks as evolution_checks  # noqa: E402
import readers  # noqa: E402

ROOT = HERE.parent.parent
SCHEMAS = ROOT / "Schemas"
VECTORS = ROOT / "Vectors"
EXPECTED_FAILURES = ROOT / "Conformance" / "ExpectedFailures"
FORMAT = "rtmwire-vectors/2"
CASE_MODULES = ["cases_envelope", "cases_wire", "cases_text", "cases_image", "cases_file",
                "cases_status", "cases_receipt", "cases_stream", "cases_stream_chunk",
                "cases_metadata", "cases_custom", "cases_edit", "cases_recall", "cases_reaction",
                "cases_reaction_summary", "cases_typing", "cases_session", "cases_history",
                "cases_group", "cases_evolution"]
EVOLUTION = "evolution"  # its vectors also record the baseline readers' results
BASELINE = ROOT / "Schemas" / "baseline" / "rtmwire-v1.binpb"
ERRORS = {"truncated", "varintTooLong", "invalidFieldNumber", "invalidWireType", "lengthPastEnd",
          "mismatchedGroupEnd", "unterminatedGroup", "invalidUTF8", "trailingBytes",
          "depthLimitExceeded", "limitExceeded", "missingField", "invalidValue"}
# Reject vectors of these errors explain their differences without naming a topic.
DEFAULT_TOPICS = {"invalidUTF8": "utf8", "depthLimitExceeded": "depth"}
# Vectors whose expected re-encoding holds unknown fields (at any depth) explain a runtime that
# drops them or re-emits them otherwise without naming a topic; so do vectors whose expected
# re-encoding holds a packed run, for a runtime that writes repeated scalars unpacked.
UNKNOWN_TOPIC = "unknown-fields"
PACKED_TOPIC = "packed"
# The interoperability profile (Vectors/README.md) says every runtime follows every valid vector
# but where these topics apply; generation holds it to that.
PROFILE_EXCEPTIONS = {"nul", "oneof-last", "enum-negative", PACKED_TOPIC}


class GenerationError(Exception):
    pass


class Context:
    def __init__(self, google):
        self.google = google

    def enc(self, value: dict, type_name: str = model.ENVELOPE) -> bytes:
        return self.google.serialize(self.google.from_json(type_name, value))


@dataclass
class Plan:
    """One vector: its entry (without results) and what every runtime is expected to do."""
    kind: str
    group: str  # valid | noncanonical | reject
    case: object
    entry: dict
    data: bytes
    accept: bool  # the bytes must be accepted (all but wire rejects)
    reencoded: Optional[bytes]  # the re-encoding an accepting runtime must produce
    json: Optional[dict]  # what a runtime's JSON printer must print, when it accepts
    from_json: bool  # the JSON must encode to exactly `reencoded` (valid, semantic reject)
    has_unknown: bool = False  # the expected re-encoding keeps unknown fields
    has_packed: bool = False  # the expected re-encoding holds a packed run

    def topics(self):
        names = model.topics_of(self.case)
        default = DEFAULT_TOPICS.get(getattr(self.case, "error", None))
        names += (default,) if default and default not in names else ()
        return (names + ((UNKNOWN_TOPIC,) if self.has_unknown else ())
                + ((PACKED_TOPIC,) if self.has_packed else ()))


def _has_packed(message) -> bool:
    """True when the message or any message inside it has a non-empty repeated scalar field
    (written as a packed run: proto3)."""
    for field, value in message.ListFields():
        if field.message_type is None:
            if field.is_repeated and len(value):
                return True
        elif any(_has_packed(v) for v in (value if field.is_repeated else [value])):
            return True
    return False


def _has_unknown(message) -> bool:
    """True when the message or any message inside it keeps unknown fields."""
    if len(unknown_fields.UnknownFieldSet(message)):
        return True
    for field, value in message.ListFields():
        if field.message_type is not None:
            if any(_has_unknown(v) for v in (value if field.is_repeated else [value])):
                return True
    return False


def _fail(case, text):
    raise GenerationError("%s: %s" % (case.name, text))


def _semantic_check(case, message, want=None):
    if case.type != model.ENVELOPE:
        return
    found = semantics.validate(message)
    if want is None:
        if found:
            _fail(case, "semantic violations in a vector that must be valid: %s"
                  % ", ".join(map(str, found)))
        return
    if len(found) != 1 or (found[0].error, found[0].limit or None) != want:
        _fail(case, "semantic reject must have exactly one violation %s, found: %s"
              % (want, ", ".join(map(str, found)) or "none"))


def _plan(google, ctx, kind, case) -> Plan:
    desc = google.descriptor(case.type)  # raises for an unknown type
    entry = {"name": case.name, "description": case.description, "type": case.type}
    if isinstance(case, model.Valid):
        data = ctx.enc(case.json, case.type)
        parsed = google.parse(case.type, data)
        if parsed is None or google.serialize(parsed) != data:
            _fail(case, "Google does not re-serialize its own encoding byte for byte")
        as_json = google.to_json(parsed)
        if as_json != google.to_json(google.from_json(case.type, case.json)):
            _fail(case, "JSON does not round-trip")
        if google.serialize(google.from_json(case.type, as_json)) != data:
            _fail(case, "canonical JSON does not encode back to the bytes")
        if refwire.check(desc, data):
            _fail(case, "reference wire checker: %s" % refwire.check(desc, data))
        _semantic_check(case, parsed)
        entry.update(hex=data.hex(), json=as_json)
        return Plan(kind, "valid", case, entry, data, True, data, as_json, True,
                    has_packed=_has_packed(parsed))

    if isinstance(case, model.NonCanonical):
        data = case.hex
        if refwire.check(desc, data):
            _fail(case, "reference wire checker: %s" % refwire.check(desc, data))
        parsed = google.parse(case.type, data)
        if case.canonical is None:
            if parsed is None:
                _fail(case, "Google rejects it: give the canonical bytes (and a topic)")
            canonical = google.serialize(parsed)
        else:
            canonical = case.canonical
        again = google.parse(case.type, canonical)
        if again is None or google.serialize(again) != canonical:
            _fail(case, "the canonical bytes are not stable under Google")
        if canonical == data:
            _fail(case, "the bytes are already canonical")
        if refwire.check(desc, canonical):
            _fail(case, "reference wire checker on the canonical bytes: %s"
                  % refwire.check(desc, canonical))
        _semantic_check(case, again)
        as_json = google.to_json(again)
        entry.update(hex=data.hex(), canonicalHex=canonical.hex(), json=as_json)
        return Plan(kind, "noncanonical", case, entry, data, True, canonical, as_json, False,
                    _has_unknown(again), _has_packed(again))

    if case.error not in ERRORS:
        _fail(case, "unknown error name %s" % case.error)
    if (case.error == "limitExceeded") != (case.limit is not None):
        _fail(case, "limit is given exactly for limitExceeded")
    if case.level == "wire":
        if case.hex is None or case.json is not None:
            _fail(case, "a wire reject is written as hex")
        data = case.hex
        wire_error = refwire.check(desc, data)
        if wire_error is None or wire_error.code != case.error:
            _fail(case, "reference wire checker says %s, the vector names %s"
                  % (wire_error or "valid", case.error))
        entry.update(hex=data.hex(), error=case.error, level="wire")
        return Plan(kind, "reject", case, entry, data, False, None, None, False)
    if case.level != "semantic":
        _fail(case, "level must be wire or semantic")
    if case.json is None or case.hex is not None:
        _fail(case, "a semantic reject is written as json")
    if case.type != model.ENVELOPE:
        _fail(case, "semantic rejects are envelopes")
    data = ctx.enc(case.json, case.type)
    if refwire.check(desc, data):
        _fail(case, "semantic reject is not wire-valid: %s" % refwire.check(desc, data))
    parsed = google.parse(case.type, data)
    _semantic_check(case, parsed, (case.error, case.limit))
    as_json = google.to_json(parsed)
    entry.update(hex=data.hex(), error=case.error, level="semantic")
    if case.limit:
        entry["limit"] = case.limit
    entry["json"] = as_json
    return Plan(kind, "reject", case, entry, data, True, data, as_json, True,
                has_packed=_has_packed(parsed))


def build_plans(google, modules):
    ctx = Context(google)
    plans, names = [], set()
    for module in modules:
        prefix = module.KIND.replace("_", "-") + "-"
        for case in module.build(ctx):
            if case.name in names:
                raise GenerationError("duplicate vector name %s" % case.name)
            names.add(case.name)
            if not case.description.strip():
                _fail(case, "no description")
            if not case.name.startswith(prefix):
                _fail(case, "name must start with the kind (%s)" % prefix)
            for topic in model.topics_of(case):
                if topic not in TOPICS:
                    _fail(case, "unknown topic %r (topics.py)" % topic)
            plans.append(_plan(google, ctx, module.KIND, case))
    return plans


# ---- what every runtime does --------------------------------------------------------------------

def _json_value(text: bytes):
    """A JSON document with every number kept as its literal text (as the Swift runner compares
    them), or None when it is not JSON."""
    try:
        return json.loads(text.decode("utf-8"), parse_int=_Number, parse_float=_Number,
                          parse_constant=_Number)
    except (UnicodeDecodeError, ValueError):
        return None


class _Number(str):
    """A JSON number's literal text: equal only to the same literal (1 and 1.0 differ)."""

    def __eq__(self, other):
        return isinstance(other, _Number) and str.__eq__(self, other)

    def __hash__(self):
        return str.__hash__(self)


def _literal(value):
    """`value` (from a vector) with numbers as _Number, to compare with a runtime's output."""
    return _json_value(json.dumps(value, ensure_ascii=False).encode("utf-8"))


def _plain(value):
    """A _json_value result back to ordinary JSON values, for the vector files."""
    if isinstance(value, _Number):
        return json.loads(str(value))
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def observe(testee, plan: Plan) -> dict:
    """The runtime's result on one vector: members appear only where it departs from it."""
    name = plan.case.type
    status, output = testee.request(name, plan.data, testees.BINARY, testees.BINARY)
    if status == "skipped":
        raise GenerationError("%s skipped a binary request (%s)" % (testee.name, plan.case.name))
    result = {"result": {"ok": "accept", "parseError": "reject"}.get(status, status)}
    if status == "ok" and output != plan.reencoded:
        result["reencodedHex"] = output.hex()
    if status == "ok" and plan.json is not None:
        status, output = testee.request(name, plan.data, testees.BINARY, testees.JSON)
        if status == "ok":
            printed = _json_value(output)
            if printed is None:
                result["jsonError"] = "not JSON: %s" % output[:80].decode("utf-8", "replace")
            elif printed != _literal(plan.json):
                result["json"] = _plain(printed)
        elif status != "skipped":
            result["jsonError"] = status
    if plan.from_json:
        text = json.dumps(plan.json, ensure_ascii=False).encode("utf-8")
        status, output = testee.request(name, text, testees.JSON, testees.BINARY)
        if status == "ok" and output != plan.reencoded:
            result["fromJsonHex"] = output.hex()
        elif status not in ("ok", "skipped"):
            result["fromJsonError"] = status
    return result


def record_baseline(plans, descriptor_set: pathlib.Path, workdir: pathlib.Path):
    """Adds `baseline` to the evolution vectors: what readers built from the baseline schema
    (Google's Python and protobuf-c, Scripts/evolution) did with them. Fails unless each accepts
    the envelope, re-encodes it byte for byte, routes it by the same header and reads a body of
    a newer kind as an unknown field of its number."""
    if not plans:
        return
    baseline_python = readers.PythonReader(BASELINE)
    readings = evolution_checks.baseline_readings(
        [plan.entry for plan in plans], readers.PythonReader(descriptor_set), baseline_python,
        readers.ProtobufCReader(BASELINE, workdir / "baseline-protobuf-c"))
    if len(readings) != len(plans):
        raise GenerationError("evolution vectors must have types the baseline knows")
    for entry, by_reader in readings:
        for reader, (reading, problem) in by_reader.items():
            if problem:
                raise GenerationError("%s: the baseline %s reader: %s" % (entry["name"], reader,
                                                                            problem))
        entry["baseline"] = {reader: evolution_checks.baseline_record(reading, entry,
                                                                     baseline_python)
                             for reader, (reading, _) in by_reader.items()}


def departs(plan: Plan, result: dict) -> bool:
    """True when the runtime fails the vector (what `rtmwire conformance run` reports)."""
    return result["result"] != ("accept" if plan.accept else "reject") or len(result) > 1


def record_results(plans, commands):
    """Adds every runtime's results to the entries; returns {runtime: [departing plans]}."""
    departures = {}
    for runtime, _ in testees.RUNTIMES:
        departures[runtime] = []
        with testees.Testee(runtime, commands[runtime]) as testee:
            for plan in plans:
                result = observe(testee, plan)
                plan.entry.setdefault("results", {})[runtime] = result
                if departs(plan, result):
                    departures[runtime].append(plan)
    explained, accepted, problems = set(), set(), []
    for runtime, departing in departures.items():
        for plan in departing:
            topics = [t for t in plan.topics() if runtime in TOPICS[t].runtimes]
            if not topics:
                problems.append("%s: %s departs from the vector (%s) and no topic of the case "
                                "explains it (topics.py)" % (plan.case.name, runtime, json.dumps(
                                    plan.entry["results"][runtime])[:300]))
            explained.update((t, runtime) for t in topics)
            result = plan.entry["results"][runtime]
            if result["result"] == "accept":
                accepted.update((t, runtime) for t in topics)
                if "json" in result and plan.accept and not any(
                        runtime in SILENT.get(t, ()) or t in JSON_WRITES_DEFAULTS
                        for t in topics):
                    problems.append("%s: %s reads other values (its JSON differs) without an "
                                    "error, but no topic of it is silent for %s (topics.SILENT)"
                                    % (plan.case.name, runtime, runtime))
            if plan.group == "valid" and not PROFILE_EXCEPTIONS & set(topics):
                problems.append("%s: %s does not follow a valid (canonical) vector: the "
                                "interoperability profile no longer holds" % (plan.case.name, runtime))
    for key, topic in TOPICS.items():
        problems += ["topics.py: %s on %r is not borne out by any vector" % (runtime, key)
                     for runtime in topic.runtimes if (key, runtime) not in explained]
    for key, runtimes in SILENT.items():
        problems += ["topics.SILENT: %s on %r is silent, but %s" % (
            runtime, key, "the topic has no such runtime" if runtime not in TOPICS[key].runtimes
            else "it accepted none of the topic's vectors it departs from")
            for runtime in runtimes if (key, runtime) not in accepted]
    if problems:
        raise GenerationError("%d problems:\n  %s" % (len(problems), "\n  ".join(problems)))
    return departures


# ---- output -------------------------------------------------------------------------------------

def dump_json(value) -> str:
    """Indented JSON in which any array or object that fits on one line (at most 100 columns
    including its indentation) is written on one line. UTF-8, no ASCII escaping, no trailing
    spaces, final newline: the same value always gives the same text."""
    return _dump(value, 0, 0) + "\n"


_WIDTH = 100


def _dump(value, indent: int, used: int) -> str:
    flat = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    if not isinstance(value, (dict, list)) or not value or indent + used + len(flat) <= _WIDTH:
        return flat
    pad = " " * (indent + 2)
    if isinstance(value, dict):
        lines = []
        for key, item in value.items():
            prefix = json.dumps(key, ensure_ascii=False) + ": "
            lines.append(pad + prefix + _dump(item, indent + 2, len(prefix)))
        return "{\n" + ",\n".join(lines) + "\n" + " " * indent + "}"
    lines = [pad + _dump(item, indent + 2, 0) for item in value]
    return "[\n" + ",\n".join(lines) + "\n" + " " * indent + "]"


def generate(vectors_dir: pathlib.Path, failures_dir: Optional[pathlib.Path],
             documents_dir: Optional[pathlib.Path], quiet=False):
    """Writes the vector files to `vectors_dir`, the expected failures to `failures_dir` and
    readme.DOCUMENTS under `documents_dir` (the repository's root, or a folder to compare)."""
    allow_other = os.environ.get("RTMWIRE_VECTORS_ANY_VERSION") == "1"
    versions = toolchain.check_versions(allow_other)
    modules = [importlib.import_module(name) for name in CASE_MODULES]
    with tempfile.TemporaryDirectory(prefix="rtmwire-vectors-") as tmp:
        descriptor_set = toolchain.build_descriptor_set(SCHEMAS, pathlib.Path(tmp))
        google = toolchain.Google(descriptor_set)
        plans = build_plans(google, modules)
        commands = testees.build([runtime for runtime, _ in testees.RUNTIMES])
        departures = record_results(plans, commands)
        record_baseline([p for p in plans if p.kind == EVOLUTION], descriptor_set,
                        pathlib.Path(tmp))

    files = {module.KIND: {"valid": [], "noncanonical": [], "reject": []} for module in modules}
    for plan in plans:
        files[plan.kind][plan.group].append(plan.entry)
    vectors_dir.mkdir(parents=True, exist_ok=True)
    expected = set()
    for kind, groups in files.items():
        document = {"format": FORMAT, "kind": kind}
        document.update(groups)
        (vectors_dir / (kind + ".json")).write_text(dump_json(document), encoding="utf-8")
        expected.add(kind + ".json")
    (vectors_dir / "README.md").write_text(readme.render(files, plans, departures),
                                           encoding="utf-8")
    expected.add("README.md")
    # Sub-folders hold other vector sets (Legacy/, made by Scripts/generate-legacy-vectors).
    for name in sorted(p.name for p in vectors_dir.iterdir()
                       if p.is_file() and p.name not in expected):
        (vectors_dir / name).unlink()
    if failures_dir is not None:
        expected_failures.write(failures_dir, departures)
    if documents_dir is not None:
        written = readme.documents(plans, departures,
                                   lambda path: (ROOT / path).read_text(encoding="utf-8"))
        for path, text in written.items():
            (documents_dir / path).parent.mkdir(parents=True, exist_ok=True)
            (documents_dir / path).write_text(text, encoding="utf-8")
    if not quiet:
        for kind, groups in files.items():
            toolchain.log("  %-13s valid %3d  noncanonical %3d  reject %3d" % (
                kind, len(groups["valid"]), len(groups["noncanonical"]), len(groups["reject"])))
        toolchain.log("  departures: %s" % ", ".join(
            "%s %d" % (runtime, len(departures[runtime])) for runtime, _ in testees.RUNTIMES))
        toolchain.log("  tools: %s" % "; ".join(versions))


def _differing_files(fresh: pathlib.Path, committed: pathlib.Path):
    names = sorted({p.name for p in fresh.iterdir()}
                   | ({p.name for p in committed.iterdir() if p.is_file()}
                      if committed.is_dir() else set()))
    return [n for n in names if not (fresh / n).is_file() or not (committed / n).is_file()
            or not filecmp.cmp(fresh / n, committed / n, shallow=False)]


def check(vectors_dir: pathlib.Path) -> bool:
    with tempfile.TemporaryDirectory(prefix="rtmwire-vectors-check-") as tmp:
        tmp = pathlib.Path(tmp)
        generate(tmp / "Vectors", tmp / "ExpectedFailures", tmp / "documents", quiet=True)
        bad = ["Vectors/" + n for n in _differing_files(tmp / "Vectors", vectors_dir)]
        bad += ["Conformance/ExpectedFailures/" + n
                for n in _differing_files(tmp / "ExpectedFailures", EXPECTED_FAILURES)]
        bad += ["%s (generated%s)" % (path, "" if regions is None else ": " + ", ".join(regions))
                for path, regions in readme.DOCUMENTS.items()
                if not (ROOT / path).is_file()
                or not filecmp.cmp(tmp / "documents" / path, ROOT / path, shallow=False)]
    for name in bad:
        toolchain.log("differs from a fresh generation: %s" % name)
    if bad:
        toolchain.log("run Scripts/generate-vectors and commit the result")
    return not bad


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="generate into a temp dir and fail if anything committed differs")
    parser.add_argument("--check-coverage", action="store_true",
                        help="fail unless every schema field and enum value is covered")
    parser.add_argument("--out", type=pathlib.Path,
                        help="write the vector files to DIR and nothing else")
    args = parser.parse_args(argv)
    try:
        ok = True
        if args.check:
            ok = check(args.out or VECTORS)
            toolchain.log("vectors: %s" % ("up to date" if ok else "OUT OF DATE"))
        elif not args.check_coverage:
            if args.out:
                generate(args.out, None, None)
            else:
                generate(VECTORS, EXPECTED_FAILURES, ROOT)
        if args.check_coverage:
            import coverage

            ok = coverage.run(args.out or VECTORS) and ok
        return 0 if ok else 1
    except (GenerationError, toolchain.ToolchainError, testees.TesteeError) as error:
        toolchain.log("generate-vectors: FAILED: %s" % error)
        return 1


if __name__ == "__main__":
    sys.exit(main())
