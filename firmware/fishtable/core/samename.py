"""Names compared ignoring letter case: Ann and ann are one name (records, roster, statistics).
A module of its own, loaded when names are compared, not while the main menu waits."""


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
