"""Reading the journal back after a power cut, and repairing it; reading a history file.

`resume` reads the journal (journal.fish, then its parts) with the core's record reader and
checks every line.  The first line that is damaged (a wrong or missing check, a torn last
line, a statement the rules refuse, a stray byte anywhere) ends the good part: the journal
is cut back to the last good statement and the damaged original kept aside as
`journal.bad`.  A journal whose header is not followed by the `# ---` line may have lost
header lines (the start player, options): with no statement after it, it is not resumed but
moved aside.  Each part opens with its mark `# part K C` (its number, the statements before it):
the parts are read in order while each is there and in its place; a part missing, duplicated or
out of order ends the run that can be proven, the statements after it are counted as lost (from
the later parts' marks and lines), and the parts that could not be used are moved to
`damaged/` rather than deleted.  Parts without marks (journals written before them) are read as
before.  A journal written before checks existed (its first line exactly `fishtable 1`)
is read without them.

Needed at start-up and when a history game is opened: the Store drops this module, and the
record reader with it, once it is done (see FORGET).
"""

from micropython import const

from fishtable.core.errors import Invalid, RecordError
from fishtable.store.fs import OLD_SUFFIX, copy_file, remove_if_there
from fishtable.store.journal import CHECK_SIZE, check, drop_parts, part_of, rewrite
from fishtable.text import t

# dropped with this module (fs.forget)
FORGET = ("fishtable.core.record", "fishtable.core.lines", "fishtable.core.days", "fishtable.utf8")
_MAYBE = const(2)  # the first line had no check: a journal from before checks, if the second has none
PART_MARK = b"# part "
DAMAGED_DIR = "damaged"  # beside the journal: the parts a repair could not use, kept
MAX_DAMAGED = const(24)  # files kept there at most (the oldest go first)
_CUT_SHORT = const(1)  # journal.fish could not be read to its end
_LOST = const(2)  # a part could not be read (it is lost whole), or journal.fish after its promise


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


def _moves_word(count):
    return t("1 move") if count == 1 else t("%d moves") % count


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
        self._part = 0  # the part whose mark the next line must be (0: none expected)
        self._marked = False  # the parts read so far had their marks
        self.index = 0  # the part being read (0: journal.fish)
        self.promised = 0  # the part the last file read promised (0: none)
        self.tail = -1  # the check written on the last line read (even a damaged one), or -1

    def expect_part(self, index):
        """The next line opens part `index` of the journal: it must be that part's mark (unless
        the journal's parts were written before marks)."""
        self._part = index
        self.index = index

    def line(self, lines):
        """Take the current line of `lines`."""
        self.tail = _check_of(lines.buf, lines.start, lines.raw_end) if lines.ended and not lines.overlong else -1
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
        index = self._part
        if not index and self.promised > self.index:
            index = self.promised  # the files run together (journal.bad): the promised part's mark next
        if index:
            self._part = 0
            self.index = index
            if data[start : start + len(PART_MARK)] == PART_MARK:
                return self._part_mark(data, start, end, index)
            if self._marked or self.promised:  # the parts carry marks: this one lost its own
                return False
        if self._whole_header and data[start : start + len(PART_MARK)] == PART_MARK:
            return self._part_mark(data, start, end, self.index + 1, True)
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

    def _part_mark(self, data, start, end, index, promise=False):
        """A part's mark `# part K C #cccc` (or, as a file's last line, the `promise` of the next
        part): part `index`, after as many statements as were read."""
        value = _check_of(data, start, end)
        body = end - CHECK_SIZE
        if value < 0 or check(self.last, data, start, body) != value:
            return False
        numbers = _numbers(data, start + len(PART_MARK), body)
        match = self.reader.match
        if numbers is None or numbers[0] != index or numbers[1] != (len(match.statements) if match else 0):
            return False
        self.last = value
        self._marked = True
        if promise:
            self.promised = index
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


def _is_mark(lines):
    buf = lines.buf
    start = lines.start
    return buf[start : start + len(PART_MARK)] == PART_MARK


def _numbers(data, start, end):
    """(K, C): the two numbers of a part's mark data[start:end] ("K C"), or None."""
    found = [0, 0]
    at = 0
    digits = 0
    for i in range(start, end):
        c = data[i]
        if c == 32 and at == 0 and digits:
            at = 1
            digits = 0
        elif 48 <= c <= 57 and digits < 6:
            found[at] = found[at] * 10 + c - 48
            digits += 1
        else:
            return None
    return (found[0], found[1]) if at == 1 and digits else None


def _tally(store, gen, indices, first, starts):
    """(The statements the parts `indices` (in order) prove were written, or -1 when no mark of
    theirs passed its check or a part after the last that did cannot be read; whether they hold a
    line that may be a statement).  A line is proven
    by its check, chained from the line before it
    (`first`: the check before the first part, or -1 when not known): a part's mark whose check
    does not follow from a proven line (the first after a gap, a forged or flipped one) proves
    nothing, and lines that are not proven are not counted.  `starts`: the check before each
    part of the run read (a copy of one of them proves its place by it)."""
    from fishtable.core.lines import Lines

    fs = store.fs
    chain = {}  # part -> the check its mark chains from (the parts read, the promises proven)
    for i in range(len(starts)):
        chain[i + 1] = starts[i]
    content = False  # a line that may be a statement (or a part that cannot be read)
    for _ in range(2):  # twice: a promise met late proves a part read before it
        learned = len(chain)
        total = -1
        counted = -1  # the statements before the current line, as proven (-1: not known)
        after = indices[0] - 1  # the part read last
        unsure = False  # a line that nothing proves came after the last count
        unread = False  # a part that could not be read came after the last proven mark
        prev = first
        for index in indices:
            if index != after + 1:
                prev = counted = -1  # a part in between is gone: nothing chains across it
            after = index
            try:
                handle = fs.open(store._part_path(gen, index), "rb")
            except OSError:
                prev = counted = -1
                content = unread = True
                continue
            try:
                lines = Lines(handle, store.buf)
                seen = 0  # lines of this part so far
                while lines.next():
                    opening = seen == 0  # the part's own mark comes first; a promise later
                    seen += 1
                    data = lines.buf
                    start = lines.start
                    end = lines.raw_end
                    if end == start and lines.ended:
                        continue
                    value = _check_of(data, start, end) if lines.ended and not lines.overlong else -1
                    body = end - CHECK_SIZE
                    mark = data[start] == 35 if end > start else True  # (a line of a mark, or empty)
                    content = content or not mark
                    numbers = None
                    if value >= 0 and data[start : start + len(PART_MARK)] == PART_MARK:
                        numbers = _numbers(data, start + len(PART_MARK), body)
                    if numbers is not None and numbers[0] in chain and prev != chain[numbers[0]]:
                        if check(chain[numbers[0]], data, start, body) == value:
                            prev = chain[numbers[0]]  # a part out of its place: its mark chains from there
                    if value >= 0 and prev >= 0 and check(prev, data, start, body) == value:
                        if numbers is not None:
                            counted = numbers[1]
                            unread = False  # (it counts the statements of the parts before it)
                            if not opening:  # a promise: the next part's mark chains from it
                                chain[numbers[0]] = value
                        elif counted >= 0:
                            counted += 1
                    elif (value >= 0 or not lines.ended) and not lines.overlong and not mark:
                        if counted >= 0:
                            counted += 1  # a damaged statement (or the one being written, torn)
                    else:
                        counted = -1  # nothing says what this was (a mark out of its place: a new count)
                        unsure = unsure or not mark
                    prev = value
                    if counted > total:
                        total = counted
            except OSError:
                prev = counted = -1
                content = unread = True
            finally:
                handle.close()
        if len(chain) == learned:
            break
    return (-1 if unsure or unread else total), content


def _read(scanner, fs, path, buf):
    """scan_file, but a file that cannot be opened or read ends the good part where it failed:
    False then (the scanner is damaged from there)."""
    try:
        scan_file(scanner, fs, path, buf)
        return True
    except OSError:
        scanner.damaged = True
        return False


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
    except MemoryError:  # not the file's fault: it is not damaged
        raise
    except Exception:  # noqa: BLE001 - garbage must never crash the resume
        match = reader.match
        if match is not None and len(match.statements) != good:
            match.truncate(good)
        return False




def _parts_of(fs, folder, gen):
    """The part numbers of generation `gen` in `folder`, sorted."""
    found = []
    try:
        names = fs.listdir(folder)
    except OSError:
        return found
    for name in names:
        part = part_of(name)
        if part is not None and part[0] == gen:
            found.append(part[1])
    found.sort()
    return found


def resume(store):
    """Store.resume: the game in progress, (match or None, message for the screen or None).
    Never raises.  A file that cannot be opened or read (a read error, a folder in its place) is
    damage like a lost part: the run before it is resumed, the rest kept in `damaged/`."""
    fs = store.fs
    path = store.journal_path
    store._count = -1
    try:
        if not _settle_rewrite(fs, path):
            return None, _headless(store)
        found = Scanner()
        unread = 0  # a read failed: _CUT_SHORT in journal.fish before its promise, _LOST in a part
        if not _read(found, fs, path, store.buf):
            unread = _LOST if found.promised else _CUT_SHORT  # (the promise is its last line)
        listed = _parts_of(fs, store.parts_dir, found.gen) if found.gen else []
        parts = 0  # the parts read
        bad_from = 0  # the first part that is not part of the proven run (0: none)
        prev = -1  # the check before part bad_from, when the run reached it whole
        starts = []  # the check before each part read
        while parts + 1 in listed:
            if found.damaged:
                bad_from = parts + 1  # the damage was in the file before: none of this part is proven
                break
            parts += 1
            at = found.last
            starts.append(at)
            count = _count_of(found)
            found.expect_part(parts)
            if not _read(found, fs, store._part_path(found.gen, parts), store.buf):
                unread = _LOST
                match = found.reader.match
                if match is not None and len(match.statements) > count:
                    match.truncate(count)  # a part that cannot be read is lost whole
                found.last = at
            if found.damaged:
                bad_from = parts
                prev = at
                break  # the parts after it are not read here: `_tally` counts what they prove
        found.finish()
        missing = not found.damaged and found.promised > found.index  # promised, made, and gone
        if listed and not bad_from and (found.damaged or listed[-1] > parts):
            bad_from = parts + 1
        if bad_from and prev < 0 and bad_from == parts + 1:
            prev = found.tail  # the next part chains from the last line read, damaged or not
        unused = [i for i in listed if i >= bad_from] if bad_from else []
        # what was lost: counted from the parts' proven marks; a torn line in the files read, as one
        total, held = _tally(store, found.gen, unused, prev, starts) if unused else (-1, False)
        lost = 0 if unread else found.lost  # (a read error is no damaged line: the marks count)
    except Exception:  # noqa: BLE001 - an unreadable flash must not stop the table
        try:
            _set_aside(store)
            _move_named(store, _all_parts(store))
        except OSError:
            pass
        return None, t("Journal unreadable: game lost")
    match = found.match
    if match is None:
        try:
            _keep_damaged(store, found.gen, parts)
            fs.remove(path)
        except OSError:
            _set_aside(store)
        try:
            _move_named(store, _all_parts(store))
        except OSError:
            pass
        return None, t("Journal unreadable: game lost")
    good = len(match.statements)
    if not found.damaged and not unused and not missing:
        try:
            drop_parts(store, found.gen, parts)
        except OSError:
            pass
        store._gen = found.gen
        store._stale = False
        store._part = parts
        store._part_size = fs.size(store._part_path(found.gen, parts)) if parts else store.part_max
        store._chain[0] = found.last
        store._count = good
        return match, None
    try:
        _keep_damaged(store, found.gen, parts)
    except OSError:
        pass  # (journal.bad is a copy for people; the parts themselves are kept below)
    try:
        gen = found.gen
        rewrite(store, match, good)  # first: the parts set aside next held some of it
        store._count = good
        _move_parts(store, gen, unused)
    except OSError:
        pass  # the next append rewrites the whole journal
    if unused or missing:
        if total >= 0:  # the proven marks say how many there were
            lost = total - good if total > good else 0
        elif not found.damaged and not missing:
            lost = 0  # parts after a gap that nothing promised: never this journal's
        elif missing or held or unread == _CUT_SHORT:
            return match, t("Journal repaired: some moves lost")
    elif unread == _CUT_SHORT:  # what journal.fish held after the error is not known
        return match, t("Journal repaired: some moves lost")
    if lost:
        return match, t("Journal repaired: %s lost") % _moves_word(lost)
    return match, t("Journal repaired: nothing lost")


def _count_of(scanner):
    match = scanner.reader.match
    return len(match.statements) if match is not None else 0


def _headless(store):
    """The parts of a journal whose head (journal.fish) is gone: None when they hold nothing or a
    new game's first write (or a discard) was cut (its temporary file was there); else kept in
    `damaged/` and said."""
    fs = store.fs
    cut = fs.exists(store.journal_path + ".tmp")
    remove_if_there(fs, store.journal_path + ".tmp")
    names = _all_parts(store)
    held = False
    for name in names:
        try:
            held = held or fs.size(store.parts_dir + "/" + name) > 0
        except OSError:
            held = True
    if not held or cut:
        drop_parts(store, -1)
        return None
    _move_named(store, names)
    return t("Journal missing: game lost, its moves kept aside")


def _all_parts(store):
    """The names of every part in the parts' folder (any generation)."""
    try:
        names = store.fs.listdir(store.parts_dir)
    except OSError:
        return []
    return [name for name in names if part_of(name) is not None]


def _move_parts(store, gen, indices):
    """Move the parts `indices` of generation `gen` into the `damaged/` folder (`_move_named`)."""
    _move_named(store, ["%d-%d.part" % (gen, index) for index in indices])


def _move_named(store, names):
    """Move the parts `names` into the `damaged/` folder beside the journal (never deleted: a
    person may still read them).  It keeps MAX_DAMAGED entries at most: the oldest go first, and
    more parts than that from one repair are joined, the last of them, into one file."""
    if not names:
        return
    fs = store.fs
    folder = damaged_folder(store)
    serial = _serial(store, folder, min(len(names), MAX_DAMAGED))
    joined = None
    try:
        for i in range(len(names)):
            src = store.parts_dir + "/" + names[i]
            if i < MAX_DAMAGED - 1 or len(names) <= MAX_DAMAGED:
                fs.rename(src, "%s/%d_%s" % (folder, serial, names[i]))
                continue
            if joined is None:
                joined = fs.open("%s/%d_%s" % (folder, serial, names[i]), "wb")
            copy_file(fs, src, joined, store.buf)
            fs.remove(src)
    finally:
        if joined is not None:
            joined.close()


def _serial(store, folder, coming):
    """Make room in `folder` for `coming` more entries (the oldest go); the next serial number."""
    fs = store.fs
    kept = _names(fs, folder)
    while len(kept) > MAX_DAMAGED - coming:
        _remove_tree(fs, folder + "/" + kept.pop(0))
    serial = 1
    for name in kept:
        cut = name.find("_")
        if cut > 0 and name[:cut].isdigit() and int(name[:cut]) >= serial:
            serial = int(name[:cut]) + 1
    return serial


def make_room(store, folder, name):
    """The name under which `name` goes into the damaged folder `folder` (room made for it)."""
    return "%d_%s" % (_serial(store, folder, 1), name)


def damaged_folder(store):
    """The `damaged/` folder's path, made a folder: a file of that name is moved into it."""
    from fishtable.store.fs import ensure_dir

    fs = store.fs
    folder = store.root + "/" + DAMAGED_DIR
    if fs.exists(folder) and not fs.isdir(folder):
        fs.rename(folder, folder + ".tmp")
        fs.mkdir(folder)
        fs.rename(folder + ".tmp", folder + "/0_" + DAMAGED_DIR)
    ensure_dir(fs, folder)
    return folder


def _names(fs, folder):
    """The names in `folder`, oldest first (by their leading serial number)."""
    try:
        names = fs.listdir(folder)
    except OSError:
        return []
    found = []
    for name in names:
        cut = name.find("_")
        found.append((int(name[:cut]) if cut > 0 and name[:cut].isdigit() else 0, name))
    found.sort()
    return [name for _, name in found]


def _remove_tree(fs, path, depth=0):
    """Delete the file or folder `path` (what is in a folder too, 8 levels deep at most); an
    adapter without `rmdir` keeps folders."""
    if not fs.isdir(path):
        remove_if_there(fs, path)
        return
    if depth < 8:
        for name in fs.listdir(path):
            _remove_tree(fs, path + "/" + name, depth + 1)
    rmdir = getattr(fs, "rmdir", None)
    if rmdir is not None:
        rmdir(path)


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
