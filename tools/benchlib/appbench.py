"""The benchmark's driver inside MicroPython: the real App on the device models, one game record
played through it, every UI frame measured.  Runs in the WebAssembly VM (one call per step, see
tools/bench.py) and under the unix port (`run_game`, one process).

The app is built as firmware/main.py builds it: `board.build()` of boards/pico.json over the
machine/neopixel stand-ins (real SSD1306 driver, panel model on the I2C bus; real Ring over the
NeoPixel model), a real `Store` on the filesystem, and `loop._start()`.

Statements go through the play screen's submit path: `screen.play(app, stmt)` is what OK on a
turn's last choice does (App.submit: check, journal, apply; then the next turn's choice and the
ring).  Hi Fisch!'s scoring pages are paged through with OK.  After each statement the cursor
moves once forward and back (NEXT, PREV), as a player scrolling the choices does.  A frame is
one `app.draw()` that drew (draw + `show()`); per frame we keep the bytes it allocated, the I2C
payload bytes and the bus bit times.

The models' own allocations (the I2C model copying and decoding the bytes, the NeoPixel model
recording frames) are counted apart by thin wrappers and subtracted: on the Pico `writeto` and
`NeoPixel.write` allocate nothing.  The models' logs are emptied every step so their memory is
constant (it is in the baseline taken before the firmware is imported).
"""

import gc
from array import array
from time import ticks_diff, ticks_us  # the interpreter's own clock (imported before the models)

from fishtable.events import NEXT, OK, PREV  # noqa: E402,F401 - the key codes, as the firmware has them

KEY_MS = 120  # virtual time a key press takes
_FRAMES_PER_STATEMENT = 12  # room for the frames of one statement (scoring pages included)

_s = {}  # the run's state (module-level so the VM's separate calls share it)


class CountingI2C:
    """Wraps the I2C stand-in: what the model allocates is counted in `model_alloc[0]`, the time
    spent in it (us) in `model_us[0]`."""

    def __init__(self, i2c, model_alloc, model_us):
        self.i2c = i2c
        self.model_alloc = model_alloc
        self.model_us = model_us

    def scan(self):
        return self.i2c.scan()

    def writeto(self, addr, buf, stop=True):
        t = ticks_us()
        a = gc.mem_alloc()
        n = self.i2c.writeto(addr, buf, stop)
        self.model_alloc[0] += gc.mem_alloc() - a
        self.model_us[0] += ticks_diff(ticks_us(), t)
        return n

    def writevto(self, addr, vector, stop=True):
        t = ticks_us()
        a = gc.mem_alloc()
        n = self.i2c.writevto(addr, vector, stop)
        self.model_alloc[0] += gc.mem_alloc() - a
        self.model_us[0] += ticks_diff(ticks_us(), t)
        return n


class CountingPixels:
    """Wraps the NeoPixel model: counts `write()`s, what the model allocates recording them and
    the time spent in it."""

    def __init__(self, pixels, model_alloc, model_us):
        self.pixels = pixels
        self.buf = pixels.buf
        self.ORDER = pixels.ORDER
        self.model_alloc = model_alloc
        self.model_us = model_us
        self.writes = array("i", [0])

    def __len__(self):
        return len(self.pixels)

    def __setitem__(self, i, colour):
        self.pixels[i] = colour

    def write(self):
        t = ticks_us()
        a = gc.mem_alloc()
        self.pixels.write()
        del self.pixels.frames[:]
        del self.pixels.raw[:]
        self.model_alloc[0] += gc.mem_alloc() - a
        self.writes[0] += 1
        self.model_us[0] += ticks_diff(ticks_us(), t)


def load(name, players, start, options, lines, boards="boards", data_root="/flash/data", seed=7, digest=False,
         lang=None):
    """Step 1: the device models in and the record in memory (both are in the baseline).
    With `digest`, a CRC-32 of every frame's pixels is chained (to check that a change to the
    drawing code leaves every frame as it was; it allocates, so it is off when measuring)."""
    import devices

    devices.install()
    from devices.inputs import Clock

    _s["clock_class"] = Clock  # the virtual clock, imported before the baseline
    _s["panel"] = devices.attach_panel()
    from devices import machine_model

    _s["bus"] = machine_model.bus(0)
    _s["head"] = (name, players, start, options)
    _s["lines"] = lines
    _s["boards"] = boards
    _s["data_root"] = data_root
    _s["lang"] = lang  # a catalog file (e.g. /benchlang/de.bin): the board set to its language
    _s["seed"] = seed
    n = len(lines)
    frames = n * _FRAMES_PER_STATEMENT + 16
    _s["f_alloc"] = array("i", [0] * frames)
    _s["f_i2c"] = array("i", [0] * frames)
    _s["f_bits"] = array("i", [0] * frames)
    _s["nframes"] = array("i", [0])
    _s["s_alloc"] = array("i", [0] * n)  # per statement step: app allocation (models excluded)
    _s["s_ring"] = array("i", [0] * n)  # ring show()s per statement step
    _s["heap"] = array("i", [0] * (n + 1))  # in use after collection, after each statement
    _s["high"] = array("i", [0] * (n + 1))  # in use at the end of a step, before collection
    _s["model_alloc"] = array("i", [0])
    _s["model_us"] = array("i", [0])  # time spent inside the I2C and NeoPixel models
    _s["marks"] = array("i", [0, 0, 0, 0, 0, 0])  # baseline, idle, after the game began, Players, Stats, Scan open
    _s["digest"] = 0 if digest else None


def _language(parent, root, catalog):
    """The board as `make flash` and a first start in the catalog's language leave it: the
    catalogs (every one in the catalog's folder) beside the data folder, the settings with the
    language chosen."""
    import os

    from fishtable.store import settings
    from fishtable.store.fs import OsFs
    from fishtable.ui import prefs

    folder, name = catalog.rsplit("/", 1)
    lang = name[:-4]
    try:
        os.mkdir(parent + "/lang")
    except OSError:
        pass
    for name in os.listdir(folder):
        with open(folder + "/" + name, "rb") as f:
            data = f.read()
        with open(parent + "/lang/" + name, "wb") as f:
            f.write(data)
    values = prefs.defaults()
    values["language"] = lang
    settings.save(OsFs(), root + "/settings.txt", values)
    data = values = None


def baseline():
    """Step 2 (after two collections): the heap with only the models and the record loaded."""
    gc.collect()
    _s["marks"][0] = gc.mem_alloc()


def build():
    """Step 3: the hardware as main.py builds it, the store, the app at its main menu; one frame."""
    import os

    from fishtable.hw import board
    from fishtable.ui.loop import _start

    hw = board.build(board.load_profile("pico", _s["boards"]))
    board.forget()  # as main.py does after start-up
    board = None
    model_alloc = _s["model_alloc"]
    hw.display.i2c = CountingI2C(hw.display.i2c, model_alloc, _s["model_us"])
    pixels = CountingPixels(hw.ring.pixels, model_alloc, _s["model_us"])
    hw.ring.pixels = pixels
    hw.seed = _s["seed"]
    clock = _s["clock_class"]()
    hw.clock = clock
    root = _s["data_root"]
    parent = root.rsplit("/", 1)[0]
    for path in (parent, root):
        if path:
            try:
                os.mkdir(path)
            except OSError:
                pass
    if _s["lang"]:
        _language(parent, root, _s["lang"])
    app = _start(hw, root, None)  # as main.py: the app opens its store and seeds its die
    _s["hw"] = hw
    _s["pixels"] = pixels
    _s["clock"] = clock
    _s["app"] = app
    _s["leds"] = hw.ring.count
    _frame(app)
    names("boot")  # the first frame: main.py's imports and the main menu
    _tidy()


def grow_step(i):
    """When a game is on the loop grows the table of names (fishtable.ui.names.grow): the same,
    one module a VM call (the VM collects between calls only), until a collection keeps GROWN more."""
    try:
        from fishtable.ui import names
    except ImportError:  # (a firmware without it)
        return
    if _s.get("grown") or i >= len(names.LATE):
        _s["loaded"] = False
        return
    _s["loaded"] = names.load(names.LATE[i])


def grow_start():
    """After two collections: the heap before the table of names is grown."""
    gc.collect()
    _s["kept"] = gc.mem_alloc()


def grow_check():
    """After two collections: did the last step grow the table?"""
    from fishtable import forget_module

    if _s.get("grown") or not _s.get("loaded"):
        return
    gc.collect()
    now = gc.mem_alloc()
    from fishtable.ui.names import GROWN

    if now - _s["kept"] >= GROWN:
        _s["grown"] = True
        forget_module("fishtable.ui.names")
    _s["kept"] = now


def idle():
    """Step 4 (after two collections): the heap with the app idle at the main menu."""
    gc.collect()
    _s["marks"][1] = gc.mem_alloc()


def begin():
    """Step 5: a new game with the record's header, as the set-up screens create it."""
    from fishtable.core.match import Match

    name, players, start, options = _s["head"]
    match = Match(name, players, start)
    for opt in options:
        match.add_option(opt[0], tuple(opt[1]))
    app = _s["app"]
    app.begin(match)
    _frame(app)
    _tidy()


def began():
    """Step 6 (after two collections): the heap with the game's play screen up."""
    gc.collect()
    _s["marks"][2] = gc.mem_alloc()
    _s["heap"][0] = _s["marks"][2]


def statement(i):
    """One statement of the record through the play screen, then its frames (and the cursor's)."""
    app = _s["app"]
    model_alloc = _s["model_alloc"]
    writes = _s["pixels"].writes
    m0 = model_alloc[0]
    w0 = writes[0]
    a0 = gc.mem_alloc()
    stmt = app.match.parse(_s["lines"][i])
    screen = app.stack[-1]
    if not screen.play(app, stmt):
        raise RuntimeError("statement %d refused: %s (%s)" % (i + 1, _s["lines"][i], app.toast))
    _frame(app)
    while type(app.stack[-1]).__name__ == "Scoring":  # Hi Fisch!'s scoring, page by page
        app.handle(OK)
        _frame(app)
    top = app.stack[-1]
    ask = getattr(top, "ask", None)
    if app.match is not None and ask is not None and len(ask.labels) > 1:
        app.handle(NEXT)
        _frame(app)
        app.handle(PREV)
        _frame(app)
    a1 = gc.mem_alloc()
    _s["s_alloc"][i] = a1 - a0 - (model_alloc[0] - m0)
    _s["s_ring"][i] = writes[0] - w0
    _s["high"][i + 1] = a1 - (model_alloc[0] - m0)
    _tidy()


def sample(i):
    """After two collections: the heap in use after statement i."""
    gc.collect()
    _s["heap"][i + 1] = gc.mem_alloc()


def _frame(app, measure=True):
    """One pass of the app loop: tick, and a measured redraw when something changed (`measure`:
    False for the screens visited after the game, whose frames are not the figures')."""
    clock = _s["clock"]
    clock.ms += KEY_MS
    app.tick(clock.ms)
    if not measure:
        app.draw()
        return
    display = app.display
    bus = _s["bus"]
    model_alloc = _s["model_alloc"]
    sent = display.bytes_sent
    bits = bus.bits
    m0 = model_alloc[0]
    a0 = gc.mem_alloc()
    drew = app.draw()
    a1 = gc.mem_alloc()
    if drew:
        k = _s["nframes"][0]
        _s["f_alloc"][k] = a1 - a0 - (model_alloc[0] - m0)
        _s["f_i2c"][k] = display.bytes_sent - sent
        _s["f_bits"][k] = bus.bits - bits
        _s["nframes"][0] = k + 1
        if _s["digest"] is not None:
            import binascii

            _s["digest"] = binascii.crc32(display.buffer, _s["digest"])


SCAN_PAGE = "https://someone.github.io/fishtable/"  # the board's PAGE=: Scan's longest payload, the page link


def page_config():
    """config.txt beside the data folder with a PAGE= address (Scan's page link, its largest code)."""
    root = _s["data_root"]
    with open(root[: root.rfind("/")] + "/config.txt", "w") as f:
        f.write("BOARD=pico\nPAGE=%s\n" % SCAN_PAGE)


def open_scan():
    """After the game, on its end screen: NEXT to "OK: Scan", OK, and the frame that makes and
    shows the code (fishtable.ui.scan), with the PAGE= address written first."""
    page_config()
    app = _s["app"]
    app.handle(NEXT)
    _frame(app)
    app.handle(OK)
    _frame(app)
    _frame(app)
    if type(app.stack[-1]).__name__ != "Scan" or app.stack[-1].code is None:
        raise RuntimeError("Scan did not open on the end screen")
    _tidy()


def close_scan():
    """OK: back to the end screen (Scan's modules leave memory)."""
    app = _s["app"]
    app.handle(OK)
    _frame(app)
    _tidy()


def open_players():
    """Step 7, after the game: back at the main menu, a full roster (16 names) typed in through the
    store, then Players opened as a player opens it, and its first name's Rename / Remove."""
    from fishtable.ui import menu

    app = _s["app"]
    app.home()
    store = app.store
    for i in range(16 - len(store.roster())):
        store.add_player("Player%02d" % i)
    menu._chosen(app, menu.OTHERS[1])  # (Players)
    _frame(app)
    app.handle(OK)
    _frame(app)
    _tidy()


def open_stats():
    """Step 8: back at the main menu, the played game's statistics with the most players a table
    holds (32 rows, written to its file first), opened through Stats and paged once."""
    app = _s["app"]
    app.home()  # (first: the modules imported below must be the ones the app loads again after it)
    from fishtable.core import stats as core_stats
    from fishtable.core.games import find
    from fishtable.store import stats
    from fishtable.ui import menu

    store = app.store
    name = _s["head"][0]
    table = store.stats(name)
    for i in range(core_stats.MAX_ROWS):
        table.add(table.last, ["Player%02d" % i], [10 + i], [1], 20)
    stats.save(store.fs, stats.path_of(store.root, name), table)
    table = None
    from fishtable.store.fs import forget

    forget(stats)  # (with fishtable.core.stats): Stats loads them as it does on the board
    menu._chosen(app, menu.OTHERS[2])  # (Stats)
    _frame(app)
    app.stack[-1].on_ok(app, find(name).title)
    _frame(app)
    app.handle(NEXT)
    _frame(app)
    _tidy()


def names(tag):
    """The table of names and the heap now, after a collection: `BENCHQ tag in-use` followed by
    what micropython.qstr_info() and mem_info() print (tools/bench.py reads them)."""
    import sys

    import micropython

    gc.collect()
    print("BENCHQ %s %d" % (tag, gc.mem_alloc()))
    micropython.qstr_info()
    micropython.mem_info()
    print("BENCHM " + " ".join(name for name in sys.modules if name.startswith("fishtable")))


def open_help():
    """At the end screen: the game's Help (as the game menu opens it), every page, then back."""
    from fishtable.ui.scoreboard import show_help

    app = _s["app"]
    show_help(app, _s["head"][0])
    _frame(app, False)
    pages = len(app.stack[-1].pages)
    for _ in range(pages):
        app.handle(NEXT)
        _frame(app, False)
    names("help")
    app.handle(OK)
    _frame(app, False)
    _tidy()


def open_history():
    """From the main menu: History, its newest game, back to the main menu."""
    from fishtable.ui import menu

    app = _s["app"]
    app.home()
    _frame(app, False)
    menu._chosen(app, menu.OTHERS[0])  # (History: an ID on a board)
    _frame(app, False)
    app.handle(OK)
    _frame(app, False)
    names("history")
    app.home()
    _frame(app, False)
    _tidy()


def sample_screen(k):
    """After two collections: the heap in use with Players (k=3), Stats (k=4) or Scan (k=5) open."""
    gc.collect()
    _s["marks"][k] = gc.mem_alloc()


def _tidy():
    """Empty the models' logs (their memory stays what the baseline saw)."""
    del _s["panel"].log[:]


def _ints(arr, n):
    return "[" + ",".join(str(arr[i]) for i in range(n)) + "]"


def report(tag):
    """Print the run's figures as `BENCH key json` lines."""
    n = len(_s["lines"])
    k = _s["nframes"][0]
    marks = _s["marks"]
    print("BENCH %s_marks %s" % (tag, _ints(marks, 6)))
    print("BENCH %s_heap %s" % (tag, _ints(_s["heap"], n + 1)))
    print("BENCH %s_high %s" % (tag, _ints(_s["high"], n + 1)))
    print("BENCH %s_stmt_alloc %s" % (tag, _ints(_s["s_alloc"], n)))
    print("BENCH %s_stmt_ring %s" % (tag, _ints(_s["s_ring"], n)))
    print("BENCH %s_frame_alloc %s" % (tag, _ints(_s["f_alloc"], k)))
    print("BENCH %s_frame_i2c %s" % (tag, _ints(_s["f_i2c"], k)))
    print("BENCH %s_frame_bits %s" % (tag, _ints(_s["f_bits"], k)))
    print("BENCH %s_leds %d" % (tag, _s["leds"]))
    if _s["digest"] is not None:
        print("BENCH %s_digest %d" % (tag, _s["digest"]))
    over = _s["app"].match is None
    print("BENCH %s_over %s" % (tag, "true" if over else "false"))


def run_game(name, players, start, options, lines, boards="boards", data_root="/tmp/fishtable-bench", lang=None):
    """The whole run in one process (the unix port: its GC collects on its own).  Prints the
    heap in use after each statement (collected) and `micropython.mem_info()` at the end."""
    import micropython

    load(name, players, start, options, lines, boards, data_root, lang=lang)
    baseline()
    build()
    idle()
    begin()
    began()
    for i in range(len(lines)):
        statement(i)
        sample(i)
    open_scan()
    sample_screen(5)
    close_scan()
    open_players()
    sample_screen(3)
    open_stats()
    sample_screen(4)
    marks = _s["marks"]
    heap = _s["heap"]
    top = 0
    for i in range(len(lines) + 1):
        top = max(top, heap[i])
    print("BENCH unix_baseline %d" % marks[0])
    print("BENCH unix_idle %d" % marks[1])
    print("BENCH unix_peak %d" % top)
    print("BENCH unix_players %d" % marks[3])
    print("BENCH unix_stats %d" % marks[4])
    print("BENCH unix_scan %d" % marks[5])
    print("BENCH unix_over %s" % ("true" if _s["app"].match is None else "false"))
    micropython.mem_info()
