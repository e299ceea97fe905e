"""The loss policy of a ruleset whose units lose steps: a result's ``lose-steps`` effect says
how many steps a side loses in all, and the player chooses which of its targets take them.

A choice is a list of participant ids, an id once for each step that unit loses (``["c9",
"c9"]``: c9 loses two steps). A unit that loses every step it has left is eliminated.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping

from hexcombat.rules.effects import Effect
from hexcombat.rules.losses import LossKind
from hexcombat.rules.report import CombatResult, Report, participant_id
from hexcombat.rules.situation import Participant
from hexcombat.rules.vocabulary import SideName

SIDES: tuple[SideName, SideName] = ("defender", "attacker")


def steps_left(participant: Participant) -> int:
    """The steps a unit has left to lose (a unit with no step count has one: it is eliminated
    by its first)."""
    steps = participant.unit.steps or 1
    return max(0, steps - participant.status.steps_lost)


class StepLosses:
    """The step losses of one resolved combat (a :class:`~hexcombat.rules.losses.LossPolicy`)."""

    kind: LossKind = "steps"
    replaces: frozenset[str] = frozenset({"lose-steps"})
    """The result's effects the player's choice stands for (:meth:`effects` gives them)."""

    def __init__(self, report: Report, result: CombatResult) -> None:
        situation = report.situation
        members = {
            "attacker": {
                participant_id(p, "attacker", i): p for i, p in enumerate(situation.attackers, 1)
            },
            "defender": {
                participant_id(p, "defender", i): p for i, p in enumerate(situation.defenders, 1)
            },
        }
        self._left: dict[SideName, dict[str, int]] = {}
        self._steps: dict[SideName, int] = {}
        self._rule: dict[SideName, str] = {}
        for side in SIDES:
            effects = [e for e in result.effects if e.kind == "lose-steps" and e.side == side]
            targets = [t for e in effects for t in (e.targets or members[side])]
            self._left[side] = {
                pid: steps_left(members[side][pid])
                for pid in dict.fromkeys(targets)
                if pid in members[side]
            }
            self._steps[side] = sum(int(e.amount) for e in effects)
            self._rule[side] = effects[0].rule if effects else ""

    def offered(self, side: SideName) -> list[str]:
        """The units of ``side`` a lost step may be taken from (none: it loses no step)."""
        return list(self._left[side]) if self._steps[side] else []

    def worth(self, side: SideName) -> Mapping[str, int]:
        """The steps each offered unit of ``side`` has left."""
        return dict(self._left[side]) if self._steps[side] else {}

    def needed(self, side: SideName, chosen: Collection[str]) -> int:
        """The steps ``side`` loses in all (no more than its units have left)."""
        return min(self._steps[side], sum(self._left[side].values()))

    def rule(self, side: SideName) -> str:
        """The rule that makes ``side`` lose steps ("" when it loses none)."""
        return self._rule[side]

    def note(self, uid: str) -> str:
        """What a player must know of unit ``uid`` to choose its losses by the rule ("" when
        the rule asks nothing of it): a ruleset that picks whose steps go first says why."""
        return ""

    def problems(self, chosen: Collection[str], lost_anyway: Collection[str] = ()) -> list[str]:
        """Why the steps chosen do not meet the result: too few or too many for a side, from a
        unit the result does not touch, or more than a unit has left."""
        ticked = Counter(chosen)
        gone = set(lost_anyway)
        problems = []
        for uid in ticked:
            if not any(uid in self.offered(side) for side in SIDES):
                problems.append("only units the result takes steps from can lose steps")
        for side in SIDES:
            left = self._left[side]
            for uid, n in ticked.items():
                if uid in left and n > left[uid]:
                    problems.append(f"a unit has only {left[uid]} step(s) left to lose")
            taken = sum(n for uid, n in ticked.items() if uid in left)
            taken += sum(left[uid] for uid in gone if uid in left and uid not in ticked)
            needed = self.needed(side, chosen)
            rule = f" ({self._rule[side]})" if self._rule[side] else ""
            if taken < needed:
                problems.append(f"the {side} loses {needed} step(s): {taken} chosen{rule}")
            elif taken > needed and not gone:
                problems.append(f"the {side} loses only {needed} step(s): {taken} chosen{rule}")
        return list(dict.fromkeys(problems))

    def suggested(self, lost_anyway: Collection[str] = ()) -> list[str]:
        """The steps taken from each side's units in turn, the first listed first (the player
        may move them): one by one, so no unit loses more than it has left."""
        chosen: list[str] = []
        for side in SIDES:
            left = dict(self._left[side])
            for _ in range(self.needed(side, chosen)):
                uid = next(u for u, n in left.items() if n > 0)
                left[uid] -= 1
                chosen.append(uid)
        return chosen

    def effects(self, chosen: Collection[str]) -> tuple[Effect, ...]:
        """The steps chosen as ``lose-steps`` effects, one for each unit that loses any."""
        found = []
        for uid, n in Counter(chosen).items():
            side = next((s for s in SIDES if uid in self._left[s]), None)
            if side is not None:
                text = f"loses {n} step{'s' if n != 1 else ''}"
                found.append(Effect("lose-steps", side, self._rule[side], text, (uid,), n))
        return tuple(found)
