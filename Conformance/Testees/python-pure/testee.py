#!/usr/bin/env python3
"""The pure-Python testee of the RTMWire conformance protocol (Conformance/PROTOCOL.md): Google's
protobuf for Python (the version pinned in Scripts/requirements.txt) with its pure-Python
implementation (PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION=python: what runs where upb has no wheel)
instead of upb. Everything else is the Python testee's: the same generated code
(Conformance/Testees/python/generated) and the same request handling. Needs no build.
"""

import os
import pathlib
import sys

# Must be set before google.protobuf is first imported.
os.environ["PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION"] = "python"
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "python"))

from google.protobuf.internal import api_implementation  # noqa: E402

if api_implementation.Type() != "python":
    sys.exit("python-pure testee: protobuf uses %r, not the pure-Python implementation"
             % api_implementation.Type())

import testee  # noqa: E402  (Conformance/Testees/python/testee.py)

if __name__ == "__main__":
    sys.exit(testee.main())
