"""The powered time of the game in progress, kept on flash beside the journal (`played.txt`,
the milliseconds so far) so that a game's `played` minutes add up across power cuts.  Written
as the minutes change (fishtable.session), dropped when the game is filed, discarded or replaced.
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
