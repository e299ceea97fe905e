"""``hexcombat new-ruleset NAME``: a new game's folder that opens at once.

A player who owns another hex wargame starts from a small, commented game that already works (a
ruleset file with an odds table, one die and three terrains, a counter set, a map and a
scenario), then changes the numbers to their game's. Every file passes ``hexcombat check`` as
written, ``hexcombat explain`` evaluates the scenario and the program opens it, so each change
the player makes is checked against a game that worked before it (docs/ruleset-file.md).

Nothing is ever overwritten: a folder that exists and holds anything is refused, and each file
is written atomically (:mod:`hexcombat.atomicfile`).
"""

from __future__ import annotations

import re
from pathlib import Path

from hexcombat.atomicfile import write_atomically
from hexcombat.rules.registry import ruleset_ids

GAME_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")
"""A ruleset file's ``[game] id``: lower-case letters, digits and hyphens (docs/ruleset-file.md)."""


class StarterError(ValueError):
    """Why the starting files were not written, in words to show the player."""


def starter_files(game_id: str) -> dict[str, str]:
    """The starting game's files by name: the ruleset file (named after the game, so a scenario
    beside it finds it), the counter set, the map and a scenario."""
    prefix = game_id
    return {
        f"{game_id}.toml": RULESET.format(id=game_id),
        "counters.toml": COUNTERS.format(id=game_id, prefix=prefix),
        "map.toml": MAP.format(id=game_id),
        f"{game_id}-scenario.toml": SCENARIO.format(id=game_id, prefix=prefix),
    }


def new_ruleset(folder: str | Path) -> list[Path]:
    """Write the starting game into the new folder ``folder`` (its name is the game's id) and
    return the files written; :class:`StarterError` says why nothing was written."""
    target = Path(folder)
    game_id = target.name
    if not GAME_ID.fullmatch(game_id):
        raise StarterError(
            f"{game_id!r} cannot name a game: the folder's name is the ruleset's id, lower-case "
            "letters, digits and hyphens, at most 40 (e.g. my-game)"
        )
    if game_id in ruleset_ids():
        raise StarterError(f"{game_id!r} is a built-in ruleset's id: choose another name")
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise StarterError(f"{target} already exists: nothing written (choose a new folder)")
    try:
        target.mkdir(parents=True, exist_ok=True)
        written = []
        for name, text in starter_files(game_id).items():
            write_atomically(target / name, text)
            written.append(target / name)
    except OSError as exc:
        raise StarterError(f"{target}: cannot write the starting files ({exc.strerror})") from None
    return written


RULESET = """\
# {id}: a starting ruleset file written by `hexcombat new-ruleset`. Change the numbers to your
# game's; `hexcombat check {id}.toml` shows every problem at its line, and
# `hexcombat explain {id}-scenario.toml` plays the scenario beside it. The format is in
# docs/ruleset-file.md. Nothing here runs: every entry is data hexcombat checks.
schema = 1

[game]
id = "{id}"                         # the folder's name; scenarios say ruleset = "{id}"
title = "{id}: odds on one d6"      # what the start page and the calculator show
rounding = "down"                   # a halved or doubled side total: "down", "up" or "exact"
steps = false                       # false: units lose strength points; true: steps

# Your game's own rule numbers: every step of an explanation cites one of them.
[rules]
"1.1" = "Odds: the attack total against the defence total, rounded in the defender's favour."
"1.2" = "Roll one d6 on the Combat Results Table."
"1.3" = "Combat results."
"1.4" = "Column shifts are held to two either way."
"2.1" = "Clear terrain has no effect."
"2.2" = "Woods shift the odds one column left."
"2.3" = "A city doubles its defenders' strength."

[[dice]]                            # one entry per die (or dice rolled together)
name = "combat die"                 # the player is asked to "roll the combat die"
sides = 6
count = 1
read = "sum"
side = "attacker"
rule = "1.2"

[table]
kind = "odds"                       # or "differential" (attack minus defence), or "fire"
rule = "1.1"
columns = ["1:2", "1:1", "2:1", "3:1", "4:1"]
below = "AE"                        # odds worse than the first column
above = "column"                    # odds better than the last: read the last column
[table.rows]                        # one row per die total, one code per column
#      1:2   1:1   2:1   3:1   4:1
"1" = ["AE", "AR", "AR", "EX", "DR"]
"2" = ["AE", "AR", "EX", "DR", "DR"]
"3" = ["AR", "AR", "DR", "DR", "DE"]
"4" = ["AR", "EX", "DR", "DE", "DE"]
"5" = ["AR", "DR", "DR", "DE", "DE"]
"6" = ["EX", "DR", "DE", "DE", "DE"]

[units]
attack = "attack"                   # the counters' printed attack strength
defence = "defence"                 # and defence strength
types = ["infantry", "armour"]      # the unit types modifiers may name

# Every terrain of your maps where a combat may happen (a map's other terrains are refused).
[terrain.clear]
label = "Clear"
rule = "2.1"

[terrain.woods]
label = "Woods"
rule = "2.2"
shift = -1                          # one column left

[terrain.city]
label = "City"
rule = "2.3"
defence = "doubled"

[limits]
shift_min = -2
shift_max = 2
rule = "1.4"

# Each code of the table, as effects: eliminate, lose-points, exchange, retreat, state, advance.
[results.AE]
text = "attacker eliminated"
rule = "1.3"
effects = [{{ kind = "eliminate", side = "attacker" }}]

[results.AR]
text = "attacker retreats one hex"
rule = "1.3"
effects = [{{ kind = "retreat", side = "attacker", hexes = 1, chooser = "owner" }}]

[results.EX]
text = "exchange"
rule = "1.3"
effects = [{{ kind = "exchange", side = "defender" }}]

[results.DR]
text = "defender retreats one hex; the attacker may advance"
rule = "1.3"
effects = [
  {{ kind = "retreat", side = "defender", hexes = 1, chooser = "owner" }},
  {{ kind = "advance", side = "attacker", hexes = 1 }},
]

[results.DE]
text = "defender eliminated; the attacker may advance"
rule = "1.3"
effects = [
  {{ kind = "eliminate", side = "defender" }},
  {{ kind = "advance", side = "attacker", hexes = 1 }},
]
"""

COUNTERS = """\
# {id}'s counters: put in your game's units (attack, defence, movement as printed).
title = "{id}: counters"
game = "{id}"

[[counter]]
id = "{prefix}-blue-infantry"
name = "Blue Infantry"
nationality = "blue"
size = "XX"
type = "infantry"
attack = 6
defence = 5
movement = 4

[[counter]]
id = "{prefix}-blue-armour"
name = "Blue Armour"
nationality = "blue"
size = "XX"
type = "armour"
attack = 6
defence = 4
movement = 8

[[counter]]
id = "{prefix}-red-infantry"
name = "Red Infantry"
nationality = "red"
size = "XX"
type = "infantry"
attack = 4
defence = 4
movement = 4
"""

MAP = """\
# {id}'s map: a small board of clear ground, woods and a town (maps/README.md).
name = "{id}"
description = "A small board to try the rules on."

[layout]
orientation = "flat"
offset = "odd"
label = "{{col:02d}}{{row:02d}}"
first = "0101"
columns = 6
rows = 5

[legend]
c = "clear"
w = "woods"
t = "city"

[terrain]
rows = [
  "cccccc",
  "cccccc",
  "ccwcct",
  "cccccc",
  "cccccc",
]
"""

SCENARIO = """\
# A first combat in {id}: `hexcombat explain {id}-scenario.toml --roll 4` resolves it.
ruleset = "{id}"
map = "map.toml"
counters = ["counters.toml"]
title = "{id}: an attack into the woods"
description = "Blue infantry and armour attack Red infantry in the woods (0303)."

[sides]
attacker = "Blue"
defender = "Red"

[[attacker]]
counter = "{prefix}-blue-infantry"
hex = "0302"

[[attacker]]
counter = "{prefix}-blue-armour"
hex = "0402"

[[defender]]
counter = "{prefix}-red-infantry"
hex = "0303"
"""
