"""`hexcombat explain --json` and `hexcombat check` on a Last Hundred Yards assault: the JSON
gives the final DRM before and after its limit, each side's counted units and each row's chance;
check names the file and line of a value the aid's counters cannot have."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hexcombat.cli import main
from meaning import says_in

CASES = Path(__file__).resolve().parents[2] / "cases"
SQUADS = CASES / "lhy-assault-squads.toml"


def test_explain_json_gives_the_drm_both_sides_counted_and_the_row_chances(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["explain", str(SQUADS), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    # two German squads in 1944: +3 each (Assault DRM), the US squad -2, cohesion 7 against 6
    # +1, rural building -1: +4, inside the -4..+4 limit
    assert report["payload"]["drm_before_limit"] == 4 and report["payload"]["drm"] == 4
    assert report["payload"]["counted"] == {"attacker": ["attacker-1"], "defender": ["defender-1"]}
    # d10 + 4: 5 (2-5), 6-9, 10-13, 14
    assert report["payload"]["row_chances"] == {
        "DD": "1/10",
        "DL": "2/5",
        "DM": "2/5",
        "AM": "1/10",
    }
    favours = {o["result"]: o["favours"] for o in report["outcome_list"]}
    # 6-9 and 2-5: the winners regroup, which costs them no loss and no retreat: the row
    # favours them (docs/rules.md, docs/report-schema.md)
    assert favours == {"DD": "attacker", "DL": "attacker", "DM": "attacker", "AM": "defender"}


def test_explain_json_shows_the_limit_of_the_total(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = SQUADS.read_text(encoding="utf-8").replace("count = 2", "count = 2\nrange = 1")
    text = text.replace('terrain = "rural-building"', 'terrain = "clear"\nenvelopment = true')
    case = tmp_path / "enveloped.toml"
    case.write_text(text, encoding="utf-8")
    assert main(["explain", str(case), "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)["payload"]
    # +6 - 2 + 1 + 2 (envelopment) = +7, limited to +4 (Assault)
    assert (payload["drm_before_limit"], payload["drm"]) == (7, 4)


def test_check_names_the_line_of_a_cohesion_the_aid_cannot_have(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = SQUADS.read_text(encoding="utf-8").splitlines()
    (at,) = [i for i, line in enumerate(lines) if "cohesion = 6" in line]
    lines[at] = lines[at].replace("cohesion = 6", "cohesion = 16")
    case = tmp_path / "bad.toml"
    case.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["check", str(case)]) == 1
    said = capsys.readouterr()
    assert says_in(
        said.out + said.err,
        figures=["1", "10", "16"],
        names=[f"bad.toml:{at + 1}", "defender 1", "rules.cohesion"],
    )
