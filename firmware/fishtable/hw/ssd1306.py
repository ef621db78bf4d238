"""SSD1306 OLED (128x64, I2C) as a MONO_VLSB FrameBuffer that sends only what changed.

Draw with the FrameBuffer methods (text, fill_rect, line, ...), then call
`show()`: it compares each page (8-pixel row band) with a shadow copy of the last frame
and sends only the changed column range of the changed pages.  All buffers are allocated
once in the constructor.

A clean start: an SSD1306 powers up with random RAM, so the init sequence leaves the display
off and the first `show()` switches it on only after its full frame is in the RAM (the same
after a re-init): the glass never shows noise, and the first thing lit is the first frame.

An I2C error (panel unplugged, no ACK) never escapes `show()`: the panel is marked not
`ok`, `errors` counts the failures, and later `show()` calls retry (init sequence plus a
full frame) with a back-off counted in calls: 1, 2, 4, ... up to 32 skipped calls.
"""

import framebuf
from micropython import const

# Commands (SSD1306 datasheet, section 9).
_SET_CONTRAST = const(0x81)
_ENTIRE_ON_RESUME = const(0xA4)
_NORMAL = const(0xA6)
_DISPLAY_OFF = const(0xAE)
_DISPLAY_ON = const(0xAF)
_MEMORY_MODE = const(0x20)
_COLUMN_ADDR = const(0x21)
_PAGE_ADDR = const(0x22)
_START_LINE = const(0x40)
_SEG_REMAP = const(0xA0)  # | 1: column 127 is SEG0
_MUX_RATIO = const(0xA8)
_COM_SCAN_UP = const(0xC0)
_COM_SCAN_DOWN = const(0xC8)
_DISPLAY_OFFSET = const(0xD3)
_COM_PINS = const(0xDA)
_CLOCK_DIV = const(0xD5)
_PRECHARGE = const(0xD9)
_VCOM_DESELECT = const(0xDB)
_CHARGE_PUMP = const(0x8D)
_SCROLL_OFF = const(0x2E)

# I2C control bytes: a stream of commands, a stream of display data.
_CONTROL_COMMANDS = const(0x00)
_CONTROL_DATA = const(0x40)

_DIM_CONTRAST = const(1)  # the dimmed panel: the lowest contrast that still shows the picture
_MAX_BACKOFF = const(32)
_PAGE_OVERHEAD = const(9)  # window command (7 bytes) + data control byte, 2 transactions: ~9


class SSD1306(framebuf.FrameBuffer):
    """The panel on `i2c` at `addr`; `flip` turns the picture by 180 degrees."""

    def __init__(self, i2c, addr=0x3C, width=128, height=64, flip=False, external_vcc=False):
        self.i2c = i2c
        self.addr = addr
        self.width = width
        self.height = height
        self.pages = height // 8
        self.flip = bool(flip)
        self.external_vcc = external_vcc
        size = self.pages * width
        self.buffer = bytearray(size)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        self._shadow = bytearray(size)
        self._view = memoryview(self.buffer)
        self._shadow_view = memoryview(self._shadow)
        self._page_views = tuple(self._view[p * width:(p + 1) * width] for p in range(self.pages))
        self._shadow_pages = tuple(self._shadow_view[p * width:(p + 1) * width] for p in range(self.pages))
        self._window_cmd = bytearray((_CONTROL_COMMANDS, _COLUMN_ADDR, 0, 0, _PAGE_ADDR, 0, 0))
        self._cmd1 = bytearray((_CONTROL_COMMANDS, 0))
        self._cmd2 = bytearray((_CONTROL_COMMANDS, 0, 0))
        self._data_vector = [bytes((_CONTROL_DATA,)), self._view]
        self._spans = bytearray(2 * self.pages)  # first, last changed column of each page
        self._contrast = 0x9F if external_vcc else 0xCF
        self._lit = False  # switched on: only once the RAM holds a frame
        self.rest = 0  # 0: as set, 1: dimmed, 2: dark (see dim())
        self._stale = True  # the panel's RAM is unknown: the next show() sends everything
        self._backoff = 0
        self._wait = 0
        self.ok = False
        self.bytes_sent = 0
        self.errors = 0
        self._try_init()

    # -- bus -------------------------------------------------------------------------------

    def _write(self, buf):
        self.i2c.writeto(self.addr, buf)
        self.bytes_sent += len(buf)

    def _command(self, cmd):
        self._cmd1[1] = cmd
        self._write(self._cmd1)

    def _command2(self, cmd, arg):
        self._cmd2[1] = cmd
        self._cmd2[2] = arg
        self._write(self._cmd2)

    def _window(self, col0, col1, page0, page1):
        w = self._window_cmd
        w[2] = col0
        w[3] = col1
        w[5] = page0
        w[6] = page1
        self._write(w)

    def _data_view(self, view):
        vector = self._data_vector
        vector[1] = view
        self.i2c.writevto(self.addr, vector)
        self.bytes_sent += 1 + len(view)

    def _init_sequence(self):
        """The power-on set-up, as one command stream."""
        ext = self.external_vcc
        return bytes((
            _CONTROL_COMMANDS,
            _DISPLAY_OFF,
            _CLOCK_DIV, 0x80,
            _MUX_RATIO, self.height - 1,
            _DISPLAY_OFFSET, 0,
            _START_LINE | 0,
            _CHARGE_PUMP, 0x10 if ext else 0x14,
            _MEMORY_MODE, 0x00,  # horizontal addressing: data wraps column -> page
            _SEG_REMAP | (0 if self.flip else 1),
            _COM_SCAN_UP if self.flip else _COM_SCAN_DOWN,
            _COM_PINS, 0x12 if self.height == 64 else 0x02,
            _SET_CONTRAST, _DIM_CONTRAST if self.rest else self._contrast,
            _PRECHARGE, 0x22 if ext else 0xF1,
            _VCOM_DESELECT, 0x30,
            _ENTIRE_ON_RESUME,
            _NORMAL,
            _SCROLL_OFF,
        ))  # still off: show() switches it on after the first frame

    def _try_init(self):
        """Send the init sequence; True when the panel answered."""
        try:
            self._write(self._init_sequence())
        except OSError:
            self._failed()
            return False
        self.ok = True
        self._backoff = 0
        self._stale = True
        self._lit = False
        return True

    def _failed(self):
        self.ok = False
        self.errors += 1
        self._stale = True
        self._backoff = min(_MAX_BACKOFF, self._backoff * 2) if self._backoff else 1
        self._wait = self._backoff

    # -- frames ----------------------------------------------------------------------------

    def show(self, full=False):
        """Send the changed pages (everything if `full`); returns the bytes written now (I2C payload,
        address bytes not counted)."""
        before = self.bytes_sent
        if not self.ok:
            if self._wait > 0:
                self._wait -= 1
                return 0
            if not self._try_init():
                return self.bytes_sent - before
        try:
            if full or self._stale:
                self._send_all()
            else:
                self._send_changes()
            if not self._lit and self.rest < 2:
                self._command(_DISPLAY_ON)  # the RAM holds the frame now
                self._lit = True
        except OSError:
            self._failed()
        return self.bytes_sent - before

    def _send_all(self):
        self._window(0, self.width - 1, 0, self.pages - 1)
        self._data_view(self._view)
        self._shadow_view[:] = self._view
        self._stale = False

    def _send_changes(self):
        buf = self.buffer
        shadow = self._shadow
        width = self.width
        spans = self._spans
        cost = 0
        for page in range(self.pages):
            if self._page_views[page] == self._shadow_pages[page]:
                spans[2 * page] = 1
                spans[2 * page + 1] = 0  # first > last: unchanged
                continue
            base = page * width
            first = 0
            while buf[base + first] == shadow[base + first]:
                first += 1
            last = width - 1
            while buf[base + last] == shadow[base + last]:
                last -= 1
            spans[2 * page] = first
            spans[2 * page + 1] = last
            cost += _PAGE_OVERHEAD + last - first + 1
        if cost >= _PAGE_OVERHEAD + len(buf):
            self._send_all()  # many pages changed: one transfer of the frame is cheaper
            return
        for page in range(self.pages):
            first = spans[2 * page]
            last = spans[2 * page + 1]
            if first > last:
                continue
            base = page * width
            self._window(first, last, page, page)
            if last - first == width - 1:
                self._data_view(self._page_views[page])
            else:
                self._data_view(self._view[base + first:base + last + 1])
            self._shadow_pages[page][:] = self._page_views[page]

    # -- settings --------------------------------------------------------------------------

    def _setting(self, cmd, arg=-1):
        """Send one setting now if the panel is up (it is re-sent by the next init anyway)."""
        if not self.ok:
            return
        try:
            if arg < 0:
                self._command(cmd)
            else:
                self._command2(cmd, arg)
        except OSError:
            self._failed()

    def contrast(self, value):
        """Set the contrast 0..255 (sent once the panel is no longer dimmed)."""
        self._contrast = max(0, min(255, value))
        if not self.rest:
            self._setting(_SET_CONTRAST, self._contrast)

    def dim(self, level):
        """0: the picture at its contrast, 1: dimmed, 2: dark (the panel off; its RAM keeps the
        picture, so 0 or 1 shows it again at once)."""
        if level == self.rest:
            return
        if self._lit and (level == 2) != (self.rest == 2):
            self._setting(_DISPLAY_OFF if level == 2 else _DISPLAY_ON)
        self._setting(_SET_CONTRAST, _DIM_CONTRAST if level else self._contrast)
        self.rest = level

    def set_flip(self, flip):
        """Rotate the picture by 180 degrees (True) or not; the next show() resends all."""
        self.flip = bool(flip)
        self._setting(_SEG_REMAP | (0 if self.flip else 1))
        self._setting(_COM_SCAN_UP if self.flip else _COM_SCAN_DOWN)
        # The segment remap only applies to data written after it: the RAM must be rewritten.
        self._stale = True
