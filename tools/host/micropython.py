"""CPython stand-in for MicroPython's `micropython` module (host only, never on the board).

Only the names the firmware uses: `const` and a few no-op helpers.
"""


def const(value):
    """Return `value`; on MicroPython `const()` folds it at compile time."""
    return value


def native(func):
    """No-op stand-in for the `@micropython.native` decorator."""
    return func


def viper(func):
    """No-op stand-in for the `@micropython.viper` decorator."""
    return func


def alloc_emergency_exception_buf(size):
    """No-op on the host."""
    return None


def mem_info(verbose=None):
    """Print a line in the spirit of MicroPython's `mem_info()`."""
    print("mem: host CPython, no MicroPython heap")


def schedule(func, arg):
    """Call `func(arg)` at once (MicroPython defers it to a safe point)."""
    func(arg)
