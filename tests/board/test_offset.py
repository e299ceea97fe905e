"""Printed labels: what a player reads off the paper map must name the same hex here."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hexcombat.board.hexes import Hex
from hexcombat.board.offset import OffsetScheme, check_label_format

SCHEMES = [
    OffsetScheme(orientation, parity)  # type: ignore[arg-type]
    for orientation in ("flat", "pointy")
    for parity in ("odd", "even")
]
small = st.integers(min_value=0, max_value=98)
anything = st.integers(min_value=-1000, max_value=1000)


@pytest.mark.parametrize("scheme", SCHEMES, ids=lambda s: f"{s.orientation}-{s.parity}")
@given(col=small, row=small)
def test_label_round_trips_through_the_hex(scheme: OffsetScheme, col: int, row: int) -> None:
    h = scheme.hex_of(col, row)
    text = scheme.label(h)
    assert isinstance(text, str)
    assert text == f"{col + 1:02d}{row + 1:02d}"
    assert scheme.parse_label(text) == h


@pytest.mark.parametrize("scheme", SCHEMES, ids=lambda s: f"{s.orientation}-{s.parity}")
@given(q=anything, r=anything)
def test_offset_and_axial_are_inverse(scheme: OffsetScheme, q: int, r: int) -> None:
    h = Hex(q, r)
    assert scheme.hex_of(*scheme.offset_of(h)) == h


@given(col=st.integers(0, 998), row=st.integers(0, 998))
def test_three_digit_labels_round_trip(col: int, row: int) -> None:
    scheme = OffsetScheme("flat", "odd", "{col:03d}{row:03d}", "001001")
    h = scheme.hex_of(col, row)
    assert scheme.parse_label(scheme.label(h)) == h


def test_top_left_hex_is_the_first_label_and_the_axial_origin() -> None:
    for scheme in SCHEMES:
        assert scheme.parse_label("0101") == Hex(0, 0)
        assert scheme.label(Hex(0, 0)) == "0101"


@pytest.mark.parametrize(
    ("orientation", "parity", "expected"),
    [
        # Worked out on paper: flat odd-q shoves columns 02, 04, ... down half a hex; flat
        # even-q shoves them up; pointy odd-r shoves rows 02, 04, ... right; pointy even-r left.
        ("flat", "odd", {"0202", "0203", "0302", "0304", "0402", "0403"}),
        ("flat", "even", {"0203", "0204", "0302", "0304", "0403", "0404"}),
        ("pointy", "odd", {"0202", "0203", "0204", "0302", "0304", "0403"}),
        ("pointy", "even", {"0203", "0302", "0304", "0402", "0403", "0404"}),
    ],
)
def test_printed_neighbours_of_0303(orientation: str, parity: str, expected: set[str]) -> None:
    scheme = OffsetScheme(orientation, parity)  # type: ignore[arg-type]
    h = scheme.parse_label("0303")
    assert {scheme.label(n) for n in h.neighbours()} == expected


def test_first_label_sets_the_printed_numbers() -> None:
    scheme = OffsetScheme("flat", "odd", "{col:02d}{row:02d}", "1020")
    assert scheme.label(Hex(0, 0)) == "1020"
    assert scheme.label(scheme.hex_of(2, 3)) == "1223"
    assert scheme.parse_label("1223") == scheme.hex_of(2, 3)


def test_separated_format_reads_numbers_of_any_length() -> None:
    scheme = OffsetScheme("flat", "odd", "{col}.{row}", "1.1")
    h = scheme.hex_of(120, 4)
    assert scheme.label(h) == "121.5"
    assert scheme.parse_label("121.5") == h


@pytest.mark.parametrize("junk", ["A403", "04-03", "", "040", "04031", " 0403", "0403 "])
def test_junk_is_not_a_label(junk: str) -> None:
    with pytest.raises(ValueError, match=r"is not a hex label: expected labels like '0101'"):
        OffsetScheme().parse_label(junk)


def test_a_number_is_not_a_label() -> None:
    with pytest.raises(ValueError, match="hex labels are strings in quotes, like '0101', not 403"):
        OffsetScheme().parse_label(403)  # type: ignore[arg-type]


def test_label_before_the_first_hex_is_refused() -> None:
    with pytest.raises(ValueError, match="lies before the first hex '0101'"):
        OffsetScheme().parse_label("0003")


def test_hex_with_no_printable_label() -> None:
    scheme = OffsetScheme()
    with pytest.raises(ValueError, match="before the first column"):
        scheme.label(Hex(-1, 0))
    with pytest.raises(ValueError, match="col 100 does not fit"):
        scheme.label(scheme.hex_of(99, 0))


def test_fits_tells_whether_a_map_size_can_be_labelled() -> None:
    scheme = OffsetScheme()
    assert scheme.fits(99, 99)
    assert not scheme.fits(100, 10)
    assert OffsetScheme("flat", "odd", "{col}-{row}", "1-1").fits(1000, 1000)


@pytest.mark.parametrize(
    ("fmt", "message"),
    [
        ("{col}{row}", "needs a fixed zero-padded width"),
        ("{col:02d}", "must contain {row}"),
        ("{x:02d}{row:02d}", "may only use {col} and {row}"),
        ("{col:02d}{col:02d}", "uses {col} twice"),
        ("{col:2d}{row:2d}", "labels may not contain spaces"),
        ("{col:02f}{row:02d}", "must be a whole number"),
        ("{col:02d}/{row:02d}", "may not contain '/'"),
        ("{col:02d}{row", "not a valid format string"),
        # each hex's label is printed at the width: a hundred million digits a hex is refused
        ("{col:0100000000d}{row:02d}", "{col} may be padded to at most 9 digits"),
        ("{col:02d}{row:010d}", "{row} may be padded to at most 9 digits"),
    ],
)
def test_bad_label_formats_say_what_is_wrong(fmt: str, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("{", r"\{").replace("}", r"\}")):
        check_label_format(fmt)


def test_the_widest_label_allowed_reads_back() -> None:
    scheme = OffsetScheme("flat", "odd", "{col:09d}{row:09d}", "000000001000000001")
    assert scheme.label(scheme.hex_of(3, 4)) == "000000004000000005"


def test_scheme_refuses_bad_orientation_parity_and_first_label() -> None:
    with pytest.raises(ValueError, match="orientation must be 'flat' or 'pointy'"):
        OffsetScheme("hex")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="offset parity must be 'odd' or 'even'"):
        OffsetScheme("flat", "left")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="first label 'A1' does not match"):
        OffsetScheme("flat", "odd", "{col:02d}{row:02d}", "A1")


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
@pytest.mark.parametrize("parity", ["odd", "even"])
def test_a_whole_row_of_hexes_is_each_hex_of_the_row(orientation: str, parity: str) -> None:
    scheme = OffsetScheme(orientation, parity)  # type: ignore[arg-type]
    for row in range(5):
        assert scheme.hexes_of_row(row, 7) == [scheme.hex_of(col, row) for col in range(7)]
