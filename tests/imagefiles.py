"""Small pictures written by hand for the import tests (no imaging library needed)."""

from __future__ import annotations

import struct


def gif(width: int, height: int) -> bytes:
    """A one-colour GIF of the given size, written by hand (LZW codes: clear, 0s, end)."""
    header = b"GIF89a" + struct.pack("<HHBBB", width, height, 0x80, 0, 0) + b"\x80\x80\x80" * 2
    image = b"\x2c" + struct.pack("<HHHHB", 0, 0, width, height, 0)
    # minimum code size 2: clear = 4, end = 5; 3-bit codes, a clear before every 4 pixels
    bits, nbits, out = 0, 0, bytearray()
    codes = []
    for i in range(width * height):
        if i % 4 == 0:
            codes.append(4)
        codes.append(0)
    codes.append(5)
    for code in codes:
        bits |= code << nbits
        nbits += 3
        while nbits >= 8:
            out.append(bits & 0xFF)
            bits >>= 8
            nbits -= 8
    if nbits:
        out.append(bits & 0xFF)
    blocks = b"".join(
        bytes([len(out[i : i + 255])]) + out[i : i + 255] for i in range(0, len(out), 255)
    )
    return header + image + b"\x02" + blocks + b"\x00" + b"\x3b"
