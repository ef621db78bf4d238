"""Small helpers the tests share over the firmware's objects (they are not on the board: nothing
there needs them)."""

import os


def submit_line(match, line):
    """Parse, check and apply one record line on `match`; returns the statement (None if blank)."""
    stmt = match.parse(line)
    if stmt is not None:
        match.submit(stmt)
    return stmt


def facedown_numbers(game):
    """A Hi Fisch! game's numberfish still face-down, ascending (what a flip may name, with a shell
    or without)."""
    return sorted(set(game.fish_numbers(False)) | set(game.fish_numbers(True)))


def player_line(table, i):
    """Row `i` of a statistics table (fishtable.core.stats.Table) as one line of figures: name,
    games, wins, win %, best, average, last game."""
    from fishtable.core.stats import BEST, LAST, PLAYED, WINS

    return "%s %d %d %d%% %d %s #%d" % (
        table.names[i], table.figure(i, PLAYED), table.figure(i, WINS), table.win_rate(i),
        table.figure(i, BEST), table.average(i), table.figure(i, LAST))


def rmtree(path):
    """Delete the file or folder `path` and all it holds (nothing when it is not there)."""
    try:
        names = os.listdir(path)
    except OSError:
        try:
            os.remove(path)
        except OSError:
            pass
        return
    for name in names:
        rmtree(path + "/" + name)
    os.rmdir(path)
