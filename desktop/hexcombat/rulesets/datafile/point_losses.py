"""The strength points a ruleset file's result takes (docs/ruleset-file.md, "Losses on the
map"): whole units chosen by their owner, every unit of a side the result eliminates."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping

from hexcombat.rules.losses import LossKind
from hexcombat.rules.report import CombatResult, Report, participant_id
from hexcombat.rules.situation import Participant
from hexcombat.rules.vocabulary import SideName

SIDES: tuple[SideName, SideName] = ("attacker", "defender")


class PointLosses:
    """The strength points a result takes: whole units of the side, chosen by their owner, that
    make up at least the points; a side the result eliminates loses every unit (a
    :class:`~hexcombat.rules.losses.LossPolicy`; the game eliminates the units chosen)."""

    kind: LossKind = "strength-points"

    def __init__(
        self,
        report: Report,
        result: CombatResult,
        printed: Callable[[Participant, SideName], int],
    ) -> None:
        situation = report.situation
        self._worth: dict[SideName, dict[str, int]] = {}
        self._points: dict[SideName, int] = {}
        self._all: dict[SideName, bool] = {}
        self._rule: dict[SideName, str] = {}
        sides: tuple[tuple[SideName, tuple[Participant, ...]], ...] = (
            ("attacker", situation.attackers),
            ("defender", situation.defenders),
        )
        for side, ps in sides:
            effects = [
                e
                for e in result.effects
                if e.side == side and e.kind in ("lose-points", "eliminate")
            ]
            self._all[side] = any(e.kind == "eliminate" for e in effects)
            self._points[side] = sum(int(e.amount) for e in effects if e.kind == "lose-points")
            self._rule[side] = effects[0].rule if effects else ""
            self._worth[side] = {
                participant_id(p, side, i): printed(p, side) for i, p in enumerate(ps, 1)
            }

    def _loses(self, side: SideName) -> bool:
        return self._all[side] or self._points[side] > 0

    def offered(self, side: SideName) -> list[str]:
        return list(self._worth[side]) if self._loses(side) else []

    def worth(self, side: SideName) -> Mapping[str, int]:
        return dict(self._worth[side]) if self._loses(side) else {}

    def needed(self, side: SideName, chosen: Collection[str]) -> int:
        everything = sum(self._worth[side].values())
        return everything if self._all[side] else min(self._points[side], everything)

    def problems(self, chosen: Collection[str], lost_anyway: Collection[str] = ()) -> list[str]:
        found = []
        lost = set(chosen) | set(lost_anyway)
        for side in SIDES:
            worth = self._worth[side]
            rule = f" ({self._rule[side]})" if self._rule[side] else ""
            taken = [u for u in lost if u in worth]
            if self._all[side]:
                if len(taken) < len(worth):
                    found.append(f"every unit of the {side} is eliminated{rule}")
                continue
            points = sum(worth[u] for u in taken)
            needed = self.needed(side, chosen)
            if points < needed:
                found.append(
                    f"the {side} loses at least {needed} strength points: {points} chosen{rule}"
                )
            elif any(points - worth[u] >= needed for u in chosen if u in worth):
                found.append(
                    f"the {side} loses only {needed} strength points: a unit fewer makes "
                    f"them up{rule}"
                )
        if any(
            u not in self._worth["attacker"] and u not in self._worth["defender"] for u in chosen
        ):
            found.append("only units the result takes losses from can be lost")
        if any(u in self._worth[s] and not self._loses(s) for u in chosen for s in SIDES):
            found.append("a side the result takes nothing from loses no unit")
        return found

    def suggested(self, lost_anyway: Collection[str] = ()) -> list[str]:
        """The least that meets the result: every unit of an eliminated side; else the one unit
        worth the fewest points that makes them up, or the biggest first until they are."""
        chosen: list[str] = []
        for side in SIDES:
            worth = self._worth[side]
            free = {u: w for u, w in worth.items() if u not in lost_anyway}
            if self._all[side]:
                chosen += list(free)
                continue
            points = sum(worth[u] for u in lost_anyway if u in worth)
            needed = self.needed(side, chosen)
            if points >= needed:
                continue
            enough = [u for u, w in free.items() if points + w >= needed]
            if enough:  # one unit makes them up: the least that does
                chosen.append(min(enough, key=lambda u: free[u]))
                continue
            for uid, w in sorted(free.items(), key=lambda kv: -kv[1]):
                if points >= needed:
                    break
                chosen.append(uid)
                points += w
        return chosen
