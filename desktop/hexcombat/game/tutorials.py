"""The tutorials: every scenario with walkthrough steps in the shipped ``maps/`` and in the folders
each ruleset declares for its own (``declares.tutorials``), each a rules worked example laid out
on its map, and the attack each one is about.

The Tutorials menu lists them; opening one sets its attack up in the combat panel, so the player
sees the worked example's numbers at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from hexcombat.board.hexes import Hex
from hexcombat.game.default_game import TUTORIAL
from hexcombat.game.state import GameState
from hexcombat.paths import maps_dir
from hexcombat.rules.errors import RulesError
from hexcombat.rules.registry import declarations, get_ruleset, ruleset_ids
from hexcombat.sourcefile import SourceError, load_shared

SCENARIO_SUFFIX = "-scenario.toml"
"""Shipped scenarios are named ``<map>-...-scenario.toml`` (maps/README.md)."""


@dataclass(frozen=True)
class Tutorial:
    """A shipped tutorial scenario, as the menu lists it."""

    path: Path
    title: str
    ruleset: str
    """The id of the ruleset it is played with (its ``ruleset``): the menu groups by it."""
    summary: str = ""
    """One line on what it shows (``[tutorial] summary``), for the start page."""
    calculator: bool = False
    """It has no map: the calculator opens it (an arithmetic or air example)."""

    @property
    def rule(self) -> str:
        """The rule it walks through, from its title (``Tutorial 10.C.1: ...`` -> ``10.C.1``)."""
        head = self.title.split(":")[0].strip()
        return head.removeprefix("Tutorial").strip() or head

    @property
    def game(self) -> str:
        """The game its ruleset comes from, as the start page groups tutorials: what the ruleset
        declares (``declares.game``, else its title); the ruleset id when it is not known."""
        return game_of(self.ruleset) if self.ruleset else "Unreadable files"


def game_of(ruleset: str) -> str:
    """The game ``ruleset`` comes from, as a player knows it (its declared ``game``, else its
    title); its id when hexcombat does not know it."""
    try:
        return declarations(ruleset).game or get_ruleset(ruleset).title
    except RulesError:
        return ruleset


def tutorial_files(folder: Path | None = None) -> list[Path]:
    """The tutorial scenario files of ``folder``, or else of the shipped ``maps/`` and of every
    ruleset's declared tutorials, each once."""
    if folder is not None:
        return sorted(folder.glob(f"*{SCENARIO_SUFFIX}"))
    found = dict.fromkeys(sorted(maps_dir().glob(f"*{SCENARIO_SUFFIX}")))
    for ruleset in ruleset_ids():
        found |= dict.fromkeys(declarations(ruleset).tutorial_files())
    return list(found)


def shipped_tutorials(folder: Path | None = None) -> list[Tutorial]:
    """Every tutorial scenario in ``folder`` (else the shipped ``maps/`` and the rulesets'
    own), grouped by ruleset (the built-in tutorial's first), then in the order of their titles,
    which name the rule (10.C, 10.C.1, 10.D, ...). A file that cannot be read is still listed,
    under its file name: opening it shows what is wrong with it."""
    found = []
    for path in tutorial_files(folder):
        try:
            data = load_shared(path).data  # read only: parsed once per process
        except SourceError:
            found.append(Tutorial(path, path.stem, ""))
            continue
        steps = data.get("tutorial", {})
        if not isinstance(steps, dict) or not steps.get("steps"):
            continue  # a scenario laid out for play, not a walkthrough
        title = data.get("title", path.stem)
        summary = steps.get("summary", "")
        found.append(
            Tutorial(
                path,
                str(title),
                str(data.get("ruleset", "")),
                summary if isinstance(summary, str) else "",
                "map" not in data,
            )
        )
    first = next((t.ruleset for t in found if t.path.name == TUTORIAL), "")
    return sorted(found, key=lambda t: (t.ruleset != first, t.ruleset, *_rule_order(t.title)))


def rule_key(tutorial: Tutorial) -> tuple[tuple[tuple[int, str], ...], str]:
    """How the start page orders tutorials by rule: 10.C before 10.C.1, 10.D, then 14D2d."""
    return _numbered(tutorial.rule), tutorial.title


def _rule_order(title: str) -> tuple[tuple[tuple[int, str], ...], str]:
    """A title's rule (before the first colon) compared with its numbers as numbers, so 10.C
    comes before 10.C.1 and 10.D, and 9.A before 10.A; then the whole title.

    >>> titles = ["T 14A3: c", "T 10.D: b", "T 10.C.1: x", "T 10.C: y", "T 10.D: a"]
    >>> sorted(titles, key=_rule_order)
    ['T 10.C: y', 'T 10.C.1: x', 'T 10.D: a', 'T 10.D: b', 'T 14A3: c']
    """
    return _numbered(title.split(":")[0]), title


def _numbered(text: str) -> tuple[tuple[int, str], ...]:
    """``text`` as runs of digits (compared as numbers) and single other characters."""
    parts: list[tuple[int, str]] = []
    number = ""
    for char in text:
        if char.isdigit():
            number += char
            continue
        if number:
            parts.append((int(number), ""))
            number = ""
        parts.append((-1, char.lower()))
    if number:
        parts.append((int(number), ""))
    return tuple(parts)


def tutorial_target(state: GameState) -> Hex | None:
    """The hex a tutorial's attack is made on: the one hex held by a side other than the phasing
    player (who attacks). None when there is not exactly one, e.g. a game played on since."""
    attacker = state.phasing_player
    held = {h for h, stack in state.stacks().items() if stack and stack[0].side != attacker}
    return held.pop() if len(held) == 1 else None
