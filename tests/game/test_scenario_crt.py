"""A scenario's own combat results table (``crt = "my-crt.toml"``, relative to the scenario):
both rulesets fight its combats on it, in ``explain`` and on the map, and ``check`` validates it.

``data/my-crt.toml``: columns 1:1 and 3:1; rolls 1-4 give AS / DR, 5 and up DE.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from hexcombat.game.evaluation import evaluate_scenario
from hexcombat.game.explain_cli import explain_command
from hexcombat.game.opening import default_tutorial
from hexcombat.game.scenario import load_scenario
from hexcombat_cli import check
from meaning import each_says, says_in

MY_CRT = Path(__file__).parent / "data" / "my-crt.toml"
CASES = Path(__file__).resolve().parents[1] / "cases"


def with_crt(tmp_path: Path, scenario: Path, line: str = 'crt = "my-crt.toml"') -> Path:
    shutil.copy(MY_CRT, tmp_path / "my-crt.toml")
    path = tmp_path / scenario.name
    path.write_text(f"{line}\n{scenario.read_text()}")
    return path


def tutorial_with_crt(tmp_path: Path) -> Path:
    """The built-in 14D2d tutorial, placed on its map, naming ``my-crt.toml`` beside it."""
    tutorial = default_tutorial()
    path = with_crt(tmp_path, tutorial)
    path.write_text(
        path.read_text().replace(
            'map = "tutorial-14d2d"', f'map = "{tutorial.parent}/tutorial-14d2d.toml"'
        )
    )
    return path


def test_total_war_rolls_on_the_scenario_s_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 14D2d is 3:1 at +1: modified rolls 2..7; on my table 2-4 DR, 5-7 DE (the generic
    # table would give HX, EX, EX, DR, DR, DH)
    path = with_crt(tmp_path, CASES / "tw-14d2d.toml")
    assert explain_command(str(path), as_json=True) == 0
    data = json.loads(capsys.readouterr().out)
    assert {o["result"]: o["exact"] for o in data["outcomes"]} == {"DR": "1/2", "DE": "1/2"}
    assert explain_command(str(path), rolls=[4]) == 0  # 4 + 1 = 5: DE (generic: DR)
    assert "Roll: 4 +1 = 5: DE" in capsys.readouterr().out


def test_armour_ratio_uses_it_too(tmp_path: Path) -> None:
    plain = tmp_path / "plain-source.toml"
    plain.write_text(
        'ruleset = "armour-ratio"\n'
        '[[attacker]]\nname = "Inf XX"\nre = 3\nattack = 9\n'
        '[[defender]]\nname = "Inf XX"\nre = 3\ndefence = 3\n'
    )
    # 9:3 = 3:1, no modifier: rolls 1-4 DR, 5-6 DE
    report = evaluate_scenario(load_scenario(with_crt(tmp_path, plain)))
    assert report.outcomes == {"DR": pytest.approx(2 / 3), "DE": pytest.approx(1 / 3)}


def test_on_the_map_the_game_state_carries_it(tmp_path: Path) -> None:
    path = tutorial_with_crt(tmp_path)
    scenario = load_scenario(path)
    assert scenario.map_name is not None
    report = evaluate_scenario(scenario)
    assert set(report.outcomes) == {"DR", "DE"}


def test_check_reports_a_missing_table_at_the_crt_line(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text(f'crt = "nowhere.toml"\n{(CASES / "tw-14d2d.toml").read_text()}')
    run = check(path)
    assert run.returncode == 1
    assert len(run.stdout.splitlines()) == 1 and says_in(
        run.stdout.splitlines()[0],
        at=(str(path), 1),
        names=["'nowhere.toml'", str(tmp_path / "nowhere.toml")],
    )


def test_check_validates_the_table_itself(tmp_path: Path) -> None:
    path = with_crt(tmp_path, CASES / "tw-14d2d.toml")
    crt = tmp_path / "my-crt.toml"
    crt.write_text(
        crt.read_text().replace('columns = ["1:1", "3:1"]', 'columns = ["1:1", "three"]')
    )
    run = check(path)
    assert run.returncode == 1
    assert each_says(
        run.stdout.splitlines()[:2],
        dict(at=(str(path), 1), names=["'my-crt.toml'"]),
        dict(at=(str(crt), 6), figures=["1:2", "3:1"]),
    )


def test_a_saved_game_keeps_the_table(tmp_path: Path) -> None:
    from hexcombat.game.opening import game_from_scenario
    from hexcombat.game.saves import load_game, save_game

    path = tutorial_with_crt(tmp_path)
    state = game_from_scenario(load_scenario(path))
    save_game(state, tmp_path / "game.json")
    crt = load_game(tmp_path / "game.json").conditions.crt
    # the reopened game plays on the table the save carries (a private copy of it)
    assert crt is not None and Path(crt).read_text() == MY_CRT.read_text()


def test_a_roll_waiting_on_a_d10_table_is_saved_and_reopens(tmp_path: Path) -> None:
    """A player's own table may roll a d10: a save with such a roll waiting (a 9, no face of a
    d6) must reopen with that roll, not be refused as 'no die'."""
    from hexcombat.game.attack import AttackSetup, attack_candidates
    from hexcombat.game.opening import game_from_scenario
    from hexcombat.game.roll import RollCombat
    from hexcombat.game.saves import load_game, save_game

    path = tutorial_with_crt(tmp_path)
    rows = "".join(
        f'[[row]]\nroll = {n}\nresults = ["AS", "DR"]\nrule = "my rulebook"\n\n'
        for n in range(1, 13)
    )
    table = MY_CRT.read_text().replace("die = 6", "die = 10")
    (tmp_path / "my-crt.toml").write_text(table[: table.index("[[row]]")] + rows)
    state = game_from_scenario(load_scenario(path))
    target = state.hexmap.hex_at("0504")
    uids = [c.uid for x in attack_candidates(state, target) for c in x.counters]
    state.execute(RollCombat(AttackSetup(target, uids, state.conditions), typed=[9]))
    save_game(state, tmp_path / "game.json")
    again = load_game(tmp_path / "game.json")
    assert again.pending_roll is not None and again.pending_roll.rolls == (9,)
    assert again.pending_roll.resolution.result.table_roll().die == 9


def test_on_the_map_the_result_is_applied_as_the_scenario_s_table_defines_it(
    tmp_path: Path,
) -> None:
    # a table whose DR is an exchange (as a player's rulebook might define a code): the map must
    # apply an exchange, not the generic table's plain DR
    from hexcombat.game.attack import AttackSetup, attack_candidates, resolve_attack
    from hexcombat.game.opening import open_game
    from hexcombat.rules.dice import ScriptedDice

    path = tutorial_with_crt(tmp_path)
    crt = tmp_path / "my-crt.toml"
    table = crt.read_text()
    dr = "advance = true\n[results.DR.defender]"
    assert dr in table
    crt.write_text(table.replace(dr, "advance = true\nexchange = true\n[results.DR.defender]"))
    state = open_game(path)
    target = state.hexmap.hex_at("0504")
    uids = [c.uid for x in attack_candidates(state, target) for c in x.counters]
    resolution = resolve_attack(
        state, AttackSetup(target, uids, state.conditions), ScriptedDice([1])
    )
    assert resolution.result.code == "DR"  # 1 + 1 = 2 at 3:1 on my table
    assert resolution.losses.exchange


def test_a_key_in_the_wrong_place_is_reported_not_ignored(tmp_path: Path) -> None:
    # `exchange` written under the side, where it would do nothing, and a misspelt key
    crt = tmp_path / "my-crt.toml"
    table = MY_CRT.read_text()
    crt.write_text(
        table.replace("retreat = 2\n", "retreat = 2\nexchange = true\n", 1).replace(
            'text = "attack stalls"', 'text = "attack stalls"\nadvnace = false', 1
        )
    )
    lines = crt.read_text().splitlines()
    at = lines.index("exchange = true") + 1
    typo = lines.index("advnace = false") + 1
    run = check(crt)
    assert run.returncode == 1
    assert each_says(
        run.stdout.splitlines(),
        dict(
            at=(str(crt), typo),
            names=["'advnace'", "attacker", "defender", "AS", "unknown", "assumed", "advance"],
        ),
        dict(at=(str(crt), at), names=["'exchange'", "defender", "unknown", "retreat"]),
    )


def test_a_saved_game_opens_with_its_table_after_the_table_file_is_gone(tmp_path: Path) -> None:
    # the save carries the table's text, as it carries the map: moving or deleting the
    # scenario's folder must not lose the game
    from tutorial_attacks import full_attack

    from hexcombat.game.attack import evaluate_attack
    from hexcombat.game.opening import game_from_scenario
    from hexcombat.game.saves import load_game, save_game

    path = tutorial_with_crt(tmp_path)
    state = game_from_scenario(load_scenario(path))
    save_game(state, tmp_path / "game.json")
    (tmp_path / "my-crt.toml").unlink()
    again = load_game(tmp_path / "game.json")
    assert again.conditions.crt is not None and Path(again.conditions.crt).is_file()
    report = evaluate_attack(again, full_attack(again, "0504"))
    assert set(report.outcomes) == {"DR", "DE"}  # my table's results, not the generic one's


def crt_save(tmp_path: Path) -> Path:
    """A saved game of the 14D2d tutorial played on my table."""
    from hexcombat.game.opening import game_from_scenario
    from hexcombat.game.saves import save_game

    path = tutorial_with_crt(tmp_path)
    save = tmp_path / "game.json"
    save_game(game_from_scenario(load_scenario(path)), save)
    return save


def test_a_save_naming_a_table_it_does_not_carry_is_refused_and_the_file_never_read(
    tmp_path: Path,
) -> None:
    # a save received from someone else names a private file as its table and carries no text:
    # opening it must not read that file (the next save would carry it back to them)
    from hexcombat.game.saves import load_game
    from hexcombat.sourcefile import SourceError

    secret = tmp_path / "id_rsa"
    secret.write_text("-----BEGIN OPENSSH PRIVATE KEY-----\nsecret\n")
    path = crt_save(tmp_path)
    data = json.loads(path.read_text())
    data["conditions"]["crt"] = str(secret)
    del data["crt_toml"]
    text = json.dumps(data, indent=1)
    path.write_text(text)
    line = next(i for i, row in enumerate(text.splitlines(), 1) if '"crt":' in row)
    with pytest.raises(SourceError) as caught:
        load_game(path)
    assert says_in(str(caught.value), at=(str(path), line), names=["crt_toml", repr(str(secret))])


def test_a_save_s_table_is_what_it_carries_never_the_file_it_names(tmp_path: Path) -> None:
    from hexcombat.game.saves import load_game, save_game

    secret = tmp_path / "environ"
    secret.write_text("PASSWORD=hunter2\n")
    path = crt_save(tmp_path)
    data = json.loads(path.read_text())
    data["conditions"]["crt"] = str(secret)
    path.write_text(json.dumps(data, indent=1))
    again = load_game(path)
    save_game(again, tmp_path / "sent-back.json")
    sent = json.loads((tmp_path / "sent-back.json").read_text())
    assert sent["crt_toml"] == MY_CRT.read_text()
    assert "hunter2" not in (tmp_path / "sent-back.json").read_text()


def test_a_damaged_table_in_a_save_names_the_save_s_line(tmp_path: Path) -> None:
    from hexcombat.game.saves import load_game
    from hexcombat.sourcefile import SourceError

    path = crt_save(tmp_path)
    data = json.loads(path.read_text())
    data["crt_toml"] = data["crt_toml"].replace("columns", "kolumns")
    text = json.dumps(data, indent=1)
    path.write_text(text)
    line = next(i for i, row in enumerate(text.splitlines(), 1) if '"crt_toml":' in row)
    with pytest.raises(SourceError) as caught:
        load_game(path)
    assert str(caught.value).startswith(f"{path}:{line}: embedded combat results table: ")


OPEN_IN_A_SHARED_TEMP = """
import json, os, stat, sys, tempfile
sys.path.insert(0, {desktop!r})
from tutorial_attacks import full_attack
from hexcombat.game.attack import evaluate_attack
from hexcombat.game.saves import load_game
state = load_game({save!r})
crt = state.conditions.crt
report = evaluate_attack(state, full_attack(state, "0504"))
folder = os.path.dirname(crt)
print(json.dumps({{"crt": crt, "mode": stat.S_IMODE(os.stat(folder).st_mode),
                  "outcomes": sorted(report.outcomes)}}))
"""


def test_a_save_s_table_goes_to_a_private_folder_removed_at_exit(tmp_path: Path) -> None:
    # another user of the machine planted the folder the copies once went to, with a table of
    # their own under the name my table's copy would have: it must be neither used nor written
    save = crt_save(tmp_path)
    (tmp_path / "my-crt.toml").unlink()  # the table's file is gone: the save's copy is used
    shared = tmp_path / "shared-tmp"
    planted = shared / "hexcombat-saved-crt"
    planted.mkdir(parents=True)
    theirs = MY_CRT.read_text().replace('"AS", "DR"', '"DE", "DE"')  # all DE
    digest = hashlib.sha256(MY_CRT.read_text().encode()).hexdigest()[:16]
    (planted / f"{digest}.toml").write_text(theirs)
    desktop = str(Path(__file__).resolve().parents[2] / "desktop")
    script = OPEN_IN_A_SHARED_TEMP.format(desktop=desktop, save=str(save))
    env = {**os.environ, "TMPDIR": str(shared)}
    env["PYTHONPATH"] = os.pathsep.join([str(Path(__file__).parent), desktop])
    run = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
    )
    seen = json.loads(run.stdout)
    assert seen["outcomes"] == ["DE", "DR"]  # my table's results, not the planted one's
    crt = Path(seen["crt"])
    assert crt.parent.parent == shared and crt.parent != planted
    assert seen["mode"] == 0o700  # no other user may enter, plant or read
    assert not crt.parent.exists()  # removed when the program exited
    assert sorted(p.name for p in planted.iterdir()) == [f"{digest}.toml"]


def test_a_game_whose_table_cannot_be_read_is_not_saved_without_it(tmp_path: Path) -> None:
    # a save without its table would be refused when opened: the save says why instead
    from hexcombat.game.opening import game_from_scenario
    from hexcombat.game.saves import save_game

    path = tutorial_with_crt(tmp_path)
    state = game_from_scenario(load_scenario(path))
    (tmp_path / "my-crt.toml").unlink()
    save = tmp_path / "game.json"
    save.write_text("the last save")
    with pytest.raises(ValueError, match="my-crt.toml cannot be read .*a save carries its table"):
        save_game(state, save)
    assert save.read_text() == "the last save"
