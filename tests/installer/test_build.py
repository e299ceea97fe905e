"""The download a player without Python gets: ``installer/build.py`` builds hexcombat with
PyInstaller into one folder and an archive; the built program runs on its own, finds every map,
counter set, chart and tutorial inside it, and its smoke mode evaluates the 14D2d tutorial to the
rules text's +1. (Linux: the platform CI builds on.)"""

from __future__ import annotations

import configparser
import os
import re
import shutil
import stat
import subprocess
import tarfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from installer_helpers import (
    INSTALLER,
    PACKAGE,
    REPO,
    SMOKE_DRM_LINE,
    TUTORIAL,
    Build,
    clean_env,
    icon_files,
    load_script,
    run,
    shipped_data,
    smoke_tutorials_line,
)
from PySide6.QtGui import QImage

from hexcombat import __version__
from meaning import says, says_in

build_script = load_script("build.py")

# The PyInstaller build: packaging tests (left out of make test-fast). make test runs each file's
# tests in one process (pytest-xdist's --dist loadfile), so the build is made once.
pytestmark = pytest.mark.packaging

SIZE_BUDGET_MB = 260
"""The folder measures about 200 MB (Qt, Python, numpy under shapely); more means something
unneeded crept in."""


def bundled(build: Build) -> dict[str, list[Path]]:
    """Where each shipped data file must be in the frozen build."""
    data = shipped_data()
    return {
        "maps": [build.internal / p.relative_to(REPO) for p in data["maps"]],
        "counters": [build.internal / p.relative_to(REPO) for p in data["counters"]],
        "rulesets": [build.internal / p.relative_to(REPO) for p in data["rulesets"]],
        "charts": [build.internal / p.relative_to(PACKAGE.parent) for p in data["charts"]],
    }


def test_the_build_lands_in_one_folder_and_an_archive(frozen: Build) -> None:
    assert frozen.program.is_file() and os.access(frozen.program, os.X_OK)
    archive = frozen.dist / f"hexcombat-{__version__}-{build_script.platform_tag()}.tar.gz"
    assert archive == build_script.archive_path(frozen.dist)
    assert re.fullmatch(rf"hexcombat-{re.escape(__version__)}-linux-\w+\.tar\.gz", archive.name)
    with tarfile.open(archive) as tar:
        members = {m.name: m for m in tar.getmembers()}
    program = members["hexcombat/hexcombat"]
    assert program.isfile() and program.mode & stat.S_IXUSR
    assert f"hexcombat/_internal/maps/{TUTORIAL}" in members
    assert members["hexcombat/install-desktop-entry.sh"].mode & stat.S_IXUSR
    assert "hexcombat/README.txt" in members and "hexcombat/hexcombat.desktop" in members
    assert len(members) > 100  # Python, Qt and the data: not just a launcher
    megabytes = build_script.size_of(frozen.bundle) / 1_000_000
    assert 20 < megabytes < SIZE_BUDGET_MB, f"the bundle measures {megabytes:.0f} MB"
    assert f"built {frozen.bundle} (" in frozen.output
    assert re.search(rf"packed {re.escape(str(archive))} \(\d+ MB\)", frozen.output)


def test_the_built_program_prints_its_version(frozen: Build, tmp_path: Path) -> None:
    done = run([frozen.program, "--version"], env=clean_env(tmp_path), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"hexcombat {__version__}"


def test_the_smoke_mode_opens_the_tutorial_offscreen_and_prints_plus_one(
    frozen: Build, tmp_path: Path
) -> None:
    # No QT_QPA_PLATFORM and no display: --smoke chooses offscreen itself.
    env = clean_env(tmp_path)
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    done = run([frozen.program, "--smoke"], env=env, cwd=tmp_path, timeout=120)
    assert done.returncode == 0, f"{done.stdout}\n{done.stderr}"
    lines = done.stdout.splitlines()
    assert SMOKE_DRM_LINE in lines
    assert smoke_tutorials_line() in lines  # every tutorial opens in the built program
    expected = sum(len(files) for files in bundled(frozen).values()) - 1  # maps/README.md
    assert f"hexcombat smoke: {expected} data files (" in lines[0]
    assert f"under {frozen.internal}" in lines[0]
    assert "attack 0504 at 3:1" in done.stdout
    # Preferences went to a temporary folder, not the player's configuration.
    assert list((tmp_path / "config").iterdir()) == []


def test_the_smoke_mode_can_also_be_asked_for_offscreen(frozen: Build, tmp_path: Path) -> None:
    env = clean_env(tmp_path, QT_QPA_PLATFORM="offscreen")
    done = run([frozen.program, "--smoke"], env=env, cwd=tmp_path, timeout=120)
    assert done.returncode == 0, done.stderr
    assert SMOKE_DRM_LINE in done.stdout.splitlines()


@contextmanager
def virtual_display(tmp: Path) -> Iterator[str]:
    """An X server of its own (Xvfb) for the test, as ``:N``; a player's desktop stands in."""
    xvfb = shutil.which("Xvfb")
    assert xvfb, "Xvfb is not installed: tools/system-packages.sh installs it (make test runs it)"
    read, write = os.pipe()
    server = subprocess.Popen(
        [xvfb, "-displayfd", str(write), "-nolisten", "tcp", "-screen", "0", "1400x900x24"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=(tmp / "xvfb.log").open("w"),
    )
    os.close(write)
    try:
        with os.fdopen(read) as answer:
            number = answer.readline().strip()
        assert number.isdigit(), f"Xvfb did not start: {(tmp / 'xvfb.log').read_text()}"
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_the_built_program_opens_on_an_x11_desktop(frozen: Build, tmp_path: Path) -> None:
    # The xcb platform plugin needs libraries (libxcb-icccm, libxcb-keysyms, ...) that Qt's wheel
    # leaves to the system; without them in the bundle, Qt aborts on a player's X11 desktop.
    with virtual_display(tmp_path) as display:
        env = clean_env(tmp_path, QT_QPA_PLATFORM="xcb", DISPLAY=display)
        done = run([frozen.program, "--smoke"], env=env, cwd=tmp_path, timeout=120)
    assert done.returncode == 0, f"{done.stdout}\n{done.stderr}"
    assert SMOKE_DRM_LINE in done.stdout.splitlines()


def test_the_built_program_with_no_display_says_so(frozen: Build, tmp_path: Path) -> None:
    # Qt itself would abort (status 134) advising a reinstall, from a menu entry silently
    env = clean_env(tmp_path)
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        env.pop(name, None)
    done = run([frozen.program], env=env, cwd=tmp_path, timeout=60)
    assert done.returncode == 1, f"{done.stdout}\n{done.stderr}"
    assert done.stderr.startswith("hexcombat: ")
    assert says_in(done.stderr, names=["no display", "window"])


def test_every_qt_plugin_finds_the_libraries_it_links(frozen: Build) -> None:
    assert build_script.unresolved_libraries(frozen.bundle) == {}
    for library in ("libxcb-icccm.so.4", "libxcb-keysyms.so.1", "libxcb-cursor.so.0"):
        assert (frozen.internal / library).is_file(), f"{library} is not in the bundle"


def test_a_missing_library_is_named_with_the_package_to_install() -> None:
    plugin = "_internal/PySide6/Qt/plugins/platforms/libqxcb.so"
    message = build_script.missing_libraries_message(
        {plugin: ["libxcb-icccm.so.4", "libxcb-keysyms.so.1"]}
    )
    said, where = message.splitlines()
    assert said.startswith("build.py: ")
    assert says_in(
        said,
        names=[
            "libxcb-icccm.so.4",
            "libxcb-keysyms.so.1",
            "apt-get install libxcb-icccm4 libxcb-keysyms1",
        ],
    )
    assert says(where.strip(), names=[plugin, "libxcb-icccm.so.4", "libxcb-keysyms.so.1"])


def test_a_failed_build_says_why_in_one_line(tmp_path: Path) -> None:
    missing = tmp_path / "no-python"
    done = run(
        [build_script.sys.executable, INSTALLER / "build.py", "--python", missing,
         "--dist", tmp_path / "dist", "--work", tmp_path / "work"]
    )  # fmt: skip
    assert done.returncode == 1
    assert done.stderr.startswith("build.py: ") and done.stderr.count("\n") == 1
    assert says_in(done.stderr, names=["no Python", str(missing)])
    assert not (tmp_path / "dist").exists()


def test_every_map_counter_set_and_chart_is_in_the_bundle(frozen: Build) -> None:
    data = shipped_data()
    assert data["maps"] and data["counters"] and data["rulesets"] and data["charts"]
    for kind, sources in data.items():
        for source, copy in zip(sources, bundled(frozen)[kind], strict=True):
            assert copy.is_file(), f"{kind}: {copy} is missing"
            assert copy.read_bytes() == source.read_bytes(), f"{copy} differs from {source}"
    for icon in icon_files():
        assert (frozen.internal / "icons" / icon.name).read_bytes() == icon.read_bytes()


def test_the_built_program_explains_and_checks_its_own_data(frozen: Build, tmp_path: Path) -> None:
    env = clean_env(tmp_path)
    tutorial = frozen.internal / "maps" / TUTORIAL
    done = run([frozen.program, "explain", tutorial], env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Final DRM: +1" in done.stdout
    files = [p for kind in bundled(frozen).values() for p in kind if p.suffix == ".toml"]
    done = run([frozen.program, "check", *files], env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip() == f"{len(files)} file(s) checked, no problems"


def test_unused_qt_is_left_out(frozen: Build) -> None:
    qt = frozen.internal / "PySide6"
    modules = {p.name.split(".")[0] for p in qt.glob("Qt*.so")}
    assert modules == {"QtCore", "QtGui", "QtWidgets", "QtPrintSupport"}  # printing reports
    plugins = {p.parent.name for p in (qt / "Qt" / "plugins").rglob("*.so")}
    image_formats = {p.name for p in (qt / "Qt" / "plugins" / "imageformats").glob("*.so")}
    assert "platforms" in plugins and image_formats == {"libqjpeg.so"}  # scanned maps: JPEG
    assert not list(qt.rglob("translations/*.qm"))
    assert not list(frozen.internal.rglob("libQt6Pdf*")) and not list(qt.rglob("libqgtk3*"))
    for unneeded in ("pytest", "hypothesis", "tkinter", "importlinter"):
        assert not (frozen.internal / unneeded).exists()


def test_the_desktop_entry_installs_for_the_user(frozen: Build, tmp_path: Path) -> None:
    env = clean_env(tmp_path)
    done = run(["sh", frozen.bundle / "install-desktop-entry.sh"], env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    data = tmp_path / "data"
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]
    entry.read(data / "applications" / "hexcombat.desktop", encoding="utf-8")
    desktop = entry["Desktop Entry"]
    assert desktop["Type"] == "Application" and desktop["Name"] == "hexcombat"
    assert desktop["Exec"] == f'"{frozen.program}" %f'
    assert desktop["Icon"] == "hexcombat" and desktop["Terminal"] == "false"
    assert "Game" in desktop["Categories"].split(";") and desktop["Categories"].endswith(";")
    for size in (16, 32, 48, 64, 128, 256):
        image = QImage(str(data / f"icons/hicolor/{size}x{size}/apps/hexcombat.png"))
        assert (image.width(), image.height()) == (size, size)
    assert (data / "icons/hicolor/scalable/apps/hexcombat.svg").is_file()
    # and --remove takes it out of the menu again, leaving nothing of hexcombat behind
    remove = ["sh", frozen.bundle / "install-desktop-entry.sh", "--remove"]
    done = run(remove, env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert [p for p in data.rglob("*hexcombat*")] == []


def test_the_licences_ship_with_the_program(frozen: Build) -> None:
    licences = frozen.internal / "licenses"
    assert (licences / "hexcombat" / "LICENSE").read_text().startswith("MIT License")
    assert (licences / "python" / "LICENSE.txt").is_file()
    for package in ("networkx", "shapely", "numpy"):
        assert list((licences / package).rglob("LICENSE*")), package
    third_party = (frozen.internal / "THIRD-PARTY.txt").read_text()
    for name in ("Python", "Qt 6", "PySide6", "networkx", "shapely", "GEOS", "numpy"):
        assert name in third_party
