"""The rules core (``hexcombat/rules/``) names no game (issue 24): what one family's rules say
(which counter values a side does not read, what missing strengths are needed for, an odds
column in the JSON) is declared by its rulesets, and the core asks them."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from conformance_helpers import report_schema, schema_problems
from lhy_strategies import assault
from lhy_strategies import part as lhy_part
from lhy_strategies import unit as lhy_unit
from tiny_ruleset import TinyRuleset
from tw_helpers import inline, p, situation

import hexcombat.rules
from hexcombat.rules.assumed_values import warn_assumed_counters
from hexcombat.rules.dice import ScriptedDice
from hexcombat.rules.errors import RulesError
from hexcombat.rules.explain import Explanation
from hexcombat.rules.registry import get_ruleset
from hexcombat.rules.report import Report
from hexcombat.rules.situation import CombatSituation, Conditions, Participant
from hexcombat.rules.units import Unit
from hexcombat.rules.vocabulary import Vocabulary
from hexcombat.rulesets.total_war import RULESET as TOTAL_WAR
from meaning import says

CORE = Path(hexcombat.rules.__file__).resolve().parent
EUROPA_WORDS = re.compile(
    r"(?<![a-z])(aec[ad]?|atec|intrinsic_atec|heavy_[a-z]+|coast_defence|europa)(?![a-z])",
    re.IGNORECASE,
)
"""The Europa family's unit keys (10.A, 14D2a, 14A4) and its name."""


class PlainFire(TinyRuleset):
    """The tiny fire with no odds and no DRM features, whose attackers do not read their
    defence and whose defenders do not read their attack (its own rule, as it declares it)."""

    id = "plain-fire"
    vocabulary = replace(
        TinyRuleset.vocabulary,
        attacker_unread=frozenset({"defence"}),
        defender_unread=frozenset({"attack"}),
    )

    def evaluate(self, combat: CombatSituation) -> Report:  # type: ignore[override]
        report = TinyRuleset.evaluate(self, replace(combat, ruleset=""))
        dated = combat.conditions.date is not None
        warn_assumed_counters(
            combat.attackers, combat.defenders, dated, self.vocabulary, report.explanation
        )
        return replace(report, ruleset=self.id, features=())


def _fire() -> CombatSituation:
    guessed = ("attack", "defence", "movement")
    return CombatSituation(
        "plain-fire",
        (Participant(Unit(name="Squad", attack=4, defence=1, assumed=guessed)),),
        (Participant(Unit(name="Rifles", attack=1, defence=3, assumed=guessed)),),
        Conditions(),
    )


def test_the_core_has_no_module_naming_europa_keys() -> None:
    named = [
        f"{path.name}:{number}: {line.strip()}"
        for path in sorted(CORE.glob("*.py"))
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if EUROPA_WORDS.search(line)
    ]
    assert named == []


def test_assumed_values_are_warned_of_as_the_ruleset_declares_what_a_side_reads() -> None:
    report = PlainFire().evaluate(_fire())
    # its attackers read their attack, its defenders their defence; no combat reads movement
    assert [w for w in report.warnings if w.startswith("assumed value used")] == [
        "assumed value used: Squad attack; Rifles defence (check your counters)"
    ]


def test_a_ruleset_declaring_no_unread_keys_is_warned_of_every_assumed_value_it_reads() -> None:
    ex = Explanation()
    fire = _fire()
    warn_assumed_counters(fire.attackers, fire.defenders, False, Vocabulary(), ex)
    # the Europa rule that an attacker's defence goes unread (10.A) is not every game's
    assert ex.warnings == [
        "assumed value used: Squad attack, defence; Rifles attack, defence (check your counters)"
    ]


def test_a_game_without_odds_or_a_drm_has_no_odds_key_and_a_certain_drm_of_0() -> None:
    report = PlainFire().evaluate(_fire())
    data = json.loads(json.dumps(report.to_json()))
    assert "odds" not in data and "counted" not in data
    assert data["drm"] == 0
    assert data["drm_distribution"] == [{"drm": 0, "probability": 1.0, "exact": "1"}]
    assert schema_problems(data, report_schema()) == []  # odds comes with the feature only


def test_an_odds_game_keeps_its_odds_key_where_it_was() -> None:
    # 12 against 4: 3:1 on the CRT, before the modifiers
    report = TOTAL_WAR.evaluate(
        situation([p(inline("A", 3, attack=12))], [p(inline("D", 3, defence=4))])
    )
    data = report.to_json()
    assert list(data)[:5] == ["ruleset", "headline", "odds", "missing_strengths", "drm"]
    assert data["odds"] == "3:1"


def test_counting_limits_write_the_counted_units() -> None:
    # Assault: at most 4 non-vehicular combat steps of a side count; the fifth squad does not
    squads = [lhy_part(lhy_unit("squad", name=f"Squad {i}"), id=f"a{i}") for i in range(1, 6)]
    defenders = [lhy_part(lhy_unit("squad", "german", "Gruppe"), id="d1")]
    report = get_ruleset("lhy-assault").evaluate(assault(squads, defenders))
    data = json.loads(json.dumps(report.to_json()))
    assert len(data["counted"]["attacker"]) < 5 and data["counted"]["defender"] == ["d1"]
    assert set(data["counted"]["attacker"]) <= {f"a{i}" for i in range(1, 6)}
    assert schema_problems(data, report_schema()) == []


def test_a_roll_refused_for_missing_strengths_says_it_in_neutral_words() -> None:
    report = replace(PlainFire().evaluate(_fire()), missing_strengths=(("Squad", "attack"),))
    with pytest.raises(RulesError) as caught:
        report.require_strengths()
    message = str(caught.value)
    assert "odds" not in message
    assert says(message, names=["cannot roll", "chance of each result", "`attack`", "Squad"])


def test_a_europa_roll_refused_for_missing_strengths_names_the_odds() -> None:
    report = TOTAL_WAR.evaluate(situation([p(inline("A", 1, attack=None))], [p(inline("D", 1))]))
    with pytest.raises(RulesError, match="^cannot roll: the odds and the chance of each result"):
        report.require_strengths()


def test_a_result_without_required_losses_has_none_of_their_keys() -> None:
    report = PlainFire().evaluate(_fire())
    side = PlainFire().resolve(report, ScriptedDice([1])).to_json()
    # 10.F's required losses and 14A3's exemption are the Europa family's keys, not every game's
    for key in ("required_losses", "converted_max", "exempt"):
        assert key not in side["attacker"] and key not in side["defender"]  # type: ignore[operator]


def test_a_europa_result_keeps_its_side_keys_in_their_places() -> None:
    report = TOTAL_WAR.evaluate(situation([p(inline("A", 3, attack=12))], [p(inline("D", 3))]))
    side = TOTAL_WAR.resolve(report, ScriptedDice([6])).to_json()["defender"]
    assert list(side) == [  # type: ignore[call-overload]
        "eliminated",
        "loss_fraction",
        "loss_points",
        "required_losses",
        "retreat_hexes",
        "retreat_min_hexes",
        "exempt",
        "converted_max",
    ]
