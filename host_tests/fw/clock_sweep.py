"""Every register value of both clock chips for every day 0-32 of every month of four years (and
bytes that are not BCD), read by the firmware's drivers (test_dates.py and tools/soak.py; under
CPython, the MicroPython unix port and the WebAssembly VM): a date only when the calendar has the
day, the one the registers say, and one the record reader takes; a game begun with it resumes
after a power cut with the same date."""

YEARS = (2024, 2025, 2026, 2027)  # a leap year and three that are not
BAD_BYTES = (0x0A, 0x0F, 0x1A, 0x1C, 0x1F)  # a nibble past 9 (in the bits every register keeps): not BCD
FIELDS = ("year", "month", "day", "hour", "minute")


def bcd(value):
    return ((value // 10) << 4) | (value % 10)


class Bus:
    """An I2C bus with one clock module: its registers as bytes (readfrom_mem)."""

    def __init__(self, address, regs):
        self.address = address
        self.regs = regs

    def readfrom_mem(self, address, reg, count):
        if address != self.address:
            raise OSError(5)
        return bytes(self.regs[reg : reg + count])


def registers(chip, fields):
    """The chip's register bytes holding `fields` (year, month, day, hour, minute as register bytes)."""
    year, month, day, hour, minute = fields
    if chip == "ds3231":
        regs = bytearray(0x13)
        regs[1], regs[2], regs[4], regs[5], regs[6] = minute, hour, day, month, year
        return Bus(0x68, regs)
    regs = bytearray(0x10)
    regs[3], regs[4], regs[5], regs[7], regs[8] = minute, hour, day, month, year
    return Bus(0x51, regs)


def register_sets(full):
    """(chip, register bytes of the fields, the real (year, month, day, hour, minute) or None)."""
    from fishtable.core.days import month_days

    sets = []
    for chip in ("ds3231", "pcf8563"):
        for year in YEARS:
            for month in range(1, 13):
                days = list(range(0, 33)) if full or month in (2, 4) else [0, 1, 28, 29, 30, 31, 32]
                for day in days:
                    want = (year, month, day, 12, 30) if 1 <= day <= month_days(year, month) else None
                    sets.append((chip, (bcd(year % 100), bcd(month), bcd(day), bcd(12), bcd(30)), want))
                for byte in BAD_BYTES if full or month == 2 else BAD_BYTES[:2]:
                    sets.append((chip, (bcd(year % 100), bcd(month), byte, bcd(12), bcd(30)), None))
        for at in range(5):  # each field not BCD in turn
            for byte in BAD_BYTES:
                fields = [bcd(26), bcd(3), bcd(15), bcd(12), bcd(30)]
                fields[at] = byte
                sets.append((chip, tuple(fields), None))
        for month in (0, 13, 0x19):
            sets.append((chip, (bcd(26), month, bcd(1), bcd(12), bcd(30)), None))
    return sets


def _hw(chip, bus):
    class Hardware:
        calendar = chip
        i2c = bus

    return Hardware()


def _resumes(match):
    """Begin the game `match`, play its first statement, cut the power: None when it resumed with
    its date, else why not."""
    from devices.faultfs import FaultFs

    from fishtable.core.errors import Invalid
    from fishtable.session import Session
    from fishtable.store import Store

    fs = FaultFs()
    date = match.date
    session = Session(Store(fs))
    session.begin(match)
    for line in ("graze", "eat", "action snail", "action skip", "action wave", "action pike 1+1"):
        try:
            stmt = match.parse(line)
            match.check(stmt)
        except Invalid:
            continue
        session.play(stmt)
        break
    got, message = Store(fs.reboot()).resume()
    if got is None or got.date != date or got.statements != match.statements:
        return "not resumed (%s)" % message
    return None


def sweep(full=False, games=None):
    """Every register set (a sample unless `full`): (faults, register sets read, games resumed).
    `games`: resume a game for every set that gives a date (None: when `full`, else every 9th)."""
    from fishtable.core.errors import Invalid
    from fishtable.core.match import Match
    from fishtable.core.record import check_date
    from fishtable.hw import rtc

    faults = []
    sets = register_sets(full)
    resumed = 0
    dated = 0
    for chip, fields, want in sets:
        bus = registers(chip, fields)
        got = rtc.read(chip, bus)
        text = rtc.date_text(got)
        where = "%s %s" % (chip, " ".join("%02x" % b for b in fields))
        wanted = None if want is None else "%04d-%02d-%02dT%02d:%02d" % want
        if text != wanted:
            faults.append("%s: %s, not %s" % (where, text, wanted))
        if text is None:
            continue
        try:
            check_date(text)
        except Invalid:
            faults.append("%s: %s, a date the record reader refuses" % (where, text))
            continue
        dated += 1
        every = games or (1 if full else 9)
        if dated % every == 0:
            match = Match("hecht", 2, 1)
            rtc.stamp(match, _hw(chip, registers(chip, fields)))
            fault = _resumes(match)
            resumed += 1
            if fault:
                faults.append("%s: %s" % (where, fault))
    return faults, len(sets), resumed
