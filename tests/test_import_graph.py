"""The import contracts (pyproject's import-linter, run by ``make test``) see every import the
program makes: no module reaches another by name at run time (``importlib.import_module``, a
module ``__getattr__`` that loads names from elsewhere), which would hide an import circle, such
as ``state -> roll -> attack -> commands -> state``, from the contract that forbids it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "desktop" / "hexcombat"
LAYERS = ["game", "ui"]
"""The layers above the rules core, whose modules import one another."""


def hidden_imports(path: Path) -> list[str]:
    """Each place in ``path`` that loads a module by name, or a module ``__getattr__``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found = [
        f"{path.name}:{node.lineno}: module __getattr__"
        for node in tree.body
        if isinstance(node, ast.FunctionDef) and node.name == "__getattr__"
    ]
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "import_module"
        ):
            found.append(f"{path.name}:{node.lineno}: import_module")
    return found


@pytest.mark.parametrize("layer", LAYERS)
def test_every_import_of_the_game_and_the_window_is_one_the_contracts_see(layer: str) -> None:
    found = [h for path in sorted((PACKAGE / layer).glob("*.py")) for h in hidden_imports(path)]
    assert found == []


def test_a_hidden_import_is_found(tmp_path: Path) -> None:
    module = tmp_path / "lazy.py"
    module.write_text(
        "import importlib\n\n\ndef __getattr__(name):\n"
        "    return getattr(importlib.import_module('x'), name)\n",
        encoding="utf-8",
    )
    assert hidden_imports(module) == [
        "lazy.py:4: module __getattr__",
        "lazy.py:5: import_module",
    ]
