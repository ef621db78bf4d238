"""The SSD1309 OLED (the usual 2.42-inch module): the SSD1306's commands and addressing, so only
the set-up differs.  It has no charge pump (the module makes the panel voltage itself), and its
own clock, precharge and VCOM levels; the command interface is unlocked first (0xFD 0x12) in case
something locked it.  Imported only for a profile whose display.chip is "ssd1309".
"""

from fishtable.hw.ssd1306 import SSD1306


class SSD1309(SSD1306):
    """The panel on `i2c` at `addr`; `flip` turns the picture by 180 degrees."""

    DIAGONAL = 242  # the usual module's, hundredths of an inch (Scan's advice follows it)

    def _init_sequence(self):
        return bytes((
            0x00,  # a stream of commands
            0xFD, 0x12,  # command interface unlocked
            0xAE,  # display off
            0xD5, 0xA0,  # clock
            0xA8, self.height - 1,  # multiplex ratio
            0xD3, 0,  # display offset
            0x40,  # start line 0
            0x20, 0x00,  # horizontal addressing: data wraps column -> page
            0xA0 if self.flip else 0xA1,  # segment remap
            0xC0 if self.flip else 0xC8,  # COM scan direction
            0xDA, 0x12,  # COM pins
            0x81, 1 if self.rest else self._contrast,
            0xD9, 0x22,  # precharge (the reset value)
            0xDB, 0x34,  # VCOM deselect level (the reset value)
            0xA4,  # show the RAM
            0xA6,  # not inverted
            0x2E,  # no scrolling
        ))  # still off: show() switches it on after the first frame
