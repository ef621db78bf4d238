"""The `time` module the firmware sees in the page (installed as sys.modules["time"] by edge.py).

It is MicroPython's own `time`, except for what edge.py replaces: `sleep_ms` hands each
pause of the app loop to the page (the port's own sleep is a busy loop), and the ticks can
run on a virtual clock (deterministic test runs).
"""

import time as _builtin

for _name in dir(_builtin):
    if not _name.startswith("__"):
        globals()[_name] = getattr(_builtin, _name)
