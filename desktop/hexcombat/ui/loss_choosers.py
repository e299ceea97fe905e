"""The control a player ticks losses in, picked by the kind of the ruleset's loss policy: today
only ``strength-points`` (a list of the counters a result takes points from, each with what it
is worth); a ruleset whose units lose steps registers its own chooser under its kind.
"""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from hexcombat.game.attack import LossRequirement, Resolution, points_needed, sides_losing
from hexcombat.game.attack_model import AttackModel
from hexcombat.game.commands import plural

UID_ROLE = Qt.ItemDataRole.UserRole
STRENGTH_POINTS = "strength-points"
"""The loss policy every ruleset has until the rules layer names its own (``LossPolicy.kind``)."""

LossesChosen = Callable[[list[str]], None]
"""Called with the counters ticked as lost."""


def loss_kind(resolution: Resolution) -> str:
    """The kind of the loss policy ``resolution`` is under (its ``losses``, once the rules
    layer gives one; strength points until then)."""
    policy = getattr(resolution, "losses", None)
    kind = getattr(policy, "kind", None)
    return kind if isinstance(kind, str) else STRENGTH_POINTS


class LossChooser(QWidget):
    """Where the player chooses a result's losses under one kind of loss policy."""

    kind = ""

    def __init__(self, chosen: LossesChosen) -> None:
        super().__init__()
        self._chosen = chosen

    def show_resolution(self, model: AttackModel) -> None:
        """Offer the losses of the model's rolled result, the model's choice ticked."""
        raise NotImplementedError

    def chosen(self) -> list[str]:
        """The counters chosen as losing."""
        raise NotImplementedError

    def side_lines(self, model: AttackModel, req: LossRequirement) -> list[str]:
        """What ``req``'s side must still lose, as rich text lines of the result."""
        raise NotImplementedError


class StrengthPointLosses(LossChooser):
    """Tick the counters lost; each says its side, its strength points and its hex."""

    kind = STRENGTH_POINTS

    def __init__(self, chosen: LossesChosen) -> None:
        super().__init__(chosen)
        self._filling = False
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.label = QLabel("Losses (tick the units lost):")
        self.label.setWordWrap(True)
        layout.addWidget(self.label)
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

    def side_lines(self, model: AttackModel, req: LossRequirement) -> list[str]:
        """What ``req``'s side must lose for the losses ticked now (the attacker's grow with
        the defender's in an exchange), as rich text."""
        resolution = model.resolution
        assert resolution is not None
        losses = model.losses
        needed = points_needed(resolution, req, losses)
        if req.eliminate_all:
            return [f"The {html.escape(req.side)} is eliminated."]
        if needed <= 0:
            return []
        ticked = sum(req.strength[u] for u in losses if u in req.strength)
        why = ""
        if req.side == "attacker" and resolution.exchange and needed > req.points:
            why = " (as many as the defender's losses ticked)"
        return [
            f"The {html.escape(req.side)} loses at least "
            f"<b>{plural(needed, 'strength point')}</b>{why}: {ticked} ticked."
        ]


LOSS_CHOOSERS: dict[str, Callable[[LossesChosen], LossChooser]] = {
    STRENGTH_POINTS: StrengthPointLosses,
}
"""The losses chooser for each kind of loss policy; a ``steps`` chooser registers here."""


def loss_chooser(kind: str, chosen: LossesChosen) -> LossChooser:
    """The chooser for a loss policy of ``kind``; ``chosen`` hears the counters ticked."""
    make = LOSS_CHOOSERS.get(kind)
    if make is None:
        raise ValueError(f"no losses chooser for a {kind!r} loss policy")
    return make(chosen)
