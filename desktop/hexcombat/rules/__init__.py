"""The embedded rules core: pure Python, no Qt, no networkx, no shapely, nothing of the board."""
