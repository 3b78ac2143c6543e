#!/usr/bin/env python3
"""Where a decode of many ids goes, per id: each function's own instructions, grouped by where it
runs, measured with callgrind as instructions.py measures (COUNT and COUNT/2 operations, the
difference divided by COUNT/2, so that one-time work cancels out), then divided by the ids per
message.

Groups: glibc's allocator (malloc, free and their helpers), memcpy and memset, the language
runtime (libswiftCore and the other Swift libraries: `String` objects, reference counting;
libstdc++: `std::string`), and everything else: the codec's own work (RTMWire or the generated
code and libprotobuf or libprotobuf-c; C++'s arena allocation counts here, being part of the
library). The benchmark's D carries 50 ids, G 1,000.

With `--per message`, the same groups per operation, for any message and operation (`encode`,
`decode`): where an encode or a view goes, beside the other runtimes' same work.

Usage (from the repository root, after `Scripts/bench` or
`swift build -c release --package-path Benchmarks --product bench-check`):

    Benchmarks/Scripts/per_id.py                       G and D, RTMWire and the C libraries
    Benchmarks/Scripts/per_id.py --messages G --impls RTMWire-buffer,C++-arena
    Benchmarks/Scripts/per_id.py --per message --messages A,B --ops encode \
        --impls RTMWire-buffer,C++-array,protobuf-c
"""

import argparse
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile

IDS = {"D": 50, "G": 1000}
COUNTS = {"D": 1000, "G": 100}
GROUPS = ["codec's own work", "glibc malloc/free", "runtime (Swift, libstdc++)", "memcpy/memset"]
LINE = re.compile(r"\s*([\d,]+)\s+\([^)]*\)\s+(\S.*?):(.*?)\s+\[(.*)\]\s*$")


def group(function, library):
    if "libc.so" in library:
        if any(name in function for name in ("memcpy", "memmove", "memset")):
            return "memcpy/memset"
        return "glibc malloc/free"
    if "libswift" in library or "libstdc++" in library:
        return "runtime (Swift, libstdc++)"
    if function.startswith(("swift_", "_swift_")):
        return "runtime (Swift, libstdc++)"
    return "codec's own work"


def run(binary, message, op, impl, count, workdir):
    out = os.path.join(workdir, f"callgrind.{message}.{op}.{impl}.{count}")
    subprocess.run(
        ["valgrind", "--tool=callgrind", "--toggle-collect=*measuredLoop*",
         f"--callgrind-out-file={out}", binary, "loop", message, op, impl, str(count)],
        env={**os.environ, "SWIFT_DETERMINISTIC_HASHING": "1"},
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    annotated = subprocess.run(
        ["callgrind_annotate", "--threshold=100", out], capture_output=True, text=True,
        check=True).stdout
    totals = collections.Counter()
    for line in annotated.splitlines():
        match = LINE.match(line)
        if match:
            totals[group(match.group(3), match.group(4))] += int(match.group(1).replace(",", ""))
    return totals


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--messages", default="G,D")
    parser.add_argument("--impls", default="RTMWire-buffer,protobuf-c,C++,C++-arena")
    parser.add_argument("--ops", default="decode", help="encode, decode or both")
    parser.add_argument("--per", choices=["id", "message"], default="id",
                        help="divide by the message's ids (D and G) or give each operation whole")
    parser.add_argument("--binary", default="Benchmarks/.build/release/bench-check")
    args = parser.parse_args()
    if args.per == "id" and any(m not in IDS for m in args.messages.split(",")):
        sys.exit("error: --per id is for D and G; use --per message for the others")
    if not shutil.which("valgrind"):
        sys.exit("error: valgrind is not installed")
    print("| message | op | impl | " + " | ".join(GROUPS) + " | total |")
    print("| --- | --- | --- |" + " ---: |" * (len(GROUPS) + 1))
    with tempfile.TemporaryDirectory() as workdir:
        # valgrind cannot read the DWARF 5 that Swift emits: profile a stripped copy.
        binary = os.path.join(workdir, "bench-check")
        shutil.copy(args.binary, binary)
        subprocess.run(["strip", "--strip-debug", binary], check=True)
        for message in args.messages.split(","):
            count = COUNTS.get(message, 1000)
            ids = IDS[message] if args.per == "id" else 1
            for op in args.ops.split(","):
                for impl in args.impls.split(","):
                    full = run(binary, message, op, impl, count, workdir)
                    half = run(binary, message, op, impl, count // 2, workdir)
                    scale = (count - count // 2) * ids
                    cells = [(full[name] - half[name]) / scale for name in GROUPS]
                    print(f"| {message} | {op} | {impl} | "
                          + " | ".join(f"{cell:,.0f}" for cell in cells)
                          + f" | {sum(cells):,.0f} |")


if __name__ == "__main__":
    main()
