"""The edge of the device: SSD1306 driver, LED ring, keys/encoder, board profiles (imports nothing of the app)."""


class Hardware:
    """What `board.build()` made: display (SSD1306 or None), ring, keys, and the profile.

    It lives here, not in `board`, so that the board module can be forgotten after start-up."""

    def __init__(self, profile, display, ring, keys, i2c=None):
        self.profile = profile
        self.display = display
        self.ring = ring
        self.keys = keys
        self.i2c = i2c
