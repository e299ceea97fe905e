"""What both operational rulesets share: odds, the combat results table, the chance of each
outcome, and drawing a die roll modifier that the Armour Effects Table gives as a chance.

The rules excerpts give no combat results table. ``crt_generic.toml`` is a clearly labelled
generic table with the Europa result codes, every entry ``assumed``; a player replaces it with
their rulebook's by pointing ``load_crt`` at their own file.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from hexcombat.paths import charts_dir
from hexcombat.rules.charts import entry_provenance, load_chart
from hexcombat.rules.dice import MAX_DIE, Dice
from hexcombat.rules.errors import IllegalAttackError
from hexcombat.rules.explain import Explanation, Provenance, fmt
from hexcombat.rules.odds import whole_odds
from hexcombat.rules.report import SideResult
from hexcombat.rulesets.europa.chances import chance_dice
from hexcombat.rulesets.europa.vocabulary import CHANCE_DIE, COMBAT_DIE
from hexcombat.sourcefile import Problem, TomlSource

GENERIC_CRT = charts_dir() / "europa" / "crt_generic.toml"
RESULT_CODES = ("AE", "AH", "AR", "AS", "EX", "HX", "DH", "DR", "DE")
"""The Europa combat result codes (docs/rules.md)."""
MAX_ROLL = 1000
"""The largest modified roll (either sign) a table's row may name. A table's rows run from its
lowest modified roll to its highest without a gap, so each is checked one by one: a d100 with
every modifier of any rulebook stays far inside a thousand, and a row for roll 10**12 is refused
at its line rather than making the table check count to it."""
MAX_RETREAT = 20
"""The most hexes a result may make a side retreat. Europa tables retreat one or two hexes; the
retreat search walks hex by hex, keeping a path for every hex reached, so a longer retreat than
any table prints is refused rather than searched."""


@dataclass(frozen=True)
class ResultEffect:
    """What a result code does to each side."""

    code: str
    text: str
    attacker: SideResult
    defender: SideResult
    advance: bool
    exchange: bool
    """The attacker loses at least as many strength points as the defender lost (EX, HX)."""
    provenance: Provenance
    rule: str


@dataclass(frozen=True)
class CombatResultsTable:
    """A combat results table: odds columns x modified die rolls -> result codes."""

    title: str
    die: int
    columns: tuple[str, ...]
    """Odds columns from worst to best for the attacker, e.g. ``1:4`` ... ``9:1``."""
    min_roll: int
    max_roll: int
    rows: Mapping[int, tuple[str, ...]]
    row_provenance: Mapping[int, tuple[Provenance, str]]
    effects: Mapping[str, ResultEffect]
    rule: str
    """The reference to cite for the table (``CRT`` when the texts give none)."""
    below_lowest: str | None = None
    """The result of odds below the lowest column, whatever the roll; None: such an attack may
    not be made."""
    below_lowest_provenance: tuple[Provenance, str] = ("assumed", "CRT")

    @property
    def below_column(self) -> str:
        """The pseudo-column for odds below the lowest one, e.g. ``below 1:4``."""
        return f"below {self.columns[0]}"

    def result(self, column: str, modified_roll: int) -> str:
        """The result code in ``column`` for a modified roll (clamped to the table's rows)."""
        if column == self.below_column and self.below_lowest is not None:
            return self.below_lowest
        roll = max(self.min_roll, min(self.max_roll, modified_roll))
        return self.rows[roll][self.columns.index(column)]

    def outcome_distribution(
        self, column: str, drm_distribution: Mapping[int, Fraction]
    ) -> dict[str, Fraction]:
        """Exact probability of each result code, over the DRM chances and every die face."""
        chances: dict[str, Fraction] = {}
        for drm, p_drm in sorted(drm_distribution.items()):
            for face in range(1, self.die + 1):
                code = self.result(column, face + drm)
                chances[code] = chances.get(code, Fraction(0)) + p_drm / self.die
        return {code: chances[code] for code in RESULT_CODES if code in chances} | {
            code: p for code, p in chances.items() if code not in RESULT_CODES
        }


def odds(attack: Fraction | int, defence: Fraction | int) -> tuple[int, int]:
    """Attack to defence strength as whole odds, rounded in the defender's favour.

    >>> odds(10, 3)
    (3, 1)
    >>> odds(5, 12)
    (1, 3)
    """
    attack, defence = Fraction(attack), Fraction(defence)
    if attack <= 0:
        raise IllegalAttackError("the attackers have no attack strength")
    if defence <= 0:
        raise IllegalAttackError("the defenders have no defence strength to compute odds against")
    return whole_odds(attack, defence)


def odds_column(crt: CombatResultsTable, ratio: tuple[int, int], ex: Explanation) -> str:
    """The CRT column for ``ratio``; odds beyond the table use its last column, with a step.

    Odds below the lowest column get what the chart's ``below_lowest`` says (every roll gives
    that result), with a step; a chart that says nothing makes them an illegal attack rather than
    quietly rolling on the lowest column, which would favour the attacker.
    """
    a, d = ratio
    value = Fraction(a, d)
    label = f"{a}:{d}"
    lowest = crt.columns[0]
    if value < _column_value(lowest):
        if crt.below_lowest is None:
            raise IllegalAttackError(
                f"odds {label} are below the lowest column ({lowest}) of {crt.title}, and the "
                "chart does not say what happens below it (below_lowest): the attack may not "
                "be made at these odds",
                crt.rule,
            )
        provenance, rule = crt.below_lowest_provenance
        effect = crt.effects[crt.below_lowest]
        ex.add(
            rule,
            f"odds {label} are below the table's lowest column ({lowest}): every roll gives "
            f"{describe_effect(effect)}",
            crt.below_column,
            provenance=provenance,
            kind="result",
        )
        return crt.below_column
    best = lowest
    for column in crt.columns:
        if _column_value(column) <= value:
            best = column
    if label != best:
        ex.add(
            crt.rule,
            f"odds {label} are off the table's columns; the {best} column is used",
            best,
            provenance="assumed",
            kind="shift",
        )
    return best


def _column_value(column: str) -> Fraction:
    """``"1:4"`` as the ratio 1/4."""
    a, d = (int(x) for x in column.split(":"))
    return Fraction(a, d)


def chance_die(distribution: Mapping[int, Fraction]) -> int:
    """The die used to draw a DRM given as chances: d6 for sixths, d10 for tenths, else d100."""
    denominators = math.lcm(*(p.denominator for p in distribution.values()))
    sides = chance_dice(denominators)
    if sides is not None:
        return sides
    raise ValueError(f"cannot draw chances with denominator {denominators} on a d6, d10 or d100")


def draw_drm(distribution: Mapping[int, Fraction], dice: Dice) -> tuple[int, int | None]:
    """Pick the final DRM when a chart gives a chance: lower DRMs take the lower faces.

    For "+3, 50% chance of +4" (10.C) a d6 of 1-3 gives +3 and 4-6 gives +4. Returns the DRM and
    the chance roll (None when there was no chance to roll).
    """
    if len(distribution) == 1:
        return next(iter(distribution)), None
    sides = chance_die(distribution)
    face = dice.roll(sides, CHANCE_DIE.purpose)
    upper = Fraction(0)
    for drm, p in sorted(distribution.items()):
        upper += p * sides
        if face <= upper:
            return drm, face
    return max(distribution), face


def chance_faces(distribution: Mapping[int, Fraction]) -> str:
    """Which faces of the chance die give which DRM, each face read by :func:`draw_drm` itself
    (``1-3: +3, 4-6: +4`` for 10.C's "+3, 50% chance of +4")."""
    sides = chance_die(distribution)
    runs: list[tuple[int, int, int]] = []  # (first face, last face, DRM)
    for face in range(1, sides + 1):
        drm, _ = draw_drm(distribution, _Face(face))
        if runs and runs[-1][2] == drm:
            runs[-1] = (runs[-1][0], face, drm)
        else:
            runs.append((face, face, drm))
    return ", ".join(
        f"{first if first == last else f'{first}-{last}'}: {f'{drm:+d}' if drm else '0'}"
        for first, last, drm in runs
    )


class _Face:
    """Dice that roll one given face: to read which DRM each face of the chance die picks."""

    def __init__(self, face: int) -> None:
        self.face = face

    def roll(self, sides: int = 6, purpose: str = "") -> int:
        return self.face


@dataclass(frozen=True)
class TableRoll:
    """A combat resolved on the table: the DRM drawn (after any chance roll) and the die."""

    drm: int
    chance_face: int | None
    """The chance roll that picked the DRM, when the chart gave a chance (10.C)."""
    die: int
    modified: int
    """Die plus DRM, limited to the table's rows."""
    code: str
    effect: ResultEffect


def chances_text(distribution: Mapping[int, Fraction]) -> str:
    """``+3: 50%, +4: 50%``: a DRM given as chances, as a player reads it."""
    return ", ".join(f"{d:+d}: {float(p) * 100:g}%" for d, p in sorted(distribution.items()))


def roll_on_table(
    crt: CombatResultsTable,
    column: str,
    distribution: Mapping[int, Fraction],
    dice: Dice,
    ex: Explanation,
    chance_rule: str,
) -> TableRoll:
    """Draw the DRM (a chance roll first when the chart gave one, citing ``chance_rule``), roll
    the combat die on ``column``, and record both as steps. Both rulesets resolve this way."""
    drm, face = draw_drm(distribution, dice)
    if face is not None:
        ex.add(
            chance_rule,
            f"chance roll {face} on a d{chance_die(distribution)}: die roll modifier {drm:+d} "
            f"({chances_text(distribution)}; lower modifiers take the lower faces)",
            face,
            drm=drm,
            kind="roll",
        )
    die = dice.roll(crt.die, COMBAT_DIE.purpose)
    modified = max(crt.min_roll, min(crt.max_roll, die + drm))
    code = crt.result(column, die + drm)
    effect = crt.effects[code]
    ex.add(
        effect.rule,
        f"combat die {die} {drm:+d} = {modified} on the {column} column: {describe_effect(effect)}",
        code,
        provenance=effect.provenance,
        kind="roll",
    )
    return TableRoll(drm, face, die, modified, code, effect)


def load_crt(path: str | Path = GENERIC_CRT) -> CombatResultsTable:
    """Load a combat results table; every problem raises :class:`SourceError` with its line."""
    return load_chart(path, crt_from_source)


def crt_from_source(source: TomlSource) -> tuple[CombatResultsTable | None, list[Problem]]:
    """Build a table from a parsed chart file, collecting every problem."""
    data = source.data
    problems: list[Problem] = []
    rule = str(data.get("rule", "CRT"))
    columns = data.get("columns")
    if (
        not isinstance(columns, list)
        or not columns
        or not all(isinstance(c, str) and _is_odds(c) for c in columns)
    ):
        problems.append(source.problem(("columns",), 'columns must be odds like "1:2", "3:1"'))
        columns = []
    values = [_column_value(c) for c in columns]
    if any(lo >= hi for lo, hi in zip(values, values[1:], strict=False)):
        problems.append(
            source.problem(
                ("columns",),
                "columns must run from the worst odds for the attacker to the best, each "
                'higher than the one before, e.g. "1:2", "1:1", "2:1" '
                f"(not {', '.join(columns)})",
            )
        )
    die = data.get("die", 6)
    if isinstance(die, bool) or not isinstance(die, int) or not 2 <= die <= MAX_DIE:
        problems.append(
            source.problem(
                ("die",),
                f"die must be the number of faces, 2 to {MAX_DIE} (a d6, d10 or d100), "
                f"not {_shown(die)}",
            )
        )
        die = 6
    effects: dict[str, ResultEffect] = {}
    raw_results = data.get("results", {})
    if not isinstance(raw_results, dict):
        raw_results = {}
        problems.append(source.problem(("results",), "results must be a table per result code"))
    for code, entry in raw_results.items():
        where = ("results", code)
        if not isinstance(entry, dict):
            problems.append(source.problem(where, f"result {code} must be a table"))
            continue
        for key in sorted(set(entry) - RESULT_KEYS):  # a misplaced key would silently do nothing
            problems.append(
                source.problem(
                    (*where, key),
                    f"result {code}: unknown key {key!r}; a result has "
                    + ", ".join(RESULT_KEYS_ORDER),
                )
            )
        prov = entry_provenance(source, where, entry, rule, problems, f"result {code}") or (
            "assumed",
            rule,
        )
        effects[code] = ResultEffect(
            code=code,
            text=str(entry.get("text", code)),
            attacker=_side(source, where, entry, "attacker", problems),
            defender=_side(source, where, entry, "defender", problems),
            advance=_flag(source, where, entry, "advance", problems),
            exchange=_flag(source, where, entry, "exchange", problems),
            provenance=prov[0],
            rule=prov[1],
        )
    rows: dict[int, tuple[str, ...]] = {}
    row_prov: dict[int, tuple[Provenance, str]] = {}
    raw_rows = data.get("row", [])
    if not isinstance(raw_rows, list) or not raw_rows:
        problems.append(source.problem(("row",), "the table needs [[row]] entries"))
        raw_rows = []
    written: set[int] = set()
    for i, entry in enumerate(raw_rows):
        where = ("row", i)
        roll = entry.get("roll") if isinstance(entry, dict) else None
        results = entry.get("results") if isinstance(entry, dict) else None
        if not isinstance(roll, int) or isinstance(roll, bool):
            problems.append(source.problem(where, "each row needs a whole-number `roll`"))
            continue
        if not -MAX_ROLL <= roll <= MAX_ROLL:
            problems.append(
                source.problem(
                    (*where, "roll"),
                    f"roll {_shown(roll)} is beyond the {MAX_ROLL} (either sign) a table's "
                    f"rows may reach: the rows run without a gap, one per modified roll",
                )
            )
            continue
        written.add(roll)  # a bad row is reported as itself, not again as a missing roll
        if not isinstance(results, list) or len(results) != len(columns):
            problems.append(
                source.problem(
                    (*where, "results"),
                    f"row for roll {roll} needs {len(columns)} results, one per column",
                )
            )
            continue
        unknown = [str(r) for r in results if not isinstance(r, str) or r not in effects]
        if unknown:
            problems.append(
                source.problem((*where, "results"), f"unknown result code(s) {', '.join(unknown)}")
            )
            continue
        prov = entry_provenance(source, where, entry, rule, problems, "row")
        if prov is None:
            continue
        if roll in rows:
            problems.append(source.problem(where, f"a second row for roll {roll}"))
        rows[roll] = tuple(results)
        row_prov[roll] = prov
    if written:  # every face of the die, unmodified, needs its own row (not the nearest one's)
        lo, hi = min(*written, 1), max(*written, die)
        missing = [r for r in range(lo, hi + 1) if r not in written]
        if missing:
            problems.append(
                source.problem(
                    ("row",),
                    f"rows missing for rolls {_runs(missing)} "
                    f"(rows run without a gap and hold every face of the d{die})",
                )
            )
    below = _below_lowest(source, rule, effects, problems)
    if problems:
        return None, problems
    return (
        CombatResultsTable(
            title=str(data.get("title", source.name)),
            die=die,
            columns=tuple(columns),
            min_roll=min(rows),
            max_roll=max(rows),
            rows=rows,
            row_provenance=row_prov,
            effects=effects,
            rule=rule,
            below_lowest=below[0] if below else None,
            below_lowest_provenance=below[1] if below else ("assumed", rule),
        ),
        [],
    )


def _below_lowest(
    source: TomlSource, rule: str, effects: Mapping[str, ResultEffect], problems: list[Problem]
) -> tuple[str, tuple[Provenance, str]] | None:
    """``[below_lowest]``: the result of odds below the lowest column, with its provenance."""
    raw = source.data.get("below_lowest")
    if raw is None:
        return None
    where = ("below_lowest",)
    if not isinstance(raw, Mapping):
        problems.append(
            source.problem(
                where,
                'below_lowest must be a table: [below_lowest] with result = "AE" and '
                '`rule = "..."` or `assumed = true`',
            )
        )
        return None
    code = raw.get("result")
    if not isinstance(code, str) or code not in effects:
        known = ", ".join(effects)
        problems.append(
            source.problem(
                (*where, "result"), f"below_lowest result must be one of {known}, not {code!r}"
            )
        )
        return None
    prov = entry_provenance(source, where, raw, rule, problems, "below_lowest")
    if prov is None:
        return None
    return str(code), prov


def _runs(numbers: list[int]) -> str:
    """``2, 5, 6, 10-999``: ascending numbers with each run of three or more as a range, so a
    table missing most of its thousand rows gets a line, not a page."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(
        f"{run[0]}-{run[-1]}" if len(run) >= 3 else ", ".join(map(str, run)) for run in runs
    )


def _shown(value: object) -> str:
    """A value from the file as a message quotes it, cut short when it is huge."""
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:20]}...({len(text)} characters)"


def _is_odds(text: str) -> bool:
    parts = text.split(":")
    return len(parts) == 2 and all(p.isdigit() and int(p) > 0 for p in parts)


def _flag(
    source: TomlSource,
    where: tuple[str, ...],
    entry: Mapping[str, object],
    key: str,
    problems: list[Problem],
) -> bool:
    """``advance`` / ``exchange``: true or false, never a word that reads as true."""
    value = entry.get(key, False)
    if not isinstance(value, bool):
        problems.append(
            source.problem((*where, key), f"{key} must be true or false, not {value!r}")
        )
        return False
    return value


def _side(
    source: TomlSource,
    where: tuple[str, ...],
    entry: Mapping[str, object],
    side: str,
    problems: list[Problem],
) -> SideResult:
    """What a result does to one side; a bad value is a problem at its line, never a crash."""
    raw = entry.get(side, {})
    if not isinstance(raw, Mapping):
        problems.append(
            source.problem((*where, side), f"{side} must be a table with loss and retreat")
        )
        raw = {}
    for key in sorted(set(raw) - {"loss", "retreat"}):  # e.g. `exchange` written one level down
        problems.append(
            source.problem(
                (*where, side, key),
                f"{side}: unknown key {key!r}; a side's result has loss and retreat"
                + (" (exchange belongs to the result itself)" if key == "exchange" else ""),
            )
        )
    loss = raw.get("loss", 0)
    loss_fraction = Fraction(0)
    if (
        isinstance(loss, bool)
        or not isinstance(loss, int | float)
        or not math.isfinite(loss)  # TOML's inf and nan
    ):
        problems.append(
            source.problem(
                (*where, side, "loss"),
                f"loss must be the share of its strength the {side} loses, from 0 to 1 "
                f"(0.5 for half, 1 for all), not {loss!r}",
            )
        )
    else:
        loss_fraction = Fraction(str(loss))
        if not 0 <= loss_fraction <= 1:
            problems.append(
                source.problem(
                    (*where, side, "loss"),
                    f"loss must be the share of its strength the {side} loses, from 0 to 1 "
                    f"(0.5 for half, 1 for all), not {loss!r}",
                )
            )
            loss_fraction = Fraction(0)
    retreat = raw.get("retreat", 0)
    if isinstance(retreat, bool) or not isinstance(retreat, int) or not 0 <= retreat <= MAX_RETREAT:
        problems.append(
            source.problem(
                (*where, side, "retreat"),
                f"retreat must be a whole number of hexes from 0 to {MAX_RETREAT}, "
                f"not {_shown(retreat)}",
            )
        )
        retreat = 0
    return SideResult(
        eliminated=loss_fraction >= 1,
        loss_fraction=loss_fraction,
        retreat_hexes=retreat,
    )


RESULT_KEYS_ORDER = ("text", "rule", "assumed", "attacker", "defender", "advance", "exchange")
"""The keys of a ``[results.CODE]`` table, in the order the messages name them."""
RESULT_KEYS = frozenset(RESULT_KEYS_ORDER)


def describe_effect(effect: ResultEffect) -> str:
    """A result code's effect in words, e.g. ``DH: defender loses half (assumed)``."""
    suffix = " (assumed meaning)" if effect.provenance == "assumed" else ""
    return f"{effect.code}: {effect.text}{suffix}"


__all__ = [
    "CombatResultsTable",
    "ResultEffect",
    "chance_die",
    "describe_effect",
    "draw_drm",
    "fmt",
    "load_crt",
    "odds",
    "odds_column",
]
