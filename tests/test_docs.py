"""Everything the project cites is in the project: no file points a reader at notes outside the
repository (a clone has nothing beside it), and every relative link of the README and docs
leads to a file that is there."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
OUTSIDE = ("../" + "shared", "shared/" + "rules", "READING" + ".md", "DESIGN" + ".md")
"""Notes that live beside the repository, not in it (spelled in pieces so this file is clean)."""
SKIPPED_DIRS = {".git", ".venv", "build", "dist", "__pycache__", ".pytest_cache", ".ruff_cache"}


def project_files() -> list[Path]:
    """The files git tracks; without git (an unpacked archive), every file of the tree."""
    run = subprocess.run(
        ["git", "-C", str(REPO), "ls-files", "-z"], capture_output=True, check=False
    )
    if run.returncode == 0 and run.stdout:
        return [REPO / name for name in run.stdout.decode().split("\0") if name]
    return [
        p
        for p in REPO.rglob("*")
        if p.is_file() and not SKIPPED_DIRS & set(p.relative_to(REPO).parts)
    ]


def test_no_file_outside_docs_cites_notes_the_repository_does_not_have() -> None:
    found = []
    for path in project_files():
        relative = path.relative_to(REPO)
        if relative.parts[0] == "docs" or not path.is_file():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:  # images, icons
            continue
        for number, line in enumerate(text.splitlines(), start=1):
            found += [f"{relative}:{number}: {name}" for name in OUTSIDE if name in line]
    assert found == [], "cite docs/ instead:\n" + "\n".join(found)


def test_every_relative_link_of_the_readme_and_docs_leads_to_a_file() -> None:
    pages = [REPO / "README.md", REPO / "maps" / "README.md", *sorted((REPO / "docs").glob("*.md"))]
    broken = []
    for page in pages:
        for target in re.findall(r"\]\(([^)#\s]+)", page.read_text(encoding="utf-8")):
            if "://" not in target and not (page.parent / target).exists():
                broken.append(f"{page.relative_to(REPO)}: {target}")
    assert broken == []


def test_the_rules_page_lists_every_worked_example_file() -> None:
    rules = (REPO / "docs" / "rules.md").read_text(encoding="utf-8")
    cases = sorted((REPO / "tests" / "cases").glob("*.toml"))
    tutorials = sorted((REPO / "maps").glob("*-scenario.toml"))
    missing = [str(p.relative_to(REPO)) for p in (*cases, *tutorials) if p.name not in rules]
    assert missing == []


def test_the_readmes_rulesets_table_has_a_row_for_every_ruleset() -> None:
    from hexcombat.rules.registry import ruleset_ids

    rows = (REPO / "README.md").read_text("utf-8").splitlines()
    listed = {m.group(1) for line in rows if (m := re.match(r"\| `([a-z-]+)` \| ", line))}
    assert set(ruleset_ids()) <= listed, set(ruleset_ids()) - listed
