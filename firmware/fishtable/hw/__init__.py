"""The edge of the device: SSD1306 driver, LED ring, keys/encoder, board profiles (imports nothing of the app)."""


class Hardware:
    """What the app runs on; `board.build()` (or the CircuitPython edge) makes one from a profile.

    display       the panel (an SSD1306 frame buffer with `show()`), or None when no panel answers
    ring          the LED ring (`fishtable.hw.ring.Ring`)
    keys          the input: `poll(now_ms)` returns one key event (fishtable.events)
    profile       the board's name (the checked profile itself is needed only while the hardware is
                  built: its RAM is for the games)
    i2c           the display's bus
    mounted_flip  True when the panel is mounted upside down (the profile's display.flip); the
                  Flip screen setting turns the picture from there
    clock         where the app loop gets `ticks_ms()` and `sleep_ms()`: the `time` module on a
                  board, a virtual clock in the simulator
    seed          the die's seed, or None for the board's own entropy (os.urandom)
    data_root     the folder of the journal, the history and the settings
    lightsleep    the chip's light sleep (`machine.lightsleep`: a key's pin interrupt or the time
                  ends it), or None: the app loop naps in it on battery (fishtable.ui.loop)
    vbus          the USB power sense pin (reads 1 while USB powers the board), or None
    battery       the battery gauge the profile names (fishtable.hw.battery.Gauge), or None
    keepalive     a power bank's keep-alive pulse (fishtable.hw.keepalive.KeepAlive), or None
                  (these four are set by `board.build()` when the profile has them)

    calendar      where the date comes from: the profile's `rtc` ("rp2040", "ds3231", "pcf8563";
                  read by fishtable.hw.rtc.read), or None: no date known

    It lives here, not in `board`, so that the board module can be forgotten after start-up."""

    lightsleep = None
    vbus = None
    battery = None
    keepalive = None

    def __init__(self, profile, display, ring, keys, i2c=None, clock=None, seed=None, data_root="/data",
                 mounted_flip=None):
        self.profile = profile["name"] if profile else None
        self.display = display
        self.ring = ring
        self.keys = keys
        self.i2c = i2c
        if mounted_flip is None:
            mounted_flip = bool(profile["display"]["flip"]) if profile else False
        self.mounted_flip = mounted_flip
        if clock is None:
            import time as clock
        self.clock = clock
        self.seed = seed
        self.data_root = data_root
        self.calendar = None
