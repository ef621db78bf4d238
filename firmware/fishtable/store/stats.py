"""The statistics on flash: one small file per game, `/data/stats/GAME.txt`, kept up to date
when a game finishes, so that the Stats screen reads one file and never the history.

Each file is a `fishtable.core.stats.Table` in its text form and ends in a `check=` line; it
is written like the settings (`settings.save_lines`: a temporary file, the old file kept as
`GAME.bak`) and read from the first of GAME.txt and GAME.bak whose check matches.

The table names the newest history game it counted (`last`).  Every history game of that
game with a higher number is folded in when the table is opened or a game finishes; a
missing or damaged file is an empty table (`last` 0), so the same step rebuilds it from the
history.  A power cut between a game's move into the history and the update of its file, or
anywhere in that update, is so repaired the next time: no game is counted twice or lost.
New history numbers are above every game's table's `last` (Store.finish, `last_number`), so a
game deleted from the history, the newest too, cannot hand its number on to the next one.

Games deleted from the history (by the History screen or because the history was full)
stay counted; only a rebuild (`forget_file`, or a lost file) forgets them.
"""

from fishtable.core.errors import Invalid, RecordError
from fishtable.core.stats import Table
from fishtable.store import STATS as FOLDER
from fishtable.store import history as _history
from fishtable.store.fs import ensure_dir, remove_if_there
from fishtable.store.settings import read_either, save_lines

SUFFIX = ".txt"
FORGET = ("fishtable.core.stats",)  # dropped with this module after a finish (fs.forget)


def path_of(root, game):
    """The stats file of `game` under the store's root."""
    return root + "/" + FOLDER + "/" + game + SUFFIX


def load(fs, path, game, buf=None):
    """The Table saved at `path` (else its backup); an empty one when neither is good."""
    table = Table(game)
    read_either(fs, path, table.take, table.clear, buf)
    return table


def last_number(store, skip=None):
    """The highest history number counted by the statistics of any game but `skip` (0 when none):
    a new history game is numbered above it, so the numbering goes on when the history lost its
    newest files (`make_room` on a full flash, Delete).  Reads only each file's `games` line."""
    from fishtable.core.games import GAMES

    best = [0, 0]  # the highest so far, this file's

    def take(data, start, end):
        if data[start : start + 6] == b"games ":
            words = str(data[start:end], "ascii").split()
            best[1] = int(words[-1]) if len(words) == 5 else 0

    def forget():
        best[1] = 0

    for game in GAMES:
        if game.name != skip:
            best[1] = 0
            path = path_of(store.root, game.name)
            if read_either(store.fs, path, take, forget, store.buf):
                best[0] = max(best[0], best[1])
    return best[0]


def save(fs, path, table):
    """Write `table` to `path` atomically (the old file kept as the backup)."""
    ensure_dir(fs, path[: path.rfind("/")])
    remove_if_there(fs, path + ".tmp")  # a save cut short before
    save_lines(fs, path, table.lines())


def uncounted(fs, folder, table, most=8):
    """The first `most` history game names of the table's game numbered above `table.last`, oldest
    first: the index is searched for the first game above `last` and read on from there (loose
    files, few, are looked at too), so a table that is up to date costs a few seeks with any
    number of games."""
    game = table.game
    found = []
    for number, name in _history.loose(fs, folder):
        if number > table.last and name.endswith("-" + game + _history.SUFFIX):
            found.append((number, name))
    index = _history.Index(fs, folder)
    try:
        pos = index.after(table.last) if index.count else 0
        while pos < index.count and len(found) < most:
            record = index.get(pos)
            pos += 1
            if record is not None and record[0] > table.last and record[4] == game:
                found.append((record[0], _history.name_of(record[0], game)))
    finally:
        index.close()
    found.sort()
    return [name for _, name in found[:most]]


def catch_up(store, table, match=None, name=None):
    """Fold into `table` the history games it has not counted (the finished `match` is the one
    in the history as `name`: not read again); True when the table changed.

    A history game that cannot be read, or holds no finished game, is passed over (its number
    counts as seen)."""
    changed = False
    batch = uncounted(store.fs, store.history_dir, table)
    while batch:
        for found in batch:
            number = _history.number_of(found)
            if found == name:
                table.add_match(match, number)
            else:
                try:
                    done = store.history_game(found)
                except (OSError, Invalid, RecordError, ValueError, IndexError):
                    done = None
                if done is not None and done.game.over:
                    table.add_match(done, number)
                else:
                    table.last = number
            changed = True
        batch = uncounted(store.fs, store.history_dir, table)
    return changed


def update(store, table, match=None, name=None):
    """Fold the history games `table` has not counted into it (`match` is the one just moved to
    the history file `name`) and save it when it changed.  A write that fails is left for the
    next time (the history holds the games); never raises OSError."""
    try:
        if catch_up(store, table, match, name):
            store._spaced(_save, table, store, None)
    except OSError:
        pass


def _save(table, store, extra):
    save(store.fs, path_of(store.root, table.game), table)


def opened(store, game):
    """The statistics of `game` for the Stats screen: the file, caught up with the history."""
    table = load(store.fs, path_of(store.root, game), game, store.buf)
    update(store, table)
    return table


def rename(store, old, new):
    """A roster rename: `old`'s row in each game's statistics becomes `new`'s (added to a row `new`
    already has), once the table has counted every history game.  The history's games keep the
    name they were played with: a stats file rebuilt from them (lost or damaged) counts those
    games under it again.  Never raises OSError."""
    from array import array

    from fishtable.core.games import GAMES
    from fishtable.core.stats import BEST, FIELDS, LAST

    for game in GAMES:
        table = load(store.fs, path_of(store.root, game.name), game.name, store.buf)
        try:
            changed = catch_up(store, table)  # the games under the old name first, then the rename
            at = table.row(old)
            into = table.row(new)
            if at < 0:
                pass
            elif into < 0 or into == at:  # (a change of letter case only is the same row)
                table.names[at] = new
                changed = True
            else:
                rows = table.rows
                for k in range(FIELDS):
                    a = rows[at * FIELDS + k]
                    b = rows[into * FIELDS + k]
                    rows[into * FIELDS + k] = max(a, b) if k == BEST or k == LAST else a + b
                kept = array("i")
                for i in range(len(rows)):
                    if i // FIELDS != at:
                        kept.append(rows[i])
                table.rows = kept
                table.names.pop(at)
                changed = True
            if changed:
                store._spaced(_save, table, store, None)
        except OSError:
            pass


def forget_file(store, game):
    """Delete the stats file of `game` (and its backup): the next opening rebuilds it."""
    path = path_of(store.root, game)
    for one in (path, path[: -len(SUFFIX)] + ".bak", path + ".tmp"):
        remove_if_there(store.fs, one)
