"""hexcombat's PyInstaller hook for PySide6.QtGui: PyInstaller's own collection without the Qt
plugins hexcombat never loads, so neither they nor the libraries they link (QtSvg, QtPdf,
GTK 3, ...) reach the bundle.

Kept: the platforms a desktop uses (xcb, wayland; offscreen and minimal for --smoke), input
methods, the xdg-desktop-portal theme, accessibility and GL integration. Left out: image formats
beyond the PNG built into QtGui (hexcombat's icon is PNG), the SVG icon engine, the GTK 3 theme,
touch input, and embedded-device platforms.
"""

from PyInstaller.utils.hooks.qt import get_qt_library_info

UNUSED_PLUGINS = (
    "plugins/imageformats/",
    "plugins/iconengines/",
    "plugins/generic/",
    "plugins/egldeviceintegrations/",
    "plugins/platformthemes/libqgtk3",
    "plugins/platforms/libqeglfs",
    "plugins/platforms/libqlinuxfb",
    "plugins/platforms/libqminimalegl",
    "plugins/platforms/libqvnc",
    "plugins/platforms/libqvkkhrdisplay",
)


def _used(entry: tuple[str, str]) -> bool:
    source = entry[0].replace("\\", "/")
    return not any(part in source for part in UNUSED_PLUGINS)


hiddenimports, binaries, datas = get_qt_library_info("PySide6").collect_module("PySide6.QtGui")
binaries = [entry for entry in binaries if _used(entry)]
