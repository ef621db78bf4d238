"""Storage on the CIRCUITPY drive: the fs adapter, and the read-only case.

CircuitPython lets code write its flash drive only when boot.py remounted it with
`storage.remount("/", readonly=False)` (then the computer sees it read-only); see
fishtable.cp.bootmode for the switch.  `open_store()` gives the journalling Store when the
drive is writable, else a `ReadOnlyStore`: the app runs, shows "Read-only: no journal",
reads settings and history, and keeps nothing.

The drive is FAT, not LittleFS: a rename onto an existing file may be refused, and a power
cut while FAT metadata is written can damage more than the file being written.
"""

import os

from fishtable.store import Store
from fishtable.store.fs import OLD_SUFFIX, OsFs

READ_ONLY_NOTE = "Read-only: no journal"


class CpFs(OsFs):
    """The real filesystem on CircuitPython's FAT drive (OsFs with a replacing rename)."""

    def rename(self, old, new):
        """Rename `old` to `new`, replacing `new` (FAT refuses a rename onto an existing file).

        The file replaced is first moved aside to `new + ".old"` and removed last, so a power
        cut in between leaves a state `Store.resume` recognises and completes (see
        fishtable.store.fs.OLD_SUFFIX); deleting it first could lose the game in progress."""
        try:
            os.rename(old, new)
        except OSError:
            if not self.exists(new) or not self.exists(old):
                raise
            aside = new + OLD_SUFFIX
            if self.exists(aside):
                os.remove(aside)
            os.rename(new, aside)
            os.rename(old, new)
            os.remove(aside)


class ReadOnlyStore(Store):
    """A Store that reads settings and history but writes nothing: no journal, no resume."""

    def resume(self):
        """No game in progress is resumed (its moves could not be kept); says why."""
        self._count = -1
        return None, READ_ONLY_NOTE

    def begin(self, match):
        """Nothing is journalled."""

    def append(self, match, stmt):
        """Nothing is journalled."""

    def undo(self, match):
        """Nothing is journalled."""

    def finish(self, match):
        """The finished game is not kept; returns None."""
        return None

    def discard(self):
        """Nothing to delete."""

    def save_settings(self, values):
        """Settings are not kept."""


def drive_writable(storage_module=None):
    """True when code may write the CIRCUITPY drive (boot.py remounted it read-write)."""
    if storage_module is None:
        try:
            import storage as storage_module  # type: ignore
        except ImportError:
            return True  # not CircuitPython: no such rule
    try:
        return not storage_module.getmount("/").readonly
    except (OSError, AttributeError):
        return False


def open_store(root="/data", writable=None, fs=None):
    """The Store for `root`: journalling when the drive is writable, else a ReadOnlyStore."""
    if writable is None:
        writable = drive_writable()
    fs = fs if fs is not None else CpFs()
    if writable:
        return Store(fs, root)
    return ReadOnlyStore(fs, root)
