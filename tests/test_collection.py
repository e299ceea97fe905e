"""The garbage collector is held off while a big game opens, and always comes back."""

from __future__ import annotations

import gc

import pytest

from hexcombat.collection import paused_collection


def test_collection_is_paused_in_the_block_and_resumes_after_it_even_on_error() -> None:
    assert gc.isenabled()
    with paused_collection():
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(ValueError), paused_collection():
        raise ValueError("a file that would not open")
    assert gc.isenabled()


def test_a_pause_inside_a_pause_leaves_collection_off_until_the_outer_one_ends() -> None:
    with paused_collection():
        with paused_collection():
            pass
        assert not gc.isenabled()
    assert gc.isenabled()


def test_the_window_opens_a_file_with_collection_paused() -> None:
    from hexcombat.ui import main_window

    seen: list[bool] = []

    def fake_open(self, path):  # noqa: ANN001, ANN202
        seen.append(gc.isenabled())
        return False

    class Window:
        _open_file = fake_open

    assert main_window.MainWindow.open_file(Window(), "x.json") is False  # type: ignore[arg-type]
    assert seen == [False] and gc.isenabled()
