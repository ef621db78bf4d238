"""A read error (EIO) at every open and every read the resume path makes, and a folder in the place
of every file it opens, on the fault-injecting flash (tools/devices/faultfs.FaultFs) and on the real
LittleFS (os.VfsLfs2 on FlashBlocks, MicroPython's unix port only): test_faults.py and, in full,
tools/soak.py; under CPython, the MicroPython unix port and the WebAssembly VM.

The points are counted on a clean resume of a journal of many parts; each case then resumes the
same flash with one fault: EIO once at that point (`once`), EIO there and at every later open and
read of the same file (`sticky`), or the file a folder (`folder`, one per file opened).  What must
hold: the game resumed is the longest run the files read before the fault prove (a part that
cannot be read is lost whole), the message counts the statements lost exactly or says "some moves
lost" (only where no mark after the fault can pass its check), no byte of a part that was not
resumed is deleted (it is in damaged/, journal.bad or still in place), damaged/ keeps its cap, and
the repaired journal then resumes whole without a word."""

ROOT = "/data"
PARTS = ROOT + "/journal.d"
JOURNAL = ROOT + "/journal.fish"
EIO = 5
INSIDE = b"a file inside the folder\n"  # what the folder put in a file's place holds
MODES = ("once", "sticky", "folder")


class _Handle:
    """A file opened for reading through Flaky: each read is a point."""

    def __init__(self, flaky, path, handle):
        self.flaky = flaky
        self.path = path
        self.handle = handle

    def readinto(self, buf):
        self.flaky.point("read", self.path, self.handle.tell())
        return self.handle.readinto(buf)

    def read(self, size=-1):
        self.flaky.point("read", self.path, self.handle.tell())
        return self.handle.read(size)

    def readline(self, size=-1):
        self.flaky.point("read", self.path, self.handle.tell())
        return self.handle.readline(size)

    def seek(self, pos, whence=0):
        return self.handle.seek(pos, whence)

    def tell(self):
        return self.handle.tell()

    def write(self, data):
        return self.handle.write(data)

    def close(self):
        self.handle.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class Flaky:
    """A filesystem adapter around `fs`: every open for reading and every read of a file so opened
    is a point, logged in `points` as [kind, path, offset]; point `at` raises EIO (with `sticky`,
    so does every later open and read of the same file)."""

    def __init__(self, fs, at=-1, sticky=False):
        self.fs = fs
        self.at = at if isinstance(at, tuple) else (at,)  # (a second fault too: "twice")
        self.sticky = sticky
        self.points = []
        self.bad = None

    def point(self, kind, path, offset):
        n = len(self.points)
        self.points.append([kind, path, offset])
        if n in self.at or self.sticky and path == self.bad:
            self.bad = path
            raise OSError(EIO)

    def open(self, path, mode="r"):
        if "r" in mode:
            self.point("open", path, 0)
            return _Handle(self, path, self.fs.open(path, mode))
        return self.fs.open(path, mode)

    def __getattr__(self, name):
        return getattr(self.fs, name)  # every other call goes to `fs` as it is


# -- the journal and what each case must give ------------------------------------------------------
def _lines(data):
    return [line for line in data.split(b"\n") if line]


def _statement_lines(data):
    """The statements in `data` (a part, or journal.fish: those after its header's `# --- ` line)."""
    lines = _lines(data)
    for i in range(len(lines)):
        if lines[i].startswith(b"# --- "):
            lines = lines[i + 1 :]
            break
    return len([line for line in lines if not line.startswith(b"#")])


def play(fs, text, part_max=0, undo_at=0):
    """The record `text` played on `fs` under ROOT but its last statement (the game in progress);
    (statements, the part names in order).  `part_max`: smaller parts (more of them); `undo_at`:
    the statement at that index undone and played again (journal.fish then holds those before it,
    over many reads; -1: the last statement undone at the end)."""
    from fishtable.core.match import Match
    from fishtable.core.record import read_text
    from fishtable.session import Session
    from fishtable.store import Store

    done = read_text(text)
    store = Store(fs, ROOT)
    if part_max:
        store.part_max = part_max
    session = Session(store)
    session.begin(Match(done.name, done.players, done.start, done.options, done.names, done.colours))
    statements = done.statements[:-1]
    for i in range(len(statements)):
        if i == undo_at and i:
            session.undo()
            session.play(statements[i - 1])
        session.play(statements[i])
    if undo_at < 0:  # the last move taken back: every statement in journal.fish, its part empty
        session.undo()
        statements = statements[:-1]
    gen = store._gen  # (an undo leaves the older generation's parts until the next move: not read)
    names = [n for n in fs.listdir(PARTS) if n.startswith("%d-" % gen)]
    names.sort(key=lambda n: int(n.split("-")[1].split(".")[0]))
    return statements, names


class Journal:
    """What the clean flash holds: the journal's bytes, the parts' bytes in order and the statements
    before each part."""

    def __init__(self, fs, statements, names):
        self.statements = statements
        self.names = names
        self.head = _read_all(fs, JOURNAL)
        self.parts = [_read_all(fs, PARTS + "/" + name) for name in names]
        self.before = [_statement_lines(self.head)]  # statements before part k + 1
        for data in self.parts:
            self.before.append(self.before[-1] + _statement_lines(data))

    def index(self, path):
        """0 for journal.fish, k for part k, None for another file."""
        if path == JOURNAL:
            return 0
        for k in range(len(self.names)):
            if path == PARTS + "/" + self.names[k]:
                return k + 1
        return None

    def good_at(self, path, offset, whole_file):
        """The statements resumed when the file `path` fails (at `offset`: the bytes before it were
        read; `whole_file`: nothing of it can be read); None: not even the header."""
        k = self.index(path)
        if k:
            return self.before[k - 1]  # a part that cannot be read is lost whole
        read = b"" if whole_file else self.head[:offset]
        done = read[: read.rfind(b"\n") + 1]
        if b"\n# --- " not in done:
            return None  # the header is not whole
        return _statement_lines(done)

    def provable(self, k, mode):
        """Whether a mark after the failed part `k` passes its check: then the loss is counted."""
        if k == 0:
            return None  # (journal.fish: either; the parts' promises may still prove it)
        if mode == "twice":
            return None  # (the second fault may hide the marks that would count it)
        if mode == "once":
            return True  # the second look reads the part: its chain is whole
        return k + 2 <= len(self.names) and self.before[-1] > self.before[k]


def _read_all(fs, path):
    handle = fs.open(path, "rb")
    try:
        out = b""
        while True:
            got = handle.read(4096)
            if not got:
                return out
            out += got
    finally:
        handle.close()


def _files_under(fs, folder, out):
    """{path: bytes} of every file under `folder` (folders walked)."""
    try:
        names = fs.listdir(folder)
    except OSError:
        return out
    for name in names:
        path = folder + "/" + name
        if fs.isdir(path):
            _files_under(fs, path, out)
        else:
            try:
                out[path] = _read_all(fs, path)
            except OSError:
                out[path] = None
    return out


def _folder(fs, path):
    """Put a folder (holding a file) in the place of the file `path`."""
    fs.remove(path)
    fs.mkdir(path)
    with fs.open(path + "/x", "wb") as f:
        f.write(INSIDE)


def _moves(count):
    return "%d move%s" % (count, "" if count == 1 else "s")


def check_case(fs, plain, journal, path, offset, mode, whole_file):
    """Resume `fs` (the fault set up; `plain`: the same flash without it) and check it; a list of
    what went wrong."""
    from fishtable.store import Store

    store = Store(fs, ROOT)
    match, message = store.resume()
    statements = journal.statements
    good = journal.good_at(path, offset, whole_file)
    k = journal.index(path)
    faults = []
    got = None if match is None else len(match.statements)
    if good is None:
        if match is not None or message != "Journal unreadable: game lost":
            faults.append("resumed %s statements (%r), not the game lost" % (got, message))
    elif match is None or match.statements != statements[:good]:
        faults.append("resumed %s statements (%r), not %d" % (got, message, good))
    elif good == len(statements):
        if message not in ("Journal repaired: nothing lost", "Journal repaired: some moves lost"):
            faults.append("said %r with nothing lost" % message)
    else:
        exact = "Journal repaired: %s lost" % _moves(len(statements) - good)
        some = "Journal repaired: some moves lost"
        provable = journal.provable(k, mode)
        allowed = (exact,) if provable else (some,) if provable is False else (exact, some)
        if message not in allowed:
            faults.append("said %r, not %s" % (message, " or ".join(repr(a) for a in allowed)))
    kept = _files_under(plain, ROOT, {})
    # kept where the next move cannot delete it: in damaged/ or journal.bad
    blobs = [kept[p] for p in kept if kept[p] and (p.startswith(ROOT + "/damaged/") or p == ROOT + "/journal.bad")]
    if mode == "folder" and INSIDE not in kept.values():
        faults.append("the folder's own file was deleted")
    lost = range(len(journal.parts)) if not k else range(k - 1, len(journal.parts))
    keep = [journal.parts[i] for i in lost if not (mode == "folder" and i == k - 1)]
    if good is None and mode != "folder":
        keep.append(journal.head)
    for data in keep:
        if data and not any(data in blob for blob in blobs):
            faults.append("a file's bytes were deleted (%d bytes)" % len(data))
    try:
        entries = len(plain.listdir(ROOT + "/damaged"))
    except OSError:
        entries = 0
    if entries > 24:
        faults.append("damaged/ holds %d entries" % entries)
    if match is not None:
        again, said = Store(plain, ROOT).resume()  # (the file that failed was rewritten: a new one)
        if said is not None or again is None or again.statements != match.statements:
            faults.append("the repaired journal then resumed %s (%r)" % (
                None if again is None else len(again.statements), said))
    return faults


# -- the sweep ---------------------------------------------------------------------------------------
def points_of(fs):
    """The points of a clean resume of `fs` (a copy is resumed): [kind, path, offset] each."""
    from fishtable.store import Store

    flaky = Flaky(fs)
    match, message = Store(flaky, ROOT).resume()
    if message is not None:
        raise AssertionError("the clean journal said %r" % message)
    return flaky.points


def _after(flash, at):
    """How many points a resume with EIO once at point `at` makes in all (the repair's own reads
    after it: the later parts' marks counted, the journal copied to journal.bad)."""
    from fishtable.store import Store

    flaky = Flaky(flash.fresh(), at)
    Store(flaky, ROOT).resume()
    return len(flaky.points)


def sweep(flash, journal, limit=None, twice=False):
    """Every case on the flash `flash` (an object with `fresh()`: the clean flash as an adapter,
    and `points()`); with `twice`, EIO once at each point and then again at each point of the
    repair after it; (faults, {mode: cases})."""
    points = flash.points()
    faults = []
    tried = {"once": 0, "sticky": 0, "folder": 0, "twice": 0}
    folders = []
    cases = []
    for at in range(len(points)):
        kind, path, offset = points[at]
        cases.append(("once", at))
        cases.append(("sticky", at))
        if kind == "open" and path not in folders:
            folders.append(path)
            cases.append(("folder", at))
        if twice:
            cases.extend(("twice", (at, then)) for then in range(at + 1, _after(flash, at)))
    if limit is not None:
        cases = cases[::max(1, len(cases) // limit)][:limit]
    for mode, at in cases:
        first = at[0] if mode == "twice" else at
        kind, path, offset = points[first]
        fs = flash.fresh()
        if mode == "folder":
            _folder(fs, path)
            case_fs = fs
        else:
            case_fs = Flaky(fs, at, mode == "sticky")
        whole_file = kind == "open"
        label = "%s %s of %s at %d (point %r)" % (mode, kind, path, offset, at)
        try:
            found = check_case(case_fs, fs, journal, path, offset, mode, whole_file)
        except Exception as err:  # noqa: BLE001 - the sweep says which case, not a traceback
            found = ["raised %s %r" % (type(err).__name__, err)]
        faults.extend("%s: %s" % (label, fault) for fault in found)
        tried[mode] += 1
    return faults, tried


class _FaultFlash:
    """The fault-injecting flash: a copy of the clean FaultFs for each case."""

    def __init__(self, text, part_max, undo_at):
        from devices.faultfs import FaultFs

        fs = FaultFs()
        statements, names = play(fs, text, part_max, undo_at)
        self.clean = fs
        self.journal = Journal(fs, statements, names)

    def fresh(self):
        return self.clean.reboot()

    def points(self):
        return points_of(self.fresh())


class _LfsFlash:
    """The real LittleFS: a copy of the clean flash image mounted for each case."""

    def __init__(self, text, part_max, undo_at, blocks=48):
        from devices.faultfs import FlashBlocks

        from fishtable.store.fs import OsFs
        from fw.store_lfs import MOUNT, lfs_format, lfs_mount

        self.blocks = blocks
        bdev = FlashBlocks(blocks, image=lfs_format(blocks))
        lfs_mount(bdev)
        _root(MOUNT + "/data")
        statements, names = play(OsFs(), text, part_max, undo_at)
        self.image = bdev.image()
        self.journal = Journal(OsFs(), statements, names)

    def fresh(self):
        import gc
        import os

        from devices.faultfs import FlashBlocks

        from fishtable.store.fs import OsFs
        from fw.store_lfs import MOUNT, lfs_mount

        try:
            os.umount(MOUNT)  # (the last case's flash let go before the next is made)
        except OSError:
            pass
        gc.collect()
        lfs_mount(FlashBlocks(self.blocks, image=self.image))
        return OsFs()

    def points(self):
        return points_of(self.fresh())


def _root(root):
    global ROOT, PARTS, JOURNAL
    ROOT = root
    PARTS = root + "/journal.d"
    JOURNAL = root + "/journal.fish"


# the journal in its parts; most of it in journal.fish after an undo; all of it there (the last
# move taken back)
SHAPES = ("parts", "rewritten", "undone")


def sweep_text(text, where="faultfs", shape="parts", part_max=0, limit=None, twice=False):
    """The sweep of the record `text` on "faultfs" or "littlefs", its journal in `shape`;
    (faults, {mode: cases}, parts)."""
    from fishtable.core.record import read_text

    undo_at = -1 if shape == "undone" else 0 if shape == "parts" else len(read_text(text).statements) * 2 // 3
    if where == "littlefs":
        from fishtable.store import Store

        Store.lean = False  # (each resume would compile the recovery code again in the unix port's heap)
        flash = _LfsFlash(text, part_max, undo_at)
    else:
        _root("/data")
        flash = _FaultFlash(text, part_max, undo_at)
    faults, tried = sweep(flash, flash.journal, limit, twice)
    if where == "littlefs":
        import os

        from fw.store_lfs import MOUNT

        os.umount(MOUNT)
    return faults, tried, len(flash.journal.names)


def sweep_records(records, where="faultfs", shapes=SHAPES, part_max=0, limit=None, twice=False):
    """sweep_text of each record ([name, text]) in each shape; (faults, {mode: cases}, parts in all)."""
    faults = []
    tried = {"once": 0, "sticky": 0, "folder": 0, "twice": 0}
    parts = 0
    for name, text in records:
        for shape in shapes:
            found, counts, n = sweep_text(text, where, shape, part_max, limit, twice)
            faults.extend("%s %s: %s" % (name, shape, fault) for fault in found)
            for key in counts:
                tried[key] += counts[key]
            parts += n
    return faults, tried, parts
