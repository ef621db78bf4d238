"""The SH1106 OLED (the usual 1.3-inch module): the SSD1306 driver with the SH1106's addressing.

Its RAM is 132 columns wide and the 128-pixel glass shows columns 2 to 129 (in either segment
direction); it knows only page addressing: a page is set with 0xB0 | page and a column with two
nibble commands, then the data runs along that page.  So a window here is one page from its first
column, and a whole frame is sent page by page.  It has no charge pump command: its DC-DC
converter is 0xAD 0x8B (0x8A: off, for a panel on an external supply).  Everything else (the
shadow copy, the changed column spans, the clean start, faults and back-off, dim, flip) is
fishtable.hw.ssd1306's.  Imported only for a profile whose display.chip is "sh1106".
"""

from micropython import const

from fishtable.hw.ssd1306 import SSD1306

_OFFSET = const(2)  # RAM column of the glass's first pixel column
_PAGE = const(0xB0)
_COLUMN_HIGH = const(0x10)


class SH1106(SSD1306):
    """The panel on `i2c` at `addr`; `flip` turns the picture by 180 degrees."""

    DIAGONAL = 130  # the usual module's, hundredths of an inch (Scan's advice follows it)

    def __init__(self, i2c, addr=0x3C, width=128, height=64, flip=False, external_vcc=False):
        super().__init__(i2c, addr, width, height, flip, external_vcc)
        self._page_cmd = memoryview(self._window_cmd)[:4]  # control byte, page, column low, high

    def _window(self, col0, col1, page0, page1):
        col = col0 + _OFFSET
        w = self._window_cmd
        w[1] = _PAGE | page0
        w[2] = col & 0x0F
        w[3] = _COLUMN_HIGH | (col >> 4)
        self._write(self._page_cmd)

    def _send_all(self):
        for page in range(self.pages):
            self._window(0, self.width - 1, page, page)
            self._data_view(self._page_views[page])
        self._shadow_view[:] = self._view
        self._stale = False

    def _init_sequence(self):
        ext = self.external_vcc
        return bytes((
            0x00,  # a stream of commands
            0xAE,  # display off
            0xD5, 0x80,  # clock
            0xA8, self.height - 1,  # multiplex ratio
            0xD3, 0,  # display offset
            0x40,  # start line 0
            0xAD, 0x8A if ext else 0x8B,  # DC-DC converter
            0xA0 if self.flip else 0xA1,  # segment direction
            0xC0 if self.flip else 0xC8,  # COM scan direction
            0xDA, 0x12,  # COM pins
            0x81, 1 if self.rest else self._contrast,
            0xD9, 0x22,  # discharge / precharge periods (the reset values)
            0xDB, 0x35,  # VCOM deselect level (the reset value)
            0xA4,  # show the RAM
            0xA6,  # not inverted
        ))  # still off: show() switches it on after the first frame
