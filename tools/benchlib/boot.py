"""Start-up on the unix port: firmware/main.py from its first line to its first frame (host only).

    micropython boot.py MAIN_PY DATA_ROOT    (cwd: a folder with config.txt and boards/)

main.py runs as on the board (the .mpy bundle on MICROPYPATH) over the device models; the
board's build is wrapped to give the app a virtual clock and keys that end the run at the loop's
second pass (the first pass draws the first frame).  Every I2C write is timed: the firmware's
time is the wall time minus the time spent inside the models (the panel model decodes every
byte in Python; on the board the bus is a peripheral whose wire time is reported apart).
Prints `BENCH boot_* value` lines: the firmware time (us) at the end of the init sequence, when
the display is switched on, at the first frame's last byte; the build's start and end; the I2C
payload bytes and bus bit times up to the first frame; whether the glass ever showed noise; the
median loop pass with NEXT/PREV at the main menu afterwards (the host's speed in this run).
"""

import sys
import time

_t = {"t0": 0, "model": 0, "build": [0, 0]}
_log = []  # per I2C write: (firmware us at its end, payload bytes, bits, the glass lit after it)


class Done(BaseException):
    """The first frame is out (not an Exception: the app loop must not catch it)."""


MENU_PRESSES = 20


class _StopKeys:
    """The board's keys for the first pass (it draws the first frame); then NEXT and PREV in turn,
    each loop pass timed (the host's speed for the chip estimate, as tools/benchlib/timing.py's
    menu presses); then the run ends."""

    def __init__(self, keys):
        self.keys = keys
        self.passes = 0
        self.last = 0
        self.menu = []

    def poll(self, now):
        self.passes += 1
        t = _now()
        if self.passes > 2:
            self.menu.append(t - self.last)
        if self.passes > MENU_PRESSES + 2:
            raise Done()
        self.last = t
        ev = self.keys.poll(now)
        if self.passes == 1:
            return ev
        return 2 if self.passes % 2 == 0 else 1  # NEXT, PREV


def _now():
    """Firmware microseconds since main.py started: wall time minus the models' time."""
    return time.ticks_diff(time.ticks_us(), _t["t0"]) - _t["model"]


def main(argv):
    main_py, data_root = argv[0], argv[1]
    import devices

    devices.install()
    panel = devices.attach_panel()
    from devices import machine_model

    bus = machine_model.bus(0)
    real_write = bus.write

    def write(addr, data, freq, parts=None):
        start = time.ticks_us()
        bits_before = bus.bits
        bytes_before = bus.bytes
        try:
            return real_write(addr, data, freq, parts)
        finally:
            _t["model"] += time.ticks_diff(time.ticks_us(), start)
            _log.append((_now(), bus.bytes - bytes_before, bus.bits - bits_before, panel.lit()))

    bus.write = write
    keys_box = []
    from devices.inputs import Clock  # the virtual clock, imported before the measuring starts

    _t["t0"] = time.ticks_us()  # main.py's first imports: the packs, the board module (wrapped here, then main.py's)
    _t["model"] = 0
    try:
        import fishpack  # noqa: F401 - it mounts the install's packs, as main.py does first
    except ImportError:
        pass
    from fishtable.hw import board

    real_build = board.build

    def build(profile):
        _t["build"][0] = _now()
        hw = real_build(profile)
        _t["build"][1] = _now()
        hw.clock = Clock()
        hw.seed = 7
        hw.data_root = data_root
        hw.keys = _StopKeys(hw.keys)
        keys_box.append(hw.keys)
        return hw

    board.build = build
    with open(main_py) as f:
        code = f.read()
    try:
        exec(code, {"__name__": "__main__"})
    except Done:
        pass
    report(panel, keys_box[0].menu)


def report(panel, menu):
    init_end = on = frame_end = -1
    total = bits = frame_bytes = frame_bits = on_bits = 0
    for us, n, b, lit in _log:
        total += n
        bits += b
        if init_end < 0:
            init_end = us
        if lit and on < 0:
            on = us
            on_bits = bits
        if n >= 1025 and frame_end < 0:  # the first frame: the whole RAM in one data write
            frame_end = us
            frame_bytes = total
            frame_bits = bits
        if frame_end >= 0 and on >= 0:
            break
    if on < 0 or frame_end < 0:
        raise RuntimeError("no first frame or display-on in the boot's I2C writes")
    print("BENCH boot_init_us %d" % init_end)
    print("BENCH boot_display_on_us %d" % on)
    print("BENCH boot_first_frame_us %d" % max(on, frame_end))
    print("BENCH boot_build_us [%d, %d]" % (_t["build"][0], _t["build"][1]))
    print("BENCH boot_i2c_bytes %d" % total)
    print("BENCH boot_i2c_frame_bytes %d" % frame_bytes)
    print("BENCH boot_i2c_bits %d" % bits)
    print("BENCH boot_i2c_frame_bits %d" % frame_bits)
    print("BENCH boot_i2c_on_bits %d" % on_bits)
    print("BENCH boot_noise_shown %s" % ("true" if panel.noise_shown else "false"))
    menu.sort()
    print("BENCH boot_menu_us %d" % menu[len(menu) // 2])


if __name__ == "__main__":
    main(sys.argv[1:])
