"""Build hexcombat for players who do not use Python: a one-folder application and its archive.

    python3 installer/build.py          # or: make installer

writes ``dist/hexcombat/`` (the program ``hexcombat``, or ``hexcombat.exe``, with everything it
needs inside) and ``dist/hexcombat-<version>-<os>-<machine>.tar.gz`` (``.zip`` on Windows and
macOS, where it holds ``hexcombat.app`` on macOS), and prints their sizes.

It builds with the Python of the project's virtual environment (``.venv``, created with the
Python running this script when it is missing), installing hexcombat and PyInstaller (the
``installer`` extra in ``pyproject.toml``) into it when they are not there yet. PyInstaller builds
for the platform it runs on: run this on Windows or macOS to build for them.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import subprocess
import sys
import tarfile
import time
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "installer" / "hexcombat.spec"
NAME = "hexcombat"


def version() -> str:
    """hexcombat's version, read from the package without importing it."""
    text = (ROOT / "desktop" / "hexcombat" / "__init__.py").read_text(encoding="utf-8")
    found = re.search(r'^__version__ = "([^"]+)"', text, re.MULTILINE)
    if found is None:
        raise SystemExit("build.py: no __version__ in desktop/hexcombat/__init__.py")
    return found.group(1)


def platform_tag() -> str:
    """``linux-x86_64``, ``windows-x86_64``, ``macos-arm64``, ..."""
    system = {"darwin": "macos", "win32": "windows"}.get(sys.platform, sys.platform)
    machine = platform.machine().lower()
    machine = {"amd64": "x86_64", "aarch64": "arm64"}.get(machine, machine)
    return f"{system}-{machine}"


def archive_path(dist: Path) -> Path:
    """Where the archive of the build lands."""
    suffix = ".tar.gz" if sys.platform.startswith("linux") else ".zip"
    return dist / f"{NAME}-{version()}-{platform_tag()}{suffix}"


DEBIAN_PACKAGES = {
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libwayland-cursor.so.0": "libwayland-cursor0",
    "libwayland-egl.so.1": "libwayland-egl1",
}
"""Libraries Qt's platform plugins link that a build machine often lacks, and the Debian package
that has each: install them before building so that the bundle carries them."""


class BuildError(Exception):
    """A build step failed; the message says which, in one line."""


def step(command: list[str], what: str, **kwargs: object) -> None:
    """Run one build step; a failure becomes a :class:`BuildError` naming the step (the tool's own
    output has already gone to the terminal)."""
    try:
        subprocess.run(command, check=True, **kwargs)  # type: ignore[call-overload]
    except FileNotFoundError as missing:
        raise BuildError(f"{what}: {missing.filename} was not found") from missing
    except subprocess.CalledProcessError as failed:
        raise BuildError(f"{what} failed (exit status {failed.returncode})") from failed


def unresolved_libraries(bundle: Path) -> dict[str, list[str]]:
    """For each Qt plugin in a Linux bundle, the shared libraries it links that neither the bundle
    nor this machine has (``ldd`` says "not found"). PyInstaller bundles what the build machine
    has; a library missing here is missing in the player's download too, and Qt then aborts
    when it loads that plugin (the xcb platform plugin on an X11 desktop)."""
    internal = bundle / "_internal"
    qt_lib = internal / "PySide6" / "Qt" / "lib"
    env = dict(os.environ, LD_LIBRARY_PATH=f"{internal}{os.pathsep}{qt_lib}")
    missing: dict[str, list[str]] = {}
    for plugin in sorted((internal / "PySide6" / "Qt" / "plugins").rglob("*.so")):
        done = subprocess.run(
            ["ldd", str(plugin)], capture_output=True, text=True, env=env, check=False
        )
        lost = sorted({line.split()[0] for line in done.stdout.splitlines() if "not found" in line})
        if lost:
            missing[str(plugin.relative_to(bundle))] = lost
    return missing


def missing_libraries_message(missing: dict[str, list[str]]) -> str:
    """What to tell whoever builds: which plugin lacks which library, and what to install."""
    libraries = sorted({lib for libs in missing.values() for lib in libs})
    lines = [f"  {plugin}: {', '.join(libs)}" for plugin, libs in missing.items()]
    packages = sorted({DEBIAN_PACKAGES.get(lib, "?") for lib in libraries} - {"?"})
    hint = "install them"
    if packages:
        hint += f" (Debian: apt-get install {' '.join(packages)})"
    return (
        f"build.py: the bundle's Qt plugins link libraries this machine does not have, so the "
        f"download would lack them too ({', '.join(libraries)}); {hint} and build again:\n"
        + "\n".join(lines)
    )


def venv_python(venv: Path) -> Path:
    return venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_tools(python: Path) -> None:
    """Make hexcombat and PyInstaller importable by ``python``, installing what is missing."""
    if not python.is_file():
        raise BuildError(f"there is no Python at {python}")

    def imports(modules: str) -> bool:
        check = [str(python), "-c", f"import {modules}"]
        return subprocess.run(check, capture_output=True, check=False, cwd=ROOT).returncode == 0

    if imports("hexcombat, PyInstaller"):
        return
    pip = [str(python), "-m", "pip", "install", "--quiet"]
    if imports("hexcombat"):
        extra = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
        requirements = extra["project"]["optional-dependencies"]["installer"]
        print(f"build.py: installing {', '.join(requirements)} into {python}", flush=True)
        step([*pip, *requirements], "installing PyInstaller")
    else:
        print(f"build.py: installing hexcombat with the installer extra into {python}", flush=True)
        step([*pip, "-e", f"{ROOT}[installer]"], "installing hexcombat")


def size_of(path: Path) -> int:
    """Bytes in a file, or in every file under a folder (symbolic links not followed)."""
    if path.is_file():
        return path.stat().st_size
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() or p.is_symlink())


def megabytes(n: int) -> str:
    return f"{n / 1_000_000:.0f} MB"


def make_archive(dist: Path) -> Path:
    """Pack the build: a .tar.gz of ``hexcombat/`` on Linux (symbolic links and modes kept), a
    .zip of ``hexcombat.app`` and ``README.txt`` on macOS and of ``hexcombat/`` on Windows."""
    target = archive_path(dist)
    target.unlink(missing_ok=True)
    if sys.platform.startswith("linux"):
        with tarfile.open(target, "w:gz", compresslevel=6) as tar:
            tar.add(dist / NAME, arcname=NAME)
    elif sys.platform == "darwin":
        app = dist / f"{NAME}.app"
        step(["ditto", "-c", "-k", "--keepParent", str(app), str(target)], "packing the archive")
        # the spec writes README.txt beside the program folder, which the .app does not contain
        with zipfile.ZipFile(target, "a", zipfile.ZIP_DEFLATED) as zf:
            zf.write(dist / NAME / "README.txt", "README.txt")
    else:
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
            for path in sorted((dist / NAME).rglob("*")):
                zf.write(path, path.relative_to(dist))
    return target


def build(python: Path, dist: Path, work: Path, archive: bool = True) -> int:
    """Run PyInstaller on the spec, check the bundle, then pack the archive; print where
    everything landed."""
    started = time.monotonic()
    ensure_tools(python)
    dist.mkdir(parents=True, exist_ok=True)
    command = [
        str(python),
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--clean",
        "--log-level",
        "WARN",
        "--distpath",
        str(dist),
        "--workpath",
        str(work),
        str(SPEC),
    ]
    print(f"build.py: {' '.join(command)}", flush=True)
    step(command, "PyInstaller", cwd=ROOT)
    bundle = dist / NAME
    program = bundle / (f"{NAME}.exe" if os.name == "nt" else NAME)
    if not program.is_file():
        raise BuildError(f"PyInstaller wrote no program at {program}")
    if sys.platform.startswith("linux") and shutil.which("ldd"):
        missing = unresolved_libraries(bundle)
        if missing:
            print(missing_libraries_message(missing), file=sys.stderr)
            return 1
    print(f"build.py: built {bundle} ({megabytes(size_of(bundle))}); run {program}")
    if archive:
        packed = make_archive(dist)
        print(f"build.py: packed {packed} ({megabytes(size_of(packed))})")
    print(f"build.py: done in {time.monotonic() - started:.0f} s")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--python",
        type=Path,
        help="the Python to build with (default: .venv's, created when missing)",
    )
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="default: dist/")
    parser.add_argument(
        "--work", type=Path, default=ROOT / "build" / "pyinstaller", help="default: build/"
    )
    parser.add_argument("--no-archive", action="store_true", help="leave out the archive")
    args = parser.parse_args(argv)
    python = args.python
    try:
        if python is None:
            venv = ROOT / ".venv"
            python = venv_python(venv)
            if not python.exists():
                print(f"build.py: creating {venv}", flush=True)
                step([sys.executable, "-m", "venv", str(venv)], "creating the virtual environment")
        return build(python, args.dist.resolve(), args.work.resolve(), archive=not args.no_archive)
    except BuildError as failed:
        print(f"build.py: {failed}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
