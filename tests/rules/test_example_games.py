"""The three example games shipped in ``rulesets/`` (hexcombat's own numbers): each tutorial
combat's chances against a hand computation from the game's own table, and the combat resolved
with fixed dice, every step citing the file's own rule numbers."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from hexcombat.paths import rulesets_dir
from hexcombat.rules.counters import CounterSet, counters_from_source
from hexcombat.rules.dice import ScriptedDice
from hexcombat.rules.report import CombatResult, DrmChances, ModifiedRoll, OddsColumn, Report
from hexcombat.rules.situation import CombatSituation, Conditions, Participant
from hexcombat.rules.status import UnitStatus
from hexcombat.rulesets.datafile.engine import DataRuleset
from hexcombat.rulesets.datafile.loader import load_ruleset_file
from hexcombat.sourcefile import TomlSource

GAMES = tuple(sorted(p.name for p in rulesets_dir().iterdir() if p.is_dir()))
"""Every example game shipped as a folder of rulesets/: a folder added is checked with them."""
assert {"hill-and-ford", "hedgerow-line", "firefight"} <= set(GAMES)  # the three the docs walk


def _game(game: str) -> tuple[DataRuleset, CounterSet]:
    folder = rulesets_dir() / game
    ruleset = DataRuleset(load_ruleset_file(folder / f"{game}.toml"))
    counters, problems = counters_from_source(TomlSource.load(folder / "counters.toml"))
    assert problems == []
    return ruleset, counters


def _side(counters: CounterSet, *ids: str, across: str | None = None) -> tuple[Participant, ...]:
    return tuple(Participant(counters[i], id=f"{i}-{n}", across=across) for n, i in enumerate(ids))


def _odds(report: Report) -> str | None:
    found = report.feature(OddsColumn)
    return found.column if found else None


def _drm(report: Report) -> dict[int, Fraction] | None:
    """The DRM with its chance (a certain one: ``{drm: 1}``)."""
    found = report.feature(DrmChances)
    return dict(found.distribution) if found else None


def _roll(result: CombatResult) -> ModifiedRoll:
    return result.table_roll()


def _cites_only_its_rules(ruleset: DataRuleset, steps: object) -> None:
    rules = set(ruleset.file.rules)
    cited = {step.rule for step in steps}  # type: ignore[attr-defined]
    assert cited and cited <= rules, cited - rules


def test_every_example_game_folder_holds_a_ruleset_counters_a_map_and_a_tutorial() -> None:
    for game in GAMES:
        names = {p.name for p in (rulesets_dir() / game).iterdir()}
        tutorial = f"{game}-tutorial-scenario.toml"
        assert {f"{game}.toml", "counters.toml", "map.toml", tutorial} <= names
        assert load_ruleset_file(rulesets_dir() / game / f"{game}.toml").id == game


def test_hill_and_ford_tutorial_reads_3_to_1_on_the_2_to_1_column() -> None:
    """Rifle division 7 + tank brigade 5 = 12 against a rifle regiment's 4: 3:1 (5.1); woods one
    column left (6.2): 2:1. The 2:1 column by the d6 (5.2): 1 AR, 2 AR, 3 EX, 4 DR, 5 DR, 6 DE,
    so AR 2/6, EX 1/6, DR 2/6, DE 1/6."""
    ruleset, counters = _game("hill-and-ford")
    situation = CombatSituation(
        "hill-and-ford",
        _side(counters, "hf-blue-infantry", "hf-blue-armour"),
        _side(counters, "hf-red-infantry"),
        Conditions(terrain="woods"),
    )
    report = ruleset.evaluate(situation)
    assert report.totals["attack_strength"] == 12 and report.totals["defence_strength"] == 4
    assert _odds(report) == "2:1"
    sixth = Fraction(1, 6)
    assert report.outcomes == {"AR": 2 * sixth, "EX": sixth, "DR": 2 * sixth, "DE": sixth}
    _cites_only_its_rules(ruleset, report.steps)
    result = ruleset.resolve(report, ScriptedDice([5]))
    assert (result.code, _roll(result).die, result.advance) == ("DR", 5, True)
    retreat = next(e for e in result.effects if e.kind == "retreat")
    assert (retreat.side, retreat.amount, retreat.rule) == ("defender", 2, "5.3")
    _cites_only_its_rules(ruleset, result.steps)


def test_hill_and_ford_surprise_and_a_ford_and_armour_alone() -> None:
    """Surprise +1 (7.1): the tutorial's 12:4 reads 3:1 again: 1 AR, 2 EX, 3..5 DR, 6 DE.
    The tank brigade alone across the ford: 5 halved (6.5) = 2 (rounded down) against 4 is 1:2;
    armour without infantry one column left (7.2): 1:3, where 1..3 AE, 4..5 AR, 6 EX."""
    ruleset, counters = _game("hill-and-ford")
    surprised = CombatSituation(
        "hill-and-ford",
        _side(counters, "hf-blue-infantry", "hf-blue-armour"),
        _side(counters, "hf-red-infantry"),
        Conditions(terrain="woods", surprise=True),
    )
    sixth = Fraction(1, 6)
    assert ruleset.evaluate(surprised).outcomes == {
        "AR": sixth,
        "EX": sixth,
        "DR": 3 * sixth,
        "DE": sixth,
    }
    alone = CombatSituation(
        "hill-and-ford",
        _side(counters, "hf-blue-armour", across="minor-river"),
        _side(counters, "hf-red-infantry"),
        Conditions(terrain="clear"),
    )
    report = ruleset.evaluate(alone)
    assert report.totals["attack_strength"] == 2
    assert _odds(report) == "1:3"
    assert report.outcomes == {"AE": 3 * sixth, "AR": 2 * sixth, "EX": sixth}


def test_hedgerow_line_tutorial_is_plus_6_with_a_woods_drm() -> None:
    """Rifle company 4 + tank platoon 6 = 10 minus the rifle company's 4: +6, the 5..6 column
    (8.1). Woods -1 (9.2); only the rifle company crosses a hedgerow, and 9.4 needs every
    attacker across one: DRM -1. 2d6 - 1, held at the lowest row 2 (8.2): rolls 2, 3 read row 2
    (A1D1, 1 + 2 = 3/36); 4, 5 read 3..4 (D1, 3 + 4 = 7/36); 6, 7, 8 read 5..7 (D1R1,
    5 + 6 + 5 = 16/36); 9..12 read 8 and up (D2R2, 4 + 3 + 2 + 1 = 10/36)."""
    ruleset, counters = _game("hedgerow-line")
    situation = CombatSituation(
        "hedgerow-line",
        (
            Participant(counters["hl-blue-rifle-coy"], id="coy", across="hedgerow"),
            Participant(counters["hl-blue-tank-plt"], id="plt"),
        ),
        _side(counters, "hl-red-rifle-coy"),
        Conditions(terrain="woods"),
    )
    report = ruleset.evaluate(situation)
    assert report.totals["differential"] == 6
    assert _drm(report) == {-1: 1}
    n = Fraction(1, 36)
    assert report.outcomes == {"A1D1": 3 * n, "D1": 7 * n, "D1R1": 16 * n, "D2R2": 10 * n}
    _cites_only_its_rules(ruleset, report.steps)
    result = ruleset.resolve(report, ScriptedDice([3, 4]))
    assert (result.code, _roll(result).die, _roll(result).modified_roll) == ("D1R1", 7, 6)
    effects = [(e.kind, e.side, e.amount, e.rule) for e in result.effects]
    assert effects == [
        ("lose-steps", "defender", 1, "8.3"),
        ("retreat", "defender", 1, "8.3"),
        ("advance", "attacker", 1, "8.3"),
    ]


def test_hedgerow_line_every_attacker_across_a_hedgerow_and_veterans() -> None:
    """Both across hedgerows: -1 more (9.4). The ranger company (veteran, 9.5) +1 instead of the
    rifle company: 5 + 6 - 4 = +7, the 7..9 column, DRM -1 (woods) -1 (hedgerows) +1 = -1."""
    ruleset, counters = _game("hedgerow-line")
    both = CombatSituation(
        "hedgerow-line",
        _side(counters, "hl-blue-rifle-coy", "hl-blue-tank-plt", across="hedgerow"),
        _side(counters, "hl-red-rifle-coy"),
        Conditions(terrain="woods"),
    )
    assert _drm(ruleset.evaluate(both)) == {-2: 1}
    veterans = CombatSituation(
        "hedgerow-line",
        _side(counters, "hl-blue-veteran-coy", "hl-blue-tank-plt", across="hedgerow"),
        _side(counters, "hl-red-rifle-coy"),
        Conditions(terrain="woods"),
    )
    report = ruleset.evaluate(veterans)
    assert report.totals["differential"] == 7
    assert _drm(report) == {-1: 1}


def test_firefight_tutorial_is_fire_10_with_a_woods_drm() -> None:
    """Rifle squad 4 + MG team 6 = fire 10, the 10..13 column (3.1). Woods -1 (4.2). d10 - 1,
    held at row 1: 1, 2 NE; 3, 4 DIS; 5, 6 L1; 7, 8 L1D; 9, 10 L2: each 2/10; K (row 10) cannot
    be reached."""
    ruleset, counters = _game("firefight")
    situation = CombatSituation(
        "firefight",
        _side(counters, "ff-blue-rifle-sqd", "ff-blue-mg"),
        _side(counters, "ff-red-rifle-sqd"),
        Conditions(terrain="woods"),
    )
    report = ruleset.evaluate(situation)
    assert report.totals["fire"] == 10
    fifth = Fraction(1, 5)
    assert report.outcomes == {"NE": fifth, "DIS": fifth, "L1": fifth, "L1D": fifth, "L2": fifth}
    _cites_only_its_rules(ruleset, report.steps)
    result = ruleset.resolve(report, ScriptedDice([7]))
    assert (result.code, _roll(result).modified_roll) == ("L1D", 6)
    effects = [(e.kind, e.side, e.amount, e.state) for e in result.effects]
    assert effects == [("lose-steps", "defender", 1, ""), ("set-state", "defender", 0, "disrupted")]


def test_firefight_a_disrupted_target_and_a_disrupted_firer() -> None:
    """The target disrupted: +1 (5.1), so woods -1 +1 = 0 and the 10..13 column reads as printed:
    each row 1/10 (K on a 10). A disrupted rifle squad among the firers halves the group's fire
    (5.2): 10 / 2 = 5, the 5..6 column."""
    ruleset, counters = _game("firefight")
    disrupted = UnitStatus(state="disrupted")
    target = (Participant(counters["ff-red-rifle-sqd"], id="t", status=disrupted),)
    report = ruleset.evaluate(
        CombatSituation(
            "firefight",
            _side(counters, "ff-blue-rifle-sqd", "ff-blue-mg"),
            target,
            Conditions(terrain="woods"),
        )
    )
    assert _drm(report) == {0: 1}
    assert report.outcomes["K"] == Fraction(1, 10)
    firers = (
        Participant(counters["ff-blue-rifle-sqd"], id="r", status=disrupted),
        Participant(counters["ff-blue-mg"], id="m"),
    )
    halved = ruleset.evaluate(
        CombatSituation(
            "firefight", firers, _side(counters, "ff-red-rifle-sqd"), Conditions(terrain="clear")
        )
    )
    assert halved.totals["fire"] == 5


@pytest.mark.parametrize("game", GAMES)
def test_each_example_tutorial_names_its_game_and_its_own_files(game: str) -> None:
    data = TomlSource.load(Path(rulesets_dir() / game / f"{game}-tutorial-scenario.toml")).data
    assert data["ruleset"] == game
    assert (data["map"], data["counters"]) == ("map.toml", ["counters.toml"])
    assert data["tutorial"]["steps"]


def test_hill_and_ford_what_if_columns() -> None:
    """12:4 is 3:1, read at 2:1 after the woods (5.1, 6.2). Four factors more make 16:4, 4:1,
    read at 3:1; one fewer makes 11:4, 2:1 (2.75 rounded in the defender's favour), read at 1:1.
    On 3:1 a 1 is AR, 2 EX, 3..5 DR and 6 DE."""
    from hexcombat.rules.what_if import what_if

    ruleset, counters = _game("hill-and-ford")
    report = ruleset.evaluate(
        CombatSituation(
            "hill-and-ford",
            _side(counters, "hf-blue-infantry", "hf-blue-armour"),
            _side(counters, "hf-red-infantry"),
            Conditions(terrain="woods"),
        )
    )
    figures = what_if(report, ruleset.evaluate, ruleset.vocabulary)
    assert figures is not None and figures.column == "2:1"
    assert figures.up is not None and (figures.up.factors, figures.up.column) == (4, "3:1")
    assert {o.code: o.probability for o in figures.up.outcomes} == {
        "AR": Fraction(1, 6),
        "EX": Fraction(1, 6),
        "DR": Fraction(3, 6),
        "DE": Fraction(1, 6),
    }
    assert figures.down is not None and (figures.down.factors, figures.down.column) == (-1, "1:1")


def test_each_example_game_cites_the_rules_of_its_own_file() -> None:
    from hexcombat.rules.references import rule_text
    from hexcombat.rules.registry import get_ruleset

    first = {"hill-and-ford": "5.1", "hedgerow-line": "8.1", "firefight": "3.1"}
    for game, rule in first.items():
        ruleset = get_ruleset(game)
        assert dict(ruleset.references) == dict(load_ruleset_file(ruleset.file.path).rules)
        assert rule_text(rule, game) == ruleset.file.rules[rule]
