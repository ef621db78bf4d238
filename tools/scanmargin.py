#!/usr/bin/env python3
"""Scan's margin: how often a phone reads the Scan screen's code, per panel, distance and preview.

    python3 tools/scanmargin.py [--frames N] [--json PATH]      (prints the table as Markdown)

The two largest codes the board makes (a 6-player Hecht game with 8-letter names and a page
address: the page link with the whole record, 302 bytes; a 2-player Hecht game with 8-letter
names and a date: the BG Stats link, 309 bytes; both version 11, 61 modules) are drawn as the
Scan screen draws them (the firmware's own fishtable.ui.scan and qr) and photographed by a model
of a phone's scanner: its preview stream (1920x1080 or 1280x720) through a lens of 70 degrees
horizontal field of view, at 10, 15 and 25 cm from a 128x64 panel of 0.96, 1.3 or 2.42 inches
diagonal (pixel pitch = diagonal / 143.1 pixels: 0.17, 0.23, 0.43 mm).  Each frame (seeded: the same table every run):

- the lit pixels as squares of 7/8 of the pitch (the OLED's dark gap), the dark glass around;
- sensor pixels integrating the picture (area average) at a random sub-pixel phase;
- tilted 2-5 degrees in the picture plane and up to 4 % askew (the phone not quite parallel);
- glare: on half the frames a soft bright patch of 20-70 grey levels (a lamp's reflection);
- blur: Gaussian, sigma 0.5-1.5 camera pixels (0.8-2.0 at 10 cm, where most phones' main camera
  is at the edge of its focus range);
- sensor noise: Gaussian, sigma 4-10 grey levels (a preview after the phone's denoising).

zxing-cpp (PyPI) reads each frame; a frame counts as read when it gives exactly the payload.
The table (docs/scan.md) is the share read per cell; `make soak` writes it (tools/soak.py);
host_tests/test_scan_margin.py runs a small sample.
"""

import argparse
import json
import math
import os
import random
import sys

import bootstrap  # noqa: F401 - firmware/ on sys.path

PANELS = (0.96, 1.3, 2.42)  # diagonal, inches: the SSD1306's, the SH1106's, the SSD1309's usual modules
DISTANCES = (10, 15, 25)  # cm
PREVIEWS = ((1920, 1080), (1280, 720))
FOV = 70.0  # degrees, horizontal: a phone's usual main camera
SUB = 8  # sharp picture: sub-pixels a panel pixel
BORDER = 6  # panel pixels of dark glass drawn around the picture
LIT, DARK = 205, 12  # grey levels of a lit pixel and of the dark glass in the photograph
PAGE = "https://someone.github.io/fishtable/"
NAMES = ("Annalena", "Benedikt", "Cornelia", "Dietrich", "Eleonore", "Friedhel")


def pitch_mm(diagonal):
    """The pixel pitch of a 128x64 panel of `diagonal` inches (square pixels)."""
    return diagonal * 25.4 / math.hypot(128, 64)


def camera_pixels(diagonal, distance_cm, width_px, fov=FOV):
    """Camera pixels a panel pixel spans at `distance_cm` on a preview `width_px` wide."""
    field_mm = 2 * distance_cm * 10 * math.tan(math.radians(fov / 2))
    return pitch_mm(diagonal) / (field_mm / width_px)


def largest_codes():
    """[(label, kind, payload)] of the two largest codes, made by the board's own code."""
    from fishtable.core.record import read_text
    from fishtable.ui import share

    root = bootstrap.ROOT
    out = []
    for label, record, players, page, date, played in (
            ("Hecht 6 players, page link", "hecht-6p.fish", 6, PAGE, None, None),
            ("Hecht 2 players, BG Stats", "hecht-2p.fish", 2, None, "2026-12-01T19:05", 42)):
        with open(os.path.join(root, "records", record)) as f:
            lines = f.read().split("\n")
        at = next(i for i, line in enumerate(lines) if line.startswith("start "))
        lines.insert(at + 1, "names " + " ".join(NAMES[:players]))
        kind, data = share.payload(read_text("\n".join(lines)), page, date, played)
        out.append((label, kind, data.decode()))
    return out


def scan_frame(kind, payload):
    """The Scan screen's frame (1024 bytes, MONO_VLSB) showing `payload`'s code."""
    import devices

    devices.install()
    import framebuf

    from fishtable.ui import draw, qr
    from fishtable.ui.scan import Scan

    buf = bytearray(1024)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    screen = Scan(None)
    screen.show(kind, qr.make(payload.encode()))
    draw.begin(fb)
    screen.draw(None, fb)
    return bytes(buf)


def sharp_picture(glass):
    """The panel as a sharp picture, SUB sub-pixels a panel pixel: lit squares with a dark gap."""
    from PIL import Image

    width, height = (128 + 2 * BORDER) * SUB, (64 + 2 * BORDER) * SUB
    picture = Image.new("L", (width, height), DARK)
    lit = Image.new("L", (SUB - 1, SUB - 1), LIT)
    for y in range(64):
        page = (y >> 3) * 128
        bit = 1 << (y & 7)
        for x in range(128):
            if glass[page + x] & bit:
                picture.paste(lit, ((BORDER + x) * SUB, (BORDER + y) * SUB))
    return picture


def photograph(picture, scale, rng, near=False):
    """`picture` (sharp_picture) as the phone's preview sees it: `scale` camera pixels a panel pixel."""
    from PIL import Image, ImageChops, ImageFilter

    dx, dy = rng.randrange(SUB), rng.randrange(SUB)  # the sensor grid's phase
    w, h = picture.size
    shifted = Image.new("L", (w + SUB, h + SUB), DARK)
    shifted.paste(picture, (dx, dy))
    size = (max(8, round(shifted.size[0] * scale / SUB)), max(4, round(shifted.size[1] * scale / SUB)))
    image = shifted.resize(size, Image.BOX)  # each sensor pixel: the light falling on it
    tilt = rng.uniform(2.0, 5.0) * rng.choice((-1, 1))
    image = image.rotate(tilt, resample=Image.BICUBIC, expand=True, fillcolor=DARK)
    w, h = image.size
    skew = 0.04 * w
    quad = (rng.uniform(0, skew), rng.uniform(0, skew), rng.uniform(0, skew), h - rng.uniform(0, skew),
            w - rng.uniform(0, skew), h - rng.uniform(0, skew), w - rng.uniform(0, skew), rng.uniform(0, skew))
    image = image.transform((w, h), Image.QUAD, quad, resample=Image.BICUBIC, fillcolor=DARK)
    pad = max(16, w // 6)  # the scanner sees the table around the panel too
    framed = Image.new("L", (w + 2 * pad, h + 2 * pad), DARK)
    framed.paste(image, (pad, pad))
    image = framed
    w, h = image.size
    if rng.random() < 0.5:  # glare: a lamp reflected in the glass
        radius = max(4, int(rng.uniform(0.15, 0.4) * w))
        strength = rng.uniform(20, 70)
        blob = Image.radial_gradient("L").point(lambda v: int(max(0, 255 - v * 1.4) * strength / 255))
        blob = blob.resize((2 * radius, 2 * radius), Image.BILINEAR)
        glare = Image.new("L", (w, h), 0)
        glare.paste(blob, (int(rng.uniform(0, w)) - radius, int(rng.uniform(0, h)) - radius))
        image = ImageChops.add(image, glare)
    sigma = rng.uniform(0.8, 2.0) if near else rng.uniform(0.5, 1.5)
    image = image.filter(ImageFilter.GaussianBlur(sigma))
    return ImageChops.add(image, sensor_noise((w, h), rng.uniform(4, 10), rng), 1.0, -128)


NOISE_TILE = 509  # pixels square (a prime: the tiling does not line up with the code's modules)
_NOISE = []


def sensor_noise(size, sigma, rng):
    """Gaussian noise of `sigma` grey levels around 128, the same for the same `rng` state (PIL's
    own effect_noise is not seeded): a crop at a random offset of a seeded tile, repeated."""
    from PIL import Image

    if not _NOISE:
        gauss = random.Random(1906).gauss
        data = bytes(max(0, min(255, int(128.5 + 32 * gauss(0, 1)))) for _ in range(NOISE_TILE * NOISE_TILE))
        _NOISE.append(Image.frombytes("L", (NOISE_TILE, NOISE_TILE), data))  # sigma 32
    tile = _NOISE[0]
    w, h = size
    canvas = Image.new("L", (w + NOISE_TILE, h + NOISE_TILE))
    for y in range(0, h + NOISE_TILE, NOISE_TILE):
        for x in range(0, w + NOISE_TILE, NOISE_TILE):
            canvas.paste(tile, (x, y))
    dx, dy = rng.randrange(NOISE_TILE), rng.randrange(NOISE_TILE)
    return canvas.crop((dx, dy, dx + w, dy + h)).point(lambda v: int(128.5 + (v - 128) * sigma / 32))


def read_share(picture, payload, scale, frames, rng, near=False):
    """How many of `frames` photographs of `picture` zxing-cpp reads as exactly `payload`."""
    import zxingcpp

    read = 0
    for _ in range(frames):
        image = photograph(picture, scale, rng, near)
        found = [r.text for r in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)]
        read += found == [payload]
    return read


def table(frames=10, panels=PANELS, distances=DISTANCES, previews=PREVIEWS, seed=39, codes=None):
    """[{panel, pitch_mm, distance_cm, preview, camera_px, read, frames}] over the cells asked for;
    each cell photographs each of the largest codes `frames` times."""
    if codes is None:
        codes = largest_codes()
    pictures = [(sharp_picture(scan_frame(kind, payload)), payload) for _label, kind, payload in codes]
    rows = []
    for diagonal in panels:
        for distance in distances:
            for width, height in previews:
                scale = camera_pixels(diagonal, distance, width)
                rng = random.Random("%s %s %s %s" % (seed, diagonal, distance, width))
                read = sum(read_share(picture, payload, scale, frames, rng, near=distance <= 10)
                           for picture, payload in pictures)
                rows.append({"panel": diagonal, "pitch_mm": round(pitch_mm(diagonal), 3), "distance_cm": distance,
                             "preview": "%dx%d" % (width, height), "camera_px": round(scale, 2), "read": read,
                             "frames": frames * len(pictures)})
    return rows


def markdown(rows):
    """The table as docs/scan.md gives it: a row per panel and distance, a column per preview."""
    previews = []
    for row in rows:
        if row["preview"] not in previews:
            previews.append(row["preview"])
    head = "| panel (pixel) | distance | " + " | ".join("%s preview" % p for p in previews) + " |"
    out = [head, "| --- | --- | " + " | ".join("---" for _ in previews) + " |"]
    cells = {}
    for row in rows:
        cells.setdefault((row["panel"], row["pitch_mm"], row["distance_cm"]), []).append(row)
    for (panel, pitch, distance), found in cells.items():
        parts = ["%d%% (%.1f px)" % (round(100 * r["read"] / r["frames"]), r["camera_px"]) for r in found]
        out.append("| %s\" (%.2f mm) | %d cm | %s |" % (panel, pitch, distance, " | ".join(parts)))
    return "\n".join(out)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--frames", type=int, default=20, help="photographs of each code per cell (default 20)")
    parser.add_argument("--json", help="also write the rows as JSON to this file")
    args = parser.parse_args(argv)
    codes = largest_codes()
    for label, kind, payload in codes:
        print("%s: %s, %d bytes" % (label, kind, len(payload)))
    rows = table(args.frames, codes=codes)
    print(markdown(rows))
    if args.json:
        os.makedirs(os.path.dirname(os.path.abspath(args.json)), exist_ok=True)
        with open(args.json, "w") as f:
            json.dump({"codes": [[label, kind, len(payload)] for label, kind, payload in codes], "rows": rows}, f,
                      indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
