"""Reading and checking a ruleset file (docs/ruleset-file.md): every problem at its file:line in
one run, never an exception escaping, hostile sizes refused by name before they are walked."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any, cast

from hexcombat.rulesets.datafile import model as m
from hexcombat.rulesets.datafile.tables import roll_totals
from hexcombat.sourcefile import KeyPath, Problem, SourceError, TomlSource, read_capped

CHECKER_DEFECT = "hexcombat could not check this file (a defect of hexcombat, please report it)"
"""What a file that trips the checker itself is told: it is refused, the program runs on."""
MAX_BYTES = 256 * 1024
"""A ruleset file is a page or two of text; a bigger one is refused unread."""
MAX = {
    "rules": 200,
    "dice": 8,
    "columns": 50,
    "rows": 200,
    "terrain": 100,
    "hexsides": 50,
    "conditions": 100,
    "modifiers": 200,
    "when": 10,
    "results": 100,
    "effects": 10,
    "values": 100,
    "types": 100,
    "sizes": 20,
    "states": 50,
    "choices": 50,
    "glossary": 100,
}
MAX_SIDES, MAX_COUNT, MAX_AMOUNT, MAX_SHIFT, MAX_DICE = 100, 4, 99, 20, 8
MAX_TEXT = 300
MAX_NUMBER = 9999
"""The largest (and, negated, the least) number a condition compares a unit's value with."""
ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")
WORD = re.compile(r"^[a-z0-9]+(_[a-z0-9]+)*$")
"""A glossary's key: a word of a report total's key, or words joined by ``_`` (``aeca_res``)."""
RULE = re.compile(r"^\S{1,20}$")
CODE = re.compile(r"^[A-Za-z0-9/+*_.-]{1,12}$")
RANGE = re.compile(r"^([+-]?\d{1,6})(?:\.\.([+-]?\d{1,6}))?$")
ODDS = re.compile(r"^(\d{1,4}):(\d{1,4})$")
SIDES = ("attacker", "defender")
TEST_PARAMS: Mapping[str, frozenset[str]] = {
    "type-present": frozenset({"side", "type"}),
    "type-absent": frozenset({"side", "type"}),
    "all-type": frozenset({"side", "type"}),
    "value-present": frozenset({"side", "value"}),
    "state-present": frozenset({"side", "state"}),
    "terrain": frozenset({"terrain"}),
    "any-across": frozenset({"hexside"}),
    "all-across": frozenset({"hexside"}),
    "condition": frozenset({"condition", "value"}),
    "any-unit": frozenset({"side", "value", "at_least", "at_most", "is"}),
    "every-unit": frozenset({"side", "value", "at_least", "at_most", "is"}),
}
UNIT_TESTS = ("any-unit", "every-unit")
"""Conditions over a value the player names, of the units on a side."""
EFFECT_PARAMS: Mapping[str, frozenset[str]] = {
    "eliminate": frozenset({"side"}),
    "lose-steps": frozenset({"side", "amount"}),
    "lose-points": frozenset({"side", "amount"}),
    "exchange": frozenset({"side"}),
    "retreat": frozenset({"side", "hexes", "chooser"}),
    "state": frozenset({"side", "state"}),
    "advance": frozenset({"side", "hexes"}),
}
SHARED_VALUES = ("attack", "defence", "movement")
TOP = {
    "schema",
    "game",
    "rules",
    "dice",
    "table",
    "units",
    "terrain",
    "hexsides",
    "conditions",
    "modifiers",
    "limits",
    "states",
    "results",
    "glossary",
}


def is_ruleset_data(data: Mapping[str, Any]) -> bool:
    """Whether parsed TOML is a ruleset file: a top-level ``schema`` beside a ``[game]`` table."""
    return "schema" in data and isinstance(data.get("game"), dict)


def load_ruleset_file(path: str | Path, builtin_ids: tuple[str, ...] = ()) -> m.RulesetFile:
    """The checked ruleset file at ``path``; :class:`SourceError` lists every problem."""
    path = Path(path)
    try:
        raw = read_capped(path, MAX_BYTES)
    except OSError as exc:
        raise SourceError([Problem(str(path), 1, f"cannot read the file: {exc}")]) from exc
    if len(raw) > MAX_BYTES:
        message = f"a ruleset file is at most {MAX_BYTES // 1024} kB: this one is not read"
        raise SourceError([Problem(str(path), 1, message)])
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SourceError([Problem(str(path), 1, f"cannot read the file: {exc}")]) from exc
    return replace(ruleset_from_source(TomlSource.parse(text, path), builtin_ids), text=text)


def ruleset_from_source(source: TomlSource, builtin_ids: tuple[str, ...] = ()) -> m.RulesetFile:
    """The checked ruleset in ``source``; :class:`SourceError` lists every problem."""
    reader = _Reader(source, builtin_ids)
    try:
        found = reader.read()
    except RecursionError:  # nothing here recurses; kept so no exception escapes
        reader.add((), "the file is nested too deeply to read")
        found = None
    except (TypeError, ValueError, KeyError, AttributeError) as exc:  # a checker defect
        reader.add((), f"{CHECKER_DEFECT}: {type(exc).__name__}: {exc}")
        found = None
    if reader.problems or found is None:
        reader.problems.sort(key=lambda p: p.line)  # in the file's order, as a player reads it
        raise SourceError(reader.problems or [source.problem((), "the file cannot be read")])
    return found


def ruleset_file_problems(path: str | Path, builtin_ids: tuple[str, ...] = ()) -> list[Problem]:
    """Every problem of the ruleset file at ``path`` (empty: it plays), its size included."""
    try:
        load_ruleset_file(path, builtin_ids)
    except SourceError as exc:
        return exc.problems
    return []


def ruleset_problems(source: TomlSource, builtin_ids: tuple[str, ...] = ()) -> list[Problem]:
    """Every problem of the ruleset file in ``source`` (empty: it plays)."""
    try:
        ruleset_from_source(source, builtin_ids)
    except SourceError as exc:
        return exc.problems
    return []


class _Reader:
    """Walks the parsed data once, collecting problems; each part is read even when an earlier
    part is wrong, so one run says everything."""

    def __init__(self, source: TomlSource, builtin_ids: tuple[str, ...]) -> None:
        self.source = source
        self.builtin = builtin_ids
        self.problems: list[Problem] = []
        self.rules: dict[str, str] = {}

    # small readers: each returns a usable default after recording its problem

    def add(self, where: KeyPath, message: str) -> None:
        self.problems.append(self.source.problem(where, message))

    def table(self, where: KeyPath, value: object, required: bool = True) -> dict[str, Any]:
        if value is None and not required:
            return {}
        if not isinstance(value, dict):
            self.add(
                where,
                f"{_name(where)} must be a table"
                if value is not None
                else f"{_name(where)} is missing",
            )
            return {}
        return value

    def keys(
        self, where: KeyPath, data: Mapping[str, Any], allowed: set[str] | frozenset[str]
    ) -> None:
        for key in data:
            if key not in allowed:
                known = ", ".join(sorted(allowed))
                self.add((*where, key), f"unknown key {_name((*where, key))}; allowed: {known}")

    def text(self, where: KeyPath, value: object, required: bool = True, default: str = "") -> str:
        if value is None:
            if required:
                self.add(where, f"{_name(where)} is missing")
            return default
        if not isinstance(value, str) or not value.strip():
            self.add(where, f"{_name(where)} must be text")
            return default
        if len(value) > MAX_TEXT:
            self.add(where, f"{_name(where)} is longer than {MAX_TEXT} characters")
            return value[:MAX_TEXT]
        return value

    def whole(self, where: KeyPath, value: object, low: int, high: int, default: int = 0) -> int:
        if value is None:
            return default
        if isinstance(value, bool) or not isinstance(value, int):
            self.add(where, f"{_name(where)} must be a whole number")
            return default
        if not low <= value <= high:
            self.add(where, f"{_name(where)} must be from {low} to {high}, not {value}")
            return default
        return value

    def flag(self, where: KeyPath, value: object) -> bool:
        if value is None:
            return False
        if not isinstance(value, bool):
            self.add(where, f"{_name(where)} must be true or false")
            return False
        return value

    def one_of(
        self,
        where: KeyPath,
        value: object,
        allowed: tuple[str, ...],
        default: str | None,
        required: bool = False,
    ) -> str | None:
        if value is None:
            if required:
                self.add(where, f"{_name(where)} is missing: one of {', '.join(allowed)}")
            return default
        if value not in allowed:
            self.add(
                where, f"{_name(where)} must be one of {', '.join(allowed)}, not {_short(value)}"
            )
            return default
        return cast(str, value)

    def rule(self, where: KeyPath, value: object, required: bool = True) -> str:
        if value is None and not required:
            return ""
        ref = self.text(where, value)
        if ref and ref not in self.rules:
            self.add(where, f"rule {_short(ref)} is not among the file's [rules]")
        return ref

    def sized(self, where: KeyPath, value: object, what: str, kind: type) -> Any:
        """``value`` as a ``kind`` (list or dict) no longer than its bound, else empty."""
        if value is None:
            return kind()
        if not isinstance(value, kind):
            self.add(where, f"{_name(where)} must be {'a list' if kind is list else 'a table'}")
            return kind()
        if len(value) > MAX[what]:
            self.add(where, f"{_name(where)} has {len(value):,} entries: at most {MAX[what]}")
            return kind()
        return value

    # the file

    def read(self) -> m.RulesetFile | None:
        data = self.source.data
        self.keys((), data, TOP)
        schema = data.get("schema")
        if schema is None:
            self.add((), "schema is missing: a ruleset file starts with schema = 1")
        elif schema != m.SCHEMA or isinstance(schema, bool):
            self.add(
                ("schema",),
                f"schema {_short(schema)} is not one this program reads: it reads {m.SCHEMA}",
            )
        self.read_rules(data.get("rules"))
        game = self.table(("game",), data.get("game"))
        self.keys(("game",), game, {"id", "title", "rounding", "steps"})
        game_id = self.text(("game", "id"), game.get("id"))
        if game_id and not ID.match(game_id):
            self.add(
                ("game", "id"),
                "game.id must be lower-case letters, digits and hyphens (at most 40)",
            )
        elif game_id in self.builtin:
            self.add(("game", "id"), f"game.id {game_id!r} is a built-in ruleset's id")
        title = self.text(("game", "title"), game.get("title"))
        rounding = self.one_of(
            ("game", "rounding"), game.get("rounding"), ("down", "up", "exact"), "down"
        )
        steps = self.flag(("game", "steps"), game.get("steps"))
        dice = self.read_dice(data.get("dice"))
        units = self.table(("units",), data.get("units"), required=False)
        self.keys(("units",), units, {"attack", "defence", "types", "sizes", "values"})
        types = self.names(("units", "types"), units.get("types"), "types")
        sizes = self.names(("units", "sizes"), units.get("sizes"), "sizes")
        values = self.read_values(units.get("values"))
        ints = {v.key for v in values if v.kind == "int"}
        strengths = {}
        for key in ("attack", "defence"):
            name = self.text(("units", key), units.get(key), required=False, default=key)
            if name not in SHARED_VALUES and name not in ints:
                self.add(
                    ("units", key),
                    f"units.{key} {_short(name)} is neither a counter value "
                    f"({', '.join(SHARED_VALUES)}) nor an int value of [units.values]",
                )
            strengths[key] = name
        states = self.read_states(data.get("states"))
        terrain = self.features("terrain", data.get("terrain"))
        hexsides = self.features("hexsides", data.get("hexsides"))
        conditions = self.read_conditions(data.get("conditions"))
        limits = self.read_limits(data.get("limits"))
        glossary = self.read_glossary(data.get("glossary"))
        names = _Names(
            types,
            {v.key: v for v in values},
            {s.key for s in states},
            set(terrain),
            set(hexsides),
            {c.key: c for c in conditions},
        )
        modifiers = self.read_modifiers(data.get("modifiers"), names)
        results = self.read_results(data.get("results"), steps, names.states)
        table = self.read_table(data.get("table"), dice, set(results))
        for kind, features in (("terrain", terrain), ("hexsides", hexsides)):
            for key, f in features.items():
                self.within_limits((kind, key), f.shift, f.drm, limits, dice)
        for i, mod in enumerate(modifiers):
            self.within_limits(("modifiers", i), mod.shift, mod.drm, limits, dice)
        if self.problems or table is None:
            return None
        return m.RulesetFile(
            path=self.source.name,
            id=game_id,
            title=title,
            rounding=cast(m.Rounding, rounding),
            steps=steps,
            rules=dict(self.rules),
            dice=dice,
            table=table,
            attack_value=strengths["attack"],
            defence_value=strengths["defence"],
            types=types,
            sizes=sizes,
            values=values,
            terrain=terrain,
            hexsides=hexsides,
            conditions=conditions,
            modifiers=modifiers,
            limits=limits,
            states=states,
            results=results,
            glossary=glossary,
        )

    def read_glossary(self, value: object) -> dict[str, str]:
        """``[glossary]``: the game's own words as its rules write them, by the lower-case word
        its report's totals are keyed with (``sp = "SPs"``); a tutorial spells totals so."""
        found: dict[str, str] = {}
        for key, words in self.sized(("glossary",), value, "glossary", dict).items():
            if not WORD.match(key) or len(key) > 40:
                self.add(
                    ("glossary", key),
                    f"glossary key {_short(key)} must be lower-case words joined by _ "
                    "(at most 40 characters)",
                )
                continue
            said = self.text(("glossary", key), words)
            if said:
                found[key] = said
        return found

    def read_rules(self, value: object) -> None:
        rules = self.sized(("rules",), value, "rules", dict)
        if value is None:
            self.add((), "[rules] is missing: the rule references every step cites")
        for key, text in rules.items():
            if not RULE.match(key):
                self.add(
                    ("rules", key),
                    f"rule reference {_short(key)} must be 1 to 20 characters without spaces",
                )
                continue
            self.rules[key] = self.text(("rules", key), text)

    def names(self, where: KeyPath, value: object, what: str) -> tuple[str, ...]:
        found: list[str] = []
        for i, name in enumerate(self.sized(where, value, what, list)):
            if not isinstance(name, str) or not name.strip() or len(name) > 40:
                self.add((*where, i), f"{_name(where)} holds names (text of 1 to 40 characters)")
            elif name in found:
                self.add((*where, i), f"{_short(name)} is listed twice")
            else:
                found.append(name)
        return tuple(found)

    def read_dice(self, value: object) -> tuple[m.DieEntry, ...]:
        entries = self.sized(("dice",), value, "dice", list)
        if not entries:
            self.add(("dice",), "[[dice]] is missing: at least one die the table is read with")
        found: list[m.DieEntry] = []
        for i, d in enumerate(entries):
            where = ("dice", i)
            d = self.table(where, d)
            self.keys(where, d, {"name", "sides", "count", "read", "side", "rule"})
            name = self.text((*where, "name"), d.get("name"), default="combat die")
            sides = self.whole((*where, "sides"), d.get("sides"), 2, MAX_SIDES, 6)
            if d.get("sides") is None:
                self.add(where, "the die's sides are missing (sides = 6)")
            count = self.whole((*where, "count"), d.get("count"), 1, MAX_COUNT, 1)
            if sum(e.count for e in found) + count > MAX_DICE:
                self.add(where, f"at most {MAX_DICE} dice in all are rolled for one combat")
                break
            read = self.one_of((*where, "read"), d.get("read"), ("sum", "d66"), "sum")
            if read == "d66" and (sides != 6 or count != 2 or len(entries) != 1):
                self.add(
                    (*where, "read"),
                    "a d66 roll is two d6 (sides = 6, count = 2), the only [[dice]] entry",
                )
            side = self.one_of((*where, "side"), d.get("side"), SIDES, None)
            rule = self.rule((*where, "rule"), d.get("rule"))
            if any(e.name == name for e in found):
                self.add((*where, "name"), f"two dice are named {_short(name)}")
            found.append(m.DieEntry(name, sides, count, cast(Any, read), cast(Any, side), rule))
        return tuple(found)

    def read_values(self, value: object) -> tuple[m.ValueDecl, ...]:
        found = []
        for key, v in self.sized(("units", "values"), value, "values", dict).items():
            where = ("units", "values", key)
            v = self.table(where, v)
            self.keys(where, v, {"kind", "label", "rule", "choices"})
            if key in SHARED_VALUES or not ID.match(key.replace("_", "-")):
                self.add(
                    where,
                    f"value {_short(key)} must be a new name of lower-case letters, digits, - or _",
                )
            kind = self.one_of(
                (*where, "kind"), v.get("kind"), ("bool", "int", "choice"), "bool", True
            )
            choices = self.names((*where, "choices"), v.get("choices"), "choices")
            if kind == "choice" and not choices:
                self.add(where, "a choice value needs choices = [...]")
            found.append(
                m.ValueDecl(
                    key,
                    cast(Any, kind),
                    self.text((*where, "label"), v.get("label")),
                    self.rule((*where, "rule"), v.get("rule")),
                    choices,
                )
            )
        return tuple(found)

    def read_states(self, value: object) -> tuple[m.StateDecl, ...]:
        found = []
        for key, s in self.sized(("states",), value, "states", dict).items():
            where = ("states", key)
            s = self.table(where, s)
            self.keys(where, s, {"label", "short", "rule"})
            if not ID.match(key) or key == "good-order":
                self.add(
                    where, f"state {_short(key)} must be lower-case letters, digits and hyphens"
                )
            label = self.text((*where, "label"), s.get("label"))
            short = self.text(
                (*where, "short"), s.get("short"), required=False, default=label[:1].upper()
            )
            found.append(
                m.StateDecl(key, label, short[:3], self.rule((*where, "rule"), s.get("rule")))
            )
        return tuple(found)

    def features(self, kind: str, value: object) -> dict[str, m.Feature]:
        found = {}
        entries = self.sized((kind,), value, kind, dict)
        if kind == "terrain" and not entries:
            self.add((kind,), "[terrain] is missing: at least the terrain a defender may be in")
        for key, f in entries.items():
            where = (kind, key)
            f = self.table(where, f)
            allowed = {"label", "rule", "attack", "defence", "shift", "drm", "prohibited"}
            self.keys(where, f, allowed | ({"when"} if kind == "hexsides" else set()))
            if not ID.match(key):
                self.add(
                    where, f"{kind} {_short(key)} must be lower-case letters, digits and hyphens"
                )
            found[key] = m.Feature(
                key=key,
                label=self.text((*where, "label"), f.get("label"), required=False, default=key),
                rule=self.rule((*where, "rule"), f.get("rule")),
                attack=cast(
                    Any,
                    self.one_of((*where, "attack"), f.get("attack"), ("doubled", "halved"), None),
                ),
                defence=cast(
                    Any,
                    self.one_of((*where, "defence"), f.get("defence"), ("doubled", "halved"), None),
                ),
                shift=self.whole((*where, "shift"), f.get("shift"), -MAX_SHIFT, MAX_SHIFT),
                drm=self.whole((*where, "drm"), f.get("drm"), -MAX_SHIFT, MAX_SHIFT),
                prohibited=self.flag((*where, "prohibited"), f.get("prohibited")),
                when=cast(Any, self.one_of((*where, "when"), f.get("when"), ("any", "all"), "any")),
            )
        return found

    def read_conditions(self, value: object) -> tuple[m.ConditionDecl, ...]:
        found = []
        for key, c in self.sized(("conditions",), value, "conditions", dict).items():
            where = ("conditions", key)
            c = self.table(where, c)
            self.keys(where, c, {"kind", "label", "rule", "choices", "default"})
            if not ID.match(key.replace("_", "-")) or key in ("terrain", "weather", "date", "crt"):
                self.add(
                    where,
                    f"condition {_short(key)} must be a new name of lower-case letters, digits, "
                    "- or _",
                )
            kind = self.one_of((*where, "kind"), c.get("kind"), ("bool", "choice"), "bool", True)
            choices = self.names((*where, "choices"), c.get("choices"), "choices")
            default: bool | str = False
            if kind == "choice":
                if not choices:
                    self.add(where, "a choice condition needs choices = [...]")
                default = c.get("default", choices[0] if choices else "")
                if choices and default not in choices:
                    self.add(
                        (*where, "default"), f"default {_short(default)} is not one of its choices"
                    )
            elif "default" in c:
                default = self.flag((*where, "default"), c.get("default"))
            found.append(
                m.ConditionDecl(
                    key,
                    cast(Any, kind),
                    self.text((*where, "label"), c.get("label")),
                    self.rule((*where, "rule"), c.get("rule")),
                    choices,
                    default,
                )
            )
        return tuple(found)

    def read_limits(self, value: object) -> m.Limits:
        data = self.table(("limits",), value, required=False)
        self.keys(("limits",), data, {"shift_min", "shift_max", "drm_min", "drm_max", "rule"})
        bounds = {
            k: (
                self.whole(("limits", k), data.get(k), -MAX_SHIFT, MAX_SHIFT) if k in data else None
            )
            for k in ("shift_min", "shift_max", "drm_min", "drm_max")
        }
        for low, high in (("shift_min", "shift_max"), ("drm_min", "drm_max")):
            lo, hi = bounds[low], bounds[high]
            if lo is not None and hi is not None and lo > hi:
                self.add(("limits", low), f"limits.{low} {lo} is above limits.{high} {hi}")
        rule = self.rule(("limits", "rule"), data.get("rule"), required=bool(data))
        return m.Limits(rule=rule, **bounds)

    def within_limits(
        self, where: KeyPath, shift: int, drm: int, limits: m.Limits, dice: tuple[m.DieEntry, ...]
    ) -> None:
        if (
            limits.shift_min is not None
            and shift < limits.shift_min
            or (limits.shift_max is not None and shift > limits.shift_max)
        ):
            self.add(
                (*where, "shift"),
                f"a shift of {shift:+d} is beyond the limits "
                f"{limits.shift_min}..{limits.shift_max} ({limits.rule})",
            )
        if (
            limits.drm_min is not None
            and drm < limits.drm_min
            or (limits.drm_max is not None and drm > limits.drm_max)
        ):
            self.add(
                (*where, "drm"),
                f"a DRM of {drm:+d} is beyond the limits "
                f"{limits.drm_min}..{limits.drm_max} ({limits.rule})",
            )
        if drm and any(d.read == "d66" for d in dice):
            self.add(
                (*where, "drm"), "a d66 roll takes no DRM (its rows 11..66 are no number line)"
            )

    def read_modifiers(self, value: object, names: _Names) -> tuple[m.Modifier, ...]:
        found = []
        for i, mod in enumerate(self.sized(("modifiers",), value, "modifiers", list)):
            where = ("modifiers", i)
            mod = self.table(where, mod)
            self.keys(
                where,
                mod,
                {"rule", "text", "when", "shift", "drm", "attack", "defence", "prohibited"},
            )
            tests = tuple(
                t
                for j, raw in enumerate(self.sized((*where, "when"), mod.get("when"), "when", list))
                if (t := self.read_test((*where, "when", j), raw, names)) is not None
            )
            found.append(
                m.Modifier(
                    rule=self.rule((*where, "rule"), mod.get("rule")),
                    text=self.text((*where, "text"), mod.get("text")),
                    when=tests,
                    shift=self.whole((*where, "shift"), mod.get("shift"), -MAX_SHIFT, MAX_SHIFT),
                    drm=self.whole((*where, "drm"), mod.get("drm"), -MAX_SHIFT, MAX_SHIFT),
                    attack=cast(
                        Any,
                        self.one_of(
                            (*where, "attack"), mod.get("attack"), ("doubled", "halved"), None
                        ),
                    ),
                    defence=cast(
                        Any,
                        self.one_of(
                            (*where, "defence"), mod.get("defence"), ("doubled", "halved"), None
                        ),
                    ),
                    prohibited=self.flag((*where, "prohibited"), mod.get("prohibited")),
                )
            )
        return tuple(found)

    def read_test(self, where: KeyPath, raw: object, names: _Names) -> m.Test | None:
        data = self.table(where, raw)
        kind = self.one_of((*where, "kind"), data.get("kind"), tuple(TEST_PARAMS), None, True)
        if kind is None:
            return None
        self.keys(where, data, TEST_PARAMS[kind] | {"kind"})
        side = None
        if "side" in TEST_PARAMS[kind]:
            side = self.one_of((*where, "side"), data.get("side"), SIDES, "attacker", True)
        name, terrains, choice = "", (), None
        lookups: dict[str, tuple[str, Callable[[str], bool]]] = {
            "type": ("unit type of [units] types", lambda n: n in names.types),
            "value": ("true-or-false value of [units.values]", lambda n: n in names.bools),
            "state": ("state of [states]", lambda n: n in names.states),
            "hexside": ("hexside feature of [hexsides]", lambda n: n in names.hexsides),
            "condition": ("condition of [conditions]", lambda n: n in names.conditions),
        }
        if kind in UNIT_TESTS:
            return self.read_unit_test(where, data, cast(m.Side, side), kind, names)
        for param, (what, known) in lookups.items():
            if param in TEST_PARAMS[kind] and not (kind == "condition" and param == "value"):
                name = self.text((*where, param), data.get(param))
                if name and not known(name):
                    self.add((*where, param), f"{_short(name)} is no {what}")
        if kind == "terrain":
            terrains = self.names((*where, "terrain"), data.get("terrain"), "terrain")
            if not terrains:
                self.add((*where, "terrain"), "terrain = [...] names at least one terrain")
            for t in terrains:
                if t not in names.terrain:
                    self.add(
                        (*where, "terrain"),
                        f"terrain {_short(t)} is not among the file's [terrain]",
                    )
        if kind == "condition" and name in names.conditions:
            cond = names.conditions[name]
            if cond.kind == "choice":
                choice = self.text((*where, "value"), data.get("value"))
                if choice and choice not in cond.choices:
                    self.add((*where, "value"), f"{_short(choice)} is not a choice of {name}")
            elif "value" in data:
                self.add((*where, "value"), f"{name} is a check box: it takes no value")
        return m.Test(cast(Any, kind), cast(Any, side), name, terrains, choice)

    def read_unit_test(
        self, where: KeyPath, data: Mapping[str, Any], side: m.Side, kind: str, names: _Names
    ) -> m.Test:
        """``any-unit`` / ``every-unit``: a value of ``[units.values]`` compared as its kind
        allows (an ``int`` with ``at_least`` / ``at_most``, a ``choice`` or ``bool`` with
        ``is``); a value not declared, or compared as another kind, told at its line."""
        name = self.text((*where, "value"), data.get("value"))
        decl = names.values.get(name)
        if name and decl is None:
            known = ", ".join(sorted(names.values)) or "none"
            self.add((*where, "value"), f"{_short(name)} is no value of [units.values] ({known})")
        bounds = {
            k: self.whole((*where, k), data.get(k), -MAX_NUMBER, MAX_NUMBER, 0)
            if k in data
            else None
            for k in ("at_least", "at_most")
        }
        said = data.get("is")
        one_of: tuple[str, ...] = ()
        flag = None
        if decl is not None and decl.kind == "int":
            if "is" in data:
                self.add(
                    (*where, "is"),
                    f"{name} is a whole-number value: compare it with at_least / at_most, not is",
                )
            if bounds["at_least"] is None and bounds["at_most"] is None:
                self.add(where, f"{name} is a whole-number value: give at_least, at_most or both")
            low, high = bounds["at_least"], bounds["at_most"]
            if low is not None and high is not None and low > high:
                self.add((*where, "at_least"), f"at_least {low} is above at_most {high}")
        elif decl is not None:
            for k in ("at_least", "at_most"):
                if k in data:
                    self.add(
                        (*where, k),
                        f"{name} is a {decl.kind} value, no number: compare it with is = "
                        + (
                            "true or false"
                            if decl.kind == "bool"
                            else f"one of {', '.join(map(repr, decl.choices))}"
                        ),
                    )
            if said is None:
                self.add(where, f"{kind} on {name} needs is = ...")
            elif decl.kind == "bool":
                if isinstance(said, bool):
                    flag = said
                else:
                    self.add((*where, "is"), f"{name} is true or false, not {_short(said)}")
            elif not isinstance(said, (str, list)):
                self.add(
                    (*where, "is"),
                    f"{name} is one of its choices or a list of them, not {_short(said)}",
                )
            else:
                one_of = self.names(
                    (*where, "is"), [said] if isinstance(said, str) else said, "choices"
                )
                for choice in one_of:
                    if choice not in decl.choices:
                        self.add(
                            (*where, "is"),
                            f"{_short(choice)} is not a choice of {name} "
                            f"({', '.join(decl.choices)})",
                        )
        return m.Test(
            cast(Any, kind),
            side,
            name,
            at_least=bounds["at_least"],
            at_most=bounds["at_most"],
            one_of=one_of,
            flag=flag,
        )

    def read_results(self, value: object, steps: bool, states: set[str]) -> dict[str, m.ResultDecl]:
        found = {}
        entries = self.sized(("results",), value, "results", dict)
        if not entries:
            self.add(("results",), "[results] is missing: what each result code of the table does")
        for code, r in entries.items():
            where = ("results", code)
            r = self.table(where, r)
            self.keys(where, r, {"text", "rule", "effects"})
            if not CODE.match(code) or code == m.COLUMN:
                self.add(
                    where, f"result code {_short(code)} must be 1 to 12 letters, digits or /+*_.-"
                )
            if "effects" not in r:
                self.add(
                    where, f"result {_short(code)} has no effects = [...] (write [] for no effect)"
                )
            effects = tuple(
                e
                for j, raw in enumerate(
                    self.sized((*where, "effects"), r.get("effects"), "effects", list)
                )
                if (e := self.read_effect((*where, "effects", j), raw, steps, states)) is not None
            )
            found[code] = m.ResultDecl(
                code,
                self.text((*where, "text"), r.get("text")),
                self.rule((*where, "rule"), r.get("rule")),
                effects,
            )
        return found

    def read_effect(
        self, where: KeyPath, raw: object, steps: bool, states: set[str]
    ) -> m.EffectDecl | None:
        data = self.table(where, raw)
        kind = self.one_of((*where, "kind"), data.get("kind"), tuple(EFFECT_PARAMS), None, True)
        if kind is None:
            return None
        params = EFFECT_PARAMS[kind]
        self.keys(where, data, params | {"kind"})
        side = self.one_of((*where, "side"), data.get("side"), SIDES, "defender", True)
        amount = 0
        if "amount" in params:
            amount = self.whole((*where, "amount"), data.get("amount"), 1, MAX_AMOUNT, 1)
            if "amount" not in data:
                self.add(where, f"a {kind} effect needs an amount")
        if "hexes" in params:
            amount = self.whole((*where, "hexes"), data.get("hexes"), 1, MAX_AMOUNT, 1)
            if "hexes" not in data and kind == "retreat":
                self.add(where, "a retreat effect needs hexes = N")
        if kind == "lose-steps" and not steps:
            self.add(
                (*where, "kind"), "lose-steps in a strength-point game: set [game] steps = true"
            )
        if kind in ("lose-points", "exchange") and steps:
            self.add(
                (*where, "kind"), f"{kind} in a step game ([game] steps = true): use lose-steps"
            )
        chooser = self.one_of((*where, "chooser"), data.get("chooser"), ("owner", "opponent"), None)
        state = ""
        if kind == "state":
            state = self.text((*where, "state"), data.get("state"))
            if state and state not in states:
                self.add(
                    (*where, "state"), f"state {_short(state)} is not among the file's [states]"
                )
        return m.EffectDecl(cast(Any, kind), cast(Any, side), amount, cast(Any, chooser), state)

    def read_table(
        self, value: object, dice: tuple[m.DieEntry, ...], codes: set[str]
    ) -> m.Table | None:
        data = self.table(("table",), value)
        self.keys(
            ("table",), data, {"kind", "rule", "columns", "below", "above", "rows", "combine"}
        )
        kind = self.one_of(
            ("table", "kind"), data.get("kind"), ("odds", "differential", "fire"), None, True
        )
        rule = self.rule(("table", "rule"), data.get("rule"))
        combine = cast(
            m.Combine,
            self.one_of(("table", "combine"), data.get("combine"), ("sum", "difference"), "sum"),
        )
        if combine == "difference" and not self.opposed(dice):
            combine = "sum"  # told: the rows are checked against the dice as they are
        columns = self.read_columns(data.get("columns"), kind)
        ends: dict[str, str | None] = {}
        for end in ("below", "above"):
            code = data.get(end)
            ends[end] = None
            if code is not None:
                if not isinstance(code, str) or (code != m.COLUMN and code not in codes):
                    self.add(
                        ("table", end),
                        f'{_short(code)} is neither a result of [results] nor "column"',
                    )
                else:
                    ends[end] = code
        rows = self.read_rows(data.get("rows"), dice, len(columns), codes, combine)
        if kind is None or not columns or rows is None:
            return None
        return m.Table(cast(Any, kind), rule, columns, ends["below"], ends["above"], rows, combine)

    def opposed(self, dice: tuple[m.DieEntry, ...]) -> bool:
        """Whether ``dice`` can be read as an opposed roll (``combine = "difference"``): every
        entry says whose it is, each side rolls at least one; each problem told at its line."""
        sound = True
        for i, entry in enumerate(dice):
            if entry.side is None:
                self.add(
                    ("dice", i),
                    f'dice {_short(entry.name)} has no side: with table.combine = "difference" '
                    'each die says whose it is (side = "attacker" or "defender")',
                )
                sound = False
        for side in SIDES:
            if dice and not any(d.side == side for d in dice):
                self.add(
                    ("table", "combine"),
                    f'table.combine = "difference" reads the attacker\'s dice minus the '
                    f"defender's: no [[dice]] entry has side = {side!r}",
                )
                sound = False
        return sound

    def read_columns(self, value: object, kind: str | None) -> tuple[m.Column, ...]:
        where: KeyPath = ("table", "columns")
        raw = self.sized(where, value, "columns", list)
        if not raw:
            self.add(where, "table.columns is missing: at least one column")
        found: list[m.Column] = []
        for i, label in enumerate(raw):
            if not isinstance(label, str):
                self.add((*where, i), 'a column is text: "3:1" (odds) or "-2..1" (a range)')
                continue
            if kind == "odds":
                match = ODDS.match(label)
                if match is None or int(match.group(1)) == 0 or int(match.group(2)) == 0:
                    self.add(
                        (*where, i), f'odds column {_short(label)} must read a:b ("3:1", "1:2")'
                    )
                    continue
                ratio = Fraction(int(match.group(1)), int(match.group(2)))
                if found and ratio <= found[-1].low:
                    self.add(
                        (*where, i),
                        f"column {label} is not above column {found[-1].label}: odds go from "
                        "the lowest to the highest",
                    )
                found.append(m.Column(label, ratio, ratio))
            elif kind is not None:
                match = RANGE.match(label)
                if match is None:
                    self.add(
                        (*where, i), f'column {_short(label)} must read n or lo..hi ("-2", "3..4")'
                    )
                    continue
                low = int(match.group(1))
                high = int(match.group(2)) if match.group(2) is not None else low
                if high < low:
                    self.add((*where, i), f"column {label}: its bounds are out of order")
                elif found and low != found[-1].high + 1:
                    gap = "overlaps" if low <= found[-1].high else "leaves a gap after"
                    self.add(
                        (*where, i),
                        f"column {label} {gap} column {found[-1].label}: columns follow each other",
                    )
                found.append(m.Column(label, Fraction(low), Fraction(high)))
        return tuple(found)

    def read_rows(
        self,
        value: object,
        dice: tuple[m.DieEntry, ...],
        width: int,
        codes: set[str],
        combine: m.Combine = "sum",
    ) -> tuple[m.Row, ...] | None:
        where: KeyPath = ("table", "rows")
        raw = self.sized(where, value, "rows", dict)
        if not raw:
            self.add(where, "table.rows is missing: one row of results per die total")
            return None
        totals = set(roll_totals(dice, combine)) if dice else set()
        what = "difference" if combine == "difference" else "total"
        low_total, high_total = (min(totals), max(totals)) if totals else (0, 0)
        rows, seen = [], set()
        for key, codes_in in raw.items():
            at = (*where, key)
            match = RANGE.match(key)
            if match is None:
                self.add(
                    at, f'row {_short(key)} must be a die total or a range of them ("3", "4..6")'
                )
                continue
            low = int(match.group(1))
            high = int(match.group(2)) if match.group(2) is not None else low
            if high < low:
                self.add(at, f"row {key}: its bounds are out of order")
                continue
            if totals and (low < low_total or high > high_total):
                self.add(at, f"row {key}: the dice give {what}s {low_total} to {high_total} only")
                continue
            covered = [t for t in range(low, high + 1) if t in totals] if totals else []
            if totals and not covered:
                self.add(at, f"row {key}: the dice never give that {what}")
            again = [t for t in covered if t in seen]
            if again:
                self.add(at, f"row {key} covers the {what} {again[0]} a row above covers too")
            seen.update(covered)
            if not isinstance(codes_in, list) or len(codes_in) > MAX["columns"]:
                self.add(at, f"row {key} must be a list of result codes, one per column")
                continue
            if width and len(codes_in) != width:
                self.add(at, f"row {key} has {len(codes_in)} results for {width} columns")
            for j, code in enumerate(codes_in):
                if not isinstance(code, str) or code not in codes:
                    self.add((*at, j), f"result {_short(code)} has no entry in [results]")
            rows.append(m.Row(low, high, tuple(c for c in codes_in if isinstance(c, str))))
        missing = sorted(totals - seen)
        if missing:
            said = ", ".join(map(str, missing[:10])) + (" ..." if len(missing) > 10 else "")
            whose = "die total" if what == "total" else "difference"
            self.add(
                where, f"no row for the {whose}(s) {said}: every {what} the dice give needs one"
            )
        return tuple(sorted(rows, key=lambda r: r.low))


class _Names:
    """What a modifier's conditions may name, as the file declares it."""

    def __init__(
        self,
        types: tuple[str, ...],
        values: dict[str, m.ValueDecl],
        states: set[str],
        terrain: set[str],
        hexsides: set[str],
        conditions: dict[str, m.ConditionDecl],
    ) -> None:
        self.types, self.values, self.states = set(types), values, states
        self.bools = {k for k, v in values.items() if v.kind == "bool"}
        self.terrain, self.hexsides, self.conditions = terrain, hexsides, conditions


def _name(where: KeyPath) -> str:
    return ".".join(str(p) for p in where) or "the file"


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
