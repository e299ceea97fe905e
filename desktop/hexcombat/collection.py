"""Opening a big game, or building a big map's graph, makes a million small objects at once;
Python's cyclic garbage collector would stop two or three times to walk them all (150-200 ms on
a 50,000-hex game) although none is garbage yet. :func:`paused_collection` holds it off for such
a bounded burst of work and lets it run again after; reference counting still frees what is
dropped meanwhile."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused_collection() -> Iterator[None]:
    """No cyclic garbage collection inside the block; collection resumes as it was after it,
    however the block ends."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
