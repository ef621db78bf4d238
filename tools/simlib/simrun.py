"""The simulator's inside: firmware/main.py on a simulated Pico (runs under CPython and MicroPython).

    simrun.py KEYS_FILE SEED FLASH_DIR MAIN_PY      a key script, every changed frame to stdout
    simrun.py --serve SEED FLASH_DIR MAIN_PY         one key word at a time from stdin (autoplay)
    simrun.py --lfs IMAGE ...                        the flash is the real LittleFS (os.VfsLfs2 of
                                                     the MicroPython unix port) on the block-device
                                                     image IMAGE, written back when the run ends
    simrun.py --battery ...                          on battery: no USB power on the VBUS sense (GP24),
                                                     so the loop light-sleeps between events
    simrun.py --meter ...                            the time in each power state (`P` lines)
    simrun.py --board NAME ...                       boards/NAME.json instead of pico (its display.chip
                                                     picks the panel model: SSD1306, SH1106, SSD1309)

The board is built by the firmware's own `board.build()` from boards/pico.json over the
device models of tools/devices (machine: pins and I2C; the SSD1306 panel model decodes
the I2C bytes; the NeoPixel model records the ring).  The key script presses and releases
the button pins on a virtual clock.  Every changed frame (what the panel's glass shows, the
ring's colours and the panel's contrast, -1 while the panel is off) goes to stdout as one line
`F <1024 bytes hex> <ring hex> <ms> <contrast>`; `E` ends the run.

With `--meter` (after `--battery`, if given) the virtual time is also counted by state for the
bench's battery model (tools/benchlib/power.py): a line `P <json>` before each `?` (see Meter).

In `--serve` mode the keys come one at a time: whenever the last one is done (pressed,
released and 60 ms passed), the current frame goes out as an `F` line followed by `?`, and
the next key-script word is read from stdin (`quit` or the end of input ends the run).
Whoever drives it (tools/autoplay.py) reads the screen and decides the next press.
"""

import binascii
import sys

PRESS_MS = 60  # how long a scripted press holds the button
GAP_MS = 60  # between a release and the next press
BACK_MS = 800  # a `back` holds OK this long (the board's long press is 700 ms)
SETTLE_MS = 1500  # after the last key, before the run ends

WORDS = ("prev", "next", "ok", "back")
MICROPYTHON = sys.implementation.name == "micropython"


class Done(BaseException):
    """The key script has run out (not an Exception: the app loop must not catch it)."""


def parse_script(text):
    """Key script text -> list of (word, ms): prev/next/ok/back (0), hold/wait (ms)."""
    out = []
    for line in text.split("\n"):
        cut = line.find("#")
        if cut >= 0:
            line = line[:cut]
        for word in line.split():
            count = 1
            if "*" in word:
                word, times = word.split("*")
                count = int(times)
            word = word.lower()
            if word in WORDS:
                item = (word, 0)
            elif word.startswith("hold:") or word.startswith("wait:"):
                item = (word[:4], int(word[5:]))
            else:
                raise ValueError("unknown key script word: %s" % word)
            for _ in range(count):
                out.append(item)
    return out


class PinScript:
    """Wraps the board's keys: before each poll, presses/releases button pins per the script.

    `script` is a list of (word, ms) items, or a callable `next_item(now)` that returns the
    next item (None: the run is over) when the last one is done."""

    def __init__(self, script, keys, pins, on_poll):
        from devices import machine_model

        self.drive = machine_model.drive
        self.source = None if isinstance(script, list) else script
        self.script = script if self.source is None else []
        self.pos = 0
        self.keys = keys
        self.pins = pins  # word -> GPIO
        self.on_poll = on_poll
        self.next_at = GAP_MS
        self.release_at = -1
        self.held = None

    @property
    def down_event(self):
        """The wrapped keys' DOWN event (the app turns it on), as on the board."""
        return self.keys.down_event

    @down_event.setter
    def down_event(self, on):
        self.keys.down_event = on

    def idle(self):
        """The board's keys are idle (nothing down, nothing waiting): the loop may sleep; False while
        a press or turn is under way (fishtable.hw.keys)."""
        idle = getattr(self.keys, "idle", None)
        return idle() if idle is not None else None

    def wake_in(self, now, ms):
        """How long a light sleep of `ms` from `now` lasts: the script's next pin change (a key's
        interrupt) ends it, as on the chip."""
        nxt = self.release_at if self.held is not None else self.next_at
        return max(1, min(ms, nxt - now))

    def poll(self, now):
        self.on_poll(now)
        if self.held is not None and now >= self.release_at:
            self.drive(self.held, None)
            self.held = None
        if self.held is None and now >= self.next_at:
            if self.source is not None:
                item = self.source(now)
                if item is None:
                    raise Done()
                self.script = [item]  # one word at a time: keep no history
                self.pos = 0
            if self.pos >= len(self.script):
                raise Done()
            word, ms = self.script[self.pos]
            self.pos += 1
            if word == "wait":
                self.next_at = now + ms
            else:
                hold = ms if word == "hold" else (BACK_MS if word == "back" else PRESS_MS)
                pin = self.pins["ok" if word in ("hold", "back") else word]
                self.drive(pin, 0)
                self.held = pin
                self.release_at = now + hold
                self.next_at = now + hold + GAP_MS
            if self.source is None and self.pos >= len(self.script):
                self.next_at = max(self.next_at, now + SETTLE_MS)
        return self.keys.poll(now)


class Frames:
    """The frame the board shows (the panel's glass and the ring's colours); writes an `F` line
    whenever it changed.  Allocates only when something changed (the walk's heap is the board's)."""

    def __init__(self, panel):
        self.panel = panel
        self.pixels = None
        self.mark = -1  # the panel's transaction count when the glass was last read
        self.glass = bytearray(panel.pages * panel.width)  # what the glass shows, updated in place
        self.ring = bytearray(36)
        self.ring_writes = 0
        self.contrast = -2  # what the panel's contrast was at the last frame (-1: the panel off)
        self._scratch = bytearray(len(self.glass))
        self.changes = 0  # how many times the frame changed
        self.emit = True  # write `F` lines to stdout (the interactive terminal draws instead)
        self.meter = None  # a Meter with `--meter`

    def _read_ring(self):
        """Take the ring's last written frame from the NeoPixel model; True when it changed."""
        px = self.pixels
        if px is None or px.writes == self.ring_writes:
            return False
        self.ring_writes = px.writes
        if len(self.ring) != 3 * px.n:
            self.ring = bytearray(3 * px.n)
        if not px.light:
            px.light = True  # from now on the model keeps only the last frame (no lists to trim)
            px.last_raw[:] = px.buf
            del px.frames[:]
            del px.raw[:]
        raw = px.last_raw
        order = px.ORDER
        ring = self.ring
        changed = False
        for i in range(0, len(ring), 3):
            for j in range(3):
                value = raw[i + order[j]]
                if ring[i + j] != value:
                    ring[i + j] = value
                    changed = True
        return changed

    def capture(self, now=0, force=False):
        """Look at the board now; write the frame if it changed (or `force`)."""
        panel = self.panel
        if panel.log:
            del panel.log[:]  # the model logs every transaction; the simulator needs none
        changed = self._read_ring()
        contrast = panel.contrast if panel.lit() else -1
        if contrast != self.contrast:
            self.contrast = contrast
            changed = True
        if panel.transactions != self.mark:
            self.mark = panel.transactions
            scratch = panel.glass_pages(self._scratch)
            if scratch != self.glass:
                self.glass[:] = scratch
                changed = True
        if changed:
            self.changes += 1
        if (changed or force) and self.emit:
            sys.stdout.write("F %s %s %d %d\n" % (binascii.hexlify(self.glass).decode(),
                                                  binascii.hexlify(self.ring).decode(), now, self.contrast))


def profile_chip(name, folder="boards"):
    """The display.chip of boards/NAME.json ("ssd1306" when it names none or cannot be read: the
    firmware's own check then says what is wrong)."""
    import json

    try:
        with open("%s/%s.json" % (folder, name)) as f:
            chip = json.loads(f.read())["display"].get("chip", "ssd1306")
    except (OSError, ValueError, KeyError, AttributeError):
        return "ssd1306"
    return chip if chip in ("ssd1306", "sh1106", "ssd1309") else "ssd1306"


def install(seed, data_root, make_keys, clock=None, battery=False, meter=False, board_name=None):
    """Device models in, and `board.build` wrapped to add the simulator's clock (a virtual one
    unless `clock` is given), seed, flash and keys; USB power on the VBUS sense unless `battery`
    (then the chip's light sleep is modelled: it lasts until the keys' next pin change); with
    `meter`, frames.meter counts the time in each power state.  `board_name`: the profile the
    firmware loads instead of config.txt's (and the panel model its display.chip names).

    Returns (panel, clock, frames)."""
    import devices

    devices.install()
    panel = devices.attach_panel(chip=profile_chip(board_name) if board_name else "ssd1306")
    from devices import machine_model
    from devices.inputs import Clock

    machine_model.drive(24, 0 if battery else 1)  # the VBUS sense: USB power or not

    from fishtable.hw import board

    if board_name:
        board.read_config = lambda path="config.txt": board_name

    if clock is None:
        clock = Clock()
    frames = Frames(panel)
    frames.meter = Meter(frames, panel) if meter else None
    real_build = board.build

    def build(profile):
        hw = real_build(profile)
        import neopixel

        frames.pixels = neopixel.instances[-1]
        hw.clock = clock if frames.meter is None else Metered(clock, frames.meter)
        hw.seed = seed
        hw.data_root = data_root
        keys = make_keys(hw, profile, frames)
        hw.keys = keys
        wake_in = getattr(keys, "wake_in", None)
        if hw.lightsleep is not None and wake_in is not None:
            hw.lightsleep = lambda ms: _nap(clock, frames.meter, wake_in(clock.ticks_ms(), ms))
        return hw

    board.build = build
    return panel, clock, frames


class Meter:
    """Virtual ms by state, as the loop waits: `ms` by the panel's state (running: lit at its
    contrast, dimmed, dark: off), `asleep` (the chip in light sleep, within those), `naps` (light
    sleeps: each a wake-up), and the integrals the battery model needs: lit pixels x ms x contrast
    (`pixel_ms`, contrast 0..255 scaled to 0..1) and ring channel values x ms (`ring_ms`, 0..255
    per channel)."""

    def __init__(self, frames, panel):
        self.frames = frames
        self.panel = panel
        self.ms = {"running": 0, "dimmed": 0, "dark": 0}
        self.asleep = 0
        self.naps = 0
        self.pixel_ms = 0.0
        self.ring_ms = 0
        self._seen = -1
        self._lit = 0

    def spend(self, now, ms, asleep):
        frames = self.frames
        frames.capture(now)
        if frames.changes != self._seen:
            self._seen = frames.changes
            lit = 0
            for b in frames.glass:
                while b:
                    lit += b & 1
                    b >>= 1
            self._lit = lit
        panel = self.panel
        state = "dark" if not panel.lit() else ("dimmed" if panel.contrast <= 1 else "running")
        self.ms[state] += ms
        if asleep:
            self.asleep += ms
            self.naps += 1
        if panel.lit():
            self.pixel_ms += self._lit * ms * panel.contrast / 255.0
        self.ring_ms += sum(frames.ring) * ms

    def line(self):
        import json

        return "P %s\n" % json.dumps({"ms": self.ms, "asleep": self.asleep, "naps": self.naps,
                                       "pixel_ms": self.pixel_ms, "ring_ms": self.ring_ms,
                                       "leds": len(self.frames.ring) // 3})


class Metered:
    """The board's clock, with its waits counted by a Meter."""

    def __init__(self, clock, meter):
        self.clock = clock
        self.meter = meter

    def ticks_ms(self):
        return self.clock.ticks_ms()

    def sleep_ms(self, ms):
        self.meter.spend(self.clock.ticks_ms(), ms, False)
        self.clock.sleep_ms(ms)


def _nap(clock, meter, ms):
    """The chip's light sleep in the simulator: `ms` of virtual time (counted as asleep)."""
    if meter is not None:
        meter.spend(clock.ticks_ms(), ms, True)
    clock.sleep_ms(ms)


class Served:
    """The next key word from stdin, after the frame went to stdout (`--serve` mode)."""

    def __init__(self, frames):
        self.frames = frames

    def __call__(self, now):
        self.frames.capture(now, force=True)  # the driver always gets the frame it decides on
        if self.frames.meter is not None:
            sys.stdout.write(self.frames.meter.line())
        sys.stdout.write("?\n")
        flush = getattr(sys.stdout, "flush", None)
        if flush is not None:
            flush()
        while True:
            line = sys.stdin.readline()
            if not line or line.strip() == "quit":
                return None
            if line.startswith("!"):  # the heap test's own words (tools/simlib/heapprobe.py)
                import heapprobe

                try:
                    heapprobe.word(line)
                except Exception as err:  # noqa: BLE001 - the driver stops on it (not the app's error)
                    sys.stdout.write("heapprobe failed: %r\n" % err)
                sys.stdout.write("?\n")
                continue
            items = parse_script(line)
            if items:
                return items[0]


LFS_MOUNT = "/flash"


def mount_lfs(image_path):
    """Mount the LittleFS image in the file `image_path` (4 KB blocks, 256-byte programs, as on
    the Pico) at LFS_MOUNT; returns the block device (tools/devices/faultfs.FlashBlocks)."""
    import os

    from devices.faultfs import FlashBlocks

    with open(image_path, "rb") as f:
        image = f.read()
    bdev = FlashBlocks(len(image) // 4096, image=image)
    os.mount(os.VfsLfs2(bdev, progsize=256), LFS_MOUNT)
    return bdev


def mount_packs(flash):
    """The packs of an install in the folder `flash` (make flash's, make uf2's: /fishtable-K.pack
    beside /fishpack.mpy, which is on sys.path) mounted as main.py mounts them, before anything of
    fishtable is imported: what is wrong with them; none: nothing done."""
    import os

    try:
        os.stat(flash + "/fishtable-0.pack")
    except OSError:
        return None
    import fishpack  # (it mounts them)

    return fishpack.wrong


def main(argv):
    board_name = None
    if argv[0] == "--board":
        board_name, argv = argv[1], argv[2:]
    lfs = None
    if argv[0] == "--lfs":
        lfs, argv = argv[1], argv[2:]
    battery = argv[0] == "--battery"
    if battery:
        argv = argv[1:]
    meter = argv[0] == "--meter"
    if meter:
        argv = argv[1:]
    draws = argv[0] == "--draws"  # also log what the screens draw (`D` lines; tests of the screen reader)
    if draws:
        argv = argv[1:]
    pad = argv[0] == "--pad"  # the heap test (tools/simlib/heapboard.py): names interned first
    if pad:
        argv = argv[1:]
    serve = argv[0] == "--serve"
    if serve:
        argv = argv[1:]
        keys_file, seed, flash, main_py = None, int(argv[0]), argv[1], argv[2]
        script = None
    else:
        keys_file, seed, flash, main_py = argv[0], int(argv[1]), argv[2], argv[3]
        with open(keys_file) as f:
            script = parse_script(f.read())

    def make_keys(hw, profile, frames):
        inp = profile["input"]
        pins = {"prev": inp["prev"], "next": inp["next"], "ok": inp["ok"]}
        if draws and hw.display is not None:
            import drawlog

            from fishtable.ui import draw

            draw.set_strict(True)  # layout faults raise: the board stops and the test says where

            drawlog.watch(hw.display, lambda keys: sys.stdout.write("D %s\n" % drawlog.encode(keys)))
        return PinScript(Served(frames) if serve else script, hw.keys, pins, frames.capture)

    if pad:
        _pad()
    bdev = mount_lfs(lfs) if lfs else None
    mount_packs(flash)
    panel, clock, frames = install(seed, (LFS_MOUNT if lfs else flash) + "/data", make_keys, battery=battery,
                                   meter=meter, board_name=board_name)
    import devices

    devices.set_clock(clock.ticks_ms)  # pin interrupts read the virtual clock too
    with open(main_py) as f:
        code = f.read()
    if pad:
        import heapprobe

        heapprobe.report("start")  # the harness's heap: the firmware's figures are net of it
    try:
        exec(code, {"__name__": "__main__"})
    except Done:
        pass
    frames.capture(clock.ms)
    if bdev is not None:
        import os

        os.umount(LFS_MOUNT)
        with open(lfs, "wb") as f:
            f.write(bdev.data)  # (no copy: the board's heap is small)
    sys.stdout.write("E\n")


def _pad():
    """The heap test's start: the name table's figures out, then as many filler names interned as
    the driver answers (`pad N`), and the heap's figures before the firmware starts."""
    import heapprobe
    import micropython
    from devices import inputs, machine_model, neopixel_model, panel, vtime  # noqa: F401 - their names first

    micropython.qstr_info()
    sys.stdout.write("?\n")
    line = sys.stdin.readline().split()
    heapprobe.pad(int(line[1]))


if __name__ == "__main__":
    main(sys.argv[1:])
