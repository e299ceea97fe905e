"""An assault-morale game on a small map, the units counters/assault-morale.toml's: two German
Rifle Sqds and Lt Brandt in 0201, a disrupted Rifle Sqd in 0302 and a lone Wagon in 0102 next
to the woods hex 0202, where a Soviet Rifle Sqd, a T-34/76, Lt Petrov and a Wagon stand."""

from __future__ import annotations

from pathlib import Path

from hexcombat.board.mapfile import load_map, map_from_source
from hexcombat.game.commands import AddCounter
from hexcombat.game.state import Counter, GameState
from hexcombat.game.status_commands import SetState
from hexcombat.rules.counters import load_counters
from hexcombat.sourcefile import TomlSource

REPO = Path(__file__).resolve().parents[3]
MAP = """name = "A wood and an entrenchment"
[layout]
orientation = "flat"
offset = "odd"
label = "{col:02d}{row:02d}"
first = "0101"
columns = 4
rows = 3
[legend]
c = "clear"
w = "woods"
e = "entrenchment"
[terrain]
rows = ["cccc", "cwec", "cccc"]
"""
UNITS = [
    ("sq1", "ge-rifle-sqd", "German", "0201"),
    ("sq2", "ge-rifle-sqd", "German", "0201"),
    ("brandt", "ge-leader-inf", "German", "0201"),
    ("shaken", "ge-rifle-sqd", "German", "0302"),
    ("wagon", "ge-wagon", "German", "0102"),
    ("rifles", "su-rifle-sqd", "Soviet", "0202"),
    ("t34", "su-t34", "Soviet", "0202"),
    ("petrov", "su-leader-inf", "Soviet", "0202"),
    ("su_wagon", "su-wagon", "Soviet", "0202"),
]


def assault_game(folder: Path | None = None) -> tuple[GameState, dict[str, str]]:
    """The map above (a file in ``folder``, for a save) with the units laid out; the squad in
    0302 is disrupted."""
    library = load_counters([REPO / "counters" / "assault-morale.toml"])
    if folder is None:
        hexmap = map_from_source(TomlSource.parse(MAP, "assault.toml"))
    else:
        (folder / "assault.toml").write_text(MAP)
        hexmap = load_map(folder / "assault.toml")
    state = GameState(hexmap, ruleset="assault-morale")
    uids: dict[str, str] = {}
    for name, counter_id, side, label in UNITS:
        uid = uids[name] = state.new_uid()
        counter = Counter(uid, library[counter_id], side, counter_id)
        state.execute(AddCounter(counter, hexmap.hex_at(label)))
    state.execute(SetState(uids["shaken"], state="disrupted"))
    return state, uids
