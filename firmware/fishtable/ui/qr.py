"""A QR code encoder for the panel (ISO/IEC 18004): byte mode, versions 1 to 11, error correction
level M when the data fits the same version at M, else L.

    code = qr.make(b"https://...")     # None when the data does not fit version 11
    code.size, code.dark(x, y)          # 21..61 modules a side

One bytearray holds the matrix, a byte a module (bit 0 dark, bit 1 a function module: finder,
timing, alignment, format and version areas).  The codewords go through one more bytearray, the
Reed-Solomon remainder is computed in place with GF(256) log and antilog tables (two 256-byte
tables made once); no allocation per module.  All eight masks are scored by the standard's four
penalty rules (N1 runs, N2 2x2 blocks, N3 finder-like patterns, N4 balance; evaluated before the
format information is placed, as the reference encoder segno does) and the lowest score is kept.
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
        n = self.size
        for i in range(n):  # timing patterns (the finders overwrite their ends)
            self._set(6, i, i % 2 == 0)
            self._set(i, 6, i % 2 == 0)
        for cx, cy in ((3, 3), (n - 4, 3), (3, n - 4)):
            for dy in range(-4, 5):
                for dx in range(-4, 5):
                    x = cx + dx
                    y = cy + dy
                    if 0 <= x < n and 0 <= y < n:
                        d = max(abs(dx), abs(dy))
                        self._set(x, y, d != 2 and d != 4)
        if self.version > 1:
            last = 4 * self.version + 10
            centres = (6, _MIDDLE[self.version - 7], last) if self.version >= 7 else (6, last)
            last = len(centres) - 1
            for i in range(len(centres)):
                for j in range(len(centres)):
                    if (i == 0 and j == 0) or (i == 0 and j == last) or (i == last and j == 0):
                        continue  # the finders' corners
                    for dy in range(-2, 3):
                        for dx in range(-2, 3):
                            self._set(centres[i] + dx, centres[j] + dy, max(abs(dx), abs(dy)) != 1)
        for i in range(9):  # the format areas (light until the mask is chosen) and the dark module
            if i != 6:  # (the timing patterns cross there)
                self._set(8, i, False)
                self._set(i, 8, False)
        for i in range(8):
            self._set(n - 1 - i, 8, False)
            self._set(8, n - 1 - i, False)
        if self.version >= 7:
            for i in range(18):
                a = n - 11 + i % 3
                b = i // 3
                self._set(a, b, False)
                self._set(b, a, False)

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
        bits = len(codewords) * 8
        i = 0
        right = n - 1
        up = True
        while right >= 1:
            if right == 6:
                right = 5
            for v in range(n):
                y = n - 1 - v if up else v
                base = y * n
                k = base + right
                for _ in range(2):  # the right module, then the left one
                    if not m[k] & _FUNC:
                        if i < bits and codewords[i >> 3] >> (7 - (i & 7)) & 1:
                            m[k] = _DARK
                        i += 1
                    k -= 1
            up = not up
            right -= 2

    def _flip(self, mask):
        """Apply (a second time: take back) the data mask `mask` on the non-function modules."""
        m = self.matrix
        n = self.size
        k = 0
        for i in range(n):
            period = 0  # the mask along this row repeats every 12 modules
            for t in range(12):
                if _hit(mask, i, t):
                    period |= 1 << t
            t = 0
            for j in range(n):
                if period >> t & 1 and not m[k] & _FUNC:
                    m[k] ^= _DARK
                k += 1
                t = t + 1 if t < 11 else 0

    def scores(self):
        """The standard's penalty score (N1 + N2 + N3 + N4) of the symbol under each of the eight
        masks, as a list.  The lines of the matrix are taken as whole numbers (bit j: the j-th
        module along the line), so each rule is a few operations a line, not a loop over modules."""
        n = self.size
        out = [0] * 8
        for across in (True, False):  # the rows (with N2 and N4), then the columns
            lines = _lines(self.matrix, n, across, _DARK)
            data = _lines(self.matrix, n, across, _FUNC)
            full = (1 << n) - 1
            for i in range(n):
                data[i] ^= full  # the modules a mask changes
            for mask in range(8):
                out[mask] += _score_lines(lines, data, mask, n, across)
            lines = data = None
        return out


def _hit(mask, i, j):
    """True when the data mask `mask` changes the module of row i, column j."""
    if mask == 0:
        return (i + j) & 1 == 0
    if mask == 1:
        return i & 1 == 0
    if mask == 2:
        return j % 3 == 0
    if mask == 3:
        return (i + j) % 3 == 0
    if mask == 4:
        return (i // 2 + j // 3) & 1 == 0
    t = i * j
    if mask == 5:
        return (t & 1) + t % 3 == 0
    if mask == 6:
        return ((t & 1) + t % 3) & 1 == 0
    return (((i + j) & 1) + t % 3) & 1 == 0


def _lines(m, n, across, bit):
    """The rows (across) or columns of the matrix `m` as n whole numbers, bit j set when the j-th
    module along the line has `bit`.  Built 30 modules at a time (small ints: nothing allocated per
    module), then joined."""
    out = []
    for line in range(n):
        k = line * n if across else line
        step = 1 if across else n
        value = 0
        part = 0
        low = 0
        for j in range(n):
            if m[k] & bit:
                part |= 1 << (j - low)
            k += step
            if j - low == 29 or j == n - 1:
                value |= part << low
                part = 0
                low = j + 1
        out.append(value)
    return out


def _pattern(mask, across, line, n):
    """The modules the mask changes along row `line` (across) or column `line`, as a whole number
    (bit j: the j-th module); the masks repeat every 12 modules both ways."""
    p = 0
    for t in range(12):
        if _hit(mask, line, t) if across else _hit(mask, t, line):
            p |= 1 << t
    p |= p << 12
    p |= p << 24
    p |= p << 48
    return p & ((1 << n) - 1)


def _ones(x):
    return bin(x).count("1")


def _score_lines(lines, data, mask, n, across):
    """N1 and N3 of every line under `mask`; for the rows (across) also N2 and N4."""
    full = (1 << n) - 1
    pairs = (1 << (n - 1)) - 1  # bit j: modules j and j+1
    starts = (1 << (n - 6)) - 1  # bit j: modules j..j+6
    patterns = [_pattern(mask, across, t, n) for t in range(12)]
    score = 0
    dark = 0
    prev = -1
    for i in range(n):
        v = lines[i] ^ (patterns[i % 12] & data[i])
        # N1: a run of 5 + k modules of one colour scores 3 + k
        same = pairs ^ ((v ^ (v >> 1)) & pairs)
        five = same & (same >> 1) & (same >> 2) & (same >> 3)
        if five:
            score += _ones(five) + 2 * _ones(five ^ (five & (five << 1)))
        # N3: 1011101 with 4 light modules (or the edge: the quiet zone) before or after it
        found = v & (v >> 2) & (v >> 3) & (v >> 4) & (v >> 6) & starts
        if found:
            found ^= found & ((v >> 1) | (v >> 5))
        if found:
            before = v | (v << 1)
            before |= before << 2
            after = v | (v >> 1)
            after |= after >> 2
            counted = (found ^ (found & (before << 1))) | (found ^ (found & (after >> 7)))
            kept = counted
            while True:  # a counted pattern's modules start no other (the search goes on after it)
                again = counted ^ (counted & ((kept << 4) | (kept << 6)))
                if again == kept:
                    break
                kept = again
            score += 40 * _ones(kept)
        if across:
            dark += _ones(v)
            if prev >= 0:  # N2: each 2x2 block of one colour scores 3
                block = pairs ^ ((prev ^ (prev >> 1)) & pairs)
                block &= pairs ^ ((v ^ (v >> 1)) & pairs)
                block &= full ^ ((prev ^ v) & full)
                score += 3 * _ones(block)
            prev = v
    if across:
        total = n * n
        score += 10 * (abs(100 * dark - 50 * total) // (5 * total))
    return score


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
    buf = bytearray(total)
    count_bits = 8 if version < 10 else 16
    n = len(data)
    pos = _put(buf, 0, 0b0100, 4)
    pos = _put(buf, pos, n, count_bits)
    for b in data:
        pos = _put(buf, pos, b, 8)
    pos = min(pos + 4, count * 8)  # the terminator (zero bits)
    i = (pos + 7) // 8
    pad = 0xEC
    while i < count:
        buf[i] = pad
        pad ^= 0xEC ^ 0x11
        i += 1
    blocks = g1 + g2
    gen = _generator(ec)
    for t in range(ec + 1):  # the generator's coefficients as logs (none is 0)
        gen[t] = _LOG[gen[t]]
    out = bytearray(total)
    rem = bytearray(ec)
    exp = _EXP
    start = 0
    for b in range(blocks):  # the EC codewords: block b's go to out[count + b], every `blocks` bytes
        length = d1 + (1 if b >= g1 else 0)
        for j in range(ec):
            rem[j] = 0
        for j in range(start, start + length):
            factor = buf[j] ^ rem[0]
            if factor:
                f = _LOG[factor]
                for t in range(ec - 1):
                    rem[t] = rem[t + 1] ^ exp[gen[t + 1] + f]
                rem[ec - 1] = exp[gen[ec] + f]
            else:
                for t in range(ec - 1):
                    rem[t] = rem[t + 1]
                rem[ec - 1] = 0
        for j in range(ec):
            out[count + j * blocks + b] = rem[j]
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


def _put(buf, pos, value, bits):
    """Write the `bits` low bits of `value` at bit `pos` of `buf`, most significant first."""
    for i in range(bits - 1, -1, -1):
        if value >> i & 1:
            buf[pos >> 3] |= 0x80 >> (pos & 7)
        pos += 1
    return pos


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
