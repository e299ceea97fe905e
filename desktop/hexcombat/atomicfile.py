"""Writing a file atomically: a temporary file in the same folder, flushed to disk, then renamed
over the old file, so a crash never leaves half a file. Saved games and map files use it.

A killed write leaves its temporary file behind; :func:`remove_stale_temporaries` deletes such
files before the next write (and when a file is opened), never one a write in progress holds.
"""

from __future__ import annotations

import errno
import os
import re
import secrets
import stat
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]


def write_atomically(path: str | Path, text: str) -> None:
    """Write ``text`` to ``path`` atomically: a temporary file beside it, flushed to disk,
    renamed over the old file, then the folder flushed so a power cut cannot lose the rename.
    The file keeps the old file's permissions (a new one gets the umask's, as any file does)."""
    path = Path(path)
    remove_stale_temporaries(path)
    mode = _kept_mode(path)
    fd, tmp = _new_temporary(path)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            _hold(out.fileno())
            if mode is not None:
                _set_mode(out.fileno(), tmp, mode)
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
            if fcntl is not None:  # renamed while locked: no other write's clean-up takes it
                os.replace(tmp, path)
        if fcntl is None:  # Windows renames only a closed file
            os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)


_TEMPORARY_TAIL = re.compile(r"\.[a-z0-9_]{8}\.tmp")
"""What follows ``.<save's name>`` in the name of a save's temporary file: eight letters, digits
or underscores (the random part), then ``.tmp``."""


def _is_temporary_of(name: str, path: Path) -> bool:
    """Whether ``name`` is hexcombat's name for a temporary file of the save ``path``."""
    head = f".{path.name}"
    return name.startswith(head) and _TEMPORARY_TAIL.fullmatch(name[len(head) :]) is not None


def _new_temporary(path: Path) -> tuple[int, str]:
    """A new, empty temporary file for ``path``, in its folder (so the rename is atomic), with
    the permissions the umask gives a new file."""
    for _ in range(100):
        tmp = path.parent / f".{path.name}.{secrets.token_hex(4)}.tmp"
        try:
            return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), str(tmp)
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary name beside {path}")


def _kept_mode(path: Path) -> int | None:
    """The permissions of the save being replaced, or None for a new file."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except OSError:
        return None


def _set_mode(fd: int, name: str, mode: int) -> None:
    if hasattr(os, "fchmod"):
        os.fchmod(fd, mode)
    else:  # Windows before Python 3.13: only the read-only flag means anything there
        os.chmod(name, mode)


def _hold(fd: int) -> None:
    """Lock a temporary file while the save writes it: a save in progress (in another window)
    holds its lock, a killed one's lock went with its process (:func:`remove_stale_temporaries`).
    Windows needs no lock: an open file cannot be deleted there."""
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_EX)


def remove_stale_temporaries(path: str | Path) -> None:
    """Delete the temporary files a killed save of ``path`` left beside it: only regular files
    with hexcombat's temporary name for that save, and only when no save is writing them."""
    path = Path(path)
    try:
        names = [e.name for e in os.scandir(path.parent) if _is_temporary_of(e.name, path)]
    except OSError:
        return
    for name in names:
        _remove_if_stale(path.parent / name)


def _remove_if_stale(tmp: Path) -> None:
    try:
        if not stat.S_ISREG(os.lstat(tmp).st_mode):  # a link or a folder: not a file we wrote
            return
        fd = os.open(tmp, os.O_RDONLY | _NO_FOLLOW | getattr(os, "O_NONBLOCK", 0))
    except OSError:  # gone, or not ours to open
        return
    try:
        if fcntl is None:
            os.close(fd)  # Windows deletes no file open anywhere: a save writing it keeps it
            tmp.unlink()
            return
        try:
            if stat.S_ISREG(os.fstat(fd).st_mode):
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # fails while a save writes it
                tmp.unlink()
        finally:
            os.close(fd)
    except OSError:
        return


_NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)


def _sync_folder(folder: Path) -> None:
    """Flush the folder's entry for a renamed save to disk (POSIX; Windows syncs renames)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:  # a folder the player may write but not read (-wx): the save is in place
        return
    try:
        os.fsync(fd)
    except OSError as exc:  # a file system that cannot sync folders keeps the save as it is
        if exc.errno not in (errno.EINVAL, errno.ENOTSUP):
            raise
    finally:
        os.close(fd)
