"""The Combat panel takes its words from the ruleset: a control for each condition the ruleset
declares, picked by the condition's kind; the phases of its turn sequence; the losses chooser
of its loss policy's kind; and typed dice asked for as the resolution needs them. The 14D2d
tutorial: 3:1, DRM +1 (the rules text's worked example)."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QSpinBox
from uihelpers import CombatBench

import hexcombat.game.attack_model as attack_model_module
import hexcombat.game.roll as roll_module
from hexcombat.rules.report import final_drm
from hexcombat.rules.vocabulary import ConditionSpec
from hexcombat.ui import condition_controls, loss_choosers
from hexcombat.ui.condition_controls import CONDITION_CONTROLS, condition_control
from hexcombat.ui.loss_choosers import LOSS_CHOOSERS, LossChooser, loss_kind
from meaning import says, says_in

UI = Path(condition_controls.__file__).parent


def test_each_condition_the_ruleset_declares_has_a_control_of_its_kind(
    bench: CombatBench, qtbot
) -> None:
    panel = bench.combat_panel
    vocabulary = panel.model.vocabulary
    assert set(panel.condition_controls) == {c.key for c in vocabulary.conditions}
    assert set(panel.condition_boxes) == {c.key for c in vocabulary.conditions if c.kind == "bool"}
    assert panel.condition_boxes["fortified"].text() == "Fortified (10.B.1)"
    fortification = panel.condition_controls["fortification"]
    spin = fortification.widget.findChild(QSpinBox)
    # 14D1 names -1..-3; a stronger one from the player's own chart is allowed (and warned of),
    # a positive one never: it would help the attacker
    assert (spin.minimum(), spin.maximum(), spin.value()) == (-9, 0, 0)
    assert fortification.widget.findChild(QLabel).text() == "Fortification DRM (14D1)"
    bench.attack()
    spin.setValue(-2)  # as the player steps it down
    assert final_drm(panel.report) == -1  # +1, and the fortification's -2 (14D1)
    assert panel.odds.text() == "3:1   DRM -1"
    assert "fortification drm -2" in panel.setup_toggle.toolTip()
    spin.setValue(1)  # a fortification never helps the attacker: the box stops at 0
    assert spin.value() == 0 and final_drm(panel.report) == 1


def test_the_phase_box_lists_the_ruleset_s_turn_sequence(bench: CombatBench) -> None:
    panel = bench.combat_panel
    phases = panel.model.vocabulary.phases
    assert [panel.phase.itemText(i) for i in range(panel.phase.count())] == [
        "initial",
        "movement",
        "reaction",
        "combat",
        "exploitation",
    ]
    assert [p.name for p in phases] == [panel.phase.itemText(i) for i in range(panel.phase.count())]
    assert "10.G" in panel.phase.itemData(1, Qt.ItemDataRole.ToolTipRole)


def test_a_control_is_picked_by_the_condition_s_kind() -> None:
    chosen: list[object] = []
    flag = condition_control(ConditionSpec("dug_in", "bool", "Dug in", "7.1"), chosen.append)
    number = condition_control(
        ConditionSpec("range", "int", "Range", "8.2", default=1, low=1, high=4), chosen.append
    )
    choice = condition_control(
        ConditionSpec("light", "choice", "Light", "9", default="day", choices=("day", "night")),
        chosen.append,
    )
    assert isinstance(flag.widget, QCheckBox) and flag.widget.text() == "Dug in (7.1)"
    spin = number.widget.findChild(QSpinBox)
    assert (spin.minimum(), spin.maximum(), spin.value()) == (1, 4, 1)
    combo = choice.widget.findChild(QComboBox)
    assert [combo.itemText(i) for i in range(combo.count())] == ["day", "night"]
    flag.widget.setChecked(True)
    spin.setValue(3)
    combo.setCurrentText("night")
    assert chosen == [True, 3, "night"]
    number.show_value(2)  # shown, not chosen
    assert spin.value() == 2 and chosen == [True, 3, "night"]
    assert set(CONDITION_CONTROLS) == {"bool", "int", "choice"}
    with pytest.raises(ValueError, match="no control for a 'dial' condition"):
        condition_control(ConditionSpec("x", "dial", "X", "1"), chosen.append)  # type: ignore[arg-type]


def test_the_losses_chooser_is_picked_by_the_loss_policy_s_kind(
    bench: CombatBench, qtbot, monkeypatch: pytest.MonkeyPatch
) -> None:
    class StepLosses(LossChooser):
        kind = "steps"

        def show_resolution(self, model) -> None:  # noqa: ANN001
            self.shown = model.resolution

        def chosen(self) -> list[str]:
            return []

        def side_lines(self, model, req) -> list[str]:  # noqa: ANN001
            return [f"The {req.side} loses a step."]

    monkeypatch.setitem(LOSS_CHOOSERS, "steps", StepLosses)
    panel = bench.combat_panel
    bench.attack()
    resolution = panel.roll([1])  # 3:1, die 1 + DRM 1 = 2
    assert loss_kind(resolution) == loss_choosers.STRENGTH_POINTS  # today's rulesets
    assert panel.losses is not None and panel.losses_label is not None
    # a ruleset whose units lose steps (what each side must do still read as today's)
    resolution.losses = SimpleNamespace(kind="steps", side=resolution.losses.side)
    panel.show_resolution(resolution)
    assert isinstance(panel.loss_chooser, StepLosses) and panel.loss_chooser.shown is resolution
    assert "The defender loses a step." in panel.result_text()
    assert panel.losses is None


def test_a_follow_up_die_is_asked_for_under_the_typed_dice(
    bench: CombatBench, qtbot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No shipped ruleset rolls a follow-up die yet: this one rolls a morale check after every
    result, as a tactical ruleset does after a hit."""
    real = roll_module.resolve_attack

    def with_morale_check(state, setup, dice=None):  # noqa: ANN001, ANN202
        resolution = real(state, setup, dice)
        (dice or state.dice).roll(6, "morale check")
        return resolution

    monkeypatch.setattr(roll_module, "resolve_attack", with_morale_check)
    monkeypatch.setattr(attack_model_module, "resolve_attack", with_morale_check)
    panel = bench.combat_panel
    bench.attack()
    panel.typed_roll.setText("4")
    qtbot.keyClick(panel.typed_roll, Qt.Key.Key_Return)
    assert bench.state.pending_roll is None
    assert panel.roll_problem.isVisible()
    assert says(panel.roll_problem.text(), names=["one more die", "d6", "morale check"])
    # only typed dice give the die asked for now: "type", not "or type"
    assert panel.typed_roll.placeholderText() == "type 2 numbers, the combat die first"
    assert not panel.typed_roll.placeholderText().startswith("or")
    assert says(
        panel.typed_roll.toolTip(),
        figures=["2", "4", "2"],
        names=["physical roll", "the combat die (d6)", "then the morale check (d6)", "Return"],
    )
    panel.typed_roll.setText("4")  # the die asked for not typed yet: said under the field
    qtbot.keyClick(panel.typed_roll, Qt.Key.Key_Return)
    assert says_in(
        panel.roll_problem.text(), figures=["2", "1"], names=["rolls 2 dice", "1 number"]
    )
    panel.typed_roll.setText("4 3")
    qtbot.keyClick(panel.typed_roll, Qt.Key.Key_Return)
    pending = bench.state.pending_roll
    assert pending is not None and pending.rolls == (4, 3)
    assert panel.roll_problem.isHidden() and panel.resolution is pending.resolution


def test_the_panel_names_no_rule_of_a_particular_ruleset() -> None:
    rule = re.compile(r"\b\d{1,2}(?:\.[A-Z](?:\.\d)?|[A-Z]\d[a-z]?)\b")
    for name in ("combat_panel.py", "condition_controls.py", "loss_choosers.py"):
        text = (UI / name).read_text(encoding="utf-8")
        assert rule.findall(text) == [], name
        assert "CONDITION_BOXES" not in text and "OVERRUN" not in text, name


def test_the_dice_prompt_asks_for_what_the_attack_rolls_and_nothing_without_one(
    window, qtbot
) -> None:  # noqa: ANN001
    from PySide6.QtCore import Qt
    from uihelpers import start_attack

    from hexcombat.ui.combat_panel import NO_ATTACK_DICE

    panel = window.combat_panel
    window.combat_panel.stop()
    assert panel.typed_roll.placeholderText() == NO_ATTACK_DICE
    start_attack(window, qtbot)
    assert says(  # 14D2d: one d6, the combat die
        panel.typed_roll.placeholderText(), figures=["4"], names=["or type", "the combat die (d6)"]
    )
    panel.typed_roll.setText("1")
    qtbot.keyClick(panel.typed_roll, Qt.Key.Key_Return)
    assert panel.apply(), panel.problems.text()
    assert panel.typed_roll.placeholderText() == NO_ATTACK_DICE  # not the dice of no attack
