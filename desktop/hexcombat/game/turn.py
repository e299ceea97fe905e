"""The game turn: whose player-turn it is and which phase of it.

Rules hang on the phase (a counter action allowed only in its owner's initial phase, an attack
made while moving being an overrun). The phases are the ruleset's: it declares its turn sequence
in its vocabulary (``PhaseSpec``: which phases have attacks, which conditions a phase sets), and
this module only reads that declaration, so a game with another sequence changes its ruleset,
not the game.
"""

from __future__ import annotations

from hexcombat.rules.references import cited
from hexcombat.rules.vocabulary import ConditionValue, PhaseSpec, Vocabulary


def phase_names(vocabulary: Vocabulary) -> tuple[str, ...]:
    """The ruleset's phases in order, by the names saves and scenarios write."""
    return tuple(p.name for p in vocabulary.phases)


def default_phase(vocabulary: Vocabulary) -> str:
    """Where a game starts: the ruleset's default phase (hexcombat is a combat assistant, so
    the phase in which attacks are made), or its first phase."""
    if vocabulary.default_phase:
        return vocabulary.default_phase
    return vocabulary.phases[0].name if vocabulary.phases else ""


def phase_info(vocabulary: Vocabulary, name: str) -> PhaseSpec | None:
    """The phase called ``name``, or None when the ruleset has no such phase."""
    return vocabulary.phase(name)


def unknown_phase(vocabulary: Vocabulary, name: object) -> str:
    """Why ``name`` is not a phase, listing the ones there are."""
    names = phase_names(vocabulary)
    if not names:
        return f"there is no {name!r} phase: this ruleset has no turn sequence"
    return f"there is no {name!r} phase; the phases are {', '.join(names)}"


def phase_conditions(vocabulary: Vocabulary, phase: str) -> dict[str, ConditionValue]:
    """Every condition the phase decides (``set_by_phase``), as the phase sets it: an attack in
    the movement phase is an overrun, in any other it is not."""
    info = vocabulary.phase(phase)
    sets = info.sets if info is not None else {}
    return {c.key: sets.get(c.key, c.default) for c in vocabulary.conditions if c.set_by_phase}


def phase_setting(vocabulary: Vocabulary, key: str, value: ConditionValue) -> str | None:
    """The first phase that sets condition ``key`` to ``value`` (the movement phase for an
    overrun), or None when no phase does."""
    for phase in vocabulary.phases:
        if phase_conditions(vocabulary, phase.name).get(key) == value:
            return phase.name
    return None


def new_turn(vocabulary: Vocabulary, before: tuple[str, str], after: tuple[str, str]) -> bool:
    """Whether going from ``before`` to ``after`` (each the phasing player and the phase)
    begins a new turn: another player's turn, or the ruleset's turn sequence begun again (a
    phase before the one the game was in). What a unit may do once per turn (advance after
    combat) it may do again then."""
    if before[0] != after[0]:
        return True
    order = phase_names(vocabulary)
    if before[1] not in order or after[1] not in order:
        return before[1] != after[1]
    return order.index(after[1]) < order.index(before[1])


def _attacks_in(phase: PhaseSpec) -> str:
    """``resolved in the combat phase``: the phase's attacks as a warning names them."""
    if phase.attack_words:
        return phase.attack_words
    rule = cited(phase.rule)
    return f"made in the {phase.name} phase{rule}"


def no_attacks_in(vocabulary: Vocabulary, phase: str) -> str | None:
    """Why the ruleset's turn sequence has no attacks in ``phase``, or None when it has. The
    panel warns rather than refuses: a player walking through an example may set up an attack
    whatever the phase."""
    info = vocabulary.phase(phase)
    if info is None or info.attacks:
        return None
    rule = f", {info.rule}" if info.rule else ""
    what = f" ({info.note}{rule})" if info.note else ""
    first = default_phase(vocabulary)  # the phase attacks belong to, then the others
    where = sorted((p for p in vocabulary.phases if p.attacks), key=lambda p: p.name != first)
    return (
        f"no attacks are made in the {phase} phase{what}: attacks are "
        f"{', '.join(_attacks_in(p) for p in where)}; set the phase in the Conditions"
    )


def phase_tip(vocabulary: Vocabulary, phase: str) -> str:
    """``<Title> phase (<rule>): <note>``, as the ruleset declares the phase: the status bar's
    tooltip; empty when the phase has nothing to say."""
    info = vocabulary.phase(phase)
    if info is None or not info.note:
        return ""
    rule = cited(info.rule)
    return f"{info.title or info.name.capitalize()} phase{rule}: {info.note}"


def turn_text(phasing_player: str, phase: str) -> str:
    """``Soviet's combat phase``: how the status bar and the undo history say it."""
    if not phase:
        return f"{phasing_player}'s turn" if phasing_player else ""
    return f"{phasing_player}'s {phase} phase" if phasing_player else f"{phase} phase"
