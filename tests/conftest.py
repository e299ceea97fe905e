"""Shared test set-up: Qt runs offscreen unless a display is asked for."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

REPO = Path(__file__).resolve().parents[1]
"""The repository root, for tests that read shipped maps, counters and scenarios."""
