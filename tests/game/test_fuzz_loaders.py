"""Damaged files from someone else never crash hexcombat: a seeded fuzz of the shipped maps,
counter sets, charts and scenarios, the example games' files (rulesets/: a ruleset file, counters,
a map, a scenario) and those ``hexcombat new-ruleset`` writes (bytes, lines and values
changed: wrong types, NaN, infinity, huge numbers, lists, tables, newlines, Unicode line
separators), each run through ``hexcombat check`` and ``hexcombat explain --json`` in-process.
Each must succeed or refuse the file with ``file:line: message`` lines, one per problem, within
a time bound; never another exception. A damaged map or scenario that opens as a game must
also save and reopen.

Tiled maps (with their tilesets), VASSAL modules and maps over a scanned image
(tests/game/fuzz_samples.py) are damaged too, at random and as hostile files are (a label no
format takes, a tileset or table elsewhere, a later zip version, a picture larger than it can
be), and run through ``hexcombat import`` or ``check`` and ``explain``: each must be taken or
refused naming the file, in time, opening no file outside its own folder (the watch is
``sys.addaudithook``; a map image's header is the one read allowed anywhere: it is shown, never
saved). tools/fuzz_files.py runs the same for as long as one likes.

The run is bounded in time (``HEXCOMBAT_FUZZ_SECONDS``, 16 by default; the reopening fuzz a
quarter of it, each imported kind an eighth) and reproducible (``HEXCOMBAT_FUZZ_SEED``): the n-th
damaged file of a seed is always the same. A failure names the seed and keeps the damaged file
it found.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import re
import signal
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from fuzz_samples import Reads, damaged, outside, run_file, samples

from hexcombat.game.check import check_file
from hexcombat.game.explain_cli import explain_command
from hexcombat.game.new_ruleset import new_ruleset
from hexcombat.game.opening import open_game
from hexcombat.game.saves import load_game, save_game
from hexcombat.rules import registry
from hexcombat.sourcefile import Problem, SourceError

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted(
    [
        *ROOT.glob("maps/*.toml"),
        *ROOT.glob("counters/*.toml"),
        *ROOT.glob("desktop/hexcombat/rules/**/*.toml"),
        *ROOT.glob("tests/cases/*.toml"),
        *ROOT.glob("tests/game/data/*.toml"),
        *ROOT.glob("rulesets/*/*.toml"),  # the example games: ruleset file, counters, map, scenario
    ]
)
BUDGET = float(os.environ.get("HEXCOMBAT_FUZZ_SECONDS", "16"))
SEED = int(os.environ.get("HEXCOMBAT_FUZZ_SEED", "20261123"))
PER_FILE = 2.0
"""Seconds of processor time one damaged file may take through check and explain (a hang is a
defect too). Measured as processor time, so a machine busy with other work does not fail it; the
wall-clock alarm around each file (:func:`_deadline`) still stops a hang, at a few times this."""

VALUES = [
    "nan", "-nan", "inf", "+inf", "-inf", "1e400", "-1e400", "0", "-1", "1.5", "-0.0",
    "99999999999999999999", "-9223372036854775809", "1e308", "true", "false",
    "[]", "[1, 2]", '["a", "b"]', "[[1], [2]]", "{}", "{ a = 1 }", '{ id = "x" }',
    '""', '" "', '"\\t"', '"a\\nb"', '"x\\n/tmp/f.toml:1: forged"', '"\\u2028"', '"\\u0085"',
    '"a\\u2029b"', '"\\r"', '"\\u0000"', '"\\u001b[31m"', '"' + "x" * 300 + '"',
    '"../../../../etc/passwd"', '"/"', '"."', "1979-05-27", "07:32:00", "1979-05-27T07:32:00Z",
    '"0504"', '"XX"', '"full"', '"total-war"', '"armour-ratio"', '"combat"', '"movement"',
    "[" * 200 + "]" * 200, "[" * 2000 + "]" * 2000, "{ a = " * 100 + "1" + " }" * 100,
]  # fmt: skip
"""Values a damaged or hand-edited file may hold where another was expected."""
LINES = [
    "\u2028", "\u2029", "\x85", "\x0b", "\x0c", "\x1c", "\r", "\r\n",
    '[tutorial]\nsteps = "one"', "[sides]\nattacker = \"\"", '[sides]\ndefender = " "',
    "[[attacker]]\ncounter = []", "[[defender]]\nsize = []", "[[counter]]\nid = []",
    "[turn]\nphasing_player = []", 'map = "' + "m" * 400 + '"', "seed = nan", "[conditions]",
]  # fmt: skip
"""Whole lines to insert: line separators TOML does not count, and tables of the wrong kind."""

_KEY_LINE = re.compile(r"^(\s*[A-Za-z0-9_\-\".]+\s*=\s*)(.*)$")
_LOCATED = re.compile(r"^(?P<file>.+?):(?P<line>\d+): \S")


def _replace_value(rng: random.Random, lines: list[str]) -> None:
    keyed = [i for i, line in enumerate(lines) if _KEY_LINE.match(line)]
    if keyed:
        i = rng.choice(keyed)
        match = _KEY_LINE.match(lines[i])
        assert match is not None
        lines[i] = match.group(1) + rng.choice(VALUES)


def _replace_in_value(rng: random.Random, lines: list[str]) -> None:
    """A number or string inside a value (an array element, an inline table's value)."""
    keyed = [i for i, line in enumerate(lines) if re.search(r'"[^"]*"|\b\d+\b', line)]
    if keyed:
        i = rng.choice(keyed)
        found = list(re.finditer(r'"[^"]*"|\b\d+(\.\d+)?\b', lines[i]))
        if found:
            m = rng.choice(found)
            lines[i] = lines[i][: m.start()] + rng.choice(VALUES) + lines[i][m.end() :]


def _line_edit(rng: random.Random, lines: list[str]) -> None:
    if not lines:
        return
    i = rng.randrange(len(lines))
    what = rng.randrange(4)
    if what == 0:
        del lines[i]
    elif what == 1:
        lines.insert(i, lines[rng.randrange(len(lines))])
    elif what == 2:
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    else:
        lines.insert(i, rng.choice(LINES))


def _byte_edit(rng: random.Random, text: str) -> str:
    data = bytearray(text.encode("utf-8"))
    for _ in range(rng.randint(1, 4)):
        if not data:
            break
        i = rng.randrange(len(data))
        what = rng.randrange(3)
        if what == 0:
            data[i] = rng.randrange(256)
        elif what == 1:
            del data[i : i + rng.randint(1, 8)]
        else:
            data[i:i] = rng.choice([b"[", b"]", b'"', b"=", b"\n", b"\xe2\x80\xa8", b"#", b"."])
    return data.decode("utf-8", errors="replace")


def mutate(rng: random.Random, text: str) -> str:
    """``text`` with one to three damages of any kind."""
    for _ in range(rng.randint(1, 3)):
        kind = rng.randrange(10)
        if kind == 0:
            text = _byte_edit(rng, text)
            continue
        lines = text.split("\n")
        if kind < 5:
            _replace_value(rng, lines)
        elif kind < 7:
            _replace_in_value(rng, lines)
        else:
            _line_edit(rng, lines)
        text = "\n".join(lines)
    return text


class TookTooLong(Exception):
    """A file that kept check or explain busy past :data:`PER_FILE`, several times over."""


@contextlib.contextmanager
def _deadline(seconds: float) -> Iterator[None]:
    def stop(_signum: int, _frame: object) -> None:
        raise TookTooLong(f"still busy after {seconds} s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _line_count(name: str) -> int:
    """Lines of the file a problem names, as TOML counts them (``\\n`` only)."""
    path = Path(name.removesuffix(" (embedded map)"))
    if not path.is_file():
        return 1
    return path.read_bytes().count(b"\n") + 1


def assert_located(problem: Problem) -> None:
    """A problem a player can act on: one line of text, at a line the file has."""
    assert problem.file and "\n" not in problem.file, problem
    assert "\n" not in problem.message and "\r" not in problem.message, problem
    assert 1 <= problem.line <= _line_count(problem.file), problem
    assert problem.message.strip(), problem


def assert_output_lines(text: str, path: Path) -> None:
    """Every line a refusal prints is ``file:line: message`` or ``file: message``."""
    lines = text.split("\n")
    assert lines[-1] == ""
    for line in lines[:-1]:
        located = _LOCATED.match(line)
        if located is None:
            assert line.startswith(f"{path}: "), line
            continue
        assert 1 <= int(located["line"]) <= _line_count(located["file"]), line


def _no_nan(text: str) -> None:
    raise AssertionError(f"explain --json printed {text}, which is not JSON")


def run_both(path: Path) -> None:
    """``check`` and ``explain --json`` of one file: success or located problems, in time."""
    started = time.process_time()
    with _deadline(PER_FILE * 5):
        for problem in check_file(path):
            assert_located(problem)
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = explain_command(str(path), as_json=True)
    if status == 0:
        data = json.loads(out.getvalue(), parse_constant=_no_nan)
        assert isinstance(data, dict)
    else:
        assert status == 1
        assert err.getvalue(), "explain refused the file without saying why"
        assert_output_lines(err.getvalue(), path)
    elapsed = time.process_time() - started
    assert elapsed < PER_FILE, f"{path} took {elapsed:.1f} s of processor time"


def reopen(path: Path, save: Path) -> None:
    """A map or scenario that opens as a game also saves and reopens (the save loader refuses
    nothing the map and scenario loaders accepted)."""
    try:
        with _deadline(PER_FILE * 2):
            state = open_game(path)
    except SourceError as exc:
        for problem in exc.problems:
            assert_located(problem)
        return
    save_game(state, save)
    load_game(save)


def fuzz(
    sources: list[Path],
    folder: Path,
    seconds: float,
    seed: int,
    check: Callable[[Path], None],
) -> int:
    """Damage the ``sources`` one at a time for ``seconds``; each damaged file is written to
    ``folder`` beside nothing else and passed to ``check``. Returns how many were tried."""
    rng = random.Random(seed)
    texts = {path: path.read_text(encoding="utf-8") for path in sources}
    stop = time.monotonic() + seconds
    tried = 0
    while time.monotonic() < stop:
        original = rng.choice(sources)
        damaged = mutate(rng, texts[original])
        path = folder / original.name
        path.write_text(damaged, encoding="utf-8")
        try:
            check(path)
        except BaseException as exc:
            keep = folder / f"failing-{tried}-{original.name}"
            keep.write_text(damaged, encoding="utf-8")
            raise AssertionError(
                f"seed {seed}, file {tried} ({original.name} damaged, kept as {keep}): "
                f"{type(exc).__name__}: {exc}"
            ) from exc
        tried += 1
    return tried


def with_starter(folder: Path) -> list[Path]:
    """The shipped files and those ``hexcombat new-ruleset`` writes (a ruleset file, counters,
    a map and a scenario), written into ``folder``."""
    return [*SHIPPED, *new_ruleset(folder / "starter")]


@pytest.fixture
def own_beside(monkeypatch: pytest.MonkeyPatch) -> None:
    """The ruleset files found beside this test's scenarios (the starter's) are its own."""
    monkeypatch.setattr(registry, "_beside", {})


@pytest.mark.slow
def test_the_shipped_files_pass_the_fuzz_checks_undamaged(tmp_path: Path, own_beside: None) -> None:
    """The checks below hold for the files as shipped (so a failure is the damage's)."""
    assert len(SHIPPED) > 30
    assert {p.parent.name for p in SHIPPED if p.parent.parent.name == "rulesets"}, "examples"
    for path in with_starter(tmp_path):
        run_both(path)


@pytest.mark.slow
def test_damaged_files_are_refused_at_their_line_never_with_a_traceback(
    tmp_path: Path, own_beside: None
) -> None:
    sources = with_starter(tmp_path / "sources")
    tried = fuzz(sources, tmp_path, BUDGET, SEED, run_both)
    assert tried > 20  # the time budget let the fuzz try a fair number of files


@pytest.mark.slow
def test_a_damaged_map_or_scenario_that_opens_as_a_game_saves_and_reopens(tmp_path: Path) -> None:
    playable = sorted(ROOT.glob("maps/*.toml"))
    save = tmp_path / "game.json"
    tried = fuzz(playable, tmp_path, BUDGET / 4, SEED, lambda path: reopen(path, save))
    assert tried > 5


def located_refusal(text: str, path: Path) -> None:
    """Each line of a refusal names the file at fault (the damaged one or a file beside it it
    names, a tileset or picture): ``hexcombat import: FILE (element): ...`` or
    ``FILE:line: ...``."""
    for line in text.strip().split("\n"):
        line = line.removeprefix("hexcombat import: ")
        assert line.startswith(str(path.parent)), line


@pytest.mark.parametrize("kind", ["tiled", "vassal", "image-map"])
@pytest.mark.slow
def test_damaged_imports_and_image_maps_are_refused_by_name_reading_only_what_they_carry(
    tmp_path: Path, kind: str
) -> None:
    chosen = [sample for sample in samples() if sample.kind == kind]
    rng = random.Random(f"{SEED}-{kind}")
    stop = time.monotonic() + BUDGET / 8
    tried = 0
    while time.monotonic() < stop or tried < 3:
        sample = rng.choice(chosen)
        work, out = tmp_path / f"{tried}" / "work", tmp_path / f"{tried}" / "out"
        work.mkdir(parents=True)
        out.mkdir()
        path = damaged(rng, sample, work)
        reads = Reads()
        try:
            started = time.monotonic()
            with _deadline(PER_FILE * 4), reads.watching():  # import or check, explain, reopen
                outcome = run_file(path, out / "map.toml", reopen=True)
            took = time.monotonic() - started
            assert took < PER_FILE * 2, f"took {took:.1f} s"
            if outcome.status:
                located_refusal(outcome.said, path)
            kept, _image_headers = outside(reads, work, out / "map.toml")
            assert not kept, f"read outside its folder: {kept}"
        except BaseException as exc:
            raise AssertionError(
                f"seed {SEED}, {kind} file {tried} ({sample.name} damaged, kept in {work}): "
                f"{type(exc).__name__}: {exc}"
            ) from exc
        tried += 1
