"""fishtable on the board: mount the install's packs, read the board config, build the hardware, run the app."""

import gc


def mount_packs():
    """The packs of `make flash` mounted for import (firmware/fishpack.py): what is wrong with
    them, or None (or no packs: a loose install from mip, the simulator)."""
    try:
        import fishpack
    except ImportError:
        return None
    return fishpack.wrong


def build_hardware():
    """The board's hardware from /config.txt and /boards/NAME.json, or None after showing the error."""
    from fishtable.hw import board

    try:
        hw = board.build(board.load_profile(board.read_config("config.txt"), "boards"))
    except Exception as err:  # a BoardError says what to fix; anything else is still shown
        from fishtable.ui.boot_error import show_error

        show_error(err, board)
        return None
    board.forget()  # its RAM is for the games now
    return hw


def main():
    """Start-up: the packs, the hardware, then the app loop (runs until power-off)."""
    wrong = mount_packs()
    hw = build_hardware()
    if hw is None:
        return
    gc.collect()
    try:
        if wrong:
            raise OSError(wrong)
        from fishtable.ui.loop import run

        run(hw, hw.data_root, None)  # (the app opens the store and seeds the die when needed: App.at_menu)
    except (ImportError, OSError) as err:  # a pack or module missing or damaged: the panel says which
        from fishtable.ui.boot_error import show_error

        show_error(err, hw=hw, title="Cannot start")


main()
