"""Coast defence artillery on the map (14A4): which side of its counter is up, and the counter on
its other side.

The rules say when a CDA unit may switch (:func:`~hexcombat.rules.total_war.switch_mode`) and
which counter shows each mode (``coast_defence.toml``); the game knows the counter in play, its
owner and the phase.
"""

from __future__ import annotations

from dataclasses import dataclass

from hexcombat.game.state import Counter, GameError, GameState, RuleRefusedError
from hexcombat.rules.errors import RulesError
from hexcombat.rules.total_war.coast_defence import (
    CdMode,
    CoastDefenceArtillery,
    CoastDefenceData,
    is_cd_side,
    is_coast_defence,
    load_coast_defence,
    side_counter,
    switch_mode,
)

MODE_WORDS = {CdMode.ARTILLERY: "artillery mode", CdMode.CD: "CD mode"}


@dataclass(frozen=True)
class CdCounter:
    """A CDA counter in play: the unit (by its artillery-side id), whose it is, its mode now."""

    counter: Counter
    cda: CoastDefenceArtillery

    @property
    def other_mode(self) -> CdMode:
        """The mode a flip turns it to."""
        return CdMode.CD if self.cda.mode is CdMode.ARTILLERY else CdMode.ARTILLERY


def is_cd_counter(counter: Counter) -> bool:
    """Whether the counter is coast defence artillery, on either side (14A4)."""
    return is_coast_defence(counter.unit) or is_cd_side(counter.unit)


def cd_counter(counter: Counter, data: CoastDefenceData | None = None) -> CdCounter:
    """The counter as a CDA unit; :class:`GameError` when it is not one hexcombat can flip."""
    data = data or load_coast_defence()
    name = counter.unit.name
    if not is_cd_counter(counter):
        raise GameError(
            f"{name} is not coast defence artillery: only CDA units have a CD mode (14A4)"
        )
    for unit, sides in data.sides.items():
        for mode, counter_id in sides.items():
            if counter_id == counter.counter_id:
                return CdCounter(counter, CoastDefenceArtillery(unit, counter.side, mode))
    raise GameError(
        f"{name} has no other side in the coast defence data: name its artillery and CD "
        "counters in coast_defence.toml (14A4)"
    )


def flipped(state: GameState, counter: Counter, data: CoastDefenceData | None = None) -> Counter:
    """The same counter (uid, side) turned to its other side. Refused outside its owner's initial
    phase with the rule's words (14A4)."""
    data = data or load_coast_defence()
    current = cd_counter(counter, data)
    try:
        turned = switch_mode(
            current.cda,
            current.other_mode,
            phase=state.phase,
            phasing_player=state.phasing_player,
            data=data,
        )
        counter_id = side_counter(turned, data)
    except RulesError as exc:
        raise RuleRefusedError(str(exc), exc.rule) from exc
    if counter_id not in state.library:
        raise GameError(
            f"the {MODE_WORDS[turned.mode]} side of {counter.unit.name} ({counter_id!r}) is not "
            "in the counter sets (14A4)"
        )
    return Counter(counter.uid, state.library[counter_id], counter.side, counter_id)
