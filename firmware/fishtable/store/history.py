"""The history: finished games as plain record files, `NNNN-game.fish`, bounded in flash bytes.

A finished journal is renamed into the history (atomic, nothing copied).  When the
history takes more flash than its budget, or the filesystem has less than a floor of
free space left, the oldest files are deleted (never the newest, the game just finished).
When a write finds the flash full, `make_room` deletes the oldest, the newest too if need be.  LittleFS gives a file
of more than a few hundred bytes whole 4 KB blocks, so each file is charged whole blocks.
"""

import os

from micropython import const

from fishtable.store.fs import OsFs, ensure_dir

SUFFIX = ".fish"
BLOCK = const(4096)  # the Pico's flash erase block, LittleFS's allocation unit


def flash_cost(size):
    """The flash a file of `size` bytes takes, charged in whole blocks (at least one)."""
    return max(1, (size + BLOCK - 1) // BLOCK) * BLOCK


def number_of(name):
    """The sequence number of a history file name, or -1 for a name that is not one."""
    if not name.endswith(SUFFIX):
        return -1
    cut = name.find("-")
    digits = name[:cut] if cut > 0 else ""
    if not digits or not digits.isdigit():
        return -1
    return int(digits)


def names(fs, folder):
    """The history's file names, newest (highest number) first."""
    try:
        listed = fs.listdir(folder)
    except OSError:
        return []
    # (number, name) pairs: MicroPython's sort would call a key function at every comparison
    found = [(number_of(n), n) for n in listed]
    found.sort(reverse=True)
    return [n for number, n in found if number >= 0]


def add(fs, folder, journal, game, after=0):
    """Move the record file `journal` into the history as the next number: above the highest
    file there and above `after` (the highest number the statistics counted, so that a game
    deleted from the history, the newest too, hands its number on to no other); returns its name."""
    ensure_dir(fs, folder)
    number = after
    walk = getattr(os, "ilistdir", None) if isinstance(fs, OsFs) else None  # the board: no list made
    for entry in walk(folder) if walk else fs.listdir(folder):
        number = max(number, number_of(entry if isinstance(entry, str) else entry[0]))
    number += 1
    name = "%04d-%s%s" % (number, game, SUFFIX)
    fs.rename(journal, folder + "/" + name)
    return name


def total(fs, folder):
    """The flash the history's files take (whole blocks each)."""
    count = 0
    for name in names(fs, folder):
        count += flash_cost(fs.size(folder + "/" + name))
    return count


def trim(fs, folder, budget, min_free=0):
    """Delete the oldest files while the history takes more than `budget` flash bytes (None: no
    budget, the usual case: nothing is read while the flash has room) or the filesystem has
    less than `min_free` bytes free; returns the deleted names."""
    if budget is None and (not min_free or (fs.free(folder) or 0) >= min_free):
        return []
    if budget is None:
        budget = 1 << 30
    kept = names(fs, folder)
    costs = [flash_cost(fs.size(folder + "/" + n)) for n in kept]
    used = sum(costs)
    free = fs.free(folder) if min_free else None
    dropped = []
    while len(kept) > 1 and (used > budget or (free is not None and free < min_free)):
        name = kept.pop()
        cost = costs.pop()
        used -= cost
        if free is not None:
            free += cost
        fs.remove(folder + "/" + name)
        dropped.append(name)
    return dropped


def path_of(folder, name):
    """The path of the history file `name`; OSError (ENOENT) for a name that is not one."""
    if "/" in name or number_of(name) < 0:
        raise OSError(2)  # ENOENT: not a history file
    return folder + "/" + name


def make_room(fs, folder, min_free, most=8):
    """Delete the oldest files until `min_free` bytes are free (at least one, at most `most`; the
    newest too when no other is left: the numbering goes on above the statistics' last number,
    see `add`); returns the deleted names."""
    kept = names(fs, folder)
    dropped = []
    while kept and len(dropped) < most:
        if dropped:
            free = fs.free(folder)
            if (free is None and len(dropped) >= 4) or (free is not None and free >= min_free):
                break
        name = kept.pop()
        fs.remove(folder + "/" + name)
        dropped.append(name)
    return dropped


def lines(fs, folder, name):
    """Yield the lines (without newlines) of the history file `name` (host tools and tests)."""
    handle = fs.open(path_of(folder, name), "r")
    try:
        while True:
            line = handle.readline()
            if not line:
                break
            yield line.rstrip("\r\n")
    finally:
        handle.close()
