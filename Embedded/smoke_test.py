#!/usr/bin/env python3
"""The WebAssembly module against the native build, on the fuzzers' inputs.

Usage: smoke_test.py ROOT NATIVE_TESTEE_COMMAND WASM_TESTEE_COMMAND

Both commands are conformance testees (Conformance/PROTOCOL.md): `rtmwire conformance testee`
(the native build) and the module under wasmkit. Every input of the fuzz corpus of the envelope
decoder and of the JSON reader (FuzzTesting/Corpus/, written by `Scripts/generate-fuzz-inputs
--seeds` when it is missing, as on a clean clone) and every checked-in fail case is sent to both
as an envelope, with and without RTMWire's validation: binary inputs as binary -> binary and
binary -> JSON, JSON inputs as JSON -> binary and JSON -> JSON. The two answers (status and
bytes, error text included) must be equal; the first difference fails the run.
"""

import os
import struct
import subprocess
import sys
import time

ENVELOPE = b"rtmwire.v1.Envelope"
BINARY, JSON = 1, 2
# Fuzz targets whose inputs are envelope bytes, and the one whose inputs are JSON text.
BINARY_TARGETS = ["FuzzEnvelopeBinary", "FuzzView", "FuzzDifferential"]
JSON_TARGETS = ["FuzzJSON"]


class Testee:
    def __init__(self, command):
        self.command = command
        self.process = subprocess.Popen(
            ["/bin/sh", "-c", command], stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def ask(self, body):
        self.process.stdin.write(struct.pack("<I", len(body)) + body)
        self.process.stdin.flush()
        header = self.process.stdout.read(4)
        if len(header) < 4:
            raise RuntimeError("%s ended (exit %s)" % (self.command, self.process.poll()))
        (length,) = struct.unpack("<I", header)
        answer = self.process.stdout.read(length)
        if len(answer) < length:
            raise RuntimeError("%s: short response" % self.command)
        return answer

    def close(self):
        self.process.stdin.close()
        if self.process.wait(timeout=60) != 0:
            raise RuntimeError("%s exited with %d" % (self.command, self.process.returncode))


def inputs(root):
    corpus = os.path.join(root, "FuzzTesting", "Corpus")
    if not all(os.path.isdir(os.path.join(corpus, t)) for t in BINARY_TARGETS + JSON_TARGETS):
        subprocess.run([os.path.join(root, "Scripts", "generate-fuzz-inputs"), "--seeds"],
                       check=True, stdout=sys.stderr)
    for folder in ("Corpus", "FailCases"):
        for target in BINARY_TARGETS + JSON_TARGETS:
            directory = os.path.join(root, "FuzzTesting", folder, target)
            if not os.path.isdir(directory):
                continue
            for name in sorted(os.listdir(directory)):
                path = os.path.join(directory, name)
                if os.path.isfile(path):
                    with open(path, "rb") as file:
                        yield path, target in JSON_TARGETS, file.read()


def main():
    root, native_command, wasm_command = sys.argv[1:4]
    native, wasm = Testee(native_command), Testee(wasm_command)
    start = time.time()
    count, requests, statuses = 0, 0, {}
    for path, is_json, payload in inputs(root):
        count += 1
        source = JSON if is_json else BINARY
        for output in (BINARY, JSON):
            for validate in (0, 1):
                body = bytes([source, output, validate, len(ENVELOPE)]) + ENVELOPE + payload
                try:
                    expected, actual = native.ask(body), wasm.ask(body)
                except RuntimeError as error:  # a crash (a trap in the module): name the input
                    print("smoke test: %s (input %d, output %d, validate %d): %s"
                          % (os.path.relpath(path, root), source, output, validate, error),
                          file=sys.stderr)
                    return 1
                requests += 1
                statuses[expected[0]] = statuses.get(expected[0], 0) + 1
                if expected != actual:
                    print("smoke test: %s (input %d, output %d, validate %d): native %r, wasm %r"
                          % (os.path.relpath(path, root), source, output, validate,
                             expected[:200], actual[:200]), file=sys.stderr)
                    return 1
    native.close()
    wasm.close()
    names = {0: "ok", 1: "parse error", 2: "serialize error", 3: "skipped", 4: "runtime error"}
    tally = ", ".join("%d %s" % (n, names.get(s, s)) for s, n in sorted(statuses.items()))
    print("smoke test: %d fuzz inputs, %d requests, the module answered each as the native build "
          "(%s) in %.0f s" % (count, requests, tally, time.time() - start))
    return 0 if count else 1


if __name__ == "__main__":
    sys.exit(main())
