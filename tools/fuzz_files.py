"""A seeded mutation fuzz of every kind of file hexcombat reads from someone else: damaged
copies of every shipped map, scenario, counter set and chart, the saves the tests keep, Tiled
maps (with their tilesets), VASSAL modules and maps over a scanned image, each run in-process
through ``hexcombat check`` and ``explain --json`` (a sound game also opened, saved and
reopened) or ``hexcombat import`` (then ``check`` of the map it wrote).

Not run by the tests (tests/game/test_fuzz_loaders.py runs a few seconds of the same). Counts:

- tracebacks: any exception escaping the command (a located refusal is the right answer);
- slow runs: a file taking more than ``--slow`` seconds (stopped after ``--limit``);
- reads outside: a file opened outside the damaged file's own folder, the output folder, the
  shipped data, the program and its libraries (``sys.addaudithook``). Reads of a map image's
  header named by a map (shown under the grid, never saved) are counted apart.

Each damaged file is made from the seed and its number alone, so one can be made again::

    nice .venv/bin/python tools/fuzz_files.py --count 10000 --out /tmp/fuzz
    nice .venv/bin/python tools/fuzz_files.py --start 4123 --count 1 --out /tmp/fuzz --keep

A failing file is kept in ``OUT/failures`` with what it did; ``OUT/summary.json`` has the
figures, ``OUT/progress.log`` a line every hundred files.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import signal
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "game"))

from fuzz_samples import (  # noqa: E402 - after the path to the shared samples
    Reads,
    Sample,
    damaged,
    outside,
    run_file,
    samples,
    shipped_text_files,
)


class Stopped(Exception):
    """A run still busy at the limit."""


def _stop(_signum: int, _frame: object) -> None:
    raise Stopped


def all_samples() -> dict[str, list[Sample]]:
    """The sound files to damage, by kind."""
    kinds: dict[str, list[Sample]] = {}
    for path in shipped_text_files():
        kind = "save" if path.suffix == ".json" else "toml"
        kinds.setdefault(kind, []).append(Sample(kind, path.name, path.read_bytes()))
    for sample in samples():
        kinds.setdefault(sample.kind, []).append(sample)
    return kinds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--start", type=int, default=0, help="the first file's number")
    parser.add_argument("--seed", type=int, default=20261128)
    parser.add_argument("--slow", type=float, default=10.0, help="seconds: a slow run")
    parser.add_argument("--limit", type=float, default=60.0, help="seconds: a run stopped")
    parser.add_argument("--out", type=Path, default=Path("fuzz-out"))
    parser.add_argument("--keep", action="store_true", help="keep every damaged file")
    args = parser.parse_args(argv)
    kinds = all_samples()
    names = sorted(kinds)
    out: Path = args.out
    (out / "failures").mkdir(parents=True, exist_ok=True)
    work, target = out / "work", out / "output"
    figures: Counter[str] = Counter()
    by_kind: Counter[str] = Counter()
    slowest: list[tuple[float, int, str]] = []
    header_reads: Counter[str] = Counter()
    signal.signal(signal.SIGALRM, _stop)
    started = time.monotonic()
    log = (out / "progress.log").open("a", encoding="utf-8")
    for number in range(args.start, args.start + args.count):
        rng = random.Random(f"{args.seed}-{number}")
        kind = names[number % len(names)]  # every kind in turn
        sample = rng.choice(kinds[kind])
        for folder in (work, target):
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir(parents=True)
        path = damaged(rng, sample, work)
        reads = Reads()
        failure = None
        began, cpu = time.monotonic(), time.process_time()
        signal.setitimer(signal.ITIMER_REAL, args.limit)
        try:
            with reads.watching():
                outcome = run_file(path, target / "map.toml", reopen=True)
            figures["refused" if outcome.status else "taken"] += 1
        except Stopped:
            failure = f"still busy after {args.limit} s"
            figures["stopped"] += 1
        except BaseException as exc:  # noqa: BLE001 - every escape is what this counts
            if isinstance(exc, KeyboardInterrupt):
                raise
            failure = "".join(traceback.format_exception(exc))
            figures["traceback"] += 1
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        took, cpu = time.monotonic() - began, time.process_time() - cpu
        what = f"{kind} {sample.name}, {cpu:.2f} s of processor time"
        slowest = sorted([*slowest, (took, number, what)], reverse=True)[:10]
        if took > args.slow:  # the clock, as a player waits (a busy machine counts too)
            figures["slow"] += 1
            failure = (failure or "") + f"\ntook {took:.1f} s ({cpu:.1f} s of processor time)"
        kept, headers = outside(reads, work, target / "map.toml")
        if kept:
            figures["read outside"] += 1
            failure = (failure or "") + "\nread outside: " + ", ".join(sorted(set(kept))[:5])
        if headers:
            figures["image header read outside"] += 1
            header_reads.update(set(headers))
        by_kind[kind] += 1
        if failure or args.keep:
            keep = out / "failures" / f"{number}-{kind}-{sample.name}"
            shutil.rmtree(keep, ignore_errors=True)
            shutil.copytree(work, keep)
            (keep / "WHAT.txt").write_text(
                f"seed {args.seed}, file {number} ({kind}, {sample.name})\n{failure or 'kept'}\n"
            )
        done = number - args.start + 1
        if done % 100 == 0 or done == args.count:
            log.write(
                f"{time.strftime('%H:%M:%S')} {done}/{args.count} {dict(figures)} "
                f"{time.monotonic() - started:.0f} s\n"
            )
            log.flush()
    summary = {
        "seed": args.seed,
        "first": args.start,
        "files": args.count,
        "by_kind": dict(by_kind),
        "figures": dict(figures),
        "tracebacks": figures["traceback"],
        "runs_over_slow": figures["slow"] + figures["stopped"],
        "reads_outside": figures["read outside"],
        "image_header_reads_outside": dict(header_reads.most_common(10)),
        "slowest": [f"{t:.2f} s file {n} ({what})" for t, n, what in slowest],
        "seconds": round(time.monotonic() - started),
    }
    (out / f"summary-{args.start}.json").write_text(json.dumps(summary, indent=1))
    print(json.dumps(summary, indent=1))
    bad = summary["tracebacks"] + summary["runs_over_slow"] + summary["reads_outside"]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
