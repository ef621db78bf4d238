"""Models of the SSD1306 controller and its 128x64 glass, fed the raw I2C bytes (host only), and
of the SH1106 and SSD1309 beside it (MODELS: by the board profile's display.chip).

Each I2C write is one transaction: control bytes (Co bit 0x80, D/C# bit 0x40) split it into
commands and display data.  The model executes the commands the way the datasheet says --
the three addressing modes, column/page windows, segment remap (applied when data is
written, so a remap needs a rewrite), COM scan direction, start line, display offset, COM
pin configuration, contrast, inverse, entire-on, charge pump, display on/off -- and keeps
the GDDRAM.  `glass()` renders what the glass shows; its orientation is the one in which
the usual init (segment remap 0xA1, COM scan 0xC8) shows the RAM upright.  Like the chip it
powers up with noise in its RAM: `noise_shown` records whether the glass was ever lit while
some RAM byte had not been written since power-up (`unwritten` counts them), and
`lit_at_transaction` the transaction that first lit it.

Works under CPython and the MicroPython unix port; `save_png` needs Pillow (CPython).
"""

# Arguments each multi-byte command takes.
_ARGS = {
    0x81: 1, 0x20: 1, 0x21: 2, 0x22: 2, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1, 0x8D: 1,
    0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5, 0xA3: 2,
}
_HORIZONTAL, _VERTICAL, _PAGE = 0, 1, 2


class SSD1306Model:
    """The controller: feed it transactions with write(bytes); look at glass()."""

    ARGS = _ARGS  # the arguments each multi-byte command of this chip takes
    CHIP = "ssd1306"
    MARGIN = 0  # RAM columns beside the glass on each side (the SH1106's 132 columns show 128)

    def __init__(self, width=128, height=64, external_vcc=False):
        self.width = width
        self.height = height
        self.pages = height // 8
        self.ram_width = width + 2 * self.MARGIN
        self.external_vcc = external_vcc
        self.power_on_reset()

    def power_on_reset(self):
        """The state after power-up: display off, RAM full of noise, page addressing."""
        seed = 0x2545
        rw = self.ram_width
        ram = bytearray(self.pages * rw)
        for i in range(len(ram)):
            seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
            ram[i] = (seed >> 16) & 0xFF
        self.ram = ram  # indexed by page * ram_width + SEG (the segment the byte drives)
        self.written = bytearray(len(ram))  # 1 once the byte was written since power-up
        for i in range(len(ram)):  # segments off the glass never show: as good as written
            seg = i % rw
            if seg < self.MARGIN or seg >= self.MARGIN + self.width:
                self.written[i] = 1
        self.unwritten = self.pages * self.width
        self.noise_shown = False
        self.lit_at_transaction = None
        self.display_on = False
        self.contrast = 0x7F
        self.seg_remap = False
        self.com_reverse = False
        self.start_line = 0
        self.offset = 0
        self.mux = 64
        self.com_pins = 0x12
        self.inverse = False
        self.entire_on = False
        self.charge_pump = False
        self.scrolling = False
        self.mode = _PAGE
        self.col_start, self.col_end = 0, self.width - 1
        self.page_start, self.page_end = 0, self.pages - 1
        self.col = 0
        self.page = 0
        self._pending = None  # [command, args...] waiting for its arguments
        self.unknown = []  # command bytes the model does not know
        self.transactions = 0
        self.command_bytes = 0
        self.data_bytes = 0
        self.log = []  # per transaction: ("cmd", n) / ("data", n, [(page, col) of first byte])
        self.logging = True  # keep `log` (a long simulation turns it off: it allocates)

    # -- the bus side ---------------------------------------------------------------------

    def write(self, data):
        """One I2C write transaction (after the address byte)."""
        self.write_parts((data,))

    def write_parts(self, parts):
        """One transaction given as several buffers in a row (I2C writevto), read without copying."""
        self.transactions += 1
        commands = 0
        count = 0
        first_page = first_col = -1
        control = -1  # the control byte in force; -1: the next byte is a control byte
        for data in parts:
            for i in range(len(data)):
                byte = data[i]
                if control < 0:
                    control = byte
                    continue
                if control & 0x40:
                    if first_page < 0:
                        first_page, first_col = self.page, self.col
                    self._data(byte)
                    count += 1
                else:
                    self._command(byte)
                    commands += 1
                if control & 0x80:  # Co set: a single byte, then another control byte
                    control = -1
        self.command_bytes += commands
        self.data_bytes += count
        if not self.logging:
            return
        if count:
            self.log.append(("data", count, (first_page, first_col)))
        elif commands:
            self.log.append(("cmd", commands))
        if len(self.log) > 4096:
            del self.log[:2048]  # keep the recent past only

    def _command(self, byte):
        pending = self._pending
        if pending is not None:
            pending.append(byte)
            if len(pending) - 1 == self.ARGS[pending[0]]:
                self._pending = None
                self._execute(pending[0], pending[1:])
            return
        if byte in self.ARGS:
            self._pending = [byte]
            return
        self._execute(byte, ())

    def _execute(self, cmd, args):
        if cmd == 0x81:
            self.contrast = args[0]
        elif cmd == 0x20:
            self.mode = args[0] & 3
        elif cmd == 0x21:
            self.col_start, self.col_end = args[0] & 0x7F, args[1] & 0x7F
            self.col = self.col_start
        elif cmd == 0x22:
            self.page_start, self.page_end = args[0] & 7, args[1] & 7
            self.page = self.page_start
        elif cmd == 0xA8:
            self.mux = (args[0] & 0x3F) + 1
        elif cmd == 0xD3:
            self.offset = args[0] & 0x3F
        elif cmd == 0xDA:
            self.com_pins = args[0]
        elif cmd == 0x8D:
            self.charge_pump = bool(args[0] & 0x04)
            self._lighting()
        elif cmd in (0xD5, 0xD9, 0xDB, 0xA3, 0x26, 0x27, 0x29, 0x2A):
            pass  # timing and scroll set-up: nothing visible in a still frame
        elif 0x40 <= cmd <= 0x7F:
            self.start_line = cmd & 0x3F
        elif 0xB0 <= cmd <= 0xB7:
            self.page = cmd & 7
        elif cmd <= 0x0F:
            self.col = (self.col & 0xF0) | cmd
            self.col_start = self.col
        elif cmd <= 0x1F:
            self.col = (self.col & 0x0F) | ((cmd & 0x07) << 4)
            self.col_start = self.col
        elif cmd in (0xA0, 0xA1):
            self.seg_remap = cmd == 0xA1
        elif cmd in (0xC0, 0xC8):
            self.com_reverse = cmd == 0xC8
        elif cmd in (0xA4, 0xA5):
            self.entire_on = cmd == 0xA5
        elif cmd in (0xA6, 0xA7):
            self.inverse = cmd == 0xA7
        elif cmd in (0xAE, 0xAF):
            self.display_on = cmd == 0xAF
            self._lighting()
        elif cmd == 0x2E:
            self.scrolling = False
        elif cmd == 0x2F:
            self.scrolling = True
        elif cmd == 0xE3:
            pass  # NOP
        else:
            self.unknown.append(cmd)

    def _lighting(self):
        """The glass may have just lit: note when, and whether RAM noise is on it."""
        if self.lit():
            if self.lit_at_transaction is None:
                self.lit_at_transaction = self.transactions
            if self.unwritten:
                self.noise_shown = True

    def _data(self, byte):
        seg = self.ram_width - 1 - self.col if self.seg_remap else self.col
        index = self.page * self.ram_width + seg
        self.ram[index] = byte
        if not self.written[index]:
            self.written[index] = 1
            self.unwritten -= 1
        if self.mode == _HORIZONTAL:
            if self.col >= self.col_end:
                self.col = self.col_start
                self.page = self.page_start if self.page >= self.page_end else self.page + 1
            else:
                self.col += 1
        elif self.mode == _VERTICAL:
            if self.page >= self.page_end:
                self.page = self.page_start
                self.col = self.col_start if self.col >= self.col_end else self.col + 1
            else:
                self.page += 1
        else:
            self.col = self.col_start if self.col >= self.width - 1 else self.col + 1

    # -- the glass side -------------------------------------------------------------------

    def lit(self):
        """True when the glass shows anything (display on and the panel voltage up)."""
        return self.display_on and (self.charge_pump or self.external_vcc)

    def _glass_row_source(self, y):
        """The RAM row shown on glass row y, or -1 for a dark row."""
        g = self.height - 1 - y  # the physical COM line of glass row y (alternative COM wiring)
        if not self.com_pins & 0x10:
            # sequential COM configuration on a panel wired for alternative: rows interleave
            g = g // 2 if g % 2 == 0 else self.height // 2 + g // 2
        if self.com_pins & 0x20:
            g = (g + self.height // 2) % self.height
        com = self.height - 1 - g if self.com_reverse else g
        row = (com - self.offset) % 64
        if row >= self.mux:
            return -1
        return (row + self.start_line) % 64

    def glass(self):
        """What the glass shows: bytearray(width * height) of 0/1, row by row."""
        w, h = self.width, self.height
        out = bytearray(w * h)
        if not self.lit():
            return out
        if self.entire_on:
            for i in range(len(out)):
                out[i] = 1
            return out
        inv = 1 if self.inverse else 0
        rw = self.ram_width
        for y in range(h):
            src = self._glass_row_source(y)
            if src < 0 or src >= h:
                continue
            last = (src >> 3) * rw + rw - 1 - self.MARGIN  # glass column x shows SEG last - x
            bit = src & 7
            for x in range(w):
                out[y * w + x] = ((self.ram[last - x] >> bit) & 1) ^ inv
        return out

    def glass_pages(self, out=None):
        """The glass packed like a MONO_VLSB frame buffer (1024 bytes for 128x64), into `out` if given
        (no other allocation then: the simulator calls this for every changed frame)."""
        w = self.width
        if out is None:
            out = bytearray(self.pages * w)
        if not self.lit() or self.entire_on:
            fill = 0xFF if self.lit() else 0
            for i in range(len(out)):
                out[i] = fill
            return out
        inv = 0xFF if self.inverse else 0
        rows = self._row_map()
        ram = self.ram
        rw = self.ram_width
        right = rw - 1 - self.MARGIN  # glass column x shows segment right - x
        if rows is None:  # glass row y shows RAM row y
            for page in range(self.pages):
                base = page * w
                last = page * rw + right
                for x in range(w):
                    out[base + x] = ram[last - x] ^ inv
            return out
        for page in range(self.pages):
            for x in range(w):
                byte = 0
                for bit in range(8):
                    src = rows[page * 8 + bit]
                    if src >= 0 and (ram[(src >> 3) * rw + right - x] >> (src & 7)) & 1:
                        byte |= 1 << bit
                out[page * w + x] = byte ^ inv
        return out

    def _row_map(self):
        """None when glass row y shows RAM row y (the usual set-up), else the RAM row of each glass
        row (-1: dark); made again only when the row configuration changes."""
        config = (self.com_pins, self.com_reverse, self.offset, self.mux, self.start_line)
        if getattr(self, "_rows_for", None) != config:
            self._rows_for = config
            rows = [self._glass_row_source(y) for y in range(self.height)]
            rows = [r if 0 <= r < self.height else -1 for r in rows]
            self._rows = None if rows == list(range(self.height)) else rows
        return self._rows

    def text(self, on="#", off="."):
        """The glass as text, one line per pixel row."""
        px = self.glass()
        w = self.width
        return "\n".join("".join(on if px[y * w + x] else off for x in range(w)) for y in range(self.height))

    def text_half(self):
        """The glass as text, two pixel rows per line (Unicode half blocks)."""
        px = self.glass()
        w = self.width
        chars = (" ", "\u2580", "\u2584", "\u2588")
        lines = []
        for y in range(0, self.height, 2):
            lines.append("".join(chars[px[y * w + x] | (px[(y + 1) * w + x] << 1)] for x in range(w)))
        return "\n".join(lines)

    def save_png(self, path, scale=4):
        """Write the glass as a PNG (CPython with Pillow): lit pixels light blue on black."""
        from PIL import Image

        px = self.glass()
        img = Image.new("RGB", (self.width, self.height))
        img.putdata([(120, 200, 255) if v else (0, 0, 0) for v in px])
        if scale != 1:
            img = img.resize((self.width * scale, self.height * scale), Image.NEAREST)
        img.save(path)


# The SH1106's commands with arguments (Sino Wealth SH1106 datasheet): no addressing modes, windows
# or scrolling; 0xAD switches its DC-DC converter (the SSD1306's charge pump is 0x8D).
_SH1106_ARGS = {0x81: 1, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1, 0xAD: 1}
_SSD1306_ONLY = (0x20, 0x21, 0x22, 0x8D, 0x26, 0x27, 0x29, 0x2A, 0x2E, 0x2F, 0xA3)


class SH1106Model(SSD1306Model):
    """The SH1106: 132 x 64 RAM of which a 128-pixel glass shows columns 2..129 (either segment
    direction), page addressing only (0xB0 | page, column low and high nibbles; the column counts
    up after each data byte and never wraps: a byte past column 131 is counted in `overrun`), the
    DC-DC converter (0xAD 0x8B, on at power-up).  A command the SSD1306 has and the SH1106 lacks
    (memory mode, column and page windows, charge pump, scrolling) is put in `unknown`, like any
    byte it does not know."""

    ARGS = _SH1106_ARGS
    CHIP = "sh1106"
    MARGIN = 2

    def power_on_reset(self):
        SSD1306Model.power_on_reset(self)
        self.charge_pump = True  # the DC-DC converter is on after reset (8BH)
        self.overrun = 0

    def _execute(self, cmd, args):
        if cmd in _SSD1306_ONLY:
            self.unknown.append(cmd)
        elif cmd == 0xAD:
            self.charge_pump = bool(args[0] & 1)
            self._lighting()
        elif 0x30 <= cmd <= 0x33:
            pass  # the pump voltage
        elif 0x10 <= cmd <= 0x1F:
            self.col = (self.col & 0x0F) | ((cmd & 0x0F) << 4)
        elif cmd <= 0x0F:
            self.col = (self.col & 0xF0) | cmd
        elif cmd in (0xE0, 0xEE):
            pass  # read-modify-write: not used
        else:
            SSD1306Model._execute(self, cmd, args)

    def _data(self, byte):
        if self.col >= self.ram_width:
            self.overrun += 1
            return
        seg = self.ram_width - 1 - self.col if self.seg_remap else self.col
        index = self.page * self.ram_width + seg
        self.ram[index] = byte
        if not self.written[index]:
            self.written[index] = 1
            self.unwritten -= 1
        self.col += 1


_SSD1309_ARGS = dict(_ARGS)
del _SSD1309_ARGS[0x8D]
_SSD1309_ARGS[0xFD] = 1


class SSD1309Model(SSD1306Model):
    """The SSD1309: the SSD1306's commands and 128 x 64 RAM, without the charge pump (its panel
    voltage comes from the module's own converter, so the glass lights on display-on alone; 0x8D
    goes into `unknown`), with the command lock 0xFD (0x12 unlocked, 0x16 locked: then only 0xFD
    is obeyed)."""

    ARGS = _SSD1309_ARGS
    CHIP = "ssd1309"

    def __init__(self, width=128, height=64, external_vcc=True):
        SSD1306Model.__init__(self, width, height, True)

    def power_on_reset(self):
        SSD1306Model.power_on_reset(self)
        self.locked = False

    def _execute(self, cmd, args):
        if cmd == 0xFD:
            self.locked = args[0] & 0x04 != 0
        elif self.locked:
            pass
        elif cmd == 0x8D:
            self.unknown.append(cmd)
        else:
            SSD1306Model._execute(self, cmd, args)


MODELS = {"ssd1306": SSD1306Model, "sh1106": SH1106Model, "ssd1309": SSD1309Model}



def pack_vlsb(pixels, width, height):
    """Pack 0/1 pixels (row by row) into MONO_VLSB bytes."""
    out = bytearray(width * height // 8)
    for y in range(height):
        base = (y >> 3) * width
        mask = 1 << (y & 7)
        row = y * width
        for x in range(width):
            if pixels[row + x]:
                out[base + x] |= mask
    return out


def rotate180_vlsb(buf, width, height, out=None):
    """A MONO_VLSB buffer turned by 180 degrees (into `out` when given, else a new bytearray)."""
    pages = height // 8
    if out is None:
        out = bytearray(len(buf))
    for p in range(pages):
        for x in range(width):
            b = buf[p * width + x]
            r = 0
            for i in range(8):
                if b & (1 << i):
                    r |= 0x80 >> i
            out[(pages - 1 - p) * width + (width - 1 - x)] = r
    return out
