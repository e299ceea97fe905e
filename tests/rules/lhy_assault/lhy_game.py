"""The Last Hundred Yards assault played through the game layer, on small maps built here with
counters of the shipped set ``counters/lhy.toml``: German squads against Russian defenders and
the like, every die fixed."""

from __future__ import annotations

from pathlib import Path

from hexcombat.board.hexes import Hex
from hexcombat.board.mapfile import map_from_source
from hexcombat.game.attack import AttackSetup, Resolution, resolve_attack
from hexcombat.game.commands import AddCounter
from hexcombat.game.state import Counter, GameState
from hexcombat.rules.counters import load_counters
from hexcombat.rules.dice import ScriptedDice
from hexcombat.rules.report import final_drm
from hexcombat.rules.situation import Conditions
from hexcombat.rules.status import UnitStatus
from hexcombat.rules.units import Unit
from hexcombat.sourcefile import TomlSource

LHY_COUNTERS = Path(__file__).resolve().parents[3] / "counters" / "lhy.toml"
LEGEND = {
    "c": "clear",
    "u": "urban-building",
    "b": "rural-building",
    "m": "marsh",
    "j": "jungle",
    "r": "river",
    "s": "sunken-road",
    "w": "woods",
}


def lhy_unit(counter_id: str) -> Unit:
    """The counter ``counter_id`` of the shipped lhy set (``lhy-ge-rifle-sqd``)."""
    return load_counters([LHY_COUNTERS]).counters[counter_id]


def lhy_map_text(rows: tuple[str, ...]) -> str:
    """A flat-topped map of ``rows`` (letters of :data:`LEGEND`); one row is a corridor where
    each hex touches only the hexes beside it."""
    legend = "\n".join(f'{k} = "{v}"' for k, v in LEGEND.items())
    return f"""
name = "lhy test ground"
[layout]
orientation = "flat"
offset = "odd"
label = "{{col:02d}}{{row:02d}}"
first = "0101"
columns = {len(rows[0])}
rows = {len(rows)}
[legend]
{legend}
[extra]
terrain = ["urban-building", "rural-building", "marsh", "jungle", "river", "sunken-road"]
[terrain]
rows = [{", ".join(f'"{r}"' for r in rows)}]
"""


def lhy_game(rows: tuple[str, ...] | str = "cccccccc") -> GameState:
    """An empty lhy-assault game on the map of ``rows``."""
    text = lhy_map_text((rows,) if isinstance(rows, str) else rows)
    hexmap = map_from_source(TomlSource.parse(text, "lhy-ground.toml"))
    state = GameState(hexmap, ruleset="lhy-assault")
    state.map_text = text  # a save embeds it
    return state


def at(state: GameState, label: str) -> Hex:
    return state.hexmap.hex_at(label)


def place(
    state: GameState, counter_id: str, side: str, label: str, *markers: str, state_key: str = ""
) -> str:
    """Put the lhy counter ``counter_id`` for ``side`` in ``label``; its uid."""
    status = UnitStatus(state=state_key, markers=frozenset(markers))
    counter = Counter(state.new_uid(), lhy_unit(counter_id), side, status=status)
    state.execute(AddCounter(counter, at(state, label)))
    return counter.uid


def uids_at(state: GameState, label: str) -> list[str]:
    return [c.uid for c in state.stack_at(at(state, label))]


def assault(
    state: GameState,
    target: str,
    faces: list[int],
    attackers: list[str] | None = None,
    **conditions: object,
) -> Resolution:
    """The counters of the other side next to ``target`` (or ``attackers``) assault it; the
    dice show ``faces``."""
    h = at(state, target)
    side = state.side_at(h)
    if attackers is None:
        attackers = [
            c.uid for n in state.graph.neighbours(h) for c in state.stack_at(n) if c.side != side
        ]
    setup = AttackSetup(h, attackers, Conditions(choices=conditions))  # type: ignore[arg-type]
    return resolve_attack(state, setup, ScriptedDice(list(faces)))


def defenders_lose(state: GameState, target: str, **conditions: object) -> Resolution:
    """An assault on ``target`` rolled so the final roll is 10, or the highest the DRM allows
    down to 6 (rows 6-9 and 10-13: the defenders lose, retreat 2-4 hexes)."""
    from hexcombat.game.attack_setup import evaluate_attack

    h = at(state, target)
    side = state.side_at(h)
    attackers = [
        c.uid for n in state.graph.neighbours(h) for c in state.stack_at(n) if c.side != side
    ]
    setup = AttackSetup(h, attackers, Conditions(choices=conditions))  # type: ignore[arg-type]
    drm = final_drm(evaluate_attack(state, setup))
    face = min(10, 10 - drm)
    assert 6 <= face + drm <= 13, f"no face makes the defenders lose with a DRM of {drm}"
    return resolve_attack(state, setup, ScriptedDice([face]))
