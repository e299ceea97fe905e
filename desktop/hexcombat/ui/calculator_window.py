"""The calculator: a combat without a map, for the table beside a cardboard game.

Pick attackers and defenders from the counter sets by typing part of an id or name (``2
su-rifle-xx`` adds two), or type a unit in the counter vocabulary; say what each attacks across;
set the ruleset's conditions; read the working, the odds and the chance of every result at once;
roll, or type the physical dice, and read what to do with the counters. Everything is reachable
from the keyboard. The window is a view of :class:`~hexcombat.game.calculator.CalculatorCombat`.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QStringListModel, Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QCompleter,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QMainWindow,
    QMenu,
    QMessageBox,
    QPlainTextEdit,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from hexcombat.game.calculator import (
    CalculatorCombat,
    CalculatorError,
    MoreDice,
    Rolled,
    new_combat,
    on_the_table,
    open_combat,
    roll_dice,
    roll_typed,
)
from hexcombat.game.combat_report import CombatReport, from_report
from hexcombat.game.combat_view_model import (
    AIR_SIDE,
    calculator_conditions,
    calculator_headline,
    calculator_roll,
    calculator_setup,
    side_fields,
)
from hexcombat.game.conditions import vocabulary_of
from hexcombat.rules.dice import DiceWanted
from hexcombat.rules.missions import MissionReport
from hexcombat.rules.registry import get_ruleset, ruleset_ids
from hexcombat.rules.report import Report
from hexcombat.sourcefile import SourceError
from hexcombat.ui.combat_keys import show_keys_in_tip
from hexcombat.ui.condition_controls import ConditionControl, condition_control
from hexcombat.ui.dice_faces import numbered
from hexcombat.ui.error_text import capped
from hexcombat.ui.help_dialogs import HelpWindow, shortcut_rows
from hexcombat.ui.report_actions import ReportActions
from hexcombat.ui.report_view import ReportView
from hexcombat.ui.roll_view import RollView
from hexcombat.ui.table_mode import BODY_SCALE, HEADLINE_SCALE, desktop_points, set_table_mode
from hexcombat.ui.table_mode import SHORTCUT as TABLE_MODE_KEY
from hexcombat.ui.what_if_view import WhatIfView

ERROR_RED = "#b02020"
TYPED_ROLL_TIP = "Type the physical dice and press Enter (Ctrl+E)"
"""The dice field's tooltip until a combat names its dice (then theirs)."""
SETUP_NARROWEST, SETUP_WIDEST = 420, 720
"""The set-up pane's least width, and the most its fields may claim (beyond it, it scrolls
sideways): at 1280 pixels the working keeps 560."""
AIR = AIR_SIDE
"""The side box's choice that flies the counter typed on the mission chosen (its ruleset's air
rules' missions)."""


SIDE_KEYS = {"attacker": "Ctrl+1", "defender": "Ctrl+2", AIR: "Ctrl+3"}
"""The keys that send the counter typed in the search field to a side."""
COMMANDS: tuple[tuple[str, str, str, str | QKeySequence.StandardKey], ...] = (
    ("&File", "&New Combat", "new_combat", QKeySequence.StandardKey.New),
    ("&File", "&Open...", "choose_open", QKeySequence.StandardKey.Open),
    ("&File", "&Save", "save", QKeySequence.StandardKey.Save),
    ("&File", "Save &As...", "save_as", QKeySequence.StandardKey.SaveAs),
    ("&File", "&Close", "close", QKeySequence.StandardKey.Close),
    ("&Combat", "&Find Counter", "find_counter", "Ctrl+F"),
    ("&Combat", "Add to &Attackers", "add_attacker", SIDE_KEYS["attacker"]),
    ("&Combat", "Add to &Defenders", "add_defender", SIDE_KEYS["defender"]),
    ("&Combat", "Fly as Air &Mission", "add_air_mission", SIDE_KEYS[AIR]),
    ("&Combat", "Choose &Unit", "choose_unit", "Ctrl+U"),
    ("&Combat", "&Remove Unit", "remove_chosen", QKeySequence.StandardKey.Delete),
    ("&Combat", "&Roll", "roll", "Ctrl+R"),
    ("&Combat", "&Type Dice", "type_dice", "Ctrl+E"),
    ("&Combat", "&What If", "toggle_what_if", "Ctrl+I"),
    ("&View", "&Table Mode", "toggle_table_mode", TABLE_MODE_KEY),
    ("&Help", "&Keys", "show_keys", QKeySequence.StandardKey.HelpContents),
)
"""The calculator's menu commands: (menu, text, method, keys), for its menus and Help > Keys."""
FIELD_KEYS = (
    ("Enter in Counter", "add the counter typed (a number first: that many) to the side chosen"),
    ("Enter in Inline unit", "add the unit typed in the counter files' words"),
    ("Enter in the dice field", "resolve with the physical dice typed"),
    ("Tab, Shift+Tab", "the next or previous field"),
    ("Up, Down in a list", "choose a unit: Count and attacking across then change it"),
)
"""What the keys do in the calculator's fields, besides the menu commands."""


def calculator_key_rows() -> list[tuple[str, str]]:
    """The calculator's keys for the main window's Help > Keys: ``(Ctrl+R, Calculator: Roll)``."""
    rows = []
    for _menu, text, _method, key in COMMANDS:
        keys = QKeySequence(key).toString(QKeySequence.SequenceFormat.NativeText)
        if keys and text != "&Keys":
            rows.append((keys, f"Calculator: {text.replace('&', '')}"))
    return rows + [(keys, f"Calculator: {what}") for keys, what in FIELD_KEYS]


WINDOW_KEYS = {
    QKeySequence(key)[0].toCombined(): method
    for _m, _t, method, key in COMMANDS
    if isinstance(key, str)
}
"""The calculator's own Ctrl keys (Ctrl+E Type Dice, Ctrl+U Choose Unit, ...) and the command
each gives: a text field with the focus hands them to the command instead of editing with them
(Ctrl+U would clear the field, Ctrl+E move to its end)."""


class CommandKeysFirst(QObject):
    """An event filter on a text field: the window's command keys are the window's."""

    def __init__(self, window: CalculatorWindow) -> None:
        super().__init__(window)
        self.window = window

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        kind = event.type()
        if kind in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress) and isinstance(
            event, QKeyEvent
        ):
            method = WINDOW_KEYS.get(event.keyCombination().toCombined())
            if method is not None:
                event.accept()
                if kind == QEvent.Type.KeyPress:  # the field's key no more: the command's
                    self.window.search.completer().popup().hide()  # the completions close
                    self.window.actions_by_method[method].trigger()
                return True
        return super().eventFilter(watched, event)


def _words(exc: Exception) -> str:
    if isinstance(exc, SourceError):
        return "\n".join(p.message for p in exc.problems)
    return str(exc)


class CalculatorWindow(QMainWindow):
    """One calculator combat in its own window."""

    def __init__(self, combat: CalculatorCombat | None = None) -> None:
        super().__init__()
        self.setObjectName("CalculatorWindow")
        self.combat = combat or new_combat()
        self.report: Report | MissionReport | None = None
        self.rolled: Rolled | None = None
        self.follow_up: tuple[DiceWanted, ...] = ()
        self.rolls_made = 0
        self.combat_problems: list[str] = []
        """Why the combat cannot be evaluated yet (one line each)."""
        self.dirty = False
        self.controls: list[ConditionControl] = []
        self.fought: list[CombatReport] = []
        """Every combat resolved in this window, in order: its combat log for the reports."""
        self.table_mode = False
        self.on_table_mode: Callable[[bool], object] = lambda _on: None
        """Told when the player switches table mode here (the main window follows)."""
        self.on_saved: Callable[[Path], object] = lambda _path: None
        """Told where the combat was saved (the main window lists it under Open Recent)."""
        self._showing = False
        self.on_refreshed: Callable[[], object] = lambda: None
        """Told after every evaluation (a tutorial's step shows its number from it)."""
        self.show_error: Callable[[str, str], None] = self._error_box
        self._build()
        self._make_actions()
        self._keys_first = CommandKeysFirst(self)
        for field in (self.search, self.inline, self.typed_roll, self.search.completer().popup()):
            field.installEventFilter(self._keys_first)  # the popup: keys go there while open
        self.resize(1280, 800)
        self.show_combat()

    # -- building -------------------------------------------------------------------------------

    def _build(self) -> None:
        splitter = QSplitter()
        splitter.addWidget(self._build_setup())
        splitter.addWidget(self._build_working())
        splitter.setStretchFactor(0, 2)
        splitter.setStretchFactor(1, 3)
        self.setCentralWidget(splitter)

    def _build_setup(self) -> QScrollArea:
        pane = QWidget()
        layout = QVBoxLayout(pane)
        top = QFormLayout()
        self.setup_form = top
        self.ruleset_box = QComboBox()
        self.ruleset_box.setObjectName("CalculatorRuleset")
        # a ruleset's title lists its rules: the box shrinks to the pane, the list shows it whole
        self.ruleset_box.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.ruleset_box.setMinimumContentsLength(16)
        for ruleset in ruleset_ids():
            title = f"{get_ruleset(ruleset).title} ({ruleset})"
            self.ruleset_box.addItem(title, ruleset)
            self.ruleset_box.setItemData(
                self.ruleset_box.count() - 1, title, Qt.ItemDataRole.ToolTipRole
            )
        self.ruleset_box.currentIndexChanged.connect(lambda _i: self._ruleset_chosen())
        top.addRow("&Ruleset", self.ruleset_box)
        self.side_box = QComboBox()
        self.side_box.setObjectName("CalculatorSide")
        self.side_box.addItems(["attacker", "defender"])
        self.side_box.currentTextChanged.connect(self._side_chosen)
        top.addRow("&Side", self.side_box)
        self.mission = QComboBox()
        self.mission.setObjectName("CalculatorMission")
        top.addRow("&Mission", self.mission)  # its missions: the ruleset's, once shown
        self.mission_row = top.rowCount() - 1
        self.search = QLineEdit()
        self.search.setObjectName("CounterSearch")
        self.search.setPlaceholderText("counter id or name, e.g. 2 rifle xx; Enter adds it")
        self.completions = QStringListModel()
        completer = QCompleter(self.completions, self.search)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        self.search.setCompleter(completer)
        self._search_added = False
        completer.activated[str].connect(lambda _text: self._completion_taken())
        self.search.returnPressed.connect(lambda: self.add_searched(self.side_box.currentText()))
        self.search_row = top.rowCount()
        top.addRow("&Counter", self.search)
        across_row = QHBoxLayout()
        self.count = QSpinBox()
        self.count.setObjectName("CalculatorCount")
        self.count.setRange(1, 99)
        self.count.valueChanged.connect(lambda n: self._edit_chosen(count=n))
        self.across = QComboBox()
        self.across.setObjectName("CalculatorAcross")
        self.across.currentIndexChanged.connect(
            lambda _i: self._edit_chosen(across=self.across.currentData())
        )
        across_row.addWidget(self.count)
        self.across_label = QLabel("attacking &across")
        self.across_label.setBuddy(self.across)
        across_row.addWidget(self.across_label)
        across_row.addWidget(self.across, 1)
        count_label = QLabel("Cou&nt")  # a row of two fields: Alt+N goes to the count
        count_label.setBuddy(self.count)
        top.addRow(count_label, across_row)
        self.inline = QLineEdit()
        self.inline.setObjectName("InlineUnit")
        self.inline.setPlaceholderText('name = "Tank II", size = "II", type = "armour", attack = 1')
        self.inline.returnPressed.connect(self.add_inline)
        top.addRow("&Inline unit", self.inline)
        layout.addLayout(top)
        self.setup_problem = self._problem_label("SetupProblem")
        layout.addWidget(self.setup_problem)
        for field in (self.search, self.inline):  # what was refused is being typed again
            field.textEdited.connect(lambda _text: self.setup_problem.clear())
        self.lists: dict[str, QListWidget] = {}
        self.list_boxes: dict[str, QGroupBox] = {}
        for side in ("attacker", "defender", "air"):
            box = QGroupBox("Air missions" if side == "air" else f"{side.title()}s")
            self.list_boxes[side] = box
            inner = QVBoxLayout(box)
            listing = QListWidget()
            listing.setObjectName(f"Calculator-{side}")
            listing.setToolTip(
                "Choose a unit to change its count and what it attacks across; Delete removes it"
            )
            listing.itemSelectionChanged.connect(lambda s=side: self._entry_chosen(s))
            inner.addWidget(listing)
            self.lists[side] = listing
            layout.addWidget(box)
        self.conditions_box = QGroupBox("Conditions")
        self.conditions_form = QFormLayout(self.conditions_box)
        self.terrain = QComboBox()
        self.terrain.setObjectName("CalculatorTerrain")
        self.terrain.setEditable(True)  # the ruleset's terrain offered (its vocabulary's)
        self.terrain.currentTextChanged.connect(lambda t: self._condition("terrain", t.strip()))
        self.weather = QComboBox()
        self.weather.setObjectName("CalculatorWeather")
        self.weather.currentTextChanged.connect(lambda t: self._condition("weather", t))
        self.date = QLineEdit()
        self.date.setObjectName("CalculatorDate")
        self.date.editingFinished.connect(lambda: self._condition("date", self.date.text()))
        self.conditions_form.addRow("&Terrain", self.terrain)
        self.conditions_form.addRow("&Weather", self.weather)
        self.conditions_form.addRow("Da&te", self.date)
        layout.addWidget(self.conditions_box)
        layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(pane)
        self.setup_scroll = scroll
        self._fit_setup()
        return scroll

    def _fit_setup(self) -> None:
        """The set-up pane as wide as its fields need, refitted whenever they change (another
        ruleset's conditions, table mode's type): a narrower pane would cut them off at its
        right. Past :data:`SETUP_WIDEST` the pane scrolls sideways instead, so the working
        keeps its room and still nothing is cut off unseen."""
        scroll = self.setup_scroll
        pane = scroll.widget()
        pane.adjustSize()  # the minimum of the fields now in it, not of those it was built with
        need = pane.minimumSizeHint().width() + scroll.verticalScrollBar().sizeHint().width()
        need += 2 * scroll.frameWidth()
        widest = SETUP_WIDEST * (BODY_SCALE if self.table_mode else 1)  # table mode's type
        scroll.setHorizontalScrollBarPolicy(
            Qt.ScrollBarPolicy.ScrollBarAsNeeded
            if need > widest
            else Qt.ScrollBarPolicy.ScrollBarAlwaysOff
        )
        scroll.setMinimumWidth(int(max(SETUP_NARROWEST, min(need, widest))))

    def _problem_label(self, name: str) -> QLabel:
        label = QLabel()
        label.setObjectName(name)
        label.setTextFormat(Qt.TextFormat.PlainText)  # names from a file are text
        label.setWordWrap(True)
        label.setStyleSheet(f"color: {ERROR_RED};")
        return label

    def _build_working(self) -> QWidget:
        pane = QWidget()
        layout = QVBoxLayout(pane)
        self.headline = QLabel()
        self.headline.setObjectName("CalculatorHeadline")
        self.headline.setWordWrap(True)
        self.headline.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.headline)
        self.what_if = WhatIfView()  # what moves the odds and the DRM (ui/what_if_view.py)
        self.what_if.toggle.setParent(pane)
        layout.addWidget(self.what_if.toggle)
        layout.addWidget(self.what_if)
        # the report's working and the roll: the Combat panel's own views
        self.report_view = ReportView("Calculator", warning_lines=None)  # room for them all
        self.report_view.add_to(layout, 3)
        view = self.report_view
        self.steps, self.warnings, self.bars = view.steps, view.warnings, view.bars
        self.unit_fates = view.unit_fates
        self.roll_view = RollView(
            "Calculator",
            "Roll the dice (Ctrl+R)",
            TYPED_ROLL_TIP,
        )
        layout.addWidget(self.roll_view)
        self.roll_button, self.typed_roll = self.roll_view.button, self.roll_view.typed
        self.dice, self.roll_problem = self.roll_view.dice, self.roll_view.problem
        self.roll_button.clicked.connect(lambda: self.roll())
        self.typed_roll.returnPressed.connect(self.use_typed_roll)
        layout.addWidget(QLabel("<b>On the table</b>"))
        self.table_orders = QPlainTextEdit()
        self.table_orders.setObjectName("OnTheTable")
        self.table_orders.setReadOnly(True)
        self.table_orders.setPlaceholderText(
            "Roll or type the dice: the losses, retreat and advance"
        )
        layout.addWidget(self.table_orders, 1)
        self._working = layout
        return pane

    def _give_room(self, rolled: bool) -> None:
        """Before a roll the working takes the height; after it, what to do on the table
        (the losses, retreats and advance): the steps are a scroll away then."""
        self._working.setStretchFactor(self.steps, 1 if rolled else 3)
        self._working.setStretchFactor(self.table_orders, 3 if rolled else 1)

    def _action(
        self, menu, text: str, slot: Callable[[], object], key: str | QKeySequence.StandardKey
    ) -> QAction:  # noqa: ANN001
        action = QAction(text, self)
        action.setShortcut(QKeySequence(key))
        shortcut = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        action.setToolTip(f"{text.replace('&', '').rstrip('.')} ({shortcut})")
        action.triggered.connect(lambda _checked=False: slot())
        menu.addAction(action)
        return action

    def _make_actions(self) -> None:
        bar = self.menuBar()
        menus: dict[str, QMenu] = {}
        self.actions_by_method: dict[str, QAction] = {}
        for menu_name, text, method, key in COMMANDS:
            if menu_name not in menus:
                menus[menu_name] = bar.addMenu(menu_name)
            action = self._action(menus[menu_name], text, getattr(self, method), key)
            self.actions_by_method[method] = action
            if method == "save_as":  # the reports beside the files, as in the map's window
                menus[menu_name].addSeparator()
                self.reports = ReportActions(
                    self, self.combat_reports, self.log_reports, lambda *e: self.show_error(*e)
                )
                for report_action in self.reports.add_to(menus[menu_name]):
                    show_keys_in_tip(report_action)
                menus[menu_name].addSeparator()
        self.roll_action = self.actions_by_method["roll"]
        self.table_mode_action = self.actions_by_method["toggle_table_mode"]
        self.table_mode_action.setCheckable(True)
        self.table_mode_action.setStatusTip(
            "Large type and high contrast, to read the combat at arm's length"
        )

    def show_keys(self) -> HelpWindow:
        """Help > Keys: every command's shortcut, and what Enter does in each field."""
        actions = [a for menu in self.menuBar().actions() for a in menu.menu().actions()]
        window = HelpWindow(self, "KeysHelp", "Calculator keys")
        window.add_table(shortcut_rows(actions) + list(FIELD_KEYS), ("Keys", "What they do"))
        window.finish(560, 480)
        window.show()
        return window

    def find_counter(self) -> None:
        """Combat > Find Counter: the keyboard to the counter search."""
        self.search.setFocus()
        self.search.selectAll()

    def type_dice(self) -> None:
        """Combat > Type Dice: the keyboard to the dice field."""
        self.typed_roll.setFocus()
        self.typed_roll.selectAll()

    def add_attacker(self) -> bool:
        return self.add_searched("attacker")

    def add_defender(self) -> bool:
        return self.add_searched("defender")

    def add_air_mission(self) -> bool:
        """Combat > Fly as Air Mission: the side becomes *air mission*, so the mission flown
        shows (and Enter flies the next counter too)."""
        self.side_box.setCurrentText(AIR)
        return self.add_searched(AIR)

    def choose_unit(self) -> None:
        """Combat > Choose Unit: the keyboard to the first list with units (Up and Down choose
        one; Count and attacking across then change it, Delete removes it)."""
        for listing in self.lists.values():
            if listing.count() and listing.isVisibleTo(self):
                listing.setFocus()
                if listing.currentRow() < 0:
                    listing.setCurrentRow(0)
                return

    def toggle_what_if(self) -> None:
        """Combat > What If: unfold or fold the what-if figures."""
        if self.what_if.toggle.isVisible():
            self.what_if.toggle.toggle()

    def toggle_table_mode(self) -> None:
        """View > Table Mode: the main window is told, so every window follows."""
        on = self.table_mode_action.isChecked()
        self.set_table_mode(on)
        self.on_table_mode(on)

    def set_table_mode(self, on: bool) -> None:
        """Large type and high contrast (ui/table_mode.py): the odds and DRM biggest, then the
        dice and what to do on the table."""
        self.table_mode = on
        self.table_mode_action.setChecked(on)
        set_table_mode(self.centralWidget(), on, [], [self.dice, self.table_orders])
        self.report_view.set_table_mode(on)  # the chances as tall as their rows in the new type
        self._show_headline()
        QTimer.singleShot(0, self._fit_setup)  # once the new type has reached every field

    def _offer_missions(self, missions: Sequence[tuple[str, str]]) -> None:
        """The mission box offers ``missions`` (the combat's ruleset's air rules', none when it
        declares none), keeping the one chosen when it still flies."""
        chosen = self.mission.currentData()
        self.mission.clear()
        for mission_id, words in missions:
            self.mission.addItem(words, mission_id)
        if chosen is not None and self.mission.findData(chosen) >= 0:
            self.mission.setCurrentIndex(self.mission.findData(chosen))

    def _side_chosen(self, side: str) -> None:
        """The fields ``side`` uses (:func:`~hexcombat.game.combat_view_model.side_fields`)."""
        fields = side_fields(side)
        self.setup_form.setRowVisible(self.mission_row, fields.mission)
        self.across_label.setVisible(fields.across)
        self.across.setVisible(fields.across)

    # -- reports --------------------------------------------------------------------------------

    def _title(self) -> str:
        return f"Calculator: {self.combat.path.stem if self.combat.path else 'combat'}"

    def combat_reports(self) -> tuple[Sequence[CombatReport], str]:
        """File > Export Combat: the combat on show, with the dice and the orders once rolled."""
        if not isinstance(self.report, Report):
            return [], ""
        if self.rolled is not None and self.fought:
            return [self.fought[-1]], self.fought[-1].title
        return [from_report(self.report, None, self._title())], self._title()

    def log_reports(self) -> tuple[Sequence[CombatReport], str]:
        """File > Export Combat Log: every combat resolved in this window."""
        return list(self.fought), f"{self._title()}: every combat resolved"

    def _remember_fought(self, rolled: Rolled) -> None:
        assert isinstance(self.report, Report)
        when = datetime.now().strftime("%Y-%m-%d %H:%M")
        how = "typed in" if rolled.typed else "rolled"
        report = from_report(self.report, rolled.result, f"{self._title()} #{len(self.fought) + 1}")
        orders = on_the_table(self.report, rolled).splitlines()
        self.fought.append(
            replace(
                report,
                facts=(*report.facts, (f"Dice {how} at", when)),
                applied=tuple(("On the table", line) for line in orders if line.strip()),
            )
        )

    # -- showing the combat ---------------------------------------------------------------------

    def show_combat(self) -> None:
        """Show the whole combat afresh: its ruleset's choices, its units and conditions."""
        self._showing = True
        try:
            index = self.ruleset_box.findData(self.combat.ruleset)
            self.ruleset_box.setCurrentIndex(max(index, 0))
            self._fill_vocabulary()
        finally:
            self._showing = False
        self.setup_problem.clear()  # another combat, or ruleset: an old refusal is not its
        self.refresh()

    def _fill_vocabulary(self) -> None:
        """The set-up and conditions the presenter decides for the combat's ruleset
        (:func:`~hexcombat.game.combat_view_model.calculator_setup` and
        :func:`~hexcombat.game.combat_view_model.calculator_conditions`), laid out."""
        setup = calculator_setup(self.combat)
        self.side_box.setToolTip(setup.side_tip)
        self.mission.setToolTip(setup.mission_tip)
        self.search.setToolTip(setup.search_tip)
        self.inline.setToolTip(setup.inline_tip)
        self.list_boxes["air"].setTitle(setup.air_title)
        shown = calculator_conditions(self.combat)
        if shown is None:  # an unknown ruleset: the evaluation says so
            self.date.setPlaceholderText("YYYY-MM (dated counter values)")
            return
        self.date.setPlaceholderText(shown.date_tip)
        self.across.clear()
        self.across.addItem("(no hexside feature)", None)
        for feature in shown.across:
            self.across.addItem(feature, feature)
        self.across.setToolTip(shown.across_tip)
        self.inline.setPlaceholderText(setup.inline_example)
        _offer(self.weather, shown.weather.items, shown.weather.chosen)
        _offer(self.terrain, shown.terrain.items, shown.terrain.chosen)
        self.date.setText(shown.date)
        self.conditions_form.setRowVisible(self.weather, shown.weather.shown)
        self.conditions_form.setRowVisible(self.date, shown.date_shown)
        for control in self.controls:
            self.conditions_form.removeRow(control.widget)
        self.controls = []
        for spec, value in shown.conditions:
            control = condition_control(spec, lambda v, key=spec.key: self._condition(key, v))
            control.show_value(value)
            self.controls.append(control)
            self.conditions_form.addRow(control.widget)
        self.completions.setStringList(list(setup.completions))
        side = self.side_box.currentText()
        self.side_box.clear()
        self.side_box.addItems(list(setup.sides))
        self.side_box.setCurrentText(side)
        self.actions_by_method["add_air_mission"].setEnabled(setup.flies)
        self._offer_missions(setup.missions)
        self._side_chosen(self.side_box.currentText())
        # its conditions' labels may be wider than the last ruleset's: fitted once their new
        # controls are shown (a widget laid into a shown pane is shown after this returns)
        QTimer.singleShot(0, self._fit_setup)

    def refresh(self, chosen: tuple[str, int] | None = None) -> None:
        """Evaluate again and show the lists, the working, the chances; a roll is forgotten.
        ``chosen``: the entry to keep chosen (the one just changed)."""
        self._showing = True
        try:
            for side, listing in self.lists.items():
                listing.clear()
                listing.addItems(
                    [self.combat.entry_name(side, i) for i in range(len(self.combat.entries(side)))]
                )
                if chosen is not None and chosen[0] == side:
                    listing.setCurrentRow(chosen[1])
                # air missions (23D) are flown on their own: their list, or the ground sides'
                listing.parentWidget().setVisible((side == "air") == self.combat.is_air)
        finally:
            self._showing = False
        self.rolled, self.follow_up = None, ()
        self.dice.set_rolls([])
        self.table_orders.clear()
        self._give_room(False)
        self.roll_view.refuse("")
        try:
            self.report, problems = self.combat.checked()
        except Exception as exc:  # the last line of defence: a bug in a ruleset keeps the window
            self.report, problems = None, [f"could not evaluate the combat: {exc!r}"]
        self.combat_problems = problems
        self._show_report(problems)
        self._update_title()
        self.on_refreshed()

    def _show_report(self, problems: list[str]) -> None:
        """The report's working in the Combat panel's own views, the headline and the roll as
        the presenter decides them."""
        report = self.report
        vocabulary = vocabulary_of(self.combat.ruleset)
        ground = report if isinstance(report, Report) else None
        self.report_view.show_report(ground, self.combat.ruleset, vocabulary)
        self.what_if.show_report(ground)
        roll = calculator_roll(report, self.combat.ruleset)
        self.roll_button.setEnabled(roll.rollable)
        self.roll_action.setEnabled(roll.rollable)
        self.typed_roll.setEnabled(roll.rollable)
        self.typed_roll.setPlaceholderText(roll.prompt)  # this ruleset's dice, never the last's
        self.typed_roll.setToolTip(f"{roll.tip} (Ctrl+E)" if roll.tip else TYPED_ROLL_TIP)
        if isinstance(report, MissionReport):  # air missions: their working, no chances
            self.report_view.show_steps(report.steps, self.combat.ruleset, report.warnings)
        self._show_headline()

    def _show_headline(self) -> None:
        """The presenter's headline: why there is no report (in red), the air missions'
        totals, or the odds and DRM large (larger still in table mode) with the roll and the
        result as large once rolled."""
        problems = self.combat_problems if self.report is None else []
        said = calculator_headline(self.report, problems, self.rolled)
        if said.problems:
            lines = "<br>".join(html.escape(p) for p in said.problems)
            self.headline.setText(f"<span style='color:{ERROR_RED}'>{lines}</span>")
            return
        if not said.large:
            self.headline.setText(f"<b>Air missions</b>: {html.escape(said.air)}")
            return
        size = f"{desktop_points(HEADLINE_SCALE):.1f}pt" if self.table_mode else "15pt"
        big = f"<b>{html.escape(said.title)}</b>"  # the ruleset's words
        if said.faces:
            big += (
                f" &nbsp; roll <b>{html.escape(said.faces)}</b> \u2192 "
                f"<b>{html.escape(said.code)}</b>"
            )
        # the headline's spacing kept (``3:1   DRM +1``), as the Combat panel shows it
        self.headline.setText(f"<span style='font-size:{size}; white-space:pre-wrap'>{big}</span>")

    def _update_title(self) -> None:
        name = self.combat.path.name if self.combat.path else "new combat"
        self.setWindowTitle(f"Calculator: {name}{' *' if self.dirty else ''} - hexcombat")

    # -- the player's changes -------------------------------------------------------------------

    def _changed(self) -> None:
        self.dirty = True
        self.refresh()

    def _ruleset_chosen(self) -> None:
        if self._showing:
            return
        ruleset = self.ruleset_box.currentData()
        if ruleset == self.combat.ruleset:
            return
        self.combat.set_ruleset(ruleset)
        self.dirty = True
        self.show_combat()

    def _condition(self, key: str, value: object) -> None:
        if self._showing or self.combat.conditions().get(key) == value:
            return
        self.combat.set_condition(key, value)
        self._changed()

    def chosen_entry(self) -> tuple[str, int] | None:
        """The attacker or defender chosen in its list, whose count and hexside the fields show."""
        for side in ("attacker", "defender"):
            listing = self.lists[side]
            if listing.selectedItems():
                return side, listing.currentRow()
        return None

    def _entry_chosen(self, side: str) -> None:
        """A unit chosen in a list: the other list lets go, the fields show its count and what
        it attacks across (changing them changes it)."""
        if self._showing or not self.lists[side].selectedItems():
            return
        self._showing = True
        try:
            for other, listing in self.lists.items():
                if other != side:
                    listing.clearSelection()
            entry = self.combat.entries(side)[self.lists[side].currentRow()]
            self.count.setValue(int(entry.get("count", 1)))
            self.across.setCurrentIndex(max(self.across.findData(entry.get("across")), 0))
        finally:
            self._showing = False

    def _edit_chosen(self, **keys: object) -> None:
        chosen = self.chosen_entry()
        if self._showing or chosen is None:
            return
        if chosen[0] == "defender" and "across" in keys:
            return  # a defender attacks across nothing
        self.combat.set_entry(*chosen, **keys)
        self.dirty = True
        self.refresh(chosen)

    def add_searched(self, side: str) -> bool:
        """Add the counter typed in the search field (``2 rifle xx``: two) to ``side``, as
        :meth:`~hexcombat.game.calculator.CalculatorCombat.add_searched` picks it."""
        text, count, across, mission = (
            self.search.text(),
            self.count.value(),
            self.across.currentData(),
            self.mission.currentData(),
        )
        add = self.combat.add_searched
        if not self._added(lambda: add(side, text, count, across, mission)):
            return False
        self.search.clear()
        if side == AIR:
            return True
        self._search_added = True  # Return on a completion: the completer puts it back next
        QTimer.singleShot(0, lambda: setattr(self, "_search_added", False))
        self._showing = True
        self.count.setValue(1)
        self._showing = False
        return True

    def _completion_taken(self) -> None:
        """Return on a completion adds its counter, then the completer writes the completion
        back into the field: clear it again, so the next key adds nothing twice."""
        if self._search_added:  # the field takes the completion after this: clear it then
            self._search_added = False
            QTimer.singleShot(0, self.search.clear)

    def add_inline(self) -> bool:
        """Add the unit typed in the counter vocabulary (an air mission when it has one)."""
        side, text, count = self.side_box.currentText(), self.inline.text(), self.count.value()
        across, mission = self.across.currentData(), self.mission.currentData()
        add = self.combat.add_typed
        if not self._added(lambda: add(side, text, count, across, mission)):
            return False
        self.inline.clear()
        return True

    def _added(self, add: Callable[[], object]) -> bool:
        """Run ``add`` on the combat: its refusal shown under the set-up, else the combat
        shown again."""
        try:
            add()
        except CalculatorError as exc:
            self.setup_problem.setText(str(exc))
            return False
        self.setup_problem.clear()
        self._changed()
        return True

    def remove_chosen(self) -> None:
        """Delete: the unit chosen in the list that has the focus (else the last chosen)."""
        for side, listing in self.lists.items():
            if listing.hasFocus() and listing.currentRow() >= 0:
                self.combat.remove(side, listing.currentRow())
                self._changed()
                return

    # -- the dice -------------------------------------------------------------------------------

    def roll(self) -> Rolled | None:
        """Roll the calculator's dice (seeded by the combat's seed and how many rolls)."""
        if not isinstance(self.report, Report):
            return None
        self.rolls_made += 1
        seed = f"{self.combat.data.get('seed', 'calculator')}-{self.rolls_made}"
        try:
            rolled = roll_dice(self.report, seed)
        except CalculatorError as exc:
            self.roll_view.refuse(str(exc))
            return None
        return self._show_rolled(rolled)

    def use_typed_roll(self) -> Rolled | None:
        """Resolve with the dice typed in: exactly those dice, or a message saying what to type."""
        if not isinstance(self.report, Report):
            return None
        try:
            rolled = roll_typed(self.report, self.typed_roll.text(), self.follow_up)
        except MoreDice as more:
            self.follow_up = more.follow_up
            self.roll_view.refuse(str(more))
            return None
        except CalculatorError as exc:
            self.roll_view.refuse(str(exc))
            return None
        return self._show_rolled(rolled)

    def _show_rolled(self, rolled: Rolled) -> Rolled:
        assert isinstance(self.report, Report)
        self.rolled, self.follow_up = rolled, ()
        self.roll_view.refuse("")
        self.dice.set_rolls(list(rolled.rolls), numbered(self.report))
        self.report_view.show_outcomes(self.report.outcome_list, rolled.result.code)
        self._remember_fought(rolled)
        self._show_headline()
        self.table_orders.setPlainText(on_the_table(self.report, rolled))
        self._give_room(True)
        return rolled

    # -- files ----------------------------------------------------------------------------------

    def _error_box(self, title: str, text: str) -> None:
        box = QMessageBox(QMessageBox.Icon.Warning, title, capped(text), parent=self)
        box.open()

    def new_combat(self) -> None:
        if self.may_close():
            self.combat, self.dirty = new_combat(self.combat.ruleset), False
            self.show_combat()

    def open_path(self, path: str | Path) -> bool:
        """Open a saved calculator combat or a map-less scenario; a bad one is refused with
        its file and line and the combat shown stays."""
        path = Path(path)
        try:
            combat = open_combat(path)
        except (SourceError, OSError) as exc:
            self.show_error(f"Cannot open {path.name}", str(exc))
            return False
        self.combat, self.dirty = combat, False
        self.show_combat()
        return True

    def choose_open(self) -> None:
        if not self.may_close():
            return
        path, _ = QFileDialog.getOpenFileName(
            self, "Open a combat", "", "Scenarios without a map (*.toml);;All files (*)"
        )
        if path:
            self.open_path(path)

    def save(self) -> bool:
        if self.combat.path is None:
            return self.save_as()
        return self._save_to(self.combat.path)

    def save_as(self) -> bool:
        path, _ = QFileDialog.getSaveFileName(
            self, "Save the combat", "combat.toml", "Scenario TOML (*.toml)"
        )
        return bool(path) and self._save_to(Path(path))

    def _save_to(self, path: Path) -> bool:
        try:
            self.combat.save(path)
        except OSError as exc:
            self.show_error(f"Cannot save {path.name}", f"{path}: {exc.strerror or exc}")
            return False
        self.dirty = False
        self._update_title()
        self.on_saved(path)
        return True

    def may_close(self) -> bool:
        """Whether unsaved changes may go (asked when there are some)."""
        if not self.dirty:
            return True
        answer = self.ask_unsaved()
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def ask_unsaved(self) -> QMessageBox.StandardButton:
        buttons = (
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel
        )
        return QMessageBox.question(
            self, "Unsaved combat", "Save the calculator combat first?", buttons
        )

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        if self.may_close():
            event.accept()
        else:
            event.ignore()


def _offer(box: QComboBox, items: Sequence[str], chosen: str) -> None:
    """``box`` offering ``items`` with ``chosen`` shown (typed in, for an editable box)."""
    box.clear()
    box.addItems(list(items))
    box.setCurrentText(chosen)
