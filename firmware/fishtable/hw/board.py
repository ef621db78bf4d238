"""Board profiles (boards/NAME.json) and building the hardware from one.

A profile names the pins and limits of one wiring:

    {"board": "Raspberry Pi Pico",
     "i2c": {"bus": 0, "sda": 4, "scl": 5, "freq": 400000},
     "display": {"address": "0x3C", "width": 128, "height": 64, "flip": false},
     "ring": {"pin": 16, "count": 12, "brightness": 32, "cap": 64, "budget_ma": 300},
     "input": {"kind": "buttons", "prev": 10, "next": 11, "ok": 12}}

`display` may name its controller: "chip": "ssd1306" (the default), "sh1106" or "ssd1309".
`input` may instead be {"kind": "encoder", "a": 10, "b": 11, "sw": 12}.  Optional sections:
`power` {"vbus": 24, "sleep": true, "keepalive_s": 0, "keepalive_ms": 100} (the USB power sense:
GP24, "WL_GPIO2" on a Pico W, null for none; light sleep between events on battery; a power
bank's keep-alive pulse) and `battery` (see fishtable.hw.battery).  The config file
picks the profile with a line `BOARD=pico`.  Every mistake is a BoardError whose message
names the field; `machine` and `neopixel` are imported only by `build()`.  Both files are read
through `read_text`: bounded, checked to be text, a folder in their place said as such, and a
profile's JSON nesting bounded before it is parsed (any bytes give a message, never a crash).
"""

import json

from fishtable.hw import Hardware

CONFIG_LIMIT = 2048  # bytes of config.txt (a few lines)
PROFILE_LIMIT = 4096  # bytes of a profile (about 400)
JSON_DEPTH = 4  # a profile nests two deep
S_IFMT = 0o170000
S_IFDIR = 0o040000

# boards/pico.json as shipped: the wiring an error is shown on when that file is damaged too
PICO = {"i2c": {"bus": 0, "sda": 4, "scl": 5}, "display": {"address": 0x3C}, "ring": {"pin": 16, "count": 12},
        "input": {"kind": "buttons", "prev": 13, "next": 14, "ok": 15}}

# GPIOs on the header of a Pico, Pico W and Pico 2 (23-25 and 29 are used on the board).
USER_PINS = tuple(range(23)) + (26, 27, 28)
LED_COUNT_MAX = 64


class BoardError(Exception):
    """A board profile or config that cannot be used; the message says what to fix."""

    def __init__(self, message):
        super().__init__(message)
        self.message = message

    def __str__(self):
        return self.message


def read_text(path, limit, label):
    """The text of the file `path`, or None when there is none.  Raises BoardError (`label` and
    what is wrong) for a folder in its place, more than `limit` bytes, or bytes that are not text
    (strict UTF-8 without control characters: `label line N: not text`)."""
    import os

    from fishtable.utf8 import first_bad_text

    try:
        kind = os.stat(path)[0] & S_IFMT
    except OSError:
        return None
    if kind == S_IFDIR:
        raise BoardError("%s: a folder, not a file" % label)
    try:
        with open(path, "rb") as f:
            data = f.read(limit + 1)  # never more than this is held
    except OSError as err:
        raise BoardError("%s: cannot be read (error %s)" % (label, err.args[0] if err.args else "?")) from None
    if len(data) > limit:
        raise BoardError("%s: larger than %d bytes" % (label, limit))
    bad = first_bad_text(data, len(data))
    if bad >= 0:
        line = 1
        for i in range(bad):
            if data[i] == 10:
                line += 1
        raise BoardError("%s line %d: not text" % (label, line))
    return str(data, "utf-8")


def _nested_too_deep(text, limit):
    """True when the JSON `text` nests arrays and objects more than `limit` deep (strings skipped)."""
    depth = 0
    quoted = False
    escaped = False
    for ch in text:
        if quoted:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                quoted = False
        elif ch == '"':
            quoted = True
        elif ch == "[" or ch == "{":
            depth += 1
            if depth > limit:
                return True
        elif ch == "]" or ch == "}":
            depth -= 1
    return False


def read_config(path="config.txt"):
    """The board name from a `BOARD=name` line of `path` ("pico" when there is no file or line);
    raises BoardError when the file cannot be used (`read_text`)."""
    text = read_text(path, CONFIG_LIMIT, path.rsplit("/", 1)[-1])
    if text is None:
        return "pico"
    for line in text.split("\n"):
        line = line.strip()
        if line.startswith("#") or "=" not in line:
            continue
        key, value = line.split("=", 1)
        if key.strip().upper() == "BOARD" and value.strip():
            return value.strip()
    return "pico"


class _Checker:
    """Field checks for one profile; each failure names the board and the field."""

    def __init__(self, name, data):
        self.name = name
        self.data = data
        self.used = {}  # pin -> field that uses it

    def fail(self, field, why):
        raise BoardError("board %s: %s %s" % (self.name, field, why))

    def section(self, key):
        value = self.data.get(key)
        if not isinstance(value, dict):
            self.fail(key, "is missing (a {...} section is needed)")
        return value

    def number(self, sec, key, low, high, default=None):
        field = "%s.%s" % (sec, key)
        value = self.data[sec].get(key, default)
        if value is None:
            self.fail(field, "is missing")
        if isinstance(value, str):
            try:
                value = int(value, 0)
            except ValueError:
                self.fail(field, "= %r is not a number" % value)
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(field, "= %r is not a whole number" % (value,))
        if not low <= value <= high:
            self.fail(field, "= %d is out of range %d..%d" % (value, low, high))
        return value

    def flag(self, sec, key, default=False):
        value = self.data[sec].get(key, default)
        if not isinstance(value, bool):
            self.fail("%s.%s" % (sec, key), "= %r must be true or false" % (value,))
        return value

    def pin(self, sec, key):
        field = "%s.%s" % (sec, key)
        value = self.number(sec, key, 0, 99)
        if value not in USER_PINS:
            self.fail(field, "= %d is not a usable GPIO (0-22, 26-28)" % value)
        if value in self.used:
            self.fail(field, "= %d is already used by %s" % (value, self.used[value]))
        self.used[value] = field
        return value


CHIPS = ("ssd1306", "sh1106", "ssd1309")  # the display's controller (fishtable.hw.<chip>)
RTC_KINDS = ("rp2040", "ds3231", "pcf8563")  # the profile's `rtc`: the RP2040's clock, or a module on the I2C bus


def check_profile(name, data):
    """Validate a parsed profile; returns a normalised copy with defaults filled in."""
    if not isinstance(data, dict):
        raise BoardError("board %s: the profile must be a JSON object" % name)
    c = _Checker(name, data)
    c.section("i2c")
    c.section("display")
    c.section("ring")
    c.section("input")
    bus = c.number("i2c", "bus", 0, 1)
    sda = c.pin("i2c", "sda")
    scl = c.pin("i2c", "scl")
    # On the RP2040/RP2350, GPIO n is SDA of I2C((n >> 1) & 1) when n % 4 == 0 or 2, SCL when odd.
    if sda % 2 or (sda >> 1) & 1 != bus:
        c.fail("i2c.sda", "= %d cannot be SDA of I2C%d (use %s)" % (sda, bus, _i2c_pins(bus, 0)))
    if scl % 2 == 0 or (scl >> 1) & 1 != bus:
        c.fail("i2c.scl", "= %d cannot be SCL of I2C%d (use %s)" % (scl, bus, _i2c_pins(bus, 1)))
    i2c = {"bus": bus, "sda": sda, "scl": scl, "freq": c.number("i2c", "freq", 10000, 1000000, 400000)}
    display = {
        "address": c.number("display", "address", 0x08, 0x77, 0x3C),
        "width": c.number("display", "width", 8, 128, 128),
        "height": c.number("display", "height", 8, 64, 64),
        "flip": c.flag("display", "flip"),
        "chip": data["display"].get("chip", "ssd1306"),
    }
    if display["chip"] not in CHIPS:
        c.fail("display.chip", "= %r must be one of %s" % (display["chip"], ", ".join(CHIPS)))
    if display["height"] % 8:
        c.fail("display.height", "= %d is not a multiple of 8" % display["height"])
    cap = c.number("ring", "cap", 0, 255, 64)
    ring = {
        "pin": c.pin("ring", "pin"),
        "count": c.number("ring", "count", 1, LED_COUNT_MAX),
        "cap": cap,
        "brightness": c.number("ring", "brightness", 0, 255, min(32, cap)),
        "budget_ma": c.number("ring", "budget_ma", 10, 2000, 300),
        "ma_per_channel": c.number("ring", "ma_per_channel", 1, 60, 20),
    }
    kind = data["input"].get("kind")
    if kind == "buttons":
        keys = ("prev", "next", "ok")
    elif kind == "encoder":
        keys = ("a", "b", "sw")
    else:
        c.fail("input.kind", "= %r must be \"buttons\" or \"encoder\"" % (kind,))
    inp = {"kind": kind}
    for key in keys:
        inp[key] = c.pin("input", key)
    inp["debounce_ms"] = c.number("input", "debounce_ms", 0, 200, 20)
    inp["long_ms"] = c.number("input", "long_ms", 100, 5000, 700)
    if kind == "encoder":
        inp["reverse"] = c.flag("input", "reverse")
        inp["half_step"] = c.flag("input", "half_step")
    else:
        inp["repeat_delay_ms"] = c.number("input", "repeat_delay_ms", 50, 5000, 500)
        inp["repeat_ms"] = c.number("input", "repeat_ms", 20, 5000, 150)
    rtc = data.get("rtc", "rp2040")  # where the date comes from (fishtable.hw.rtc)
    if rtc not in RTC_KINDS:
        c.fail("rtc", "= %r must be one of %s" % (rtc, ", ".join(RTC_KINDS)))
    profile = {}
    for key in data:  # other top-level keys (e.g. "runtime") pass through unchanged
        profile[key] = data[key]
    profile.update({"name": name, "board": data.get("board", name), "i2c": i2c, "display": display,
                    "ring": ring, "input": inp, "rtc": rtc})
    if "power" in data or "battery" in data:
        from fishtable.hw.power import check

        check(c, data, profile)
    return profile


def _i2c_pins(bus, scl):
    return ", ".join(str(p) for p in USER_PINS if p % 4 == 2 * bus + scl)


def load_profile(name, folder="boards"):
    """Read and check `folder/NAME.json`; raises BoardError saying what is wrong."""
    if not name or "/" in name or "." in name:
        raise BoardError("board %r: not a profile name (use e.g. pico)" % (name,))
    path = "%s/%s.json" % (folder, name)
    try:
        text = read_text(path, PROFILE_LIMIT, path)
    except BoardError as err:
        raise BoardError("board %s: %s" % (name, err)) from None
    if text is None:
        known = ", ".join(known_boards(folder)) or "none"
        raise BoardError("board %s: no profile %s (known: %s)" % (name, path, known))
    if _nested_too_deep(text, JSON_DEPTH):
        raise BoardError("board %s: %s is nested too deep" % (name, path))
    try:
        data = json.loads(text)
    except ValueError:
        raise BoardError("board %s: %s is not valid JSON" % (name, path)) from None
    return check_profile(name, data)


def fallback_profile(folder="boards"):
    """The default board's profile for an error screen: boards/pico.json, or as shipped when that
    file cannot be used either."""
    try:
        return load_profile("pico", folder)
    except BoardError:
        return check_profile("pico", PICO)


def known_boards(folder="boards"):
    """The profile names in `folder`, sorted."""
    import os

    try:
        names = os.listdir(folder)
    except OSError:
        return []
    return sorted(n[:-5] for n in names if n.endswith(".json"))


def build(profile):
    """Make the hardware of a checked profile: display (None if no panel answers), ring, keys."""
    import machine
    import neopixel

    from fishtable.hw.ring import Ring

    bus = profile["i2c"]
    i2c = machine.I2C(bus["bus"], sda=machine.Pin(bus["sda"]), scl=machine.Pin(bus["scl"]), freq=bus["freq"])
    disp = profile["display"]
    chip = disp["chip"]  # only the named controller's driver is loaded
    if chip == "sh1106":
        from fishtable.hw.sh1106 import SH1106 as Panel
    elif chip == "ssd1309":
        from fishtable.hw.ssd1309 import SSD1309 as Panel
    else:
        from fishtable.hw.ssd1306 import SSD1306 as Panel
    # The panel answers its init sequence or not (no bus scan first: one write instead of 112 probes).
    display = Panel(i2c, disp["address"], disp["width"], disp["height"], flip=disp["flip"])
    if not display.ok:
        display = None
    r = profile["ring"]
    pixels = neopixel.NeoPixel(machine.Pin(r["pin"], machine.Pin.OUT), r["count"])
    ring = Ring(pixels, r["count"], r["brightness"], r["cap"], r["budget_ma"], r["ma_per_channel"])
    inp = profile["input"]
    try:  # the keys' pin interrupts: room to report an exception raised inside one
        from micropython import alloc_emergency_exception_buf

        alloc_emergency_exception_buf(100)
    except ImportError:
        pass

    def pull_up(n):
        return machine.Pin(n, machine.Pin.IN, machine.Pin.PULL_UP)

    if inp["kind"] == "encoder":
        from fishtable.hw.encoder import Encoder

        keys = Encoder(pull_up(inp["a"]), pull_up(inp["b"]), pull_up(inp["sw"]), inp["debounce_ms"],
                       inp["long_ms"], inp["reverse"], inp["half_step"])
    else:
        from fishtable.hw.keys import Buttons

        keys = Buttons(pull_up(inp["prev"]), pull_up(inp["next"]), pull_up(inp["ok"]), inp["debounce_ms"],
                       inp["long_ms"], inp["repeat_delay_ms"], inp["repeat_ms"])
    hw = Hardware(profile, display, ring, keys, i2c)
    if "power" in profile or "battery" in profile:
        from fishtable.hw.power import fit

        fit(hw, profile, machine)
    else:  # the defaults: the USB sense on GP24, light sleep between events on battery
        hw.vbus = machine.Pin(24, machine.Pin.IN)
        hw.lightsleep = machine.lightsleep
    hw.calendar = profile.get("rtc")  # read when a game begins (fishtable.hw.rtc)
    return hw


def forget():
    """Drop this module from memory: the profile loader and checker are needed only at start-up.

    The caller drops its own reference too (and collects); an error screen imports it again."""
    from fishtable import forget_module

    forget_module(__name__)
