"""Saved games: JSON with a ``format`` version, written atomically (a temporary file in the same
folder, flushed to disk, then renamed over the old save), so a crash never leaves half a save.

A save is self-contained: it embeds the map's TOML text and every counter's full capabilities,
so a game reopens the same even if the map or counter files change or move. Loading never
evaluates anything from the file; every problem names the file and line.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Callable
from dataclasses import fields
from fractions import Fraction
from pathlib import Path
from typing import Any

from hexcombat.board.mapfile import map_from_source
from hexcombat.game.attack import AttackSetup, resolve_attack
from hexcombat.game.conditions import condition_problem
from hexcombat.game.roll import PendingRoll
from hexcombat.game.scenario import load_counter_library
from hexcombat.game.state import (
    MAX_ROLLS,
    CombatLogEntry,
    Counter,
    GameDice,
    GameError,
    GameState,
    side_name_problem,
)
from hexcombat.game.turn import DEFAULT_PHASE, PHASE_NAMES, unknown_phase
from hexcombat.rules.dice import ScriptedDice
from hexcombat.rules.errors import RulesError, UnitDataError
from hexcombat.rules.registry import ruleset_ids
from hexcombat.rules.situation import Conditions
from hexcombat.rules.units import AecValue, Unit, unit_from_mapping
from hexcombat.sourcefile import Problem, SourceError, TomlSource

FORMAT = "hexcombat-save"
VERSION = 1


def _plain(value: Any) -> Any:
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, AecValue):
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
                    "unit": unit_to_json(counter.unit),
                }
            )
    conditions = {f.name: getattr(state.conditions, f.name) for f in fields(Conditions)}
    return {
        "format": FORMAT,
        "version": VERSION,
        "title": state.title,
        "ruleset": state.ruleset,
        "conditions": conditions,
        "phasing_player": state.phasing_player or None,
        "phase": state.phase,
        "seed": state.dice.seed,
        "rolls_used": state.dice.used,
        "map_name": state.hexmap.name,
        "map_toml": map_text,
        "crt_toml": _crt_text(state.conditions.crt),
        "counters": counters,
        "log": [{"text": e.text, "details": e.details} for e in state.log],
        "tutorial": state.tutorial,
        "description": state.description,
        "pending_roll": _pending_to_json(state),
    }


def map_text_of(state: GameState) -> str:
    """The map's TOML text, for embedding (kept on the state when it was loaded)."""
    text = state.map_text
    if text is None and state.hexmap.source is not None:
        text = Path(state.hexmap.source).read_text(encoding="utf-8")
    if text is None:
        raise ValueError("the game's map has no source text to save")
    return text


def save_game(state: GameState, path: str | Path) -> None:
    """Write the game to ``path`` atomically."""
    path = Path(path)
    text = json.dumps(game_to_json(state, map_text_of(state)), indent=1, ensure_ascii=False)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text + "\n")
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _line_of(text: str, needle: str) -> int:
    index = text.find(needle)
    return text.count("\n", 0, index) + 1 if index >= 0 else 1


def load_game(path: str | Path) -> GameState:
    """Read a saved game; any problem raises :class:`SourceError` naming the file and line.

    Nothing in the file is trusted: every value is checked for its type and range before it
    becomes game state, so a damaged or hand-edited save is refused with a message and the game
    already open stays as it was."""
    path = Path(path)
    name = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SourceError([Problem(name, 1, f"cannot read the save: {exc}")]) from exc
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SourceError(
            [Problem(name, exc.lineno, f"not a valid save (JSON): {exc.msg}")]
        ) from exc
    except (ValueError, RecursionError) as exc:  # a number too long, nesting too deep
        raise SourceError([Problem(name, 1, f"not a valid save (JSON): {exc}")]) from exc
    return _game_from_json(data, text, name)


def _game_from_json(data: Any, text: str, name: str) -> GameState:
    def fail(message: str, needle: str = "") -> SourceError:
        return SourceError([Problem(name, _line_of(text, needle) if needle else 1, message)])

    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise fail('not a hexcombat saved game (no "format": "hexcombat-save")')
    if data.get("version") != VERSION:
        raise fail(
            f"saved by a different hexcombat (save format version {data.get('version')!r}; "
            f"this program reads version {VERSION})",
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
    raw_conditions = data.get("conditions", {})
    if not isinstance(raw_conditions, dict):
        raise fail("conditions must be an object of condition: value", '"conditions"')
    crt_text = data.get("crt_toml")
    if crt_text is not None and not isinstance(crt_text, str):
        raise fail("crt_toml must be the text of the game's combat results table", '"crt_toml"')
    raw_conditions = _with_crt(raw_conditions, crt_text)
    if isinstance(data.get("pending_roll"), dict) and isinstance(
        data["pending_roll"].get("conditions"), dict
    ):
        data["pending_roll"]["conditions"] = _with_crt(data["pending_roll"]["conditions"], crt_text)
    for key, value in raw_conditions.items():
        problem = condition_problem(key, value)
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
    phase = data.get("phase", DEFAULT_PHASE)  # saves before the phase was kept: the default
    if phase not in PHASE_NAMES:
        raise fail(unknown_phase(phase), '"phase":')
    player = data.get("phasing_player")
    if player is not None and side_name_problem(player):
        raise fail(
            f"phasing_player must name a side (text) or be null, not {player!r}",
            '"phasing_player":',
        )
    ruleset = data.get("ruleset", "total-war")
    if ruleset not in ruleset_ids():
        raise fail(
            f"unknown ruleset {ruleset!r}; hexcombat knows {', '.join(ruleset_ids())}",
            '"ruleset"',
        )
    title = data.get("title", "")
    if not isinstance(title, str):
        raise fail(f"title must be text, not {title!r}", '"title"')
    state = GameState(
        hexmap,
        ruleset=ruleset,
        conditions=conditions,
        # the shipped counters, so a reopened game adds counters and flips CDA units (14A4)
        library=load_counter_library(ruleset)[0],
        title=title,
        seed=seed,
    )
    state.phase = phase
    state.chosen_phasing_player = player
    state.dice = GameDice(seed, used)
    state.map_text = map_text
    _place_counters(state, data.get("counters", []), fail)
    state.log = _log(data.get("log", []), fail)
    state.tutorial = _lines(data.get("tutorial", []), "tutorial", fail)
    description = data.get("description", "")
    if not isinstance(description, str):
        raise fail(f"description must be text, not {description!r}", '"description"')
    state.description = description
    state.pending_roll = _pending_roll(state, data.get("pending_roll"), fail)
    return state


def _crt_text(crt: str | None) -> str | None:
    """The text of the game's own combat results table, kept in the save as the map is, so the
    save opens the same when the table's file has moved or gone."""
    if crt is None:
        return None
    try:
        return Path(crt).read_text(encoding="utf-8")
    except OSError:
        return None


def _with_crt(conditions: dict[str, Any], crt_text: str | None) -> dict[str, Any]:
    """``conditions`` with ``crt`` pointing at a file holding the saved table's text: its own
    file when that is still there unchanged, else a copy in hexcombat's temporary folder."""
    crt = conditions.get("crt")
    if not isinstance(crt, str) or crt_text is None:
        return conditions
    here = Path(crt)
    if here.is_file() and here.read_text(encoding="utf-8") == crt_text:
        return conditions
    digest = hashlib.sha256(crt_text.encode("utf-8")).hexdigest()[:16]
    copy = Path(tempfile.gettempdir()) / "hexcombat-saved-crt" / f"{digest}.toml"
    if not copy.is_file():
        copy.parent.mkdir(parents=True, exist_ok=True)
        copy.write_text(crt_text, encoding="utf-8")
    return {**conditions, "crt": str(copy)}


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
        "conditions": {f.name: getattr(setup.conditions, f.name) for f in fields(Conditions)},
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
    if not isinstance(rolls, list) or not all(_is_die(r) for r in rolls) or not rolls:
        raise fail(f"pending_roll: rolls must be the dice rolled (1 to 6), not {rolls!r}", where)
    if not isinstance(conditions, dict):
        raise fail("pending_roll: conditions must be an object", where)
    for key, item in conditions.items():
        problem = condition_problem(key, item)
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
        raise fail(f"pending_roll: the attack rolls {dice.used} dice, not {len(rolls)}", where)
    typed = value.get("typed", False)
    if not isinstance(typed, bool):
        raise fail(f"pending_roll: typed must be true or false, not {typed!r}", where)
    return PendingRoll(resolution, tuple(rolls), typed, state.log[-1])


def _is_die(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 6


def _place_counters(state: GameState, counters: Any, fail: Callable[..., SourceError]) -> None:
    hexmap = state.hexmap
    if not isinstance(counters, list):
        raise fail("counters must be a list", '"counters"')
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
            unit = unit_from_mapping(raw_unit, f"counter {uid}")
            h = hexmap.hex_at(label)
        except (UnitDataError, ValueError, TypeError) as exc:
            raise fail(str(exc), needle) from exc
        side = entry.get("side")
        if problem := side_name_problem(side):
            raise fail(f"counter {uid}: {problem}", needle)
        holder = state.side_at(h)
        if holder is not None and holder != side:
            raise fail(f"hex {hexmap.label(h)} holds both {holder} and {side}", needle)
        counter_id = entry.get("counter")
        state.place(
            Counter(uid, unit, side, counter_id if isinstance(counter_id, str) else None),
            h,
            index=len(state.stack_at(h)),
        )


def _lines(value: Any, key: str, fail: Callable[..., SourceError], needle: str = "") -> list[str]:
    """A list of text lines, or a message naming ``key``."""
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise fail(f"{key} must be a list of text lines, not {value!r}"[:200], needle or f'"{key}"')
    return list(value)


def _log(value: Any, fail: Callable[..., SourceError]) -> list[CombatLogEntry]:
    """The combat log: each entry its text and the lines of its working."""
    if not isinstance(value, list):
        raise fail(f"log must be a list of combats, not {value!r}"[:200], '"log"')
    entries = []
    for i, entry in enumerate(value):
        if not isinstance(entry, dict) or not isinstance(entry.get("text"), str):
            raise fail(f"log entry {i + 1} must be an object with its text", '"log"')
        details = _lines(entry.get("details", []), f"log entry {i + 1} details", fail, '"log"')
        entries.append(CombatLogEntry(entry["text"], details))
    return entries
