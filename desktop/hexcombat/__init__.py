"""hexcombat: a hex-map combat assistant for board wargamers.

Layers point down only: ``ui -> game -> (board, rules)``. The rules core is pure Python; the board
knows hexes, hexsides and maps but no rules and no Qt.
"""

__version__ = "0.1.0"
