"""The game session: the game in progress and its journal, in one place.

Everything that changes a game goes through here, in one order: a statement is checked once
(the rules refuse it: nothing happened), journalled (the flash refuses it: nothing happened),
then applied; what follows is one answer (`play` returns TURN, SCORED or OVER).  The app, the
store's tests and the benchmark all use it.

    session = Session(store)
    note = session.resume()             # the game in progress after a power cut, or None
    session.begin(match)                # a new game (its header journalled)
    outcome = session.play(stmt)        # raises Invalid (refused) or OSError (not saved)
    session.undo()                      # takes the last statement back (journal first)
"""

from micropython import const

from fishtable.text import n_, t

# What follows a statement (`play` returns TURN, or SCORED and OVER as bits: both when the last
# round's scoring ended the game).
TURN = const(0)  # the statement is in; the game goes on
SCORED = const(1)  # it ended a round whose scoring the table sees (Hi Fisch!)
OVER = const(2)  # it ended the game: the game is in the history now (`finished`)

FINISHED_AT_BOOT = n_("The last game was over: it is in the history now")  # (the app translates it)
# A game over that the flash had no room to move into the history: it stays in the journal
# (nothing lost) and goes there before a new game begins (`begin`) or at the next start.
NOT_FILED = n_("Game kept, not yet in History: Flash full")


class Session:
    """The game in progress (`match`, or None) over a store (never None: see fishtable.store)."""

    def __init__(self, store):
        self.store = store
        self.match = None
        self.finished = None  # the last game that ended here (for its end screen)
        self.filed = None  # ... and its history file's name, once filed
        self.unfiled = None  # a game over still in the journal: the flash refused its move
        self.unfiled_note = None  # ... and what the screen says about it (NOT_FILED when full)
        self.to_file = None  # a game over played with `later`: filed by file_now()
        self.played_ms = 0  # the game's powered time from its first statement (and before a power cut)
        self._last = None  # the clock's ticks at the last statement (or the resume) this power-up
        self._saved = 0  # the minutes last kept on flash (fishtable.store.journal.save_played)

    def resume(self, now=None):
        """Pick up the game in progress from the journal; returns a message for the screen or None.
        `now`: the clock's ticks (ms), from which the powered time counts on.

        A journal whose game is over (the power went between its last statement and the move
        to the history) is finished now: FINISHED_AT_BOOT."""
        match, note = self.store.resume()
        self.match = match
        if match is not None and now is not None:
            self._clock("resumed", now)
        if match is not None and match.game.over:
            self.match = None
            self.finished = match
            return self.unfiled_note if self._file(match) else FINISHED_AT_BOOT
        self.match = match
        return note

    def begin(self, match):
        """Start `match` (its header and any statements are journalled first).  A game over still
        in the journal goes into the history first; raises OSError when the flash refuses either
        (then nothing changed)."""
        self.file_now()
        if self.unfiled is not None:
            self.store.finish(self.unfiled)
            self.unfiled = None
        self._drop_played()
        self.store.begin(match)
        self.match = match

    def play(self, stmt, now=None, later=False):
        """Check, journal, apply `stmt`; returns TURN, or SCORED and OVER as bits.  `now`: the
        clock's ticks (ms) when it was made, for the game's `played` minutes; `later`: a game over
        is filed by file_now() (the end screen is drawn first).

        Raises Invalid when the rules refuse it and OSError when the flash does: then nothing
        changed.  A game over that the flash cannot move into the history is OVER all the same:
        it stays in the journal (`unfiled`).  With `later` a game over is filed by `file_now`
        (the app draws the end screen first; the journal holds the game meanwhile)."""
        match = self.match
        match.check(stmt)
        scorings = match.game.scorings
        self.store.append(match, stmt)
        match.record(stmt)
        if now is not None:
            self._clock("tick", now)
        outcome = SCORED if match.game.scorings != scorings else TURN
        if match.game.over:
            if later:
                self.to_file = match
            else:
                self._file(match)
            self.finished = match
            self.match = None
            outcome |= OVER
        return outcome

    def file_now(self):
        """File the game over that `play(stmt, later=True)` left; True when the flash refused."""
        match = self.to_file
        if match is None:
            return False
        self.to_file = None
        return self._file(match)

    def _clock(self, what, arg):
        """The game's powered time (fishtable.store.played: `what` of resumed, tick, stamp, reset)."""
        from fishtable.store import played

        getattr(played, what)(self, arg)

    def _file(self, match):
        """Move the game over `match` from the journal into the history; True when that failed:
        the flash refused, or anything else went wrong (it stays in the journal as `unfiled`,
        for `begin` or the next start; the table goes on)."""
        if self._last is not None:
            self._clock("stamp", match)
        try:
            self.filed = self.store.finish(match)
        except Exception as err:  # noqa: BLE001 - a game over never stops the table (nor its start)
            self.unfiled = match
            flash = isinstance(err, OSError)
            full = flash and err.args and err.args[0] == 28  # ENOSPC: the store's FlashFull
            if full:
                self.unfiled_note = t(NOT_FILED)
            elif flash:
                self.unfiled_note = t("Game kept, not yet in History (flash error %s)") % err
            else:
                self.unfiled_note = t("Game kept, not yet in History (error: %s)") % err
            return True
        self.unfiled = None
        self._drop_played()
        return False

    def _drop_played(self):
        """A new clock for the next game (the kept minutes of the last one dropped)."""
        if self._saved or self._last is not None:
            self._clock("reset", None)

    def undo(self):
        """Take back the last statement (the journal first, then the state); returns it.

        Raises Invalid when there is nothing to undo and OSError when the flash refuses."""
        match = self.match
        if not match.statements:
            from fishtable.core.errors import Invalid

            raise Invalid(t("nothing to undo"))
        self.store.undo(match)
        return match.undo()

    def discard(self):
        """Abandon the game in progress (its journal is deleted)."""
        self.store.discard()
        self.match = None
        self._drop_played()
