"""The gate's own test: deliberately broken schemas, one per finding class, and additive changes
that must pass (Scripts/check-schema-compat --fixtures; Scripts/test runs it).

A fixture (fixtures/*.edit) is an edit of the current Schemas/, so it stays a one-line change
however the schemas grow:

    # expect: field-type-changed          the class the gate must report (or: pass)
    # also: message-removed               classes that follow from it and may be reported too
    # Why the change breaks (free text).
    @@ rtmwire/v1/envelope.proto          the file to edit (`@@ *`: every schema file)
    -  int64 send_time_ms = 3;            lines to replace, each occurring exactly once
    +  sint64 send_time_ms = 3;           their replacement (none: the lines are deleted)

The runner copies Schemas/ to a temporary folder, applies the edit, compiles the result with
protoc and compares it with the baseline. A breaking fixture passes when the gate reports its
class and nothing outside it and its `also` classes; a `pass` fixture when the gate reports
nothing. An edit whose `-` lines
no longer occur exactly once fails as stale.
"""

import pathlib
import shutil
import tempfile
from dataclasses import dataclass, field

from compat import compare
from rtmwire_tools.descriptors import ToolError, compile_schemas

FIXTURES = pathlib.Path(__file__).resolve().parent / "fixtures"


@dataclass
class Hunk:
    target: str  # a path under Schemas/, or "*"
    removed: list = field(default_factory=list)
    added: list = field(default_factory=list)


@dataclass
class Fixture:
    name: str
    expect: str
    hunks: list
    also: list = field(default_factory=list)


def parse(path: pathlib.Path) -> Fixture:
    expect, also, hunks = None, [], []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if line.startswith("# expect:"):
            expect = line.split(":", 1)[1].strip()
        elif line.startswith("# also:"):
            also += line.split(":", 1)[1].split()
        elif line.startswith("#") or not line.strip():
            continue
        elif line.startswith("@@ "):
            hunks.append(Hunk(line[3:].strip()))
        elif line[:1] in "-+" and hunks:
            hunk = hunks[-1]
            if line[0] == "-":
                if hunk.added:  # a new `-` after `+` lines starts another replacement
                    hunks.append(hunk := Hunk(hunk.target))
                hunk.removed.append(line[1:])
            else:
                hunk.added.append(line[1:])
        else:
            raise ValueError("%s:%d: cannot read %r" % (path.name, number, line))
    if expect is None or not hunks or any(not h.removed for h in hunks):
        raise ValueError("%s: needs `# expect:` and hunks with `-` lines" % path.name)
    return Fixture(path.stem, expect, hunks, also)


def apply(fixture: Fixture, schemas: pathlib.Path):
    for hunk in fixture.hunks:
        paths = (sorted(schemas.rglob("*.proto")) if hunk.target == "*"
                 else [schemas / hunk.target])
        old = "".join(line + "\n" for line in hunk.removed)
        new = "".join(line + "\n" for line in hunk.added)
        hits = 0
        for path in paths:
            text = path.read_text()
            count = text.count(old)
            if hunk.target != "*" and count != 1:
                raise ValueError("stale fixture %s: %d occurrences of %r in %s"
                                 % (fixture.name, count, hunk.removed, hunk.target))
            hits += count
            path.write_text(text.replace(old, new))
        if hits == 0:
            raise ValueError("stale fixture %s: %r occurs nowhere" % (fixture.name, hunk.removed))


def run(baseline, schemas: pathlib.Path, verbose: bool = False) -> bool:
    """Runs every fixture against `baseline` (a FileDescriptorSet); prints a line for each
    failure (for each fixture with `verbose`) and a summary."""
    ok = True
    paths = sorted(FIXTURES.glob("*.edit"))
    for path in paths:
        try:
            fixture = parse(path)
            with tempfile.TemporaryDirectory(prefix="rtmwire-compat-fixture-") as tmp:
                copy = pathlib.Path(tmp) / "Schemas"
                shutil.copytree(schemas / "rtmwire", copy / "rtmwire")
                apply(fixture, copy)
                file_set, _ = compile_schemas(copy)
            findings = compare(baseline, file_set)
        except (ValueError, ToolError) as error:
            print("FAIL  %s: %s" % (path.stem, error))
            ok = False
            continue
        kinds = {f.kind for f in findings}
        if fixture.expect == "pass":
            good = not kinds
        else:
            good = fixture.expect in kinds and kinds <= {fixture.expect, *fixture.also}
        ok &= good
        if good and not verbose:
            continue
        print("%s  %-34s expects %-22s %s" % (
            "ok  " if good else "FAIL", fixture.name, fixture.expect,
            "; ".join(map(str, findings)) or "no findings"))
    print("schema-compat fixtures: %d, %s" % (len(paths), "all as expected" if ok else "FAILED"))
    return ok and bool(paths)
