"""The tutorial step format (game/tutorial_steps.py, maps/README.md): a step names the report
value it shows, what it highlights and what it waits for; a step that cannot be read, or names a
value the scenario's report does not have, is refused at its line by the loader and by
``hexcombat check``."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from hexcombat.game.check import check_file
from hexcombat.game.evaluation import evaluate_scenario
from hexcombat.game.opening import open_game
from hexcombat.game.scenario import load_scenario
from hexcombat.game.tutorial_steps import (
    MissingValue,
    StepError,
    TutorialStep,
    entry_uids,
    read_highlight,
    read_shown,
    read_wait,
    shown_now,
    shown_text,
    value_of,
    wait_done,
    wait_words,
)
from hexcombat.sourcefile import SourceError
from meaning import each_says, says, says_in

MAPS = Path(__file__).resolve().parents[2] / "maps"
TUTORIAL = (MAPS / "tutorial-14d2d-scenario.toml").read_text(encoding="utf-8")


WAIT = 'wait = "press Attack"'


def line_of(text: str, words: str) -> int:
    (line,) = [i for i, t in enumerate(text.splitlines(), 1) if words in t]
    return line


def written(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "t-scenario.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_every_shipped_tutorial_passes_check() -> None:
    for path in sorted(MAPS.glob("*-scenario.toml")):
        assert check_file(path) == [], path.name


def test_a_malformed_step_is_refused_at_its_line(tmp_path: Path) -> None:
    text = TUTORIAL.replace('show = "drm 14D2c"', 'show = "the heavy antitank modifier"')
    text = text.replace('highlight = ["attacker 4"]', 'highlight = ["stack 0404"]')
    text = text.replace('wait = "attack 0504"', WAIT)
    text = text.replace('[[tutorial.steps]]\ntext = "Net:', '[[tutorial.steps]]\ntxt = "Net:')
    path = written(tmp_path, text)
    with pytest.raises(SourceError) as raised:
        load_scenario(path)
    found = [str(p) for p in raised.value.problems]
    assert says(
        found[0],
        at=(str(path), line_of(text, WAIT)),
        figures=["0504", "0504", "2", "2", "2", "1", "2", "2", "6", "3", "1941", "06"],
        names=[
            "'press Attack'",
            "select 0504",
            "attack 0504",
            "untick attacker 2",
            "tick attacker 2",
            "remove attacker 2",
            "set first_round off",
            "count attacker 1 2",
            "roll 6 3",
            "date 1941-06",
            "off the map",
        ],
    )
    assert says_in(
        found[1],
        at=(str(path), line_of(text, "the heavy antitank modifier")),
        names=["'the heavy antitank modifier'"],
    )
    assert f"{path}:{line_of(text, 'txt = ')}: unknown tutorial step key 'txt'" in found[2]
    assert f"{path}:{line_of(text, 'txt = ') - 1}: tutorial step 9 needs its text" in found[3]
    assert says_in(
        found[4],
        at=(str(path), line_of(text, "stack 0404")),
        figures=["0404"],
        names=["'stack 0404'"],
    )
    assert check_file(path) == raised.value.problems


def test_check_refuses_a_step_naming_a_value_the_report_has_not(tmp_path: Path) -> None:
    text = TUTORIAL.replace('show = "drm 14D2c"', 'show = "drm 14D2e"')
    text = text.replace('show = "total defence_non_artillery_res"', 'show = "total no_such"')
    text = text.replace('highlight = ["defender 2"]', 'highlight = ["defender 4"]', 1)
    text = text.replace('highlight = ["terrain 0504"]', 'highlight = ["terrain 0909"]')
    path = written(tmp_path, text)
    load_scenario(path)  # the file reads: only the combat shows what is missing
    found = [str(p) for p in check_file(path)]
    assert says(
        found[0],
        at=(str(path), line_of(text, "0909")),
        figures=["0909", "0101", "0806"],
        names=["'0909'", "off the map"],
    )
    assert says_in(
        found[1],
        at=(str(path), line_of(text, "total no_such")),
        names=["'total no_such'", "'no_such'"],
    )
    assert says(
        found[2],
        at=(str(path), line_of(text, "drm 14D2e")),
        rules=["14D2e"],
        names=["'drm 14D2e'", "DRM"],
    )
    assert says(
        found[3],
        at=(str(path), line_of(text, "defender 4")),
        figures=["4", "3"],
        names=["defender"],
    )
    assert len(found) == 4


def test_a_wait_in_a_scenario_without_a_map_is_refused(tmp_path: Path) -> None:
    text = (MAPS / "tutorial-10b2-tank-corps-scenario.toml").read_text(encoding="utf-8")
    text = text.replace(
        'show = "value 10.B.2 attacker"', 'show = "value 10.B.2 attacker"\nwait = "select 0504"'
    )
    path = written(tmp_path, text)
    assert each_says(
        [str(p) for p in check_file(path)],
        dict(
            at=(str(path), line_of(text, "select 0504")),
            figures=["2", "1", "2"],
            names=["remove attacker 2", "count attacker 1 2"],
        ),
    )
    # what a calculator can wait for: an entry taken out of its list
    path = written(tmp_path, text.replace('wait = "select 0504"', 'wait = "remove attacker 1"'))
    assert [str(p) for p in check_file(path)] == []


def test_plain_text_steps_still_read() -> None:
    # a scenario of the older form (steps as texts) walks its texts without numbers
    source = 'ruleset = "total-war"\n[tutorial]\nsteps = ["1. Look.", "2. Attack."]\n'
    from hexcombat.game.tutorial_steps import read_tutorial
    from hexcombat.sourcefile import TomlSource

    problems: list = []
    steps = read_tutorial(TomlSource.parse(source, "p.toml"), problems)
    assert problems == [] and [s.text for s in steps] == ["1. Look.", "2. Attack."]
    assert all(s.show is None and s.wait is None for s in steps)


def test_value_paths_read_the_report_of_14d2d() -> None:
    report = evaluate_scenario(load_scenario(MAPS / "tutorial-14d2d-scenario.toml"))
    # 14D2d: +1 (14D2a), +2 (14D2d), -1 (14D2c), -1 (14D2d): net +1; 3.5 defending REs; 1/7
    assert value_of(read_shown("drm"), report) == 1
    assert value_of(read_shown("drm 14D2a"), report) == 1
    assert value_of(read_shown("drm 14D2d attacker"), report) == 2
    assert value_of(read_shown("drm 14D2d defender"), report) == -1
    assert value_of(read_shown("drm 14D2d #2"), report) == -1
    assert value_of(read_shown("total defence_non_artillery_res"), report) == Fraction(7, 2)
    assert value_of(read_shown('value 14D2d defender "ATEC"'), report) == Fraction(1, 7)
    assert shown_text(read_shown("drm 14D2c"), -1) == "-1"
    assert shown_text(read_shown("total x"), Fraction(7, 2)) == "3.5"
    assert shown_text(read_shown("chance drm 4"), Fraction(1, 2)) == "50%"
    with pytest.raises(MissingValue, match="no step of rule 14D2e"):
        value_of(read_shown("drm 14D2e"), report)


@pytest.mark.parametrize(
    ("read", "text"),
    [
        (read_shown, "drm 14D2a #0"),
        (read_shown, "chance drm plenty"),
        (read_highlight, "hexside 0403"),
        (read_highlight, "attacker first"),
        (read_wait, "untick air 1"),
        (read_shown, 'value 10.C "unclosed'),
    ],
)
def test_a_path_that_means_nothing_is_refused_in_words(read, text: str) -> None:  # noqa: ANN001
    with pytest.raises(StepError):
        read(text)


def test_each_entry_names_the_counters_it_laid_out() -> None:
    # the highlights and waits name counters by their scenario entry ("attacker 2")
    path = MAPS / "tutorial-14d2d-scenario.toml"
    state = open_game(path)
    entries = entry_uids(load_scenario(path).placements)
    names = {
        key: sorted(
            (state.hexmap.label(state.hex_of(u)), state.counters[u].unit.name) for u in uids
        )
        for key, uids in entries.items()
    }
    assert names[("attacker", 2)] == [("0503", "Rifle XX"), ("0503", "Rifle XX")]
    assert names[("attacker", 5)] == [("0604", "Art III"), ("0604", "Art III")]
    assert names[("defender", 2)] == [("0504", "Hv Mot AA II")]
    assert sum(len(u) for u in entries.values()) == len(state.counters)


class FakeBoard:
    """What a walk reads of a window, set by hand."""

    def __init__(self, state, selected=None, target=None, attacking=()):  # noqa: ANN001
        self.state, self.selected, self.target, self.attacking = state, selected, target, attacking

    def selected_hex(self):  # noqa: ANN201
        return self.selected

    def attack_target(self):  # noqa: ANN201
        return self.target

    def attacking_uids(self):  # noqa: ANN201
        return list(self.attacking)

    def counters_on_map(self):  # noqa: ANN201
        return {c.uid: h for h, stack in self.state.stacks().items() for c in stack}


def test_a_wait_is_done_when_the_player_has_done_it() -> None:
    path = MAPS / "tutorial-14d2d-scenario.toml"
    state = open_game(path)
    entries = entry_uids(load_scenario(path).placements)
    target = state.hexmap.hex_at("0504")
    everyone = [u for (side, _i), uids in entries.items() if side == "attacker" for u in uids]
    tanks = entries[("attacker", 4)]  # the two Tank X in 0404
    board = FakeBoard(state)
    assert not wait_done(read_wait("select 0504"), state.hexmap, entries, board)
    board.selected = target
    assert wait_done(read_wait("select 0504"), state.hexmap, entries, board)
    assert not wait_done(read_wait("attack 0504"), state.hexmap, entries, board)
    board.target, board.attacking = target, everyone
    assert wait_done(read_wait("attack 0504"), state.hexmap, entries, board)
    assert wait_done(read_wait("tick attacker 4"), state.hexmap, entries, board)
    assert not wait_done(read_wait("untick attacker 4"), state.hexmap, entries, board)
    board.attacking = [u for u in everyone if u not in tanks]
    assert wait_done(read_wait("untick attacker 4"), state.hexmap, entries, board)
    assert not wait_done(read_wait("tick attacker 4"), state.hexmap, entries, board)
    assert not wait_done(read_wait("remove attacker 4"), state.hexmap, entries, board)
    for uid in tanks:
        state.lift(uid)
    assert wait_done(read_wait("remove attacker 4"), state.hexmap, entries, board)
    assert says(
        wait_words(read_wait("untick attacker 4"), "the Tank X, Tank X in 0404"),
        figures=["0404"],
        names=["Tank X"],
    )


def test_a_fate_path_reads_an_entrys_end_state_chance() -> None:
    # the tactical rulesets give each unit's chance of ending the combat in each state
    # (Report.unit_fates); a step names the unit by its scenario entry
    shown = read_shown("fate defender 1 disrupted")
    assert (shown.kind, shown.side, shown.nth, shown.key) == ("fate", "defender", 1, "disrupted")
    report = evaluate_scenario(
        load_scenario(MAPS.parent / "tests" / "cases" / "lhy-assault-squads.toml")
    )
    fates = report.unit_fates["defender-1"]  # no map: the entry's id by its place
    assert value_of(shown, report) == fates["disrupted"] > 0
    assert shown_text(shown, value_of(shown, report)).endswith("%")
    assert value_of(read_shown("fate defender 1 eliminated"), report) == 1 - sum(
        p for state, p in fates.items() if state != "eliminated"
    )
    with pytest.raises(MissingValue, match="no unit ends in 'routed'"):
        value_of(read_shown("fate defender 1 routed"), report)
    with pytest.raises(MissingValue, match="defender 2 takes no part"):
        value_of(read_shown("fate defender 2 disrupted"), report)
    europa = evaluate_scenario(load_scenario(MAPS / "tutorial-14d2d-scenario.toml"))
    with pytest.raises(MissingValue, match="no unit's end-state chances"):
        value_of(shown, europa)
    with pytest.raises(StepError):
        read_shown("fate defender one disrupted")


def test_a_headline_path_and_a_condition_wait_read() -> None:
    report = evaluate_scenario(
        load_scenario(MAPS.parent / "tests" / "cases" / "am-assault-woods.toml")
    )
    assert value_of(read_shown("headline"), report) == report.headline
    wait = read_wait("set first_round off")
    assert (wait.kind, wait.condition, wait.on) == ("set", "first_round", False)
    assert read_wait("set charging on").on
    with pytest.raises(StepError):
        read_wait("set first_round maybe")


def test_a_chance_path_reads_one_sides_result_where_both_sides_fire() -> None:
    # the Soviets fire 18 on the woods' 24-29 column (ACT: 18-23 shifted one right): a die of
    # 5 or 6 is 2M2 on the Germans, 1/3 whatever the Germans roll back; 1 is M1, 1/6
    report = evaluate_scenario(
        load_scenario(MAPS.parent / "tests" / "cases" / "am-assault-woods.toml")
    )
    assert report.headline.startswith("attacker 18 on 24-29")
    assert value_of(read_shown('chance "defender: 2M2"'), report) == Fraction(1, 3)
    assert value_of(read_shown('chance "defender: M1"'), report) == Fraction(1, 6)
    assert value_of(read_shown('chance "defender: M"'), report) == 0  # not on that column


def test_a_count_wait_is_for_the_calculator(tmp_path: Path) -> None:
    wait = read_wait("count attacker 1 2")
    assert (wait.kind, wait.side, wait.index, wait.count) == ("count", "attacker", 1, 2)
    text = TUTORIAL.replace('wait = "attack 0504"', 'wait = "count attacker 1 2"')
    path = written(tmp_path, text)
    assert each_says(
        [str(p) for p in check_file(path)],
        dict(at=(str(path), line_of(text, "count attacker 1 2")), names=['"count"', "calculator"]),
    )


def test_a_sides_own_drms_add_up_and_no_assault_names_the_assault() -> None:
    """LHY 3's text: the Germans' own DRMs +7, the Americans' -4 (Assault DRM)."""
    maps = Path(__file__).resolve().parents[2] / "maps"
    report = evaluate_scenario(load_scenario(maps / "tutorial-lhy-saint-clair-scenario.toml"))
    for path, words in (("sum 'Assault DRM' attacker", "+7"), ('sum "Assault DRM" defender', "-4")):
        shown = read_shown(path)
        assert shown_text(shown, value_of(shown, report)) == words
    with pytest.raises(StepError):
        read_shown("sum 'Assault DRM' both")
    step = TutorialStep("text", show=read_shown("drm"))
    assert "press Assault, A" in shown_now(step, None, attack_name="Assault")
