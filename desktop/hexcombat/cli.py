"""Command line.

``hexcombat [FILE]`` opens the desktop program (the built-in tutorial when no file is given);
``hexcombat explain SCENARIO [--json]`` prints a combat's full explanation without the GUI (a saved
game's: the attack rolled and waiting to be applied);
``hexcombat check FILE...`` validates maps, counters, charts, scenarios and saved games;
``hexcombat import FILE.tmx|FILE.vmod -o MAP.toml`` makes a map from Tiled or VASSAL;
``hexcombat new-ruleset NAME`` writes a new game's starting ruleset, counters, map and scenario;
``hexcombat --smoke`` checks an installation offscreen (see :mod:`hexcombat.ui.smoke`).
"""

from __future__ import annotations

import argparse
import os
import sys

from hexcombat import __version__
from hexcombat.display import display_problem


def _app_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="hexcombat",
        description="Hex-map combat assistant for board wargamers. Opens the desktop program; "
        "see also `hexcombat explain --help` and `hexcombat check --help`.",
    )
    parser.add_argument("--version", action="version", version=f"hexcombat {__version__}")
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="check this installation without a display: open the main window offscreen on the "
        "built-in tutorial, evaluate its attack, print the DRM and exit (0 when it worked)",
    )
    parser.add_argument("file", nargs="?", help="a map, scenario or saved game to open")
    return parser


def _explain(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="hexcombat explain",
        description="Print the full explanation of the combat a scenario describes (or, for a "
        "saved game, of the attack rolled and waiting to be applied).",
    )
    parser.add_argument(
        "scenario", help="a scenario file (TOML), or a saved game (JSON) with a roll waiting"
    )
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument(
        "--roll",
        type=_faces,
        action="append",
        metavar="N",
        help="resolve the combat with these die rolls, in the order the combat asks for them, "
        "each die as its ruleset names it (too few, and explain says which dice, in which "
        "order): repeat for each die, or give them together, '--roll \"3 5\"'",
    )
    args = parser.parse_args(argv)
    from hexcombat.game.explain_cli import explain_command

    rolls = [face for faces in args.roll for face in faces] if args.roll else None
    return explain_command(args.scenario, as_json=args.json, rolls=rolls)


def _faces(text: str) -> list[int]:
    """One ``--roll``: a die's face, or several separated by spaces or commas."""
    words = text.replace(",", " ").split()
    if not words or not all(w.isdigit() and len(w) <= 4 for w in words):
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a die roll (whole numbers, e.g. 4 or '3 5')"
        )
    return [int(w) for w in words]


def _check(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="hexcombat check",
        description="Validate maps, counter sets, charts, scenarios and saved games; "
        "report every problem as file:line: message.",
    )
    parser.add_argument("files", nargs="+", help="files to check")
    args = parser.parse_args(argv)
    from hexcombat.game.check import check_command

    return check_command(args.files)


def _import(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="hexcombat import",
        description="Make a hexcombat map from a Tiled hex map (.tmx) or a VASSAL module's "
        "board (.vmod: its image and hex grid, ready for terrain painting).",
    )
    parser.add_argument("file", help="a Tiled map (.tmx) or a VASSAL module (.vmod)")
    parser.add_argument("-o", "--output", required=True, help="the map file to write (.toml)")
    parser.add_argument(
        "--terrain",
        action="append",
        default=[],
        metavar="KEY=TYPE",
        help="Tiled: the terrain of a tile that names none (KEY is tileset:id, as listed)",
    )
    parser.add_argument("--board", help="VASSAL: the board to import (the first one if not given)")
    args = parser.parse_args(argv)
    from hexcombat.game.import_cli import import_command

    def convert(imported, target, notes):  # noqa: ANN001, ANN202 (the desktop's converter)
        from hexcombat.ui.import_map import converted_images

        return converted_images(imported, target, notes)

    return import_command(args.file, args.output, args.terrain, args.board, convert)


def _new_ruleset(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="hexcombat new-ruleset",
        description="Write a new folder NAME holding a commented starting ruleset file (an odds "
        "table, one die, three terrains), a counter set, a small map and a scenario that open at "
        "once; change them to your game's (docs/ruleset-file.md). Nothing is overwritten.",
    )
    parser.add_argument("name", help="the new folder; its name is the game's id (e.g. my-game)")
    args = parser.parse_args(argv)
    from hexcombat.game.new_ruleset import StarterError, new_ruleset

    try:
        written = new_ruleset(args.name)
    except StarterError as exc:
        print(f"hexcombat new-ruleset: {exc}", file=sys.stderr)
        return 1
    for path in written:
        print(f"wrote {path}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``hexcombat`` console script."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "convert-image":  # the window's converter process (not listed)
        from hexcombat.ui.image_convert import main as convert_image

        return convert_image(args[1:])
    commands = {
        "explain": _explain,
        "check": _check,
        "import": _import,
        "new-ruleset": _new_ruleset,
    }
    if args and args[0] in commands:
        command = commands[args[0]]
        try:
            status = command(args[1:])
            sys.stdout.flush()  # a closed pipe shows here, not in the interpreter's exit
            return status
        except BrokenPipeError:
            return _reader_gone()
    parser = _app_parser()
    options = parser.parse_args(args)
    if options.smoke:
        if options.file:
            parser.error("--smoke checks the built-in tutorial and takes no file")
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        if problem := display_problem():  # QT_QPA_PLATFORM=xcb asked for, and no X server
            print(f"hexcombat smoke: FAILED: {problem}", file=sys.stderr)
            return 1
        from hexcombat.ui.smoke import smoke

        return smoke()
    if problem := display_problem():  # before Qt, which would abort the process
        print(f"hexcombat: {problem}", file=sys.stderr)
        return 1
    from hexcombat.ui.app import run

    return run(options.file)


def _reader_gone() -> int:
    """The output's reader stopped reading (``hexcombat explain X | head``): stop quietly,
    pointing stdout at the null device so the interpreter's final flush cannot raise again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    return 0


if __name__ == "__main__":
    sys.exit(main())
