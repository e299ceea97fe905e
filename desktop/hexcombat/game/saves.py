"""Saved games: JSON with a ``format`` version, written atomically (a temporary file in the same
folder, flushed to disk, then renamed over the old save), so a crash never leaves half a save.

A save is self-contained: it embeds the map's TOML text, its own combat results table's text
and every counter's full capabilities and status in play, so a game reopens the same even if
those files change or move. Format 2 added the counters' status; a format-1 save opens as a game
of fresh counters. Loading never evaluates anything from the file, and reads no other file a
save names (a save may come from someone else); every problem names the file and line.
"""

from __future__ import annotations

import atexit
import hashlib
import json
import math
import re
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import fields, replace
from datetime import datetime
from enum import Enum
from fractions import Fraction
from pathlib import Path
from typing import Any

from hexcombat.atomicfile import remove_stale_temporaries as remove_stale_temporaries
from hexcombat.atomicfile import write_atomically
from hexcombat.board.mapfile import HexMap, map_from_source
from hexcombat.board.mapimage import absolute_image
from hexcombat.game.attack import AttackSetup, resolve_attack
from hexcombat.game.commands import plural
from hexcombat.game.conditions import condition_problem
from hexcombat.game.roll import PendingRoll
from hexcombat.game.scenario import load_counter_library
from hexcombat.game.state import (
    MAX_COUNTERS,
    MAX_ROLLS,
    MAX_STACK,
    CombatLogEntry,
    Counter,
    GameDice,
    GameError,
    GameState,
    side_name_problem,
)
from hexcombat.game.status_commands import MAX_MARKERS, status_problem
from hexcombat.game.turn import default_phase, phase_names, unknown_phase
from hexcombat.rules.combat import MAX_DIE, crt_from_source
from hexcombat.rules.dice import ScriptedDice
from hexcombat.rules.errors import RulesError, UnitDataError
from hexcombat.rules.registry import get_ruleset, ruleset_ids
from hexcombat.rules.situation import Conditions
from hexcombat.rules.status import FRESH, UnitStatus
from hexcombat.rules.units import Unit, unit_from_mapping
from hexcombat.sourcefile import (
    MAX_FILE_MB,
    Problem,
    SourceError,
    TomlSource,
    is_file,
    read_capped,
)

FORMAT = "hexcombat-save"
VERSION = 2
"""The format this program writes: version 2 keeps each counter's status in play (steps lost,
morale or cohesion state, markers)."""
READS = (1, 2)
"""The formats this program opens: a version-1 save is a game whose counters are all fresh."""


def _plain(value: Any) -> Any:
    """A unit's value as a counter set writes it: a fraction as text, a named choice by name."""
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, Enum):
        return value.value
    return value


def unit_to_json(unit: Unit) -> dict[str, Any]:
    """Every capability of a unit, in the counter-set vocabulary (so it reloads the same)."""
    data: dict[str, Any] = {}
    for f in fields(Unit):
        value = getattr(unit, f.name)
        if f.name == "changes":
            data["changes"] = [
                {"date": c.date, **{k: _plain(v) for k, v in c.values.items()}} for c in value
            ]
        elif f.name == "unit_type":
            data["type"] = value
        elif f.name == "rules":
            if value:  # a ruleset's own values, as a counter set writes them
                data["rules"] = dict(value)
        elif value is not None:
            data[f.name] = _plain(value)
    return data


def game_to_json(state: GameState, map_text: str) -> dict[str, Any]:
    """The whole game as JSON-ready data."""
    counters = []
    for h, stack in state.stacks().items():
        for counter in stack:
            counters.append(
                {
                    "uid": counter.uid,
                    "side": counter.side,
                    "hex": state.hexmap.label(h),
                    "counter": counter.counter_id,
                    **_status_to_json(counter.status),
                    "unit": unit_to_json(counter.unit),
                }
            )
    conditions = state.conditions.to_dict()
    return {
        "format": FORMAT,
        "version": VERSION,
        "title": state.title,
        "ruleset": state.ruleset,
        "conditions": conditions,
        "phasing_player": state.phasing_player or None,
        "sides": state.side_order,
        "phase": state.phase,
        "seed": state.dice.seed,
        "rolls_used": state.dice.used,
        "map_name": state.hexmap.name,
        "map_toml": map_text,
        **_image_entry(state),
        "crt_toml": _crt_text(state.conditions.crt),
        "counters": counters,
        "log": [_log_entry_to_json(e) for e in state.log],
        "tutorial": state.tutorial,
        "description": state.description,
        "pending_roll": _pending_to_json(state),
        **_advanced_to_json(state),
    }


def _status_to_json(status: UnitStatus) -> dict[str, Any]:
    """A counter's status in play, saved only when it has one (a fresh unit saves as before)."""
    if status.fresh:
        return {}
    saved = {
        "steps_lost": status.steps_lost,
        "state": status.state,
        "markers": sorted(status.markers),
    }
    return {"status": saved}


def _image_entry(state: GameState) -> dict[str, str]:
    """Where the map's scanned image is (a full path): the save embeds the map's text, whose
    image name is relative to the map file, not to the save; the image itself stays a file."""
    image = state.hexmap.image
    return {} if image is None else {"map_image": absolute_image(image)}


def _with_image_from_save(hexmap: HexMap, data: dict[str, Any], name: str) -> None:
    """The embedded map's image where the save found it (else beside the save); the game opens
    without it when it is gone, and the window says so."""
    if hexmap.image is None:
        return
    recorded = data.get("map_image")
    base = Path(name).parent
    if isinstance(recorded, str) and is_file(Path(recorded)):
        hexmap.image = replace(hexmap.image, file=recorded, base=None)
    else:
        hexmap.image = replace(hexmap.image, base=base)


def map_text_of(state: GameState) -> str:
    """The map's TOML text, for embedding (kept on the state when it was loaded)."""
    text = state.map_text
    if text is None and state.hexmap.source is not None:
        text = Path(state.hexmap.source).read_text(encoding="utf-8")
    if text is None:
        raise ValueError("the game's map has no source text to save")
    return text


def save_game(state: GameState, path: str | Path) -> None:
    """Write the game to ``path`` atomically (:func:`~hexcombat.atomicfile.write_atomically`):
    a crash never leaves half a save, and the save keeps the old file's permissions."""
    text = json.dumps(game_to_json(state, map_text_of(state)), indent=1, ensure_ascii=False)
    write_atomically(path, text + "\n")


def _line_of(text: str, needle: str | tuple[str, ...]) -> int:
    """The line of ``needle`` in the save; for a tuple, of its last part found after the parts
    before it (a counter's ``"status"`` after its uid)."""
    index = -1
    for part in (needle,) if isinstance(needle, str) else needle:
        found = text.find(part, max(index, 0))
        if found < 0:
            break
        index = found
    return text.count("\n", 0, index) + 1 if index >= 0 else 1


def load_game(path: str | Path) -> GameState:
    """Read a saved game; any problem raises :class:`SourceError` naming the file and line.

    Nothing in the file is trusted: every value is checked for its type and range before it
    becomes game state, so a damaged or hand-edited save is refused with a message and the game
    already open stays as it was. Reading changes nothing in the save's folder (``hexcombat
    check`` and ``explain`` only read): the program's own open cleans a killed save's temporary
    files first, with :func:`remove_stale_temporaries`."""
    path = Path(path)
    name = str(path)
    try:
        raw = read_capped(path, _MAX_SAVE_BYTES)
    except OSError as exc:
        raise SourceError([Problem(name, 1, f"cannot read the save: {exc}")]) from exc
    if len(raw) > _MAX_SAVE_BYTES:  # bytes, before a letter cut at the mark is decoded
        message = (
            f"the save is over {MAX_SAVE_MB} MB, far more than any game makes (20,000 counters "
            "save in about 20 MB): hexcombat does not read it"
        )
        raise SourceError([Problem(name, 1, message)])
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SourceError([Problem(name, 1, f"cannot read the save: {exc}")]) from exc
    try:
        data = json.loads(text, parse_constant=_not_a_number, parse_float=_finite)
    except _NotANumberError as exc:
        line = _line_of_token(text, exc.token)
        raise SourceError(
            [
                Problem(
                    name,
                    line,
                    f"{exc.token}: a save holds finite numbers only (no NaN or infinity)",
                )
            ]
        ) from exc
    except json.JSONDecodeError as exc:
        raise SourceError(
            [Problem(name, exc.lineno, f"not a valid save (JSON): {exc.msg}")]
        ) from exc
    except (ValueError, RecursionError) as exc:  # a number too long, nesting too deep
        raise SourceError([Problem(name, 1, f"not a valid save (JSON): {exc}")]) from exc
    return _game_from_json(data, text, name)


class _NotANumberError(ValueError):
    """NaN or an infinity in a save: Python's json reads them, no game value may be one."""

    def __init__(self, token: str) -> None:
        super().__init__(token)
        self.token = token


def _not_a_number(token: str) -> float:
    raise _NotANumberError(token)


def _finite(token: str) -> float:
    """A JSON number with a fraction or exponent; ``1e999`` overflows to infinity: refused."""
    value = float(token)
    if not math.isfinite(value):
        raise _NotANumberError(token)
    return value


def _line_of_token(text: str, token: str) -> int:
    """The line of the first ``token`` outside the save's strings (a title may say NaN)."""
    pattern = r'"(?:[^"\\]|\\.)*"|' + re.escape(token)
    for match in re.finditer(pattern, text):
        if not match.group().startswith('"'):
            return text.count("\n", 0, match.start()) + 1
    return 1


MAX_SAVE_MB = 64
"""The most a save may hold: a game of 20,000 counters (its limit) saves in about 20 MB."""
_MAX_SAVE_BYTES = MAX_SAVE_MB * 1024 * 1024


def _game_from_json(data: Any, text: str, name: str) -> GameState:
    def fail(message: str, needle: str | tuple[str, ...] = "") -> SourceError:
        return SourceError([Problem(name, _line_of(text, needle) if needle else 1, message)])

    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise fail('not a hexcombat saved game (no "format": "hexcombat-save")')
    version = data.get("version")
    if isinstance(version, bool) or version not in READS:
        raise fail(
            f"saved by a different hexcombat (save format version {version!r}; "
            f"this program reads versions {' and '.join(map(str, READS))})",
            '"version"',
        )
    map_text = data.get("map_toml")
    if not isinstance(map_text, str):
        raise fail("the save has no map", '"map_toml"')
    try:
        hexmap = map_from_source(TomlSource.parse(map_text, f"{name} (embedded map)"))
    except SourceError as exc:
        raise SourceError(
            [
                Problem(name, _line_of(text, '"map_toml"'), f"embedded map: {p}")
                for p in exc.problems
            ]
        ) from exc
    _with_image_from_save(hexmap, data, name)
    raw_conditions = data.get("conditions", {})
    if not isinstance(raw_conditions, dict):
        raise fail("conditions must be an object of condition: value", '"conditions"')
    crt_text = _embedded_crt(data.get("crt_toml"), text, name, fail)
    raw_conditions = _with_crt(raw_conditions, crt_text, fail)
    if isinstance(data.get("pending_roll"), dict) and isinstance(
        data["pending_roll"].get("conditions"), dict
    ):
        conditions_rolled = data["pending_roll"]["conditions"]
        data["pending_roll"]["conditions"] = _with_crt(conditions_rolled, crt_text, fail)
    ruleset = data.get("ruleset", "total-war")
    if ruleset not in ruleset_ids():
        raise fail(
            f"unknown ruleset {ruleset!r}; hexcombat knows {', '.join(ruleset_ids())}",
            '"ruleset"',
        )
    vocabulary = get_ruleset(ruleset).vocabulary
    for key, value in raw_conditions.items():
        problem = condition_problem(vocabulary, key, value)
        if problem is not None:
            raise fail(f"conditions: {problem}", f'"{key}"')
    conditions = Conditions(**raw_conditions)
    seed, used = data.get("seed", 1), data.get("rolls_used", 0)
    for key, value in (("seed", seed), ("rolls_used", used)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise fail(f"{key} must be a whole number, not {value!r}", f'"{key}"')
    if not 0 <= used <= MAX_ROLLS:
        raise fail(
            f"rolls_used must be 0 to {MAX_ROLLS} (the dice already rolled), not {used}",
            '"rolls_used"',
        )
    phase = data.get("phase", default_phase(vocabulary))  # saves before phases: the default
    if phase not in phase_names(vocabulary) and phase != default_phase(vocabulary):
        raise fail(unknown_phase(vocabulary, phase), '"phase":')  # "": no turn sequence
    player = data.get("phasing_player")
    if player is not None and side_name_problem(player):
        raise fail(
            f"phasing_player must name a side (text) or be null, not {player!r}",
            '"phasing_player":',
        )
    title = data.get("title", "")
    if not isinstance(title, str):
        raise fail(f"title must be text, not {title!r}", '"title"')
    state = GameState(
        hexmap,
        ruleset=ruleset,
        conditions=conditions,
        # the shipped counters, so a reopened game adds counters and runs counter actions
        library=load_counter_library(ruleset)[0],
        title=title,
        seed=seed,
    )
    state.phase = phase
    state.chosen_phasing_player = player
    state.dice = GameDice(seed, used)
    state.map_text = map_text
    # saves before the turn order was kept: the order their counters come in
    state.side_order = _side_order(data.get("sides", []), fail)
    if "sides" in data and player is not None and player not in state.side_order:
        raise fail(
            f"phasing_player {player!r} is not one of the game's sides "
            f"({', '.join(map(repr, state.side_order)) or 'none'})",
            '"phasing_player":',
        )
    _place_counters(state, data.get("counters", []), fail)
    state.log = _log(data.get("log", []), fail)
    state.tutorial = _lines(data.get("tutorial", []), "tutorial", fail)
    description = data.get("description", "")
    if not isinstance(description, str):
        raise fail(f"description must be text, not {description!r}", '"description"')
    state.description = description
    sizes = {
        '"title"': len(title),
        '"description"': len(description),
        '"tutorial"': sum(len(step) for step in state.tutorial),
        '"log"': sum(  # laid out in the combat log when opened
            len(e.text) + sum(map(len, (*e.details, *e.losses, *e.retreats, *e.advance)))
            for e in state.log
        ),
    }
    written = sum(sizes.values())
    if written > MAX_FILE_MB * 1024 * 1024:  # laid out in the tutorial dock when opened
        raise fail(
            f"title, description, tutorial and combat log hold {written:,} characters: at most "
            f"{MAX_FILE_MB} MB, as a scenario may",
            max(sizes, key=sizes.__getitem__),  # at the longest of them
        )
    state.pending_roll = _pending_roll(state, data.get("pending_roll"), fail)
    state.advanced = _advanced(state, data.get("advanced", []), fail)
    return state


def _advanced_to_json(state: GameState) -> dict[str, Any]:
    """The counters still on the map that advanced this turn; nothing when none did (a game
    whose ruleset allows any number of advances saves as it always has)."""
    advanced = sorted(u for u in state.advanced if u in state.counters)
    return {"advanced": advanced} if advanced else {}


def _advanced(state: GameState, value: Any, fail: Callable[..., SourceError]) -> frozenset[str]:
    """The counters that advanced this turn, as saved: uids of counters on the map."""
    where = '"advanced"'
    if not isinstance(value, list) or not all(isinstance(u, str) for u in value):
        raise fail("advanced must be a list of counter uids (those that advanced this turn)", where)
    if unknown := [u for u in value if u not in state.counters]:
        raise fail(f"advanced names no counter on the map: {', '.join(unknown)}", where)
    return frozenset(value)


def _crt_text(crt: str | None) -> str | None:
    """The text of the game's own combat results table, kept in the save as the map is, so the
    save opens the same when the table's file has moved or gone. A table that cannot be read
    stops the save: a save naming a table it does not carry would not open."""
    if crt is None:
        return None
    try:
        return Path(crt).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ValueError(
            f"the game's combat results table {crt} cannot be read ({exc}); "
            "a save carries its table"
        ) from exc


def _embedded_crt(value: Any, text: str, name: str, fail: Callable[..., SourceError]) -> str | None:
    """The save's own combat results table (``crt_toml``), checked as ``hexcombat check``
    checks a table file; None when the game plays on the generic table."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise fail("crt_toml must be the text of the game's combat results table", '"crt_toml"')
    try:
        _, problems = crt_from_source(TomlSource.parse(value, f"{name} (embedded table)"))
    except SourceError as exc:
        problems = exc.problems
    if problems:
        line = _line_of(text, '"crt_toml"')
        raise SourceError(
            [Problem(name, line, f"embedded combat results table: {p}") for p in problems]
        )
    return value


def _with_crt(
    conditions: dict[str, Any], crt_text: str | None, fail: Callable[..., SourceError]
) -> dict[str, Any]:
    """``conditions`` with ``crt`` pointing at a private copy of the table the save carries.
    The file the save names is never read: a save received from someone else could name any
    file (a key, the environment), and its text would go into the next save sent back."""
    crt = conditions.get("crt")
    if not isinstance(crt, str):
        return conditions
    if crt_text is None:
        raise fail(
            f"conditions: crt names the table file {crt!r} but the save does not carry the "
            "table (crt_toml); hexcombat opens a save with only what it carries, so it does "
            "not read that file",
            '"crt"',
        )
    return {**conditions, "crt": str(_saved_table(crt_text))}


class _PrivateFolder:
    """A folder in the temporary folder that only this user may enter (``mkdtemp``: a fresh
    name, mode 0700), made the first time it is needed and removed when the program exits."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self._path: Path | None = None

    def path(self) -> Path:
        if self._path is None or not self._path.is_dir():
            self._path = Path(tempfile.mkdtemp(prefix=self.prefix))
            atexit.register(shutil.rmtree, self._path, ignore_errors=True)
        return self._path


_SAVED_TABLES = _PrivateFolder("hexcombat-tables-")
"""Where the tables reopened saves carry are written: the rulesets read a table from a file."""


def _saved_table(crt_text: str) -> Path:
    """A file holding ``crt_text`` in the private folder (one per text)."""
    digest = hashlib.sha256(crt_text.encode("utf-8")).hexdigest()[:16]
    copy = _SAVED_TABLES.path() / f"{digest}.toml"
    if not copy.is_file():
        copy.write_text(crt_text, encoding="utf-8")
    return copy


def _pending_to_json(state: GameState) -> dict[str, Any] | None:
    """A rolled attack not applied yet: what was rolled for, and the dice as they fell, so the
    reopened game shows the same result to apply (a reload is no second roll)."""
    pending = state.pending_roll
    if pending is None:
        return None
    setup = pending.resolution.setup
    return {
        "target": state.hexmap.label(setup.target),
        "attackers": list(setup.attacker_uids),
        "conditions": setup.conditions.to_dict(),
        "rolls": list(pending.rolls),
        "typed": pending.typed,
    }


def _pending_roll(
    state: GameState, value: Any, fail: Callable[..., SourceError]
) -> PendingRoll | None:
    """The rolled attack waiting to be applied, resolved again with the same dice."""
    if value is None:
        return None
    where = '"pending_roll"'
    if not isinstance(value, dict):
        raise fail("pending_roll must be an object (the rolled attack) or null", where)
    target, attackers = value.get("target"), value.get("attackers")
    rolls, conditions = value.get("rolls"), value.get("conditions", {})
    if not isinstance(target, str):
        raise fail(f"pending_roll: target must be a hex label, not {target!r}", where)
    if not isinstance(attackers, list) or not all(isinstance(u, str) for u in attackers):
        raise fail("pending_roll: attackers must be a list of counter uids", where)
    if len(set(attackers)) != len(attackers):  # each counter fights once, however often listed
        raise fail("pending_roll: attackers names a counter twice", where)
    faces = _most_faces(state)
    if not isinstance(rolls, list) or not all(_is_die(r, faces) for r in rolls) or not rolls:
        raise fail(
            f"pending_roll: rolls must be the dice rolled (faces 1 to {faces}), not {rolls!r}"[
                :200
            ],
            where,
        )
    if not isinstance(conditions, dict):
        raise fail("pending_roll: conditions must be an object", where)
    for key, item in conditions.items():
        problem = condition_problem(state.vocabulary, key, item)
        if problem is not None:
            raise fail(f"pending_roll: {problem}", where)
    if not state.log:
        raise fail("pending_roll: the roll is not in the combat log", where)
    try:
        setup = AttackSetup(state.hexmap.hex_at(target), attackers, Conditions(**conditions))
        dice = ScriptedDice(rolls)
        resolution = resolve_attack(state, setup, dice)
    except (GameError, RulesError, ValueError) as exc:
        message = f"pending_roll: the rolled attack cannot be resolved again: {exc}"
        raise fail(message, where) from exc
    if dice.used != len(rolls):
        raise fail(
            f"pending_roll: the attack rolls {plural(dice.used, 'die', 'dice')}, not {len(rolls)}",
            where,
        )
    typed = value.get("typed", False)
    if not isinstance(typed, bool):
        raise fail(f"pending_roll: typed must be true or false, not {typed!r}", where)
    return PendingRoll(resolution, tuple(rolls), typed, state.log[-1])


def _most_faces(state: GameState) -> int:
    """The most faces a die of the game may show: the largest of the ruleset's dice, or of the
    die a game's own table may name (up to a d100, :data:`MAX_DIE`); resolving the attack
    again checks each roll against the very die it was rolled on."""
    return max(state.vocabulary.die_faces(), MAX_DIE)


def _is_die(value: object, faces: int) -> bool:
    """A face of a die of ``faces`` faces or fewer."""
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= faces


def _place_counters(state: GameState, counters: Any, fail: Callable[..., SourceError]) -> None:
    hexmap = state.hexmap
    if not isinstance(counters, list):
        raise fail("counters must be a list", '"counters"')
    if len(counters) > MAX_COUNTERS:
        raise fail(f"{len(counters)} counters: a game holds at most {MAX_COUNTERS}", '"counters"')
    # A campaign's thousands of counters are a few dozen kinds: each kind's capabilities are
    # parsed and checked once, and counters of one kind share the (frozen) unit.
    units: dict[str, Unit] = {}
    for i, entry in enumerate(counters):
        uid = entry.get("uid") if isinstance(entry, dict) else None
        needle = f'"uid": {json.dumps(uid)}' if isinstance(uid, str) else '"counters"'
        if not isinstance(uid, str) or not uid:
            raise fail(f"counter {i + 1} has no uid", needle)
        if uid in state.counters:
            raise fail(f"counter {uid} appears twice", needle)
        raw_unit, label = entry.get("unit", {}), entry.get("hex")
        if not isinstance(raw_unit, dict):
            raise fail(f"counter {uid}: unit must be an object of capabilities", needle)
        if not isinstance(label, str):
            raise fail(f"counter {uid}: hex must be a hex label (text), not {label!r}", needle)
        try:
            kind = repr(raw_unit)  # the written capabilities, exactly (True is not 1 here)
            unit = units.get(kind)
            if unit is None:
                unit = units[kind] = unit_from_mapping(raw_unit, f"counter {uid}")
            h = hexmap.hex_at(label)
        except (UnitDataError, ValueError, TypeError) as exc:
            raise fail(str(exc), needle) from exc
        side = entry.get("side")
        if problem := side_name_problem(side):
            raise fail(f"counter {uid}: {problem}", needle)
        holder = state.side_at(h)
        if holder is not None and holder != side:
            raise fail(f"hex {hexmap.label(h)} holds both {holder} and {side}", needle)
        if state.stack_size(h) >= MAX_STACK:
            raise fail(
                f"counter {uid}: hex {hexmap.label(h)} already holds {MAX_STACK} counters, "
                "the most a hex holds",
                needle,
            )
        counter_id = entry.get("counter")
        status = _status(state, entry.get("status"), uid, unit, fail, (needle, '"status"'))
        state.place(
            Counter(uid, unit, side, counter_id if isinstance(counter_id, str) else None, status),
            h,
            index=state.stack_size(h),
        )


STATUS_KEYS = ("steps_lost", "state", "markers")


def _status(
    state: GameState,
    value: Any,
    uid: str,
    unit: Unit,
    fail: Callable[..., SourceError],
    needle: tuple[str, ...],
) -> UnitStatus:
    """A counter's status in play (format 2), checked against the ruleset's vocabulary: its
    states and markers, whether units lose steps, and the steps the unit has."""
    if value is None:
        return FRESH
    where = f"counter {uid}: status"
    if not isinstance(value, dict):
        raise fail(f"{where} must be an object of {', '.join(STATUS_KEYS)}", needle)
    if unknown := [k for k in value if k not in STATUS_KEYS]:
        raise fail(
            f"{where}: unknown key {str(unknown[0])[:40]!r}; a status has {', '.join(STATUS_KEYS)}",
            needle,
        )
    steps, key, markers = (
        value.get("steps_lost", 0),
        value.get("state", ""),
        value.get("markers", []),
    )
    if isinstance(steps, bool) or not isinstance(steps, int):
        raise fail(f"{where}: steps_lost must be a whole number, not {steps!r}"[:200], needle)
    if not isinstance(key, str):
        raise fail(
            f"{where}: state must be text (a state of the ruleset), not {key!r}"[:200], needle
        )
    if not isinstance(markers, list) or not all(isinstance(m, str) for m in markers):
        raise fail(
            f"{where}: markers must be a list of marker names, not {markers!r}"[:200], needle
        )
    if len(markers) > MAX_MARKERS:
        raise fail(
            f"{where}: {len(markers):,} markers; a counter carries at most {MAX_MARKERS}", needle
        )
    if len(set(markers)) != len(markers):
        raise fail(f"{where}: markers names a marker twice", needle)
    status = UnitStatus(steps, key, frozenset(markers))
    ruleset = f"ruleset {state.ruleset!r}"
    if problem := status_problem(status, state.vocabulary, unit, ruleset):
        raise fail(f"{where}: {problem}"[:300], needle)
    return status


def _side_order(value: Any, fail: Callable[..., SourceError]) -> list[str]:
    """The sides in turn order: names (text), each once."""
    if (
        not isinstance(value, list)
        or any(side_name_problem(side) for side in value)
        or len(set(value)) != len(value)
    ):
        message = f"sides must list the side names in turn order, each once, not {value!r}"
        why = (
            [p for side in value if (p := side_name_problem(side))]
            if isinstance(value, list)
            else []
        )
        raise fail(message[:200] + (f": {why[0]}" if why else ""), '"sides"')
    return list(value)


def _lines(value: Any, key: str, fail: Callable[..., SourceError], needle: str = "") -> list[str]:
    """A list of text lines, or a message naming ``key``."""
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise fail(f"{key} must be a list of text lines, not {value!r}"[:200], needle or f'"{key}"')
    return list(value)


LOG_OUTCOME = ("losses", "retreats", "advance")
"""What a combat log entry says was applied; saves before these were kept have none of them."""


def _log_entry_to_json(entry: CombatLogEntry) -> dict[str, Any]:
    """A combat log entry: its text and working, when it was rolled, what was applied."""
    data: dict[str, Any] = {"text": entry.text, "details": entry.details}
    data["rolled_at"] = entry.rolled_at
    data.update({key: getattr(entry, key) for key in LOG_OUTCOME})
    return data


def _log(value: Any, fail: Callable[..., SourceError]) -> list[CombatLogEntry]:
    """The combat log: each entry its text and the lines of its working; the roll's time and the
    losses, retreats and advance applied when the save has them (older saves do not)."""
    if not isinstance(value, list):
        raise fail(f"log must be a list of combats, not {value!r}"[:200], '"log"')
    entries = []
    for i, entry in enumerate(value):
        if not isinstance(entry, dict) or not isinstance(entry.get("text"), str):
            raise fail(f"log entry {i + 1} must be an object with its text", '"log"')
        details = _lines(entry.get("details", []), f"log entry {i + 1} details", fail, '"log"')
        made = CombatLogEntry(entry["text"], details, rolled_at=_rolled_at(entry, i, fail))
        for key in LOG_OUTCOME:
            lines = _lines(entry.get(key, []), f"log entry {i + 1} {key}", fail, '"log"')
            setattr(made, key, lines)
        entries.append(made)
    return entries


def _rolled_at(entry: dict[str, Any], i: int, fail: Callable[..., SourceError]) -> str | None:
    """When a log entry's dice were rolled (ISO 8601), or None when the save does not say. A time
    with no local time (the calendar's first or last day at a far offset) is refused too: the
    combat log shows every roll in the player's local time."""
    value = entry.get("rolled_at")
    if value is None:
        return None
    try:
        datetime.fromisoformat(value).astimezone()
    except (TypeError, ValueError, OverflowError):
        message = f"log entry {i + 1} rolled_at must be a date and time, not {value!r}"
        raise fail(message[:200], '"log"') from None
    return value
