"""Rolling the dice for an attack, as an undoable command that goes into the combat log.

A roll is part of the game, not a preview: once the dice are down the result stands until it is
applied on the map, or the roll itself is undone (which puts the game's dice back, so the same
roll comes again). Rolling twice for one attack would let a player pick the better result.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from hexcombat.game.attack import AttackSetup, Resolution, evaluate_attack, resolve_attack
from hexcombat.game.combat_log import result_details, result_words
from hexcombat.game.commands import plural
from hexcombat.game.evaluation import resolve_report
from hexcombat.game.state import Change, CombatLogEntry, GameError, GameState
from hexcombat.rules.dice import DiceWanted, ScriptedDice
from hexcombat.rules.errors import RulesError
from hexcombat.rules.report import Report


def roll_time() -> str:
    """Now, in the player's local time with its UTC offset (ISO 8601): when a roll was made, for
    the combat log (a save opened elsewhere still shows the moment right)."""
    return datetime.now().astimezone().isoformat(timespec="seconds")


class RecordingDice:
    """Dice that remember what they rolled, so the log and the panel show the faces."""

    def __init__(self, inner: object) -> None:
        self.inner = inner
        self.rolls: list[int] = []

    def roll(self, sides: int = 6, purpose: str = "") -> int:
        value = self.inner.roll(sides, purpose)  # type: ignore[attr-defined]
        self.rolls.append(value)
        return value


class _AskedDice:
    """Dice that note which die each roll asks for (and show 1): resolving a report with them
    tells what a player must roll, by the very resolution the roll makes."""

    def __init__(self) -> None:
        self.sides: list[int] = []
        self.purposes: list[str] = []

    def roll(self, sides: int = 6, purpose: str = "") -> int:
        self.sides.append(sides)
        self.purposes.append(purpose)
        return 1


def dice_rolled(report: Report) -> list[int]:
    """The faces of each die resolving ``report`` rolls first, in order, as the resolution
    itself asks for them (a chance roll before the combat die when a chart gives a chance)."""
    dice = _AskedDice()
    resolve_report(report, dice)
    return dice.sides


def side_dice_names(report: Report) -> list[str]:
    """The first dice by their purpose, in the order the resolution asks for them, when each
    is a side's own die the ruleset declares (the attacker's and the defender's table dice:
    the defenders' first when they fire first, or theirs alone when the attackers fire in a
    follow-up); else none (a chance roll, then the combat die)."""
    dice = _AskedDice()
    resolve_report(report, dice)
    sided = {d.purpose for d in report.dice if d.side and not d.follow_up}
    if not dice.purposes or not set(dice.purposes) <= sided:
        return []
    return dice.purposes


def dice_text(
    sides: list[int], follow_up: Sequence[DiceWanted] = (), names: Sequence[str] = ()
) -> str:
    """What to type for dice with these faces: "one number from 1 to 6 (e.g. 4)", or for a
    chance roll and the combat die "2 numbers, the chance roll for the DRM (1 to 6) then the
    combat die (1 to 6), e.g. 2 4"; with ``names`` (:func:`side_dice_names`) the first dice are
    named by them ("the defender's table die (1 to 6) then the attacker's..."). The last
    ``len(follow_up)`` dice are follow-up rolls the resolution asked for, named by their
    purpose ("then the morale check (1 to 6)")."""
    first = sides[: len(sides) - len(follow_up)]
    example = " ".join(str(min(faces, 2)) for faces in first[:-1]) + f" {min(first[-1], 4)}"
    example += "".join(f" {min(d.sides, 3)}" for d in follow_up)
    if len(sides) == 1:
        name = f", the {names[0]}" if len(names) == 1 else ""
        return f"one number from 1 to {sides[0]}{name} (e.g. {example.strip()})"
    if len(names) == len(first):  # each side's own die, in the order asked
        named = [f"the {name} (1 to {faces})" for name, faces in zip(names, first, strict=True)]
    else:
        named = [f"the chance roll for the DRM (1 to {faces})" for faces in first[:-1]]
        named.append(f"the combat die (1 to {first[-1]})")
    named += [f"the {d.purpose or 'next die'} (1 to {d.sides})" for d in follow_up]
    return (
        f"{plural(len(sides), 'number')}, {', '.join(named[:-1])} then {named[-1]}, "
        f"e.g. {example.strip()}"
    )


_TYPED_NUMBER = re.compile(r"[+-]?\d+")
"""A typed die: decimal digits, one sign at most."""


def read_typed_roll(
    text: str, sides: list[int], follow_up: Sequence[DiceWanted] = (), names: Sequence[str] = ()
) -> list[int]:
    """The dice a player typed (numbers apart by spaces or commas) for an attack that rolls
    dice with ``sides`` faces (the last being the ``follow_up`` rolls asked for; the first named
    by ``names``, each side's own die); :class:`GameError` says what is wrong and what to type."""
    if not sides:  # an assault the rules decide before any roll (an immediate resolution)
        raise GameError("this combat is decided before any roll: there are no dice to type")
    want = f"type {dice_text(sides, follow_up, names)}"
    parts = text.replace(",", " ").split()
    if not parts:
        raise GameError(f"no dice typed: {want}")
    for part in parts:
        if not _TYPED_NUMBER.fullmatch(part):  # what int() reads: not "\u00b2" or "--5"
            raise GameError(f"'{part}' is not a number: {want}")
    rolls = [int(part) for part in parts]
    if len(rolls) != len(sides):
        typed = f"{plural(len(rolls), 'number')} {'was' if len(rolls) == 1 else 'were'} typed"
        raise GameError(
            f"this attack rolls {plural(len(sides), 'die', 'dice')}, but {typed}: {want}"
        )
    for roll, faces in zip(rolls, sides, strict=True):
        if not 1 <= roll <= faces:
            raise GameError(f"a d{faces} has no {roll}: {want}")
    return rolls


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
        faces = self.typed
        typed = ScriptedDice(faces) if faces is not None else None
        dice = RecordingDice(typed or state.dice)
        try:
            if faces is not None:  # at least the dice the attack rolls first, in plain words
                rolled = len(dice_rolled(evaluate_attack(state, self.setup)))
                if len(faces) < rolled:
                    self._refuse_typed_count(rolled, len(faces))
            resolution = resolve_attack(state, self.setup, dice)  # type: ignore[arg-type]
            if faces is not None and typed is not None and typed.used != len(faces):
                self._refuse_typed_count(typed.used, len(faces))  # more typed than rolled
        except (RulesError, ValueError) as exc:
            state.dice.restore(self._before)
            raise GameError(str(exc)) from exc
        except GameError:
            state.dice.restore(self._before)
            raise
        self._after = state.dice.snapshot() if self.typed is None else None
        result = resolution.result
        faces = " ".join(str(r) for r in dice.rolls)
        how = "typed in" if self.typed is not None else "game dice"
        label = state.hexmap.label(self.setup.target)
        words = result_words(resolution.report, result)
        if not dice.rolls:  # decided before any roll (an assault resolved at once)
            name = state.vocabulary.attack_name
            self.text = self.text or f"{name} on {label} resolved at once, no roll: {words}"
        self.text = self.text or f"Roll {faces} ({how}) for {label}: {words}"
        details = result_details(result)
        self.pending = PendingRoll(
            resolution,
            tuple(dice.rolls),
            self.typed is not None,
            CombatLogEntry(f"{self.text}, not applied yet", details, rolled_at=roll_time()),
        )

    @staticmethod
    def _refuse_typed_count(rolled: int, typed: int) -> None:
        """Refuse typed dice that are not as many as the resolution rolls (follow-up rolls,
        such as a morale check the result calls for, count once asked for)."""
        raise GameError(
            f"this attack rolls {plural(rolled, 'die', 'dice')}, but {typed} "
            f"{'was' if typed == 1 else 'were'} typed in"
        )

    def undo(self, state: GameState) -> Change:
        state.log.pop()
        state.pending_roll = None
        if self._before is not None and self.typed is None:
            state.dice.restore(self._before)
        return Change(f"Undo: {self.text}", log=True, roll=True)
