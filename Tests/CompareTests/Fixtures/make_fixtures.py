#!/usr/bin/env python3
"""Generates the image pairs of the Compare tests and records what the reference Python port of
pixelmatch (`pip install pixelmatch`, pure Python) says about them.

Run once from this folder (`python3 make_fixtures.py`); the Swift tests then read the PNGs and
expectations.json and need no Python. Everything is deterministic (fixed seeds, no dates), so
running it again reproduces the same bytes.

Per case the oracle numbers are:
- differentPixels: pixelmatch's return value with the case's options;
- antiAliasedPixels: the pixels over the threshold that pixelmatch called anti-aliasing
  (count with includeAA=True minus count with includeAA=False; 0 when the case includes AA);
- boundingBox: the box of the pixels pixelmatch painted in the diff color, or null;
- diffImage (some cases): pixelmatch's diff output with the case's alpha/colors/mask as a PNG.

cairo_expected.png and cairo_actual.png are not made here: they are frames drawn by the
renderer (Cairo), written by CairoFramesTests (see there); this script only reads them.
"""
import json
import random
import struct
import zlib
from importlib.metadata import version

from pixelmatch import pixelmatch

CASES = []


# ---------------------------------------------------------------------------- PNG writing

def write_png(name, width, height, pixels):
    """8-bit RGBA, unfiltered rows: enough for fixtures, readable by any decoder."""
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
    raw = bytearray()
    for y in range(height):
        raw.append(0)
        raw += bytes(pixels[y * width * 4:(y + 1) * width * 4])
    png = b"\x89PNG\r\n\x1a\n"
    png += chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(bytes(raw), 9))
    png += chunk(b"IEND", b"")
    with open(name, "wb") as f:
        f.write(png)


def read_png(name):
    """8-bit RGB or RGBA, non-interlaced (what the renderer writes) -> Image."""
    with open(name, "rb") as f:
        data = f.read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", name
    position, idat = 8, b""
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color_type, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and color_type in (2, 6) and interlace == 0, (name, depth, color_type, interlace)
        elif kind == b"IDAT":
            idat += body
        position += 12 + length
    channels = 4 if color_type == 6 else 3
    stride = width * channels
    raw = zlib.decompress(idat)
    previous = bytearray(stride)
    image = Image(width, height)
    for y in range(height):
        kind, row = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = row[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                row[i] = (row[i] + left) & 0xFF
            elif kind == 2:
                row[i] = (row[i] + up) & 0xFF
            elif kind == 3:
                row[i] = (row[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                row[i] = (row[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 0xFF
        for x in range(width):
            pixel = row[x * channels:(x + 1) * channels]
            image.set(x, y, tuple(pixel) + ((255,) if channels == 3 else ()))
        previous = row
    return image


# ---------------------------------------------------------------------------- drawing

class Image:
    def __init__(self, width, height, color=(255, 255, 255, 255)):
        self.width, self.height = width, height
        self.pixels = bytearray(color * (width * height))

    def copy(self):
        other = Image(self.width, self.height)
        other.pixels = bytearray(self.pixels)
        return other

    def set(self, x, y, color):
        if 0 <= x < self.width and 0 <= y < self.height:
            i = (y * self.width + x) * 4
            self.pixels[i:i + 4] = bytes(color)

    def get(self, x, y):
        i = (y * self.width + x) * 4
        return tuple(self.pixels[i:i + 4])

    def fill_rect(self, x0, y0, x1, y1, color):
        for y in range(y0, y1):
            for x in range(x0, x1):
                self.set(x, y, color)

    def blend(self, x, y, color, coverage):
        """Source-over of an opaque color with the given coverage onto an opaque pixel."""
        if coverage <= 0:
            return
        r, g, b, a = self.get(x, y)
        mix = lambda s, d: int(round(s * coverage + d * (1 - coverage)))
        self.set(x, y, (mix(color[0], r), mix(color[1], g), mix(color[2], b), 255))

    def coverage_fill(self, inside, color, samples=4):
        """Anti-aliased fill of the region `inside(x, y)` by supersampling each pixel."""
        for y in range(self.height):
            for x in range(self.width):
                hits = 0
                for sy in range(samples):
                    for sx in range(samples):
                        if inside(x + (sx + 0.5) / samples, y + (sy + 0.5) / samples):
                            hits += 1
                self.blend(x, y, color, hits / (samples * samples))


def circle(cx, cy, r):
    return lambda x, y: (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def thick_line(x0, y0, x1, y1, half_width):
    dx, dy = x1 - x0, y1 - y0
    length = (dx * dx + dy * dy) ** 0.5

    def inside(x, y):
        t = ((x - x0) * dx + (y - y0) * dy) / (length * length)
        if t < 0 or t > 1:
            return False
        px, py = x0 + t * dx, y0 + t * dy
        return (x - px) ** 2 + (y - py) ** 2 <= half_width * half_width
    return inside


# ---------------------------------------------------------------------------- oracle

def run(a, b, **options):
    output = [0] * len(a.pixels)
    count = pixelmatch(list(a.pixels), list(b.pixels), a.width, a.height, output, **options)
    return count, output


def add_case(name, a, b, threshold=0.1, include_aa=False, diff_image=None):
    """Records one comparison. `diff_image` = dict of alpha/aa_color/diff_color/diff_mask when the
    case also checks pixelmatch's diff output."""
    assert (a.width, a.height) == (b.width, b.height)
    expected_file, actual_file = f"{name}_expected.png", f"{name}_actual.png"
    write_png(expected_file, a.width, a.height, a.pixels)
    write_png(actual_file, b.width, b.height, b.pixels)
    add_comparison(name, expected_file, actual_file, a, b, threshold, include_aa, diff_image)


def add_comparison(name, expected_file, actual_file, a, b, threshold=0.1, include_aa=False, diff_image=None):
    count, output = run(a, b, threshold=threshold, includeAA=include_aa)
    with_aa, _ = run(a, b, threshold=threshold, includeAA=True)
    red = [i // 4 for i in range(0, len(output), 4) if tuple(output[i:i + 4]) == (255, 0, 0, 255)]
    assert len(red) == count, (name, len(red), count)
    box = None
    if red:
        xs = [p % a.width for p in red]
        ys = [p // a.width for p in red]
        box = {"x": min(xs), "y": min(ys), "width": max(xs) - min(xs) + 1, "height": max(ys) - min(ys) + 1}
    case = {
        "name": name, "expected": expected_file, "actual": actual_file,
        "width": a.width, "height": a.height,
        "threshold": threshold, "includeAA": include_aa,
        "differentPixels": count,
        "antiAliasedPixels": 0 if include_aa else with_aa - count,
        "boundingBox": box,
    }
    if diff_image is not None:
        options = {"alpha": 0.1, "aa_color": (255, 255, 0), "diff_color": (255, 0, 0), "diff_mask": False}
        options.update(diff_image)
        count2, output = run(a, b, threshold=threshold, includeAA=include_aa, **options)
        assert count2 == count
        diff_file = f"{name}_diff.png"
        write_png(diff_file, a.width, a.height, output)
        case["diffImage"] = {"file": diff_file, "alpha": options["alpha"],
                             "aaColor": list(options["aa_color"]), "diffColor": list(options["diff_color"]),
                             "diffMask": options["diff_mask"]}
    CASES.append(case)


# ---------------------------------------------------------------------------- the pairs

def scene(width=64, height=48, offset=(0.0, 0.0), background=(255, 255, 255, 255)):
    """A small UI-like frame: a card, an anti-aliased disc and a diagonal bar."""
    img = Image(width, height, background)
    dx, dy = offset
    img.fill_rect(4, 4, 28, 20, (40, 120, 220, 255))
    img.coverage_fill(circle(44 + dx, 26 + dy, 11.3), (230, 60, 50))
    img.coverage_fill(thick_line(6 + dx, 40 + dy, 30 + dx, 28 + dy, 1.6), (20, 20, 20))
    return img


def main():
    rng = random.Random(20240611)

    # Identical frames: the fast path, and a diff image that is all grey.
    base = scene()
    add_case("identical", base, base.copy(), diff_image={})

    # A solid card moved 2 px right: real differences along two edges.
    a = Image(64, 48)
    a.fill_rect(10, 12, 34, 30, (30, 160, 90, 255))
    b = Image(64, 48)
    b.fill_rect(12, 12, 36, 30, (30, 160, 90, 255))
    add_case("shifted_card", a, b, diff_image={})

    # Anti-aliased shapes moved by a sub-pixel amount: mostly AA, some real differences.
    add_case("aa_subpixel_shift", scene(), scene(offset=(0.5, 0.25)), diff_image={})
    add_comparison("aa_subpixel_shift_includeAA", "aa_subpixel_shift_expected.png",
                   "aa_subpixel_shift_actual.png", scene(), scene(offset=(0.5, 0.25)), include_aa=True)
    add_case("aa_moved_disc", scene(), scene(offset=(3.0, 2.0)))
    add_comparison("aa_moved_disc_includeAA", "aa_moved_disc_expected.png", "aa_moved_disc_actual.png",
                   scene(), scene(offset=(3.0, 2.0)), include_aa=True)

    # Subtle colour changes on either side of the default threshold: a grey step of 26 gives
    # delta 341.6 < 352.15 (35215 x 0.1^2), a step of 27 gives 368.4 > 352.15.
    a = Image(48, 32, (128, 128, 128, 255))
    below = a.copy()
    below.fill_rect(8, 8, 40, 24, (154, 154, 154, 255))
    above = a.copy()
    above.fill_rect(8, 8, 40, 24, (155, 155, 155, 255))
    add_case("subtle_below_threshold", a, below)
    add_case("subtle_above_threshold", a, above)
    add_comparison("subtle_above_threshold_0.2", "subtle_above_threshold_expected.png",
                   "subtle_above_threshold_actual.png", a, above, threshold=0.2)
    add_comparison("subtle_below_threshold_0", "subtle_below_threshold_expected.png",
                   "subtle_below_threshold_actual.png", a, below, threshold=0.0)
    # A hue change at constant-ish brightness: I and Q matter, not only Y.
    hue = Image(48, 32, (200, 60, 60, 255))
    hue_b = hue.copy()
    hue_b.fill_rect(0, 0, 48, 16, (60, 120, 60, 255))
    add_case("hue_change", hue, hue_b, threshold=0.05)

    # Semi-transparent pixels are blended over white: transparent pixels of different colours
    # are equal, an alpha change is a difference, a translucent colour change may or may not be.
    a = Image(48, 32, (0, 0, 0, 0))
    b = Image(48, 32, (255, 0, 255, 0))
    for x in range(48):
        for y in range(32):
            alpha = (x * 255) // 47
            a.set(x, y, (20, 40, 200, alpha))
            b.set(x, y, (20, 40, 200, alpha) if y < 8 else
                  (20, 40, 200, max(0, alpha - 40)) if y < 16 else
                  (200, 40, 20, alpha) if y < 24 else
                  (0, 0, 0, 0) if x < 12 else (20, 40, 200, alpha))
    for x in range(0, 12):
        for y in range(24, 32):
            a.set(x, y, (x * 20, y * 7, 90, 0))
    add_case("semi_transparent", a, b,
             diff_image={"alpha": 0.5, "aa_color": (0, 128, 255), "diff_color": (255, 0, 255)})
    add_comparison("semi_transparent_includeAA", "semi_transparent_expected.png",
                   "semi_transparent_actual.png", a, b, include_aa=True)

    # Blocky noise of a few colours with scattered changes: many equal neighbours, ties between
    # equally dark or bright neighbours, differences on the borders and in the corners.
    palette = [(255, 255, 255, 255), (0, 0, 0, 255), (128, 128, 128, 255), (200, 30, 30, 255), (60, 60, 60, 255)]
    a = Image(40, 30)
    for y in range(30):
        for x in range(40):
            a.set(x, y, palette[rng.randrange(len(palette))] if rng.random() < 0.35 else palette[(x // 5 + y // 4) % 3])
    b = a.copy()
    for _ in range(160):
        b.set(rng.randrange(40), rng.randrange(30), palette[rng.randrange(len(palette))])
    for x, y in [(0, 0), (39, 0), (0, 29), (39, 29), (20, 0), (0, 15)]:
        b.set(x, y, (90, 200, 90, 255))
    add_case("block_noise", a, b, diff_image={"diff_mask": True})
    add_comparison("block_noise_includeAA", "block_noise_expected.png", "block_noise_actual.png", a, b, include_aa=True)

    # Smooth gradients with small random changes: brightness ties are rare, AA checks go deep.
    a = Image(37, 23)
    b = Image(37, 23)
    for y in range(23):
        for x in range(37):
            v = (x * 7 + y * 3) % 256
            a.set(x, y, (v, 255 - v, (x * y) % 256, 255))
            w = min(255, max(0, v + rng.choice([0, 0, 0, 40, -40, 90])))
            b.set(x, y, (w, 255 - v, (x * y) % 256, 255))
    add_case("gradient_noise", a, b, threshold=0.1)
    add_comparison("gradient_noise_includeAA", "gradient_noise_expected.png", "gradient_noise_actual.png",
                   a, b, include_aa=True)

    # Degenerate shapes: a single row and a single column.
    a = Image(9, 1)
    b = Image(9, 1)
    for x in range(9):
        a.set(x, 0, (x * 30, x * 30, x * 30, 255))
        b.set(x, 0, (x * 30, x * 30, x * 30, 255) if x % 3 else (255 - x * 30, 0, 0, 255))
    add_case("single_row", a, b)
    a = Image(1, 7)
    b = Image(1, 7, (0, 0, 0, 255))
    add_case("single_column", a, b)

    # Frames drawn by the renderer (Cairo's anti-aliasing), read back from the committed PNGs.
    a, b = read_png("cairo_expected.png"), read_png("cairo_actual.png")
    add_comparison("cairo_shift", "cairo_expected.png", "cairo_actual.png", a, b)
    add_comparison("cairo_shift_includeAA", "cairo_expected.png", "cairo_actual.png", a, b, include_aa=True)
    add_comparison("cairo_shift_threshold_0.05", "cairo_expected.png", "cairo_actual.png", a, b, threshold=0.05)

    with open("expectations.json", "w") as f:
        json.dump({"oracle": f"pixelmatch {version('pixelmatch')} (Python)", "cases": CASES}, f, indent=2)
        f.write("\n")
    for case in CASES:
        print(f"{case['name']:32} {case['width']}x{case['height']} diff={case['differentPixels']} "
              f"aa={case['antiAliasedPixels']} box={case['boundingBox']}")


if __name__ == "__main__":
    main()
