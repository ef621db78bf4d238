"""Host stand-ins for the board's hardware (never shipped): `machine`, `neopixel`, `framebuf`
(CPython only: the firmware's own fishtable.cp.framebuf with MicroPython's font, see font.py),
an SSD1306 panel model that decodes the I2C bytes, and scripted key input.

Works under CPython and the MicroPython unix port, with tools/ and firmware/ on the path
(tools/bootstrap.py, tools/mprun.py).  Call `install()` before the firmware imports
`machine`/`neopixel`:

    import devices
    machine = devices.install()          # the machine stand-in, also in sys.modules
    panel = devices.attach_panel()       # an SSD1306 model at 0x3C on I2C bus 0
"""

import sys


def install():
    """Put the stand-ins into sys.modules (framebuf only where there is none); returns `machine`.

    Under MicroPython `time` becomes devices.vtime (the port's time with a settable clock, see
    set_clock); under CPython the host shim already gives `time` that clock."""
    from devices import machine_model, neopixel_model

    if sys.implementation.name == "micropython":
        from devices import vtime

        sys.modules["time"] = vtime
    sys.modules["machine"] = machine_model
    sys.modules["neopixel"] = neopixel_model
    try:
        import framebuf  # noqa: F401  (MicroPython has the real one)
    except ImportError:
        sys.modules["framebuf"] = host_framebuf()
    return machine_model


def set_clock(func):
    """Make time.ticks_ms()/ticks_us() of the firmware read `func()` (virtual milliseconds; None: the
    real clock) under both interpreters: what a pin interrupt reads when a model drives a pin."""
    if sys.implementation.name == "micropython":
        from devices import vtime

        vtime.set_clock(func)
    else:
        import hostshim

        hostshim.set_clock(func)


def host_framebuf():
    """fishtable.cp.framebuf (CircuitPython's framebuf) with the font from the MicroPython unix port."""
    from devices import font
    from fishtable.cp import framebuf

    framebuf.load_font(font.font_file())
    return framebuf


def attach_panel(bus=0, addr=0x3C, chip="ssd1306", **kw):
    """A fresh panel model (the SSD1306's, or the `chip` a profile's display names) answering at
    `addr` on I2C bus `bus` (machine stand-in)."""
    from devices import machine_model
    from devices.panel import MODELS

    panel = MODELS[chip](**kw)
    machine_model.bus(bus).attach(addr, panel)
    return panel
