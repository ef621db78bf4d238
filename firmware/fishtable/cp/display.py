"""The SSD1306 OLED on CircuitPython: the app's FrameBuffer, shown through displayio.

The app draws into `Display` exactly as into `fishtable.hw.ssd1306.SSD1306` (it is the same
MONO_VLSB FrameBuffer API, from `fishtable.cp.framebuf`).  `show()` compares the
frame with a shadow of what the displayio.Bitmap holds, writes only the changed pixels into the
Bitmap and refreshes once per changed page (8-pixel row band), so displayio sends only the
changed column range of each changed page, as the MicroPython driver does.

The panel itself is `adafruit_displayio_ssd1306.SSD1306` on an `i2cdisplaybus.I2CDisplayBus`
with auto-refresh off; a TileGrid in a Group shows the Bitmap.  After its own init sequence the
settings that differ from the MicroPython driver's (contrast, VCOM level, flip) are sent, so
both panels end up in the same state.
"""

from micropython import const

from fishtable.cp.framebuf import MONO_VLSB, FrameBuffer

_SET_CONTRAST = const(0x81)
_DISPLAY_ON = const(0xAF)
_DISPLAY_OFF = const(0xAE)
_DIM_CONTRAST = const(1)  # as the MicroPython driver dims
_SEG_REMAP = const(0xA0)  # | 1: column 127 is SEG0
_COM_SCAN_UP = const(0xC0)
_COM_SCAN_DOWN = const(0xC8)
_VCOM_DESELECT = const(0xDB)

# What one refreshed page costs on the I2C bus with displayio's I2CDisplayBus: the column and
# the page window (3 command bytes each, every command byte sent as 0x80, byte) and the 0x40
# data control byte.
PAGE_OVERHEAD = const(13)


def open_display(i2c, addr=0x3C, width=128, height=64, flip=False):
    """The panel at `addr` on a busio.I2C, driven through displayio; returns a Display.

    Call `displayio.release_displays()` before making `i2c` (see fishtable.cp.hardware).
    """
    import adafruit_displayio_ssd1306  # type: ignore
    import displayio  # type: ignore

    try:
        from i2cdisplaybus import I2CDisplayBus  # type: ignore  # CircuitPython 9+
    except ImportError:
        from displayio import I2CDisplay as I2CDisplayBus  # type: ignore  # CircuitPython 8

    bus = I2CDisplayBus(i2c, device_address=addr)
    panel = adafruit_displayio_ssd1306.SSD1306(bus, width=width, height=height, auto_refresh=False)
    bitmap = displayio.Bitmap(width, height, 2)
    palette = displayio.Palette(2)
    palette[0] = 0x000000
    palette[1] = 0xFFFFFF
    group = displayio.Group()
    group.append(displayio.TileGrid(bitmap, pixel_shader=palette))
    panel.root_group = group
    return Display(panel, bitmap, width, height, flip)


class Display(FrameBuffer):
    """A `width` x `height` MONO_VLSB frame shown on `panel` (a displayio SSD1306) via `bitmap`."""

    def __init__(self, panel, bitmap, width=128, height=64, flip=False, contrast=0xCF):
        self.pages = height // 8
        self.buffer = bytearray(self.pages * width)
        super().__init__(self.buffer, width, height, MONO_VLSB)
        self._shadow = bytearray(len(self.buffer))  # what the Bitmap holds now
        self._panel = panel
        self._bitmap = bitmap
        self.flip = bool(flip)
        self._contrast = max(0, min(255, contrast))
        self._stale = False
        self.rest = 0  # 0: as set, 1: dimmed, 2: dark (see dim())
        self.ok = True
        self.errors = 0
        self.bytes_sent = 0  # bus bytes of the frames (as displayio's I2CDisplayBus frames them)
        self._apply_settings()
        # The first refresh draws the whole (blank) Bitmap; the second one settles displayio's
        # first-draw bookkeeping (CircuitPython sends nothing then; Blinka redraws once more).
        self._refresh()
        self._refresh()

    # -- panel commands --------------------------------------------------------------------
    def _send(self, cmd, arg=-1):
        """One command (and its argument) to the panel, each byte as a command of its own.

        (One byte per send(): Blinka's I2CDisplayBus.send garbles data after the command; the
        SSD1306 takes an argument in a later transaction as Adafruit's Arduino driver sends it.)"""
        try:
            bus = self._panel.bus
            bus.send(cmd, b"")
            if arg >= 0:
                bus.send(arg, b"")
        except (OSError, RuntimeError):
            self.ok = False
            self.errors += 1
            self._stale = True

    def _apply_settings(self):
        """The settings where the displayio init differs from the MicroPython driver's."""
        self._send(_SET_CONTRAST, self._contrast)
        self._send(_VCOM_DESELECT, 0x30)
        self._send(_SEG_REMAP | (0 if self.flip else 1))
        self._send(_COM_SCAN_UP if self.flip else _COM_SCAN_DOWN)

    def contrast(self, value):
        """Set the contrast 0..255 (sent once the panel is no longer dimmed)."""
        self._contrast = max(0, min(255, value))
        if not self.rest:
            self._send(_SET_CONTRAST, self._contrast)

    def dim(self, level):
        """0: the picture at its contrast, 1: dimmed, 2: dark (the panel off, the picture kept)."""
        if level == self.rest:
            return
        if (level == 2) != (self.rest == 2):
            self._send(_DISPLAY_OFF if level == 2 else _DISPLAY_ON)
        self._send(_SET_CONTRAST, _DIM_CONTRAST if level else self._contrast)
        self.rest = level

    def set_flip(self, flip):
        """Rotate the picture by 180 degrees (True) or not; the next show() resends all.

        The segment remap only applies to data written after it, so the RAM is rewritten."""
        self.flip = bool(flip)
        self._send(_SEG_REMAP | (0 if self.flip else 1))
        self._send(_COM_SCAN_UP if self.flip else _COM_SCAN_DOWN)
        self._stale = True

    # -- frames ------------------------------------------------------------------------------
    def _refresh(self):
        try:
            self._panel.refresh()
            return True
        except (OSError, RuntimeError):
            self.ok = False
            self.errors += 1
            self._stale = True
            return False

    def _copy_page(self, page):
        """Copy the changed pixels of `page` into the Bitmap; (first, last) column or None."""
        buf = self.buffer
        shadow = self._shadow
        bitmap = self._bitmap
        base = page * self.width
        end = base + self.width
        if buf[base:end] == shadow[base:end]:
            return None
        first = -1
        last = 0
        width = self.width
        row0 = page * 8 * width  # Bitmap index of (0, page * 8): a flat index needs no (x, y) tuple
        for i in range(base, end):
            diff = buf[i] ^ shadow[i]
            if not diff:
                continue
            value = buf[i]
            x = i - base
            if first < 0:
                first = x
            last = x
            at = row0 + x
            for bit in range(8):
                if diff & (1 << bit):
                    bitmap[at + bit * width] = (value >> bit) & 1
            shadow[i] = value
        return first, last

    def show(self, full=False):
        """Send what changed since the last show (everything if `full`); returns the bus bytes."""
        before = self.bytes_sent
        if full or self._stale:
            for page in range(self.pages):
                self._copy_page(page)
            self._bitmap.dirty()
            if self._refresh():
                self._stale = False
                self.ok = True
                self.bytes_sent += PAGE_OVERHEAD + self.pages * self.width
            return self.bytes_sent - before
        for page in range(self.pages):
            span = self._copy_page(page)
            if span is None:
                continue
            if not self._refresh():
                break
            self.bytes_sent += PAGE_OVERHEAD + span[1] - span[0] + 1
        return self.bytes_sent - before

