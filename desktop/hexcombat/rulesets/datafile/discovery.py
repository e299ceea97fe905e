"""Where ruleset files are found (docs/ruleset-file.md): the player's rulesets folder
(``rulesets/`` in :func:`hexcombat.paths.player_data_dir`) and the folder of a scenario that
names one (``ruleset = "my-game"`` with ``my-game.toml`` beside it). A file with problems is
left out with them; it never stops the program."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from hexcombat.paths import player_data_dir, rulesets_dir
from hexcombat.rules.declarations import Declarations
from hexcombat.rulesets.datafile.engine import DataRuleset
from hexcombat.rulesets.datafile.loader import MAX_BYTES, is_ruleset_data, load_ruleset_file
from hexcombat.sourcefile import SourceError, TomlSource, is_file

MAX_FILES = 200
"""The most ruleset files read from one folder: a player keeps a few."""


@dataclass(frozen=True)
class FileLeftOut:
    """A ruleset file that could not be played, and why (its first problems, located)."""

    where: str
    reason: str


def rulesets_folder() -> Path:
    """The player's rulesets folder: ``rulesets`` in their data folder."""
    return player_data_dir() / "rulesets"


def _is_ruleset_file(path: Path) -> bool:
    """A TOML file holding a ruleset (a top-level ``schema`` beside a ``[game]`` table): other
    TOML files beside a scenario (its map, its counters) are not ruleset files."""
    if not is_file(path):
        return False
    try:
        if path.stat().st_size > MAX_BYTES:
            return _names_schema(path)
        return is_ruleset_data(TomlSource.load(path).data)
    except (SourceError, OSError):
        return _names_schema(path)


def _names_schema(path: Path) -> bool:
    """Whether a file that cannot be parsed still starts like a ruleset file (a ``schema =``
    line in its first lines): so a broken one is told, not silently taken for something else."""
    try:
        with path.open("rb") as file:
            head = file.read(2048).decode("utf-8", errors="replace")
    except OSError:
        return False
    return any(line.strip().startswith("schema") for line in head.splitlines()[:20])


def rulesets_in(
    folder: Path, builtin_ids: tuple[str, ...] = ()
) -> tuple[list[DataRuleset], list[FileLeftOut]]:
    """Every ruleset file in ``folder`` (not its sub-folders), played or left out with why."""
    found: list[DataRuleset] = []
    left: list[FileLeftOut] = []
    try:
        paths = sorted(p for p in folder.glob("*.toml"))[:MAX_FILES] if folder.is_dir() else []
    except OSError:
        return [], []
    for path in paths:
        if not _is_ruleset_file(path):
            continue
        try:
            ruleset = DataRuleset(load_ruleset_file(path, builtin_ids))
        except SourceError as exc:
            reason = "; ".join(f"line {p.line}: {p.message}" for p in exc.problems[:3])
            more = len(exc.problems) - 3
            left.append(
                FileLeftOut(str(path), reason + (f" (and {more} more)" if more > 0 else ""))
            )
            continue
        if any(r.id == ruleset.id for r in found):
            left.append(FileLeftOut(str(path), f"the id {ruleset.id!r} is already taken"))
            continue
        found.append(ruleset)
    return found, left


def player_rulesets(
    builtin_ids: tuple[str, ...] = (),
) -> tuple[list[DataRuleset], list[FileLeftOut]]:
    """The rulesets of the player's rulesets folder, and those left out."""
    return rulesets_in(rulesets_folder(), builtin_ids)


def beside(folder: Path, ruleset_id: str, builtin_ids: tuple[str, ...] = ()) -> DataRuleset:
    """The ruleset file ``<ruleset_id>.toml`` in a scenario's ``folder``; its problems (or
    its absence) raise :class:`SourceError`."""
    path = folder / f"{ruleset_id}.toml"
    ruleset = DataRuleset(load_ruleset_file(path, builtin_ids))
    if ruleset.id != ruleset_id:
        said = (
            f"game.id is {ruleset.id!r}: a scenario naming {ruleset_id!r} finds this file "
            f"only when its id is {ruleset_id!r}"
        )
        raise SourceError([TomlSource.load(path).problem(("game", "id"), said)])
    return ruleset


def known_rulesets(
    builtin_ids: tuple[str, ...] = (),
) -> tuple[list[DataRuleset], list[FileLeftOut]]:
    """The shipped example games (``rulesets/<game>/``, one folder a game), then the player's
    rulesets folder's, and those left out."""
    found: list[DataRuleset] = []
    left: list[FileLeftOut] = []
    for folder in [*sorted(p for p in rulesets_dir().glob("*") if p.is_dir()), rulesets_folder()]:
        more, out = rulesets_in(folder, (*builtin_ids, *(r.id for r in found)))
        for game in more if folder != rulesets_folder() else ():  # an example game's folder
            game.declares = Declarations(
                tutorials=(folder,), counter_sets=(folder / "counters.toml",)
            )
        found, left = found + more, left + out
    return found, left
