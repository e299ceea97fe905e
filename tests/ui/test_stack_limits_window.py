"""The desktop program with stacks at and beyond the limit: a save asking for a stack of 20,000
counters is refused at its line within seconds and the game open stays; a full stack opens and
its attack is set up in bounded time."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from uihelpers import start_attack

from hexcombat.game.saves import save_game
from hexcombat.game.state import MAX_STACK
from meaning import says_in

SECONDS = 30.0
"""Opening and attacking a full stack take well under 3 s alone; ten times that on a loaded
machine."""


def stacked_save(window, tmp_path: Path, size: int, alone: bool = False) -> Path:  # noqa: ANN001
    """The tutorial saved with ``size`` counters in the defended hex 0504 (``alone``: and no
    others)."""
    path = tmp_path / "game.json"
    save_game(window.session.state, path)
    data = json.loads(path.read_text())
    inf = next(c for c in data["counters"] if c["hex"] == "0504")
    here = sum(c["hex"] == "0504" for c in data["counters"])
    extra = [{**inf, "uid": f"x{i}"} for i in range(size - here)]
    kept = [c for c in data["counters"] if c["hex"] == "0504" or not alone]
    data["counters"] = kept + extra
    data["pending_roll"] = None
    path.write_text(json.dumps(data, indent=1))
    return path


@pytest.mark.slow
def test_a_stack_of_twenty_thousand_is_refused_at_its_line(window, tmp_path: Path) -> None:  # noqa: ANN001
    path = stacked_save(window, tmp_path, 20_000, alone=True)
    state = window.session.state
    start = time.perf_counter()
    assert not window.open_file(path)
    assert time.perf_counter() - start < SECONDS
    ((title, text),) = window.errors
    assert title == "Cannot open game.json"
    assert text.startswith(f"{path}:")
    assert says_in(
        text, figures=["0504", str(MAX_STACK)], names=["already holds", "the most a hex holds"]
    )
    assert window.session.state is state  # the tutorial stays open


def test_a_full_stack_opens_and_is_attacked(window, qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    path = stacked_save(window, tmp_path, MAX_STACK)
    start = time.perf_counter()
    assert window.open_file(path), window.errors
    start_attack(window, qtbot)
    assert time.perf_counter() - start < SECONDS
    assert len(window.session.state.stack_at(window.combat_panel.target)) == MAX_STACK
    assert "DRM" in window.combat_panel.odds.text()
