"""A scenario every ruleset must refuse, as ``hexcombat check`` reports it: at the line of the
entry, in words, never evaluated as if the mistake were not there."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from hexcombat.game.check import check_file
from hexcombat.rules.registry import ruleset_ids

CASES = Path(__file__).resolve().parents[2] / "cases"


def first_case(ruleset_id: str) -> Path:
    """The first ground-combat case of ``ruleset_id`` in tests/cases."""
    for path in sorted(CASES.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        if data.get("ruleset") == ruleset_id and "defender" in data and "air" not in data:
            return path
    raise AssertionError(f"{ruleset_id}: no ground-combat case in tests/cases")


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_a_defender_said_to_fire_from_two_hexes_is_refused_at_its_line(
    ruleset_id: str, tmp_path: Path
) -> None:
    case = first_case(ruleset_id)
    assert check_file(case) == []
    lines = case.read_text(encoding="utf-8").splitlines()
    entry = lines.index("[[defender]]")
    lines.insert(entry + 1, "range = 2")
    bad = tmp_path / case.name
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    problems = [str(p) for p in check_file(bad)]
    assert len(problems) == 1, problems
    assert f"{bad.name}:{entry + 1}:" in problems[0]
    assert "defends in" in problems[0]  # "... the attacked hex", a ruleset file's "... its own hex"
