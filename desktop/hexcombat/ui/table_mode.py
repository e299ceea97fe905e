"""Table mode: large type and high contrast for a screen read at arm's length beside a
face-to-face game, the numbers that decide the combat (odds, DRM, the roll, the result) the
biggest. One switch (View > Table Mode), kept in ``QSettings`` like the board's display options
so the next start looks the same.

Any panel may take it: :func:`set_table_mode` on the panel, naming its headline widgets.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QWidget

from hexcombat.ui.display_options import SETTINGS_GROUP

SETTINGS_KEY = f"{SETTINGS_GROUP}/table_mode"
SHORTCUT = "Ctrl+T"
"""The one keystroke that switches table mode on and off."""
BODY_SCALE = 1.25
"""Every text of a panel in table mode, against the desktop's font."""
HEADLINE_SCALE = 2.4
"""The headline (odds and DRM) in table mode, against the desktop's font."""
RESULT_SCALE = 1.4
"""The dice rolled in table mode, against the desktop's font."""

HIGH_CONTRAST = """
QWidget {{ color: #000000; font-size: {body:.1f}pt; }}
QWidget:disabled {{ color: #6b6b6b; }}
QAbstractItemView {{ background: #ffffff; alternate-background-color: #e4ecf4;
                    selection-background-color: #0072B2; selection-color: #ffffff; }}
QLineEdit {{ background: #ffffff; border: 2px solid #000000; padding: 2px; }}
QLineEdit:disabled {{ border: 2px solid #7a7a7a; }}
"""
"""Large black text, white lists, Okabe-Ito blue for what is selected; a panel's own warning
and error colours (dark orange, dark red) stay, both readable on white. A style sheet rather than
a font: it reaches the widgets a panel makes later (a result's retreat boxes) and those with a
style sheet of their own."""


def load_table_mode(settings: QSettings) -> bool:
    """Whether the player left table mode on (off the first time)."""
    return bool(settings.value(SETTINGS_KEY, False, type=bool))


def save_table_mode(settings: QSettings, on: bool) -> None:
    """Remember table mode on or off for the next start."""
    settings.setValue(SETTINGS_KEY, on)
    settings.sync()


def desktop_points(scale: float) -> float:
    """The desktop font's size ``scale`` times as large, in points."""
    return QApplication.font().pointSizeF() * scale


def set_table_mode(
    panel: QWidget,
    on: bool,
    headlines: Iterable[QWidget] = (),
    results: Iterable[QWidget] = (),
) -> None:
    """Table mode on ``panel`` and everything in it: large type, high contrast, and its
    ``headlines`` (odds and DRM) and ``results`` (the roll) larger still; off, as before."""
    panel.setStyleSheet(HIGH_CONTRAST.format(body=desktop_points(BODY_SCALE)) if on else "")
    for widgets, scale, weight in (
        (headlines, HEADLINE_SCALE, "bold"),
        (results, RESULT_SCALE, ""),
    ):
        for widget in widgets:
            bold = f" font-weight: {weight};" if weight else ""
            size = f"QWidget {{ font-size: {desktop_points(scale):.1f}pt;{bold} }}"
            widget.setStyleSheet(size if on else "")
    panel.setProperty("tableMode", on)
