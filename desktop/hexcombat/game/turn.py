"""The game turn: whose player-turn it is and which phase of it.

Rules hang on the phase: coast defence artillery switches sides only in its owner's initial phase
(14A4), double ATEC needs the defenders fortified or entrenched before the reaction phase starts
(10.B.1), and an attack made while moving is an overrun (10.G). The phases are data, so an edition
with another turn sequence edits this table, not the rules that read it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Phase:
    """One phase of a player-turn, with the rule that makes it matter."""

    name: str
    rule: str | None
    """The rule (of the rules texts, docs/rules.md) that names the phase or hangs on it; None
    when only the Europa turn sequence does."""
    text: str
    """What happens in it that hexcombat cares about, in the player's words."""


PHASES: tuple[Phase, ...] = (
    Phase(
        "initial",
        "14A4",
        "a player may switch his coast defence artillery between its artillery and CD modes "
        "only during his initial phase",
    ),
    Phase(
        "movement",
        "10.G",
        "an attack made while moving is an overrun; armour and anti-tank effects are "
        "calculated normally (10.G, overruns are rule 12)",
    ),
    Phase(
        "reaction",
        "10.B.1",
        "Soviet AT and German heavy AA count double ATEC only if fortified or entrenched before "
        "the start of the reaction phase",
    ),
    Phase(
        "combat",
        "14D",
        "the attacks of the player-turn are resolved (rules 10 and 14D; the excerpts do not "
        "name the phase, the Europa turn sequence does)",
    ),
    Phase(
        "exploitation",
        None,
        "units that may still move do so (the Europa turn sequence; the rules excerpts do not "
        "name the phase)",
    ),
)
"""The player-turn phases in order. Only ``initial`` (14A4) and ``reaction`` (10.B.1) are named
in the rules texts; ``movement`` is where 10.G's overruns happen (our reading: rule 12 is not in
the texts), and ``combat`` and ``exploitation`` complete the Europa player-turn."""

PHASE_NAMES: tuple[str, ...] = tuple(p.name for p in PHASES)
DEFAULT_PHASE = "combat"
"""hexcombat is a combat assistant: a game starts where attacks are made (14D2d is one)."""
OVERRUN_PHASE = "movement"
"""An attack made in this phase is an overrun (10.G)."""
COMBAT_PHASE = "combat"
"""The phase in which the player-turn's attacks are resolved (14D; the Europa turn sequence)."""


def phase_info(name: str) -> Phase | None:
    """The phase called ``name``, or None when there is no such phase."""
    return next((p for p in PHASES if p.name == name), None)


def unknown_phase(name: object) -> str:
    """Why ``name`` is not a phase, listing the ones there are."""
    return f"there is no {name!r} phase; the phases are {', '.join(PHASE_NAMES)}"


def is_overrun_phase(phase: str) -> bool:
    """Whether an attack made in ``phase`` is an overrun (10.G)."""
    return phase == OVERRUN_PHASE


def no_attacks_in(phase: str) -> str | None:
    """Why the turn sequence has no attacks in ``phase`` (None in the combat phase, and in the
    movement phase, where an attack is an overrun, 10.G). The panel warns rather than refuses:
    a player walking through an example may set up an attack whatever the phase."""
    if phase in (COMBAT_PHASE, OVERRUN_PHASE):
        return None
    info = phase_info(phase)
    what = f" ({info.text}{f', {info.rule}' if info.rule else ''})" if info else ""
    return (
        f"no attacks are made in the {phase} phase{what}: attacks are resolved in the "
        f"{COMBAT_PHASE} phase, overruns made in the {OVERRUN_PHASE} phase (10.G); set the "
        "phase in the Conditions"
    )


def turn_text(phasing_player: str, phase: str) -> str:
    """``Soviet's combat phase``: how the status bar and the undo history say it."""
    return f"{phasing_player}'s {phase} phase" if phasing_player else f"{phase} phase"
