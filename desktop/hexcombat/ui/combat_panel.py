"""The combat panel: set up an attack on one hex, see the odds and every step of the working,
roll (or type in the physical dice), and apply the result on the map.

It shows a :class:`~hexcombat.rules.report.Report` and re-evaluates as soon as a participant or a
condition changes; the map highlights the target, the stacks taking part, the hexsides they
cross (rivers stand out) and, after the roll, the retreat ends to pick from.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication, QEvent, Qt, Signal
from PySide6.QtGui import QColor, QFont, QResizeEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from hexcombat.board.hexes import Hex
from hexcombat.board.hexside import Hexside
from hexcombat.game.attack import (
    AttackSetup,
    Candidate,
    Resolution,
    apply_combat_command,
    attack_candidates,
    evaluate_attack,
    phasing_refusal,
    points_needed,
    retreat_options,
    sides_losing,
    suggested_losses,
)
from hexcombat.game.commands import ApplyCombat, SetPhase, SetWeatherAndDate, plural
from hexcombat.game.roll import PendingRoll, RollCombat, dice_rolled, dice_text, read_typed_roll
from hexcombat.game.state import Change, GameError
from hexcombat.game.turn import (
    no_attacks_in,
    phase_conditions,
    phase_tip,
)
from hexcombat.rules.errors import RulesError
from hexcombat.rules.europa_vocabulary import OVERRUN_PHASE  # the panel helper replaces this
from hexcombat.rules.explain import fmt
from hexcombat.rules.references import rule_text
from hexcombat.rules.report import NEEDS_STRENGTHS, Report
from hexcombat.rules.situation import Conditions
from hexcombat.sourcefile import SourceError
from hexcombat.ui.column_flow import ColumnFlow
from hexcombat.ui.dice_faces import DiceFaces
from hexcombat.ui.game_session import GameSession
from hexcombat.ui.map_scene import MapScene
from hexcombat.ui.outcome_bars import OutcomeBars

UID_ROLE = Qt.ItemDataRole.UserRole
ERROR_RED = "#b02020"
"""What the player must put right: a refused roll, what Apply refuses, an eliminated stack."""
CONDITION_BOXES = {
    "fortified": "Fortified (10.B.1)",
    "entrenched": "Entrenched (10.B.1)",
    "attacker_declines_aec": "Attacker declines AEC (10.F)",
    "defender_declines_aec": "Defender declines AEC/ATEC (10.F)",
    "overrun": "Overrun (10.G)",
}
OVERRUN_SET = (
    "An attack made in the movement phase is an overrun (10.G): armour and anti-tank effects "
    "are calculated normally. The phase sets this box."
)
OVERRUN_UNSET = (
    f"An overrun is an attack made in the {OVERRUN_PHASE} phase (10.G). Set the phase to "
    f"{OVERRUN_PHASE} to overrun; the phase sets this box."
)
STEP_COLUMNS = ["Rule", "Step", "Value", "DRM"]
STEP_TEXT = 1
"""The column that stretches and wraps: the step's words are the explanation."""


def _scroll(widget: QWidget, name: str) -> QScrollArea:
    """``widget`` in a frameless scroll area that only scrolls up and down."""
    scroll = QScrollArea()
    scroll.setObjectName(name)
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QScrollArea.Shape.NoFrame)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    scroll.setWidget(widget)
    return scroll


def _value_text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, (int,)) and not isinstance(value, bool):
        return str(value)
    try:
        return fmt(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return str(value)


class CombatPanel(QWidget):
    """Shows the report of the attack being set up, and the result once rolled."""

    rollable = Signal(bool)
    """Whether a roll may be made now (an attack is set up and no rolled result waits), for the
    window's Roll action, which follows the panel's Roll button."""

    def __init__(self, session: GameSession, scene: MapScene) -> None:
        super().__init__()
        self.setObjectName("CombatPanel")
        self.session = session
        self.scene = scene
        self.target: Hex | None = None
        self.candidates: list[Candidate] = []
        self.report: Report | None = None
        self.resolution: Resolution | None = None
        self.retreat_ends: dict[Hex, dict[Hex, tuple[Hex, ...]]] = {}
        self.refusal = ""
        """Why the last :meth:`start` could not set up an attack ("" when it could)."""
        self._apply_refused = False
        """Apply was refused for this result: each choice since says what is still wrong."""
        self._building = False
        self._build()
        session.state.subscribe(self.on_change)
        self.stop()
        pending = session.state.pending_roll
        if pending is not None:  # a game saved with a roll to apply: show it
            self.start(pending.resolution.setup.target)

    # layout --------------------------------------------------------------------------------

    def _build(self) -> None:
        """The attack's headline (target, odds) on top, then three panes one above the other:
        the set-up (attackers, conditions), the working (steps, chances, roll) and, once rolled,
        the result to apply. The working gets the spare height, so the steps read in full."""
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.title.setTextFormat(Qt.TextFormat.RichText)  # what comes from a file is escaped
        self.odds = QLabel()
        font = QFont(self.odds.font())
        font.setPointSizeF(font.pointSizeF() * 1.6)
        font.setBold(True)
        self.odds.setFont(font)
        self.setup_toggle = QToolButton()
        self.setup_toggle.setObjectName("CombatSetupToggle")
        self.setup_toggle.setCheckable(True)
        self.setup_toggle.setChecked(True)
        self.setup_toggle.setAutoRaise(True)
        self.setup_toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.setup_toggle.setArrowType(Qt.ArrowType.DownArrow)
        self.setup_toggle.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self._summary = "Attackers and conditions"
        self.setup_toggle.toggled.connect(self._setup_toggled)
        self._setup_hidden_for_result = False
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.setObjectName("CombatSplitter")
        self.splitter.setChildrenCollapsible(False)
        self.splitter.addWidget(self._build_setup())
        self.splitter.addWidget(self._build_working())
        self.splitter.addWidget(self._build_result())
        self.splitter.setStretchFactor(0, 0)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setStretchFactor(2, 0)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(6, 6, 6, 6)
        outer.addWidget(self.title)
        outer.addWidget(self.odds)
        outer.addWidget(self.setup_toggle)
        outer.addWidget(self.splitter, 1)
        outer.addWidget(self._build_footer())

    def _build_footer(self) -> QWidget:
        """What stops Apply from working, and Apply itself: under the panes, never scrolled
        away however long the result's losses, retreats and advance get."""
        self.footer = QWidget()
        self.footer.setObjectName("CombatApply")
        layout = QVBoxLayout(self.footer)
        layout.setContentsMargins(0, 4, 0, 0)
        self.problems = QLabel()
        self.problems.setTextFormat(Qt.TextFormat.PlainText)  # unit and side names as written
        self.problems.setWordWrap(True)
        self.problems.setStyleSheet(f"color: {ERROR_RED};")
        layout.addWidget(self.problems)
        self.apply_button = QPushButton("Apply result")
        self.apply_button.setObjectName("ApplyResult")
        self.apply_button.clicked.connect(lambda: self.apply())
        layout.addWidget(self.apply_button)
        return self.footer

    def _warn(self, text: str) -> None:
        """Show ``text`` under the steps (assumed chart values, why an attack cannot be made)."""
        self.warnings.setText(text)
        self._fit_warnings()

    def _fit_warnings(self) -> None:
        """The warnings as tall as their wrapped lines inside their scroll area, so none is cut
        off or drawn over the steps."""
        width = self.warnings.width() if self.warnings.width() > 50 else self.splitter.width()
        text = self.warnings.text()
        self.warnings.setMinimumHeight(self.warnings.heightForWidth(width) if text else 0)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._fit_warnings()
        self._show_summary(self._summary)

    def _show_summary(self, text: str) -> None:
        """The folded set-up's one line, shortened with "..." to the panel's width (in full in
        its tooltip): a long list of ticked conditions must not widen the panel over the map."""
        self._summary = text
        button = self.setup_toggle
        room = self.width() - 2 * self.layout().contentsMargins().left() - 40  # the arrow
        metrics = button.fontMetrics()
        button.setText(metrics.elidedText(text, Qt.TextElideMode.ElideRight, max(room, 80)))
        button.setToolTip(f"{text}\n\nShow or hide the attackers and the conditions")

    def _build_setup(self) -> QScrollArea:
        """Who attacks (tick the stacks taking part) and the conditions of the attack."""
        inner = QWidget()
        layout = QVBoxLayout(inner)
        layout.setContentsMargins(0, 0, 0, 0)
        self.candidate_tree = QTreeWidget()
        self.candidate_tree.setHeaderLabels(["Hex", "Units", "Across"])
        self.candidate_tree.setRootIsDecorated(False)
        self.candidate_tree.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        header = self.candidate_tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.candidate_tree.itemChanged.connect(lambda *_: self.evaluate())
        self._fit_candidates()
        group = QGroupBox("Attackers")
        group_layout = QVBoxLayout(group)
        group_layout.setContentsMargins(6, 4, 6, 6)
        group_layout.addWidget(self.candidate_tree)
        layout.addWidget(group)

        conditions = QGroupBox("Conditions")
        grid = QGridLayout(conditions)
        grid.setContentsMargins(6, 4, 6, 6)
        grid.setVerticalSpacing(2)
        grid.addLayout(self._build_phase(), 0, 0, 1, 2)
        self.phase_note = QLabel(OVERRUN_SET.removesuffix(" The phase sets this box."))
        self.phase_note.setObjectName("PhaseNote")
        self.phase_note.setWordWrap(True)
        self.phase_note.setStyleSheet("color: #1f5fa8;")
        self.phase_note.hide()
        grid.addWidget(self.phase_note, 3, 0, 1, 2)
        self.weather = QComboBox()
        self.weather.setObjectName("Weather")
        self.weather.addItems(self.session.state.vocabulary.weather)
        self.weather.setToolTip("The game's weather: it decides whether armour effects apply")
        self.weather.currentTextChanged.connect(lambda _t: self._weather_or_date_chosen())
        self.date = QLineEdit()
        self.date.setObjectName("Date")
        self.date.setPlaceholderText("YYYY-MM")
        self.date.setToolTip("The game month: units' dated capabilities change by it (10.H)")
        self.date.editingFinished.connect(self._weather_or_date_chosen)
        row = QHBoxLayout()
        row.setSpacing(6)
        row.addWidget(QLabel("Weather"))
        row.addWidget(self.weather)
        row.addSpacing(12)
        row.addWidget(QLabel("Date"))
        row.addWidget(self.date)
        row.addStretch(1)
        grid.addLayout(row, 1, 0, 1, 2)
        # two columns where they fit, else one: never cut off at a large font (ColumnFlow)
        self.condition_flow = ColumnFlow(max_columns=2, spacing=(6, 2))
        self.condition_boxes: dict[str, QCheckBox] = {}
        for name, text in CONDITION_BOXES.items():
            box = QCheckBox(text)
            box.toggled.connect(lambda _on: self.evaluate())
            self.condition_boxes[name] = box
            self.condition_flow.addWidget(box)
        grid.addLayout(self.condition_flow, 2, 0, 1, 2)
        self.condition_boxes["overrun"].setEnabled(False)  # the phase decides (10.G)
        layout.addWidget(conditions)
        layout.addStretch(1)
        self.setup_pane = _scroll(inner, "CombatSetup")
        return self.setup_pane

    def _build_phase(self) -> QHBoxLayout:
        """Whose player-turn and which phase: the game's, changed through the undo stack."""
        self.phasing_player = QComboBox()
        self.phasing_player.setObjectName("PhasingPlayer")
        self.phasing_player.setToolTip("The phasing player: whose player-turn it is")
        self.phase = QComboBox()
        self.phase.setObjectName("Phase")
        for i, phase in enumerate(self.session.state.vocabulary.phases):
            self.phase.addItem(phase.name)
            rule = f" ({phase.rule})" if phase.rule else ""
            self.phase.setItemData(i, f"{phase.note}{rule}", Qt.ItemDataRole.ToolTipRole)
        self._syncing_turn = False
        self.phasing_player.currentTextChanged.connect(lambda _t: self._turn_chosen())
        self.phase.currentTextChanged.connect(lambda _t: self._turn_chosen())
        row = QHBoxLayout()
        row.setSpacing(6)
        row.addWidget(QLabel("Phase"))
        row.addWidget(self.phasing_player)
        row.addWidget(self.phase)
        row.addStretch(1)
        return row

    def _turn_chosen(self) -> None:
        """The player picked a phasing player or phase: one undoable change to the game."""
        if self._syncing_turn:
            return
        state = self.session.state
        player, phase = self.phasing_player.currentText(), self.phase.currentText()
        if (player, phase) == (state.phasing_player, state.phase):
            return
        if not self.session.run(SetPhase(player, phase)):
            self.sync_turn()  # refused: show the game's turn again

    def _weather_or_date_chosen(self) -> None:
        """The player set the weather or the date: one undoable change to the game."""
        if self._syncing_turn:
            return
        state = self.session.state
        weather, date = self.weather.currentText(), self.date.text().strip() or None
        if (weather, date) == (state.conditions.weather, state.conditions.date):
            return
        if not self.session.run(SetWeatherAndDate(weather, date)):
            self.sync_conditions()  # refused (a date that is no month): the game's again

    def sync_conditions(self) -> None:
        """Show the game's weather and date (after a change, an undo, a redo or a load)."""
        conditions = self.session.state.conditions
        self._syncing_turn = True
        try:
            self.weather.setCurrentText(conditions.weather)
            self.date.setText(conditions.date or "")
        finally:
            self._syncing_turn = False

    def sync_turn(self) -> None:
        """Show the game's phasing player and phase, and the Overrun box the phase sets (10.G)."""
        state = self.session.state
        self._syncing_turn = True
        try:
            players = state.players
            shown = [self.phasing_player.itemText(i) for i in range(self.phasing_player.count())]
            if shown != players:
                self.phasing_player.clear()
                self.phasing_player.addItems(players)
            self.phasing_player.setCurrentText(state.phasing_player)
            self.phase.setCurrentText(state.phase)
            self.phase.setToolTip(phase_tip(state.vocabulary, state.phase))
        finally:
            self._syncing_turn = False
        overrun = bool(phase_conditions(state.vocabulary, state.phase).get("overrun", False))
        box = self.condition_boxes["overrun"]
        box.setText(
            f"Overrun (10.G): {OVERRUN_PHASE} phase" if overrun else CONDITION_BOXES["overrun"]
        )
        box.setToolTip(OVERRUN_SET if overrun else OVERRUN_UNSET)
        if self.phase_note.isHidden() == overrun:
            self.phase_note.setVisible(overrun)
            if not self.setup_pane.isHidden():
                self._share_height()  # the set-up grew or shrank by the note
        if box.isChecked() != overrun:
            box.setChecked(overrun)  # re-evaluates the attack being set up
        if self.target is not None:
            self._show_summary(self._setup_summary())

    def _build_working(self) -> QWidget:
        """Every step of the working with its rule, the chance of each result, and the roll."""
        pane = QWidget()
        pane.setObjectName("CombatWorking")
        layout = QVBoxLayout(pane)
        layout.setContentsMargins(0, 0, 0, 0)
        self.steps = QTableWidget(0, len(STEP_COLUMNS))
        self.steps.setObjectName("CombatSteps")
        self.steps.setHorizontalHeaderLabels(STEP_COLUMNS)
        self.steps.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.steps.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.steps.setWordWrap(True)
        self.steps.setShowGrid(False)
        self.steps.setAlternatingRowColors(True)
        self.steps.setMinimumHeight(72)  # three rows at least, when a result needs the room
        self.steps.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.steps.setVerticalScrollMode(QTableWidget.ScrollMode.ScrollPerPixel)
        self.steps.verticalHeader().hide()
        self.steps.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header = self.steps.horizontalHeader()
        for column in range(len(STEP_COLUMNS)):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(STEP_TEXT, QHeaderView.ResizeMode.Stretch)
        layout.addWidget(self.steps, 1)
        self.warnings = QLabel()
        self.warnings.setTextFormat(Qt.TextFormat.PlainText)  # unit and side names as written
        self.warnings.setWordWrap(True)
        self.warnings.setStyleSheet("color: #9a5a00;")
        # the warnings (assumed chart and counter values, waived capabilities) may run long:
        # two lines in view, the rest a scroll away, so the steps keep their room
        warnings = _scroll(self.warnings, "CombatWarnings")
        line = self.warnings.fontMetrics().lineSpacing()
        warnings.setMinimumHeight(line)
        warnings.setMaximumHeight(2 * line)
        layout.addWidget(warnings)
        self.bars = OutcomeBars()
        layout.addWidget(self.bars)

        roll_row = QHBoxLayout()
        self.roll_button = QPushButton("Roll")
        self.roll_button.setToolTip("Roll the game's seeded dice (R)")
        self.roll_button.clicked.connect(lambda: self.roll())
        self.typed_roll = QLineEdit()
        self.typed_roll.setObjectName("TypedRoll")
        self.typed_roll.setPlaceholderText("or type the dice, e.g. 4 or 2 5")
        self.typed_roll.returnPressed.connect(self.use_typed_roll)
        self.typed_roll.textEdited.connect(lambda _t: self._typed_roll_edited())
        self.dice = DiceFaces()
        roll_row.addWidget(self.roll_button)
        roll_row.addWidget(self.typed_roll, 1)
        roll_row.addWidget(self.dice)
        layout.addLayout(roll_row)
        # a typed roll that is not this attack's dice is refused here, under the field the
        # player typed in, and stays until corrected
        self.roll_problem = QLabel()
        self.roll_problem.setTextFormat(Qt.TextFormat.PlainText)  # unit and side names as written
        self.roll_problem.setObjectName("RollProblem")
        self.roll_problem.setWordWrap(True)
        self.roll_problem.setStyleSheet(f"color: {ERROR_RED};")
        self.roll_problem.hide()
        layout.addWidget(self.roll_problem)
        return pane

    def _build_result(self) -> QScrollArea:
        """The rolled result: losses to tick, retreats to pick, an advance to offer, Apply."""
        self.result_box = QGroupBox("Result")
        result_layout = QVBoxLayout(self.result_box)
        self.result_label = QLabel()
        self.result_label.setWordWrap(True)
        self.result_label.setTextFormat(Qt.TextFormat.RichText)
        result_layout.addWidget(self.result_label)
        self.losses_label = QLabel("Losses (tick the units lost):")
        self.losses_label.setWordWrap(True)
        result_layout.addWidget(self.losses_label)
        self.losses = QListWidget()
        self.losses.itemChanged.connect(lambda _i: self._losses_changed())
        result_layout.addWidget(self.losses)
        self.retreat_form = QFormLayout()
        result_layout.addLayout(self.retreat_form)
        self.retreat_boxes: dict[Hex, QComboBox] = {}
        self.advance = QListWidget()
        self.advance.itemChanged.connect(lambda _i: self._choice_changed())
        self.advance.setMaximumHeight(90)
        self.advance_label = QLabel("Advance into the vacated hex:")
        result_layout.addWidget(self.advance_label)
        result_layout.addWidget(self.advance)
        result_layout.addStretch(1)
        self.result_pane = _scroll(self.result_box, "CombatResult")
        return self.result_pane

    def _fit_candidates(self) -> None:
        """The attackers list as tall as its rows (up to eight): no empty box, no inner scroll."""
        tree = self.candidate_tree
        rows = max(2, min(8, tree.topLevelItemCount()))
        row = tree.sizeHintForRow(0) if tree.topLevelItemCount() else tree.fontMetrics().height()
        height = tree.header().sizeHint().height() + rows * max(row, 1) + 2 * tree.frameWidth()
        tree.setFixedHeight(height + 2)

    def _setup_summary(self) -> str:
        """What the folded set-up holds, in one line."""
        ticked = {
            self.candidate_tree.topLevelItem(i).text(0)
            for i in range(self.candidate_tree.topLevelItemCount())
            if self.candidate_tree.topLevelItem(i).checkState(0) == Qt.CheckState.Checked
        }
        parts = [f"{len(ticked)} of {self.candidate_tree.topLevelItemCount()} stacks"]
        parts.append(f"{self.phase.currentText()} phase")
        parts.append(self.weather.currentText())
        if self.date.text().strip():
            parts.append(self.date.text().strip())
        parts += [
            box.text().split(" (")[0].lower()
            for box in self.condition_boxes.values()
            if box.isChecked()
        ]
        return "Attackers and conditions: " + ", ".join(parts)

    def _setup_toggled(self, shown: bool) -> None:
        self.setup_toggle.setArrowType(Qt.ArrowType.DownArrow if shown else Qt.ArrowType.RightArrow)
        self.setup_pane.setVisible(shown)
        self._share_height()

    def _show_result_pane(self, shown: bool) -> None:
        """After a roll the result takes the set-up's place, so losses, retreats and Apply are in
        view at once; a new set-up or a cleared attack gives the set-up its room back."""
        if shown == (not self.result_pane.isHidden()):
            return
        self.result_pane.setVisible(shown)
        self.footer.setVisible(shown)
        fold = shown and self.setup_toggle.isChecked()
        unfold = not shown and self._setup_hidden_for_result
        self._setup_hidden_for_result = fold
        if (fold or unfold) and self.setup_toggle.isChecked() == fold:
            self.setup_toggle.setChecked(not fold)  # shares the height
        else:
            self._share_height()
        if shown:
            self.result_pane.verticalScrollBar().setValue(0)  # the result code first

    def _setup_height(self) -> int:
        """How tall the set-up is at the panel's width (the condition boxes may take one
        column or two)."""
        inner = self.setup_pane.widget()
        width = self.setup_pane.viewport().width()
        height = inner.heightForWidth(width) if inner.hasHeightForWidth() else -1
        return max(height, inner.sizeHint().height())

    def _share_height(self) -> None:
        """Set-up and result as tall as they need, the working the rest: the set-up takes at
        most half (a third beside a result), or more when its conditions need it (a large font)
        while two more steps stay in view; the result all but the working's minimum (the roll
        stays in view)."""
        total = sum(self.splitter.sizes())
        if total <= 0:
            return  # not laid out yet: the stretch factors share the height when shown
        setup = result = 0
        # lay out the rows just filled in first, so the size hints count them
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        if not self.setup_pane.isHidden():
            working = self.splitter.widget(1).minimumSizeHint().height()
            steps = 2 * self.steps.verticalHeader().defaultSectionSize()
            share = max(total // 2, total - working - steps)
            if not self.result_pane.isHidden():
                share = total // 3
            setup = min(self._setup_height() + 2, share)
        if not self.result_pane.isHidden():
            room = total - setup - self.splitter.widget(1).minimumSizeHint().height()
            result = max(min(self.result_box.sizeHint().height() + 2, room), total // 3)
        self.splitter.setSizes([setup, max(total - setup - result, 0), result])

    def detach(self) -> None:
        """Stop listening to the game."""
        self.session.state.unsubscribe(self.on_change)

    # setting up ----------------------------------------------------------------------------

    def start(self, target: Hex) -> bool:
        """Set up an attack on the stack in ``target``; False (with a message) if impossible."""
        state = self.session.state
        pending = state.pending_roll
        if pending is not None and pending.resolution.setup.target != target:
            rolled = state.hexmap.label(pending.resolution.setup.target)
            self.refusal = f"The attack on {rolled} is rolled: apply its result, or undo the roll."
            self.problems.setText(self.refusal)  # the rolled attack stays on show
            return False
        try:
            refusal = phasing_refusal(state, target)
            if refusal is not None:
                raise GameError(refusal[0].upper() + refusal[1:] + ".")
            candidates = attack_candidates(state, target)
        except GameError as exc:
            self.refusal = str(exc)
            self.title.setText(html.escape(self.refusal))
            return False
        self.refusal = ""
        self.target = target
        self.candidates = candidates
        self.resolution = None
        self._building = True
        conditions = state.conditions
        self.sync_conditions()
        for name, box in self.condition_boxes.items():
            box.setChecked(conditions.flag(name))
        self.sync_turn()  # the Overrun box follows the phase (10.G)
        self.candidate_tree.clear()
        for candidate in candidates:
            names = ", ".join(
                [c.unit.name for c in candidate.counters]
                + [f"{c.unit.name} (cannot attack, 14A4)" for c, _why in candidate.barred]
            )
            across = ", ".join(sorted(candidate.features)) or (
                "two hexes (14A3)" if candidate.range == 2 else "-"
            )
            item = QTreeWidgetItem([candidate.label, names, across])
            item.setData(0, UID_ROLE, [c.uid for c in candidate.counters])
            if candidate.counters:
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(0, Qt.CheckState.Checked)
            else:  # nothing in the stack may attack: say why, offer no tick
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled)
            if candidate.features:
                item.setForeground(2, QColor("#1f5fa8"))
            item.setToolTip(1, "\n".join([names, *(why for _c, why in candidate.barred)]))
            self.candidate_tree.addTopLevelItem(item)
        self._fit_candidates()
        self._building = False
        self.setEnabled(True)
        self.evaluate()
        if pending is not None:
            self._show_pending(pending)
        if not self.setup_pane.isHidden():
            self._share_height()
        return True

    def stop(self) -> None:
        """No attack: clear the panel and the map highlights."""
        self.target = None
        self.report = None
        self.resolution = None
        self.candidates = []
        self.candidate_tree.clear()
        self._fit_candidates()
        self.steps.setRowCount(0)
        self.title.setText("Select an enemy stack and choose Attack (A).")
        self._show_summary("Attackers and conditions")
        self.odds.setText("")
        self._warn("")
        self.bars.set_outcomes({})
        self.dice.set_rolls([])
        self._refuse_roll("")
        self._show_result_pane(False)
        self._set_rollable(False)
        self.setup_pane.setEnabled(True)
        self.scene.overlay.clear()
        self.scene.set_roles({})
        self.sync_turn()
        self.sync_conditions()

    def attacker_uids(self) -> list[str]:
        """The counters of the ticked stacks."""
        uids: list[str] = []
        for i in range(self.candidate_tree.topLevelItemCount()):
            item = self.candidate_tree.topLevelItem(i)
            if item.checkState(0) == Qt.CheckState.Checked:
                uids += item.data(0, UID_ROLE)
        return uids

    def conditions(self) -> Conditions:
        """The game's conditions (weather, date) with this attack's choices ticked in the panel."""
        values = {name: box.isChecked() for name, box in self.condition_boxes.items()}
        return self.session.state.conditions.with_choices(**values)

    def setup(self) -> AttackSetup | None:
        """The attack as set up now."""
        if self.target is None:
            return None
        return AttackSetup(self.target, self.attacker_uids(), self.conditions())

    # the report ----------------------------------------------------------------------------

    def evaluate(self) -> Report | None:
        """Re-evaluate the attack (a participant or a condition changed)."""
        if self._building or self.target is None:
            return None
        state = self.session.state
        self.resolution = None
        self._show_result_pane(False)
        self.dice.set_rolls([])
        setup = self.setup()
        label = state.hexmap.label(self.target)
        defenders = state.stack_at(self.target)
        terrain = state.hexmap.terrain[self.target]
        names = ", ".join(c.unit.name for c in defenders)
        self.title.setText(  # names from a file are text, never markup
            f"<b>Attack on {html.escape(label)}</b> ({html.escape(terrain)}): {html.escape(names)}"
        )
        self._highlight()
        self._show_summary(self._setup_summary())
        self.steps.setRowCount(0)
        try:
            refusal = phasing_refusal(state, self.target)  # the phasing player changed since
            if refusal is not None:
                raise GameError(refusal)
            report = evaluate_attack(state, setup)
        except (GameError, RulesError, SourceError) as exc:  # a chart the player edited badly
            self.report = None
            self.odds.setText("")
            self._warn(str(exc))
            self.bars.set_outcomes({})
            self._set_rollable(False)
            return None
        self.report = report
        chance = ""
        if len(report.drm_distribution) > 1:
            chance = (
                " ("
                + ", ".join(
                    f"{d:+d}: {float(p):.0%}" for d, p in sorted(report.drm_distribution.items())
                )
                + ")"
            )
        odds = report.odds or "No odds (strengths needed)"  # units as the worked examples give
        self.odds.setText(f"{odds}   DRM {report.drm:+d}{chance}")
        self.steps.setRowCount(len(report.steps))
        for row, step in enumerate(report.steps):
            drm = "" if step.drm is None else f"{step.drm:+d}"
            tip = f"{step.rule}: {step.text}"
            summary = rule_text(step.rule, self.session.state.ruleset)
            if summary:
                tip += f"\n\n{step.rule} says: {summary}"
            if step.provenance == "assumed":
                tip += "\n(assumed chart value: check your rulebook)"
            for column, text in enumerate([step.rule, step.text, _value_text(step.value), drm]):
                item = QTableWidgetItem(text)
                item.setToolTip(tip)
                item.setTextAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
                if step.drm:
                    bold = item.font()
                    bold.setBold(column == 3)
                    item.setFont(bold)
                if step.provenance == "assumed":
                    item.setForeground(QColor("#9a5a00"))
                self.steps.setItem(row, column, item)
        warnings = list(report.warnings)
        if (no_attacks := no_attacks_in(state.vocabulary, state.phase)) is not None:
            warnings.insert(0, f"{state.turn}: {no_attacks}")
        self._warn("\n".join(f"\u26a0 {w}" for w in warnings))
        self.bars.set_outcomes(report.outcomes)
        self._lock_for_roll()
        self._show_dice_wanted(report)
        return report

    def _show_dice_wanted(self, report: Report) -> None:
        """Say in the typed-roll field how many dice this attack rolls, and check a refused
        roll again (a new DRM chance may change how many)."""
        try:
            sides = dice_rolled(report)
        except (RulesError, SourceError, ValueError):
            return  # the roll itself will say what is wrong with the chart
        self.typed_roll.setPlaceholderText(
            "or type the die, e.g. 4"
            if len(sides) == 1
            else f"or type {plural(len(sides), 'die', 'dice')}, the DRM's chance roll first"
        )
        self.typed_roll.setToolTip(f"The physical roll: {dice_text(sides)}; then Return")
        if not self.roll_problem.isHidden():
            self._typed_roll_edited()

    def _set_rollable(self, on: bool) -> None:
        self.roll_button.setEnabled(on)
        self.typed_roll.setEnabled(on)
        self.rollable.emit(on)

    def _lock_for_roll(self) -> None:
        """While a roll waits to be applied, Roll is off and the set-up cannot change (the
        result is for that set-up); otherwise Roll is on whenever there is a report."""
        rolled = self.session.state.pending_roll is not None
        odds = self.report is not None and self.report.odds is not None
        self._set_rollable(odds and not rolled)
        self.roll_button.setToolTip(
            "Rolled: apply the result, or undo the roll (Ctrl+Z)"
            if rolled
            else "Roll the game's seeded dice (R)"
            if odds or self.report is None
            else f"No roll: {NEEDS_STRENGTHS} (see the warnings)"
        )
        self.setup_pane.setEnabled(not rolled)

    def _highlight(self) -> None:
        if self.target is None:
            return
        chosen = set(self.attacker_uids())
        hexes: dict[Hex, str] = {self.target: "target"}
        sides: dict[Hexside, frozenset[str]] = {}
        roles = {self.target: "target"}
        for candidate in self.candidates:
            taking_part = any(c.uid in chosen for c in candidate.counters)
            hexes[candidate.hex] = "attacker" if taking_part else "candidate"
            if taking_part:
                roles[candidate.hex] = "attacker"
                if candidate.range == 1:
                    sides[Hexside(candidate.hex, self.target)] = candidate.features
        if self.resolution is not None:
            for ends in self.retreat_ends.values():
                for end in ends:
                    hexes[end] = "retreat"
        self.scene.overlay.highlight(hexes, sides)
        self.scene.set_roles(roles)

    # rolling and applying ------------------------------------------------------------------

    def roll(self, typed: list[int] | None = None) -> Resolution | None:
        """Roll for the attack (the game's seeded dice, or the ``typed`` physical dice): one
        undoable, logged change. Refused while a rolled result waits to be applied."""
        setup = self.setup()
        if setup is None or self.report is None:
            return None
        if self.session.state.pending_roll is not None:
            self.problems.setText("The dice are rolled: apply the result, or undo the roll.")
            return None
        command = RollCombat(setup, typed)
        if not self.session.run(command):
            # beside the Roll button and the typed dice, not over the report's warnings
            self._refuse_roll(self.session.last_refusal)
            return None
        self._refuse_roll("")
        return command.pending.resolution if command.pending else None

    def use_typed_roll(self) -> Resolution | None:
        """Resolve with the dice the player typed in (the physical roll)."""
        rolls = self._typed_rolls()
        return None if rolls is None else self.roll(rolls)

    def _typed_rolls(self) -> list[int] | None:
        """The typed dice if they are this attack's (as many as it rolls, each a face of its
        die); else None, with what to type shown under the field."""
        if self.report is None:
            return None
        try:
            rolls = read_typed_roll(self.typed_roll.text(), dice_rolled(self.report))
        except (GameError, RulesError, SourceError, ValueError) as exc:
            self._refuse_roll(str(exc))
            return None
        self._refuse_roll("")
        return rolls

    def _typed_roll_edited(self) -> None:
        """A refused roll being put right: the refusal goes once the dice are this attack's
        (or the field is emptied to roll the game's dice)."""
        if self.roll_problem.isHidden():
            return
        if self.typed_roll.text().strip():
            self._typed_rolls()
        else:
            self._refuse_roll("")

    def _refuse_roll(self, text: str) -> None:
        """Show why a roll was refused under the typed dice (``""``: nothing refused)."""
        self.roll_problem.setText(text)
        self.roll_problem.setVisible(bool(text))
        self.typed_roll.setStyleSheet(
            f"QLineEdit {{ border: 1px solid {ERROR_RED}; }}" if text else ""
        )

    def _show_pending(self, pending: PendingRoll) -> None:
        """Show the game's rolled, unapplied attack: the attackers and choices it was rolled
        with, the dice, and the result to apply. Nothing can be changed but the result."""
        setup = pending.resolution.setup
        self._building = True
        for i in range(self.candidate_tree.topLevelItemCount()):
            item = self.candidate_tree.topLevelItem(i)
            if item.flags() & Qt.ItemFlag.ItemIsUserCheckable:
                taking_part = any(u in setup.attacker_uids for u in item.data(0, UID_ROLE))
                item.setCheckState(
                    0, Qt.CheckState.Checked if taking_part else Qt.CheckState.Unchecked
                )
        for name, box in self.condition_boxes.items():
            box.setChecked(setup.conditions.flag(name))
        self._building = False
        self.evaluate()
        self.dice.set_rolls(list(pending.rolls))
        self.show_resolution(pending.resolution)

    def _roll_taken_back(self) -> None:
        """The roll was undone: the set-up is the player's again, and Roll with it."""
        self.resolution = None
        self.evaluate()

    def show_resolution(self, resolution: Resolution) -> None:
        """Show the rolled result: losses to choose, retreats to pick, an advance to offer."""
        state = self.session.state
        self.resolution = resolution
        self._apply_refused = False
        result = resolution.result
        self.bars.set_outcomes(resolution.report.outcomes, result.code)
        self._lock_for_roll()
        self._building = True
        self.losses.clear()
        chosen = set(suggested_losses(state, resolution))
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
                self.losses.addItem(item)
        self.losses_label.setText(
            "Losses (tick the units lost):"
            if losing
            else f"Losses: none, the result {result.code} takes no strength points."
        )
        self.losses.setVisible(bool(losing))
        rows = max(2, min(12, self.losses.count()))
        row = self.losses.sizeHintForRow(0) if self.losses.count() else 18
        self.losses.setFixedHeight(rows * row + 2 * self.losses.frameWidth() + 4)
        self._building = False
        self._losses_changed()
        self._show_result_pane(True)

    def _show_result_text(self, losses: list[str]) -> None:
        """The result in words, with the numbers Apply checks for the losses ticked now: the
        points each side must lose (the attacker's grow with the defender's in an exchange), and
        every retreating stack with no legal retreat named as eliminated, in red."""
        assert self.resolution is not None
        state, resolution = self.session.state, self.resolution
        result = resolution.result
        lines = [f"<b>{result.code}</b>: die {result.die}, DRM {result.drm:+d} = "
                 f"{result.modified_roll}"]  # fmt: skip
        lines += [html.escape(f"{s.rule}: {s.text}") for s in result.steps]
        for req in (resolution.defender, resolution.attacker):
            needed = points_needed(resolution, req, losses)
            if req.eliminate_all:
                lines.append(f"The {req.side} is eliminated.")
            elif needed > 0:
                ticked = sum(req.strength[u] for u in losses if u in req.strength)
                why = ""
                if req.side == "attacker" and resolution.exchange and needed > req.points:
                    why = " (as many as the defender's losses ticked)"
                lines.append(
                    f"The {req.side} loses at least <b>{plural(needed, 'strength point')}</b>"
                    f"{why}: {ticked} ticked."
                )
            if req.retreat_hexes <= 0:
                continue
            starts = {state.hex_of(u) for u in req.uids if u not in losses}
            trapped = sorted(s for s in starts if not self.retreat_ends.get(s, True))
            if len(trapped) < len(starts) or not starts:
                hexes = plural(req.retreat_hexes, "hex", "hexes")
                lines.append(f"The {req.side} retreats {hexes}.")
            for start in trapped:
                lines.append(
                    f'<span style="color: {ERROR_RED};"><b>The {req.side} in '
                    f"{html.escape(state.hexmap.label(start))} has no legal retreat: "
                    "eliminated.</b></span>"
                )
        self.result_label.setText("<br>".join(lines))

    def chosen_losses(self) -> list[str]:
        """The counters ticked as lost."""
        return [
            self.losses.item(i).data(UID_ROLE)
            for i in range(self.losses.count())
            if self.losses.item(i).checkState() == Qt.CheckState.Checked
        ]

    def _losses_changed(self) -> None:
        if self._building or self.resolution is None:
            return
        state = self.session.state
        losses = self.chosen_losses()
        self.retreat_ends = retreat_options(state, self.resolution, losses)
        while self.retreat_form.rowCount():
            self.retreat_form.removeRow(0)
        self.retreat_boxes = {}
        for start, ends in self.retreat_ends.items():
            box = QComboBox()
            if not ends:
                box.addItem("no legal retreat: eliminated")
                box.setEnabled(False)
                box.setStyleSheet(
                    f"QComboBox:disabled {{ color: {ERROR_RED}; font-weight: bold; }}"
                )
            for end, path in ends.items():
                route = " > ".join(state.hexmap.label(h) for h in path)
                box.addItem(state.hexmap.label(end), end)
                box.setItemData(box.count() - 1, route, Qt.ItemDataRole.ToolTipRole)
            if len(ends) > 1:  # the player chooses: hexcombat never picks a retreat for them
                box.setPlaceholderText("click a highlighted hex")
                box.setCurrentIndex(-1)
            self.retreat_boxes[start] = box
            box.currentIndexChanged.connect(lambda _i: self._choice_changed())
            self.retreat_form.addRow(f"Retreat from {state.hexmap.label(start)} to", box)
        self.advance.clear()
        can_advance = self.resolution.result.advance
        self.advance_label.setVisible(can_advance)
        self.advance.setVisible(can_advance)
        if can_advance:
            for uid in self.resolution.attacker.uids:
                if uid in losses:
                    continue
                item = QListWidgetItem(
                    f"{state.counters[uid].unit.name} ({state.hexmap.label(state.hex_of(uid))})"
                )
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(Qt.CheckState.Unchecked)
                item.setData(UID_ROLE, uid)
                self.advance.addItem(item)
        self._show_result_text(losses)
        if self._apply_refused:
            self._choice_changed()
        else:
            self.problems.setText("")
        self._highlight()

    def pick_retreat(self, start: Hex, end: Hex) -> bool:
        """Choose where the stack from ``start`` retreats (a click on a highlighted hex)."""
        box = self.retreat_boxes.get(start)
        if box is None:
            return False
        # findData matches only the very same object; a hex from a map click is an equal one
        index = next((i for i in range(box.count()) if box.itemData(i) == end), -1)
        if index < 0:
            return False
        box.setCurrentIndex(index)
        return True

    def pick_retreat_at(self, end: Hex) -> bool:
        """A click on the map: the first retreating stack that may end there goes there."""
        return any(
            end in ends and self.pick_retreat(s, end) for s, ends in self.retreat_ends.items()
        )

    def set_advance(self, uids: list[str]) -> None:
        """Tick the attackers that advance."""
        for i in range(self.advance.count()):
            item = self.advance.item(i)
            checked = item.data(UID_ROLE) in uids
            item.setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)

    def _apply_command(self) -> ApplyCombat:
        """The result with the player's choices as one undoable command; :class:`GameError`
        says what Apply refuses."""
        assert self.resolution is not None
        retreats = {
            start: box.currentData()
            for start, box in self.retreat_boxes.items()
            if box.currentData() is not None
        }
        advance = [
            self.advance.item(i).data(UID_ROLE)
            for i in range(self.advance.count())
            if self.advance.item(i).checkState() == Qt.CheckState.Checked
        ]
        return apply_combat_command(
            self.session.state, self.resolution, self.chosen_losses(), retreats, advance
        )

    def _choice_changed(self) -> None:
        """A loss, retreat or advance chosen after Apply was refused: say what is still wrong,
        by the same check Apply makes, so a refusal put right goes away."""
        if self._building or self.resolution is None or not self._apply_refused:
            return
        try:
            self._apply_command()
        except GameError as exc:
            self.problems.setText(str(exc))
            return
        self.problems.setText("")

    def apply(self) -> bool:
        """Apply the result with the player's choices (one undoable command)."""
        if self.resolution is None:
            return False
        try:
            command = self._apply_command()
        except GameError as exc:
            self._apply_refused = True  # from now on each choice checks again
            self.problems.setText(str(exc))
            return False
        target = self.target
        if not self.session.run(command):
            return False
        self.typed_roll.clear()  # those dice are spent: the next attack's are typed afresh
        self.stop()
        self.title.setText(html.escape(f"Applied: {command.entry.text}"))
        if target is not None:
            self.scene.select_hex(target)
        return True

    def _roll_changed(self, change: Change) -> None:
        """Dice rolled, a roll undone, a result applied or its application undone."""
        pending = self.session.state.pending_roll
        if pending is not None:
            if self.resolution is not pending.resolution:
                self.start(pending.resolution.setup.target)  # shows it, with its set-up
        elif self.resolution is not None:
            if change.hexes:  # applied (Apply, or redo): the attack is over
                self.stop()
            else:
                self._roll_taken_back()

    def on_change(self, change: Change) -> None:
        """Anything moved while setting up: start over on the same target (or stop). A new
        phase may make the attack an overrun (10.G)."""
        if change.turn or change.counters:
            self.sync_turn()  # a new side may have come onto the map
        if change.turn and not change.hexes and self.target is not None and not self.resolution:
            self.evaluate()  # who attacks, and whether the phase has attacks, follow the turn
        if change.conditions:
            self.sync_conditions()
            self.evaluate()  # the weather decides armour effects (10.E, 14D2a)
        if change.roll:
            self._roll_changed(change)
            return
        if self.target is None or self.resolution is not None and not change.hexes:
            return
        state = self.session.state
        if self.target in change.hexes or any(c.hex in change.hexes for c in self.candidates):
            if state.stack_at(self.target):
                self.start(self.target)
            else:
                self.stop()
