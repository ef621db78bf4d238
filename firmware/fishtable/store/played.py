"""The powered time of the game in progress, kept on flash beside the journal (`played.txt`,
the milliseconds so far) so that a game's `played` minutes add up across power cuts.  Written
as the minutes change (fishtable.session), dropped when the game is filed, discarded or replaced.
The Session's `played_ms`, `_last` (the clock's ticks at the last statement this power-up) and
`_saved` (the minutes on flash) are kept here, so that the code stays off the idle heap.
"""

from fishtable.store.fs import remove_if_there, write_atomic

PLAYED = "played.txt"


def save(store, ms):
    """Keep the game in progress's powered time on flash (written as the minutes change)."""
    write_atomic(store.fs, store.root + "/" + PLAYED, ("%d" % ms,))


def load(store):
    """The powered milliseconds kept for the game in progress (0 when none or unreadable)."""
    try:
        handle = store.fs.open(store.root + "/" + PLAYED, "r")
        try:
            text = handle.read(12)
        finally:
            handle.close()
        return int(text) if text.strip().isdigit() else 0
    except (OSError, ValueError):
        return 0


def drop(store):
    """Forget the kept time (a new game, or the game filed or discarded)."""
    try:
        remove_if_there(store.fs, store.root + "/" + PLAYED)
    except OSError:
        pass


def resumed(session, now):
    """A game picked up from the journal at the clock's ticks `now`: its time so far from flash."""
    session.played_ms = load(session.store)
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
            save(session.store, session.played_ms)
            session._saved = minutes
        except OSError:
            pass  # a minute less after a power cut, no more


def reset(session, _=None):
    """The next game's clock starts at 0 (the kept time dropped)."""
    if session._saved:
        drop(session.store)
    session.played_ms = session._saved = 0
    session._last = None
