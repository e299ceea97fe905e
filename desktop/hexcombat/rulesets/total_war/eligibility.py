"""Total War's own answers to the eligibility hooks: coast defence artillery (14A4) may not
attack in CD mode, and its owner flips it between its two sides in his initial phase.

The flip is a counter action the game applies and the map's menus offer like any other; which
counter shows each mode and the phase it switches in are ``coast_defence.toml``'s.
"""

from __future__ import annotations

from hexcombat.rules.eligibility import CounterAction, CounterInPlay, Refusal, TurnNow
from hexcombat.rules.errors import IllegalAttackError, RulesError
from hexcombat.rules.units import Unit
from hexcombat.rulesets.total_war.coast_defence import (
    CdMode,
    CoastDefenceArtillery,
    CoastDefenceData,
    check_may_attack,
    is_cd_side,
    is_coast_defence,
    side_counter,
    switch_mode,
)

FLIP_MODE = "flip-mode"
"""The key of the flip between a CDA unit's artillery and CD sides (14A4)."""

MODE_WORDS = {CdMode.ARTILLERY: "artillery mode", CdMode.CD: "CD mode"}

FLIP_HELP = (
    "A player may switch his CDA units between their two sides/modes only during his initial "
    "phase (14A4)"
)


def cd_attack_refusal(unit: Unit, data: CoastDefenceData) -> Refusal | None:
    """Why a CDA unit in CD mode may not attack (its naval rating shows, 14A4), or None."""
    try:
        check_may_attack(unit, data)
    except IllegalAttackError as exc:
        return Refusal(str(exc), exc.rule or "14A4")
    return None


def cd_unit(counter: CounterInPlay, data: CoastDefenceData) -> CoastDefenceArtillery:
    """The counter as a CDA unit with the side now up; :class:`RulesError` when it is not one
    that can flip (not CDA, or its sides not in the data)."""
    name = counter.unit.name
    if not (is_coast_defence(counter.unit) or is_cd_side(counter.unit)):
        raise RulesError(
            f"{name} is not coast defence artillery: only CDA units have a CD mode", "14A4"
        )
    for unit, sides in data.sides.items():
        for mode, counter_id in sides.items():
            if counter_id == counter.counter_id:
                return CoastDefenceArtillery(unit, counter.owner, mode)
    raise RulesError(
        f"{name} has no other side in the coast defence data: name its artillery and CD "
        "counters in coast_defence.toml",
        "14A4",
    )


def flip_action(counter: CounterInPlay, turn: TurnNow, data: CoastDefenceData) -> CounterAction:
    """The flip of a CDA counter to its other side, refused outside its owner's initial phase
    (14A4); :class:`RulesError` when the counter has no other side."""
    cda = cd_unit(counter, data)
    other = CdMode.CD if cda.mode is CdMode.ARTILLERY else CdMode.ARTILLERY
    refused = None
    try:
        switch_mode(cda, other, phase=turn.phase, phasing_player=turn.phasing_player, data=data)
    except RulesError as exc:
        refused = Refusal(str(exc), exc.rule or "14A4")
    mode = MODE_WORDS[other]
    return CounterAction(
        key=FLIP_MODE,
        label=f"Flip to {mode}",
        text=f"Flip {counter.unit.name} to {mode}",
        rule="14A4",
        help=FLIP_HELP,
        becomes=side_counter(CoastDefenceArtillery(cda.unit, cda.owner, other), data),
        refused=refused,
    )


def flip_actions(
    counter: CounterInPlay, turn: TurnNow, data: CoastDefenceData
) -> list[CounterAction]:
    """The flip when the counter has another side to flip to, else nothing (14A4)."""
    try:
        return [flip_action(counter, turn, data)]
    except RulesError:
        return []
