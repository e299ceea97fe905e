"""A combat as the rules see it: who attacks, who defends, across what, in what conditions.

The game layer builds this from the board (who is adjacent, which hexside each stack crosses,
two-hex artillery); a scenario without a map states it directly. The rules never see the board.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from hexcombat.rules.status import FRESH, UnitStatus
from hexcombat.rules.units import Unit
from hexcombat.rules.vocabulary import ConditionValue


@dataclass(frozen=True)
class Participant:
    """One unit (or ``count`` identical units) taking part in a combat."""

    unit: Unit
    """The unit, with its capabilities resolved for the combat's date."""
    count: int = 1
    """How many identical units, e.g. two of the same division."""
    across: str | None = None
    """The hexside feature it attacks across (``minor-river``, ``major-river``), if any."""
    range: int = 1
    """Hexes from the defender: 1 adjacent, more for a unit its ruleset lets attack from
    further (``attack_range``)."""
    hex: str | None = None
    """Its hex label on the map, for display only."""
    stack: str | None = None
    """Which stack it belongs to, for what units share with those they stack with; None = one
    big stack."""
    id: str | None = None
    """Its stable id, which results address: the counter's id in a game; None in a scenario
    without a map (the ruleset then numbers participants by side and place)."""
    status: UnitStatus = FRESH
    """Steps lost, morale or cohesion state and markers in play."""
    elevation: int | None = None
    """Its hex's elevation level on a tactical map (the map's ``[elevation]``); None: not known
    (a map without levels, a scenario that does not say)."""
    terrain: str | None = None
    """Its own hex's terrain (the defender's hex terrain is also ``Conditions.terrain``); None:
    not known."""
    counted: bool | None = None
    """Under a ruleset with counting limits (only so many units of a side count, the result
    applies to all): whether the player counts this one; None: the ruleset picks the best."""


@dataclass(frozen=True, init=False)
class Conditions:
    """Where and when the combat happens, and the choices the players made before it.

    ``terrain``, ``weather``, ``date`` and ``crt`` are every ruleset's; everything else is a
    choice the ruleset declares in its vocabulary (``fortified``, ``overrun``, ...), given by
    keyword and read with :meth:`choice`.
    """

    terrain: str
    """The defender's hex terrain: clear, woods, forest, rough, mountain, swamp, city, ..."""
    weather: str
    """Weather in the defender's hex, one the ruleset's vocabulary declares (clear, mud, ...)."""
    date: str | None
    """Game month ``YYYY-MM``; dated capabilities (the vocabulary's ``date_rule``) resolve
    against it."""
    crt: str | None
    """A combat results table file that replaces the ruleset's for this combat (a scenario's
    ``crt``, the player's own rulebook table); None: the shipped generic, assumed one."""
    choices: tuple[tuple[str, ConditionValue], ...]
    """The ruleset's own conditions, sorted by key (a tuple, so conditions stay hashable)."""

    def __init__(
        self,
        terrain: str = "clear",
        weather: str = "clear",
        date: str | None = None,
        crt: str | None = None,
        choices: Mapping[str, ConditionValue] | tuple[tuple[str, ConditionValue], ...] = (),
        **more: ConditionValue,
    ) -> None:
        given = dict(choices) | more
        object.__setattr__(self, "terrain", terrain)
        object.__setattr__(self, "weather", weather)
        object.__setattr__(self, "date", date)
        object.__setattr__(self, "crt", crt)
        object.__setattr__(self, "choices", tuple(sorted(given.items())))

    def choice(self, key: str, default: ConditionValue = False) -> ConditionValue:
        """The ruleset condition ``key`` as set, else ``default`` (the vocabulary's)."""
        return dict(self.choices).get(key, default)

    def flag(self, key: str) -> bool:
        """A true-or-false ruleset condition (unset: false)."""
        return bool(self.choice(key, False))

    def number(self, key: str) -> int:
        """A whole-number ruleset condition (unset: 0)."""
        value = self.choice(key, 0)
        return value if isinstance(value, int) else 0

    def with_choices(self, **changed: ConditionValue) -> Conditions:
        """These conditions with some ruleset choices changed."""
        return Conditions(
            self.terrain, self.weather, self.date, self.crt, self.as_choices() | changed
        )

    def as_choices(self) -> dict[str, ConditionValue]:
        """The ruleset's own conditions as a dict."""
        return dict(self.choices)

    def to_dict(self) -> dict[str, object]:
        """Every condition as saves and scenarios write it: the general ones, then the
        ruleset's own."""
        general: dict[str, object] = {
            "terrain": self.terrain,
            "weather": self.weather,
            "date": self.date,
            "crt": self.crt,
        }
        return general | self.as_choices()


@dataclass(frozen=True)
class CombatSituation:
    """Everything a ruleset needs to evaluate one combat."""

    ruleset: str
    attackers: tuple[Participant, ...]
    defenders: tuple[Participant, ...]
    conditions: Conditions = field(default_factory=Conditions)
