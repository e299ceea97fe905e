"""Saved games: JSON with a ``format`` version, written atomically (a temporary file in the same
folder, flushed to disk, then renamed over the old save), so a crash never leaves half a save.

A save is self-contained: it embeds the map's TOML text, its own combat results table's text,
a ruleset file's whole text (a game played with one) and every counter's full capabilities and
status in play, so a game reopens the same even if those files change or move. Format 2 added
the counters' status; a format-1 save opens as a game of fresh counters. Loading never evaluates
anything from the file, and reads no other file a save names (a save may come from someone
else); every problem names the file and line.
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
from hexcombat.game.conditions import condition_problem, vocabulary_of
from hexcombat.game.follow_ups import PendingFollowUps
from hexcombat.game.roll import PendingRoll
from hexcombat.game.ruleset_files import carried, play_carried
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
from hexcombat.rules.chartkinds import own_table_problems
from hexcombat.rules.dice import MAX_DIE, ScriptedDice
from hexcombat.rules.errors import RulesError, UnitDataError
from hexcombat.rules.follow_ups import FollowUp
from hexcombat.rules.registry import get_ruleset, ruleset_ids
from hexcombat.rules.situation import CombatSituation, Conditions, Participant
from hexcombat.rules.status import FRESH, UnitStatus
from hexcombat.rules.units import Unit, unit_from_mapping
from hexcombat.rules.vocabulary import DieSpec
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
        elif f.name == "capabilities":
            for capability in value:  # a ruleset family's values, under their own keys
                for own in fields(capability):
                    if (kept := getattr(capability, own.name)) is not None:
                        data[own.name] = _plain(kept)
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
        **carried(state.ruleset),  # a ruleset file's whole text: the rules it was played with
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
        **({"follow_ups": waiting} if (waiting := _follow_ups_to_json(state)) else {}),
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
    ruleset = data.get("ruleset")  # every save names its ruleset, since format version 1
    if ruleset is None:
        raise fail(
            f'the save names no ruleset ("ruleset": one of {", ".join(ruleset_ids())}); '
            "hexcombat writes it in every save"
        )
    note = play_carried(data, name)  # a ruleset file's copy, played whatever is on disk now
    if ruleset not in ruleset_ids():
        raise fail(
            f"unknown ruleset {ruleset!r}; hexcombat knows {', '.join(ruleset_ids())}",
            '"ruleset"',
        )
    crt_text = _embedded_crt(data.get("crt_toml"), text, name, fail, ruleset)
    raw_conditions = _with_crt(raw_conditions, crt_text, fail)
    if isinstance(data.get("pending_roll"), dict) and isinstance(
        data["pending_roll"].get("conditions"), dict
    ):
        conditions_rolled = data["pending_roll"]["conditions"]
        data["pending_roll"]["conditions"] = _with_crt(conditions_rolled, crt_text, fail)
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
    state.opened_note = note
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
    state.follow_ups = _pending_follow_ups(state, data.get("follow_ups"), crt_text, fail)
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


def _embedded_crt(
    value: Any, text: str, name: str, fail: Callable[..., SourceError], ruleset: str
) -> str | None:
    """The save's own combat results table (``crt_toml``), checked as ``hexcombat check``
    checks a table file, as the table its ruleset declares a player may replace; None when the
    game plays on the shipped table."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise fail("crt_toml must be the text of the game's combat results table", '"crt_toml"')
    try:
        problems = own_table_problems(ruleset, TomlSource.parse(value, f"{name} (embedded table)"))
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
    } | ({"counted": dict(setup.counted)} if setup.counted else {})


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
    # no dice at all only for an attack resolved at once (the resolution below asks for any)
    if not isinstance(rolls, list) or not all(_is_die(r, faces) for r in rolls):
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
    counted = value.get("counted", {})
    if not isinstance(counted, dict) or not all(isinstance(c, bool) for c in counted.values()):
        raise fail("pending_roll: counted must map counter uids to true or false", where)
    if not state.log:
        raise fail("pending_roll: the roll is not in the combat log", where)
    try:
        place = state.hexmap.hex_at(target)
        setup = AttackSetup(place, attackers, Conditions(**conditions), dict(counted))
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
                unit = units[kind] = _saved_unit(raw_unit, f"counter {uid}", state.ruleset)
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


def _saved_unit(raw: dict[str, Any], where: str, ruleset: str) -> Unit:
    """A unit as a save writes it, with its counter-set key (``id``): a scenario table has no
    ``id`` key (the set's table name is it), so the unit reader leaves it out, and a save
    reopened and saved again would lose every counter's key. Read with the capabilities the
    game's ruleset declares (a game without REs saves none)."""
    vocabulary = vocabulary_of(ruleset)
    kinds = vocabulary.unit_capabilities if vocabulary is not None else None
    unit = unit_from_mapping(raw, where, kinds=kinds)
    key = raw.get("id", "")
    if not isinstance(key, str):
        raise UnitDataError(f"{where}: id must be the counter's key (text), not {key!r}"[:300])
    return replace(unit, id=key) if key else unit


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


LOG_OUTCOME = ("losses", "retreats", "advance", "changes")
"""What a combat log entry says was applied (a follow-up's: what it changed); saves before
these were kept have none of them."""


def _log_entry_to_json(entry: CombatLogEntry) -> dict[str, Any]:
    """A combat log entry: its text and working, when it was rolled, what was applied."""
    data: dict[str, Any] = {"text": entry.text, "details": entry.details}
    data["rolled_at"] = entry.rolled_at
    data.update({key: getattr(entry, key) for key in LOG_OUTCOME})
    if entry.figures:
        data["figures"] = [list(pair) for pair in entry.figures]
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
        made.figures = _figures(entry.get("figures", []), i, fail)
        entries.append(made)
    return entries


def _figures(value: Any, i: int, fail: Callable[..., SourceError]) -> list[tuple[str, str]]:
    """A log entry's value and DRM for each line of its working (saves before they were kept
    have none)."""
    if not isinstance(value, list) or not all(
        isinstance(pair, list) and len(pair) == 2 and all(isinstance(v, str) for v in pair)
        for pair in value
    ):
        message = f"log entry {i + 1} figures must be pairs of value and DRM, not {value!r}"
        raise fail(message[:200], '"figures"')
    return [(value_, drm) for value_, drm in value]


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


# --- the follow-ups waiting after a combat (morale checks): an optional key of format 2 -------

MAX_FOLLOW_UPS = 1000
"""The most follow-ups a save may say wait: a tactical result calls for a morale check per unit
of a stack, so more is a damaged or hand-made file."""
FOLLOW_UP_KEYS = (
    "key", "kind", "side", "rule", "text", "target", "die", "modifier", "choices", "chooser"
)  # fmt: skip
PARTICIPANT_KEYS = (
    "unit", "count", "across", "range", "hex", "stack", "id", "status", "elevation", "terrain",
    "counted",
)  # fmt: skip


def _follow_ups_to_json(state: GameState) -> dict[str, Any] | None:
    """The follow-ups still waiting, with the combat they follow as the rules saw it (its
    participants and conditions), so the reopened game resolves them by the same report."""
    pending = state.follow_ups
    if not isinstance(pending, PendingFollowUps):
        return None
    situation = pending.report.situation
    return {
        "where": pending.where,
        "situation": {
            "attackers": [_participant_to_json(p) for p in situation.attackers],
            "defenders": [_participant_to_json(p) for p in situation.defenders],
            "conditions": situation.conditions.to_dict(),
        },
        "pending": [_follow_up_to_json(f) for f in pending.queue],
    }


def _participant_to_json(p: Participant) -> dict[str, Any]:
    data: dict[str, Any] = {"unit": unit_to_json(p.unit)}
    for key in PARTICIPANT_KEYS[1:]:
        if key == "status":
            data.update(_status_to_json(p.status))
        elif (value := getattr(p, key)) is not None:
            data[key] = value
    return data


def _follow_up_to_json(f: FollowUp) -> dict[str, Any]:
    data = {k: getattr(f, k) for k in FOLLOW_UP_KEYS if k != "die"}
    data["choices"] = list(f.choices)
    if f.die is not None:
        die = f.die
        data["die"] = {"purpose": die.purpose, "sides": die.sides, "count": die.count,
                       "rule": die.rule, "side": die.side}  # fmt: skip
    return data


def _pending_follow_ups(
    state: GameState, value: Any, crt_text: str | None, fail: Callable[..., SourceError]
) -> PendingFollowUps | None:
    """The follow-ups a saved game waits on, checked entry by entry; the combat they follow
    evaluated again from its saved participants and conditions."""
    if value is None:
        return None
    where = '"follow_ups"'
    if not isinstance(value, dict):
        raise fail("follow_ups must be an object (the combat and its follow-ups) or null", where)
    label, situation, pending = value.get("where"), value.get("situation"), value.get("pending")
    if not isinstance(label, str) or len(label) > 40:
        raise fail(
            f"follow_ups: where must be the attacked hex's label, not {label!r}"[:200], where
        )
    if not isinstance(situation, dict):
        raise fail(
            "follow_ups: situation must be an object (attackers, defenders, conditions)", where
        )
    if not isinstance(pending, list) or not pending or len(pending) > MAX_FOLLOW_UPS:
        raise fail(
            f"follow_ups: pending must list the follow-ups waiting (1 to {MAX_FOLLOW_UPS})", where
        )
    combat = _saved_situation(state, situation, crt_text, fail)
    try:
        report = get_ruleset(state.ruleset).evaluate(combat)
    except (RulesError, ValueError, TypeError, KeyError) as exc:  # a save edited by hand
        raise fail(f"follow_ups: the combat cannot be evaluated again: {exc}"[:300], where) from exc
    ids = {p.id for p in (*combat.attackers, *combat.defenders)}
    queue = tuple(_saved_follow_up(entry, i, ids, fail) for i, entry in enumerate(pending, 1))
    if len({f.key for f in queue}) != len(queue):
        raise fail("follow_ups: pending names a follow-up key twice", where)
    return PendingFollowUps(report, label, queue)


def _saved_situation(
    state: GameState, value: dict[str, Any], crt_text: str | None, fail: Callable[..., SourceError]
) -> CombatSituation:
    conditions = value.get("conditions", {})
    if not isinstance(conditions, dict):
        raise fail("follow_ups: situation conditions must be an object", '"follow_ups"')
    for key, item in conditions.items():
        if key in ("terrain", "weather", "date", "crt"):  # the combat's own, as evaluated
            if not (item is None and key in ("date", "crt")) and not isinstance(item, str):
                raise fail(
                    f"follow_ups: situation {key} must be text, not {item!r}"[:200], '"follow_ups"'
                )
            continue
        if problem := condition_problem(state.vocabulary, key, item):
            raise fail(f"follow_ups: situation conditions: {problem}", '"follow_ups"')
    try:
        made = Conditions(**_with_crt(conditions, crt_text, fail))
    except TypeError as exc:
        raise fail(f"follow_ups: situation conditions: {exc}", '"follow_ups"') from exc
    sides = []
    for side in ("attackers", "defenders"):
        entries = value.get(side)
        if not isinstance(entries, list) or not entries or len(entries) > MAX_STACK * 7:
            raise fail(
                f"follow_ups: situation {side} must list the units that fought", '"follow_ups"'
            )
        sides.append(tuple(_saved_participant(state, e, side, fail) for e in entries))
    return CombatSituation(state.ruleset, sides[0], sides[1], made)


def _saved_participant(
    state: GameState, value: Any, side: str, fail: Callable[..., SourceError]
) -> Participant:
    uid = value.get("id") if isinstance(value, dict) else None
    needle = f'"id": {json.dumps(uid)}' if isinstance(uid, str) else '"follow_ups"'
    where = f"follow_ups: a participant of the {side}"
    if not isinstance(value, dict) or not isinstance(uid, str) or not uid:
        raise fail(f"{where} must be an object with its id (the counter's uid)", needle)
    if unknown := [k for k in value if k not in PARTICIPANT_KEYS]:
        raise fail(f"{where} ({uid}): unknown key {str(unknown[0])[:40]!r}", needle)
    raw = value.get("unit")
    if not isinstance(raw, dict):
        raise fail(f"{where} ({uid}): unit must be an object of capabilities", needle)
    try:
        unit = _saved_unit(raw, f"follow_ups participant {uid}", state.ruleset)
    except (UnitDataError, ValueError, TypeError) as exc:
        raise fail(f"{where} ({uid}): {exc}"[:300], needle) from exc
    kinds = {"count": int, "range": int, "elevation": int, "across": str, "hex": str,
             "stack": str, "terrain": str, "counted": bool}  # fmt: skip
    given: dict[str, Any] = {}
    for key, kind in kinds.items():
        item = value.get(key)
        if item is not None and (
            not isinstance(item, kind) or (isinstance(item, bool) and kind is not bool)
        ):
            raise fail(
                f"{where} ({uid}): {key} must be {kind.__name__}, not {item!r}"[:200], needle
            )
        if item is not None:
            given[key] = item
    if given.get("count", 1) < 1 or not 1 <= given.get("range", 1) <= 99:
        raise fail(f"{where} ({uid}): count and range must be 1 or more", needle)
    status = _status(state, value.get("status"), uid, unit, fail, (needle, '"follow_ups"'))
    return Participant(unit, id=uid, status=status, **given)


def _saved_follow_up(
    value: Any, i: int, ids: set[str | None], fail: Callable[..., SourceError]
) -> FollowUp:
    key = value.get("key") if isinstance(value, dict) else None
    needle = f'"key": {json.dumps(key)}' if isinstance(key, str) else '"pending"'
    where = f"follow_ups: pending entry {i}"
    if not isinstance(value, dict):
        raise fail(f"{where} must be an object ({', '.join(FOLLOW_UP_KEYS)})", needle)
    if unknown := [k for k in value if k not in FOLLOW_UP_KEYS]:
        raise fail(f"{where}: unknown key {str(unknown[0])[:40]!r}", needle)
    for name in ("key", "kind", "rule", "text"):
        if not isinstance(value.get(name), str) or not value[name] or len(value[name]) > 500:
            raise fail(f"{where}: {name} must be text, not {value.get(name)!r}"[:200], needle)
    side, chooser = value.get("side"), value.get("chooser")
    if side not in ("attacker", "defender") or chooser not in (None, "attacker", "defender"):
        raise fail(f"{where}: side and chooser must be attacker or defender", needle)
    target, choices = value.get("target"), value.get("choices", [])
    if target is not None and target not in ids:
        raise fail(f"{where}: target {str(target)[:40]!r} is not a unit that fought", needle)
    if not isinstance(choices, list) or any(c not in ids for c in choices):
        raise fail(f"{where}: choices must list units that fought, not {choices!r}"[:200], needle)
    modifier = value.get("modifier", 0)
    if isinstance(modifier, bool) or not isinstance(modifier, int) or abs(modifier) > 99:
        raise fail(f"{where}: modifier must be a whole number, not {modifier!r}"[:200], needle)
    return FollowUp(
        value["key"], value["kind"], side, value["rule"], value["text"], target,
        _saved_die(value.get("die"), where, needle, fail), modifier, tuple(choices), chooser,
    )  # fmt: skip


def _saved_die(
    value: Any, where: str, needle: str, fail: Callable[..., SourceError]
) -> DieSpec | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise fail(f"{where}: die must be an object (purpose, sides, count) or null", needle)
    purpose, sides, count = value.get("purpose"), value.get("sides"), value.get("count", 1)
    rule, side = value.get("rule", ""), value.get("side")
    if (
        not isinstance(purpose, str)
        or not _is_die(sides, MAX_DIE)
        or sides < 2
        or not _is_die(count, 10)
        or not isinstance(rule, str)
        or side not in (None, "attacker", "defender")
    ):
        raise fail(f"{where}: die must have a purpose, 2 to {MAX_DIE} sides and a count", needle)
    return DieSpec(purpose, sides, count=count, rule=rule, side=side, follow_up=True)
