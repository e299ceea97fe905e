"""Counter actions a ruleset declares, applied by the game's one command: only the game's own
ruleset is asked (Total War's 14A4 does not run under rule 10), and a counter action the
counter sets cannot carry out is refused, nothing changed."""

from __future__ import annotations

from pathlib import Path

import pytest

from hexcombat.game.attack import attack_candidates
from hexcombat.game.commands import RunCounterAction, SetPhase, counter_actions
from hexcombat.game.opening import open_game
from hexcombat.game.state import GameError, GameState, RuleRefusedError
from hexcombat.rules.counters import CounterSet
from hexcombat.rulesets.total_war.eligibility import FLIP_MODE
from meaning import says

CDA = Path(__file__).resolve().parent / "data" / "cda-14a4.toml"
"""Axis CD Art III (artillery mode) with Inf XX in 0403, LR Siege Art III on its CD side in 0503,
Soviet Rifle XX in 0504; the Axis initial phase."""


@pytest.fixture
def game() -> GameState:
    return open_game(CDA)


def uid_of(state: GameState, counter_id: str) -> str:
    return next(c.uid for c in state.counters.values() if c.counter_id == counter_id)


def test_under_rule_10_a_cd_side_counter_is_not_barred_and_has_no_flip(game: GameState) -> None:
    game.ruleset = "armour-ratio"  # rule 10 has no coast defence artillery (14A4 is Total War's)
    cd = game.counters[uid_of(game, "ge-lr-siege-art-iii-cd")]
    by_hex = {c.label: c for c in attack_candidates(game, game.hexmap.hex_at("0504"))}
    assert [c.uid for c in by_hex["0503"].counters] == [cd.uid]
    assert by_hex["0503"].barred == ()
    assert counter_actions(game, cd) == []
    with pytest.raises(RuleRefusedError, match="has no 'flip-mode' action"):
        game.execute(RunCounterAction(cd.uid, FLIP_MODE))


def test_a_flip_whose_other_side_is_not_in_the_counter_sets_is_refused(game: GameState) -> None:
    uid = uid_of(game, "ge-cd-art-iii")
    before = game.counters[uid]
    game.library = CounterSet({k: game.library[k] for k in ("ge-cd-art-iii", "ax-inf-xx")}, [])
    with pytest.raises(GameError) as caught:
        game.execute(RunCounterAction(uid, FLIP_MODE))
    assert says(str(caught.value), rules=["14A4"], names=["'ge-cd-art-iii-cd'", "Flip CD Art III"])
    assert game.counters[uid] is before


def test_the_menu_s_action_is_the_ruleset_s(game: GameState) -> None:
    uid = uid_of(game, "ge-cd-art-iii")
    (flip,) = counter_actions(game, game.counters[uid])
    assert (flip.menu_text, flip.refused) == ("Flip to CD mode (14A4)", None)
    game.execute(SetPhase("Axis", "combat"))
    (flip,) = counter_actions(game, game.counters[uid])
    assert flip.refused is not None and "(now: Axis's combat phase)" in str(flip.refused)
