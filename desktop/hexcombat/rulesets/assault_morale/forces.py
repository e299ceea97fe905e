"""The units of an assault as the assault-morale rules read them: kind, direct fire value,
current morale, and each side's fire value with its column and column shifts (ACT, ACT shift).

A side is a tuple of :class:`Fighter`: a participant with its id and its status in play, so the
defenders-first order can fire the attackers 'with what is left' by the same functions."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from hexcombat.rules.errors import UnitDataError
from hexcombat.rules.situation import Conditions, Participant
from hexcombat.rules.status import UnitStatus
from hexcombat.rules.vocabulary import SideName
from hexcombat.rulesets.assault_morale.table import AssaultTable, fire_text
from hexcombat.rulesets.assault_morale.vocabulary import (
    HALF_WITHOUT_INFANTRY,
    INFANTRY,
    SUPPORTING_INFANTRY,
    TRANSPORT,
)


@dataclass(frozen=True)
class Fighter:
    """One participant of an assault, by the id results address it, with its status now."""

    pid: str
    side: SideName
    participant: Participant
    status: UnitStatus

    @property
    def name(self) -> str:
        return self.participant.unit.name

    @property
    def kind(self) -> str:
        return str(self.participant.unit.rule_value("kind", ""))

    def flag(self, key: str) -> bool:
        return self.participant.unit.rule_value(key, False) is True

    @property
    def nationality(self) -> str:
        return self.participant.unit.nationality

    @property
    def fire(self) -> int:
        value = self.participant.unit.rule_value("fire", 0)
        return value if isinstance(value, int) and not isinstance(value, bool) else 0

    @property
    def morale(self) -> int:
        """Its current morale: the printed morale, one less when demoralized (Morale)."""
        value = self.participant.unit.rule_value("morale", 0)
        printed = value if isinstance(value, int) and not isinstance(value, bool) else 0
        return printed - (1 if self.demoralized else 0)

    @property
    def leader_modifier(self) -> int:
        value = self.participant.unit.rule_value("leader_modifier", 0)
        return value if isinstance(value, int) and not isinstance(value, bool) else 0

    @property
    def demoralized(self) -> bool:
        return self.status.state == "demoralized"

    @property
    def disrupted(self) -> bool:
        return self.status.state == "disrupted"

    @property
    def steps(self) -> int:
        return self.participant.unit.steps or 1

    @property
    def steps_left(self) -> int:
        return max(0, self.steps - self.status.steps_lost)

    @property
    def leader(self) -> bool:
        return self.kind == "leader"

    @property
    def transport(self) -> bool:
        return self.kind in TRANSPORT

    @property
    def combat_unit(self) -> bool:
        """ACT 1M2 a): every unit but leaders, wagons, trucks and prime movers."""
        return not self.leader and not self.transport

    @property
    def infantry(self) -> bool:
        return self.kind in INFANTRY

    @property
    def dismounted_support(self) -> bool:
        """Dismounted infantry other than an HMG (ACT, ACT shift)."""
        return self.kind in SUPPORTING_INFANTRY and "riding" not in self.status.markers

    @property
    def afv(self) -> bool:
        return self.kind == "afv"

    @property
    def closed_top(self) -> bool:
        """ACT shift: closed-top AFVs; the modifier applies to every German and Soviet Guard
        AFV whatever its top."""
        return self.afv and (
            self.flag("closed_top") or self.nationality == "german" or self.flag("guard")
        )

    @property
    def cavalry(self) -> bool:
        return self.flag("cavalry")

    @property
    def leads(self) -> str:
        """The troops a leader leads: his ``leader_of``, infantry when not given (our reading,
        one for who may assault with him and for the infantry leader's shift)."""
        if not self.leader:
            return ""
        return str(self.participant.unit.rule_value("leader_of", "") or "infantry")

    @property
    def leads_by_reading(self) -> bool:
        """A leader whose ``leader_of`` is not given, read as an infantry leader."""
        return self.leader and not self.participant.unit.rule_value("leader_of", "")


def fighters(side: SideName, participants: tuple[Participant, ...]) -> tuple[Fighter, ...]:
    """The participants of ``side`` as fighters, each by the id results address it by."""
    from hexcombat.rules.report import participant_id

    return tuple(
        Fighter(participant_id(p, side, i), side, p, p.status)
        for i, p in enumerate(participants, 1)
    )


def unit_problem(p: Participant) -> str | None:
    """Why the rules cannot read ``p``: it lacks a kind, a fire value or a morale."""
    unit = p.unit
    missing = [k for k in ("kind", "fire", "morale") if unit.rule_value(k) is None]
    if missing:
        given = ", ".join(f"{k} = ..." for k in missing)
        return f"{unit.name}: the assault-morale rules need its {', '.join(missing)} ({given})"
    return None


def require_units(participants: tuple[Participant, ...]) -> None:
    """Refuse a unit the rules cannot read, naming what it lacks."""
    for p in participants:
        if (problem := unit_problem(p)) is not None:
            raise UnitDataError(problem, "ACT")


# --- fire values -------------------------------------------------------------------------------


@dataclass(frozen=True)
class UnitFire:
    """One unit's part of its side's direct fire value, and why it is less than printed."""

    pid: str
    name: str
    fire: Fraction
    why: tuple[str, ...]
    state_why: str = ""
    """How the unit's morale state changed its fire (Morale), '' when it did not."""
    before_state: Fraction | None = None
    """Its fire before its morale state changed it (None: the state did not)."""


def unit_fire(f: Fighter, side: tuple[Fighter, ...], defending: bool) -> UnitFire:
    """A unit's direct fire value in the assault (ACT; Morale for the states):

    - its printed fire in proportion to the steps it has left;
    - HMG and AA half without friendly dismounted infantry (not an HMG) taking part;
    - disrupted: halved; demoralized: no fire, but a defender fires at a quarter (the aid's
      '1/4 defense against assaults')."""
    fire = Fraction(f.fire * f.steps_left, f.steps)
    why: list[str] = []
    if f.steps_left < f.steps:
        why.append(f"{f.steps_left} of {f.steps} steps left")
    if f.kind in HALF_WITHOUT_INFANTRY and not any(
        o.dismounted_support and o.steps_left for o in side
    ):
        fire /= 2
        why.append("half without friendly dismounted infantry")
    before = fire
    state_why = ""
    if f.disrupted:
        fire /= 2
        state_why = "disrupted: combat value halved"
    if f.demoralized:
        if defending:
            fire /= 4
            state_why = "demoralized: 1/4 defense against assaults"
        else:
            fire = Fraction(0)
            state_why = "demoralized: may not fire"
    if not state_why:
        return UnitFire(f.pid, f.name, fire, tuple(why))
    return UnitFire(f.pid, f.name, fire, tuple(why), state_why, before)


@dataclass(frozen=True)
class Shift:
    """One column shift of a side's fire, with its reason (ACT shift)."""

    shift: int
    reason: str
    reading: bool = False
    """Whether the shift (or its absence, ``shift`` 0) rests on a reading of ours, not the
    aid's plain words (docs/rules.md): its step is then marked ``assumed``."""


@dataclass(frozen=True)
class SideFire:
    """A side's fire on the table: its value, its column before and after the shifts."""

    side: SideName
    parts: tuple[UnitFire, ...]
    fire: Fraction
    column_before: int | None
    shifts: tuple[Shift, ...]
    column: int | None
    clamped: str
    """Why the shifts stopped at the table's edge ('' when they did not)."""

    def to_payload(self, table: AssaultTable) -> dict[str, object]:
        return {
            "fire": self.fire,
            "fire_text": fire_text(self.fire),
            "column_before_shifts": None
            if self.column_before is None
            else table.label(self.column_before),
            "column_after_shifts": None if self.column is None else table.label(self.column),
            "shifts": [{"shift": s.shift, "reason": s.reason} for s in self.shifts if s.shift],
            "clamped": self.clamped,
        }


def _terrain(conditions: Conditions) -> str:
    return conditions.terrain


def shifts(
    side: SideName,
    own: tuple[Fighter, ...],
    enemy: tuple[Fighter, ...],
    conditions: Conditions,
    attackers: tuple[Participant, ...],
    defenders: tuple[Participant, ...],
) -> tuple[Shift, ...]:
    """Every column shift the aid lists that applies to ``side``'s fire, in the aid's order
    (ACT shift). The assault hex is the defender's hex: its terrain is ``conditions.terrain``."""
    terrain = _terrain(conditions)
    first = bool(conditions.choice("first_round", True))
    found: list[Shift] = []
    if side == "attacker":
        if terrain == "woods":
            found.append(Shift(-1, "the defenders occupy a woods hex"))
        if terrain == "entrenchment" and first:
            found.append(Shift(-1, "the defenders occupy an entrenchment (first fire)"))
        if terrain == "entrenchment" and not first:
            found.append(
                Shift(
                    0,
                    "the defenders occupy an entrenchment, but on a later round: the aid's "
                    "'entrenchment (1st fire)' read as the attackers' first fire, in the first "
                    "round, so no shift (our reading)",
                    reading=True,
                )
            )
        if terrain == "town":
            found.append(Shift(-1, "the defenders occupy a town"))
        river = any(p.across == "major-river" for p in attackers)
        if river and first and not any(f.flag("engineer") for f in enemy):
            found.append(
                Shift(
                    -1, "attacking across a major river on the first round, no defending engineers"
                )
            )
        if any(p.across == "minor-river" for p in attackers):
            found.append(
                Shift(0, "attacking across a minor river: the aid shifts for a major river only")
            )
        combat = [f for f in own if f.combat_unit]
        if combat and enemy and min(f.morale for f in combat) > max(f.morale for f in enemy):
            found.append(
                Shift(+1, "every attacking combat unit has higher morale than every defender")
            )
    if any(f.closed_top and not f.demoralized for f in own) and any(
        f.infantry and f.kind != "hmg" and not f.demoralized for f in own
    ):
        found.append(Shift(+1, "undemoralized closed-top AFVs with infantry"))
    if (
        side == "attacker"
        and terrain in ("town", "entrenchment")
        and any(f.flag("engineer") for f in own)
    ):
        found.append(
            Shift(+1, f"engineers assaulting {'an' if terrain[0] in 'aeiou' else 'a'} {terrain}")
        )
    if (
        terrain in ("town", "woods")
        and any(f.afv for f in enemy)
        and not any(f.dismounted_support for f in enemy)
    ):
        found.append(Shift(+1, f"enemy AFVs in {terrain} without dismounted infantry"))
    leaders = [f for f in own if f.leader and f.leads == "infantry" and not f.demoralized]
    if leaders:
        if all(f.leads_by_reading for f in leaders):
            found.append(
                Shift(
                    +1,
                    f"an undemoralized infantry leader ({leaders[0].name} has no leader_of: "
                    "read as an infantry leader)",
                    reading=True,
                )
            )
        else:
            found.append(Shift(+1, "an undemoralized infantry leader"))
    if any(f.infantry and "riding" in f.status.markers for f in enemy):
        found.append(Shift(+1, "enemy infantry riding an AFV"))
    if enemy and all(f.demoralized for f in enemy):
        found.append(Shift(+1, "every enemy unit is demoralized"))
    if side == "attacker" and conditions.flag("charging") and any(f.cavalry for f in own):
        found.append(Shift(+1, "charging cavalry assaulting"))
    if side == "defender" and terrain == "hill" and first and _higher(defenders, attackers):
        found.append(Shift(+1, "on a hill, higher than every hex the attackers came from"))
    return tuple(found)


def _higher(defenders: tuple[Participant, ...], attackers: tuple[Participant, ...]) -> bool:
    """The assault hex is at least one level higher than every hex the attackers entered from;
    an elevation not known gives no shift."""
    levels = [p.elevation for p in defenders if p.elevation is not None]
    if not levels or any(p.elevation is None for p in attackers):
        return False
    return all(levels[0] >= (p.elevation or 0) + 1 for p in attackers)


def side_fire(
    side: SideName,
    own: tuple[Fighter, ...],
    enemy: tuple[Fighter, ...],
    conditions: Conditions,
    table: AssaultTable,
    attackers: tuple[Participant, ...],
    defenders: tuple[Participant, ...],
) -> SideFire:
    """``side``'s direct fire value, its column and every shift, stopped at the table's edges."""
    parts = tuple(unit_fire(f, own, defending=side == "defender") for f in own)
    fire = sum((p.fire for p in parts), Fraction(0))
    before = table.column_of(fire)
    if before is None:
        return SideFire(side, parts, fire, None, (), None, "")
    found = shifts(side, own, enemy, conditions, attackers, defenders)
    wanted = before + sum(s.shift for s in found)  # ACT shift
    column = min(max(wanted, 0), len(table.lower) - 1)
    clamped = ""
    if column != wanted:
        edge = "first" if wanted < column else "last"
        clamped = f"the shifts stop at the table's {edge} column, {table.label(column)}"
    return SideFire(side, parts, fire, before, found, column, clamped)
