"""A ruleset's loss policy: what a result requires of each side, what choices a player has, and
why a choice is refused. The game asks the policy; it holds no rule of its own about losses."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Literal, Protocol

from hexcombat.rules.vocabulary import SideName

LossKind = Literal["strength-points", "steps"]
"""How a side's losses are counted; the panel picks its loss chooser by it."""


class LossPolicy(Protocol):
    """The losses of one resolved combat, for the participants by their stable ids."""

    kind: LossKind

    def offered(self, side: SideName) -> list[str]:
        """The participants of ``side`` a player may choose to lose (empty: the side loses
        nothing)."""
        ...

    def worth(self, side: SideName) -> Mapping[str, int]:
        """What each offered participant is worth towards ``side``'s losses (strength points,
        or steps it has left)."""
        ...

    def needed(self, side: SideName, chosen: Collection[str]) -> int:
        """What ``side`` must still lose in all, given everything ``chosen`` so far (an
        exchange grows with the other side's losses)."""
        ...

    def problems(self, chosen: Collection[str], lost_anyway: Collection[str] = ()) -> list[str]:
        """Why the chosen losses do not satisfy the result, each naming its rule (empty when
        they do): too few, from the wrong units, or more than the result asks. ``lost_anyway``
        are lost whatever is chosen (the game eliminates a stack with no legal retreat): they
        count as lost and are never refused as more than the result asks."""
        ...

    def suggested(self, lost_anyway: Collection[str] = ()) -> list[str]:
        """A legal choice that loses as little as the result allows (``lost_anyway`` as in
        :meth:`problems`)."""
        ...
