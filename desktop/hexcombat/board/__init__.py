"""The hex board: coordinates, labels, hexsides, map files, the hexside graph and geometry."""
