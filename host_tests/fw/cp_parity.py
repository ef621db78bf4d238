"""The CircuitPython path against the MicroPython path (test_circuitpython.py): the same drawing,
ring patterns and scripted games run in-process on Blinka (fb_apply, drive, ScriptKeys) and in
the MicroPython unix port over the device models (framebuf_ops, drawing, game)."""


def fb_apply(fbmod, ops, emit):
    """Draw `ops` into a 128x64 frame buffer of the framebuf module `fbmod`; emit the buffer (hex)
    after each, or the pixel read (as text)."""
    buf = bytearray(1024)
    fb = fbmod.FrameBuffer(buf, 128, 64, fbmod.MONO_VLSB)
    for op in ops:
        if op[0] == "blit":
            data = bytearray(bytes.fromhex(op[1])) + bytearray(64)
            src = fbmod.FrameBuffer(data, op[2], op[3], op[4])
            fb.blit(src, op[5], op[6], op[7])
        elif op[0] == "pixel_get":
            emit(str(fb.pixel(op[1], op[2])))
            continue
        else:
            getattr(fb, op[0])(*op[1:])
        emit(bytes(buf).hex())


def drive(display, ring, ops, glass, ring_raw, emit, fbmod):
    """Play `ops` on a display and a ring; emit glass() after each show, ring_raw() after each ring show."""
    for op in ops:
        name = op[0]
        if name == "show":
            display.show()
            emit(glass())
        elif name == "flip":
            display.set_flip(op[1])
        elif name == "contrast":
            display.contrast(op[1])
        elif name == "blit":
            src = fbmod.FrameBuffer(bytearray(bytes.fromhex(op[1])), op[2], op[3], op[4])
            display.blit(src, op[5], op[6], op[7])
        elif name == "ring":
            getattr(ring, op[1])(*op[2:])
            if op[1] == "show":
                emit(ring_raw())
        elif name == "text2x":
            from fishtable.ui import draw

            draw.big(display, *op[1:])
        else:
            getattr(display, name)(*op[1:])


class ScriptKeys:
    """Scripted events, one every `gap` loop passes; records each new (glass, ring) state."""

    def __init__(self, events, gap, capture):
        self.events = events
        self.gap = gap
        self.capture = capture
        self.passes = 0
        self.frames = []

    def snap(self):
        state = self.capture()
        if not self.frames or self.frames[-1] != state:
            self.frames.append(state)

    def poll(self, now):
        self.snap()
        self.passes += 1
        if self.passes % self.gap:
            return 0
        i = self.passes // self.gap - 1
        return self.events[i] if i < len(self.events) else 0


# -- the MicroPython side ------------------------------------------------------------------------
def framebuf_ops(ops):
    """fb_apply with the interpreter's own framebuf, each emitted line printed (too many to hold)."""
    import framebuf

    fb_apply(framebuf, ops, print)
    return len(ops)


def drawing(ops):
    """`drive` with the MicroPython driver and ring over the device models: what it emitted."""
    import devices

    machine = devices.install()
    machine.reset()
    panel = devices.attach_panel()
    import framebuf
    import neopixel

    from fishtable.hw.ring import Ring
    from fishtable.hw.ssd1306 import SSD1306

    display = SSD1306(machine.I2C(0))
    pixels = neopixel.NeoPixel(machine.Pin(16), 12)
    ring = Ring(pixels, 12, 32, 64, 300)
    out = []

    def glass():
        return [bytes(panel.glass_pages()).hex(), panel.contrast, panel.display_on]

    def ring_raw():
        return bytes(pixels.raw[-1]).hex()

    drive(display, ring, ops, glass, ring_raw, out.append, framebuf)
    return out


def game(args):
    """The app's loop on the board built from boards/pico.json over the device models, the keys of
    args["events"] one every args["gap"] passes, on the virtual clock: every new (glass, contrast,
    display on, ring) state."""
    import devices

    machine = devices.install()
    machine.reset()
    panel = devices.attach_panel()
    import neopixel
    from devices.inputs import Clock

    from fishtable.hw import board
    from fishtable.store import Store
    from fishtable.ui.loop import make_die, run

    hw = board.build(board.load_profile("pico", args["boards"]))
    hw.clock = Clock()
    hw.seed = 1

    def capture():
        raw = neopixel.instances[-1].raw
        return [bytes(panel.glass_pages()).hex(), panel.contrast, panel.display_on, bytes(raw[-1]).hex() if raw else ""]

    keys = hw.keys = ScriptKeys(args["events"], args["gap"], capture)
    run(hw, Store(root=args["root"]), make_die(hw), args["passes"])
    keys.snap()
    return keys.frames


def cptime_ticks():
    """fishtable.cp.cptime over a stand-in `supervisor` whose ticks wrap at 2**29 as CircuitPython's do:
    [time is cptime, the two diffs across the wrap, an add, sleep there, the wrapped ticks, ticks_us in range]."""
    import sys

    class Supervisor:
        ticks = 0

        def ticks_ms(self):
            return self.ticks

    sup = Supervisor()
    sys.modules["supervisor"] = sup
    from fishtable.cp import cptime

    cptime.install()
    import time
    from time import ticks_add, ticks_diff, ticks_ms

    sup.ticks = (1 << 29) - 5
    a = ticks_ms()
    sup.ticks = (1 << 29) + 7
    b = time.ticks_ms()
    return [time is cptime, ticks_diff(b, a), ticks_diff(a, b), ticks_add(a, 10), callable(time.sleep), b,
            0 <= time.ticks_us() < (1 << 29)]
