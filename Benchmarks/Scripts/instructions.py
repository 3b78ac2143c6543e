#!/usr/bin/env python3
"""Instructions and mallocs per operation, measured with callgrind: the stable figures.

Wall time on a shared machine moves with the load; the number of instructions an operation
executes does not. For every message, operation and implementation asked for, this runs

    valgrind --tool=callgrind --toggle-collect='*measuredLoop*' bench-check loop M OP IMPL COUNT

twice, with COUNT and COUNT/2 operations, and divides the difference of the instructions
executed inside the measured loop (setup and checks excluded) by COUNT/2: what stays (the first
call's one-time work, about 500 mallocs of the runtime's caches) cancels out. mallocs/op counts
the calls to malloc, calloc, realloc, posix_memalign and aligned_alloc the same way. Prints a
Markdown table, one row per message and operation.

Swift seeds its hashing at random in every process, so the set-up's dictionaries allocate and
free in an order that differs from run to run, and glibc's free lists with it. An operation whose
malloc is not served from the per-thread cache then costs a different number of instructions in
each process (C++'s SerializeToString on A: 1,694 to 2,411). The runs set
SWIFT_DETERMINISTIC_HASHING=1, so that the same binary gives the same figures.

Usage (from the repository root, after `Scripts/bench` or
`swift build -c release --package-path Benchmarks --product bench-check`):

    Benchmarks/Scripts/instructions.py                          every message, both operations
    Benchmarks/Scripts/instructions.py --messages A,G --ops decode
    Benchmarks/Scripts/instructions.py --impls RTMWire,protobuf-c --jobs 2 --tsv out.tsv
"""

import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile

MESSAGES = "ABCDEFGH"
IMPLS = ["RTMWire", "RTMWire-view", "protobuf-c", "swift-protobuf", "C++", "C++-arena", "C++-array"]
# The view's header-only access (message id, sender, conversation, body kind: what a router
# reads), on its own column; decode only.
IMPLS.append("RTMWire-view-header")
# Fewer iterations for the large messages keep each run to a few seconds under valgrind.
COUNTS = {"G": 100, "H": 200}
DEFAULT_COUNT = 1000
ALLOCATORS = {"malloc", "calloc", "realloc", "posix_memalign", "aligned_alloc"}


def measure(binary, message, op, impl, count, workdir):
    half = count // 2
    full = run(binary, message, op, impl, count, workdir)
    first = run(binary, message, op, impl, half, workdir) if full else None
    if not first:
        return None
    return ((full[0] - first[0]) / (count - half), (full[1] - first[1]) / (count - half))


def run(binary, message, op, impl, count, workdir):
    """(instructions, mallocs) of `count` operations inside the measured loop, or None."""
    out = os.path.join(workdir, f"callgrind.{message}.{op}.{impl}.{count}")
    result = subprocess.run(
        ["valgrind", "--tool=callgrind", "--toggle-collect=*measuredLoop*",
         f"--callgrind-out-file={out}", binary, "loop", message, op, impl, str(count)],
        env={**os.environ, "SWIFT_DETERMINISTIC_HASHING": "1"},
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if result.returncode != 0:
        return None  # e.g. an implementation without this operation
    instructions, mallocs = 0, 0
    names = {}  # callgrind compresses repeated names to "(id)"
    callee = None
    with open(out) as file:
        for line in file:
            if line.startswith("summary:") or line.startswith("totals:"):
                instructions = max(instructions, int(line.split()[1]))
            elif line.startswith("fn=") or line.startswith("cfn="):
                # fn= and cfn= lines share one table of compressed names.
                match = re.match(r"c?fn=\((\d+)\)(?: (.*))?", line.strip())
                name = line.strip().split("=", 1)[1]
                if match:
                    if match.group(2):
                        names[match.group(1)] = match.group(2)
                    name = names.get(match.group(1))
                if line.startswith("cfn="):
                    callee = name
            elif line.startswith("calls=") and callee in ALLOCATORS:
                mallocs += int(line[6:].split()[0])
    os.remove(out)
    return instructions, mallocs


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--messages", default=",".join(MESSAGES))
    parser.add_argument("--ops", default="encode,decode")
    parser.add_argument("--impls", default=",".join(IMPLS))
    parser.add_argument("--count", type=int, help="operations per run (default: per message)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--binary", default="Benchmarks/.build/release/bench-check")
    parser.add_argument("--tsv", help="also write message, op, impl, instructions, mallocs here")
    args = parser.parse_args()
    if not shutil.which("valgrind"):
        sys.exit("error: valgrind is not installed")
    messages = args.messages.split(",")
    ops = args.ops.split(",")
    impls = args.impls.split(",")
    with tempfile.TemporaryDirectory() as workdir:
        # valgrind cannot read the DWARF 5 that Swift emits: profile a stripped copy.
        binary = os.path.join(workdir, "bench-check")
        shutil.copy(args.binary, binary)
        subprocess.run(["strip", "--strip-debug", binary], check=True)
        cells = [(m, o, i) for m in messages for o in ops for i in impls]
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            futures = {
                cell: pool.submit(
                    measure, binary, *cell, args.count or COUNTS.get(cell[0], DEFAULT_COUNT),
                    workdir)
                for cell in cells
            }
            results = {cell: future.result() for cell, future in futures.items()}
    if args.tsv:
        with open(args.tsv, "w") as file:
            file.write("message\top\timpl\tinstructions\tmallocs\n")
            for (m, o, i), value in results.items():
                if value:
                    file.write(f"{m}\t{o}\t{i}\t{value[0]:.0f}\t{value[1]:g}\n")
    shown = [i for i in impls if any(results[(m, o, i)] for m in messages for o in ops)]
    print("Instructions per operation (mallocs per operation in brackets), callgrind")
    print()
    print("| msg | op | " + " | ".join(shown) + " |")
    print("| --- | --- |" + " ---: |" * len(shown))
    for m in messages:
        for o in ops:
            cells = []
            for i in shown:
                value = results[(m, o, i)]
                cells.append(f"{value[0]:,.0f} ({value[1]:g})" if value else "")
            print(f"| {m} | {o} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
