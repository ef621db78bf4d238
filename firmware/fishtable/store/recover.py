"""Reading the journal back after a power cut, and repairing it; reading a history file.

`resume` reads the journal (journal.fish, then its parts) with the core's record reader and
checks every line.  The first line that is damaged (a wrong or missing check, a torn last
line, a statement the rules refuse, a stray byte anywhere) ends the good part: the journal
is cut back to the last good statement and the damaged original kept aside as
`journal.bad`.  A journal whose header is not followed by the `# ---` line may have lost
header lines (the start player, options): with no statement after it, it is not resumed but
moved aside.  A journal written before checks existed (its first line exactly `fishtable 1`)
is read without them.

Needed at start-up and when a history game is opened: the Store drops this module, and the
record reader with it, once it is done (see FORGET).
"""

from micropython import const

from fishtable.core.errors import Invalid, RecordError
from fishtable.store.fs import OLD_SUFFIX, copy_file, remove_if_there
from fishtable.store.journal import CHECK_SIZE, check, drop_parts, rewrite

FORGET = ("fishtable.core.record", "fishtable.core.lines")  # dropped with this module (fs.forget)
_MAYBE = const(2)  # the first line had no check: a journal from before checks, if the second has none


def _check_of(data, start, end):
    """The check written at the end of data[start:end] (" #" + 4 lowercase hex digits), or -1."""
    if end - start < CHECK_SIZE + 1 or data[end - 6] != 32 or data[end - 5] != 35:
        return -1
    value = 0
    for i in range(end - 4, end):
        c = data[i]
        if 48 <= c <= 57:
            c -= 48
        elif 97 <= c <= 102:
            c -= 87
        else:
            return -1
        value = (value << 4) | c
    return value


def _lines_word(count):
    return "%d line%s" % (count, "" if count == 1 else "s")


class Scanner:
    """Reads a journal (or history file) a line at a time: `line(lines)` for each line of a
    `Lines`, then `finish()`.  After it, `match` (None when not even the header is whole),
    `lost` (damaged lines dropped) and `last` (the check of the last good line).

    The match holds every statement up to the first damaged line; `lost` counts the
    non-blank lines from there to the end.  A last line without its newline is torn
    (its write never completed) even when it reads as a valid statement.
    """

    def __init__(self):
        from fishtable.core.record import Reader  # here: the record code may leave memory at the main menu

        self.reader = Reader()
        self.match = None
        self.lost = 0
        self.last = 0  # the check of the last good line
        self.damaged = False
        self._whole_header = False
        self._pending = False  # the current damaged line has content
        self._legacy = None  # True for a journal without checks
        self.gen = 0  # the generation of the journal's parts (from the header's end mark)

    def line(self, lines):
        """Take the current line of `lines`."""
        if not self.damaged:
            self.damaged = not self._good(lines)
        if self.damaged:
            if lines.overlong or lines.end > lines.start:
                self._pending = True
            if lines.ended:
                if self._pending:
                    self.lost += 1
                self._pending = False

    def _good(self, lines):
        data = lines.buf
        start = lines.start
        end = lines.raw_end
        if not lines.ended or lines.overlong:
            return False
        legacy = self._legacy
        if legacy is None:  # the first line: without a check only in a journal written before checks
            self._legacy = _MAYBE if data[start:end] == b"fishtable 1" else 0
            if self._legacy:
                return _feed(self.reader, lines, lines.end)
        elif legacy == _MAYBE:  # ... and then the second line has none either
            if data.find(b"#", start, end) >= 0:
                self._legacy = 0
                self.lost += 1  # the first line was damaged
                return False
            self._legacy = 1
        if self._legacy:
            if not self._whole_header and data[start:end] == b"# ---":
                self._whole_header = True
                return True
            return _feed(self.reader, lines, lines.end)
        if not self._whole_header and data[start : start + 6] == b"# --- ":
            return self._mark(data, start, end)
        value = _check_of(data, start, end)
        body = end - CHECK_SIZE
        if value < 0 or data.find(b"#", start, body) >= 0 or check(self.last, data, start, body) != value:
            return False
        if not _feed(self.reader, lines, body):
            return False
        self.last = value
        return True

    def _mark(self, data, start, end):
        """The header's end mark `# --- G #cccc`: G the generation of the journal's parts."""
        value = _check_of(data, start, end)
        body = end - CHECK_SIZE
        gen = 0
        for i in range(start + 6, body):
            c = data[i] - 48
            if c < 0 or c > 9 or i - start > 8:
                return False
            gen = gen * 10 + c
        if value < 0 or body == start + 6 or check(self.last, data, start, body) != value:
            return False
        self.gen = gen
        self.last = value
        self._whole_header = True
        return True

    def finish(self):
        """The end of the file: settles `match` and `lost`."""
        if self._pending or (self.damaged and not self.lost):
            self.lost += 1
            self._pending = False
        try:
            match = self.reader.finish()
        except RecordError:
            return self
        if self._whole_header or match.statements:
            self.match = match
        return self


def scan_file(scanner, fs, path, buf=None):
    """Feed every line of the file at `path` to `scanner` (through `buf`)."""
    from fishtable.core.lines import Lines

    handle = fs.open(path, "rb")
    try:
        lines = Lines(handle, buf)
        while lines.next():
            scanner.line(lines)
    finally:
        handle.close()


def scan(fs, path, buf=None):
    """Read the journal (or history file) at `path` through `buf`; returns the finished Scanner."""
    scanner = Scanner()
    scan_file(scanner, fs, path, buf)
    return scanner.finish()


def history_game(store, path):
    """Store.history_game: the finished game in the history file at `path`, every line checked.

    Raises OSError when it cannot be read and Invalid when it is damaged."""
    found = scan(store.fs, path, store.buf)
    if found.match is None or found.lost:
        raise Invalid("damaged file")
    return found.match


def _settle_rewrite(fs, path):
    """Finish or forget a rewrite of the journal that a power cut interrupted; True if a journal is there.

    The new journal is written to `path.tmp`, closed, then renamed over `path`.  With the
    journal there, a leftover temp file is a rewrite cut before its rename: forget it.  A
    filesystem whose rename cannot replace (FAT: the old journal moved to `path.old` first)
    may have been cut mid-replacement: then the temp file is complete (it was closed before
    the old journal moved) and becomes the journal."""
    tmp = path + ".tmp"
    old = path + OLD_SUFFIX
    if fs.exists(path):
        remove_if_there(fs, tmp)
    elif fs.exists(old):
        fs.rename(tmp if fs.exists(tmp) else old, path)
    else:
        remove_if_there(fs, tmp)  # a new game's first write, cut: there was no game yet
        return False
    remove_if_there(fs, old)
    return True


def _feed(reader, lines, end):
    """Feed the current line of `lines` up to `end` to the reader; False when it is damaged."""
    match = reader.match
    good = len(match.statements) if match is not None else 0
    try:
        reader.feed_bytes(lines.buf, lines.start, end)
        return True
    except RecordError:
        return False
    except Exception:  # noqa: BLE001 - garbage must never crash the resume
        match = reader.match
        if match is not None and len(match.statements) != good:
            match.truncate(good)
        return False




def resume(store):
    """Store.resume: the game in progress, (match or None, message for the screen or None).
    Never raises."""
    fs = store.fs
    path = store.journal_path
    store._count = -1
    try:
        if not _settle_rewrite(fs, path):
            drop_parts(store, -1)
            return None, None
        found = Scanner()
        scan_file(found, fs, path, store.buf)
        parts = 0
        if found.gen:
            while fs.exists(store._part_path(found.gen, parts + 1)):
                parts += 1
                scan_file(found, fs, store._part_path(found.gen, parts), store.buf)
        found.finish()
    except Exception:  # noqa: BLE001 - an unreadable flash must not stop the table
        try:
            _set_aside(store)
            drop_parts(store, -1)
        except OSError:
            pass
        return None, "Journal unreadable: moved aside"
    match = found.match
    if match is None:
        try:
            _keep_damaged(store, found.gen, parts)
            fs.remove(path)
            drop_parts(store, -1)
        except OSError:
            pass
        return None, "Journal unreadable: game lost"
    if not found.lost:
        try:
            drop_parts(store, found.gen, parts)
        except OSError:
            pass
        store._gen = found.gen
        store._stale = False
        store._part = parts
        store._part_size = fs.size(store._part_path(found.gen, parts)) if parts else store.part_max
        store._chain[0] = found.last
        store._count = len(match.statements)
        return match, None
    try:
        _keep_damaged(store, found.gen, parts)
        rewrite(store, match, len(match.statements))
        store._count = len(match.statements)
    except OSError:
        pass  # the next append rewrites the whole journal
    return match, "Journal repaired: %s lost" % _lines_word(found.lost)


def _keep_damaged(store, gen, parts):
    """Copy the journal and its parts, one after the other, to journal.bad."""
    fs = store.fs
    out = fs.open(store.damaged_path, "wb")
    try:
        copy_file(fs, store.journal_path, out, store.buf)
        for index in range(1, parts + 1):
            copy_file(fs, store._part_path(gen, index), out, store.buf)
    finally:
        out.close()


def _set_aside(store):
    """Move an unreadable journal (even a folder of that name) out of the way, as `journal.bad`."""
    try:
        remove_if_there(store.fs, store.damaged_path)
    except OSError:
        pass
    try:
        store.fs.rename(store.journal_path, store.damaged_path)
    except OSError:
        pass
