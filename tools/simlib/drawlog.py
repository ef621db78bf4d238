"""What the screens wrote: a log of the text and icons drawn into each frame (tests of the screen reader).

`watch(display, emit)` wraps one display object from the outside (the firmware carries nothing
for it): every `fill(0)` starts a frame, every `text` call, every `draw.big` and every `draw.icon` adds
its characters as glyph keys (y, x, char, kind, inverted) in the screen reader's terms, and
every `show()` hands the frame's keys to `emit(keys)`.  Runs under CPython and MicroPython.
"""

SMALL = 0  # the screen reader's kinds
BIG = 1
ICON = 2
WIDTH = 128
HEIGHT = 64


_EXTRA = "\u00e4\u00f6\u00fc\u00c4\u00d6\u00dc\u00df"  # fishtable.ui.draw.EXTRA: drawn by draw.letter


def _char(ch):
    code = ord(ch)
    return ch if 32 < code < 127 or ch in _EXTRA else "\x7f"


class DrawLog:
    """The glyph keys drawn since the frame began."""

    def __init__(self, emit):
        self.keys = []
        self.emit = emit

    def text(self, s, x, y, c, size, kind):
        for ch in s:
            if ch == "\x00":
                break  # framebuf reads a C string
            if ch != " " and ch != "_" and 0 <= x and x + size <= WIDTH and 0 <= y and y + size <= HEIGHT:
                self.keys.append((y, x, _char(ch), kind, not c))
            x += size


def watch(display, emit):
    """Log what is drawn on `display` (an SSD1306 driver object); `emit(keys)` at each show()."""
    from fishtable.ui import draw
    from fishtable.ui.icons import ICONS

    log = DrawLog(emit)
    from fishtable.ui.widgets import MARK_DOWN, MARK_UP

    names = {MARK_UP: "up", MARK_DOWN: "down"}
    for name in ICONS:
        names[ICONS[name]] = name
    fill = display.fill
    text = display.text
    big = draw.big
    show = display.show
    icon = draw.icon
    letter = draw.letter

    def logged_fill(c):
        if not c:
            log.keys = []
        fill(c)

    def logged_text(s, x, y, c=1):
        log.text(s, x, y, c, 8, SMALL)
        text(s, x, y, c)

    def logged_big(fb, s, x, y, c=1):
        if fb is display:
            log.text(s, x, y, c, 16, BIG)
        big(fb, s, x, y, c)

    def logged_show(*args):
        log.emit(sorted(log.keys))
        return show(*args)

    def logged_icon(fb, rows, x, y, c=1):
        name = names.get(rows)
        if name is not None and fb is display:
            log.keys.append((y, x, name, ICON, not c))
        icon(fb, rows, x, y, c)

    def logged_letter(fb, k, x, y, c=1):
        if fb is display:
            log.text(_EXTRA[k] if k >= 0 else "\x7f", x, y, c, 8, SMALL)
        letter(fb, k, x, y, c)

    draw.letter = logged_letter
    display.fill = logged_fill
    display.text = logged_text
    display.show = logged_show
    draw.icon = logged_icon
    draw.big = logged_big
    return log


def encode(keys):
    """Keys as one line of text: y,x,char code,kind,inverted;..."""
    return ";".join("%d,%d,%d,%d,%d" % (y, x, ord(ch) if len(ch) == 1 else -1, kind, 1 if inv else 0)
                    if kind != ICON else "%d,%d,%s,%d,%d" % (y, x, ch, kind, 1 if inv else 0)
                    for y, x, ch, kind, inv in keys)


def decode(line):
    """The keys of an `encode`d line."""
    out = []
    for part in line.split(";"):
        if not part:
            continue
        y, x, ch, kind, inv = part.split(",")
        kind = int(kind)
        out.append((int(y), int(x), ch if kind == ICON else chr(int(ch)), kind, inv == "1"))
    return out
