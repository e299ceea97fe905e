"""Benchmark: a map over a 12,000 x 9,000 scanned image, beside the same map without it.

Makes (once, in bench/out/, in a process of its own) a 12,000 x 9,000 JPEG with a printed hex
grid and a 200 x 128 hex map calibrated to it, then opens each map in a fresh process and prints
the time to open it in the window, the frame times zoomed out (whole map) and zoomed in (one
image pixel per screen pixel, at the far corner, where a JPEG is slowest to read), the frames
drawn while the tiles are still being read, the time until the view is sharp, and the process's
peak memory. Targets (issue 17): frames under 16 ms median and 33 ms worst, memory under 300 MB.

    QT_QPA_PLATFORM=offscreen .venv/bin/python bench/map_image.py
    QT_QPA_PLATFORM=offscreen .venv/bin/python bench/map_image.py --first-open  # that part only

Then the first open of the same scan as a baseline JPEG, a PNG and a progressive JPEG, with
nothing cached (cold), then again with the copy the first open made (warm): the times until
the overview shows, until it is whole, until the copy tiles are read from is made, and until
the view zoomed in at the far corner is sharp; the peak memory of the window's process and of
the converter process it starts (targets: an overview within 2 s, the window and the
converter under 300 MB).
"""

from __future__ import annotations

import json
import math
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

HERE = Path(__file__).resolve().parent
OUT = HERE / "out"
WIDTH, HEIGHT = 12_000, 9_000
HEX_W, HEX_H, ORIGIN = 80.0, 70.0, (50.0, 45.0)
COLUMNS = int((WIDTH - 2 * ORIGIN[0]) / (HEX_W * 0.75)) + 1
ROWS = int((HEIGHT - 2 * ORIGIN[1]) / HEX_H)
FRAMES = 20


def make_image(path: Path) -> None:
    """The scan: a hex grid printed on paper colour, a few woods, the labels."""
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QColor, QFont, QGuiApplication, QImage, QPainter, QPen, QPolygonF

    app = QGuiApplication.instance() or QGuiApplication([])  # noqa: F841 (fonts need it)
    image = QImage(WIDTH, HEIGHT, QImage.Format.Format_RGB32)
    image.fill(QColor(236, 226, 196))
    painter = QPainter(image)
    painter.setPen(QPen(QColor(90, 70, 40), 2))
    painter.setFont(QFont("Sans", 10))
    for c in range(COLUMNS):
        for r in range(ROWS):
            x = ORIGIN[0] + c * HEX_W * 0.75
            y = ORIGIN[1] + r * HEX_H + (HEX_H / 2 if c % 2 else 0)
            corners = [
                QPointF(x + HEX_W / 2 * math.cos(a), y + HEX_H / 2 * math.sin(a) / 0.866)
                for a in (math.radians(60 * i) for i in range(6))
            ]
            woods = (c * 7 + r * 3) % 11 == 0
            painter.setBrush(QColor(70, 130, 60) if woods else QColor(236, 226, 196))
            painter.drawPolygon(QPolygonF(corners))
            painter.drawText(QPointF(x - 14, y - HEX_H / 4), f"{c + 1:03d}{r + 1:03d}")
    painter.end()
    image.save(str(path), "JPEG", 85)


def make_maps() -> tuple[Path, Path]:
    OUT.mkdir(exist_ok=True)
    image = OUT / f"scan-{WIDTH}x{HEIGHT}.jpg"
    if not image.is_file():
        code = f"import sys; sys.path.insert(0, {str(HERE)!r}); import map_image; "
        code += f"map_image.make_image(__import__('pathlib').Path({str(image)!r}))"
        subprocess.run([sys.executable, "-c", code], check=True)
    rows = ",\n".join(f'  "{"c" * COLUMNS}"' for _ in range(ROWS))
    base = f"""name = "Scanned map benchmark"
[layout]
orientation = "flat"
offset = "odd"
label = "{{col:03d}}{{row:03d}}"
first = "001001"
columns = {COLUMNS}
rows = {ROWS}
[legend]
c = "clear"
[terrain]
rows = [
{rows}
]
"""
    plain, scanned = OUT / "scan-none.toml", OUT / "scan-image.toml"
    plain.write_text(base)
    scanned.write_text(
        base + f'[image]\nfile = "{image.name}"\norigin = [{ORIGIN[0]}, {ORIGIN[1]}]\n'
        f"hex_width = {HEX_W}\nhex_height = {HEX_H}\n"
    )
    return plain, scanned


def measure(map_path: str) -> dict[str, float]:
    """Open the map in the window and time it; run in a process of its own."""
    from PySide6.QtCore import QSettings
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtWidgets import QApplication

    from hexcombat.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    settings = QSettings(str(OUT / "map-image-settings.ini"), QSettings.Format.IniFormat)
    settings.clear()
    start = time.perf_counter()
    window = MainWindow(settings)
    window.resize(1400, 900)
    window.show()
    if not window.open_file(map_path):
        raise SystemExit(f"could not open {map_path}")
    app.processEvents()
    opened = time.perf_counter() - start
    view = window.view
    target = QImage(view.viewport().size(), QImage.Format.Format_ARGB32_Premultiplied)
    item = window.scene.map_image

    def frame() -> float:
        painter = QPainter(target)
        t0 = time.perf_counter()
        view.render(painter)
        painter.end()
        return time.perf_counter() - t0

    def settle() -> tuple[list[float], float]:
        """Frames drawn while the tiles are read, and the time until none is missing."""
        frames, t0 = [frame()], time.perf_counter()
        while item is not None and (
            item.overview.isNull() or item.pending or item.wanted - set(item.tiles)
        ):
            app.processEvents()
            frames.append(frame())
            if time.perf_counter() - t0 > 60:
                break
        return frames, time.perf_counter() - t0

    figures: dict[str, float] = {"open": opened}
    for name, scale in (("out", None), ("in", 1.0)):
        if scale is None:
            view.fit_map()
        else:
            layout = window.scene.layout
            view.set_scale(scale * 2 * layout.size / HEX_W)  # one image pixel per screen pixel
            view.centerOn(window.scene.sceneRect().bottomRight())
        app.processEvents()
        cold, sharp = settle()
        warm = [frame() for _ in range(FRAMES)]
        figures[f"{name} cold median"] = statistics.median(cold)
        figures[f"{name} cold worst"] = max(cold)
        figures[f"{name} sharp after"] = sharp
        figures[f"{name} warm median"] = statistics.median(warm)
    figures["peak MB"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return figures


def make_formats(jpeg: Path) -> dict[str, Path]:
    """The same scan as a PNG and as a progressive JPEG (made once, in a process of its own):
    the two a first open must convert; and the baseline JPEG itself, read in tiles as it is."""
    made = {"PNG": OUT / f"scan-{WIDTH}x{HEIGHT}.png", "progressive JPEG": OUT / "scan-prog.jpg"}
    if not all(p.is_file() for p in made.values()):
        code = (
            "from PySide6.QtGui import QImage, QImageReader, QImageWriter\n"
            "QImageReader.setAllocationLimit(2048)\n"
            f"image = QImage({str(jpeg)!r})\n"
            f"image.save({str(made['PNG'])!r}, 'PNG')\n"
            f"writer = QImageWriter({str(made['progressive JPEG'])!r}, b'jpeg')\n"
            "writer.setProgressiveScanWrite(True)\nwriter.setQuality(85)\n"
            "assert writer.write(image)\n"
        )
        subprocess.run([sys.executable, "-c", code], check=True)
    return {"baseline JPEG": jpeg, **made}


def measure_first_open(map_path: str) -> dict[str, float]:
    """Open a map over a picture (the cache folder as the caller left it: empty for a first
    open, holding the copy for a later one): the time until the window shows an overview
    (the part read so far, for a PNG), until the overview is whole, until the copy tiles are
    read from is made, and until the view zoomed in at the far corner is sharp; the peak
    memory of the window's process and of any process it started (a converter)."""
    from PySide6.QtCore import QSettings
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtWidgets import QApplication

    from hexcombat.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    settings = QSettings(str(OUT / "map-image-settings.ini"), QSettings.Format.IniFormat)
    settings.clear()
    start = time.perf_counter()
    window = MainWindow(settings)
    window.resize(1400, 900)
    window.show()
    if not window.open_file(map_path):
        raise SystemExit(f"could not open {map_path}")
    app.processEvents()
    opened = time.perf_counter() - start
    item = window.scene.map_image
    first = whole = None
    key = None
    while item is not None and item.source is None and time.perf_counter() - start < 120:
        app.processEvents()  # until the copy tiles are read from is made (the converter ends)
        if not item.overview.isNull() and item.overview.cacheKey() != key:
            key, whole = item.overview.cacheKey(), time.perf_counter() - start
            first = first or whole
        time.sleep(0.005)
    copied = time.perf_counter() - start
    while item is not None and item.overview.isNull() and time.perf_counter() - start < 120:
        app.processEvents()  # a later open: the overview the copy keeps
        time.sleep(0.005)
    if first is None:
        first = whole = time.perf_counter() - start
    view = window.view
    view.set_scale(2 * window.scene.layout.size / HEX_W)  # one image pixel per screen pixel
    view.centerOn(window.scene.sceneRect().bottomRight())
    target = QImage(view.viewport().size(), QImage.Format.Format_ARGB32_Premultiplied)
    while time.perf_counter() - start < 120:
        painter = QPainter(target)
        view.render(painter)
        painter.end()
        if not (item.pending or item.wanted - set(item.tiles)):
            break
        app.processEvents()
        time.sleep(0.005)
    return {
        "open": opened,
        "overview after": first,
        "overview whole after": whole,
        "copy after": copied,
        "tiles after": time.perf_counter() - start,
        "peak MB": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "converter peak MB": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024,
    }


def first_opens(scanned: Path) -> None:
    """The first open of the scan in each format, with an empty cache folder (cold), then a
    second open with the copy the first one made (warm)."""
    import tempfile

    jpeg = OUT / f"scan-{WIDTH}x{HEIGHT}.jpg"
    print(f"\nfirst (cold: nothing cached) and later (warm) opens of the {WIDTH:,} x {HEIGHT:,}")
    print(
        f"{'format':<26}{'open':>9}{'overview':>10}{'whole':>8}{'copy':>8}{'tiles':>8}"
        f"{'window':>10}{'converter':>11}"
    )
    for label, picture in make_formats(jpeg).items():
        text = scanned.read_text().replace(jpeg.name, picture.name)
        path = OUT / f"scan-first-{picture.stem}.toml"
        path.write_text(text)
        with tempfile.TemporaryDirectory() as cache:
            env = {**os.environ, "XDG_CACHE_HOME": cache}
            for when in ("cold", "warm"):
                done = subprocess.run(
                    [sys.executable, __file__, "--first-open", str(path)],
                    capture_output=True, text=True, check=True, env=env,
                )  # fmt: skip
                f = json.loads(done.stdout.strip().splitlines()[-1])
                converter = f["converter peak MB"]
                print(
                    f"{label + ', ' + when:<26}{f['open'] * 1000:6.0f} ms"
                    f"{f['overview after']:8.1f} s{f['overview whole after']:6.1f} s"
                    f"{f['copy after']:6.1f} s{f['tiles after']:6.1f} s{f['peak MB']:7.0f} MB"
                    + (f"{converter:8.0f} MB" if converter else f"{'-':>11}")
                )
    print(
        "overview: the first shown (a PNG's part read so far); whole: all of it; copy: the "
        "strips tiles are read from made; tiles: the view at the far corner, one image pixel "
        "a screen pixel, sharp. Targets: overview < 2 s, window and converter < 300 MB."
    )


def main() -> int:
    if len(sys.argv) == 3 and sys.argv[1] == "--measure":
        print(json.dumps(measure(sys.argv[2])))
        return 0
    if len(sys.argv) == 3 and sys.argv[1] == "--first-open":
        print(json.dumps(measure_first_open(sys.argv[2])))
        return 0
    if len(sys.argv) == 2 and sys.argv[1] == "--first-open":
        first_opens(make_maps()[1])
        return 0
    plain, scanned = make_maps()
    results = {}
    for label, path in (("without image", plain), ("with image", scanned)):
        done = subprocess.run(
            [sys.executable, __file__, "--measure", str(path)],
            capture_output=True,
            text=True,
            check=True,
        )
        results[label] = json.loads(done.stdout.strip().splitlines()[-1])
    print(f"map: {COLUMNS} x {ROWS} = {COLUMNS * ROWS:,} hexes; image {WIDTH:,} x {HEIGHT:,} JPEG")
    print(f"{'figure':<32}{'without image':>16}{'with image':>16}  target")
    targets = {"cold worst": "< 33 ms", "median": "< 16 ms", "peak MB": "< 300 MB"}
    for key in results["with image"]:
        cells = []
        for label in results:
            value = results[label][key]
            cells.append(f"{value:13.0f} MB" if key == "peak MB" else f"{value * 1000:13.1f} ms")
        target = next((t for k, t in targets.items() if k in key and "sharp" not in key), "")
        print(f"{key:<32}{cells[0]:>16}{cells[1]:>16}  {target}")
    first_opens(scanned)
    return 0


if __name__ == "__main__":
    sys.exit(main())
