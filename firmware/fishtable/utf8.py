"""Strict UTF-8, checked on bytes before any text is made of them (records, config.txt, board
profiles): no overlong forms, no surrogates, nothing above U+10FFFF."""


def first_bad(buf, i, end):
    """The offset of the first byte of buf[i:end] that is not strict UTF-8, or -1."""
    while i < end:
        c = buf[i]
        if c < 0x80:
            i += 1
            continue
        lo = 0x80
        hi = 0xBF
        if 0xC2 <= c <= 0xDF:
            more = 1
        elif 0xE0 <= c <= 0xEF:
            more = 2
            if c == 0xE0:
                lo = 0xA0  # no overlong forms
            elif c == 0xED:
                hi = 0x9F  # no surrogates
        elif 0xF0 <= c <= 0xF4:
            more = 3
            if c == 0xF0:
                lo = 0x90
            elif c == 0xF4:
                hi = 0x8F  # nothing above U+10FFFF
        else:
            return i
        if i + more >= end:
            return i
        c = buf[i + 1]
        if c < lo or c > hi:
            return i
        for k in range(2, more + 1):
            c = buf[i + k]
            if c < 0x80 or c > 0xBF:
                return i
        i += more + 1
    return -1


def first_bad_text(buf, end):
    """The offset of the first byte of buf[:end] that is not text (strict UTF-8 without control
    characters other than tab, CR and LF), or -1."""
    bad = first_bad(buf, 0, end)
    for i in range(end if bad < 0 else bad):
        c = buf[i]
        if c < 32 and c != 9 and c != 10 and c != 13 or c == 127:
            return i
    return bad
