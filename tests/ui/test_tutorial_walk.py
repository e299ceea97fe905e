"""Every tutorial walked from its first step to its last with Next, as a player clicks it: at each
step the number the panel shows is the one the rules text states (written here from the text,
never read from the scenario), and what the map (or the calculator's lists) highlights is what
the step counts. Changing the combat mid-tutorial moves the number; Restart puts the example
back; the start page lists every tutorial and remembers which were walked to the end."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication

from hexcombat.game.opening import default_tutorial
from hexcombat.game.tutorials import game_of, shipped_tutorials
from hexcombat.rules.registry import get_ruleset, ruleset_ids
from hexcombat.ui.app import greet, open_start
from hexcombat.ui.main_window import MainWindow
from hexcombat.ui.start_page import done_tutorials
from hexcombat.ui.tutorial_panel import TutorialPanel
from hexcombat.ui.tutorial_walk import ROW_COLOUR
from meaning import one_says

MAPS = Path(__file__).resolve().parents[2] / "maps"


def loses_steps(ruleset: str) -> bool:
    """A tactical ruleset: its units lose steps (its vocabulary says so)."""
    return get_ruleset(ruleset).vocabulary.steps


@dataclass
class Step:
    """What one step shows: its number as the panel writes it ("" for none), the counters it
    highlights as (hex, unit name) (map) or the calculator entries as (side, place), and for a
    step that waits, its number once Show me has done what it asks."""

    value: str = ""
    counted: list[tuple[str, str]] | list[tuple[str, int]] = field(default_factory=list)
    after: str | None = None
    out: list[tuple[str, str]] = field(default_factory=list)
    """The counters the step marks as left out of what it counts (map tutorials)."""


HV_XX, HV_X, TANKS = ("0403", "Hv Tank XX"), ("0603", "Hv Tank X"), [("0404", "Tank X")] * 2
RIFLES, HV_AA = [("0503", "Rifle XX")] * 2, ("0504", "Hv Mot AA II")

GOLDEN: dict[str, list[Step]] = {
    # example 1 (14D2d): non-artillery REs 10; heavy 2 of 10 = 1/5: +1; AECA 6 of 10: +2;
    # defender 3.5 REs; heavy antitank -1; ATEC 0.5 of 3.5 = 1/7: -1; net +1. Unticking the two
    # Tank X leaves 3 + 1 = 4 REs of AECA (6 before)
    "tutorial-14d2d-scenario.toml": [
        Step("allows AEC"),
        Step(),
        Step("10", [HV_XX, *RIFLES, HV_X, *TANKS], out=[("0604", "Art III")] * 2),
        Step("+1", [HV_XX, HV_X]),
        Step("+2", [HV_XX, HV_X, *TANKS]),
        Step("3.5", [("0504", "Inf XX"), HV_AA], out=[("0504", "Art III")]),
        Step("-1", [HV_AA]),
        Step("-1", [HV_AA]),
        Step("+1"),
        Step("6", TANKS, after="4"),
    ],
    # example 14 (10.I): 4 heavy armour units against 2 heavy ATEC units (2:1): +1; AECA
    # 3 + 3 + 1 + 1 + 1 + 1 = 10; without the two Hv Tank X, 2 against 2: no +1
    "tutorial-10i-heavy-armour-scenario.toml": [
        Step(),
        Step(),
        Step(
            "4",
            [("0403", "Hv Tank XX")] * 2 + [("0503", "Hv Tank X")] * 2,
            out=[("0603", "Tank X")] * 2 + [("0404", "Art III")] * 2,
        ),
        Step("2", [("0504", "Hv Mot AA III")]),
        Step(
            "+1",
            [("0403", "Hv Tank XX")] * 2
            + [("0503", "Hv Tank X")] * 2
            + [("0504", "Hv Mot AA III")],
        ),
        Step(
            "10",
            [("0403", "Hv Tank XX")] * 2 + [("0503", "Hv Tank X")] * 2 + [("0603", "Tank X")] * 2,
        ),
        Step("+1", [("0503", "Hv Tank X")] * 2, after="0"),
    ],
    # example 9 (10.C): 25.5 REs of AECA against 5 of ATEC, 5.1:1: +3 with a 50% chance of +4;
    # without the half-RE Tank II (unticked, its stack's other units still attacking): 25 : 5
    "tutorial-10c-ratio-scenario.toml": [
        Step(),
        Step(
            "25.5",
            [("0404", "Tank XXX")] * 3
            + [("0505", "Tank XXX")] * 3
            + [("0604", "Tank XXX")] * 2
            + [("0604", "Tank X"), ("0604", "Tank II")],
        ),
        Step("5", [("0504", "AT X")] * 5),
        Step(
            "5.1:1",
            [("0404", "Tank XXX")] * 3
            + [("0505", "Tank XXX")] * 3
            + [("0604", "Tank XXX")] * 2
            + [("0604", "Tank X"), ("0604", "Tank II")]
            + [("0504", "AT X")] * 5,
        ),
        Step("+3"),
        Step("50%"),
        Step("5.1:1", [("0604", "Tank II")], after="5:1"),
    ],
    # example 6 (10.C.1): 3 x 2 = 6 REs of double AECA, 2 REs converted: 8
    "tutorial-10c1-panzer-scenario.toml": [
        Step("", [("0505", "16-10 Pz XX"), ("0505", "6-10 Mot XX")]),
        Step("6", [("0505", "16-10 Pz XX")]),
        Step("2", [("0505", "16-10 Pz XX"), ("0505", "6-10 Mot XX")]),
        Step("8", [("0505", "16-10 Pz XX"), ("0505", "6-10 Mot XX")]),
        Step("8", after="5"),  # June 1941: full AEC, 3 REs + 2 converted
    ],
    # example 10 (10.D), first half: 3 REs, 1 converted, 3 + 1 = 4, halved: 2
    "tutorial-10d-river-same-side-scenario.toml": [
        Step(),
        Step("3", [("0503", "Tank XX")]),
        Step("1", [("0503", "Tank XX"), ("0403", "Mot Inf III")]),
        Step("4"),
        Step("2", [("0503", "Tank XX"), ("0403", "Mot Inf III")]),
        Step("2"),
    ],
    # example 10 (10.D), second half: 3/2 + 1/2 = 2
    "tutorial-10d-river-other-side-scenario.toml": [
        Step(),
        Step("1.5", [("0503", "Tank XX")]),
        Step("1", [("0503", "Tank XX"), ("0404", "Mot Inf III")]),
        Step("0.5", [("0404", "Mot Inf III")]),
        Step("2", [("0503", "Tank XX"), ("0404", "Mot Inf III")]),
    ],
    # example 11 (10.D): AECA 4 quartered to 1; AECD 2 halved to 1; ATEC 2 unaffected
    "tutorial-10d-forest-river-scenario.toml": [
        Step(),
        Step("4", [("0504", "Tank XX"), ("0504", "Mot Inf III")]),
        Step("1", [("0504", "Tank XX"), ("0504", "Mot Inf III")]),
        Step("2", [("0404", "PzGr XX")]),
        Step("1", [("0404", "PzGr XX")]),
        Step("2", [("0404", "PzGr XX")]),
    ],
    # example 12 (10.F.1): 12 REs of AECA against 4 REs of ATEC
    "tutorial-10f1-required-losses-scenario.toml": [
        Step(),
        Step(
            "12",
            [("0404", "Tank XXX")] * 2 + [("0505", "Tank XXX")] * 2,
            out=[("0604", "Art III")] * 2,
        ),
        Step("4", [("0504", "AT X")] * 4),
        Step(
            "",
            [("0404", "Tank XXX")] * 2 + [("0505", "Tank XXX")] * 2 + [("0604", "Art III")] * 2,
            after="",  # the die typed: 1
        ),
    ],
    # example 13 (10.F.2): 1 RE of ATEC, doubled in forest for required losses: 2
    "tutorial-10f2-forest-atec-scenario.toml": [
        Step("", [("0403", "16-10 Pz XX")]),
        Step("1", [("0404", "AT X")]),
        Step("2", [("0404", "AT X")]),
        Step("", [("0403", "16-10 Pz XX")], after=""),  # the game's die rolled
    ],
    # 14A3 states no number; the strengths are the counters': Inf XX 6 + 6, LR Art III 3
    "tutorial-14a3-lra-scenario.toml": [
        Step(),
        Step("", [("0704", "LR Art III")]),
        Step("15", [("0503", "Inf XX"), ("0604", "Inf XX"), ("0704", "LR Art III")]),
        # one Inf XX unticked: 6 + 3 = 9; both: the artillery alone, refused (14A3)
        Step("15", [("0604", "Inf XX"), ("0704", "LR Art III")], after="9"),
        Step("", [("0704", "LR Art III")], after=""),
        Step("", [("0704", "LR Art III")]),
    ],
    # example 2 (10.B.2): a tank corps of 3 REs, full AEC: 3 REs of AECA
    "tutorial-10b2-tank-corps-scenario.toml": [
        Step("", [("attacker", 1)]),
        Step("3", [("attacker", 1)]),
        Step("3"),
        Step("3", [("attacker", 1)], after="6"),  # two tank corps: 6 REs of AECA
    ],
    # example 3 (10.B.3): 1/2 RE of AECD, its neutral 1/2 converted: 1 RE
    "tutorial-10b3-assault-gun-scenario.toml": [
        Step("", [("defender", 1)]),
        Step("0.5", [("defender", 1)]),
        Step("0.5", [("defender", 1)]),
        Step("1"),
    ],
    # example 4 (10.B.3): 1.5 + 0.5 = 2 REs of AECD, 1 RE still neutral
    "tutorial-10b3-panzergrenadier-scenario.toml": [
        Step("1.5", [("defender", 1)]),
        Step("0.5", [("defender", 1)]),
        Step("2"),
        Step("1", [("defender", 1)]),
    ],
    # example 5 (10.C.1): 1 + 1 converted = 2 REs of AECA; the Mot Inf III removed (the step
    # waits for it in the calculator): 1
    "tutorial-10c1-tank-brigade-scenario.toml": [
        Step("1", [("attacker", 1)]),
        Step("1", [("attacker", 1), ("attacker", 2)]),
        Step("2"),
        Step("2", [("attacker", 2)], after="1"),
    ],
    # example 7 (10.C.3), first half: the anti-tank regiment converts 1 RE
    "tutorial-10c3-at-regiment-scenario.toml": [
        Step("1", [("defender", 1)]),
        Step("1", [("defender", 1), ("defender", 2)]),
        Step("2"),
    ],
    # example 7 (10.C.3), second half: the tank corps also converts only 1 RE
    "tutorial-10c3-tank-corps-scenario.toml": [
        Step("3", [("defender", 1)]),
        Step("1", [("defender", 1), ("defender", 2)]),
        Step("4"),
    ],
    # example 8 (10.C.3): three conversions + 1/2 intrinsic, capped: the division's ATEC is 3,
    # none of the intrinsic 1/2 left; with the brigades' own 3: 6
    "tutorial-10c3-intrinsic-scenario.toml": [
        Step("3", [("defender", 1), ("defender", 2)]),
        Step("3", [("defender", 2)]),
        Step("0", [("defender", 2)]),
        Step("6"),
    ],
    # example 15 (23D1): 7F5 carrying bombs: 5 attack, 4 defence; jettisoned: 7F5 again, bombing
    # 1 on an airbase bombing mission, 0 on any other
    "tutorial-23d1-me109e-scenario.toml": [
        Step("5", [("air", 1)]),
        Step("4", [("air", 1)]),
        Step("7F5", [("air", 2)]),
        Step("1", [("air", 2)]),
        Step("0", [("air", 3)]),
    ],
    # example 16 (23D2): type AF on defensive air support: tactical bombing 2 + 1 = 3; as a
    # fighter-bomber carrying bombs (23D1) 6 - 2 = 4 and 5 - 1 = 4
    "tutorial-23d2-af-scenario.toml": [
        Step("", [("air", 1)]),
        Step("3", [("air", 1)]),
        Step("4"),
        Step("4"),
    ],
}


# The tactical tutorials. The Assault Combat Table's columns have the lower bounds 1, 3, 5, 9,
# 13, 18, 24, 30 (the decoded aid; the first header lost, read as 1); each shift is one column.
# The fire values, morale and cohesion are the counter sets' assumed placeholders (fire 5 a German
# rifle squad, 4 a Soviet one, morale 8 and 7): a sum of them is written as the step's text says
# it, the column it falls in is the aid's.
ACT = ("1-2", "3-4", "5-8", "9-12", "13-17", "18-23", "24-29", "30+")
WOODS_GE = [("0203", "Rifle Sqd")] * 2 + [("0304", "Rifle Sqd")]
WOODS_SU = [("0303", "Rifle Sqd")] * 2
BRANDT = ("0202", "Lt Brandt")
SAPPERS = [("0405", "Sapper Sqd")] * 2
TACTICAL: dict[str, list[Step]] = {
    # ACT 1: 15 is the 13-17 column; woods one left, higher morale and the leader one right each:
    # 18-23; the Soviets' 8 is 5-8. On 18-23 only a 6 is 2M2: 1/6. A German squad (morale 8,
    # Lt Brandt +1) on Soviet 5-8 fire: M on 4, M1 on 5, M2 on 6; 2d6 above 9 by 1 or 2 is
    # disrupted: (5 + 7 + 9) / 216 = 9.7%. Without Lt Brandt: 13-17
    "tutorial-assault-morale-woods-scenario.toml": [
        Step(),
        Step("15", WOODS_GE),
        Step("-1"),
        Step("1", WOODS_GE + WOODS_SU),
        Step("1", [BRANDT]),
        Step(ACT[5]),
        Step(ACT[2], WOODS_SU),
        Step("16.7%", WOODS_SU),
        Step("9.7%", [BRANDT, ("0203", "Rifle Sqd"), ("0203", "Rifle Sqd")]),
        Step(after=""),  # the dice typed (6 3); Show me on the next step takes them back
        Step(ACT[5], [BRANDT], after=ACT[4]),
    ],
    # ACT 2: the Soviets' 12 is 9-12; the town one left, engineers and the tank without infantry
    # one right each: 13-17; the Pz IV's 8 is 5-8; the rifle squad alone, 4: 3-4
    "tutorial-assault-morale-town-scenario.toml": [
        Step("", [("0506", "Pz IVF2")]),
        Step(ACT[3], [*SAPPERS, ("0406", "Rifle Sqd")]),
        Step("-1"),
        Step("1", SAPPERS),
        Step("1", [("0506", "Pz IVF2")]),
        Step(ACT[4]),
        Step(ACT[2], [("0506", "Pz IVF2")]),
        Step(after=""),  # the dice typed (5 1)
        Step(ACT[4], SAPPERS, after=ACT[1]),
    ],
    # ACT 3: the entrenched defenders fire first; the Soviets' 17 is 13-17, one left for the
    # entrenchment; the Germans' 13 is 13-17, the closed-top AFV with infantry and the leader one
    # right each: 24-29
    "tutorial-assault-morale-entrenchment-scenario.toml": [
        Step(),
        Step("", [("0308", "Lt Brandt"), ("0308", "Pz IVF2"), ("0308", "Rifle Sqd")]),
        Step(
            "17",
            [("0307", "Rifle Sqd")] * 2 + [("0407", "Maxim HMG"), ("0407", "Rifle Sqd")],
        ),
        Step("-1"),
        Step("13", [("0308", "Pz IVF2"), ("0308", "Rifle Sqd")]),
        Step("1", [("0308", "Pz IVF2"), ("0308", "Rifle Sqd")]),
        Step(ACT[6], [("0308", "Lt Brandt")]),
        Step(after=""),  # the game's dice rolled
        Step(),
    ],
    # ACT 4: across the major river in the first round one left, higher morale and infantry
    # riding an AFV one right each: 15 on 13-17 fires on 18-23; the defenders' 10 is 9-12; from
    # the second round the river's shift goes: 24-29
    "tutorial-assault-morale-river-scenario.toml": [
        Step(),
        Step("15", [("0805", "Rifle Sqd")] * 2 + [("0806", "Rifle Sqd")]),
        Step("-1"),
        Step("1"),
        Step("1", [("0906", "Rifle Sqd")]),
        Step(ACT[3], [("0906", "Rifle Sqd"), ("0906", "SU-76M")]),
        Step(),
        Step(ACT[5], after=ACT[6]),
    ],
    # ACT 5: 12 is 9-12; all enemies demoralized and charging cavalry one right each: 18-23; the
    # demoralized Germans defend at a quarter, 2 x 5 / 4 = 2.5: 1-2, one right on the hill in the
    # first round: 3-4; the first round over: 1-2
    "tutorial-assault-morale-hill-scenario.toml": [
        Step("", [("1103", "Rifle Sqd")] * 2),
        Step(ACT[3], [("1002", "Cossack Sqd")] * 2 + [("1003", "Rifle Sqd")]),
        Step("1", [("1103", "Rifle Sqd")] * 2),
        Step(ACT[5], [("1002", "Cossack Sqd")] * 2),
        Step("2.5", [("1103", "Rifle Sqd")] * 2),
        Step("1"),
        Step(after=""),  # the dice typed (3 1)
        Step(
            f"attacker 12 on {ACT[5]}, defender 2.5 on {ACT[1]}",
            after=f"attacker 12 on {ACT[5]}, defender 2.5 on {ACT[0]}",
        ),
    ],
    # LHY 1: a towed gun alone against an AFV is destroyed at once: certain
    "tutorial-lhy-immediate-scenario.toml": [
        Step("", [("0303", "57mm M1"), ("0403", "Pz IVH")]),
        Step("100%", [("0303", "57mm M1")]),
        Step(),
        Step(),
        Step(),
    ],
    # LHY 2: a squad +2; ATV >= 0 +1 and AV > 2 +1; cohesion 6 against 2 is +4, limited to +3;
    # fragmented -1; +8 limited to +4 (-4..+4); a d10 + 4 reaches 14 only on a 10: 10%; without
    # the Pz IVH +7 (still limited to +4)
    "tutorial-lhy-limits-scenario.toml": [
        Step("", [("0804", "Green BAR Sec")]),
        Step("", [("0703", "Grenadier Sqd"), ("0704", "Grenadier Sqd"), ("0803", "Grenadier Sqd")]),
        Step("+2", [("0703", "Grenadier Sqd")]),
        Step("+2", [("0705", "Pz IVH")]),
        Step("+3", [("0703", "Grenadier Sqd"), ("0804", "Green BAR Sec")]),
        Step("-1", [("0705", "Pz IVH")]),
        Step("8"),
        Step("+4"),
        Step("10%"),
        Step("8", [("0705", "Pz IVH")], after="7"),
    ],
    # LHY 3: the Germans' own DRMs 2 + 1 + 2 + 2 = +7, the Americans' 2 + 2 = -4; urban
    # building -2, fragmented -1, LATW against an urban building +1; final DRM +1: the 10-13
    # row on a d10 of 9 or 10 (20%), 6-9 on 5 to 8 (40%)
    "tutorial-lhy-saint-clair-scenario.toml": [
        Step(),
        Step(
            "+7",
            [("0405", "Grenadier Sqd"), ("0405", "Panzerschreck")]
            + [("0406", "Grenadier Sqd"), ("0406", "Pz IVH")],
        ),
        Step("-4", [("0506", "M4A3 Sherman"), ("0506", "Rifle Sqd")]),
        Step("-2"),
        Step("-1", [("0406", "Pz IVH")]),
        Step("+1", [("0405", "Panzerschreck")]),
        Step("20%", after="20%"),  # the die typed (9): the chances stay on show
        Step(),
        Step(),
        Step("40%"),
    ],
}
GOLDEN.update(TACTICAL)
FILES: dict[str, list[Step]] = {
    # the example games written as ruleset files (rulesets/): 12:4 in woods reads 2:1, where
    # DR is a 4 or 5: 2/6 (5.1, 6.2, 5.3)
    "hill-and-ford-tutorial-scenario.toml": [
        Step(
            "",
            [("0303", "Red Rifle Regt"), ("0302", "Blue Rifle Div"), ("0202", "Blue Tank Bde")],
        ),
        Step("", [("0302", "Blue Rifle Div"), ("0202", "Blue Tank Bde")]),
        Step("2:1"),
        Step("33.3%"),
        Step(after=""),
    ],
    # 10 - 4 = +6, woods -1; D1R1 on 6 to 8 after the -1: 16/36 (8.1, 9.2, 8.3)
    "hedgerow-line-tutorial-scenario.toml": [
        Step(
            "",
            [("0303", "Red Rifle Coy"), ("0302", "Blue Rifle Coy"), ("0402", "Blue Tank Plt")],
        ),
        Step("", [("0302", "Blue Rifle Coy"), ("0402", "Blue Tank Plt")]),
        Step("-1"),
        Step("44.4%"),
        Step(after=""),
    ],
    # fire 4 + 6 = 10, woods -1; L1D on 7 or 8: 2/10 (3.1, 4.2, 3.3)
    "firefight-tutorial-scenario.toml": [
        Step(
            "",
            [("0303", "Red Rifle Sqd"), ("0302", "Blue Rifle Sqd"), ("0402", "Blue MG Team")],
        ),
        Step("", [("0302", "Blue Rifle Sqd"), ("0402", "Blue MG Team")]),
        Step("-1"),
        Step("20%"),
        Step(after=""),
    ],
}
GOLDEN.update(FILES)


def open_walk(window: MainWindow, name: str) -> TutorialPanel:
    """Open the tutorial as the start page does; its panel (the calculator's for no map)."""
    calculators = len(window.calculators)
    path = next(t.path for t in shipped_tutorials() if t.path.name == name)  # maps/, rulesets/
    assert window.open_tutorial(path), window.errors
    if len(window.calculators) > calculators:
        return window.calculators[-1].tutorial_panel
    return window.tutorial_panel


def highlighted(window: MainWindow, panel: TutorialPanel, out: bool = False) -> list:
    """What the step highlights: (hex, unit) of each counter on the map (``out``: of those it
    marks as left out), or the calculator's entries (side, place) whose rows are marked."""
    if panel is window.tutorial_panel:
        state = window.session.state
        marked = window.walk.marked
        return sorted(
            (state.hexmap.label(state.hex_of(uid)), state.counters[uid].unit.name)
            for uid in (marked.left_out if out else marked.counters)
        )
    calculator = window.calculators[-1]
    return sorted(
        (side, i + 1)
        for side, listing in calculator.lists.items()
        for i in range(listing.count())
        if listing.item(i).background().color() == ROW_COLOUR
    )


def marked_row(table) -> int | None:  # noqa: ANN001
    rows = [
        r for r in range(table.rowCount()) if table.item(r, 0).background().color() == ROW_COLOUR
    ]
    assert len(rows) <= 1
    return rows[0] if rows else None


def test_every_shipped_tutorial_is_walked_here() -> None:
    assert sorted(t.path.name for t in shipped_tutorials()) == sorted(GOLDEN)
    tactical = [t.path.name for t in shipped_tutorials() if loses_steps(t.ruleset)]
    assert sorted(tactical) == sorted(
        [*TACTICAL, *(n for n in FILES if not n.startswith("hill-and-ford"))]
    )  # the example games' own: hedgerow-line and firefight lose steps
    # every ruleset found has a tutorial to walk (one assault per tactical ruleset at least)
    assert {t.ruleset for t in shipped_tutorials()} == set(ruleset_ids())


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_a_tutorial_walks_with_the_numbers_of_the_rules_text(window, qtbot, name) -> None:
    panel = open_walk(window, name)
    golden = GOLDEN[name]
    assert len(panel.walk) == len(golden) == len(panel.steps)
    for i, step in enumerate(golden):
        assert panel.current == i and panel.step_label.text() == f"Step {i + 1} of {len(golden)}"
        assert panel.shown_value() == step.value, (i + 1, panel.shown_value())
        if step.value:
            assert panel.value_label.isVisible() and step.value in panel.value_label.text()
        assert highlighted(window, panel) == sorted(step.counted), i + 1
        if panel is window.tutorial_panel:
            assert highlighted(window, panel, out=True) == sorted(step.out), i + 1
        table = window.combat_panel.steps if panel is window.tutorial_panel else None
        if table is None:
            table = window.calculators[-1].steps
        assert marked_row(table) == panel.marked_row()
        wanted = panel.step().marked_row
        if wanted is not None:  # the row marked is a row of the rule the step is about
            assert table.item(marked_row(table), 0).text() == wanted.key, i + 1
        if step.after is not None:
            assert panel.waiting() and not panel.next_button.isEnabled()
            qtbot.mouseClick(panel.show_me_button, Qt.MouseButton.LeftButton)
            assert not panel.waiting()
            assert panel.shown_value() == step.after, (i + 1, panel.shown_value())
        if i < len(golden) - 1:
            assert panel.next_button.isEnabled()
            qtbot.mouseClick(panel.next_button, Qt.MouseButton.LeftButton)
    assert not panel.next_button.isEnabled()  # the last step
    assert name in done_tutorials(window.settings)
    if panel is not window.tutorial_panel:
        window.calculators[-1].close()


def go_to(qtbot, panel: TutorialPanel, number: int) -> None:  # noqa: ANN001
    while panel.current < number - 1:
        assert panel.next_button.isEnabled(), f"step {panel.current + 1} waits"
        qtbot.mouseClick(panel.next_button, Qt.MouseButton.LeftButton)
    assert panel.current == number - 1


def test_removing_a_unit_moves_the_number_and_restart_puts_it_back(window, qtbot) -> None:
    panel = window.tutorial_panel
    go_to(qtbot, panel, 3)
    assert panel.shown_value() == "10"  # 14D2a: 3 + 2 x 2 + 1 + 2 x 1 non-artillery REs
    state = window.session.state
    rifles = [c.uid for c in state.stack_at(state.hexmap.hex_at("0503"))]
    assert window.session.remove(rifles)
    assert panel.shown_value() == "6"  # the two Rifle XX (2 REs each) gone
    assert highlighted(window, panel) == sorted([HV_XX, HV_X, *TANKS])
    qtbot.mouseClick(panel.restart_button, Qt.MouseButton.LeftButton)
    panel = window.tutorial_panel
    assert panel.current == 0 and len(window.session.state.stack_at(state.hexmap.hex_at("0503")))
    go_to(qtbot, panel, 3)
    assert panel.shown_value() == "10"


def test_changing_the_date_moves_the_number(window, qtbot) -> None:
    panel = open_walk(window, "tutorial-10c1-panzer-scenario.toml")
    go_to(qtbot, panel, 4)
    assert panel.shown_value() == "8"  # 10.C.1: 6 + 2
    combat = window.combat_panel
    combat.date.setText("1941-06")
    combat.date.editingFinished.emit()
    assert window.session.state.conditions.date == "1941-06"
    assert panel.shown_value() == "5"  # full AEC then: 3 REs + 2 converted
    window.tutorial_panel_restart()
    go_to(qtbot, window.tutorial_panel, 4)
    assert window.tutorial_panel.shown_value() == "8"


def test_changing_the_weather_moves_the_net_modifier(window, qtbot) -> None:
    panel = window.tutorial_panel
    go_to(qtbot, panel, 9)
    assert panel.shown_value() == "+1"  # 14D2d: net +1
    window.combat_panel.weather.setCurrentText("mud")
    assert window.session.state.conditions.weather == "mud"
    assert panel.shown_value() != "+1"


@pytest.mark.slow
def test_a_calculator_tutorial_follows_a_changed_unit_and_restarts(window, qtbot) -> None:
    panel = open_walk(window, "tutorial-10c1-tank-brigade-scenario.toml")
    calculator = window.calculators[-1]
    go_to(qtbot, panel, 2)
    assert "REs it converts" in panel.value_label.text()  # the step's label names its number
    go_to(qtbot, panel, 3)
    assert panel.shown_value() == "2"  # 10.C.1: tank brigade + motorized regiment
    calculator.combat.remove("attacker", 1)
    calculator.refresh()
    assert panel.shown_value() == "1"  # nothing left to convert
    qtbot.mouseClick(panel.restart_button, Qt.MouseButton.LeftButton)
    assert panel.current == 0 and len(calculator.combat.entries("attacker")) == 2
    go_to(qtbot, panel, 3)
    assert panel.shown_value() == "2"
    calculator.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is calculator)
    alt = Qt.KeyboardModifier.AltModifier
    qtbot.keyClick(QApplication.focusWidget() or calculator, Qt.Key.Key_Left, alt)
    assert panel.current == 1
    qtbot.keyClick(QApplication.focusWidget() or calculator, Qt.Key.Key_Right, alt)
    assert panel.current == 2
    keys = calculator.show_keys().text()
    assert "Alt+Right" in keys and "Next Tutorial Step" in keys and "Restart Tutorial" in keys
    calculator.close()


def test_a_step_waits_until_it_is_done_and_show_me_does_it(window, qtbot) -> None:
    panel = window.tutorial_panel
    go_to(qtbot, panel, 2)  # the attack on 0504: the tutorial opens with it set up, and says so
    assert not panel.waiting() and not panel.show_me_button.isEnabled()
    # pins the wording a player reads in the tutorial's to-do line
    assert (
        "\u2713 Done:</span> the attack on 0504 is set up in the Combat panel, as the "
        "tutorial opens (to set it up yourself: select 0504 and press Attack, A)"
        in (panel.todo_label.text())
    )
    window.combat_panel.stop()
    assert panel.waiting() and not panel.next_button.isEnabled()
    assert one_says(
        panel.todo_label.text(),
        figures=["0504"],
        names=["To do", "Set up the attack on 0504", "Attack, A"],
    )
    assert panel.show_me_button.isEnabled()
    assert not panel.next_step()
    window.view.setFocus()
    qtbot.keyClick(window, Qt.Key.Key_M)  # Show me, from the keyboard
    assert window.combat_panel.target == window.session.state.hexmap.hex_at("0504")
    assert not panel.waiting() and panel.next_button.isEnabled()
    assert "\u2713 Done" in panel.todo_label.text()


def test_the_keys_walk_and_help_lists_them(window, qtbot) -> None:
    panel = window.tutorial_panel
    window.view.setFocus()
    for key in (Qt.Key.Key_S, Qt.Key.Key_S):
        qtbot.keyClick(window, key)
    assert panel.current == 2
    qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ShiftModifier)
    assert panel.current == 1
    qtbot.keyClick(
        window,
        Qt.Key.Key_R,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert window.tutorial_panel.current == 0
    text = window.show_help("keys").text()
    for line in ("S: Next Tutorial Step", "Shift+S: Previous Tutorial Step", "M: Show Me",
                 "Ctrl+Shift+R: Restart Tutorial"):  # fmt: skip
        assert line in text, line


def test_a_reading_is_said_where_the_step_relies_on_it(window, qtbot) -> None:
    panel = open_walk(window, "tutorial-10i-heavy-armour-scenario.toml")
    go_to(qtbot, panel, 3)
    assert panel.reading_label.isVisible()
    assert "four heavy armour units" in panel.reading_label.text()
    panel = open_walk(window, "tutorial-10d-river-other-side-scenario.toml")
    go_to(qtbot, panel, 3)
    assert "one force for conversions" in panel.reading_label.text()


def test_the_map_marks_the_terrain_the_range_ring_and_the_river_hexsides(window, qtbot) -> None:
    panel = open_walk(window, "tutorial-14a3-lra-scenario.toml")
    hexmap = window.session.state.hexmap
    marks = {hexmap.label(h): role for h, role in window.walk.marked.hexes.items()}
    assert marks.pop("0504") == "terrain"
    # the hexes exactly two from 0504 (maps/README.md)
    assert sorted(h for h, role in marks.items() if role == "ring") == [
        "0303", "0304", "0305", "0402", "0405", "0502", "0506", "0602", "0605", "0703", "0704",
        "0705",
    ]  # fmt: skip
    panel = open_walk(window, "tutorial-10d-river-same-side-scenario.toml")
    hexmap = window.session.state.hexmap
    sides = sorted(sorted(hexmap.label(h) for h in s.hexes) for s in window.walk.marked.hexsides)
    assert sides == [["0403", "0504"], ["0503", "0504"]]
    assert panel.current == 0


def test_the_start_page_lists_every_tutorial_by_rule_and_by_game(window, qtbot) -> None:
    page = window.show_start_page()
    names = sorted(t.path.name for t in shipped_tutorials())
    by_rule, by_game = page.listed(page.by_rule), page.listed(page.by_game)
    assert sorted(n for n, _s, _d in by_rule) == names == sorted(n for n, _s, _d in by_game)
    assert all(summary for _n, summary, _d in by_rule)
    games = [page.by_game.topLevelItem(i).text(0) for i in range(page.by_game.topLevelItemCount())]
    assert "Total War (Europa)" in games and "Europa rule 10 revision (armour ratios)" in games
    listed = [page.by_rule.topLevelItem(i).text(0) for i in range(page.by_rule.topLevelItemCount())]
    # the numbered rules (the tactical aids number none: their tutorials come first), by number:
    # the example games' own 3.1, 5.1 and 8.1 before Europa's 10.B.2
    rules = [t.split(":")[0] for t in listed if t[:1].isdigit()][:5]
    assert rules == ["3.1", "5.1", "8.1", "10.B.2", "10.B.3"]
    games = [page.by_game.topLevelItem(i).text(0) for i in range(page.by_game.topLevelItemCount())]
    assert "Hill and Ford: odds on one d6" in games  # a ruleset file's game, by its title
    assert all(done == "" for _n, _s, done in by_rule)
    # walking one to its end marks it done, remembered in the settings
    panel = window.tutorial_panel
    go_to(qtbot, panel, len(panel.steps))
    page = window.show_start_page()
    done = {n for n, _s, d in page.listed() if d}
    assert done == {"tutorial-14d2d-scenario.toml"}
    # opening one from the page lays it out
    item = next(
        page.by_rule.topLevelItem(i)
        for i in range(page.by_rule.topLevelItemCount())
        if page.by_rule.topLevelItem(i).text(0).startswith("10.D")
    )
    page.by_rule.setCurrentItem(item)
    page.open_chosen()
    QApplication.processEvents()
    assert window.source_path.name.startswith("tutorial-10d-")
    assert not page.isVisible()


def test_opening_with_no_file_shows_the_start_page_over_the_built_in_tutorial(qtbot, tmp_path):  # noqa: ANN001
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(settings)
    qtbot.addWidget(win)
    assert open_start(win, None)
    win.show()
    assert greet(win, None)
    assert win.start_page is not None and win.start_page.isVisible()
    assert win.source_path == default_tutorial()  # still there behind the page
    assert not greet(win, str(default_tutorial()))  # a file given: no page
    win.start_page.close()
    help_menu = win.menuBar().actions()[-1].menu()
    (tutorials,) = [a for a in help_menu.actions() if a.text() == "&Tutorials"]
    tutorials.trigger()
    assert win.start_page.isVisible()


def test_a_calculator_step_waits_for_an_entry_removed_and_restart_puts_it_back(window, qtbot):  # noqa: ANN001
    panel = open_walk(window, "tutorial-10c1-tank-brigade-scenario.toml")
    calculator = window.calculators[-1]
    go_to(qtbot, panel, 4)
    assert panel.waiting() and panel.todo_label.isVisible()
    assert one_says(panel.todo_label.text(), names=["Remove the Mot Inf III", "attackers"])
    assert panel.shown_value() == "2"  # 10.C.1: 1 + 1 converted
    calculator.combat.remove("attacker", 1)  # the player's Delete on the Mot Inf III
    calculator.refresh()
    assert not panel.waiting() and "\u2713 Done" in panel.todo_label.text()
    assert panel.shown_value() == "1"  # nothing left to convert
    qtbot.mouseClick(panel.restart_button, Qt.MouseButton.LeftButton)
    go_to(qtbot, panel, 4)
    assert panel.waiting() and panel.shown_value() == "2"
    calculator.close()


def test_the_tactical_tutorials_mark_the_terrain_the_river_hexsides_and_the_hill(window, qtbot):  # noqa: ANN001
    def marks() -> dict[str, str]:
        hexmap = window.session.state.hexmap
        return {hexmap.label(h): role for h, role in window.walk.marked.hexes.items()}

    def hexsides() -> list[list[str]]:
        hexmap = window.session.state.hexmap
        found = window.walk.marked.hexsides
        return sorted(sorted(hexmap.label(h) for h in side.hexes) for side in found)

    panel = open_walk(window, "tutorial-assault-morale-woods-scenario.toml")
    go_to(qtbot, panel, 3)  # ACT shift: the defenders in woods, one left
    assert marks() == {"0303": "terrain"}
    panel = open_walk(window, "tutorial-assault-morale-river-scenario.toml")
    go_to(qtbot, panel, 3)  # ACT shift: assaulting across the major river Mius
    assert hexsides() == [["0805", "0906"], ["0806", "0906"]]
    panel = open_walk(window, "tutorial-assault-morale-hill-scenario.toml")
    go_to(qtbot, panel, 6)  # ACT shift: the hill, higher than every hex the attackers came from
    assert marks() == {"1103": "terrain", "1002": "counted", "1003": "counted"}
    go_to(qtbot, panel, 7)  # the dice: the step waits for them, Show me types 3 1
    assert panel.waiting()
    assert one_says(
        panel.todo_label.text(),
        figures=["3", "1"],
        names=["Roll the dice", "Roll, R", "type them (D)"],
    )
    qtbot.mouseClick(panel.show_me_button, Qt.MouseButton.LeftButton)
    assert window.session.state.pending_roll is not None
    go_to(qtbot, panel, 8)  # the first round over: the step waits for the condition turned off
    assert one_says(
        panel.todo_label.text(), names=["Turn", "First round of the assault", "ACT shift", "off"]
    )


def test_the_start_page_lists_the_tactical_tutorials_under_their_games(window) -> None:  # noqa: ANN001
    page = window.show_start_page()
    games = {
        page.by_game.topLevelItem(i).text(0): [
            page.by_game.topLevelItem(i).child(j).data(0, Qt.ItemDataRole.UserRole)
            for j in range(page.by_game.topLevelItem(i).childCount())
        ]
        for i in range(page.by_game.topLevelItemCount())
    }
    names = {game: sorted(Path(p).name for p in paths) for game, paths in games.items()}
    tactical = {t.ruleset for t in shipped_tutorials() if loses_steps(t.ruleset)}
    assert len(tactical) >= 2
    for ruleset in tactical:  # each under the game its ruleset declares
        assert names[game_of(ruleset)] == sorted(
            t.path.name for t in shipped_tutorials() if t.ruleset == ruleset
        )
    page.close()


def test_show_me_takes_back_dice_rolled_before_a_step_that_changes_the_assault(window, qtbot):  # noqa: ANN001
    # ACT 1: step 10 asks for the dice; step 11 unticks Lt Brandt, which the Combat panel
    # refuses while a rolled result waits: Show me undoes the roll, then unticks him
    panel = open_walk(window, "tutorial-assault-morale-woods-scenario.toml")
    go_to(qtbot, panel, 10)
    assert panel.waiting()  # for the dice
    assert window.combat_panel.roll([6, 3]) is not None
    assert not panel.waiting()
    assert window.session.state.pending_roll is not None
    go_to(qtbot, panel, 11)
    assert panel.waiting() and "the dice are rolled: Undo them first" in panel.todo_label.text()
    qtbot.mouseClick(panel.show_me_button, Qt.MouseButton.LeftButton)
    assert window.session.state.pending_roll is None
    assert not panel.waiting() and panel.shown_value() == "13-17"  # ACT: 15 on 13-17, no leader


def test_a_saved_tutorial_still_walks_with_its_numbers(window, qtbot, tmp_path) -> None:  # noqa: ANN001
    # 14D2d saved mid-way and opened again: the steps walk from the shipped tutorial's file
    # (same title and texts), computed from the saved game's counters
    saved = tmp_path / "14d2d.hexgame"
    assert window._save_to(saved)
    assert window.open_file(saved), window.errors
    panel = window.tutorial_panel
    assert len(panel.walk) == len(panel.steps) == 10
    assert panel.shown_value().startswith("not worked out: no attack is set up")
    go_to(qtbot, panel, 2)  # the attack: a save opens without one, so the step waits for it
    assert panel.waiting()
    qtbot.mouseClick(panel.show_me_button, Qt.MouseButton.LeftButton)
    go_to(qtbot, panel, 4)
    assert panel.shown_value() == "+1"  # 14D2a: 2 heavy of 10 REs
    assert highlighted(window, panel) == sorted([HV_XX, HV_X])
    qtbot.mouseClick(panel.restart_button, Qt.MouseButton.LeftButton)
    assert window.source_path.name == "tutorial-14d2d-scenario.toml"  # the example put back


def test_the_14a3_steps_untick_each_inf_xx_and_the_artillery_alone_is_refused(window, qtbot):  # noqa: ANN001
    # 14A3: "LRA may not attack by itself when firing at two-hex range"
    panel = open_walk(window, "tutorial-14a3-lra-scenario.toml")
    go_to(qtbot, panel, 4)
    assert panel.waiting() and "Untick the Inf XX in 0503" in panel.todo_label.text()
    qtbot.mouseClick(panel.show_me_button, Qt.MouseButton.LeftButton)
    assert window.combat_panel.model.report.totals["attack_strength"] == 9  # 6 + 3
    qtbot.mouseClick(panel.next_button, Qt.MouseButton.LeftButton)
    assert panel.waiting()
    qtbot.mouseClick(panel.show_me_button, Qt.MouseButton.LeftButton)
    model = window.combat_panel.model
    assert model.report is None
    assert one_says(model.problem, rules=["14A3"], names=["may not attack alone", "two hexes"])
    assert not panel.waiting() and panel.next_button.isEnabled()


def test_the_10c_step_unticks_only_the_tank_ii_and_says_where_it_is(window, qtbot):  # noqa: ANN001
    # 10.C (example 9): the Tank II shares 0604 with two Tank XXX and a Tank X, which still
    # attack once it is unticked: 25 : 5 = 5:1
    panel = open_walk(window, "tutorial-10c-ratio-scenario.toml")
    go_to(qtbot, panel, 7)
    todo = panel.todo_label.text()
    assert "Untick the Tank II in 0604" in todo and "click its arrow" in todo
    qtbot.mouseClick(panel.show_me_button, Qt.MouseButton.LeftButton)
    combat = window.combat_panel
    names = {window.session.state.counters[u].unit.name for u in combat.attacker_uids()}
    assert names == {"Tank XXX", "Tank X"} and len(combat.attacker_uids()) == 9
    stack = combat.candidate_tree.topLevelItem(2)
    assert stack.isExpanded() and stack.checkState(0) == Qt.CheckState.PartiallyChecked
    assert "click its arrow" not in panel.todo_label.text()  # done


def test_after_apply_a_step_still_shows_the_combat_just_fought(window, qtbot) -> None:  # noqa: ANN001
    """LHY 3, step 7: the die 9 typed (10-13, 20%), the result applied; while its follow-ups
    are rolled the step's number is still that combat's, not "no attack is set up"."""
    panel = open_walk(window, "tutorial-lhy-saint-clair-scenario.toml")
    go_to(qtbot, panel, 7)
    qtbot.mouseClick(panel.show_me_button, Qt.MouseButton.LeftButton)  # types the 9
    combat = window.combat_panel
    assert combat.resolution is not None and combat.resolution.result.code == "DL"
    for start, ends in combat.retreat_ends.items():
        if ends:
            combat.pick_retreat(start, sorted(ends, key=window.session.state.hexmap.label)[0])
    assert combat.apply(), combat.problems.text()
    assert combat.report is None and window.session.state.follow_ups is not None
    assert panel.shown_value() == "20%"
    assert "<i>" not in panel.value_label.text()
    qtbot.mouseClick(panel.back_button, Qt.MouseButton.LeftButton)
    assert panel.shown_value() == "+1"  # the final DRM of the combat fought


@pytest.mark.parametrize(
    "name", ["tutorial-lhy-saint-clair-scenario.toml", "tutorial-assault-morale-town-scenario.toml"]
)
def test_a_tactical_tutorial_opens_where_its_hex_labels_print(window, qtbot, name) -> None:  # noqa: ANN001
    from hexcombat.ui.board_item import LABEL_LEVEL, tile_level

    window.resize(1280, 800)
    qtbot.wait(50)
    open_walk(window, name)
    qtbot.wait(50)
    view, state = window.view, window.session.state
    assert tile_level(view.scale_factor) >= LABEL_LEVEL  # the board prints the hex numbers
    target = window.combat_panel.target
    assert target is not None
    seen = view.mapToScene(view.viewport().rect()).boundingRect()
    assert seen.contains(window.scene.hex_centre(target)), state.hexmap.label(target)
