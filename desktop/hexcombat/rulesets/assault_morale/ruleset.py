"""The assault-morale rules: the Assault Combat Table, fired by both sides at once (or the
defenders first), its column shifts, and the morale checks, leader loss rolls, German A-T fire
and recovery that follow (the player aid's ASSAULT, ACT, Column Shift Modifiers, Morale Checks
in Combat and Recovery). The readings adopted are in docs/rules.md."""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path

from hexcombat.rules.assumed_values import warn_assumed_counters
from hexcombat.rules.declarations import Declarations
from hexcombat.rules.dice import Dice
from hexcombat.rules.effects import DieRoll, Effect
from hexcombat.rules.eligibility import (
    BasicEligibility,
    CounterAction,
    CounterInPlay,
    Refusal,
    TurnNow,
)
from hexcombat.rules.errors import IllegalAttackError, RulesError, UnitDataError
from hexcombat.rules.explain import Explanation, percent
from hexcombat.rules.follow_ups import FollowUp, FollowUpResult, Standing
from hexcombat.rules.references import ReferencesFile
from hexcombat.rules.report import CombatResult, Outcome, Report, SideResult
from hexcombat.rules.retreat import RetreatRules
from hexcombat.rules.situation import CombatSituation, Participant
from hexcombat.rules.units import Unit
from hexcombat.rules.vocabulary import SideName
from hexcombat.rulesets.assault_morale.assault import (
    Assault,
    Exchange,
    groups,
    inflicted_on,
    result_effects,
)
from hexcombat.rulesets.assault_morale.fates import (
    anti_tank_targets,
    attackers_after_first_fire,
    exchange_unharmed,
    first_fire_unharmed,
    leader_modifier,
    unit_fates,
)
from hexcombat.rulesets.assault_morale.forces import Fighter, SideFire, fighters, require_units
from hexcombat.rulesets.assault_morale.losses import AssaultLosses, riders_dismount
from hexcombat.rulesets.assault_morale.morale import (
    ANTI_TANK_HIT,
    anti_tank_roll,
    check_chances,
    leader_kill_chance,
    leader_roll,
    morale_roll,
    recovery,
    recovery_chances,
)
from hexcombat.rulesets.assault_morale.table import (
    ASSAULT_COMBAT,
    AssaultResult,
    AssaultTable,
    assault_table_from_source,
    fire_text,
    load_assault_table,
)
from hexcombat.rulesets.assault_morale.vocabulary import (
    ANTI_TANK_DIE,
    ATTACKER_DIE,
    DEFENDER_DIE,
    HEX_TERRAIN,
    LEADER_DIE,
    MORALE_DIE,
    RECOVERY_DIE,
    TRANSPORT,
    VOCABULARY,
)

ELIGIBILITY = "Assault"
"""The aid's ASSAULT text: who may start an assault, German A-T fire."""
LEADS = {"infantry": "infantry", "armour": "AFVs", "cavalry": "cavalry"}


def _leads(f: Fighter, kind: str) -> bool:
    """Whether ``f`` is a troop of the type a leader of ``kind`` leads."""
    if kind == "armour":
        return f.afv
    if kind == "cavalry":
        return f.cavalry
    return f.infantry and not f.cavalry


class AssaultMoraleRuleset(BasicEligibility):
    id = "assault-morale"
    title = "Assault and morale: the Assault Combat Table with morale checks"
    retreat = RetreatRules(enemy_zoc_blocks=True, friendly_units_cancel_zoc=True)
    vocabulary = VOCABULARY
    references = ReferencesFile(Path(__file__).parent / "references.toml")
    declares = Declarations(
        game="Tactical assault (morale checks)",
        chart_kinds={"assault-combat-table": assault_table_from_source},
    )

    def __init__(self, table: str | Path = ASSAULT_COMBAT) -> None:
        self._table_path = table

    @property
    def table(self) -> AssaultTable:
        return load_assault_table(self._table_path)

    # --- who may assault ------------------------------------------------------------------

    def attack_refusal(self, unit: Unit) -> Refusal | None:
        """Assault: wagons, trucks and prime movers are not troops: they start no assault."""
        kind = unit.rule_value("kind")
        if kind in TRANSPORT:
            return Refusal(
                f"{unit.name} is a {kind}: only troops may start an assault", ELIGIBILITY
            )
        return None

    def participant_refusal(
        self, participant: Participant, companions: tuple[Participant, ...] = ()
    ) -> Refusal | None:
        """Assault: only good-order troops, and a leader of their type, may start an assault.
        ``companions`` are the other units assaulting with it."""
        f = fighters("attacker", (participant,))[0]
        who = participant.unit.name
        if f.status.state:
            return Refusal(
                f"{who} is {f.status.state}: only good-order troops may start an assault",
                ELIGIBILITY,
            )
        if (refused := self.attack_refusal(participant.unit)) is not None:
            return refused
        if f.leader:
            kind = f.leads
            others = fighters("attacker", companions)
            if not any(_leads(o, kind) and not o.status.state for o in others):
                return Refusal(
                    f"{who} leads {LEADS.get(kind, kind)}: a leader starts an assault only with "
                    f"good-order {LEADS.get(kind, kind)} of his own",
                    ELIGIBILITY,
                )
        return None

    # --- evaluate ---------------------------------------------------------------------------

    def _check(self, situation: CombatSituation) -> None:
        if situation.ruleset not in (self.id, ""):
            raise RulesError(f"this combat is for the {situation.ruleset} rules, not {self.id}")
        if not situation.attackers or not situation.defenders:
            raise IllegalAttackError("an assault needs attackers and defenders", ELIGIBILITY)
        for p in (*situation.attackers, *situation.defenders):
            if p.count < 1:
                raise UnitDataError(f"{p.unit.name}: a count of {p.count} is no unit", "ACT")
            if p.count > 1:
                raise UnitDataError(
                    f"{p.unit.name} x{p.count}: each counter loses its own steps and checks its "
                    f"own morale, so give it as {p.count} entries, not a count",
                    "ACT",
                )
        for p in situation.attackers:
            if p.range != 1:
                raise IllegalAttackError(
                    f"{p.unit.name} is {p.range} hexes away: an assault enters the defenders' "
                    "hex from next to it",
                    ELIGIBILITY,
                )
        for p in situation.defenders:
            if p.range != 1:
                raise IllegalAttackError(
                    f"{p.unit.name} defends in the attacked hex: the assault's defenders stand "
                    f"in it, not {p.range} hexes away",
                    ELIGIBILITY,
                )
        require_units((*situation.attackers, *situation.defenders))
        for side_units in (situation.attackers, situation.defenders):
            _check_riders(side_units)
        c = situation.conditions
        if c.terrain not in HEX_TERRAIN:
            raise IllegalAttackError(
                f"unknown terrain {c.terrain!r}; the assault rules know {', '.join(HEX_TERRAIN)}",
                "ACT shift",
            )
        if c.weather not in self.vocabulary.weather:
            raise IllegalAttackError(
                f"the assault rules know no weather {c.weather!r}", "ACT shift"
            )
        for key, value in c.choices:
            spec = self.vocabulary.condition(key)
            if spec is None:
                raise IllegalAttackError(
                    f"the assault rules read no condition {key!r}; they read first_round, charging",
                    "ACT shift",
                )
            if (problem := spec.problem(value)) is not None:
                raise IllegalAttackError(problem, "ACT shift")
        for p in situation.attackers:
            others = tuple(o for o in situation.attackers if o is not p)
            if (refusal := self.participant_refusal(p, others)) is not None:
                raise refusal.error()

    def evaluate(self, situation: CombatSituation) -> Report:
        self._check(situation)
        assault = Assault(situation, self.table)
        ex = Explanation()
        order = (
            "the defenders are entrenched or dug in: their fire is resolved first, and its whole "
            "result (step losses, leader loss rolls, A-T fire at the attackers, the attackers' "
            "morale checks) takes effect before the attackers fire with what is left"
            if assault.defenders_first
            else "both sides fire at once"
        )
        ex.add("ACT", order)
        c = situation.conditions
        dated = c.date is not None
        warn_assumed_counters(situation.attackers, situation.defenders, dated, self.vocabulary, ex)
        for fire in (assault.attacker_fire, assault.defender_fire):
            _fire_steps(ex, fire, assault.table)
        _anti_tank_steps(ex, assault)
        _compound_steps(ex, assault)
        if assault.defenders_first:
            return self._defenders_first(assault, ex)
        exchanges = assault.exchanges()
        outcomes: dict[str, Fraction] = {}
        listed: dict[str, Exchange] = {}
        per_side: dict[str, dict[str, Fraction]] = {"defender": {}, "attacker": {}}
        for e in exchanges:
            outcomes[e.code] = outcomes.get(e.code, Fraction(0)) + Fraction(1, 36)
            listed.setdefault(e.code, e)
            for side, res in (("defender", e.on_defender), ("attacker", e.on_attacker)):
                per_side[side][res.code] = per_side[side].get(res.code, Fraction(0)) + Fraction(
                    1, 36
                )
        a, d = assault.attacker_fire, assault.defender_fire
        headline = (
            f"attacker {fire_text(a.fire)} on {_col(a, assault.table)}, "
            f"defender {fire_text(d.fire)} on {_col(d, assault.table)}"
        )
        payload: dict[str, object] = {
            "order": "simultaneous",
            "attacker": a.to_payload(assault.table) | {"result_chances": per_side["defender"]},
            "defender": d.to_payload(assault.table) | {"result_chances": per_side["attacker"]},
        }
        return Report(
            ruleset=self.id,
            situation=situation,
            totals={"attacker_fire": a.fire, "defender_fire": d.fire},
            outcomes=outcomes,
            explanation=ex,
            headline=headline,
            outcome_list=_with_unharmed(
                tuple(
                    Outcome(code, p, listed[code].favours, listed[code].text, listed[code].suffers)  # type: ignore[arg-type]
                    for code, p in outcomes.items()
                ),
                [(e.code, Fraction(1, 36), exchange_unharmed(assault, e)) for e in exchanges],
            ),
            payload=payload,
            dice=(ATTACKER_DIE, DEFENDER_DIE),
            unit_fates=unit_fates(assault),
        )

    def _defenders_first(self, assault: Assault, ex: Explanation) -> Report:
        """ACT 'Results (Simultaneous unless defenders are entrenched or dug-in)': the roll is
        the defenders' die alone; the attackers' fire is a follow-up rolled after the morale
        checks the defenders' result calls for, with what is left then. The report's outcomes
        are the defenders' fire; the attackers' fire's chances, through every roll before it,
        are in the payload and in the end-state chances."""
        table = assault.table
        sixth = Fraction(1, 6)
        outcomes: dict[str, Fraction] = {}
        listed: dict[str, AssaultResult] = {}
        on_attackers: dict[str, Fraction] = {}
        for face in range(1, 7):
            res = assault.first_fire_result(face)
            code = first_fire_code(res)
            outcomes[code] = outcomes.get(code, Fraction(0)) + sixth
            on_attackers[res.code] = on_attackers.get(res.code, Fraction(0)) + sixth
            listed.setdefault(code, res)
        on_defenders: dict[str, Fraction] = {}
        by_column: dict[int, Fraction] = {}
        for chance, attackers in attackers_after_first_fire(assault):
            fire = assault.fire("attacker", attackers)
            at = -1 if fire.column is None else fire.column
            by_column[at] = by_column.get(at, Fraction(0)) + chance
            for face in range(1, 7):
                code = table.result(face, fire.column).code
                on_defenders[code] = on_defenders.get(code, Fraction(0)) + chance * sixth
        columns = {  # the best column first, no column last
            ("no column" if at < 0 else table.label(at)): by_column[at]
            for at in sorted(by_column, reverse=True)
        }
        ex.add(
            "ACT",
            "the attackers then fire on "
            + ", ".join(f"{col} ({percent(p)})" for col, p in columns.items())
            + ": a unit the defenders' fire disrupts fires at half, one it demoralizes not "
            "at all (Morale)",
            side="attacker",
            kind="note",
        )
        spared = first_fire_unharmed(assault, listed.values())
        a, d = assault.attacker_fire, assault.defender_fire
        headline = (
            f"defender {fire_text(d.fire)} on {_col(d, table)} fires first; attacker "
            f"{fire_text(a.fire)} on {_col(a, table)} before the defenders' result"
        )
        payload: dict[str, object] = {
            "order": "defenders first",
            "attacker": a.to_payload(table)
            | {"result_chances": on_defenders, "column_chances": columns},
            "defender": d.to_payload(table) | {"result_chances": on_attackers},
        }
        return Report(
            ruleset=self.id,
            situation=assault.situation,
            totals={"attacker_fire": a.fire, "defender_fire": d.fire},
            outcomes=outcomes,
            explanation=ex,
            headline=headline,
            outcome_list=_with_unharmed(
                tuple(
                    Outcome(
                        code,
                        p,
                        "defender" if listed[code].code != "-" else "neither",
                        f"the attacker: {listed[code].text}",
                        ("attacker",) if listed[code].code != "-" else (),
                    )
                    for code, p in outcomes.items()
                ),
                [(code, p, spared[listed[code].code]) for code, p in outcomes.items()],
            ),  # fmt: skip
            payload=payload,
            dice=(DEFENDER_DIE,),
            unit_fates=unit_fates(assault),
        )

    # --- resolve ----------------------------------------------------------------------------

    def resolve(self, report: Report, dice: Dice) -> CombatResult:
        if report.ruleset != self.id:
            raise RulesError(f"a {report.ruleset} report cannot be resolved by the {self.id} rules")
        assault = Assault(report.situation, self.table)
        faces: dict[SideName, int] = {}
        rolls = []
        for die in report.dice:
            face = dice.roll(die.sides, die.purpose)
            faces[die.side or "attacker"] = face
            rolls.append(DieRoll(die.purpose, die.sides, (face,), "ACT", die.side))
        t = assault.table
        ex = Explanation()
        if assault.defenders_first:
            face = faces["defender"]
            res = assault.first_fire_result(face)
            ex.add(
                "ACT",
                f"defender's die {face} on {_col(assault.defender_fire, t)}: {res.code} on the "
                "attackers, first: the attackers fire after its losses and the rolls it calls "
                "for",
                res.code,
                side="defender",
                kind="result",
            )
            return CombatResult(
                code=first_fire_code(res),
                attacker=SideResult(),
                defender=SideResult(),
                advance=False,
                steps=ex.steps,
                headline=(
                    f"defender's die {face}: {res.code} on the attackers; the attackers fire "
                    "next, with what is left"
                ),
                rolls=tuple(rolls),
                effects=tuple(result_effects("attacker", assault.attackers, res)),
            )
        e = assault.exchange(faces["attacker"], faces["defender"])
        ex.add(
            "ACT",
            f"defender's die {e.defender_die} on {_col(assault.defender_fire, t)}: "
            f"{e.on_attacker.code} on the attackers",
            e.on_attacker.code,
            side="defender",
            kind="result",
        )
        ex.add(
            "ACT",
            f"attacker's die {e.attacker_die} on {_col(e.attacker_fire, t)}: "
            f"{e.on_defender.code} on the defenders",
            e.on_defender.code,
            side="attacker",
            kind="result",
        )
        return CombatResult(
            code=e.code,
            attacker=SideResult(),
            defender=SideResult(),
            advance=False,
            steps=ex.steps,
            headline=(
                f"attacker's die {e.attacker_die}: {e.on_defender.code} on the defenders; "
                f"defender's die {e.defender_die}: {e.on_attacker.code} on the attackers"
            ),
            rolls=tuple(rolls),
            effects=tuple(assault.effects(e)),
        )

    def loss_policy(self, report: Report, result: CombatResult) -> AssaultLosses:
        """ACT: each group's step losses, the first to the best morale, an AFV among two."""
        return AssaultLosses(report, result)

    # --- follow-ups -------------------------------------------------------------------------

    def _results(
        self, report: Report, result: CombatResult
    ) -> tuple[Assault, dict[str, AssaultResult]]:
        """The assault and what each side's table die did to its enemy: ``defender`` (the
        attackers' fire on the defenders) is missing while the defenders fired first and the
        attackers have yet to fire."""
        assault = Assault(report.situation, self.table)
        faces = {r.side: r.faces[0] for r in result.rolls if r.rule == "ACT" and r.side}
        if assault.defenders_first:
            if set(faces) != {"defender"}:
                raise RulesError("the result holds no defenders' table die", "ACT")
            return assault, {"attacker": assault.first_fire_result(faces["defender"])}
        if set(faces) != {"attacker", "defender"}:
            raise RulesError("the result holds no table dice for both sides", "ACT")
        e = assault.exchange(faces["attacker"], faces["defender"])
        return assault, {"defender": e.on_defender, "attacker": e.on_attacker}

    def follow_ups(
        self, report: Report, result: CombatResult, standing: Standing
    ) -> tuple[FollowUp, ...]:
        """After the losses: each side's leader loss rolls (after step losses), German A-T
        fire at Soviet vehicles, then every unit's morale check, leaders last. When the
        defenders fired first, the attackers' fire follows their morale checks."""
        assault, results = self._results(report, result)
        units = {"defender": assault.defenders, "attacker": assault.attackers}
        now = {s: _standing(u, standing) for s, u in units.items()}
        found = _rolls_after(units, now, results)
        if assault.defenders_first:
            found.append(
                FollowUp(
                    ATTACKERS_FIRE, "assault-fire", "attacker", "ACT",
                    "The attackers fire with what is left (the defenders fired first)",
                    None, ATTACKER_DIE,
                )
            )  # fmt: skip
        return tuple(found)

    def _unit(
        self, report: Report, pid: str | None, standing: Standing
    ) -> tuple[Fighter, tuple[Fighter, ...]]:
        s = report.situation
        for side, ps in (("attacker", s.attackers), ("defender", s.defenders)):
            units = _standing(fighters(side, ps), standing)  # type: ignore[arg-type]
            for f in units:
                if f.pid == pid:
                    return f, units
        raise RulesError(f"{pid} is no longer in the assault", "ACT")

    def _second_fire(self, report: Report, standing: Standing) -> tuple[Assault, SideFire]:
        """The attackers' fire with what is left, as they stand now (ACT)."""
        assault = Assault(report.situation, self.table)
        return assault, assault.fire("attacker", _standing(assault.attackers, standing))

    def follow_up_chances(
        self, report: Report, follow_up: FollowUp, standing: Standing, choice: str | None = None
    ) -> tuple[Outcome, ...]:
        """The exact chance of each way a follow-up ends."""
        side = follow_up.side
        enemy = "attacker" if side == "defender" else "defender"
        if follow_up.kind == "leader-loss":
            p = leader_kill_chance(-follow_up.modifier)
            return _outcomes({"killed": p, "survives": 1 - p}, side, enemy)  # type: ignore[arg-type]
        if follow_up.kind == "anti-tank":
            return _outcomes({"hit": ANTI_TANK_HIT, "missed": 1 - ANTI_TANK_HIT}, side, enemy)  # type: ignore[arg-type]
        if follow_up.kind == "morale-check":
            f, units = self._unit(report, follow_up.target, standing)
            morale = f.morale + leader_modifier(units, f)
            return _outcomes(check_chances(f.status.state, follow_up.modifier, morale), side, enemy)  # type: ignore[arg-type]
        if follow_up.kind == "assault-fire":
            assault, fire = self._second_fire(report, standing)
            found: dict[str, Fraction] = {}
            for face in range(1, 7):
                code = assault.table.result(face, fire.column).code
                found[code] = found.get(code, Fraction(0)) + Fraction(1, 6)
            return tuple(
                Outcome(code, p, "attacker" if code != "-" else "neither", _said(code))
                for code, p in found.items()
            )
        if follow_up.kind == "step-loss":  # a choice, no roll: the step is lost
            return (Outcome("lost", Fraction(1), "attacker", "loses a step", ("defender",)),)
        raise RulesError(f"the assault rules have no follow-up {follow_up.kind!r}")

    def resolve_follow_up(
        self,
        report: Report,
        follow_up: FollowUp,
        standing: Standing,
        dice: Dice,
        choice: str | None = None,
    ) -> FollowUpResult:
        """A follow-up rolled; a unit no longer in play has nothing to roll for."""
        side = follow_up.side
        if follow_up.kind == "assault-fire":
            return self._attackers_fire(report, standing, dice)
        if follow_up.kind == "step-loss":
            return self._step_loss(report, follow_up, standing, choice)
        if follow_up.kind == "anti-tank":
            if choice not in follow_up.choices:
                raise RulesError(
                    "A-T fire needs one of the Soviet vehicles as its target", ELIGIBILITY
                )
            if choice not in standing:
                return FollowUpResult("the vehicle A-T fire was aimed at is gone: no fire")
            f, units = self._unit(report, choice, standing)
            return _dismounting(anti_tank_roll(dice, side, f.pid, f.name), units)
        if follow_up.target not in standing:
            return FollowUpResult(f"{follow_up.target} is no longer in play: no roll")
        f, units = self._unit(report, follow_up.target, standing)
        if follow_up.kind == "leader-loss":
            return leader_roll(dice, side, f.pid, f.name, -follow_up.modifier)
        if follow_up.kind == "morale-check":
            morale = f.morale + leader_modifier(units, f)
            rolled = morale_roll(
                dice, side, f.pid, f.name, f.status.state, follow_up.modifier, morale
            )
            return _dismounting(rolled, units)
        raise RulesError(f"the assault rules have no follow-up {follow_up.kind!r}")

    def _attackers_fire(self, report: Report, standing: Standing, dice: Dice) -> FollowUpResult:
        """The attackers' die, after the defenders' whole result (ACT): their fire as they
        stand now; its step losses are the defenders' to choose, one follow-up each, then the
        defenders' leader loss rolls, the attackers' A-T fire and the defenders' checks."""
        assault, fire = self._second_fire(report, standing)
        face = dice.roll(ATTACKER_DIE.sides, ATTACKER_DIE.purpose)
        res = assault.table.result(face, fire.column)
        roll = DieRoll(ATTACKER_DIE.purpose, ATTACKER_DIE.sides, (face,), "ACT", "attacker")
        units = {"defender": assault.defenders, "attacker": assault.attackers}
        now = {s: _standing(u, standing) for s, u in units.items()}
        more = [*_step_losses(now["defender"], res), *_rolls_after(units, now, {"defender": res})]
        headline = (
            f"attacker's die {face}: fire {fire_text(fire.fire)} on {_col(fire, assault.table)}: "
            f"{res.code} on the defenders"
        )
        return FollowUpResult(headline, (roll,), (), tuple(more), code=res.code)

    def _step_loss(
        self, report: Report, follow_up: FollowUp, standing: Standing, choice: str | None
    ) -> FollowUpResult:
        """One step of the attackers' result taken from the unit the defender chose (ACT)."""
        if choice not in follow_up.choices:
            raise RulesError(
                "a step loss needs one of the units the rule lets lose it as its choice", "ACT"
            )
        if choice not in standing:
            return FollowUpResult("the unit chosen to lose the step is gone: no loss")
        f, units = self._unit(report, choice, standing)
        lost = Effect("lose-steps", f.side, "ACT", f"{f.name} loses a step", (f.pid,), 1)
        key = _LossKey.read(follow_up.key)
        after = replace(f, status=replace(f.status, steps_lost=f.status.steps_lost + 1))
        group = tuple(after if u.pid == f.pid else u for u in units)
        nxt = key.next(group, took_afv=f.afv)
        result = FollowUpResult(
            f"{f.name} loses a step", (), (lost,), (nxt,) if nxt is not None else (), "lost"
        )
        return _dismounting(result, units)

    # --- recovery, a counter action ---------------------------------------------------------

    def counter_actions(self, counter: CounterInPlay, turn: TurnNow) -> list[CounterAction]:
        """Recovery: a disrupted or demoralized unit tries to recover, a 2d6 roll."""
        if not counter.status.state:
            return []
        chances = recovery_chances(
            counter.unit, counter.status, counter.terrain, _stack_leader(counter)
        )
        odds = ", ".join(f"{k} {percent(v)}" for k, v in chances.items())
        return [
            CounterAction(
                key="recover",
                label="Try to recover",
                text=f"{counter.unit.name} tries to recover",
                rule="Recovery",
                help=f"2d6 below morale, +1 in a town or entrenchment; 2 recovers fully: {odds}",
                die=RECOVERY_DIE,
            )
        ]

    def counter_action_roll(
        self, counter: CounterInPlay, turn: TurnNow, key: str, dice: Dice
    ) -> FollowUpResult:
        """The recovery roll for ``counter`` (Recovery), its effects on the counter's uid; an
        action it has not (a unit in good order) is refused by name."""
        self.counter_action(counter, turn, key)
        target = counter.uid or counter.counter_id or ""
        leader = _stack_leader(counter)
        return recovery(counter.unit, counter.status, counter.terrain, leader, dice, target)


ATTACKERS_FIRE = "fire:attacker"
"""The follow-up key of the attackers' fire when the defenders fired first (ACT)."""


def _said(code: str) -> str:
    """A table result as a follow-up's chance names it: ``-`` is no effect."""
    return "no effect" if code == "-" else code


def _with_unharmed(
    outcomes: tuple[Outcome, ...], spared: list[tuple[str, Fraction, dict[SideName, Fraction]]]
) -> tuple[Outcome, ...]:
    """``outcomes`` with each side's exact chance to come out unharmed (``Outcome.unharmed``:
    no step or unit lost) where a roll after the table decides it (the enemy's A-T fire, a
    morale check that may cost a demoralized unit a step, the attackers' fire after the
    defenders'), from each way of rolling the result (fates.py); a result whose ``suffers``
    says it for certain is left as it is."""
    found = []
    for outcome in outcomes:
        ways = [(p, by_side) for code, p, by_side in spared if code == outcome.code]
        sides: tuple[SideName, ...] = ("attacker", "defender")
        exact = {
            side: sum((p * by_side[side] for p, by_side in ways), Fraction(0)) / outcome.probability
            for side in sides
        }
        certain = {side: Fraction(side not in (outcome.suffers or ())) for side in sides}
        found.append(outcome if exact == certain else replace(outcome, unharmed=exact))
    return tuple(found)


def first_fire_code(result: AssaultResult) -> str:
    """``attacker: M``: what the defenders' first fire did to the attackers."""
    return f"attacker: {result.code}"


def _rolls_after(
    units: dict[str, tuple[Fighter, ...]],
    now: dict[str, tuple[Fighter, ...]],
    results: dict[str, AssaultResult],
) -> list[FollowUp]:
    """What the table results on each side in ``results`` call for after their losses (ACT,
    Assault, Morale): each leader's loss roll, the enemy's German A-T fire, each morale check
    (leaders last)."""
    found: list[FollowUp] = []
    for side, res in results.items():
        if not res.steps:
            continue
        n = inflicted_on(units[side], res)
        for f in now[side]:
            if f.leader:
                found.append(
                    FollowUp(
                        f"leader-loss:{f.pid}", "leader-loss", side, "ACT",  # type: ignore[arg-type]
                        f"{f.name}: leader loss roll, killed on 2 "
                        f"({-n:+d} for {n} step loss(es))",
                        f.pid, LEADER_DIE, -n,
                    )
                )  # fmt: skip
    for side, enemy in (("defender", "attacker"), ("attacker", "defender")):
        if side not in results:
            continue
        targets = anti_tank_targets(now[enemy], now[side])
        if targets:
            found.append(
                FollowUp(
                    f"anti-tank:{side}", "anti-tank", side, ELIGIBILITY,  # type: ignore[arg-type]
                    "German infantry A-T fire at a Soviet vehicle: hits on 5 or 6",
                    None, ANTI_TANK_DIE, 0, tuple(t.pid for t in targets), enemy,  # type: ignore[arg-type]
                )
            )  # fmt: skip
    for side, res in results.items():
        if not res.morale_check:
            continue
        for f in sorted(now[side], key=lambda u: u.leader):
            lead = _leader_words(now[side], f)
            again = COMPOUND.get(f.status.state, "")
            found.append(
                FollowUp(
                    f"morale:{f.pid}", "morale-check", side, "Morale",  # type: ignore[arg-type]
                    f"{f.name} checks morale ({f.morale}{lead}, {res.modifier:+d}{again})",
                    f.pid, MORALE_DIE, res.modifier,
                )
            )  # fmt: skip
    return found


GROUP_WORDS = {"combat": "combat units", "transport": "wagons, trucks and prime movers"}


@dataclass(frozen=True)
class _LossKey:
    """Where a defender's step loss to the attackers' fire stands, kept in its follow-up's key
    (``loss:combat:1/2`` or ``loss:combat:2/2:afv``): which group, which of how many, and
    whether an AFV has lost one yet (ACT)."""

    group: str
    k: int
    n: int
    afv: bool = False

    @property
    def key(self) -> str:
        return f"loss:{self.group}:{self.k}/{self.n}" + (":afv" if self.afv else "")

    @staticmethod
    def read(key: str) -> _LossKey:
        try:
            _, group, count, *afv = key.split(":")
            k, n = (int(x) for x in count.split("/"))
        except ValueError:
            raise RulesError(f"no step loss follow-up {key!r}", "ACT") from None
        return _LossKey(group, k, n, bool(afv))

    def follow_up(self, units: tuple[Fighter, ...]) -> FollowUp | None:
        """This loss as a choice among the units the rule lets lose it (ACT: the first of
        each group from a unit of the best morale; with two or more, one from an AFV when
        the group has one); None when the group has no step left."""
        group = [f for f in units if (f.transport if self.group == "transport" else f.combat_unit)]
        able = [f for f in group if f.steps_left]
        if not able:
            return None
        if self.k == 1:
            best = max(f.morale for f in able)
            able = [f for f in able if f.morale == best]
            why = "the first from the best morale"
        elif self.k == self.n and not self.afv and any(f.afv for f in able):
            able = [f for f in able if f.afv]
            why = "from an AFV: none has lost one yet"
        else:
            why = "from any of them"
        return FollowUp(
            self.key, "step-loss", "defender", "ACT",
            f"the defenders' {GROUP_WORDS[self.group]} lose step {self.k} of {self.n}, {why}",
            None, None, 0, tuple(f.pid for f in able), "defender",
        )  # fmt: skip

    def next(self, units: tuple[Fighter, ...], took_afv: bool) -> FollowUp | None:
        if self.k >= self.n:
            return None
        return _LossKey(self.group, self.k + 1, self.n, self.afv or took_afv).follow_up(units)


def _step_losses(defenders: tuple[Fighter, ...], result: AssaultResult) -> list[FollowUp]:
    """The first step loss of each group the attackers' result takes (ACT), each the
    defender's choice; the next follows when it is taken."""
    if not result.steps:
        return []
    found = []
    for name, group in zip(("combat", "transport"), groups(defenders), strict=True):
        n = min(result.steps, sum(f.steps_left for f in group))
        if n:
            first = _LossKey(name, 1, n).follow_up(defenders)
            if first is not None:
                found.append(first)
    return found


def _check_riders(participants: tuple[Participant, ...]) -> None:
    """ACT shift, 'an infantry unit riding an AFV': a unit marked ``riding`` must be infantry
    with an AFV of its own side in the assault to ride; anything else is refused by name."""
    units = fighters("attacker", participants)
    for f in units:
        if "riding" not in f.status.markers:
            continue
        if not f.infantry:
            raise UnitDataError(
                f"{f.name} is marked riding but is a {f.kind or 'unit'}: only infantry rides an "
                "AFV",
                "ACT shift",
            )
        if not any(o.afv and o.steps_left for o in units):
            raise UnitDataError(
                f"{f.name} is marked riding, but no AFV of its side is in the assault to ride: "
                "take the riding marker off, or add the AFV it rides",
                "ACT shift",
            )


def _stack_leader(counter: CounterInPlay) -> int:
    """The best modifier of an undemoralized leader stacked with ``counter`` (Morale)."""
    mods = [
        other.unit.rule_value("leader_modifier", 0)
        for other in counter.stacked
        if other.unit.rule_value("kind") == "leader" and other.status.state != "demoralized"
    ]
    return max((m for m in mods if isinstance(m, int)), default=0)


def _leader_words(units: tuple[Fighter, ...], f: Fighter) -> str:
    """The leader's modifier a morale check is queued with, named with its leader and on the
    condition it holds (Morale): the leader loss roll before it may kill him, and the chances
    and the roll read the leaders standing then."""
    mod = leader_modifier(units, f)
    if not mod:
        return ""
    leader = next(u for u in units if u.leader and not u.demoralized and u.leader_modifier == mod)
    return f" {mod:+d} while {leader.name} leads"


COMPOUND = {
    "disrupted": "; already disrupted: any failure demoralizes it",
    "demoralized": "; already demoralized: a failure costs a step (our reading)",
}
"""Morale: 'compound morale check failures further lower morale', as a check's row says it
to a unit already down (our reading, docs/rules.md)."""


def _dismounting(result: FollowUpResult, units: tuple[Fighter, ...]) -> FollowUpResult:
    """``result`` with the riders of an AFV its step losses destroy dismounting (ACT shift)."""
    lost = {e.targets[0]: int(e.amount) for e in result.effects if e.kind == "lose-steps"}
    off = riders_dismount(units, lost)
    return replace(result, effects=result.effects + off) if off else result


def _standing(units: tuple[Fighter, ...], standing: Standing) -> tuple[Fighter, ...]:
    return tuple(replace(f, status=standing[f.pid]) for f in units if f.pid in standing)


def _col(fire: SideFire, table: AssaultTable) -> str:
    return "no column" if fire.column is None else table.label(fire.column)


def _outcomes(chances: dict[str, Fraction], side: SideName, enemy: SideName) -> tuple[Outcome, ...]:
    good = {"holds", "survives", "missed"}
    return tuple(
        Outcome(k, p, side if k in good else enemy, k)  # type: ignore[arg-type]
        for k, p in chances.items()
        if p
    )


def _anti_tank_steps(ex: Explanation, assault: Assault) -> None:
    """Assault: each side's German A-T fire at Soviet vehicles, a roll after the table, and
    the vehicle the end-state chances assume it is aimed at (the German player picks it)."""
    for side, own, enemy in (
        ("attacker", assault.attackers, assault.defenders),
        ("defender", assault.defenders, assault.attackers),
    ):
        targets = anti_tank_targets(own, enemy)
        if not targets:
            continue
        ex.add(
            ELIGIBILITY,
            f"German infantry of the {side} may A-T fire at a Soviet vehicle: one die, 5 or 6 "
            f"(1 in 3) takes a step from it; the German player picks the vehicle, the end-state "
            f"chances assume {targets[0].name} (the first Soviet AFV listed, else the first "
            "vehicle)",
            ANTI_TANK_HIT,
            provenance="assumed",
            side=side,  # type: ignore[arg-type]
            kind="note",
        )


def _compound_steps(ex: Explanation, assault: Assault) -> None:
    """Morale: a demoralized unit whose check fails again loses a step, our reading of
    'compound morale check failures further lower morale' (docs/rules.md)."""
    for f in (*assault.attackers, *assault.defenders):
        if f.demoralized:
            ex.add(
                "Morale",
                f"{f.name} is already demoralized: a failed morale check costs it a step (our "
                "reading of 'compound morale check failures further lower morale': the "
                "counter's morale falls no further)",
                provenance="assumed",
                side=f.side,
                kind="note",
            )


def die_results(table: AssaultTable, column: int) -> str:
    """What each face of a side's die gives on ``column`` (ACT), equal faces together, each
    face 1 in 6: "1-2 -, 3 M, 4 M1, 5 M2, 6 1M2"."""
    runs: list[tuple[int, int, str]] = []
    for face in range(1, 7):
        code = table.result(face, column).code
        if runs and runs[-1][2] == code:
            runs[-1] = (runs[-1][0], face, code)
        else:
            runs.append((face, face, code))
    return ", ".join(f"{a}{'' if a == b else f'-{b}'} {code}" for a, b, code in runs)


def _fire_steps(ex: Explanation, fire: SideFire, table: AssaultTable) -> None:
    """A side's fire, column and shifts as steps (ACT, ACT shift)."""
    side = fire.side
    for part in fire.parts:
        why = f" ({'; '.join(part.why)})" if part.why else ""
        first = part.fire if part.before_state is None else part.before_state
        ex.add(
            "ACT", f"{part.name}: fire {fire_text(first)}{why}", first, side=side, kind="strength"
        )
        if part.state_why:  # the aid's morale heading says what a state does to fire
            ex.add(
                "Morale",
                f"{part.name} is {part.state_why}: fire {fire_text(part.fire)}",
                part.fire,
                side=side,
                kind="strength",
            )
    ex.add(
        "ACT",
        f"the {side}'s direct fire value: {fire_text(fire.fire)}",
        fire.fire,
        side=side,
        kind="strength",
    )
    if fire.column_before is None:
        ex.add("ACT", f"the {side}'s fire is below the table's first column: no effect", side=side)
        return
    ex.add(
        "ACT",
        f"the {side}'s column: {table.label(fire.column_before)}",
        table.label(fire.column_before),
        side=side,
    )
    for s in fire.shifts:
        how = "rule" if not s.reading else "assumed"
        if not s.shift:
            ex.add("ACT shift", s.reason, 0, provenance=how, side=side, kind="shift")
            continue
        way = "right" if s.shift > 0 else "left"
        ex.add(
            "ACT shift", f"{s.reason}: one column {way}", s.shift,
            provenance=how, side=side, kind="shift",
        )  # fmt: skip
    if fire.clamped:
        ex.add("ACT shift", fire.clamped, side=side, kind="limit")
    if any(s.shift for s in fire.shifts):
        ex.add(
            "ACT shift",
            f"the {side} fires on {table.label(fire.column)}",
            table.label(fire.column),
            side=side,
        )
    ex.add(
        "ACT",
        f"the {side}'s die on {table.label(fire.column)}: {die_results(table, fire.column)}",
        side=side,
        kind="note",
    )
    if fire.column == 0:
        ex.add(
            "ACT",
            f"the table prints no header over {table.label(0)}: its lowest fire value, "
            f"{table.lower[0]}, is hexcombat's reading",
            side=side,
        )


RULESET = AssaultMoraleRuleset()
