"""Reading authored TOML files with the line of every key, so problems read ``file:line: message``.

``tomllib`` parses but forgets where things were. :class:`TomlSource` keeps the text beside the
data and maps a key path such as ``("attacker", 1, "counter")`` or ``("terrain", "rows", 3)`` to
the line it was written on. Every layer (board, rules, game) reports bad input through
:class:`Problem` and :class:`SourceError`, so the CLI and the desktop show them the same way.
"""

from __future__ import annotations

import os
import re
import sys
import tomllib
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

KeyPath = tuple[str | int, ...]

_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
_KEY_PART = r"""(?:"[^"]*"|'[^']*'|[A-Za-z0-9_\-]+)"""
_KEY = re.compile(rf"^\s*({_KEY_PART}(?:\s*\.\s*{_KEY_PART})*)\s*=\s*(.*)$")
"""A key line: a bare, quoted or dotted key (``layout.rows = 3``), then its value."""
_TOML_AT = re.compile(r"\(at line (\d+), column \d+\)")
_MAX_DIGITS = sys.get_int_max_str_digits()
_LONG_NUMBER = re.compile(rf"[0-9_]{{{_MAX_DIGITS},}}")
_DUPLICATE_ERRORS = ("Cannot overwrite a value", "Cannot declare")
"""How ``tomllib`` words a key or table written twice (it names neither the key nor the first
line, so :func:`_index` finds them)."""
MAX_FILE_MB = 2
"""The most a map, counter set, chart or scenario may hold: a 50,000-hex map is under 200 kB,
and a file of 100 MB took 43 s and 12 GB to refuse (it is read once for each of its checks)."""
_MAX_FILE_BYTES = MAX_FILE_MB * 1024 * 1024


def read_capped(path: Path, limit: int) -> bytes:
    """At most ``limit + 1`` bytes of the regular file ``path`` (one more than allowed, so the
    caller can tell a file that is too big). A named pipe, a device or a folder is refused with
    an :class:`OSError` before it is opened: a pipe would wait for a writer for ever, a device
    such as /dev/zero never ends."""
    if path.exists() and not path.is_file():  # a missing file is said by open(), as usual
        what = "a folder" if path.is_dir() else "a pipe or a device"
        raise OSError(f"{path} is {what}, not a file: hexcombat reads files only")
    with path.open("rb") as file:
        return file.read(limit + 1)


MAX_MESSAGE = 4000
"""The most characters of one problem's message: enough for any list of names it gives, while
a megabyte value echoed from a file is cut."""


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input file, located for a person to fix."""

    file: str
    """The file as the user named it."""
    line: int
    """1-based line number; 1 when the problem concerns the whole file."""
    message: str
    """What is wrong, in a player's words, citing the rule when a rule forbids it."""

    def __post_init__(self) -> None:
        # a value from the file echoed in the message (a name with a newline in it) must not
        # split it into lines that read like problems of their own
        object.__setattr__(self, "file", escaped(self.file))
        message = escaped(self.message)
        if len(message) > MAX_MESSAGE:  # a value echoed from the file may be a megabyte long
            cut = len(message) - MAX_MESSAGE
            message = f"{message[:MAX_MESSAGE]}... ({cut:,} characters more)"
        object.__setattr__(self, "message", message)

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}"


def said_once(problems: Iterable[Problem]) -> list[Problem]:
    """``problems`` in their order, each said once: one found many times (the same entry a
    hundred thousand times over) says how many times, so a refusal stays a few lines."""
    counts: dict[Problem, int] = {}
    for problem in problems:
        counts[problem] = counts.get(problem, 0) + 1
    return [
        p if n == 1 else Problem(p.file, p.line, f"{p.message} ({n:,} times)")
        for p, n in counts.items()
    ]


class SourceError(Exception):
    """A file could not be used; ``problems`` lists every reason found, not just the first
    (each once: :func:`said_once`)."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems: list[Problem] = said_once(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


def _too_big(path: Path) -> Problem:
    """The refusal of a map, counter set, chart or scenario over :data:`MAX_FILE_MB`."""
    message = (
        f"the file is over {MAX_FILE_MB} MB, far more than any map, counter set, chart "
        "or scenario needs: hexcombat does not read it"
    )
    return Problem(str(path), 1, message)


def escaped(text: str) -> str:
    """``text`` with every character that is not printable (a newline, a tab, U+2028 and the
    other line and paragraph separators, a terminal escape, a bidirectional override) written as
    its escape (``\\n``, ``\\u2028``), as :func:`repr` writes it: a value echoed in a message
    stays on the message's one line and shows what the file holds."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def quoted(text: str) -> str:
    """``text`` in double quotes as TOML writes it (``"a\\nb"``), for a message that shows a
    value as the file has it."""
    inner = text.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{escaped(inner)}"'


def is_file(path: Path) -> bool:
    """Whether ``path`` names a file, False when it cannot (a name too long for the system, a
    folder that cannot be read) rather than an ``OSError``: a file name from someone else's
    file may be anything."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def resolved(path: Path) -> Path:
    """``path`` made absolute, or as given when it cannot be (a NUL in the name, a link that
    points at itself): :func:`is_file` then says there is no such file, instead of a
    ``ValueError`` or ``RuntimeError`` for a name from someone else's file."""
    try:
        return path.resolve()
    except (OSError, ValueError, RuntimeError):
        return path


def _unquote(key: str) -> str:
    key = key.strip()
    if len(key) >= 2 and key[0] == key[-1] and key[0] in "\"'":
        return key[1:-1]
    return key


def _split_dotted(name: str) -> list[str]:
    return [_unquote(part) for part in re.findall(r'"[^"]*"|\'[^\']*\'|[^.]+', name)]


@dataclass
class TomlSource:
    """A parsed TOML file with the line of each table, key and array element."""

    path: Path
    data: dict[str, Any]
    lines: dict[KeyPath, int] = field(default_factory=dict)

    @property
    def name(self) -> str:
        """The file name as it should appear in messages."""
        return str(self.path)

    @classmethod
    def load(cls, path: str | Path) -> TomlSource:
        """Read and parse ``path``; a syntax error becomes a :class:`SourceError` with its line."""
        path = Path(path)
        try:
            # utf-8-sig: Notepad and other Windows editors start a UTF-8 file with a byte order
            # mark, which is not TOML; read it as the encoding marker it is.
            raw = read_capped(path, _MAX_FILE_BYTES)
            if len(raw) > _MAX_FILE_BYTES:  # bytes, before a letter cut at the mark is decoded
                raise SourceError([_too_big(path)])
            text = raw.decode("utf-8-sig")
        except (OSError, ValueError) as exc:  # UnicodeDecodeError; a NUL in the file's name
            raise SourceError([Problem(str(path), 1, f"cannot read the file: {exc}")]) from exc
        return cls.parse(text, path)

    @classmethod
    def parse(cls, text: str, path: str | Path = "<text>") -> TomlSource:
        """Parse TOML ``text`` that came from ``path``."""
        path = Path(path)
        if len(text) > _MAX_FILE_BYTES:  # a save's embedded table too (a character: 1+ bytes)
            raise SourceError([_too_big(path)])
        text = text.removeprefix("\ufeff")
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            duplicates = _index(text).duplicates
            if duplicates and str(exc).startswith(_DUPLICATE_ERRORS):
                problems = [Problem(str(path), line, message) for line, message in duplicates]
                raise SourceError(problems) from exc
            match = _TOML_AT.search(str(exc))
            line = int(match.group(1)) if match else 1
            message = _TOML_AT.sub("", str(exc)).strip()
            raise SourceError([Problem(str(path), line, f"not valid TOML: {message}")]) from exc
        except RecursionError as exc:  # tomllib reads nested arrays and tables by recursion
            line = _deepest_line(text)
            message = "arrays or inline tables nested too deeply to read"
            raise SourceError([Problem(str(path), line, f"not valid TOML: {message}")]) from exc
        except ValueError as exc:  # a whole number of more digits than Python converts
            line = _line_of_match(text, _LONG_NUMBER)
            message = f"a number too long to read (more than {_MAX_DIGITS} digits)"
            raise SourceError([Problem(str(path), line, f"not valid TOML: {message}")]) from exc
        return cls(path, data, _index(text).lines)

    def line_of(self, *keypath: str | int) -> int:
        """The line where ``keypath`` (or the nearest enclosing thing with a line) was written."""
        path: KeyPath = tuple(keypath)
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return 1

    def problem(self, keypath: Iterable[str | int], message: str) -> Problem:
        """A :class:`Problem` located at ``keypath``."""
        return Problem(self.name, self.line_of(*tuple(keypath)), message)


_SHARED_MAX = 64
"""How many parsed files :func:`load_shared` keeps (the shipped counter sets and tutorials are
about 35)."""
_shared: OrderedDict[str, tuple[tuple[int, int, int], TomlSource]] = OrderedDict()


def load_shared(path: str | Path) -> TomlSource:
    """``path`` parsed, shared read-only by every reader in this process: the files read again at
    each window and each game opened (the counter sets, the tutorials' titles) are parsed once,
    and again as soon as they change on disk (another size, time or file). A caller must not
    change the source's ``data``: it reads it, or loads its own copy with ``TomlSource.load``.
    A file that cannot be read raises its :class:`SourceError` each time, never kept."""
    path = Path(path)
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return TomlSource.load(path)  # the error, with the file named, as a load gives it
    stamp = (info.st_mtime_ns, info.st_size, info.st_ino)
    key = str(path)
    kept = _shared.get(key)
    if kept is not None and kept[0] == stamp:
        _shared.move_to_end(key)
        return kept[1]
    source = TomlSource.load(path)
    _shared[key] = (stamp, source)
    while len(_shared) > _SHARED_MAX:
        _shared.popitem(last=False)
    return source


@dataclass
class _Index:
    """What a light scan of the TOML text finds: the line of each key path, and every key or
    table written a second time (``(line, message)``), for the message ``tomllib`` cannot give."""

    lines: dict[KeyPath, int] = field(default_factory=dict)
    duplicates: list[tuple[int, str]] = field(default_factory=list)


def _where(table: KeyPath) -> str:
    """A table as a person reads it in the file: ``[layout]``, ``[[rivers]] number 2``."""
    if not table:
        return "at the top of the file"
    if isinstance(table[-1], int):
        names = ".".join(str(k) for k in table[:-1] if not isinstance(k, int))
        return f"in [[{names}]] number {table[-1] + 1}"
    return f"in [{'.'.join(str(k) for k in table if not isinstance(k, int))}]"


def _index(text: str) -> _Index:
    """Map key paths to 1-based line numbers by a light scan of the TOML text.

    Multi-line strings are blanked out first (:func:`_mask_strings`), so their contents can
    neither look like keys nor shift the count of array elements after them.
    """
    found = _Index()
    lines = found.lines
    assigned: dict[KeyPath, int] = {}
    declared: dict[KeyPath, int] = {}
    table: KeyPath = ()
    array_counts: dict[KeyPath, int] = {}
    open_array: KeyPath | None = None
    element = 0
    depth = 0
    # only "\n" ends a line in TOML: U+2028, form feeds and other characters str.splitlines
    # breaks at are text inside a string or comment, and would shift every line after them
    for number, raw in enumerate(_mask_strings(text).split("\n"), start=1):
        stripped = raw.strip()
        if open_array is not None:
            if stripped and not stripped.startswith("#"):
                for _ in re.finditer(
                    r'"[^"]*"|\'[^\']*\'|\{[^}]*\}|-?[0-9][0-9_.]*|true|false',
                    _strip_comment(stripped),
                ):
                    lines.setdefault(open_array + (element,), number)
                    element += 1
            depth += _brackets(stripped)
            if depth <= 0:
                open_array = None
            continue
        if not stripped or stripped.startswith("#"):
            continue
        header = _HEADER.match(raw)
        if header and not _KEY.match(raw):
            names = tuple(_split_dotted(header.group(2)))
            # A sub-table of an array of tables ([[rivers]] then [rivers.source]) belongs to
            # the array's latest element, as in the parsed data.
            path: KeyPath = ()
            for name in names[:-1]:
                path += (name,)
                if path in array_counts:
                    path += (array_counts[path] - 1,)
            path += (names[-1],)
            if header.group(1) == "[[":
                index = array_counts.get(path, 0)
                array_counts[path] = index + 1
                table = path + (index,)
                lines.setdefault(path, number)
            else:
                table = path
                dotted = ".".join(names)
                if table in declared:
                    found.duplicates.append(
                        (
                            number,
                            f"table [{dotted}] is declared twice (first at line {declared[table]})",
                        )
                    )
                elif table in assigned:
                    found.duplicates.append(
                        (
                            number,
                            f"table [{dotted}] is declared twice (first at line {assigned[table]}, "
                            f"as key {names[-1]!r})",
                        )
                    )
                declared.setdefault(table, number)
            lines.setdefault(table, number)
            continue
        key = _KEY.match(raw)
        if key:
            keys = tuple(_split_dotted(key.group(1)))
            full = table + keys
            first = assigned.get(full, declared.get(full))
            if first is not None:
                found.duplicates.append(
                    (
                        number,
                        f"key {'.'.join(keys)!r} is written twice {_where(table)} "
                        f"(first at line {first})",
                    )
                )
            assigned.setdefault(full, number)
            lines.setdefault(full, number)
            value = _strip_comment(key.group(2).strip())
            if value.startswith("["):
                balance = _brackets(value)
                if balance > 0:
                    open_array, element, depth = full, 0, balance
                    inner = value[1:]
                    for _ in re.finditer(r'"[^"]*"|\'[^\']*\'', inner):
                        lines.setdefault(full + (element,), number)
                        element += 1
                else:
                    for i, _ in enumerate(re.finditer(r'"[^"]*"|\'[^\']*\'|\{[^}]*\}', value)):
                        lines.setdefault(full + (i,), number)
    return found


_STRINGS = re.compile(
    r"""
      \#[^\n]*                                     # a comment, kept as it is
    | \"\"\"(?:[^"\\]|\\.|"(?!""))*(?:"{3,5}|\Z)  # a multi-line basic string
    | '''(?:[^']|'(?!''))*(?:'{3,5}|\Z)           # a multi-line literal string
    | "(?:[^"\\\n]|\\[^\n])*"?                   # a basic string
    | '[^'\n]*'?                                   # a literal string
    """,
    re.VERBOSE | re.DOTALL,
)
_ESCAPE = re.compile(r"\\.")


def _masked(match: re.Match[str]) -> str:
    token = match.group(0)
    if token.startswith(('"""', "'''")):
        return '""' + "\n" * token.count("\n")
    if token.startswith('"') and "\\" in token:
        return _ESCAPE.sub("_", token)
    return token


def _mask_strings(text: str) -> str:
    """``text`` with each multi-line string (triple double or single quotes) replaced by ``""``
    on the line it opens, and each escape in a one-line string by ``_``. Every line keeps its
    number, so the scan that follows counts lines and array elements right."""
    return _STRINGS.sub(_masked, text)


def _strip_comment(value: str) -> str:
    if "#" not in value:  # most lines (a big map's terrain rows): nothing to walk through
        return value.rstrip()
    out, quote = [], ""
    for ch in value:
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch == "#":
            break
        out.append(ch)
    return "".join(out).rstrip()


def _brackets(value: str) -> int:
    value = re.sub(r'"[^"]*"|\'[^\']*\'', "", _strip_comment(value))
    return value.count("[") - value.count("]")


def _line_of_match(text: str, pattern: re.Pattern[str]) -> int:
    """The line of the first match of ``pattern`` in ``text``, outside strings and comments."""
    bare = _without_strings(text)
    match = pattern.search(bare)
    return bare.count("\n", 0, match.start()) + 1 if match else 1


def _deepest_line(text: str) -> int:
    """The line where arrays and inline tables are nested deepest (first reached)."""
    depth = deepest = 0
    line = best = 1
    for char in _without_strings(text):
        if char == "\n":
            line += 1
        elif char in "[{":
            depth += 1
            if depth > deepest:
                deepest, best = depth, line
        elif char in "]}":
            depth -= 1
    return best


def _without_strings(text: str) -> str:
    """``text`` with every string and comment taken out (their newlines kept), so brackets and
    digits inside them are not counted."""
    return _STRINGS.sub(lambda m: "\n" * m.group(0).count("\n"), text)
