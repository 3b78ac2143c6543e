"""The tools the vectors are made with, and their pinned versions.

- Google's protobuf for Python (the `protobuf` package from PyPI, pinned in Scripts/requirements.txt),
  fed with a descriptor set that protoc builds from Schemas/ at generation time: it writes the
  canonical bytes and JSON of the vectors.
- The runtimes whose results the vectors record run as conformance testees (testees.py); their
  versions are pinned here because the recorded results depend on them.
"""

import pathlib
import re
import sys

from google.protobuf import json_format, message_factory
# Shared with Scripts/codegen and the fuzz tools.
from rtmwire_tools import descriptors
from rtmwire_tools.descriptors import ToolError, load_descriptor_set, proto_files, run as _run

import google.protobuf

EXPECTED_PROTOBUF = "7.36.2"
EXPECTED_PROTOC = "libprotoc 3.21.12"
EXPECTED_PROTOBUF_C = "1.4.1"
EXPECTED_LIBPROTOBUF = "3.21.12"  # C++ (libprotobuf-dev) and Java (libprotobuf-java)
EXPECTED_GO_PROTOBUF = "1.28.1"  # golang-google-protobuf-dev
GO_VERSION_FILE = pathlib.Path("/usr/share/gocode/src/google.golang.org/protobuf/internal/version/version.go")
JAVA_JAR = pathlib.Path("/usr/share/java/protobuf.jar")

HERE = pathlib.Path(__file__).resolve().parent


ToolchainError = ToolError  # what the vector scripts catch


def _go_protobuf_version() -> str:
    try:
        text = GO_VERSION_FILE.read_text()
    except OSError:
        return "missing"
    parts = [re.search(r"\b%s\s*=\s*(\d+)" % key, text) for key in ("Major", "Minor", "Patch")]
    return ".".join(m.group(1) for m in parts) if all(parts) else "unknown"


def _java_version() -> str:
    match = re.search(r"protobuf-([0-9.]+)\.jar$", str(JAVA_JAR.resolve()))
    return match.group(1) if match else "missing"


def check_versions(allow_other: bool) -> list:
    """Returns the version lines; raises when a pinned tool differs (unless allow_other)."""
    found = {
        "protobuf (PyPI)": google.protobuf.__version__,
        "protoc": _run(["protoc", "--version"]).strip(),
        "libprotobuf-c": _run(["pkg-config", "--modversion", "libprotobuf-c"]).strip(),
        "protoc-c": _run(["protoc-c", "--version"]).splitlines()[0].strip(),
        "libprotobuf (C++)": _run(["pkg-config", "--modversion", "protobuf"]).strip(),
        "protobuf-java": _java_version(),
        "google.golang.org/protobuf": _go_protobuf_version(),
    }
    expected = {
        "protobuf (PyPI)": EXPECTED_PROTOBUF,
        "protoc": EXPECTED_PROTOC,
        "libprotobuf-c": EXPECTED_PROTOBUF_C,
        "protoc-c": "protobuf-c " + EXPECTED_PROTOBUF_C,
        "libprotobuf (C++)": EXPECTED_LIBPROTOBUF,
        "protobuf-java": EXPECTED_LIBPROTOBUF,
        "google.golang.org/protobuf": EXPECTED_GO_PROTOBUF,
    }
    wrong = [
        "%s: found %r, vectors are made with %r" % (name, found[name], expected[name])
        for name in found
        if found[name] != expected[name]
    ]
    if wrong and not allow_other:
        raise ToolchainError(
            "tool versions differ from the pinned ones (Scripts/install-deps installs them), or "
            "set RTMWIRE_VECTORS_ANY_VERSION=1 to go on anyway:\n  "
            + "\n  ".join(wrong)
        )
    return ["%s %s" % (name, found[name]) for name in found]


def build_descriptor_set(schemas: pathlib.Path, workdir: pathlib.Path) -> pathlib.Path:
    return descriptors.build_descriptor_set(schemas, workdir / "rtmwire.desc")


class Google:
    """Google's protobuf (upb backend) over the descriptor set built from Schemas/."""

    def __init__(self, descriptor_set: pathlib.Path):
        self.file_set, self.pool = load_descriptor_set(descriptor_set)
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


def log(text: str):
    print(text, file=sys.stderr)
