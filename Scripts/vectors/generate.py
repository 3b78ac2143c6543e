#!/usr/bin/env python3
"""Regenerates every file in Vectors/ from Schemas/ with Google's protobuf and protobuf-c.

Usage (normally through Scripts/generate-vectors):
  generate.py                    write Vectors/ (deterministic: same inputs, same bytes)
  generate.py --check            regenerate into a temp dir; exit 1 if Vectors/ differs
  generate.py --check-coverage   run coverage.py on Vectors/ (may be combined with the above)
  generate.py --out DIR          write somewhere else

Every vector is checked before anything is written; any surprise fails the run loudly:
- valid: Google parses the hex and re-serializes it byte for byte; its JSON (MessageToDict) is
  the vector's json; protobuf-c unpacks it and re-packs the same bytes (a documented exception
  must be declared per vector); the reference wire checker (refwire.py) and, for envelopes, the
  semantic rules (semantics.py) find nothing.
- noncanonical: Google accepts the hex and its re-serialization differs from it; refwire.py
  finds nothing; envelopes pass semantics.py; protobuf-c does what the case declares.
- reject, wire: refwire.py fails with exactly the named error; Google and protobuf-c do what the
  case declares.
- reject, semantic: the bytes are wire-valid, Google accepts them, and semantics.py finds exactly
  one violation: the named error (and limit).
"""

import argparse
import filecmp
import importlib
import json
import os
import pathlib
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "lib"))  # rtmwire_tools, shared with Scripts/codegen

import model  # noqa: E402
import readme  # noqa: E402
import refwire  # noqa: E402
import semantics  # noqa: E402
import toolchain  # noqa: E402

ROOT = HERE.parent.parent
SCHEMAS = ROOT / "Schemas"
VECTORS = ROOT / "Vectors"
FORMAT = "rtmwire-vectors/1"
CASE_MODULES = ["cases_envelope", "cases_text", "cases_image", "cases_file", "cases_status",
                "cases_receipt", "cases_stream", "cases_stream_chunk", "cases_metadata",
                "cases_custom", "cases_edit", "cases_recall", "cases_reaction",
                "cases_reaction_summary", "cases_typing"]
ERRORS = {"truncated", "varintTooLong", "invalidFieldNumber", "invalidWireType", "lengthPastEnd",
          "mismatchedGroupEnd", "unterminatedGroup", "invalidUTF8", "trailingBytes",
          "depthLimitExceeded", "limitExceeded", "missingField", "invalidValue"}


class GenerationError(Exception):
    pass


class Context:
    def __init__(self, google):
        self.google = google

    def enc(self, value: dict, type_name: str = model.ENVELOPE) -> bytes:
        return self.google.serialize(self.google.from_json(type_name, value))


def _fail(case, text):
    raise GenerationError("%s: %s" % (case.name, text))


def _pbc_block(answer, with_hex=True):
    result, repacked = answer
    block = {"result": result}
    if result == "accept" and with_hex:
        block["repackHex"] = repacked.hex()
    return block


def _check_pbc(case, expected, answer, canonical):
    result, repacked = answer
    if result == "reject":
        observed = model.REJECT
    elif repacked == canonical:
        observed = model.SAME
    else:
        observed = model.DIFFERS
    if observed != expected:
        _fail(case, "protobuf-c: expected %s, observed %s (re-pack %s, canonical %s)"
              % (expected, observed, repacked.hex() if repacked is not None else "-",
                 canonical.hex()))
    return observed


def _semantic_check(google, case, message, want=None):
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


def build_entries(google, pbc, modules):
    """Returns {kind: {"valid": [...], "noncanonical": [...], "reject": [...]}} and differences."""
    ctx = Context(google)
    plans = []
    names = set()
    for module in modules:
        for case in module.build(ctx):
            if case.name in names:
                raise GenerationError("duplicate vector name %s" % case.name)
            names.add(case.name)
            if not case.description.strip():
                _fail(case, "no description")
            if not case.name.startswith(module.KIND.replace("_", "-") + "-"):
                _fail(case, "name must start with the kind (%s-)" % module.KIND.replace("_", "-"))
            google.descriptor(case.type)  # raises for an unknown type
            if isinstance(case, model.Valid):
                data = ctx.enc(case.json, case.type)
            elif isinstance(case, model.NonCanonical):
                data = case.hex
            elif case.level == "semantic":
                if case.json is None or case.hex is not None:
                    _fail(case, "a semantic reject is written as json")
                data = ctx.enc(case.json, case.type)
            else:
                if case.hex is None or case.json is not None:
                    _fail(case, "a wire reject is written as hex")
                data = case.hex
            plans.append((module.KIND, case, data))

    answers = pbc.run([(case.type, data) for _, case, data in plans])

    files = {module.KIND: {"valid": [], "noncanonical": [], "reject": []} for module in modules}
    differences = []
    for (kind, case, data), answer in zip(plans, answers):
        desc = google.descriptor(case.type)
        entry = {"name": case.name, "description": case.description, "type": case.type,
                 "hex": data.hex()}
        parsed = google.parse(case.type, data)
        wire_error = refwire.check(desc, data)

        if isinstance(case, model.Valid):
            if parsed is None:
                _fail(case, "Google rejects a valid vector")
            if google.serialize(parsed) != data:
                _fail(case, "Google's re-serialization differs from the canonical bytes")
            as_json = google.to_json(parsed)
            if as_json != google.to_json(google.from_json(case.type, case.json)):
                _fail(case, "JSON does not round-trip")
            if google.serialize(google.from_json(case.type, as_json)) != data:
                _fail(case, "canonical JSON does not encode back to the bytes")
            if wire_error:
                _fail(case, "reference wire checker: %s" % wire_error)
            _semantic_check(google, case, parsed)
            observed = _check_pbc(case, case.protobuf_c, answer, data)
            entry["json"] = as_json
            entry["google"] = {"result": "accept", "reserializedHex": data.hex()}
            entry["protobufC"] = _pbc_block(answer)
            files[kind]["valid"].append(entry)
            if observed != model.SAME:
                differences.append((kind, "valid", case, "accept; re-serializes the same bytes",
                                    _pbc_summary(answer, data)))

        elif isinstance(case, model.NonCanonical):
            if parsed is None:
                _fail(case, "Google rejects a non-canonical vector")
            canonical = google.serialize(parsed)
            if canonical == data:
                _fail(case, "the bytes are already canonical")
            again = google.parse(case.type, canonical)
            if again is None or google.serialize(again) != canonical:
                _fail(case, "the canonical bytes are not stable under Google")
            if wire_error or refwire.check(desc, canonical):
                _fail(case, "reference wire checker: %s" % (wire_error or "canonical bytes fail"))
            _semantic_check(google, case, parsed)
            observed = _check_pbc(case, case.protobuf_c, answer, canonical)
            entry["canonicalHex"] = canonical.hex()
            entry["json"] = google.to_json(parsed)
            entry["google"] = {"result": "accept", "reserializedHex": canonical.hex()}
            entry["protobufC"] = _pbc_block(answer)
            files[kind]["noncanonical"].append(entry)
            if observed != model.SAME:
                differences.append((kind, "noncanonical", case,
                                    "accept; re-serializes to canonicalHex",
                                    _pbc_summary(answer, canonical)))

        else:
            if case.error not in ERRORS:
                _fail(case, "unknown error name %s" % case.error)
            if (case.error == "limitExceeded") != (case.limit is not None):
                _fail(case, "limit is given exactly for limitExceeded")
            google_result = "reject" if parsed is None else "accept"
            pbc_result = answer[0]
            if case.level == "wire":
                if wire_error is None or wire_error.code != case.error:
                    _fail(case, "reference wire checker says %s, vector names %s"
                          % (wire_error or "valid", case.error))
                want_google = case.google or model.REJECT
                want_pbc = case.protobuf_c or model.REJECT
            elif case.level == "semantic":
                if wire_error is not None:
                    _fail(case, "semantic reject is not wire-valid: %s" % wire_error)
                if case.type != model.ENVELOPE:
                    _fail(case, "semantic rejects are envelopes")
                if parsed is None:
                    _fail(case, "Google rejects a semantic-level vector")
                _semantic_check(google, case, parsed, (case.error, case.limit))
                want_google = case.google or model.ACCEPT
                want_pbc = case.protobuf_c or model.ACCEPT
            else:
                _fail(case, "level must be wire or semantic")
            if google_result != want_google:
                _fail(case, "Google: expected %s, observed %s" % (want_google, google_result))
            if pbc_result != want_pbc:
                _fail(case, "protobuf-c: expected %s, observed %s" % (want_pbc, pbc_result))
            entry["error"] = case.error
            entry["level"] = case.level
            if case.limit:
                entry["limit"] = case.limit
            if case.level == "semantic":
                entry["json"] = google.to_json(parsed)
            entry["google"] = {"result": google_result}
            entry["protobufC"] = {"result": pbc_result}
            files[kind]["reject"].append(entry)
            if google_result != pbc_result:
                differences.append((kind, "reject (%s)" % case.error, case, google_result,
                                    pbc_result))
    return files, [(_topic(case), kind, group, case, g, p)
                   for kind, group, case, g, p in differences]


TOPIC_UTF8 = "invalid UTF-8 in a string field"
TOPIC_DEPTH = "nesting deeper than 32"


def _topic(case) -> str:
    """Every vector on which the two implementations differ must say why (its topic)."""
    if case.topic:
        return case.topic
    if isinstance(case, model.Reject) and case.error == "invalidUTF8":
        return TOPIC_UTF8
    if isinstance(case, model.Reject) and case.error == "depthLimitExceeded":
        return TOPIC_DEPTH
    raise GenerationError("%s: protobuf-c and Google differ but the case names no topic" % case.name)


def _pbc_summary(answer, canonical):
    result, repacked = answer
    if result == "reject":
        return "reject"
    return "accept; re-packs %d bytes, not the %d canonical ones" % (len(repacked), len(canonical))


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


def write_vectors(out_dir: pathlib.Path, quiet=False):
    allow_other = os.environ.get("RTMWIRE_VECTORS_ANY_VERSION") == "1"
    versions = toolchain.check_versions(allow_other)
    modules = [importlib.import_module(name) for name in CASE_MODULES]
    with tempfile.TemporaryDirectory(prefix="rtmwire-vectors-") as tmp:
        tmp = pathlib.Path(tmp)
        google = toolchain.Google(toolchain.build_descriptor_set(SCHEMAS, tmp))
        pbc = toolchain.ProtobufC(SCHEMAS, tmp)
        files, differences = build_entries(google, pbc, modules)

    out_dir.mkdir(parents=True, exist_ok=True)
    expected = set()
    for kind, groups in files.items():
        document = {"format": FORMAT, "kind": kind}
        document.update(groups)
        path = out_dir / (kind + ".json")
        path.write_text(dump_json(document), encoding="utf-8")
        expected.add(path.name)
    (out_dir / "README.md").write_text(readme.render(files, differences), encoding="utf-8")
    expected.add("README.md")
    stale = sorted(p.name for p in out_dir.iterdir() if p.name not in expected)
    for name in stale:
        (out_dir / name).unlink()
    if not quiet:
        total = sum(p.stat().st_size for p in out_dir.iterdir())
        for kind, groups in files.items():
            toolchain.log("  %-13s valid %3d  noncanonical %3d  reject %3d" % (
                kind, len(groups["valid"]), len(groups["noncanonical"]), len(groups["reject"])))
        toolchain.log("  differences protobuf-c vs Google: %d; %s: %d bytes; tools: %s"
                      % (len(differences), out_dir, total, "; ".join(versions)))


def check(committed: pathlib.Path) -> bool:
    with tempfile.TemporaryDirectory(prefix="rtmwire-vectors-check-") as tmp:
        fresh = pathlib.Path(tmp) / "Vectors"
        write_vectors(fresh, quiet=True)
        if not committed.is_dir():
            toolchain.log("%s does not exist" % committed)
            return False
        names = sorted(set(p.name for p in fresh.iterdir()) | set(p.name for p in committed.iterdir()))
        bad = [n for n in names if not (fresh / n).is_file() or not (committed / n).is_file()
               or not filecmp.cmp(fresh / n, committed / n, shallow=False)]
        for name in bad:
            toolchain.log("differs from a fresh generation: Vectors/%s" % name)
        if bad:
            toolchain.log("run Scripts/generate-vectors and commit the result")
        return not bad


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="regenerate into a temp dir and fail if Vectors/ differs")
    parser.add_argument("--check-coverage", action="store_true",
                        help="fail unless every schema field and enum value is covered")
    parser.add_argument("--out", type=pathlib.Path, default=VECTORS,
                        help="output directory (default: Vectors/)")
    args = parser.parse_args(argv)
    try:
        ok = True
        if args.check:
            ok = check(args.out)
            toolchain.log("vectors: %s" % ("up to date" if ok else "OUT OF DATE"))
        elif not args.check_coverage:
            write_vectors(args.out)
        if args.check_coverage:
            import coverage

            ok = coverage.run(args.out) and ok
        return 0 if ok else 1
    except (GenerationError, toolchain.ToolchainError) as error:
        toolchain.log("generate-vectors: FAILED: %s" % error)
        return 1


if __name__ == "__main__":
    sys.exit(main())
