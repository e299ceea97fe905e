"""Rolling the dice for an attack, as an undoable command that goes into the combat log.

A roll is part of the game, not a preview: once the dice are down the result stands until it is
applied on the map, or the roll itself is undone (which puts the game's dice back, so the same
roll comes again). Rolling twice for one attack would let a player pick the better result.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from hexcombat.game.attack import AttackSetup, Resolution, resolve_attack
from hexcombat.game.state import Change, CombatLogEntry, GameError, GameState
from hexcombat.rules.dice import ScriptedDice
from hexcombat.rules.errors import RulesError


def roll_time() -> str:
    """Now, in the player's local time with its UTC offset (ISO 8601): when a roll was made, for
    the combat log (a save opened elsewhere still shows the moment right)."""
    return datetime.now().astimezone().isoformat(timespec="seconds")


class RecordingDice:
    """Dice that remember what they rolled, so the log and the panel show the faces."""

    def __init__(self, inner: object) -> None:
        self.inner = inner
        self.rolls: list[int] = []

    def roll(self, sides: int = 6) -> int:
        value = self.inner.roll(sides)  # type: ignore[attr-defined]
        self.rolls.append(value)
        return value


@dataclass(frozen=True)
class PendingRoll:
    """A rolled attack whose result is not applied yet."""

    resolution: Resolution
    rolls: tuple[int, ...]
    """The dice as they fell, in the order the ruleset rolled them."""
    typed: bool
    """Whether the player typed in a physical roll (else the game's seeded dice)."""
    entry: CombatLogEntry
    """The roll's line in the combat log; applying the result replaces it with the combat's."""


@dataclass
class RollCombat:
    """Roll for the attack ``setup``: with the game's seeded dice, or the physical ``typed`` dice.

    Refused while another roll waits to be applied. Undo takes the roll back (and the game's dice
    with it); redo puts back the very same roll, never a new one."""

    setup: AttackSetup
    typed: list[int] | None = None
    text: str = ""
    pending: PendingRoll | None = field(default=None, repr=False)
    _before: tuple[int, object] | None = field(default=None, repr=False)
    _after: tuple[int, object] | None = field(default=None, repr=False)

    def do(self, state: GameState) -> Change:
        if state.pending_roll is not None:
            raise GameError(
                "the dice are already rolled for an attack: apply its result, or undo the roll"
            )
        if self.pending is None:
            self._roll(state)
        elif self._after is not None:  # redo: the game's dice as they were after this roll
            state.dice.restore(self._after)
        assert self.pending is not None
        state.pending_roll = self.pending
        state.log.append(self.pending.entry)
        return Change(self.text, log=True, roll=True)

    def _roll(self, state: GameState) -> None:
        self._before = state.dice.snapshot()
        dice = RecordingDice(ScriptedDice(self.typed) if self.typed is not None else state.dice)
        try:
            resolution = resolve_attack(state, self.setup, dice)  # type: ignore[arg-type]
        except (RulesError, ValueError) as exc:
            state.dice.restore(self._before)
            raise GameError(str(exc)) from exc
        except GameError:
            state.dice.restore(self._before)
            raise
        if self.typed is not None and len(dice.rolls) != len(self.typed):
            state.dice.restore(self._before)
            raise GameError(
                f"this attack rolls {len(dice.rolls)} dice, but {len(self.typed)} were typed in"
            )
        self._after = state.dice.snapshot() if self.typed is None else None
        result = resolution.result
        faces = " ".join(str(r) for r in dice.rolls)
        how = "typed in" if self.typed is not None else "game dice"
        label = state.hexmap.label(self.setup.target)
        self.text = self.text or (
            f"Roll {faces} ({how}) for {label}: {resolution.report.odds}, "
            f"DRM {result.drm:+d} = {result.modified_roll}: {result.code}"
        )
        details = [f"{s.rule}: {s.text}" for s in resolution.result.steps]
        self.pending = PendingRoll(
            resolution,
            tuple(dice.rolls),
            self.typed is not None,
            CombatLogEntry(f"{self.text}, not applied yet", details, rolled_at=roll_time()),
        )

    def undo(self, state: GameState) -> Change:
        state.log.pop()
        state.pending_roll = None
        if self._before is not None and self.typed is None:
            state.dice.restore(self._before)
        return Change(f"Undo: {self.text}", log=True, roll=True)
