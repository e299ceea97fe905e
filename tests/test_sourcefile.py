"""Line numbers for problems in authored TOML files."""

from __future__ import annotations

import pytest

from hexcombat.sourcefile import Problem, SourceError, TomlSource

TEXT = """\
ruleset = "total-war"

[conditions]
terrain = "woods"

[[attacker]]
counter = "su-hv-tank-xx"

[[attacker]]
name = "Tank X"
re = 1

[terrain]
rows = [
  "ccw",
  "wcc",
]
"""


def test_keys_tables_and_array_elements_have_their_lines() -> None:
    src = TomlSource.parse(TEXT, "s.toml")
    assert src.line_of("ruleset") == 1
    assert src.line_of("conditions", "terrain") == 4
    assert src.line_of("attacker", 0, "counter") == 7
    assert src.line_of("attacker", 1) == 9
    assert src.line_of("attacker", 1, "re") == 11
    assert src.line_of("terrain", "rows", 1) == 16
    # an unknown key falls back to the nearest enclosing table
    assert src.line_of("attacker", 1, "missing") == 9


def test_duplicate_key_is_reported_at_its_line() -> None:
    with pytest.raises(SourceError) as caught:
        TomlSource.parse("a = 1\nb = 2\na = 3\n", "dup.toml")
    (problem,) = caught.value.problems
    assert problem.file == "dup.toml"
    assert problem.line == 3
    assert str(problem).startswith("dup.toml:3: not valid TOML")


def test_problem_reads_file_line_message() -> None:
    assert str(Problem("m.toml", 12, "unknown terrain letter 'q'")) == (
        "m.toml:12: unknown terrain letter 'q'"
    )
