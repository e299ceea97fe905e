"""The hexcombat main window: the map in the middle, panels in docks, standard actions.

It opens games (maps, scenarios, saves), wires the map, the docks and the undo stack to one
:class:`GameSession`, and keeps window state, recent files and preferences in ``QSettings``.
The docks exist from the start (so a saved layout restores all of them); each game fills them.
Dialogs that would block (errors, "save changes?") go through replaceable callables so tests
drive the window without a modal loop.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import shiboken6
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QShowEvent, QUndoStack
from PySide6.QtWidgets import (
    QDialog,
    QDockWidget,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QProgressBar,
    QUndoView,
    QWidget,
)

from hexcombat import __version__
from hexcombat.board.hexes import Hex
from hexcombat.board.mapfile import load_map
from hexcombat.collection import paused_collection
from hexcombat.game.calculator import is_calculator_scenario
from hexcombat.game.commands import plural
from hexcombat.game.opening import is_save_path, open_game
from hexcombat.game.saves import remove_stale_temporaries
from hexcombat.game.state import Change, GameError, GameState
from hexcombat.game.turn import phase_tip
from hexcombat.game.tutorials import shipped_tutorials, tutorial_target
from hexcombat.rules.errors import RulesError
from hexcombat.rules.registry import get_ruleset
from hexcombat.sourcefile import SourceError
from hexcombat.ui.calculator_window import CalculatorWindow, calculator_key_rows
from hexcombat.ui.calibrate_image import (
    ImageCalibration,
    choose_image,
    choose_map_file,
    start_map_image,
)
from hexcombat.ui.combat_keys import (
    PANEL_KEYS,
    focus_losses,
    focus_retreat,
    focus_typed_roll,
    next_target,
    show_keys_in_tip,
    tick_with_space,
)
from hexcombat.ui.combat_log import CombatLog
from hexcombat.ui.combat_panel import CombatPanel
from hexcombat.ui.counter_actions import add_counter_actions
from hexcombat.ui.counter_palette import CounterPalette
from hexcombat.ui.display_options import MENU_TEXT, load_display, save_switch
from hexcombat.ui.error_text import capped
from hexcombat.ui.game_session import GameSession
from hexcombat.ui.help_dialogs import about_dialog, keys_dialog, rulesets_dialog
from hexcombat.ui.import_map import choose_import
from hexcombat.ui.map_editor import (
    MapEditor,
    ask_new_map,
    editable_copy,
    editor_key_rows,
    show_editor,
)
from hexcombat.ui.map_scene import MapScene
from hexcombat.ui.map_view import MapView
from hexcombat.ui.report_actions import ReportActions, game_log, panel_combat
from hexcombat.ui.stack_inspector import StackInspector
from hexcombat.ui.start_page import StartPage, mark_done
from hexcombat.ui.table_mode import SHORTCUT as TABLE_MODE_KEY
from hexcombat.ui.table_mode import load_table_mode, save_table_mode, set_table_mode
from hexcombat.ui.terrain_legend import TerrainLegend
from hexcombat.ui.tutorial_panel import TutorialPanel
from hexcombat.ui.tutorial_walk import (
    MapWalk,
    attach_calculator_walk,
    scenario_walk,
    walk_source,
)

MAX_RECENT = 8
Answer = QMessageBox.StandardButton
Area = Qt.DockWidgetArea

PANELS: tuple[tuple[str, Area], ...] = (
    ("Tutorial", Area.LeftDockWidgetArea),
    ("Counters", Area.LeftDockWidgetArea),
    ("Stack", Area.LeftDockWidgetArea),
    ("Combat", Area.RightDockWidgetArea),
    ("Combat Log", Area.BottomDockWidgetArea),
    ("History", Area.BottomDockWidgetArea),
)
"""The docks, in the order the View menu lists them."""

TABLE_MODE_SHARE = 0.42
"""The least share of the window's width the Combat panel takes when table mode comes on."""
TABLE_MODE_LEFT = 0.22
"""The most share of the window's width the left docks (tutorial, counters, stack) keep when
table mode comes on: the map between them and the Combat panel stays big enough to read."""
LEFT_DOCKS = ("Tutorial", "Counters", "Stack")

DOCK_LAYOUT = 2
"""Version of the dock layout kept in the settings. A layout saved by an older version (before the
tutorial dock) is not restored: the player gets the current arrangement instead of a new dock
dropped wherever Qt puts it."""


def _error_box(parent: QWidget, title: str, text: str) -> None:
    """A non-blocking error dialog: the window stays usable behind it."""
    text = capped(text)
    box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok, parent)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.setWindowModality(Qt.WindowModality.WindowModal)
    box.open()


def _what(exc: Exception) -> str:
    """An unexpected error in a player's words: its kind, and what it says if anything."""
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__


def _tip_from_text(action: QAction) -> None:
    """The action's full text (``Undo Move Inf XX to 0504``) and keys as its tooltip."""
    keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
    tip = action.text().replace("&", "") + (f" ({keys})" if keys else "")
    if action.toolTip() != tip:
        action.setToolTip(tip)


def _ask_unsaved(parent: QWidget, title: str) -> Answer:
    return QMessageBox.question(
        parent,
        "Unsaved changes",
        f"Save the changes to {title} before closing?",
        Answer.Save | Answer.Discard | Answer.Cancel,
        Answer.Save,
    )


class MainWindow(QMainWindow):
    """The hexcombat main window."""

    def __init__(self, settings: QSettings | None = None) -> None:
        super().__init__()
        self.setObjectName("MainWindow")
        self.settings = settings or QSettings("hexcombat", "hexcombat")
        self.calculators: list[CalculatorWindow] = []
        self.show_error: Callable[[str, str], None] = lambda title, text: _error_box(
            self, title, text
        )
        """Report a problem (tests replace it to read the message)."""
        self.ask_unsaved: Callable[[], Answer] = lambda: _ask_unsaved(self, self.game_title())
        """Ask whether to save before closing (tests replace it)."""
        self.choose_save_path: Callable[[], str] = self._dialog_save_path
        self.choose_map_path: Callable[[str], str] = lambda start: choose_map_file(self, start)
        """Where to save a map that now names its image (tests replace it)."""
        self.calibration: ImageCalibration | None = None
        self.session: GameSession | None = None
        self.source_path: Path | None = None
        """The file the shown game was opened from (a map, scenario or save)."""
        self.scene: MapScene | None = None
        self._selecting: MapScene | None = None
        """The scene whose selection the window follows (disconnected when its game goes)."""
        self.view = MapView(self)
        self.setCentralWidget(self.view)
        self.hex_label = QLabel()
        self.hex_label.setTextFormat(Qt.TextFormat.PlainText)  # side and place names as written
        self.zoom_label = QLabel()
        self.turn_label = QLabel()
        self.turn_label.setObjectName("TurnLabel")
        self.statusBar().addPermanentWidget(self.turn_label)
        self.statusBar().addPermanentWidget(self.hex_label)
        self.statusBar().addPermanentWidget(self.zoom_label)
        self.view.hex_hovered.connect(self.show_hex_info)
        self.view.hex_clicked.connect(self._hex_clicked)
        self.view.context_requested.connect(self._context_menu)
        self.view.zoom_changed.connect(lambda s: self.zoom_label.setText(f"{s * 100:.0f}%"))
        self.inspector: StackInspector | None = None
        self.combat_panel: CombatPanel | None = None
        self.combat_log: CombatLog | None = None
        self.palette: CounterPalette | None = None
        self.legend: TerrainLegend | None = None
        """The terrain legend window, made the first time it is asked for."""
        self.image_progress: QProgressBar | None = None
        """The status bar's bar for a scan's first open, made the first time one is shown."""
        self._help: dict[str, QDialog] = {}
        """The Help windows open or opened before, by name."""
        self._make_actions()
        # the side columns run the full height; the log and history sit under the map only
        self.setCorner(Qt.Corner.BottomLeftCorner, Area.LeftDockWidgetArea)
        self.setCorner(Qt.Corner.BottomRightCorner, Area.RightDockWidgetArea)
        self._docks: dict[str, QDockWidget] = {}
        self.view_menu.addSection("Panels")
        for title, area in PANELS:
            self._add_dock(title, area)
        self.tutorial_panel = TutorialPanel()
        self.tutorial_panel.on_finished = lambda path: mark_done(self.settings, path)
        self.walk: MapWalk | None = None
        """The tutorial walked on the map, when the open game is one."""
        self.start_page: StartPage | None = None
        self._make_dock("Tutorial", self.tutorial_panel)
        self._docks["Tutorial"].hide()
        self.history = QUndoView()
        self.history.setEmptyLabel("Opened")
        self._make_dock("History", self.history)
        self.resize(1400, 900)
        self._arrange_when_shown = not self._restore_window()
        """No saved layout: arrange the docks once the window is shown (Qt 6.11 leaves a stray
        tab bar behind when a hidden window gets a second group of tabbed docks)."""
        self._update_title()

    # building ------------------------------------------------------------------------------

    def _add_dock(self, title: str, area: Area) -> QDockWidget:
        """An empty dock, listed in View > Panels so a closed panel can be brought back."""
        dock = QDockWidget(title, self)
        dock.setObjectName(f"{title.replace(' ', '')}Dock")
        self.addDockWidget(area, dock)
        self._docks[title] = dock
        self.view_menu.addAction(dock.toggleViewAction())
        return dock

    def _make_dock(self, title: str, widget: QWidget) -> QDockWidget:
        """Put ``widget`` in the dock ``title`` (the previous game's panel goes)."""
        dock = self._docks[title]
        old = dock.widget()
        dock.setWidget(widget)
        if old is not None and old is not widget:
            old.deleteLater()
        return dock

    def _action(
        self, menu, text: str, slot: Callable[[], object], shortcut=None, tip: str = ""
    ) -> QAction:  # noqa: ANN001
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.setStatusTip(tip)
        action.triggered.connect(lambda _checked=False: slot())
        menu.addAction(action)
        return action

    def _make_actions(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        self.open_action = self._action(
            file_menu, "&Open...", self.choose_open, QKeySequence.StandardKey.Open
        )
        self.recent_menu = file_menu.addMenu("Open &Recent")
        self.calculator_action = self._action(
            file_menu,
            "&Calculator",
            self.show_calculator,
            "Ctrl+K",
            "A combat without a map: pick the units, set the conditions, type the dice",
        )
        self.tutorials_menu = file_menu.addMenu("Open &Tutorial")
        self._build_tutorials()
        self.save_action = self._action(
            file_menu, "&Save", self.save, QKeySequence.StandardKey.Save
        )
        self.save_as_action = self._action(
            file_menu, "Save &As...", self.save_as, QKeySequence.StandardKey.SaveAs
        )
        file_menu.addSeparator()
        self.reports = ReportActions(  # show_error is looked up when used: tests replace it
            self, lambda: panel_combat(self), lambda: game_log(self), lambda *e: self.show_error(*e)
        )
        self.reports.add_to(file_menu)
        file_menu.addSeparator()
        self._action(file_menu, "New &Map...", lambda: ask_new_map(self), tip="Make a map")
        self._action(
            file_menu,
            "&Import Map...",
            lambda: self.may_close() and choose_import(self),
            tip="Make a map from a Tiled hex map (.tmx) or a VASSAL module's board (.vmod)",
        )
        self._action(
            file_menu,
            "Map &Image...",
            self.choose_map_image,
            tip="Put a scanned map under the grid: click two hexes and type their labels",
        )
        file_menu.addSeparator()
        self._action(file_menu, "&Quit", self.close, QKeySequence.StandardKey.Quit)
        edit_menu = bar.addMenu("&Edit")
        self.edit_menu = edit_menu
        self.undo_action: QAction | None = None
        self.redo_action: QAction | None = None
        self.delete_action = self._action(
            edit_menu, "&Delete", self.delete_selection, QKeySequence.StandardKey.Delete
        )
        self._action(edit_menu, "Edit &Map...", self.edit_map, tip="Edit this game's map")
        view_menu = bar.addMenu("&View")
        self.view_menu = view_menu
        zoom_in = self._action(
            view_menu, "Zoom &In", self.view.zoom_in, QKeySequence.StandardKey.ZoomIn
        )
        # Ctrl+= too: "+" is Shift+= on most keyboards, so players press Ctrl and the = key
        zoom_in.setShortcuts([*zoom_in.shortcuts(), QKeySequence("Ctrl+=")])
        self._action(view_menu, "Zoom &Out", self.view.zoom_out, QKeySequence.StandardKey.ZoomOut)
        self._action(view_menu, "&Fit Map", self.view.fit_map, "Ctrl+0")
        self.legend_action = self._action(
            view_menu,
            "Terrain &Legend",
            self.show_legend,
            tip="Each terrain of this map with its colour and symbol, each hexside feature's line",
        )
        view_menu.addAction(self.calculator_action)
        self._make_display_actions(view_menu)
        self.game_menu = bar.addMenu("&Game")
        self.attack_action = self._action(
            self.game_menu, "&Attack", self.attack_selected, "A", "Attack the selected enemy stack"
        )
        self.roll_action = self._action(
            self.game_menu, "&Roll", lambda: self.combat_panel and self.combat_panel.roll(), "R"
        )
        self.attack_action.setEnabled(False)  # no game yet: nothing to attack or roll for
        self.roll_action.setEnabled(False)
        self._make_combat_key_actions(self.game_menu)
        self._make_help_menu()
        self.toolbar = self.addToolBar("Main")
        self.toolbar.setObjectName("MainToolBar")
        self.toolbar.addAction(self.open_action)
        self.toolbar.addAction(self.save_action)
        self.toolbar.addAction(self.calculator_action)  # the map-free calculator, from the start
        self.toolbar.addSeparator()
        self.toolbar.addAction(self.attack_action)
        self.toolbar.addAction(self.roll_action)
        self.toolbar.addSeparator()
        for action in self.menu_actions():
            show_keys_in_tip(action)
        self._rebuild_recent()  # fmt: skip

    def _make_combat_key_actions(self, menu: QMenu) -> None:
        """Game: the Combat panel's choices from the keyboard (ui/combat_keys.py), and the
        tutorial's steps."""
        panel_key = self._combat_key
        self._action(menu, "&Next Target", self.attack_next, "N", "Attack the next enemy stack")
        self._action(menu, "Type the &Dice", lambda: panel_key(focus_typed_roll), "D",
                     "Type your own physical roll, then Return")  # fmt: skip
        self._action(menu, "Choose &Losses", lambda: panel_key(focus_losses), "L",
                     "Tick the units lost with Space")  # fmt: skip
        self._action(menu, "Pick Retreat &End", lambda: panel_key(focus_retreat), "E",
                     "Pick where a beaten stack retreats with Up and Down")  # fmt: skip
        self.apply_action = self._action(
            menu, "A&pply Result", lambda: self.combat_panel and self.combat_panel.apply(),
            "Ctrl+Return", "Put the rolled result on the map with the choices made",
        )  # fmt: skip
        self.apply_action.setShortcuts([*self.apply_action.shortcuts(), QKeySequence("Ctrl+Enter")])
        menu.addSeparator()
        self._action(menu, "Next Tutorial &Step", lambda: self._tutorial_step(1), "S",
                     "Mark the next step of the tutorial's walkthrough")  # fmt: skip
        self._action(menu, "Previous Tutorial S&tep", lambda: self._tutorial_step(-1), "Shift+S",
                     "Mark the step before")  # fmt: skip
        self._action(menu, "Show &Me", self._tutorial_show_me, "M",
                     "Do what the tutorial's step asks")  # fmt: skip
        self._action(menu, "Restart T&utorial", self.tutorial_panel_restart, "Ctrl+Shift+R",
                     "Put the tutorial's example back and start at its first step")  # fmt: skip

    def _combat_key(self, focus: Callable[[CombatPanel], str]) -> None:
        """Bring the Combat panel forward and put the keyboard where ``focus`` says (or say in
        the status bar why there is nothing to choose)."""
        if self.combat_panel is None:
            return
        self._docks["Combat"].show()
        self._docks["Combat"].raise_()
        why = focus(self.combat_panel)
        if why:
            self.statusBar().showMessage(why, 5000)

    def attack_next(self) -> bool:
        """Next Target (N): set up an attack on the next enemy stack the phasing player can
        attack, selected on the map."""
        if self.session is None or self.scene is None or self.combat_panel is None:
            return False
        target = next_target(self.session.state, self.combat_panel.target)
        if target is None:
            self.statusBar().showMessage("No enemy stack can be attacked now", 5000)
            return False
        self.scene.select_hex(target)
        return self.attack_hex(target)

    def _tutorial_step(self, by: int) -> None:
        if self.tutorial_panel.next_step(by):
            self._docks["Tutorial"].show()
            self._docks["Tutorial"].raise_()

    def _tutorial_show_me(self) -> None:
        self.tutorial_panel.show_me()

    def tutorial_panel_restart(self) -> None:
        self.tutorial_panel.restart()

    def restart_tutorial(self) -> bool:
        """Restart: the tutorial's example laid out again from its file, at the first step."""
        path = self.source_path
        return path is not None and self.open_file(path)

    def show_start_page(self) -> StartPage:
        """Help > Tutorials (and the start with no file): every tutorial, by rule and by game."""
        if self.start_page is None:
            self.start_page = StartPage(self, self.settings, self.open_tutorial)
        self.start_page.fill()
        self.start_page.show()
        self.start_page.raise_()
        return self.start_page

    def _make_help_menu(self) -> None:
        """Help: the keys, the terrain legend, the rulesets, About."""
        menu = self.menuBar().addMenu("&Help")
        self.help_menu = menu
        self.keys_action = self._action(
            menu, "&Keys", lambda: self.show_help("keys"), QKeySequence.StandardKey.HelpContents
        )
        menu.addAction(self.legend_action)
        self._action(
            menu, "&Tutorials", self.show_start_page, tip="Every worked example, step by step"
        )
        self._action(menu, "&Rulesets", lambda: self.show_help("rulesets"))
        menu.addSeparator()
        self._action(menu, "&About hexcombat", lambda: self.show_help("about"))

    def menu_actions(self) -> list[QAction]:
        """Every command in the menus, in menu order (each once)."""
        found: dict[int, QAction] = {}
        for top in self.menuBar().actions():
            menu = top.menu()
            for action in menu.actions() if menu is not None else []:
                if not action.isSeparator() and action.menu() is None:
                    found.setdefault(id(action), action)
        return list(found.values())

    def show_help(self, name: str) -> QDialog:
        """Show the Help window ``name`` (keys, rulesets, about) beside the map."""
        dialog = self._help.get(name)
        if name == "keys" and dialog is not None:  # the shortcuts of the game open now
            dialog.deleteLater()
            dialog = None
        if dialog is None:
            if name == "keys":
                dialog = keys_dialog(
                    self,
                    self.menu_actions(),
                    PANEL_KEYS + tuple(calculator_key_rows()) + tuple(editor_key_rows()),
                )
            elif name == "rulesets":
                dialog = rulesets_dialog(self)
            else:
                dialog = about_dialog(self)
            self._help[name] = dialog
        dialog.show()
        dialog.raise_()
        return dialog

    def edit_map(self) -> MapEditor | None:
        """Edit > Edit Map: the open game's map in the map editor (a map file chosen when no
        game is open); the game goes on with the map it has."""
        if self.session is not None:
            try:
                hexmap, path = editable_copy(self.session.state)
            except (SourceError, OSError, ValueError) as exc:
                self.show_error("Cannot edit the map", str(exc))
                return None
            return show_editor(hexmap, path, self)
        name, _ = QFileDialog.getOpenFileName(self, "Edit Map", "", "Maps (*.toml)")
        if not name:
            return None
        try:
            return show_editor(load_map(name), Path(name), self)
        except (SourceError, OSError) as exc:
            self.show_error("Cannot edit the map", str(exc))
            return None

    def show_legend(self) -> TerrainLegend:
        """View > Terrain Legend (and Help): the open map's terrain and hexside features."""
        if self.legend is None:
            self.legend = TerrainLegend(self)
            self.legend.show_map(self.session.state.hexmap if self.session else None)
        self.legend.show()
        self.legend.raise_()
        return self.legend

    def _make_display_actions(self, menu: QMenu) -> None:
        """View > Show: a checkable action per board extra, as the player last left them."""
        menu.addSection("Show")
        self.display = load_display(self.settings)
        self.display_actions: dict[str, QAction] = {}
        for name, text in MENU_TEXT.items():
            action = QAction(text, self)
            action.setObjectName(f"show_{name}")
            action.setCheckable(True)
            action.setChecked(getattr(self.display, name))
            action.toggled.connect(lambda on, n=name: self._display_switched(n, on))
            menu.addAction(action)
            self.display_actions[name] = action
        menu.addSeparator()
        action = QAction("&Table Mode", self)
        action.setObjectName("table_mode")
        action.setShortcut(QKeySequence(TABLE_MODE_KEY))
        action.setStatusTip("Large type and high contrast, to read the combat at arm's length")
        action.setCheckable(True)
        action.setChecked(load_table_mode(self.settings))
        action.toggled.connect(self._table_mode_switched)
        menu.addAction(action)
        self.table_mode_action = action

    def _table_mode_switched(self, on: bool) -> None:
        """View > Table Mode: remembered, and put on the panels read at the table."""
        save_table_mode(self.settings, on)
        self._show_table_mode()
        combat = self._docks["Combat"]
        if on and combat.width() < self.width() * TABLE_MODE_SHARE:  # fewer lines wrap
            width = int(self.width() * TABLE_MODE_SHARE)
            self.resizeDocks([combat], [width], Qt.Orientation.Horizontal)
        left = [d for name, d in self._docks.items() if name in LEFT_DOCKS and d.isVisible()]
        if on and left and left[0].width() > self.width() * TABLE_MODE_LEFT:
            # the map keeps room for counters read at arm's length: the left docks narrower
            width = int(self.width() * TABLE_MODE_LEFT)
            self.resizeDocks(left[:1], [width], Qt.Orientation.Horizontal)

    def _show_table_mode(self) -> None:
        """The combat panel, its log and the tutorial in table mode, or back to normal."""
        on = self.table_mode_action.isChecked()
        if self.combat_panel is not None:
            self.combat_panel.set_table_mode(on)
            self._walk_refresh()  # the working drawn again: the tutorial's row marked again
        for panel in (self.combat_log, self.tutorial_panel):
            if panel is not None:
                set_table_mode(panel, on)
        for calculator in self.calculators:
            calculator.set_table_mode(on)

    def _display_switched(self, name: str, on: bool) -> None:
        self.display = save_switch(self.settings, self.display, name, on)
        if self.scene is not None:
            self.scene.set_display(self.display)

    def _bind_undo(self, stack: QUndoStack) -> None:
        for action in (self.undo_action, self.redo_action):
            if action is not None:  # the previous game's: gone with it, not kept by the window
                self.edit_menu.removeAction(action)
                self.toolbar.removeAction(action)
                action.deleteLater()
        self.undo_action = stack.createUndoAction(self, "&Undo")
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.redo_action = stack.createRedoAction(self, "&Redo")
        self.redo_action.setShortcut(QKeySequence.StandardKey.Redo)
        first = self.edit_menu.actions()[0] if self.edit_menu.actions() else None
        self.edit_menu.insertAction(first, self.undo_action)
        self.edit_menu.insertAction(first, self.redo_action)
        for action, word in ((self.undo_action, "Undo"), (self.redo_action, "Redo")):
            # the toolbar button says just Undo/Redo (a steady width); its tooltip says what
            action.setIconText(word)
            action.changed.connect(lambda a=action: _tip_from_text(a))
            _tip_from_text(action)
        self.toolbar.addAction(self.undo_action)
        self.toolbar.addAction(self.redo_action)
        self.history.setStack(stack)
        # Methods, never lambdas, for a game's own signals: a lambda holding the window, kept by
        # a connection of the game's session, would keep the window and every game it showed
        # alive after it closed.
        stack.cleanChanged.connect(self._clean_changed)

    # games ---------------------------------------------------------------------------------

    def show_game(self, state: GameState, path: Path | None = None, saved: bool = False) -> None:
        """Show ``state`` (replacing any open game); ``saved``: ``path`` is its save file.

        All or nothing for the player: when building the window for ``state`` fails, the game
        open before is shown again (with its undo history) and the error raised for the caller
        to report, never a half-built window."""
        before = (self.session, self.source_path)
        session = GameSession(state, path if saved else None)
        session.refused.connect(self._show_refusal)  # a method, not a lambda: see _bind_undo
        try:
            self._show_session(session, path)
        except Exception:
            try:
                self._restore(*before)
            except Exception:  # the game before cannot be shown either: no game, not half a one
                self._restore(None, None)
            raise

    def _restore(self, session: GameSession | None, path: Path | None) -> None:
        """Show ``session`` again after a game failed to show; None: the window with no game."""
        self._close_game()  # the pieces of the failed game that were built stop listening
        if session is not None:
            self._show_session(session, path)
            return
        self.session = self.scene = self.inspector = self.combat_panel = None
        self.combat_log = self.palette = None
        self.source_path = None
        self.view.setScene(None)
        self.show_hex_info(None)
        for title in ("Stack", "Counters", "Combat", "Combat Log"):
            self._make_dock(title, QWidget())
        self.attack_action.setEnabled(False)
        self.roll_action.setEnabled(False)
        self._show_tutorial(None, None)
        self._show_turn()
        self._update_title()

    def _show_session(self, session: GameSession, path: Path | None) -> None:
        """Build the window's map, panels and undo history for ``session``."""
        state = session.state
        self._close_game()
        self.session = session
        self.source_path = path
        self.scene = MapScene(state)
        self.scene.set_display(self.display)
        self.scene.move_requested.connect(session.move)
        self.scene.add_requested.connect(session.add)
        self.scene.selectionChanged.connect(self._selection_changed)
        self._selecting = self.scene
        self.view.show_map(self.scene, state.hexmap, self.scene.layout)
        self.show_hex_info(None)  # the last map's hex is not on this one
        if self.scene.image_problem is not None:
            self.statusBar().showMessage(self.scene.image_problem, 20000)
        if self.scene.map_image is not None:
            self.scene.map_image.signals.unreadable.connect(self._say_long)
            self.scene.map_image.signals.progress.connect(self._image_progress)
            self._image_progress(round(self.scene.map_image.progress * 100))
        self.inspector = StackInspector(session)
        self._make_dock("Stack", self.inspector)
        self.palette = CounterPalette(state.library, state.side_order, state.ruleset)
        dock = self._make_dock("Counters", self.palette)
        if not state.library.counters:
            dock.hide()
        self.combat_panel = CombatPanel(session, self.scene)
        name = state.vocabulary.attack_name  # "Assault" in the tactical games
        self.attack_action.setText(f"&{name}")
        self.attack_action.setToolTip(f"{name} the selected enemy stack")
        show_keys_in_tip(self.attack_action)
        self.attack_action.setEnabled(True)
        self.roll_action.setEnabled(self.combat_panel.roll_button.isEnabled())
        self.combat_panel.rollable.connect(self.roll_action.setEnabled)
        self.combat_panel.apply_button.setToolTip(self.apply_action.toolTip())
        tick_with_space(self.combat_panel)
        self._make_dock("Combat", self.combat_panel)
        self.combat_log = CombatLog(state)
        self._make_dock("Combat Log", self.combat_log)
        if self.legend is not None:
            self.legend.show_map(state.hexmap)
        self._show_tutorial(state, path)
        self._bind_undo(session.undo_stack)
        self._show_table_mode()
        state.subscribe(self._game_changed)
        self._show_turn()
        self._update_title()

    def _game_changed(self, change: Change) -> None:
        if change.turn:
            self._show_turn()
        if change.counters and self.palette is not None and self.session is not None:
            self.palette.set_sides(self.session.state.side_order)  # a side came onto the map

    def _show_turn(self) -> None:
        """Status bar: whose player-turn and which phase, with what the phase allows."""
        if self.session is None:
            self.turn_label.setText("")
            return
        state = self.session.state
        self.turn_label.setText(f"Turn: {state.turn}")
        self.turn_label.setToolTip(phase_tip(state.vocabulary, state.phase))

    def _show_tutorial(self, state: GameState | None, path: Path | None) -> None:
        """A game with walkthrough steps opens with them in front; any other (or none) hides
        the dock."""
        dock = self._docks["Tutorial"]
        panel = self.tutorial_panel
        if self.walk is not None:
            self.walk.detach()
            self.walk = None
        panel.attach(None)
        if state is None or not state.tutorial:
            panel.show_tutorial("", "", [])
            dock.hide()
            return
        walk_path = walk_source(path, state.title, state.tutorial)  # a save: its tutorial's
        steps, entries = scenario_walk(walk_path)
        if [s.text for s in steps] != list(state.tutorial):  # a save: its steps as text
            steps, entries = [], {}
        panel.show_tutorial(state.title, state.description, steps or state.tutorial, state.ruleset)
        if steps and walk_path is not None and self.scene is not None and self.combat_panel:
            self.walk = MapWalk(self, walk_path)
            panel.attach(self.walk, entries, walk_path)
            self.combat_panel.model.subscribe(lambda _event: self._walk_refresh())
            state.subscribe(self._walk_state_changed)
            self.scene.selectionChanged.connect(self._walk_refresh)
        dock.show()
        dock.raise_()

    def _walk_state_changed(self, _change: Change) -> None:
        self._walk_refresh()

    def _walk_refresh(self) -> None:
        """The combat or the map changed: the tutorial's step shows its number anew."""
        if getattr(self, "walk", None) is not None and shiboken6.isValid(self.tutorial_panel):
            self.tutorial_panel.refresh()

    def _arrange_docks(self) -> None:
        """The first time: the tutorial (in front of the counters) and the stack left, combat
        right with the full height for its working, a short log (in front of the history) under
        the map."""
        docks = self._docks
        self.tabifyDockWidget(docks["Counters"], docks["Tutorial"])
        self.tabifyDockWidget(docks["History"], docks["Combat Log"])
        docks["Combat Log"].raise_()
        if not docks["Tutorial"].isHidden():
            docks["Tutorial"].raise_()
        self.resizeDocks([docks["Combat"]], [500], Qt.Orientation.Horizontal)
        self.resizeDocks([docks["Counters"]], [290], Qt.Orientation.Horizontal)
        self.resizeDocks([docks["Combat Log"]], [140], Qt.Orientation.Vertical)
        self.resizeDocks([docks["Counters"], docks["Stack"]], [560, 240], Qt.Orientation.Vertical)

    def _close_game(self) -> None:
        """Stop the shown game's map and panels listening to it (also the pieces built of a
        game that failed to show: detaching twice does no harm)."""
        if self.session is not None:
            self.session.state.unsubscribe(self._game_changed)
            self.session.state.unsubscribe(self._walk_state_changed)
        for panel in (self.combat_panel, self.combat_log):
            if panel is not None:
                panel.detach()
        if self._selecting is not None:
            self._selecting.selectionChanged.disconnect(self._selection_changed)
            self._selecting = None
        if self.scene is not None:
            self.scene.detach()
        if self.inspector is not None:
            self.inspector.detach()

    def open_file(self, path: str | Path) -> bool:
        """Open a map, scenario or saved game; a bad file shows an error naming file and line
        and leaves the current game as it was."""
        with paused_collection():  # a big game is a million objects made at once
            return self._open_file(Path(path))

    def _open_file(self, path: Path) -> bool:
        if is_save_path(path):  # the player's own open: a killed save's leftovers go
            remove_stale_temporaries(path)
        elif is_calculator_scenario(path):  # no map to lay it out on: the calculator opens it
            return self.show_calculator(path) is not None
        try:
            state = open_game(path)
        except SourceError as exc:
            self.show_error(f"Cannot open {path.name}", str(exc))
            return False
        except OSError as exc:
            self.show_error(f"Cannot open {path.name}", f"{path}: {exc.strerror or exc}")
            return False
        except (GameError, RulesError) as exc:  # the game's or a rule's own words
            self.show_error(f"Cannot open {path.name}", f"{path}: {exc}")
            return False
        except Exception as exc:  # the last line of defence: a bug in loading keeps the game
            self.show_error(f"Cannot open {path.name}", f"could not open {path}: {_what(exc)}")
            return False
        saved = is_save_path(path)  # as open_game read it: a save under any name
        try:
            self.show_game(state, path, saved=saved)
        except Exception as exc:  # a bug in showing it: the game open before is shown again
            self.show_error(f"Cannot open {path.name}", f"could not open {path}: {_what(exc)}")
            return False
        self._remember(path)
        if state.opened_note:  # a save's ruleset file differs from the player's own
            self.statusBar().showMessage(state.opened_note, 20000)
        if state.tutorial and not saved:
            self.set_up_tutorial_attack()
        if state.tutorial and self.scene is not None:  # the hexes its text names, readable
            target = tutorial_target(state)
            if target is not None:
                self.view.show_readable(self.scene.hex_centre(target))
        return True

    def show_calculator(self, path: Path | None = None) -> CalculatorWindow | None:
        """A calculator window (File > Calculator): a new combat, or the map-less scenario or
        saved calculator combat at ``path`` (refused with its file and line, no window)."""
        calculator = CalculatorWindow()
        calculator.show_error = self.show_error
        calculator.set_table_mode(self.table_mode_action.isChecked())
        calculator.on_table_mode = self.table_mode_action.setChecked  # every window follows
        calculator.on_saved = self._remember  # reopened from Open Recent, like a game
        if path is not None and not calculator.open_path(path):
            calculator.deleteLater()
            return None
        if path is not None:
            self._remember(Path(path))
            attach_calculator_walk(calculator, Path(path), lambda p: mark_done(self.settings, p))
        self.calculators.append(calculator)
        calculator.destroyed.connect(lambda _o=None, c=calculator: self._forget_calculator(c))
        calculator.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        calculator.show()
        calculator.raise_()
        return calculator

    def _forget_calculator(self, calculator: CalculatorWindow) -> None:
        if calculator in self.calculators:
            self.calculators.remove(calculator)

    def open_tutorial(self, path: Path) -> bool:
        """File > Open Tutorial: the tutorial, its attack set up in the combat panel."""
        return self.may_close() and self.open_file(path)

    def set_up_tutorial_attack(self) -> bool:
        """Set up the attack a tutorial is about, on its one defending hex, with every stack
        that may take part: the worked example's numbers show at once."""
        if self.session is None or self.scene is None:
            return False
        target = tutorial_target(self.session.state)
        if target is None:
            return False
        self.scene.select_hex(target)  # (not selectable while stacks are hidden: before show)
        if self.inspector is not None:
            self.inspector.show_hex(target)
        return self.attack_hex(target)

    def choose_open(self) -> None:
        """File > Open."""
        if not self.may_close():
            return
        start = str(self.settings.value("last_dir", ""))
        name, _ = QFileDialog.getOpenFileName(
            self, "Open", start, "hexcombat files (*.json *.toml);;All files (*)"
        )
        if name:
            self.settings.setValue("last_dir", str(Path(name).parent))
            self.open_file(name)

    def _image_progress(self, share: int) -> None:
        """The first open of a PNG or progressive JPEG scan: a bar in the status bar while its
        copy that can be read in parts is made (seconds for a large scan, once)."""
        bar = self.image_progress
        if bar is None:
            bar = self.image_progress = QProgressBar()
            bar.setObjectName("MapImageProgress")
            bar.setRange(0, 100)
            bar.setFormat("Preparing the map image, the first time only: %p%")
            bar.setMinimumWidth(320)
            self.statusBar().addPermanentWidget(bar)
        bar.setValue(share)
        bar.setVisible(share < 100)

    def _say_long(self, text: str) -> None:
        """A message the player must not miss (a map image that cannot be read)."""
        self.statusBar().showMessage(text, 20000)

    def choose_map_image(self) -> None:
        """File > Map Image: a scanned map under the grid (ui/calibrate_image.py)."""
        name = choose_image(self, str(self.settings.value("last_dir", "")))
        if name:
            self.calibration = start_map_image(self, Path(name))

    def _dialog_save_path(self) -> str:
        start = str(self.settings.value("last_dir", ""))
        name, _ = QFileDialog.getSaveFileName(self, "Save game", start, "Saved games (*.json)")
        if name and not name.lower().endswith(".json"):
            name += ".json"
        return name

    def save(self) -> bool:
        """File > Save (asks for a name the first time)."""
        if self.session is None:
            return False
        if self.session.path is None:
            return self.save_as()
        return self._save_to(self.session.path)

    def save_as(self) -> bool:
        """File > Save As."""
        if self.session is None:
            return False
        name = self.choose_save_path()
        return bool(name) and self._save_to(Path(name))

    def _save_to(self, path: Path) -> bool:
        assert self.session is not None
        try:
            self.session.save(path)
        except (OSError, ValueError) as exc:
            self.show_error("Cannot save", f"{path}: {exc}")
            return False
        self._remember(path)
        self.statusBar().showMessage(f"Saved {path}", 4000)
        self._update_title()
        return True

    # closing ---------------------------------------------------------------------------------

    def may_close(self) -> bool:
        """Whether the game may be closed: no unsaved changes, or the player saved or discarded
        them (Cancel keeps it open)."""
        if self.session is None or not self.session.modified:
            return True
        answer = self.ask_unsaved()
        if answer == Answer.Save:
            return self.save()
        return answer == Answer.Discard

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        super().showEvent(event)
        if self._arrange_when_shown:
            self._arrange_when_shown = False
            self._arrange_docks()

    def close_calculators(self) -> bool:
        """Close every calculator window, each asking for its unsaved combat; False when the
        player keeps one (Cancel)."""
        return all(calculator.close() for calculator in list(self.calculators))

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        if not self.may_close() or not self.close_calculators():
            event.ignore()
            return
        self.settings.setValue("geometry", self.saveGeometry())
        self.settings.setValue("window_state", self.saveState(DOCK_LAYOUT))
        event.accept()
        # The view keeps its scene, and the scene the game: let go of both, so a closed window's
        # game, map and undo history are freed with it rather than kept for the process's life.
        self._close_game()
        self.view.setScene(None)

    def _restore_window(self) -> bool:
        """Size, place and dock layout as the player left them; False when there is no layout
        of this version to restore."""
        geometry = self.settings.value("geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        state = self.settings.value("window_state")
        return state is not None and self.restoreState(state, DOCK_LAYOUT)

    # tutorials and recent files --------------------------------------------------------------

    def _build_tutorials(self) -> None:
        """File > Open Tutorial: every shipped tutorial by its title, under its ruleset."""
        menu = self.tutorials_menu
        menu.clear()
        ruleset: str | None = None
        for tutorial in shipped_tutorials():
            if tutorial.ruleset != ruleset:
                ruleset = tutorial.ruleset
                try:
                    menu.addSection(get_ruleset(ruleset).title)
                except RulesError:
                    menu.addSection("Other")
            action = menu.addAction(tutorial.title)
            action.setToolTip(str(tutorial.path))
            action.setStatusTip(f"Open the tutorial {tutorial.path.name}")
            action.triggered.connect(lambda _c=False, p=tutorial.path: self.open_tutorial(p))
        menu.addSection("No map")  # the calculator sits with the walkthroughs it stands beside
        menu.addAction(self.calculator_action)
        menu.setToolTipsVisible(True)
        menu.setEnabled(bool(menu.actions()))

    def recent_files(self) -> list[str]:
        """Recently opened or saved files, newest first."""
        value = self.settings.value("recent_files", [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in (value or [])]

    def _remember(self, path: Path) -> None:
        name = str(Path(path).resolve())
        files = [name] + [f for f in self.recent_files() if f != name]
        self.settings.setValue("recent_files", files[:MAX_RECENT])
        self._rebuild_recent()

    def open_recent(self, name: str) -> bool:
        """File > Open Recent: a file that no longer opens (moved, deleted, damaged) leaves the
        list, after the error that names it."""
        if not self.may_close():
            return False
        if self.open_file(name):
            return True
        self.settings.setValue("recent_files", [f for f in self.recent_files() if f != name])
        self._rebuild_recent()
        self.statusBar().showMessage(f"Removed {name} from the recent files", 6000)
        return False

    def _rebuild_recent(self) -> None:
        self.recent_menu.clear()
        for name in self.recent_files():
            action = self.recent_menu.addAction(Path(name).name)
            action.setToolTip(name)
            action.triggered.connect(lambda _c=False, n=name: self.open_recent(n))
        self.recent_menu.setEnabled(bool(self.recent_files()))

    # status and selection --------------------------------------------------------------------

    def game_title(self) -> str:
        """The open game's name for titles and questions."""
        if self.session is None:
            return "hexcombat"
        if self.session.path is not None:
            return self.session.path.name
        return self.session.state.title or "untitled game"

    def _show_refusal(self, text: str) -> None:
        self.statusBar().showMessage(text, 6000)

    def _clean_changed(self, _clean: bool) -> None:
        self._update_title()

    def _update_title(self) -> None:
        if not shiboken6.isValid(self):  # the undo stack outlived the window being closed
            return
        try:
            modified = self.session is not None and self.session.modified
        except RuntimeError:  # the undo stack announces its own destruction
            return
        # "[*]": Qt marks unsaved changes the platform's way (a star, or the close button)
        self.setWindowTitle(f"{self.game_title()}[*] - hexcombat {__version__}")
        self.setWindowModified(modified)

    def show_hex_info(self, h: Hex | None) -> None:
        """Status bar: the printed label and terrain of the hex under the mouse."""
        if h is None or self.session is None:
            self.hex_label.setText("")
            return
        hexmap = self.session.state.hexmap
        text = f"{hexmap.label(h)}  {hexmap.terrain[h]}"
        place = hexmap.places.get(h)
        if place:
            text += f"  ({place})"
        stack = self.session.state.stack_at(h)
        if stack:
            text += f"  - {stack[0].side}: {plural(len(stack), 'counter')}"
        self.hex_label.setText(text)

    def selected_hex(self) -> Hex | None:
        """The hex of the (first) selected stack."""
        if self.scene is None:
            return None
        stacks = self.scene.selected_stacks()
        return stacks[0].hex if stacks else None

    def _selection_changed(self) -> None:
        # a scene being destroyed (the program ending) clears its selection: nothing to show
        if self.inspector is not None and shiboken6.isValid(self.scene):
            self.inspector.show_hex(self.selected_hex())

    def delete_selection(self) -> None:
        """Delete: remove the counters selected in the inspector, else the selected stacks."""
        if self.session is None or self.scene is None:
            return
        uids = self.inspector.selected_uids() if self.inspector is not None else []
        if not uids or not self.inspector.list.hasFocus():
            uids = [u for item in self.scene.selected_stacks() for u in item.uids]
        self.session.remove(uids)

    # attacking -------------------------------------------------------------------------------

    def attack_selected(self) -> bool:
        """Attack (A): set up an attack on the selected stack in the combat panel."""
        h = self.selected_hex()
        if h is None or self.combat_panel is None:
            self.statusBar().showMessage("Select the enemy stack to attack first", 5000)
            return False
        return self.attack_hex(h)

    def attack_hex(self, h: Hex) -> bool:
        """Set up an attack on the stack in ``h`` in the combat panel (a refusal goes to the
        status bar)."""
        if self.combat_panel is None:
            return False
        started = self.combat_panel.start(h)
        if started:
            self._docks["Combat"].show()
            self._docks["Combat"].raise_()
        else:
            self.statusBar().showMessage(self.combat_panel.refusal, 6000)
        return started

    def _hex_clicked(self, h: Hex) -> None:
        if self.combat_panel is not None and self.combat_panel.resolution is not None:
            self.combat_panel.pick_retreat_at(h)

    def context_menu(self, h: Hex | None) -> QMenu:
        """The map's menu for the stack in ``h``: attack, delete, the counter actions its
        ruleset declares for its counters; and Fit Map."""
        menu = QMenu(self)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        stack = self.session.state.stack_at(h) if h is not None and self.session else []
        if stack:
            menu.addAction(self.attack_action)
            menu.addAction(self.delete_action)
            menu.addSeparator()
            assert self.session is not None
            if add_counter_actions(menu, self.session, stack):
                menu.addSeparator()
        menu.addAction("Fit Map", self.view.fit_map)
        return menu

    def _context_menu(self, h: Hex | None, where: object) -> None:
        self.context_menu(h).popup(where)
