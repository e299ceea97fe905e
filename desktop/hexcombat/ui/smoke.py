"""``hexcombat --smoke``: check that this installation of hexcombat works, without a display.

Opens the main window offscreen on the built-in 14D2d tutorial, finds the tutorial's defender and
every stack that may attack it, evaluates that attack, opens and evaluates every other shipped
tutorial as File > Open Tutorial lists them, and prints the number of shipped data files found,
of tutorials, and the DRM (``hexcombat smoke: 14D2d tutorial DRM +1``). Exits 0 when all of that
worked; any failure prints what went wrong to stderr and exits 1. The installer's test runs it on
the frozen build; a player can run it to check a download.

Preferences are kept in a temporary folder for the run (where Qt allows it: on Linux and other
Unixes), so the check leaves no recent file or window layout behind.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import TextIO


class SmokeError(Exception):
    """The installation is broken; the message says how."""


def data_files() -> dict[str, list[Path]]:
    """Every shipped data file this installation finds: maps and scenarios, counter sets, the
    rulesets' charts (which live beside the rules code), and the example games written as
    ruleset files (one folder a game)."""
    from hexcombat.paths import charts_dir, counters_dir, maps_dir, rulesets_dir

    charts = charts_dir()
    return {
        "maps and scenarios": _files(maps_dir(), "*.toml"),
        "counter sets": _files(counters_dir(), "*.toml"),
        "charts": _files(charts, "**/*.toml"),
        "example game files": _files(rulesets_dir(), "*/*.toml"),
    }


def _files(folder: Path, pattern: str) -> list[Path]:
    return sorted(p for p in folder.glob(pattern) if p.is_file())


def smoke(out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run the check; 0 when it passed, 1 (with the reason on ``err``) when it did not."""
    out = out or sys.stdout
    err = err or sys.stderr
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    try:
        with tempfile.TemporaryDirectory(prefix="hexcombat-smoke-") as settings:
            _check(Path(settings), out)
    except SmokeError as exc:
        print(f"hexcombat smoke: FAILED: {exc}", file=err)
        return 1
    except Exception as exc:  # anything else is a broken installation too: say what broke
        import traceback

        traceback.print_exc(file=err)
        print(f"hexcombat smoke: FAILED: {type(exc).__name__}: {exc}", file=err)
        return 1
    return 0


def _quiet_offscreen(_kind: object, _context: object, message: str) -> None:
    """Qt's messages on stderr, but for the offscreen platform saying it cannot size windows
    from their hints (true, and of no use to a player checking a download)."""
    if "propagateSizeHints" not in message:
        print(message, file=sys.stderr)


def _check(settings: Path, out: TextIO) -> None:
    from PySide6.QtCore import QSettings, qInstallMessageHandler
    from PySide6.QtWidgets import QApplication

    from hexcombat.game.attack import AttackSetup, attack_candidates, evaluate_attack
    from hexcombat.game.opening import default_tutorial, open_game
    from hexcombat.game.scenario import load_scenario
    from hexcombat.paths import data_root, icons_dir
    from hexcombat.rules.report import final_drm
    from hexcombat.sourcefile import SourceError
    from hexcombat.ui.app import app_icon, make_window

    found = data_files()
    for kind, files in found.items():
        if not files:
            raise SmokeError(f"no {kind} found (data folder {data_root()})")
    counts = ", ".join(f"{len(files)} {kind}" for kind, files in found.items())
    total = sum(len(files) for files in found.values())
    print(f"hexcombat smoke: {total} data files ({counts}) under {data_root()}", file=out)

    tutorial = default_tutorial()
    if not tutorial.is_file():
        raise SmokeError(f"the built-in tutorial is missing: {tutorial}")
    for fmt in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(fmt, QSettings.Scope.UserScope, str(settings))
    qInstallMessageHandler(_quiet_offscreen)
    app = QApplication.instance() or QApplication(["hexcombat"])
    icon = app_icon()
    if icon.isNull():
        raise SmokeError(f"the application icon is missing from {icons_dir()}")
    app.setWindowIcon(icon)

    window = make_window(None)
    if window.session is None:
        try:
            open_game(tutorial)  # the window shows why in a dialog; say it here
        except SourceError as exc:
            raise SmokeError(f"the main window could not open the tutorial: {exc}") from exc
        raise SmokeError(f"the main window did not open the tutorial {tutorial}")
    window.show()
    app.processEvents()
    if window.grab().isNull():
        raise SmokeError("the main window could not be drawn")
    state = window.session.state

    scenario = load_scenario(tutorial)
    defender_hexes = {p.hex for p in scenario.placements if p.side == "defender" and p.hex}
    if len(defender_hexes) != 1:
        raise SmokeError(f"the tutorial should hold one defending hex, not {len(defender_hexes)}")
    target = state.hexmap.hex_at(defender_hexes.pop())
    candidates = attack_candidates(state, target)
    uids = [c.uid for candidate in candidates for c in candidate.counters]
    if not uids:
        raise SmokeError("nobody may attack the tutorial's defender")
    report = evaluate_attack(state, AttackSetup(target, uids, state.conditions))
    print(
        f"hexcombat smoke: main window opened {state.title!r}; {len(uids)} units from "
        f"{len(candidates)} hexes attack {state.hexmap.label(target)} at {report.headline}",
        file=out,
    )
    tutorials = _check_tutorials()
    listed = [
        a
        for a in window.tutorials_menu.actions()
        if not a.isSeparator() and a is not window.calculator_action  # not the Calculator
    ]
    if len(listed) != len(tutorials):
        raise SmokeError(
            f"File > Open Tutorial lists {len(listed)} tutorials, not the {len(tutorials)} shipped"
        )
    print(f"hexcombat smoke: {len(tutorials)} tutorials open and their attacks evaluate", file=out)
    rule = state.title.split(":")[0].removeprefix("Tutorial").strip()  # as the title names it
    print(f"hexcombat smoke: {rule} tutorial DRM {final_drm(report):+d}", file=out)
    window.hide()
    window.deleteLater()
    app.processEvents()


def _check_tutorials() -> list[str]:
    """Open every shipped tutorial and evaluate its attack, as the Tutorials menu does; the
    titles of those that worked. A tutorial that does not raises :class:`SmokeError`."""
    from hexcombat.game.attack import AttackSetup, attack_candidates, evaluate_attack
    from hexcombat.game.calculator import open_combat
    from hexcombat.game.opening import open_game
    from hexcombat.game.state import GameError
    from hexcombat.game.tutorials import shipped_tutorials, tutorial_target
    from hexcombat.paths import maps_dir
    from hexcombat.rules.errors import RulesError
    from hexcombat.sourcefile import SourceError

    tutorials = shipped_tutorials()
    if not tutorials:
        raise SmokeError(f"no tutorials found in {maps_dir()}")
    for tutorial in tutorials:
        name = tutorial.path.name
        try:
            if tutorial.calculator:  # no map: the calculator evaluates it
                open_combat(tutorial.path).evaluate()
                continue
            state = open_game(tutorial.path)
            target = tutorial_target(state)
            if target is None:
                raise SmokeError(f"the tutorial {name} has no single defending hex to attack")
            uids = [c.uid for x in attack_candidates(state, target) for c in x.counters]
            evaluate_attack(state, AttackSetup(target, uids, state.conditions))
        except (SourceError, GameError, RulesError) as exc:
            raise SmokeError(f"the tutorial {name} does not work: {exc}") from exc
    return [t.title for t in tutorials]
