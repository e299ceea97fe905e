"""The rulesets hexcombat ships, one folder each, found by the registry
(:mod:`hexcombat.rules.registry`) without being listed anywhere. ``europa`` is not a ruleset
but the family code the two Europa rulesets share on purpose: the odds CRT and its results,
required losses, Europa unit values, eligibility, vocabulary, references and air rules."""
