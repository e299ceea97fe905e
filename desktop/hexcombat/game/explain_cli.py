"""``hexcombat explain``: placeholder until the rules core lands."""

from __future__ import annotations

import sys


def explain_command(path: str, as_json: bool = False) -> int:
    """Print the explanation of the combat in ``path``."""
    print(
        f"{path}: explaining combats needs the rules core, which is not built yet", file=sys.stderr
    )
    return 2
