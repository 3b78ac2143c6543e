"""The codec's default limits, read from their one home: Sources/RTMWire/Limits/Limits.swift."""

import pathlib
import re

LIMITS_SWIFT = pathlib.Path(__file__).resolve().parents[3] / "Sources/RTMWire/Limits/Limits.swift"

# A parameter of `Limits.init`, e.g. `        maxContentBytes: Int = 32_768,`.
_PARAMETER = re.compile(r"^\s+(max[A-Za-z]+): Int = ([0-9_]+),?$", re.MULTILINE)
_PROPERTY = re.compile(r"^\s+public var (max[A-Za-z]+): Int$", re.MULTILINE)


def swift_limit_defaults(path: pathlib.Path = LIMITS_SWIFT) -> dict:
    """{property name: default} for every property of Limits; raises when the file and this
    reader disagree (a property without a parsed default), so a change is never half-read."""
    text = path.read_text(encoding="utf-8")
    defaults = {name: int(value.replace("_", "")) for name, value in _PARAMETER.findall(text)}
    properties = set(_PROPERTY.findall(text))
    if not properties or properties != set(defaults):
        raise ValueError("cannot read the defaults of Limits from %s: properties %s, defaults %s"
                         % (path, sorted(properties), sorted(defaults)))
    return defaults
