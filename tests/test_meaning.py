"""The meaning helpers the tests assert with fail when a figure, a rule, a name or a line is
wrong, so an assert rewritten with them is no weaker than the sentence it replaced."""

from __future__ import annotations

import pytest

from meaning import each_says, one_says, says, says_in

PROBLEM = "aet.toml:16: aeca_aecd row 1:2 may only give a zero or negative modifier (10.C.2)"


@pytest.mark.parametrize(
    "wrong",
    [
        {"at": ("aet.toml", 15)},
        {"at": ("tec.toml", 16)},
        {"rules": ["10.C"]},
        {"rules": []},
        {"figures": ["2:1"]},
        {"figures": []},
        {"names": ["aeca_atec"]},
    ],
)
def test_a_wrong_line_rule_figure_or_name_fails(wrong: dict[str, object]) -> None:
    with pytest.raises(AssertionError):
        says(PROBLEM, **wrong)  # type: ignore[arg-type]


def test_a_unit_name_is_not_found_inside_a_longer_one() -> None:
    with pytest.raises(AssertionError):
        says("Tank XX converts 1 RE", names=["Tank X"])


def test_figures_in_part_of_a_text_keep_their_order() -> None:
    assert says_in("3:1, DRM +1 (14D2a)", figures=["3:1", "+1"], rules=["14D2a"])
    with pytest.raises(AssertionError):
        says_in("3:1, DRM +1 (14D2a)", figures=["+1", "3:1"])


def test_each_says_wants_as_many_texts_as_meanings() -> None:
    with pytest.raises(AssertionError):
        each_says([PROBLEM, PROBLEM], {"rules": ["10.C.2"]})


def test_one_says_fails_when_no_text_says_it() -> None:
    with pytest.raises(AssertionError):
        one_says(["10.F: the attacker declines AEC: 3 REs"], rules=["10.F"], figures=["4"])
