"""fishtable on the board: read the board config, build the hardware, run the app."""

import gc


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
    """Start-up: the hardware, then the app loop (runs until power-off)."""
    hw = build_hardware()
    if hw is None:
        return
    gc.collect()
    from fishtable.ui.loop import run

    run(hw, hw.data_root, None)  # (the app opens the store and seeds the die when needed: App.at_menu)


main()
