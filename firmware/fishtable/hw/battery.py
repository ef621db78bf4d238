"""The battery gauge a board profile names (imported only then): the Pico's VSYS divider on the ADC,
or a MAX17048 LiPo fuel gauge on the display's I2C bus.

    "battery": {"kind": "vsys", "low_mv": 3500}               Pico, Pico 2: GP29 (ADC3) reads VSYS/3
    "battery": {"kind": "vsys", "wireless": true}             Pico W: GP29 is also the wireless chip's
                                                              clock; GP25 (its select) is held high
                                                              while reading, then GP29 is given back
    "battery": {"kind": "max17048", "address": "0x36", "low_pct": 10}

`Gauge.step(app, now)`, each pass of the app loop, reads every READ_MS and says once that the
battery is low; `board.build()` wraps the display's `show()` so that every frame carries the
mark in the top right corner (`mark(fb)`).  A reading that fails (a gauge unplugged) keeps the
last one.
"""

from micropython import const

READ_MS = const(30000)
_MARK_X = const(121)  # the mark: 7 columns at the top right (page 0)
_VCELL = const(0x02)  # MAX17048 registers: cell voltage (78.125 uV a bit), state of charge (1/256 %)
_SOC = const(0x04)
_FULL_MV = const(4200)  # a LiPo cell: full, empty (the mark's scale for the VSYS divider)
_EMPTY_MV = const(3300)


def check(c, data):
    """The `battery` section, checked by the profile checker `c` (fishtable.hw.board._Checker)."""
    if not isinstance(data, dict):
        c.fail("battery", "must be a {...} section")
    kind = data.get("kind")
    if kind == "vsys":
        return {"kind": kind, "wireless": c.flag("battery", "wireless"),
                "low_mv": c.number("battery", "low_mv", 3000, 4500, 3500)}
    if kind == "max17048":
        return {"kind": kind, "address": c.number("battery", "address", 0x08, 0x77, 0x36),
                "low_pct": c.number("battery", "low_pct", 1, 50, 10)}
    c.fail("battery.kind", "= %r must be \"vsys\" or \"max17048\"" % (kind,))


def open_gauge(spec, i2c, machine):
    """The Gauge of a checked `battery` section (`machine`: the board's machine module)."""
    if spec["kind"] == "max17048":
        return Gauge(None, i2c, spec["address"], None, spec["low_pct"])
    return Gauge(machine, None, 0, spec["wireless"], spec["low_mv"])


class Gauge:
    """Battery voltage (mV) and charge (%, estimated from the voltage for the VSYS divider)."""

    def __init__(self, machine, i2c, address, wireless, low):
        self.machine = machine
        self.i2c = i2c
        self.address = address
        self.wireless = wireless
        self.low = low  # mV (VSYS) or % (MAX17048)
        self.mv = 0
        self.pct = -1  # -1: not read yet
        self.at = None
        self.warned = False
        self._reg = bytearray(1)
        self._word = bytearray(2)

    def step(self, app, now):
        """Each pass of the app loop: a new reading redraws (the mark); below the threshold the
        panel lights and says so, once (fishtable.ui.app.App)."""
        if self.tick(now):
            app.dirty = True
        vbus = app.hw.vbus
        if self.low_now(vbus is not None and vbus.value()):
            app.key_at = now  # lit, so that it is seen
            app.dim(0)
            from fishtable.text import t  # (the app's words: loaded only when it is said)

            app.message(t("Battery low: the game is saved"))

    def show_with_mark(self, display):
        """Make `display.show()` draw the mark into each frame first."""
        show = display.show

        def marked(full=False):
            self.mark(display)
            return show(full)

        display.show = marked

    def tick(self, now):
        """Read when due; True when the reading changed the mark."""
        import time

        if self.at is not None and time.ticks_diff(now, self.at) < READ_MS:
            return False
        self.at = now
        before = self.level()
        try:
            if self.i2c is not None:
                self.mv = self._register(_VCELL) * 78125 // 1000000
                self.pct = min(100, self._register(_SOC) >> 8)
            else:
                self.mv = self._vsys()
                self.pct = max(0, min(100, (self.mv - _EMPTY_MV) * 100 // (_FULL_MV - _EMPTY_MV)))
        except OSError:
            return False
        return self.level() != before

    def _register(self, reg):
        self._reg[0] = reg
        self.i2c.writeto(self.address, self._reg, False)
        self.i2c.readfrom_into(self.address, self._word)
        return self._word[0] << 8 | self._word[1]

    def _vsys(self):
        m = self.machine
        if self.wireless:
            m.Pin(25, m.Pin.OUT, value=1)  # the wireless chip deselected
            m.Pin(29, m.Pin.IN)
        adc = m.ADC(29)
        total = 0
        for _ in range(4):
            total += adc.read_u16()
        if self.wireless:
            m.Pin(29, m.Pin.ALT, pull=m.Pin.PULL_DOWN, alt=7)  # back to the wireless chip
        return total * 3 * 3300 // (4 * 65535)  # VSYS = 3 x the ADC's 0..3.3 V

    def level(self):
        """The mark's fill, 0..4 (-1 before the first reading)."""
        return -1 if self.pct < 0 else (self.pct + 12) // 25

    def is_low(self):
        """Below the profile's threshold (a reading exists)."""
        if self.pct < 0:
            return False
        return (self.pct if self.i2c is not None else self.mv) < self.low

    def low_now(self, usb):
        """True once when the battery has just gone low (again after USB power charged it)."""
        if usb:
            self.warned = False
        elif self.is_low() and not self.warned:
            self.warned = True
            return True
        return False

    def mark(self, fb):
        """A small battery with its fill at the top right, where the top row leaves room (those 7
        columns blank or all lit: drawn in the other colour then)."""
        level = self.level()
        if level < 0:
            return
        buf = fb.buffer
        bg = buf[_MARK_X]
        for x in range(_MARK_X, _MARK_X + 7):
            if buf[x] != bg or (bg != 0 and bg != 0xFF):
                return
        flip = 0xFF if bg else 0
        for i in range(7):
            if i == 0 or i == 5:
                col = 0x7E
            elif i == 6:
                col = 0x18
            else:
                col = 0x7E if i <= level else 0x42
            buf[_MARK_X + i] = col ^ flip
