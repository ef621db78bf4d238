"""The pixel half of the strict layout check: is every letter a frame draws legible on the glass?

The firmware's strict drawing (fishtable.ui.draw, `set_strict`) refuses text off the screen,
text over text, words cut by the wrap and wrapped text that does not fit its lines.  What it
cannot see is what the pixels end up as; this looks at them, frame by frame:

- every 8x8 letter's cell on the glass is exactly the font's glyph (dark on lit when
  highlighted): nothing clipped it, no box line or bar runs through it;
- a highlighted letter keeps a lit pixel row right above and right below its ink, so its
  strokes do not run into the dark around the bar (a "P2" that reads "LP2").

    faults(glass, keys)   # glass: 1024 bytes MONO_VLSB; keys: tools/simlib/drawlog.py's glyph keys

Runs under CPython (the tests call it on each frame the simulated board sends).
"""

WIDTH = 128
HEIGHT = 64
SMALL = 0  # drawlog's kinds
FIRST = 32

_font = []


def font():
    """The 8x8 font as 96 glyphs of 8 column bytes (bit 0 = top row), read once."""
    if not _font:
        from screenreader import load_font

        _font.append(load_font())
    return _font[0]


def lit(glass, x, y):
    """The pixel at x, y (1 lit)."""
    return (glass[(y >> 3) * WIDTH + x] >> (y & 7)) & 1


def _glyph(ch):
    from fishtable.ui.draw import EXTRA, GLYPHS

    k = EXTRA.find(ch)
    if k >= 0:  # a letter the font lacks (ä ö ü Ä Ö Ü ß): the firmware's own glyph
        return GLYPHS[8 * k:8 * k + 8]
    data = font()
    code = ord(ch) if len(ch) == 1 else 127
    if not FIRST <= code < 128:
        code = 127
    i = (code - FIRST) * 8
    return data[i:i + 8]


def faults(glass, keys):
    """What is wrong with the small text of one frame: a list of short descriptions (empty: fine)."""
    out = []
    for y, x, ch, kind, inverted in keys:
        if kind != SMALL:
            continue
        cols = _glyph(ch)
        flip = 0xFF if inverted else 0
        ink = 0
        clean = True
        for dx in range(8):
            want = cols[dx] ^ flip
            ink |= cols[dx]
            for dy in range(8):
                if lit(glass, x + dx, y + dy) != (want >> dy) & 1:
                    clean = False
        if not clean:
            out.append("%r at %d,%d: something is drawn over the letter (clipped or in a box line)" % (ch, x, y))
            continue
        if not inverted or not ink:
            continue
        top = 0
        while not ink >> top & 1:
            top += 1
        bottom = 7
        while not ink >> bottom & 1:
            bottom -= 1
        for row, where in ((y + top - 1, "above"), (y + bottom + 1, "below")):
            if row < 0 or row >= HEIGHT or not all(lit(glass, x + dx, row) for dx in range(8) if x + dx < WIDTH):
                out.append("highlighted %r at %d,%d: no lit row %s its letters" % (ch, x, y, where))
                break
    return out
