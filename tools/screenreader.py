"""The screen reader: a 128x64 1-bit frame back into what a person reads on it.

    from screenreader import Reader
    screen = Reader().read(frame)      # frame: 1024 bytes, MONO_VLSB, as the panel model holds it
    print(screen.text())               # 8 lines: «inverted», {2x text}, [icon]
    screen.highlighted()               # the inverted texts, top to bottom (a menu's selection)

It decodes pixels, never the screen objects: every 8x8 cell (and 16x16 cell for 2x text) of
the frame is compared with the firmware's own font, the glyphs MicroPython's `framebuf.text`
draws (tools/devices/font.py reads them out of the MicroPython unix port), in both colours,
and with the firmware's named icons.  Where cells found this way overlap (a window that
straddles two letters can look like a third), the reader keeps the cells that line up into
runs of text, then those with the most ink (each cell's whole ink: a 2x "n" beside another
holds a `"` between them, which explains less of the letters).  A die face (a 24x24 box with pips) reads as
`[die N]`.

Runs under CPython and MicroPython (only ints, bytes and dicts), so a soak can read frames
inside the MicroPython unix port too.
"""

WIDTH = 128
HEIGHT = 64
FIRST = 32  # the font's first character
UNKNOWN = "\x7f"  # framebuf draws any other character as glyph 127

SMALL = 0
BIG = 1
ICON = 2


class Glyph:
    """One decoded thing: text character (or icon name) at x, y; `big` 2x text; `inverted` dark on lit."""

    __slots__ = ("x", "y", "char", "kind", "inverted", "ink")

    def __init__(self, x, y, char, kind, inverted, ink=0):
        self.x = x
        self.y = y
        self.char = char
        self.kind = kind
        self.inverted = inverted
        self.ink = ink

    @property
    def big(self):
        return self.kind == BIG

    @property
    def size(self):
        return 16 if self.kind == BIG else 8

    def key(self):
        """A comparable tuple: (y, x, char, kind, inverted)."""
        return (self.y, self.x, self.char, self.kind, self.inverted)

    def __repr__(self):
        return "Glyph(%d, %d, %r, %d, %s)" % (self.x, self.y, self.char, self.kind, self.inverted)


class Run:
    """Glyphs of one style on one baseline, as text: `text` with spaces where cells are empty."""

    def __init__(self, glyphs):
        first = glyphs[0]
        self.x = first.x
        self.y = first.y
        self.kind = first.kind
        self.inverted = first.inverted
        self.glyphs = glyphs
        step = first.size
        if first.kind == ICON:
            self.text = "".join("[%s]" % g.char for g in glyphs)
        else:
            parts = []
            x = first.x
            for g in glyphs:
                parts.append(" " * ((g.x - x) // step))
                parts.append(g.char)
                x = g.x + step
            self.text = "".join(parts)
        self.end = glyphs[-1].x + step

    @property
    def big(self):
        return self.kind == BIG

    def markup(self):
        """The run as the text view shows it: «inverted», {big}, icons in brackets."""
        text = self.text
        if self.kind == BIG:
            text = "{" + text + "}"
        if self.inverted:
            text = "\u00ab" + text + "\u00bb"
        return text

    def __repr__(self):
        return "Run(%d, %d, %r%s%s)" % (self.x, self.y, self.text, " big" if self.big else "",
                                         " inverted" if self.inverted else "")


class Screen:
    """A decoded frame: `glyphs` (each cell found), `runs` (the glyphs joined into texts), `dice`."""

    def __init__(self, glyphs, dice=()):
        self.glyphs = sorted(glyphs, key=Glyph.key)
        self.dice = list(dice)  # (x, y, face)
        self.runs = _runs(self.glyphs)

    def keys(self):
        """The glyphs as comparable tuples (tests compare these with what the screens drew)."""
        return [g.key() for g in self.glyphs]

    def lines(self, markup=True):
        """Eight text lines: each run on the row of its top (its middle for 8x8 text), at its column."""
        rows = [[] for _ in range(HEIGHT // 8)]
        for run in self.runs:
            row = run.y // 8 if run.kind == BIG else min(7, (run.y + 4) // 8)
            rows[row].append(run)
        for x, y, face in self.dice:
            rows[min(7, (y + 8) // 8)].append(_DieRun(x, y, face))
        out = []
        for runs in rows:
            runs.sort(key=lambda r: r.x)
            line = ""
            for run in runs:
                col = (run.x + 4) // 8
                if len(line) < col:
                    line += " " * (col - len(line))
                elif line:
                    line += " "
                line += run.markup() if markup else run.text
            out.append(line.rstrip())
        return out

    def text(self, markup=True):
        """The frame as text: eight lines joined (trailing empty lines kept, so rows stay rows)."""
        return "\n".join(self.lines(markup))

    def texts(self):
        """Every run's text, top to bottom, left to right."""
        return [run.text for run in self.runs]

    def highlighted(self):
        """The inverted (highlighted) texts, top to bottom."""
        return [run.text for run in self.runs if run.inverted and run.kind != ICON]

    def big_texts(self):
        """The 2x texts, top to bottom."""
        return [run.text for run in self.runs if run.kind == BIG]

    def icons(self, inverted=None):
        """Icon names left to right (only lit-on-dark or dark-on-lit ones when `inverted` is given)."""
        return [g.char for g in self.glyphs if g.kind == ICON and (inverted is None or g.inverted == inverted)]

    def row(self, index, markup=False):
        """One text line (no markup by default)."""
        return self.lines(markup)[index]

    def contains(self, text):
        """True when `text` appears in one run (or the plain lines)."""
        for run in self.runs:
            if text in run.text:
                return True
        return any(text in line for line in self.lines(False))

    def __str__(self):
        return self.text()


class _DieRun:
    def __init__(self, x, y, face):
        self.x = x
        self.y = y
        self.face = face
        self.text = "[die %d]" % face

    def markup(self):
        return self.text


def _runs(glyphs):
    """Join glyphs of one style on one line into runs: the same y, x on the same grid, no other glyph between."""
    runs = []
    by_line = {}
    for g in glyphs:
        by_line.setdefault((g.y, g.kind == ICON, g.kind, g.inverted), []).append(g)
    for key in by_line:
        line = sorted(by_line[key], key=lambda g: g.x)
        current = [line[0]]
        for g in line[1:]:
            prev = current[-1]
            step = prev.size
            gap = g.x - prev.x - step
            joined = (gap >= 0 and gap % step == 0 and gap <= 3 * step and g.kind != ICON) or (
                g.kind == ICON and gap <= 2)
            if joined and (gap <= 0 or not _between(glyphs, prev, g)):
                current.append(g)
            else:
                runs.append(Run(current))
                current = [g]
        runs.append(Run(current))
    runs.sort(key=lambda r: (r.y, r.x))
    return runs


def _between(glyphs, a, b):
    """True when a glyph of another style lies between a and b on their rows."""
    top = a.y
    bottom = a.y + a.size
    for g in glyphs:
        if g is a or g is b or (g.kind == a.kind and g.inverted == a.inverted and g.y == a.y):
            continue
        if a.x < g.x + g.size and g.x < b.x and g.y < bottom and top < g.y + g.size:
            return True
    return False


def _ink(cols):
    n = 0
    for c in cols:
        while c:
            n += c & 1
            c >>= 1
    return n


class Reader:
    """Decodes frames with one font and one set of icons (built once: keep the reader)."""

    def __init__(self, font=None, icons=None):
        if font is None:
            font = load_font()
        if icons is None:
            icons = firmware_icons()
        self.small = {}  # 8 column bytes -> (char, kind)
        self.small_inv = {}
        self.big = {}  # 32 bytes (16 columns, low byte then high byte) -> char
        self.big_inv = {}
        for code in range(FIRST + 1, FIRST + len(font) // 8):
            cols = font[(code - FIRST) * 8:(code - FIRST) * 8 + 8]
            self._letter(cols, chr(code) if code < 127 else UNKNOWN)
        letters, glyphs = firmware_letters()
        for i in range(len(letters)):
            self._letter(glyphs[i * 8:i * 8 + 8], letters[i])
        for name in icons:
            self._add(icon_columns(icons[name]), name, ICON)
        self._cache = {}  # band bytes -> its hits (most bands repeat from frame to frame)

    def _letter(self, cols, char):
        """A letter of the font in 8x8 and 2x, both colours."""
        self._add(cols, char, SMALL)
        wide = bytearray(32)
        for i in range(8):
            word = _double(cols[i])
            for j in (2 * i, 2 * i + 1):
                wide[2 * j] = word & 255
                wide[2 * j + 1] = word >> 8
        wide = bytes(wide)
        if _full_edge(cols):
            return
        self.big[wide] = char
        self.big_inv[bytes(255 - b for b in wide)] = char

    def _add(self, cols, name, kind):
        cols = bytes(cols)
        if any(cols) and not _full_edge(cols):
            self.small.setdefault(cols, (name, kind))
            inverted = bytes(255 - b for b in cols)
            self.small_inv.setdefault(inverted, (name, kind))

    def read(self, frame):
        """The Screen of a frame (1024 bytes, MONO_VLSB: byte page*128 + x, bit 0 the top row)."""
        cols = columns(frame)
        candidates = self._candidates(cols)
        chosen = _choose(candidates)
        dice = _dice(cols)
        if dice:
            chosen = [g for g in chosen if not _in_die(g, dice)]
        return Screen(chosen, dice)

    def _candidates(self, cols):
        found = []
        cache = self._cache
        if len(cache) > 50000:
            cache.clear()
        bands = [bytes([(c >> y) & 255 for c in cols]) for y in range(HEIGHT - 7)]
        for y in range(HEIGHT - 7):
            band = bands[y]
            hits = cache.get(band)
            if hits is None:
                hits = cache[band] = self._small_hits(band)
            for x, char, kind, inverted, ink in hits:
                found.append(Glyph(x, y, char, kind, inverted, ink))
        words = bytearray(2 * WIDTH)
        for y in range(HEIGHT - 15):
            words[0::2] = bands[y]  # a 16-pixel column: the low byte from row y, the high one from y + 8
            words[1::2] = bands[y + 8]
            key = bytes(words)
            hits = cache.get(key)
            if hits is None:
                hits = cache[key] = self._big_hits(key)
            for x, char, inverted, ink in hits:
                found.append(Glyph(x, y, char, BIG, inverted, ink))
        return found

    def _small_hits(self, band):
        """(x, name, kind, inverted, ink) of every 8x8 cell of a band that is a glyph or icon."""
        hits = []
        if not band.strip(b"\x00") or not band.strip(b"\xff"):
            return hits
        small = self.small
        small_inv = self.small_inv
        for x in range(WIDTH - 7):
            cell = band[x:x + 8]
            hit = small.get(cell)
            if hit is not None:
                hits.append((x, hit[0], hit[1], False, _ink(cell)))
                continue
            hit = small_inv.get(cell)
            if hit is not None:
                hits.append((x, hit[0], hit[1], True, 64 - _ink(cell)))
        return hits

    def _big_hits(self, words):
        """(x, char, inverted, ink) of every 16x16 cell of a band (two bytes a column) that is a 2x glyph."""
        hits = []
        if not words.strip(b"\x00"):
            return hits
        big = self.big
        big_inv = self.big_inv
        for x in range(WIDTH - 15):
            cell = words[2 * x:2 * x + 32]
            char = big.get(cell)
            if char is not None:
                hits.append((x, char, False, _ink(cell)))
                continue
            char = big_inv.get(cell)
            if char is not None:
                hits.append((x, char, True, 256 - _ink(cell)))
        return hits


def _full_edge(cols):
    """True for a cell with a whole edge lit (only '_' in the font): it cannot be told from a line."""
    return cols[0] == 255 or cols[-1] == 255 or all(c & 1 for c in cols) or all(c & 128 for c in cols)


def _double(byte):
    """An 8-bit font column as 16 bits, every bit twice (a 2x glyph's column)."""
    word = 0
    for i in range(8):
        if byte & (1 << i):
            word |= 3 << (2 * i)
    return word


def _choose(candidates):
    """The cells that explain the frame: no two overlap; runs of text first, then ink."""
    index = {}
    for g in candidates:
        index[(g.x, g.y, g.kind == BIG, g.inverted)] = g
    scored = []
    for g in candidates:
        step = g.size
        explained = _explained(g)
        run = explained
        for direction in (-1, 1):
            x = g.x + direction * step
            other = index.get((x, g.y, g.kind == BIG, g.inverted))
            while other is not None:
                run += _explained(other)
                x += direction * step
                other = index.get((x, g.y, g.kind == BIG, g.inverted))
        grid = (g.y % 8 == 0) + (g.x % 8 == 0)
        scored.append((-run, -explained, -grid, g.y, g.x, g))
    scored.sort(key=lambda s: s[:5])
    taken = []
    buckets = {}  # (x // 8, y // 8) -> the taken cells touching that 8x8 block
    for s in scored:
        g = s[5]
        size = g.size
        x0, y0, x1, y1 = g.x, g.y, g.x + size, g.y + size
        clear = True
        for bx in range(x0 >> 3, ((x1 - 1) >> 3) + 1):
            for by in range(y0 >> 3, ((y1 - 1) >> 3) + 1):
                for t in buckets.get((bx, by), ()):
                    if x0 < t.x + t.size and t.x < x1 and y0 < t.y + t.size and t.y < y1:
                        clear = False
                        break
                if not clear:
                    break
            if not clear:
                break
        if clear:
            taken.append(g)
            for bx in range(x0 >> 3, ((x1 - 1) >> 3) + 1):
                for by in range(y0 >> 3, ((y1 - 1) >> 3) + 1):
                    buckets.setdefault((bx, by), []).append(g)
    return taken


def _explained(g):
    """The pixels a cell accounts for: its ink, or the whole cell for dark-on-lit text."""
    return g.size * g.size if g.inverted else g.ink


def _dice(cols):
    """Die faces: 24x24 box outlines with 3x3 pips inside, as (x, y, face)."""
    found = []
    full = (1 << 24) - 1
    for x in range(WIDTH - 23):
        c = cols[x]
        if not c:
            continue
        for y in range(HEIGHT - 23):
            if (c >> y) & full != full or (cols[x + 23] >> y) & full != full:
                continue
            top = bottom = True
            for i in range(24):
                if not (cols[x + i] >> y) & 1:
                    top = False
                if not (cols[x + i] >> (y + 23)) & 1:
                    bottom = False
            if not (top and bottom):
                continue
            pips = 0
            for row in range(3):
                for col in range(3):
                    if (cols[x + 4 + col * 7 + 1] >> (y + 4 + row * 7 + 1)) & 1:
                        pips += 1
            found.append((x, y, pips))
    return found


def _in_die(g, dice):
    for x, y, _ in dice:
        if x <= g.x < x + 24 and y <= g.y < y + 24:
            return True
    return False


def columns(frame):
    """The frame as 128 column ints, bit y = pixel (x, y)."""
    cols = [0] * WIDTH
    for page in range(HEIGHT // 8):
        base = page * WIDTH
        shift = 8 * page
        for x in range(WIDTH):
            b = frame[base + x]
            if b:
                cols[x] |= b << shift
    return cols


def icon_columns(rows):
    """An 8x8 icon given as 8 row bytes (bit 7 leftmost) as 8 column bytes (bit 0 top)."""
    cols = bytearray(8)
    for dy in range(len(rows)):
        for dx in range(8):
            if rows[dy] & (0x80 >> dx):
                cols[dx] |= 1 << dy
    return bytes(cols)


def load_font():
    """The firmware's font: 96 glyphs x 8 column bytes as MicroPython's framebuf draws them."""
    try:
        import framebuf
    except ImportError:
        framebuf = None
    if framebuf is not None and hasattr(framebuf, "FrameBuffer") and not hasattr(framebuf, "load_font"):
        out = bytearray()  # MicroPython: draw each glyph with the built-in font
        cell = bytearray(8)
        fb = framebuf.FrameBuffer(cell, 8, 8, framebuf.MONO_VLSB)
        for code in range(FIRST, FIRST + 96):
            fb.fill(0)
            fb.text(chr(code), 0, 0, 1)
            out.extend(cell)
        return bytes(out)
    from devices import font

    return font.font_bytes(font.font_file())


def firmware_letters():
    """The letters the firmware draws beyond the font (fishtable.ui.draw: ä ö ü Ä Ö Ü ß) and their
    8x8 glyphs, 8 column bytes each."""
    from fishtable.ui import draw

    return draw.EXTRA, draw.GLYPHS


def firmware_icons():
    """The firmware's named 8x8 icons (name -> 8 row bytes, bit 7 leftmost), the lists' scroll
    marks among them ("up", "down")."""
    from fishtable.ui import icons, widgets

    found = dict(icons.ICONS)
    found["up"] = tuple(widgets.MARK_UP)
    found["down"] = tuple(widgets.MARK_DOWN)
    return found
