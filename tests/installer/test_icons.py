"""hexcombat's icon: the committed PNG sizes, .ico and .icns are the SVG as
``installer/make_icons.py`` renders it (so an edited SVG cannot ship with stale PNGs), and the
desktop program uses it as the window icon."""

from __future__ import annotations

from installer_helpers import INSTALLER, load_script
from PySide6.QtGui import QImage, QImageReader

from hexcombat.paths import icons_dir
from hexcombat.ui.app import app_icon

make_icons = load_script("make_icons.py")


def mean_difference(a: QImage, b: QImage) -> float:
    """Mean absolute difference of the RGBA channels, 0..255."""
    a = a.convertToFormat(QImage.Format.Format_RGBA8888)
    b = b.convertToFormat(QImage.Format.Format_RGBA8888)
    first, second = bytes(a.constBits()), bytes(b.constBits())
    assert len(first) == len(second)
    return sum(abs(x - y) for x, y in zip(first, second, strict=True)) / len(first)


def test_every_png_size_is_the_svg_rendered(qapp) -> None:  # type: ignore[no-untyped-def]
    for size in make_icons.SIZES:
        png = QImage(str(make_icons.png_path(size)))
        assert (png.width(), png.height()) == (size, size)
        assert mean_difference(png, make_icons.render(size)) < 1.0, f"re-run make_icons.py ({size})"
        assert png.pixelColor(size // 2, size // 2).alpha() == 255  # the counter, opaque
        assert png.pixelColor(0, 0).alpha() == 0  # a transparent corner


def test_the_windows_and_macos_icons_hold_every_size(qapp) -> None:  # type: ignore[no-untyped-def]
    for name, sizes in (
        ("hexcombat.ico", make_icons.ICO_SIZES),
        ("hexcombat.icns", tuple(make_icons.ICNS_TYPES.values())),
    ):
        reader = QImageReader(str(INSTALLER / "icons" / name))
        found = []
        for index in range(reader.imageCount()):
            reader.jumpToImage(index)
            found.append(reader.read().width())
        assert sorted(found) == sorted(sizes), name


def test_the_window_icon_is_hexcombats(qapp) -> None:  # type: ignore[no-untyped-def]
    assert icons_dir() == INSTALLER / "icons"  # a source checkout
    sizes = sorted(s.width() for s in app_icon().availableSizes())
    assert sizes == list(make_icons.SIZES)


def test_the_window_is_matched_to_the_menu_entry(qapp) -> None:
    """A dock shows hexcombat's icon only when the window's desktop file name is the one the
    installer writes (installer/hexcombat.desktop)."""
    from hexcombat.ui.app import name_application

    name_application(qapp)
    assert qapp.desktopFileName() == "hexcombat"
    assert (INSTALLER / "hexcombat.desktop").is_file()
    assert qapp.applicationName() == "hexcombat"
    assert not qapp.windowIcon().isNull()
