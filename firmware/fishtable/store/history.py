"""The history: finished games packed many to a file, and a small index read by seeking.

    history/S0001.seg, S0002.seg ...  segments: the games' records one after another, every
                                      line with its check as in the journal (appended, never
                                      rewritten; at most filing.SEG_MAX bytes, then the next)
    history/index.bin                 REC bytes a game, oldest first (_FORMAT): its number, its
                                      segment, offset and length there, its game, a check
    history/NNNN-game.fish            a game not yet packed: `finish` renames the journal here
                                      (atomic), then `pack` moves it into a segment; the form
                                      of every game before the segments (taken over at boot)

This module reads them: the screens (History, Stats, Scan) and the host tools import only it.
Filing, packing, deleting and trimming are fishtable.store.filing, imported while a game is filed
or deleted.  A damaged index record hides only itself (a name "?N": shown as a damaged file,
deletable).  Screens read the index by seeking (`Shelf`): a step through History and the first
Stats open cost the same with 10 or 10,000 games.
"""

import os
import struct

from micropython import const

from fishtable.store.fs import OsFs

SUFFIX = ".fish"
INDEX = "index.bin"
REC = const(16)  # bytes of an index record
_FORMAT = "<IHIHBBH"  # number, segment, offset, length, game, 0, check
CODES = ("hifisch", "hecht", "yofish")  # the index's game numbers: never reordered
WINDOW = const(8)  # names the History list reads at a time


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
