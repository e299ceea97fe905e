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


def venv_python(venv: Path) -> Path:
    return venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_tools(python: Path) -> None:
    """Make hexcombat and PyInstaller importable by ``python``, installing what is missing."""

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
        subprocess.run([*pip, *requirements], check=True)
    else:
        print(f"build.py: installing hexcombat with the installer extra into {python}", flush=True)
        subprocess.run([*pip, "-e", f"{ROOT}[installer]"], check=True)


def size_of(path: Path) -> int:
    """Bytes in a file, or in every file under a folder (symbolic links not followed)."""
    if path.is_file():
        return path.stat().st_size
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() or p.is_symlink())


def megabytes(n: int) -> str:
    return f"{n / 1_000_000:.0f} MB"


def make_archive(dist: Path) -> Path:
    """Pack the build: a .tar.gz of ``hexcombat/`` on Linux (symbolic links and modes kept), a
    .zip of ``hexcombat.app`` on macOS and of ``hexcombat/`` on Windows."""
    target = archive_path(dist)
    target.unlink(missing_ok=True)
    if sys.platform.startswith("linux"):
        with tarfile.open(target, "w:gz", compresslevel=6) as tar:
            tar.add(dist / NAME, arcname=NAME)
    elif sys.platform == "darwin":
        app = dist / f"{NAME}.app"
        subprocess.run(["ditto", "-c", "-k", "--keepParent", str(app), str(target)], check=True)
    else:
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
            for path in sorted((dist / NAME).rglob("*")):
                zf.write(path, path.relative_to(dist))
    return target


def build(python: Path, dist: Path, work: Path, archive: bool = True) -> int:
    """Run PyInstaller on the spec, then pack the archive; print where everything landed."""
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
    subprocess.run(command, check=True, cwd=ROOT)
    bundle = dist / NAME
    program = bundle / (f"{NAME}.exe" if os.name == "nt" else NAME)
    if not program.is_file():
        raise SystemExit(f"build.py: PyInstaller wrote no program at {program}")
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
    if python is None:
        venv = ROOT / ".venv"
        python = venv_python(venv)
        if not python.exists():
            print(f"build.py: creating {venv}", flush=True)
            subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    return build(python, args.dist.resolve(), args.work.resolve(), archive=not args.no_archive)


if __name__ == "__main__":
    sys.exit(main())
