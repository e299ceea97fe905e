"""A test ruleset file (tests/rules/datafile/data/skirmish.toml)
played by the ruleset-file engine, as the conformance suite registers its test rulesets: a
module with a ``RULESET``."""

from pathlib import Path

from hexcombat.rulesets.datafile.engine import DataRuleset
from hexcombat.rulesets.datafile.loader import load_ruleset_file

FILE = Path(__file__).resolve().parents[1] / "datafile" / "data" / "skirmish.toml"
RULESET = DataRuleset(load_ruleset_file(FILE))
