"""Filing into the history (fishtable.store.history): a finished game added, packed into the
segments, a game deleted, the oldest dropped when the flash is full.  Imported while a game is
filed or deleted and at the boot's take-over; the screens that only read import history alone.

LittleFS gives every file whole 4 KB blocks, so one file a game (0.4-1.2 KB) wasted most of the
flash.  Packing a game: its bytes are appended to the segment, its index record appended to the
index, then the loose file is deleted; a power cut anywhere leaves the loose file, and a game
whose number is in the index already is only deleted (so never lost, never twice).  Bytes of a
cut append are never indexed.  Delete and trim write the index anew without their games (a
temp file and a rename) and then delete a segment left without games.  Trimming (only when the
flash is full: less than the store's `min_free` left, counted as `room` counts) drops the oldest
segment.
"""

import os
import struct

from micropython import const

from fishtable.store import history as _h  # (one name: the reading half is used through it)
from fishtable.store.fs import OsFs, copy_file, ensure_dir, no_space, remove_if_there

BLOCK = const(4096)  # the Pico's flash erase block, LittleFS's allocation unit
# A segment's bytes: what 8 blocks hold (LittleFS keeps 4-16 bytes of links in each block after a
# file's first: 44 in 8), so a segment never takes a ninth block; about 30 games, what a trim drops.
SEG_MAX = const(32724)
_COPY = const(256)


def flash_cost(size):
    """The flash a file of `size` bytes takes, charged in whole blocks (at least one)."""
    return max(1, (size + BLOCK - 1) // BLOCK) * BLOCK



def add(fs, folder, journal, game, after=0):
    """Move the record file `journal` into the history as the next number: above every game on
    flash and above `after` (the highest number the statistics counted, so that a game deleted
    from the history, the newest too, hands its number on to no other); returns its name.
    The game is a loose file until `pack` (the caller's next step) moves it into a segment."""
    ensure_dir(fs, folder)
    name = _h.name_of(max(after, _h.newest(fs, folder)) + 1, game)
    fs.rename(journal, folder + "/" + name)
    return name


def _append(fs, folder, index, number, game, path, buf):
    """Append the loose file at `path` to the newest segment and its record to the index."""
    length = fs.size(path)
    if length > 0xFFFF:
        raise OSError(27)  # EFBIG: no game's record is that long; it stays loose
    last = index.get(index.count - 1) if index.count else None
    seg = last[1] if last is not None else 1
    at = _h.seg_path(folder, seg)
    size = fs.size(at) if fs.exists(at) else 0
    if size and size + length > SEG_MAX:
        seg += 1
        at = _h.seg_path(folder, seg)
        size = fs.size(at) if fs.exists(at) else 0  # (the bytes of a cut append: never indexed)
    out = fs.open(at, "ab")
    try:
        copy_file(fs, path, out, buf)
    finally:
        out.close()
    record = bytearray(_h.REC)
    struct.pack_into(_h._FORMAT, record, 0, number, seg, size, length, _h.CODES.index(game), 0, 0)
    struct.pack_into("<H", record, _h.REC - 2, _h._fletcher(record, _h.REC - 2))
    if fs.exists(index.path) and fs.size(index.path) % _h.REC:
        _rewrite(fs, folder, -1, 0, buf)  # a torn record at the end (a cut on a FAT-like flash)
    out = fs.open(index.path, "ab")
    try:
        out.write(record)
    finally:
        out.close()


def pack(fs, folder, most=-1):
    """Move the loose history files into the segments, oldest first (at most `most`); returns how
    many moved.  A game already in the index (a cut before its loose file was deleted) is only
    deleted; one numbered below the index's newest but not in it stays loose (shown all the same)."""
    remove_if_there(fs, folder + "/" + _h.INDEX + ".tmp")
    waiting = []
    try:
        for entry in _h._walk(fs, folder):
            name = entry if isinstance(entry, str) else entry[0]
            number = _h.number_of(name)
            game = name[name.find("-") + 1 : -len(_h.SUFFIX)] if number >= 0 else None
            if game in _h.CODES:
                waiting.append(number * 4 + _h.CODES.index(game))  # small ints: no names held
    except OSError:
        return 0
    waiting.sort()
    buf = bytearray(_COPY)
    moved = 0
    for code in waiting:
        if moved == most:
            break
        number = code >> 2
        name = _h.name_of(number, _h.CODES[code & 3])
        path = folder + "/" + name
        index = _h.Index(fs, folder)
        try:
            if index.count and index.find(number) >= 0:
                index.close()
                fs.remove(path)  # packed already: the power went before this
                continue
            if number > index.last():
                _append(fs, folder, index, number, _h.CODES[code & 3], path, buf)
                index.close()
                fs.remove(path)
                moved += 1
        finally:
            index.close()
    return moved


def _rewrite(fs, folder, skip, below, buf):
    """Write the index anew without record `skip` and the records of segments below `below`
    (a temp file, then a rename); returns the segments of the skipped records still in use."""
    index = _h.Index(fs, folder)
    tmp = index.path + ".tmp"
    used = set()
    out = fs.open(tmp, "wb")
    try:
        for pos in range(index.count):
            found = index.get(pos)
            if pos == skip or (found is not None and found[1] < below):
                continue
            if found is not None:
                used.add(found[1])
            out.write(index.buf)  # (a damaged record too: it stays a damaged entry)
    finally:
        out.close()
        index.close()
    fs.rename(tmp, index.path)
    return used


def delete(fs, folder, name):
    """Delete the history game `name`; a segment left without games goes too."""
    number = _h.number_of(name)
    if number >= 0 and fs.exists(folder + "/" + name):
        fs.remove(folder + "/" + name)
        return
    index = _h.Index(fs, folder)
    try:
        pos = int(name[1:]) if name[:1] == "?" and name[1:].isdigit() else index.find(number)
        found = index.get(pos) if 0 <= pos < index.count else None
        count = index.count
    finally:
        index.close()
    if not 0 <= pos < count or (found is not None and _h.name_of(found[0], found[4]) != name):
        raise OSError(2)
    used = _rewrite(fs, folder, pos, 0, bytearray(_COPY))
    if found is not None and found[1] not in used:
        remove_if_there(fs, _h.seg_path(folder, found[1]))


def segments(fs, folder):
    """The segment numbers on flash, oldest first."""
    found = []
    try:
        for entry in _h._walk(fs, folder):
            name = entry if isinstance(entry, str) else entry[0]
            if name[:1] == "S" and name.endswith(".seg") and name[1:-4].isdigit():
                found.append(int(name[1:-4]))
    except OSError:
        pass
    found.sort()
    return found


def drop_oldest(fs, folder, keep_last=True):
    """Drop the oldest segment and its games (the index first): the number of games dropped, 0
    when there is none to drop (with `keep_last`: only one, which holds the newest game)."""
    segs = segments(fs, folder)
    if not segs or (keep_last and len(segs) < 2):
        return 0
    before = _h.Index(fs, folder)
    count = before.count
    before.close()
    try:
        _rewrite(fs, folder, -1, segs[0] + 1, bytearray(_COPY))
    except OSError as err:
        if not no_space(err):
            raise
        remove_if_there(fs, folder + "/" + _h.INDEX + ".tmp")
        fs.remove(_h.seg_path(folder, segs[0]))  # no room for the new index: the games go first
        _rewrite(fs, folder, -1, segs[0] + 1, bytearray(_COPY))
    after = _h.Index(fs, folder)
    dropped = count - after.count
    after.close()
    remove_if_there(fs, _h.seg_path(folder, segs[0]))
    return max(dropped, 1)


def total(fs, folder):
    """The flash the history's files take (whole blocks each)."""
    used = 0
    try:
        for entry in _h._walk(fs, folder):
            name = entry if isinstance(entry, str) else entry[0]
            used += flash_cost(fs.size(folder + "/" + name))
    except OSError:
        pass
    return used


def room(fs, folder):
    """The bytes free on the flash of `folder` (None when it cannot tell): `fs.free`, but on the
    board's LittleFS with each folder counted once.  MicroPython's LittleFS counts a folder's two
    blocks twice in `statvfs` (a new folder takes 2 blocks and is reported as 4; its free count
    wraps round when the sum passes the flash): a board after `make flash` has 10 folders, 80 KB
    it would never use."""
    if not isinstance(fs, OsFs) or not hasattr(os, "ilistdir"):
        return fs.free(folder)
    try:
        info = os.statvfs(folder)
    except OSError:
        return None
    if info[5] or info[0] != BLOCK:
        return fs.free(folder)  # (not LittleFS: as it says)
    top = folder
    while top:  # up to where the flash is mounted: "/" on the board ("")
        up = top[: top.rfind("/")]
        try:
            other = os.statvfs(up or "/")
        except OSError:
            break
        if other[2] != info[2] or other[5]:
            break
        top = up
    used = (info[2] - info[3]) & 0xFFFFFFFF  # the blocks it counts (a 32-bit board wraps to < 0)
    used -= 2 * _folders(top, folder)
    return BLOCK * max(0, min(info[2], info[2] - used))


def _folders(top, skip):
    """The folders under `top` ("" the root), `skip` counted but not looked into."""
    count = 0
    for entry in os.ilistdir(top or "/"):
        if entry[1] == 0x4000:
            path = top + "/" + entry[0]
            count += 1 if path == skip else 1 + _folders(path, skip)
    return count


def trim(fs, folder, budget, min_free=0):
    """After a game is filed: pack the loose games, then while the history takes more than `budget`
    bytes (None: no bound) or the flash has less than `min_free` free, drop the oldest segment
    (never the one holding the newest game); returns the number of games dropped."""
    try:
        pack(fs, folder)
    except OSError as err:
        if not no_space(err) or not drop_oldest(fs, folder):
            return 0
        pack(fs, folder)  # (dropped games are counted below by the next rounds)
    dropped = 0
    while True:
        free = room(fs, folder) if min_free else None
        if not ((budget is not None and total(fs, folder) > budget) or (free is not None and free < min_free)):
            break
        gone = drop_oldest(fs, folder)
        if not gone:
            break
        dropped += gone
    return dropped


def make_room(fs, folder, min_free, most=8):
    """A write found the flash full: drop the oldest segment (the newest too when it is the last),
    else the oldest loose files until `min_free` bytes are free (at most `most`); returns the
    number of games dropped (0: nothing left to drop)."""
    gone = drop_oldest(fs, folder, False)
    if gone:
        return gone
    kept = _h.loose(fs, folder)
    dropped = 0
    while kept and dropped < most:
        if dropped:
            free = room(fs, folder)
            if (free is None and dropped >= 4) or (free is not None and free >= min_free):
                break
        fs.remove(folder + "/" + kept.pop()[1])
        dropped += 1
    return dropped


