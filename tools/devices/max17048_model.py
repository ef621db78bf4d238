"""A model of the MAX17048 LiPo fuel gauge on I2C, fed the raw bytes (host only).

A write's first byte sets the register pointer; the bytes after it are written into the 16-bit
registers, high byte first, the pointer moving on a register every two bytes.  A read returns the
registers from the pointer the same way (the pointer is not moved by a read, as the chip's
repeated-start reads of one register use it).  `set_cell(mv, pct)` sets VCELL (78.125 uV a bit)
and SOC (1/256 % a bit) as the chip would measure them.
"""

ADDRESS = 0x36
VCELL = 0x02
SOC = 0x04
VERSION = 0x08
CONFIG = 0x0C


class MAX17048Model:
    def __init__(self):
        self.regs = {VCELL: 0, SOC: 0, 0x06: 0, VERSION: 0x0012, CONFIG: 0x971C}
        self.pointer = 0
        self.reads = 0

    def set_cell(self, mv, pct):
        """The cell at `mv` millivolts and `pct` percent charge."""
        self.regs[VCELL] = int(mv * 1000000 // 78125) & 0xFFFF
        self.regs[SOC] = int(pct * 256) & 0xFFFF

    def write(self, data):
        if not len(data):
            return
        self.pointer = data[0]
        reg = self.pointer
        for i in range(1, len(data) - 1, 2):
            self.regs[reg] = data[i] << 8 | data[i + 1]
            reg += 2

    def read_into(self, buf):
        self.reads += 1
        reg = self.pointer
        for i in range(0, len(buf), 2):
            value = self.regs.get(reg, 0)
            buf[i] = value >> 8
            if i + 1 < len(buf):
                buf[i + 1] = value & 0xFF
            reg += 2
