"""fishtable: a table-side companion for Hi Fisch!, Hecht im Karpfenteich and Yo Fish!."""

VERSION = "0.1.0"


def forget_module(name):
    """Drop the module `name` (e.g. "fishtable.store.recover") from memory: from sys.modules and
    from its package's attributes.  Its code is RAM on the board, freed once nothing else holds it;
    the next import loads it again.  A module that is not loaded is no error."""
    import sys

    sys.modules.pop(name, None)
    package, _, leaf = name.rpartition(".")
    parent = sys.modules.get(package)
    if parent is not None and leaf in parent.__dict__:
        delattr(parent, leaf)
