"""Drives conformance testees (Conformance/PROTOCOL.md) from the vector generator.

Every runtime's behaviour recorded in Vectors/ comes from its testee, spoken to over the same
protocol `rtmwire conformance run` uses: Scripts/build-testee builds the testee and prints its
command; a Testee runs that command once and answers requests, restarting it after a crash, a
timeout or a malformed answer (recorded as the answer "crash").
"""

import os
import pathlib
import selectors
import signal
import struct
import subprocess
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent

BINARY, JSON = 1, 2
VALIDATE = 1
STATUS = {0: "ok", 1: "parseError", 2: "serializeError", 3: "skipped", 4: "runtimeError"}
MAX_BODY = 64 << 20

# The runtimes whose behaviour the vectors record, in the order of every table, with the label
# people read. RTMWire itself is not recorded: the vectors are its specification.
RUNTIMES = [
    ("python", "Python (upb)"),
    ("protobuf-c", "protobuf-c"),
    ("cpp", "C++"),
    ("java", "Java"),
    ("java-lite", "Java lite"),
    ("go", "Go"),
    ("python-pure", "Python (pure)"),
    ("php", "PHP"),
    ("ruby", "Ruby"),
    ("go-gogo", "Go gogo"),
    ("go-apiv1", "Go APIv1"),
    ("nanopb", "nanopb"),
    ("rust-prost", "Rust prost"),
    ("rust-protobuf", "Rust rust-protobuf"),
    ("swift-protobuf", "swift-protobuf"),
]
# The runtimes of the results table in CONTRIBUTING.md (every runtime's is in Vectors/README.md;
# the differences table, a column per runtime, is in Vectors/README.md and the DocC article
# RuntimeDifferences only).
README_RUNTIMES = ("python", "protobuf-c", "cpp", "java", "java-lite", "go")


class TesteeError(RuntimeError):
    pass


def build(runtimes) -> dict:
    """{runtime: command} from Scripts/build-testee (which skips builds that are current)."""
    result = subprocess.run([str(ROOT / "Scripts" / "build-testee")] + list(runtimes),
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise TesteeError("Scripts/build-testee failed:\n%s" % result.stderr)
    commands = result.stdout.splitlines()
    if len(commands) != len(runtimes):
        raise TesteeError("Scripts/build-testee printed %d commands for %d runtimes"
                          % (len(commands), len(runtimes)))
    return dict(zip(runtimes, commands))


class Testee:
    """One testee process, restarted when it fails a request."""

    def __init__(self, name: str, command: str, timeout: float = 20.0, max_restarts: int = 5):
        self.name, self.command, self.timeout = name, command, timeout
        self.restarts_left = max_restarts
        self.process = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _start(self):
        self.process = subprocess.Popen(self.command, shell=True, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, start_new_session=True)
        os.set_blocking(self.process.stdout.fileno(), False)

    def _kill(self):
        if self.process is not None:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.process.wait()
            self.process = None

    def close(self):
        if self.process is not None:
            self.process.stdin.close()
            try:
                self.process.wait(timeout=self.timeout)
            except subprocess.TimeoutExpired:
                pass
            self._kill()

    def _read(self, count: int, deadline: float) -> bytes:
        data = b""
        with selectors.DefaultSelector() as selector:
            selector.register(self.process.stdout, selectors.EVENT_READ)
            while len(data) < count:
                left = deadline - time.monotonic()
                if left <= 0 or not selector.select(left):
                    raise TesteeError("no answer within %g s" % self.timeout)
                chunk = os.read(self.process.stdout.fileno(), count - len(data))
                if not chunk:
                    raise TesteeError("exited (status %s)" % self.process.wait())
                data += chunk
        return data

    def request(self, type_name: str, payload: bytes, source: int, target: int, flags: int = 0):
        """(status name, payload bytes); status "crash" when the testee failed the request."""
        if self.process is None:
            self._start()
        name = type_name.encode("ascii")
        body = bytes([source, target, flags, len(name)]) + name + payload
        try:
            self.process.stdin.write(struct.pack("<I", len(body)) + body)
            self.process.stdin.flush()
            deadline = time.monotonic() + self.timeout
            (length,) = struct.unpack("<I", self._read(4, deadline))
            if length == 0 or length > MAX_BODY:
                raise TesteeError("malformed answer: body length %d" % length)
            answer = self._read(length, deadline)
            if answer[0] not in STATUS:
                raise TesteeError("malformed answer: status %d" % answer[0])
        except (TesteeError, BrokenPipeError) as error:
            self._kill()
            if self.restarts_left == 0:
                raise TesteeError("%s testee: %s; giving up after repeated failures"
                                  % (self.name, error)) from None
            self.restarts_left -= 1
            return "crash", str(error).encode()
        status = STATUS[answer[0]]
        if status == "runtimeError":
            raise TesteeError("%s testee: runtime error on a %s request: %s"
                              % (self.name, type_name, answer[1:].decode("utf-8", "replace")))
        return status, answer[1:]
