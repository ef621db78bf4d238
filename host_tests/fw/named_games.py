"""Finished games with players' names and colours, for the roster and statistics tests.

Plain code that also runs under MicroPython (the `run_fw` fixture): the shipped records
(records/*.fish) played again with names from a small roster, a guest now and then, and colours
the set-up screen could have chosen.
"""

from fishtable.core.match import COLOURS, Match
from fishtable.core.record import read_text
from fishtable.session import Session

ROSTER = ("Anna", "Bob", "Cy", "Dee", "Eve", "Flo-2")


def seating(players, turn, game):
    """The names and colours of game number `turn`: the roster rotated, a guest every third game."""
    names = [ROSTER[(turn + i) % len(ROSTER)] for i in range(players)]
    if turn % 3 == 2:
        names[turn % players] = "Guest"
    palette = COLOURS[:6] if game == "hecht" else COLOURS
    colours = [palette[(turn * 5 + 3 * i) % len(palette)] for i in range(players)]
    for i in range(players):  # distinct colours
        while colours[i] in colours[:i]:
            colours[i] = palette[(palette.index(colours[i]) + 1) % len(palette)]
    return tuple(names), tuple(colours)


def named(text, turn):
    """The record `text` played again with the names and colours of game number `turn`."""
    done = read_text(text)
    names, colours = seating(done.players, turn, done.name)
    match = Match(done.name, done.players, done.start, done.options, names, colours)
    for stmt in done.statements:
        match.submit(stmt)
    return match


def games(texts, rounds=2):
    """Each record of `texts` played `rounds` times with other names: a list of finished Matches."""
    found = []
    turn = 0
    for _ in range(rounds):
        for text in texts:
            found.append(named(text, turn))
            turn += 1
    return found


def play(store, match):
    """Play the finished `match` again through a session over `store`, the way the board does
    (begin, each statement: its last moves the game into the history); returns the history file
    name."""
    session = Session(store)
    session.begin(Match(match.name, match.players, match.start, match.options, match.names, match.colours))
    for stmt in match.statements:
        session.play(stmt)
    if session.match is not None:
        raise ValueError("the game is not over")
    return store.history()[0]  # the newest


def fold_records(root, paths):
    """Play the records at `paths`, each with the names of its turn, into a store on the
    interpreter's own files at `root`, one game in the heap at a time; returns each game's
    statistics as the board keeps them (its stats file's lines joined by "|")."""
    import gc

    from fishtable.core.games import GAMES
    from fishtable.store import Store

    Store.lean = False  # one compile of the stats code, not one a game (the board loads .mpy)
    store = Store(None, root)
    for turn, path in enumerate(paths):
        with open(path) as handle:
            play(store, named(handle.read(), turn))
        gc.collect()
    return ["|".join(store.stats(game.name).lines()) for game in GAMES]
