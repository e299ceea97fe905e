"""A combat's conditions checked against what its ruleset declares, before anything is
evaluated: a ruleset reads only the conditions its vocabulary names, each within its kind and
bounds, and only the weather its charts know. What it does not declare is refused by name (an
:class:`~hexcombat.rules.errors.IllegalAttackError` citing the ruleset's rule), never evaluated
as if it were something else or nothing at all."""

from __future__ import annotations

from hexcombat.rules.errors import IllegalAttackError
from hexcombat.rules.situation import Conditions
from hexcombat.rules.vocabulary import Vocabulary


def refuse_undeclared(
    conditions: Conditions, vocabulary: Vocabulary, rule: str, *, weather: bool = True
) -> None:
    """Raise :class:`IllegalAttackError` for a weather the ruleset does not list or a
    condition it does not declare (``rule``: the ruleset's rule that reads them), or for a
    declared condition out of its kind or bounds (that condition's own rule). ``weather``
    False: the ruleset's own chart refuses an unknown weather, naming the chart."""
    if weather and conditions.weather not in vocabulary.weather:
        known = ", ".join(vocabulary.weather)
        raise IllegalAttackError(f"weather {conditions.weather!r}: the rules know {known}", rule)
    for key, value in conditions.choices:
        spec = vocabulary.condition(key)
        if spec is None:
            known = ", ".join(c.key for c in vocabulary.conditions) or "none"
            raise IllegalAttackError(
                f"the rules read no condition {key!r}; they read {known}", rule
            )
        problem = spec.problem(value)
        if problem is not None:
            raise IllegalAttackError(problem, spec.rule)
