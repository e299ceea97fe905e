"""Whether Qt has somewhere to show a window, asked before Qt starts.

On Linux, Qt aborts the whole process (exit status 134, with advice to reinstall) when its
platform plugin finds no display; hexcombat says what is missing and exits 1 instead.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping

HEADLESS_PLATFORMS = ("offscreen", "minimal", "vnc", "eglfs", "linuxfb", "vkkhrdisplay")
"""Qt platforms that need no desktop session."""


def display_problem(
    env: Mapping[str, str] | None = None, platform: str | None = None
) -> str | None:
    """Why Qt could not open a window here, or None when it can (or it is not ours to tell:
    Windows and macOS always have their desktop).

    >>> display_problem({"DISPLAY": ":0"}, "linux") is None
    True
    >>> display_problem({"QT_QPA_PLATFORM": "offscreen"}, "linux") is None
    True
    >>> display_problem({}, "linux").startswith("no display")
    True
    """
    env = os.environ if env is None else env
    platform = sys.platform if platform is None else platform
    if not platform.startswith("linux"):
        return None
    qpa = env.get("QT_QPA_PLATFORM", "").split(":")[0].split(";")[0]
    x11, wayland = bool(env.get("DISPLAY")), bool(env.get("WAYLAND_DISPLAY"))
    if (
        qpa in HEADLESS_PLATFORMS
        or (qpa == "xcb" and x11)
        or (qpa.startswith("wayland") and wayland)
    ):
        return None
    if qpa == "" and (x11 or wayland):
        return None
    wanted = f"QT_QPA_PLATFORM={qpa} needs " if qpa else "a window needs "
    needs = {"xcb": "DISPLAY", "": "DISPLAY or WAYLAND_DISPLAY"}.get(qpa, "WAYLAND_DISPLAY")
    return (
        f"no display to open a window on ({wanted}{needs}, which is not set): start hexcombat "
        "from your desktop session; to check this installation without one, run "
        "hexcombat --smoke"
    )
