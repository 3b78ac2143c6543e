"""Descriptor sets of Schemas/: built with protoc, loaded with Google's protobuf for Python."""

import pathlib
import subprocess
import tempfile

from google.protobuf import descriptor_pb2, descriptor_pool

SCHEMAS = pathlib.Path(__file__).resolve().parents[3] / "Schemas"
PACKAGE_PREFIX = "rtmwire."


class ToolError(RuntimeError):
    """A tool (protoc, protoc-c, a compiler) failed or is missing."""


def run(args, **kwargs) -> str:
    """Runs a command and returns its standard output; raises ToolError when it fails."""
    try:
        result = subprocess.run(args, capture_output=True, text=True, **kwargs)
    except FileNotFoundError as error:
        raise ToolError("%s not found: %s" % (args[0], error)) from error
    if result.returncode != 0:
        raise ToolError(
            "command failed (%d): %s\n%s%s"
            % (result.returncode, " ".join(map(str, args)), result.stdout, result.stderr))
    return result.stdout


def proto_files(schemas: pathlib.Path = SCHEMAS) -> list:
    """Every .proto file under `schemas`, relative to it, in byte order."""
    files = sorted(p.relative_to(schemas).as_posix() for p in schemas.rglob("*.proto"))
    if not files:
        raise ToolError("no .proto files under %s" % schemas)
    return files


def build_descriptor_set(schemas: pathlib.Path, out: pathlib.Path,
                         source_info: bool = False) -> pathlib.Path:
    """Compiles every schema (imports included) into the descriptor set `out`. With
    `source_info`, the .proto comments come along (the Swift generator turns them into docs)."""
    args = ["protoc", "-I", str(schemas), "--include_imports", "--descriptor_set_out", str(out)]
    if source_info:
        args.append("--include_source_info")
    run(args + proto_files(schemas), cwd=schemas)
    return out


def load_descriptor_set(path: pathlib.Path):
    """(FileDescriptorSet, DescriptorPool) of a descriptor set file."""
    file_set = descriptor_pb2.FileDescriptorSet.FromString(pathlib.Path(path).read_bytes())
    pool = descriptor_pool.DescriptorPool()
    for file_proto in file_set.file:
        pool.Add(file_proto)
    return file_set, pool


def compile_schemas(schemas: pathlib.Path = SCHEMAS, source_info: bool = False):
    """Builds and loads the descriptor set of `schemas` in a temporary folder."""
    with tempfile.TemporaryDirectory(prefix="rtmwire-schemas-") as tmp:
        path = build_descriptor_set(schemas, pathlib.Path(tmp) / "schemas.pb", source_info)
        return load_descriptor_set(path)


def own_files(file_set) -> list:
    """The FileDescriptorProtos of the RTMWire schemas (imports such as descriptor.proto left
    out), in the order protoc wrote them."""
    return [f for f in file_set.file if f.package.startswith(PACKAGE_PREFIX)]


def name_order(full_name: str) -> bytes:
    """The sort key of messages: full names in byte order, the order of RTMMessageTypes.all,
    the fuzz schema table and the C peer's registry."""
    return full_name.encode()


def messages_in_name_order(file_set, pool) -> list:
    """Every top-level message Descriptor of the RTMWire schemas, in name_order."""
    messages = [pool.FindMessageTypeByName(f.package + "." + m.name)
                for f in own_files(file_set) for m in f.message_type]
    return sorted(messages, key=lambda m: name_order(m.full_name))
