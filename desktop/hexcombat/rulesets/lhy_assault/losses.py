"""Casualties under the Assault Results table: each ``lose-steps`` effect names the units it
falls on and how many steps (a casualty is one step); a unit is not offered another's."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection

from hexcombat.rules.report import CombatResult, Report
from hexcombat.rules.step_losses import StepLosses


class CasualtyLosses(StepLosses):
    """Step losses where every casualty is the named unit's own (Assault Results)."""

    def __init__(self, report: Report, result: CombatResult) -> None:
        super().__init__(report, result)
        self._each = [(e.targets, int(e.amount)) for e in result.effects if e.kind == "lose-steps"]

    def problems(self, chosen: Collection[str], lost_anyway: Collection[str] = ()) -> list[str]:
        """The plain step-loss problems, and a casualty taken from a unit it does not name."""
        found = super().problems(chosen, lost_anyway)
        ticked = Counter(chosen)
        for targets, amount in self._each:
            taken = sum(ticked[t] for t in targets) + sum(1 for t in lost_anyway if t in targets)
            if taken < min(amount, sum(self._left_of(t) for t in targets)):
                found.append("each casualty falls on the unit the result names (Assault Results)")
        return list(dict.fromkeys(found))

    def _left_of(self, uid: str) -> int:
        for side in self._left.values():
            if uid in side:
                return side[uid]
        return 0

    def suggested(self, lost_anyway: Collection[str] = ()) -> list[str]:
        """Each casualty on the unit it names (the first named when several are)."""
        gone = set(lost_anyway)
        chosen: list[str] = []
        for targets, amount in self._each:
            left = [t for t in targets if t not in gone and self._left_of(t)]
            for _ in range(min(amount, sum(self._left_of(t) for t in left))):
                uid = next(t for t in left if chosen.count(t) < self._left_of(t))
                chosen.append(uid)
        return chosen
