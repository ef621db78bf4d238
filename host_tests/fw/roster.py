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


def stats_follow_a_rename():
    """Yo Fish! statistics of Anna, Bob and a former player Cy; Anna renamed Anne, then Anne renamed
    Cy (her figures join Cy's): [names, Anne's figures], [names, Cy's figures]."""
    from fishtable.core.stats import FIELDS, Table
    from fishtable.store import stats

    s = Store(FaultFs(), "/data")
    s.save_roster(["Anna", "Bob"])
    table = Table("yofish")
    table.add(1, ["Anna", "Bob", None], [10, 7, 3], [1], 39)
    table.add(2, ["Bob", "Anna", None], [5, 9, 1], [2], 39)
    table.add(3, ["Cy", None, None], [4, 2, 1], [1], 39)
    stats.save(s.fs, stats.path_of(s.root, "yofish"), table)
    out = []
    for old, new in (("Anna", "Anne"), ("Anne", "Cy")):
        s.rename_player(old, new)
        got = Store(s.fs, "/data").stats("yofish")
        at = got.row(new)
        out.append([list(got.names), [got.figure(at, k) for k in range(FIELDS)]])
    return out
