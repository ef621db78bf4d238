#!/usr/bin/env python3
"""Make the README's screenshots (docs/screens/*.png) with the simulator's scripted mode, and
a contact sheet of them all (docs/screens/all.png).

    python3 tools/screens.py [OUT_DIR]

Each picture is the final frame of a short key script run by `tools/sim.py --keys`; the
scripts are recorded by playing through the app in-process (simlib/rig.py), so they stay right
when the menus change.  `contact_sheet()` lays out any number of frames (the panel's glass and
the ring) with captions in one picture.
"""

import os
import random
import shutil
import sys
import tempfile

import bootstrap
import sim
from simlib.rig import BACK, NEXT, OK, Rig

TOOLS = bootstrap.TOOLS
ROOT = bootstrap.ROOT

SEED = 7


def _yofish(rig):
    rig.menu("New Yo Fish!")
    rig.choose(3)
    rig.press(OK, 3)
    rig.choose(1)
    rig.choose(0)
    rig.press(BACK)  # skip the set-up checklist
    for v, m in ((7, 0), (4, 2), (9, 1), (3, 0)):
        rig.choose("Place")
        rig.choose(v)
        rig.choose(m)
    rig.choose("Cover")
    rig.choose(11)
    rig.press(NEXT, 0)


def _hifisch(rig):
    rig.menu("New Hi Fisch!")
    rig.choose(3)
    rig.press(OK, 3)
    rig.choose(1)
    rig.press(BACK)  # skip the set-up checklist
    for stmt, n in ((("fish", False), 23), (("shark", True), None), (("fish", False), 18), (("fish", False), 16)):
        rig.choose(stmt)
        if n:
            rig.choose(n)
    rig.press(OK)


def _hecht(rig):
    rig.menu("New Hecht")
    rig.choose(3)
    rig.press(OK, 3)  # the seats' own pike colours
    rig.choose(2)
    rig.press(OK)
    rig.press(BACK)  # skip the set-up checklist
    for stmt in (("action", "snail"), ("end",), ("action", "snail"), ("end",), ("action", "wave")):
        rig.choose(stmt)


def _game_over(rig):
    rig.menu("New Yo Fish!")
    rig.choose(3)
    rig.press(OK, 3)
    rig.choose(1)
    rig.choose(0)
    rig.press(BACK)  # skip the set-up checklist
    rng = random.Random(SEED)
    while rig.app.match is not None:
        rig.choose("Place")
        rig.choose(rng.randint(1, 12))
        rig.choose(rng.randint(0, 1))


def _game_menu(rig):
    _yofish(rig)
    rig.press(BACK, 3)


def _dice(rig):
    rig.menu("Dice")
    rig.press(NEXT)
    rig.press(OK)


def _type(rig, name):
    for ch in name:
        rig.choose(ch)


def _add_players(rig, names):
    rig.menu("Players")
    for name in names:
        rig.menu("Add player")
        _type(rig, name)
        rig.choose("Done")


def _players(rig):
    _add_players(rig, ("Anna", "Bob"))
    rig.menu("Add player")
    _type(rig, "Cy")  # the letter picker, half way through a name


def _stats(rig):
    _add_players(rig, ("Anna", "Bob"))
    rig.press(BACK)
    for _ in range(2):
        rig.menu("New Yo Fish!")
        if type(rig.top()).__name__ == "LastSeats":
            rig.press(BACK)  # not the same players as last time: new seats
        rig.choose(3)
        for name in ("Bob", "Guest", "Anna") if _ else ("Anna", "Bob", "Guest"):
            rig.choose(name)
            rig.press(OK)
        rig.choose(1)
        rig.choose(0)
        rng = random.Random(SEED + _)
        while rig.app.match is not None:
            if rig.app.match.game.awaiting_hidden():
                if rig.ask().prompt == "Hidden bonus of":
                    rig.choose(rig.offered()[0])
                rig.choose(rng.randint(0, 6))
                continue
            rig.choose("Place")
            rig.choose(rng.randint(1, 12))
            rig.choose(rng.randint(0, 1))
        rig.press(OK)
    rig.menu("Stats")
    rig.menu("Yo Fish!")
    rig.press(NEXT)


# -- the contact sheet: many frames with captions in one PNG ---------------------------------
SHEET_SCALE = 2  # OLED pixels -> sheet pixels
SHEET_COLUMNS = 4
PAD = 12
CAPTION = 16  # pixels below a frame for its caption
RING_DOT = 8  # the ring under a frame: one dot an LED
HEADING = 24
PAPER = (24, 26, 32)
INK = (220, 224, 232)
BEZEL = (70, 74, 84)


def oled_image(glass, scale=SHEET_SCALE):
    """The panel's glass (1024 bytes, MONO_VLSB) as an RGB image in the simulator's colours."""
    from PIL import Image

    pixels = bytes(255 * ((glass[(y >> 3) * sim.W + x] >> (y & 7)) & 1) for y in range(sim.H) for x in range(sim.W))
    mask = Image.frombytes("L", (sim.W, sim.H), pixels)
    image = Image.new("RGB", (sim.W, sim.H), sim.OFF)
    image.paste(sim.ON, (0, 0), mask)
    return image.resize((sim.W * scale, sim.H * scale), Image.NEAREST)


def _fit(draw, text, font, width):
    """`text` cut (with "...") to `width` pixels."""
    if draw.textlength(text, font=font) <= width:
        return text
    while text and draw.textlength(text + "...", font=font) > width:
        text = text[:-1]
    return text + "..."


def contact_sheet(cells, columns=SHEET_COLUMNS, scale=SHEET_SCALE, title=None):
    """One picture of many frames: `cells` is a list of (caption, glass) or (caption, glass, ring)
    (glass: 1024 bytes as the panel shows them; ring: 3 bytes an LED, as the board drives them,
    drawn as a person sees them), and (heading, None) to start a new row under a heading (e.g.
    a game's name).  Returns a PIL image (RGB)."""
    from PIL import Image, ImageDraw, ImageFont

    font = ImageFont.load_default()
    frame_w, frame_h = sim.W * scale, sim.H * scale
    cell_w = frame_w + 2 * PAD
    cell_h = frame_h + RING_DOT + 4 + CAPTION + 2 * PAD
    # place every cell: a heading starts a new row (and takes a band of its own)
    placed = []
    col = 0
    y = HEADING if title else 0
    for cell in cells:
        if cell[1] is None:
            if col:
                y += cell_h
                col = 0
            placed.append((cell, 0, y))
            y += HEADING
            continue
        if col == columns:
            y += cell_h
            col = 0
        placed.append((cell, col * cell_w, y))
        col += 1
    height = y + (cell_h if col else 0)
    sheet = Image.new("RGB", (columns * cell_w, max(height, 1)), PAPER)
    pen = ImageDraw.Draw(sheet)
    if title:
        pen.text((PAD, 6), title, fill=INK, font=font)
    for cell, x, y in placed:
        if cell[1] is None:
            pen.text((PAD, y + 6), cell[0], fill=INK, font=font)
            pen.line((PAD, y + HEADING - 3, columns * cell_w - PAD, y + HEADING - 3), fill=BEZEL)
            continue
        fx, fy = x + PAD, y + PAD
        pen.rectangle((fx - 2, fy - 2, fx + frame_w + 1, fy + frame_h + 1), outline=BEZEL)
        sheet.paste(oled_image(cell[1], scale), (fx, fy))
        ring = cell[2] if len(cell) > 2 else None
        if ring:
            for i in range(len(ring) // 3):
                rgb = tuple(ring[3 * i:3 * i + 3])
                dx = fx + i * (RING_DOT + 2)
                if dx + RING_DOT > fx + frame_w:
                    break
                box = (dx, fy + frame_h + 4, dx + RING_DOT - 1, fy + frame_h + 3 + RING_DOT)
                if any(rgb):
                    pen.ellipse(box, fill=sim.perceived(*rgb))
                else:
                    pen.ellipse(box, outline=BEZEL)
        pen.text((fx, fy + frame_h + RING_DOT + 6), _fit(pen, cell[0], font, frame_w), fill=INK, font=font)
    return sheet


def write_contact_sheet(cells, path, **kw):
    """contact_sheet(cells, ...) written as a PNG to `path`; returns the path."""
    folder = os.path.dirname(path)
    if folder:
        os.makedirs(folder, exist_ok=True)
    contact_sheet(cells, **kw).save(path, optimize=True)
    return path


def rig_ring(rig):
    """The ring's last written colours on a Rig, 3 bytes an LED."""
    frames = rig.pixels.frames
    return bytes(c for rgb in frames[-1] for c in rgb) if frames else bytes(3 * rig.pixels.n)


def _start_rule(rig):
    rig.menu("New Hi Fisch!")
    rig.choose(3)
    rig.press(OK, 3)


def _checklist(rig):
    rig.menu("New Hecht")
    rig.choose(4)
    rig.choose(2)
    rig.press(OK)
    rig.press(OK, 3)


def _help(rig):
    _hecht(rig)
    rig.press(BACK)
    rig.press(NEXT, 2)
    rig.press(OK)
    rig.press(NEXT, 2)


SHOTS = {
    "main_menu": lambda rig: None,
    "start_rule": _start_rule,
    "checklist": _checklist,
    "help": _help,
    "yofish_cover": _yofish,
    "hifisch_scoring": _hifisch,
    "hecht_play": _hecht,
    "scoreboard": _game_menu,
    "game_over": _game_over,
    "dice": _dice,
    "players": _players,
    "stats": _stats,
}


def main(argv):
    out = argv[0] if argv else os.path.join(ROOT, "docs", "screens")
    os.makedirs(out, exist_ok=True)
    tmp = tempfile.mkdtemp()
    cells = []
    try:
        only = argv[1:]  # names of shots to make (default: all)
        for name, steps in SHOTS.items():
            if only and name not in only:
                continue
            rig = Rig(os.path.join(tmp, name, "rig"), seed=SEED)
            steps(rig)
            cells.append((name, rig.glass(), rig_ring(rig)))
            keys = os.path.join(tmp, name + ".keys")
            with open(keys, "w") as f:
                f.write(rig.script())
            frames = os.path.join(tmp, name, "frames")
            sim.scripted(keys, frames, SEED, False, os.path.join(tmp, name, "flash"), fresh=True)
            shutil.copy(os.path.join(frames, "final.png"), os.path.join(out, name + ".png"))
            print(os.path.join(out, name + ".png"))
        print(write_contact_sheet(cells, os.path.join(out, "all.png"), title="fishtable: every screen"))
    finally:
        shutil.rmtree(tmp)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
