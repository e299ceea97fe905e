"""The Last Hundred Yards assault ruleset (``lhy-assault``): see docs/rules.md."""

from hexcombat.rulesets.lhy_assault.ruleset import RULESET

__all__ = ["RULESET"]
