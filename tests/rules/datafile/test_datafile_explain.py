"""``hexcombat explain`` plays a scenario under a ruleset file end to end, in-process: every
step cites the file's own rules, the chances are exact, a typed roll resolves.

tests/rules/conformance/cases/river-crossing-woods.toml: an infantry of attack 6 across the
river is halved to 3 (8.3), an armour of 5 beside it: 8; a defence of 4 in woods is doubled to
8 (7.2); 8 : 8 is 1:1 (7.1) and armour with infantry shifts one column right (9.3): 2:1. Not
every attacker crosses, so no -1 (8.3). The 2:1 column reads 1 DR, 2-5 AR, 6 AE: DR 1/6, AR
4/6, AE 1/6. A roll of 1 is DR: the defender retreats two hexes, the attacker choosing the
path, and the attacker may advance a hex."""

from __future__ import annotations

from datafile_helpers import CASES, registered

from hexcombat_cli import explain_json, hexcombat

SCENARIO = CASES / "river-crossing-woods.toml"


def test_explain_cites_the_files_rules_and_gives_exact_chances() -> None:
    with registered("river-crossing", "river_crossing_ruleset"):
        data = explain_json(SCENARIO)
    rules = [s["rule"] for s in data["steps"]]
    assert {"7.2", "8.3", "9.3"} <= set(rules)
    assert set(rules) <= {"7.1", "7.2", "7.3", "7.5", "8.1", "8.3", "9.1", "9.2", "9.3"}
    assert data["odds"] == "2:1" and data["drm"] == 0
    assert {o["result"]: o["exact"] for o in data["outcome_list"]} == {
        "DR": "1/6",
        "AR": "2/3",
        "AE": "1/6",
    }
    assert data["dice"] == [
        {
            "purpose": "combat die",
            "name": "d6",
            "sides": 6,
            "count": 1,
            "rule": "7.3",
            "side": "attacker",
            "follow_up": False,
        }
    ]


def test_explain_resolves_a_typed_roll_into_the_files_effects() -> None:
    with registered("river-crossing", "river_crossing_ruleset"):
        data = explain_json(SCENARIO, 1)
    result = data["result"]
    assert result["result"] == "DR" and result["die"] == 1
    assert [(e["kind"], e["side"], e["amount"], e["rule"]) for e in result["effects"]] == [
        ("retreat", "defender", 2, "7.4"),
        ("advance", "attacker", 1, "7.4"),
    ]
    assert "the enemy choosing the path" in result["effects"][0]["text"]


def test_explain_in_words_names_the_column_and_the_rules() -> None:
    with registered("river-crossing", "river_crossing_ruleset"):
        done = hexcombat("explain", SCENARIO)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "Odds: 2:1" in lines
    cited = [line.split()[0] for line in lines if line.startswith("  ") and line.split()]
    assert {"8.3", "7.2", "9.3"} <= set(cited)
