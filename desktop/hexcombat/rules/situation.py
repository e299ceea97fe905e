"""A combat as the rules see it: who attacks, who defends, across what, in what conditions.

The game layer builds this from the board (who is adjacent, which hexside each stack crosses,
two-hex artillery); a scenario without a map states it directly. The rules never see the board.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hexcombat.rules.units import Unit


@dataclass(frozen=True)
class Participant:
    """One unit (or ``count`` identical units) taking part in a combat."""

    unit: Unit
    """The unit, with its capabilities resolved for the combat's date."""
    count: int = 1
    """How many identical units, e.g. two Rifle XX (14D2d)."""
    across: str | None = None
    """The hexside feature it attacks across (``minor-river``, ``major-river``), if any (10.D)."""
    range: int = 1
    """Hexes from the defender: 1 adjacent, 2 for long-range artillery firing at two (14A3)."""
    hex: str | None = None
    """Its hex label on the map, for display only."""
    stack: str | None = None
    """Which stack it belongs to, for conversions within a stack (10.C.1); None = one big stack."""


@dataclass(frozen=True)
class Conditions:
    """Where and when the combat happens, and the choices the players made before it."""

    terrain: str = "clear"
    """The defender's hex terrain: clear, woods, forest, rough, mountain, swamp, city, ..."""
    weather: str = "clear"
    """Weather in the defender's hex: clear, mud, frost, snow, winter, ... (10.E)."""
    date: str | None = None
    """Game month ``YYYY-MM``; dated capabilities (10.H) resolve against it."""
    fortification: int = 0
    """The fortification's combat DRM (-1, -2, -3) from the Fortifications Effects Chart (14D1)."""
    fortified: bool = False
    """The defenders were fortified before the reaction phase (10.B.1 double ATEC)."""
    entrenched: bool = False
    """The defenders were entrenched before the reaction phase (10.B.1 double ATEC)."""
    attacker_declines_aec: bool = False
    """The attacker declared it does not use AEC (10.F; attacker chooses first)."""
    defender_declines_aec: bool = False
    """The defender declared it does not use AEC/ATEC (10.F)."""
    overrun: bool = False
    """This is an overrun: armour effects are calculated normally (10.G)."""
    crt: str | None = None
    """A combat results table file that replaces the ruleset's for this combat (a scenario's
    ``crt``, the player's own rulebook table); None: the shipped generic, assumed one."""


@dataclass(frozen=True)
class CombatSituation:
    """Everything a ruleset needs to evaluate one combat."""

    ruleset: str
    attackers: tuple[Participant, ...]
    defenders: tuple[Participant, ...]
    conditions: Conditions = field(default_factory=Conditions)
