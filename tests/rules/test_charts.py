"""One chart loader for every chart file: each kind reads, checks and cites provenance the same
way, a file is read once per kind, and every problem comes back with its line."""

from __future__ import annotations

from pathlib import Path

import pytest

from hexcombat.rules.chartkinds import CHART_KINDS
from hexcombat.rules.charts import load_chart, read_chart
from hexcombat.rulesets.armour_ratio.tables import ARMOUR_EFFECTS, armour_effects_from_source
from hexcombat.rulesets.armour_ratio.terrain import TERRAIN_EFFECTS, terrain_chart_from_source
from hexcombat.rulesets.europa.combat import GENERIC_CRT, crt_from_source, load_crt
from hexcombat.rulesets.total_war.coast_defence import COAST_DEFENCE, load_coast_defence
from hexcombat.rulesets.total_war.tables import AEC_TERRAIN, load_tables
from hexcombat.sourcefile import SourceError
from meaning import says

SHIPPED = [GENERIC_CRT, ARMOUR_EFFECTS, TERRAIN_EFFECTS, COAST_DEFENCE, AEC_TERRAIN]


def test_every_loader_is_the_one_chart_loader() -> None:
    assert load_crt() is load_chart(GENERIC_CRT, crt_from_source)
    assert load_coast_defence() is load_coast_defence(str(COAST_DEFENCE))  # read once
    assert load_tables().aec is load_tables(aec=str(AEC_TERRAIN)).aec


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: Path(p).name)
def test_each_shipped_chart_reads_without_a_problem_as_its_kind(path: Path) -> None:
    import tomllib

    kind = tomllib.loads(Path(path).read_text(encoding="utf-8"))["chart"]
    chart, problems = read_chart(path, CHART_KINDS[kind])
    assert problems == [] and chart is not None


def test_a_chart_entry_without_provenance_is_a_problem_at_its_line(tmp_path: Path) -> None:
    text = Path(GENERIC_CRT).read_text(encoding="utf-8")
    lines = text.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("[results."))
    code = lines[first].removeprefix("[results.").rstrip("]")
    body = next(i for i in range(first + 1, len(lines)) if lines[i].startswith(("rule", "assumed")))
    del lines[body]
    bad = tmp_path / "crt.toml"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(SourceError) as caught:
        load_crt(bad)
    (problem,) = caught.value.problems
    assert problem.line == first + 1
    assert says(problem.message, names=[code, 'rule = "..."', "assumed = true"])


def test_one_file_read_by_two_kinds_is_each_kinds_own() -> None:
    aet, problems = read_chart(ARMOUR_EFFECTS, armour_effects_from_source)
    assert aet is not None and problems == []
    as_terrain, problems = read_chart(ARMOUR_EFFECTS, terrain_chart_from_source)
    assert problems  # the Armour Effects Table is no terrain chart, and says so
