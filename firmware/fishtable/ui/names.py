"""MicroPython's table of names grown once, when a game begins, while the heap is still whole.

Every imported module interns its names (identifiers, attributes, short strings) for good, in pools
that grow by doubling: on the Pico a pool of 640 fills up after about 960 names, and the next one
(1,280 names: 7,704 bytes in one piece) has to be found when that happens.  After a long game the
heap has plenty free but no free run that long, so a screen that loads late (Scan after a 6-player
Hecht game) died with MemoryError at its import.  So once a game is on (its first frame drawn: a
new game, or one resumed), the modules that load late are imported and dropped again, Scan's
first, until their names have made the table grow (a collection keeps several KB more than before:
the new pool); their code leaves memory, their names stay (they would be interned when those
screens open anyway).  The pool of 1,280 then holds every name the firmware has: no screen needs
the table to grow again.  Not at start-up: the idle main menu keeps its heap (the menu's screens
need far fewer names than a game and Scan).
"""

from micropython import const

GROWN = const(5000)  # bytes a step keeps that only a new pool explains (its names keep ~1 KB)
LATE = (
    "fishtable.ui.scan", "fishtable.ui.qr", "fishtable.ui.share", "fishtable.store.history", "fishtable.store.filing",
    "fishtable.core.lines", "fishtable.ui.history", "fishtable.core.summary", "fishtable.ui.help",
    "fishtable.ui.stats", "fishtable.core.stats", "fishtable.store.stats", "fishtable.ui.players",
    "fishtable.ui.namepick", "fishtable.ui.settings", "fishtable.ui.setup", "fishtable.ui.seats",
    "fishtable.ui.scoreboard", "fishtable.ui.helptext", "fishtable.store.roster", "fishtable.ui.play",
    "fishtable.ui.play_hecht", "fishtable.core.hecht", "fishtable.ui.hecht_nests", "fishtable.ui.play_hifisch",
    "fishtable.core.hifisch", "fishtable.ui.play_yofish", "fishtable.core.yofish", "fishtable.ui.roll",
    "fishtable.core.record", "fishtable.store.recover",
)


def grow():
    """Import LATE's modules one at a time (and drop them) until the table of names has grown;
    returns how many were imported.  Nothing on an interpreter without `gc.mem_alloc`."""
    import gc

    if not hasattr(gc, "mem_alloc"):
        return 0
    gc.collect()
    kept = gc.mem_alloc()
    done = 0
    for name in LATE:
        if not load(name):
            continue
        done += 1
        gc.collect()
        now = gc.mem_alloc()
        if now - kept >= GROWN:
            break
        kept = now
    return done


def load(name):
    """Import the module `name` and drop it (with what it loaded) again; False if it was loaded."""
    import sys

    from fishtable import forget_module

    if name in sys.modules:
        return False
    had = list(sys.modules)
    __import__(name)
    for loaded in list(sys.modules):
        if loaded not in had:
            forget_module(loaded)
    return True
