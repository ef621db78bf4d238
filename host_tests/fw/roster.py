"""The roster under both interpreters (test_roster.py)."""

from devices.faultfs import FaultFs

from fishtable.core.errors import Invalid
from fishtable.core.match import Match
from fishtable.store import Store


def edits():
    """A roster saved, added to, renamed, refused a name there already, then read back by another
    store with the last seats of a game begun: [the refusal, repr of the roster, repr of the seats]."""
    s = Store(FaultFs(), "/data")
    s.save_roster(["Anna", "Bob"])
    s.add_player("Cy")
    s.rename_player("Bob", "Bo")
    refused = None
    try:
        s.add_player("anna")
    except Invalid as err:
        refused = str(err)
    s.begin(Match("hecht", 2, 1, (), ("Bo", "Guest"), ("white", "red")))
    t = Store(s.fs, "/data")
    return [refused, repr(t.roster()), repr(t.last_players("hecht"))]
