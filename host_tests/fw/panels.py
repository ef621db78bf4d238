"""The SH1106 and SSD1309 drivers against their panel models, which decode the bytes written over
I2C (test_hw_panels.py; each function runs under CPython and the MicroPython unix port)."""

import devices

DRIVERS = {"ssd1306": ("fishtable.hw.ssd1306", "SSD1306"), "sh1106": ("fishtable.hw.sh1106", "SH1106"),
           "ssd1309": ("fishtable.hw.ssd1309", "SSD1309")}


def _driver(chip):
    """The machine stand-in installed and fresh, and the driver class of `chip`."""
    machine = devices.install()
    machine.reset()
    module, name = DRIVERS[chip]
    return machine, getattr(__import__(module, None, None, [name]), name)


def frames(chip, driver_chip=None):
    """Frames drawn and sent by the driver of `driver_chip` (default: the panel's own) to the model
    of `chip`: the glass decoded from the bytes against the frame buffer, frame after frame."""
    machine, Panel = _driver(driver_chip or chip)
    panel = devices.attach_panel(chip=chip)
    d = Panel(machine.I2C(0))
    res = {"init_ok": d.ok, "lit_after_init": panel.lit()}
    d.fill(0)
    d.text("fishtable", 0, 0, 1)
    d.rect(0, 12, 128, 40, 1)
    d.fill_rect(0, 56, 1, 8, 1)  # the first and last columns: the SH1106's offset shows here
    d.fill_rect(127, 56, 1, 8, 1)
    res["full"] = d.show()
    res["lit"] = panel.lit()
    res["full_equal"] = panel.glass_pages() == d.buffer
    res["noise_shown"] = panel.noise_shown
    res["idle"] = d.show()
    seed = 11
    equal = 0
    for frame in range(60):
        for k in range(1 + frame % 4):
            seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
            x = (seed >> 8) % 128
            y = (seed >> 16) % 64
            d.fill_rect(x, y, 1 + (seed >> 4) % 40, 1 + (seed >> 12) % 12, (seed >> 3) & 1)
        d.show()
        equal += panel.glass_pages() == d.buffer
    res["random_equal"] = equal
    d.fill(0)
    d.text("Score 17", 0, 8, 1)
    d.show()
    before = len(panel.log)
    d.fill_rect(56, 8, 8, 8, 0)
    d.text("8", 56, 8, 1)
    res["digit"] = d.show()
    res["digit_log"] = panel.log[before:]
    res["digit_equal"] = panel.glass_pages() == d.buffer
    d.fill(1)
    res["all"] = d.show()
    res["all_equal"] = panel.glass_pages() == d.buffer
    res["unknown"] = panel.unknown
    res["overrun"] = getattr(panel, "overrun", 0)
    return res


def flip(chip):
    """The flip setting: the glass turned by 180 degrees, resent when it changes."""
    machine, Panel = _driver(chip)
    from devices.panel import rotate180_vlsb

    panel = devices.attach_panel(chip=chip)
    d = Panel(machine.I2C(0), flip=True)
    d.fill(0)
    d.text("UP", 0, 0, 1)
    d.fill_rect(100, 50, 28, 10, 1)
    d.show()
    res = {"flip_full": panel.glass_pages() == rotate180_vlsb(d.buffer, 128, 64)}
    d.text("3", 60, 30, 1)
    d.show()
    res["flip_partial"] = panel.glass_pages() == rotate180_vlsb(d.buffer, 128, 64)
    d.set_flip(False)
    d.show()
    res["unflipped"] = panel.glass_pages() == d.buffer
    d.set_flip(True)
    d.show()
    res["reflipped"] = panel.glass_pages() == rotate180_vlsb(d.buffer, 128, 64)
    res["unknown"] = panel.unknown
    return res


def faults(chip):
    """A glitch, the panel unplugged and plugged in again (freshly powered: noise in its RAM),
    dim and dark: the glass never shows the noise and ends equal to the frame."""
    machine, Panel = _driver(chip)
    panel = devices.attach_panel(chip=chip)
    bus = machine.bus(0)
    d = Panel(machine.I2C(0))
    d.text("A", 0, 0, 1)
    d.show()
    bus.fail_next(1)
    d.text("B", 8, 0, 1)
    d.show()
    res = {"ok_after_fault": d.ok}
    for _ in range(10):
        d.show()
    res["glitch_equal"] = panel.glass_pages() == d.buffer
    bus.unplug(0x3C)
    for i in range(100):
        d.text(str(i % 10), 16, 0, 1)
        d.show()
    d.contrast(99)
    bus.plug(0x3C)
    for _ in range(100):
        d.show()
    res["replug_equal"] = panel.glass_pages() == d.buffer and panel.lit()
    res["noise_shown"] = panel.noise_shown
    res["contrast"] = panel.contrast
    d.dim(1)
    res["dimmed"] = panel.contrast
    d.dim(2)
    res["dark"] = not panel.lit()
    d.dim(0)
    res["back"] = panel.lit() and panel.contrast == 99
    res["unknown"] = panel.unknown
    return res


def init_bytes(chip):
    """The init sequence the driver of `chip` sends (what a model of the same chip must know)."""
    machine, Panel = _driver(chip)
    devices.attach_panel(chip=chip)
    return list(bytes(Panel(machine.I2C(0))._init_sequence()))


def show_allocations(chip):
    """Bytes allocated per show() with nothing, one page or everything changed (MicroPython's gc)."""
    import gc

    machine, Panel = _driver(chip)

    class NullI2C:
        def writeto(self, addr, buf, stop=True):
            return 1

        def writevto(self, addr, vector, stop=True):
            return 1

    d = Panel(NullI2C())
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
