"""``hexcombat explain``: a combat's full working, printed without the GUI."""

from __future__ import annotations

import json
import sys
from fractions import Fraction
from pathlib import Path

from hexcombat.game.air_scenario import air_roll_refusal, evaluate_air
from hexcombat.game.combat_report import reads_drm
from hexcombat.game.commands import plural
from hexcombat.game.evaluation import resolve_report
from hexcombat.game.opening import is_save_path
from hexcombat.game.roll import dice_asked, dice_words
from hexcombat.game.saves import load_game
from hexcombat.game.scenario import load_scenario
from hexcombat.game.scenario_check import evaluate_located
from hexcombat.rules.dice import DiceWanted, ScriptedDice, die_words
from hexcombat.rules.errors import RulesError
from hexcombat.rules.explain import fmt
from hexcombat.rules.registry import get_ruleset
from hexcombat.rules.report import (
    CombatResult,
    ModifiedRoll,
    OddsColumn,
    Report,
    drm_chances,
    exact,
    fate_chances,
    fate_columns,
    final_drm,
    odds_column,
    participant_id,
    unit_fate_list,
)
from hexcombat.rules.vocabulary import DieSpec
from hexcombat.sourcefile import SourceError


def signed(drm: int) -> str:
    """A DRM as a player writes it: ``+1``, ``0``, ``-2``."""
    return f"{drm:+d}" if drm else "0"


def percent(p: Fraction) -> str:
    """A probability as a percentage with one decimal."""
    return f"{float(p) * 100:.1f}%"


def _shown(value: object) -> str:
    if isinstance(value, (int, Fraction)) and not isinstance(value, bool):
        return fmt(value)
    return str(value)


def _said(value: object, text: str) -> bool:
    """Whether a step's text already states its value (then the value is not repeated)."""
    if value is None:
        return True
    forms = {_shown(value), str(value)}
    if isinstance(value, Fraction):
        forms.add(f"{value.numerator}/{value.denominator}")
    return any(f in text for f in forms)


def format_report(report: Report, title: str = "") -> str:
    """The report as a player reads it: the headline first, then odds, each step with its rule,
    DRM, outcomes (and whom each favours), warnings."""
    lines = [title] if title else []
    if report.headline:
        lines.append(report.headline)
    lines.append(f"Ruleset: {report.ruleset}")
    column = odds_column(report)
    if column:
        lines.append(f"Odds: {column}")
    elif report.missing_strengths and report.feature(OddsColumn) is not None:  # a game of odds
        lines.append(f"Odds: none: {report.needs_strengths}")
    lines.append("")
    width = max((len(s.rule) for s in report.steps), default=4)
    for step in report.steps:
        value = "" if _said(step.value, step.text) else f" = {_shown(step.value)}"
        drm = f"  [{signed(step.drm)}]" if step.drm is not None else ""
        mark = "  (assumed)" if step.provenance == "assumed" else ""
        lines.append(f"  {step.rule:<{width}}  {step.text}{value}{drm}{mark}")
    lines.append("")
    distribution = drm_chances(report)
    chances = ", ".join(f"{signed(d)} {percent(p)}" for d, p in sorted(distribution.items()))
    if reads_drm(report):  # a game read with no modifier shows none, not "Final DRM: 0"
        lines.append(
            f"Final DRM: {signed(final_drm(report))}"
            + (f"  ({chances})" if len(distribution) > 1 else "")
        )
    lines += format_outcomes(report)
    favoured = _favoured(report)
    if favoured:
        lines.append(f"Favours: {favoured}")
    lines += format_unit_fates(report)
    if report.warnings:
        lines.append("")
        lines.append("Warnings:")
        lines.extend(f"  - {w}" for w in report.warnings)
    return "\n".join(lines)


def format_outcomes(report: Report) -> list[str]:
    """The results the combat may have with their chances: one line each with what it does
    when the ruleset says (``DL  40.0% (2/5)  10-13: the defenders lose and retreat 2-4``), as a
    code alone means nothing to a player who has not the table at hand; else on one line."""
    if not report.outcomes:
        return ["Outcomes: none without odds" if report.missing_strengths else "Outcomes: none"]
    said = [o for o in report.outcome_list if o.text]
    if not said:
        return [
            "Outcomes: " + ", ".join(f"{code} {percent(p)}" for code, p in report.outcomes.items())
        ]
    width = max(len(o.code) for o in report.outcome_list)
    chances = [f"{percent(o.probability):>6} ({exact(o.probability)})" for o in report.outcome_list]
    wide = max(len(c) for c in chances)
    lines = ["Outcomes:"]
    for outcome, chance in zip(report.outcome_list, chances, strict=True):
        text = outcome.text.removeprefix(f"{outcome.code}: ")  # a text that names its code
        lines.append(f"  {outcome.code:<{width}}  {chance:<{wide}}  {text}".rstrip())
    return lines


def format_unit_fates(report: Report) -> list[str]:
    """Each unit's chance of ending the combat in each end state it may reach (after every
    roll that follows the table's), defenders first: ``defender  Guards (0504): good order
    72.2% (13/18), disrupted 27.8% (5/18)``. None when the ruleset gives none."""
    fates = unit_fate_list(report)
    if not fates:
        return []
    vocabulary = get_ruleset(report.ruleset).vocabulary
    columns = fate_columns(vocabulary)
    lines = ["", "Unit end states:"]
    for fate in fates:
        where = f" ({fate.hex})" if fate.hex else ""
        chances = ", ".join(
            f"{label.lower()} {percent(p)} ({exact(p)})"
            for (_key, label), p in zip(columns, fate_chances(fate, vocabulary), strict=True)
            if p  # an end state it cannot reach is left unsaid
        )
        lines.append(f"  {fate.side:<8}  {fate.unit}{where}: {chances}")
    return lines


def _favoured(report: Report) -> str:
    """``attacker 66.7%, defender 16.7%, neither 16.7%``: the chance of a result favouring each
    side, summed over the outcomes."""
    chances: dict[str, Fraction] = {}
    for outcome in report.outcome_list:
        chances[outcome.favours] = chances.get(outcome.favours, Fraction(0)) + outcome.probability
    return ", ".join(
        f"{who} {percent(chances[who])}"
        for who in ("attacker", "defender", "neither")
        if who in chances
    )


def unit_names(report: Report) -> dict[str, str]:
    """Participant id -> the unit's name as a player reads it (``Rifle XX x2``)."""
    names = {}
    for side, participants in (
        ("attacker", report.situation.attackers),
        ("defender", report.situation.defenders),
    ):
        for place, p in enumerate(participants, 1):
            count = f" x{p.count}" if p.count != 1 else ""
            names[participant_id(p, side, place)] = f"{p.unit.name}{count}"
    return names


def format_result(result: CombatResult, names: dict[str, str] | None = None) -> str:
    """A resolved combat as a player reads it: its headline, the dice, the working, then what
    it does to whom (``names``: participant id -> unit name, from :func:`unit_names`)."""
    names = names or {}
    lines = [result.headline] if result.headline else []
    sided = [r for r in result.rolls if r.side is not None and r.for_unit is None]
    roll = result.table_roll()
    table = [r for r in result.rolls if r.for_unit is None]
    if len(sided) > 1:  # each side rolls its own die: each said, not one modified roll
        rolled = "; ".join(f"{r.purpose} {r.total}" for r in sided)
        lines.append(f"Roll: {rolled}: {result.code}")
    elif result.feature(ModifiedRoll) is None and table:
        # read with no modifier (2d6 on an odds column, a die on attack minus defence): the
        # dice as rolled, their sum when several, and no "+0"
        faces, total = table[-1].faces, table[-1].total
        said = f"{' + '.join(map(str, faces))} = {total}" if len(faces) > 1 else f"{total}"
        lines.append(f"Roll: {said}: {result.code}")
    elif result.rolls or roll.die:
        lines.append(f"Roll: {roll.die} {roll.drm:+d} = {roll.modified_roll}: {result.code}")
    else:  # decided before any roll
        lines.append(f"Resolved at once, no roll: {result.code}")
    for step in result.steps:
        lines.append(f"  {step.rule}  {step.text}")
    if result.effects:
        lines.append("Effects:")
        for effect in result.effects:
            targets = [names.get(t, t) for t in effect.targets]
            who = f": {', '.join(targets)}" if targets else ""
            lines.append(f"  {effect.rule}  {effect.text}{who}")
    return "\n".join(lines)


class RollError(Exception):
    """Typed-in dice that cannot resolve the combat: not a face of the die, or too few."""


def dice_wanted(report: Report) -> list[DieSpec]:
    """The dice ``--roll`` must give, in the order the resolution asks for them, each as its
    ruleset declares it (the same words as the Combat panel's and the calculator's prompts)."""
    try:
        return dice_asked(report)
    except (RulesError, ValueError):  # a chart that cannot resolve: the roll itself says why
        return list(report.dice)


def _too_few(report: Report, rolls: list[int]) -> RollError:
    wanted = dice_wanted(report)
    example = " ".join(f"--roll {n}" for n in (4, 3, 5, 2, 1, 6)[: len(wanted)])
    return RollError(
        f"this combat needs {plural(len(wanted), 'die', 'dice')}, {len(rolls)} given: "
        f"{dice_words(wanted)}; "
        f"give them in that order, e.g. {example}"
    )


def at_once(report: Report) -> bool:
    """Whether ``report``'s combat is resolved at once, before any roll (an assault the rules
    decide without dice): it has results and rolls no dice."""
    return not report.dice and bool(report.outcome_list) and not report.missing_strengths


def _resolve(report: Report, rolls: list[int]) -> CombatResult:
    if at_once(report):
        if rolls:
            raise RollError("this combat is resolved at once, before any roll: leave out --roll")
        return resolve_report(report, ScriptedDice([]))
    try:
        if not report.dice:
            report.require_strengths()  # a unit has no strength: no column to roll on
    except RulesError as exc:
        raise RollError(str(exc)) from exc
    wanted = dice_wanted(report)
    if len(rolls) < len(wanted):
        raise _too_few(report, rolls)
    for roll, die in zip(rolls, wanted, strict=False):  # in the words of the panel's refusal
        if not 1 <= roll <= die.sides:
            raise RollError(f"{die_words(die)} has no {roll}")
    dice = ScriptedDice(rolls)
    try:
        result = resolve_report(report, dice)
    except DiceWanted as wanted:  # a follow-up roll (a morale check) the result called for
        what = f" for the {wanted.purpose}" if wanted.purpose else ""
        raise RollError(
            f"{plural(len(rolls), 'die', 'dice')} given, and the result needs one more: "
            f"a d{wanted.sides}{what}; add it with --roll"
        ) from wanted
    except ValueError as exc:
        raise RollError(str(exc)) from exc
    if dice.used < len(rolls):
        raise RollError(f"{plural(len(rolls), 'die', 'dice')} given, the combat used {dice.used}")
    return result


class NothingToExplain(Exception):
    """A file that is sound but holds no combat to explain (a save with no roll waiting)."""


def _saved_attack(path: str, rolls: list[int] | None) -> tuple[str, Report, CombatResult]:
    """The attack a saved game holds: the one rolled and waiting to be applied, with its dice
    (a save keeps them, so the explanation is the one the player saw)."""
    state = load_game(path)
    pending = state.pending_roll
    if pending is None:
        raise NothingToExplain(
            "a hexcombat saved game with no attack rolled and waiting to be applied, so there is "
            "no combat to explain: open it in hexcombat (hexcombat FILE) and set up the attack "
            "there, or explain a scenario"
        )
    if rolls:
        raise RollError(
            f"the dice are already rolled for this saved attack ({_faces(pending.rolls)}); a "
            "save keeps them: open the game in hexcombat to apply the result or undo the roll"
        )
    label = state.hexmap.label(pending.resolution.setup.target)
    how = "typed in" if pending.typed else "the game's dice"
    rolled = f"rolled and not applied yet ({_faces(pending.rolls)}, {how})"
    if not pending.rolls:  # decided before any roll
        rolled = "resolved at once, no dice, and not applied yet"
    title = f"{state.title or Path(path).stem}: the attack on {label}, {rolled}"
    return title, pending.resolution.report, pending.resolution.result


def _faces(rolls: tuple[int, ...]) -> str:
    return ("die " if len(rolls) == 1 else "dice ") + " ".join(str(r) for r in rolls)


def explain_command(path: str, as_json: bool = False, rolls: list[int] | None = None) -> int:
    """Print the explanation of the combat in ``path`` (resolved with ``rolls`` when given);
    exit 1 with a clear message on bad input. A saved game's waiting roll is explained too."""
    try:
        if is_save_path(path):
            title, report, result = _saved_attack(path, rolls)
        else:
            scenario = load_scenario(path)
            if "air" in scenario.data:  # an air scenario: strengths, no ground combat
                if rolls:
                    raise RollError(air_roll_refusal(scenario))
                air = evaluate_air(scenario)
                print(
                    json.dumps(air.to_json(), indent=2)
                    if as_json
                    else f"{scenario.title}\n\n" + air.to_text()
                )
                return 0
            title, report = scenario.title, evaluate_located(scenario)
            result = _resolve(report, rolls) if rolls or at_once(report) else None
    except SourceError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return 1
    except (NothingToExplain, RulesError) as exc:
        print(f"{path}: {exc}", file=sys.stderr)
        return 1
    except RollError as exc:
        print(f"{path}: --roll: {exc}", file=sys.stderr)
        return 1
    _print(report, title, result, as_json)
    return 0


def _print(report: Report, title: str, result: CombatResult | None, as_json: bool) -> None:
    if as_json:
        data = report.to_json()
        if result is not None:
            data["result"] = result.to_json()
        print(json.dumps(data, indent=2))
    else:
        print(format_report(report, title))
        if result is not None:
            print()
            print(format_result(result, unit_names(report)))
