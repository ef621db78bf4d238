"""A QR code encoder for the panel (ISO/IEC 18004): byte mode, versions 1 to 11, error correction
level M when the data fits the same version at M, else L.

    code = qr.make(b"https://...")     # None when the data does not fit version 11
    code.size, code.dark(x, y)          # 21..61 modules a side

One bytearray holds the matrix, a byte a module (bit 0 dark, bit 1 a function module: finder,
timing, alignment, format and version areas); the function patterns go in a row at a time, the
codewords' bits a module at a time (the only loop over modules).  The bit stream is one number,
the Reed-Solomon remainder too: a data codeword shifts it a byte and XORs in the generator's
multiple, taken from two tables of 16 made once per block size (all of the generator's bytes
doubled in GF(256) at once).  All eight masks are scored by the standard's four penalty rules (N1
runs, N2 2x2 blocks, N3 finder-like patterns, N4 balance; evaluated before the format information
is placed, as the reference encoder segno does) on the whole symbol as one number, a bit a module:
each rule is a few operations on it (in C), not a loop; the lowest score is kept.  The mask is
applied 12 rows at a time, the matrix's bytes as one number.
Imported only while the Scan screen is shown.
"""

from micropython import const

_DARK = const(1)
_FUNC = const(2)
MAX_VERSION = const(11)
LEVEL_L = const(1)  # the format information's error correction bits
LEVEL_M = const(0)
LEVELS = {LEVEL_L: "L", LEVEL_M: "M"}

# Per version 1-11: total codewords, then for L and M: EC codewords a block, blocks of the first
# group, their data codewords, blocks of the second group (one data codeword more).
_TABLE = (
    (26, 7, 1, 19, 0, 10, 1, 16, 0),
    (44, 10, 1, 34, 0, 16, 1, 28, 0),
    (70, 15, 1, 55, 0, 26, 1, 44, 0),
    (100, 20, 1, 80, 0, 18, 2, 32, 0),
    (134, 26, 1, 108, 0, 24, 2, 43, 0),
    (172, 18, 2, 68, 0, 16, 4, 27, 0),
    (196, 20, 2, 78, 0, 18, 4, 31, 0),
    (242, 24, 2, 97, 0, 22, 2, 38, 2),
    (292, 30, 2, 116, 0, 22, 3, 36, 2),
    (346, 18, 2, 68, 2, 26, 4, 43, 1),
    (404, 20, 4, 81, 0, 30, 1, 50, 4),
)
_MIDDLE = (22, 24, 26, 28, 30)  # the middle alignment centre of versions 7-11
# A finder's rows 0-3 and an alignment pattern's rows 0-2 (the others mirror them), a byte a
# module: 3 a dark function module, 2 a light one
_FINDER = b"\x03" * 7 + b"\x03\x02\x02\x02\x02\x02\x03" + b"\x03\x02\x03\x03\x03\x02\x03" * 2
_ALIGNMENT = b"\x03" * 5 + b"\x03\x02\x02\x02\x03\x03\x02\x03\x02\x03"
_NIBBLES = bytes([v >> (3 - j) & 1 for v in range(16) for j in range(4)])  # 0..15, a byte a bit
_EXP = bytearray(512)  # a^i for i in 0..509 (twice round: a sum of two logs needs no modulo)
_LOG = bytearray(256)


def _tables():
    x = 1
    for i in range(255):
        _EXP[i] = _EXP[i + 255] = x
        _LOG[x] = i
        x <<= 1
        if x & 0x100:
            x ^= 0x11D


_tables()


def _blocks(version, level):
    """(EC codewords a block, blocks in group 1, their data codewords, blocks in group 2)."""
    row = _TABLE[version - 1]
    k = 1 if level == LEVEL_L else 5
    return row[k], row[k + 1], row[k + 2], row[k + 3]


def data_codewords(version, level):
    """How many data codewords the version holds at the level."""
    ec, g1, d1, g2 = _blocks(version, level)
    return g1 * d1 + g2 * (d1 + 1)


def capacity(version, level):
    """The most bytes the version holds in byte mode at the level."""
    count_bits = 8 if version < 10 else 16
    return (data_codewords(version, level) * 8 - 4 - count_bits) // 8


def fit(length):
    """(version, level) for `length` bytes: the smallest version that holds them at L, at M when M
    fits the same version; None when not even version 11 holds them."""
    for version in range(1, MAX_VERSION + 1):
        if length <= capacity(version, LEVEL_L):
            return version, LEVEL_M if length <= capacity(version, LEVEL_M) else LEVEL_L
    return None


class Code:
    """A QR code: `size` modules a side, `dark(x, y)`; `version`, `level` (LEVEL_L, LEVEL_M), `mask`."""

    def __init__(self, version, level):
        self.version = version
        self.level = level
        self.size = 17 + 4 * version
        self.matrix = bytearray(self.size * self.size)
        self.mask = -1

    def dark(self, x, y):
        """True when the module at column x, row y is dark."""
        return self.matrix[y * self.size + x] & _DARK

    # -- function patterns ------------------------------------------------------------------
    def _set(self, x, y, dark):
        self.matrix[y * self.size + x] = _FUNC | (_DARK if dark else 0)

    def _functions(self):
        m = self.matrix
        n = self.size
        # the timing patterns, row 6 and column 6 (the finders overwrite their ends); bytes 3: a
        # dark function module, 2: a light one
        m[6 * n:7 * n] = (b"\x03\x02" * (n // 2 + 1))[:n]
        for y in range(0, n, 2):
            m[y * n + 6] = _FUNC | _DARK
            if y + 1 < n:
                m[y * n + n + 6] = _FUNC
        light = b"\x02" * 9
        light8 = b"\x02" * 8  # a separator's light modules
        for y in range(7):  # the finders and their light separators
            row = _FINDER[7 * min(y, 6 - y):7 * min(y, 6 - y) + 7]
            m[y * n:y * n + 8] = row + b"\x02"
            m[y * n + n - 8:y * n + n] = b"\x02" + row
            m[(n - 7 + y) * n:(n - 7 + y) * n + 8] = row + b"\x02"
        m[7 * n:7 * n + 8] = light8
        m[8 * n - 8:8 * n] = light8
        m[(n - 8) * n:(n - 8) * n + 8] = light8
        if self.version > 1:
            last = 4 * self.version + 10
            centres = (6, _MIDDLE[self.version - 7], last) if self.version >= 7 else (6, last)
            for cy in centres:
                for cx in centres:
                    if (cx == 6 and cy == 6) or (cx == 6 and cy == last) or (cx == last and cy == 6):
                        continue  # the finders' corners
                    for dy in range(5):
                        k = (cy - 2 + dy) * n + cx - 2
                        m[k:k + 5] = _ALIGNMENT[5 * min(dy, 4 - dy):5 * min(dy, 4 - dy) + 5]
        # the format areas and the dark module, light until the mask is chosen (the timing
        # patterns cross them)
        m[8 * n:8 * n + 9] = light
        m[8 * n + 6] = _FUNC | _DARK
        m[9 * n - 8:9 * n] = light8
        for y in range(9):
            if y != 6:
                m[y * n + 8] = _FUNC
        for y in range(n - 8, n):
            m[y * n + 8] = _FUNC
        if self.version >= 7:  # the version areas (6 x 3 modules), light until filled
            for b in range(6):
                m[b * n + n - 11:b * n + n - 8] = b"\x02" * 3
            for a in range(n - 11, n - 8):
                m[a * n:a * n + 6] = b"\x02" * 6

    def _format(self):
        """The format and version information, and the dark module, after the mask is chosen."""
        n = self.size
        bits = _bch((self.level << 3) | self.mask, 10, 0x537) ^ 0x5412
        for i in range(6):
            self._set(8, i, bits >> i & 1)
        self._set(8, 7, bits >> 6 & 1)
        self._set(8, 8, bits >> 7 & 1)
        self._set(7, 8, bits >> 8 & 1)
        for i in range(9, 15):
            self._set(14 - i, 8, bits >> i & 1)
        for i in range(8):
            self._set(n - 1 - i, 8, bits >> i & 1)
        for i in range(8, 15):
            self._set(8, n - 15 + i, bits >> i & 1)
        self._set(8, n - 8, True)
        if self.version >= 7:
            bits = _bch(self.version, 12, 0x1F25)
            for i in range(18):
                a = n - 11 + i % 3
                b = i // 3
                self._set(a, b, bits >> i & 1)
                self._set(b, a, bits >> i & 1)

    # -- data ---------------------------------------------------------------------------------
    def _place(self, codewords):
        """The codewords' bits, most significant first, up and down the two-module columns from the
        right (the timing column skipped); modules left over stay light (remainder bits)."""
        m = self.matrix
        n = self.size
        bits = bytearray(8 * len(codewords) + 8)  # a byte a bit (then light remainder bits)
        k = 0
        for c in codewords:
            bits[k:k + 4] = _NIBBLES[(c >> 4) * 4:(c >> 4) * 4 + 4]
            bits[k + 4:k + 8] = _NIBBLES[(c & 15) * 4:(c & 15) * 4 + 4]
            k += 8
        i = 0
        right = n - 1
        up = True
        while right >= 1:
            if right == 6:
                right = 5
            k = (n - 1) * n + right if up else right
            step = -n if up else n
            for _ in range(n):  # the right module, then the left one (not function modules)
                if m[k] < _FUNC:
                    m[k] = bits[i]
                    i += 1
                if m[k - 1] < _FUNC:
                    m[k - 1] = bits[i]
                    i += 1
                k += step
            up = not up
            right -= 2

    def _flip(self, mask):
        """Apply (a second time: take back) the data mask `mask` on the non-function modules: 12
        rows at a time (the masks repeat every 12 rows) as one whole number, a byte a module, XORed
        with the mask's modules."""
        m = self.matrix
        n = self.size
        size = 12 * n
        rows = bytearray(size)  # the mask's first 12 rows, a byte a module
        for i in range(12):
            word = _row(mask, i)
            cells = bytes([word >> j & 1 for j in range(12)])
            rows[i * n:i * n + n] = (cells * 6)[:n]
        pattern = int.from_bytes(rows, "little")
        ones = int.from_bytes(b"\x01" * size, "little")
        for start in range(0, n * n, size):
            end = min(start + size, n * n)
            if end - start < size:  # the last rows
                ones >>= 8 * (size - end + start)
            whole = int.from_bytes(m[start:end], "little")
            data = (whole >> 1 & ones) ^ ones  # bit 0 of each byte: a module the mask changes
            m[start:end] = (whole ^ (pattern & data)).to_bytes(end - start, "little")

    def scores(self):
        """The standard's penalty score (N1 + N2 + N3 + N4) of the symbol under each of the eight
        masks, as a list.  The whole symbol is one number, a bit a module (bit y * stride + x; each
        row followed by light padding), so each rule is a few operations on it, in C, for all rows
        or all columns at once: a run, a block or a pattern is the AND of the number shifted by
        one module along the row (1) or the column (stride)."""
        n = self.size
        s = (n + 4 + 7) & ~7  # a row's bits: the modules and at least 4 light ones (N3's edge)
        total = n * s
        dark, func = _bits(self.matrix, n, s)
        rows = int.from_bytes((b"\x01" + bytes(s // 8 - 1)) * n, "little")  # bit 0 of each row
        real = ((1 << n) - 1) * rows  # the modules (not the padding)
        data = real ^ func  # the modules a mask changes
        across = ((1 << (n - 1)) - 1) * rows  # a module and the next in its row
        down = real >> s  # a module and the one below it
        starts = ((1 << (n - 6)) - 1) * rows  # 7 modules from here in the row
        tops = real >> (6 * s)  # 7 modules from here down the column
        counter = _Counter(total)
        out = [0] * 8
        for mask in range(8):
            v = dark ^ (_pattern(mask, n, s, real) & data)
            # N1: a run of 5 + k modules of one colour scores 3 + k: 1 for each of the k + 1 spots
            # where 5 in a row begin, 2 more for the run's first spot
            same = ((v ^ (v >> 1)) & across) ^ across
            same_v = ((v ^ (v >> s)) & down) ^ down
            five = same & (same >> 1)
            five &= five >> 2
            five_v = same_v & (same_v >> s)
            five_v &= five_v >> (2 * s)
            first = five ^ (five & (five << 1))
            first_v = five_v ^ (five_v & (five_v << s))
            # N2 (counted with N1): each 2x2 block of one colour scores 3
            score = counter.weighed(five, five_v, first, first_v, same & (same >> s) & same_v)
            same = same_v = five = five_v = first = first_v = None
            # N3: 1011101 with 4 light modules (or the edge) before or after it scores 40
            score += 40 * (_finders(v, real, 1, starts) + _finders(v, real, s, tops))
            # N4: 10 for each 5% the dark modules are off half
            dark_count = counter.count(v)
            score += 10 * (abs(100 * dark_count - 50 * n * n) // (5 * n * n))
            out[mask] = score
        return out


_MASK_ROWS = (  # per mask, its first 12 rows (2 bytes each, little-endian): bit j, column j changes
    b"U\x05\xaa\nU\x05\xaa\nU\x05\xaa\nU\x05\xaa\nU\x05\xaa\nU\x05\xaa\n"
    b"\xff\x0f\x00\x00\xff\x0f\x00\x00\xff\x0f\x00\x00\xff\x0f\x00\x00\xff\x0f\x00\x00\xff\x0f\x00\x00"
    b"I\x02I\x02I\x02I\x02I\x02I\x02I\x02I\x02I\x02I\x02I\x02I\x02"
    b"I\x02$\t\x92\x04I\x02$\t\x92\x04I\x02$\t\x92\x04I\x02$\t\x92\x04"
    b"\xc7\x01\xc7\x018\x0e8\x0e\xc7\x01\xc7\x018\x0e8\x0e\xc7\x01\xc7\x018\x0e8\x0e"
    b"\xff\x0fA\x00I\x02U\x05I\x02A\x00\xff\x0fA\x00I\x02U\x05I\x02A\x00"
    b"\xff\x0f\xc7\x01\xdb\x06U\x05m\x0bq\x0c\xff\x0f\xc7\x01\xdb\x06U\x05m\x0bq\x0c"
    b"U\x058\x0eq\x0c\xaa\n\xc7\x01\x8e\x03U\x058\x0eq\x0c\xaa\n\xc7\x01\x8e\x03"
)


def _row(mask, i):
    """The columns 0..11 the data mask `mask` changes in row i (bit j: column j); the masks repeat
    every 12 rows and columns."""
    k = 24 * mask + 2 * (i % 12)
    return _MASK_ROWS[k] | _MASK_ROWS[k + 1] << 8


def _pattern(mask, n, s, real):
    """The modules the data mask `mask` changes, a bit a module (rows `s` bits apart)."""
    block = 0
    full = (1 << n) - 1
    for i in range(11, -1, -1):  # its first 12 rows, then doubled down the symbol
        word = _row(mask, i)
        word |= word << 12
        word |= word << 24
        word |= word << 48
        block = block << s | (word & full)
    height = 12
    while height < n:
        block |= block << (height * s)
        height *= 2
    return block & real


def _finders(v, real, step, starts):
    """N3 along rows (step 1) or columns (step: the row stride) of the symbol `v`: how many
    1011101 patterns have 4 light modules (or the edge) before or after them, counted as the
    reference encoder finds them (after a counted one, the search goes on behind it)."""
    light = v ^ real
    found = v & (light >> step) & (v >> 2 * step) & (v >> 3 * step) & (v >> 4 * step)
    found &= (light >> 5 * step) & (v >> 6 * step) & starts
    if not found:
        return 0
    near = v | (v << step)  # a dark module among this one and the 3 before it
    near |= near << 2 * step
    found ^= found & (near << step) & (near >> 10 * step)  # dark before and dark after
    kept = found
    while True:  # a counted pattern's modules start no other (4 or 6 modules on)
        again = found ^ (found & ((kept << 4 * step) | (kept << 6 * step)))
        if again == kept:
            break
        kept = again
    count = 0
    while kept:  # (a few)
        kept &= kept - 1
        count += 1
    return count


class _Counter:
    """Counts the set bits of numbers below 2 ** `bits` in parallel: summed in 2-, 4-, 8- then
    16-bit lanes (the masks made once); the lanes' sum is the number modulo 65535 (2 ** 16 is 1
    modulo 65535), below 65535 here."""

    def __init__(self, bits):
        width = (bits + 15) // 16 * 2  # bytes: whole 16-bit lanes
        self.m1 = int.from_bytes(b"\x55" * width, "little")
        self.m2 = int.from_bytes(b"\x33" * width, "little")
        self.m4 = int.from_bytes(b"\x0f" * width, "little")
        self.m8 = int.from_bytes(b"\xff\x00" * (width // 2), "little")

    def count(self, x):
        """The set bits of x."""
        x -= (x >> 1) & self.m1
        x = (x & self.m2) + ((x >> 2) & self.m2)
        x = (x + (x >> 4)) & self.m4
        x = (x + (x >> 8)) & self.m8
        return x % 65535

    def weighed(self, a, b, c, d, e):
        """The set bits of a and b, twice those of c and d, three times those of e: summed as far
        as 4-bit lanes apart (at most 8 a lane for two), then together in 8-bit lanes."""
        m4 = self.m4
        x = self._fours(a) + self._fours(b)
        y = self._fours(c) + self._fours(d)
        z = self._fours(e)
        x = (x & m4) + (x >> 4 & m4)  # 8-bit lanes: at most 16, 16, 8
        y = (y & m4) + (y >> 4 & m4)
        z = (z & m4) + (z >> 4 & m4)
        x += (y << 1) + z + (z << 1)  # at most 72
        x = (x + (x >> 8)) & self.m8
        return x % 65535

    def _fours(self, x):
        x -= (x >> 1) & self.m1
        return (x & self.m2) + ((x >> 2) & self.m2)


def _bits(m, n, s):
    """The dark and the function modules of the matrix `m` (n x n, a byte a module) as two numbers
    a bit a module, bit y * s + x.  8 rows at a time, a byte a module in one number: pairs of ever
    larger chunks merged, the upper chunk's bits moved down onto the lower one's."""
    size = 8 * s
    band = bytearray(size)
    ones = int.from_bytes(b"\x01" * size, "little")
    keeps = []  # the bits to keep after each merge
    width = 1  # the bits kept at the bottom of each chunk
    chunk = 8  # a chunk's bits
    while width < size:
        if width < 4:
            unit = bytes([(1 << 2 * width) - 1]) + bytes(chunk // 4 - 1)
        else:
            unit = b"\xff" * (width // 4) + bytes(chunk // 4 - width // 4)
        keeps.append(int.from_bytes(unit * (size * 4 // chunk + 1), "little"))
        width *= 2
        chunk *= 2
    source = memoryview(m)
    dark = func = 0
    for top in range(0, n, 8):
        for i in range(8):
            y = top + i
            if y < n:
                band[i * s:i * s + n] = source[y * n:y * n + n]
            else:
                band[i * s:i * s + n] = bytes(n)
        whole = int.from_bytes(band, "little")
        a = whole & ones
        b = (whole >> 1) & ones
        width = 1
        chunk = 8
        for keep in keeps:
            a = (a | a >> (chunk - width)) & keep
            b = (b | b >> (chunk - width)) & keep
            width *= 2
            chunk *= 2
        dark |= a << (top * s)
        func |= b << (top * s)
    return dark, func


def _bch(value, bits, poly):
    """`value` (at most 6 bits) followed by its `bits` BCH check bits for the generator `poly` (of
    degree `bits`)."""
    rem = value << bits
    for i in range(bits + 5, bits - 1, -1):
        if rem >> i & 1:
            rem ^= poly << (i - bits)
    return (value << bits) | rem


def _codewords(data, version, level):
    """The data codewords (mode, count, data, terminator, padding) and their Reed-Solomon codewords,
    interleaved as the symbol holds them."""
    ec, g1, d1, g2 = _blocks(version, level)
    count = data_codewords(version, level)
    total = _TABLE[version - 1][0]
    count_bits = 8 if version < 10 else 16
    n = len(data)
    stream = (0b0100 << count_bits | n) << 8 * n | int.from_bytes(data, "big")  # mode, count, data
    bits = 4 + count_bits + 8 * n
    end = min(bits + 4, count * 8)  # the terminator (zero bits), then zeros to a whole codeword
    end += -end % 8
    used = end // 8
    buf = bytearray(count)
    buf[:used] = (stream << (end - bits)).to_bytes(used, "big")
    buf[used:] = (b"\xec\x11" * (count // 2))[:count - used]  # the pad codewords
    stream = None
    blocks = g1 + g2
    low, high = _multiples(ec)
    keep = (1 << 8 * ec) - 1
    top = 8 * (ec - 1)
    out = bytearray(total)
    start = 0
    for b in range(blocks):  # the EC codewords: block b's go to out[count + b], every `blocks` bytes
        length = d1 + (1 if b >= g1 else 0)
        rem = 0  # the remainder, its first codeword the most significant byte
        for j in range(start, start + length):
            factor = buf[j] ^ rem >> top
            rem = (rem << 8 & keep) ^ low[factor & 15] ^ high[factor >> 4]
        k = count + b
        for c in rem.to_bytes(ec, "big"):
            out[k] = c
            k += blocks
        start += length
    k = 0
    for j in range(d1 + (1 if g2 else 0)):  # the data codewords, a column of the blocks at a time
        start = 0
        for b in range(blocks):
            length = d1 + (1 if b >= g1 else 0)
            if j < length:
                out[k] = buf[start + j]
                k += 1
            start += length
    return out


def _multiples(ec):
    """The Reed-Solomon generator of degree `ec` (its highest coefficient, 1, left out) times each
    GF(256) element, as numbers (a coefficient a byte, the highest first): `low[c]` for c < 16,
    `high[c]` for c * 16; an element's multiple is low[e & 15] ^ high[e >> 4]."""
    gen = _generator(ec)
    ones = int.from_bytes(b"\x01" * ec, "little")
    x = int.from_bytes(gen[1:], "big")
    powers = []  # the generator times 1, 2, 4, ... 128: all bytes doubled at once in GF(256)
    for _ in range(8):
        powers.append(x)
        x = (x << 1 & ones * 0xFE) ^ (x >> 7 & ones) * 0x1D
    low = [0] * 16
    high = [0] * 16
    for c in range(1, 16):
        bit = c & -c  # the lowest set bit
        k = (bit > 1) + (bit > 2) + (bit > 4)
        low[c] = low[c ^ bit] ^ powers[k]
        high[c] = high[c ^ bit] ^ powers[k + 4]
    return low, high


def _generator(degree):
    """The Reed-Solomon generator polynomial of `degree`, highest coefficient first (it is 1)."""
    gen = bytearray(degree + 1)
    gen[0] = 1
    for i in range(degree):  # times (x - a^i)
        for j in range(i + 1, 0, -1):
            if gen[j - 1]:
                gen[j] ^= _EXP[_LOG[gen[j - 1]] + i]
    return gen


def make(data, version=None, level=None, mask=None):
    """The QR code of `data` (bytes), or None when it does not fit version 11.  `version`, `level`
    and `mask` may be given (tests: the same symbol as a reference encoder's); by default the
    smallest version, M when it fits the same version, and the mask of the lowest penalty."""
    if version is None:
        found = fit(len(data))
        if found is None:
            return None
        version, best = found
        level = best if level is None else level
    elif level is None:
        level = LEVEL_M if len(data) <= capacity(version, LEVEL_M) else LEVEL_L
    if len(data) > capacity(version, level):
        return None
    code = Code(version, level)
    code._functions()
    code._place(_codewords(data, version, level))
    if mask is None:
        scores = code.scores()
        mask = 0
        for candidate in range(1, 8):
            if scores[candidate] < scores[mask]:
                mask = candidate
    code.mask = mask
    code._flip(mask)
    code._format()
    return code
