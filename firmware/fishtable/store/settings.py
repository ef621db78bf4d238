"""Settings: `key=value` text lines (ints and short strings) ending in a `check=` line.

Saving writes `settings.txt.tmp`, keeps the current file as `settings.bak` and renames
the new one into place.  Loading takes the first of settings.txt and settings.bak whose
check line matches, key by key over the defaults; a damaged file is never trusted.
`save_lines`, `read_lines` and `read_either` do the same for any small text file (the
roster and the statistics use them).
"""

CHECK = "check"
CHECK_MARK = b"check="


def _value_text(value):
    if value is True or value is False:
        return "1" if value else "0"
    text = str(value)
    if "\n" in text or "\r" in text:
        raise ValueError("a setting is one line")
    return text


def save(fs, path, values):
    """Write `values` (a dict of ints, bools and short strings) to `path` atomically."""
    lines = []
    for key in sorted(values):
        if "=" in key or "\n" in key or not key:
            raise ValueError("bad setting name %s" % key)
        lines.append("%s=%s" % (key, _value_text(values[key])))
    save_lines(fs, path, lines)


def save_lines(fs, path, lines):
    """Write `lines` (strings without line ends) and a check line to `path` atomically.

    They go to `path.tmp`, which is closed; the current file becomes the backup (`_backup`)
    and the new one is renamed into place.  A power cut at any byte leaves the old file or
    the new one in place, or (between the two renames) only the backup."""
    tmp = path + ".tmp"
    a = b = 0
    handle = fs.open(tmp, "w")
    try:
        for line in lines:
            if "\n" in line or "\r" in line:
                raise ValueError("a line is one line")
            line += "\n"
            data = line.encode()
            a, b = _fletcher(a, b, data, 0, len(data))
            handle.write(line)
        handle.write("%s=%d\n" % (CHECK, (b << 8) | a))
    finally:
        handle.close()
    backup = _backup(path)
    if fs.exists(path):
        fs.rename(path, backup)
    fs.rename(tmp, path)


def _backup(path):
    """The backup of `path`: its extension replaced by `.bak`."""
    cut = path.rfind(".")
    return (path[:cut] if cut > path.rfind("/") else path) + ".bak"


def _fletcher(a, b, data, start, end):
    for i in range(start, end):
        a = (a + data[i]) % 255
        b = (b + a) % 255
    return a, b


def read_lines(fs, path, take, buf=None):
    """Pass each line before the check line of `path` to `take(data, start, end)` (the line is
    data[start:end], its line end removed); True when the file ended in a check line that
    matches them all.  False (after some lines were taken, maybe) for a missing or damaged
    file: the caller must then forget what it took.  `take` may raise ValueError for a line
    it cannot read (the file counts as damaged).

    Read a line at a time through `buf` (a bytearray of BUFFER bytes, or None for a new one)."""
    from fishtable.core.lines import Lines

    a = b = 0
    try:
        handle = fs.open(path, "rb")
        try:
            lines = Lines(handle, buf)
            while lines.next():
                data = lines.buf
                start = lines.start
                end = lines.raw_end
                if not lines.ended or lines.overlong:
                    return False
                if data[start : start + len(CHECK) + 1] == CHECK_MARK:
                    if lines.next():
                        return False  # the check line is the last
                    value = str(data[start + len(CHECK) + 1 : end], "utf-8")
                    return int(value) == ((b << 8) | a)
                a, b = _fletcher(a, b, data, start, end)
                a, b = _fletcher(a, b, b"\n", 0, 1)
                take(data, start, end)
        finally:
            handle.close()
    except (OSError, UnicodeError, ValueError):
        return False
    return False


def read(fs, path, buf=None):
    """The dict of strings saved at `path`, or None when it is missing or damaged.

    Read a line at a time through `buf` (a bytearray of BUFFER bytes, or None for a new one)."""
    found = {}

    def take(data, start, end):
        line = str(data[start:end], "utf-8")
        eq = line.find("=")
        if eq > 0:
            found[line[:eq]] = line[eq + 1 :]

    return found if read_lines(fs, path, take, buf) else None


def read_either(fs, path, take, forget, buf=None):
    """`read_lines` of `path`, else (calling `forget()` first) of its backup; True when one was good."""
    if read_lines(fs, path, take, buf):
        return True
    forget()
    if read_lines(fs, _backup(path), take, buf):
        return True
    forget()
    return False


def _convert(text, default):
    """`text` as the type of `default`; raises ValueError when it is not one."""
    if default is True or default is False:
        return int(text) != 0
    if isinstance(default, int):
        return int(text)
    return text


def load(fs, path, defaults, buf=None):
    """The settings saved at `path` (else its backup) over `defaults`."""
    found = read(fs, path, buf)
    if found is None:
        found = read(fs, _backup(path), buf)
    values = dict(defaults)
    if found:
        for key in defaults:
            if key in found:
                try:
                    values[key] = _convert(found[key], defaults[key])
                except ValueError:
                    pass
    return values
