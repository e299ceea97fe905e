"""The combat panel: set up an attack on one hex, see the odds and every step of the working,
roll (or type in the physical dice), and apply the result on the map.

It is a view of the attack being prepared (:class:`~hexcombat.game.attack_model.AttackModel`):
each change the model announces (the game's turn and weather too) redraws its part, and what to
show is decided without Qt by :mod:`hexcombat.game.combat_view_model`. The report's working and
the roll are the views the calculator shows too (:mod:`hexcombat.ui.report_view`,
:mod:`hexcombat.ui.roll_view`). The ruleset supplies the words: its conditions
become controls by their kind (:mod:`hexcombat.ui.condition_controls`), its phases fill the phase
box, and its loss policy picks the losses chooser (:mod:`hexcombat.ui.loss_choosers`). The map
highlights the target, the stacks taking part, the hexsides they cross (rivers stand out) and,
after the roll, the retreat ends to pick from.
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
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from hexcombat.board.hexes import Hex
from hexcombat.game.attack import (
    SIDES,
    AttackSetup,
    Candidate,
    Resolution,
    evaluate_attack,
)
from hexcombat.game.attack_model import AttackEvent, AttackModel
from hexcombat.game.combat_report import reads_drm
from hexcombat.game.combat_view_model import (
    NO_ATTACK_SUMMARY,
    Line,
    RetreatChoice,
    advance_prompt,
    advance_rows,
    attack_title,
    candidate_row,
    date_shown,
    map_marks,
    may_advance,
    no_attack_title,
    phase_setting,
    report_headline,
    result_text,
    retreat_choices,
    retreat_effects,
    retreat_lines,
    roll_controls,
    setup_summary,
    weather_shown,
)
from hexcombat.game.follow_ups import FollowUpModel
from hexcombat.game.roll import dice_asked, read_typed_roll, typed_roll_help, typed_roll_prompt
from hexcombat.game.state import Command, GameError
from hexcombat.game.turn import phase_tip
from hexcombat.rules.errors import RulesError
from hexcombat.rules.references import cited
from hexcombat.rules.report import Report
from hexcombat.rules.situation import Conditions
from hexcombat.sourcefile import SourceError
from hexcombat.ui.column_flow import ColumnFlow
from hexcombat.ui.condition_controls import (
    CheckControl,
    ConditionControl,
    condition_control,
    phase_note,
    setting_phases,
)
from hexcombat.ui.counted_units_view import CountedUnitsView
from hexcombat.ui.counter_art import side_colours
from hexcombat.ui.dice_faces import numbered
from hexcombat.ui.follow_up_view import FollowUpView
from hexcombat.ui.game_session import GameSession
from hexcombat.ui.loss_choosers import (
    STRENGTH_POINTS,
    UID_ROLE,
    LossChooser,
    LossSide,
    loss_chooser,
    loss_kind,
)
from hexcombat.ui.map_scene import MapScene
from hexcombat.ui.report_view import ReportView, scrolled
from hexcombat.ui.roll_view import RollView
from hexcombat.ui.steps_table import show_steps
from hexcombat.ui.table_mode import set_table_mode
from hexcombat.ui.what_if_view import WhatIfView

ERROR_RED = "#b02020"
"""What the player must put right: a refused roll, what Apply refuses, an eliminated stack."""
_scroll = scrolled


NO_ATTACK_DICE = "type the dice here once an attack is set up"
"""The typed-dice field with no attack: how many dice, and which, depends on the attack (a
chance roll for the DRM may add one), so none is promised."""


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
        # the report is the ruleset's, looked up when asked (a chart a player edits may break)
        self.model = AttackModel(session.state, self._run, lambda g, a: evaluate_attack(g, a))
        """The attack being prepared: everything the panel shows comes from it."""
        self._building = False
        self._shown_ends: object = None
        """The retreat ends the result pane's boxes were built for."""
        self._applied_target: Hex | None = None
        """The hex of the attack whose result Apply put on the map (selected afterwards)."""
        self._build()
        self.model.subscribe(self._on_model)  # the game's changes come through it too
        self.stop()
        pending = session.state.pending_roll
        if pending is not None:  # a game saved with a roll to apply: show it
            self.start(pending.resolution.setup.target)

    def _run(self, command: Command) -> str:
        """The model's game commands go through the session's undo stack."""
        return "" if self.session.run(command) else self.session.last_refusal or "refused"

    # what the model holds, read where the window and the tests look ------------------------

    @property
    def target(self) -> Hex | None:
        return self.model.target

    @property
    def candidates(self) -> list[Candidate]:
        return self.model.candidates

    @property
    def report(self) -> Report | None:
        return self.model.report

    @property
    def resolution(self) -> Resolution | None:
        return self.model.resolution

    @property
    def retreat_ends(self) -> dict[Hex, dict[Hex, tuple[Hex, ...]]]:
        return self.model.retreat_ends

    @property
    def refusal(self) -> str:
        """Why the last :meth:`start` could not set up an attack ("" when it could)."""
        return self.model.refusal

    def _on_model(self, event: AttackEvent) -> None:
        """Redraw what the model says changed."""
        if event == "target":
            self._show_target()
        elif event == "participants":
            self._show_ticks()
            self._highlight()
            self._show_summary(setup_summary(self.model))
            self.counted.show_units()
        elif event == "conditions":
            self._show_conditions()
        elif event == "report":
            self._show_report()
            self.counted.show_units()  # which units count now
        elif event == "roll":
            self._show_roll()
        elif event == "choices":
            self._show_choices()
        elif event == "applied":
            self._show_applied()
        elif event == "turn":
            self.sync_turn()
        elif event == "weather":
            self.sync_conditions()
        elif event == "follow-ups" and self.target is not None and self.resolution is None:
            self._lock_for_roll()  # the last follow-up resolved: the next attack may roll

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
        self._summary = NO_ATTACK_SUMMARY
        self.setup_toggle.toggled.connect(self._setup_toggled)
        self._setup_hidden_for_result = False
        self._table_mode_on = False
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
        self.what_if = WhatIfView()  # what moves the odds and the DRM (ui/what_if_view.py)
        odds_row = QHBoxLayout()
        odds_row.addWidget(self.odds)
        odds_row.addWidget(self.what_if.toggle, 1)  # beside the odds; unfolds under them
        outer.addLayout(odds_row)
        outer.addWidget(self.what_if)
        outer.addWidget(self.setup_toggle)
        outer.addWidget(self.splitter, 1)
        # what the last result calls for after its losses (ui/follow_up_view.py)
        self.follow_ups = FollowUpView(FollowUpModel(self.session.state, self._run))
        outer.addWidget(self.follow_ups)
        outer.addWidget(self._build_footer())
        # no result until a roll: hidden from the start, so a result shown as the panel opens
        # (a save reopened with a roll waiting) folds the set-up as after a roll
        self.result_pane.hide()
        self.footer.hide()

    def _build_footer(self) -> QWidget:
        """What stops Apply from working, and Apply itself: under the panes, never scrolled
        away however long the result's losses, retreats and advance get."""
        self.footer = QWidget()
        self.footer.setObjectName("CombatApply")
        layout = QVBoxLayout(self.footer)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        self.problems = QLabel()
        self.problems.setObjectName("ApplyProblems")
        self.problems.setTextFormat(Qt.TextFormat.PlainText)  # unit and side names as written
        self.problems.setWordWrap(True)
        self.problems.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.problems.setStyleSheet(f"color: {ERROR_RED};")
        # two lines kept for it whatever it says (more scroll): a message that grows or
        # shrinks as the player ticks losses never moves the ticks under the mouse
        self.problems_box = _scroll(self.problems, "ApplyProblemsScroll")
        problems = self.problems_box
        problems.setFixedHeight(2 * self.problems.fontMetrics().lineSpacing())
        layout.addWidget(problems)
        self.apply_button = QPushButton("Apply result")
        self.apply_button.setObjectName("ApplyResult")
        self.apply_button.clicked.connect(lambda: self.apply())
        layout.addWidget(self.apply_button)
        return self.footer

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        self.report_view.fit_warnings(self.splitter.width())
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
        self.candidate_tree.setRootIsDecorated(True)  # a stack's units, each with its tick
        self.candidate_tree.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        header = self.candidate_tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.candidate_tree.itemChanged.connect(self._stack_ticked)
        self.candidate_tree.itemExpanded.connect(lambda _i: self._units_folded())
        self.candidate_tree.itemCollapsed.connect(lambda _i: self._units_folded())
        self._fit_candidates()
        group = QGroupBox("Attackers")
        group_layout = QVBoxLayout(group)
        group_layout.setContentsMargins(6, 4, 6, 6)
        group_layout.addWidget(self.candidate_tree)
        layout.addWidget(group)
        # under counting limits, which units count (the ruleset's pick until the player's)
        self.counted = CountedUnitsView(self.model, self._refuse_roll)
        layout.addWidget(self.counted)

        conditions = QGroupBox("Conditions")
        grid = QGridLayout(conditions)
        grid.setContentsMargins(6, 4, 6, 6)
        grid.setVerticalSpacing(2)
        grid.addLayout(self._build_phase(), 0, 0, 1, 2)
        self.phase_note = QLabel()
        self.phase_note.setObjectName("PhaseNote")
        self.phase_note.setWordWrap(True)
        self.phase_note.setStyleSheet("color: #1f5fa8;")
        self.phase_note.hide()
        grid.addWidget(self.phase_note, 3, 0, 1, 2)
        self.weather = QComboBox()
        self.weather.setObjectName("Weather")
        self.weather.addItems(self.session.state.vocabulary.weather)
        self.weather.setToolTip("The game's weather, as its rules read it")
        self.weather.currentTextChanged.connect(lambda _t: self._weather_or_date_chosen())
        self.date = QLineEdit()
        self.date.setObjectName("Date")
        self.date.setPlaceholderText("YYYY-MM")
        self.date.setToolTip("The game month: units' dated capabilities change by it")
        self.date.editingFinished.connect(self._weather_or_date_chosen)
        row = QHBoxLayout()
        row.setSpacing(6)
        self.weather_label, self.date_label = QLabel("Weather"), QLabel("Date")
        row.addWidget(self.weather_label)
        row.addWidget(self.weather)
        row.addSpacing(12)
        row.addWidget(self.date_label)
        row.addWidget(self.date)
        row.addStretch(1)
        grid.addLayout(row, 1, 0, 1, 2)
        # two columns where they fit, else one: never cut off at a large font (ColumnFlow)
        self.condition_flow = ColumnFlow(max_columns=2, spacing=(6, 2))
        self._build_conditions()
        grid.addLayout(self.condition_flow, 2, 0, 1, 2)
        layout.addWidget(conditions)
        layout.addStretch(1)
        self.setup_pane = _scroll(inner, "CombatSetup")
        return self.setup_pane

    def _build_conditions(self) -> None:
        """A control for each condition the ruleset declares, by its kind: the check boxes
        first, side by side, then the numbers and choices."""
        self.condition_controls: dict[str, ConditionControl] = {}
        self.condition_boxes: dict[str, QCheckBox] = {}
        """The flags' check boxes by condition key."""
        specs = self.model.vocabulary.conditions
        for spec in sorted(specs, key=lambda c: c.kind != "bool"):  # stable: the ruleset's order
            control = condition_control(spec, lambda value, key=spec.key: self._chose(key, value))
            self.condition_controls[spec.key] = control
            if isinstance(control, CheckControl):
                self.condition_boxes[spec.key] = control.box
            self.condition_flow.addWidget(control.widget)

    def _chose(self, key: str, value: object) -> None:
        """The player set a condition: the model re-evaluates, or says why not."""
        if self._building:
            return
        try:
            self.model.set_condition(key, value)  # type: ignore[arg-type]
        except GameError as exc:
            self._show_conditions()  # the model's value again
            self.session.refused.emit(str(exc))

    def _stack_ticked(self, item: QTreeWidgetItem, _column: int) -> None:
        """The player ticked or unticked an attacking stack, or one unit of it."""
        if self._building:
            return
        checked = item.checkState(0) == Qt.CheckState.Checked
        parent = item.parent()
        try:
            if parent is not None:
                self.model.set_unit_taking_part(item.data(0, UID_ROLE), checked)
                return
            index = self.candidate_tree.indexOfTopLevelItem(item)
            if 0 <= index < len(self.model.candidates):
                self.model.set_taking_part(self.model.candidates[index].hex, checked)
        except GameError as exc:
            self.session.refused.emit(str(exc))
        finally:
            self._show_ticks()  # a refused tick goes back to the model's

    def _show_ticks(self) -> None:
        """Each stack's box (all, some or none of its units) and each unit's, as the model
        has them."""
        model, tree = self.model, self.candidate_tree
        ticked = set(model.attacker_uids())
        self._building = True
        for index, candidate in enumerate(model.candidates[: tree.topLevelItemCount()]):
            item = tree.topLevelItem(index)
            if candidate.counters:
                item.setCheckState(0, _TICKS[model.stack_ticks(candidate.hex)])
            for row in range(item.childCount()):
                child = item.child(row)
                if child.flags() & Qt.ItemFlag.ItemIsUserCheckable:
                    on = child.data(0, UID_ROLE) in ticked
                    child.setCheckState(0, Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
        self._building = False

    def _show_conditions(self) -> None:
        """Each condition as the model has it, those the phase sets shown as set by it, with
        the phase's note under them."""
        vocabulary = self.model.vocabulary
        notes = []
        self._building = True
        try:
            for key, control in self.condition_controls.items():
                spec = control.spec
                control.show_value(self.model.condition(key))
                if spec.set_by_phase:
                    phase = phase_setting(self.model, spec)
                    control.show_phase(phase, setting_phases(spec, vocabulary.phases))
                    if phase is not None:
                        notes.append(phase_note(spec, phase))
        finally:
            self._building = False
        self.phase_note.setText("\n".join(notes))
        if self.phase_note.isHidden() == bool(notes):
            self.phase_note.setVisible(bool(notes))
            if not self.setup_pane.isHidden():
                self._share_height()  # the set-up grew or shrank by the note
        if self.target is not None:
            self._show_summary(setup_summary(self.model))

    def _build_phase(self) -> QHBoxLayout:
        """Whose player-turn and which phase: the game's, changed through the undo stack."""
        self.phasing_player = QComboBox()
        self.phasing_player.setObjectName("PhasingPlayer")
        self.phasing_player.setToolTip("The phasing player: whose player-turn it is")
        self.phasing_player.setPlaceholderText("no side yet")  # a map with no counters
        self.phase = QComboBox()
        self.phase.setObjectName("Phase")
        for i, phase in enumerate(self.model.vocabulary.phases):
            self.phase.addItem(phase.name)
            rule = cited(phase.rule)
            self.phase.setItemData(i, f"{phase.note}{rule}", Qt.ItemDataRole.ToolTipRole)
        self._syncing_turn = False
        self.phasing_player.currentTextChanged.connect(lambda _t: self._turn_chosen())
        self.phase.currentTextChanged.connect(lambda _t: self._turn_chosen())
        row = QHBoxLayout()
        row.setSpacing(6)
        phased = bool(self.model.vocabulary.phases)  # a ruleset with no turn sequence: no box
        row.addWidget(QLabel("Phase" if phased else "Turn"))
        row.addWidget(self.phasing_player)
        row.addWidget(self.phase)
        if not phased:  # (never shown here: not parented yet, it would open a window)
            self.phase.hide()
        row.addStretch(1)
        return row

    def _turn_chosen(self) -> None:
        """The player picked a phasing player or phase: one undoable change to the game."""
        if self._syncing_turn:
            return
        self.model.set_turn(self.phasing_player.currentText(), self.phase.currentText())

    def _weather_or_date_chosen(self) -> None:
        """The player set the weather or the date: one undoable change to the game."""
        if self._syncing_turn:
            return
        self.model.set_weather_and_date(
            self.weather.currentText(), self.date.text().strip() or None
        )

    def sync_conditions(self) -> None:
        """Show the game's weather and date (after a change, an undo, a redo or a load)."""
        conditions = self.session.state.conditions
        self._syncing_turn = True
        try:
            self.weather.setCurrentText(conditions.weather)
            self.date.setText(conditions.date or "")
        finally:
            self._syncing_turn = False
        chosen_weather = weather_shown(self.session.state.vocabulary)
        self.weather_label.setVisible(chosen_weather)
        self.weather.setVisible(chosen_weather)
        dated = date_shown(self.session.state)
        self.date_label.setVisible(dated)
        self.date.setVisible(dated)

    def sync_turn(self) -> None:
        """Show the game's phasing player and phase, and the conditions the phase sets."""
        state = self.session.state
        self._syncing_turn = True
        try:
            players = state.players
            shown = [self.phasing_player.itemText(i) for i in range(self.phasing_player.count())]
            if shown != players:
                self.phasing_player.clear()
                self.phasing_player.addItems(players)
            self.phasing_player.setCurrentText(state.phasing_player)
            # no side on the map yet: say so, not a blank box
            self.phasing_player.setEnabled(bool(players))
            self.phase.setCurrentText(state.phase)
            self.phase.setToolTip(phase_tip(self.model.vocabulary, state.phase))
        finally:
            self._syncing_turn = False
        self._show_conditions()  # a phase may set a condition (an overrun while moving)

    def _build_working(self) -> QWidget:
        """Every step of the working with its rule, the chance of each result, and the roll."""
        pane = QWidget()
        pane.setObjectName("CombatWorking")
        layout = QVBoxLayout(pane)
        layout.setContentsMargins(0, 0, 0, 0)
        # the report's working, as the calculator shows it too (ui/report_view.py)
        self.report_view = ReportView()
        self.report_view.add_to(layout)
        view = self.report_view
        self.steps, self.warnings, self.bars = view.steps, view.warnings, view.bars
        self.unit_fates = view.unit_fates
        # Roll, the typed dice and a refused roll, as in the calculator (ui/roll_view.py)
        self.roll_view = RollView(roll_tip="Roll the game's seeded dice (R)")
        layout.addWidget(self.roll_view)
        self.roll_button, self.typed_roll = self.roll_view.button, self.roll_view.typed
        self.dice, self.roll_problem = self.roll_view.dice, self.roll_view.problem
        self.roll_button.clicked.connect(lambda: self.roll())
        self.typed_roll.setPlaceholderText(NO_ATTACK_DICE)
        self.typed_roll.returnPressed.connect(self.use_typed_roll)
        self.typed_roll.textEdited.connect(lambda _t: self._typed_roll_edited())
        return pane

    def _build_result(self) -> QScrollArea:
        """The rolled result: losses to tick, retreats to pick, an advance to offer, Apply."""
        self.result_box = QGroupBox("Result")
        result_layout = QVBoxLayout(self.result_box)
        result_layout.setSpacing(4)
        self.result_label = QLabel()
        self.result_label.setWordWrap(True)
        self.result_label.setTextFormat(Qt.TextFormat.RichText)
        result_layout.addWidget(self.result_label)
        self._result_layout = result_layout
        self.loss_chooser: LossChooser = loss_chooser(STRENGTH_POINTS, self._losses_chosen)
        result_layout.addWidget(self.loss_chooser)
        # what each side must lose for the ticks now, and who cannot retreat: under the ticks,
        # so a line it gains or loses as the player ticks never moves them
        self.loss_needs = QLabel()
        self.loss_needs.setObjectName("LossNeeds")
        self.loss_needs.setWordWrap(True)
        self.loss_needs.setTextFormat(Qt.TextFormat.RichText)
        result_layout.addWidget(self.loss_needs)
        self.retreat_form = QFormLayout()
        result_layout.addLayout(self.retreat_form)
        self.retreat_boxes: dict[Hex, QComboBox] = {}
        self.retreat_prompts: dict[Hex, QLabel] = {}
        """Who picks where each stack retreats, by the hex it starts from."""
        self.retreat_picks: dict[Hex, QPushButton] = {}
        """The buttons that let the program pick for the player who chooses."""
        self.advance = QListWidget()
        self.advance.itemChanged.connect(lambda _i: self._advance_ticked())
        self.advance.setMaximumHeight(90)
        self.advance_label = QLabel("Advance into the vacated hex:")
        self.advance_into = QComboBox()  # when the advance may go into one of several hexes
        self.advance_into.setPlaceholderText("choose the hex")
        self.advance_into.currentIndexChanged.connect(lambda _i: self._advance_into_picked())
        result_layout.addWidget(self.advance_label)
        result_layout.addWidget(self.advance_into)
        result_layout.addWidget(self.advance)
        result_layout.addStretch(1)
        self.result_pane = _scroll(self.result_box, "CombatResult")
        return self.result_pane

    def _fit_candidates(self) -> None:
        """The attackers list as tall as its rows, the units under each stack counted (up to
        eight; beyond, it scrolls): no empty box."""
        tree = self.candidate_tree
        shown = sum(
            1 + (item.childCount() if item.isExpanded() else 0)
            for item in (tree.topLevelItem(i) for i in range(tree.topLevelItemCount()))
        )
        rows = max(2, min(8, shown))
        row = tree.sizeHintForRow(0) if tree.topLevelItemCount() else tree.fontMetrics().height()
        height = tree.header().sizeHint().height() + rows * max(row, 1) + 2 * tree.frameWidth()
        tree.setFixedHeight(height + 2)

    def _units_folded(self) -> None:
        """A stack's units shown or folded: the list, and the set-up, as tall as they need."""
        self._fit_candidates()
        if not self._building and not self.setup_pane.isHidden():
            self._share_height()

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

    def _fit_outcomes(self) -> None:
        self.report_view.fit_outcomes()

    def set_table_mode(self, on: bool) -> None:
        """Large type and high contrast (ui/table_mode.py): the odds and DRM biggest, then
        the roll and the result; the panel's rows and panes sized afresh for the new type."""
        set_table_mode(self, on, [self.odds], [self.dice])
        self.what_if.set_narrow(on)
        # the set-up's line is shortened to the panel: in table mode it never widens it
        self.setup_toggle.setMinimumWidth(80 if on else 0)
        switched = on != self._table_mode_on  # told again (a game opened): the fold stays
        self._table_mode_on = on
        if switched and self.setup_toggle.isChecked() == on:  # the set-up folds to its summary
            self.setup_toggle.setChecked(not on)  # line, so the numbers get the room; Space unfolds
        # the warnings a scroll away, the bars and the fates fitted to the type
        self.report_view.set_table_mode(on, self.splitter.width())
        if self.model.resolution is not None:
            self._show_result_text()  # the result's working folds (or unfolds) with the mode
        self.problems.ensurePolished()  # the table's type: two of its lines kept for Apply's
        self.problems_box.setFixedHeight(2 * self.problems.fontMetrics().lineSpacing())
        # the steps give a rolled result its room: their header and a row at least, the rest
        # a scroll away
        self.steps.setMinimumHeight(48 if on else 72)
        if self.report is not None:
            self._show_steps(self.report)
        self._fit_candidates()
        self._show_summary(self._summary)
        self._share_height()

    def detach(self) -> None:
        """Stop listening to the game."""
        self.model.detach()
        self.follow_ups.model.detach()

    # setting up ----------------------------------------------------------------------------

    def start(self, target: Hex) -> bool:
        """Set up an attack on the stack in ``target``; False (with a message) if impossible."""
        return self.model.start(target)

    def stop(self) -> None:
        """No attack: clear the panel and the map highlights."""
        self.model.stop()

    def _show_target(self) -> None:
        """A new attack set up (its stacks and conditions), none, or one refused."""
        model = self.model
        if model.refusal:  # refused: what was on show stays
            if self.session.state.pending_roll is not None:
                self.problems.setText(model.refusal)  # the rolled attack stays on show
            else:
                self.title.setText(html.escape(model.refusal))
            return
        if model.target is None:
            self._show_nothing()
            return
        self.sync_conditions()
        self.sync_turn()  # the conditions the phase sets follow it
        self._building = True
        self.candidate_tree.clear()
        for candidate in model.candidates:
            item = self._candidate_item(candidate)
            self.candidate_tree.addTopLevelItem(item)
            # folded (the list stays as short as its stacks) unless some of its units are out
            item.setExpanded(model.stack_ticks(candidate.hex) == "some")
        self._building = False
        self._show_ticks()
        self._building = True
        self._fit_candidates()
        self._building = False
        self._show_conditions()
        self.counted.show_units()
        self.setEnabled(True)
        if not self.setup_pane.isHidden():
            self._share_height()

    def _candidate_item(self, candidate: Candidate) -> QTreeWidgetItem:
        """A stack that may join the attack: ticked when taking part; its counters the rules
        bar from attacking named, with why (:func:`candidate_row`)."""
        row = candidate_row(candidate, self.model.vocabulary)
        item = QTreeWidgetItem([row.label, row.names, row.across])
        item.setData(0, UID_ROLE, [c.uid for c in candidate.counters])
        if row.tickable:
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            taking_part = candidate.hex in self.model.taking_part
            item.setCheckState(0, Qt.CheckState.Checked if taking_part else Qt.CheckState.Unchecked)
        else:  # nothing in the stack may attack: say why, offer no tick
            item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled)
        if candidate.features:
            item.setForeground(2, QColor("#1f5fa8"))
        item.setToolTip(1, row.tip)
        for unit in row.units:
            child = QTreeWidgetItem([unit.text])
            child.setData(0, UID_ROLE, unit.uid)
            child.setCheckState(0, Qt.CheckState.Unchecked)
            if unit.why:  # barred from attacking: unticked and disabled, why as its tooltip
                child.setFlags(
                    child.flags() & ~Qt.ItemFlag.ItemIsEnabled & ~Qt.ItemFlag.ItemIsUserCheckable
                )
                child.setToolTip(0, unit.why)
            else:
                child.setFlags(child.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.addChild(child)
            child.setFirstColumnSpanned(True)
        return item

    def _show_nothing(self) -> None:
        """No attack: the panel cleared, the map highlights gone."""
        self._building = True
        self.candidate_tree.clear()
        self._building = False
        self._fit_candidates()
        self.title.setText(no_attack_title(self.model.vocabulary))
        self.counted.show_units()
        self._show_report_view()
        self._show_summary(NO_ATTACK_SUMMARY)
        self.odds.setText("")
        self.what_if.show_report(None)  # no attack: nothing to weigh
        self.typed_roll.setPlaceholderText(NO_ATTACK_DICE)  # the last attack's dice are not asked
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
        return self.model.attacker_uids()

    def conditions(self) -> Conditions:
        """The game's conditions (weather, date) with this attack's choices set in the panel."""
        return self.model.conditions()

    def setup(self) -> AttackSetup | None:
        """The attack as set up now."""
        return self.model.setup()

    # the report ----------------------------------------------------------------------------

    def evaluate(self) -> Report | None:
        """Re-evaluate the attack (the model announces the report)."""
        return self.model.evaluate()

    def _show_report(self) -> None:
        """The attack's headline, every step of the working, the warnings and the chances."""
        model = self.model
        if model.target is None:
            return
        if model.resolution is None:
            self._show_result_pane(False)
            self.dice.set_rolls([])
        title = attack_title(model)
        assert title is not None
        self.title.setText(  # names from a file are text, never markup
            f"<b>{html.escape(title.attack)} on {html.escape(title.place)}</b> "
            f"({html.escape(title.terrain)}): {html.escape(title.defenders)}"
        )
        self._highlight()
        self._show_summary(setup_summary(self.model))
        report = model.report
        self._show_report_view()
        if report is None:
            self.odds.setText("")
            self.what_if.show_report(None)
            self._set_rollable(False)
            return
        self.odds.setText(report_headline(report))  # the presenter's: ``3:1   DRM +1``
        self.what_if.show_report(report)
        self._lock_for_roll()
        self._show_dice_wanted()

    def _show_report_view(self) -> None:
        """The report's working: its steps, the model's warnings (why there is no report), the
        chances and the units' fates."""
        model = self.model
        warnings = model.warnings() if model.report is not None else model.problem
        view, width = self.report_view, self.splitter.width()
        view.show_report(model.report, model.state.ruleset, model.vocabulary, warnings, width)

    def _show_steps(self, report: Report) -> None:
        """Each step with its rule (the rule's summary in the tooltip), value and DRM."""
        show_steps(self.steps, report.steps, self.session.state.ruleset, reads_drm(report))

    def _show_dice_wanted(self) -> None:
        """Say in the typed-roll field how many dice this attack rolls, and check a refused
        roll again (a new DRM chance may change how many)."""
        try:
            sides = self.model.dice_wanted()
        except (RulesError, SourceError, ValueError):
            return  # the roll itself will say what is wrong with the chart
        if not sides:
            return
        follow_up, report = self.model.follow_up, self.model.report
        if report is None:
            return
        self.typed_roll.setPlaceholderText(typed_roll_prompt(report, follow_up))
        self.typed_roll.setToolTip(typed_roll_help(report, follow_up))
        if not self.roll_problem.isHidden() and not follow_up:
            self._typed_roll_edited()

    def _set_rollable(self, on: bool) -> None:
        self.roll_button.setEnabled(on)
        self.typed_roll.setEnabled(on)
        self.rollable.emit(on)

    def _lock_for_roll(self) -> None:
        """Roll, the typed dice and the set-up on or off as the model says
        (:func:`~hexcombat.game.combat_view_model.roll_controls`)."""
        controls = roll_controls(self.model)
        self._set_rollable(controls.rollable)
        self.roll_button.setText(controls.button)
        if controls.prompt is not None:
            self.typed_roll.setPlaceholderText(controls.prompt)
        self.typed_roll.setEnabled(controls.typed)
        self.roll_button.setToolTip(controls.tip)
        self.setup_pane.setEnabled(controls.setup)

    def _highlight(self) -> None:
        """The map's marks of the attack, as the model says (:func:`map_marks`)."""
        marks = map_marks(self.model)
        if marks is None:
            return
        sides = self.session.state.side_order
        tints = {h: side_colours(side, sides)[0] for h, side in marks.pickers.items()}
        self.scene.overlay.highlight(marks.hexes, marks.sides, marks.paths, tints)
        self.scene.set_roles(marks.roles)

    # rolling and applying ------------------------------------------------------------------

    def roll(self, typed: list[int] | None = None) -> Resolution | None:
        """Roll for the attack (the game's seeded dice, or the ``typed`` physical dice): one
        undoable, logged change. Refused while a rolled result waits to be applied."""
        if self.target is None or self.report is None:
            return None
        if self.session.state.pending_roll is not None:
            self.problems.setText("The dice are rolled: apply the result, or undo the roll.")
            return None
        return self.model.roll_or_resolve(typed)

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
            dice = dice_asked(self.report, self.model.follow_up)
            rolls = read_typed_roll(self.typed_roll.text(), dice)
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
        self.roll_view.refuse(text)

    def _show_roll(self) -> None:
        """The dice rolled (the result to apply), taken back, refused, or more wanted."""
        model = self.model
        self._refuse_roll(model.roll_problem)
        if model.resolution is None:
            self._show_dice_wanted()
            return
        self.dice.set_rolls(list(model.rolls), numbered(model.resolution.report))
        self.show_resolution(model.resolution)

    def show_resolution(self, resolution: Resolution) -> None:
        """Show the rolled result: losses to choose, retreats to pick, an advance to offer."""
        self.report_view.show_outcomes(resolution.report.outcome_list, resolution.result.code)
        self._lock_for_roll()
        kind = loss_kind(resolution)
        if kind != self.loss_chooser.kind:  # the ruleset's own way of choosing losses
            chooser = loss_chooser(kind, self._losses_chosen)
            self._result_layout.replaceWidget(self.loss_chooser, chooser)
            self.loss_chooser.hide()  # gone now, not when the event loop next deletes it
            self.loss_chooser.deleteLater()
            self.loss_chooser = chooser
        self.loss_chooser.show_resolution(self.model)
        self._shown_ends = None
        self._show_choices()
        self._show_result_pane(True)

    @property
    def losses(self) -> QListWidget | None:
        """The list the losses are ticked in (strength points)."""
        return getattr(self.loss_chooser, "list", None)

    @property
    def losses_label(self) -> QLabel | None:
        """What the losses list is for, or that the result takes none."""
        return getattr(self.loss_chooser, "label", None)

    def _show_result_text(self) -> None:
        """The result in words, with the numbers Apply checks for the losses ticked now: the
        dice by purpose (a morale check the result called for among them), what each side must
        lose, every other effect, and every retreating stack with no legal retreat named as
        eliminated, in red."""
        model = self.model
        text = result_text(model, self.loss_chooser.states)
        assert text is not None
        more, tip = text.lines(self._table_mode_on)
        lines = [f"<b>{html.escape(text.code)}</b>: {html.escape(text.said)}"]
        lines += [html.escape(line) for line in more]
        self.result_label.setToolTip(tip)
        retreats = retreat_effects(model)
        needs: list[str] = []
        for side in SIDES:
            needs += self.loss_chooser.side_lines(model, LossSide(side))
            needs += [_rich(line) for line in retreat_lines(model, side, retreats.get(side))]
        self.loss_needs.setText("<br>".join(needs))
        self.loss_needs.setVisible(bool(needs))
        self.result_label.setText("<br>".join(lines))

    def result_text(self) -> str:
        """The rolled result in words as shown (rich text, a line a ``<br>``): the result's
        lines, then under the ticks what each side must lose and who cannot retreat."""
        return "<br>".join(t for t in (self.result_label.text(), self.loss_needs.text()) if t)

    def chosen_losses(self) -> list[str]:
        """The counters ticked as lost."""
        return self.loss_chooser.chosen()

    def _losses_chosen(self, uids: list[str]) -> None:
        if not self._building:
            self.model.set_losses(uids)

    def _show_choices(self) -> None:
        """The retreats to pick and the advance to offer (built afresh when the losses ticked
        change where stacks may retreat), the result's words and what Apply refuses."""
        model = self.model
        if model.resolution is None:
            return
        if model.retreat_ends is not self._shown_ends:
            self._build_choices()
        self._building = True
        for start, box in self.retreat_boxes.items():
            end = model.retreats.get(start)
            index = next((i for i in range(box.count()) if box.itemData(i) == end), -1)
            if box.isEnabled() and box.currentIndex() != index:
                box.setCurrentIndex(index)
        for i in range(self.advance.count()):
            item = self.advance.item(i)
            on = item.data(UID_ROLE) in model.advance
            item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
        self._building = False
        self._show_result_text()
        self.problems.setText(model.apply_problem)
        self._highlight()

    def _build_choices(self) -> None:
        """A box for each retreating stack's end, the attackers that may advance."""
        state, model = self.session.state, self.model
        self._shown_ends = model.retreat_ends
        self._building = True
        while self.retreat_form.rowCount():
            self.retreat_form.removeRow(0)
        self.retreat_boxes, self.retreat_prompts, self.retreat_picks = {}, {}, {}
        for choice in retreat_choices(model):
            if choice.prompt:  # who picks, in the colour of their counters
                self._add_retreat_prompt(choice)
            box = QComboBox()
            if choice.trapped:
                box.addItem("no legal retreat: eliminated")
                box.setEnabled(False)
                box.setStyleSheet(
                    f"QComboBox:disabled {{ color: {ERROR_RED}; font-weight: bold; }}"
                )
            for end in choice.ends:
                box.addItem(end.label, end.hex)
                box.setItemData(box.count() - 1, end.route, Qt.ItemDataRole.ToolTipRole)
            if choice.player_picks:  # the player who chooses picks (or asks the program)
                box.setPlaceholderText("click a highlighted hex")
                box.setCurrentIndex(-1)
            start = choice.start
            self.retreat_boxes[start] = box
            box.currentIndexChanged.connect(
                lambda _i, start=start, box=box: self._retreat_picked(start, box)
            )
            self.retreat_form.addRow(f"Retreat from {choice.label} to", box)
            if choice.pick_words:  # the program picks for the chooser when asked, in view
                pick = QPushButton(choice.pick_words)
                pick.setObjectName("RetreatPick")
                pick.setToolTip(choice.pick_tip)
                pick.clicked.connect(lambda _c=False, start=start: self.pick_for_chooser(start))
                self.retreat_picks[start] = pick
                self.retreat_form.addRow("", pick)
        self.advance.clear()
        can_advance = may_advance(model)
        self.advance_label.setVisible(can_advance)
        self.advance.setVisible(can_advance)
        into = model.advance_hexes()
        self.advance_into.clear()
        for h in into:
            self.advance_into.addItem(state.hexmap.label(h), h)
        self.advance_into.setCurrentIndex(
            next((i for i, h in enumerate(into) if h == model.advance_into), -1)
        )
        self.advance_into.setVisible(can_advance and len(into) > 1)
        self.advance_label.setText(advance_prompt(model))
        for uid, text in advance_rows(model):
            item = QListWidgetItem(text)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            item.setData(UID_ROLE, uid)
            self.advance.addItem(item)
        self._building = False

    def _add_retreat_prompt(self, choice: RetreatChoice) -> None:
        """The line that says who picks where the stack retreats, on the picking side's
        counter colours (the map outlines its legal ends in the same colour)."""
        prompt = QLabel(choice.prompt)
        prompt.setObjectName("RetreatPrompt")
        prompt.setWordWrap(True)
        prompt.setToolTip(choice.pick_tip)
        if choice.side:
            back, ink = side_colours(choice.side, self.session.state.side_order)
            prompt.setStyleSheet(
                f"QLabel {{ background: {back.name()}; color: {ink.name()}; "
                "font-weight: bold; padding: 3px; border-radius: 3px; }"
            )
        self.retreat_prompts[choice.start] = prompt
        self.retreat_form.addRow(prompt)

    def pick_for_chooser(self, start: Hex | None = None) -> bool:
        """Let the program pick where the stack from ``start`` retreats (every stack still to
        pick when None) as the player who chooses would; the pick shows, and may be changed."""
        return self.model.pick_for_choosers(start)

    def _retreat_picked(self, start: Hex, box: QComboBox) -> None:
        if not self._building:
            self.model.set_retreat(start, box.currentData())

    def _advance_into_picked(self) -> None:
        if not self._building:
            self.model.set_advance_into(self.advance_into.currentData())

    def _advance_ticked(self) -> None:
        if self._building:
            return
        self.model.set_advance(
            [
                self.advance.item(i).data(UID_ROLE)
                for i in range(self.advance.count())
                if self.advance.item(i).checkState() == Qt.CheckState.Checked
            ]
        )

    def pick_retreat(self, start: Hex, end: Hex) -> bool:
        """Choose where the stack from ``start`` retreats (a click on a highlighted hex)."""
        if end not in self.model.retreat_ends.get(start, {}):
            return False
        self.model.set_retreat(start, end)
        return True

    def pick_retreat_at(self, end: Hex) -> bool:
        """A click on the map: the first retreating stack that may end there goes there."""
        return self.model.pick_retreat_at(end)

    def set_advance(self, uids: list[str]) -> None:
        """Tick the attackers that advance."""
        self.model.set_advance([u for u in self.model.advance_choices() if u in uids])

    def apply(self) -> bool:
        """Apply the result with the player's choices (one undoable command)."""
        self._applied_target = self.target
        return self.model.apply()

    def _show_applied(self) -> None:
        """The result is on the map: the attack is over, and the panel says what happened."""
        self.typed_roll.clear()  # those dice are spent: the next attack's are typed afresh
        self.title.setText(html.escape(f"Applied: {self.model.applied}"))
        if self._applied_target is not None:
            self.scene.select_hex(self._applied_target)


_TICKS = {
    "all": Qt.CheckState.Checked,
    "some": Qt.CheckState.PartiallyChecked,
    "none": Qt.CheckState.Unchecked,
}
"""A stack's box: all its units ticked, some, or none."""


def _rich(line: Line) -> str:
    """A line of the result as rich text: what is alarming in red, what is strong in bold."""
    text = html.escape(line.text)
    text = f"<b>{text}</b>" if line.strong else text
    return f'<span style="color: {ERROR_RED};">{text}</span>' if line.alarm else text
