"""What the web page takes into the board's flash (its Import button, and Keep of a scanned game),
stored the way the board stores it: the firmware's own store does the writing.

A game record (comments, CRLF line ends and blank lines as the record format allows them) must be
a finished game; it goes into the history as the board files a finished game (`Store.finish`: the
record's lines with their checks, the next history number above every number the statistics ever
counted, so a deleted game's number is never handed on; the game's statistics brought up to date).
A game already in the history (the same header and statements) is not added twice.  Any other text
is a roster: the board's roster.txt (`names=...`), or a list of names as `make players` backs it up
(one name a line, `#` comments); its names are checked as the Players screen checks them.  A file
that cannot be taken is refused with the reason, and nothing of it is written.

    python3 web/importer.py DATA_DIR FILE...    (a host folder as the board's /data; prints JSON)

In the page (web/tools-worker.js) it runs in a MicroPython VM holding a copy of the page's /data;
the page stores the files it changed and restarts the board.
"""

import sys

MAX_BYTES = 64 * 1024  # a record or a roster is a few KB


def _text(data):
    """The bytes of a file as text, or None when they are not (UTF-8, no NUL)."""
    if len(data) > MAX_BYTES or b"\0" in data:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeError:
        return None


def _first_word(text):
    """The first word outside comments and blank lines."""
    for line in text.split("\n"):
        cut = line.find("#")
        words = (line[:cut] if cut >= 0 else line).split()
        if words:
            return words[0]
    return None


def _snapshot(fs, root):
    """Every file under `root`, path -> bytes."""
    out = {}
    folders = [root]
    while folders:
        folder = folders.pop()
        try:
            names = fs.listdir(folder)
        except OSError:
            continue
        for name in names:
            path = folder + "/" + name
            try:
                with fs.open(path, "rb") as f:
                    out[path] = f.read()
            except OSError:
                folders.append(path)  # a folder
    return out


def _restore(fs, root, before):
    """Put the files under `root` back as `before` had them (a file that failed half-way)."""
    now = _snapshot(fs, root)
    for path in now:
        if path not in before:
            fs.remove(path)
    for path, data in before.items():
        if now.get(path) != data:
            with fs.open(path, "wb") as f:
                f.write(data)


class Importer:
    """Imports into the board's store under `root` (the board's /data)."""

    def __init__(self, root="/data"):
        from fishtable.store import Store

        self.store = Store(root=root)
        self.store.lean = False  # (not a board: the store's modules may stay loaded)
        self.root = root

    def take(self, name, data):
        """Import the file `name` (its bytes): (what it became, None) or (None, why it was refused)."""
        text = _text(data)
        if text is None:
            return None, "not a text file"
        fs = self.store.fs
        before = _snapshot(fs, self.root)
        try:
            if _first_word(text) == "fishtable":
                return self._record(text), None
            if name.endswith(".fish"):
                return None, "not a game record (it does not begin with 'fishtable 1')"
            return self._roster(text), None
        except ValueError as err:  # Invalid, RecordError: the reason, nothing written
            _restore(fs, self.root, before)
            return None, str(err.args[0]) if err.args else "refused"
        except OSError as err:
            _restore(fs, self.root, before)
            return None, "could not be stored (%s)" % err

    def _record(self, text):
        from fishtable.core.errors import Invalid
        from fishtable.core.record import read_text

        match = read_text(text)  # RecordError: "line N: ..."
        if not match.game.over:
            raise Invalid("not a finished game (%d statements, the game goes on)" % len(match.statements))
        same = self.find(match)
        if same is not None:
            raise Invalid("already in the history as %s" % same)
        store = self.store
        store.journal_path = self.root + "/import.fish"  # the board's game in progress stays as it is
        return store.finish(match)  # written with its checks there, then moved into the history

    def find(self, match):
        """The history file holding the same game as `match` (header and statements), or None."""
        want = list(match.lines())
        store = self.store
        for name in store.history():
            try:
                other = store.history_game(name)
            except (OSError, ValueError):
                continue
            if other.name == match.name and list(other.lines()) == want:
                return name
        return None

    def _roster(self, text):
        names = None
        listed = []
        for line in text.split("\n"):
            line = line.strip()
            if line.startswith("names="):
                names = line[6:].split()
            elif not line.startswith("check=") and "=" not in line:
                cut = line.find("#")
                listed.extend((line[:cut] if cut >= 0 else line).split())
        if names is None:
            names = listed
        if not names:
            from fishtable.core.errors import Invalid

            raise Invalid("not a game record or a roster (no names in it)")
        self.store.save_roster(names)  # Invalid: the Players screen's reason
        return "roster.txt"


def import_files(root, files):
    """Import `files` ([(name, bytes)]) into the store under `root`; returns {"done": [[file, what
    it became]], "refused": [[file, why]]}."""
    importer = Importer(root)
    done = []
    refused = []
    for name, data in files:
        made, why = importer.take(name, data)
        if made is not None:
            done.append([name, made])
        else:
            refused.append([name, why])
    return {"done": done, "refused": refused}


def main(argv):
    import json

    root = argv[0]
    files = []
    for path in argv[1:]:
        with open(path, "rb") as f:
            files.append((path.split("/")[-1], f.read()))
    print(json.dumps(import_files(root, files)))
    return 0


if __name__ == "__main__":
    if sys.implementation.name != "micropython":
        import os

        sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools"))
        import bootstrap  # noqa: F401 - firmware/ on sys.path
    sys.exit(main(sys.argv[1:]))
