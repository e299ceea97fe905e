"""The game, the board and the window name no game: no module of ``game/``, ``board/`` or
``ui/`` carries a rule reference of a ruleset, a ruleset's id, or imports a ruleset's package.
What a player reads of a game's rules (a rule cited beside a modifier, a tooltip's reference,
a default ruleset) comes from the ruleset's declarations and reports, so a new game is added
by writing a ruleset, not by changing the program (issue 24).

The guard reads each module's string literals (the text a player may see, the keys and values
code decides on) and its imports; docstrings and comments, which explain code to its readers,
are left out. The grammar of a rule reference is every form the rulebooks print, built from
what the registered rulesets declare where it can be:

- the numbered forms: ``14A3``, ``23D``, ``14D2a`` (Total War), ``10.F.1``, ``10.C`` (the
  armour-ratio rules), ``14.3.3``, ``10.5.2.2`` (the tactical rules);
- each declared reference that is a code or a chart's name (``ACT``, ``ACT shift``,
  ``Assault Results``, ``Fortifications Effects Chart``), from the references the rulesets
  declare;
- each ruleset id (``total-war``, ...) and each short game name in one (``LHY``).
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterable
from functools import cache
from pathlib import Path

import pytest

import hexcombat
from hexcombat.rules.registry import get_ruleset, ruleset_ids

PACKAGE = Path(hexcombat.__file__).resolve().parent
LAYERS = ("game", "board", "ui")

NUMBERED = re.compile(
    r"(?<![\w.])(?:"
    r"[1-9]\d?[A-Z](?:\d+[a-z]?)*"  # Total War's: 14A3, 23D, 14D2a, 16A1
    r"|\d{1,2}\.[A-Z](?:\.\d+)*[a-z]?"  # lettered sections: 10.C, 10.F.1, 10.H
    r"|\d{1,2}(?:\.\d+){2,}"  # numbered sections: 14.3.3, 10.5.2.2
    r")(?![\w]|\.\d)"
)
"""A rule number as the rulebooks print them. A hex colour or format (``08X``) starts with 0,
a rule never does."""

GENERIC = frozenset({"CRT"})
"""Declared references that are every game's words, not one game's rule: ``CRT`` (a combat
results table; the ``crt`` condition every ruleset has names one)."""


def declared_references(ruleset_id: str) -> frozenset[str]:
    """The references a ruleset declares (its ``references``)."""
    return frozenset(get_ruleset(ruleset_id).references)


def is_code_or_chart(reference: str) -> bool:
    """A reference no ordinary sentence uses: a code in capitals (``ACT``) or a name of more
    than one word (``ACT shift``, ``Assault Results``). One plain word (``Assault``,
    ``Morale``) is also what a generic panel says, and a number is the grammar's."""
    if NUMBERED.fullmatch(reference) or reference in GENERIC:
        return False
    return bool(re.fullmatch(r"[A-Z]{2,}", reference)) or " " in reference.strip()


@cache
def ruleset_words(ids: tuple[str, ...]) -> re.Pattern[str]:
    """Every ruleset id, the short game names in them (``lhy`` -> ``LHY``) and the declared
    references that are codes or charts' names, as one pattern."""
    words = set(ids)
    words |= {part.upper() for rid in ids for part in rid.split("-") if len(part) <= 3}
    words |= {ref for rid in ids for ref in declared_references(rid) if is_code_or_chart(ref)}
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])")


def ruleset_packages(ids: Iterable[str]) -> frozenset[str]:
    """The package each registered ruleset lives in (``hexcombat.rulesets.total_war``)."""
    found = set()
    for rid in ids:
        module = type(get_ruleset(rid)).__module__
        path = getattr(sys.modules[module], "__file__", "") or ""
        found.add(module if path.endswith("__init__.py") else module.rsplit(".", 1)[0])
    return frozenset(found)


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are docstrings (a module's, a class's, a
    function's, or one under an assignment)."""
    found = set()
    for node in ast.walk(tree):
        for child in (
            getattr(node, "body", []) if isinstance(getattr(node, "body", None), list) else []
        ):
            if isinstance(child, ast.Expr) and isinstance(child.value, ast.Constant):
                if isinstance(child.value.value, str):
                    found.add(id(child.value))
    return found


def leaks_in(path: Path, ids: tuple[str, ...]) -> list[str]:
    """Each leak in the module at ``path``: ``file:line: what`` (a rule reference or ruleset
    word in a string, or an import of a ruleset's package)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    docs = _docstrings(tree)
    words = ruleset_words(ids)
    packages = ruleset_packages(ids)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            for hit in [*NUMBERED.findall(node.value), *words.findall(node.value)]:
                found.append(f"{path}:{node.lineno}: {hit!r} in {node.value.strip()[:60]!r}")
        names = []
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        for name in names:
            if any(name == p or name.startswith(p + ".") for p in packages):
                found.append(f"{path}:{node.lineno}: imports the ruleset package {name}")
                break
    return found


def layer_modules() -> list[Path]:
    """Every module of game/, board/ and ui/."""
    return [p for layer in LAYERS for p in sorted((PACKAGE / layer).rglob("*.py"))]


KNOWN_LEAKS: dict[tuple[str, str], str] = {
}
"""Leaks found today that other parts of issue 24 are removing, by module (relative to the
package) and what it names, with who removes it. It only shrinks: a leak fixed must leave the
list (the guard says so), a new one fails the guard."""


def known(leak: str) -> tuple[str, str]:
    """A leak's module (relative to the package) and what it names."""
    where, hit = leak.split(": ", 1)
    named = hit.split("'")[1] if hit.startswith("'") else hit
    return where.rsplit(":", 1)[0].replace(f"{PACKAGE}/", "", 1), named


def test_no_module_of_the_game_the_board_or_the_window_names_a_game() -> None:
    ids = ruleset_ids()
    assert len(layer_modules()) > 30  # every module, not a few
    found = [leak for path in layer_modules() for leak in leaks_in(path, ids)]
    new = [leak for leak in found if known(leak) not in KNOWN_LEAKS]
    assert new == [], "\n".join(new)
    gone = set(KNOWN_LEAKS) - {known(leak) for leak in found}
    assert gone == set(), f"fixed: take these out of KNOWN_LEAKS: {sorted(gone)}"


@pytest.mark.parametrize(
    "planted",
    [
        'REACH = "two hexes (14A3)"',
        'WHY = "air missions (23D)"',
        'ONCE = "advance once per turn (14.3.3)"',
        'FAR = f"vehicles assault from {3} hexes (10.5.2.2)"',
        'LOSS = "required losses (10.F.1)"',
        'TABLE = "the ACT decides"',
        'SHIFT = "shifted by the ACT shift"',
        'GAME = "LHY"',
        'DEFAULT = "total-war"',
        'RULESET = {"ruleset": "lhy-assault"}',
        "from hexcombat.rulesets.total_war import RULESET",
        "import hexcombat.rulesets.lhy_assault.ruleset",
    ],
)
def test_the_guard_finds_a_game_planted_in_a_module(planted: str, tmp_path: Path) -> None:
    module = tmp_path / "panel.py"
    module.write_text(f'"""A panel (14A3 in a docstring is not a leak)."""\n\n{planted}\n')
    ids = ruleset_ids()
    (leak,) = leaks_in(module, ids)
    assert leak.startswith(f"{module}:3: ")


def test_the_guard_leaves_generic_words_alone(tmp_path: Path) -> None:
    module = tmp_path / "panel.py"
    module.write_text(
        '"""Rule 14A3 explained in a docstring."""\n\n'
        "# 10.C.1 in a comment\n"
        'TEXT = "Assault: the CRT gives 3:1, DRM +1 at 2.5 REs on #08X00"\n'
        'DATE = "1941-06"\n'
        'VERSION = "3.11"\n'
    )
    assert leaks_in(module, ruleset_ids()) == []
