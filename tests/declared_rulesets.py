"""The rulesets a test means by what they declare, found through the registry, never listed: a
ruleset folder added that declares the same is tested with the others, with no test edited.

- "the Europa family": every ruleset whose units carry the Europa values (RE, AEC, heavy, coast
  defence): its vocabulary declares the :class:`EuropaValues` unit capability;
- "a table of the player's own": every ruleset whose declarations name an ``own_table``.

Each answer is asserted non-empty, so a test parametrised over it never passes (or is skipped)
for want of rulesets. A test of one ruleset's own worked example names that ruleset instead.
"""

from __future__ import annotations

from hexcombat.rules.registry import declarations, get_ruleset, ruleset_ids
from hexcombat.rulesets.europa.units import EuropaValues


def _found(ids: list[str], what: str) -> tuple[str, ...]:
    assert ids, f"no ruleset found {what}: the test would check nothing"
    return tuple(ids)


def europa_family() -> tuple[str, ...]:
    """The rulesets whose units carry the Europa values (they declare that capability)."""
    return _found(
        [
            rid
            for rid in ruleset_ids()
            if any(k.type is EuropaValues for k in get_ruleset(rid).vocabulary.unit_capabilities)
        ],
        "declaring the Europa unit values",
    )


def with_own_table() -> tuple[str, ...]:
    """The rulesets that read a table of the player's own (``declares.own_table``)."""
    return _found(
        [rid for rid in ruleset_ids() if declarations(rid).own_table],
        "declaring a table of the player's own",
    )
