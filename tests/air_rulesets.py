"""Two test rulesets for air missions as a declared capability: Total War's ground rules under
other ids, one declaring no air rules (``air = None``), one declaring Total War's (16A, 23D).
Each is written to a module in a folder of the test's own and registered while it runs."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

from hexcombat.rules.registry import register_ruleset

WITHOUT_AIR = "tw-without-air"
WITH_AIR = "tw-with-air"
MODULES = {
    WITHOUT_AIR: (
        "from hexcombat.rulesets.total_war import TotalWarRuleset\n\n\n"
        "class WithoutAir(TotalWarRuleset):\n"
        f'    id = "{WITHOUT_AIR}"\n'
        "    air = None  # Total War's ground rules, no air rules declared\n\n\n"
        "RULESET = WithoutAir()\n"
    ),
    WITH_AIR: (
        "from hexcombat.rulesets.europa.air.capability import AIR\n"
        "from hexcombat.rulesets.total_war import TotalWarRuleset\n\n\n"
        "class WithAir(TotalWarRuleset):\n"
        f'    id = "{WITH_AIR}"\n'
        "    air = AIR\n\n\n"
        "RULESET = WithAir()\n"
    ),
}


@contextmanager
def air_rulesets_registered(folder: Path) -> Iterator[None]:
    """Both test rulesets registered (their modules written to ``folder``) while the ``with``
    block runs, then forgotten."""
    folder.mkdir(parents=True, exist_ok=True)
    names = {ruleset_id: ruleset_id.replace("-", "_") for ruleset_id in MODULES}
    for ruleset_id, text in MODULES.items():
        (folder / f"{names[ruleset_id]}.py").write_text(text)
    sys.path.insert(0, str(folder))
    try:
        with ExitStack() as stack:
            for ruleset_id, module in names.items():
                stack.enter_context(register_ruleset(ruleset_id, module))
            yield
    finally:
        sys.path.remove(str(folder))
        for module in names.values():
            sys.modules.pop(module, None)
