#!/usr/bin/env python3
"""Schema coverage of Vectors/: fails unless the vectors exercise every field and enum value.

Computed from a descriptor set that protoc builds from Schemas/ at run time (no hand-kept list):
- every field of every message declared in Schemas/ must be set to a non-default value in at
  least one VALID vector: a scalar non-zero / non-empty, an enum non-zero, a repeated field
  non-empty, a message field present, a oneof member set (whatever its value);
- every value of every enum must appear at least once: a non-zero value in a valid vector; the
  zero value (UNSPECIFIED / OK) in any vector Google's parser accepts (valid, noncanonical or
  semantic reject), counting an enum field left at zero inside a message that is present.

Each valid vector's hex is parsed with Google's protobuf and walked recursively.

Usage: coverage.py [--vectors DIR]   (also: Scripts/generate-vectors --check-coverage)
Exit 0 when complete; 1 with the missing `Message.field` and `Enum.VALUE` names otherwise.
"""

import argparse
import json
import pathlib
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "lib"))  # rtmwire_tools, shared with Scripts/codegen

import toolchain  # noqa: E402
from google.protobuf.descriptor import FieldDescriptor as FD  # noqa: E402

ROOT = HERE.parent.parent
SCHEMAS = ROOT / "Schemas"


def _short(full_name: str, package: str) -> str:
    return full_name[len(package) + 1:] if full_name.startswith(package + ".") else full_name


def _schema_inventory(google):
    """(fields, enum values, package) of every message and enum declared in Schemas/."""
    fields, values = [], []

    def messages(desc):
        yield desc
        for nested in desc.nested_types:
            yield from messages(nested)

    files = [google.pool.FindFileByName(f.name) for f in google.file_set.file]
    packages = {f.package for f in files}
    package = packages.pop() if len(packages) == 1 else ""
    for file_desc in files:
        enums = list(file_desc.enum_types_by_name.values())
        for top in file_desc.message_types_by_name.values():
            for desc in messages(top):
                enums += list(desc.enum_types)
                for field in desc.fields:
                    fields.append(_short(desc.full_name, package) + "." + field.name)
        for enum in enums:
            for value in enum.values:
                values.append((_short(enum.full_name, package), value.name, value.number))
    return fields, values, package


def _is_repeated(field) -> bool:
    flag = getattr(field, "is_repeated", None)
    return bool(flag) if flag is not None else field.label == FD.LABEL_REPEATED


def _walk(message, package, set_fields, enum_seen):
    desc = message.DESCRIPTOR
    owner = _short(desc.full_name, package)
    for field in desc.fields:
        value = getattr(message, field.name)
        if _is_repeated(field):
            items = list(value)
            is_set = bool(items)
        elif field.type == FD.TYPE_MESSAGE or field.containing_oneof is not None:
            is_set = message.HasField(field.name)
            items = [value] if is_set else []
        else:
            is_set = value != field.default_value
            items = [value]
        if is_set and set_fields is not None:
            set_fields.add(owner + "." + field.name)
        if field.type == FD.TYPE_ENUM:
            enum_name = _short(field.enum_type.full_name, package)
            for number in items:
                enum_seen.add((enum_name, number))
        if field.type == FD.TYPE_MESSAGE:
            for item in items:
                _walk(item, package, set_fields, enum_seen)


def analyse(vectors_dir: pathlib.Path, google):
    fields, values, package = _schema_inventory(google)
    set_fields, enum_valid, enum_any = set(), set(), set()
    files = sorted(vectors_dir.glob("*.json"))
    if not files:
        raise toolchain.ToolchainError("no vector files in %s" % vectors_dir)
    valid_count = 0
    for path in files:
        document = json.loads(path.read_text(encoding="utf-8"))
        for group in ("valid", "noncanonical", "reject"):
            for vector in document.get(group, []):
                # A noncanonical input may be one Google's parser refuses (the vector records
                # it); its canonical bytes never are.
                data = vector["canonicalHex"] if group == "noncanonical" else vector["hex"]
                message = google.parse(vector["type"], bytes.fromhex(data))
                if message is None:
                    if group != "reject":
                        raise toolchain.ToolchainError(
                            "%s: Google rejects %s vector %s" % (path.name, group, vector["name"]))
                    continue
                if group == "valid":
                    valid_count += 1
                    _walk(message, package, set_fields, enum_valid)
                else:
                    _walk(message, package, None, enum_any)
    enum_any |= enum_valid
    missing_fields = [f for f in fields if f not in set_fields]
    missing_values = []
    for enum_name, value_name, number in values:
        seen = enum_valid if number != 0 else enum_any
        if (enum_name, number) not in seen:
            missing_values.append("%s.%s" % (enum_name, value_name))
    return fields, values, valid_count, missing_fields, missing_values


def run(vectors_dir: pathlib.Path) -> bool:
    with tempfile.TemporaryDirectory(prefix="rtmwire-coverage-") as tmp:
        google = toolchain.Google(toolchain.build_descriptor_set(SCHEMAS, pathlib.Path(tmp)))
        fields, values, valid_count, missing_fields, missing_values = analyse(vectors_dir, google)
    if missing_fields or missing_values:
        if missing_fields:
            print("coverage: %d field(s) never set to a non-default value in a valid vector:"
                  % len(missing_fields))
            for name in missing_fields:
                print("  " + name)
        if missing_values:
            print("coverage: %d enum value(s) never seen:" % len(missing_values))
            for name in missing_values:
                print("  " + name)
        return False
    print("coverage: complete: %d fields and %d enum values, over %d valid vectors"
          % (len(fields), len(values), valid_count))
    return True


def main(argv=None):
    parser = argparse.ArgumentParser(description="Check that Vectors/ covers every schema field.")
    parser.add_argument("--vectors", type=pathlib.Path, default=ROOT / "Vectors")
    args = parser.parse_args(argv)
    try:
        return 0 if run(args.vectors) else 1
    except toolchain.ToolchainError as error:
        print("coverage: FAILED: %s" % error, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
