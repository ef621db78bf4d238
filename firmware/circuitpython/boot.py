"""fishtable on CircuitPython (copied to the CIRCUITPY drive as boot.py): who may write the drive.

Journalling (default): the code may write (game journal, settings, history); the computer sees
the drive read-only.  Hold OK while powering up, or put a file `usb_edit` on the drive, for
USB editing: the computer may write, the code runs without a journal.  See fishtable.cp.bootmode.
"""

try:
    from fishtable.cp import bootmode

    bootmode.main()
except Exception as err:  # noqa: BLE001 - never stop the board from booting: stay in USB editing
    print("fishtable boot.py: %r (USB editing mode)" % (err,))
