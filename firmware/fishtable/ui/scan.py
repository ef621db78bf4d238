"""Scan: a finished game as a QR code on the panel, for the phones at the table.

Offered on the end screen and on every History entry.  The code (fishtable.ui.qr) holds what
fishtable.ui.share makes of the game: the owner's page link when config.txt has a `PAGE=` line,
else the BG Stats link when it fits, else the result as text; the screen says which and how to
scan (how far to hold the phone follows the panel's size: docs/scan.md's table).  Dark modules
on the lit panel, a lit quiet zone around them, each module the largest whole number of pixels
that fits; the panel at full brightness while the code is shown (the
settings' brightness comes back on leaving), the ring off.  The code is made on the first tick
after "Making the code..." was drawn (it takes a moment on the board: the panel says so first)
and drawn once into the screen's own 64x64 bitmap, which each frame copies.
"""

from micropython import const

from fishtable.text import n_, t
from fishtable.ui import draw
from fishtable.ui.widgets import BACK, OK, Screen

SIDE = const(64)  # the code's lit square: the panel's height, on the left half
MOST_PAGE = const(120)  # characters of a PAGE= address (it shares the code with the game)
CONFIG_BYTES = const(1024)  # config.txt is read up to this much
# how far to hold the phone: lines of 8 letters (beside the code), shown through t
HOW = n_("Hold the\nphone\nabout\n10 cm\naway")  # a 0.96- or 1.3-inch panel (docs/scan.md's table)
HOW_LARGE = n_("Hold the\nphone\n10-15 cm\naway")  # a 2.42-inch panel: its pixels are 0.43 mm
_LARGE = const(200)  # hundredths of an inch: a panel this large or larger (the driver's DIAGONAL)


def read_page(path):
    """The PAGE= address of the config file at `path`: (address or None, what is wrong or None).
    Read bounded; an address is http:// or https:// and printable ASCII without spaces or #."""
    try:
        with open(path, "rb") as f:
            data = f.read(CONFIG_BYTES)
    except OSError:
        return None, None
    for raw in data.split(b"\n"):
        line = raw.strip()
        if not line.upper().startswith(b"PAGE="):
            continue
        value = line[5:].strip()
        if not value:
            return None, None
        ok = len(value) <= MOST_PAGE and (value.startswith(b"https://") or value.startswith(b"http://"))
        for c in value:
            if c <= 32 or c >= 127 or c == 35:
                ok = False
        if not ok:
            return None, t("config.txt: PAGE is not a web address")
        return value.decode(), None
    return None, None


def config_path(root):
    """config.txt beside the data folder `root` (the flash's top: /config.txt on the board)."""
    cut = root.rfind("/")
    return (root[:cut] if cut > 0 else "") + "/config.txt"


def good_date(date):
    """True for a record's date as the board writes it: 2026-12-01T19:05."""
    if not isinstance(date, str) or len(date) != 16:
        return False
    for i in range(16):
        c = date[i]
        if i in (4, 7):
            ok = c == "-"
        elif i == 10:
            ok = c == "T"
        elif i == 13:
            ok = c == ":"
        else:
            ok = "0" <= c <= "9"
        if not ok:
            return False
    return True


def history_fields(store, name):
    """(date, played) of the history file `name` of `store`: the text of its `date` line and the
    minutes of its `played` line (docs/record-format.md), None for a line it lacks or a file that
    cannot be read.  A line at a time through the store's buffer; the line checks are not needed."""
    from fishtable.core.lines import Lines

    found = [None, None]
    try:
        handle = store.history_open(name)
    except OSError:
        return None, None
    try:
        lines = Lines(handle, store.buf)
        while lines.next():
            data = lines.buf
            end = data.find(b"#", lines.start, lines.end)
            words = bytes(data[lines.start:end if end >= 0 else lines.end]).split()
            if len(words) == 2 and words[0] == b"date":
                found[0] = words[1].decode()
            elif len(words) == 2 and words[0] == b"played" and words[1].isdigit():
                found[1] = int(words[1])
    except (OSError, ValueError):
        pass
    finally:
        handle.close()
    return found[0], found[1]


def when(app, match, name):
    """(date, played) of a finished game: the record core's (`date`, `played` of the match) when it
    has them, else its history file's `date` and `played` lines (`name`: the file, or None)."""
    date = getattr(match, "date", None)
    played = getattr(match, "played", None)
    if date is None and played is None and name is not None:
        date, played = history_fields(app.store, name)
    if not good_date(date):
        date = None
    if not isinstance(played, int) or not 0 <= played <= 999:
        played = None
    return date, played


class Scan(Screen):
    """The QR code of the finished game `match` (the history file `name`, when known)."""

    def __init__(self, match, name=None, fresh=()):
        self.match = match
        self.name = name
        self.code = None  # the lit square with the QR code (64 x 64 pixels, a bit each), once made
        self.image = None  # a FrameBuffer over it
        self.kind = None
        self.fresh = fresh  # modules opening Scan loaded, dropped once the code is made
        self.how = HOW
        self.waiting = False  # "Making the code..." is on the panel: the code is made at the next tick

    def enter(self, app):
        app.fx.off()
        if app.display is not None:
            app.display.contrast(255)
            if getattr(app.display, "DIAGONAL", 96) >= _LARGE:  # (the SSD1306's driver: 0.96 inches)
                self.how = HOW_LARGE

    def tick(self, app, now):
        if self.code is not None or self.match is None or not self.waiting:
            return False  # (the first frame, "Making the code...", goes to the panel first)
        from fishtable.ui import qr, share  # (Scan's own: dropped again by `forget`)

        page, problem = read_page(config_path(app.store.root))
        date, played = when(app, self.match, self.name)
        kind, data = share.payload(self.match, page, date, played)
        self.match = None  # the code is all this screen needs now
        self.show(kind, qr.make(data))
        data = qr = share = None
        _drop(MODULES[1:] + self.fresh, False)  # the encoder, the payloads and what only Scan
        self.fresh = ()  # loaded (freed by the next collection)
        if problem:
            app.message(problem)
        return True

    def show(self, kind, code):
        """Show `code` (a fishtable.ui.qr.Code) of the payload `kind` (fishtable.ui.share): drawn
        once into the lit square's own bitmap (the code is not kept), each module the largest whole
        number of pixels with at least a module of quiet zone each side."""
        import framebuf

        n = code.size
        scale = max(1, SIDE // (n + 2))
        self.kind = kind
        self.code = bytearray(SIDE * SIDE // 8)
        image = framebuf.FrameBuffer(self.code, SIDE, SIDE, framebuf.MONO_VLSB)  # (the panel's)
        image.fill(1)
        m = code.matrix
        first = (SIDE - n * scale) // 2
        k = 0
        y = first
        for _ in range(n):
            x = first
            for _ in range(n):
                if m[k] & 1:
                    if scale == 1:
                        image.pixel(x, y, 0)
                    else:
                        image.fill_rect(x, y, scale, scale, 0)
                k += 1
                x += scale
            y += scale
        self.image = image

    def key(self, app, ev):
        if ev == OK or ev == BACK:
            from fishtable.ui import prefs

            prefs.apply(app.hw, app.settings)  # the brightness of the settings again
            self.code = self.image = None
            app.pop()
            forget()

    def draw(self, app, fb):
        if self.code is None:
            lines = t("Making the\ncode...").split("\n")
            for i in range(len(lines)):
                draw.centre(fb, lines[i], 3 + i)
            self.waiting = True
            return
        fb.blit(self.image, 0, 0)
        draw.text(fb, self.kind if self.kind == "BG Stats" else t(self.kind), SIDE, 0)
        back = draw.wrap(t("OK: back"), 8)  # (one line in English; two where it is longer)
        how = t(self.how).split("\n")
        y = min(16, 64 - 8 * (len(back) + len(how)))  # below the kind, above the bottom's hint
        for line in how:
            draw.text(fb, line, SIDE, y)
            y += 8
        y = 64 - 8 * len(back)
        for line in back:
            draw.text(fb, line, SIDE, y)
            y += 8


def forget():
    """Drop Scan's modules from memory again (this screen, the encoder, the payloads)."""
    _drop(MODULES)


def _drop(names, collect=True):
    from fishtable import forget_module

    for name in names:
        forget_module(name)
    if collect:
        import gc

        gc.collect()


MODULES = ("fishtable.ui.scan", "fishtable.ui.qr", "fishtable.ui.share")
HELPERS = ("fishtable.store.history", "fishtable.core.lines")  # the history's names, a file's lines


def _unloaded():
    """Which of HELPERS are not in memory now (Scan drops them again when it loaded them)."""
    import sys

    return tuple(name for name in HELPERS if name not in sys.modules)


def open_end(app):
    """Scan of the game that just ended (the end screen's): the history file it was filed as,
    unless the flash had no room to file it."""
    open_scan(app, app.session.finished, app.session.filed if app.session.unfiled is None else None)


def open_scan(app, match, name=None):
    """Show the Scan screen of the finished game `match` (the history file `name`, when known)."""
    app.push(Scan(match, name, _unloaded()))
