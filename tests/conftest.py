"""Shared test set-up: Qt runs offscreen unless a display is asked for."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
