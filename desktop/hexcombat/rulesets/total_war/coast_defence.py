"""Coast defence artillery (14A4): two sides/modes, switched only in the owner's initial phase.

The modes and which counter is which side of a unit are data (``coast_defence.toml``), so a
player adds their own CDA units without touching code.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from pathlib import Path

from hexcombat.paths import charts_dir
from hexcombat.rules.charts import load_chart, provenance_of
from hexcombat.rules.counters import CounterSet
from hexcombat.rules.errors import IllegalAttackError, RulesError
from hexcombat.rules.explain import Provenance
from hexcombat.rules.units import Unit
from hexcombat.rulesets.europa.units import europa
from hexcombat.sourcefile import Problem, TomlSource

COAST_DEFENCE = charts_dir() / "total_war" / "coast_defence.toml"
CD_SIDE_TYPE = "coast-defence-artillery"
"""The unit type of a CDA unit's CD-mode side; its artillery side is an ordinary artillery type."""


class CdMode(StrEnum):
    """The two sides of a CDA counter (14A4)."""

    ARTILLERY = "artillery"
    CD = "cd"


@dataclass(frozen=True)
class ModeInfo:
    """What one mode is and does (14A4)."""

    mode: CdMode
    text: str
    ground_attack: bool
    """Whether the unit may attack in ground combat on this side."""
    naval_hazard: bool
    """Whether it exerts a naval hazard area against enemy naval units."""
    provenance: Provenance
    rule: str


@dataclass(frozen=True)
class CoastDefenceData:
    """The modes, the phase they switch in, and each unit's two sides by counter id."""

    modes: Mapping[CdMode, ModeInfo]
    switch_phase: str
    sides: Mapping[str, Mapping[CdMode, str]]
    """Artillery-side counter id -> the counter id of each side."""


@dataclass(frozen=True)
class CoastDefenceArtillery:
    """One CDA unit in play: which unit, whose it is, and which side is up."""

    unit: str
    """Its artillery-side counter id."""
    owner: str
    mode: CdMode = CdMode.ARTILLERY


def is_coast_defence(unit: Unit) -> bool:
    """A CDA unit: marked so, or long-range siege artillery, which is always CDA (14A4)."""
    return europa(unit).coast_defence or (unit.range >= 2 and europa(unit).siege)


def is_cd_side(unit: Unit) -> bool:
    """The CD-mode side of a CDA counter (its type says so, see ``counters/total-war.toml``)."""
    return unit.unit_type == CD_SIDE_TYPE


def check_may_attack(unit: Unit, data: CoastDefenceData) -> None:
    """A CDA unit in CD mode shows its naval rating, not its artillery ratings (14A4)."""
    if is_cd_side(unit) and not data.modes[CdMode.CD].ground_attack:
        raise IllegalAttackError(
            f"{unit.name} is in CD mode and cannot attack; switch it to artillery mode in your "
            "initial phase",
            "14A4",
        )


def switch_mode(
    cda: CoastDefenceArtillery,
    mode: CdMode | str,
    *,
    phase: str,
    phasing_player: str,
    data: CoastDefenceData | None = None,
) -> CoastDefenceArtillery:
    """The unit on its other side; only in its owner's initial phase (14A4)."""
    data = data or load_coast_defence()
    try:
        target = CdMode(mode)
    except ValueError:
        raise RulesError(
            f"coast defence artillery has an artillery mode and a CD mode, not {mode!r}", "14A4"
        ) from None
    if phase != data.switch_phase or phasing_player != cda.owner:
        raise RulesError(
            f"coast defence artillery may switch modes only during its owner's "
            f"{data.switch_phase} phase (now: {phasing_player}'s {phase} phase)",
            "14A4",
        )
    return replace(cda, mode=target)


def side_counter(cda: CoastDefenceArtillery, data: CoastDefenceData | None = None) -> str:
    """The counter id showing for ``cda``'s current mode."""
    data = data or load_coast_defence()
    if cda.unit not in data.sides:
        raise RulesError(f"{cda.unit!r} is not a coast defence artillery unit", "14A4")
    return data.sides[cda.unit][cda.mode]


def load_coast_defence(path: str | Path = COAST_DEFENCE) -> CoastDefenceData:
    """Load the mode data; a problem raises :class:`SourceError` with its line."""
    return load_chart(path, coast_defence_from_source)


def coast_defence_from_source(
    source: TomlSource,
) -> tuple[CoastDefenceData | None, list[Problem]]:
    """The CDA data from a parsed file, with every problem located."""
    raw = source.data
    problems: list[Problem] = []
    modes: dict[CdMode, ModeInfo] = {}
    raw_modes = raw.get("modes", {})
    for mode in CdMode:
        entry = raw_modes.get(mode.value) if isinstance(raw_modes, dict) else None
        where = ("modes", mode.value)
        if not isinstance(entry, dict):
            problems.append(source.problem(("modes",), f"the file needs a [modes.{mode}] table"))
            continue
        prov = provenance_of(entry, "14A4")
        flags = (entry.get("ground_attack"), entry.get("naval_hazard"))
        if prov is None or not all(isinstance(f, bool) for f in flags):
            problems.append(
                source.problem(
                    where,
                    "a mode needs ground_attack and naval_hazard (true/false) and a rule",
                )
            )
            continue
        modes[mode] = ModeInfo(
            mode, str(entry.get("text", mode.value)), flags[0], flags[1], prov[0], prov[1]
        )
    phase = raw.get("switch_phase")
    if not isinstance(phase, str) or not phase:
        problems.append(source.problem(("switch_phase",), "switch_phase must name a phase"))
    sides: dict[str, dict[CdMode, str]] = {}
    for i, entry in enumerate(raw.get("unit", [])):
        if not isinstance(entry, dict) or not all(
            isinstance(entry.get(m.value), str) for m in CdMode
        ):
            problems.append(
                source.problem(("unit", i), "each [[unit]] names its artillery and cd counters")
            )
            continue
        sides[entry["artillery"]] = {m: entry[m.value] for m in CdMode}
    if problems:
        return None, problems
    return CoastDefenceData(modes, str(phase), sides), []


COAST_DEFENCE_CHART = "tw-coast-defence"
"""The ``chart`` key of the coast defence chart."""


def coast_defence_id_problems(source: TomlSource, library: CounterSet) -> list[Problem]:
    """Each ``[[unit]]`` names a coast defence artillery counter and its CD-side counter that
    the Total War counter sets hold (14A4), so flipping one never fails in play."""
    problems: list[Problem] = []
    for i, entry in enumerate(source.data.get("unit", [])):
        for mode in CdMode:
            counter_id = entry[mode.value]
            where = ("unit", i, mode.value)
            if counter_id not in library:
                problems.append(
                    source.problem(
                        where,
                        f"unknown counter {counter_id!r}: the {mode.value} side of a coast "
                        "defence artillery unit must be a counter in counters/ (14A4)",
                    )
                )
                continue
            unit = library[counter_id]
            right = is_cd_side(unit) if mode is CdMode.CD else is_coast_defence(unit)
            if not right:
                wanted = (
                    "a CD-side counter (its type says so)"
                    if mode is CdMode.CD
                    else "coast defence artillery (coast_defence = true, or long-range siege "
                    "artillery)"
                )
                problems.append(
                    source.problem(
                        where,
                        f"counter {counter_id!r} ({unit.name}) is not {wanted}, so it cannot be "
                        f"the {mode.value} side of a coast defence artillery unit (14A4)",
                    )
                )
    return problems
