"""A start-up error on the console, the panel, or the ring (imported only when there is one)."""

ERROR_RGB = (255, 0, 0)  # the ring's steady colour for a start-up error that no panel can show


def show_error(err, board=None, hw=None, title="Board error"):
    """A start-up error on the serial console and on the OLED when one comes up (`title`: what
    kind of error: "Cannot start" when the app's modules cannot be imported).

    Without the hardware `hw`, the configured board could not be built, so the OLED is tried as
    wired on the default profile (`pico`): a wrong name in config.txt still shows its message on
    the screen.  When no panel answers, the ring (the default profile's) shows a steady error red.
    """
    print("fishtable: %s: %s" % (title.lower(), err))
    display = getattr(err, "display", None)
    ring = None
    if hw is not None:
        display, ring = hw.display, hw.ring
    elif display is None and board is not None:
        try:
            hw = board.build(board.fallback_profile("boards"))
            display = hw.display
            ring = hw.ring
        except Exception:  # noqa: BLE001 - no OLED to show it on: the console has it
            display = None
    if display is not None:
        from fishtable.ui import draw

        draw.begin(display)
        lines = draw.wrap("%s: %s" % (title, err))[: draw.ROWS]
        for i in range(len(lines)):
            draw.line(display, lines[i], i)
        display.show()
    elif ring is not None:
        ring.fill(ERROR_RGB)
        ring.show()
    return display
