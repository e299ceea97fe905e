"""The assault-morale ruleset: the Assault Combat Table with morale checks."""

from hexcombat.rulesets.assault_morale.ruleset import RULESET

__all__ = ["RULESET"]
