"""code.py's work on CircuitPython: the board profile, the hardware, the store, then the app loop.

`fishtable.cp.cptime.install()` must run first (code.py does it): the app uses time.ticks_*.
"""


def main(config="config.txt", folder="boards", parts=None, limit=None):
    """Start-up as firmware/main.py does on MicroPython; returns the app (after `limit` passes)."""
    import sys

    from fishtable.cp import framebuf

    sys.modules.setdefault("framebuf", framebuf)  # CircuitPython has none: the app draws 2x text with it
    from fishtable.cp import hardware
    from fishtable.hw import board as profiles

    try:
        hw = hardware.build(profiles.load_profile(profiles.read_config(config), folder), parts)
    except profiles.BoardError as err:
        from fishtable.ui.boot_error import show_error

        show_error(err)
        return None
    from fishtable.cp.storage import open_store
    from fishtable.ui.loop import make_die, run

    return run(hw, open_store(hw.data_root), make_die(hw), limit)
