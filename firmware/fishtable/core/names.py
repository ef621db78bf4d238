"""Guests (a seat without a player of the roster) and names compared ignoring letter case (Ann
and ann are one name): a module of its own, so that the statistics and the roster need not load
the match code to ask."""

GUEST = "Guest"  # a seat without a roster player is written as Guest (or Guest1 .. Guest9)


def is_guest(name):
    """True for a seat without a player of the roster: no name, Guest, or Guest1 to Guest9 (any case)."""
    if name is None:
        return True
    low = name.lower()
    return low == "guest" or (len(low) == 6 and low[:5] == "guest" and "1" <= low[5] <= "9")


def same_name(a, b):
    """True when the names `a` and `b` differ at most in letter case (no new strings are made)."""
    if len(a) != len(b):
        return False
    for i in range(len(a)):
        x = ord(a[i])
        y = ord(b[i])
        if x != y and (x | 32 != y | 32 or not 97 <= (x | 32) <= 122):
            return False
    return True


def find_name(names, name):
    """The index of `name` in `names` ignoring letter case, or -1."""
    for i in range(len(names)):
        if same_name(names[i], name):
            return i
    return -1
