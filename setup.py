"""The package list, found rather than listed: every package under ``desktop/`` (a ruleset folder
added there ships with no edit anywhere), plus the data packages ``pyproject.toml`` maps from the
repository's ``maps/``, ``counters/``, ``rulesets/`` (the example games written as ruleset files)
and ``installer/icons/``. Everything else is in ``pyproject.toml``."""

from setuptools import find_packages, setup

DATA_PACKAGES = [
    "hexcombat.data.maps",
    "hexcombat.data.counters",
    "hexcombat.data.rulesets",
    "hexcombat.data.icons",
]

setup(packages=[*find_packages("desktop", include=["hexcombat", "hexcombat.*"]), *DATA_PACKAGES])
