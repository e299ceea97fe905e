"""What the ruleset-file tests share: the test files (data/), a file changed in one place, and
units and combats built in a line."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from hexcombat.rules.registry import register_ruleset
from hexcombat.rules.situation import CombatSituation, Conditions, Participant
from hexcombat.rules.status import UnitStatus
from hexcombat.rules.units import Unit
from hexcombat.rulesets.datafile.engine import DataRuleset
from hexcombat.rulesets.datafile.loader import load_ruleset_file

DATA = Path(__file__).resolve().parent / "data"
RIVER, RIDGE, BARRAGE, SKIRMISH = (
    DATA / "river-crossing.toml",
    DATA / "ridge-line.toml",
    DATA / "barrage.toml",
    DATA / "skirmish.toml",
)


def ruleset(path: Path = RIVER) -> DataRuleset:
    """The ruleset of a test file."""
    return DataRuleset(load_ruleset_file(path))


def variant(tmp_path: Path, old: str, new: str, path: Path = RIVER) -> Path:
    """``path`` with ``old`` written as ``new`` (once, and it must be there), as a new file."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    out = tmp_path / path.name
    out.write_text(text.replace(old, new), encoding="utf-8")
    return out


def unit(
    name: str,
    attack: int | None = None,
    defence: int | None = None,
    kind: str = "infantry",
    steps: int | None = None,
    range_: int = 1,
    **rules: bool | int | str,
) -> Unit:
    """A counter of a strength-point or step game (``re`` only because the shared type still
    asks for one)."""
    return Unit(
        name=name,
        attack=attack,
        defence=defence,
        unit_type=kind,
        steps=steps,
        range=range_,
        rules=tuple(sorted(rules.items())),
    )


def combat(
    attackers: list[Participant | Unit],
    defenders: list[Participant | Unit],
    terrain: str = "clear",
    ruleset_id: str = "river-crossing",
    **choices: bool | int | str,
) -> CombatSituation:
    """A combat of the given units (a bare unit is one participant, adjacent)."""

    def part(p: Participant | Unit) -> Participant:
        return p if isinstance(p, Participant) else Participant(p)

    return CombatSituation(
        ruleset_id,
        tuple(map(part, attackers)),
        tuple(map(part, defenders)),
        Conditions(terrain, choices=choices),
    )


def disrupted(u: Unit) -> Participant:
    """``u`` in play disrupted."""
    return Participant(u, status=UnitStatus(state="disrupted"))


CONFORMANCE = Path(__file__).resolve().parents[1] / "conformance"
CASES = CONFORMANCE / "cases"


@contextmanager
def registered(ruleset_id: str, module: str) -> Iterator[None]:
    """A test ruleset file known by its id while the block runs, as the conformance suite
    registers it (its module in tests/rules/conformance)."""
    if str(CONFORMANCE) not in sys.path:
        sys.path.insert(0, str(CONFORMANCE))
    with register_ruleset(ruleset_id, module):
        yield
