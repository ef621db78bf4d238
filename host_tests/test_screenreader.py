"""The screen reader (tools/screenreader.py) reads every name a player can enter: every name of
1 and 2 letters, names of 3 letters (all of them with FISHTABLE_READER_NAMES=all, as `make soak`
runs; a fixed sample of 4,000 otherwise) and 10,000 random names of up to 8 letters, in 8x8 and
2x text, plain and highlighted.  The contact sheet's frames are checked in tools/screens.py.

The frames are composed from the glyphs the firmware draws (framebuf's `text`, `draw.big`): a
glyph set onto the background sets its pixels and leaves the others, so a row of them is the
glyphs' columns OR-ed (plain) or cleared out of a bar (highlighted); a test below proves that
such a frame is the one the firmware's drawing makes."""

import os
import random

import devices
import pytest
from screenreader import Reader

from fishtable.ui import draw
from fishtable.ui.namepick import _LETTERS

devices.install()  # framebuf: MicroPython's own under MicroPython, the firmware's stand-in here
import framebuf  # noqa: E402

_READER = []
STYLES = [(False, False), (False, True), (True, False), (True, True)]  # (2x, highlighted)


def reader():
    if not _READER:
        _READER.append(Reader())
    return _READER[0]


def _glyph_columns(big):
    """Each letter's columns as ints (bit 0 the glyph's top row), as the firmware draws it."""
    size = 16 if big else 8
    buf = bytearray(size * size // 8)
    fb = framebuf.FrameBuffer(buf, size, size, framebuf.MONO_VLSB)
    out = {}
    for ch in _LETTERS + " ":
        fb.fill(0)
        draw.begin(fb)  # a frame of its own (a strict layout check left on by another test sees one letter)
        if big:
            draw.big(fb, ch, 0, 0)
        else:
            fb.text(ch, 0, 0, 1)
        out[ch] = [buf[x] | (buf[size + x] << 8 if big else 0) for x in range(size)]
    return out


_GLYPHS = {}


def glyphs(big):
    if big not in _GLYPHS:
        _GLYPHS[big] = _glyph_columns(big)
    return _GLYPHS[big]


def layout(big, highlighted):
    """(names a row, the rows' top pixels): rows as the screens space them (a bar keeps a clear row)."""
    if big:
        return 1, ([1, 20, 39] if highlighted else [0, 16, 32, 48])
    return 2, ([1, 12, 23, 34, 45] if highlighted else list(range(0, 64, 8)))


def compose(rows, big, highlighted):
    """A frame (1024 bytes, MONO_VLSB) of `rows` (texts from the left edge at the given top pixels)."""
    cols = [0] * 128
    size = 16 if big else 8
    table = glyphs(big)
    for text, y in rows:
        if highlighted:
            bar = ((1 << (size + 2)) - 1) << (y - 1)
            for x in range(128):
                cols[x] |= bar
        x = 0
        for ch in text:
            for c in table[ch]:
                if highlighted:
                    cols[x] &= ~(c << y)
                else:
                    cols[x] |= c << y
                x += 1
    frame = bytearray(1024)
    for x in range(128):
        c = cols[x]
        for page in range(8):
            frame[page * 128 + x] = (c >> (8 * page)) & 255
    return frame


def drawn(rows, big, highlighted):
    """The same frame drawn by the firmware's own calls."""
    buf = bytearray(1024)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    draw.begin(fb)  # a new frame for the layout check (tests run it strict)
    size = 16 if big else 8
    for text, y in rows:
        if highlighted:
            fb.fill_rect(0, y - 1, 128, size + 2, 1)
        if big:
            draw.big(fb, text, 0, y, 0 if highlighted else 1)
        else:
            fb.text(text, 0, y, 0 if highlighted else 1)
    return buf


def misread(names, big, highlighted):
    """The names of `names` the reader does not read back (packed into as few frames as fit)."""
    per, tops = layout(big, highlighted)
    width = 8 if big else 16
    bad = []
    i = 0
    while i < len(names):
        rows = []
        for y in tops:
            row = []
            while i < len(names) and len(row) < per and len(" ".join(row + [names[i]])) <= width:
                row.append(names[i])
                i += 1
            if row:
                rows.append((" ".join(row), y))
        screen = reader().read(compose(rows, big, highlighted))
        want = [text for text, _ in rows]
        got = screen.texts()
        if got != want or (highlighted and screen.highlighted() != want):
            for text, _ in rows:
                for name in text.split(" "):
                    if name not in " ".join(got).split(" "):
                        bad.append(name)
            if not bad:
                bad.append("%r read as %r" % (want, got))
    return bad


def short_names(length):
    if length == 1:
        return list(_LETTERS)
    return [a + b for a in short_names(length - 1) for b in _LETTERS]


def random_names(count, seed=27):
    rng = random.Random(seed)
    return ["".join(rng.choice(_LETTERS) for _ in range(rng.randint(1, 8))) for _ in range(count)]


def test_a_composed_frame_is_the_frame_the_firmware_draws():
    rng = random.Random(5)
    for big, highlighted in STYLES:
        for _ in range(25):
            names = random_names(4, rng.randrange(10 ** 6))
            per, tops = layout(big, highlighted)
            rows = [(name, y) for name, y in zip(names, tops)]
            assert compose(rows, big, highlighted) == drawn(rows, big, highlighted), (rows, big, highlighted)


@pytest.mark.parametrize("big,highlighted", STYLES)
def test_the_names_of_2x_ann_ida_and_zoe_are_read(big, highlighted):
    for name in ("Ann", "Ida", "Zoe", "nn", "hn", "nh", "Anna"):
        screen = reader().read(drawn([(name, 16)], big, highlighted))
        assert screen.texts() == [name], (name, big, highlighted, screen.text())


@pytest.mark.parametrize("big,highlighted", STYLES)
def test_every_name_of_one_and_two_letters_is_read(big, highlighted):
    assert misread(short_names(1) + short_names(2), big, highlighted) == []


@pytest.mark.parametrize("big,highlighted", STYLES)
def test_names_of_three_letters_are_read(big, highlighted):
    names = short_names(3)
    if os.environ.get("FISHTABLE_READER_NAMES") != "all":
        names = random.Random(3).sample(names, 4000)
    assert misread(names, big, highlighted) == []


@pytest.mark.parametrize("big,highlighted", STYLES)
def test_ten_thousand_random_names_of_up_to_eight_letters_are_read(big, highlighted):
    assert misread(random_names(10000), big, highlighted) == []
