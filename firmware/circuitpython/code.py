"""fishtable on CircuitPython (copied to the CIRCUITPY drive as code.py): run the app."""

from fishtable.cp import cptime

cptime.install()  # before anything imports `time`: the app uses time.ticks_ms & co.

from fishtable.cp import runtime  # noqa: E402

runtime.main()
