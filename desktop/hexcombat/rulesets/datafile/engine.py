"""A checked ruleset file played through the ruleset contract: the thin adapter between the
file's model (model.py), its arithmetic (tables.py) and the contract's types (Report,
CombatResult, Effect, Vocabulary). A change in the contract's types touches this module only.

Evaluation and resolution are one function of the same inputs (:meth:`DataRuleset._work`), so
what the panel promises is what the roll applies; every step cites the file's own rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType

from hexcombat.rules.declarations import Declarations
from hexcombat.rules.declared_conditions import refuse_undeclared
from hexcombat.rules.dice import Dice
from hexcombat.rules.effects import DieRoll, Effect
from hexcombat.rules.eligibility import BasicEligibility, Refusal
from hexcombat.rules.errors import IllegalAttackError, RulesError, UnitDataError
from hexcombat.rules.explain import Explanation, fmt
from hexcombat.rules.odds import odds_boundaries
from hexcombat.rules.report import (
    CombatResult,
    DrmChances,
    ModifiedRoll,
    OddsColumn,
    Outcome,
    Report,
    SideResult,
    TableColumn,
    participant_id,
)
from hexcombat.rules.retreat import RetreatRules
from hexcombat.rules.situation import CombatSituation, Participant
from hexcombat.rules.step_losses import StepLosses
from hexcombat.rules.units import Unit
from hexcombat.rules.vocabulary import (
    CapabilitySpec,
    ConditionSpec,
    DieSpec,
    SideName,
    StateSpec,
    Vocabulary,
)
from hexcombat.rules.wording import PlainWording
from hexcombat.rulesets.datafile import model as m
from hexcombat.rulesets.datafile import tables
from hexcombat.rulesets.datafile.point_losses import PointLosses

SIDES: tuple[SideName, SideName] = ("attacker", "defender")


def die_spec(entry: m.DieEntry) -> DieSpec:
    """A ``[[dice]]`` entry as the contract declares a die (a d66 is asked as two d6)."""
    asked = f"the {entry.name} (d66: the first die the tens)" if entry.read == "d66" else ""
    return DieSpec(entry.name, entry.sides, entry.count, entry.rule, entry.side, asked=asked)


def vocabulary_of(file: m.RulesetFile) -> Vocabulary:
    """What the file declares, as the contract's vocabulary: its conditions, values, dice,
    states and hexside features."""
    return Vocabulary(
        conditions=tuple(
            ConditionSpec(c.key, c.kind, c.label, c.rule, c.default, c.choices)
            for c in file.conditions
        ),
        capabilities=tuple(
            CapabilitySpec(v.key, v.kind, v.label, v.rule, v.choices) for v in file.values
        ),
        dice=tuple(die_spec(d) for d in file.dice),
        states=(
            (StateSpec("good-order", "Good order", file.table.rule, rank=0),)
            + tuple(StateSpec(s.key, s.label, s.rule, s.short, rank=1) for s in file.states)
            if file.states
            else ()
        ),
        steps=file.steps,
        unit_types=frozenset(file.types),  # its own types are types its counters may name
        unit_sizes=file.sizes,  # and its own size marks, marks they may print
        dated=False,
        hexside_features=tuple(file.hexsides),
        hexside_rule=next((f.rule for f in file.hexsides.values()), ""),
        terrain=tuple(file.terrain),
        glossary=MappingProxyType(dict(file.glossary)),
    )


@dataclass
class Working:
    """A combat worked out before the roll: the totals, the column it reads and the DRM."""

    attack: Fraction
    defence: Fraction
    value: Fraction
    """The odds ratio, the difference or the fire total the column is found by."""
    place: tables.Place
    """Where the combat falls after the shifts."""
    read: tables.Place | str
    """The column read, or the result code an end of the table gives."""
    shift: int
    drm: int
    explanation: Explanation = field(default_factory=Explanation)


class DataRuleset(BasicEligibility):
    """The ruleset contract over one checked ruleset file."""

    def __init__(self, file: m.RulesetFile) -> None:
        self.file = file
        self.id = file.id
        self.title = file.title
        self.references: Mapping[str, str] = dict(file.rules)
        self.declares = Declarations(game=file.title)  # its tutorials listed under its title
        self.terrain = tuple(file.terrain)
        self.vocabulary = vocabulary_of(file)
        self.retreat = RetreatRules(enemy_zoc_blocks=True, friendly_units_cancel_zoc=True)
        self.wording = PlainWording()
        self.reads_drm = _declares_a_drm(file)

    # --- the combat worked out -----------------------------------------------------------

    def _work(self, situation: CombatSituation) -> Working:
        f, table = self.file, self.file.table
        if situation.ruleset not in (self.id, ""):
            raise RulesError(f"this combat is for the {situation.ruleset} rules, not {self.id}")
        if not situation.attackers or not situation.defenders:
            raise IllegalAttackError("an attack needs an attacker and a defender", table.rule)
        c = situation.conditions
        terrain = f.terrain.get(c.terrain)
        if terrain is None:
            known = ", ".join(f.terrain)
            raise IllegalAttackError(
                f"terrain {c.terrain!r} is not in the {self.id} rules: they know {known}",
                table.rule,
            )
        refuse_undeclared(c, self.vocabulary, table.rule)
        for side, participants in (
            ("attacker", situation.attackers),
            ("defender", situation.defenders),
        ):
            for p in participants:
                self._check_unit(p, side)
                self._check_values(p, side)
        ex = Explanation()
        for decl in self.file.conditions:
            value = c.choice(decl.key, decl.default)
            if value != decl.default:  # what the player set, citing its rule
                said = "yes" if value is True else str(value)
                ex.add(decl.rule, f"{decl.label}: {said}")
        if terrain.prohibited:
            raise IllegalAttackError(f"no attack into {terrain.label}", terrain.rule)
        crossing = [p.across if p.across in f.hexsides else None for p in situation.attackers]
        for key in dict.fromkeys(x for x in crossing if x is not None):
            if f.hexsides[key].prohibited:
                raise IllegalAttackError(
                    f"no attack across {f.hexsides[key].label}", f.hexsides[key].rule
                )
        active = [mod for mod in f.modifiers if all(self._holds(t, situation) for t in mod.when)]
        for mod in active:
            if mod.prohibited:
                raise IllegalAttackError(self._said(mod, situation), mod.rule)
        attack = self._side_total(situation, "attacker", terrain, active, ex)
        defence = Fraction(0)
        if self.file.table.kind != "fire":  # a fire table reads no defence
            defence = self._side_total(situation, "defender", terrain, active, ex)
        value = self._value(attack, defence, ex)
        base = tables.column_of(table, value)
        ex.add(table.rule, f"the table reads {self._place_words(base)}", self._place_label(base))
        if table.combine == "difference":
            ex.add(
                f.dice[0].rule,
                "each side rolls its own dice: the rows read the attacker's total minus the "
                "defender's",
            )
        shift, drm = self._shifts_and_drms(situation, terrain, crossing, active, ex)
        limits = f.limits
        held_shift = tables.held(shift, limits.shift_min, limits.shift_max)
        if held_shift != shift:
            ex.add(
                limits.rule,
                f"shifts of {shift:+d} held to {held_shift:+d}",
                held_shift,
                kind="limit",
            )
        held_drm = tables.held(drm, limits.drm_min, limits.drm_max)
        if held_drm != drm:
            ex.add(limits.rule, f"DRM {drm:+d} held to {held_drm:+d}", held_drm, kind="limit")
        place = tables.shifted(table, base, held_shift)
        if held_shift:
            ex.add(
                table.rule,
                f"after the shifts the table reads {self._place_words(place)}",
                self._place_label(place),
                kind="shift",
            )
        read = tables.read_place(table, place)
        if isinstance(read, tables.Place) and read.index is None:
            raise IllegalAttackError(
                f"the combat falls {read.end} the table, which gives no result there", table.rule
            )
        if isinstance(read, str):
            said = f"{place.end} the table: {read} whatever the roll"
            ex.add(table.rule, said, read, kind="result")
        elif read != place:
            label = table.columns[read.index or 0].label
            ex.add(table.rule, f"{place.end} the table: the {label} column is read", label)
        return Working(attack, defence, value, place, read, held_shift, held_drm, ex)

    def _shifts_and_drms(
        self,
        situation: CombatSituation,
        terrain: m.Feature,
        crossing: list[str | None],
        active: list[m.Modifier],
        ex: Explanation,
    ) -> tuple[int, int]:
        """The column shifts and DRMs of the terrain, the hexsides crossed and the modifiers
        that apply, each a step citing its rule, added up (before the limits)."""
        f = self.file
        shift, drm = 0, 0
        sources: list[tuple[str, str, int, int]] = []
        if terrain.shift or terrain.drm:
            sources.append(
                (terrain.rule, f"defender in {terrain.label}", terrain.shift, terrain.drm)
            )
        for key in dict.fromkeys(x for x in crossing if x is not None):
            hexside = f.hexsides[key]
            across = sum(1 for x in crossing if x == key)
            if (hexside.shift or hexside.drm) and (
                hexside.when == "any" or across == len(situation.attackers)
            ):
                who = "every attacker" if across == len(situation.attackers) else "an attacker"
                sources.append(
                    (hexside.rule, f"{who} across {hexside.label}", hexside.shift, hexside.drm)
                )
        sources += [
            (mod.rule, self._said(mod, situation), mod.shift, mod.drm)
            for mod in active
            if mod.shift or mod.drm
        ]
        for rule, text, s, d in sources:
            if s:
                shift += s
                ex.add(rule, f"{text}: {_columns(s)}", s, kind="shift")
            if d:
                drm += d
                ex.add(rule, f"{text}: DRM {d:+d}", drm=d)
        return shift, drm

    def _check_unit(self, p: Participant, side: SideName) -> None:
        """A participant the file's rules can fight with: within its reach, of a declared type,
        with the strength its side is read by."""
        table, unit = self.file.table, p.unit
        if p.count < 1:
            raise UnitDataError(f"{unit.name}: a count of 1 or more", table.rule)
        if side == "defender" and p.range != 1:
            raise IllegalAttackError(
                f"{unit.name} defends in its own hex, not {p.range} away", table.rule
            )
        if side == "attacker" and not 1 <= p.range <= max(1, unit.range):
            raise IllegalAttackError(
                f"{unit.name} is {p.range} hexes away: its range is {unit.range}", table.rule
            )
        types = self.file.types
        if types and unit.unit_type not in types:
            raise UnitDataError(
                f"{unit.name} is of type {unit.unit_type!r}: the {self.id} rules know "
                + ", ".join(types),
                table.rule,
            )
        fire = self.file.table.kind == "fire"
        if self._strength(unit, side) is None and not (fire and side == "defender"):
            key = self._value_key(side)
            raise UnitDataError(f"{unit.name}: needs `{key}` ({side})", table.rule)

    def _value_key(self, side: SideName) -> str:
        return self.file.attack_value if side == "attacker" else self.file.defence_value

    def _strength(self, unit: Unit, side: SideName) -> Fraction | None:
        """The unit's attack (fire) or defence as the file names it (a counter value or a
        named value under ``rules = { ... }``)."""
        key = self._value_key(side)
        value = getattr(unit, key) if key in ("attack", "defence", "movement") else None
        if value is None:
            value = unit.rule_value(key)
        if value is None or isinstance(value, bool) or not isinstance(value, int):
            return None
        return Fraction(value)

    def _holds(self, test: m.Test, situation: CombatSituation) -> bool:
        """Whether one condition of a modifier holds in this combat (the closed vocabulary of
        docs/ruleset-file.md)."""
        side = situation.attackers if test.side == "attacker" else situation.defenders
        kind = test.kind
        if kind == "type-present":
            return any(p.unit.unit_type == test.name for p in side)
        if kind == "type-absent":
            return all(p.unit.unit_type != test.name for p in side)
        if kind == "all-type":
            return all(p.unit.unit_type == test.name for p in side)
        if kind == "value-present":
            return any(p.unit.rule_value(test.name) is True for p in side)
        if kind == "state-present":
            return any(p.status.state == test.name for p in side)
        if kind == "any-unit":
            return any(self._meets(p.unit, test) for p in side)
        if kind == "every-unit":
            return all(self._meets(p.unit, test) for p in side)
        if kind == "terrain":
            return situation.conditions.terrain in test.terrains
        if kind == "any-across":
            return any(p.across == test.name for p in situation.attackers)
        if kind == "all-across":
            return all(p.across == test.name for p in situation.attackers)
        decl = next(c for c in self.file.conditions if c.key == test.name)
        value = situation.conditions.choice(test.name, decl.default)
        return value == test.value if decl.kind == "choice" else value is True

    def _meets(self, unit: Unit, test: m.Test) -> bool:
        """Whether ``unit``'s named value is as ``test`` asks (``any-unit`` / ``every-unit``):
        an int within ``at_least``..``at_most``, a choice among ``is``, a bool as ``is`` (a
        bool the counter does not give is false)."""
        value = unit.rule_value(test.name)
        if test.flag is not None:
            return (value is True) == test.flag
        if test.one_of:
            return value in test.one_of
        if not isinstance(value, int) or isinstance(value, bool):
            return False  # refused before (_check_values): never read as a guess
        low, high = test.at_least, test.at_most
        return (low is None or value >= low) and (high is None or value <= high)

    def _check_values(self, p: Participant, side: SideName) -> None:
        """A unit on a side a modifier reads a named ``int`` or ``choice`` value of must give
        it, of its kind: a missing morale is refused, never read as some number."""
        for mod in self.file.modifiers:
            for test in mod.when:
                if test.kind not in ("any-unit", "every-unit") or test.side != side:
                    continue
                decl = next(v for v in self.file.values if v.key == test.name)
                if decl.kind == "bool":
                    continue
                value = p.unit.rule_value(decl.key)
                if decl.kind == "int":
                    ok = isinstance(value, int) and not isinstance(value, bool)
                    wanted = "a whole number"
                else:
                    ok = value in decl.choices
                    wanted = "one of " + ", ".join(decl.choices)
                if not ok:
                    said = "none" if value is None else repr(value)
                    raise UnitDataError(
                        f"{p.unit.name}: needs `{decl.key}` ({decl.label}: {wanted}, not "
                        f"{said}), which {mod.rule} reads",
                        decl.rule,
                    )

    def _said(self, mod: m.Modifier, situation: CombatSituation) -> str:
        """The modifier's text, naming the units whose values made it apply: ``led by
        morale 5 or more: +1 (Guards: morale 5)``."""
        named = []
        for test in mod.when:
            if test.kind not in ("any-unit", "every-unit"):
                continue
            side = situation.attackers if test.side == "attacker" else situation.defenders
            decl = next(v for v in self.file.values if v.key == test.name)
            for p in side:
                if self._meets(p.unit, test):
                    value = p.unit.rule_value(test.name)
                    shown = ("yes" if value else "no") if decl.kind == "bool" else value
                    named.append(f"{p.unit.name}: {decl.label.lower()} {shown}")
        return f"{mod.text} ({'; '.join(dict.fromkeys(named))})" if named else mod.text

    def _side_total(
        self,
        situation: CombatSituation,
        side: SideName,
        terrain: m.Feature,
        active: list[m.Modifier],
        ex: Explanation,
    ) -> Fraction:
        """A side's strength: each unit's value times its count (an attacker across a hexside
        that halves or doubles it, so), the side's total then doubled or halved by the
        terrain, the hexsides and the modifiers, and rounded as the file says."""
        f, rule = self.file, self.file.table.rule
        participants = situation.attackers if side == "attacker" else situation.defenders
        key = self._value_key(side)
        total = Fraction(0)
        for p in participants:
            value = (self._strength(p.unit, side) or Fraction(0)) * p.count
            said = f"{p.unit.name}{f' x{p.count}' if p.count != 1 else ''}: {key} {fmt(value)}"
            hexside = f.hexsides.get(p.across or "") if side == "attacker" else None
            if hexside is not None and hexside.attack is not None:
                value *= m.FACTORS[hexside.attack]
                ex.add(
                    hexside.rule,
                    f"{said}, {hexside.attack} across {hexside.label}: {fmt(value)}",
                    value,
                    side=side,
                    kind="strength",
                )
            else:
                ex.add(rule, said, value, side=side, kind="strength")
            total += value
        factors: list[tuple[str, str, str]] = []
        own = terrain.attack if side == "attacker" else terrain.defence
        if own is not None:
            factors.append((terrain.rule, f"{terrain.label}", own))
        if side == "defender":
            crossing = [p.across for p in situation.attackers]
            for key_, hexside in f.hexsides.items():
                across = sum(1 for x in crossing if x == key_)
                if (
                    hexside.defence is not None
                    and across
                    and (hexside.when == "any" or across == len(crossing))
                ):
                    factors.append(
                        (hexside.rule, f"attacked across {hexside.label}", hexside.defence)
                    )
        for mod in active:
            factor = mod.attack if side == "attacker" else mod.defence
            if factor is not None:
                factors.append((mod.rule, self._said(mod, situation), factor))
        for rule_, text, factor in factors:
            total *= m.FACTORS[factor]
            ex.add(
                rule_,
                f"{text}: the {side}s' strength {factor}: {fmt(total)}",
                total,
                side=side,
                kind="strength",
            )
        rounded = tables.rounded(total, f.rounding)
        word = "attack" if side == "attacker" else "defence"
        if rounded != total:
            ex.add(
                rule,
                f"{word} {fmt(total)} rounded {f.rounding}: {fmt(rounded)}",
                rounded,
                side=side,
                kind="strength",
            )
        ex.add(rule, f"{word} total {fmt(rounded)}", rounded, side=side, kind="strength")
        return rounded

    def _value(self, attack: Fraction, defence: Fraction, ex: Explanation) -> Fraction:
        table = self.file.table
        if table.kind == "odds":
            ratio = tables.odds_ratio(attack, defence)
            ex.add(
                table.rule,
                f"odds {fmt(attack)} : {fmt(defence)}, rounded in the defender's "
                f"favour: {tables.odds_label(ratio)}",
                tables.odds_label(ratio),
            )
            return ratio
        if table.kind == "differential":
            diff = tables.rounded(attack - defence, "down")  # in the defender's favour
            ex.add(table.rule, f"difference {fmt(attack)} - {fmt(defence)} = {fmt(diff)}", diff)
            return diff
        fire = tables.rounded(attack, "down")
        ex.add(table.rule, f"fire {fmt(fire)}", fire)
        return fire

    def _place_label(self, place: tables.Place) -> str:
        if place.index is None:
            return f"{place.end} the table"
        return self.file.table.columns[place.index].label

    def _place_words(self, place: tables.Place) -> str:
        if place.index is None:
            return f"{place.end} the {'lowest' if place.end == 'below' else 'highest'} column"
        return f"the {self.file.table.columns[place.index].label} column"

    # --- the contract -----------------------------------------------------------------------

    def evaluate(self, situation: CombatSituation) -> Report:
        """Every step with the file's rule, the column, the DRM and the chance of every result."""
        work = self._work(situation)
        table = self.file.table
        chances = tables.chances(table, self.file.dice, work.read, work.drm)
        outcomes = {code: p for code, p in chances.items() if p}
        column = (
            work.read if isinstance(work.read, str) else table.columns[work.read.index or 0].label
        )
        drm = f", DRM {work.drm:+d}" if self.reads_drm and not isinstance(work.read, str) else ""
        headline = f"{column}{drm}"
        return Report(
            ruleset=self.id,
            situation=situation,
            totals={
                "attack_strength": work.attack,
                "defence_strength": work.defence,
                table.kind: work.value,
            },
            features=self._features(column, work),
            outcomes=outcomes,
            explanation=work.explanation,
            headline=headline,
            outcome_list=tuple(self._outcome(code, p) for code, p in outcomes.items()),
            payload=self._payload(column, work),
            dice=tuple(die_spec(d) for d in self.file.dice),
        )

    def _payload(self, column: str, work: Working) -> dict[str, object]:
        """The file's own figures: the column read and the shift."""
        return {"column": column, "shift": work.shift}

    def _features(self, column: str, work: Working) -> tuple[object, ...]:
        """The DRM; the column, with where attack strength moves it (the what-if,
        rules/what_if.py): the odds of an odds table, a differential's or fire table's range."""
        found: list[object] = [DrmChances({work.drm: Fraction(1)})] if self.reads_drm else []
        table, strength = self.file.table, self.file.attack_value  # a printed or named value
        if table.kind == "odds":
            found.append(OddsColumn(column, work.attack, work.defence, odds_boundaries, strength))
        else:
            boundaries = tables.range_boundaries(table)
            found.append(TableColumn(column, work.attack, work.defence, boundaries, strength))
        return tuple(found)

    def _outcome(self, code: str, p: Fraction) -> Outcome:
        result = self.file.results[code]
        hurt = {
            e.side if e.kind != "advance" else None for e in result.effects if e.kind != "advance"
        }
        if any(e.kind == "exchange" for e in result.effects):
            hurt |= set(SIDES)
        suffers = tuple(s for s in SIDES if s in hurt)
        favours = (
            "neither"
            if len(suffers) != 1
            else ("attacker" if suffers == ("defender",) else "defender")
        )
        return Outcome(code, p, favours, result.text, suffers)  # type: ignore[arg-type]

    def resolve(self, report: Report, dice: Dice) -> CombatResult:
        """The combat rolled with ``dice`` (each entry of the file's dice, in order)."""
        if report.ruleset != self.id:
            raise RulesError(f"a {report.ruleset} report cannot be resolved by the {self.id} rules")
        work = self._work(report.situation)
        table = self.file.table
        ex = Explanation()
        rolls, values = [], []
        for entry in self.file.dice:
            spec = die_spec(entry)
            faces = tuple(dice.roll(entry.sides, spec.purpose) for _ in range(entry.count))
            rolls.append(DieRoll(spec.purpose, entry.sides, faces, entry.rule, entry.side))
            value = 10 * faces[0] + faces[1] if entry.read == "d66" else sum(faces)
            values.append(value)
            ex.add(
                entry.rule,
                f"{entry.name}: {' '.join(map(str, faces))} = {value}",
                value,
                kind="roll",
            )
        total = tables.side_totals(self.file.dice, values, table.combine)
        if table.combine == "difference":  # an opposed roll: the rows read the difference
            mine = {
                side: sum(v for d, v in zip(self.file.dice, values, strict=True) if d.side == side)
                for side in SIDES
            }
            ex.add(
                self.file.dice[0].rule,
                f"the attacker's {mine['attacker']} - the defender's {mine['defender']} = {total}",
                total,
                kind="roll",
            )
        if isinstance(work.read, str):
            code, modified = work.read, total
            ex.add(table.rule, f"{work.place.end} the table: {code}", code, kind="result")
        else:
            modified, code = tables.row_code(table, work.read.index or 0, total, work.drm)
            column = table.columns[work.read.index or 0].label
            said = f"{total} {work.drm:+d} = {total + work.drm}" if work.drm else f"{total}"
            if modified != total + work.drm:  # held within the rows
                end = "end" if modified < total + work.drm else "start"
                said += f" (the rows {end} at {modified})"
            word = "difference" if table.combine == "difference" else "roll"
            ex.add(table.rule, f"{word} {said} on {column}: {code}", code, kind="result")
        result = self.file.results[code]
        effects, sides = self._effects(report.situation, result, ex)
        advance = any(e.kind == "advance" for e in effects)
        return CombatResult(
            code=code,
            attacker=sides["attacker"],
            defender=sides["defender"],
            advance=advance,
            steps=ex.steps,
            headline=f"{'difference' if table.combine == 'difference' else 'roll'} {total}"
            f"{f' {work.drm:+d}' if work.drm else ''}: {code}, {result.text}",
            rolls=tuple(rolls),
            effects=tuple(effects),
            features=(ModifiedRoll(total, work.drm, modified),),  # the table's read (a d66 too)
        )

    def _effects(
        self, situation: CombatSituation, result: m.ResultDecl, ex: Explanation
    ) -> tuple[list[Effect], dict[SideName, SideResult]]:
        """The result's effects addressed to the participants, and each side's summary."""
        ids = {
            side: tuple(participant_id(p, side, i) for i, p in enumerate(ps, 1))
            for side, ps in (("attacker", situation.attackers), ("defender", situation.defenders))
        }
        sides: dict[SideName, SideResult] = {"attacker": SideResult(), "defender": SideResult()}
        effects: list[Effect] = []
        rule = result.rule
        for e in result.effects:
            side: SideName = e.side
            other: SideName = "defender" if side == "attacker" else "attacker"
            if e.kind == "eliminate":
                effects.append(
                    Effect("eliminate", side, rule, f"the {side} is eliminated", ids[side])
                )
                sides[side].eliminated = True
            elif e.kind == "lose-steps":
                text = f"the {side} loses {e.amount} step{'s' if e.amount != 1 else ''}"
                effects.append(Effect("lose-steps", side, rule, text, ids[side], e.amount))
            elif e.kind == "lose-points":
                text = f"the {side} loses {e.amount} strength point{'s' if e.amount != 1 else ''}"
                effects.append(Effect("lose-points", side, rule, text, ids[side], e.amount))
                sides[side].loss_points += e.amount
            elif e.kind == "exchange":
                printed = self._printed(situation, side)
                effects.append(
                    Effect(
                        "eliminate", side, rule, f"exchange: the {side} is eliminated", ids[side]
                    )
                )
                text = f"exchange: the {other} loses at least {printed} strength points"
                effects.append(Effect("lose-points", other, rule, text, ids[other], printed))
                sides[side].eliminated = True
                sides[other].loss_points += printed
            elif e.kind == "retreat":
                chooser = "the enemy" if e.chooser == "opponent" else "its owner"
                hexes = f"{e.amount} hex{'es' if e.amount != 1 else ''}"
                text = f"the {side} retreats {hexes}, {chooser} choosing the path"
                picks = e.chooser or "owner"  # unsaid: the owner, assumed (docs/ruleset-file.md)
                effects.append(
                    Effect(
                        "retreat",
                        side,
                        rule,
                        text,
                        ids[side],
                        e.amount,
                        chooser=picks,
                        chooser_rule=rule if e.chooser else "",
                    )
                )
                sides[side].retreat_hexes = max(sides[side].retreat_hexes, e.amount)
            elif e.kind == "state":
                label = next(s.label for s in self.file.states if s.key == e.state)
                text = f"the {side} is {label.lower()}"
                effects.append(Effect("set-state", side, rule, text, ids[side], state=e.state))
            else:  # advance
                text = f"the {side} may advance {e.amount} hex{'es' if e.amount != 1 else ''}"
                effects.append(Effect("advance", side, rule, text, ids[side], e.amount))
            ex.add(rule, effects[-1].text, side=side, kind="result")
        return effects, sides

    def _printed(self, situation: CombatSituation, side: SideName) -> int:
        """The printed strength of a side (its defence for the defender, attack for the
        attacker): what the other side loses in an exchange."""
        ps = situation.attackers if side == "attacker" else situation.defenders
        return int(sum((self._strength(p.unit, side) or 0) * p.count for p in ps))

    def loss_policy(self, report: Report, result: CombatResult) -> StepLosses | PointLosses:
        """Steps chosen by their owner in a step game; whole units chosen to make up the
        strength points in a strength-point game."""
        if self.file.steps:
            return StepLosses(report, result)
        return PointLosses(report, result, self._printed_of)

    def _printed_of(self, participant: Participant, side: SideName) -> int:
        return int((self._strength(participant.unit, side) or 0) * participant.count)

    def attack_range(self, unit: Unit) -> int:
        """A unit's reach: the counter's ``range`` (1: adjacent)."""
        return max(1, unit.range)

    def retreat_elimination(self, participant: Participant) -> Refusal | None:
        return None


def _columns(shift: int) -> str:
    n = abs(shift)
    return f"{n} column{'s' if n != 1 else ''} {'right' if shift > 0 else 'left'}"


def _declares_a_drm(file: m.RulesetFile) -> bool:
    """Whether the file gives a die roll modifier anywhere (a terrain, hexside or modifier
    ``drm``, or limits on it): a game without one shows no DRM, as the built-in ones do."""
    features = (*file.terrain.values(), *file.hexsides.values(), *file.modifiers)
    limits = file.limits
    return any(f.drm for f in features) or limits.drm_min is not None or limits.drm_max is not None
