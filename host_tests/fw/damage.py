"""The store's resume of damaged journals under MicroPython (test_store_damage.py)."""

from devices.faultfs import FaultFs

from fishtable.store import Store


def flips(path, stride):
    """Every `stride`-th single-bit flip of the journal at `path` resumed: [flips tried, resumed
    without a message (a flip the store did not notice)]."""
    data = open(path, "rb").read()
    tried = silent = 0
    for n in range(0, 8 * len(data), stride):
        raw = bytearray(data)
        raw[n // 8] ^= 1 << (n % 8)
        got, message = Store(FaultFs(files={"/data/journal.fish": bytes(raw)}, dirs={"/", "/data"})).resume()
        tried += 1
        silent += message is None
    return [tried, silent]
