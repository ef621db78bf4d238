"""The battery gauge (fishtable.hw.battery) over the device models: the VSYS divider on the ADC
model, the MAX17048 model decoding the I2C bytes; the profile checker's battery and power fields;
the app's battery mark, its low-battery message and About (test_power.py, both interpreters)."""

PICO = {"i2c": {"bus": 0, "sda": 4, "scl": 5}, "display": {}, "ring": {"pin": 16, "count": 12},
        "input": {"kind": "buttons", "prev": 13, "next": 14, "ok": 15}}


def _models():
    import devices

    machine = devices.install()
    machine.reset()
    return devices, machine


def _u16(mv):
    """What the ADC reads for VSYS at `mv` (VSYS/3 on 0..3.3 V)."""
    return mv * 65535 // (3 * 3300)


def gauges():
    devices, machine = _models()
    from devices.max17048_model import MAX17048Model

    from fishtable.hw.battery import Gauge

    res = {}
    machine.set_adc(29, _u16(3900))
    g = Gauge(machine, None, 0, False, 3500)
    res["vsys"] = [g.tick(0), g.mv, g.pct, g.level(), g.is_low(), g.tick(1000)]
    machine.Pin(29, machine.Pin.ALT, alt=7)
    gw = Gauge(machine, None, 0, True, 3500)
    gw.tick(0)
    res["wireless"] = [gw.mv, machine.level(25), machine.Pin(29)._state.alt]
    gauge = MAX17048Model()
    gauge.set_cell(3712, 41.5)
    machine.bus(0).attach(0x36, gauge)
    gm = Gauge(None, machine.I2C(0), 0x36, None, 10)
    res["max17048"] = [gm.tick(0), gm.mv, gm.pct, gm.level(), gm.is_low(), gauge.reads]
    gauge.set_cell(3400, 6.2)
    machine.bus(0).unplug(0x36)
    res["unplugged"] = [gm.tick(40000), gm.mv, gm.pct]
    machine.bus(0).plug(0x36)
    gauge.set_cell(3400, 6.2)
    res["low"] = [gm.tick(80000), gm.pct, gm.is_low(), gm.low_now(False), gm.low_now(False), gm.low_now(True),
                  gm.low_now(False)]
    return res


def profiles(cases):
    """Each [name, extra sections] checked over PICO: the normalised power/battery, or the message."""
    _models()
    from fishtable.hw.board import BoardError, check_profile

    out = []
    for name, extra in cases:
        data = dict(PICO)
        data.update(extra)
        try:
            p = check_profile(name, data)
            out.append([p.get("power"), p.get("battery")])
        except BoardError as err:
            out.append(str(err))
    return out


def app_on_battery(folder, mv, usb):
    """The app on a board with a VSYS battery at `mv` (USB power or not): what it says, its mark
    and About's lines."""
    devices, machine = _models()
    devices.attach_panel()
    from devices.inputs import Clock

    from fishtable.hw import board
    from fishtable.store import Store
    from fishtable.ui import loop

    machine.drive(24, 1 if usb else 0)
    machine.set_adc(29, _u16(mv))
    data = dict(PICO)
    data["battery"] = {"kind": "vsys", "low_mv": 3500}
    hw = board.build(board.check_profile("pico", data))
    hw.clock = Clock()
    hw.data_root = folder + "/data"
    store = Store(root=hw.data_root)
    app = loop.run(hw, store, loop.make_die(hw), limit=30)
    said = " ".join(app.toast) if app.toast else None
    mark = list(hw.display.buffer[121:128])
    from fishtable.ui.settings import about_screen

    about = about_screen(app)
    return {"said": said, "mark": mark, "about": about.lines, "nap": hw.clock.ms}


def keepalive_pulses(folder, usb, passes):
    """The app on a board with a power bank's keep-alive (every 2 s, 100 ms) for `passes` loop
    passes: the pulses, the ring writes of each (LED 0 full white, then the ring's own frame
    back), the virtual time."""
    devices, machine = _models()
    devices.attach_panel()
    from devices.inputs import Clock

    from fishtable.hw import board
    from fishtable.store import Store
    from fishtable.ui import loop

    machine.drive(24, 1 if usb else 0)
    data = dict(PICO)
    data["power"] = {"keepalive_s": 2, "keepalive_ms": 100}
    hw = board.build(board.check_profile("pico", data))
    clock = Clock()
    hw.clock = clock
    machine.set_sleeper(clock.sleep_ms)  # the chip's light sleep: virtual time passes
    hw.data_root = folder + "/data"
    import neopixel

    pixels = neopixel.instances[-1]
    app = loop.run(hw, Store(root=hw.data_root), loop.make_die(hw), limit=passes)
    machine.set_sleeper(None)
    white = [i for i in range(len(pixels.frames)) if pixels.frames[i][0] == (255, 255, 255)]
    after = [pixels.frames[i + 1][0] for i in white if i + 1 < len(pixels.frames)]
    return {"pulses": hw.keepalive.pulses, "white": len(white), "after": after, "ms": clock.ms,
            "others_dark": all(f[1:] == [(0, 0, 0)] * 11 for f in pixels.frames), "rest": app.rest}



class _Stop(BaseException):
    """The scripted turns are over (ends the app loop; not an Exception, which it would catch)."""


class _Driven:
    """The board's keys, with pin changes [(ms, gpio, level)] driven when their time has come:
    before a poll, or when the modelled light sleep ends at the next one (its pin interrupt).
    At each ms of `looks` the panel is looked at: (contrast, lit, its glass)."""

    def __init__(self, keys, changes, clock, machine, panel, looks):
        self.keys = keys
        self.changes = sorted(changes)
        self.clock = clock
        self.machine = machine
        self.panel = panel
        self.looks = list(looks)
        self.seen = []

    def drive(self):
        while self.looks and self.looks[0] <= self.clock.ms:
            self.looks.pop(0)
            p = self.panel
            self.seen.append([p.contrast, p.lit(), bytes(p.glass_pages()).hex()])
        while self.changes and self.changes[0][0] <= self.clock.ms:
            _, gpio, level = self.changes.pop(0)
            self.machine.drive(gpio, level)

    def poll(self, now):
        self.drive()
        if not self.looks:
            raise _Stop()
        return self.keys.poll(now)

    def idle(self):
        return self.keys.idle()

    def sleep(self, ms):
        """The chip's light sleep: until `ms` passed or the next pin change or look."""
        nxt = [c[0] for c in self.changes[:1]] + self.looks[:1]
        if nxt:
            ms = max(1, min(ms, min(nxt) - self.clock.ms))
        self.clock.sleep_ms(ms)


def encoder_wake(folder, turns_at, looks):
    """An encoder board on battery at the main menu, the firmware's own app loop: a detent turned
    at each ms of `turns_at`; the panel as seen at each ms of `looks`; the virtual time taken."""
    devices, machine = _models()
    panel = devices.attach_panel()
    from devices.inputs import Clock, Script

    from fishtable.hw import board
    from fishtable.store import Store
    from fishtable.ui import loop

    machine.drive(24, 0)  # on battery
    pins = {"a": 13, "b": 14, "sw": 15}
    for gpio in pins.values():
        machine.drive(gpio, 1)
    data = dict(PICO)
    data["input"] = {"kind": "encoder", "a": 13, "b": 14, "sw": 15}
    hw = board.build(board.check_profile("enc", data))
    clock = Clock()
    hw.clock = clock
    script = Script(pins)
    for t in turns_at:
        script.turn("a", "b", t, 1, step_ms=3)
    keys = _Driven(hw.keys, script.changes, clock, machine, panel, looks)
    hw.keys = keys
    machine.set_sleeper(keys.sleep)
    hw.data_root = folder + "/data"
    try:
        loop.run(hw, Store(root=hw.data_root), loop.make_die(hw))
    except _Stop:
        pass
    machine.set_sleeper(None)
    return {"seen": keys.seen, "ms": clock.ms}
