"""Settings: `key=value` text lines (ints and short strings) ending in a `check=` line.

Saving writes `settings.txt.tmp`, keeps the current file as `settings.bak` and renames
the new one into place.  Loading takes the first of settings.txt and settings.bak whose
check line matches, key by key over the defaults; a damaged file is never trusted.
"""

CHECK = "check"
CHECK_MARK = b"check="


def checksum(text):
    """A Fletcher-16 sum of the text's bytes: damage to any byte changes it."""
    a = 0
    b = 0
    for byte in text.encode():
        a = (a + byte) % 255
        b = (b + a) % 255
    return (b << 8) | a


def _value_text(value):
    if value is True or value is False:
        return "1" if value else "0"
    text = str(value)
    if "\n" in text or "\r" in text:
        raise ValueError("a setting is one line")
    return text


def save(fs, path, values):
    """Write `values` (a dict of ints, bools and short strings) to `path` atomically."""
    body = ""
    for key in sorted(values):
        if "=" in key or "\n" in key or not key:
            raise ValueError("bad setting name %s" % key)
        body += "%s=%s\n" % (key, _value_text(values[key]))
    tmp = path + ".tmp"
    handle = fs.open(tmp, "w")
    try:
        handle.write(body + "%s=%d\n" % (CHECK, checksum(body)))
    finally:
        handle.close()
    backup = _backup(path)
    if fs.exists(path):
        fs.rename(path, backup)
    fs.rename(tmp, path)


def _backup(path):
    cut = path.rfind(".")
    return (path[:cut] if cut > path.rfind("/") else path) + ".bak"


def _fletcher(a, b, data, start, end):
    for i in range(start, end):
        a = (a + data[i]) % 255
        b = (b + a) % 255
    return a, b


def read(fs, path, buf=None):
    """The dict of strings saved at `path`, or None when it is missing or damaged.

    Read a line at a time through `buf` (a bytearray of BUFFER bytes, or None for a new one)."""
    from fishtable.core.record import Lines

    found = {}
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
                    return None
                if data[start : start + len(CHECK) + 1] == CHECK_MARK:
                    if lines.next():
                        return None  # the check line is the last
                    value = str(data[start + len(CHECK) + 1 : end], "utf-8")
                    if int(value) != ((b << 8) | a):
                        return None
                    return found
                a, b = _fletcher(a, b, data, start, end)
                a, b = _fletcher(a, b, b"\n", 0, 1)
                line = str(data[start:end], "utf-8")
                eq = line.find("=")
                if eq > 0:
                    found[line[:eq]] = line[eq + 1 :]
        finally:
            handle.close()
    except (OSError, UnicodeError, ValueError):
        return None
    return None


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
