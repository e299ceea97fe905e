"""The combat panel on units without strengths (as the rules texts' worked examples give them):
the modifiers and DRM show, the odds say strengths are needed, and Roll is off, with its reason."""

from __future__ import annotations

import sys
from pathlib import Path

from uihelpers import start_attack

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "game"))
from test_no_strengths import NEEDS, on_map  # noqa: E402


def test_the_panel_shows_the_drm_and_refuses_to_roll_without_strengths(
    window,
    qtbot,
    tmp_path: Path,  # noqa: ANN001
) -> None:
    assert window.open_file(on_map(tmp_path)), window.errors
    start_attack(window, qtbot)
    panel = window.combat_panel
    assert panel.odds.text().startswith("No odds (strengths needed)   DRM +1")
    assert not panel.roll_button.isEnabled() and not panel.typed_roll.isEnabled()
    assert NEEDS in panel.roll_button.toolTip()
    window.grab().save(str(tmp_path / "panel.png"))
