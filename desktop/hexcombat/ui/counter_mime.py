"""Counters dragged between widgets (palette, stack inspector, map) as one MIME payload."""

from __future__ import annotations

import json

from PySide6.QtCore import QMimeData

MIME_TYPE = "application/x-hexcombat-counter"


def uids_mime(uids: list[str]) -> QMimeData:
    """Counters already on the map (moving them)."""
    data = QMimeData()
    data.setData(MIME_TYPE, json.dumps({"uids": list(uids)}).encode())
    return data


def library_mime(counter_id: str, side: str) -> QMimeData:
    """A counter from the library (adding one)."""
    data = QMimeData()
    data.setData(MIME_TYPE, json.dumps({"counter": counter_id, "side": side}).encode())
    return data


def read_mime(data: QMimeData) -> dict[str, object] | None:
    """The payload, or None when the drag is not a counter."""
    if not data.hasFormat(MIME_TYPE):
        return None
    try:
        payload = json.loads(bytes(data.data(MIME_TYPE).data()).decode())
    except (ValueError, UnicodeDecodeError):
        return None
    return payload if isinstance(payload, dict) else None
