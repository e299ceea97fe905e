"""Helpers the rules tests share: the conformance suite's (``dice_paths``: every sequence of dice
a report can consume) in tests/rules/conformance, and each ruleset's own hypothesis strategies
(``tw_strategies``, ``ar_strategies``) beside that ruleset's tests, which the conformance suite
reuses. One conftest puts those folders on the path (two conftest modules clash by name)."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
for folder in ("conformance", "total_war", "armour_ratio"):
    path = str(HERE / folder)
    if path not in sys.path:
        sys.path.insert(0, path)
