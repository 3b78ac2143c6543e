"""The two reference implementations the vectors are produced with.

- Google's protobuf for Python (the `protobuf` package from PyPI, pinned in Scripts/requirements.txt),
  fed with a descriptor set that protoc builds from Schemas/ at generation time.
- protobuf-c (libprotobuf-c, with protoc-c): pbc_probe.c compiled by gcc against a fresh protoc-c
  output of Schemas/, run as a subprocess that answers one line per request.

Nothing here is cached between runs: every generation rebuilds both from the schemas.
"""

import pathlib
import re
import subprocess
import sys

from google.protobuf import descriptor_pb2, descriptor_pool, json_format, message_factory

import google.protobuf

EXPECTED_PROTOBUF = "7.36.2"
EXPECTED_PROTOC = "libprotoc 3.21.12"
EXPECTED_PROTOBUF_C = "1.4.1"

HERE = pathlib.Path(__file__).resolve().parent


class ToolchainError(RuntimeError):
    pass


def _run(args, **kwargs):
    result = subprocess.run(args, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        raise ToolchainError(
            "command failed (%d): %s\n%s%s"
            % (result.returncode, " ".join(map(str, args)), result.stdout, result.stderr)
        )
    return result.stdout


def check_versions(allow_other: bool) -> list:
    """Returns the version lines; raises when a pinned tool differs (unless allow_other)."""
    found = {
        "protobuf (PyPI)": google.protobuf.__version__,
        "protoc": _run(["protoc", "--version"]).strip(),
        "libprotobuf-c": _run(["pkg-config", "--modversion", "libprotobuf-c"]).strip(),
        "protoc-c": _run(["protoc-c", "--version"]).splitlines()[0].strip(),
    }
    expected = {
        "protobuf (PyPI)": EXPECTED_PROTOBUF,
        "protoc": EXPECTED_PROTOC,
        "libprotobuf-c": EXPECTED_PROTOBUF_C,
        "protoc-c": "protobuf-c " + EXPECTED_PROTOBUF_C,
    }
    wrong = [
        "%s: found %r, vectors are made with %r" % (name, found[name], expected[name])
        for name in found
        if found[name] != expected[name]
    ]
    if wrong and not allow_other:
        raise ToolchainError(
            "tool versions differ from the pinned ones (pip install -r "
            "Scripts/requirements.txt; apt-get install protobuf-compiler protobuf-c-compiler "
            "libprotobuf-c-dev), or set RTMWIRE_VECTORS_ANY_VERSION=1 to go on anyway:\n  "
            + "\n  ".join(wrong)
        )
    return ["%s %s" % (name, found[name]) for name in found]


def proto_files(schemas: pathlib.Path) -> list:
    files = sorted(p.relative_to(schemas).as_posix() for p in schemas.rglob("*.proto"))
    if not files:
        raise ToolchainError("no .proto files under %s" % schemas)
    return files


def build_descriptor_set(schemas: pathlib.Path, workdir: pathlib.Path) -> pathlib.Path:
    out = workdir / "rtmwire.desc"
    _run(
        ["protoc", "-I", str(schemas), "--include_imports", "--descriptor_set_out", str(out)]
        + proto_files(schemas),
        cwd=schemas,
    )
    return out


class Google:
    """Google's protobuf (upb backend) over the descriptor set built from Schemas/."""

    def __init__(self, descriptor_set: pathlib.Path):
        self.file_set = descriptor_pb2.FileDescriptorSet.FromString(descriptor_set.read_bytes())
        self.pool = descriptor_pool.DescriptorPool()
        for file_proto in self.file_set.file:
            self.pool.Add(file_proto)
        self._classes = {}

    def descriptor(self, full_name: str):
        return self.pool.FindMessageTypeByName(full_name)

    def new(self, full_name: str):
        if full_name not in self._classes:
            self._classes[full_name] = message_factory.GetMessageClass(self.descriptor(full_name))
        return self._classes[full_name]()

    def parse(self, full_name: str, data: bytes):
        """The parsed message, or None when Google's parser rejects the bytes."""
        message = self.new(full_name)
        try:
            message.ParseFromString(data)
        except Exception:  # google.protobuf.message.DecodeError and friends
            return None
        return message

    @staticmethod
    def serialize(message) -> bytes:
        return message.SerializeToString(deterministic=True)

    def from_json(self, full_name: str, value: dict):
        message = self.new(full_name)
        json_format.ParseDict(value, message, descriptor_pool=self.pool)
        return message

    def to_json(self, message) -> dict:
        return json_format.MessageToDict(message, descriptor_pool=self.pool)


class ProtobufC:
    """protobuf-c 1.4.1 through the compiled pbc_probe."""

    def __init__(self, schemas: pathlib.Path, workdir: pathlib.Path):
        out = workdir / "protoc-c"
        out.mkdir()
        files = proto_files(schemas)
        _run(["protoc-c", "-I", str(schemas), "--c_out", str(out)] + files, cwd=schemas)
        sources = sorted(out.rglob("*.pb-c.c"))
        headers = sorted(out.rglob("*.pb-c.h"))
        symbols = []
        includes = []
        for header in headers:
            includes.append(header.relative_to(out).as_posix())
            symbols += re.findall(
                r"extern const ProtobufCMessageDescriptor (\w+);", header.read_text()
            )
        if not symbols:
            raise ToolchainError("protoc-c produced no message descriptors")
        types_h = "/* Generated by Scripts/vectors/toolchain.py for pbc_probe.c. */\n"
        types_h += "".join('#include "%s"\n' % inc for inc in includes)
        types_h += "static const ProtobufCMessageDescriptor *const PBC_DESCRIPTORS[] = {\n"
        types_h += "".join("    &%s,\n" % sym for sym in symbols)
        types_h += "    NULL,\n};\n"
        (out / "pbc_types.h").write_text(types_h)
        cflags = _run(["pkg-config", "--cflags", "libprotobuf-c"]).split()
        libs = _run(["pkg-config", "--libs", "libprotobuf-c"]).split()
        self.binary = workdir / "pbc_probe"
        _run(
            ["gcc", "-std=c11", "-D_POSIX_C_SOURCE=200809L", "-O1", "-Wall", "-Werror",
             "-I", str(out), *cflags, "-o", str(self.binary), str(HERE / "pbc_probe.c")]
            + [str(s) for s in sources] + libs
        )

    def run(self, requests):
        """requests: list of (full_name, bytes). Returns one (result, repacked bytes|None) each."""
        if not requests:
            return []
        stdin = "".join("%s %s\n" % (name, data.hex()) for name, data in requests)
        stdout = _run([str(self.binary)], input=stdin)
        lines = stdout.splitlines()
        if len(lines) != len(requests):
            raise ToolchainError("pbc_probe answered %d lines for %d requests" % (len(lines), len(requests)))
        answers = []
        for (name, _), line in zip(requests, lines):
            if line == "reject":
                answers.append(("reject", None))
            elif line == "accept" or line.startswith("accept "):
                answers.append(("accept", bytes.fromhex(line[7:])))
            else:
                raise ToolchainError("pbc_probe failed on a %s request: %s" % (name, line))
        return answers


def log(text: str):
    print(text, file=sys.stderr)
