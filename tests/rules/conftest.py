"""Helpers every ruleset's tests share live in tests/rules/conformance (``dice_paths``: every
sequence of dice a report can consume); put that folder on the path for all rules tests."""

from __future__ import annotations

import sys
from pathlib import Path

SHARED = str(Path(__file__).resolve().parent / "conformance")
if SHARED not in sys.path:
    sys.path.insert(0, SHARED)
