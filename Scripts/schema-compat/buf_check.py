"""A second opinion on the gate: buf's `breaking` with its WIRE and WIRE_JSON rule sets over the
same fixtures (Scripts/check-schema-compat --buf; Scripts/test runs it).

For Schemas/ as it is and for each fixture (fixtures.py), the runner copies Schemas/ to a
temporary folder, applies the edit, and asks two judges whether the result breaks the baseline:

- the gate (compat.py): its findings, each with the layer it breaks (wire, json or names). Its
  WIRE verdict is "breaks" when a finding breaks the wire; its WIRE_JSON verdict when one breaks
  the wire or the JSON. (Findings that break neither still fail the gate: see the README.)
- buf, offline: the copy is a local module (a v2 `buf.yaml` beside it, no dependencies, no
  registry) compared with the baseline descriptor set as an image (`buf breaking --against
  rtmwire-v1.binpb`); network access is pointed at a closed local port so a buf that tried to
  reach out would fail rather than succeed quietly. buf already reports Schemas/ as it is
  (fields placed in the numbers the baseline reserved as room), so a fixture's buf verdict is
  "breaks" when buf reports something it does not report for Schemas/ as it is (rule and
  message, line numbers aside).

Every disagreement must be explained in README.md's table "Where buf and the gate disagree"
(a row: fixture, rule set, gate's verdict, buf's); the step fails on a disagreement the table
does not list and on a row that no longer disagrees.
"""

import json
import os
import pathlib
import re
import shutil
import subprocess
import sysconfig
import tempfile

import fixtures
from compat import compare
from rtmwire_tools.descriptors import ToolError, compile_schemas

HERE = pathlib.Path(__file__).resolve().parent
README = HERE / "README.md"
RULE_SETS = ("WIRE", "WIRE_JSON")
AS_IS = "Schemas/ as is"
# What each rule set covers of the gate's layers (compat.py)
GATE_LAYERS = {"WIRE": {"wire"}, "WIRE_JSON": {"wire", "json"}}
OFFLINE = "http://127.0.0.1:9"  # the discard port: nothing listens, a connection fails at once


def find_buf() -> str:
    """The buf of PyPI's buf-bin that Scripts/install-deps installs beside this Python's
    scripts (pip's bin folder need not be on PATH), else the one on PATH."""
    for candidate in (pathlib.Path(sysconfig.get_path("scripts")) / "buf", shutil.which("buf")):
        if candidate and os.access(candidate, os.X_OK):
            return str(candidate)
    raise ToolError("buf not found: Scripts/install-deps installs it (PyPI buf-bin, pinned in "
                    "Scripts/requirements.txt)")


def buf_breaking(buf: str, module: pathlib.Path, against: pathlib.Path, rule_set: str,
                 cache: pathlib.Path) -> set:
    """buf's findings, as {(rule, message)}, for the module in `module` against the image
    `against` with the rule set `rule_set`."""
    (module / "buf.yaml").write_text(
        "version: v2\nbreaking:\n  use:\n    - %s\n" % rule_set)
    env = dict(os.environ, BUF_CACHE_DIR=str(cache), NO_COLOR="1", HTTP_PROXY=OFFLINE,
               HTTPS_PROXY=OFFLINE, ALL_PROXY=OFFLINE, NO_PROXY="")
    for name in ("http_proxy", "https_proxy", "all_proxy", "no_proxy", "BUF_TOKEN"):
        env.pop(name, None)
    result = subprocess.run(
        [buf, "breaking", ".", "--against", str(against), "--error-format", "json"],
        cwd=module, env=env, capture_output=True, text=True)
    if result.returncode not in (0, 100):  # 100: breaking changes found
        raise ToolError("buf breaking failed (%d) in %s:\n%s%s"
                        % (result.returncode, module, result.stdout, result.stderr))
    found = set()
    for line in result.stdout.splitlines():
        if line.strip():
            record = json.loads(line)
            found.add((record["type"], record["message"]))
    return found


def explained(readme: pathlib.Path = README) -> dict:
    """{(fixture, rule set): (gate, buf)} of the README's table of disagreements."""
    rows = {}
    row = re.compile(r"^\| `([^`]+)` \| (WIRE|WIRE_JSON) \| (breaks|ok) \| (breaks|ok) \|")
    for line in readme.read_text().splitlines():
        match = row.match(line)
        if match:
            rows[(match[1], match[2])] = (match[3], match[4])
    return rows


def verdict(breaks: bool) -> str:
    return "breaks" if breaks else "ok"


def run(baseline_set, baseline_path: pathlib.Path, schemas: pathlib.Path) -> bool:
    """Judges Schemas/ as is and every fixture with the gate and with buf; prints the table and
    returns whether every disagreement is explained (and every explanation still needed)."""
    buf = find_buf()
    cases = [(AS_IS, None)] + [(p.stem, fixtures.parse(p))
                               for p in sorted(fixtures.FIXTURES.glob("*.edit"))]
    rows, base = [], {}
    with tempfile.TemporaryDirectory(prefix="rtmwire-compat-buf-") as tmp:
        cache = pathlib.Path(tmp) / "cache"
        for name, fixture in cases:
            module = pathlib.Path(tmp) / name
            shutil.copytree(schemas / "rtmwire", module / "rtmwire")
            if fixture is not None:
                fixtures.apply(fixture, module)
            file_set, _ = compile_schemas(module)
            findings = compare(baseline_set, file_set)
            row = {"name": name, "classes": sorted({f.kind for f in findings})}
            for rule_set in RULE_SETS:
                reported = buf_breaking(buf, module, baseline_path, rule_set, cache)
                if fixture is None:
                    base[rule_set] = reported
                new = reported - base[rule_set] if fixture is not None else reported
                row[rule_set] = (
                    verdict(any(f.layer in GATE_LAYERS[rule_set] for f in findings)),
                    verdict(bool(new)), sorted({rule for rule, _ in new}))
            rows.append(row)
            shutil.rmtree(module)

    reasons = explained()
    seen, ok = set(), True
    print("%-32s %-15s %-19s %s" % ("case", "WIRE gate/buf", "WIRE_JSON gate/buf",
                                      "gate's classes | buf's rules beyond Schemas/ as is"))
    for row in rows:
        marks = []
        for rule_set in RULE_SETS:
            gate, buf_says, _ = row[rule_set]
            key = (row["name"], rule_set)
            if gate != buf_says:
                if reasons.get(key) == (gate, buf_says):
                    seen.add(key)
                    marks.append("%s: explained" % rule_set)
                else:
                    marks.append("%s: UNEXPLAINED" % rule_set)
                    ok = False
        rules = sorted(set(row["WIRE"][2]) | set(row["WIRE_JSON"][2]))
        print("%-32s %-15s %-19s %s | %s%s" % (
            row["name"], "%s/%s" % row["WIRE"][:2], "%s/%s" % row["WIRE_JSON"][:2],
            " ".join(row["classes"]) or "-", " ".join(rules) or "-",
            ("  [" + "; ".join(marks) + "]") if marks else ""))
    for key in sorted(set(reasons) - seen):
        print("STALE  README.md explains %s under %s (gate %s, buf %s), but they agree now or "
              "the fixture is gone" % (key + reasons[key]))
        ok = False
    disagreements = sum(row[r][0] != row[r][1] for row in rows for r in RULE_SETS)
    print("schema-compat vs buf %s: %d cases, %d disagreements, %s" % (
        buf_version(buf), len(rows), disagreements,
        "each explained in Scripts/schema-compat/README.md" if ok else "FAILED"))
    return ok


def buf_version(buf: str) -> str:
    return subprocess.run([buf, "--version"], capture_output=True, text=True).stdout.strip()
