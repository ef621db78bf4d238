"""The device's edge in a web page: the firmware's own main.py on the host's device models.

Runs inside the MicroPython WebAssembly VM in a Web Worker (vm-worker.js).  The VM's
filesystem is the board's flash: /main.py, /fishtable, /boards, /config.txt, /data.  Here:

- `machine`/`neopixel` are the host stand-ins of tools/devices (copied to /web/devices);
  the panel model of the board profile's display.chip (SSD1306, SH1106, SSD1309) decodes the
  driver's I2C bytes into its GDDRAM;
- `time.sleep_ms` (the loop's pause) sends a changed frame to the page (panel RAM and
  ring), then waits in the page for up to that long and drives the button pins from the
  page's buttons (the firmware debounces them and makes BACK from a long OK itself);
- `os.urandom` is the browser's crypto.getRandomValues (the port has none);
- `machine.RTC` is the browser's local time: games played on the page have their date;
- with a key script (tests), the clock is virtual and the simulator's own PinScript presses
  the pins, so the page shows exactly the simulator's frames for the same script and seed.
"""

import binascii
import gc
import json
import os
import sys

import js

sys.path.append("/web")

import vmtime  # noqa: E402  (imports the built-in time before it is replaced)

sys.modules["time"] = vmtime

import devices  # noqa: E402
from devices import machine_model, neopixel_model  # noqa: E402
from devices.panel import MODELS  # noqa: E402
from uctypes import addressof  # noqa: E402  (the page reads the panel's RAM in place)

HEAP_EVERY_MS = 1000


class WebPanel:
    """The panel model on the bus, remembering that a transaction came (the page redraws only then)."""

    def __init__(self, model):
        self.model = model
        model.logging = False  # the page needs no transaction log (it allocates)
        self.dirty = True

    def write(self, data):
        self.model.write(data)
        self.dirty = True

    def write_parts(self, parts):
        """A transaction of several buffers (I2C writevto), for a model that reads them in place."""
        self.model.write_parts(parts)
        self.dirty = True

    def power_on_reset(self):
        self.model.power_on_reset()
        self.dirty = True

    def flags(self):
        """The glass state as bits: lit, entire on, inverse, COM scan reversed."""
        m = self.model
        return (1 if m.lit() else 0) | (2 if m.entire_on else 0) | (4 if m.inverse else 0) | (
            8 if m.com_reverse else 0)


class Edge:
    """The page's side of the board: frames out, button levels in, the clock."""

    def __init__(self, pins, virtual, chip="ssd1306"):
        self.panel = WebPanel(MODELS[chip]())
        machine_model.bus(0).attach(0x3C, self.panel)
        self.pins = pins  # GPIO of prev, next, ok
        self.levels = 0  # bit i: button i held
        self.virtual = virtual
        self.now = 0  # virtual milliseconds
        self.script = None
        self.ring_sent = None
        self.heap_at = 0

    def frame(self):
        """Send the panel and the ring to the page when either changed (cheap when nothing did)."""
        panel = self.panel
        ring = None
        if neopixel_model.instances:
            px = neopixel_model.instances[-1]
            if px.raw:
                last = px.raw[-1]
                del px.raw[:]
                del px.frames[:]
                if last != self.ring_sent:
                    self.ring_sent = last
                    ring = binascii.hexlify(last).decode()
        if not panel.dirty and ring is None:
            return
        panel.dirty = False
        m = panel.model
        js.vmFrame(addressof(m.ram), panel.flags(), m.start_line, m.offset, m.mux, m.com_pins, ring,
                   m.ram_width, m.MARGIN)

    def ticks_ms(self):
        return self.now

    def sleep_ms(self, ms):
        """The app loop's pause: frame out, then wait (real clock) or advance (virtual)."""
        self.frame()
        if self.virtual:
            self.now += ms
            self.script.poll(self.now)
            return
        levels = js.vmPause(ms)
        if levels != self.levels:
            for i in range(3):
                bit = 1 << i
                if (levels ^ self.levels) & bit:
                    machine_model.drive(self.pins[i], 0 if levels & bit else None)
            self.levels = levels
        now = vmtime.ticks_ms()
        if vmtime.ticks_diff(now, self.heap_at) >= HEAP_EVERY_MS:
            self.heap_at = now
            heap()


def heap():
    """Send the VM's heap figures to the page.

    This port collects garbage only between calls from JavaScript (gc.collect() inside one is a
    no-op) and grows its heap instead, and the app loop is one call that never returns: so
    mem_alloc() here is the live heap plus the garbage since start-up (~3.6 KB a key press), and
    mem_free() includes the 128 MB the heap may still grow by."""
    js.vmHeap(gc.mem_alloc(), gc.mem_free())


def button_pins(config="/config.txt", boards="/boards"):
    """GPIOs of PREV, NEXT, OK in the configured board profile (the page has three buttons)."""
    profile = configured_profile(config, boards)
    try:
        inp = profile["input"]
        return (inp["prev"], inp["next"], inp["ok"])
    except (TypeError, KeyError):
        return (13, 14, 15)  # boards/pico.json's buttons (a wrong board shows its error anyway)


def panel_chip(config="/config.txt", boards="/boards"):
    """The display.chip of the configured board profile: the panel model the page puts on the bus."""
    profile = configured_profile(config, boards)
    try:
        chip = profile["display"].get("chip", "ssd1306")
    except (TypeError, KeyError, AttributeError):
        return "ssd1306"
    return chip if isinstance(chip, str) and chip in MODELS else "ssd1306"


def configured_profile(config, boards):
    """The parsed JSON of config.txt's board profile (pico without a BOARD= line), or None.

    config.txt is read as the board reads it (fishtable.hw.board.read_config: bounded, checked
    text); whatever it holds, a file that cannot be used gives None (pico's buttons and panel), and
    the firmware then says on the panel what is wrong with it, as the board does."""
    try:
        from fishtable.hw import board

        name = board.read_config(config)
        with open("%s/%s.json" % (boards, name)) as f:
            return json.loads(f.read(64 * 1024))
    except Exception:  # noqa: BLE001 - the firmware's own start says what is wrong
        return None


class BrowserRTC:
    """The RP2040's clock on the page: the browser's local time, as `make flash` sets a board's,
    so every game played on the page carries its date (fishtable.hw.rtc reads it at a new game)."""

    def datetime(self, value=None):
        if value is not None:
            return None  # the page's clock is the browser's: it is never set from the board
        d = js.Date.new()
        return (d.getFullYear(), d.getMonth() + 1, d.getDate(), (d.getDay() + 6) % 7, d.getHours(),
                d.getMinutes(), d.getSeconds(), 0)


def crypto_urandom(n):
    """`n` bytes from the browser's crypto.getRandomValues."""
    buf = js.Uint8Array.new(n)
    js.crypto.getRandomValues(buf)
    return bytes(buf[i] for i in range(n))


def install_urandom(seed=None):
    """os.urandom for the firmware's die: the browser's crypto source, or `seed` (test runs)."""
    if seed is None:
        os.urandom = crypto_urandom
    else:
        os.urandom = lambda n: (seed & 0xFFFFFFFF).to_bytes(4, "big")[-n:] if n <= 4 else bytes(n)


class _NoKeys:
    def poll(self, now):
        return 0


def run(seed=None, script=None):
    """Boot the board: device models in, then the firmware's /main.py as on the Pico."""
    devices.install()
    sys.modules["time"] = vmtime  # ours, not the models' own clock (install() may set one)
    os.chdir("/")
    edge = Edge(button_pins(), script is not None, panel_chip())
    if script is not None:
        import simrun  # the simulator's script player (tools/simlib/simrun.py)

        pins = dict(zip(("prev", "next", "ok"), edge.pins))
        edge.script = simrun.PinScript(simrun.parse_script(script), _NoKeys(), pins, lambda now: None)
        vmtime.ticks_ms = edge.ticks_ms
        vmtime.ticks_us = lambda: edge.now * 1000
    else:  # the board's clock of the worker (vm-worker.js): a stalled VM never lengthens a press
        vmtime.ticks_ms = lambda: js.vmNow()
        machine_model.RTC = BrowserRTC  # the calendar (a key script's run has none, as the simulator)
    install_urandom(seed)
    vmtime.sleep_ms = edge.sleep_ms
    os.chdir("/")
    with open("/main.py") as f:
        code = f.read()
    try:
        exec(code, {"__name__": "__main__"})
    except BaseException as err:  # noqa: BLE001 - the script's end, or the firmware stopped
        if script is None or type(err).__name__ != "Done":
            raise
    edge.frame()
    heap()
