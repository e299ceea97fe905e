"""hexcombat's PyInstaller hook for PySide6.QtGui: PyInstaller's own collection without the Qt
plugins hexcombat never loads, so neither they nor the libraries they link (QtSvg, QtPdf,
GTK 3, ...) reach the bundle.

Kept: the platforms a desktop uses (xcb, wayland; offscreen and minimal for --smoke), input
methods, the xdg-desktop-portal theme, accessibility and GL integration, and the JPEG image
format (scanned maps; PNG is built into QtGui). Left out: the other image formats, the SVG icon
engine, the GTK 3 theme, touch input, and embedded-device platforms.
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
    if "plugins/imageformats/" in source and "qjpeg" in source:
        return True  # a scanned map under the grid is most often a JPEG
    return not any(part in source for part in UNUSED_PLUGINS)


hiddenimports, binaries, datas = get_qt_library_info("PySide6").collect_module("PySide6.QtGui")
binaries = [entry for entry in binaries if _used(entry)]
