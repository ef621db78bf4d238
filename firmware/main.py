"""fishtable on the board: read the board config, build the hardware, run the app."""

from fishtable.hw import board


def main():
    """Start-up: hardware, storage, die, then the app loop (runs until power-off)."""
    try:
        hw = board.build(board.load_profile(board.read_config("config.txt"), "boards"))
    except board.BoardError as err:
        from fishtable.ui.loop import show_error

        show_error(err, board)
        return
    from fishtable.store import Store
    from fishtable.ui.loop import make_die, run

    run(hw, Store(root=getattr(hw, "data_root", "/data")), make_die(hw))


main()
