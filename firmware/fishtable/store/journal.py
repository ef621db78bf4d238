"""The journal: every accepted statement of the game in progress, on flash, before it is applied.

The journal is a plain game record (docs/record-format.md): the header, the `# ---` line,
then one statement a line.  Each line but `# ---` ends in a check, ` #` and four hex digits
(a comment, so the file replays as it is; see `check`).  `append` adds a line and closes the
file (LittleFS commits on close); everything else that changes it (`begin`, `undo`, a
repair) writes a temporary file and renames it over the journal, so a power cut at any
byte leaves the old or the new journal.

`resume` reads the journal with the core's record reader and checks every line.  The
first line that is damaged (a wrong or missing check, a torn last line, a statement the
rules refuse, a stray byte anywhere) ends the good part: the journal is cut back to the
last good statement and the damaged original kept aside as `journal.bad`.  A journal
whose header is not followed by the `# ---` line may have lost header lines (the start
player, options): with no statement after it, it is not resumed but moved aside.
A journal written before checks existed (its first line exactly `fishtable 1`) is read
without them.
"""

from micropython import const

from fishtable.core.errors import Invalid, RecordError
from fishtable.store import history as _history
from fishtable.store import settings as _settings
from fishtable.store.fs import (
    OLD_SUFFIX,
    FlashFull,
    OsFs,
    copy_file,
    ensure_dir,
    forget,
    no_space,
    remove_if_there,
    write_atomic,
)

JOURNAL = "journal.fish"
PARTS = "journal.d"  # the folder of the journal's parts
PART_SUFFIX = ".part"
PART_MAX = const(192)  # bytes in a part: each append stays one 256-byte program of LittleFS metadata
GENERATIONS = const(999)  # generations count 1..999 and round again
HEADER_END = "# ---"  # written after the header: a journal cut inside its header is not resumed
DAMAGED = "journal.bad"
CHECK_SIZE = const(6)  # " #" and four hex digits
_BUFFER = const(256)  # fishtable.core.record.BUFFER: a whole valid line and its CR LF (a test checks)
_MAYBE = const(2)  # the first line had no check: a journal from before checks, if the second has none
# CRC-12 (x^12 + x^11 + x^3 + x^2 + x + 1), four bits at a time
_CRC_TABLE = None


def _crc_table():
    global _CRC_TABLE
    if _CRC_TABLE is None:
        table = []
        for nibble in range(16):
            crc = nibble << 8
            for _ in range(4):
                crc = ((crc << 1) ^ 0x80F) if crc & 0x800 else (crc << 1)
                crc &= 0xFFF
            table.append(crc)
        _CRC_TABLE = tuple(table)
    return _CRC_TABLE


def check(prev, data, start, end):
    """The check of the line data[start:end] that follows a line whose check was `prev` (0 first).

    16 bits: the line's length modulo 16, then a CRC-12 of the previous check and the line.
    Any one byte changed is caught by the CRC, any byte added or lost by the length, and
    a line lost, added or swapped by the chaining."""
    table = _CRC_TABLE or _crc_table()
    crc = 0xFFF
    for i in range(-2, end - start):
        byte = (prev >> 8) if i == -2 else (prev & 0xFF) if i == -1 else data[start + i]
        crc = ((crc << 4) & 0xFFF) ^ table[(crc >> 8) ^ (byte >> 4)]
        crc = ((crc << 4) & 0xFFF) ^ table[(crc >> 8) ^ (byte & 15)]
    return (((end - start) & 15) << 12) | crc


def check_text(value):
    """The four lowercase hex digits of a check."""
    return "%04x" % value


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


def checked(prev, line):
    """`line` (a str without '#') with its check appended; returns (text, check)."""
    data = line.encode()
    value = check(prev, data, 0, len(data))
    return line + " #" + check_text(value), value


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
    from fishtable.core.record import Lines

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


def part_name(gen, index):
    """The file name of part `index` (1, 2, ...) of the journal of generation `gen`."""
    return "%d-%d%s" % (gen, index, PART_SUFFIX)


def part_of(name):
    """(generation, index) of a part's file name, or None for another name."""
    if not name.endswith(PART_SUFFIX):
        return None
    cut = name.find("-")
    gen = name[:cut]
    index = name[cut + 1 : len(name) - len(PART_SUFFIX)]
    if cut <= 0 or not gen.isdigit() or not index.isdigit():
        return None
    return int(gen), int(index)


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
            del match.statements[good:]
            match.rebuild()
        return False


class Store:
    """The game in progress, the history of finished games and the settings, under `root`.

    `fs` is a filesystem adapter (see fishtable.store.fs); None means the real one.
    `history_budget` bounds the flash the history takes (each file charged whole 4 KB
    blocks, as LittleFS stores it); `min_free` is the free space the history leaves on the
    filesystem.  Past either, the oldest games go first.  Every file is read through one
    buffer of BUFFER bytes, allocated here.

    The journal on flash is `journal.fish` (the header and the statements up to its last
    rewrite) and the parts `journal.d/G-1.part`, `G-2.part`, ... that the statements since
    then are appended to; G is the generation named in journal.fish's header end mark, and
    every rewrite of journal.fish starts a new one (parts of another generation are stale).
    Each part stays small enough for LittleFS to keep it inside its directory's metadata,
    so that an append is one metadata commit and costs no block erase (see docs/storage.md).
    """

    # Drop the roster and statistics code from memory once `begin` and `finish` are done with it
    # (fs.forget): a game in progress keeps the heap it had.  Hosts that finish many games from
    # source (tests under the unix port) turn it off: each import would compile the module again.
    lean = True

    def __init__(self, fs=None, root="/data", history_budget=256 * 1024, min_free=64 * 1024):
        self.fs = fs if fs is not None else OsFs()
        self.root = root
        self.history_budget = history_budget
        self.min_free = min_free
        self.journal_path = root + "/" + JOURNAL
        self.parts_dir = root + "/" + PARTS
        self.damaged_path = root + "/" + DAMAGED
        self.history_dir = root + "/history"
        self.settings_path = root + "/settings.txt"
        self.roster_path = root + "/roster.txt"
        self.buf = bytearray(_BUFFER)
        # What this store knows of the journal on flash: the statements in it (-1: unknown or
        # none), the check of its last line, its generation, the last part and that part's size.
        self._count = -1
        self._chain = [0]
        self._gen = 0
        self._part = 0
        self._part_size = 0
        self._stale = False  # parts of an older generation may be on flash
        self.part_max = PART_MAX

    # -- the game in progress -------------------------------------------------
    def resume(self):
        """Find the game in progress: (match or None, message for the screen or None). Never raises."""
        fs = self.fs
        path = self.journal_path
        self._count = -1
        try:
            if not _settle_rewrite(fs, path):
                self._drop_parts(-1)
                return None, None
            found = Scanner()
            scan_file(found, fs, path, self.buf)
            parts = 0
            if found.gen:
                while fs.exists(self._part_path(found.gen, parts + 1)):
                    parts += 1
                    scan_file(found, fs, self._part_path(found.gen, parts), self.buf)
            found.finish()
        except Exception:  # noqa: BLE001 - an unreadable flash must not stop the table
            try:
                self._set_aside()
                self._drop_parts(-1)
            except OSError:
                pass
            return None, "Journal unreadable: moved aside"
        match = found.match
        if match is None:
            try:
                self._keep_damaged(found.gen, parts)
                fs.remove(path)
                self._drop_parts(-1)
            except OSError:
                pass
            return None, "Journal unreadable: game lost"
        if not found.lost:
            try:
                self._drop_parts(found.gen, parts)
            except OSError:
                pass
            self._gen = found.gen
            self._stale = False
            self._part = parts
            self._part_size = fs.size(self._part_path(found.gen, parts)) if parts else PART_MAX
            self._chain[0] = found.last
            self._count = len(match.statements)
            return match, None
        try:
            self._keep_damaged(found.gen, parts)
            self._rewrite(match, len(match.statements), None)
            self._count = len(match.statements)
        except OSError:
            pass  # the next append rewrites the whole journal
        return match, "Journal repaired: %s lost" % _lines_word(found.lost)

    def journal_paths(self):
        """The files the journal is made of, in order, as far as this store knows (after `resume`,
        `begin` or an `append`): journal.fish, then its parts."""
        return [self.journal_path] + [self._part_path(self._gen, i) for i in range(1, self._part + 1)]

    def _part_path(self, gen, index):
        return self.parts_dir + "/" + part_name(gen, index)

    def _keep_damaged(self, gen, parts):
        """Copy the journal and its parts, one after the other, to journal.bad."""
        out = self.fs.open(self.damaged_path, "wb")
        try:
            copy_file(self.fs, self.journal_path, out, self.buf)
            for index in range(1, parts + 1):
                copy_file(self.fs, self._part_path(gen, index), out, self.buf)
        finally:
            out.close()

    def _drop_parts(self, gen, keep=0):
        """Delete the parts that do not belong to the journal: all of another generation, and
        those of generation `gen` after the first `keep`."""
        try:
            names = self.fs.listdir(self.parts_dir)
        except OSError:
            return
        for name in names:
            found = part_of(name)
            if found is None or found[0] != gen or found[1] > keep:
                self.fs.remove(self.parts_dir + "/" + name)

    def _set_aside(self):
        """Move an unreadable journal (even a folder of that name) out of the way, as `journal.bad`."""
        try:
            remove_if_there(self.fs, self.damaged_path)
        except OSError:
            pass
        try:
            self.fs.rename(self.journal_path, self.damaged_path)
        except OSError:
            pass

    def begin(self, match):
        """Start the journal of a new game (header and any statements); replaces the game in progress.

        Raises FlashFull (an OSError) when there is no room even after dropping old games."""
        self._spaced(self._rewrite, match, len(match.statements), None)
        self._count = len(match.statements)
        if match.names or match.colours:
            from fishtable.store import roster

            try:
                roster.remember(self, match)
            except OSError:
                pass  # a convenience: the game itself is journalled
            if self.lean:
                forget(roster)  # not needed while the game is played

    # -- a full flash ----------------------------------------------------------
    def _spaced(self, write, match, keep, extra):
        """Run `write(match, keep, extra)`; when the flash is full, drop the oldest history games
        and run it once more.  Raises FlashFull when that is not enough."""
        try:
            return write(match, keep, extra)
        except OSError as err:
            if not no_space(err):
                raise
        remove_if_there(self.fs, self.journal_path + ".tmp")
        if not self.make_room():
            raise FlashFull()
        try:
            return write(match, keep, extra)
        except OSError as err:
            if no_space(err):
                raise FlashFull()
            raise

    def make_room(self):
        """Drop the oldest history games until `min_free` bytes are free (at most 8 games, at
        least one, never the newest); returns the names dropped.  The game in progress is never
        touched."""
        return _history.make_room(self.fs, self.history_dir, self.min_free)

    def delete_history(self, name):
        """Delete the history file `name` (the History screen's Delete)."""
        self.fs.remove(_history.path_of(self.history_dir, name))

    def append(self, match, stmt):
        """Journal `stmt` (checked, not yet submitted to `match`) durably before returning.

        Raises OSError when the flash refuses the write (FlashFull when it is full); the
        statement must then not be applied.
        """
        line = match.line_of(stmt)
        count = len(match.statements)
        if self._count != count:
            self._spaced(self._rewrite, match, count, line)
        else:
            self._spaced(self._add_line, match, count, line)
        self._count = count + 1

    def _add_line(self, match, count, line):
        """Append one checked line to the last part, or start the next part when it is full.

        One LittleFS commit of the part's directory (a new part: two), no block erased."""
        self._tidy()
        text, value = checked(self._chain[0], line)
        size = len(text) + 1
        index = self._part
        if index == 0 or self._part_size + size > self.part_max:
            index += 1
            ensure_dir(self.fs, self.parts_dir)
            handle = self.fs.open(self._part_path(self._gen, index), "w")
            self._part_size = 0
        else:
            handle = self.fs.open(self._part_path(self._gen, index), "a")
        self._part = index
        try:
            handle.write(text + "\n")
        finally:
            handle.close()
        self._part_size += size
        self._chain[0] = value

    def undo(self, match):
        """Journal an undo of the last statement.

        Call it before `match.undo()` (like `append` before `submit`); called after, it
        notices from the statement count and journals the same.
        """
        count = len(match.statements)
        if count == 0 and self._count == 0:
            return  # nothing to undo (match.undo() refuses too)
        if self._count == count + 1:  # the match has undone already
            keep = count
        else:
            keep = count - 1 if count else 0
        self._spaced(self._rewrite, match, keep, None)
        self._count = keep

    def _rewrite(self, match, keep, extra):
        """Atomically replace the journal by the header, the first `keep` statements and `extra`,
        as a new generation: journal.fish is written to a temporary file and renamed over the
        old one, and only then the old generation's parts are deleted."""
        fs = self.fs
        ensure_dir(fs, self.root)
        if self._count >= 0:
            self._tidy()
        self._count = -1
        gen = self._next_gen()
        write_atomic(fs, self.journal_path, journal_lines(match, keep, extra, self._chain, gen))
        self._gen = gen
        self._part = 0
        self._stale = True  # deleted by the next operation: the rename above ends this one

    def _tidy(self):
        """Delete the parts an earlier rewrite left behind (they are no longer read)."""
        if self._stale:
            self._drop_parts(self._gen)
            self._stale = False

    def _next_gen(self):
        """A generation that no part on flash has (the current one + 1, as a rule)."""
        used = []
        try:
            for name in self.fs.listdir(self.parts_dir):
                found = part_of(name)
                if found is not None:
                    used.append(found[0])
        except OSError:
            pass
        gen = self._gen
        for _ in range(GENERATIONS):
            gen = gen % GENERATIONS + 1
            if gen not in used:
                return gen
        return gen

    def finish(self, match):
        """Move the finished game's record into the history (one file), then count it in the
        game's statistics (fishtable.store.stats); returns its history file name.

        The statistics are written after the move: a power cut between the two, or a full
        flash, leaves the game to be counted when the statistics are next opened."""
        from fishtable.store import stats

        table = stats.load(self.fs, stats.path_of(self.root, match.name), match.name, self.buf)
        if self._count != len(match.statements) or self._part:
            self._spaced(self._rewrite, match, len(match.statements), None)
        name = self._spaced(self._to_history, match, table.last, None)
        self._count = -1
        _history.trim(self.fs, self.history_dir, self.history_budget, self.min_free)
        stats.update(self, table, match, name)
        if self.lean:
            forget(stats)  # the Stats screen imports it again
        return name

    def _to_history(self, match, after, extra):
        return _history.add(self.fs, self.history_dir, self.journal_path, match.name, after)

    def discard(self):
        """Abandon the game in progress (its journal is deleted)."""
        self._count = -1
        remove_if_there(self.fs, self.journal_path + ".tmp")
        remove_if_there(self.fs, self.journal_path)
        self._drop_parts(-1)

    # -- history ------------------------------------------------------------
    def history(self):
        """The history's file names, newest first."""
        return _history.names(self.fs, self.history_dir)

    def history_lines(self, name):
        """The lines (without newlines) of the history file `name`."""
        return _history.lines(self.fs, self.history_dir, name)

    def history_game(self, name):
        """The finished game in the history file `name`, its every line checked.

        Raises OSError when it cannot be read and Invalid when it is damaged."""
        found = scan(self.fs, _history.path_of(self.history_dir, name), self.buf)
        if found.match is None or found.lost:
            raise Invalid("damaged file")
        return found.match

    def history_bytes(self):
        """The flash the history takes (whole blocks per file)."""
        return _history.total(self.fs, self.history_dir)

    # -- statistics (fishtable.store.stats) -----------------------------------
    def stats(self, game):
        """The statistics of `game` (a fishtable.core.stats.Table) with every history game counted.

        Reads the game's small stats file; the history only for games it has not counted (after
        a power cut, or when the file was lost or damaged: then it is rebuilt).  Never raises."""
        from fishtable.store import stats

        return stats.opened(self, game)

    # -- players (fishtable.store.roster) -------------------------------------
    def roster(self):
        """The roster's names (at most 16), in the order they were added."""
        from fishtable.store import roster

        return roster.load(self.fs, self.roster_path, self.buf).names

    def save_roster(self, names):
        """Replace the roster by `names` (the last seats are kept); returns it.  Raises Invalid
        (a short message for the screen) for a bad, doubled or guest name or more than 16."""
        from fishtable.store import roster

        return roster.replace(self, names)

    def add_player(self, name):
        """Add `name` to the roster; returns the roster.  Raises Invalid when it cannot join."""
        from fishtable.store import roster

        return roster.add(self, name)

    def rename_player(self, old, new):
        """Rename `old` to `new` in the roster and the last seats (past games keep the old name);
        returns the roster.  Raises Invalid for a bad name or an `old` not in the roster."""
        from fishtable.store import roster

        return roster.rename(self, old, new)

    def remove_player(self, name):
        """Take `name` off the roster (their last seats become guests); returns the roster."""
        from fishtable.store import roster

        return roster.remove(self, name)

    def last_players(self, game):
        """Who sat where in the last `game` set up: (names or None, colours or None) per seat, or
        None when there was none ("Same players as last time")."""
        from fishtable.store import roster

        return roster.load(self.fs, self.roster_path, self.buf).last(game)

    # -- settings -----------------------------------------------------------
    def load_settings(self, defaults):
        """The saved settings over `defaults` (only keys of `defaults`, of the defaults' types)."""
        return _settings.load(self.fs, self.settings_path, defaults, self.buf)

    def save_settings(self, values):
        """Save the settings (ints, bools and short strings) atomically."""
        ensure_dir(self.fs, self.root)
        self._spaced(self._save_settings, values, 0, None)

    def _save_settings(self, values, keep, extra):
        remove_if_there(self.fs, self.settings_path + ".tmp")
        _settings.save(self.fs, self.settings_path, values)


def journal_lines(match, keep, extra, chain, gen):
    """The journal's lines, each with its check: the header, its end mark (naming the generation
    `gen` of the parts), `keep` statements and the line `extra`.  `chain[0]` is set to the last
    line's check as they are made."""
    value = 0
    for line in match.header_lines():
        line, value = checked(value, line)
        chain[0] = value
        yield line
    mark = "%s %d" % (HEADER_END, gen)
    data = mark.encode()
    value = check(value, data, 0, len(data))
    chain[0] = value
    yield mark + " #" + check_text(value)
    fmt = match.line_of
    statements = match.statements
    for i in range(keep):
        line, value = checked(value, fmt(statements[i]))
        chain[0] = value
        yield line
    if extra is not None:
        line, value = checked(value, extra)
        chain[0] = value
        yield line
