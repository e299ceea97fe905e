"""Who picks where a beaten stack retreats, decided without a window: the retreat effect's
``chooser`` (the owner or the opponent, under its rule, or the owner assumed where the rules
are silent) is named by the Combat panel's prompt, colours the map's ends, decides the end the
program picks when asked (the safest for the stack when its owner picks, the worst when the
enemy does; ties to the lowest hex number), and is named by the log line and the undo text.

Hedgerow Line (a shipped ruleset file): the Red rifle company in the orchard (0303), attacked
by the Blue rifle company in 0302 and the tank platoon in 0402 at +6, woods -1 (8.1, 9.2). On
2d6, 5 + 4 = 9, -1 makes 8: D2R2, two hexes "the attacker choosing the way"; 4 + 4 = 8, -1
makes 7: D1R1, one hex, the owner choosing (8.3)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from command_history import History

from hexcombat.board.hexes import distance
from hexcombat.board.mapfile import load_map
from hexcombat.game.attack_model import AttackModel
from hexcombat.game.combat_view_model import map_marks, retreat_choices
from hexcombat.game.commands import AddCounter
from hexcombat.game.opening import open_game
from hexcombat.game.retreat import chosen_end
from hexcombat.game.state import Counter, GameState
from hexcombat.game.tutorials import tutorial_target
from hexcombat.paths import rulesets_dir
from hexcombat.rules.dice import ScriptedDice
from hexcombat.rules.situation import CombatSituation, Conditions, Participant
from hexcombat.rules.units import Unit
from hexcombat.rulesets.datafile.engine import DataRuleset
from hexcombat.rulesets.datafile.loader import load_ruleset_file
from ruleset_session import new_session

REPO = Path(__file__).resolve().parents[2]
MAPS = REPO / "maps"
RIVER = REPO / "tests" / "rules" / "datafile" / "data" / "river-crossing.toml"


@pytest.fixture(autouse=True)
def session(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test's own session of data rulesets (one played beside a scenario is forgotten)."""
    new_session(monkeypatch)
    yield


# --- the end the program picks, on a bare map ------------------------------------------------


@pytest.fixture
def board() -> GameState:
    """The 14D2d tutorial's map with two Red stacks, in 0305 and 0505 (two hexes apart: 0404
    is next to both), and a Blue one in 0204 (a friend of the Blue stack retreating)."""
    state = GameState(load_map(MAPS / "tutorial-14d2d.toml"))
    for side, label in (("Red", "0305"), ("Red", "0505"), ("Blue", "0204")):
        unit = Unit(name=f"{side} {label}", attack=1, defence=1)
        state.execute(AddCounter(Counter(state.new_uid(), unit, side), state.hexmap.hex_at(label)))
    return state


def picks(state: GameState, labels: list[str], chooser: str, gone: tuple[str, ...] = ()) -> str:
    """The end the program picks for the Blue stack among ``labels``, for ``chooser``."""
    ends = [state.hexmap.hex_at(label) for label in labels]
    end = chosen_end(state, "Blue", ends, chooser, gone)  # type: ignore[arg-type]
    assert end is not None
    return state.hexmap.label(end)


def test_the_owner_picks_the_safest_end_and_the_opponent_the_worst(board: GameState) -> None:
    hexes = board.hexmap.hex_at
    red = [hexes("0305"), hexes("0505")]
    # the ends as the map has them: 0404 next to both Red stacks, 0304 next to one, 0403 two
    # hexes from the nearest, 0402 and 0202 three
    nearest = {e: min(distance(hexes(e), r) for r in red) for e in ("0404", "0304", "0403")}
    assert nearest == {"0404": 1, "0304": 1, "0403": 2}
    assert sum(distance(hexes("0404"), r) == 1 for r in red) == 2
    assert min(distance(hexes("0202"), r) for r in red) == 3
    ends = ["0304", "0404", "0403", "0402", "0202"]
    assert picks(board, ends, "owner") == "0202"  # farthest; 0402 ties, 0202 is lower
    assert picks(board, ends, "opponent") == "0404"  # next to two enemy stacks
    assert picks(board, ["0304", "0403"], "opponent") == "0304"  # next to one beats none
    assert picks(board, ["0304", "0403"], "owner") == "0403"


def test_ties_go_to_the_lowest_hex_number_whatever_the_order(board: GameState) -> None:
    # 0204 (a friend stands there: no threat) and 0304 are each next to one Red stack
    for order in (["0304", "0204"], ["0204", "0304"]):
        assert picks(board, order, "opponent") == "0204"
        assert picks(board, order, "owner") == "0204"
    for order in (["0402", "0202"], ["0202", "0402"]):  # both three hexes from 0305
        assert picks(board, order, "owner") == "0202"
        assert picks(board, order, "opponent") == "0202"


def test_an_enemy_lost_in_the_combat_is_no_threat(board: GameState) -> None:
    lost = tuple(c.uid for c in board.stack_at(board.hexmap.hex_at("0505")))
    assert picks(board, ["0504", "0203"], "opponent") == "0504"  # next to 0505
    # without 0505 both are two hexes from 0305: the lower hex number
    assert picks(board, ["0504", "0203"], "opponent", lost) == "0203"


def test_no_legal_end_is_no_pick(board: GameState) -> None:
    assert chosen_end(board, "Blue", [], "owner") is None


# --- a ruleset file played on the map ----------------------------------------------------------


def hedgerow(dice: list[int]) -> tuple[GameState, AttackModel, History]:
    state = open_game(rulesets_dir() / "hedgerow-line" / "hedgerow-line-tutorial-scenario.toml")
    history = History(state)
    model = AttackModel(state, history.run)
    assert model.start(tutorial_target(state))
    assert model.report is not None and model.report.headline == "5..6, DRM -1"
    assert model.roll(dice) is not None
    return state, model, history


def test_hedgerow_d2r2_the_attacker_picks_the_defenders_retreat() -> None:
    """D2R2 (8.3): the file says the opponent picks; the prompt names the Blue attacker, the
    map's ends take Blue's colour, and the program, asked, picks the end worst for the Red
    company: two hexes from an attacker (0103, 0404: the lower) rather than three."""
    state, model, history = hedgerow([5, 4])
    assert model.resolution is not None and model.resolution.result.code == "D2R2"
    orchard = state.hexmap.hex_at("0303")
    label = state.hexmap.label
    ends = sorted(label(e) for e in model.retreat_ends[orchard])
    assert ends == ["0103", "0104", "0204", "0305", "0404"]  # two hexes, none next to Blue
    (choice,) = retreat_choices(model)
    assert choice.chooser is not None
    assert (choice.chooser.chooser, choice.chooser.role, choice.chooser.rule) == (
        "opponent",
        "attacker",
        "8.3",
    )
    assert choice.side == "Blue"
    assert (
        choice.prompt
        == "The Blue attacker picks where the defender's stack in 0303 retreats (8.3)."
    )
    marks = map_marks(model)
    assert marks is not None and {label(h): s for h, s in marks.pickers.items()} == dict.fromkeys(
        ends, "Blue"
    )
    # the worst for the company: 0103 and 0404 are two hexes from an attacker, the others three
    attackers = [state.hexmap.hex_at("0302"), state.hexmap.hex_at("0402")]
    near = {e: min(distance(state.hexmap.hex_at(e), a) for a in attackers) for e in ends}
    assert near == {"0103": 2, "0104": 3, "0204": 3, "0305": 3, "0404": 2}
    assert choice.default is not None and choice.default.label == "0103"
    assert choice.pick_words == "Pick for the attacker: 0103"
    # its owner would have picked otherwise on this map: three hexes away, the lowest number
    lost = model.losses
    owner = chosen_end(state, "Red", list(model.retreat_ends[orchard]), "owner", lost)
    assert owner is not None and label(owner) == "0104"
    assert not model.apply()  # nothing is picked until someone picks
    assert model.retreats == {}
    assert model.pick_for_choosers()
    assert label(model.retreats[orchard]) == "0103"
    assert model.apply(), model.apply_problem
    assert [c.unit.name for c in state.stack_at(state.hexmap.hex_at("0103"))] == ["Red Rifle Coy"]
    (line,) = state.log[-1].retreats
    assert line.endswith("0303 -> 0103 (picked by the Blue attacker, 8.3)")
    assert history.done[-1].text.endswith("; retreat picked by the Blue attacker")
    history.undo()
    assert [c.unit.name for c in state.stack_at(orchard)] == ["Red Rifle Coy"]


def test_hedgerow_d1r1_the_owner_picks_and_a_tie_goes_to_the_lower_hex() -> None:
    """D1R1 (8.3): the owner picks; 0203 and 0304 are both two hexes from each attacker, so
    the program picks the lower number, 0203; the player may pick the other all the same."""
    state, model, _history = hedgerow([4, 4])
    assert model.resolution is not None and model.resolution.result.code == "D1R1"
    (choice,) = retreat_choices(model)
    assert [e.label for e in choice.ends] and sorted(e.label for e in choice.ends) == [
        "0203",
        "0304",
    ]
    assert choice.chooser is not None and choice.chooser.role == "defender"
    assert choice.prompt == "The Red defender picks where its stack in 0303 retreats (8.3)."
    assert choice.side == "Red"
    assert choice.default is not None and choice.default.label == "0203"
    assert model.pick_retreat_at(state.hexmap.hex_at("0304"))  # the player's own pick stands
    assert not model.pick_for_choosers()  # every stack is picked: nothing left to pick
    assert state.hexmap.label(next(iter(model.retreats.values()))) == "0304"
    assert model.apply(), model.apply_problem
    (line,) = state.log[-1].retreats
    assert line.endswith("0303 -> 0304 (picked by the Red defender, 8.3)")


# --- a built-in ruleset: the owner, assumed ----------------------------------------------------


def test_a_europa_retreat_is_picked_by_its_owner_assumed_and_waits_as_before() -> None:
    """10.C tutorial, 1 then 1: DH at 5:1; the German defender's retreat: nobody picks until
    the player does (as before), and the owner picking is marked assumed."""
    state = open_game(MAPS / "tutorial-10c-ratio-scenario.toml")
    model = AttackModel(state, History(state).run)
    assert model.start(tutorial_target(state))
    assert model.roll([1, 1]) is not None
    assert model.resolution is not None and model.resolution.result.code == "DH"
    (choice,) = retreat_choices(model)
    assert choice.player_picks and model.retreats == {}
    assert choice.chooser is not None
    assert (choice.chooser.chooser, choice.chooser.rule, choice.side) == ("owner", "", "German")
    assert choice.prompt == (
        "The German defender picks where its stack in 0504 retreats "
        "(assumed: the rules do not say who picks)."
    )
    assert "safest for the defender" in choice.pick_tip
    assert not model.apply() and "choose where the units in 0504 retreat" in model.apply_problem


# --- the contract ------------------------------------------------------------------------------


def river_retreat(path: Path, roll: int) -> dict[str, object]:
    """The retreat effect of a 3:1 (12 against 4 in the clear) rolled ``roll``, as JSON."""
    ruleset = DataRuleset(load_ruleset_file(path))
    a = Participant(Unit(name="A", attack=12, defence=1, unit_type="infantry"), id="a")
    d = Participant(Unit(name="D", attack=1, defence=4, unit_type="infantry"), id="d")
    situation = CombatSituation("river-crossing", (a,), (d,), Conditions("clear"))
    result = ruleset.resolve(ruleset.evaluate(situation), ScriptedDice([roll]))
    (effect,) = [e for e in result.effects if e.kind == "retreat"]
    return effect.to_json()


def test_a_ruleset_file_s_chooser_is_carried_with_its_rule_or_the_owner_assumed(
    tmp_path: Path,
) -> None:
    said = river_retreat(RIVER, 1)  # DR: "the attacker chooses the path" (7.4)
    assert (said["side"], said["chooser"], said["chooser_rule"]) == ("defender", "opponent", "7.4")
    unsaid = tmp_path / "river-crossing.toml"
    text = RIVER.read_text(encoding="utf-8")
    old = '{ kind = "retreat", side = "defender", hexes = 2, chooser = "opponent" }'
    assert text.count(old) == 1
    unsaid.write_text(text.replace(old, '{ kind = "retreat", side = "defender", hexes = 2 }'))
    said = river_retreat(unsaid, 1)
    assert (said["chooser"], said["chooser_rule"]) == ("owner", "")  # the default, assumed
