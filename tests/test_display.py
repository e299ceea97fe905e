"""With no display, hexcombat says so and exits 1; Qt would abort the process (status 134)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from hexcombat.display import display_problem
from meaning import says_in


@pytest.mark.parametrize(
    ("env", "problem"),
    [
        ({"DISPLAY": ":0"}, None),
        ({"WAYLAND_DISPLAY": "wayland-0"}, None),
        ({"QT_QPA_PLATFORM": "offscreen"}, None),
        ({"QT_QPA_PLATFORM": "xcb", "DISPLAY": ":1"}, None),
        ({}, "a window needs DISPLAY or WAYLAND_DISPLAY"),
        ({"QT_QPA_PLATFORM": "xcb", "WAYLAND_DISPLAY": "w"}, "QT_QPA_PLATFORM=xcb needs DISPLAY,"),
        ({"QT_QPA_PLATFORM": "wayland", "DISPLAY": ":0"}, "needs WAYLAND_DISPLAY,"),
    ],
)
def test_a_missing_display_is_named(env: dict[str, str], problem: str | None) -> None:
    found = display_problem(env, "linux")
    assert found == problem if problem is None else problem in (found or "")


def test_windows_and_macos_always_have_their_desktop() -> None:
    assert display_problem({}, "win32") is None and display_problem({}, "darwin") is None


def without_display(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.pop("QT_QPA_PLATFORM", None)
    return env | extra


def test_the_program_exits_1_with_the_reason_instead_of_aborting() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "hexcombat"], env=without_display(), capture_output=True,
        text=True, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 1
    assert done.stderr.startswith("hexcombat: ")
    assert says_in(done.stderr, names=["no display", "window"])
    assert "hexcombat --smoke" in done.stderr


def test_smoke_on_x11_with_no_x_server_fails_with_the_reason() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "hexcombat", "--smoke"], env=without_display(QT_QPA_PLATFORM="xcb"),
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 1
    assert done.stderr.startswith("hexcombat smoke: FAILED: ")
    assert says_in(done.stderr, names=["no display", "window"])
