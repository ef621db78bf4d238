"""The calendar: what the board knows of the date and time, for a record's `date` line.

`date_text` turns a time tuple into `YYYY-MM-DDTHH:MM`, or None for a clock never set (the
rp2 port's clock starts at 2021-01-01 until `mpremote rtc --set` or the web page sets it), so
the board writes no date rather than a wrong one.  `machine_time` is the RP2040's own clock;
`DS3231` and `PCF8563` read a real-time clock module on the OLED's I2C bus (it keeps time with
the power off): their registers are BCD (host_tests/test_dates.py decodes them against models).
"""

from micropython import const

FIRST_YEAR = const(2022)  # a clock that reads earlier was never set
_NOT_BCD = const(100)  # what a register byte that is not BCD reads as (no field has it)


def real(tm):
    """`tm` (year, month, day, hour, minute, second...) when it is a set clock's real moment (a day
    the calendar has, 2022-2099), else None: the one month-length rule of the record reader."""
    if tm is None or not FIRST_YEAR <= tm[0] <= 2099 or not 0 <= tm[3] <= 23 or not 0 <= tm[4] <= 59:
        return None
    if len(tm) > 5 and not 0 <= tm[5] <= 59:
        return None
    from fishtable.core.days import month_days

    return tm if 1 <= tm[2] <= month_days(tm[0], tm[1]) else None


def date_text(tm):
    """`YYYY-MM-DDTHH:MM` of the time tuple `tm` (year, month, day, hour, minute, ...), or None
    when it cannot be a set clock's (before 2022, after 2099, or a day the calendar has not):
    the record reader takes every date it gives."""
    if real(tm) is None:
        return None
    return "%04d-%02d-%02dT%02d:%02d" % (tm[0], tm[1], tm[2], tm[3], tm[4])


def machine_time():
    """The RP2040's clock as a time tuple (set by make flash/pull/players or the web page), or
    None where there is no `machine.RTC` (the simulator's models have none unless a test adds one)."""
    import machine

    rtc = getattr(machine, "RTC", None)
    if rtc is None:
        return None
    t = rtc().datetime()  # (year, month, day, weekday, hours, minutes, seconds, subseconds)
    return (t[0], t[1], t[2], t[4], t[5], t[6])


def _bcd(byte):
    """The value of a BCD register byte; 99 + 1 (out of every field's range) for a nibble past 9."""
    if byte & 15 > 9 or byte >> 4 > 9:
        return _NOT_BCD
    return (byte >> 4) * 10 + (byte & 15)


class DS3231:
    """A DS3231 module (I2C address 0x68): `now()` is (year, month, day, hour, minute, second),
    or None when its oscillator stopped (it lost the time: OSF set), the bus fails or the registers
    do not hold a real moment (a byte that is not BCD, 31 February)."""

    ADDRESS = 0x68

    def __init__(self, i2c, address=ADDRESS):
        self.i2c = i2c
        self.address = address

    def now(self):
        try:
            regs = self.i2c.readfrom_mem(self.address, 0x00, 7)
            status = self.i2c.readfrom_mem(self.address, 0x0F, 1)[0]
        except OSError:
            return None
        if status & 0x80:  # OSF: the time is not to be trusted
            return None
        byte = regs[2]
        if byte & 0x40:  # 12-hour mode: 1-12 and PM
            hour = _bcd(byte & 0x1F)
            hour = hour % 12 + (12 if byte & 0x20 else 0) if 1 <= hour <= 12 else _NOT_BCD
        else:
            hour = _bcd(byte & 0x3F)
        year = 2000 + _bcd(regs[6]) + (100 if regs[5] & 0x80 else 0)
        return real((year, _bcd(regs[5] & 0x1F), _bcd(regs[4] & 0x3F), hour, _bcd(regs[1] & 0x7F),
                     _bcd(regs[0] & 0x7F)))


class PCF8563:
    """A PCF8563 module (I2C address 0x51): `now()` as DS3231's, None when its voltage-low flag
    says the time was lost."""

    ADDRESS = 0x51

    def __init__(self, i2c, address=ADDRESS):
        self.i2c = i2c
        self.address = address

    def now(self):
        try:
            regs = self.i2c.readfrom_mem(self.address, 0x02, 7)
        except OSError:
            return None
        if regs[0] & 0x80:  # VL: the clock integrity is not guaranteed
            return None
        year = 2000 + _bcd(regs[6]) + (100 if regs[5] & 0x80 else 0)
        return real((year, _bcd(regs[5] & 0x1F), _bcd(regs[3] & 0x3F), _bcd(regs[2] & 0x3F), _bcd(regs[1] & 0x7F),
                     _bcd(regs[0] & 0x7F)))


def read(kind, i2c):
    """The time tuple of the board's calendar, the profile's `rtc` field (None: not known).
    "ds3231" or "pcf8563": the module on `i2c`; anything else: the RP2040's clock.  Imported only
    when a game begins and dropped again (fishtable.ui.app): the code stays off the idle heap."""
    if kind == "ds3231" and i2c is not None:
        return DS3231(i2c).now()
    if kind == "pcf8563" and i2c is not None:
        return PCF8563(i2c).now()
    return machine_time()


def stamp(match, hw):
    """Give the new game `match` its `date` from `hw`'s calendar, when it knows the time (never raises)."""
    if match.date is None:
        try:
            match.date = date_text(read(hw.calendar, hw.i2c))
        except Exception:  # noqa: BLE001 - a clock that fails gives no date, never a stop
            match.date = None
