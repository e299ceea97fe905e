"""Ruleset files checked: every problem at its file:line in one run, hostile sizes refused by
name within a second, damaged files refused (never an exception), and ``hexcombat check``
recognising a ruleset file."""

from __future__ import annotations

import random
import re
import sys
import time
from pathlib import Path

import pytest
from datafile_helpers import BARRAGE, DATA, RIDGE, RIVER, SKIRMISH, variant

from hexcombat.game.new_ruleset import new_ruleset
from hexcombat.paths import rulesets_dir
from hexcombat.rules.dice import SeededDice
from hexcombat.rules.errors import RulesError
from hexcombat.rules.situation import CombatSituation, Conditions, Participant
from hexcombat.rules.units import Unit
from hexcombat.rulesets.datafile.engine import DataRuleset, vocabulary_of
from hexcombat.rulesets.datafile.loader import (
    CHECKER_DEFECT,
    is_ruleset_data,
    load_ruleset_file,
    ruleset_file_problems,
)
from hexcombat.rulesets.datafile.model import RulesetFile
from hexcombat.sourcefile import SourceError, TomlSource
from hexcombat_cli import check

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "game"))
from test_fuzz_loaders import mutate  # noqa: E402  (the other loaders' damage)


def line_of(path: Path, text: str, nth: int = 0) -> int:
    """The line (from 1) of the ``nth`` line holding ``text``."""
    lines = [i for i, line in enumerate(path.read_text().splitlines(), 1) if text in line]
    return lines[nth]


def problems(path: Path) -> list[tuple[int, str]]:
    return [(p.line, p.message) for p in ruleset_file_problems(path)]


@pytest.mark.parametrize("path", [RIVER, RIDGE, BARRAGE, SKIRMISH])
def test_the_test_files_are_sound(path: Path) -> None:
    assert ruleset_file_problems(path) == []
    assert check(path).returncode == 0


def test_every_problem_is_told_at_its_line_in_one_run(tmp_path: Path) -> None:
    """An unknown terrain a modifier names, a row missing a die total, a result code with no
    effect entry, columns out of order, a shift beyond the limits, an unknown unit value, a
    die that cannot be read, an unknown key, a rule reference the file does not have: all of
    them, each at its own line, in the file's order."""
    text = RIVER.read_text()
    edits = [
        ('"3..4" = ["AE"', '"3" = ["AE"'),  # the total 4 has no row
        ('"AR", "EX", "DD"]', '"AR", "EX", "XX"]'),
        ('"5:1", "6:1"]', '"6:1", "5:1"]'),
        ("shift = -1\n", "shift = -3\n"),
        ('value = "elite"', 'value = "veteran"'),
        ("sides = 6\n", "sides = 1\n"),
        ('[terrain.town]\n', '[terrain.town]\ncolour = "red"\n'),
        ('rule = "10.1"', 'rule = "10.9"'),
        ('when = [{ kind = "condition", condition = "surprise" }]',
         'when = [{ kind = "terrain", terrain = ["jungle"] }]'),
    ]  # fmt: skip
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    bad = tmp_path / "bad.toml"
    bad.write_text(text)
    found = problems(bad)
    expected = [
        (line_of(bad, "sides = 1"), "sides must be from 2 to 100"),
        (line_of(bad, '"6:1", "5:1"]'), "column 5:1 is not above column 6:1"),
        (line_of(bad, "[table.rows]"), "no row for the die total(s) 4"),
        (line_of(bad, '"XX"'), "result 'XX' has no entry in [results]"),
        (line_of(bad, "colour"), "unknown key terrain.town.colour"),
        (line_of(bad, "shift = -3"), "a shift of -3 is beyond the limits -2..2 (7.5)"),
        (line_of(bad, "jungle"), "terrain 'jungle' is not among the file's [terrain]"),
        (line_of(bad, "veteran"), "'veteran' is no true-or-false value"),
        (line_of(bad, '"10.9"'), "rule '10.9' is not among the file's [rules]"),
    ]
    for line, words in expected:
        assert any(at == line and words in said for at, said in found), (line, words, found)
    assert [at for at, _ in found] == sorted(at for at, _ in found)
    assert len(found) == len(expected)


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ("schema = 1", "schema = 2", "schema 2 is not one this program reads"),
        ('id = "river-crossing"', 'id = "River Crossing"', "game.id must be lower-case"),
        ('kind = "odds"', 'kind = "ratio"', "table.kind must be one of odds, differential, fire"),
        ('"1" = ["AR", "AR", "DR"', '"0..1" = ["AR", "AR", "DR"', "the dice give totals 1 to 6"),
        ('"2" = ["AR", "AR", "AR", "DR", "DR", "DR", "DE"]', '"2" = ["AR", "AR"]',
         "2 results for 7"),
        ('below = "AE"', 'below = "AX"', "'AX' is neither a result of [results]"),
        ('{ kind = "eliminate", side = "attacker" }', '{ kind = "rout", side = "attacker" }',
         "must be one of eliminate"),
        ('hexes = 1, chooser = "owner"', 'chooser = "owner"', "a retreat effect needs hexes"),
        ('state = "disrupted" }', 'state = "shaken" }', "state 'shaken' is not among"),
        ('attack = "attack"', 'attack = "punch"', "units.attack 'punch' is neither"),
        ('{ kind = "lose-points", side = "defender", amount = 2 }',
         '{ kind = "lose-steps", side = "defender", amount = 2 }',
         "lose-steps in a strength-point game"),
        ('drm_min = -1', 'drm_min = 3', "limits.drm_min 3 is above limits.drm_max 1"),
        ('type = "armour"', 'type = "cavalry"', "'cavalry' is no unit type"),
        ('types = ["infantry", "armour", "artillery"]',
         'types = ["infantry", "armour", "artillery"]\nsizes = ["XX", 3]',
         "units.sizes holds names"),
        ('[[dice]]\nname = "combat die"', '[[dice]]\nname = "combat die"\nread = "d66"',
         "a d66 roll is two d6"),
    ],
)  # fmt: skip
def test_each_problem_alone_at_its_line(tmp_path: Path, old: str, new: str, words: str) -> None:
    path = variant(tmp_path, old, new)
    found = problems(path)
    line = line_of(path, new.splitlines()[-1])
    assert any(words in said for _at, said in found), found
    assert any(at == line for at, said in found if words in said), (line, found)


def test_a_duplicate_key_is_told_at_its_line(tmp_path: Path) -> None:
    path = variant(tmp_path, "[terrain.town]\n", "[terrain.clear]\nlabel = 'x'\n\n[terrain.town]\n")
    found = problems(path)
    assert found and found[0][0] in (
        line_of(path, "[terrain.clear]", 0),
        line_of(path, "[terrain.clear]", 1),
    )


@pytest.mark.parametrize(
    "text",
    [
        "schema = 1\n" + "#" * (300 * 1024) + "\n",  # a file over 256 kB
        "schema = 1\n[game]\n[table.rows]\n" + "".join(f'"{i}" = ["A"]\n' for i in range(5000)),
        "schema = 1\n[game]\n[table]\ncolumns = [" + ", ".join(['"1"'] * 20000) + "]\n",
        "schema = 1\n[game]\nx = " + "[" * 3000 + "]" * 3000 + "\n",
        "schema = 1\n[game]\n[[modifiers]]\nwhen = [" + "{ kind = 'terrain' }, " * 5000 + "]\n",
        "schema = 1\n[game]\n[[dice]]\nsides = 100\ncount = 4\n[[dice]]\nsides = 100\ncount = 4\n"
        '[table.rows]\n"1..999999" = []\n',
        "schema = 1\n[game]\n[[dice]]\nsides = 100\ncount = 4\nside = 'attacker'\n[[dice]]\n"
        "sides = 100\ncount = 4\nside = 'defender'\n[table]\ncombine = 'difference'\n"
        '[table.rows]\n"-999999..999999" = []\n',  # an opposed roll of 4d100 against 4d100
    ],
)
def test_hostile_sizes_are_refused_by_name_within_a_second(tmp_path: Path, text: str) -> None:
    path = tmp_path / "huge.toml"
    path.write_text(text)
    started = time.monotonic()
    with pytest.raises(SourceError) as refused:
        load_ruleset_file(path)
    assert time.monotonic() - started < 1.0
    assert refused.value.problems and all(p.file == str(path) for p in refused.value.problems)


def shipped_ruleset_files() -> list[Path]:
    """The ruleset file of every example game shipped under rulesets/ (one folder a game)."""
    return [
        path
        for path in sorted(rulesets_dir().glob("*/*.toml"))
        if is_ruleset_data(TomlSource.load(path).data)
    ]


FUZZED = {
    **{path.name: path for path in sorted(DATA.glob("*.toml"))},  # the test files
    **{path.name: path for path in shipped_ruleset_files()},
    "starter": None,  # what `hexcombat new-ruleset` writes, written by the test
}
"""Every ruleset file the fuzz damages: the tests' own, each shipped example game's and the
starter file."""
assert len(FUZZED) >= 8, FUZZED  # four test files, three example games, the starter
DAMAGED = 150
"""Damaged copies of each file: each is read or refused in well under a second, so a file's
150 take a fraction of a second (the loaders' long fuzz, tests/game, is marked slow)."""


def a_combat(file: RulesetFile) -> CombatSituation:
    """One attacker against one defender of the file's first unit type, in its first terrain,
    with every strength and named value it reads (a damaged file may still refuse them, by name)."""
    reads = (file.attack_value, file.defence_value)
    named: dict[str, object] = {v: 4 for v in reads if v not in ("attack", "defence")}
    for value in file.values:  # every value the file names, which its conditions may read
        if value.kind == "int":
            named.setdefault(value.key, 4)
        elif value.kind == "choice" and value.choices:
            named.setdefault(value.key, value.choices[0])
    unit = Unit(
        name="Probe",
        attack=4,
        defence=3,
        unit_type=file.types[0] if file.types else "infantry",
        steps=2 if file.steps else None,
        rules=tuple(sorted(named.items())),
    )
    terrain = next(iter(file.terrain), "clear")
    return CombatSituation(file.id, (Participant(unit),), (Participant(unit),), Conditions(terrain))


@pytest.mark.parametrize("name", list(FUZZED))
def test_damaged_files_are_refused_at_a_line_never_with_another_exception(
    tmp_path: Path, name: str
) -> None:
    """The other loaders' seeded damage (tests/game/test_fuzz_loaders.py), 150 times over each
    ruleset file shipped or kept: each is refused with problems naming the file at lines it
    has, or read and played (a combat evaluated and rolled, or refused by a named rules
    error), never another exception."""
    source = FUZZED[name] or new_ruleset(tmp_path / "starter")[0]
    assert ruleset_file_problems(source) == [], "sound before it is damaged"
    sound = DataRuleset(load_ruleset_file(source))
    assert sound.evaluate(a_combat(sound.file)).outcome_list, "the probe combat plays undamaged"
    text = source.read_text(encoding="utf-8")
    rng = random.Random(f"20261128:{name}")
    refused = 0
    for n in range(DAMAGED):
        path = tmp_path / f"damaged-{n}.toml"
        path.write_text(mutate(rng, text), encoding="utf-8", errors="replace")
        lines = path.read_bytes().count(b"\n") + 1
        started = time.monotonic()
        found = ruleset_file_problems(path)
        for problem in found:
            assert problem.file == str(path), (path, problem)
            assert 1 <= problem.line <= lines and "\n" not in problem.message, (path, problem)
            assert CHECKER_DEFECT not in problem.message, (path, problem)
        if not found:  # read: it plays, or refuses the combat by a named rules error
            ruleset = DataRuleset(load_ruleset_file(path))
            try:
                report = ruleset.evaluate(a_combat(ruleset.file))
                if report.dice:
                    ruleset.resolve(report, SeededDice(n))
            except RulesError as exc:
                assert type(exc) is not RulesError and str(exc).strip(), (path, exc)
        refused += bool(found)
        assert time.monotonic() - started < 1.0, path
    assert 0 < refused < DAMAGED, "the damage both breaks files and leaves some readable"


def test_check_tells_a_ruleset_file_by_its_schema_key(tmp_path: Path) -> None:
    """``hexcombat check`` reports a ruleset file's problems as file:line: message."""
    path = variant(tmp_path, 'rule = "10.1"', 'rule = "10.9"')
    done = check(path)
    assert done.returncode == 1
    assert f"{path}:{line_of(path, '10.9')}: rule '10.9' is not among" in done.stdout


def test_a_ruleset_file_declares_the_size_marks_its_counters_print(tmp_path: Path) -> None:
    """``[units] sizes``: the marks its counters may print, as its vocabulary declares them."""
    path = variant(
        tmp_path,
        'types = ["infantry", "armour", "artillery"]',
        'types = ["infantry", "armour", "artillery"]\nsizes = ["I", "..."]',
    )
    assert vocabulary_of(load_ruleset_file(path)).unit_sizes == ("I", "...")
    assert vocabulary_of(load_ruleset_file(RIVER)).unit_sizes == ()  # it declares none


def test_the_format_pages_blocks_make_a_sound_ruleset_file(tmp_path: Path) -> None:
    """docs/ruleset-file.md: its TOML blocks, in order, are a file the checker passes."""
    page = (Path(__file__).resolve().parents[3] / "docs" / "ruleset-file.md").read_text()
    blocks = re.findall(r"```toml\n(.*?)```", page, flags=re.DOTALL)
    assert len(blocks) >= 10
    path = tmp_path / "page.toml"
    path.write_text("\n".join(blocks))
    assert ruleset_file_problems(path) == []
