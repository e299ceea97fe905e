"""The frozen program's entry point: the same as the ``hexcombat`` console script."""

import sys

from hexcombat.cli import main

if __name__ == "__main__":
    sys.exit(main())
