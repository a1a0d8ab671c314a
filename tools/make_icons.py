#!/usr/bin/env python3
"""Draw the app icons (two fanned cards, a black spade and a red heart, on the felt green)
and write them as PNG files into web/icons/. Standard library only (zlib + struct).

    python3 tools/make_icons.py            writes web/icons/*.png
    python3 tools/make_icons.py --check    exits 1 if the committed PNGs differ from a fresh draw

The shapes are signed distance functions in a unit square, so the edges are anti-aliased
analytically (coverage = 0.5 - distance in pixels) without supersampling. The files are
indexed-colour PNGs (256-colour palette, alpha in tRNS): about half the size of RGBA ones,
and the icons count towards the app's 300 KB budget. Output is deterministic: the same
script gives byte-identical files.

Files (referenced by web/manifest.webmanifest and web/index.html):
    icon-192.png            192x192, rounded square with transparent corners (purpose "any")
    icon-512.png            512x512, same drawing
    icon-maskable-512.png   512x512, full-bleed background, drawing inside the 80 % safe circle
    apple-touch-icon.png    180x180, opaque full-bleed (iOS fills transparency with black)
"""
from __future__ import annotations

import argparse
import math
import struct
import sys
import zlib
from collections.abc import Sequence
from pathlib import Path

RGBA = tuple[float, float, float, float]
"""A pixel: red, green, blue, alpha."""

OUT = Path(__file__).resolve().parents[1] / "web" / "icons"

FELT = (0x1F, 0x5E, 0x3A)       # theme colour (index.html theme-color, manifest theme_color)
CARD = (0xFB, 0xFA, 0xF5)
CARD_EDGE = (0xC9, 0xC4, 0xB4)
INK = (0x1B, 0x1B, 0x1B)
RED = (0xC6, 0x28, 0x28)


# --------------------------------------------------------------------------- geometry

def rotate(x: float, y: float, degrees: float) -> tuple[float, float]:
    """Rotate a point by -degrees (i.e. into the frame of a shape rotated by +degrees)."""
    a = math.radians(-degrees)
    c, s = math.cos(a), math.sin(a)
    return x * c - y * s, x * s + y * c


def sd_round_box(x: float, y: float, hw: float, hh: float, r: float) -> float:
    """Signed distance to an axis-aligned rounded box centred at the origin."""
    qx, qy = abs(x) - (hw - r), abs(y) - (hh - r)
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
    return outside + min(max(qx, qy), 0.0) - r


def sd_circle(x: float, y: float, cx: float, cy: float, r: float) -> float:
    return math.hypot(x - cx, y - cy) - r


def sd_polygon(x: float, y: float, points: Sequence[tuple[float, float]]) -> float:
    """Signed distance to a simple polygon (iq's formula; negative inside)."""
    px, py = points[0]
    d = (x - px) ** 2 + (y - py) ** 2
    sign = 1.0
    j = len(points) - 1
    for i in range(len(points)):
        vix, viy = points[i]
        vjx, vjy = points[j]
        ex, ey = vjx - vix, vjy - viy
        wx, wy = x - vix, y - viy
        t = max(0.0, min(1.0, (wx * ex + wy * ey) / (ex * ex + ey * ey)))
        bx, by = wx - ex * t, wy - ey * t
        d = min(d, bx * bx + by * by)
        c1, c2, c3 = y >= viy, y < vjy, ex * wy > ey * wx
        if (c1 and c2 and c3) or (not c1 and not c2 and not c3):
            sign = -sign
        j = i
    return sign * math.sqrt(d)


def _heart_points(a: float, b: float, r: float, tip: float) -> tuple[float, float]:
    """Tangent points from the tip (0, tip) to the lobes (+-a, -b) of radius r (right one)."""
    dx, dy = a, -b - tip                 # from the tip to the right lobe's centre
    dist = math.hypot(dx, dy)
    angle = math.atan2(dy, dx) + math.asin(r / dist)   # the outer tangent, on the right
    length = math.sqrt(dist * dist - r * r)
    return (length * math.cos(angle), tip + length * math.sin(angle))


HEART_A, HEART_B, HEART_R, HEART_TIP = 0.25, 0.12, 0.27, 0.5
_HX, _HY = _heart_points(HEART_A, HEART_B, HEART_R, HEART_TIP)


def sd_heart(x: float, y: float, k: float) -> float:
    """A heart of size k centred at the origin (y grows downwards): two round lobes and the
    triangle tangent to both, so the outline has no corners except the tip."""
    x, y = x / k, y / k
    lobes = min(sd_circle(x, y, HEART_A, -HEART_B, HEART_R), sd_circle(x, y, -HEART_A, -HEART_B, HEART_R))
    # A convex pentagon: the tip, both tangent points and both lobe centres. Its edges between
    # the tangent points run inside the lobes, so the union has no seams.
    body = sd_polygon(x, y, ((0.0, HEART_TIP), (_HX, _HY), (HEART_A, -HEART_B),
                             (-HEART_A, -HEART_B), (-_HX, _HY)))
    return min(lobes, body) * k


def sd_spade(x: float, y: float, k: float) -> float:
    """A spade: an upside-down heart plus a flared stem."""
    body = sd_heart(x, -(y - 0.02 * k), k * 0.92)
    stem = sd_polygon(x / k, y / k, ((0.0, 0.16), (0.17, 0.48), (-0.17, 0.48))) * k
    return min(body, stem)


# --------------------------------------------------------------------------- drawing

def coverage(d_pixels: float) -> float:
    """Anti-aliased coverage of a pixel whose centre is d_pixels outside the shape."""
    return max(0.0, min(1.0, 0.5 - d_pixels))


def over(dst: RGBA, color: Sequence[float], alpha: float) -> RGBA:
    """Composite a straight-alpha colour over a premultiplied RGBA pixel."""
    if alpha <= 0.0:
        return dst
    r, g, b, a = dst
    inv = 1.0 - alpha
    return (color[0] * alpha + r * inv, color[1] * alpha + g * inv, color[2] * alpha + b * inv,
            alpha + a * inv)


CARDS = (  # (centre x, centre y, rotation degrees, symbol) in the content frame
    (-0.115, 0.02, -13.0, "spade"),
    (0.125, 0.0, 11.0, "heart"),
)
CARD_HW, CARD_HH, CARD_R = 0.205, 0.29, 0.04


def pixel(u: float, v: float, px: float, full_bleed: bool, scale: float) -> RGBA:
    """RGBA (premultiplied, 0..255 floats) of the point (u, v) in [0, 1]^2; px = 1 pixel in u units."""
    rgba = (0.0, 0.0, 0.0, 0.0)
    # Background: the felt, a rounded square (or the full square). Flat: a radial shade cost
    # 25 KB more PNG for the four icons (they count towards the app's 300 KB budget).
    if full_bleed:
        bg = 1.0
    else:
        bg = coverage(sd_round_box(u - 0.5, v - 0.5, 0.5, 0.5, 0.18) / px)
    if bg > 0.0:
        rgba = over(rgba, FELT, bg)
    # Content frame: centred, scaled.
    x, y = (u - 0.5) / scale, (v - 0.5) / scale
    p = px / scale
    for cx, cy, deg, symbol in CARDS:
        # Shadow: the card's distance, shifted down-right and blurred.
        sx, sy = rotate(x - cx - 0.018, y - cy - 0.026, deg)
        ds = sd_round_box(sx, sy, CARD_HW, CARD_HH, CARD_R)
        shadow = max(0.0, min(1.0, 0.5 - ds / 0.03)) * 0.35
        rgba = over(rgba, (0, 0, 0), shadow * bg if not full_bleed else shadow)
        lx, ly = rotate(x - cx, y - cy, deg)
        d = sd_round_box(lx, ly, CARD_HW, CARD_HH, CARD_R)
        if d / p > 1.0:
            continue
        edge_width = max(p * 1.2, 0.006)
        rgba = over(rgba, CARD_EDGE, coverage(d / p))
        rgba = over(rgba, CARD, coverage((d + edge_width) / p))
        if symbol == "heart":
            ds = sd_heart(lx, ly + 0.01, 0.26)
            rgba = over(rgba, RED, coverage(ds / p))
        else:
            ds = sd_spade(lx + 0.055, ly - 0.01, 0.22)
            rgba = over(rgba, INK, coverage(ds / p))
        # Corner index pips: small symbols in the top-left corner.
        small = (sd_heart(lx + 0.145, ly + 0.215, 0.07) if symbol == "heart"
                 else sd_spade(lx + 0.145, ly + 0.225, 0.07))
        rgba = over(rgba, RED if symbol == "heart" else INK, coverage(small / p))
    return rgba


def render(size: int, full_bleed: bool, scale: float) -> list[bytes]:
    """Raw RGBA rows (straight alpha) of the icon."""
    rows = []
    px = 1.0 / size
    for j in range(size):
        row = bytearray()
        v = (j + 0.5) / size
        for i in range(size):
            r, g, b, a = pixel((i + 0.5) / size, v, px, full_bleed, scale)
            if a > 0.0:
                r, g, b = r / a, g / a, b / a
            row += bytes((round(min(255.0, r)), round(min(255.0, g)), round(min(255.0, b)),
                          round(a * 255.0)))
        rows.append(bytes(row))
    return rows


# --------------------------------------------------------------------------- PNG

def png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def quantize(rows: list[bytes], colors: int = 256) -> tuple[list[bytes], list[tuple[int, ...]]]:
    """Indexed rows and an RGBA palette: the most frequent colours (flat areas and the common
    edge shades); every other colour maps to its nearest palette entry. The drawings have few
    flat colours, so this is visually lossless at icon sizes and about halves the files."""
    counts: dict[tuple[int, ...], int] = {}
    pixels = []
    for row in rows:
        line = [tuple(row[i:i + 4]) for i in range(0, len(row), 4)]
        pixels.append(line)
        for px in line:
            counts[px] = counts.get(px, 0) + 1
    palette = sorted(counts, key=lambda c: (-counts[c], c))[:colors]
    index = {c: i for i, c in enumerate(palette)}

    def nearest(c: tuple[int, ...]) -> int:
        return min(range(len(palette)), key=lambda i: sum((a - b) ** 2 for a, b in zip(c, palette[i])))

    for c in counts:
        if c not in index:
            index[c] = nearest(c)
    return [bytes(index[px] for px in line) for line in pixels], palette


def encode_png(rows: list[bytes], opaque: bool) -> bytes:
    """An indexed (palette) PNG; with alpha in tRNS unless opaque."""
    size = len(rows)
    indexed, palette = quantize(rows)
    header = struct.pack(">IIBBBBB", size, size, 8, 3, 0, 0, 0)
    chunks = [png_chunk(b"IHDR", header),
              png_chunk(b"PLTE", b"".join(bytes(c[:3]) for c in palette))]
    if not opaque:
        alphas = bytes(c[3] for c in palette).rstrip(b"\xff")
        if alphas:
            chunks.append(png_chunk(b"tRNS", alphas))
    # Palette indices: no filter (filters do not help with indices).
    raw = b"".join(b"\x00" + line for line in indexed)
    chunks.append(png_chunk(b"IDAT", zlib.compress(raw, 9)))
    return b"\x89PNG\r\n\x1a\n" + b"".join(chunks) + png_chunk(b"IEND", b"")


ICONS = {  # file name: (size, full bleed, content scale)
    "icon-192.png": (192, False, 1.0),
    "icon-512.png": (512, False, 1.0),
    "icon-maskable-512.png": (512, True, 0.78),   # content within the 80 % safe-zone circle
    "apple-touch-icon.png": (180, True, 0.9),
}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="compare with the files in web/icons/")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    stale = []
    for name, (size, full_bleed, scale) in ICONS.items():
        png = encode_png(render(size, full_bleed, scale), opaque=full_bleed)
        path = args.out / name
        if args.check:
            if not path.exists() or path.read_bytes() != png:
                stale.append(name)
            continue
        path.write_bytes(png)
        print(f"{path} ({len(png)} bytes)")
    if stale:
        print("out of date: " + ", ".join(stale) + " (run python3 tools/make_icons.py)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
