"""The SSD1306 driver against the panel model, which decodes the bytes written over I2C
(test_hw_ssd1306.py; each function runs under CPython and the MicroPython unix port)."""

import devices


def _machine():
    """The machine stand-in, installed and fresh."""
    machine = devices.install()
    machine.reset()
    return machine


def frames():
    """Frames drawn and sent: the glass decoded from the I2C bytes against the frame buffer."""
    machine = _machine()
    from fishtable.hw.ssd1306 import SSD1306

    panel = devices.attach_panel()
    d = SSD1306(machine.I2C(0))
    res = {"init_ok": d.ok, "lit": panel.lit(), "unknown": panel.unknown, "com_pins": panel.com_pins}
    d.fill(0)
    d.text("fishtable", 0, 0, 1)
    d.rect(0, 12, 128, 40, 1)
    from fishtable.ui import draw
    draw.big(d, "12:34", 10, 20)
    res["full"] = d.show()
    res["full_lit"] = panel.lit()
    res["full_equal"] = panel.glass_pages() == d.buffer
    res["idle"] = d.show()
    # many small random changes, each frame checked against the glass
    seed = 7
    equal = 0
    frames = 0
    for frame in range(40):
        for k in range(1 + frame % 4):
            seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
            x = (seed >> 8) % 128
            y = (seed >> 16) % 64
            w = 1 + (seed >> 4) % 30
            h = 1 + (seed >> 12) % 12
            d.fill_rect(x, y, w, h, (seed >> 3) & 1)
        d.show()
        frames += 1
        equal += panel.glass_pages() == d.buffer
    res["random_frames"] = frames
    res["random_equal"] = equal
    # one digit (one page) changes: one window + one data write of that page only
    d.fill(0)
    d.text("Score 17", 0, 8, 1)
    d.show()
    before = len(panel.log)
    data_before = panel.data_bytes
    d.fill_rect(56, 8, 8, 8, 0)
    d.text("8", 56, 8, 1)
    res["digit"] = d.show()
    res["digit_log"] = panel.log[before:]
    res["digit_data"] = panel.data_bytes - data_before
    res["digit_equal"] = panel.glass_pages() == d.buffer
    return res


def flip():
    """The flip setting: the glass turned by 180 degrees, resent when it changes."""
    machine = _machine()
    from devices.panel import rotate180_vlsb

    from fishtable.hw.ssd1306 import SSD1306

    panel = devices.attach_panel()
    d = SSD1306(machine.I2C(0), flip=True)
    d.fill(0)
    d.text("UP", 0, 0, 1)
    d.fill_rect(100, 50, 20, 10, 1)
    d.show()
    res = {"flip_full": panel.glass_pages() == rotate180_vlsb(d.buffer, 128, 64)}
    res["not_plain"] = panel.glass_pages() != d.buffer
    d.text("3", 60, 30, 1)
    n = d.show()
    res["flip_partial"] = panel.glass_pages() == rotate180_vlsb(d.buffer, 128, 64)
    res["flip_partial_bytes"] = n
    d.set_flip(False)
    res["after_unflip"] = d.show()
    res["unflipped"] = panel.glass_pages() == d.buffer
    d.set_flip(True)
    d.show()
    res["reflipped"] = panel.glass_pages() == rotate180_vlsb(d.buffer, 128, 64)
    return res


def faults():
    """I2C faults: a glitch, the panel unplugged and plugged in again."""
    machine = _machine()
    from fishtable.hw.ssd1306 import SSD1306

    panel = devices.attach_panel()
    bus = machine.bus(0)
    d = SSD1306(machine.I2C(0))
    d.text("A", 0, 0, 1)
    d.show()
    res = {}
    bus.fail_next(1)
    d.text("B", 8, 0, 1)
    res["fail_return"] = d.show()
    res["ok_after_fault"] = d.ok
    res["errors"] = d.errors
    # a glitch: the bus is fine again; the driver retries and resends everything
    calls = 0
    while not d.ok and calls < 10:
        d.show()
        calls += 1
    res["glitch_recovered"] = d.ok
    res["glitch_equal"] = panel.glass_pages() == d.buffer
    # unplugged for a long time: show() keeps returning, retries back off
    bus.unplug(0x3C)
    tries_before = d.errors
    for i in range(200):
        d.text(str(i % 10), 16, 0, 1)
        d.show()
    res["unplugged_ok"] = d.ok
    res["retries_while_unplugged"] = d.errors - tries_before
    d.contrast(99)
    bus.plug(0x3C)  # the panel comes back freshly powered: dark, noise in RAM
    res["dark_after_plug"] = not panel.lit()
    calls = 0
    while not d.ok and calls < 100:
        d.show()
        calls += 1
    res["replug_calls"] = calls
    res["replug_ok"] = d.ok
    res["replug_lit"] = panel.lit()
    res["replug_equal"] = panel.glass_pages() == d.buffer
    res["replug_noise"] = panel.noise_shown
    res["contrast"] = panel.contrast
    return res


def clean_start():
    """The start: the glass dark until the first frame is in the panel's RAM."""
    machine = _machine()
    from fishtable.hw.ssd1306 import SSD1306

    panel = devices.attach_panel()
    res = {"noise_at_power_up": sum(1 for b in panel.ram if b) > 500}
    d = SSD1306(machine.I2C(0))
    res["dark_after_init"] = not panel.lit()
    init_tx = panel.transactions
    d.text("hello", 0, 0, 1)
    sent = d.show()
    res["first_show"] = sent
    res["lit"] = panel.lit()
    res["lit_at"] = panel.lit_at_transaction - init_tx  # the frame's window, its data, then on
    res["noise_shown"] = panel.noise_shown
    res["glass_is_frame"] = panel.glass_pages() == d.buffer
    res["boot_bytes"] = d.bytes_sent
    # the driver as it was: the init sequence switched the display on before any frame
    old = devices.attach_panel()
    seq = bytearray(d._init_sequence())
    seq.append(0xAF)
    old.write(bytes(seq))
    res["old_noise"] = old.noise_shown
    # a flip while dark: still nothing before a frame
    p2 = devices.attach_panel(addr=0x3D)
    d2 = SSD1306(machine.I2C(0), 0x3D, flip=True)
    d2.set_flip(False)
    res["dark_before_show"] = not p2.lit()
    d2.show()
    res["lit2"] = p2.lit() and not p2.noise_shown
    return res


def absent_and_settings():
    """No panel; contrast; the 2x text."""
    machine = _machine()
    from fishtable.hw.ssd1306 import SSD1306

    d = SSD1306(machine.I2C(0))  # nothing on the bus
    res = {"absent_ok": d.ok, "absent_show": d.show(), "errors": d.errors}
    panel = devices.attach_panel()
    d = SSD1306(machine.I2C(0))
    d.contrast(300)
    res["contrast_clamped"] = panel.contrast
    d.contrast(17)
    res["contrast"] = panel.contrast
    res["on_before_frame"] = panel.lit()
    d.show()
    res["on_lit"] = panel.lit()
    from fishtable.ui import draw
    small = __import__("framebuf").FrameBuffer(bytearray(8), 8, 8, __import__("framebuf").MONO_VLSB)
    d.fill(0)
    draw.big(d, "7", 0, 0)
    small.text("7", 0, 0, 1)
    same = 0
    for y in range(16):
        for x in range(16):
            same += d.pixel(x, y) == small.pixel(x // 2, y // 2)
    res["text2x_same"] = same
    res["text2x_lit"] = sum(d.pixel(x, y) for x in range(16) for y in range(16))
    d.fill(1)
    draw.big(d, "7", 0, 0, 0)
    res["text2x_dark"] = sum(1 - d.pixel(x, y) for x in range(16) for y in range(16))
    d.fill(0)
    draw.big(d, "1", 0, 0)
    res["text2x_one"] = sum(d.pixel(x, y) for x in range(16) for y in range(16))
    d.fill(0)
    draw.big(d, "71", 0, 0)
    res["text2x_first"] = sum(d.pixel(x, y) for x in range(16) for y in range(16))
    res["text2x_second"] = sum(d.pixel(x, y) for x in range(16, 32) for y in range(16))
    return res


def show_allocations():
    """Bytes allocated per show() with nothing, one page or everything changed, over a bus that
    allocates nothing itself (MicroPython's gc counts them)."""
    import gc

    _machine()
    from fishtable.hw.ssd1306 import SSD1306

    class NullI2C:
        def writeto(self, addr, buf, stop=True):
            return 1

        def writevto(self, addr, vector, stop=True):
            return 1

    d = SSD1306(NullI2C())
    d.show()
    per_frame = {}
    for what in ("none", "page", "all"):
        gc.collect()
        free = gc.mem_free()
        for i in range(20):
            if what == "page":
                d.fill_rect(0, 8, 8, 8, i & 1)
            elif what == "all":
                d.fill(i & 1)
            d.show()
        per_frame[what] = (free - gc.mem_free()) // 20
    return per_frame


def bus_cost():
    """tools/buscost.py's table: [label, bytes, transactions, bits] of typical updates."""
    _machine()
    import buscost

    return buscost.measure()
