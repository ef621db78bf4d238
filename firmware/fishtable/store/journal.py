"""The journal: every accepted statement of the game in progress, on flash, before it is applied.

The journal is a plain game record (shared/spec/game-record.md): the header, then one
statement a line.  `append` adds a line and closes the file (LittleFS commits on close);
everything else that changes it (`begin`, `undo`, a repair) writes a temporary file and
renames it over the journal, so a power cut at any byte leaves the old or the new journal.

`resume` reads the journal with the core's record reader.  A damaged tail (a torn last
line, garbage, a cut file, a statement the rules refuse) is cut off at the last good
statement; the damaged original is kept aside as `journal.bad`.  A journal whose header
is not followed by the `# ---` line or a statement may have lost header lines (the start
player, options): it is not resumed but moved aside.
"""

from micropython import const

from fishtable.core.errors import RecordError
from fishtable.core.record import Reader
from fishtable.store import history as _history
from fishtable.store import settings as _settings
from fishtable.store.fs import OLD_SUFFIX, OsFs, copy_file, ensure_dir, remove_if_there, write_atomic

MAX_LINE = const(200)  # a longer journal line is damage
JOURNAL = "journal.fish"
HEADER_END = "# ---"  # written after the header: a journal cut inside its header is not resumed
DAMAGED = "journal.bad"


def _lines_word(count):
    return "%d line%s" % (count, "" if count == 1 else "s")


def scan(fs, path):
    """Read the journal at `path`; returns (match or None, lines lost).

    The match holds every statement up to the first damaged line; `lost` counts the
    non-blank lines from there to the end.  A last line without its newline is torn
    (its write never completed) even when it reads as a valid statement.
    The match is None when not even the whole header can be read.
    """
    reader = Reader()
    lost = 0
    whole_header = False
    damaged = False
    pending = False  # the current damaged line has content
    handle = fs.open(path, "rb")
    try:
        while True:
            raw = handle.readline(MAX_LINE)
            if not raw:
                break
            complete = raw[-1:] == b"\n"
            if not damaged:
                if complete and not _feed(reader, raw):
                    damaged = True
                elif not complete:
                    damaged = True
                elif not whole_header and raw.strip() == HEADER_END.encode():
                    whole_header = True
            if damaged:
                if raw.strip():
                    pending = True
                if complete:
                    if pending:
                        lost += 1
                    pending = False
    finally:
        handle.close()
    if pending:
        lost += 1
    try:
        match = reader.finish()
    except RecordError:
        return None, lost
    if not whole_header and not match.statements:
        return None, lost
    return match, lost


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


def _feed(reader, raw):
    """Feed one complete line to the reader; False when it is damaged."""
    match = reader.match
    good = len(match.statements) if match is not None else 0
    try:
        reader.feed(raw.decode())
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
    filesystem.  Past either, the oldest games go first.
    """

    def __init__(self, fs=None, root="/data", history_budget=256 * 1024, min_free=64 * 1024):
        self.fs = fs if fs is not None else OsFs()
        self.root = root
        self.history_budget = history_budget
        self.min_free = min_free
        self.journal_path = root + "/" + JOURNAL
        self.damaged_path = root + "/" + DAMAGED
        self.history_dir = root + "/history"
        self.settings_path = root + "/settings.txt"
        # Statements in the journal on flash as far as this store knows; -1: unknown or none.
        self._count = -1

    # -- the game in progress -------------------------------------------------
    def resume(self):
        """Find the game in progress: (match or None, message for the screen or None). Never raises."""
        fs = self.fs
        path = self.journal_path
        self._count = -1
        try:
            if not _settle_rewrite(fs, path):
                return None, None
            match, lost = scan(fs, path)
        except Exception:  # noqa: BLE001 - an unreadable flash must not stop the table
            self._set_aside()
            return None, "Journal unreadable: moved aside"
        if match is None:
            self._set_aside()
            return None, "Journal unreadable: game lost"
        if not lost:
            self._count = len(match.statements)
            return match, None
        try:
            copy_file(fs, path, self.damaged_path)
            write_atomic(fs, path, _journal_lines(match, len(match.statements), None))
            self._count = len(match.statements)
        except OSError:
            pass  # the next append rewrites the whole journal
        return match, "Journal repaired: %s lost" % _lines_word(lost)

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
        """Start the journal of a new game (header and any statements); replaces the game in progress."""
        ensure_dir(self.fs, self.root)
        self._count = -1
        write_atomic(self.fs, self.journal_path, _journal_lines(match, len(match.statements), None))
        self._count = len(match.statements)

    def append(self, match, stmt):
        """Journal `stmt` (checked, not yet submitted to `match`) durably before returning.

        Raises OSError when the flash refuses the write; the statement must then not be applied.
        """
        line = match.line_of(stmt)
        count = len(match.statements)
        if self._count != count:
            self._rewrite(match, count, line)
        else:
            handle = self.fs.open(self.journal_path, "a")
            try:
                handle.write(line + "\n")
            finally:
                handle.close()
        self._count = count + 1

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
        self._rewrite(match, keep, None)
        self._count = keep

    def _rewrite(self, match, keep, extra):
        """Atomically replace the journal by the header, the first `keep` statements and `extra`."""
        ensure_dir(self.fs, self.root)
        self._count = -1
        write_atomic(self.fs, self.journal_path, _journal_lines(match, keep, extra))

    def finish(self, match):
        """Move the finished game's record into the history; returns its file name."""
        if self._count != len(match.statements):
            self._rewrite(match, len(match.statements), None)
        name = _history.add(self.fs, self.history_dir, self.journal_path, match.name)
        self._count = -1
        _history.trim(self.fs, self.history_dir, self.history_budget, self.min_free)
        return name

    def discard(self):
        """Abandon the game in progress (its journal is deleted)."""
        self._count = -1
        remove_if_there(self.fs, self.journal_path + ".tmp")
        remove_if_there(self.fs, self.journal_path)

    # -- history ------------------------------------------------------------
    def history(self):
        """The history's file names, newest first."""
        return _history.names(self.fs, self.history_dir)

    def history_lines(self, name):
        """The lines (without newlines) of the history file `name`."""
        return _history.lines(self.fs, self.history_dir, name)

    def history_bytes(self):
        """The flash the history takes (whole blocks per file)."""
        return _history.total(self.fs, self.history_dir)

    # -- settings -----------------------------------------------------------
    def load_settings(self, defaults):
        """The saved settings over `defaults` (only keys of `defaults`, of the defaults' types)."""
        return _settings.load(self.fs, self.settings_path, defaults)

    def save_settings(self, values):
        """Save the settings (ints, bools and short strings) atomically."""
        ensure_dir(self.fs, self.root)
        _settings.save(self.fs, self.settings_path, values)


def _journal_lines(match, keep, extra):
    """The journal's lines: the header, its end mark, `keep` statements and the line `extra`."""
    for line in match.header_lines():
        yield line
    yield HEADER_END
    fmt = match.line_of
    statements = match.statements
    for i in range(keep):
        yield fmt(statements[i])
    if extra is not None:
        yield extra
