"""The conformance suite reuses each ruleset's own hypothesis strategies (``tw_strategies``,
``ar_strategies``), which live beside that ruleset's tests: put those folders on the path."""

from __future__ import annotations

import sys
from pathlib import Path

RULES_TESTS = Path(__file__).resolve().parents[1]
for folder in ("total_war", "armour_ratio"):
    path = str(RULES_TESTS / folder)
    if path not in sys.path:
        sys.path.insert(0, path)
