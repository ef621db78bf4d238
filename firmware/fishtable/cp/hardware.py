"""Build the hardware of a board profile on CircuitPython (the counterpart of fishtable.hw.board.build).

The profile is the same JSON as for MicroPython (boards/NAME.json, checked by
fishtable.hw.board.load_profile); GPIO n is `board.GPn`.  The result has .display
(fishtable.cp.display.Display, or None when no panel answers), .ring (fishtable.hw.ring.Ring
over neopixel), .keys (fishtable.cp.keys Buttons or Encoder over keypad/rotaryio) and .clock.

Without `keypad` (or `rotaryio`) in the firmware, the keys fall back to fishtable.hw.keys
polling digitalio inputs.  `Parts` makes the CircuitPython objects; tests pass a subclass that
makes stand-ins.
"""

from fishtable.cp.display import open_display
from fishtable.cp.keys import Buttons, Encoder, PinIn
from fishtable.cp.ring import open_ring
from fishtable.hw import Hardware


class Parts:
    """Makes the CircuitPython objects a board is built from."""

    def release_displays(self):
        """Free the display bus a previous run of code.py left in use."""
        import displayio  # type: ignore

        displayio.release_displays()

    def pin(self, number):
        """The board pin of GPIO `number`."""
        import board  # type: ignore

        return getattr(board, "GP%d" % number)

    def i2c(self, scl, sda, frequency):
        """A busio.I2C on the two pins."""
        import busio  # type: ignore

        return busio.I2C(scl, sda, frequency=frequency)

    def held(self, pins):
        """For each pin, True when its key (to ground) is pressed right now."""
        from fishtable.cp.bootmode import key_held

        return tuple(key_held(p) for p in pins)

    def scanner(self, pins, interval_s):
        """A keypad.Keys over active-low keys with pull-ups, scanned every `interval_s`."""
        import keypad  # type: ignore

        return keypad.Keys(pins, value_when_pressed=False, pull=True, interval=interval_s)

    def counter(self, pin_a, pin_b, divisor):
        """A rotaryio.IncrementalEncoder (`divisor` quadrature steps a position)."""
        import rotaryio  # type: ignore

        return rotaryio.IncrementalEncoder(pin_a, pin_b, divisor=divisor)

    def pin_in(self, pin):
        """A pulled-up digitalio input with value() (for the polled fallback)."""
        import digitalio  # type: ignore

        dio = digitalio.DigitalInOut(pin)
        dio.switch_to_input(pull=digitalio.Pull.UP)
        return PinIn(dio)

    def ring(self, pin, count, brightness, cap, budget_ma, ma_per_channel):
        """The Ring on a NeoPixel strip."""
        return open_ring(pin, count, brightness, cap, budget_ma, ma_per_channel)

    def clock(self):
        """The tick clock (fishtable.cp.cptime)."""
        from fishtable.cp import cptime

        return cptime


def panel_present(i2c, address):
    """True when a device answers at `address` on the (busio) I2C bus."""
    for _ in range(100):
        if i2c.try_lock():
            break
    else:
        return False
    try:
        return address in i2c.scan()
    except OSError:
        return False
    finally:
        i2c.unlock()


def build(profile, parts=None):
    """Make the hardware of a checked profile (fishtable.hw.board.load_profile)."""
    parts = parts if parts is not None else Parts()
    parts.release_displays()
    pin = parts.pin
    bus = profile["i2c"]
    i2c = parts.i2c(pin(bus["scl"]), pin(bus["sda"]), bus["freq"])
    disp = profile["display"]
    if disp.get("chip", "ssd1306") != "ssd1306":  # the SH1106 and SSD1309: MicroPython's drivers only
        from fishtable.hw.board import BoardError

        raise BoardError("board %s: display.chip = %s needs MicroPython (CircuitPython drives the ssd1306 only)"
                         % (profile["name"], disp["chip"]))
    display = None
    if panel_present(i2c, disp["address"]):
        display = open_display(i2c, disp["address"], disp["width"], disp["height"], disp["flip"])
    r = profile["ring"]
    ring = parts.ring(pin(r["pin"]), r["count"], r["brightness"], r["cap"], r["budget_ma"], r["ma_per_channel"])
    return Hardware(profile, display, ring, _keys(profile["input"], parts), i2c, parts.clock())


def _keys(inp, parts):
    """Buttons or Encoder over keypad/rotaryio; hw.keys over digitalio where the firmware lacks them."""
    pin = parts.pin
    interval = max(1, inp["debounce_ms"]) / 1000
    if inp["kind"] == "encoder":
        a, b, sw = pin(inp["a"]), pin(inp["b"]), pin(inp["sw"])
        held = parts.held((sw,))
        try:
            counter = parts.counter(a, b, 2 if inp["half_step"] else 4)
            return Encoder(counter, parts.scanner((sw,), interval), held[0], inp["long_ms"], inp["reverse"])
        except ImportError:
            from fishtable.hw.encoder import Encoder as Polled

            return Polled(parts.pin_in(a), parts.pin_in(b), parts.pin_in(sw), inp["debounce_ms"],
                                  inp["long_ms"], inp["reverse"], inp["half_step"])
    pins = (pin(inp["prev"]), pin(inp["next"]), pin(inp["ok"]))
    held = parts.held(pins)
    try:
        scanner = parts.scanner(pins, interval)
    except ImportError:
        from fishtable.hw import keys as polled

        return polled.Buttons(parts.pin_in(pins[0]), parts.pin_in(pins[1]), parts.pin_in(pins[2]),
                              inp["debounce_ms"], inp["long_ms"], inp["repeat_delay_ms"], inp["repeat_ms"])
    return Buttons(scanner, held, inp["long_ms"], inp["repeat_delay_ms"], inp["repeat_ms"])
