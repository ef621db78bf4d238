"""Storage on the board's filesystem: the journal of the game in progress, the history, the settings.

    from fishtable.store import Store
    store = Store()                    # /data on the board's LittleFS
    match, message = store.resume()    # the game in progress after a power cut, if any
"""

from fishtable.store.fs import OsFs
from fishtable.store.journal import Store

__all__ = ("Store", "OsFs")
