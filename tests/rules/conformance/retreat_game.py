"""The retreat test ruleset (:mod:`retreat_ruleset`) played on a corridor: one row of hexes,
0101 to 0801, so each hex touches only the ones beside it. The attackers stand in 0101 and
assault the defenders in 0201, whose retreat can only go east: 0301 is 1 hex, 0401 2, 0501 3,
0601 4 and 0701 5 hexes from where they stood."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from hexcombat.board.hexes import Hex
from hexcombat.board.mapfile import map_from_source
from hexcombat.game.attack import AttackSetup, Resolution, resolve_attack
from hexcombat.game.commands import AddCounter
from hexcombat.game.state import Counter, GameState
from hexcombat.rules.dice import ScriptedDice
from hexcombat.rules.registry import register_ruleset
from hexcombat.rules.situation import Conditions
from hexcombat.rules.units import Unit, unit_from_mapping
from hexcombat.sourcefile import TomlSource

ATTACKER_HEX, TARGET_HEX = "0101", "0201"


@contextmanager
def retreat_rules() -> Iterator[None]:
    """The retreat test ruleset known as ``retreat-test`` while the block runs."""
    with register_ruleset("retreat-test", "retreat_ruleset"):
        yield


def unit(name: str, kind: str = "squad", movement: int | None = None, **rules: object) -> Unit:
    """A unit of the retreat test ruleset (``kind``: squad, fp, towed-gun, vehicle)."""
    data: dict[str, object] = {"name": name, "re": 1, "attack": 1, "defence": 1}
    if movement is not None:
        data["movement"] = movement
    data["rules"] = {"kind": kind, **rules}
    return unit_from_mapping(data, f"retreat test {name}")


SQUAD = unit("Squad")
RIFLES = unit("Rifles")
HALF_TRACK = unit("Half-track", "vehicle", movement=4)
TOWED_GUN = unit("Pak 40", "towed-gun")
FP = unit("Foxhole party", "fp")


def corridor_map_text(row: str | tuple[str, ...], hexsides: tuple[str, ...] = ()) -> str:
    """A one-row map of ``row`` (``c`` clear, ``m`` marsh, ``r`` a river hex, ``s`` sea), or a
    map of several rows, with a major river on ``hexsides``."""
    rows = (row,) if isinstance(row, str) else row
    rivers = "".join(
        f'\n[[hexsides]]\nfeature = "major-river"\nhexsides = ["{side}"]\n' for side in hexsides
    )
    return f"""
name = "retreat corridor"
[layout]
orientation = "flat"
offset = "odd"
label = "{{col:02d}}{{row:02d}}"
first = "0101"
columns = {len(rows[0])}
rows = {len(rows)}
[legend]
c = "clear"
m = "marsh"
r = "river"
s = "sea"
[extra]
terrain = ["marsh", "river"]
[terrain]
rows = [{", ".join(f'"{r}"' for r in rows)}]
{rivers}"""


def retreat_game(
    row: str | tuple[str, ...] = "cccccccc",
    defenders: tuple[Unit, ...] = (SQUAD,),
    attackers: tuple[Unit, ...] = (RIFLES,),
    hexsides: tuple[str, ...] = (),
) -> GameState:
    """A game under the retreat test rules: ``attackers`` in 0101 (Red), ``defenders`` in 0201
    (Blue)."""
    text = corridor_map_text(row, hexsides)
    hexmap = map_from_source(TomlSource.parse(text, "corridor.toml"))
    state = GameState(hexmap, ruleset="retreat-test")
    state.map_text = text  # a save embeds it
    for units, side, label in [(attackers, "Red", ATTACKER_HEX), (defenders, "Blue", TARGET_HEX)]:
        for u in units:
            state.execute(AddCounter(Counter(state.new_uid(), u, side), hexmap.hex_at(label)))
    return state


def at(state: GameState, label: str) -> Hex:
    return state.hexmap.hex_at(label)


def uids_at(state: GameState, label: str) -> list[str]:
    return [c.uid for c in state.stack_at(at(state, label))]


def assault(
    state: GameState, face: int, target: str = TARGET_HEX, night: bool = False
) -> Resolution:
    """Every counter next to ``target`` on the other side assaults it; the die shows ``face``."""
    h = at(state, target)
    side = state.side_at(h)
    attackers = [
        c.uid for n in state.graph.neighbours(h) for c in state.stack_at(n) if c.side != side
    ]
    conditions = Conditions("clear", "clear", None, None, {"night": night})
    return resolve_attack(state, AttackSetup(h, attackers, conditions), ScriptedDice([face]))
