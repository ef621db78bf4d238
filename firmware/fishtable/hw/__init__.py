"""The edge of the device: SSD1306 driver, LED ring, keys/encoder, board profiles (imports nothing of the app)."""


class Hardware:
    """What the app runs on; `board.build()` (or the CircuitPython edge) makes one from a profile.

    display       the panel (an SSD1306 frame buffer with `show()`), or None when no panel answers
    ring          the LED ring (`fishtable.hw.ring.Ring`)
    keys          the input: `poll(now_ms)` returns one key event (fishtable.events)
    profile       the checked board profile (dict)
    i2c           the display's bus
    mounted_flip  True when the panel is mounted upside down (the profile's display.flip); the
                  Flip screen setting turns the picture from there
    clock         where the app loop gets `ticks_ms()` and `sleep_ms()`: the `time` module on a
                  board, a virtual clock in the simulator
    seed          the die's seed, or None for the board's own entropy (os.urandom)
    data_root     the folder of the journal, the history and the settings
    calendar      where the date comes from: the profile's `rtc` ("rp2040", "ds3231", "pcf8563";
                  read by fishtable.hw.rtc.read), or None: no date known

    It lives here, not in `board`, so that the board module can be forgotten after start-up."""

    def __init__(self, profile, display, ring, keys, i2c=None, clock=None, seed=None, data_root="/data",
                 mounted_flip=None):
        self.profile = profile
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
