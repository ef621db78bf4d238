"""The history: finished games packed many to a file, and a small index read by seeking.

    history/S0001.seg, S0002.seg ...  segments: the games' records one after another, every
                                      line with its check as in the journal (appended, never
                                      rewritten; at most SEG_MAX bytes, then the next segment)
    history/index.bin                 REC bytes a game, oldest first (_FORMAT): its number, its
                                      segment, offset and length there, its game, a check
    history/NNNN-game.fish            a game not yet packed: `finish` renames the journal here
                                      (atomic), then `pack` moves it into a segment; the form
                                      of every game before the segments (taken over at boot)

LittleFS gives every file whole 4 KB blocks, so one file a game (0.4-1.2 KB) wasted most of the
flash.  Packing a game: its bytes are appended to the segment, its index record appended to the
index, then the loose file is deleted; a power cut anywhere leaves the loose file, and a game
whose number is in the index already is only deleted (so never lost, never twice).  Bytes of a
cut append are never indexed.  Delete and trim write the index anew without their games (a
temp file and a rename) and then delete a segment left without games.  A damaged index record
hides only itself (a name "?N": shown as a damaged file, deletable).

Screens read the index by seeking (`Shelf`): a step through History and the first Stats open cost
the same with 10 or 10,000 games.  Trimming (only when the flash is full) drops the oldest segment.
"""

import os
import struct

from micropython import const

from fishtable.store.fs import OsFs, ensure_dir, no_space, remove_if_there

SUFFIX = ".fish"
INDEX = "index.bin"
SEG_MAX = const(32768)  # a segment's bytes: about 40 games, what a trim drops at once
REC = const(16)  # bytes of an index record
_FORMAT = "<IHIHBBH"  # number, segment, offset, length, game, 0, check
CODES = ("hifisch", "hecht", "yofish")  # the index's game numbers: never reordered
BLOCK = const(4096)  # the Pico's flash erase block, LittleFS's allocation unit
_COPY = const(256)
WINDOW = const(8)  # names the History list reads at a time


def flash_cost(size):
    """The flash a file of `size` bytes takes, charged in whole blocks (at least one)."""
    return max(1, (size + BLOCK - 1) // BLOCK) * BLOCK


def number_of(name):
    """The sequence number of a (loose) history file name, or -1 for a name that is not one."""
    if not name.endswith(SUFFIX):
        return -1
    cut = name.find("-")
    digits = name[:cut] if cut > 0 else ""
    if not digits or not digits.isdigit():
        return -1
    return int(digits)


def name_of(number, game):
    """The history name of game `number` of `game` ("0017-hifisch.fish")."""
    return "%04d-%s%s" % (number, game, SUFFIX)


def seg_path(folder, seg):
    return "%s/S%04d.seg" % (folder, seg)


def _fletcher(data, end):
    a = b = 0
    for i in range(end):
        a = (a + data[i]) % 255
        b = (b + a) % 255
    return (b << 8) | a


def _walk(fs, folder):
    """The names in `folder` one at a time (`os.ilistdir` on the board: no list made)."""
    if isinstance(fs, OsFs) and hasattr(os, "ilistdir"):
        return os.ilistdir(folder)
    return fs.listdir(folder)


def loose(fs, folder, most=-1):
    """The loose history files as (number, name) pairs, newest first (at most `most`, the newest)."""
    found = []
    try:
        for entry in _walk(fs, folder):
            name = entry if isinstance(entry, str) else entry[0]
            number = number_of(name)
            if number >= 0:
                found.append((number, name))
                if most >= 0 and len(found) > 2 * most + 8:
                    found.sort(reverse=True)
                    del found[most:]
    except OSError:
        pass
    found.sort(reverse=True)
    return found if most < 0 else found[:most]


class Index:
    """The index file open for reading: `count` records, `get(pos)` (oldest 0) by seeking."""

    def __init__(self, fs, folder):
        self.path = folder + "/" + INDEX
        self.buf = bytearray(REC)
        self.handle = None
        try:
            self.count = fs.size(self.path) // REC  # (a torn record at the end is no record)
            if self.count:
                self.handle = fs.open(self.path, "rb")
        except OSError:
            self.count = 0

    def close(self):
        if self.handle is not None:
            self.handle.close()
            self.handle = None

    def get(self, pos):
        """(number, segment, offset, length, game name) of record `pos`, or None when damaged."""
        buf = self.buf
        try:
            self.handle.seek(pos * REC)
            if self.handle.readinto(buf) != REC:
                return None
        except (OSError, AttributeError):
            return None
        number, seg, offset, length, game, zero, check = struct.unpack(_FORMAT, buf)
        if check != _fletcher(buf, REC - 2) or zero or game >= len(CODES) or not seg:
            return None
        return number, seg, offset, length, CODES[game]

    def last(self):
        """The highest number in the index (0 when none): of its newest good record."""
        pos = self.count - 1
        while pos >= 0:
            found = self.get(pos)
            if found is not None:
                return found[0]
            pos -= 1
        return 0

    def find(self, number):
        """The position of game `number` (-1 when it is not in the index): a binary search."""
        low = 0
        high = self.count - 1
        while low <= high:
            mid = (low + high) // 2
            probe = mid
            found = self.get(probe)
            while found is None and probe < high:  # a damaged record: the next good one decides
                probe += 1
                found = self.get(probe)
            if found is None:
                high = mid - 1
            elif found[0] == number:
                return probe
            elif found[0] < number:
                low = probe + 1
            else:
                high = mid - 1
        return -1

    def after(self, number):
        """The position of the first record numbered above `number` (records are in number order)."""
        low = 0
        high = self.count
        while low < high:
            mid = (low + high) // 2
            found = self.get(mid)
            probe = mid
            while found is None and probe + 1 < high:
                probe += 1
                found = self.get(probe)
            if found is None or found[0] > number:
                high = mid
            else:
                low = probe + 1
        return low


class Piece:
    """`length` bytes of an open file from where it stands: a stream (`readinto`) for Lines."""

    def __init__(self, handle, length):
        self.handle = handle
        self.left = length

    def readinto(self, buf):
        if self.left <= 0:
            return 0
        view = memoryview(buf)
        got = self.handle.readinto(view[: self.left] if self.left < len(buf) else view)
        got = got or 0
        self.left -= got
        return got

    def read(self, size=-1):
        size = self.left if size is None or size < 0 else min(size, self.left)
        data = self.handle.read(size) if size > 0 else b""
        self.left -= len(data)
        return data

    def close(self):
        self.handle.close()


def open_game(fs, folder, name):
    """The bytes of the history game `name` as a stream (`readinto`, `read`, `close`).  OSError
    when it cannot be read (ENOENT: no such game; EIO: its index record is damaged)."""
    if "/" in name:
        raise OSError(2)
    number = number_of(name)
    if number >= 0 and fs.exists(folder + "/" + name):
        return fs.open(folder + "/" + name, "rb")
    if number < 0:
        raise OSError(5 if name[:1] == "?" else 2)
    index = Index(fs, folder)
    try:
        found = index.get(index.find(number)) if index.count else None
    finally:
        index.close()
    if found is None or name_of(found[0], found[4]) != name:
        raise OSError(2)
    handle = fs.open(seg_path(folder, found[1]), "rb")
    try:
        handle.seek(found[2])
    except BaseException:
        handle.close()
        raise
    return Piece(handle, found[3])


def lines(fs, folder, name):
    """Yield the lines (without newlines) of the history game `name` (host tools and tests)."""
    handle = open_game(fs, folder, name)
    try:
        data = handle.read()
    finally:
        handle.close()
    if isinstance(data, bytes):
        data = data.decode()
    for line in data.split("\n")[:-1] if data.endswith("\n") else data.split("\n"):
        yield line.rstrip("\r")


class Shelf:
    """The history's names, newest first, as a sequence (`len`, `[i]`): the loose files (few:
    held), then the index, read by seeking WINDOW names at a time (a frame draws from memory)."""

    def __init__(self, fs, folder):
        self.fs = fs
        self.folder = folder
        self.loose = loose(fs, folder, 16)
        index = Index(fs, folder)
        self.count = index.count
        index.close()
        self.first = 0
        self.window = []

    def __len__(self):
        return len(self.loose) + self.count

    def __getitem__(self, i):
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(i)
        if i < len(self.loose):
            return self.loose[i][1]
        at = i - self.first
        if not 0 <= at < len(self.window):
            self._load(i - i % WINDOW)
            at = i - self.first
        return self.window[at]

    def _load(self, first):
        window = []
        index = Index(self.fs, self.folder)
        try:
            for i in range(first, min(first + WINDOW, len(self))):
                pos = self.count - 1 - (i - len(self.loose))
                found = index.get(pos) if 0 <= pos < index.count else None
                window.append("?%d" % pos if found is None else name_of(found[0], found[4]))
        finally:
            index.close()
        self.first = first
        self.window = window


def names(fs, folder):
    """Every history name, newest first (host tools and the page's import: a list of them all)."""
    shelf = Shelf(fs, folder)
    return [shelf[i] for i in range(len(shelf))]


def newest(fs, folder):
    """The highest history number on flash (0 when none)."""
    found = loose(fs, folder, 1)
    index = Index(fs, folder)
    try:
        return max(index.last(), found[0][0] if found else 0)
    finally:
        index.close()


def add(fs, folder, journal, game, after=0):
    """Move the record file `journal` into the history as the next number: above every game on
    flash and above `after` (the highest number the statistics counted, so that a game deleted
    from the history, the newest too, hands its number on to no other); returns its name.
    The game is a loose file until `pack` (the caller's next step) moves it into a segment."""
    ensure_dir(fs, folder)
    name = name_of(max(after, newest(fs, folder)) + 1, game)
    fs.rename(journal, folder + "/" + name)
    return name


def _copy(fs, src, out, buf):
    inp = fs.open(src, "rb")
    try:
        view = memoryview(buf)
        while True:
            got = inp.readinto(buf)
            if not got:
                break
            out.write(view[:got] if got < len(buf) else buf)
    finally:
        inp.close()


def _append(fs, folder, index, number, game, path, buf):
    """Append the loose file at `path` to the newest segment and its record to the index."""
    length = fs.size(path)
    if length > 0xFFFF:
        raise OSError(27)  # EFBIG: no game's record is that long; it stays loose
    last = index.get(index.count - 1) if index.count else None
    seg = last[1] if last is not None else 1
    at = seg_path(folder, seg)
    size = fs.size(at) if fs.exists(at) else 0
    if size and size + length > SEG_MAX:
        seg += 1
        at = seg_path(folder, seg)
        size = fs.size(at) if fs.exists(at) else 0  # (the bytes of a cut append: never indexed)
    out = fs.open(at, "ab")
    try:
        _copy(fs, path, out, buf)
    finally:
        out.close()
    record = bytearray(REC)
    struct.pack_into(_FORMAT, record, 0, number, seg, size, length, CODES.index(game), 0, 0)
    struct.pack_into("<H", record, REC - 2, _fletcher(record, REC - 2))
    if fs.exists(index.path) and fs.size(index.path) % REC:
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
    remove_if_there(fs, folder + "/" + INDEX + ".tmp")
    waiting = []
    try:
        for entry in _walk(fs, folder):
            name = entry if isinstance(entry, str) else entry[0]
            number = number_of(name)
            game = name[name.find("-") + 1 : -len(SUFFIX)] if number >= 0 else None
            if game in CODES:
                waiting.append(number * 4 + CODES.index(game))  # small ints: no names held
    except OSError:
        return 0
    waiting.sort()
    buf = bytearray(_COPY)
    moved = 0
    for code in waiting:
        if moved == most:
            break
        number = code >> 2
        name = name_of(number, CODES[code & 3])
        path = folder + "/" + name
        index = Index(fs, folder)
        try:
            if index.count and index.find(number) >= 0:
                index.close()
                fs.remove(path)  # packed already: the power went before this
                continue
            if number > index.last():
                _append(fs, folder, index, number, CODES[code & 3], path, buf)
                index.close()
                fs.remove(path)
                moved += 1
        finally:
            index.close()
    return moved


def _rewrite(fs, folder, skip, below, buf):
    """Write the index anew without record `skip` and the records of segments below `below`
    (a temp file, then a rename); returns the segments of the skipped records still in use."""
    index = Index(fs, folder)
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
    number = number_of(name)
    if number >= 0 and fs.exists(folder + "/" + name):
        fs.remove(folder + "/" + name)
        return
    index = Index(fs, folder)
    try:
        pos = int(name[1:]) if name[:1] == "?" and name[1:].isdigit() else index.find(number)
        found = index.get(pos) if 0 <= pos < index.count else None
        count = index.count
    finally:
        index.close()
    if not 0 <= pos < count or (found is not None and name_of(found[0], found[4]) != name):
        raise OSError(2)
    used = _rewrite(fs, folder, pos, 0, bytearray(_COPY))
    if found is not None and found[1] not in used:
        remove_if_there(fs, seg_path(folder, found[1]))


def segments(fs, folder):
    """The segment numbers on flash, oldest first."""
    found = []
    try:
        for entry in _walk(fs, folder):
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
    before = Index(fs, folder)
    count = before.count
    before.close()
    try:
        _rewrite(fs, folder, -1, segs[0] + 1, bytearray(_COPY))
    except OSError as err:
        if not no_space(err):
            raise
        remove_if_there(fs, folder + "/" + INDEX + ".tmp")
        fs.remove(seg_path(folder, segs[0]))  # no room for the new index: the games go first
        _rewrite(fs, folder, -1, segs[0] + 1, bytearray(_COPY))
    after = Index(fs, folder)
    dropped = count - after.count
    after.close()
    remove_if_there(fs, seg_path(folder, segs[0]))
    return max(dropped, 1)


def total(fs, folder):
    """The flash the history's files take (whole blocks each)."""
    used = 0
    try:
        for entry in _walk(fs, folder):
            name = entry if isinstance(entry, str) else entry[0]
            used += flash_cost(fs.size(folder + "/" + name))
    except OSError:
        pass
    return used


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
        free = fs.free(folder) if min_free else None
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
    kept = loose(fs, folder)
    dropped = 0
    while kept and dropped < most:
        if dropped:
            free = fs.free(folder)
            if (free is None and dropped >= 4) or (free is not None and free >= min_free):
                break
        fs.remove(folder + "/" + kept.pop()[1])
        dropped += 1
    return dropped


def date_of(fs, folder, number, buf):
    """The `date` of history game `number` ("2026-12-01T19:05"), None when it has none or
    cannot be read: its header's lines only, through `buf`."""
    from fishtable.core.lines import Lines

    for game in CODES:
        try:
            handle = open_game(fs, folder, name_of(number, game))
        except OSError:
            continue
        try:
            lines = Lines(handle, buf)
            while lines.next():
                data = lines.buf
                if data[lines.start : lines.start + 5] == b"# ---":
                    break
                if data[lines.start : lines.start + 5] == b"date ":
                    text = str(bytes(data[lines.start + 5 : lines.end]), "ascii").split()
                    return text[0] if text else None
        except (OSError, ValueError):
            pass
        finally:
            handle.close()
        return None
    return None
