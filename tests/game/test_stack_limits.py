"""How many counters a file may ask for: a scenario's ``count``, a stack of entries, a save's
counters and its embedded combat results table are refused at their line, at once; the biggest
combat the limits allow is laid out, saved, reopened, evaluated and resolved in bounded time."""

from __future__ import annotations

import json
import shutil
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from declared_rulesets import europa_family
from hexcombat.game.attack import (
    AttackSetup,
    evaluate_attack,
    loss_problems,
    resolve_attack,
    suggested_losses,
)
from hexcombat.game.commands import AddCounter, MoveCounters
from hexcombat.game.opening import open_game
from hexcombat.game.saves import load_game, save_game
from hexcombat.game.scenario import load_scenario
from hexcombat.game.state import MAX_COUNTERS, MAX_STACK, Counter, GameError, GameState
from hexcombat.rules.dice import ScriptedDice
from hexcombat.rules.registry import get_ruleset
from hexcombat.rules.units import unit_from_mapping
from hexcombat.rulesets.europa.losses import fewest_points
from hexcombat.sourcefile import SourceError
from hexcombat_cli import check
from meaning import says_in

REPO = Path(__file__).resolve().parents[2]
MAP = REPO / "maps" / "tutorial-14d2d.toml"

REFUSAL_SECONDS = 10.0
"""What a refusal may take on a loaded two-core machine: it reads the file and stops at the
limit (well under a second alone), where the same files used to run for minutes."""

TOO_MANY = (
    f"more than the {MAX_STACK} counters a hex may hold (stacking rules allow a handful; "
    "every attack on a stack weighs each of its counters)"
)


@contextmanager
def within(seconds: float) -> Iterator[None]:
    start = time.perf_counter()
    yield
    assert time.perf_counter() - start < seconds


SCENARIO = """ruleset = "total-war"
map = "tutorial-14d2d.toml"

[[attacker]]
counter = "su-rifle-xx"
hex = "0503"

[[defender]]
counter = "ax-inf-xx"
count = COUNT
hex = "0504"
"""


def scenario(tmp_path: Path, text: str) -> Path:
    shutil.copy(MAP, tmp_path)
    path = tmp_path / "big.toml"
    path.write_text(text)
    return path


def refusals(path: Path) -> list[str]:
    with within(REFUSAL_SECONDS), pytest.raises(SourceError) as refused:
        load_scenario(path)
    return [str(p) for p in refused.value.problems]


@pytest.mark.parametrize("count", [2**31, 10**8, 20_000, MAX_STACK + 1])
def test_a_count_beyond_a_stack_is_refused_at_its_line(tmp_path: Path, count: int) -> None:
    path = scenario(tmp_path, SCENARIO.replace("COUNT", str(count)))
    assert refusals(path) == [f"{path}:10: count {count} is {TOO_MANY}"]


def test_check_says_it_too_and_stops_there(tmp_path: Path) -> None:
    path = scenario(tmp_path, SCENARIO.replace("COUNT", str(2**31)))
    with within(REFUSAL_SECONDS + 5):  # a separate process: the interpreter starts first
        run = check(path)
    assert run.returncode == 1
    assert run.stdout.splitlines() == [f"{path}:10: count {2**31} is {TOO_MANY}"]


def test_a_full_stack_is_laid_out(tmp_path: Path) -> None:
    path = scenario(tmp_path, SCENARIO.replace("COUNT", str(MAX_STACK)))
    state = open_game(path)
    assert len(state.stack_at(state.hexmap.hex_at("0504"))) == MAX_STACK


def test_the_entry_that_overfills_a_stack_is_refused_and_the_rest_left_out(
    tmp_path: Path,
) -> None:
    entry = '\n[[defender]]\ncounter = "ax-inf-xx"\ncount = 7\nhex = "0504"\n'
    text = SCENARIO.replace("COUNT", "1") + entry * 200
    path = scenario(tmp_path, text)
    # 1 + 14 x 7 = 99 counters fit; the 15th entry makes 106
    line = text.count("\n", 0, [i for i in range(len(text)) if text.startswith(entry, i)][14]) + 2
    assert len(refusals(path)) == 1 and says_in(
        refusals(path)[0],
        at=(str(path), line),
        figures=["0504", "106"],
        names=["this entry", str(TOO_MANY)],
    )


def test_a_map_less_stack_counts_too(tmp_path: Path) -> None:
    text = SCENARIO.replace('map = "tutorial-14d2d.toml"\n', "").replace("COUNT", "60")
    text = (
        text.replace('hex = "0504"\n', "") + '\n[[defender]]\ncounter = "ax-inf-xx"\ncount = 60\n'
    )
    path = scenario(tmp_path, text)
    assert len(refusals(path)) == 1 and says_in(
        refusals(path)[0],
        at=(str(path), 11),
        figures=["120"],
        names=["the stack holds", str(TOO_MANY)],
    )


def test_a_scenario_of_more_counters_than_a_game_holds_is_refused(tmp_path: Path) -> None:
    labels = [f"{c:02d}{r:02d}" for c in range(1, 9) for r in range(1, 7) if (c, r) != (5, 4)]
    entries = "".join(
        f'\n[[attacker]]\ncounter = "su-rifle-xx"\ncount = {MAX_STACK}\nhex = "{label}"\n'
        for label in labels
    )
    text = SCENARIO.replace("COUNT", "1") + entries * 12  # 47 hexes x 12 entries x 100
    path = scenario(tmp_path, text)
    problems = refusals(path)
    assert says_in(
        problems[-1],
        figures=[str(MAX_COUNTERS + 1), str(MAX_COUNTERS)],
        names=["this entry makes", "a game holds at most"],
    )


# --- saves -----------------------------------------------------------------------------------


def saved_stack(tmp_path: Path, size: int) -> Path:
    """A save (as another program or a hand could write it) with ``size`` counters in 0504."""
    shutil.copy(MAP, tmp_path)
    state = open_game(scenario(tmp_path, SCENARIO.replace("COUNT", "1")))
    path = tmp_path / "game.json"
    save_game(state, path)
    data = json.loads(path.read_text())
    unit = data["counters"][-1]  # the defender in 0504, alone on the map
    data["counters"] = [unit] + [{**unit, "uid": f"x{i}", "counter": None} for i in range(size - 1)]
    path.write_text(json.dumps(data, indent=1))
    return path


@pytest.mark.slow
def test_a_save_with_a_stack_of_twenty_thousand_is_refused_at_the_counter_past_the_limit(
    tmp_path: Path,
) -> None:
    path = saved_stack(tmp_path, 20_000)
    text = path.read_text()
    line = text[: text.index(f'"uid": "x{MAX_STACK - 1}"')].count("\n") + 1
    with within(REFUSAL_SECONDS), pytest.raises(SourceError) as refused:
        load_game(path)
    assert says_in(
        str(refused.value),
        at=(str(path), line),
        figures=["0504"],
        names=[f"x{MAX_STACK - 1}", f"already holds {MAX_STACK} counters", "the most a hex holds"],
    )


def test_a_save_with_a_full_stack_opens(tmp_path: Path) -> None:
    state = load_game(saved_stack(tmp_path, MAX_STACK))
    assert len(state.stack_at(state.hexmap.hex_at("0504"))) == MAX_STACK


def test_a_save_of_more_counters_than_a_game_holds_is_refused(tmp_path: Path) -> None:
    path = saved_stack(tmp_path, 1)
    data = json.loads(path.read_text())
    data["counters"] = [{}] * (MAX_COUNTERS + 1)  # refused by their number, before their kind
    path.write_text(json.dumps(data, indent=1))
    with within(REFUSAL_SECONDS), pytest.raises(SourceError) as refused:
        load_game(path)
    text = path.read_text()
    line = text[: text.index('"counters"')].count("\n") + 1
    assert says_in(
        str(refused.value),
        at=(str(path), line),
        names=[f"{len(data['counters'])} counters", f"a game holds at most {MAX_COUNTERS}"],
    )


def test_a_save_of_as_many_counters_as_a_game_holds_opens_in_bounded_time(
    tmp_path: Path,
) -> None:
    """The limit's reason: twenty thousand counters (full stacks over 200 hexes) open in about
    three seconds; thirty leaves ten times that."""
    path = saved_stack(tmp_path, 1)
    data = json.loads(path.read_text())
    columns, rows = 20, 10
    data["map_toml"] = "\n".join(
        [
            'name = "Campaign"',
            "[layout]",
            'orientation = "flat"',
            'offset = "odd"',
            'label = "{col:02d}{row:02d}"',
            'first = "0101"',
            f"columns = {columns}",
            f"rows = {rows}",
            "[legend]",
            'c = "clear"',
            "[terrain]",
            f"rows = {json.dumps(['c' * columns] * rows)}",
        ]
    )
    unit = data["counters"][-1]
    data["counters"] = [
        {
            **unit,
            "uid": f"c{i}",
            "hex": f"{i // MAX_STACK % columns + 1:02d}{i // MAX_STACK // columns + 1:02d}",
            "side": "Axis",
        }
        for i in range(MAX_COUNTERS)
    ]
    data["pending_roll"] = None
    path.write_text(json.dumps(data))
    with within(BOUND_SECONDS):
        state = load_game(path)
    assert len(state.counters) == MAX_COUNTERS
    assert {len(stack) for stack in state.stacks().values()} == {MAX_STACK}


def test_a_saved_combat_results_table_is_held_to_the_same_limits(tmp_path: Path) -> None:
    path = saved_stack(tmp_path, 1)
    data = json.loads(path.read_text())
    crt = (REPO / "desktop" / "hexcombat" / "rulesets" / "europa" / "crt_generic.toml").read_text()
    data["crt_toml"] = crt.replace("roll = 12", "roll = 1000000000000")
    data["conditions"]["crt"] = str(tmp_path / "gone.toml")
    path.write_text(json.dumps(data, indent=1))
    text = path.read_text()
    line = text[: text.index('"crt_toml"')].count("\n") + 1
    crt_line = crt[: crt.index("roll = 12")].count("\n") + 1
    with within(REFUSAL_SECONDS), pytest.raises(SourceError) as refused:
        load_game(path)
    assert says_in(
        str(refused.value).splitlines()[0],
        at=(str(path), line),
        figures=["1000000000000", "1000"],
        names=[f"{path} (embedded table):{crt_line}", "either sign"],
    )


def test_a_saved_roll_naming_an_attacker_twice_is_refused(tmp_path: Path) -> None:
    path = saved_stack(tmp_path, 1)
    data = json.loads(path.read_text())
    data["pending_roll"] = {
        "target": "0504",
        "attackers": ["c1"] * 1_000_000,
        "conditions": {},
        "rolls": [3],
        "typed": False,
    }
    data["log"] = [{"text": "rolled", "details": []}]
    path.write_text(json.dumps(data))
    with within(REFUSAL_SECONDS), pytest.raises(SourceError) as refused:
        load_game(path)
    assert says_in(str(refused.value), names=["pending_roll", "attackers", "twice"])


# --- the program: moves and new counters ------------------------------------------------------


def rifle(uid: str) -> Counter:
    return Counter(uid, unit_from_mapping({"name": "Rifle XX", "size": "XX"}, "t"), "Soviet")


def test_a_counter_added_to_a_full_stack_is_refused(tmp_path: Path) -> None:
    state = load_game(saved_stack(tmp_path, MAX_STACK))
    target = state.hexmap.hex_at("0504")
    side = state.side_at(target)
    extra = Counter("new", state.counters["x0"].unit, str(side))
    with pytest.raises(GameError, match=f"hex 0504 would hold {MAX_STACK + 1} counters; a hex "):
        state.execute(AddCounter(extra, target))
    assert len(state.stack_at(target)) == MAX_STACK


def test_stacks_moved_together_past_the_limit_are_refused(tmp_path: Path) -> None:
    state = GameState(open_game(scenario(tmp_path, SCENARIO.replace("COUNT", "1"))).hexmap)
    a, b = state.hexmap.hex_at("0303"), state.hexmap.hex_at("0304")
    for i in range(60):
        state.execute(AddCounter(rifle(f"a{i}"), a))
        state.execute(AddCounter(rifle(f"b{i}"), b))
    with pytest.raises(GameError, match="hex 0304 would hold 120 counters; a hex holds at most"):
        state.execute(MoveCounters([f"a{i}" for i in range(60)], b))
    state.execute(MoveCounters([f"a{i}" for i in range(40)], b))  # 100 fit
    assert len(state.stack_at(b)) == MAX_STACK
    state.execute(MoveCounters([f"b{i}" for i in range(60)], b))  # within its own hex
    assert len(state.stack_at(b)) == MAX_STACK


# --- the biggest combat the limits allow, in bounded time --------------------------------------

BOUND_SECONDS = 30.0
"""Each step of the biggest combat: under 3 s alone after the fix (most well under one), so this
leaves ten times that for a loaded machine; choosing its losses took 6 to 50 s before."""

ADJACENT = "0403 0503 0603 0404 0604 0505".split()
TWO_AWAY = "0303 0304 0305 0402 0405 0502 0506 0602 0605 0703 0704 0705".split()


def biggest_combat(ruleset: str) -> str:
    """A full stack in 0504, a full stack in each hex next to it and full stacks of long-range
    artillery in each hex two away (14A3): 1,900 counters, of many strengths."""
    kinds = ["su-hv-tank-xx", "su-rifle-xx", "su-tank-x", "su-tank-xxx"]
    lines = [f'ruleset = "{ruleset}"', 'map = "tutorial-14d2d.toml"']

    def entry(side: str, counter: str, strength: str, label: str) -> None:
        lines.extend([f"[[{side}]]", f'counter = "{counter}"', "count = 10", strength])
        lines.append(f'hex = "{label}"')

    for label in ADJACENT:
        for i in range(MAX_STACK // 10):
            entry("attacker", kinds[i % 4], f"attack = {3 + 7 * i % 23}", label)
    for label in TWO_AWAY:
        for i in range(MAX_STACK // 10):
            entry("attacker", "ge-lr-art-iii", f"attack = {1 + i}", label)
    for i in range(MAX_STACK // 10):
        entry("defender", ["ax-inf-xx", "su-at-x"][i % 2], f"defence = {100 + 9 * i}", "0504")
    return "\n".join(lines) + "\n"


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", europa_family())
def test_the_biggest_combat_the_limits_allow_runs_in_bounded_time(
    tmp_path: Path, ruleset: str
) -> None:
    path = scenario(tmp_path, biggest_combat(ruleset))
    with within(BOUND_SECONDS):
        state = open_game(path)
    with within(BOUND_SECONDS):
        save_game(state, tmp_path / "big.json")
        state = load_game(tmp_path / "big.json")
    assert len(state.counters) == 19 * MAX_STACK
    target = state.hexmap.hex_at("0504")
    # long-range artillery fires from two hexes where the ruleset gives it that reach (Total
    # War's 14A3); where only adjacent units attack (rule 10) the stacks two away stand by
    lra = state.stacks()[state.hexmap.hex_at(TWO_AWAY[0])][0].unit
    reach = ADJACENT + (TWO_AWAY if get_ruleset(ruleset).attack_range(lra) >= 2 else [])
    attackers = [c.uid for label in reach for c in state.stacks()[state.hexmap.hex_at(label)]]
    setup = AttackSetup(target, attackers, state.conditions)
    with within(BOUND_SECONDS):
        evaluate_attack(state, setup)
    codes = set()
    for roll in range(1, 7):
        with within(BOUND_SECONDS):
            resolution = resolve_attack(state, setup, ScriptedDice([roll]))
            losses = suggested_losses(state, resolution)
            problems = loss_problems(state, resolution, losses)
            # an exchange may ask the attacker (long-range artillery at two hexes exempt, 14A3)
            # for more than it has: then it loses all it has, and the panel says so
            if resolution.attacker.points <= sum(resolution.attacker.strength.values()):
                assert problems == []
            every = [*resolution.defender.uids, *resolution.attacker.uids]
            loss_problems(state, resolution, every)
        codes.add(resolution.result.code)
    assert codes & {"EX", "HX", "DH"}  # results that make both sides' losses be chosen


def test_the_least_loss_of_many_counters_is_found_in_one_pass() -> None:
    uids = [f"u{i}" for i in range(1800)]
    strength = {u: 1 + (7 * i) % 97 for i, u in enumerate(uids)}
    with within(BOUND_SECONDS):
        picked = fewest_points(uids, strength, 40_000)
    lost = sum(strength[u] for u in picked)
    assert 40_000 <= lost < 40_000 + max(strength.values())
    assert len(set(picked)) == len(picked)
