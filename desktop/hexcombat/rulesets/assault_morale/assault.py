"""One assault worked out from its situation alone: each side's fire, the order of fire, and
what every pair of table dice does. The report's chances and the resolution both come from
:meth:`Assault.exchange`, so the roll applies exactly what the preview promised."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

from hexcombat.rules.effects import Effect
from hexcombat.rules.situation import CombatSituation
from hexcombat.rules.vocabulary import SideName
from hexcombat.rulesets.assault_morale.forces import Fighter, SideFire, fighters, side_fire
from hexcombat.rulesets.assault_morale.losses import suggested_in_group
from hexcombat.rulesets.assault_morale.table import AssaultResult, AssaultTable

FACES = range(1, 7)


@dataclass(frozen=True)
class Exchange:
    """What one pair of table dice does: the result each side takes, and the attackers' fire
    it was found with (after the defenders' fire when the defenders fire first)."""

    attacker_die: int
    defender_die: int
    on_defender: AssaultResult
    on_attacker: AssaultResult
    attacker_fire: SideFire

    @property
    def code(self) -> str:
        """``defender: 1M2 / attacker: M``: each side's result as a player reads it."""
        return f"defender: {self.on_defender.code} / attacker: {self.on_attacker.code}"

    @property
    def favours(self) -> str:
        hurt_d, hurt_a = self.on_defender.code != "-", self.on_attacker.code != "-"
        if hurt_d and not hurt_a:
            return "attacker"
        if hurt_a and not hurt_d:
            return "defender"
        return "neither"

    @property
    def suffers(self) -> tuple[SideName, ...]:
        return tuple(
            side
            for side, res in (("defender", self.on_defender), ("attacker", self.on_attacker))
            if res.code != "-"
        )

    @property
    def text(self) -> str:
        return f"the defender: {self.on_defender.text}; the attacker: {self.on_attacker.text}"


def after_losses(units: tuple[Fighter, ...], result: AssaultResult) -> tuple[Fighter, ...]:
    """``units`` after the step losses ``result`` takes, as the rule suggests them (best morale
    first, an AFV among two or more), the eliminated left out."""
    lost = losses_taken(units, result)
    left = []
    for f in units:
        status = replace(f.status, steps_lost=f.status.steps_lost + lost.get(f.pid, 0))
        after = replace(f, status=status)
        if after.steps_left:
            left.append(after)
    return tuple(left)


def groups(units: tuple[Fighter, ...]) -> tuple[tuple[Fighter, ...], tuple[Fighter, ...]]:
    """ACT: (combat units, wagons/trucks/prime movers) with steps left; leaders are in
    neither."""
    combat = tuple(f for f in units if f.combat_unit and f.steps_left)
    transport = tuple(f for f in units if f.transport and f.steps_left)
    return combat, transport


def losses_taken(units: tuple[Fighter, ...], result: AssaultResult) -> dict[str, int]:
    """The steps each unit loses to ``result`` as the rule suggests them."""
    lost: dict[str, int] = {}
    if not result.steps:
        return lost
    for group in groups(units):
        for pid in suggested_in_group(group, result.steps):
            lost[pid] = lost.get(pid, 0) + 1
    return lost


def result_effects(
    side: SideName, units: tuple[Fighter, ...], result: AssaultResult
) -> list[Effect]:
    """What ``result`` does to ``side``'s units in the assault hex (ACT): the step losses of
    each group, then the morale check every unit takes."""
    effects = []
    if result.steps:
        for group in groups(units):
            if group:
                word = "wagons, trucks and prime movers" if group[0].transport else "combat units"
                effects.append(
                    Effect(
                        "lose-steps",
                        side,
                        "ACT",
                        f"the {side}'s {word} lose {result.steps} step(s), "
                        "the first from the best morale",
                        tuple(f.pid for f in group),
                        result.steps,
                    )
                )
    doomed = surely_eliminated(units, result)
    left = tuple(f for f in units if f.pid not in doomed)
    if result.morale_check and left:
        plus = f" +{result.modifier}" if result.modifier else ""
        effects.append(
            Effect(
                "morale-check",
                side,
                "ACT",
                f"every {side} unit left checks morale{plus}",
                tuple(f.pid for f in left),
                modifier=result.modifier,
            )
        )
    return effects


def surely_eliminated(units: tuple[Fighter, ...], result: AssaultResult) -> set[str]:
    """The units every legal choice of ``result``'s step losses eliminates (ACT): all of a
    group that has no more steps than it loses; a one-step unit that alone has the group's
    best morale (it takes the first loss); with two or more losses, a one-step AFV that is its
    group's only AFV. 'All surviving enemy units ... check morale': these check none."""
    gone: set[str] = set()
    if not result.steps:
        return gone
    for group in groups(units):
        if not group:
            continue
        if sum(f.steps_left for f in group) <= result.steps:
            gone |= {f.pid for f in group}
            continue
        best = max(f.morale for f in group)
        top = [f for f in group if f.morale == best]
        if len(top) == 1 and top[0].steps_left == 1:
            gone.add(top[0].pid)
        afvs = [f for f in group if f.afv]
        if result.steps >= 2 and len(afvs) == 1 and afvs[0].steps_left == 1:
            gone.add(afvs[0].pid)
    return gone


class Assault:
    """An assault's fire and its order, worked out once from its situation."""

    def __init__(self, situation: CombatSituation, table: AssaultTable) -> None:
        self.situation = situation
        self.table = table
        self.attackers = fighters("attacker", situation.attackers)
        self.defenders = fighters("defender", situation.defenders)

    @cached_property
    def defenders_first(self) -> bool:
        """ACT: simultaneous unless the defenders are entrenched or dug in."""
        return self.situation.conditions.terrain == "entrenchment" or any(
            "dug-in" in f.status.markers for f in self.defenders
        )

    def fire(self, side: SideName, attackers: tuple[Fighter, ...] | None = None) -> SideFire:
        """``side``'s fire; the attackers' with ``attackers`` (what is left) when given."""
        a = self.attackers if attackers is None else attackers
        own, enemy = (a, self.defenders) if side == "attacker" else (self.defenders, a)
        s = self.situation
        return side_fire(side, own, enemy, s.conditions, self.table, s.attackers, s.defenders)

    @cached_property
    def attacker_fire(self) -> SideFire:
        return self.fire("attacker")

    @cached_property
    def defender_fire(self) -> SideFire:
        return self.fire("defender")

    def first_fire_result(self, defender_die: int) -> AssaultResult:
        """What the defenders' die does to the attackers when the defenders fire first (ACT):
        its whole result, morale checks included, takes effect before the attackers fire."""
        return self.table.result(defender_die, self.defender_fire.column)

    def exchange(self, attacker_die: int, defender_die: int) -> Exchange:
        """What the two table dice do when both sides fire at once."""
        fire = self.attacker_fire
        return Exchange(
            attacker_die,
            defender_die,
            self.table.result(attacker_die, fire.column),
            self.table.result(defender_die, self.defender_fire.column),
            fire,
        )

    def exchanges(self) -> list[Exchange]:
        """Every pair of table dice, each 1 in 36 (both sides firing at once)."""
        return [self.exchange(a, d) for a in FACES for d in FACES]

    def effects(self, exchange: Exchange) -> list[Effect]:
        """The exchange's results on each side's units, the defenders' first."""
        return [
            *result_effects("defender", self.defenders, exchange.on_defender),
            *result_effects("attacker", self.attackers, exchange.on_attacker),
        ]


def inflicted_on(units: tuple[Fighter, ...], result: AssaultResult) -> int:
    """The step losses ``result`` inflicts on a side (any legal choice takes as many)."""
    return sum(losses_taken(units, result).values())
