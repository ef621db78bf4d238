"""The calendar's one rule, shared by the record reader's `date` check and the clock drivers
(fishtable.hw.rtc): how many days a month has.  Loaded only with them."""

_DAYS = b"\x1f\x1c\x1f\x1e\x1f\x1e\x1f\x1f\x1e\x1f\x1e\x1f"  # days of each month (February: 28)


def month_days(year, month):
    """The days of `month` (1-12) in `year`, 0 when there is no such month."""
    if not 1 <= month <= 12:
        return 0
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    return _DAYS[month - 1] + (1 if month == 2 and leap else 0)
