"""What every ruleset promises a player, checked over each of its scenarios (tests/cases, maps, this
folder's cases/, its tutorials, the scenario beside its ruleset file) and over hypothesis-generated
combats from its own strategies, for every ruleset the suite discovers, no list kept
(conformance_helpers says where it looks): every ruleset the registry finds (folders, plug-ins, the
example games shipped as ruleset files), the ruleset folders kept in tests/rulesets, every
``*_ruleset.py`` kept in the tests (the tiny one, odds on 2d6 with step losses, a differential CRT;
one that cannot be checked as a whole says why in ``OUTSIDE_CONFORMANCE``), every ruleset file kept
in the tests and the starter file ``hexcombat new-ruleset`` writes (test_suite_discovery.py). Each
check is driven by what the ruleset declares (its dice by their DieSpecs, its references, its
weather, conditions and terrain), never by the shape of one family (odds, a chance roll then a
combat die, Europa's rule numbers); a refusal is checked by its error type, its rule and, in a
scenario, its file and line, never its English:

1. the preview is the resolution: resolving with every sequence of dice the report can consume
   (the dice it declares first, as its DieSpecs say: faces, how many added, what for; then any
   the result calls for) gives exactly the DRM and outcome chances the report promised, and
   asks for the dice the game asks a player to type;
2. those chances are exact fractions adding up to 1;
3. every step cites a rule reference the ruleset declares (whatever its grammar), with
   provenance ``rule`` or ``assumed``, and a report that used an assumed value warns of it;
4. ``hexcombat explain --json`` follows the schema of docs/report-schema.md;
5. a bad combat raises a named :class:`RulesError` subclass (the one the case calls for, citing a
   rule the ruleset declares), never another exception; a condition, weather or terrain the
   ruleset does not declare is refused so, and ``hexcombat check`` names its file and line, as
   it does a unit value (capability) the ruleset does not read or reads otherwise;
6. a typed roll resolves exactly as the seeded dice that produced those faces;
7. for a ruleset whose results call for follow-ups (morale checks), each follow-up's chances
   (``follow_up_chances``) are exactly the frequencies of ``resolve_follow_up`` over every face
   of every die it rolls, for each unit it may be chosen for.
"""

from __future__ import annotations

import json
import re
import shutil
import tomllib
from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from conformance_helpers import (
    RecordingDice,
    all_scenarios,
    beside_ruleset_files,
    chance_rulesets,
    declared_tutorials,
    own_references,
    reference_problem,
    report_schema,
    scenario_combat,
    scenarios_of,
    schema_problems,
    situations_of,
    suite_rulesets,
    with_chances,
)
from dice_paths import Roll, every_follow_up_roll, every_roll, outcomes_by_rolling
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hexcombat.game.attack import AttackSetup, attack_candidates, evaluate_attack
from hexcombat.game.check import check_file
from hexcombat.game.explain_cli import at_once, explain_command
from hexcombat.game.opening import open_game
from hexcombat.game.roll import RollCombat, dice_rolled, read_typed_roll
from hexcombat.game.state import GameDice, GameState
from hexcombat.game.tutorials import tutorial_target
from hexcombat.rules.dice import DiceWanted, ScriptedDice, SeededDice
from hexcombat.rules.errors import IllegalAttackError, RulesError, UnitDataError
from hexcombat.rules.explain import Step
from hexcombat.rules.follow_ups import FollowUp, Standing
from hexcombat.rules.registry import Ruleset, get_ruleset
from hexcombat.rules.report import (
    ELIMINATED,
    GOOD_ORDER,
    CombatResult,
    ModifiedRoll,
    Outcome,
    Report,
    drm_chances,
    final_drm,
    participant_id,
)
from hexcombat.rules.situation import CombatSituation, Conditions, Participant
from hexcombat.rules.vocabulary import DieSpec
from meaning import place

with suite_rulesets() as found:  # what is found is collected; found again while the module runs
    RULESETS = found
    """Every ruleset the suite finds (conformance_helpers): the registry's folders, plug-ins and
    shipped example games, and the ruleset folders, modules and files kept in the tests, and
    the starter file."""
    SCENARIOS = all_scenarios()
    MAP_SCENARIOS = [
        (rid, path)
        for rid, path in SCENARIOS
        if (
            path.parent.name == "maps"
            or path in declared_tutorials(rid)
            or path in beside_ruleset_files()
        )
        and tomllib.loads(path.read_text(encoding="utf-8")).get("map")
    ]
    """The scenarios laid out on a map: the tutorials, shipped or a ruleset's own, and the
    starter's (the calculator's tutorials have none)."""
    CHANCE_RULESETS = chance_rulesets(RULESETS)
assert len(RULESETS) >= 2 and SCENARIOS and MAP_SCENARIOS, "the suite found nothing to check"
SCENARIO_IDS = [f"{rid}:{path.stem}" for rid, path in SCENARIOS]
GENERATED = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
"""Hypothesis combats per ruleset and property: enough to vary units, terrain and chances,
few enough that the suite runs in well under a minute on a loaded machine."""


@pytest.fixture(autouse=True, scope="module")
def test_rulesets() -> Iterator[None]:
    """Every ruleset the suite found known while this module runs; afterwards only those the
    registry finds."""
    with suite_rulesets() as found:
        assert found == RULESETS, "the rulesets found now are not those collected"
        yield


def dice_of(report: Report) -> list[DieSpec]:
    """The dice the report declares it rolls first, one entry a die (a 2d6 is two d6)."""
    return [die for die in report.dice for _ in range(die.count)]


# --- the checks, each over one report ----------------------------------------------------------


def check_exact_chances(report: Report) -> None:
    """2. The DRM and outcome chances are exact fractions that add up to 1; every outcome says
    whom it favours; the headline says something."""
    listed = {o.code: o.probability for o in report.outcome_list}
    assert len(listed) == len(report.outcome_list), "an outcome listed twice"
    for chances, key_type in (
        (drm_chances(report), int),
        (report.outcomes, str),
        (listed, str),
    ):
        for key, chance in chances.items():
            assert isinstance(key, key_type) and not isinstance(key, bool), (key, chance)
            assert type(chance) is Fraction, f"{key}: {chance!r} is not an exact Fraction"
            assert 0 < chance <= 1, f"{key}: chance {chance}"
    assert sum(drm_chances(report).values()) == 1
    if not report.dice and not listed:  # a unit without strength: no column, no outcomes
        assert report.outcomes == {}
    elif not report.dice:  # resolved at once, before any roll (a tactical assault): certain
        assert list(listed.values()) == [1] and listed == report.outcomes
    else:
        assert sum(report.outcomes.values()) == 1 == sum(listed.values())
        assert listed == report.outcomes
    if not report.dice and listed:  # resolved at once, before any roll: one certain result
        assert list(listed.values()) == [1], "a combat decided without dice has one result"
    assert {o.favours for o in report.outcome_list} <= {"attacker", "defender", "neither"}
    assert final_drm(report) == min(drm_chances(report))
    assert report.headline.strip(), "a report needs a headline"


def check_preview_is_resolution(ruleset: Ruleset, report: Report) -> list[CombatResult]:
    """1. Every sequence of dice the report consumes, resolved, gives exactly the promised DRM
    and outcome chances; the first dice are those the report declares (a 2d6 two d6 in one
    roll), as the game asks a player to type them. Returns every result, for the other
    checks."""
    if not report.dice and not report.outcome_list:  # no strength: no roll (one at once is)
        with pytest.raises(RulesError) as refused:
            ruleset.resolve(report, ScriptedDice([]))
        assert type(refused.value) is not RulesError, "a roll of no dice needs a named refusal"
        return []
    vocabulary = {(d.purpose, d.sides, d.count) for d in ruleset.vocabulary.dice}
    for die in report.dice:
        assert (die.purpose, die.sides, die.count) in vocabulary, f"{die}: not declared"
    rolls = every_roll(ruleset, report)
    declared = dice_of(report)
    first = len(declared)
    drawn: dict[int, Fraction] = {}
    for roll in rolls:
        drm = roll.result.table_roll().drm
        drawn[drm] = drawn.get(drm, Fraction(0)) + roll.chance
        assert list(roll.sides[:first]) == [d.sides for d in declared]
        assert list(roll.purposes[:first]) == [d.purpose for d in declared]
        for die, rolled in zip(report.dice, roll.result.rolls, strict=False):  # a 2d6 one roll
            assert (rolled.purpose, rolled.sides, len(rolled.faces)) == (
                die.purpose,
                die.sides,
                die.count,
            ), f"{rolled}: not the {die.name} {die.purpose} the report declares"
        check_rolls(ruleset, roll)
        check_effects(ruleset, report, roll.result)
    assert drawn == drm_chances(report)
    assert outcomes_by_rolling(ruleset, report) == {
        o.code: o.probability for o in report.outcome_list
    }
    # the dice the game asks a player to type, found by the resolution: the declared ones first
    assert dice_rolled(report)[:first] == [d.sides for d in declared]
    return [roll.result for roll in rolls]


def check_rolls(ruleset: Ruleset, roll: Roll) -> None:
    """The result's rolls are the dice it consumed, face by face, each for the purpose it was
    asked for, a die (purpose, faces, how many added) the ruleset's vocabulary declares."""
    faces = [face for r in roll.result.rolls for face in r.faces]
    assert faces == list(roll.faces), (roll.result.rolls, roll.faces)
    asked = [r.purpose for r in roll.result.rolls for _ in r.faces]
    assert asked == list(roll.purposes)
    declared = {(d.purpose, d.sides): d.count for d in ruleset.vocabulary.dice}
    asked_for = set(zip(roll.purposes, roll.sides, strict=True))
    assert asked_for <= set(declared), f"{asked_for - set(declared)}: not among {declared}"
    for rolled in roll.result.rolls:  # each roll as many dice added as its DieSpec says
        assert len(rolled.faces) == declared[(rolled.purpose, rolled.sides)], rolled
    assert roll.result.headline.strip(), "a result needs a headline"


HARMS = frozenset(
    {"eliminate", "lose-points", "lose-steps", "retreat", "vehicle-destruction"}
    | {"morale-check", "cohesion-check"}  # a check failed costs a step or a casualty
)
"""The effects that harm a side (docs/rules.md: a side is unharmed by a result that takes no
loss from it and makes it retreat nowhere); a state or marker alone (LHY's winners regrouping
on 6-9) and an advance do not."""


def check_effects(ruleset: Ruleset, report: Report, result: CombatResult) -> None:
    """1. (effects) Each effect falls on participants of its side by their ids, with an amount
    when its kind has one and a state the ruleset declares; a result that favours one side puts
    no harm on that side (a loss, a retreat, a check), unless its outcome says that side
    suffers too: a state or an advance is no harm."""
    situation = report.situation
    ids = {
        "attacker": {
            participant_id(p, "attacker", i) for i, p in enumerate(situation.attackers, 1)
        },
        "defender": {
            participant_id(p, "defender", i) for i, p in enumerate(situation.defenders, 1)
        },
    }
    favoured = {o.code: o.favours for o in report.outcome_list}
    assert result.code in favoured, f"{result.code}: a result the report did not promise"
    favours = favoured[result.code]
    # a winner may still take what the outcome says it suffers (LHY 10-13: the losers' vehicle
    # destruction attempt at a winning vehicle)
    (outcome,) = [o for o in report.outcome_list if o.code == result.code]
    declared = set(outcome.suffers or ())
    states = {s.key for s in (*ruleset.vocabulary.states, *ruleset.vocabulary.markers)}
    for effect in result.effects:
        assert effect.targets, f"{effect}: falls on no participant"
        assert set(effect.targets) <= ids[effect.side], f"{effect}: not a {effect.side}"
        assert reference_problem(effect.rule, ruleset.id, own_references(ruleset)) is None
        if effect.kind in ("lose-points", "lose-steps", "retreat"):
            assert effect.amount > 0, effect
        if effect.kind == "retreat":  # who picks where it goes, under a rule it cites (or assumed)
            assert effect.chooser in ("owner", "opponent"), effect
            if effect.chooser_rule:
                rule = effect.chooser_rule
                assert reference_problem(rule, ruleset.id, own_references(ruleset)) is None
            else:  # no rule says who picks: the owner, assumed (docs/rules.md)
                assert effect.chooser == "owner", f"{effect}: the opponent picks under no rule"
        if effect.kind in ("set-state", "add-marker", "remove-marker"):
            assert effect.state in states, f"{effect.state!r} is not declared by {ruleset.id}"
        if effect.kind in HARMS and favours not in declared:  # the winner takes no harm
            assert effect.side != favours, f"{result.code} favours the {favours}: {effect.text}"


def check_dice_wanted(ruleset: Ruleset, report: Report) -> None:
    """Dice that run out name the die wanted: the first the report rolls, and each follow-up
    roll (a morale check) after the dice before it."""
    if not report.dice:
        return
    with pytest.raises(DiceWanted) as wanted:
        ruleset.resolve(report, ScriptedDice([]))
    assert isinstance(wanted.value, RulesError)
    assert (wanted.value.sides, wanted.value.purpose) == (
        report.dice[0].sides,
        report.dice[0].purpose,
    )
    for roll in every_roll(ruleset, report):
        for cut in range(len(roll.faces)):
            with pytest.raises(DiceWanted) as wanted:
                ruleset.resolve(report, ScriptedDice(roll.faces[:cut]))
            assert (wanted.value.sides, wanted.value.purpose) == (
                roll.sides[cut],
                roll.purposes[cut],
            )
            assert roll.purposes[cut] in str(wanted.value)


def check_steps(ruleset_id: str, report: Report, results: list[CombatResult]) -> None:
    """3. Every step (of the report and of each resolution) cites a known reference, with
    provenance ``rule`` or ``assumed``; each assumed value is named in a warning."""
    steps: list[Step] = [*report.steps, *(s for r in results for s in r.steps)]
    own = own_references(get_ruleset(ruleset_id))
    for step in steps:
        assert step.side in ("attacker", "defender", None), step
        assert step.kind in ("drm", "shift", "strength", "limit", "roll", "result", "note"), step
        problem = reference_problem(step.rule, ruleset_id, own)
        assert problem is None, f"{problem}: {step}"
        assert step.provenance in ("rule", "assumed"), step
        assert step.text.strip(), step
    assumed = {s.rule for s in steps if s.provenance == "assumed"}
    for rule in assumed:  # "10.D: assumed chart value used", "house rule: ... 10.C.3 gives"
        names = re.compile(rf"(?<![\w.]){re.escape(rule)}(?!\w|\.\w)")
        assert any(names.search(w) for w in report.warnings), (
            f"{rule}: an assumed value is used, but no warning names it: {report.warnings}"
        )


def check_typed_roll(ruleset: Ruleset, report: Report, seed: int) -> None:
    """6. The faces the seeded dice rolled, typed in, resolve to the very same result."""
    if not report.dice:
        return  # no roll at all: check_preview_is_resolution asserts the refusal
    seeded = RecordingDice(SeededDice(seed))
    rolled = ruleset.resolve(report, seeded)
    first = dice_of(report)
    # the declared dice typed as the panel reads them, then what the result asked for after
    typed = read_typed_roll(" ".join(map(str, seeded.faces[: len(first)])), first)
    typed += seeded.faces[len(first) :]
    assert typed == seeded.faces
    dice = ScriptedDice(typed)
    assert ruleset.resolve(report, dice) == rolled
    assert dice.used == len(typed)


def check_follow_ups(ruleset: Ruleset, report: Report, results: list[CombatResult]) -> None:
    """7. What each result calls for, with every participant in play: each follow-up's
    promised chances are the frequencies of its resolution over every die face, by the code
    each resolution names (for each choice), and so for what each one calls for in turn."""
    situation = report.situation
    standing = {
        participant_id(p, side, i): p.status
        for side, group in (("attacker", situation.attackers), ("defender", situation.defenders))
        for i, p in enumerate(group, 1)
    }
    codes = {}
    for result in results:  # one of each result: its follow-ups hang on what it did
        codes.setdefault(result.code, result)
    for result in codes.values():
        found = ruleset.follow_ups(report, result, standing)
        keys = [f.key for f in found]
        assert len(set(keys)) == len(keys), f"{result.code}: a follow-up key named twice"
        for follow_up in found:
            check_follow_up(ruleset, report, follow_up, standing)


def check_follow_up(
    ruleset: Ruleset, report: Report, follow_up: FollowUp, standing: Standing, depth: int = 0
) -> None:
    """7. One follow-up (and what it calls for, a few deep): its chances are exact, add up to 1,
    and are the frequencies of its resolution over every face, choice by choice."""
    assert follow_up.target is None or follow_up.target in standing, follow_up
    assert set(follow_up.choices) <= set(standing), follow_up
    assert reference_problem(follow_up.rule, ruleset.id, own_references(ruleset)) is None
    for choice in follow_up.choices or (None,):
        chances = ruleset.follow_up_chances(report, follow_up, standing, choice)
        promised = {o.code: o.probability for o in chances}
        assert len(promised) == len(chances), f"{follow_up.key}: an outcome named twice"
        assert all(isinstance(p, Fraction) and p > 0 for p in promised.values()), chances
        assert sum(promised.values()) == 1, (
            f"{follow_up.key}: chances add up to {sum(promised.values())}"
        )
        rolled: dict[str, Fraction] = {}
        for roll in every_follow_up_roll(ruleset, report, follow_up, standing, choice):
            code = roll.result.code
            rolled[code] = rolled.get(code, Fraction(0)) + roll.chance
            assert roll.result.headline.strip(), "a follow-up needs a headline"
            if follow_up.die is not None and roll.sides:
                assert roll.sides[0] == follow_up.die.sides, (follow_up.die, roll.sides)
            assert [f for r in roll.result.rolls for f in r.faces] == list(roll.faces)
            for effect in roll.result.effects:
                assert set(effect.targets) <= set(standing), f"{effect}: not a participant"
            if depth < 2:
                for more in roll.result.more:
                    check_follow_up(ruleset, report, more, standing, depth + 1)
        assert rolled == promised, (
            f"{follow_up.key} ({choice}): rolled {rolled}, promised {promised}"
        )


def check_unit_fates(ruleset: Ruleset, report: Report) -> None:
    """2 and 7. Each unit's end-state chances (when the ruleset gives them) are exact, add up
    to 1, and name a participant by its id and the end states the ruleset declares."""
    ids = {
        participant_id(p, side, place)
        for side, ps in (("attacker", report.situation.attackers),
                         ("defender", report.situation.defenders))
        for place, p in enumerate(ps, 1)
    }  # fmt: skip
    ends = {GOOD_ORDER, ELIMINATED} | {s.key for s in ruleset.vocabulary.states}
    for pid, chances in report.unit_fates.items():
        assert pid in ids, f"unit_fates names {pid!r}, no participant"
        assert set(chances) <= ends, f"{pid}: end states {set(chances) - ends} not declared"
        assert all(isinstance(p, Fraction) and 0 <= p <= 1 for p in chances.values()), pid
        assert sum(chances.values()) == 1, pid


def check_report(ruleset: Ruleset, report: Report, seed: int = 0) -> None:
    """Checks 1, 2, 3, 6 and 7 on one report of ``ruleset``."""
    ruleset_id = ruleset.id
    assert report.ruleset == ruleset_id
    check_exact_chances(report)
    check_unit_fates(ruleset, report)
    results = check_preview_is_resolution(ruleset, report)
    check_steps(ruleset_id, report, results)
    check_typed_roll(ruleset, report, seed)
    check_dice_wanted(ruleset, report)
    check_follow_ups(ruleset, report, results)


def check_report_json(data: dict[str, Any]) -> None:
    """4. The JSON follows docs/report-schema.md, and its exact chances add up to 1."""
    problems = schema_problems(data, report_schema())
    assert problems == [], "\n".join(problems)
    for key in ("drm_distribution", "outcomes"):
        entries = data[key]
        assert isinstance(entries, list)
        exact = [Fraction(e["exact"]) for e in entries]
        floats = [e["probability"] for e in entries]
        assert all(abs(float(p) - f) < 1e-12 for p, f in zip(exact, floats, strict=True))
        assert sum(exact) == (1 if entries or key == "drm_distribution" else 0)
    # rolled only when it can be; a combat resolved at once (before any roll) rolls no dice
    assert not data["dice"] or data["outcomes"]
    for pid, fate in data["unit_fates"].items():  # each unit's end states, exact, adding to 1
        chances = fate["chances"]
        exact = [Fraction(c["exact"]) for c in chances.values()]
        assert sum(exact) == 1, pid
        assert all(
            abs(float(p) - c["probability"]) < 1e-12
            for p, c in zip(exact, chances.values(), strict=True)
        )
    if data["dice"]:  # rolled only when it can be; without dice, resolved at once or not at all
        assert data["outcomes"]
    else:
        assert [e["exact"] for e in data["outcomes"]] in ([], ["1"])
    drms = [e["drm"] for e in data["drm_distribution"]]
    assert data["drm"] == min(drms)
    listed = {e["result"]: Fraction(e["exact"]) for e in data["outcome_list"]}
    assert sum(listed.values()) == (1 if listed else 0)
    if data["dice"]:  # rolled: the listed outcomes are the outcomes
        assert listed == {e["result"]: Fraction(e["exact"]) for e in data["outcomes"]}
    if "result" in data:
        result = data["result"]
        assert result["drm"] in drms
        first = result["rolls"][: len(data["dice"])]
        assert [(r["sides"], len(r["faces"])) for r in first] == [
            (d["sides"], d["count"]) for d in data["dice"]
        ]


# --- every ruleset brings what the suite needs -------------------------------------------------


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_ruleset_has_scenarios_and_a_strategy_to_check(ruleset_id: str) -> None:
    ruleset = get_ruleset(ruleset_id)
    assert ruleset.id == ruleset_id
    assert scenarios_of(ruleset_id), f"{ruleset_id}: add a scenario to tests/cases or maps"
    assert situations_of(ruleset_id) is not None
    assert ruleset.vocabulary.dice, f"{ruleset_id}: declare the dice it rolls (DieSpec)"


def scenarios_to_check(ruleset_id: str) -> tuple[Path, ...]:
    """The ruleset's scenarios, for a loop over them: none fails the check that loops (a
    ruleset without scenarios is never passed for want of them)."""
    found = scenarios_of(ruleset_id)
    assert found, f"{ruleset_id}: no scenario to check; add one to tests/cases or maps"
    return found


def test_a_ruleset_without_scenarios_fails_a_scenario_loop() -> None:
    with pytest.raises(AssertionError, match="no scenario to check"):
        scenarios_to_check("a-ruleset-with-no-scenario")


# --- 1, 2, 3, 6 over every scenario and generated combats --------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(("ruleset_id", "path"), SCENARIOS, ids=SCENARIO_IDS)
def test_each_scenario_report_keeps_the_rulesets_promises(ruleset_id: str, path: Path) -> None:
    ruleset = get_ruleset(ruleset_id)
    check_report(ruleset, ruleset.evaluate(scenario_combat(path)), seed=len(path.stem))


@pytest.mark.slow
@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_each_generated_report_keeps_the_rulesets_promises(ruleset_id: str) -> None:
    ruleset = get_ruleset(ruleset_id)

    @GENERATED
    @given(situations_of(ruleset_id), st.integers(0, 10_000))
    def check(situation: CombatSituation, seed: int) -> None:
        check_report(ruleset, ruleset.evaluate(situation), seed)

    check()


@pytest.mark.slow
@pytest.mark.parametrize("ruleset_id", CHANCE_RULESETS)
def test_each_generated_report_with_chances_keeps_the_rulesets_promises(
    ruleset_id: str, tmp_path: Path
) -> None:
    make = with_chances(ruleset_id)
    assert make is not None
    ruleset = make(tmp_path)
    chances = []

    @GENERATED
    @given(situations_of(ruleset_id), st.integers(0, 10_000))
    def check(situation: CombatSituation, seed: int) -> None:
        report = ruleset.evaluate(situation)
        chances.append(len(drm_chances(report)) > 1)
        check_report(ruleset, report, seed)

    check()
    assert any(chances), "no generated combat rolled a chance die"


# --- 4. the --json report ------------------------------------------------------------------------


def explained(
    path: Path, capsys: pytest.CaptureFixture[str], rolls: list[int] | None = None
) -> dict[str, Any]:
    """What ``hexcombat explain PATH --json`` prints (``--roll`` each of ``rolls``), as JSON."""
    assert explain_command(str(path), as_json=True, rolls=rolls) == 0, capsys.readouterr().err
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


@pytest.mark.slow
@pytest.mark.parametrize(("ruleset_id", "path"), SCENARIOS, ids=SCENARIO_IDS)
def test_each_scenarios_json_report_follows_the_documented_schema(
    ruleset_id: str, path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = explained(path, capsys)
    check_report_json(data)
    assert data["ruleset"] == ruleset_id
    report = get_ruleset(ruleset_id).evaluate(scenario_combat(path))
    assert ("result" in data) == at_once(report)  # without --roll, only one resolved at once
    if report.dice:  # with --roll, each sequence of faces the report can roll
        for roll in every_roll(get_ruleset(ruleset_id), report)[:3]:
            rolled = explained(path, capsys, list(roll.faces))
            check_report_json(rolled)
            assert [f for r in rolled["result"]["rolls"] for f in r["faces"]] == list(roll.faces)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_each_generated_json_report_follows_the_documented_schema(ruleset_id: str) -> None:
    ruleset = get_ruleset(ruleset_id)

    @GENERATED
    @given(situations_of(ruleset_id))
    def check(situation: CombatSituation) -> None:
        report = ruleset.evaluate(situation)
        data = json.loads(json.dumps(report.to_json()))
        if report.dice:  # with the first sequence of faces it can roll
            faces = every_roll(ruleset, report)[0].faces
            data["result"] = ruleset.resolve(report, ScriptedDice(faces)).to_json()
        check_report_json(json.loads(json.dumps(data)))

    check()


def test_the_schema_checker_finds_what_breaks_the_schema() -> None:
    good = {
        "ruleset": "total-war", "odds": "3:1", "missing_strengths": [], "drm": 1,
        "drm_distribution": [{"drm": 1, "probability": 1.0, "exact": "1"}],
        "totals": {"odds": "3:1", "aeca_res": 2.5, "ratio": None},
        "steps": [{"rule": "14D2a", "text": "heavy armour", "value": 1, "drm": 1,
                   "provenance": "rule", "side": "attacker", "kind": "drm"}],
        "warnings": [], "outcomes": [{"result": "DR", "probability": 1.0, "exact": "1"}],
        "headline": "3:1, DRM +1",
        "outcome_list": [{"result": "DR", "probability": 1.0, "exact": "1",
                          "favours": "attacker", "text": "DR: defender retreats",
                          "suffers": ["defender"], "unharmed": None}],
        "payload": {"odds_column": "3:1", "drm_chances": {"1": "1"}},
        "dice": [{"purpose": "combat die", "name": "d6", "sides": 6, "count": 1, "rule": "CRT",
                  "side": None, "follow_up": False}],
        "unit_fates": {"defender-1": {"unit": "Guards", "side": "defender", "hex": None,
                                      "chances": {"good-order": {"probability": 0.5,
                                                                 "exact": "1/2"},
                                                  "disrupted": {"probability": 0.5,
                                                                "exact": "1/2"}}}},
    }  # fmt: skip
    assert schema_problems(good, report_schema()) == []
    bad = json.loads(json.dumps(good))
    del bad["warnings"]
    bad["drm"] = "1"
    bad["steps"][0]["provenance"] = "guessed"
    bad["outcomes"][0]["exact"] = "0.5"
    bad["totals"]["flag"] = True
    bad["outcome_list"][0]["suffers"] = ["both"]
    bad["extra"] = 1
    bad["unit_fates"]["defender-1"]["side"] = "both"
    assert sorted(schema_problems(bad, report_schema())) == sorted([
        "$: no 'warnings'",
        "$: 'extra' is not a documented key",
        "$.drm: '1' is not integer",
        "$.steps[0].provenance: 'guessed' is not one of ['rule', 'assumed']",
        "$.outcomes[0].exact: '0.5' does not match ^(0|1|[1-9][0-9]*/[1-9][0-9]*)$",
        "$.totals.flag: True is not number or string or null",
        "$.outcome_list[0].suffers[0]: 'both' is not one of ['attacker', 'defender']",
        "$.unit_fates.defender-1.side: 'both' is not one of ['attacker', 'defender']",
    ])  # fmt: skip
    result_side = {
        "eliminated": False, "loss_fraction": 0.5, "loss_points": "2", "required_losses": 0,
        "retreat_hexes": 0, "exempt": [], "converted_max": 0,
    }  # fmt: skip
    rolled = good | {"result": {"result": "DH", "die": 4, "drm": 1, "modified_roll": 5,
                                "attacker": result_side, "defender": result_side,
                                "advance": False, "steps": [{"rule": "CRT"}],
                                "headline": "roll 4 +1 = 5 on 3:1: DH", "rolls": [],
                                "effects": []}}  # fmt: skip
    assert sorted(schema_problems(rolled, report_schema())) == sorted([
        "$.result.attacker.loss_points: '2' is not integer",
        "$.result.defender.loss_points: '2' is not integer",
        "$.result.steps[0]: no 'text'",
        "$.result.steps[0]: no 'value'",
        "$.result.steps[0]: no 'drm'",
        "$.result.steps[0]: no 'provenance'",
        "$.result.steps[0]: no 'side'",
        "$.result.steps[0]: no 'kind'",
    ])  # fmt: skip


# --- 5. a bad combat is refused by name --------------------------------------------------------


def _no_attackers(s: CombatSituation, ruleset: Ruleset) -> CombatSituation:
    return replace(s, attackers=())


def _no_defenders(s: CombatSituation, ruleset: Ruleset) -> CombatSituation:
    return replace(s, defenders=())


def _no_attacking_units(s: CombatSituation, ruleset: Ruleset) -> CombatSituation:
    """An attacker entry of no units at all."""
    return replace(s, attackers=(replace(s.attackers[0], count=0), *s.attackers[1:]))


def _negative_defenders(s: CombatSituation, ruleset: Ruleset) -> CombatSituation:
    """A defender entry of -1 units."""
    return replace(s, defenders=(*s.defenders[:-1], replace(s.defenders[-1], count=-1)))


def _beyond_reach(s: CombatSituation, ruleset: Ruleset) -> CombatSituation:
    """An attacker one hex beyond the reach its ruleset gives it (14A3: adjacent, long-range
    artillery two; 10.5.2.2: vehicles assault from three; the test rulesets: adjacent)."""
    unit = s.attackers[0].unit
    far = Participant(unit, range=ruleset.attack_range(unit) + 1)
    return replace(s, attackers=(*s.attackers, far))


def _defender_firing_from_afar(s: CombatSituation, ruleset: Ruleset) -> CombatSituation:
    """A defender said to stand two hexes away: it defends in the attacked hex."""
    return replace(s, defenders=(replace(s.defenders[0], range=2), *s.defenders[1:]))


BAD = {
    "no attackers": (_no_attackers, (IllegalAttackError,)),
    "no defenders": (_no_defenders, (IllegalAttackError,)),
    "an attacker entry of no units": (_no_attacking_units, (IllegalAttackError, UnitDataError)),
    "a defender entry of -1 units": (_negative_defenders, (IllegalAttackError, UnitDataError)),
    "an attacker beyond its reach": (_beyond_reach, (IllegalAttackError,)),
    "a defender two hexes away": (_defender_firing_from_afar, (IllegalAttackError,)),
}
"""Combats no ruleset may evaluate, how each is made from a legal one, and the named errors
that may refuse it (an attack the rules forbid; a count no unit can have)."""


def check_refused(
    ruleset_id: str,
    situation: CombatSituation,
    named: tuple[type[RulesError], ...] = (),
    ruleset: Ruleset | None = None,
) -> RulesError:
    """5. Evaluating ``situation`` raises a named RulesError subclass (one of ``named`` when
    given), nothing else; the rule it cites, if any, is one the ruleset declares."""
    ruleset = ruleset or get_ruleset(ruleset_id)
    try:
        ruleset.evaluate(situation)
    except RulesError as exc:
        assert type(exc) is not RulesError, f"refused without a named error: {exc}"
        assert not named or isinstance(exc, named), f"{type(exc).__name__}, not {named}: {exc}"
        assert str(exc).strip()
        if exc.rule is not None:
            problem = reference_problem(exc.rule, ruleset_id, own_references(ruleset))
            assert problem is None, f"refused citing {problem}"
        return exc
    pytest.fail("the combat was evaluated")


@pytest.mark.parametrize("bad", BAD, ids=list(BAD))
@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_bad_scenario_combat_raises_a_named_rules_error(ruleset_id: str, bad: str) -> None:
    breaking, named = BAD[bad]
    ruleset = get_ruleset(ruleset_id)
    for path in scenarios_to_check(ruleset_id):
        check_refused(ruleset_id, breaking(scenario_combat(path), ruleset), named)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_bad_generated_combat_raises_a_named_rules_error(ruleset_id: str) -> None:
    ruleset = get_ruleset(ruleset_id)

    @GENERATED
    @given(situations_of(ruleset_id), st.sampled_from(list(BAD.values())))
    def check(situation: CombatSituation, bad) -> None:  # type: ignore[no-untyped-def]
        breaking, named = bad
        check_refused(ruleset_id, breaking(situation, ruleset), named)

    check()


def declared_terrain(ruleset: Ruleset) -> tuple[str, ...]:
    """The terrain the ruleset declares it fights in, where it declares it (its vocabulary's
    or its own ``terrain``); empty when it declares none."""
    declared = getattr(ruleset.vocabulary, "terrain", None) or getattr(ruleset, "terrain", ())
    return tuple(declared)


def undeclared(names: tuple[str, ...], *candidates: str) -> str:
    """The first of ``candidates`` not among ``names``."""
    return next(c for c in candidates if c not in names)


def bad_conditions(ruleset: Ruleset) -> dict[str, dict[str, object]]:
    """Conditions the ruleset does not declare, built from what it declares: a terrain and a
    weather it does not know, a condition it does not read (``fortification`` when it reads
    none), and each declared condition out of its kind, bounds or choices."""
    vocabulary = ruleset.vocabulary
    terrain = undeclared(declared_terrain(ruleset), "moon", "lava-sea")
    found: dict[str, dict[str, object]] = {
        f"terrain {terrain!r}": {"terrain": terrain},
        "a weather it does not list": {"weather": undeclared(vocabulary.weather, "fog", "ash")},
    }
    keys = tuple(c.key for c in vocabulary.conditions)
    unread = undeclared(keys, "fortification", "moon_phase")
    found[f"the condition {unread!r} it does not declare"] = {unread: 2}
    for spec in vocabulary.conditions:
        if spec.set_by_phase:
            continue  # the phase sets it: a scenario writing it is told so (its own check)
        if spec.kind == "bool":
            found[f"{spec.key} = 2"] = {spec.key: 2}
        elif spec.kind == "int" and spec.high is not None:
            found[f"{spec.key} above {spec.high}"] = {spec.key: spec.high + 1}
        elif spec.kind == "int" and spec.low is not None:
            found[f"{spec.key} below {spec.low}"] = {spec.key: spec.low - 1}
        elif spec.kind == "choice":
            found[f"{spec.key} none of its choices"] = {spec.key: undeclared(spec.choices, "x")}
    return found


def in_conditions(situation: CombatSituation, bad: dict[str, object]) -> CombatSituation:
    """``situation`` fought in the ``bad`` conditions."""
    c = situation.conditions
    general = {k: v for k, v in bad.items() if k in ("terrain", "weather")}
    choices = {k: v for k, v in bad.items() if k not in general}
    conditions = replace(c, **general).with_choices(**choices)  # type: ignore[arg-type]
    return replace(situation, conditions=conditions)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_combat_in_conditions_the_ruleset_does_not_declare_is_refused(ruleset_id: str) -> None:
    """Each is refused by a named RulesError citing a rule the ruleset declares, never
    evaluated as if it were something else (the tiny ruleset of the docs once fought on the
    moon, in fog, behind a fortification it does not know)."""
    ruleset = get_ruleset(ruleset_id)
    cases = bad_conditions(ruleset)
    for path in scenarios_to_check(ruleset_id):
        situation = scenario_combat(path)
        for bad in cases.values():
            check_refused(ruleset_id, in_conditions(situation, bad))


def without_map(ruleset_id: str) -> Path:
    """A scenario of the ruleset that states its conditions itself (no map), else its first
    (on a map: a ruleset whose scenarios are all tutorials on a map)."""
    found = scenarios_to_check(ruleset_id)
    for path in found:
        if "map" not in tomllib.loads(path.read_text(encoding="utf-8")):
            return path
    return found[0]


def map_beside(path: Path, out: Path) -> None:
    """The map ``path`` is laid out on and the counter sets it names beside it (if any) copied
    into ``out``, so a changed copy of the scenario written there finds them."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    named = [data.get("map"), *data.get("counters", [])]
    for name in (n for n in named if isinstance(n, str) and (path.parent / n).is_file()):
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path.parent / name, out / name)


def with_condition(path: Path, key: str, value: object, out: Path) -> int:
    """``path`` written to ``out`` with ``key = value`` under ``[conditions]``; the line it is
    on."""
    lines = [line for line in path.read_text(encoding="utf-8").splitlines()]
    text = json.dumps(value) if not isinstance(value, bool) else str(value).lower()
    if "[conditions]" not in lines:
        first = next(i for i, line in enumerate(lines) if line.startswith("["))
        lines[first:first] = ["[conditions]", ""]
    at = lines.index("[conditions]")
    lines = [line for i, line in enumerate(lines) if i <= at or not line.startswith(f"{key} =")]
    lines.insert(at + 1, f"{key} = {text}")
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return at + 2


def on_terrain(path: Path, terrain: str, out: Path) -> int:
    """``path`` written to ``out`` on a copy of its map whose every hex is ``terrain`` (a
    terrain of the map's own, declared under its ``[extra]``); the line of its first attacker,
    where ``hexcombat check`` names a combat its ruleset refuses."""
    name = tomllib.loads(path.read_text(encoding="utf-8"))["map"]
    board = (path.parent / name).read_text(encoding="utf-8")
    assert "[extra]" not in board, f"{name}: a map with [extra] terrain of its own"
    lines, section = [], ""
    for line in board.splitlines():
        if line.startswith("["):
            section = line.strip()
        elif section == "[legend]" and "=" in line:
            line = f"{line.split('=', 1)[0].rstrip()} = {json.dumps(terrain)}"
        lines.append(line)
    lines += ["", "[extra]", f"terrain = [{json.dumps(terrain)}]"]
    moved = out.parent / f"{out.stem}-map" / name
    moved.parent.mkdir(parents=True)
    moved.write_text("\n".join(lines) + "\n", encoding="utf-8")
    text = path.read_text(encoding="utf-8")
    scenario = text.replace(
        f"map = {json.dumps(name)}", f"map = {json.dumps(f'{moved.parent.name}/{name}')}", 1
    )
    assert scenario != text, f"{path.name}: its map line is not map = {json.dumps(name)}"
    out.write_text(scenario, encoding="utf-8")
    return scenario.splitlines().index("[[attacker]]") + 1


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_check_refuses_an_undeclared_condition_at_its_file_and_line(
    ruleset_id: str, tmp_path: Path
) -> None:
    path = without_map(ruleset_id)
    assert check_file(path) == [], f"{path.name} must check clean to begin with"
    map_beside(path, tmp_path)
    on_a_map = "map" in tomllib.loads(path.read_text(encoding="utf-8"))
    for name, bad in bad_conditions(get_ruleset(ruleset_id)).items():
        ((key, value),) = bad.items()
        out = tmp_path / f"{len(name)}-{path.name}"
        if key == "terrain" and on_a_map:  # on a map the terrain is the map's
            line = on_terrain(path, str(value), out)
        else:
            line = with_condition(path, key, value, out)
        problems = [str(p) for p in check_file(out)]
        assert len(problems) == 1, (name, problems)
        assert place(problems[0]) == (str(out), line), (name, problems)


def bad_unit_values(ruleset: Ruleset) -> dict[str, object]:
    """Unit values (``rules = {...}`` of a counter or an inline unit) the ruleset does not
    read as given: one it does not declare, and each it declares out of its kind, bounds or
    choices."""
    keys = tuple(c.key for c in ruleset.vocabulary.capabilities)
    found: dict[str, object] = {undeclared(keys, "moon_value", "moon_value_2"): 1}
    for spec in ruleset.vocabulary.capabilities:
        if spec.kind == "bool":
            found[spec.key] = 2
        elif spec.kind == "int":
            found[spec.key] = spec.high + 1 if spec.high is not None else "many"
        else:
            found[spec.key] = undeclared(spec.choices, "x")
    return found


def with_unit_value(path: Path, key: str, value: object, out: Path) -> int:
    """``path`` written to ``out`` with its first attacker given ``rules.key = value``; the
    line of that attacker's entry."""
    lines = path.read_text(encoding="utf-8").splitlines()
    entry = lines.index("[[attacker]]")
    ends = [i for i, line in enumerate(lines) if i > entry and line.startswith("[")]
    end = ends[0] if ends else len(lines)
    rules = next((i for i in range(entry, end) if lines[i].startswith("rules = {")), None)
    text = json.dumps(value)
    if rules is None:
        lines.insert(entry + 1, f"rules = {{ {key} = {text} }}")
        at = entry + 2
    else:
        lines[rules] = lines[rules].replace("rules = {", f"rules = {{ {key} = {text},", 1)
        at = rules + 1
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return at


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_check_refuses_a_unit_value_the_ruleset_does_not_read_at_its_line(
    ruleset_id: str, tmp_path: Path
) -> None:
    path = without_map(ruleset_id)
    map_beside(path, tmp_path)
    for key, value in bad_unit_values(get_ruleset(ruleset_id)).items():
        out = tmp_path / f"{key}-{path.name}"
        line = with_unit_value(path, key, value, out)
        problems = [str(p) for p in check_file(out)]
        assert len(problems) == 1, (key, problems)
        assert place(problems[0]) == (str(out), line), (key, problems)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_combat_or_report_of_another_ruleset_is_refused(ruleset_id: str) -> None:
    ruleset = get_ruleset(ruleset_id)
    for other in (r for r in RULESETS if r != ruleset_id):
        situation = scenario_combat(scenarios_to_check(other)[0])
        with pytest.raises(RulesError, match=other):
            ruleset.evaluate(situation)
        report = get_ruleset(other).evaluate(situation)
        with pytest.raises(RulesError, match=other):
            ruleset.resolve(report, ScriptedDice([1, 1]))


# --- 6. on the map: a typed roll is the game's roll ----------------------------------------------


def whole_attack(state: GameState) -> AttackSetup:
    """Every counter that may attack the tutorial's defending hex, as File > Open Tutorial
    proposes it."""
    target = tutorial_target(state)
    assert target is not None
    uids = [c.uid for x in attack_candidates(state, target) for c in x.counters]
    return AttackSetup(target, uids, state.conditions)


@pytest.mark.parametrize("seed", [1, 7, 2026])
@pytest.mark.parametrize(
    ("ruleset_id", "path"), MAP_SCENARIOS, ids=[f"{r}:{p.stem}" for r, p in MAP_SCENARIOS]
)
@pytest.mark.slow
def test_a_typed_roll_applies_what_the_game_dice_with_those_faces_do(
    ruleset_id: str, path: Path, seed: int
) -> None:
    game = open_game(path)
    assert game.ruleset == ruleset_id
    game.dice = GameDice(seed)
    by_game = RollCombat(whole_attack(game))
    game.execute(by_game)
    assert by_game.pending is not None
    faces = list(by_game.pending.rolls)
    assert len(faces) == len(dice_rolled(evaluate_attack(game, whole_attack(game))))

    typed_game = open_game(path)
    by_hand = RollCombat(whole_attack(typed_game), typed=faces)
    typed_game.execute(by_hand)
    assert by_hand.pending is not None and by_hand.pending.typed
    assert by_hand.pending.rolls == by_game.pending.rolls
    assert by_hand.pending.resolution.result == by_game.pending.resolution.result
    assert typed_game.dice.used == 0  # typed dice leave the game's own stream alone


# --- the checks themselves catch what they are for -------------------------------------------


class _Broken:
    """A ruleset that breaks one promise of the real one it wraps."""

    def __init__(self, real: Ruleset, how: str) -> None:
        self.real, self.how, self.id, self.calls = real, how, real.id, 0
        self.vocabulary = real.vocabulary

    def evaluate(self, situation: CombatSituation) -> Report:
        if self.how == "evaluates what it does not declare":  # as the old tiny ruleset did
            situation = replace(situation, conditions=Conditions())
        report = self.real.evaluate(situation)
        if self.how == "cites an unknown rule":
            report.explanation.steps.append(Step("99Z", "a rule no rulebook has"))
        if self.how == "assumes silently":
            known = self.real.evaluate(situation).steps[0].rule  # a rule it does cite
            report.explanation.steps.append(Step(known, "a value", 1, "assumed"))
        return report

    def resolve(self, report: Report, dice: object) -> CombatResult:
        self.calls += 1
        result = self.real.resolve(report, dice)  # type: ignore[arg-type]
        if self.how == "applies one more than it shows":  # a DRM the preview never gave
            roll = result.table_roll()
            more = ModifiedRoll(roll.die, roll.drm + 1, roll.modified_roll + 1)
            result = replace(result, features=(more, *result.features))
        if self.how == "rolls differently each time":
            result = replace(result, advance=bool(self.calls % 2))
        if self.how == "addresses a stranger":
            strangers = tuple(replace(e, targets=("nobody",)) for e in result.effects)
            result = replace(result, effects=strangers)
        if self.how == "forgets the dice it rolled":
            result = replace(result, rolls=())
        return result


@pytest.mark.parametrize(
    ("how", "check"),
    [
        ("applies one more than it shows", check_preview_is_resolution),
        ("addresses a stranger", check_preview_is_resolution),
        ("forgets the dice it rolled", check_preview_is_resolution),
        ("cites an unknown rule", lambda r, report: check_steps(r.id, report, [])),
        ("assumes silently", lambda r, report: check_steps(r.id, report, [])),
        ("rolls differently each time", lambda r, report: check_typed_roll(r, report, 0)),
    ],
)
@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_ruleset_breaking_a_promise_is_caught(ruleset_id: str, how: str, check) -> None:  # type: ignore[no-untyped-def]
    broken = _Broken(get_ruleset(ruleset_id), how)
    rolled = [  # a scenario with dice to roll, if the ruleset has one
        p for p in scenarios_to_check(ruleset_id) if broken.evaluate(scenario_combat(p)).dice
    ] or list(scenarios_to_check(ruleset_id))
    report = broken.evaluate(scenario_combat(rolled[0]))
    with pytest.raises(AssertionError):
        check(broken, report)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_ruleset_evaluating_conditions_it_does_not_declare_is_caught(ruleset_id: str) -> None:
    """The docs' tiny ruleset once fought on the moon, in fog, behind a fortification it does
    not read, as if they were not there: each is caught."""
    broken = _Broken(get_ruleset(ruleset_id), "evaluates what it does not declare")
    situation = scenario_combat(scenarios_to_check(ruleset_id)[0])
    for bad in bad_conditions(broken.real).values():
        with pytest.raises(pytest.fail.Exception, match="the combat was evaluated"):
            check_refused(ruleset_id, in_conditions(situation, bad), ruleset=broken)  # type: ignore[arg-type]


def test_the_json_says_whom_each_outcome_harms() -> None:
    """An exchange and a stall both favour neither side: ``suffers`` tells them apart in the
    JSON, as the outcome chart does (``null`` when the ruleset does not say)."""
    exchange = Outcome("EX", Fraction(1, 6), "neither", "exchange", ("attacker", "defender"))
    stall = Outcome("NE", Fraction(1, 6), "neither", "no effect", ())
    unsaid = Outcome("X", Fraction(1, 6), "neither")
    assert exchange.to_json()["suffers"] == ["attacker", "defender"]
    assert stall.to_json()["suffers"] == []
    assert unsaid.to_json()["suffers"] is None
    schema = report_schema()["properties"]["outcome_list"]["items"]
    for outcome in (exchange, stall, unsaid):
        assert schema_problems(json.loads(json.dumps(outcome.to_json())), schema) == []
