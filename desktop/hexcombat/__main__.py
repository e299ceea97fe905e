"""``python -m hexcombat``."""

import sys

from hexcombat.cli import main

sys.exit(main())
