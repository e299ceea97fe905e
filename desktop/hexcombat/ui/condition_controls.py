"""The controls for a ruleset's conditions, picked by each condition's kind: a check box for a
flag, a spin box for a number within its bounds, a combo box for a choice (as napari picks a
layer's controls by the layer's type). Label, rule reference and tooltip come from the
ruleset's :class:`~hexcombat.rules.vocabulary.ConditionSpec`; a condition the phase sets is
shown as set by the phase, and cannot be changed by hand.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QCheckBox, QComboBox, QHBoxLayout, QLabel, QSpinBox, QWidget

from hexcombat.rules.vocabulary import ConditionSpec, ConditionValue, PhaseSpec

Chosen = Callable[[ConditionValue], None]
"""Called with the value a player chose."""

SPIN_BOUND = 99
"""How far a number condition without a declared bound may go."""


def spec_text(spec: ConditionSpec) -> str:
    """``Label (rule)``: what a player reads beside the control."""
    return f"{spec.label} ({spec.rule})" if spec.rule else spec.label


def spec_words(spec: ConditionSpec) -> str:
    """``label (rule)``, lower case: the condition inside a sentence."""
    return f"{spec.label.lower()} ({spec.rule})" if spec.rule else spec.label.lower()


def setting_phases(spec: ConditionSpec, phases: tuple[PhaseSpec, ...]) -> list[PhaseSpec]:
    """The phases of the turn sequence that set ``spec``."""
    return [p for p in phases if spec.key in p.sets]


def phase_tooltip(spec: ConditionSpec, phase: PhaseSpec | None, setters: list[PhaseSpec]) -> str:
    """Why a condition the phase sets is (or is not) set now, and which phase sets it."""
    help_text = f": {spec.help}" if spec.help else ""
    if phase is not None:
        return (
            f"The {phase.name} phase sets {spec_words(spec)}{help_text}. The phase sets this box."
        )
    names = " or ".join(p.name for p in setters) or "no"
    return (
        f"{spec_text(spec)}{help_text}. Set the phase to {names} to have it; the phase sets "
        "this box."
    )


def phase_note(spec: ConditionSpec, phase: PhaseSpec) -> str:
    """The line under the conditions while ``phase`` sets ``spec``: ``The <phase> phase sets
    <label> (<rule>): <help>.``"""
    help_text = f": {spec.help}" if spec.help else ""
    return f"The {phase.name} phase sets {spec_words(spec)}{help_text}."


class ConditionControl:
    """One condition's control: its widget, its value, and how it shows the phase setting it."""

    def __init__(self, spec: ConditionSpec, chosen: Chosen) -> None:
        self.spec = spec
        self._chosen = chosen
        self._showing = False

    widget: QWidget
    """What goes into the conditions box."""

    def value(self) -> ConditionValue:
        raise NotImplementedError

    def _put(self, value: ConditionValue) -> None:
        raise NotImplementedError

    def show_value(self, value: ConditionValue) -> None:
        """Show ``value`` without it counting as the player's choice."""
        self._showing = True
        try:
            self._put(value)
        finally:
            self._showing = False

    def _changed(self) -> None:
        if not self._showing:
            self._chosen(self.value())

    def show_phase(self, phase: PhaseSpec | None, setters: list[PhaseSpec]) -> None:
        """For a condition the phase sets: ``phase`` is the one setting it now (else None)."""
        self.widget.setEnabled(not self.spec.set_by_phase)
        self.widget.setToolTip(phase_tooltip(self.spec, phase, setters))


class CheckControl(ConditionControl):
    """A flag: a check box."""

    def __init__(self, spec: ConditionSpec, chosen: Chosen) -> None:
        super().__init__(spec, chosen)
        self.box = QCheckBox(spec_text(spec))
        self.box.setToolTip(spec.help)
        self.box.toggled.connect(lambda _on: self._changed())
        self.widget = self.box

    def value(self) -> ConditionValue:
        return self.box.isChecked()

    def _put(self, value: ConditionValue) -> None:
        self.box.setChecked(bool(value))

    def show_phase(self, phase: PhaseSpec | None, setters: list[PhaseSpec]) -> None:
        super().show_phase(phase, setters)
        text = spec_text(self.spec)
        self.box.setText(f"{text}: {phase.name} phase" if phase else text)


class _Labelled(ConditionControl):
    """A label with the condition's words, and the control beside it."""

    def _row(self, control: QWidget) -> QWidget:
        row = QWidget()
        layout = QHBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        label = QLabel(spec_text(self.spec))
        label.setBuddy(control)
        layout.addWidget(label)
        layout.addWidget(control)
        layout.addStretch(1)
        row.setToolTip(self.spec.help)
        return row


class SpinControl(_Labelled):
    """A whole number within the condition's bounds: a spin box."""

    def __init__(self, spec: ConditionSpec, chosen: Chosen) -> None:
        super().__init__(spec, chosen)
        self.spin = QSpinBox()
        self.spin.setObjectName(f"Condition-{spec.key}")
        low = spec.low if spec.low is not None else -SPIN_BOUND
        high = spec.high if spec.high is not None else SPIN_BOUND
        self.spin.setRange(low, high)
        self.spin.setValue(int(spec.default))
        self.spin.valueChanged.connect(lambda _v: self._changed())
        self.widget = self._row(self.spin)

    def value(self) -> ConditionValue:
        return self.spin.value()

    def _put(self, value: ConditionValue) -> None:
        self.spin.setValue(int(value))


class ChoiceControl(_Labelled):
    """One of the condition's choices: a combo box."""

    def __init__(self, spec: ConditionSpec, chosen: Chosen) -> None:
        super().__init__(spec, chosen)
        self.combo = QComboBox()
        self.combo.setObjectName(f"Condition-{spec.key}")
        self.combo.addItems(list(spec.choices))
        self.combo.setCurrentText(str(spec.default))
        self.combo.currentTextChanged.connect(lambda _t: self._changed())
        self.widget = self._row(self.combo)

    def value(self) -> ConditionValue:
        return self.combo.currentText()

    def _put(self, value: ConditionValue) -> None:
        self.combo.setCurrentText(str(value))


CONDITION_CONTROLS: dict[str, Callable[[ConditionSpec, Chosen], ConditionControl]] = {
    "bool": CheckControl,
    "int": SpinControl,
    "choice": ChoiceControl,
}
"""The control for each kind of condition; a new kind registers its control here."""


def condition_control(spec: ConditionSpec, chosen: Chosen) -> ConditionControl:
    """The control for ``spec``, by its kind; ``chosen`` hears what the player sets."""
    make = CONDITION_CONTROLS.get(spec.kind)
    if make is None:
        raise ValueError(f"no control for a {spec.kind!r} condition ({spec.key})")
    return make(spec, chosen)
