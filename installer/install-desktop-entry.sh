#!/bin/sh
# Add hexcombat to this user's application menu: copies hexcombat.desktop (pointing at the
# program in this folder) to ~/.local/share/applications and the icon to the hicolor theme in
# ~/.local/share/icons. Run it again after moving the folder. Honours XDG_DATA_HOME.
# `install-desktop-entry.sh --remove` takes the entry and the icons out of the menu again.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
if [ "${1:-}" = "--remove" ]; then
  rm -f "$data/applications/hexcombat.desktop" "$data/icons/hicolor/scalable/apps/hexcombat.svg"
  for size in 16 32 48 64 128 256; do
    rm -f "$data/icons/hicolor/${size}x${size}/apps/hexcombat.png"
  done
  if command -v update-desktop-database >/dev/null 2>&1; then
    update-desktop-database "$data/applications" >/dev/null 2>&1 || true
  fi
  echo "hexcombat removed from the application menu"
  exit 0
fi
case $here in
*[\"\`\$\\%]*)
  echo "install-desktop-entry.sh: move hexcombat to a folder whose path has none of \" \` \$ \\ %" >&2
  exit 1
  ;;
esac
test -x "$here/hexcombat" || { echo "install-desktop-entry.sh: no program at $here/hexcombat" >&2; exit 1; }
for size in 16 32 48 64 128 256; do
  dir="$data/icons/hicolor/${size}x${size}/apps"
  mkdir -p "$dir"
  cp "$here/_internal/icons/hexcombat-$size.png" "$dir/hexcombat.png"
done
mkdir -p "$data/icons/hicolor/scalable/apps" "$data/applications"
cp "$here/_internal/icons/hexcombat.svg" "$data/icons/hicolor/scalable/apps/hexcombat.svg"
sed -e "s|^Exec=.*|Exec=\"$here/hexcombat\" %f|" \
  "$here/hexcombat.desktop" >"$data/applications/hexcombat.desktop"
if command -v update-desktop-database >/dev/null 2>&1; then
  update-desktop-database "$data/applications" >/dev/null 2>&1 || true
fi
echo "hexcombat added to the application menu: $data/applications/hexcombat.desktop"
