"""What the Combat panel and the calculator show of a combat, decided without Qt.

The panel (:mod:`hexcombat.ui.combat_panel`) is a view: it asks this presenter what to show
(the headline, whether Roll is on and what its tooltip says, the folded set-up's line, the
result in lines, who retreats how far and who cannot, the map's marks) and only lays the
answer out. Each answer is plain data read from the
:class:`~hexcombat.game.attack_model.AttackModel`, so it is tested without a window. The
calculator (:mod:`hexcombat.ui.calculator_window`) is the same view of a combat without a map:
its set-up, conditions, headline and roll are read here from its plain
:class:`~hexcombat.game.calculator.CalculatorCombat` (the last section).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field, replace

from hexcombat.board.hexes import Hex
from hexcombat.board.hexside import Hexside
from hexcombat.game.apply_result import retreat_notices
from hexcombat.game.attack import Candidate, advance_uids, can_roll, retreating
from hexcombat.game.attack_model import AttackModel
from hexcombat.game.calculator import (
    AIR_SIDE,
    CalculatorCombat,
    Rolled,
    find_air_units,
    find_counters,
)
from hexcombat.game.combat_log import report_words, words
from hexcombat.game.commands import plural
from hexcombat.game.conditions import vocabulary_of
from hexcombat.game.retreat import RetreatChooser
from hexcombat.game.roll import typed_roll_help, typed_roll_prompt
from hexcombat.game.state import GameState
from hexcombat.rules.dice import die_words
from hexcombat.rules.effects import Effect
from hexcombat.rules.missions import MissionReport, air_rules_of
from hexcombat.rules.references import cited
from hexcombat.rules.report import NEEDS_STRENGTHS, Report
from hexcombat.rules.vocabulary import ConditionSpec, ConditionValue, PhaseSpec, Vocabulary

NO_ATTACK_SUMMARY = "Attackers and conditions"
"""The folded set-up's line with no attack."""

AT_ONCE_PROMPT = "no dice: the rules decide it before any roll"
"""The typed-dice field of an attack the rules decide before any roll."""


@dataclass(frozen=True)
class Line:
    """A line of the result as the player reads it: ``alarm`` what the player must put right
    or will lose (shown in red), ``strong`` said louder still (bold)."""

    text: str
    alarm: bool = False
    strong: bool = False


# the headline ----------------------------------------------------------------------------------


def no_attack_title(vocabulary: Vocabulary) -> str:
    """The headline with no attack: how to set one up, in the ruleset's word for an attack."""
    return f"Select an enemy stack and choose {vocabulary.attack_name} (A)."


def report_headline(report: Report) -> str:
    """The one headline of a report, the Combat panel's and the calculator's: in its
    ruleset's words (a table's column and DRM spaced apart, ``3:1   DRM +1``, with each
    value's chance when the DRM is a chance), read at a glance."""
    return report_words(report)


@dataclass(frozen=True)
class AttackTitle:
    """The headline of an attack: ``<attack> on <place>`` (``<terrain>``): ``<defenders>``."""

    attack: str
    place: str
    terrain: str
    defenders: str


def attack_title(model: AttackModel) -> AttackTitle | None:
    """The attack's headline: the ruleset's word for it, the target hex, its terrain and the
    defenders' names (None: no attack)."""
    if model.target is None:
        return None
    state = model.state
    names = ", ".join(c.unit.name for c in state.stack_at(model.target))
    return AttackTitle(
        model.vocabulary.attack_name,
        state.hexmap.label(model.target),
        state.hexmap.terrain[model.target],
        names,
    )


# rolling ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RollControls:
    """What the roll controls offer now."""

    rollable: bool
    """Roll (and the window's Roll action) is on: :meth:`AttackModel.rollable`."""
    typed: bool
    """The typed-dice field takes the physical dice."""
    button: str
    """The Roll button's words: ``Roll``, or ``Apply`` for an attack decided before any roll."""
    tip: str
    """Why Roll is on or off, and what it does."""
    prompt: str | None
    """What the typed-dice field says instead of the dice wanted (None: the dice prompt)."""
    setup: bool
    """The set-up may change (not while a rolled result waits: the result is for that set-up)."""


def roll_controls(model: AttackModel) -> RollControls:
    """While a roll waits to be applied, Roll is off and the set-up cannot change; while the
    last combat's follow-ups wait, Roll is off; otherwise Roll is on whenever there is a
    report that can be rolled. An attack the rules decide before any roll is applied, not
    rolled: nothing to type."""
    rolled = model.state.pending_roll is not None
    waiting = model.state.follow_ups is not None
    at_once = model.at_once()
    rollable = model.rollable()
    if rolled:
        tip = "Rolled: apply the result, or undo the roll (Ctrl+Z)"
    elif waiting:
        tip = "The last attack's follow-ups come first (below)"
    elif at_once:
        tip = "Resolved at once, before any roll: apply the result (R)"
    elif can_roll(model.report) or model.report is None:
        tip = "Roll the game's seeded dice (R)"
    else:
        needs = model.report.needs_strengths if model.report is not None else NEEDS_STRENGTHS
        tip = f"No roll: {needs} (see the warnings)"
    return RollControls(
        rollable=rollable,
        typed=rollable and not at_once,
        button="Apply" if at_once else "Roll",
        tip=tip,
        prompt=AT_ONCE_PROMPT if at_once else None,
        setup=not rolled,
    )


# the set-up ------------------------------------------------------------------------------------


def weather_shown(vocabulary: Vocabulary) -> bool:
    """Whether there is a weather to choose: only when the ruleset's charts know more than one
    (with one, no Weather box and no weather in the set-up's line)."""
    return len(vocabulary.weather) > 1


def date_asked(vocabulary: Vocabulary, date: object, dated_counters: bool = False) -> bool:
    """Whether a month is asked: the ruleset reads dates, one is given already, or a counter's
    values change by it (a ruleset reading no date asks none)."""
    return vocabulary.dated or bool(date) or dated_counters


def date_shown(state: GameState) -> bool:
    """Whether the game's month is asked (:func:`date_asked`), its counters counted. The
    counters are looked at only when the ruleset and the game's date leave it open: this runs
    on every change to the game, and a 20,000-counter game scanned each time makes a counter
    drop twice as slow."""
    return date_asked(state.vocabulary, state.conditions.date) or any(
        c.unit.changes for c in state.counters.values()
    )


def condition_summary(spec: ConditionSpec, value: ConditionValue) -> str | None:
    """How the folded set-up's line names a condition away from its default (None: at its
    default, not named): a flag by its label, a number signed, a choice by its value."""
    if spec.kind == "bool":
        return spec.label.lower() if value else None
    if value == spec.default:
        return None
    if spec.kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            return None
        return f"{spec.label.lower()} {value:+d}"
    return f"{spec.label.lower()} {value}"


def setup_summary(model: AttackModel) -> str:
    """The folded set-up in one line: the stacks ticked of those offered (and the units left
    out of them), the phase, the weather and date, and every condition away from its default,
    in the ruleset's order."""
    if model.target is None:
        return NO_ATTACK_SUMMARY
    state = model.state
    ticked = sum(1 for c in model.candidates if c.hex in model.taking_part)
    parts = [f"{ticked} of {len(model.candidates)} stacks"]
    left_out = sum(
        1
        for c in model.candidates
        if c.hex in model.taking_part
        for u in c.counters
        if u.uid in model.left_out
    )
    if left_out:  # units unticked in stacks that take part
        parts[0] += f" ({plural(left_out, 'unit')} left out)"
    parts += [f"{state.phase} phase"] if state.phase else []  # a ruleset may have no phases
    parts += [state.conditions.weather] if weather_shown(state.vocabulary) else []
    if state.conditions.date:
        parts.append(state.conditions.date)
    for spec in model.vocabulary.conditions:  # in the ruleset's order
        said = condition_summary(spec, model.condition(spec.key))
        if said:
            parts.append(said)
    return f"{NO_ATTACK_SUMMARY}: " + ", ".join(parts)


@dataclass(frozen=True)
class UnitRow:
    """One unit of a candidate stack: ticked on its own, or barred from attacking (``why``)."""

    uid: str
    text: str
    why: str = ""


@dataclass(frozen=True)
class CandidateRow:
    """A stack that may join the attack, as its row of the attackers list."""

    label: str
    names: str
    """Its units, those the rules bar from attacking named with the rule."""
    across: str
    """The hexside features it attacks across, its range beyond one hex, else ``-``."""
    tip: str
    tickable: bool
    """Some unit of it may attack (else why not is its tip)."""
    units: list[UnitRow] = field(default_factory=list)
    """A row per unit when it holds several (its own tick is its one unit's otherwise)."""


def rule_of(why: str) -> str:
    """``, <rule>`` from a reason that ends with its rule in brackets ("... (<rule>)"), else
    "" (the rules layer words every refusal with its rule)."""
    found = re.search(r"\(([^()]+)\)\s*$", why)
    return f", {found.group(1)}" if found else ""


def candidate_row(candidate: Candidate, vocabulary: Vocabulary) -> CandidateRow:
    """The row of ``candidate``: its units (the barred ones with why), what it attacks
    across, and a row for each unit of a stack of several."""
    attack = vocabulary.attack_name.lower()

    def barred(name: str, why: str) -> str:
        return f"{name} (cannot {attack}{rule_of(why)})"

    names = ", ".join(
        [c.unit.name for c in candidate.counters]
        + [barred(c.unit.name, why) for c, why in candidate.barred]
    )
    across = ", ".join(sorted(candidate.features)) or (
        f"{plural(candidate.range, 'hex', 'hexes')}" if candidate.range > 1 else "-"
    )
    units: list[UnitRow] = []
    if len(candidate.counters) + len(candidate.barred) >= 2:
        units = [UnitRow(c.uid, c.unit.name) for c in candidate.counters]
        units += [UnitRow(c.uid, barred(c.unit.name, why), why) for c, why in candidate.barred]
    return CandidateRow(
        candidate.label,
        names,
        across,
        "\n".join([names, *(why for _c, why in candidate.barred)]),
        bool(candidate.counters),
        units,
    )


# the result ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ResultText:
    """The rolled result in words: its code, what it says in the ruleset's words, the
    working's steps and every effect the choosers do not state."""

    code: str
    said: str
    more: list[str]
    working: list[str]
    effects: list[str]

    def lines(self, table_mode: bool) -> tuple[list[str], str]:
        """The lines under the code, and the tooltip: in table mode the ticks stay in view, so
        the working is one line saying where it is (the tooltip holds it)."""
        lines = list(self.more)
        tip = ""
        if table_mode and self.working:
            lines.append(f"the result's working: {len(self.working)} steps, point here")
            tip = "\n".join(self.working)
        else:
            lines += self.working
        return lines + self.effects, tip


def result_text(model: AttackModel, stated: Collection[str]) -> ResultText | None:
    """The rolled result's words (None: nothing rolled). ``stated``: the effect kinds the
    losses chooser states itself; retreats and advances have their own boxes."""
    resolution = model.resolution
    if resolution is None:
        return None
    result, report = resolution.result, resolution.report
    said, *more = words(report, result).shown  # in the ruleset's words
    shown = [e for e in result.effects if e.kind not in {"retreat", "advance", *stated}]
    return ResultText(
        result.code,
        said,
        list(more),
        [f"{s.rule}: {s.text}" for s in result.steps],
        effect_lines(model.state, shown),
    )


def effect_lines(state: GameState, effects: list[Effect]) -> list[str]:
    """One line per thing the result does, naming the units it falls on: ``Is regrouping
    (Regrouping): Lt Hahn, MG 42``, not the same words once per unit."""
    grouped: dict[tuple[str, str, str], list[str]] = {}
    for e in effects:
        names = [state.counters[u].unit.name for u in e.targets if u in state.counters]
        grouped.setdefault((e.kind, e.text, e.rule), []).extend(names)
    return [
        f"{text[:1].upper()}{text[1:]} ({rule})" + (f": {', '.join(names)}." if names else ".")
        for (_kind, text, rule), names in grouped.items()
    ]


def retreat_effects(model: AttackModel) -> dict[str, Effect]:
    """The retreat the result orders each side, by side."""
    if model.resolution is None:
        return {}
    return {e.side: e for e, _ in retreating(model.resolution)}


def retreat_lines(model: AttackModel, side: str, effect: Effect | None) -> list[Line]:
    """How far ``side`` retreats (and the ruleset's limit), each unit eliminated instead of
    retreating, and each stack with no legal retreat (eliminated: said loudest)."""
    if effect is None or effect.amount <= 0 or model.resolution is None:
        return []
    state = model.state
    moved = [u for e, uids in retreating(model.resolution) if e is effect for u in uids]
    starts = {state.hex_of(u) for u in moved if u not in model.losses and u in state.counters}
    trapped = sorted(s for s in starts if not model.retreat_ends.get(s, True))
    lines = []
    limit, doomed = retreat_notices(state, model.resolution, model.losses, effect)
    if len(trapped) < len(starts) or not starts:
        hexes = plural(int(effect.amount), "hex", "hexes")
        if effect.most and effect.most > effect.amount:
            hexes = f"{int(effect.amount)} to {effect.most} hexes"
        hexes += f", {limit}" if limit else ""
        lines.append(Line(f"The {side} retreats {hexes}."))
    lines += [Line(f"{d}.", alarm=True) for d in doomed]
    for start in trapped:
        where = state.hexmap.label(start)
        lines.append(Line(f"The {side} in {where} has no legal retreat: eliminated.", True, True))
    return lines


@dataclass(frozen=True)
class RetreatEnd:
    """A hex a retreating stack may end in, and the way there (``0504 > 0505 > 0506``)."""

    hex: Hex
    label: str
    route: str


@dataclass(frozen=True)
class RetreatChoice:
    """Where the stack in ``start`` may retreat to, who picks (``chooser``: the player the
    retreat effect names) and the end the program picks for them (``default``)."""

    start: Hex
    label: str
    ends: list[RetreatEnd]
    chooser: RetreatChooser | None = None
    default: RetreatEnd | None = None

    @property
    def trapped(self) -> bool:
        """No legal retreat: the stack is eliminated."""
        return not self.ends

    @property
    def player_picks(self) -> bool:
        """Several ends: the player who chooses picks one (the program picks only when asked,
        :meth:`AttackModel.pick_for_choosers`, and shows what it picked)."""
        return len(self.ends) > 1

    @property
    def prompt(self) -> str:
        """``The Red attacker picks where the defender's stack in 0504 retreats (7.4).``;
        "" when nobody has a choice."""
        if self.chooser is None or not self.player_picks:
            return ""
        return self.chooser.prompt(self.label)

    @property
    def side(self) -> str:
        """The picking side's name on the map (whose colour marks the ends); "" unknown."""
        return self.chooser.side if self.chooser is not None else ""

    @property
    def pick_words(self) -> str:
        """The button that lets the program pick for the chooser: ``Pick for the attacker:
        0606``; "" when nobody has a choice."""
        if self.chooser is None or self.default is None or not self.player_picks:
            return ""
        return f"Pick for the {self.chooser.role}: {self.default.label}"

    @property
    def pick_tip(self) -> str:
        """How the program picks for the chooser (hexcombat's reading)."""
        if self.chooser is None:
            return ""
        return f"The program picks as {self.chooser.player()} would: {self.chooser.aim()}."


def retreat_choices(model: AttackModel) -> list[RetreatChoice]:
    """Each retreating stack's legal ends, in the order the model has them, with who picks
    and the end the program would pick for them."""
    label = model.state.hexmap.label
    choosers = model.retreat_choosers()
    defaults = model.default_retreats()
    choices = []
    for start, ends in model.retreat_ends.items():
        shown = [
            RetreatEnd(end, label(end), " > ".join(label(h) for h in way))
            for end, way in ends.items()
        ]
        default = next((e for e in shown if e.hex == defaults.get(start)), None)
        choices.append(RetreatChoice(start, label(start), shown, choosers.get(start), default))
    return choices


def advance_rows(model: AttackModel) -> list[tuple[str, str]]:
    """The units that may be ticked to advance, each with its row's words: its name and hex."""
    state = model.state
    return [
        (uid, f"{state.counters[uid].unit.name} ({state.hexmap.label(state.hex_of(uid))})")
        for uid in model.advance_choices()
    ]


def phase_setting(model: AttackModel, spec: ConditionSpec) -> PhaseSpec | None:
    """The game's phase when it sets ``spec`` away from its default now (an overrun in the
    movement phase), else None: the control shows the phase setting it, with its note."""
    phase = model.phase()
    if not spec.set_by_phase or phase is None:
        return None
    return phase if model.set_by_phase(spec) != spec.default else None


def advance_prompt(model: AttackModel) -> str:
    """What the advance list asks: the attackers into the vacated hex, or the defenders into
    a hex the attackers left (named when there is one)."""
    if model.advance_side() != "defender":
        return "Advance into the vacated hex:"
    into = model.advance_hexes()
    if len(into) != 1:
        return "The defenders may advance into a hex the attackers left:"
    where = model.state.hexmap.label(into[0])
    return f"The defenders may advance into {where}, the hex the attackers left:"


def may_advance(model: AttackModel) -> bool:
    """Whether the result lets anyone advance."""
    return model.resolution is not None and bool(advance_uids(model.resolution))


# the map ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MapMarks:
    """What the map highlights for the attack: each hex's part (``target``, ``attacker``,
    ``candidate``, ``retreat``, ``retreat-chosen``), the hexsides the attackers cross with
    their features, the chosen retreats' ways, and the roles of the stacks."""

    hexes: dict[Hex, str]
    sides: dict[Hexside, frozenset[str]]
    paths: list[tuple[Hex, ...]]
    roles: dict[Hex, str]
    pickers: dict[Hex, str] = field(default_factory=dict)
    """Each retreat end among several -> the name of the side that picks it (its colour
    marks the end)."""


def map_marks(model: AttackModel) -> MapMarks | None:
    """The map's marks of the attack (None: no attack). The stacks taking part are attackers
    and the others candidates; an adjacent attacker's hexside is marked with what it crosses;
    after the roll, every retreat end, the chosen ones and their ways."""
    target = model.target
    if target is None:
        return None
    chosen = set(model.attacker_uids())
    hexes: dict[Hex, str] = {target: "target"}
    sides: dict[Hexside, frozenset[str]] = {}
    roles = {target: "target"}
    for candidate in model.candidates:
        taking_part = any(c.uid in chosen for c in candidate.counters)
        hexes[candidate.hex] = "attacker" if taking_part else "candidate"
        if taking_part:
            roles[candidate.hex] = "attacker"
            if candidate.range == 1:
                sides[Hexside(candidate.hex, target)] = candidate.features
    paths: list[tuple[Hex, ...]] = []
    pickers: dict[Hex, str] = {}
    if model.resolution is not None:
        choosers = model.retreat_choosers()
        for start, ends in model.retreat_ends.items():
            chosen_end = model.retreats.get(start)
            chooser = choosers.get(start)
            for end, way in ends.items():
                hexes[end] = "retreat-chosen" if end == chosen_end else "retreat"
                if chooser is not None and chooser.side and len(ends) > 1:
                    pickers[end] = chooser.side
                if end == chosen_end:  # the way it goes, start to end
                    paths.append((start, *way) if way and way[0] != start else tuple(way))
    return MapMarks(hexes, sides, paths, roles, pickers)


# the calculator --------------------------------------------------------------------------------
# The calculator (ui/calculator_window.py) is the same combat view at the table: its set-up, its
# conditions, its headline and its roll are decided here from the plain
# :class:`~hexcombat.game.calculator.CalculatorCombat`, with the Combat panel's own rules for
# what is shown (:func:`weather_shown`, :func:`date_asked`), and only laid out there.


@dataclass(frozen=True)
class Choices:
    """What a box offers, the one chosen, and whether the box is there at all."""

    items: tuple[str, ...]
    chosen: str
    shown: bool = True


def terrain_choices(vocabulary: Vocabulary, chosen: str) -> tuple[str, ...]:
    """The terrain offered for the defended hex: the ruleset's declared terrain. A terrain the
    combat names that the ruleset does not declare (a file's, or a ruleset declaring none) is
    offered last, so the box shows what the combat says and the rules' refusal says why."""
    declared = vocabulary.terrain
    return declared if not chosen or chosen in declared else (*declared, chosen)


@dataclass(frozen=True)
class CalculatorConditions:
    """The calculator's conditions: the terrain and weather boxes, the month, the hexside
    features an attacker may attack across, and every condition the ruleset declares with its
    value now."""

    terrain: Choices
    weather: Choices
    date: str
    date_shown: bool
    date_tip: str
    """What the empty month field says: the ruleset's rule dating counter values."""
    across: tuple[str, ...]
    across_tip: str
    conditions: tuple[tuple[ConditionSpec, ConditionValue], ...]


def calculator_conditions(combat: CalculatorCombat) -> CalculatorConditions | None:
    """What the calculator's conditions show for ``combat`` (None: its ruleset is unknown, said
    by the evaluation): all from its ruleset's vocabulary, one weather being no choice and a
    ruleset reading no date asking none, as in the Combat panel."""
    vocabulary = vocabulary_of(combat.ruleset)
    if vocabulary is None:
        return None
    conditions = combat.conditions()
    terrain = str(conditions.get("terrain", "clear"))
    weather = str(conditions.get("weather", vocabulary.weather[0]))
    date = str(conditions.get("date", ""))
    return CalculatorConditions(
        terrain=Choices(terrain_choices(vocabulary, terrain), terrain),
        weather=Choices(vocabulary.weather, weather, weather_shown(vocabulary)),
        date=date,
        date_shown=date_asked(vocabulary, conditions.get("date")),
        date_tip=f"YYYY-MM (dated counter values{cited(vocabulary.date_rule)})",
        across=vocabulary.hexside_features,
        across_tip=f"What the attacker attacks across{cited(vocabulary.hexside_rule)}",
        conditions=tuple(
            (spec, conditions.get(spec.key, spec.default)) for spec in vocabulary.conditions
        ),
    )


def inline_example(vocabulary: Vocabulary) -> str:
    """An inline unit as the ruleset's counters are written: a squad has steps and its
    ruleset's values, no size; a unit whose ruleset reads capabilities its size (what they
    need); a unit of a game that declares neither, its strengths alone (no size it lacks)."""
    if vocabulary.steps:
        return 'name = "Rifle Sqd", steps = 2, rules = { ... }'
    if vocabulary.unit_capabilities:
        return 'name = "Tank II", size = "II", type = "armour", attack = 1'
    return 'name = "Rifles", type = "infantry", attack = 3, defence = 2'


@dataclass(frozen=True)
class CalculatorSetup:
    """The calculator's set-up for its combat's ruleset: the sides a unit typed is added to,
    the missions an air counter may fly, the counters offered as the player types, and the
    tooltips, each citing the ruleset's own rule (none when it has none)."""

    sides: tuple[str, ...]
    missions: tuple[tuple[str, str], ...]
    """Each mission its air rules fly: its id and the words the box shows."""
    completions: tuple[str, ...]
    side_tip: str
    mission_tip: str
    search_tip: str
    inline_tip: str
    inline_example: str
    air_title: str
    """The air missions list's title."""

    @property
    def flies(self) -> bool:
        """Its ruleset flies air missions: the air side and Fly as Air Mission are offered."""
        return bool(self.missions)


def calculator_setup(combat: CalculatorCombat) -> CalculatorSetup:
    """The set-up the calculator offers for ``combat``'s ruleset."""
    air = air_rules_of(combat.ruleset)
    missions = cited(air.missions_rule) if air else ""
    mission = f" or an air mission{missions} flown on the mission chosen" if air else ""
    ctrl3 = f", Ctrl+3 as an air mission{missions}" if air else ""
    keyed = (
        f" With the mission key (rating, mission, ...) it is an air mission{missions}."
        if air
        else ""
    )
    flown = tuple(
        (mission_id, f"{mission_id}{cited(m.rule or '')}")
        for mission_id, m in combat.missions.items()
    )
    names = [
        f"{cid}  \u2014  {unit.name}"
        for cid, unit in find_counters(combat.library, "", game=combat.ruleset)
    ]
    names += [
        f"{cid}  \u2014  {unit.name} (air{cited(air.units_rule if air else '')})"
        for cid, unit in find_air_units(combat.air_library, "")
    ]
    vocabulary = vocabulary_of(combat.ruleset)
    return CalculatorSetup(
        sides=("attacker", "defender", *((AIR_SIDE,) if flown else ())),
        missions=flown,
        completions=tuple(names),
        side_tip=f"Whom Enter in Counter or Inline unit adds to: an attacker, a defender{mission}",
        mission_tip=f"The mission an air counter flies{missions}",
        search_tip=(
            "Type part of a counter's id or name (a number first adds that many); Enter adds it "
            f"to the side chosen, Ctrl+1 to the attackers, Ctrl+2 to the defenders{ctrl3}"
        ),
        inline_tip=(
            "A unit not in the counter sets, in the counter files' words (name, size, type, "
            "attack, defence and the values its ruleset reads); Enter adds it to the side "
            f"chosen.{keyed}"
        ),
        inline_example=inline_example(vocabulary) if vocabulary else "",
        air_title=f"Air missions{missions}",
    )


@dataclass(frozen=True)
class SideFields:
    """The set-up's fields a side uses: the mission box for an air mission only, what a unit
    attacks across for an attacker only."""

    mission: bool
    across: bool


def side_fields(side: str) -> SideFields:
    """The fields shown while units are added to ``side``."""
    return SideFields(mission=side == AIR_SIDE, across=side == "attacker")


@dataclass(frozen=True)
class CalculatorHeadline:
    """What heads the calculator's working: why there is no report yet (``problems``), or the
    report's headline as the Combat panel heads it (``title``: :func:`report_headline`, shown
    large) with the dice rolled and
    the result, or the air missions' totals (``air``: no die to roll)."""

    problems: tuple[str, ...] = ()
    title: str = ""
    air: str = ""
    faces: str = ""
    """The dice rolled, as typed or rolled (empty: not rolled)."""
    code: str = ""
    """The rolled result's code."""

    @property
    def large(self) -> bool:
        """Shown large (larger still in table mode): a ground combat's odds and DRM."""
        return bool(self.title)


def calculator_headline(
    report: Report | MissionReport | None, problems: Sequence[str], rolled: Rolled | None
) -> CalculatorHeadline:
    """The calculator's headline for ``report`` (None: ``problems`` say why), ``rolled`` once
    the dice fell."""
    if report is None:
        return CalculatorHeadline(problems=tuple(problems))
    if isinstance(report, MissionReport):  # air missions: strengths, no die to roll
        totals = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in report.totals.items())
        return CalculatorHeadline(air=totals)
    title = report_headline(report)  # the Combat panel's headline
    if rolled is None:
        return CalculatorHeadline(title=title)
    faces = " ".join(str(r) for r in rolled.rolls)
    return CalculatorHeadline(title=title, faces=faces, code=rolled.result.code)


@dataclass(frozen=True)
class CalculatorRoll:
    """What the calculator's roll offers: Roll and the typed dice on or off, what the
    typed-dice field asks and its tooltip (empty: the window's own words)."""

    rollable: bool
    prompt: str
    tip: str = ""


def ruleset_dice(ruleset: str) -> CalculatorRoll:
    """What the typed-dice field says before a combat can be resolved: the dice ``ruleset``
    declares for resolving one (not its follow-ups), so the field never shows another
    ruleset's dice; short in the field (``the tie die (d10)``), each in its full words in the
    tooltip (:func:`~hexcombat.rules.dice.die_words`: what its faces pick); nothing when it
    declares none (or is unknown: the evaluation says so)."""
    vocabulary = vocabulary_of(ruleset)
    dice = [d for d in vocabulary.dice if not d.follow_up] if vocabulary else []
    if not dice:
        return CalculatorRoll(False, "")
    short = dict.fromkeys(die_words(replace(d, asked="")) for d in dice)  # each die once
    full = dict.fromkeys(die_words(d) for d in dice)
    return CalculatorRoll(
        False,
        f"no combat to roll yet; its dice: {', '.join(short)}",
        f"The dice to type once the combat can be resolved: {'; '.join(full)}",
    )


def calculator_roll(report: Report | MissionReport | None, ruleset: str) -> CalculatorRoll:
    """A ground combat's report rolls, its field asking for its dice as the Combat panel's
    does (:func:`~hexcombat.game.roll.typed_roll_prompt`, :func:`typed_roll_help`); air
    missions roll no die (their rules say why); no report rolls nothing, the field naming the
    dice of ``ruleset``, the combat's (:func:`ruleset_dice`)."""
    if isinstance(report, MissionReport):
        return CalculatorRoll(False, report.roll_refusal)
    if not isinstance(report, Report):
        return ruleset_dice(ruleset)
    try:
        return CalculatorRoll(True, typed_roll_prompt(report), typed_roll_help(report))
    except Exception:  # noqa: BLE001 - a bad chart: the roll itself says what is wrong
        return CalculatorRoll(True, "")
