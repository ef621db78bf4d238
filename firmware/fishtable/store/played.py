"""The powered time of the game in progress, kept on flash beside the journal (`played.txt`,
the milliseconds so far and the check of the game's header) so that a game's `played` minutes add
up across power cuts.  Written as the minutes change (fishtable.session), dropped when the game is
filed (before its journal moves into the history), discarded or replaced (before the new journal
is written); a file whose header check is not the resumed game's is another game's: not counted.
The Session's `played_ms`, `_last` (the clock's ticks at the last statement this power-up) and
`_saved` (the minutes on flash) are kept here, so that the code stays off the idle heap.
"""

from fishtable.store.fs import remove_if_there, write_atomic

PLAYED = "played.txt"


def save(store, ms, match):
    """Keep the powered time of the game in progress, `match`, on flash (as the minutes change)."""
    write_atomic(store.fs, store.root + "/" + PLAYED, ("%d %d" % (ms, _owner(match)),))


def _owner(match):
    """The check of `match`'s header lines: which game a kept time belongs to."""
    from fishtable.store.journal import check

    value = 0
    for line in match.header_lines():
        data = line.encode()
        value = check(value, data, 0, len(data))
    return value


def load(store, match):
    """The powered milliseconds kept for `match`, the game in progress (0 when none, unreadable or
    another game's)."""
    try:
        handle = store.fs.open(store.root + "/" + PLAYED, "r")
        try:
            words = handle.read(24).split()
        finally:
            handle.close()
        if len(words) == 2 and words[0].isdigit() and words[1].isdigit() and int(words[1]) == _owner(match):
            return int(words[0])
    except (OSError, ValueError):
        pass
    return 0


def drop(store):
    """Forget the kept time (a new game, or the game filed or discarded)."""
    try:
        remove_if_there(store.fs, store.root + "/" + PLAYED)
    except OSError:
        pass


def resumed(session, now):
    """A game picked up from the journal at the clock's ticks `now`: its time so far from flash."""
    session.played_ms = load(session.store, session.match)
    session._saved = session.played_ms // 60000
    session._last = now


def stamp(session, match):
    """The game over `match` gets its `played` minutes (unless its record has them)."""
    if match.played is None:
        match.played = min(999, session.played_ms // 60000)


def tick(session, now):
    """A statement at ticks `now`: the time since the last one is added; the minutes are kept on
    flash as they change (a resume adds on to them)."""
    import time

    if session._last is not None:
        session.played_ms += max(0, time.ticks_diff(now, session._last))
    session._last = now
    minutes = session.played_ms // 60000
    if minutes != session._saved and not session.match.game.over:
        try:
            save(session.store, session.played_ms, session.match)
            session._saved = minutes
        except OSError:
            pass  # a minute less after a power cut, no more


def reset(session, _=None):
    """The next game's clock starts at 0 (the kept time dropped)."""
    if session._saved:
        drop(session.store)
    session.played_ms = session._saved = 0
    session._last = None
