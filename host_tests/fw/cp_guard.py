"""The CircuitPython side imports neither machine nor framebuf (test_circuitpython.py, CPython)."""


def imports_without_machine():
    """Import the CircuitPython edge and the app with machine, framebuf and rp2 made unimportable."""
    import sys

    for name in ("machine", "framebuf", "rp2"):
        sys.modules[name] = None  # not on CircuitPython: importing one fails
    import fishtable.ui.app  # noqa: F401
    import fishtable.ui.loop  # noqa: F401
    import fishtable.ui.menu  # noqa: F401
    from fishtable.cp import bootmode, cptime, display, hardware, keys, ring, runtime, storage  # noqa: F401

    return "ok"
