"""The control a player ticks losses in, picked by the kind of the ruleset's loss policy:
``strength-points`` (a list of the counters a result takes points from, each with what it is
worth) and ``steps`` (how many steps each unit loses); a ruleset with another kind of loss
registers its own chooser under its kind.
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFormLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from hexcombat.game.attack import SIDES, Resolution
from hexcombat.game.attack_model import AttackModel
from hexcombat.game.commands import plural
from hexcombat.rules.vocabulary import SideName

UID_ROLE = Qt.ItemDataRole.UserRole
STRENGTH_POINTS = "strength-points"
"""The loss policy of the operational rulesets (``LossPolicy.kind``)."""
STEPS = "steps"
"""The loss policy of a ruleset whose units lose steps."""


@dataclass(frozen=True)
class LossSide:
    """Which side's losses a chooser states."""

    side: SideName


LossesChosen = Callable[[list[str]], None]
"""Called with the counters ticked as lost."""


def sides_losing(resolution: Resolution) -> list[Any]:
    """The sides a strength-point policy makes lose points, the defender first: the only ones a
    player ticks losses from (a stack with no legal retreat is eliminated without ticking).
    Each is the policy's account of a side: its ``side``, ``uids`` and their ``strength``."""
    policy = resolution.losses
    return [policy.side(side) for side in SIDES if policy.offered(side)]  # type: ignore[attr-defined]


def loss_kind(resolution: Resolution) -> str:
    """The kind of the loss policy ``resolution`` is under (its ``losses``; strength points
    for a policy that names no kind)."""
    policy = getattr(resolution, "losses", None)
    kind = getattr(policy, "kind", None)
    return kind if isinstance(kind, str) else STRENGTH_POINTS


class LossChooser(QWidget):
    """Where the player chooses a result's losses under one kind of loss policy."""

    kind = ""
    states: frozenset[str] = frozenset()
    """The kinds of effect the chooser's lines state (the panel words the others)."""

    def __init__(self, chosen: LossesChosen) -> None:
        super().__init__()
        self._chosen = chosen

    def _headed(self, heading: str) -> QVBoxLayout:
        """The chooser's layout, under the line that says what to do."""
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.label = QLabel(heading)
        self.label.setWordWrap(True)
        layout.addWidget(self.label)
        return layout

    def show_resolution(self, model: AttackModel) -> None:
        """Offer the losses of the model's rolled result, the model's choice ticked."""
        raise NotImplementedError

    def chosen(self) -> list[str]:
        """The counters chosen as losing."""
        raise NotImplementedError

    def side_lines(self, model: AttackModel, req: LossSide) -> list[str]:
        """What ``req``'s side must still lose, as rich text lines of the result."""
        raise NotImplementedError


class StrengthPointLosses(LossChooser):
    """Tick the counters lost; each says its side, its strength points and its hex."""

    kind = STRENGTH_POINTS
    states = frozenset({"eliminate", "lose-points"})

    def __init__(self, chosen: LossesChosen) -> None:
        super().__init__(chosen)
        self._filling = False
        layout = self._headed("Losses (tick the units lost):")
        self.list = QListWidget()
        self.list.itemChanged.connect(lambda _i: self._ticked())
        layout.addWidget(self.list)

    def show_resolution(self, model: AttackModel) -> None:
        """The counters of each side the result takes points from, the model's losses ticked."""
        resolution, state = model.resolution, model.state
        assert resolution is not None
        self._filling = True
        self.list.clear()
        chosen = set(model.losses)
        losing = sides_losing(resolution)  # a side the result takes nothing from is not offered
        for req in losing:
            for uid in req.uids:
                counter = state.counters[uid]
                item = QListWidgetItem(
                    f"{req.side}: {counter.unit.name} ({plural(req.strength[uid], 'point')}, "
                    f"{state.hexmap.label(state.hex_of(uid))})"
                )
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(
                    Qt.CheckState.Checked if uid in chosen else Qt.CheckState.Unchecked
                )
                item.setData(UID_ROLE, uid)
                self.list.addItem(item)
        self.label.setText(
            "Losses (tick the units lost):"
            if losing
            else f"Losses: none, the result {resolution.result.code} takes no strength points."
        )
        self.list.setVisible(bool(losing))
        rows = max(2, min(12, self.list.count()))
        row = self.list.sizeHintForRow(0) if self.list.count() else 18
        self.list.setFixedHeight(rows * row + 2 * self.list.frameWidth() + 4)
        self._filling = False

    def chosen(self) -> list[str]:
        """The counters ticked as lost."""
        return [
            self.list.item(i).data(UID_ROLE)
            for i in range(self.list.count())
            if self.list.item(i).checkState() == Qt.CheckState.Checked
        ]

    def _ticked(self) -> None:
        if not self._filling:
            self._chosen(self.chosen())

    def side_lines(self, model: AttackModel, req: LossSide) -> list[str]:
        """What ``req``'s side must lose for the losses ticked now (the attacker's grow with
        the defender's in an exchange), as rich text."""
        resolution = model.resolution
        assert resolution is not None
        losses, policy = model.losses, resolution.losses
        needed = policy.needed(req.side, losses)
        side_of = getattr(policy, "side", None)
        if side_of is None:  # a policy with only the contract's methods (a ruleset file's)
            worth = policy.worth(req.side)
            ticked_worth = sum(worth.get(u, 0) for u in losses)
            return (
                [
                    f"The {html.escape(req.side)} loses at least "
                    f"<b>{plural(needed, 'strength point')}</b>: {ticked_worth} ticked."
                ]
                if needed > 0
                else []
            )
        points = side_of(req.side)
        if points.eliminate_all:
            return [f"The {html.escape(req.side)} is eliminated."]
        if needed <= 0:
            return []
        ticked = sum(points.strength[u] for u in losses if u in points.strength)
        why = ""
        exchange = getattr(policy, "exchange", False)
        if req.side == "attacker" and exchange and needed > points.points:
            why = " (as many as the defender's losses ticked)"
        return [
            f"The {html.escape(req.side)} loses at least "
            f"<b>{plural(needed, 'strength point')}</b>{why}: {ticked} ticked."
        ]


class StepLosses(LossChooser):
    """A spin box for each unit the result takes steps from: how many steps it loses (no
    more than it has left); the side's total is what the result says."""

    kind = STEPS
    states = frozenset({"lose-steps"})

    def __init__(self, chosen: LossesChosen) -> None:
        super().__init__(chosen)
        self._filling = False
        layout = self._headed("Steps lost (set how many each unit loses):")
        self.form = QFormLayout()
        layout.addLayout(self.form)
        self.boxes: dict[str, QSpinBox] = {}

    def show_resolution(self, model: AttackModel) -> None:
        """A box for each unit of a side losing steps, set to the model's choice."""
        resolution, state = model.resolution, model.state
        assert resolution is not None
        policy = resolution.losses
        self._filling = True
        while self.form.rowCount():
            self.form.removeRow(0)
        self.boxes = {}
        ticked = Counter(model.losses)
        for side in ("defender", "attacker"):
            for uid, left in policy.worth(side).items():
                box = QSpinBox()
                box.setRange(0, left)
                box.setValue(min(ticked[uid], left))
                box.setSuffix(" lost")
                box.valueChanged.connect(lambda _v: self._ticked())
                counter = state.counters[uid]
                where = state.hexmap.label(state.hex_of(uid))
                note = policy.note(uid) if hasattr(policy, "note") else ""
                said = ", ".join(p for p in (plural(left, "step") + " left", where, note) if p)
                self.form.addRow(f"{side}: {counter.unit.name} ({said})", box)
                self.boxes[uid] = box
        self.label.setText(
            "Steps lost (set how many each unit loses):"
            if self.boxes
            else f"Losses: none, the result {resolution.result.code} takes no steps."
        )
        self._filling = False

    def chosen(self) -> list[str]:
        """Each unit's id once for every step it loses."""
        return [uid for uid, box in self.boxes.items() for _ in range(box.value())]

    def set_steps(self, uid: str, steps: int) -> None:
        """Set how many steps ``uid`` loses (as a player turning its box)."""
        self.boxes[uid].setValue(steps)

    def _ticked(self) -> None:
        if not self._filling:
            self._chosen(self.chosen())

    def side_lines(self, model: AttackModel, req: LossSide) -> list[str]:
        """How many steps ``req``'s side loses, and how many are set now, as rich text."""
        resolution = model.resolution
        assert resolution is not None
        policy = resolution.losses
        needed = policy.needed(req.side, model.losses)
        if needed <= 0:
            return []
        worth = policy.worth(req.side)
        ticked = sum(1 for uid in model.losses if uid in worth)
        return [f"The {html.escape(req.side)} loses <b>{plural(needed, 'step')}</b>: {ticked} set."]


LOSS_CHOOSERS: dict[str, Callable[[LossesChosen], LossChooser]] = {
    STRENGTH_POINTS: StrengthPointLosses,
    STEPS: StepLosses,
}
"""The losses chooser for each kind of loss policy."""


def loss_chooser(kind: str, chosen: LossesChosen) -> LossChooser:
    """The chooser for a loss policy of ``kind``; ``chosen`` hears the counters ticked."""
    make = LOSS_CHOOSERS.get(kind)
    if make is None:
        raise ValueError(f"no losses chooser for a {kind!r} loss policy")
    return make(chosen)
