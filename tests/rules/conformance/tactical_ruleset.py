"""A test ruleset shaped like the tactical assault games, built on the tiny one
(:mod:`tiny_ruleset`, rules T1-T4): it calls an attack an assault, says each unit's chance of
ending it in good order, disrupted or eliminated, counts only one attacking unit (the player
may pick which), refuses disrupted attackers and a leader alone, and may be resolved at once,
before any roll. Its own rules, TT1-TT3, are in :data:`REFERENCES`. Tests only: what the game
layer and the panel offer a tactical ruleset is tried on it while the real ones are written."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from tiny_ruleset import FAILS, TinyRuleset
from tiny_ruleset import REFERENCES as TINY_REFERENCES

from hexcombat.rules.dice import Dice
from hexcombat.rules.effects import Effect
from hexcombat.rules.eligibility import Refusal
from hexcombat.rules.explain import Explanation
from hexcombat.rules.report import (
    ELIMINATED,
    GOOD_ORDER,
    CombatResult,
    Outcome,
    Report,
    SideResult,
    participant_id,
)
from hexcombat.rules.situation import CombatSituation, Conditions, Participant
from hexcombat.rules.vocabulary import CapabilitySpec, ConditionSpec, StateSpec

REFERENCES = {
    **TINY_REFERENCES,
    "TT1": "Only good-order units assault; a leader assaults only beside a combat unit.",
    "TT2": "Only one attacking unit counts: the player picks it, else the best fire.",
    "TT3": "Defenders that give up are eliminated at once, before any roll.",
}
LIMITS = "at most 1 attacking unit counts (TT2)"
TINY = TinyRuleset()


def _is_leader(p: Participant) -> bool:
    return bool(dict(p.unit.rules).get("leader", False))


def counted(attackers: tuple[Participant, ...]) -> tuple[Participant, ...]:
    """TT2: the one attacker that counts: the player's pick, else the best fire of those not
    left out."""
    picked = [p for p in attackers if p.counted]
    if picked:
        return tuple(picked[:1])
    left = [p for p in attackers if p.counted is not False and not _is_leader(p)]
    return (max(left, key=lambda p: p.unit.attack or 0),) if left else ()


class TacticalRuleset(TinyRuleset):
    id = "tactical"
    title = "Tactical: an assault with end states, counting limits and refusals (tests only)"
    references = REFERENCES
    vocabulary = replace(
        TinyRuleset.vocabulary,
        conditions=(
            *TinyRuleset.vocabulary.conditions,
            ConditionSpec("give_up", "bool", "Defenders give up", "TT3"),
        ),
        capabilities=(CapabilitySpec("leader", "bool", "Leader", "TT1"),),
        states=(
            StateSpec("disrupted", "Disrupted", "T4", rank=1),
            StateSpec("demoralized", "Demoralized", "T4", rank=2),
        ),
        markers=(StateSpec("riding", "Riding", "TT1"),),
        counting_limits=LIMITS,
        attack_name="Assault",
    )

    def participant_refusal(
        self, participant: Participant, companions: tuple[Participant, ...]
    ) -> Refusal | None:
        """TT1: good order only; a leader only with a combat unit."""
        if participant.status.state:
            return Refusal("only good-order units may assault", "TT1")
        if _is_leader(participant) and all(_is_leader(c) for c in companions):
            return Refusal("a leader assaults only beside a combat unit", "TT1")
        return None

    def evaluate(self, situation: CombatSituation) -> Report:
        if situation.conditions.flag("give_up"):
            return self._at_once(situation)
        fire = counted(situation.attackers)
        c = situation.conditions  # the tiny rules read all but TT3's own condition
        tiny = Conditions(c.terrain, c.weather, c.date, c.crt, {
            key: value for key, value in c.choices if key != "give_up"
        })  # fmt: skip
        fired = replace(
            situation, ruleset="", attackers=fire or situation.attackers[:1], conditions=tiny
        )
        report = TINY.evaluate(fired)
        names = ", ".join(p.unit.name for p in fire)
        report.explanation.add("TT2", f"counted: {names}", side="attacker", kind="note")
        hit = 1 - report.outcomes.get("NE", Fraction(0))
        disrupted = hit * FAILS
        fates: dict[str, dict[str, Fraction]] = {}
        for place, p in enumerate(situation.defenders, 1):
            left = (p.unit.steps or 1) - p.status.steps_lost
            if place == 1 and left <= 1:  # the suggested loss: the first defender's step
                fates[participant_id(p, "defender", place)] = {
                    GOOD_ORDER: 1 - hit,
                    ELIMINATED: hit,
                }
            else:
                fates[participant_id(p, "defender", place)] = {
                    GOOD_ORDER: 1 - disrupted,
                    "disrupted": disrupted,
                }
        for place, p in enumerate(situation.attackers, 1):
            fates[participant_id(p, "attacker", place)] = {GOOD_ORDER: Fraction(1)}
        return replace(report, ruleset=self.id, situation=situation, unit_fates=fates)

    def _at_once(self, situation: CombatSituation) -> Report:
        """TT3: no roll; every defender is eliminated."""
        ex = Explanation()
        ex.add("TT3", "the defenders give up: eliminated at once", "E", kind="result")
        fates = {
            participant_id(p, "defender", i): {ELIMINATED: Fraction(1)}
            for i, p in enumerate(situation.defenders, 1)
        } | {
            participant_id(p, "attacker", i): {GOOD_ORDER: Fraction(1)}
            for i, p in enumerate(situation.attackers, 1)
        }
        return Report(
            ruleset=self.id,
            situation=situation,
            totals={},
            outcomes={"E": Fraction(1)},
            explanation=ex,
            headline="the defenders give up: eliminated at once",
            outcome_list=(Outcome("E", Fraction(1), "attacker", "defenders eliminated"),),
            dice=(),
            unit_fates=fates,
        )

    def resolve(self, report: Report, dice: Dice) -> CombatResult:
        if report.dice:
            return TINY.resolve(replace(report, ruleset=TINY.id), dice)
        defenders = report.situation.defenders
        targets = tuple(participant_id(p, "defender", i) for i, p in enumerate(defenders, 1))
        steps = sum((p.unit.steps or 1) - p.status.steps_lost for p in defenders)
        return CombatResult(
            code="E",
            attacker=SideResult(),
            defender=SideResult(),
            advance=False,
            steps=list(report.steps),
            headline="the defenders give up: eliminated at once (TT3)",
            # every step they have: the game's step losses eliminate them (T3)
            effects=(
                Effect("lose-steps", "defender", "TT3", "the defenders give up", targets, steps),
            ),
        )


RULESET = TacticalRuleset()

OUTSIDE_CONFORMANCE = (
    "no scenario or hypothesis strategy of its own: test_tactical_ruleset.py checks its "
    "assaults with the suite's check_report, check_report_json and check_unit_fates"
)
"""Why the conformance suite does not run over it as a whole (conformance_helpers)."""
