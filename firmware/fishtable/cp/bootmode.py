"""Who may write the CIRCUITPY drive, chosen once at power-up by boot.py.

- Journalling (the default): boot.py remounts the drive read-write for the code; the game
  journal, settings and history are kept; the computer sees the drive read-only.
- USB editing: the drive stays as CircuitPython leaves it, writable from the computer (to
  copy new firmware) and read-only to the code, which then runs with "Read-only: no journal".

USB editing is chosen by holding OK (the encoder's push switch on an encoder board) while the
board powers up or resets, for that boot only, or by a file `usb_edit` at the drive's root
(create it while in USB editing; delete it to go back to journalling).
"""

import os

USB_EDIT_FLAG = "/usb_edit"
JOURNAL = "journal"
USB_EDIT = "usb"


def choose(ok_held, flag_present):
    """The mode: USB editing when OK is held or the flag file is there, else journalling."""
    return USB_EDIT if ok_held or flag_present else JOURNAL


def flag_present(path=USB_EDIT_FLAG):
    """True when the USB-editing flag file exists."""
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def ok_pin_number(config="/config.txt", folder="/boards"):
    """The GPIO of the OK key (or encoder switch) in the configured board profile, or None."""
    from fishtable.hw import board as profiles

    try:
        profile = profiles.load_profile(profiles.read_config(config), folder)
    except profiles.BoardError:
        return None
    inp = profile["input"]
    return inp["sw"] if inp["kind"] == "encoder" else inp["ok"]


def key_held(pin):
    """True when the key to ground on `pin` (a board pin) is pressed now (pull-up, active low)."""
    import digitalio  # type: ignore

    key = digitalio.DigitalInOut(pin)
    try:
        key.switch_to_input(pull=digitalio.Pull.UP)
        return not key.value
    finally:
        key.deinit()


def apply(mode, storage_module):
    """Remount the drive read-write for the code when journalling; returns the mode."""
    if mode == JOURNAL:
        storage_module.remount("/", readonly=False)
    return mode


def main():
    """boot.py's work: read the OK key and the flag, then set the drive's mode."""
    import board  # type: ignore
    import storage  # type: ignore

    number = ok_pin_number()
    held = False
    if number is not None:
        held = key_held(getattr(board, "GP%d" % number))
    mode = apply(choose(held, flag_present()), storage)
    print("fishtable: %s mode" % ("journalling" if mode == JOURNAL else "USB editing"))
    return mode
