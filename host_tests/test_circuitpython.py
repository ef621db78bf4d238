"""The CircuitPython implementation (fishtable.cp) under CPython with Adafruit Blinka.

Blinka's OS-agnostic board (BLINKA_OS_AGNOSTIC=1) gives `board`, `busio`, `digitalio`,
`keypad` and `neopixel`; adafruit-blinka-displayio gives `displayio`, `i2cdisplaybus` and
`busdisplay`, which run the real adafruit_displayio_ssd1306 driver.  Its I2C writes go into
the SSD1306 model of tools/devices (the one the MicroPython driver's tests use) and its
NeoPixel bytes are caught at `neopixel_write`.  The same drawing, ring patterns and scripted
game then run through the MicroPython path (fishtable.hw under the MicroPython unix port, with
the tools/devices machine/neopixel stand-ins): the glass images and the ring's bytes must match.
"""

import os
import random
import sys
import types

import pytest

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLS = os.path.join(ROOT, "tools")

from devices import font as hostfont  # noqa: E402
from devices.inputs import Clock  # noqa: E402
from devices.panel import SSD1306Model  # noqa: E402
from fw import cp_parity  # noqa: E402

import mprun  # noqa: E402

displayio = pytest.importorskip("displayio", reason="adafruit-blinka-displayio is not installed")
pytest.importorskip("adafruit_displayio_ssd1306", reason="adafruit-circuitpython-displayio-ssd1306 missing")
board = pytest.importorskip("board", reason="adafruit-blinka is not installed")
import busio  # noqa: E402
import keypad  # noqa: E402

from fishtable.cp import bootmode, cptime, framebuf, hardware, runtime  # noqa: E402
from fishtable.cp import keys as cpkeys  # noqa: E402
from fishtable.cp import storage as cpstorage  # noqa: E402
from fishtable.cp.display import PAGE_OVERHEAD, open_display  # noqa: E402
from fishtable.hw import keys as hwkeys  # noqa: E402

framebuf.load_font(hostfont.font_file())  # the board reads it from the drive: see deploy_cp


def _blinka_neopixel():
    """Blinka's neopixel module, even when another test put the tools/devices stand-in in sys.modules."""
    saved = sys.modules.pop("neopixel", None)
    try:
        import neopixel as blinka

        return blinka
    finally:
        if saved is not None:
            sys.modules["neopixel"] = saved


NEOPIXEL = _blinka_neopixel()


@pytest.fixture(scope="module", autouse=True)
def _blinka_background():
    """Blinka's displayio polls its displays from a thread: stop it when this module is done."""
    yield
    displayio.release_displays()
    displayio._stop_background()


@pytest.fixture
def ring_bytes(monkeypatch):
    """Every frame Blinka's NeoPixel sends (its G, R, B bytes), with `neopixel` being Blinka's."""
    sent = []
    monkeypatch.setitem(sys.modules, "neopixel", NEOPIXEL)
    monkeypatch.setattr(NEOPIXEL, "neopixel_write", lambda pin, buf: sent.append(bytes(buf)))
    return sent


class PanelBus:
    """The inside of a Blinka busio.I2C: writes go to the SSD1306 model; counts bus bytes."""

    def __init__(self, panel, address=0x3C):
        self.panel = panel
        self.address = address
        self.bytes = 0
        self.writes = 0

    def writeto(self, address, buffer, *, stop=True):
        if address != self.address:
            raise OSError(5, "no ACK")
        data = bytes(buffer)
        self.bytes += len(data)
        self.writes += 1
        self.panel.write(data)

    def scan(self):
        return [self.address] if self.panel is not None else []


def blinka_i2c(panel):
    """A real Blinka busio.I2C whose wire ends in `panel` (None: nothing answers)."""
    i2c = busio.I2C(board.SCL, board.SDA)
    i2c._i2c = PanelBus(panel)
    return i2c


def cp_display(panel, flip=False):
    displayio.release_displays()
    i2c = blinka_i2c(panel)
    return open_display(i2c, 0x3C, 128, 64, flip), i2c._i2c


# -- the framebuf: identical pixels to MicroPython's C framebuf --------------------------



def random_fb_ops(seed, n):
    rng = random.Random(seed)
    colours = (0, 1, 1, 2, -1)
    ops = []
    for _ in range(n):
        kind = rng.choice(("fill_rect", "rect", "line", "line", "text", "pixel", "hline", "vline", "fill", "blit",
                           "pixel_get"))
        x, y = rng.randint(-20, 140), rng.randint(-20, 80)
        c = rng.choice(colours)
        if kind in ("fill_rect", "rect"):
            op = [kind, x, y, rng.randint(-3, 60), rng.randint(-3, 40), c]
            if kind == "rect" and rng.random() < 0.3:
                op.append(True)
        elif kind == "line":
            op = [kind, x, y, rng.randint(-20, 140), rng.randint(-20, 80), c]
        elif kind == "text":
            text = "".join(rng.choice("Ab 9?~\x7f\x01\u00e9") for _ in range(rng.randint(0, 6)))
            op = [kind, text, x, y, c]
        elif kind in ("pixel", "pixel_get"):
            op = [kind, rng.randint(-2, 129), rng.randint(-2, 65)] + ([c] if kind == "pixel" else [])
        elif kind in ("hline", "vline"):
            op = [kind, x, y, rng.randint(-3, 60), c]
        elif kind == "fill":
            op = [kind, rng.randint(0, 1)]
        else:
            data = bytes(rng.randint(0, 255) for _ in range(16)).hex()
            op = [kind, data, rng.randint(5, 12), rng.randint(4, 9), rng.choice((0, 3, 4)), x, y,
                  rng.choice((-1, 0, 1))]
        ops.append(op)
    return ops




def test_framebuf_matches_micropython_byte_for_byte(fw_runner):
    ops = random_fb_ops(11, 2500)
    ops += [["text", chr(c), 3, 5, 1] for c in range(32, 128)]  # the whole font, off the grid
    expected, count = fw_runner("micropython").call("cp_parity.framebuf_ops", ops, printed=True)
    assert count == len(ops)
    got = []
    cp_parity.fb_apply(framebuf, ops, got.append)
    assert len(got) == len(expected) == len(ops)
    for i, (a, b) in enumerate(zip(got, expected)):
        assert a == b, "op %d differs: %r" % (i, ops[i])


def test_framebuf_refuses_what_micropython_refuses():
    with pytest.raises(ValueError):
        framebuf.FrameBuffer(bytearray(10), 128, 64, framebuf.MONO_VLSB)
    with pytest.raises(ValueError):
        framebuf.FrameBuffer(bytearray(1024), 128, 64, 1)  # RGB565 is not provided
    fb = framebuf.FrameBuffer(bytearray(8), 8, 8, framebuf.MONO_VLSB)
    assert fb.pixel(8, 0) is None and fb.pixel(0, 0) == 0


# -- the display: displayio + adafruit_displayio_ssd1306 against the MicroPython driver ----



def random_drawing(seed, frames):
    rng = random.Random(seed)
    ops = [["fill", 0], ["text", "fishtable", 0, 0, 1], ["rect", 0, 12, 128, 40, 1], ["text2x", "12:34", 10, 20],
           ["show"]]
    colours = [[255, 0, 0], [0, 200, 40], [30, 60, 255], [255, 255, 255], [7, 9, 11]]
    for frame in range(frames):
        for _ in range(rng.randint(1, 4)):
            kind = rng.choice(("text", "text2x", "fill_rect", "line", "rect", "hline", "vline", "pixel", "blit"))
            x, y, c = rng.randint(-10, 130), rng.randint(-10, 70), rng.randint(0, 1)
            if kind in ("text", "text2x"):
                ops.append([kind, "".join(rng.choice("Yo!Fish 0123\u00e9") for _ in range(rng.randint(1, 6))), x, y, c])
            elif kind in ("fill_rect", "rect"):
                ops.append([kind, x, y, rng.randint(1, 50), rng.randint(1, 30), c])
            elif kind == "line":
                ops.append([kind, x, y, rng.randint(-10, 130), rng.randint(-10, 70), c])
            elif kind in ("hline", "vline"):
                ops.append([kind, x, y, rng.randint(1, 60), c])
            elif kind == "pixel":
                ops.append([kind, x, y, c])
            else:
                ops.append(["blit", bytes(rng.randint(0, 255) for _ in range(8)).hex(), 8, 8, 3, x, y, -1])
        if frame % 17 == 5:
            ops.append(["flip", frame % 2 == 1])
        if frame % 13 == 7:
            ops.append(["contrast", rng.randint(0, 255)])
        if frame % 9 == 0:
            ops.append(["fill", frame % 2])
        ops.append(["show"])
        pattern = frame % 6
        if pattern == 0:
            ops.append(["ring", "fill", rng.choice(colours)])
        elif pattern == 1:
            ops.append(["ring", "set", rng.randint(0, 11), rng.choice(colours)])
        elif pattern == 2:
            ops.append(["ring", "spinner", frame, rng.choice(colours)])
        elif pattern == 3:
            ops.append(["ring", "player", rng.choice(colours)])
        elif pattern == 4:
            ops.append(["ring", "celebrate", frame, colours])
        else:
            ops.append(["ring", "set_brightness", rng.randint(0, 255)])
        ops.append(["ring", "show"])
    return ops


def test_drawing_and_ring_match_the_micropython_path(ring_bytes, monkeypatch, fw_runner):
    monkeypatch.setitem(sys.modules, "framebuf", framebuf)  # as cp/runtime.main registers it for draw.big
    from fishtable.ui import draw

    monkeypatch.setattr(draw, "_state", [False])  # not strict (a Rig of another test may have left it on)
    ops = random_drawing(5, 70)
    expected = fw_runner("micropython").call("cp_parity.drawing", ops)

    panel = SSD1306Model()
    display, bus = cp_display(panel)
    ring = hardware.Parts().ring(board.NEOPIXEL, 12, 32, 64, 300, 20)
    got = []
    sent = []  # (bytes show() says, bytes that crossed the bus)

    class Measured:
        """Display wrapper: compare show()'s count with the bus."""

        def __getattr__(self, name):
            return getattr(display, name)

        def show(self):
            before = bus.bytes
            said = display.show()
            sent.append((said, bus.bytes - before))

    def glass():
        return [bytes(panel.glass_pages()).hex(), panel.contrast, panel.display_on]

    cp_parity.drive(Measured(), ring, ops, glass, lambda: ring_bytes[-1].hex(), got.append, framebuf)
    assert panel.unknown == []
    assert len(got) == len(expected)
    for i, (a, b) in enumerate(zip(got, expected)):
        assert a == b, "output %d differs" % i
    assert all(said == measured for said, measured in sent)
    assert len(ring_bytes) == sum(1 for op in ops if op[0] == "ring" and op[1] == "show")


def test_show_sends_only_the_changed_columns_of_changed_pages():
    panel = SSD1306Model()
    display, bus = cp_display(panel)
    display.text("Score 17", 0, 8, 1)
    display.show()
    writes = bus.writes
    assert display.show() == 0 and bus.writes == writes  # nothing changed: nothing sent
    before, data_before = bus.bytes, panel.data_bytes
    display.fill_rect(56, 8, 8, 8, 0)
    display.text("8", 56, 8, 1)
    said = display.show()
    assert panel.data_bytes - data_before <= 8  # one page, at most the 8 columns of one digit
    assert said == bus.bytes - before == PAGE_OVERHEAD + panel.data_bytes - data_before
    assert bytes(panel.glass_pages()) == bytes(display.buffer)


def test_flip_rewrites_the_panel_turned_by_180_degrees():
    from devices.panel import rotate180_vlsb

    panel = SSD1306Model()
    display, _ = cp_display(panel, flip=True)
    display.text("flip", 0, 0, 1)
    display.show()
    assert bytes(panel.glass_pages()) == bytes(rotate180_vlsb(display.buffer, 128, 64))
    display.set_flip(False)
    display.show()
    assert bytes(panel.glass_pages()) == bytes(display.buffer)


def test_missing_panel_gives_no_display(ring_bytes, tmp_path):
    hw = hardware.build(load("circuitpython_pico"), BlinkaParts(panel=None))
    assert hw.display is None and hw.ring is not None
    assert isinstance(hw.keys, cpkeys.Buttons)


class NoKeypad:
    """Parts of a firmware without keypad and rotaryio: inputs are Blinka digitalio pins."""

    def scanner(self, pins, interval_s):
        raise ImportError("no module named 'keypad'")

    def counter(self, pin_a, pin_b, divisor):
        raise ImportError("no module named 'rotaryio'")

    def pin_in(self, pin):
        # GPIO 14 (NEXT, encoder B) reads low: pressed; the others read high
        return hardware.Parts.pin_in(self, board.Dx_INPUT_FALSE if pin == 14 else board.Dx_INPUT_TRUE)


def test_encoder_board_and_the_polled_fallback(ring_bytes):
    hw = hardware.build(load("pico_encoder"), BlinkaParts(SSD1306Model()))
    assert isinstance(hw.keys, cpkeys.Encoder) and hw.display is not None

    class Buttonless(NoKeypad, BlinkaParts):
        pass

    hw = hardware.build(load("circuitpython_pico"), Buttonless(SSD1306Model()))
    assert isinstance(hw.keys, hwkeys.Buttons)
    # NEXT reads pressed from the start: held at start, so no event (hw.keys' rule)
    assert [hw.keys.poll(t) for t in range(0, 1000, 10)] == [hwkeys.NONE] * 100
    hw = hardware.build(load("pico_encoder"), Buttonless(SSD1306Model()))
    from fishtable.hw.encoder import Encoder

    assert isinstance(hw.keys, Encoder)


def test_a_panel_chip_circuitpython_does_not_drive_is_said():
    """The SH1106 and SSD1309 profiles: a board error naming the field, not a garbled picture."""
    from fishtable.hw.board import BoardError

    for name, chip in (("pico_sh1106", "sh1106"), ("pico_ssd1309", "ssd1309")):
        with pytest.raises(BoardError) as err:
            hardware.build(load(name), BlinkaParts(SSD1306Model()))
        assert "display.chip = %s" % chip in str(err.value) and "MicroPython" in str(err.value)


# -- keys: keypad events give the events fishtable.hw.keys gives for the same presses ------

class Scanner:
    """A keypad.Keys stand-in whose queue is Blinka's real keypad.EventQueue."""

    def __init__(self):
        self.events = keypad.EventQueue(64)


class Levels:
    """Pins with value() for fishtable.hw.keys, set from a level table (1 = released)."""

    def __init__(self, n):
        self.levels = [1] * n

    def pin(self, i):
        return types.SimpleNamespace(value=lambda: self.levels[i])


def key_timeline(seed, presses):
    """(time_ms, key, pressed) edges on a 5 ms grid, each level held 25 ms or more."""
    rng = random.Random(seed)
    t = 0
    edges = []
    for _ in range(presses):
        key = rng.choice((0, 1, 2, 2))
        t += 5 * rng.randint(5, 40)
        edges.append((t, key, True))
        t += 5 * rng.choice((5, 8, 30, 120, 160, 250))
        edges.append((t, key, False))
    return edges, t + 2000


def test_buttons_give_the_micropython_events(monkeypatch):
    debounce = 20
    edges, end = key_timeline(3, 120)
    levels = Levels(3)
    hw = hwkeys.Buttons(levels.pin(0), levels.pin(1), levels.pin(2), debounce, 700, 500, 150)
    scanner = Scanner()
    cp = cpkeys.Buttons(scanner, (False, False, False), 700, 500, 150)
    got_hw, got_cp = [], []
    pending = list(edges)
    delayed = list(edges)
    for now in range(0, end, 5):
        # keypad reports an edge once it is stable for its scan interval (the debounce); the
        # MicroPython keys act on an edge at once, so they see the edges as late as keypad does
        while pending and pending[0][0] + debounce <= now:
            _, key, pressed = pending.pop(0)
            levels.levels[key] = 0 if pressed else 1
        while delayed and delayed[0][0] + debounce <= now:
            _, key, pressed = delayed.pop(0)
            scanner.events.keypad_eventqueue_record(key, pressed)
        for source, out in ((hw, got_hw), (cp, got_cp)):
            ev = source.poll(now)
            if ev:
                out.append((now, ev))
    assert got_cp == got_hw
    kinds = set(ev for _, ev in got_cp)
    assert kinds == {cpkeys.PREV, cpkeys.NEXT, cpkeys.OK, cpkeys.BACK}
    assert (cpkeys.PREV, cpkeys.NEXT, cpkeys.OK, cpkeys.BACK) == (hwkeys.PREV, hwkeys.NEXT, hwkeys.OK, hwkeys.BACK)


def test_a_key_held_at_start_is_silent_until_released():
    scanner = Scanner()
    keys = cpkeys.Buttons(scanner, (False, False, True))
    scanner.events.keypad_eventqueue_record(2, True)  # keypad's first scan sees it down
    assert [keys.poll(t) for t in range(0, 2000, 10)].count(cpkeys.NONE) == 200  # no BACK either
    scanner.events.keypad_eventqueue_record(2, False)
    assert keys.poll(2000) == cpkeys.NONE
    scanner.events.keypad_eventqueue_record(2, True)
    scanner.events.keypad_eventqueue_record(2, False)
    assert keys.poll(2100) == cpkeys.OK


def test_encoder_steps_and_switch():
    scanner = Scanner()
    counter = types.SimpleNamespace(position=5)
    keys = cpkeys.Encoder(counter, scanner, False, 700)
    assert keys.poll(0) == cpkeys.NONE
    counter.position = 8
    assert [keys.poll(t) for t in (10, 20, 30, 40)] == [cpkeys.NEXT] * 3 + [cpkeys.NONE]
    counter.position = 6
    assert [keys.poll(t) for t in (50, 60, 70)] == [cpkeys.PREV] * 2 + [cpkeys.NONE]
    scanner.events.keypad_eventqueue_record(0, True)
    assert keys.poll(100) == cpkeys.NONE and keys.ok_held()
    assert keys.poll(900) == cpkeys.BACK
    scanner.events.keypad_eventqueue_record(0, False)
    assert keys.poll(950) == cpkeys.NONE
    reverse = cpkeys.Encoder(counter, Scanner(), False, 700, reverse=True)
    counter.position += 1
    assert reverse.poll(0) == cpkeys.PREV


# -- storage and the boot switch -------------------------------------------------------------

def test_boot_switch_chooses_who_writes_the_drive(tmp_path):
    remounts = []
    storage = types.SimpleNamespace(remount=lambda path, readonly: remounts.append((path, readonly)))
    assert bootmode.apply(bootmode.choose(False, False), storage) == bootmode.JOURNAL
    assert remounts == [("/", False)]
    assert bootmode.apply(bootmode.choose(True, False), storage) == bootmode.USB_EDIT
    assert bootmode.apply(bootmode.choose(False, True), storage) == bootmode.USB_EDIT
    assert remounts == [("/", False)]
    flag = tmp_path / "usb_edit"
    assert not bootmode.flag_present(str(flag))
    flag.write_text("")
    assert bootmode.flag_present(str(flag))
    # OK is read through Blinka's digitalio: a pin reading low (pressed to ground) is held
    assert bootmode.key_held(board.Dx_INPUT_FALSE) and not bootmode.key_held(board.Dx_INPUT_TRUE)
    config = tmp_path / "config.txt"
    config.write_text("BOARD=circuitpython_pico\n")
    assert bootmode.ok_pin_number(str(config), os.path.join(ROOT, "boards")) == 15
    config.write_text("BOARD=pico_encoder\n")
    assert bootmode.ok_pin_number(str(config), os.path.join(ROOT, "boards")) == 15
    config.write_text("BOARD=nosuchboard\n")
    assert bootmode.ok_pin_number(str(config), os.path.join(ROOT, "boards")) is None


def test_drive_mode_picks_the_store(tmp_path):
    ro = types.SimpleNamespace(getmount=lambda path: types.SimpleNamespace(readonly=True))
    rw = types.SimpleNamespace(getmount=lambda path: types.SimpleNamespace(readonly=False))
    assert cpstorage.drive_writable(rw) and not cpstorage.drive_writable(ro)
    store = cpstorage.open_store(str(tmp_path / "data"), writable=False)
    assert isinstance(store, cpstorage.ReadOnlyStore)
    assert store.resume() == (None, cpstorage.READ_ONLY_NOTE)
    store.save_settings({"flip": 1})
    assert not os.path.exists(str(tmp_path / "data"))
    assert type(cpstorage.open_store(str(tmp_path / "data"), writable=True)).__name__ == "Store"


def test_rename_replaces_on_fat(tmp_path, monkeypatch):
    real = os.rename

    def fat_rename(old, new):
        if os.path.exists(new):
            raise OSError(17, "EEXIST")  # FAT refuses to rename onto an existing file
        real(old, new)

    monkeypatch.setattr(cpstorage.os, "rename", fat_rename)
    fs = cpstorage.CpFs()
    a, b = str(tmp_path / "a"), str(tmp_path / "b")
    (tmp_path / "a").write_text("new")
    (tmp_path / "b").write_text("old")
    fs.rename(a, b)
    assert (tmp_path / "b").read_text() == "new" and not os.path.exists(a)
    with pytest.raises(OSError):
        fs.rename(a, b)  # the source is gone: still an error




def test_cptime_gives_ticks_that_wrap_like_circuitpython(run_fw):
    assert run_fw.call("cp_parity.cptime_ticks") == [True, 12, -12, 5, True, 7, True]


# -- the whole board: runtime.main() with the app, against the MicroPython path -------------

def load(name):
    from fishtable.hw import board as profiles

    return profiles.load_profile(name, os.path.join(ROOT, "boards"))




class BlinkaParts(hardware.Parts):
    """CircuitPython parts on Blinka's generic board: the panel model on I2C, keypad/rotaryio stand-ins."""

    def __init__(self, panel, clock=None):
        self.panel = panel
        self.vclock = clock
        self.scanners = []

    def pin(self, number):
        return number  # GPIO numbers: the parts below map them to Blinka's generic pins

    def i2c(self, scl, sda, frequency):
        return blinka_i2c(self.panel)

    def held(self, pins):
        return tuple(False for _ in pins)

    def scanner(self, pins, interval_s):
        self.scanners.append(Scanner())
        return self.scanners[-1]

    def counter(self, pin_a, pin_b, divisor):
        return types.SimpleNamespace(position=0)

    def ring(self, pin, count, brightness, cap, budget_ma, ma_per_channel):
        return super().ring(board.NEOPIXEL, count, brightness, cap, budget_ma, ma_per_channel)

    def clock(self):
        return self.vclock if self.vclock is not None else cptime


def game_events(seed, count):
    """A deterministic walk through the app: mostly OK and NEXT, some PREV and BACK."""
    rng = random.Random(seed)
    choices = (hwkeys.OK, hwkeys.OK, hwkeys.NEXT, hwkeys.NEXT, hwkeys.PREV, hwkeys.BACK)
    return [rng.choice(choices) for _ in range(count)]


def run_cp_game(tmp_path, monkeypatch, ring_bytes, events, gap, passes, writable=True):
    """runtime.main() on Blinka with scripted keys; returns (frames, app)."""
    clock = Clock()
    panel = SSD1306Model()
    parts = BlinkaParts(panel, clock=clock)
    captured = {}

    def capture():
        return [bytes(panel.glass_pages()).hex(), panel.contrast, panel.display_on,
                ring_bytes[-1].hex() if ring_bytes else ""]

    original = hardware.build

    def build(profile, parts_arg=None):
        hw = original(profile, parts_arg)
        hw.seed = 1
        hw.keys = captured["keys"] = cp_parity.ScriptKeys(events, gap, capture)
        return hw

    config = tmp_path / "config.txt"
    config.write_text("BOARD=circuitpython_pico\n")
    root = str(tmp_path / ("cp" if writable else "ro"))
    original_open = cpstorage.open_store
    monkeypatch.setattr(hardware, "build", build)
    monkeypatch.setattr(cpstorage, "open_store", lambda r: original_open(root, writable=writable))
    app = runtime.main(str(config), os.path.join(ROOT, "boards"), parts, passes)
    keys = captured["keys"]
    keys.snap()
    return keys.frames, app


def test_scripted_game_matches_the_micropython_path(tmp_path, monkeypatch, ring_bytes, fw_runner):
    pytest.importorskip("fishtable.ui.loop")
    events = game_events(2, 60)
    gap, passes = 12, 12 * 64
    args = {"boards": os.path.join(ROOT, "boards"), "events": events, "gap": gap, "passes": passes,
            "root": str(tmp_path / "mp")}
    expected = fw_runner("micropython").call("cp_parity.game", args, heapsize="8M")
    got, app = run_cp_game(tmp_path, monkeypatch, ring_bytes, events, gap, passes)
    assert app is not None
    assert len(expected) > 10  # the walk really went through screens
    # Frame 0 is the panel before the app's first draw: the MicroPython driver leaves the RAM's
    # power-on noise there until its first show(), displayio's start-up refresh blanks it.
    assert set(bytes.fromhex(got[0][0])) == {0}
    assert len(got) == len(expected)
    for i, (a, b) in enumerate(zip(got, expected)):
        if i:
            assert a == b, "frame %d differs" % i
    # both journalled the same game in progress
    mp_files = sorted(os.listdir(str(tmp_path / "mp"))) if os.path.isdir(str(tmp_path / "mp")) else []
    cp_files = sorted(os.listdir(str(tmp_path / "cp"))) if os.path.isdir(str(tmp_path / "cp")) else []
    assert mp_files == cp_files


def test_read_only_drive_runs_the_app_without_a_journal(tmp_path, monkeypatch, ring_bytes):
    pytest.importorskip("fishtable.ui.loop")
    events = game_events(2, 20)
    frames, app = run_cp_game(tmp_path, monkeypatch, ring_bytes, [0] + events, 12, 12 * 22, writable=False)
    assert isinstance(app.store, cpstorage.ReadOnlyStore)
    assert not os.path.exists(str(tmp_path / "ro"))  # nothing written
    assert len(frames) > 3  # the app went on through screens
    # frames[0] is the blank panel before the first draw; frames[1] shows the message, centred on
    # character rows 3 and 4 inside a box
    glass = bytes.fromhex(frames[1][0])
    for row, line in ((3, "Read-only: no"), (4, "journal")):
        strip = framebuf.FrameBuffer(bytearray(128), 128, 8, framebuf.MONO_VLSB)
        x = (128 - 8 * len(line)) // 2
        strip.text(line, x, 0, 1)
        assert glass[row * 128 + 1: row * 128 + 127] == bytes(strip.buffer[1:127]), line


# -- deploying to a CIRCUITPY drive -------------------------------------------------------------

def test_deploy_copies_what_the_drive_needs(tmp_path):
    import deploy_cp

    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    with pytest.raises(deploy_cp.DeployError):
        deploy_cp.deploy(str(drive), out=lambda *a: None)  # no boot_out.txt: not CircuitPython's drive
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.1 on 2024-11-20; Raspberry Pi Pico with rp2040\n")
    written = deploy_cp.deploy(str(drive), out=lambda *a: None)
    for rel in ("code.py", "boot.py", "config.txt", "boards/circuitpython_pico.json", "fishtable/cp/display.py",
                "fishtable/ui/app.py", "fishtable/core/match.py", "fishtable/store/journal.py",
                "fishtable/cp/font8x8.bin"):
        assert rel in written and (drive / rel).exists(), rel
    assert (drive / "fishtable/cp/font8x8.bin").read_bytes() == hostfont.font_bytes()
    assert (drive / "config.txt").read_text() == "BOARD=circuitpython_pico\n"
    assert not any("__pycache__" in rel for rel in written)
    # the drive now holds what the board's boot.py reads: the OK key's pin of that profile
    assert bootmode.ok_pin_number(str(drive / "config.txt"), str(drive / "boards")) == 15
    assert deploy_cp.deploy(str(drive), out=lambda *a: None) == []  # nothing changed: nothing written
    assert deploy_cp.deploy(str(drive), usb_edit=True, out=lambda *a: None) == ["usb_edit"]
    assert bootmode.flag_present(str(drive / "usb_edit"))
    assert deploy_cp.deploy(str(drive), usb_edit=False, out=lambda *a: None) == ["-usb_edit"]
    assert not (drive / "usb_edit").exists()
    assert deploy_cp.deploy(str(drive), board="pico_encoder", dry_run=True, out=lambda *a: None) == ["config.txt"]
    assert (drive / "config.txt").read_text() == "BOARD=circuitpython_pico\n"


DEPLOYED_TEXT = """
import framebuf as builtin
from fishtable.cp import framebuf as cp
def draw(mod):
    b = bytearray(256)
    mod.FrameBuffer(b, 128, 16, mod.MONO_VLSB).text("Fish 0123 ~!@_", 3, 5, 1)
    return bytes(b)
print(cp.FONT_PATH, draw(cp) == draw(builtin))
"""


def test_deployed_framebuf_reads_the_font_next_to_itself(tmp_path):
    import subprocess

    import deploy_cp

    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.1\n")
    deploy_cp.deploy(str(drive), out=lambda *a: None)
    font_on_drive = drive / "fishtable" / "cp" / "font8x8.bin"
    font_on_drive.write_bytes(b"x" * 768)  # a damaged font: the dry run names it and leaves it
    assert deploy_cp.deploy(str(drive), dry_run=True, out=lambda *a: None) == ["fishtable/cp/font8x8.bin"]
    assert font_on_drive.read_bytes() == b"x" * 768
    assert deploy_cp.deploy(str(drive), out=lambda *a: None) == ["fishtable/cp/font8x8.bin"]
    # the drive's module, under a MicroPython-family interpreter, finds the font by its __file__
    env = dict(os.environ, MICROPYPATH=str(drive))
    proc = subprocess.run([mprun.micropython_binary(), "-c", DEPLOYED_TEXT], capture_output=True, text=True,
                          env=env, cwd=str(tmp_path), timeout=60)
    assert proc.stdout.split() == [str(font_on_drive), "True"], proc.stdout + proc.stderr


# Modules CircuitPython 9/10 has built in on the Pico (no library to install).
CP_BUILTIN = {"board", "busio", "digitalio", "displayio", "i2cdisplaybus", "keypad", "rotaryio", "storage",
              "supervisor", "micropython", "sys", "os", "time", "gc", "json"}


def test_circup_requirements_name_the_libraries_the_code_imports():
    import ast
    import glob

    with open(os.path.join(ROOT, "circuitpython", "requirements.txt")) as f:
        libs = {line.strip() for line in f if line.strip() and not line.startswith("#")}
    imported = set()
    sources = glob.glob(os.path.join(ROOT, "firmware", "fishtable", "cp", "*.py"))
    sources += glob.glob(os.path.join(ROOT, "firmware", "circuitpython", "*.py"))
    for path in sources:
        with open(path) as f:
            tree = ast.parse(f.read())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                imported.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                imported.add(node.module.split(".")[0])
    assert imported - CP_BUILTIN - {"fishtable"} == libs


def test_the_circuitpython_side_never_imports_machine_or_framebuf(fw_runner):
    pytest.importorskip("fishtable.ui.loop")
    assert fw_runner("cpython").call("cp_guard.imports_without_machine") == "ok"


# -- the simulator's scripted game (tools/sim.py) through both paths ------------------------------

SIM_SCRIPT = """
# a walk through the menus into a game and some turns (the simulator's key-script words)
next ok ok ok ok next ok ok wait:600 next ok prev ok ok next*3 ok hold:300 ok back
ok next ok next next ok wait:3000 ok ok next ok back back prev ok
"""


def sim_frames_micropython(keys_file, seed, flash):
    """The F lines of tools/sim.py's runner (firmware/main.py under the MicroPython unix port),
    started as `tools/sim.py --micropython` starts it."""
    import subprocess

    import sim

    simlib = os.path.join(TOOLS, "simlib")
    os.makedirs(flash, exist_ok=True)
    argv, env = mprun.command("micropython", os.path.join(simlib, "simrun.py"),
                              [keys_file, str(seed), flash, sim.MAIN_PY],
                              path=(TOOLS,))
    proc = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)
    lines = proc.stdout.splitlines()
    assert proc.returncode == 0 and lines and lines[-1] == "E", proc.stdout[-800:] + proc.stderr[-800:]
    return [line for line in lines if line.startswith("F ")]


def sim_frames_circuitpython(tmp_path, monkeypatch, ring_bytes, keys_file, seed, flash):
    """The same key script on the CircuitPython path: runtime.main() on Blinka, the script's button
    presses delivered as keypad events (after the debounce interval, as keypad reports them)."""
    import contextlib
    import io

    from simlib import simrun
    with open(keys_file) as f:
        script = simrun.parse_script(f.read())
    os.makedirs(flash, exist_ok=True)
    panel = SSD1306Model()
    clock = Clock()
    parts = BlinkaParts(panel, clock=clock)
    frames = simrun.Frames(panel)

    class Pixels:
        """What Frames reads from the NeoPixel model: its last written G, R, B bytes."""

        ORDER = (1, 0, 2)
        writes = 0
        n = 0
        light = True
        last_raw = bytearray()

    def sent(pin, buf):
        ring_bytes.append(bytes(buf))
        Pixels.n = len(buf) // 3
        Pixels.last_raw = bytearray(buf)
        Pixels.writes += 1

    monkeypatch.setattr(NEOPIXEL, "neopixel_write", sent)
    frames.pixels = Pixels
    original = hardware.build

    def build(profile, parts_arg=None):
        hw = original(profile, parts_arg)
        hw.seed = seed
        scanner = parts.scanners[-1]
        inp = profile["input"]
        index = {inp["prev"]: 0, inp["next"]: 1, inp["ok"]: 2}
        due = []  # (time, key, pressed) edges waiting for keypad's debounce interval

        class Delivered:
            @property
            def down_event(self):  # the app turns OK's DOWN on: the keys underneath give it
                return cp_keys.down_event

            @down_event.setter
            def down_event(self, on):
                cp_keys.down_event = on

            def poll(self, now):
                while due and due[0][0] <= now:
                    _, key, pressed = due.pop(0)
                    scanner.events.keypad_eventqueue_record(key, pressed)
                return cp_keys.poll(now)

        cp_keys = hw.keys
        pins = {"prev": inp["prev"], "next": inp["next"], "ok": inp["ok"]}
        hw.keys = simrun.PinScript(script, Delivered(), pins, frames.capture)
        # delivered at once: the MicroPython keys act on a pin's first edge, and this compares the frames
        # (keypad's own scan delay, up to debounce_ms, is not modelled here)
        hw.keys.drive = lambda gpio, level: due.append((clock.ms, index[gpio], level == 0))
        return hw

    monkeypatch.setattr(hardware, "build", build)
    monkeypatch.setattr(cpstorage, "open_store", lambda root: cpstorage.Store(cpstorage.CpFs(), flash + "/data"))
    config = tmp_path / "config.txt"
    config.write_text("BOARD=circuitpython_pico\n")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            runtime.main(str(config), os.path.join(ROOT, "boards"), parts)
        except simrun.Done:
            pass
        frames.capture(clock.ms)
    return [line for line in out.getvalue().splitlines() if line.startswith("F ")]


def test_simulator_game_matches_the_micropython_path(tmp_path, monkeypatch, ring_bytes):
    if not os.path.exists(os.path.join(TOOLS, "simlib", "simrun.py")):
        pytest.skip("tools/simlib/simrun.py is not there yet")
    keys_file = str(tmp_path / "game.keys")
    with open(keys_file, "w") as f:
        f.write(SIM_SCRIPT)
    expected = sim_frames_micropython(keys_file, 5, str(tmp_path / "mp"))
    got = sim_frames_circuitpython(tmp_path, monkeypatch, ring_bytes, keys_file, 5, str(tmp_path / "cp"))
    assert len(expected) > 20
    # The first frame is the panel before the first draw: power-on noise under the MicroPython
    # driver, blank under displayio (see test_scripted_game_matches_the_micropython_path).
    assert len(got) == len(expected)
    for i, (a, b) in enumerate(zip(got, expected)):
        if i:
            assert a == b, "frame %d differs" % i
    assert sorted(os.listdir(str(tmp_path / "cp" / "data"))) == sorted(os.listdir(str(tmp_path / "mp" / "data")))
