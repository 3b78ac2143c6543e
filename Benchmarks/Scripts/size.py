#!/usr/bin/env python3
"""The size benchmark (issue 36): what the codec costs an app in binary size.

Usage: Benchmarks/Scripts/size.py [--out FILE] [--skip-embedded]
       (or Scripts/bench size, which runs it)

Builds, release, the programs of Benchmarks/Size/ (a SwiftPM package of its own, built in
Benchmarks/Size/.build): each reads one Envelope from standard input, decodes it and writes its
encoding to standard output.
  rtmwire-binary   RTMWire with `traits: []`, binary decode and encode only
  rtmwire-view     the same, and a view (EnvelopeView) of the input read
  rtmwire-json     the same as rtmwire-binary, and the envelope's proto3 JSON written
  swift-protobuf   the same program with swift-protobuf 1.39 and its code for the same schemas
  empty            an empty Swift program, the baseline
and with the C compiler (Benchmarks/Size/C/, built in Benchmarks/Size/.build/c) the same program
with protobuf-c 1.4 (libprotobuf-c linked statically, protoc-c's code in
Sources/CRTMWirePeer/generated) and an empty C program, its baseline. Each program is stripped
and checked on the text envelope of the golden vectors (it must write the input's bytes back)
before it is measured: `size`'s text + data, and the stripped file's size, each minus its
baseline's. Then the Embedded Swift builds of Scripts/build-embedded (in .build/embedded): the
Cortex-M7 image that encodes and decodes an envelope (flash = text + data) and the web page's
WebAssembly module (bytes, and gzip -9). Writes the tables to Benchmarks/Results/size.md
(or --out) and prints them.

Needs the Swift toolchain, a C compiler, GNU size and strip (binutils), gzip, and
libprotobuf-c-dev (installed when missing, as by Scripts/bench). From a clean clone on the
shared 2-core machine it took about 40 minutes (2026-11-27: the Size package's release build
25 min, the two Embedded builds of the core 7 and 6 min); when nothing changed, under a minute.
"""
import argparse
import binascii
import datetime
import json
import os
import pathlib
import platform
import shutil
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "Benchmarks" / "Size"
BUILD = PACKAGE / ".build"
RESULT = ROOT / "Benchmarks" / "Results" / "size.md"
GENERATED = ROOT / "Sources" / "CRTMWirePeer" / "generated"

SWIFT_PROGRAMS = [
    ("rtmwire-binary", "RTMWire, binary only (`traits: []`)"),
    ("rtmwire-view", "RTMWire, binary + a view read (`EnvelopeView`)"),
    ("rtmwire-json", "RTMWire, binary + JSON output"),
    ("rtmwire-view-json", "RTMWire, binary + a view read + JSON output"),
    ("swift-protobuf", "swift-protobuf 1.39"),
]


def log(text):
    print(f"size: {text}", file=sys.stderr, flush=True)


def run(command, **kwargs):
    log("$ " + " ".join(str(part) for part in command))
    return subprocess.run([str(part) for part in command], check=True, **kwargs)


def text_and_data(path):
    """`size`'s text and data of an ELF file (Berkeley format), and its bss."""
    out = subprocess.run(["size", str(path)], check=True, capture_output=True, text=True).stdout
    text, data, bss = (int(field) for field in out.splitlines()[1].split()[:3])
    return text, data, bss


def stripped_copy(binary, folder):
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / binary.name
    shutil.copyfile(binary, target)
    shutil.copymode(binary, target)
    run(["strip", target])
    return target


def check_round_trip(program, envelope):
    """The program must decode the envelope and write the same bytes back."""
    result = subprocess.run([str(program)], input=envelope, capture_output=True, check=False)
    if result.returncode != 0 or result.stdout != envelope:
        sys.exit(f"size: {program.name} did not write the envelope back (status "
                 f"{result.returncode}, {len(result.stdout)} bytes): {result.stderr.decode()}")


def measure(program, baseline):
    text, data, _ = text_and_data(program)
    base_text, base_data, _ = text_and_data(baseline)
    return {
        "text_data": text + data,
        "file": program.stat().st_size,
        "text_data_over": text + data - base_text - base_data,
        "file_over": program.stat().st_size - baseline.stat().st_size,
    }


def install_missing():
    missing = []
    if shutil.which("pkg-config") is None:
        missing.append("pkg-config")
    if subprocess.run(["pkg-config", "--exists", "libprotobuf-c"], check=False).returncode != 0:
        missing.append("libprotobuf-c-dev")
    for tool, package in (("cc", "gcc"), ("size", "binutils"), ("strip", "binutils"),
                          ("gzip", "gzip")):
        if shutil.which(tool) is None and package not in missing:
            missing.append(package)
    if missing:
        log("installing " + " ".join(missing))
        sudo = [] if os.geteuid() == 0 else ["sudo"]
        run(sudo + ["apt-get", "update", "-qq"])
        run(sudo + ["apt-get", "install", "-y", "-qq"] + missing,
            env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))


def build_swift(envelope):
    run(["swift", "build", "-c", "release", "--package-path", PACKAGE])
    products = pathlib.Path(subprocess.run(
        ["swift", "build", "-c", "release", "--package-path", str(PACKAGE), "--show-bin-path"],
        check=True, capture_output=True, text=True).stdout.strip())
    stripped = BUILD / "size" / "swift"
    empty = stripped_copy(products / "empty", stripped)
    rows = []
    for name, label in SWIFT_PROGRAMS:
        program = stripped_copy(products / name, stripped)
        check_round_trip(program, envelope)
        rows.append((label, measure(program, empty)))
    return empty, rows


def build_c(envelope):
    folder = BUILD / "c"
    folder.mkdir(parents=True, exist_ok=True)
    sources = sorted((GENERATED / "rtmwire" / "v1").glob("*.pb-c.c"))
    flags = ["-Os", "-ffunction-sections", "-fdata-sections", "-Wl,--gc-sections"]
    run(["cc"] + flags + ["-I", GENERATED, PACKAGE / "C" / "protobuf_c.c"] + sources
        + ["-Wl,-Bstatic", "-lprotobuf-c", "-Wl,-Bdynamic", "-o", folder / "protobuf-c"])
    run(["cc"] + flags + [PACKAGE / "C" / "empty.c", "-o", folder / "empty"])
    stripped = folder / "stripped"
    empty = stripped_copy(folder / "empty", stripped)
    program = stripped_copy(folder / "protobuf-c", stripped)
    check_round_trip(program, envelope)
    return empty, ("protobuf-c 1.4 (C, libprotobuf-c linked statically)", measure(program, empty))


def build_embedded():
    run([ROOT / "Scripts" / "build-embedded"])
    out = ROOT / ".build" / "embedded"
    image = out / "armv7em" / "demo.elf"
    llvm_size = shutil.which("llvm-size") or shutil.which("size")
    fields = subprocess.run([llvm_size, str(image)], check=True, capture_output=True,
                            text=True).stdout.splitlines()[1].split()
    text, data, bss = (int(field) for field in fields[:3])
    module = out / "wasm" / "rtmwire.wasm"
    gzipped = len(subprocess.run(["gzip", "-9", "-n", "-c", str(module)], check=True,
                                 capture_output=True).stdout)
    return {"text": text, "data": data, "bss": bss, "wasm": module.stat().st_size,
            "wasm_gzip": gzipped}


def number(value):
    return f"{value:,}"


def table(swift_empty, swift_rows, c_empty, c_row, embedded, seconds):
    swift_protobuf = dict(swift_rows)["swift-protobuf 1.39"]
    lines = []
    today = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    toolchain = subprocess.run(["swift", "--version"], capture_output=True, text=True,
                               check=False).stdout.splitlines()[0]
    compiler = subprocess.run(["cc", "--version"], capture_output=True, text=True,
                              check=False).stdout.splitlines()[0]
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True, check=False).stdout.strip()
    dirty = subprocess.run(["git", "-C", str(ROOT), "diff", "--quiet", "HEAD", "--",
                            "Sources", "Benchmarks/Size", "Embedded"], check=False).returncode
    lines += [
        "# Binary size",
        "",
        f"Measured {today}, commit {commit or 'unknown'}"
        f"{' + local changes' if dirty else ''}, {platform.machine()} Linux; {toolchain};"
        f" {compiler}. Reproduce with one command: `Scripts/bench size`"
        f" (`Benchmarks/Scripts/size.py`; about 40 minutes from a clean clone on the shared"
        f" 2-core machine, under a minute when nothing changed; this run: {seconds:.0f} s).",
        "",
        "Each program reads one `Envelope` from standard input, decodes it (RTMWire: every"
        " check of the default options) and writes its encoding to standard output; each is"
        " checked on the golden vector `text-typical` before it is measured. Release builds,"
        " stripped (`strip`); \"text + data\" is `size`'s, \"file\" the stripped file's bytes;"
        " \"over empty\" subtracts the empty program of the same language. The Swift programs"
        " are `Benchmarks/Size/Sources/`, the C ones `Benchmarks/Size/C/`. The Swift runtime"
        " and standard library (and swift-protobuf's Foundation, and the C library) are shared"
        " libraries on Linux, not counted here. The last column is text + data over empty, over"
        " swift-protobuf's (stripped files move in whole pages).",
        "",
        "| program | text + data | over empty | stripped file | over empty |"
        " over empty ÷ swift-protobuf's |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    text_data, data_file = text_and_data(swift_empty), swift_empty.stat().st_size
    lines.append(f"| empty Swift program | {number(text_data[0] + text_data[1])} | — |"
                 f" {number(data_file)} | — | — |")
    for label, row in swift_rows:
        ratio = row["text_data_over"] / swift_protobuf["text_data_over"]
        lines.append(f"| {label} | {number(row['text_data'])} | {number(row['text_data_over'])} |"
                     f" {number(row['file'])} | {number(row['file_over'])} | {ratio:.3f}x |")
    text_data, data_file = text_and_data(c_empty), c_empty.stat().st_size
    lines.append(f"| empty C program | {number(text_data[0] + text_data[1])} | — |"
                 f" {number(data_file)} | — | — |")
    label, row = c_row
    ratio = row["text_data_over"] / swift_protobuf["text_data_over"]
    lines.append(f"| {label} | {number(row['text_data'])} | {number(row['text_data_over'])} |"
                 f" {number(row['file'])} | {number(row['file_over'])} | {ratio:.3f}x |")
    lines.append("")
    if embedded:
        flash = embedded["text"] + embedded["data"]
        lines += [
            "Embedded Swift (`Scripts/build-embedded`, `-Osize`, in `.build/embedded`):",
            "",
            "| what | bytes |",
            "| --- | ---: |",
            f"| Cortex-M7 image that encodes and decodes an envelope (`Embedded/ARM/Demo.swift`),"
            f" flash = text + data | {number(flash)} |",
            f"| the same image, RAM besides flash (data + bss, bss with the shim's 64 KiB heap"
            f" arena) | {number(embedded['data'] + embedded['bss'])} |",
            f"| the web page's WebAssembly module (`rtmwire.wasm`: every type, binary, JSON, views,"
            f" validation) | {number(embedded['wasm'])} |",
            f"| the same module, gzip -9 | {number(embedded['wasm_gzip'])} |",
            "",
        ]
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=pathlib.Path, default=RESULT)
    parser.add_argument("--skip-embedded", action="store_true",
                        help="leave out the Cortex-M7 image and the WebAssembly module")
    args = parser.parse_args()
    start = time.monotonic()
    install_missing()
    vectors = json.loads((ROOT / "Vectors" / "text.json").read_text())
    envelope = binascii.unhexlify(
        next(v for v in vectors["valid"] if v["name"] == "text-typical")["hex"])
    swift_empty, swift_rows = build_swift(envelope)
    c_empty, c_row = build_c(envelope)
    embedded = None if args.skip_embedded else build_embedded()
    markdown = table(swift_empty, swift_rows, c_empty, c_row, embedded, time.monotonic() - start)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(markdown)
    print(markdown)
    log(f"done in {time.monotonic() - start:.0f} s; written to {args.out}")


if __name__ == "__main__":
    main()
