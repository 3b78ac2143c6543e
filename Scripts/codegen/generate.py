#!/usr/bin/env python3
"""RTMWire's generator: everything derived from the descriptors of Schemas/.

Outputs (paths relative to the repository root):
  swift              Sources/RTMWire/Messages/Generated/: for every message M, M.swift (the
                     value type), M+Wire.swift (size, encode, decode) and M+Validation.swift
                     (the semantic checks' recursion); one file per enum; MessageRegistry.swift.
                     Each other concern in the module that brings it, so that an app that does
                     not import it does not link it (issue 36):
                     Sources/RTMWireJSON/Generated/: M+JSON.swift, E+JSON.swift (proto3 JSON);
                     Sources/RTMWireText/Generated/: M+Text.swift (debugDescription's fields);
                     Sources/RTMWireViews/Generated/: M+View.swift (the view, MView, and its
                     up-front check)
  schema-table       Sources/RTMWireConformance/Schema/SchemaTable+Generated.swift (fields
                     by number, for the wire walkers of the profile checker and the fuzz checks)
  c-registry         Sources/CRTMWirePeer/rtmwire_peer_registry.c (needs --protoc-c-output, the
                     folder of protoc-c's output, whose symbols it checks)

Usage: generate.py OUTPUT... [--check] [--out PATH] [--protoc-c-output DIR]
                   [--descriptor-set FILE] [--import MODULE]
  --check           write nothing; exit 1 listing every file that differs, is missing or is stale
  --out             write the (single) output there instead (a folder for swift, a file otherwise)
  --descriptor-set  generate from this descriptor set (protoc --include_imports, ideally with
                    --include_source_info for the docs) instead of compiling Schemas/
  --import          the Swift goes into another module than RTMWire's, in one folder: every
                    file starts with `@testable import MODULE` and of its JSON and text modules
                    (MODULEJSON, MODULEText), since generated code calls the codec's internal
                    helpers (Tests/RTMWireBaselineReaderTests: the baseline schema's code)
Run through Scripts/generate-swift and Scripts/generate-c-peer. Output is deterministic.
"""

import argparse
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE.parent / "lib"))

from rtmwire_tools.descriptors import compile_schemas, load_descriptor_set, own_files  # noqa: E402

import c_registry  # noqa: E402
import schema_table  # noqa: E402
from schema import Schema  # noqa: E402
from swift_enum import enum_file, enum_json_file  # noqa: E402
from swift_json import json_file  # noqa: E402
from swift_message import message_file  # noqa: E402
from swift_registry import json_registry_file, registry_file  # noqa: E402
from swift_text import text_file  # noqa: E402
from swift_validation import validation_file  # noqa: E402
from swift_view import check_nesting, view_file  # noqa: E402
from view_layout import ViewLayout  # noqa: E402
from swift_wire import repeated_elements, wire_file  # noqa: E402

SWIFT_FOLDER = "Sources/RTMWire/Messages/Generated"
# The folders of the concerns an app pays for only when it imports their module.
JSON_FOLDER = "Sources/RTMWireJSON/Generated"
TEXT_FOLDER = "Sources/RTMWireText/Generated"
VIEW_FOLDER = "Sources/RTMWireViews/Generated"
SCHEMA_TABLE = "Sources/RTMWireConformance/Schema/SchemaTable+Generated.swift"
C_REGISTRY = "Sources/CRTMWirePeer/rtmwire_peer_registry.c"


def swift_files(schema: Schema, module_import=None) -> dict:
    """{(folder, file name): text} of the generated Swift codec, the folders relative to the
    root; with `module_import`, for another module than RTMWire's, all in one folder (None)."""
    core, json, text, view = ((None,) * 4 if module_import
                              else (SWIFT_FOLDER, JSON_FOLDER, TEXT_FOLDER, VIEW_FOLDER))
    files = {(core, "MessageRegistry.swift"): registry_file(schema)}
    if not module_import:
        check_nesting(schema)
        layout = ViewLayout(schema)
    elements = repeated_elements(schema.messages)
    for m in schema.messages:
        files[core, m.name + ".swift"] = message_file(m)
        files[core, m.name + "+Wire.swift"] = wire_file(m, elements)
        files[json, m.name + "+JSON.swift"] = json_file(m)
        files[core, m.name + "+Validation.swift"] = validation_file(m, elements)
        files[text, m.name + "+Text.swift"] = text_file(m)
        if not module_import:
            # Views are RTMWire's API; another module's copy of the codec (the baseline
            # reader's, for tests) has no use for them.
            files[view, m.name + "+View.swift"] = view_file(m, layout)
    for e in schema.enums:
        files[core, e.name + ".swift"] = enum_file(e)
        files[json, e.name + "+JSON.swift"] = enum_json_file(e)
    if not module_import:
        # The baseline reader's tests look types up by the core's registry alone.
        files[json, "MessageRegistry+JSON.swift"] = json_registry_file(schema)
    if module_import:
        imports = ["@testable import %s" % module
                   for module in (module_import, module_import + "JSON", module_import + "Text")]
        return {key: _importing(text, imports) for key, text in files.items()}
    return {(folder, name): text if folder == core else _importing(text, ["import RTMWire"])
            for (folder, name), text in files.items()}


def _importing(text: str, imports: list) -> str:
    """`text` with the `imports` lines after its two header lines."""
    lines = text.split("\n")
    return "\n".join(lines[:2] + [""] + imports + lines[2:])


def planned(output: str, schema: Schema, out, protoc_c_output, module_import=None) -> tuple:
    """([folder], {path: text}) of one output; a folder's other .swift files are stale."""
    if output == "swift":
        files = swift_files(schema, module_import)
        if out:
            folders = [pathlib.Path(out)]
            return folders, {folders[0] / name: text for (_, name), text in files.items()}
        folders = [ROOT / folder
                   for folder in (SWIFT_FOLDER, JSON_FOLDER, TEXT_FOLDER, VIEW_FOLDER)]
        return folders, {ROOT / folder / name: text for (folder, name), text in files.items()}
    if output == "schema-table":
        text = schema_table.schema_table_file(schema)
        return [], {pathlib.Path(out or ROOT / SCHEMA_TABLE): text}
    if protoc_c_output is None:
        raise SystemExit("generate.py: c-registry needs --protoc-c-output")
    text = c_registry.registry_file(schema, pathlib.Path(protoc_c_output))
    return [], {pathlib.Path(out or ROOT / C_REGISTRY): text}


def shown(path: pathlib.Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def differences(folders, files: dict) -> list:
    """What a write would change: differing, missing and stale files."""
    found = []
    for path, text in sorted(files.items()):
        if not path.exists():
            found.append("missing:  %s" % shown(path))
        elif path.read_text() != text:
            found.append("differs:  %s" % shown(path))
    for folder in folders:
        if folder.is_dir():
            found += ["stale:    %s" % shown(path) for path in sorted(folder.glob("*.swift"))
                      if path not in files]
    return found


def write(folders, files: dict):
    for folder in folders:
        folder.mkdir(parents=True, exist_ok=True)
        for path in folder.glob("*.swift"):
            if path not in files:
                path.unlink()
    for path, text in files.items():
        if not path.exists() or path.read_text() != text:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("outputs", nargs="+", choices=["swift", "schema-table", "c-registry"])
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--out")
    parser.add_argument("--protoc-c-output")
    parser.add_argument("--descriptor-set", type=pathlib.Path)
    parser.add_argument("--import", dest="module_import")
    args = parser.parse_args(argv)
    if args.out and len(args.outputs) != 1:
        parser.error("--out takes one output")
    if args.descriptor_set:
        file_set, _ = load_descriptor_set(args.descriptor_set)
        origin = shown(args.descriptor_set.resolve()) + ": "
    else:
        file_set, _ = compile_schemas(source_info=True)
        origin = "Schemas/"
    schema = Schema(own_files(file_set), origin)
    stale = []
    for output in args.outputs:
        folders, files = planned(output, schema, args.out, args.protoc_c_output,
                                 args.module_import)
        if args.check:
            stale += differences(folders, files)
        else:
            write(folders, files)
            where = ", ".join(shown(folder) for folder in folders) or shown(next(iter(files)))
            print("%s: wrote %d files in %s" % (output, len(files), where))
    if stale:
        print("generate.py: out of date with %s:\n  " % origin.rstrip(": ") + "\n  ".join(stale),
              file=sys.stderr)
        sys.exit(1)
    if args.check:
        print("%s: up to date with %s" % (", ".join(args.outputs), origin.rstrip(": ")))


if __name__ == "__main__":
    main()
