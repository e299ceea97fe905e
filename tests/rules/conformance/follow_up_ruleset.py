"""A test ruleset whose result calls for follow-ups, as the tactical rulesets' do: the tiny
ruleset's fire (T1-T3) without its morale check rolled inside the resolution; instead, after
the losses, each defender still in play checks morale as its own 2d6 follow-up (F1), a 12 calls
for a rout roll (F2), and the attacker picks a defender to pin on a d6 (F3, a choice). A
disrupted counter may rally as a counter action with a 2d6 roll (F4). Rules F1-F4 are in
:data:`REFERENCES`."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from tiny_ruleset import FIRE_DIE, TinyRuleset
from tiny_ruleset import REFERENCES as TINY_REFERENCES

from hexcombat.rules.dice import Dice
from hexcombat.rules.effects import DieRoll, Effect
from hexcombat.rules.eligibility import (
    CounterAction,
    CounterInPlay,
    TurnNow,
    find_counter_action,
)
from hexcombat.rules.errors import RulesError
from hexcombat.rules.follow_ups import FollowUp, FollowUpResult, Standing
from hexcombat.rules.report import (
    CombatResult,
    ModifiedRoll,
    Outcome,
    Report,
    SideResult,
    final_drm,
    participant_id,
)
from hexcombat.rules.situation import CombatSituation
from hexcombat.rules.vocabulary import ConditionSpec, DieSpec, StateSpec, Vocabulary

REFERENCES = TINY_REFERENCES | {
    "F1": "Morale: each defender in play after a hit rolls 2d6; above 7 it is disrupted; a 12 "
    "routs it (F2).",
    "F2": "Rout: a d6; 1-3 the unit is eliminated.",
    "F3": "Pin: after a hit the attacker picks a defender in play; on a d6 of 5-6 it is pinned.",
    "F4": "Rally: a disrupted unit rolls 2d6, -1 stacked with another unit; 7 or less and it is "
    "back in good order.",
}
MORALE = DieSpec("morale check", 6, count=2, rule="F1", side="defender", follow_up=True)
ROUT = DieSpec("rout roll", 6, rule="F2", side="defender", follow_up=True)
PIN = DieSpec("pin roll", 6, rule="F3", side="attacker", follow_up=True)
RALLY = DieSpec("rally roll", 6, count=2, rule="F4")
TWO_D6 = [(a, b) for a in range(1, 7) for b in range(1, 7)]


def _two_d6(test: object) -> Fraction:
    return Fraction(sum(1 for a, b in TWO_D6 if test(a + b)), 36)  # type: ignore[operator]


class FollowUpRuleset(TinyRuleset):
    id = "tiny-follow-ups"
    title = "Tiny with follow-ups: morale checks, a rout, a pin to choose (tests only)"
    references = REFERENCES
    vocabulary = Vocabulary(
        conditions=(ConditionSpec("dug_in", "bool", "Dug in", "T2"),),
        dice=(FIRE_DIE, MORALE, ROUT, PIN, RALLY),
        states=(StateSpec("disrupted", "Disrupted", "F1", rank=1),),
        markers=(StateSpec("pinned", "Pinned", "F3"),),
        steps=True,
    )

    def evaluate(self, situation: CombatSituation) -> Report:
        """The tiny report, with the table's two results only: the morale check is a
        follow-up now, not part of the result (F1)."""
        report = super().evaluate(situation)
        hits = sum((p for code, p in report.outcomes.items() if code != "NE"), Fraction(0))
        outcomes = {c: p for c, p in {"NE": 1 - hits, "L": hits}.items() if p}
        text = {"NE": "no effect", "L": "defender loses a step"}
        favours = {"NE": "neither", "L": "attacker"}
        return replace(
            report,
            ruleset=self.id,
            situation=situation,
            outcomes=outcomes,
            outcome_list=tuple(Outcome(c, p, favours[c], text[c]) for c, p in outcomes.items()),  # type: ignore[arg-type]
        )

    def resolve(self, report: Report, dice: Dice) -> CombatResult:
        if report.ruleset != self.id:
            raise RulesError(f"a {report.ruleset} report cannot be resolved by {self.id}")
        drm = final_drm(report)
        face = dice.roll(6, FIRE_DIE.purpose)
        code = "L" if face + drm >= 4 else "NE"
        targets = tuple(
            participant_id(p, "defender", i) for i, p in enumerate(report.situation.defenders, 1)
        )
        effects = (
            (Effect("lose-steps", "defender", "T3", "the defender loses a step", targets, 1),)
            if code == "L"
            else ()
        )
        return CombatResult(
            code=code,
            attacker=SideResult(),
            defender=SideResult(),
            advance=False,
            headline=f"fire die {face} {drm:+d} = {face + drm}: {code}",
            rolls=(DieRoll(FIRE_DIE.purpose, 6, (face,), "T3", "attacker"),),
            effects=effects,
            features=(ModifiedRoll(face, drm, face + drm),),
        )

    # follow-ups ---------------------------------------------------------------------------

    def _names(self, report: Report) -> dict[str, str]:
        return {
            participant_id(p, "defender", i): p.unit.name
            for i, p in enumerate(report.situation.defenders, 1)
        }

    def follow_ups(
        self, report: Report, result: CombatResult, standing: Standing
    ) -> tuple[FollowUp, ...]:
        """F1: each defender in play checks morale after a hit; F3: the attacker pins one."""
        if result.code != "L":
            return ()
        names = self._names(report)
        left = tuple(uid for uid in names if uid in standing)
        checks = tuple(
            FollowUp(
                f"morale:{uid}",
                "morale-check",
                "defender",
                "F1",
                f"{names[uid]} checks morale (above 7: disrupted)",
                target=uid,
                die=MORALE,
            )
            for uid in left
        )
        pin = FollowUp(
            "pin",
            "pin",
            "defender",
            "F3",
            "The attacker pins a defender (5-6)",
            die=PIN,
            choices=left,
            chooser="attacker",
        )
        return checks + ((pin,) if left else ())

    def follow_up_chances(
        self, report: Report, follow_up: FollowUp, standing: Standing, choice: str | None = None
    ) -> tuple[Outcome, ...]:
        if follow_up.kind == "morale-check":
            return (
                Outcome("holds", _two_d6(lambda t: t <= 7), "defender", "holds"),
                Outcome("disrupted", _two_d6(lambda t: 7 < t < 12), "attacker", "disrupted"),
                Outcome("routs", _two_d6(lambda t: t == 12), "attacker", "disrupted, routs"),
            )
        if follow_up.kind == "rout":
            half = Fraction(1, 2)
            return (
                Outcome("eliminated", half, "attacker", "eliminated"),
                Outcome("holds", half, "defender", "holds"),
            )
        if follow_up.kind == "pin":
            third = Fraction(1, 3)
            return (
                Outcome("pinned", third, "attacker", "pinned"),
                Outcome("no effect", 1 - third, "neither", "no effect"),
            )
        return ()

    def resolve_follow_up(
        self,
        report: Report,
        follow_up: FollowUp,
        standing: Standing,
        dice: Dice,
        choice: str | None = None,
    ) -> FollowUpResult:
        if follow_up.kind == "morale-check":
            return self._morale(report, follow_up, dice)
        if follow_up.kind == "rout":
            face = dice.roll(6, ROUT.purpose)
            roll = DieRoll(ROUT.purpose, 6, (face,), "F2", "defender", follow_up.target)
            if face <= 3:
                target = (follow_up.target,) if follow_up.target else ()
                gone = Effect("eliminate", "defender", "F2", "the unit routs away", target)
                said = f"rout roll {face}: eliminated"
                return FollowUpResult(said, (roll,), (gone,), code="eliminated")
            return FollowUpResult(f"rout roll {face}: holds", (roll,), code="holds")
        if follow_up.kind == "pin":
            if choice not in follow_up.choices:
                raise RulesError("choose the defender to pin", "F3")
            face = dice.roll(6, PIN.purpose)
            roll = DieRoll(PIN.purpose, 6, (face,), "F3", "attacker", choice)
            if face >= 5:
                pinned = Effect("add-marker", "defender", "F3", "pinned", (choice,), state="pinned")
                return FollowUpResult(f"pin roll {face}: pinned", (roll,), (pinned,), code="pinned")
            return FollowUpResult(f"pin roll {face}: no effect", (roll,), code="no effect")
        raise RulesError(f"{self.id} has no follow-up {follow_up.kind!r}")

    def _morale(self, report: Report, follow_up: FollowUp, dice: Dice) -> FollowUpResult:
        faces = (dice.roll(6, MORALE.purpose), dice.roll(6, MORALE.purpose))
        total = sum(faces)
        roll = DieRoll(MORALE.purpose, 6, faces, "F1", "defender", follow_up.target)
        target = (follow_up.target,) if follow_up.target else ()
        if total <= 7:
            return FollowUpResult(f"morale check {total}: holds", (roll,), code="holds")
        disrupted = Effect("set-state", "defender", "F1", "disrupted", target, state="disrupted")
        if total < 12:
            return FollowUpResult(
                f"morale check {total}: disrupted", (roll,), (disrupted,), code="disrupted"
            )
        name = self._names(report).get(follow_up.target or "", "the unit")
        rout = FollowUp(
            f"rout:{follow_up.target}",
            "rout",
            "defender",
            "F2",
            f"{name} rolls for a rout (1-3: eliminated)",
            target=follow_up.target,
            die=ROUT,
        )
        return FollowUpResult(
            f"morale check {total}: disrupted, routs", (roll,), (disrupted,), (rout,), code="routs"
        )

    # a counter action with a roll ---------------------------------------------------------

    def counter_actions(self, counter: CounterInPlay, turn: TurnNow) -> list[CounterAction]:
        """F4: a disrupted unit may try to rally."""
        if counter.status.state != "disrupted":
            return []
        return [
            CounterAction(
                key="rally",
                label="Rally",
                text=f"Rally {counter.unit.name}",
                rule="F4",
                help=REFERENCES["F4"],
                die=RALLY,
            )
        ]

    def counter_action(self, counter: CounterInPlay, turn: TurnNow, key: str) -> CounterAction:
        return find_counter_action(self.counter_actions(counter, turn), counter, key)

    def counter_action_roll(
        self, counter: CounterInPlay, turn: TurnNow, key: str, dice: Dice
    ) -> FollowUpResult:
        """F4: 2d6, -1 stacked with another unit; 7 or less rallies."""
        self.counter_action(counter, turn, key)
        faces = (dice.roll(6, RALLY.purpose), dice.roll(6, RALLY.purpose))
        modifier = -1 if counter.stacked else 0
        total = sum(faces) + modifier
        roll = DieRoll(RALLY.purpose, 6, faces, "F4", None, counter.uid)
        said = f"rally roll {sum(faces)} {modifier:+d} = {total}"
        if total <= 7:
            back = Effect("set-state", "defender", "F4", "back in good order", (counter.uid,))
            return FollowUpResult(f"{said}: rallied", (roll,), (back,), code="rallied")
        return FollowUpResult(f"{said}: still disrupted", (roll,), code="still disrupted")


RULESET = FollowUpRuleset()

OUTSIDE_CONFORMANCE = (
    "its combats are the tiny ruleset's, with no scenario of its own: test_follow_up_ruleset.py "
    "runs the suite's check_report and check_follow_up over the tiny strategies' combats"
)
"""Why the conformance suite does not run over it as a whole (conformance_helpers)."""
