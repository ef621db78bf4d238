"""A power bank's keep-alive (imported only when the profile's power.keepalive_s is set): many
power banks switch off when the board draws too little, so every `every_s` seconds one ring
LED is lit full white for `ms` (about 60 mA on a WS2812: 3 channels x 20 mA), then the ring's
own frame is written back.  The pulse never changes what the ring shows otherwise; its cost
is in docs/power.md.
"""


class KeepAlive:
    """The load pulse on `ring` (fishtable.hw.ring.Ring): `tick(now)` each loop pass."""

    def __init__(self, ring, every_s, ms, now=0):
        self.ring = ring
        self.every = every_s * 1000
        self.ms = ms
        self.at = now  # the last pulse's start
        self.lit = False
        self.pulses = 0

    def tick(self, now):
        """Start or end a pulse when due; returns the ms until the next change (the loop's
        longest sleep)."""
        import time

        since = time.ticks_diff(now, self.at)
        if self.lit:
            if since < self.ms:
                return self.ms - since
            self.lit = False
            self.ring.show()  # the ring's own frame again
            return self.every - since
        if since < self.every:
            return self.every - since
        self.at = now
        self.lit = True
        self.pulses += 1
        pixels = self.ring.pixels
        pixels[0] = (255, 255, 255)  # one LED, full white: the load
        pixels.write()
        return self.ms
