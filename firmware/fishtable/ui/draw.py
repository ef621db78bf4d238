"""Drawing helpers for the 128x64 OLED: 8x8 text (16 chars x 8 lines), 2x text, highlighted
(lit) bars, small icons, word wrap.

Every helper keeps what it draws on the screen: text that would run off the edge is clipped,
and in `strict` mode (tests) it raises `LayoutError` instead, as does text drawn over other
text in the same frame, a word the wrap had to cut and wrapped text with more lines than
its place has.  A highlight is a bar 10 pixels high: a lit row above and below the letters
(`BAR_H`).  `begin()` starts a frame.
"""

from micropython import const

WIDTH = const(128)
HEIGHT = const(64)
COLS = const(16)  # 8x8 characters a line
ROWS = const(8)
BAR_H = const(10)  # a highlight bar: the 8 pixel rows of its text and a lit row above and below

_state = [False, False]  # strict mode; letters beyond ASCII may come (a catalog is in use: `extend`)
_boxes = []  # text boxes drawn in this frame (strict mode only): (x0, y0, x1, y1)


class LayoutError(ValueError):
    """Text off the screen or over other text (raised in strict mode only)."""


def set_strict(on):
    """Tests turn this on: layout faults raise instead of being clipped."""
    _state[0] = bool(on)


def extend(on):
    """Texts may hold the letters of EXTRA from now on (a language other than English is shown):
    they are drawn from GLYPHS, which framebuf's ASCII font lacks.  English draws as before."""
    _state[1] = bool(on)


# The letters the 8x8 font lacks, as 8x8 MONO_VLSB glyphs (a byte a column, bit 0 the top row) in
# the font's style; a capital's dots are single pixels (the letter is a row shorter than the
# font's), a small letter's dots are two wide.  tools/screenreader.py reads them back.
EXTRA = "\u00e4\u00f6\u00fc\u00c4\u00d6\u00dc\u00df"  # ä ö ü Ä Ö Ü ß
GLYPHS = (b"\x00\x21\x75\x54\x54\x7d\x79\x00" b"\x00\x39\x7d\x44\x44\x7d\x39\x00"
          b"\x00\x3d\x7d\x40\x40\x7d\x3d\x00" b"\x00\x79\x7c\x16\x16\x7c\x79\x00"
          b"\x00\x3d\x7e\x42\x42\x7e\x3d\x00" b"\x00\x3d\x7c\x40\x40\x7c\x3d\x00"
          b"\x00\x7e\x7f\x01\x4f\x7e\x38\x00")


def begin(fb):
    """Start a new frame: clear the screen."""
    fb.fill(0)
    if _state[0]:
        del _boxes[:]


def _claim(s, x, y, w, h):
    """Check (strict) or clip a text box; returns the text that fits."""
    if _state[0]:
        if x < 0 or y < 0 or x + w > WIDTH or y + h > HEIGHT:
            raise LayoutError("off screen: %r at %d,%d" % (s, x, y))
        box = (x, y, x + w, y + h)
        for other in _boxes:
            if box[0] < other[2] and other[0] < box[2] and box[1] < other[3] and other[1] < box[3]:
                raise LayoutError("overlap: %r at %d,%d" % (s, x, y))
        _boxes.append(box)
    return s


def text(fb, s, x, y, c=1):
    """8x8 text at pixel x, y; cut at the right edge (strict mode: raises)."""
    if not s:
        return
    if _state[0]:
        _claim(s, x, y, len(s) * 8, 8)
    elif x + len(s) * 8 > WIDTH:
        s = s[: max(0, (WIDTH - x) // 8)]
    if _state[1]:
        _text(fb, s, x, y, c)
    else:
        fb.text(s, x, y, c)


def _text(fb, s, x, y, c):
    """fb.text, with the letters of EXTRA blitted from GLYPHS (any other beyond ASCII: as framebuf
    draws an unknown character).  Read through the UTF-8 bytes (iterating the text would intern
    each character it meets as a name, for good)."""
    data = s.encode()
    end = len(data)
    if end == len(s):
        fb.text(s, x, y, c)
        return
    start = i = j = 0  # i: the character, j: its first byte
    while j < end:
        b = data[j]
        if b >= 0x80:
            if i > start:
                fb.text(s[start:i], x + start * 8, y, c)
            code = (b & 0x1F) << 6 | (data[j + 1] & 0x3F) if b < 0xE0 and j + 1 < end else 0
            k = 0
            while k < 7 and _CODES[k] != code:
                k += 1
            letter(fb, k if k < 7 else -1, x + i * 8, y, c)
            start = i + 1
            j += 2 if b < 0xE0 else 3 if b < 0xF0 else 4
        else:
            j += 1
        i += 1
    if start < i:
        fb.text(s[start:], x + start * 8, y, c)


_CODES = b"\xe4\xf6\xfc\xc4\xd6\xdc\xdf"  # EXTRA's code points


def letter(fb, k, x, y, c=1):
    """The letter EXTRA[k] in 8x8 (k -1: another beyond ASCII, drawn as framebuf draws an unknown one)."""
    prepare()
    if _glyph(_cell[0], k):
        _blit(fb, _cell[1], x, y, c)
    else:
        fb.text("\x7f", x, y, c)


def _glyph(bits, k):
    """Copy the glyph of EXTRA[k] into `bits`; False for k -1."""
    if k < 0:
        return False
    k *= 8
    for col in range(8):
        bits[col] = GLYPHS[k + col]
    return True


def line(fb, s, row, col=0, inverted=False):
    """Text on a character row (0-7) from column `col`; inverted draws a highlight bar first (it
    reaches a pixel into the rows above and below: keep them clear)."""
    y = row * 8
    if inverted:
        fb.fill_rect(0, y - 1, WIDTH, BAR_H, 1)
    elif not _state[0] and not _state[1] and col == 0 and len(s) <= COLS:  # (the common case: one call)
        fb.text(s, 0, y, 1)
        return
    text(fb, s, col * 8, y, 0 if inverted else 1)


def centre(fb, s, row, inverted=False):
    """Text centred on a character row (inverted: as `line`)."""
    centre_at(fb, s, row * 8, inverted)


def centre_at(fb, s, y, inverted=False):
    """Text centred at pixel row `y`; inverted on a bar from y-1 to y+8."""
    if len(s) > COLS and not _state[0]:
        s = s[:COLS]
    if inverted:
        fb.fill_rect(0, y - 1, WIDTH, BAR_H, 1)
    text(fb, s, (WIDTH - len(s) * 8) // 2, y, 0 if inverted else 1)


def title(fb, s, right_text=None):
    """A title on a lit bar across the top (pixel rows 0-9, the letters at 1-8); what follows
    starts at pixel row 11 (`BELOW_TITLE`)."""
    fb.fill_rect(0, 0, WIDTH, BAR_H, 1)
    text(fb, s, 1, 1, 0)
    if right_text:
        text(fb, right_text, WIDTH - 1 - len(right_text) * 8, 1, 0)


BELOW_TITLE = const(11)


def right(fb, s, row):
    """Text flush with the right edge of a character row."""
    text(fb, s, WIDTH - len(s) * 8, row * 8)


# The blit sources, made once (prepare): for 2x text the 8x8 glyph (MONO_VLSB: a byte a column)
# and the same glyph doubled into 16x16 (two pages of 16 columns), for icons an 8x8 MONO_HLSB
# bitmap, and the palette that draws a source's set pixels dark; each drawn with one `blit` (C,
# not a pixel loop in Python).  `_DOUBLE[n]` is the nibble n with each bit doubled.
_cell = []  # glyph bytes and FrameBuffer, doubled bytes and FrameBuffer, icon bytes and FrameBuffer, palette
_DOUBLE = b"\x00\x03\x0c\x0f\x30\x33\x3c\x3f\xc0\xc3\xcc\xcf\xf0\xf3\xfc\xff"


def prepare():
    """Allocate the blit buffers of 2x text and icons (the app calls it at start, so that no
    frame allocates them; drawing without it makes them at first use)."""
    if _cell:
        return
    import framebuf

    small = bytearray(8)
    large = bytearray(32)
    rows = bytearray(8)
    palette = framebuf.FrameBuffer(bytearray(1), 2, 1, framebuf.MONO_HLSB)
    palette.pixel(0, 0, 1)  # the source's clear pixels -> 1: the key, not drawn (blit with key 1)
    palette.pixel(1, 0, 0)  # its set pixels -> 0
    _cell.extend((small, framebuf.FrameBuffer(small, 8, 8, framebuf.MONO_VLSB),
                  large, framebuf.FrameBuffer(large, 16, 16, framebuf.MONO_VLSB),
                  rows, framebuf.FrameBuffer(rows, 8, 8, framebuf.MONO_HLSB), palette))


def _blit(fb, src, x, y, c):
    """`src`'s set pixels onto `fb` in colour `c`, its clear ones left as they are."""
    if c:
        fb.blit(src, x, y, 0)
    else:
        fb.blit(src, x, y, 1, _cell[6])


def big(fb, s, x, y, c=1):
    """16x16 text (8 chars a line): each glyph of the 8x8 font drawn with 2x2 pixels."""
    if x + len(s) * 16 > WIDTH and not _state[0]:
        s = s[: max(0, (WIDTH - x) // 16)]
    _claim(s, x, y, len(s) * 16, 16)
    prepare()
    bits = _cell[0]
    glyph = _cell[1]
    doubled = _cell[2]
    twice = _cell[3]
    for ch in s:
        if ch <= "~" or not _glyph(bits, EXTRA.find(ch)):
            glyph.fill(0)
            glyph.text(ch, 0, 0, 1)
        for col in range(8):
            column = bits[col]
            low = _DOUBLE[column & 15]
            high = _DOUBLE[column >> 4]
            doubled[2 * col] = doubled[2 * col + 1] = low
            doubled[16 + 2 * col] = doubled[17 + 2 * col] = high
        _blit(fb, twice, x, y, c)
        x += 16


def big_centre(fb, s, y):
    """16x16 text centred horizontally."""
    big(fb, s, (WIDTH - len(s) * 16) // 2, y)


def wrap(msg, width=COLS, most=0):
    """Split `msg` into lines of at most `width` characters at spaces (long words are cut), at
    most `most` lines when it is given (the rest is dropped).  Strict mode raises instead of
    cutting a word or dropping lines.

    Every line is one slice of `msg` (words keep the spaces between them), so the only
    allocations are the lines and the list.
    """
    out = _wrap(msg, width)
    if most and len(out) > most:
        if _state[0]:
            raise LayoutError("%d lines, room for %d: %r" % (len(out), most, msg))
        del out[most:]
    return out


def _wrap(msg, width):
    out = []
    start = 0
    end = len(msg)
    while True:
        stop = msg.find("\n", start)
        if stop < 0:
            stop = end
        _wrap_part(msg, start, stop, width, out)
        if stop >= end:
            return out
        start = stop + 1


def _wrap_part(msg, start, stop, width, out):
    """Wrap msg[start:stop] (one paragraph) into `out`; the line being filled is msg[c0:c1]."""
    c0 = c1 = start
    w0 = start
    while True:
        w1 = msg.find(" ", w0, stop)
        if w1 < 0:
            w1 = stop
        while w1 - w0 > width:  # a word longer than a line: cut it
            if _state[0]:
                raise LayoutError("a word longer than a line: %r" % msg[w0:w1])
            if c1 > c0:
                out.append(msg[c0:c1])
                c0 = c1 = w0
            out.append(msg[w0:w0 + width])
            w0 += width
        if c1 == c0:
            c0, c1 = w0, w1
        elif c1 - c0 + 1 + w1 - w0 <= width:
            c1 = w1
        else:
            out.append(msg[c0:c1])
            c0, c1 = w0, w1
        if w1 >= stop:
            out.append(msg[c0:c1])
            return
        w0 = w1 + 1


def icon(fb, rows, x, y, c=1):
    """A small bitmap: `rows` is a tuple of 8 ints, bit 7 the leftmost pixel of an 8-wide row
    (MONO_HLSB), its set pixels drawn in colour `c` with one `blit`."""
    prepare()
    buf = _cell[4]
    for i in range(8):
        buf[i] = rows[i]
    _blit(fb, _cell[5], x, y, c)


def bar(fb, x, y, w, h, value, total):
    """A horizontal gauge: outline and a filled part value/total."""
    fb.rect(x, y, w, h, 1)
    if total > 0 and value > 0:
        fill = (w - 2) * min(value, total) // total
        fb.fill_rect(x + 1, y + 1, fill, h - 2, 1)
