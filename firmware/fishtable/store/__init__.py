"""Storage on the board's filesystem: the journal of the game in progress, the history, the
settings, the roster and the statistics, all under one `Store`.

    from fishtable.store import Store
    store = Store()                    # /data on the board's LittleFS
    match, message = store.resume()    # the game in progress after a power cut, if any

The Store is small: the code behind each of its jobs is a module of its own, imported when the
job comes (the bytecode of a module is RAM on the board).  `journal` (append, undo, begin,
finish) while a game is played, `recover` (reading and repairing a journal, reading a history
file) at start-up and when a history game is opened, `history`, `settings`, `roster` and
`stats` when they are used.  `fishtable.ui.app` drops the ones no screen needs.
"""

from micropython import const

from fishtable.store.fs import OLD_SUFFIX, FlashFull, OsFs, ensure_dir, forget, no_space, remove_if_there

__all__ = ("Store", "OsFs")

JOURNAL = "journal.fish"
PARTS = "journal.d"  # the folder of the journal's parts
DAMAGED = "journal.bad"
STATS = "stats"  # the folder of the statistics (fishtable.store.stats)
# The flash the history leaves free (LittleFS's blocks, fishtable.store.filing.room): what the
# writes between two trims can need at once.  During a game the journal and its rewrite's temp
# (2 blocks; the longest record's journal is under 2 KB) and a split of a folder's metadata (2: the
# parts, at most PART_MAX bytes, live in it); filing a game, the segment's last block copied and
# one more (2), the index's last block (1), a split (2; the journal's blocks are the loose game's
# then); the statistics, roster and settings, rewritten through a temp file, stay inside their
# folder's metadata under 512 bytes (1 block each past it, one at a time).  6 blocks; a write that
# still finds the flash full drops the oldest games and is tried again (Store._spaced).
_MIN_FREE = const(6 * 4096)
PART_MAX = const(192)  # bytes in a part: each append stays one 256-byte program of LittleFS metadata
BUFFER = const(256)  # fishtable.core.lines.BUFFER: a whole valid line and its CR LF (a test checks)


def _journal():
    from fishtable.store import journal

    return journal


def _history():
    from fishtable.store import history

    return history


def _settings():
    from fishtable.store import settings

    return settings


def _listed(fs, folder):
    """The names in `folder` ([] when there is no such folder)."""
    try:
        return fs.listdir(folder)
    except OSError:
        return []


class Store:
    """The game in progress, the history of finished games and the settings, under `root`.

    `fs` is a filesystem adapter (see fishtable.store.fs); None means the real one.
    `history_budget` bounds the flash the history takes (each file charged whole 4 KB
    blocks, as LittleFS stores it; None, the default: no bound but the flash); `min_free` is
    the free space the history leaves on the filesystem.  Past either, the oldest games go first.
    Every file is read through one buffer of BUFFER bytes, allocated here.

    The journal on flash is `journal.fish` (the header and the statements up to its last
    rewrite) and the parts `journal.d/G-1.part`, `G-2.part`, ... that the statements since
    then are appended to (fishtable.store.journal; docs/storage.md).
    """

    # Drop the roster, statistics and recovery code from memory once they are done (fs.forget):
    # a game in progress keeps the heap it had.  Hosts that finish many games from source (tests
    # under the unix port) turn it off: each import would compile the module again.
    lean = True

    def __init__(self, fs=None, root="/data", history_budget=None, min_free=_MIN_FREE):
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
        self.buf = bytearray(BUFFER)
        # What this store knows of the journal on flash: the statements in it (-1: unknown or
        # none), the check of its last line, its generation, the last part and that part's size.
        self._count = -1
        self._chain = [0]
        self._gen = 0
        self._part = 0
        self._part_size = 0
        self._stale = False  # parts of an older generation may be on flash
        self.part_max = PART_MAX
        self.trimmed = 0  # history games dropped for room and not yet said on the panel

    def _forget(self, *modules):
        if self.lean:
            for module in modules:
                forget(module)

    # -- the game in progress (fishtable.store.journal, .recover) -------------
    def resume(self):
        """Find the game in progress: (match or None, message for the screen or None). Never raises.

        At a board's first start it also makes the store's folders (each costs LittleFS a block
        erase, once in the board's life, not in the first game's moves)."""
        fs = self.fs
        path = self.journal_path
        self._count = -1
        from fishtable.store import layout  # (a file where a folder belongs, or the reverse: moved aside)

        try:
            note = layout.check(self)
        finally:
            self._forget(layout)
        self._take_over()
        try:
            if not (fs.exists(path) or fs.exists(path + OLD_SUFFIX) or _listed(fs, self.parts_dir)):
                remove_if_there(fs, path + ".tmp")  # a new game's first write, cut: there was no game yet
                return None, note  # (no journal: its reading and repairing code is not even loaded)
        except OSError:
            pass  # an unreadable flash: the recovery code looks closer
        from fishtable.store import recover

        try:
            match, message = recover.resume(self)
            return match, message or note
        finally:
            self._forget(recover)

    def _take_over(self):
        """At boot: pack the history games kept in a file each (the form before the segments, or a
        finish cut short) into the segments (fishtable.store.filing.pack); never raises."""
        try:
            for name in _listed(self.fs, self.history_dir):
                if name.endswith(".fish"):
                    from fishtable.store import filing

                    self.trimmed += filing.trim(self.fs, self.history_dir, None)
                    self._forget(filing)
                    return
        except Exception:  # noqa: BLE001 - left for the next boot; the history reads both forms
            pass

    def begin(self, match):
        """Start the journal of a new game (header and any statements); replaces the game in progress.

        Raises FlashFull (an OSError) when there is no room even after dropping old games."""
        _journal().begin(self, match)

    def append(self, match, stmt):
        """Journal `stmt` (checked, not yet applied to `match`) durably before returning.

        Raises OSError when the flash refuses the write (FlashFull when it is full); the
        statement must then not be applied."""
        _journal().append(self, match, stmt)

    def undo(self, match):
        """Journal an undo of the last statement (before `match.undo()`)."""
        _journal().undo(self, match)

    def finish(self, match):
        """Move the finished game's record into the history and count it in the statistics;
        returns its history file name."""
        return _journal().finish(self, match)

    def discard(self):
        """Abandon the game in progress (its journal is deleted)."""
        _journal().discard(self)

    def _part_path(self, gen, index):
        return "%s/%d-%d.part" % (self.parts_dir, gen, index)

    # -- a full flash ----------------------------------------------------------
    def _spaced(self, write, a, b, c):
        """Run `write(a, b, c)`; when the flash is full, drop the oldest history games and run it
        once more.  Raises FlashFull when that is not enough."""
        try:
            return write(a, b, c)
        except OSError as err:
            if not no_space(err):
                raise
        remove_if_there(self.fs, self.journal_path + ".tmp")
        if not self.make_room():
            raise FlashFull()
        try:
            return write(a, b, c)
        except OSError as err:
            if no_space(err):
                raise FlashFull()
            raise

    def make_room(self):
        """Drop the oldest history games until `min_free` bytes are free (at most 8 games, at
        least one; the newest too when it is the last); returns how many were dropped.  The game in
        progress is never touched, and the history's numbering goes on (`finish`)."""
        from fishtable.store import filing

        gone = filing.make_room(self.fs, self.history_dir, self.min_free)
        self.trimmed += gone
        return gone

    # -- history (fishtable.store.history: segments and an index read by seeking) ------
    def history(self):
        """Every history game's name, newest first (a list: host tools and the page's import)."""
        return _history().names(self.fs, self.history_dir)

    def delete_history(self, name):
        """Delete the history game `name` (the History screen's Delete)."""
        from fishtable.store import filing

        filing.delete(self.fs, self.history_dir, name)

    def history_open(self, name):
        """The bytes of the history game `name`, a stream (`readinto`, `close`); OSError when it
        cannot be read."""
        return _history().open_game(self.fs, self.history_dir, name)

    def history_game(self, name):
        """The finished game in the history as `name`, its every line checked.

        Raises OSError when it cannot be read and Invalid when it is damaged."""
        from fishtable.core.errors import Invalid
        from fishtable.core.lines import Lines
        from fishtable.store import recover  # (the app drops it when the History or Stats screen closes)

        scanner = recover.Scanner()
        handle = self.history_open(name)
        try:
            lines = Lines(handle, self.buf)
            while lines.next():
                scanner.line(lines)
        finally:
            handle.close()
        found = scanner.finish()
        if found.match is None or found.lost:
            raise Invalid("damaged file")
        return found.match

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

    def roster_room(self):
        """(the most names the roster holds, how many more it has room for)."""
        from fishtable.store import roster

        return roster.MAX_PLAYERS, roster.MAX_PLAYERS - len(self.roster())

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
        """Rename `old` to `new` in the roster, the last seats and the statistics (their figures
        follow the name; the history's games keep the name they were played with); returns the
        roster.  Raises Invalid for a bad name or an `old` not in the roster."""
        from fishtable.store import roster, stats

        names = roster.rename(self, old, new)
        stats.rename(self, old, new)
        self._forget(stats)
        return names

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
        return _settings().load(self.fs, self.settings_path, defaults, self.buf)

    def save_settings(self, values):
        """Save the settings (ints, bools and short strings) atomically."""
        ensure_dir(self.fs, self.root)
        self._spaced(self._save_settings, values, 0, None)

    def _save_settings(self, values, keep, extra):
        remove_if_there(self.fs, self.settings_path + ".tmp")
        _settings().save(self.fs, self.settings_path, values)
