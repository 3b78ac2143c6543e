#!/usr/bin/env python3
"""Turns package-benchmark's histogramSamples export into Scripts/bench's one table.

Usage: bench_table.py SAMPLES_DIR SIZES_TSV [--scaling N]

SAMPLES_DIR holds the files `swift package benchmark --format histogramSamples` writes:
  <baseline>.CodecBenchmarks.<message>_<operation>_<implementation>.<metric>.histogram.samples.tsv
one header line, then one value per sample. Each sample is N operations (the benchmarks'
scalingFactor, 1,000) and times are in nanoseconds (timeUnits .nanoseconds), so a sample's
wallClock / N is ns per operation, with no rounding by the tool. The table reports the median
sample. SIZES_TSV is bench-check's output (message, implementation, encoded bytes), for MB/s.
"""
import argparse
import glob
import os
import re
import statistics
import sys

IMPLEMENTATIONS = ["RTMWire", "RTMWire-wireOnly", "RTMWire-buffer", "RTMWire-view", "protobuf-c",
                   "C++", "C++-arena", "C++-array", "swift-protobuf", "JSONSerialization",
                   "JSONCodable", "memcpy"]
OPERATIONS = ["encode", "decode"]
NAME = re.compile(r"^.*\.CodecBenchmarks\.([A-Z])_(encode|decode)_(.+)\.(wallClock|mallocCountTotal)"
                  r"\.histogram\.samples\.tsv$")


def read_samples(path):
    with open(path) as fh:
        lines = fh.read().split("\n")[1:]
    return [int(line) for line in lines if line.strip()]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("samples_dir")
    parser.add_argument("sizes")
    parser.add_argument("--scaling", type=int, default=1000)
    args = parser.parse_args()

    sizes = {}
    with open(args.sizes) as fh:
        for line in fh.read().split("\n")[1:]:
            if line.strip():
                message, implementation, count = line.split("\t")
                sizes[(message, implementation)] = int(count)

    results = {}  # (message, op, impl) -> {metric: median per op}
    for path in glob.glob(os.path.join(args.samples_dir, "*.histogram.samples.tsv")):
        match = NAME.match(os.path.basename(path))
        if not match:
            continue
        message, op, impl, metric = match.groups()
        samples = read_samples(path)
        if not samples:
            continue
        results.setdefault((message, op, impl), {})[metric] = statistics.median(samples) / args.scaling

    if not results:
        sys.exit("bench_table: no benchmark samples found in " + args.samples_dir)

    header = ["Msg", "Op", "Implementation", "Bytes", "ns/op", "MB/s", "mallocs/op", "time ÷ RTMWire"]
    rows = []
    for message in sorted({key[0] for key in results}):
        for op in OPERATIONS:
            reference = results.get((message, op, "RTMWire"), {}).get("wallClock")
            for impl in IMPLEMENTATIONS:
                values = results.get((message, op, impl))
                if values is None or "wallClock" not in values:
                    continue
                ns = values["wallClock"]
                size = sizes.get((message, impl))
                mallocs = values.get("mallocCountTotal")
                rows.append([
                    message, op, impl,
                    f"{size:,}" if size else "?",
                    f"{ns:,.1f}",
                    f"{size / ns * 1000:,.0f}" if size else "?",
                    f"{mallocs:.2f}" if mallocs is not None else "?",
                    f"{ns / reference:.2f}" if reference else "?",
                ])
    widths = [max(len(str(row[i])) for row in rows + [header]) for i in range(len(header))]
    right = {3, 4, 5, 6, 7}

    def line(cells):
        return "| " + " | ".join(
            (str(c).rjust(w) if i in right else str(c).ljust(w)) for i, (c, w) in enumerate(zip(cells, widths))
        ) + " |"

    print(line(header))
    print("|" + "|".join(("-" * (w + 1) + ":") if i in right else ("-" * (w + 2))
                         for i, w in enumerate(widths)) + "|")
    for row in rows:
        print(line(row))


if __name__ == "__main__":
    main()
