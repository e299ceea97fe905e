"""Line numbers for problems in authored TOML files."""

from __future__ import annotations

from pathlib import Path

import pytest

from hexcombat.sourcefile import Problem, SourceError, TomlSource, load_shared, quoted
from meaning import each_says

TEXT = """\
ruleset = "total-war"

[conditions]
terrain = "woods"

[[attacker]]
counter = "su-hv-tank-xx"

[[attacker]]
name = "Tank X"
re = 1

[terrain]
rows = [
  "ccw",
  "wcc",
]
"""


def test_keys_tables_and_array_elements_have_their_lines() -> None:
    src = TomlSource.parse(TEXT, "s.toml")
    assert src.line_of("ruleset") == 1
    assert src.line_of("conditions", "terrain") == 4
    assert src.line_of("attacker", 0, "counter") == 7
    assert src.line_of("attacker", 1) == 9
    assert src.line_of("attacker", 1, "re") == 11
    assert src.line_of("terrain", "rows", 1) == 16
    # an unknown key falls back to the nearest enclosing table
    assert src.line_of("attacker", 1, "missing") == 9


def problems_of(text: str, name: str = "dup.toml") -> list[str]:
    """The ``file:line: message`` lines a text that cannot be used is reported with."""
    with pytest.raises(SourceError) as caught:
        TomlSource.parse(text, name)
    return [str(p) for p in caught.value.problems]


def test_duplicate_key_names_the_key_its_table_and_the_first_line() -> None:
    assert each_says(
        problems_of("a = 1\nb = 2\na = 3\n"),
        dict(at=("dup.toml", 3), figures=["1"], names=["'a'", "twice", "top of the file"]),
    )
    assert each_says(
        problems_of("[layout]\ncolumns = 8\nrows = 6\nrows = 7\n"),
        dict(at=("dup.toml", 4), figures=["3"], names=["'rows'", "twice", "[layout]"]),
    )
    assert each_says(
        problems_of('[[attacker]]\nre = 1\n[[attacker]]\nre = 2\nname = "X"\nre = 3\n'),
        dict(
            at=("dup.toml", 6), figures=["2", "4"], names=["'re'", "[[attacker]] number 2", "twice"]
        ),
    )
    assert each_says(
        problems_of("layout.rows = 6\nlayout.rows = 7\n"),
        dict(
            at=("dup.toml", 2), figures=["1"], names=["'layout.rows'", "twice", "top of the file"]
        ),
    )


def test_every_duplicate_is_reported_in_one_run() -> None:
    text = "[conditions]\nweather = 1\n[layout]\nrows = 1\nrows = 2\n[conditions]\n"
    assert each_says(
        problems_of(text),
        dict(at=("dup.toml", 5), figures=["4"], names=["'rows'", "twice", "[layout]"]),
        dict(at=("dup.toml", 6), figures=["1"], names=["table [conditions]", "twice"]),
    )


def test_a_table_written_again_as_a_key_or_header_is_a_duplicate() -> None:
    assert each_says(
        problems_of("[a]\nb = 1\n[a.b]\n"),
        dict(at=("dup.toml", 3), figures=["2"], names=["table [a.b]", "twice", "key 'b'"]),
    )


def test_the_same_sub_table_in_two_array_elements_is_no_duplicate() -> None:
    text = '[[rivers]]\n[rivers.mouth]\nhex = "0101"\n[[rivers]]\n[rivers.mouth]\nhex = "0202"\n'
    src = TomlSource.parse(text, "r.toml")
    assert src.data["rivers"][1]["mouth"]["hex"] == "0202"
    assert src.line_of("rivers", 0, "mouth", "hex") == 3
    assert src.line_of("rivers", 1, "mouth", "hex") == 6
    assert each_says(
        problems_of(text + 'hex = "0303"\n'),
        dict(at=("dup.toml", 7), figures=["6"], names=["'hex'", "[rivers.mouth]", "twice"]),
    )


# A multi-line description holding text that looks like keys and array elements; the lines after
# it must still be counted right.
MULTILINE = "\n".join(
    [
        'name = "Kursk"',  # 1
        'description = """',  # 2
        "The salient.",
        "rows = 3",
        "[layout]",
        '"""',
        "note = '''",  # 7
        'one "quoted" word',
        "'''",
        "[terrain]",  # 10
        "rows = [",
        '  """cc',  # 12: element 0
        'cc""",',
        '  "ww",',  # 14: element 1
        "  '''",  # 15: element 2
        "rr''',",
        '  "ss",',  # 17: element 3
        "]",
        "[layout]",  # 19
        "rows = 4",  # 20
        "",
    ]
)


def test_lines_are_right_after_multi_line_strings() -> None:
    src = TomlSource.parse(MULTILINE, "m.toml")
    assert src.data["terrain"]["rows"] == ["cc\ncc", "ww", "rr", "ss"]
    assert src.line_of("description") == 2
    assert src.line_of("note") == 7
    assert src.line_of("terrain") == 10
    assert src.line_of("terrain", "rows", 0) == 12
    assert src.line_of("terrain", "rows", 1) == 14
    assert src.line_of("terrain", "rows", 2) == 15
    assert src.line_of("terrain", "rows", 3) == 17
    assert src.line_of("layout") == 19
    assert src.line_of("layout", "rows") == 20
    assert str(src.problem(("layout", "rows"), "rows must be 3")) == "m.toml:20: rows must be 3"


def test_a_duplicate_after_a_multi_line_string_names_the_right_lines() -> None:
    assert each_says(
        problems_of(MULTILINE + "rows = 5\n"),
        dict(at=("dup.toml", 21), figures=["20"], names=["'rows'", "twice", "[layout]"]),
    )


def test_a_file_starting_with_a_byte_order_mark_loads(tmp_path: Path) -> None:
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + TEXT.encode("utf-8"))
    src = TomlSource.load(path)
    assert src.data["ruleset"] == "total-war"
    assert src.line_of("attacker", 1, "re") == 11
    assert TomlSource.parse("\ufeff" + TEXT, "s.toml").data == src.data


def test_a_file_that_is_not_utf8_is_a_located_problem(tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes('name = "Orël"\n'.encode("latin-1"))
    with pytest.raises(SourceError) as caught:
        TomlSource.load(path)
    (problem,) = caught.value.problems
    assert str(problem).startswith(f"{path}:1: cannot read the file: ")


def test_a_syntax_error_keeps_its_line() -> None:
    assert each_says(
        problems_of('a = 1\nb = "open\n'),
        dict(at=("dup.toml", 2), names=["not valid TOML", "'\\n'"]),
    )


def test_problem_reads_file_line_message() -> None:
    assert str(Problem("m.toml", 12, "unknown terrain letter 'q'")) == (
        "m.toml:12: unknown terrain letter 'q'"
    )


def test_escaped_quotes_and_hashes_in_strings_do_not_shift_array_elements() -> None:
    text = 'x = [\n  "a\\"b", "q",\n  "c # d",\n  \'e\',\n]\ny = 1\n'
    src = TomlSource.parse(text, "x.toml")
    assert src.data["x"] == ['a"b', "q", "c # d", "e"]
    assert [src.line_of("x", i) for i in range(4)] == [2, 2, 3, 4]
    assert src.line_of("y") == 6


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("a\nb", "a\\nb"),
        ("a\r\nb", "a\\r\\nb"),
        ("a\u2028b", "a\\u2028b"),
        ("a\x85b", "a\\x85b"),
        ("\x1b[31mred", "\\x1b[31mred"),
        ("\u202egnp.exe", "\\u202egnp.exe"),
    ],
)
def test_a_problem_is_one_line_whatever_its_message_echoes(raw: str, shown: str) -> None:
    """A value from the file in a message (or a file's name) is escaped, so it cannot start a
    line that reads like a problem of its own, colour the terminal or turn the text around."""
    problem = Problem(f"{raw}.toml", 3, f"unknown terrain {raw}")
    assert str(problem) == f"{shown}.toml:3: unknown terrain {shown}"
    assert len(str(problem).splitlines()) == 1


def test_letters_of_any_script_are_shown_as_written() -> None:
    assert str(Problem("é.toml", 1, "unknown terrain 'Wälder', 'лес'")) == (
        "é.toml:1: unknown terrain 'Wälder', 'лес'"
    )


def test_quoted_writes_a_value_as_toml_does() -> None:
    assert quoted('a "b"\\c\nd') == '"a \\"b\\"\\\\c\\nd"'


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\x85"])
def test_only_newlines_count_as_line_breaks(separator: str) -> None:
    text = f'a = "x{separator}y"\n[t]\nb = [\n  1,\n  2,\n]\n'
    src = TomlSource.parse(text, "s.toml")
    assert [src.line_of("t"), src.line_of("t", "b"), src.line_of("t", "b", 1)] == [2, 3, 5]


def test_a_shared_read_parses_a_file_once_and_again_when_it_changes(tmp_path: Path) -> None:
    """Counter sets and tutorial titles are read at every window and game: parsed once, but an
    edit on disk (the player changing their own counter set) is seen at the next read."""
    path = tmp_path / "counters.toml"
    path.write_text('title = "first"\n')
    first = load_shared(path)
    assert load_shared(path) is first
    path.write_text('title = "second, longer"\n')
    assert load_shared(path).data == {"title": "second, longer"}


def test_a_shared_read_of_a_broken_file_names_it_every_time(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text("title = \n")
    for _ in range(2):
        with pytest.raises(SourceError) as raised:
            load_shared(path)
        assert raised.value.problems[0].file == str(path)
        assert raised.value.problems[0].line == 1
    with pytest.raises(SourceError) as raised:
        load_shared(tmp_path / "missing.toml")
    assert raised.value.problems[0].file == str(tmp_path / "missing.toml")
