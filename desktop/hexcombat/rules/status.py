"""What has happened to a unit in play beyond its printed values: steps lost, its morale or
cohesion state, and the markers on it. The rules read it (a demoralized unit may not fire);
the game changes it only through undoable commands and keeps it in saves."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class UnitStatus:
    """A counter's state in play; the default is a fresh unit in good order."""

    steps_lost: int = 0
    state: str = ""
    """Its morale or cohesion state, a key of the ruleset's vocabulary; empty: good order."""
    markers: frozenset[str] = field(default_factory=frozenset)
    """Markers on it (keys of the ruleset's vocabulary), e.g. ``heroic``, ``in-motion``."""

    @property
    def fresh(self) -> bool:
        """No step lost, good order, no marker: nothing to draw or save."""
        return not self.steps_lost and not self.state and not self.markers


FRESH = UnitStatus()
