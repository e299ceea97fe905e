"""The hex board: coordinates, labels, hexsides, map files, the hexside graph and geometry.

No Qt and nothing of the rules here (an import-linter contract says so): the game layer asks the
board questions, the UI draws what the board hands out as plain points.

- :mod:`~hexcombat.board.hexes`: ``Hex`` (axial), ``distance``, ``ring``, ``within``.
- :mod:`~hexcombat.board.offset`: ``OffsetScheme``, printed labels such as ``"0412"``.
- :mod:`~hexcombat.board.layout`: ``Layout``, hex centres and corners on the screen, and back.
- :mod:`~hexcombat.board.hexside`: ``Hexside``, the edge where rivers lie.
- :mod:`~hexcombat.board.mapfile`: ``HexMap``, ``load_map``, ``check_map_source``, ``find_map``.
- :mod:`~hexcombat.board.mapwrite`: ``map_to_toml``, ``save_map`` (a map written back as TOML).
- :mod:`~hexcombat.board.mapedit`: the map editor's undoable edits (paint, fill, hexsides, ...).
- :mod:`~hexcombat.board.graph`: ``BoardGraph``: adjacency, range, crossings, retreat paths.
- :mod:`~hexcombat.board.geometry`: shapely shapes for drawing and hit tests, ``point_lists``.
"""
