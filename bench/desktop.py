"""Desktop benchmark: the 50,000-hex map with 5,000 counters, offscreen.

Prints the time to open the map in the main window, the median frame time zoomed out to the
whole map and zoomed in close (each frame rendered into an image through the view), and the
median time to handle a counter drop (game command, undo stack, scene refresh). Targets
(docs/design.md): open < 1 s, frames < 16 ms, drop < 16 ms.

    QT_QPA_PLATFORM=offscreen .venv/bin/python bench/desktop.py
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtGui import QImage, QPainter  # noqa: E402
from PySide6.QtWidgets import QApplication, QMessageBox  # noqa: E402

from hexcombat.board.mapfile import load_map  # noqa: E402
from hexcombat.game.state import Counter, GameState  # noqa: E402
from hexcombat.rules.units import Unit  # noqa: E402
from hexcombat.ui.main_window import MainWindow  # noqa: E402

HERE = Path(__file__).resolve().parent
BIG = HERE / "out" / "big.toml"
COUNTERS = 5_000
FRAMES = 30


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.2f} ms"


def place_counters(state: GameState) -> None:
    """5,000 counters on land hexes, in stacks of one to three, two sides facing each other."""
    land = sorted(h for h, kind in state.hexmap.terrain.items() if kind != "sea")
    soviet, german = {"nationality": "soviet"}, {"nationality": "german"}
    kinds = [
        Unit("Rifle XX", 2, size="XX", unit_type="rifle", attack=6, movement=4, **soviet),
        Unit("Tank XXX", 3, size="XXX", unit_type="armour", attack=9, movement=8,
             heavy_armour=True, **soviet),
        Unit("Inf XX", 3, size="XX", unit_type="infantry", attack=8, movement=3, **german),
        Unit("Pz XX", 3, size="XX", unit_type="armour", attack=16, movement=10, **german),
        Unit("Art III", 1, size="III", unit_type="artillery", attack=4, movement=3,
             artillery=True, range=2, **german),
    ]  # fmt: skip
    step = max(1, len(land) // 2600)
    placed = 0
    i = 0
    while placed < COUNTERS:
        h = land[(i * step) % len(land)]
        mid = state.hexmap.columns // 2
        side, offset = ("Soviet", 0) if state.hexmap.scheme.offset_of(h)[0] < mid else ("Axis", 2)
        for k in range(1 + i % 3):
            if placed >= COUNTERS:
                break
            unit = kinds[offset + (i + k) % (2 if side == "Soviet" else 3)]
            state.place(Counter(state.new_uid(), unit, side), h, index=k)
            placed += 1
        i += 1


def frame_times(window: MainWindow, count: int = FRAMES) -> tuple[float, float]:
    """First frame and median of the following frames, rendering the view into an image."""
    view = window.view
    image = QImage(view.viewport().size() * view.devicePixelRatio(), QImage.Format.Format_ARGB32)
    image.setDevicePixelRatio(view.devicePixelRatio())
    times = []
    for _ in range(count + 1):
        painter = QPainter(image)
        start = time.perf_counter()
        view.render(painter)
        painter.end()
        times.append(time.perf_counter() - start)
    return times[0], statistics.median(times[1:])


def main() -> int:
    if not BIG.is_file():
        subprocess.run([sys.executable, str(HERE / "make_big_map.py")], check=True)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    settings = QSettings(str(HERE / "out" / "desktop-settings.ini"), QSettings.Format.IniFormat)
    settings.clear()

    start = time.perf_counter()
    hexmap = load_map(BIG)
    loaded = time.perf_counter()
    state = GameState(hexmap, title="benchmark")
    place_counters(state)
    placed = time.perf_counter()
    window = MainWindow(settings)
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard  # a benchmark keeps nothing
    window.resize(1400, 900)
    window.show()
    window.show_game(state)
    app.processEvents()
    shown = time.perf_counter()
    first_out, median_out = frame_times(window)
    print(f"map: {len(hexmap):,} hexes, {len(state.counters):,} counters in "
          f"{len(state.stacks()):,} stacks")  # fmt: skip
    print(f"open: load map file      {ms(loaded - start)}")
    print(f"open: place counters     {ms(placed - loaded)}")
    print(f"open: window and scene   {ms(shown - placed)}")
    print(f"open: total              {ms(shown - start)}   (target < 1000 ms)")
    print(f"zoomed out: first frame  {ms(first_out)}   (builds the overview once)")
    print(f"zoomed out: median frame {ms(median_out)}   (target < 16 ms)")

    view = window.view
    some = next(iter(state.stacks()))
    view.set_scale(1.5)
    view.center_on_hex(some)
    app.processEvents()
    first_in, median_in = frame_times(window)
    print(f"zoomed in: first frame   {ms(first_in)}   (renders the visible tiles)")
    print(f"zoomed in: median frame  {ms(median_in)}   (target < 16 ms)")
    pans = []
    for _ in range(10):
        view.pan_by(120, 0)
        pans.append(frame_times(window, 1)[0])
    print(f"zoomed in: panning frame {ms(statistics.median(pans))}   (median, new tiles included)")

    session = window.session
    drops = []
    stacks = list(state.stacks().items())
    for h, stack in stacks[:60]:
        free = [n for n in h.neighbours() if n in hexmap.terrain and hexmap.terrain[n] != "sea"
                and not state.stack_at(n)]  # fmt: skip
        if not free:
            continue
        scene = window.scene
        t0 = time.perf_counter()
        scene.drop_counters([c.uid for c in stack], scene.hex_centre(free[0]))
        drops.append(time.perf_counter() - t0)
    print(f"counter drop: median     {ms(statistics.median(drops))}   over {len(drops)} drops "
          "(target < 16 ms)")  # fmt: skip
    assert session.undo_stack.count() == len(drops)
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
