"""Guests: a seat without a player of the roster (a module of its own, so that the statistics
and the roster need not load the match code to ask)."""

GUEST = "Guest"  # a seat without a roster player is written as Guest (or Guest1 .. Guest9)


def is_guest(name):
    """True for a seat without a player of the roster: no name, Guest, or Guest1 to Guest9 (any case)."""
    if name is None:
        return True
    low = name.lower()
    return low == "guest" or (len(low) == 6 and low[:5] == "guest" and "1" <= low[5] <= "9")
