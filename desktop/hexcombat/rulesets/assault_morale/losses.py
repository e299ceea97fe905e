"""Step losses under the Assault Combat Table: ``NM2`` takes N steps from the enemy's combat
units and N from its wagons, trucks and prime movers, two groups each chosen on its own; in
each group the first loss falls on a unit of the best morale, and with two or more losses at
least one on an AFV when one is there (ACT)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping

from hexcombat.rules.effects import Effect
from hexcombat.rules.report import CombatResult, Report
from hexcombat.rules.step_losses import SIDES, StepLosses
from hexcombat.rules.vocabulary import SideName
from hexcombat.rulesets.assault_morale.forces import Fighter, fighters


class AssaultLosses(StepLosses):
    """:class:`StepLosses` by group: each ``lose-steps`` effect of the result is one group."""

    def __init__(self, report: Report, result: CombatResult) -> None:
        super().__init__(report, result)
        situation = report.situation
        units = {
            f.pid: f
            for f in (
                *fighters("attacker", situation.attackers),
                *fighters("defender", situation.defenders),
            )
        }
        self._units = tuple(units.values())
        self._groups: dict[SideName, list[tuple[tuple[Fighter, ...], int]]] = {}
        for side in SIDES:
            self._groups[side] = [
                (tuple(units[t] for t in e.targets if t in units), int(e.amount))
                for e in result.effects
                if e.kind == "lose-steps" and e.side == side
            ]

    def needed(self, side: SideName, chosen: Collection[str]) -> int:
        """Each group loses its own number of steps, no more than its units have left."""
        return sum(min(n, _left(group)) for group, n in self._groups[side])

    def problems(self, chosen: Collection[str], lost_anyway: Collection[str] = ()) -> list[str]:
        """The plain step-loss problems, then each group's: its own count, the first loss on
        a unit of the best morale, and an AFV among two or more losses (ACT)."""
        found = super().problems(chosen, lost_anyway)
        ticked = Counter(chosen)
        gone = set(lost_anyway)
        for side in SIDES:
            for group, n in self._groups[side]:
                found += group_problems(side, group, n, ticked, gone)
        return list(dict.fromkeys(found))

    def note(self, uid: str) -> str:
        """The unit's current morale, marked when it is the best of its group, and AFV: what
        'the first step loss must be taken by a unit with the best morale' and 'at least one
        step loss must be taken by an AFV' ask of it (ACT)."""
        for side in SIDES:
            for group, n in self._groups[side]:
                unit = next((f for f in group if f.pid == uid), None)
                if unit is None:
                    continue
                best = unit in best_morale(group) and min(n, _left(group)) > 0
                words = [f"morale {unit.morale}" + (", the best" if best else "")]
                return "; ".join(words + (["AFV"] if unit.afv else []))
        return ""

    def effects(self, chosen: Collection[str]) -> tuple[Effect, ...]:
        """The steps chosen, then the riders of an AFV the steps destroy dismount."""
        return super().effects(chosen) + riders_dismount(self._units, Counter(chosen))

    def suggested(self, lost_anyway: Collection[str] = ()) -> list[str]:
        """Each group's losses as the rule takes them (:func:`suggested_in_group`)."""
        chosen: list[str] = []
        for side in SIDES:
            for group, n in self._groups[side]:
                chosen += suggested_in_group(group, n)
        return chosen


def _left(group: tuple[Fighter, ...]) -> int:
    return sum(f.steps_left for f in group)


def _word(group: tuple[Fighter, ...]) -> str:
    return "wagons, trucks and prime movers" if group and group[0].transport else "combat units"


def best_morale(group: tuple[Fighter, ...]) -> list[Fighter]:
    """The units of the group with steps left and the best current morale."""
    able = [f for f in group if f.steps_left]
    if not able:
        return []
    best = max(f.morale for f in able)
    return [f for f in able if f.morale == best]


def group_problems(
    side: SideName,
    group: tuple[Fighter, ...],
    n: int,
    ticked: Mapping[str, int],
    gone: Collection[str] = (),
) -> list[str]:
    """Why the steps chosen from one group break the ACT: the wrong number, the first loss not
    on a unit of the best morale, no AFV among two or more losses."""
    ids = {f.pid for f in group}
    taken = sum(ticked.get(pid, 0) for pid in ids) + sum(
        f.steps_left for f in group if f.pid in gone and f.pid not in ticked
    )
    needed = min(n, _left(group))
    what = f"the {side}'s {_word(group)}"
    found = []
    if taken != needed:
        found.append(f"{what} lose {needed} step(s): {taken} chosen (ACT)")
    if not needed:
        return found
    best = best_morale(group)
    hit = {pid for pid in ids if ticked.get(pid, 0) or pid in gone}
    if best and not hit & {f.pid for f in best}:
        names = " or ".join(f.name for f in best)
        found.append(
            f"the first step loss of {what} is taken by a unit of the best morale ({names}) (ACT)"
        )
    afvs = {f.pid for f in group if f.afv and f.steps_left}
    if needed >= 2 and afvs and not hit & afvs:
        found.append(f"with {needed} step losses {what} lose at least one from an AFV (ACT)")
    return found


def suggested_in_group(group: tuple[Fighter, ...], n: int) -> list[str]:
    """The group's losses as the rule takes them: the first from the unit of the best morale
    (the first listed among equals), then one from an AFV when two or more are lost, then
    round the group in order of morale, best first, one step at a time."""
    left = {f.pid: f.steps_left for f in group}
    order = sorted((f for f in group if f.steps_left), key=lambda f: -f.morale)
    chosen: list[str] = []
    needed = min(n, _left(group))
    if not needed:
        return chosen
    first = order[0]
    chosen.append(first.pid)
    left[first.pid] -= 1
    afv = next((f for f in order if f.afv and left[f.pid]), None)
    if needed >= 2 and not first.afv and afv is not None:
        chosen.append(afv.pid)
        left[afv.pid] -= 1
    turn = 1
    while len(chosen) < needed:
        f = order[turn % len(order)]
        turn += 1
        if left[f.pid]:
            chosen.append(f.pid)
            left[f.pid] -= 1
    return chosen


def riders_dismount(units: Collection[Fighter], lost: Mapping[str, int]) -> tuple[Effect, ...]:
    """Our reading of 'infantry unit riding an AFV' (ACT shift): a side's infantry carrying
    the ``riding`` marker rides that side's AFVs in its hex; once ``lost`` takes the last step
    of the last of them there, the riders are on foot: a ``remove-marker`` effect for each (the
    aid says nothing of the riders' own fate, so they lose no step by it)."""
    found: list[Effect] = []
    for rider in units:
        if not rider.infantry or "riding" not in rider.status.markers:
            continue
        carriers = [
            f
            for f in units
            if f.afv and f.side == rider.side and f.participant.hex == rider.participant.hex
        ]
        hit = any(lost.get(f.pid, 0) for f in carriers)
        if hit and all(f.steps_left <= lost.get(f.pid, 0) for f in carriers):
            text = f"{rider.name} dismounts: the AFV it rode is destroyed"
            found.append(
                Effect("remove-marker", rider.side, "ACT shift", text, (rider.pid,), state="riding")
            )
    return tuple(found)
