"""One air unit on one mission: may it fly it, and with which air attack, air defence and bombing
strengths (16A, 23D1 fighter-bombers, 23D2 attack-fighters, 23D3 dive bomber-fighters).

Readings adopted: 23D2 cites "Rule 21D1" for fighter-bombers; it means 23D1, which is what we
cite. A type DF flying a bombing mission is a dive bomber (23D3), so it keeps its printed
strengths and has no fighter-bomber jettison. Only fighters fly the fighter missions and only
transports the transport missions, as the categories of 16A suggest.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hexcombat.rules.errors import IllegalMissionError
from hexcombat.rules.explain import Explanation, Value
from hexcombat.rulesets.europa.air.missions import AF_ESCORTS, MISSIONS, Kind, Mission, mission
from hexcombat.rulesets.europa.air.units import TYPE_NAMES, AirType, AirUnit, Category

BOMB_ATTACK_PENALTY = 2  # 23D1: air attack reduced by 2 while carrying bombs
BOMB_DEFENCE_PENALTY = 1  # 23D1: air defence reduced by 1 while carrying bombs
LEAST_STRENGTH = 1  # 23D1: never reduced below 1 (a strength printed lower stays as printed)
AF_DAS_BONUS = 1  # 23D2: +1 tactical bombing on defensive air support, before other modifiers
AF_HOME_ONLY = {"intercept": "intercept", "patrol-attack": "patrol attack"}
"""Missions a type AF flies only in the hex where it is based (23D2, 20C, 20D)."""


@dataclass(frozen=True)
class Sortie:
    """What a player orders one air unit to do."""

    unit: AirUnit
    mission: str
    jettison: bool = False
    """It jettisons its bomb load during air combat preparation (23D1)."""
    switch_to_escort: bool = False
    """A type AF that jettisons switches its bombing mission to escort (23D2)."""
    escorting: str | None = None
    """For an escort: the mission of the force it escorts (23D2, 20B)."""
    base: str | None = None
    """The hex it is based in (23D2: an AF intercepts and patrol-attacks only there)."""
    target: str | None = None
    """The hex of its mission."""


@dataclass
class AirResult:
    """The strengths one unit flies its mission with, and how they were reached."""

    sortie: Sortie
    mission: Mission
    """The mission it ends up flying (an AF may switch to escort, 23D2)."""
    air_attack: int
    air_defence: int
    bombing: int
    """The bombing strength it bombs with; 0 when its mission does not bomb."""
    carrying_bombs: bool
    explanation: Explanation = field(default_factory=Explanation)

    def totals(self) -> dict[str, Value]:
        """The strengths as report totals."""
        return {
            "air_attack": self.air_attack,
            "air_defence": self.air_defence,
            "bombing": self.bombing,
        }


def fly(sortie: Sortie) -> AirResult:
    """Check that the unit may fly its mission and work out its strengths, step by step."""
    unit = sortie.unit
    planned = mission(sortie.mission)
    ex = Explanation()
    ex.add(
        "16A",
        f"{unit.name} ({unit.rating}) is a type {unit.air_type} "
        f"{TYPE_NAMES[unit.air_type]}, in the {unit.category} category",
        unit.category.value,
    )
    _check_category(unit, planned)
    _check_jettison(sortie, planned)
    _warn_assumed(unit, planned, ex)
    if unit.air_type is AirType.AF:
        _check_attack_fighter(sortie, planned, ex)
    if planned.kind is not Kind.BOMBING:
        return AirResult(sortie, planned, unit.air_attack, unit.air_defence, 0, False, ex)
    bombing = _printed_bombing(unit, planned, ex)
    if unit.category is Category.BOMBER or unit.air_type is AirType.DF:
        if unit.air_type is AirType.DF:
            ex.add(
                "23D3",
                f"a type DF flying {planned.name} is treated as a dive bomber: it keeps its "
                f"printed air attack {unit.air_attack} and air defence {unit.air_defence}",
            )
        return AirResult(sortie, planned, unit.air_attack, unit.air_defence, bombing, True, ex)
    return _fighter_bomber(sortie, planned, bombing, ex)


def _warn_assumed(unit: AirUnit, planned: Mission, ex: Explanation) -> None:
    """Say which of the unit's values used here the rules texts do not give (its range is not
    read by a mission; bombing strengths only on a bombing mission)."""
    unread = {"range"}
    if planned.kind is not Kind.BOMBING:
        unread |= {"tactical_bombing", "strategic_bombing"}
    else:
        unread.add("tactical_bombing" if planned.strategic else "strategic_bombing")
    keys = [k for k in unit.assumed if k not in unread]
    if keys:
        ex.warn(f"assumed value used: {unit.name} {', '.join(keys)} (check your counter)")


def _check_category(unit: AirUnit, planned: Mission) -> None:
    """Fighter missions for fighters, transport missions for transports, no bombing transports."""
    if planned.kind is Kind.FIGHTER and unit.category is not Category.FIGHTER:
        raise IllegalMissionError(
            f"only fighters fly {planned.name}; {unit.name} is a {unit.category}", "16A"
        )
    if planned.kind is Kind.TRANSPORT and unit.category is not Category.TRANSPORT:
        raise IllegalMissionError(
            f"only transports fly {planned.name}; {unit.name} is a {unit.category}", "16A"
        )
    if planned.kind is Kind.BOMBING and unit.category is Category.TRANSPORT:
        raise IllegalMissionError(f"a transport does not fly {planned.name}", "16A")


def _check_jettison(sortie: Sortie, planned: Mission) -> None:
    unit = sortie.unit
    if sortie.switch_to_escort and unit.air_type is not AirType.AF:
        raise IllegalMissionError(
            "only a type AF may switch its bombing mission to escort when it jettisons", "23D2"
        )
    if not sortie.jettison:
        if sortie.switch_to_escort:
            raise IllegalMissionError(
                "a type AF switches to escort only when it jettisons its bomb load", "23D2"
            )
        return
    if planned.kind is not Kind.BOMBING or unit.category is not Category.FIGHTER:
        raise IllegalMissionError(
            "only a fighter flying a bombing mission may jettison its bomb load", "23D1"
        )
    if unit.air_type is AirType.DF:
        raise IllegalMissionError(
            "a type DF bombs as a dive bomber, so it has no fighter-bomber jettison", "23D3"
        )


def _check_attack_fighter(sortie: Sortie, planned: Mission, ex: Explanation) -> None:
    """The restrictions of a type AF flying as a fighter (23D2)."""
    if planned.id == "combat-air-patrol":
        raise IllegalMissionError("a type AF may not fly combat air patrol", "23D2")
    if planned.id in AF_HOME_ONLY:
        verb = AF_HOME_ONLY[planned.id]
        if sortie.base is None or sortie.target is None:
            raise IllegalMissionError(
                f"a type AF may only {verb} in the hex where it is based: give its base and "
                "target hexes",
                "23D2",
            )
        if sortie.base != sortie.target:
            raise IllegalMissionError(
                f"a type AF may only {verb} in the hex where it is based ({sortie.base}), "
                f"not in {sortie.target}",
                "23D2",
            )
        ex.add("23D2", f"a type AF may {verb} in its own base hex {sortie.base}")
    if planned.id == "escort":
        escorted = _check_af_escort(sortie.escorting)
        ex.add("23D2", f"a type AF may escort a force flying {escorted.name}")


def _check_af_escort(escorted: str | None) -> Mission:
    """The escorted force's mission, which for a type AF must be GS or DAS (23D2, 20B)."""
    if escorted is None:
        raise IllegalMissionError(
            "a type AF may only escort ground support or defensive air support: say which "
            "mission the escorted force flies (escorting)",
            "23D2",
        )
    if escorted not in AF_ESCORTS:
        mission(escorted)  # an unknown name gets its own message
        raise IllegalMissionError(
            "a type AF may only escort a force flying ground support or defensive air support, "
            f"not {MISSIONS[escorted].name}",
            "23D2",
        )
    return MISSIONS[escorted]


def _printed_bombing(unit: AirUnit, planned: Mission, ex: Explanation) -> int:
    kind = "strategic" if planned.strategic else "tactical"
    printed = unit.strategic_bombing if planned.strategic else unit.tactical_bombing
    if printed <= 0:
        raise IllegalMissionError(
            f"{unit.name} has no {kind} bombing strength to fly {planned.name}"
        )
    if unit.air_type is AirType.AF and planned.id == "defensive-air-support":
        ex.add(
            "23D2",
            f"type AF on defensive air support: tactical bombing strength {printed} "
            f"+ {AF_DAS_BONUS} = {printed + AF_DAS_BONUS}, before any other modification",
            printed + AF_DAS_BONUS,
        )
        return printed + AF_DAS_BONUS
    return printed


def _fighter_bomber(sortie: Sortie, planned: Mission, bombing: int, ex: Explanation) -> AirResult:
    """A fighter flying a bombing mission (23D1; a type AF too, 23D2)."""
    unit = sortie.unit
    if unit.air_type is AirType.AF:
        ex.add(
            "23D1",
            "a type AF bombing targets is treated as a fighter-bomber (23D2 cites "
            '"Rule 21D1"; read as 23D1)',
        )
        ex.warn('23D2 cites "Rule 21D1" for fighter-bombers; hexcombat reads it as 23D1')
    if not sortie.jettison:
        attack = _carrying_bombs("air attack", unit.air_attack, BOMB_ATTACK_PENALTY, ex)
        defence = _carrying_bombs("air defence", unit.air_defence, BOMB_DEFENCE_PENALTY, ex)
        return AirResult(sortie, planned, attack, defence, bombing, True, ex)
    ex.add(
        "23D1",
        f"jettisons its bomb load in air combat preparation: printed air attack "
        f"{unit.air_attack} and air defence {unit.air_defence} again",
        unit.rating,
    )
    if sortie.switch_to_escort:
        _check_af_escort(planned.id)
        ex.add(
            "23D2",
            f"a type AF that jettisons switches from {planned.name} to escort of that force",
            "escort",
        )
        return AirResult(
            sortie, MISSIONS["escort"], unit.air_attack, unit.air_defence, 0, False, ex
        )
    left = 1 if planned.id == "airbase-bombing" else 0
    where = "on an airbase bombing mission" if left else f"on {planned.name}"
    ex.add("23D1", f"bombing strength after jettisoning {where}: {left}", left)
    return AirResult(sortie, planned, unit.air_attack, unit.air_defence, left, False, ex)


def _carrying_bombs(strength: str, printed: int, penalty: int, ex: Explanation) -> int:
    """A printed strength reduced while carrying bombs (23D1), as a step a player can check.

    23D1 says strengths "may never be reduced below 1": a reduction stops at 1, and a strength
    printed below 1 is not reduced at all, nor raised (the rule forbids reducing, never raises).
    """
    if printed < LEAST_STRENGTH:
        ex.add(
            "23D1",
            f"carrying bombs: {strength} {printed} as printed: already below "
            f"{LEAST_STRENGTH}, and 23D1 only forbids reducing a strength below "
            f"{LEAST_STRENGTH}, it never raises one",
            printed,
        )
        return printed
    reduced = printed - penalty
    text = f"carrying bombs: {strength} {printed} - {penalty} = {reduced}"
    if reduced >= LEAST_STRENGTH:
        ex.add("23D1", text, reduced)
        return reduced
    ex.add(
        "23D1",
        f"{text}, but never reduced below {LEAST_STRENGTH} (23D1): {LEAST_STRENGTH}",
        LEAST_STRENGTH,
    )
    return LEAST_STRENGTH
