#!/bin/sh
# The system libraries hexcombat needs besides Python, installed when they are missing.
#
# Qt's platform plugins link them (xcb for an X11 desktop, wayland, offscreen for the tests); the
# installer build needs binutils (PyInstaller reads binaries with objdump) and bundles the Qt
# libraries this machine has, so a library missing here is missing in the player's download too;
# the installer test runs the built program on a virtual X display (Xvfb).
#
# `make run`, `make test` and `make installer` call this first. As root with apt-get (CI, a fresh
# Debian or Ubuntu machine) it installs what is missing; otherwise it names the missing packages
# and the command that installs them, and carries on.
set -u
packages="python3 python3-venv make binutils fonts-dejavu-core libdbus-1-3 libegl1 libgl1
  libfontconfig1 libxkbcommon0 libxkbcommon-x11-0 libx11-xcb1 libxcb-cursor0 libxcb-icccm4
  libxcb-image0 libxcb-keysyms1 libxcb-randr0 libxcb-render-util0 libxcb-shape0 libxcb-xkb1
  libwayland-cursor0 libwayland-egl1 xvfb xauth"

command -v dpkg >/dev/null 2>&1 || exit 0 # not Debian-like: the platform's own Qt packages apply

missing=""
for pkg in $packages; do
  dpkg -s "$pkg" >/dev/null 2>&1 || missing="$missing $pkg"
done
# A Python 3.11 or later that can make virtual environments is enough, wherever it comes from.
if python3 -c 'import sys, venv, ensurepip; assert sys.version_info >= (3, 11)' 2>/dev/null; then
  missing=$(printf '%s\n' $missing | grep -v -x -e python3 -e python3-venv | tr '\n' ' ')
fi
missing=$(echo $missing)
[ -z "$missing" ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "system-packages: installing $missing"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq --no-install-recommends $missing >/dev/null
  exit $?
fi
echo "system-packages: hexcombat needs these system packages, which are missing: $missing"
echo "system-packages: install them with: sudo apt-get install $missing"
exit 0
